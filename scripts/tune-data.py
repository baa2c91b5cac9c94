#!/usr/bin/env python3
"""Makes training positions for examples/tune.rs (see docs/strength.md).

    python3 scripts/tune-data.py SEED COUNT OUT.txt [OPENINGS]
    python3 scripts/tune-data.py --label POSITIONS.txt OUT.txt

The second form labels given positions (one FEN a line, e.g. from
`cargo run --release --example pgn_positions -- GAMES.pgn`) with the same search
and the same filter, instead of playing games.

Plays fast Stockfish self-play games (2,500 nodes a move, 8% random moves for
variety) from the openings (UCI `position` arguments, one per line, as for
`alfiere-match --openings`; the default is the start position), samples a quarter
of the positions, and labels each with a depth-9 Stockfish search. Only quiet
positions are kept (not in check, best move neither a capture nor a promotion, no
mate, |score| <= 2000), since the evaluation should not guess tactics the search
resolves. Appends lines `FEN;score` (centipawns for the side to move) to OUT.txt.
Needs Debian's `stockfish` (/usr/games/stockfish). Only Stockfish's scores are
used: numbers, not code.
"""
import random
import sys

from uci_engine import Engine, piece_on

STOCKFISH = "/usr/games/stockfish"
# The search that labels a position.
LABEL_SEARCH = "depth 9"


def is_capture_or_promotion(fen, move):
    return len(move) > 4 or piece_on(fen, move[2:4]) is not None


def main():
    if sys.argv[1] == "--label":
        label_positions(sys.argv[2], sys.argv[3])
        return
    seed, count, out_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    openings = [[]]
    if len(sys.argv) > 4:
        with open(sys.argv[4]) as f:
            openings = [l.split(" moves ")[1].split() for l in f if " moves " in l]
    random.seed(seed)
    engine = Engine(STOCKFISH)
    written = 0
    with open(out_path, "a") as out:
        while written < count:
            moves, samples = list(random.choice(openings)), []
            for _ in range(300):
                legal = engine.legal(moves)
                if not legal:
                    break
                if random.random() < 0.08:
                    move = random.choice(legal)
                else:
                    score, move = engine.search(moves, "nodes 2500")
                    # Decided games teach nothing about close evaluation.
                    if score and (score[0] == "mate" or abs(score[1]) > 1500):
                        break
                if random.random() < 0.25:
                    samples.append(list(moves))
                moves.append(move)
            for sample in samples:
                fen, in_check = engine.fen_and_check(sample)
                if in_check:
                    continue
                label = quiet_label(fen, *engine.search(sample, LABEL_SEARCH))
                if label is not None:
                    out.write(f"{fen};{label}\n")
                    written += 1
            out.flush()


def quiet_label(fen, score, best):
    """The label of a position searched to `score` and `best`, or None when the
    position is not kept (a mate, a decided score, a capture or promotion to play)."""
    if not score or score[0] != "cp" or abs(score[1]) > 2000:
        return None
    if is_capture_or_promotion(fen, best):
        return None
    return score[1]


def label_positions(positions_path, out_path):
    """Labels the positions of a file (one FEN a line; positions in check skipped
    by the caller's tool) and appends the kept ones to OUT."""
    engine = Engine(STOCKFISH)
    with open(positions_path) as positions, open(out_path, "a") as out:
        for line in positions:
            fen = line.strip()
            if not fen:
                continue
            label = quiet_label(fen, *engine.search_fen(fen, LABEL_SEARCH))
            if label is not None:
                out.write(f"{fen};{label}\n")


if __name__ == "__main__":
    main()
