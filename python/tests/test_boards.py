"""python-chess boards in and out (orthodox chess, Chess960, Racing Kings): the same
positions, the same move stack and the same legal moves on both sides."""

from __future__ import annotations

import random

import chess
import chess.variant
import pytest

import alfiere


def random_board(kind: str, seed: int) -> chess.Board:
    rng = random.Random(seed)
    if kind == "chess960":
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    elif kind == "racingkings":
        board = chess.variant.RacingKingsBoard()
    else:
        board = chess.Board()
    for _ in range(rng.randrange(10, 40)):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


@pytest.mark.parametrize("kind", ["chess", "chess960", "racingkings"])
def test_boards_convert_with_the_same_positions_and_moves(kind: str) -> None:
    for seed in range(12):
        board = random_board(kind, seed)
        game = alfiere.Game.from_board(board)
        assert game.variant == kind
        assert game.history() == [m.uci() for m in board.move_stack]
        assert sorted(game.legal_moves()) == sorted(m.uci() for m in board.legal_moves)
        back = game.to_board()
        assert type(back) is type(board)
        assert back.board_fen() == board.board_fen()
        assert back.turn == board.turn
        assert back.castling_rights == board.castling_rights
        assert back.move_stack == board.move_stack
        assert back.root().board_fen() == board.root().board_fen()


def test_rule_sets_python_chess_lacks_are_refused() -> None:
    with pytest.raises(ValueError, match="alice"):
        alfiere.Game("alice").to_board()
    with pytest.raises(ValueError, match="AtomicBoard"):
        alfiere.Game.from_board(chess.variant.AtomicBoard())
