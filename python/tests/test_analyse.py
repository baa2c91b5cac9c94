"""alfiere.analyse gives the records of `alfiere annotate --json` (the binary of the
same checkout) on the same games and budget; alfiere.mine_puzzles the puzzles of
`alfiere-puzzles VARIANT --pgn` on the same games and budgets."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import List

import pytest

import alfiere
from conftest import pgn_of

NODES = 1500


def cli_records(bins: Path, path: Path, *budget: str) -> List[dict]:
    run = subprocess.run(
        [str(bins / "alfiere"), "annotate", "--json", "--threads", "2", *budget, str(path)],
        capture_output=True, text=True, check=True,
    )
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.fixture(scope="module")
def good_pgn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    games = [pgn_of(v, 12, i) for i, v in enumerate(["chess", "chess960", "progressive-scottish", "billiards", "avalanche"])]
    path = tmp_path_factory.mktemp("pgn") / "good.pgn"
    path.write_text("\n".join(games))
    return path


def test_analyse_of_a_text_equals_the_command(rust_bins: Path, good_pgn: Path) -> None:
    expected = cli_records(rust_bins, good_pgn, "--nodes", str(NODES))
    assert len(expected) == 5
    assert alfiere.analyse(good_pgn.read_text(), nodes=NODES) == expected


def test_analyse_of_a_game_equals_the_command_at_a_depth(rust_bins: Path, tmp_path: Path) -> None:
    game = alfiere.read_pgn(pgn_of("alice", 10, 9))[0]
    path = tmp_path / "one.pgn"
    path.write_text(game.pgn())
    (expected,) = cli_records(rust_bins, path, "--depth", "3")
    record = alfiere.analyse(game, depth=3)
    assert record == expected
    assert record["variant"] == "alice" and len(record["plies"]) == 10


def test_analyse_refuses_a_broken_game_before_searching(mixed_pgn_file: Path) -> None:
    with pytest.raises(alfiere.InvalidPgnError) as caught:
        alfiere.analyse(mixed_pgn_file.read_text(), nodes=NODES)
    assert str(caught.value).startswith("game 2 (line ") and "illegal move 'Ke3'" in str(caught.value)
    with pytest.raises(alfiere.InvalidArgumentError):
        alfiere.analyse(alfiere.Game(), nodes=10, movetime=10)


def cli_puzzles(bins: Path, variant: str, path: Path, nodes: int, play_nodes: int) -> List[str]:
    run = subprocess.run(
        [str(bins / "alfiere-puzzles"), variant, "--pgn", str(path), "--nodes", str(nodes),
         "--play-nodes", str(play_nodes), "--count", "10000", "--threads", "2"],
        capture_output=True, text=True, check=True,
    )
    return run.stdout.splitlines()


def as_line(row: dict) -> str:
    return ",".join([row["id"], row["fen"], " ".join(row["moves"]), str(row["rating"]), " ".join(row["themes"])])


@pytest.fixture(scope="module")
def chess_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pgn") / "chess.pgn"
    path.write_text("\n".join(pgn_of("chess", 24, seed) for seed in range(20, 24)))
    return path


def test_mine_puzzles_equals_the_command(rust_bins: Path, chess_games: Path) -> None:
    expected = cli_puzzles(rust_bins, "chess", chess_games, 2000, 300)
    rows = alfiere.mine_puzzles(chess_games.read_text(), nodes=2000, play_nodes=300)
    assert len(rows) >= 1, "random games should leave puzzles"
    assert expected[0] == "PuzzleId,FEN,Moves,Rating,Themes"
    assert [as_line(r) for r in rows] == expected[1:]
    games = alfiere.read_pgn(chess_games.read_text())
    assert alfiere.mine_puzzles(games, nodes=2000, play_nodes=300, count=1) == rows[:1]


def test_mine_puzzles_refuses_a_broken_game_before_mining(mixed_pgn_file: Path) -> None:
    with pytest.raises(alfiere.InvalidPgnError) as caught:
        alfiere.mine_puzzles(mixed_pgn_file.read_text(), variant="chess", nodes=2000, play_nodes=300)
    assert str(caught.value).startswith("game 2 (line ") and "Ke3" in str(caught.value)
