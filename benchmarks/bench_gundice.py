"""Benchmark: simulate's games per second for a bundled gun-dice scenario, on
one process and on all cores, and the time of the exact odds tables.

Run: .venv/bin/python -m benchmarks.bench_gundice [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time

from quarterdeck.core import scenario as scenarios
from quarterdeck.sim.runner import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="shannon-chesapeake-1813")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    scenario = scenarios.load(args.scenario)
    cores = os.cpu_count() or 1
    one = simulate(scenario, args.games, seed=1, workers=1)
    many = simulate(scenario, args.games, seed=1, workers=cores)
    assert one.results == many.results, "results must not depend on the number of workers"

    import quarterdeck.odds.gundice as odds

    odds.round_odds.cache_clear()
    odds.capture_odds.cache_clear()
    odds._top.cache_clear()
    started = time.perf_counter()
    for a in range(1, 9):
        for d in range(1, 9):
            odds.capture_odds(a, d)
    table_seconds = time.perf_counter() - started

    figures = {
        "scenario": args.scenario,
        "games": args.games,
        "games_per_second_1_process": round(one.games_per_second),
        "cores": cores,
        "games_per_second_all_cores": round(many.games_per_second),
        "mean_decisions_per_game": round(one.mean_decisions, 1),
        "exact_capture_table_8x8_seconds": round(table_seconds, 2),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:36} {value}")


if __name__ == "__main__":
    main()
