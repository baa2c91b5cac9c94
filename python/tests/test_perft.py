"""Perft of every rule set from the package equals the figures the Rust tests check
(tests/data/*.perft, shared with tests/perft.rs and the rule sets' own tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Tuple

import pytest

import alfiere
from conftest import DATA

#: Counts above this are left to the Rust tests, to keep this stage short.
MAX_COUNT = 300_000


def variant_of(path: Path) -> str:
    stem = path.stem
    for suffix in ("-standard", "-suite"):
        stem = stem.removesuffix(suffix)
    return stem


def cases() -> Iterator[Tuple[str, str, int, int]]:
    for path in sorted(DATA.glob("*.perft")):
        if path.name == "chess960-suite.perft":  # chess960.perft samples it
            continue
        variant = variant_of(path)
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            position, *counts = [part.strip() for part in line.split(";")]
            for count in counts:
                depth, expected = count.split()
                if int(expected) <= MAX_COUNT:
                    yield variant, position, int(depth[1:]), int(expected)


def game_at(variant: str, position: str) -> alfiere.Game:
    if position.startswith("startpos"):
        game = alfiere.Game(variant)
        for token in position.split()[2:]:
            game.play(token)
        return game
    return alfiere.Game(variant, position)


def test_every_rule_set_has_figures() -> None:
    found = {variant for variant, *_ in cases()}
    assert found == set(alfiere.variants())


@pytest.mark.parametrize("variant", alfiere.variants())
def test_perft_equals_the_rust_figures(variant: str) -> None:
    checked = 0
    for case_variant, position, depth, expected in cases():
        if case_variant != variant:
            continue
        game = game_at(variant, position)
        assert game.perft(depth) == expected, (position, depth)
        checked += 1
    assert checked >= 20


def test_perft_refuses_a_depth_above_the_limit() -> None:
    game = alfiere.Game()
    with pytest.raises(alfiere.InvalidArgumentError, match="above the limit"):
        game.perft(alfiere.MAX_PERFT_DEPTH + 1)
