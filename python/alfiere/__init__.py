"""alfiere: chess and nine historical variants from the alfiere Rust core.

Rules and notation of eleven rule sets (``alfiere.variants()``), perft, the engine's
search, the analysis of played games (the records of ``alfiere annotate --json``)
and the puzzle miner (``alfiere-puzzles``), with python-chess boards in and out for
orthodox chess, Chess960 and Racing Kings. ``alfiere.dask`` runs the analysis and
the miner over many games on a Dask cluster.

>>> import alfiere
>>> game = alfiere.Game("chess")
>>> game.play("e4")["san"]
'e4'
>>> game.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Union

from . import _core
from ._core import (
    DEFAULT_ANNOTATE_NODES,
    DEFAULT_PUZZLE_NODES,
    MAX_PERFT_DEPTH,
    AlfiereError,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidFenError,
    InvalidNetworkError,
    InvalidPgnError,
    InvalidPositionError,
    InvalidTimeControlError,
    NoClaimError,
    UnknownVariantError,
    read_pgn,
    search,
    variants,
)

__all__ = [
    "AlfiereError",
    "DEFAULT_ANNOTATE_NODES",
    "DEFAULT_PUZZLE_NODES",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidFenError",
    "InvalidNetworkError",
    "InvalidPgnError",
    "InvalidPositionError",
    "InvalidTimeControlError",
    "MAX_PERFT_DEPTH",
    "NoClaimError",
    "UnknownVariantError",
    "analyse",
    "mine_puzzles",
    "read_pgn",
    "search",
    "variants",
]

#: The play budget of the miner's first look at each position (alfiere-puzzles'
#: ``--play-nodes`` default).
DEFAULT_PLAY_NODES = 2000


def _game_texts(games: Union[Game, str, Iterable[Union[Game, str]]]) -> List[tuple]:
    """The games as ``(source, number, line, text)``: a PGN text split as
    ``alfiere annotate`` splits a file, a Game as its PGN."""
    if isinstance(games, (Game, str)):
        games = [games]
    out: List[tuple] = []
    for item in games:
        if isinstance(item, Game):
            out.append(("<game>", len(out) + 1, 1, item.pgn()))
        elif isinstance(item, str):
            out.extend(_core.split_games(item, "<text>"))
        else:
            raise TypeError(f"expected an alfiere.Game or PGN text, not {type(item).__name__}")
    return out


def analyse(
    game_or_pgn: Union[Game, str],
    *,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    movetime: Optional[int] = None,
) -> Union[Dict[str, Any], List[Dict[str, Any]]]:
    """The engine's analysis of a game, the record ``alfiere annotate --json``
    writes for it with the same budget (per position: ``nodes``, by default the
    command's, ``depth`` or ``movetime`` in ms). A Game gives its record; a PGN text
    gives the records of all its games, in order. A game that does not read raises
    its error before anything is analysed."""
    texts = _game_texts(game_or_pgn)
    # strict: a game that does not read raises before any is analysed.
    results = _core.annotate_games(texts, nodes=nodes, depth=depth, movetime=movetime, strict=True)
    records = [record for _ok, record in results]
    if isinstance(game_or_pgn, Game):
        return records[0]
    return records


def mine_puzzles(
    games: Union[Game, str, Iterable[Union[Game, str]]],
    *,
    variant: Optional[str] = None,
    nodes: int = DEFAULT_PUZZLE_NODES,
    play_nodes: int = DEFAULT_PLAY_NODES,
    count: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """Puzzles from played games, as ``alfiere-puzzles VARIANT --pgn FILE`` mines
    them: rows ``{id, fen, moves, rating, themes}`` (the puzzle file's fields), in
    game order, at most ``count``. The games are read as rule set ``variant`` (by
    default the first game's); probes search ``nodes`` nodes and the first look at
    each position ``play_nodes``. A game that does not read raises (naming it) before
    any game is mined."""
    texts = _game_texts(games)
    if variant is None:
        variant = Game.from_pgn(texts[0][3]).variant if texts else "chess"
    # strict: a game that does not read raises before any is mined.
    mined = _core.mine_games(variant, texts, nodes=nodes, play_nodes=play_nodes, strict=True)
    rows, _rejected = _core.gather_puzzles(variant, [v for _, v in mined], count)
    return rows
