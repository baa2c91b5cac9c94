"""The work of one Dask task: a chunk of games analysed or mined in the worker's
process by the Rust core (which releases the GIL). Items of a chunk are
``(source, number, line, text)`` tuples (games the client read), ``FileChunk``s
(games the worker reads from a file itself) or, from a user's bag, PGN texts or
``alfiere.Game``s."""

from __future__ import annotations

from typing import Any, Iterable, List, NamedTuple, Optional, Tuple

from .. import Game, _core


class FileChunk(NamedTuple):
    """Whole games of a file: its bytes ``start`` to ``end``, the first game's
    number and line in the file."""

    path: str
    start: int
    end: int
    first_number: int
    first_line: int


def _games(items: Iterable[Any]) -> List[Tuple[str, int, int, str]]:
    games: List[Tuple[str, int, int, str]] = []
    for item in items:
        if isinstance(item, FileChunk):
            games.extend(_core.read_chunk(*item))
        elif isinstance(item, tuple):
            games.append(item)
        elif isinstance(item, Game):
            games.append(("<bag>", len(games) + 1, 1, item.pgn()))
        elif isinstance(item, str):
            games.extend(_core.split_games(item, "<bag>"))
        else:
            raise TypeError(f"a bag of games holds PGN texts or alfiere.Game, not {type(item).__name__}")
    return games


def annotate_chunk(
    items: Iterable[Any], nodes: Optional[int], depth: Optional[int], movetime: Optional[int]
) -> List[Tuple[bool, Any]]:
    """Per game ``(True, record)`` or ``(False, why it was skipped)``."""
    return _core.annotate_games(_games(items), nodes=nodes, depth=depth, movetime=movetime)


def mine_chunk(items: Iterable[Any], variant: str, nodes: int, play_nodes: int) -> List[Tuple[bool, Any]]:
    """Per game ``(True, verdicts)`` or ``(False, why it was skipped)``."""
    return _core.mine_games(variant, _games(items), nodes=nodes, play_nodes=play_nodes)
