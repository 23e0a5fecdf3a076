"""Benchmark: `quarterdeck simulate` games per second on one process, AI against
AI, for each scenario of issue 14's table, as a ratio against another checkout
(the commit before the work), measured in one run. Each row says whether both
checkouts played the very same games (their winners and decisions alike): where
a rule or a player changed since the base, the ratio counts the games' lengths
too.

Each measurement is a fresh process of one checkout's own virtual environment
that plays the scenario's games with ``quarterdeck.sim.runner.simulate`` (one
worker) and reports the processor time the games took (imports and set-up not
counted). The two checkouts take turns, A B A B ..., and the ratio is taken pair
by pair, so a machine that others share and whose speed drifts still gives a
fair ratio; the median of the pairs is quoted.

    .venv/bin/python -m benchmarks.bench_simulate --base ../base [--repeat 3] [--json]
    .venv/bin/python -m benchmarks.bench_simulate --base ../base --replays   # Game.replay
    .venv/bin/python -m benchmarks.bench_simulate --scaling   # 1 -> 2 local workers

``--base`` is a checkout with its own ``.venv`` (e.g. ``git worktree add ../base
COMMIT`` then ``python3 -m venv ../base/.venv && ../base/.venv/bin/pip install -e
../base``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# scenario -> games per measurement (a few seconds each before the work)
SCENARIOS = {
    "shannon-chesapeake-1813": 2000,
    "speedy-el-gamo-1801": 1000,
    "champlain-duel-1776": 20,
    "valcour-island-1776": 1,
    "iron-city-duel": 20,
    "mobile-bay-1864": 12,
    "mobile-bay-torpedoes-1864": 8,  # ACW River (mobile-bay-1864 is Flotilla's)
    "sample-game": 30,  # Cutting Out Party, the text's sample game
    "chevrette-camaret-1801": 3,  # Cutting Out Party, the largest scenario
}

CHILD = """
import json, sys, time
from quarterdeck.core import scenario as scenarios
from quarterdeck.sim.runner import simulate
scenario = scenarios.load(sys.argv[1])
games, seed = int(sys.argv[2]), int(sys.argv[3])
simulate(scenario, 1, seed=seed + 1, workers=1)  # warm: imports, tables, caches
cpu, wall = time.process_time(), time.perf_counter()
summary = simulate(scenario, games, seed=seed, workers=1)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "games": summary.games,
                  "decisions": summary.mean_decisions, "results": summary.results}))
