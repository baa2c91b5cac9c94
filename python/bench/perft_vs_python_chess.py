"""The package's perft against python-chess's move generator on the same positions
(orthodox chess, Chess960, Racing Kings): the counts must agree; the times and
ratio of both are printed (python-chess runs once, the package best of five).

    target/python-venv/bin/python python/bench/perft_vs_python_chess.py

python-chess has no perft of its own: the usual recursion over `legal_moves` with
push/pop, counting the legal moves at the last level (as alfiere's perft does)."""

from __future__ import annotations

import sys
import time
from typing import Any, List, Tuple

import chess
import chess.variant

import alfiere

#: (rule set, FEN, depth): the standard perft positions, a Chess960 start and
#: Racing Kings' start, at depths python-chess finishes in seconds.
POSITIONS: List[Tuple[str, str, int]] = [
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    ("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3),
    ("racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 4),
]


def python_chess_board(variant: str, fen: str) -> Any:
    if variant == "racingkings":
        return chess.variant.RacingKingsBoard(fen)
    return chess.Board(fen, chess960=variant == "chess960")


def python_chess_perft(board: Any, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def main() -> int:
    print(f"{'rule set':<12} {'depth':>5} {'leaves':>10} {'alfiere ms':>11} {'python-chess ms':>16} {'ratio':>7}")
    for variant, fen, depth in POSITIONS:
        game = alfiere.Game(variant, fen)
        # The best of five: the package's time is short enough for a stray pause to
        # dominate one run.
        our_time = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            ours = game.perft(depth)
            our_time = min(our_time, time.perf_counter() - start)
        board = python_chess_board(variant, fen)
        start = time.perf_counter()
        theirs = python_chess_perft(board, depth)
        their_time = time.perf_counter() - start
        if ours != theirs:
            print(f"error: {variant} {fen} depth {depth}: alfiere {ours}, python-chess {theirs}", file=sys.stderr)
            return 1
        print(f"{variant:<12} {depth:>5} {ours:>10} {our_time * 1000:>11.2f} {their_time * 1000:>16.0f} "
              f"{their_time / max(our_time, 1e-9):>6.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
