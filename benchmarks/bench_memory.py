"""Benchmark: memory over a long simulation run on local workers.

Samples the resident memory of the driver and of each worker process as the
games come in, and prints it at every tenth of the run and the peak: a flat
line means nothing grows with the number of games played.

    .venv/bin/python -m benchmarks.bench_memory SCENARIO GAMES [--workers 2] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import threading
import time
from pathlib import Path

from quarterdeck.core import scenario as scenarios
from quarterdeck.sim.out import RowWriter
from quarterdeck.sim.runner import simulate

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mib(pid: int) -> float:
    """Resident memory of ``pid`` now, in MiB (0 if it has gone)."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE / 2**20
    except OSError:
        return 0.0


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(entry))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scenario")
    parser.add_argument("games", type=int)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="also write the rows here")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    args = parser.parse_args()

    scenario = scenarios.load(args.scenario)
    me = os.getpid()
    samples: list[dict[str, object]] = []
    done = 0
    started = time.perf_counter()

    def count(n: int) -> None:
        nonlocal done
        done += n

    def take() -> None:
        workers = [rss_mib(p) for p in children(me)]
        samples.append(
            {
                "games": done,
                "seconds": round(time.perf_counter() - started, 1),
                "driver_mib": round(rss_mib(me), 1),
                "workers_mib": [round(w, 1) for w in sorted(workers)],
            }
        )
        print(json.dumps(samples[-1]), flush=True)

    stop = threading.Event()

    def sampler() -> None:
        while not stop.wait(args.every):
            take()

    threading.Thread(target=sampler, daemon=True).start()
    writer = RowWriter(args.out, scenario.combatants) if args.out else None
    try:
        summary = simulate(
            scenario,
            args.games,
            seed=1,
            workers=args.workers,
            progress=count,
            on_game=writer.write if writer else None,
        )
    finally:
        stop.set()
        if writer:
            writer.close()
    take()
    peak_driver = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_worker = max(
        (w for s in samples for w in s["workers_mib"]),  # type: ignore[attr-defined]
        default=0.0,
    )
    print(
        json.dumps(
            {
                "scenario": args.scenario,
                "games": summary.games,
                "workers": args.workers,
                "seconds": round(summary.seconds, 1),
                "peak_driver_mib": round(peak_driver, 1),
                "peak_worker_mib_sampled": round(peak_worker, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
