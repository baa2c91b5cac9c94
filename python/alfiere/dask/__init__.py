"""Batch analysis and puzzle mining over many games on a Dask cluster.

``annotate`` gives the records of ``alfiere annotate --json``, ``mine_puzzles`` the
puzzles of ``alfiere-puzzles VARIANT --pgn``, for the games of PGN files (in file
order) or of a Dask bag. The games are cut into chunks, one task per chunk, and run on
a ``distributed.Client`` (a ``LocalCluster`` of one single-threaded worker process per
core when none is given); ``distributed``'s own progress shows how far it is. A game
that does not read is reported (a ``SkippedGameWarning`` with the command's message)
and skipped, as the commands do. Each game is analysed with a table of its own, so
the records are the same however the games are spread::

    import alfiere.dask
    records = alfiere.dask.annotate(["games.pgn"], nodes=100_000)

On a cluster, start ``dask scheduler`` and ``dask worker ADDRESS --nworkers -1 --nthreads 1`` where
alfiere is installed, then pass ``client=distributed.Client(ADDRESS)`` or run
``python -m alfiere.dask annotate --scheduler ADDRESS FILES...``. By default the
client then reads the files and sends each task its games; where the workers see the
files at the same paths (shared storage), ``files_on_workers=True`` sends only byte
ranges and each task reads its own games.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import dask.bag as db
import distributed

from .. import DEFAULT_PLAY_NODES, DEFAULT_PUZZLE_NODES, _core
from . import _tasks

__all__ = ["SkippedGameWarning", "annotate", "file_chunks", "mine_puzzles", "read_games", "DEFAULT_CHUNK"]

#: Games per task: small enough to spread a file over many workers, large enough
#: that the scheduler's cost per task stays far below a chunk's analysis.
DEFAULT_CHUNK = 8

PathLike = Union[str, "os.PathLike[str]"]
Source = Union[PathLike, Sequence[PathLike], db.Bag]


class SkippedGameWarning(UserWarning):
    """A game that does not read, skipped; the message says which and why."""


def read_games(paths: Union[PathLike, Sequence[PathLike]]) -> List[Tuple[str, int, int, str]]:
    """Every game of the files, in order, as ``(source, number, line, text)``:
    split as ``alfiere annotate`` splits a file (a broken game stays one entry)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    games: List[Tuple[str, int, int, str]] = []
    for path in paths:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8", errors="replace")
        games.extend(_core.split_games(text, os.fspath(path)))
    return games


def file_chunks(paths: Union[PathLike, Sequence[PathLike]], chunk_size: int) -> List[_tasks.FileChunk]:
    """The files cut into chunks of ``chunk_size`` whole games, in order, for
    workers to read themselves: only byte ranges and the first game's number and
    line travel."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    chunks: List[_tasks.FileChunk] = []
    for path in paths:
        name = os.fspath(path)
        chunks.extend(_tasks.FileChunk(name, *chunk) for chunk in _core.file_chunks(name, chunk_size))
    return chunks


def _bag_of(source: Source, chunk_size: int, files_on_workers: bool) -> db.Bag:
    """The games as a bag, one partition per chunk."""
    if chunk_size < 1:
        raise ValueError(f"chunk_size takes a positive whole number, not {chunk_size}")
    if isinstance(source, db.Bag):
        return source
    if files_on_workers:
        chunks = file_chunks(source, chunk_size)
        return db.from_sequence(chunks, npartitions=len(chunks)) if chunks else db.from_sequence([], npartitions=1)
    games = read_games(source)
    return db.from_sequence(games, partition_size=chunk_size) if games else db.from_sequence([], npartitions=1)


@contextlib.contextmanager
def _client(client: Optional[distributed.Client]) -> Iterator[distributed.Client]:
    """The client given, or a LocalCluster's for the time of the call."""
    if client is not None:
        yield client
        return
    with distributed.LocalCluster(threads_per_worker=1, processes=True) as cluster:
        with distributed.Client(cluster) as local:
            yield local


def _run(bag: db.Bag, client: Optional[distributed.Client], progress: bool) -> List[Any]:
    """The bag's items, computed on the client, in order."""
    with _client(client) as c:
        persisted = c.persist(bag)
        if progress:
            # distributed's console bar writes to standard output, where
            # `python -m alfiere.dask` writes its records: the bar goes to stderr,
            # as the commands' bars do.
            with contextlib.redirect_stdout(sys.stderr):
                distributed.progress(persisted)
        return list(c.compute(persisted).result())


def _report(message: str, on_skip: Optional[Callable[[str], None]]) -> None:
    if on_skip is not None:
        on_skip(message)
    else:
        warnings.warn(message, SkippedGameWarning, stacklevel=3)


def annotate(
    source: Source,
    client: Optional[distributed.Client] = None,
    *,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    movetime: Optional[int] = None,
    chunk_size: int = DEFAULT_CHUNK,
    files_on_workers: Optional[bool] = None,
    progress: bool = True,
    on_skip: Optional[Callable[[str], None]] = None,
) -> List[Dict[str, Any]]:
    """The records of ``alfiere annotate --json`` for every game of ``source`` (PGN
    files, or a bag of PGN texts or ``alfiere.Game``s), in order, with one budget per
    position (``nodes``, by default the command's; ``depth``; or ``movetime`` ms).
    A game that does not read is reported to ``on_skip`` (by default as a
    ``SkippedGameWarning``) and skipped. With ``files_on_workers`` (the default on
    the LocalCluster made when no client is given) each task reads its games from
    the file itself, at the same path: the client only finds where the chunks
    start."""
    # The budget is checked here, before any task is sent.
    _core.annotate_games([], nodes=nodes, depth=depth, movetime=movetime)
    on_workers = client is None if files_on_workers is None else files_on_workers
    bag = _bag_of(source, chunk_size, on_workers).map_partitions(
        _tasks.annotate_chunk, nodes=nodes, depth=depth, movetime=movetime
    )
    records = []
    for ok, value in _run(bag, client, progress):
        if ok:
            records.append(value)
        else:
            _report(f"alfiere annotate: {value}", on_skip)
    return records


def mine_puzzles(
    source: Source,
    client: Optional[distributed.Client] = None,
    *,
    variant: str,
    nodes: int = DEFAULT_PUZZLE_NODES,
    play_nodes: int = DEFAULT_PLAY_NODES,
    count: Optional[int] = None,
    chunk_size: int = DEFAULT_CHUNK,
    files_on_workers: Optional[bool] = None,
    progress: bool = True,
    on_skip: Optional[Callable[[str], None]] = None,
) -> List[Dict[str, Any]]:
    """The puzzles of ``alfiere-puzzles VARIANT --pgn`` from every game of
    ``source`` read as rule set ``variant``: rows ``{id, fen, moves, rating,
    themes}``, gathered in game order (duplicates turned away, ids made unique), at
    most ``count``. A game that does not read is reported and skipped.
    ``files_on_workers`` as for ``annotate``."""
    # The arguments are checked here, before any task is sent.
    _core.mine_games(variant, [], nodes=nodes, play_nodes=play_nodes)
    on_workers = client is None if files_on_workers is None else files_on_workers
    bag = _bag_of(source, chunk_size, on_workers).map_partitions(
        _tasks.mine_chunk, variant=variant, nodes=nodes, play_nodes=play_nodes
    )
    verdicts = []
    for ok, value in _run(bag, client, progress):
        if ok:
            verdicts.append(value)
        else:
            _report(f"alfiere-puzzles: {value}", on_skip)
    rows, _rejected = _core.gather_puzzles(variant, verdicts, count)
    return rows
