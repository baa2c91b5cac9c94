"""alfiere.search: a legal best action and its line, each budget, the mate found,
bad budgets refused, and the GIL released while it thinks."""

from __future__ import annotations

import threading
import time

import pytest

import alfiere
from conftest import random_game


@pytest.mark.parametrize("variant", alfiere.variants())
def test_the_best_action_is_legal_and_starts_the_line(variant: str) -> None:
    game = random_game(variant, 8, 3)
    # Enough for a first iteration everywhere: in Marseillais and Avalanche it searches
    # the opponent's whole next turn, which can take over 10,000 nodes.
    result = alfiere.search(game, nodes=20_000)
    assert result["best"] in game.legal_moves()
    assert result["line"][0] == result["best"]
    assert result["nodes"] >= 1 and result["depth"] >= 1
    assert set(result["score"]) <= {"cp", "mate"} and len(result["score"]) == 1
    probe = game.copy()
    assert probe.play(result["best"])["san"] == result["san"]


def test_a_mate_in_one_is_found_at_every_budget() -> None:
    game = alfiere.Game()
    for san in ["f3", "e5", "g4"]:
        game.play(san)
    for budget in ({"nodes": 2000}, {"depth": 3}, {"movetime": 100}):
        result = alfiere.search(game, **budget)
        assert (result["best"], result["san"], result["score"]) == ("d8h4", "Qh4#", {"mate": 1})
    mated = game.copy()
    mated.play("Qh4#")
    assert alfiere.search(mated, nodes=100)["best"] is None


def test_bad_budgets_are_refused() -> None:
    game = alfiere.Game()
    with pytest.raises(alfiere.InvalidArgumentError, match="one of nodes, depth and movetime"):
        alfiere.search(game, nodes=100, depth=3)
    with pytest.raises(alfiere.InvalidArgumentError, match="positive"):
        alfiere.search(game, nodes=0)
    with pytest.raises(alfiere.InvalidArgumentError, match="at most 60"):
        alfiere.search(game, depth=61)


def test_the_search_releases_the_gil() -> None:
    game = alfiere.Game()
    done = threading.Event()

    def think() -> None:
        alfiere.search(game, movetime=2000)
        done.set()

    thread = threading.Thread(target=think)
    thread.start()
    # This thread runs on while the other searches: its longest pause stays far
    # below the search's time (holding the GIL would stop it for all of it).
    longest, last, ticks = 0.0, time.perf_counter(), 0
    while not done.is_set():
        now = time.perf_counter()
        longest, last, ticks = max(longest, now - last), now, ticks + 1
    thread.join()
    assert ticks > 1000
    assert longest < 1.0, longest


def test_the_game_stays_usable_while_it_is_searched() -> None:
    game = alfiere.Game()
    thread = threading.Thread(target=lambda: alfiere.search(game, movetime=500))
    thread.start()
    time.sleep(0.1)
    game.play("e4")  # the search works on its own copy
    game.undo()
    thread.join()
    assert game.history() == []
