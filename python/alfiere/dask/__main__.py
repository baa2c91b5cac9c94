"""``python -m alfiere.dask annotate [--scheduler ADDRESS] [--nodes N | --depth D |
--movetime MS] [--chunk-size K] [--files-on-workers] FILES...``: the games of the files analysed on a Dask
cluster (a LocalCluster without ``--scheduler``), written as ``alfiere annotate
--json`` writes them: one JSON record per game, in file order. A game that does not
read is reported on standard error and skipped (exit code 1), as the command does.

``python -m alfiere.dask puzzles VARIANT [--scheduler ADDRESS] [--nodes N]
[--play-nodes N] [--count N] FILES...``: the puzzles of the files' games, as a
puzzle file (``alfiere-puzzles VARIANT --pgn``'s format) on standard output."""

from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

import distributed

from . import DEFAULT_CHUNK, annotate, mine_puzzles
from .. import DEFAULT_PLAY_NODES, DEFAULT_PUZZLE_NODES, AlfiereError, _core


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"takes a positive whole number, not '{text}'")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m alfiere.dask")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("annotate", "puzzles"):
        sub = commands.add_parser(name)
        if name == "puzzles":
            sub.add_argument("variant")
        sub.add_argument("--scheduler", help="a Dask scheduler's address (a LocalCluster without)")
        sub.add_argument("--chunk-size", type=_positive, default=DEFAULT_CHUNK, help="games per task")
        sub.add_argument("--files-on-workers", action="store_true",
                         help="the workers read their games from the files at the same paths")
        sub.add_argument("files", nargs="+")
    annotate_args = commands.choices["annotate"]
    budget = annotate_args.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=_positive)
    budget.add_argument("--depth", type=_positive)
    budget.add_argument("--movetime", type=_positive)
    puzzles_args = commands.choices["puzzles"]
    puzzles_args.add_argument("--nodes", type=_positive, default=DEFAULT_PUZZLE_NODES)
    puzzles_args.add_argument("--play-nodes", type=_positive, default=DEFAULT_PLAY_NODES)
    puzzles_args.add_argument("--count", type=_positive)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    skipped: List[str] = []

    def on_skip(message: str) -> None:
        skipped.append(message)
        print(message, file=sys.stderr, flush=True)

    client = distributed.Client(args.scheduler) if args.scheduler else None
    try:
        if args.command == "annotate":
            records = annotate(
                args.files, client, nodes=args.nodes, depth=args.depth, movetime=args.movetime,
                chunk_size=args.chunk_size, files_on_workers=args.files_on_workers or None,
                progress=sys.stderr.isatty(), on_skip=on_skip,
            )
            for record in records:
                sys.stdout.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
        else:
            rows = mine_puzzles(
                args.files, client, variant=args.variant, nodes=args.nodes,
                play_nodes=args.play_nodes, count=args.count, chunk_size=args.chunk_size,
                files_on_workers=args.files_on_workers or None, progress=sys.stderr.isatty(), on_skip=on_skip,
            )
            sys.stdout.write(_core.puzzle_file(rows))
    except (AlfiereError, OSError) as e:
        print(f"python -m alfiere.dask {args.command}: {e}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()
    return 1 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
