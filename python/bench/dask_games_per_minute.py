"""Games analysed per minute by alfiere.dask.annotate on a LocalCluster of 1 and of 2
single-threaded worker processes (issue 58's goal: 2 workers at least 1.8 times 1).

    target/python-venv/bin/python python/bench/dask_games_per_minute.py \
        --games 16 --plies 40 --nodes 20000 --workers 1 2

The games are seeded random legal games of one rule set (every game the same length,
so the chunks weigh the same); each cluster is started and warmed up (workers
started, the package imported, the networks read) before the clock starts. The
machine's load average before and after each run is printed with the figures, and the
CPU time the workers used: on a shared machine other programs' work shows up as a
lower speed-up, while the CPU seconds per game stay the same (the work does not
grow with the workers) and the workers' share of a core drops."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict

import distributed

import alfiere
import alfiere.dask


def random_pgn(variant: str, plies: int, seed: int) -> str:
    rng = random.Random(seed)
    game = alfiere.Game(variant)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.outcome() is not None:
            break
        game.play(rng.choice(moves))
    return game.pgn()


def workers_cpu_seconds(client: distributed.Client) -> float:
    """The CPU time the cluster's worker processes have used so far."""
    times: Dict[str, float] = client.run(time.process_time)
    return sum(times.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=20_000, help="nodes per position")
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--chunk-size", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.pgn"
        path.write_text("\n".join(random_pgn(args.variant, args.plies, s) for s in range(args.games)))
        warm = Path(folder) / "warm.pgn"
        warm.write_text(random_pgn(args.variant, 4, 999))
        print(f"{args.games} {args.variant} games of {args.plies} plies, {args.nodes} nodes per position, "
              f"{os.cpu_count()} CPUs, chunk size {args.chunk_size}", flush=True)
        speeds = {}
        records_seen = None
        for workers in args.workers:
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          dashboard_address=None) as cluster, distributed.Client(cluster) as client:
                client.wait_for_workers(workers)
                for _ in range(workers):
                    alfiere.dask.annotate([warm] * workers, client, nodes=100, progress=False)
                load_before = os.getloadavg()
                cpu_before = workers_cpu_seconds(client)
                start = time.perf_counter()
                records = alfiere.dask.annotate([path], client, nodes=args.nodes, chunk_size=args.chunk_size,
                                                progress=False)
                elapsed = time.perf_counter() - start
                cpu = workers_cpu_seconds(client) - cpu_before
                load_after = os.getloadavg()
            assert len(records) == args.games
            if records_seen is not None and records != records_seen:
                print("error: the records differ between worker counts", file=sys.stderr)
                return 1
            records_seen = records
            speeds[workers] = args.games / elapsed * 60
            print(f"{workers} worker(s): {elapsed:.1f} s, {speeds[workers]:.2f} games/min; workers' CPU "
                  f"{cpu:.1f} s ({cpu / args.games:.2f} s per game, {cpu / elapsed / workers:.0%} of a core each); "
                  f"load average 1 min {load_before[0]:.2f} before, {load_after[0]:.2f} after", flush=True)
        if 1 in speeds:
            for workers, speed in speeds.items():
                if workers != 1:
                    print(f"{workers} workers / 1 worker: {speed / speeds[1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
