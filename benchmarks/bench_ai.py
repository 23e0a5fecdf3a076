"""The current computer opponent against the first one, scenario by scenario.

For a rule set (or one scenario), every bundled scenario is played GAMES
times with the current AI (the rule set's ``ai``) on one fighting side and
the yardstick AI (``quarterdeck/rulesets/<package>/ai_v1.py``, function
``ai(seat, seed)``) on the other(s), then again with the sides swapped. An
umpire seat (a game master) is played by the current AI in every game, the
same referee for both. Game ``i`` uses the same dice seed whichever side the
new AI takes, and the same seeds on any number of workers.

For each scenario and side it prints the new AI's wins, draws and losses,
its win rate with a 95% Wilson interval, and for comparison the side's win
rate when the yardstick plays both sides (``--baseline``).

    .venv/bin/python -m benchmarks.bench_ai flotilla --games 300 --workers 2
    .venv/bin/python -m benchmarks.bench_ai gundice-boarding --games 400 --baseline
    .venv/bin/python -m benchmarks.bench_ai mobile-bay-1864 --games 100 --json
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context, Player
from quarterdeck.core.scenario import Scenario, bundled, load
from quarterdeck.rulesets import get_ruleset, package_of, ruleset_ids
from quarterdeck.sim.runner import game_seed, wilson

MAX_STEPS = 200_000

Factory = Callable[[str, int], Player]


def yardstick(ruleset_id: str) -> Factory:
    """The first AI of a rule set, kept in its package's ``ai_v1`` module."""
    module = importlib.import_module(f"{package_of(ruleset_id)}.ai_v1")
    factory: Factory = module.ai
    return factory


def current(ruleset_id: str) -> Factory:
    ruleset = get_ruleset(ruleset_id)
    return lambda seat, seed: ruleset.ai(seat, seed)


def play(scenario: Scenario, seed: int, makers: dict[str, Factory]) -> tuple[str | None, int]:
    """One game straight through the rule set, each seat by its own maker;
    returns the winner and the turns played."""
    ruleset = get_ruleset(scenario.ruleset)
    ctx = Context(RandomDice(seed), None)
    state = ruleset.new_state(scenario, ctx)
    players = {side: makers[side](side, seed + n) for n, side in enumerate(scenario.side_names)}
    for _ in range(MAX_STEPS):
        open_prompts = ruleset.prompts(state)
        if not open_prompts:
            break
        prompt = open_prompts[0]
        view = ruleset.view(state, prompt.seat)
        answer = prompt.check(players[prompt.seat].decide(view, prompt))
        ruleset.apply(state, prompt.seat, answer, ctx)
    result = ruleset.result(state)
    if result is None:
        raise RuntimeError(f"{scenario.id}: a game did not end within {MAX_STEPS} decisions")
    return result.winner, ruleset.turn(state)


@dataclass(frozen=True)
class Job:
    scenario_id: str
    new_side: str | None  # None: the yardstick on every side (the baseline)
    seed: int
    start: int
    stop: int


scenario_by_id = cache(load)


def run_job(job: Job) -> list[str | None]:
    scenario = scenario_by_id(job.scenario_id)
    new, old = current(scenario.ruleset), yardstick(scenario.ruleset)
    # the new AI on its side and on any umpire seat, the yardstick elsewhere
    makers = {
        side: new if side == job.new_side or side not in scenario.combatants else old
        for side in scenario.side_names
    }
    return [play(scenario, game_seed(job.seed, i), makers)[0] for i in range(job.start, job.stop)]


def scenarios_for(target: str) -> list[str]:
    if target in ruleset_ids():
        return [s.id for s in bundled() if s.ruleset == target]
    return [load(target).id]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help="a rule set id (every bundled scenario) or a scenario")
    parser.add_argument("--games", type=int, default=300, help="games per scenario and side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=10, help="games per worker task")
    parser.add_argument("--baseline", action="store_true", help="also the yardstick on both sides")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    ids = scenarios_for(args.target)
    jobs: list[Job] = []
    for sid in ids:
        scenario = load(sid)
        arms: list[str | None] = list(scenario.combatants)
        if args.baseline:
            arms.append(None)
        for arm in arms:
            for start in range(0, args.games, args.chunk):
                jobs.append(Job(sid, arm, args.seed, start, min(args.games, start + args.chunk)))
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(run_job, jobs))
    seconds = time.perf_counter() - began
    tally: dict[tuple[str, str | None], list[str | None]] = {}
    for job, winners in zip(jobs, results, strict=True):
        tally.setdefault((job.scenario_id, job.new_side), []).extend(winners)

    report: dict[str, Any] = {"target": args.target, "games": args.games, "seed": args.seed}
    rows = []
    for sid in ids:
        scenario = load(sid)
        for side in scenario.combatants:
            winners = tally[(sid, side)]
            n = len(winners)
            wins = sum(1 for w in winners if w == side)
            draws = sum(1 for w in winners if w is None)
            low, high = wilson(wins, n)
            row: dict[str, Any] = {
                "scenario": sid,
                "side": side,
                "games": n,
                "wins": wins,
                "draws": draws,
                "losses": n - wins - draws,
                "win_rate": wins / n,
                "ci95": [low, high],
            }
            if args.baseline:
                base = tally[(sid, None)]
                base_wins = sum(1 for w in base if w == side)
                row["baseline_win_rate"] = base_wins / len(base)
                row["baseline_ci95"] = list(wilson(base_wins, len(base)))
            rows.append(row)
    report["rows"] = rows
    report["seconds"] = round(seconds, 1)
    if args.json:
        print(json.dumps(report))
        return 0
    print(
        f"{args.target}: the current AI against the yardstick (ai_v1), {args.games} games "
        f"a side, seed {args.seed}, {seconds:.0f} s on {args.workers} worker(s)"
    )
    head = f"{'scenario':<32} {'new AI plays':<13} {'W-D-L':>12} {'win rate':>8}  {'95% CI':<16}"
    if args.baseline:
        head += "   yardstick both sides"
    print(head)
    for r in rows:
        wdl = f"{r['wins']}-{r['draws']}-{r['losses']}"
        ci = f"{r['ci95'][0]:.1%} - {r['ci95'][1]:.1%}"
        line = f"{r['scenario']:<32} {r['side']:<13} {wdl:>12} {r['win_rate']:>8.1%}  {ci:<16}"
        if args.baseline:
            line += (
                f"   {r['baseline_win_rate']:.1%} ({r['baseline_ci95'][0]:.1%} - "
                f"{r['baseline_ci95'][1]:.1%})"
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