"""


def run_child(checkout: Path, child: str, *args: str) -> str:
    """What ``child`` (Python source) prints, run by the checkout's own
    virtual environment in the checkout; a failure ends the benchmark with
    the checkout and the error's last line."""
    python = checkout / ".venv" / "bin" / "python"
    if not python.is_file():
        raise SystemExit(
            f"{checkout}: no checkout with its own .venv there ({python} is missing; "
            "make one with python3 -m venv .venv && .venv/bin/pip install -e '.[test]')"
        )
    done = subprocess.run(
        [str(python), "-c", child, *args],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise SystemExit(f"{checkout}: {last}")
    return done.stdout


def measure(
    checkout: Path, scenario: str, games: int, seed: int, child: str = CHILD
) -> dict[str, float]:
    printed = run_child(checkout, child, scenario, str(games), str(seed))
    out: dict[str, float] = json.loads(printed.strip().splitlines()[-1])
    return out


def compare(base: Path, repeat: int, only: list[str], scale: float) -> list[dict[str, object]]:
    rows = []
    for scenario, games in SCENARIOS.items():
        if only and scenario not in only:
            continue
        games = max(1, round(games * scale))
        ratios, now, before, same = [], [], [], []
        for n in range(repeat):
            seed = 100 + n  # both checkouts play the same seeds
            a = measure(HERE, scenario, games, seed)
            b = measure(base, scenario, games, seed)
            now.append(a["games"] / a["cpu"])
            before.append(b["games"] / b["cpu"])
            ratios.append(b["cpu"] / a["cpu"])
            # the same games, or other ones (a rule or a player changed since
            # the base): then the ratio counts the games' lengths too
            same.append(a["results"] == b["results"] and a["decisions"] == b["decisions"])
        row = {
            "scenario": scenario,
            "games": games,
            "decisions_per_game": round(a["decisions"], 1),
            "decisions_per_game_before": round(b["decisions"], 1),
            "same_games": all(same),
            "games_per_s_before": round(statistics.median(before), 2),
            "games_per_s_now": round(statistics.median(now), 2),
            "ratio_median": round(statistics.median(ratios), 2),
            "ratio_min": round(min(ratios), 2),
            "ratio_max": round(max(ratios), 2),
        }
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
    return rows


REPLAY_CHILD = """
import json, sys, time
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game, play_out
from quarterdeck.players import make_player
scenario = scenarios.load(sys.argv[1])
games, seed = int(sys.argv[2]), int(sys.argv[3])
records = []
for n in range(games):
    game = Game.new(scenario, seed=seed + n)
    players = {s: make_player("ai", scenario.ruleset, s, seed + n + i)
               for i, s in enumerate(scenario.side_names)}
    play_out(game, players)
    records.append(game.record)
cpu, wall = time.process_time(), time.perf_counter()
decisions = 0
for record in records:
    decisions += len(Game.replay(record).record.decisions())
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "games": games, "decisions": decisions / games}))
"""

# scenario -> games per measurement of Game.replay (every decision through Game.apply)
REPLAYS = {"valcour-island-1776": 1, "champlain-duel-1776": 4, "mobile-bay-1864": 3}


def compare_replays(base: Path, repeat: int) -> list[dict[str, object]]:
    """Decisions per second of Game.replay (the interactive path: Game.apply
    checks, copies the state, runs the rules, records), before and now."""
    rows = []
    for scenario, games in REPLAYS.items():
        ratios, now, before = [], [], []
        for n in range(repeat):
            a = measure(HERE, scenario, games, 300 + n, REPLAY_CHILD)
            b = measure(base, scenario, games, 300 + n, REPLAY_CHILD)
            now.append(a["decisions"] * a["games"] / a["cpu"])
            before.append(b["decisions"] * b["games"] / b["cpu"])
            ratios.append(b["cpu"] / a["cpu"])
        row = {
            "scenario": scenario,
            "replayed_games": games,
            "decisions_per_game": round(a["decisions"], 1),
            "decisions_per_s_before": round(statistics.median(before)),
            "decisions_per_s_now": round(statistics.median(now)),
            "ratio_median": round(statistics.median(ratios), 2),
            "ratio_min": round(min(ratios), 2),
            "ratio_max": round(max(ratios), 2),
        }
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
    return rows


SCALING_CHILD = """
import json, resource, sys, time
from quarterdeck.core import scenario as scenarios
from quarterdeck.sim.runner import simulate
scenario = scenarios.load(sys.argv[1])
games, workers = int(sys.argv[2]), int(sys.argv[3])
wall, cpu = time.perf_counter(), time.process_time()
summary = simulate(scenario, games, seed=5, workers=workers)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "driver_cpu": cpu, "workers_cpu": kids.ru_utime + kids.ru_stime,
                  "results": summary.results}))
"""


def scaling(scenario: str, games: int, repeat: int) -> dict[str, object]:
    """The same run on 1 and on 2 local workers (pool start and imports included).

    Wall time is what a user sees, but on a machine that others load it says
    more about them than about us. The processor time of each process does
    not depend on the others' load, so it also gives the speed-up the run
    would have on two idle cores: the one-worker run's time over the two-
    worker run's critical path (the workers' time shared by two, plus the
    driver's own)."""
    python = HERE / ".venv" / "bin" / "python"
    walls, projected = [], []
    rows = []
    for _ in range(repeat):
        got = {}
        for workers in (1, 2):
            done = subprocess.run(
                [str(python), "-c", SCALING_CHILD, scenario, str(games), str(workers)],
                cwd=HERE,
                capture_output=True,
                text=True,
                check=True,
            )
            got[workers] = json.loads(done.stdout.strip().splitlines()[-1])
        assert got[1]["results"] == got[2]["results"], "the workers changed the results"
        one_cpu = got[1]["driver_cpu"]
        two_path = got[2]["workers_cpu"] / 2 + got[2]["driver_cpu"]
        walls.append(got[1]["wall"] / got[2]["wall"])
        projected.append(one_cpu / two_path)
        row = {
            "one_worker_wall_s": round(got[1]["wall"], 2),
            "two_workers_wall_s": round(got[2]["wall"], 2),
            "one_worker_cpu_s": round(one_cpu, 2),
            "two_workers_cpu_s": round(got[2]["workers_cpu"], 2),
            "two_workers_driver_cpu_s": round(got[2]["driver_cpu"], 2),
        }
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    return {
        "scenario": scenario,
        "games": games,
        "runs": rows,
        "wall_speedup_median": round(statistics.median(walls), 2),
        "cpu_speedup_median": round(statistics.median(projected), 2),
        "cpu_speedup_min": round(min(projected), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, help="checkout to compare against (with .venv)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="games per measurement x")
    parser.add_argument("--only", nargs="*", default=[], help="scenario ids")
    parser.add_argument("--scaling", action="store_true", help="1 -> 2 local workers")
    parser.add_argument(
        "--replays", action="store_true", help="with --base: Game.replay instead of simulate"
    )
    parser.add_argument("--scaling-scenario", default="champlain-duel-1776")
    # (about 10 s of play on one worker: each worker's start, its imports
    # and the scenario built, is a fixed half second against the games)
    parser.add_argument("--scaling-games", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    result: dict[str, object] = {}
    if args.base and not args.replays:
        result["compare"] = compare(args.base.resolve(), args.repeat, args.only, args.scale)
    if args.base and args.replays:
        result["replays"] = compare_replays(args.base.resolve(), args.repeat)
    if args.scaling:
        result["scaling"] = scaling(args.scaling_scenario, args.scaling_games, args.repeat)
    result["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for row in result.get("compare", []):  # type: ignore[attr-defined]
        print(
            f"{row['scenario']:26} {row['decisions_per_game']:>7} decisions/game  "
            f"before {row['games_per_s_before']:>9} games/s  now {row['games_per_s_now']:>9}  "
            f"x{row['ratio_median']} ({row['ratio_min']}-{row['ratio_max']})"
            + (
                ""
                if row["same_games"]
                else f"  (other games than the base's: {row['decisions_per_game_before']}"
                " decisions/game there)"
            )
        )
    for row in result.get("replays", []):  # type: ignore[attr-defined]
        print(
            f"replay {row['scenario']:19} {row['decisions_per_game']:>7} decisions/game  "
            f"before {row['decisions_per_s_before']:>6} decisions/s  "
            f"now {row['decisions_per_s_now']:>6}  x{row['ratio_median']}"
        )
    if "scaling" in result:
        s = result["scaling"]
        print(f"1 -> 2 local workers: {s}")


if __name__ == "__main__":
    main()
