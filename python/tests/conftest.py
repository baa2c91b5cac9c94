"""Shared fixtures: the repository, the Rust command-line tools (built by cargo when
missing or stale, so the package is compared with the binaries of the same
checkout), and seeded games of every rule set made with the package itself."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path
from typing import List

import pytest

import alfiere

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"


def random_game(variant: str, plies: int, seed: int) -> alfiere.Game:
    """A game of `variant` of up to `plies` seeded random legal actions."""
    rng = random.Random(seed)
    game = alfiere.Game(variant)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.outcome() is not None:
            break
        game.play(rng.choice(moves))
    return game


def pgn_of(variant: str, plies: int, seed: int) -> str:
    return random_game(variant, plies, seed).pgn()


@pytest.fixture(scope="session")
def rust_bins() -> Path:
    """The folder of release builds of `alfiere` and `alfiere-puzzles`."""
    env = os.environ.copy()
    cargo_bin = Path(env.get("CARGO_HOME", Path.home() / ".cargo")) / "bin"
    env["PATH"] = f"{cargo_bin}{os.pathsep}{env['PATH']}"
    subprocess.run(
        ["cargo", "build", "--release", "--bin", "alfiere", "--bin", "alfiere-puzzles"],
        cwd=REPO, env=env, check=True,
    )
    target = Path(env.get("CARGO_TARGET_DIR", REPO / "target"))
    return target / "release"


@pytest.fixture(scope="session")
def mixed_pgn_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A PGN file of several rule sets with a broken game in the middle, as the
    command's own test has."""
    games: List[str] = [
        pgn_of("chess", 12, 1),
        '[Event "broken"]\n\n1. e4 e5 2. Ke3 *\n',
        pgn_of("marseillais", 14, 2),
        pgn_of("alice", 10, 3),
        pgn_of("racingkings", 10, 4),
        pgn_of("chessgi", 12, 5),
    ]
    path = tmp_path_factory.mktemp("pgn") / "mixed.pgn"
    path.write_text("\n".join(games))
    return path
