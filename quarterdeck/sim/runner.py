"""Batch simulation: many AI-against-AI games on local processes.

Game ``i`` of a run with seed ``s`` always uses the same dice and the same AI
seeds, whichever worker plays it, so the results depend on the seed alone and
never on the number of workers.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context, Player
from quarterdeck.core.scenario import Scenario, build
from quarterdeck.players import make_player
from quarterdeck.rulesets import get_ruleset

MAX_STEPS = 100_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return (seed * 1_000_003 + index * 7_919 + 17) % (2**62)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    index: int
    winner: str | None
    how: str
    turns: int
    decisions: int


def play_fast(scenario: Scenario, seed: int, kinds: dict[str, str] | None = None) -> GameOutcome:
    """One game straight through the rule set, without record or log."""
    ruleset = get_ruleset(scenario.ruleset)
    ctx = Context(RandomDice(seed), None)
    state = ruleset.new_state(scenario, ctx)
    players: dict[str, Player] = {
        side: make_player((kinds or {}).get(side, "ai"), scenario.ruleset, side, seed + n)
        for n, side in enumerate(scenario.side_names)
    }
    decisions = 0
    for _ in range(MAX_STEPS):
        open_prompts = ruleset.prompts(state)
        if not open_prompts:
            break
        prompt = open_prompts[0]
        view = ruleset.view(state, prompt.seat)
        answer = prompt.check(players[prompt.seat].decide(view, prompt))
        ruleset.apply(state, prompt.seat, answer, ctx)
        decisions += 1
    result = ruleset.result(state)
    if result is None:
        raise RuntimeError(f"{scenario.id}: a game did not end within {MAX_STEPS} decisions")
    return GameOutcome(0, result.winner, result.how.value, ruleset.turn(state), decisions)


_WORKER: dict[str, Any] = {}


def _init_worker(data: dict[str, Any], where: str, kinds: dict[str, str] | None) -> None:
    _WORKER["scenario"] = build(data, where)
    _WORKER["kinds"] = kinds


def _play_chunk(args: tuple[int, int, int]) -> list[GameOutcome]:
    seed, start, stop = args
    scenario: Scenario = _WORKER["scenario"]
    out = []
    for i in range(start, stop):
        o = play_fast(scenario, game_seed(seed, i), _WORKER["kinds"])
        out.append(GameOutcome(i, o.winner, o.how, o.turns, o.decisions))
    return out


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score 95% confidence interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    """What a simulation run found."""

    scenario: str
    games: int
    seed: int
    workers: int
    results: dict[str, int]
    draws: int
    how: dict[str, int]
    mean_turns: float
    mean_decisions: float
    seconds: float
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    lengths: dict[str, dict[int, int]] = field(default_factory=dict)  # result -> turns -> games

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "results": self.results,
            "win_rate": {s: w / self.games for s, w in self.results.items()},
            "win_rate_ci95": {s: list(ci) for s, ci in self.intervals.items()},
            "draws": self.draws,
            "how": self.how,
            "mean_turns": self.mean_turns,
            "mean_decisions": self.mean_decisions,
            "turns_by_result": {
                k: {str(t): n for t, n in v.items()} for k, v in self.lengths.items()
            },
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


def _chunks(seed: int, games: int, size: int) -> Iterator[tuple[int, int, int]]:
    for start in range(0, games, size):
        yield (seed, start, min(games, start + size))


def simulate(
    scenario: Scenario,
    games: int,
    seed: int = 0,
    workers: int = 1,
    kinds: dict[str, str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games of ``scenario`` and summarise who won and how."""
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    chunk = max(1, min(500, games // max(1, workers * 8)))
    if workers <= 1:
        _init_worker(scenario.data, scenario.path, kinds)
        for args in _chunks(seed, games, chunk):
            part = _play_chunk(args)
            outcomes.extend(part)
            if progress is not None:
                progress(len(part))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, _init_worker, (scenario.data, scenario.path, kinds)) as pool:
            for part in pool.imap_unordered(_play_chunk, _chunks(seed, games, chunk)):
                outcomes.extend(part)
                if progress is not None:
                    progress(len(part))
    seconds = time.perf_counter() - started
    outcomes.sort(key=lambda o: o.index)
    wins = Counter(o.winner for o in outcomes if o.winner is not None)
    results = {side: wins.get(side, 0) for side in scenario.combatants}
    n = len(outcomes)
    return Summary(
        scenario=scenario.id,
        games=n,
        seed=seed,
        workers=workers,
        results=results,
        draws=sum(1 for o in outcomes if o.winner is None),
        how=dict(sorted(Counter(o.how for o in outcomes).items())),
        mean_turns=sum(o.turns for o in outcomes) / n if n else 0.0,
        mean_decisions=sum(o.decisions for o in outcomes) / n if n else 0.0,
        seconds=seconds,
        intervals={side: wilson(results[side], n) for side in scenario.combatants},
        lengths=_lengths(outcomes, scenario.combatants),
    )


def _lengths(outcomes: list[GameOutcome], sides: list[str]) -> dict[str, dict[int, int]]:
    out: dict[str, dict[int, int]] = {side: {} for side in [*sides, "draw"]}
    for o in outcomes:
        row = out[o.winner or "draw"]
        row[o.turns] = row.get(o.turns, 0) + 1
    return {k: dict(sorted(v.items())) for k, v in out.items()}
