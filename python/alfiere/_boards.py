"""python-chess boards to and from alfiere games (orthodox chess, Chess960, Racing
Kings): a game is its root position and its moves in UCI. python-chess is needed only
here, and imported only when a board is converted."""

from __future__ import annotations

from typing import Any, List, Tuple

#: The rule sets python-chess knows, by alfiere id.
BOARD_VARIANTS = ("chess", "chess960", "racingkings")


def _chess() -> Any:
    try:
        import chess
        import chess.variant
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("converting boards needs python-chess: pip install chess") from e
    return chess


def game_of_board(board: Any) -> Tuple[str, str, List[str]]:
    """The rule set, root FEN and moves (UCI) of a python-chess board."""
    chess = _chess()
    if isinstance(board, chess.variant.RacingKingsBoard):
        variant = "racingkings"
    elif type(board) is not chess.Board:
        raise ValueError(f"alfiere has no rule set for python-chess's {type(board).__name__}")
    else:
        variant = "chess960" if board.chess960 else "chess"
    root = board.root()
    return variant, root.fen(), [move.uci() for move in board.move_stack]


def board_of_game(variant: str, start_fen: str, moves: List[str]) -> Any:
    """A python-chess board of the rule set, from the start FEN, with the moves
    pushed."""
    chess = _chess()
    if variant == "racingkings":
        board = chess.variant.RacingKingsBoard(start_fen)
    elif variant in ("chess", "chess960"):
        board = chess.Board(start_fen, chess960=variant == "chess960")
    else:
        raise ValueError(f"python-chess has no board for rule set '{variant}'")
    for token in moves:
        board.push_uci(token)
    return board
