"""alfiere.dask on a LocalCluster of two worker processes: the same records as
`alfiere annotate --json`, in file order, the broken game reported as the command
reports it and skipped; the same puzzles as the package's own miner; and
`python -m alfiere.dask annotate --scheduler ADDRESS FILES` writing the command's
output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Iterator, List

import dask.bag as db
import distributed
import pytest

import alfiere
import alfiere.dask
from conftest import pgn_of

NODES = 1500


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def run_cli(bins: Path, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(bins / "alfiere"), "annotate", "--json", "--nodes", str(NODES), str(path)],
        capture_output=True, text=True,
    )


@pytest.mark.parametrize("files_on_workers", [False, True])
def test_annotate_gives_the_commands_records_in_file_order(
    client: distributed.Client, rust_bins: Path, mixed_pgn_file: Path, tmp_path: Path, files_on_workers: bool
) -> None:
    second = tmp_path / "second.pgn"
    second.write_text("\n".join(pgn_of("progressive-italian", 10, s) for s in (7, 8)))
    cli_first, cli_second = run_cli(rust_bins, mixed_pgn_file), run_cli(rust_bins, second)
    assert cli_first.returncode == 1 and cli_second.returncode == 0
    expected = [json.loads(l) for l in (cli_first.stdout + cli_second.stdout).splitlines()]
    skipped: List[str] = []
    records = alfiere.dask.annotate(
        [mixed_pgn_file, second], client, nodes=NODES, chunk_size=2, files_on_workers=files_on_workers,
        progress=False, on_skip=skipped.append,
    )
    assert len(records) == 7
    assert records == expected
    assert skipped == [cli_first.stderr.strip()]


def test_a_skipped_game_warns_by_default(client: distributed.Client, mixed_pgn_file: Path) -> None:
    with pytest.warns(alfiere.dask.SkippedGameWarning, match="game 2 .*illegal move 'Ke3'"):
        records = alfiere.dask.annotate(mixed_pgn_file, client, depth=1, progress=False)
    assert len(records) == 5


def test_a_bag_of_games_gives_the_same_records(client: distributed.Client) -> None:
    games = [alfiere.read_pgn(pgn_of(v, 8, 3))[0] for v in ("chess", "marseillais-balanced", "chessgi")]
    bag = db.from_sequence(games + [games[0].pgn()], npartitions=2)
    records = alfiere.dask.annotate(bag, client, nodes=NODES, progress=False)
    assert records == [alfiere.analyse(g, nodes=NODES) for g in games + [games[0]]]


def test_mine_puzzles_gives_the_packages_puzzles(client: distributed.Client, tmp_path: Path) -> None:
    path = tmp_path / "chess.pgn"
    path.write_text("\n".join(pgn_of("chess", 24, seed) for seed in range(20, 24)))
    local = alfiere.mine_puzzles(path.read_text(), nodes=2000, play_nodes=300)
    assert local
    spread = alfiere.dask.mine_puzzles([path], client, variant="chess", nodes=2000, play_nodes=300, chunk_size=1, progress=False)
    assert spread == local
    assert alfiere.dask.mine_puzzles([path], client, variant="chess", nodes=2000, play_nodes=300, count=1, progress=False) == local[:1]


def test_bad_arguments_are_refused_before_any_task(client: distributed.Client, mixed_pgn_file: Path) -> None:
    with pytest.raises(alfiere.InvalidArgumentError):
        alfiere.dask.annotate([mixed_pgn_file], client, nodes=5, depth=5, progress=False)
    with pytest.raises(alfiere.UnknownVariantError):
        alfiere.dask.mine_puzzles([mixed_pgn_file], client, variant="shogi", progress=False)
    for on_workers in (False, True):
        with pytest.raises(FileNotFoundError, match="no-such-file.pgn"):
            alfiere.dask.annotate(["no-such-file.pgn"], client, files_on_workers=on_workers, progress=False)


def test_the_module_command_writes_the_commands_output(
    client: distributed.Client, rust_bins: Path, mixed_pgn_file: Path
) -> None:
    address = client.scheduler.address
    run = subprocess.run(
        [sys.executable, "-m", "alfiere.dask", "annotate", "--scheduler", address, "--nodes", str(NODES), str(mixed_pgn_file)],
        capture_output=True, text=True, timeout=600,
    )
    cli = run_cli(rust_bins, mixed_pgn_file)
    assert run.returncode == 1, run.stderr
    assert [json.loads(l) for l in run.stdout.splitlines()] == [json.loads(l) for l in cli.stdout.splitlines()]
    assert run.stdout == cli.stdout
    assert run.stderr.strip() == cli.stderr.strip()


def test_the_module_command_writes_the_miners_puzzle_file(
    client: distributed.Client, rust_bins: Path, tmp_path: Path
) -> None:
    path = tmp_path / "chess.pgn"
    path.write_text("\n".join(pgn_of("chess", 24, seed) for seed in range(20, 23)))
    budget = ["--nodes", "2000", "--play-nodes", "300", "--count", "3"]
    run = subprocess.run(
        [sys.executable, "-m", "alfiere.dask", "puzzles", "chess", "--scheduler", client.scheduler.address,
         *budget, str(path)],
        capture_output=True, text=True, timeout=600,
    )
    cli = subprocess.run(
        [str(rust_bins / "alfiere-puzzles"), "chess", "--pgn", str(path), *budget],
        capture_output=True, text=True, check=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == cli.stdout
    assert len(run.stdout.splitlines()) == 4


def test_games_travel_without_the_blank_lines_in_front(mixed_pgn_file: Path) -> None:
    games = alfiere.dask.read_games([mixed_pgn_file])
    assert [number for _, number, _, _ in games] == [1, 2, 3, 4, 5, 6]
    assert all(text.startswith("[") for _, _, _, text in games)
    lines = mixed_pgn_file.read_text().splitlines()
    assert all(lines[line - 1] == text.splitlines()[0] for _, _, line, text in games)


def test_file_chunks_read_back_the_games_of_the_whole_file(mixed_pgn_file: Path, tmp_path: Path) -> None:
    # Windows line ends and a byte that is not UTF-8 in a comment read the same way too.
    odd = tmp_path / "odd.pgn"
    odd.write_bytes(mixed_pgn_file.read_bytes().replace(b"\n", b"\r\n").replace(b"*", b"{caf\xe9} *", 2))
    for path in (mixed_pgn_file, odd):
        whole = alfiere.dask.read_games([path])
        for chunk_size in (1, 2, 4, 100):
            chunks = alfiere.dask.file_chunks([path], chunk_size)
            assert len(chunks) == -(-len(whole) // chunk_size)
            read = [game for chunk in chunks for game in alfiere._core.read_chunk(*chunk)]
            assert read == whole


def test_without_a_client_a_local_cluster_reads_the_files(client: distributed.Client, mixed_pgn_file: Path) -> None:
    skipped: List[str] = []
    alone = alfiere.dask.annotate([mixed_pgn_file], depth=1, progress=False, on_skip=skipped.append)
    assert alone == alfiere.dask.annotate([mixed_pgn_file], client, depth=1, progress=False, on_skip=skipped.append)
    assert len(alone) == 5 and len(skipped) == 2 and skipped[0] == skipped[1]


def test_the_progress_bar_stays_off_standard_output(
    client: distributed.Client, mixed_pgn_file: Path, capsys: pytest.CaptureFixture
) -> None:
    alfiere.dask.annotate([mixed_pgn_file], client, depth=1, progress=True, on_skip=lambda _: None)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "%" in captured.err or "[" in captured.err
