"""Batch simulation: many AI-against-AI games on local processes or a Ray cluster.

Game ``i`` of a run with seed ``s`` always uses the same dice and the same AI
seeds, whichever worker or backend plays it (see :mod:`quarterdeck.sim.games`),
so the results depend on the seed alone and never on the number of workers.
Games come back in chunks, in order; the summary is counted as they come and
each game's row is handed on at once, so memory stays flat however long the run.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from quarterdeck.core.scenario import Scenario, build
from quarterdeck.sim.games import GameOutcome, Setup, game_seed, play_game, play_games

__all__ = ["GameOutcome", "Summary", "game_seed", "play_game", "simulate", "wilson"]

BACKENDS: Final[tuple[str, ...]] = ("local", "ray")

Chunk = tuple[int, int, int]  # run seed, first game, one past the last game


_WORKER: Final[dict[str, Any]] = {}


def _init_worker(
    data: dict[str, Any], where: str, kinds: dict[str, str] | None, games: int
) -> None:
    _WORKER["scenario"] = build(data, where)
    _WORKER["kinds"] = kinds
    # the worker's chunks share one Setup (its opening looked for once, in a
    # run of enough games: Setup.games)
    _WORKER["setup"] = Setup(_WORKER["scenario"], kinds, games)


def play_chunk(
    scenario: Scenario, kinds: dict[str, str] | None, chunk: Chunk, setup: Setup | None = None
) -> list[GameOutcome]:
    """Games ``start`` to ``stop - 1`` of the run seeded ``seed``; ``setup``:
    the run's :class:`Setup`, where its chunks share one (play_games)."""
    seed, start, stop = chunk
    return play_games(scenario, [(i, game_seed(seed, i)) for i in range(start, stop)], kinds, setup)


def _play_chunk(chunk: Chunk) -> list[GameOutcome]:
    return play_chunk(_WORKER["scenario"], _WORKER["kinds"], chunk, _WORKER["setup"])


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
    """What a simulation run found, counted game by game (:meth:`add`)."""

    scenario: str
    seed: int
    workers: int
    sides: list[str]
    backend: str = "local"
    games: int = 0
    results: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    how: dict[str, int] = field(default_factory=dict)
    total_turns: int = 0
    total_decisions: int = 0
    seconds: float = 0.0
    lengths: dict[str, dict[int, int]] = field(default_factory=dict)  # result -> turns -> games
    losses: dict[str, dict[int, int]] = field(default_factory=dict)  # side -> ships lost -> games
    points: dict[str, dict[int, int]] = field(default_factory=dict)  # side -> points -> games

    def __post_init__(self) -> None:
        self.results = self.results or dict.fromkeys(self.sides, 0)
        self.lengths = self.lengths or {s: {} for s in [*self.sides, "draw"]}

    def add(self, o: GameOutcome) -> None:
        self.games += 1
        winner = o.winner
        if winner is None:
            self.draws += 1
        else:
            self.results[winner] = self.results.get(winner, 0) + 1
        self.how[o.how] = self.how.get(o.how, 0) + 1
        turns = o.turns
        self.total_turns += turns
        self.total_decisions += o.decisions
        # (a table's row made only when first needed: this runs for every game)
        row = self.lengths.get(winner or "draw")
        if row is None:
            row = self.lengths[winner or "draw"] = {}
        row[turns] = row.get(turns, 0) + 1
        for into, values in ((self.losses, o.losses), (self.points, o.points)):
            for side, value in values.items():
                counts = into.get(side)
                if counts is None:
                    counts = into[side] = {}
                counts[value] = counts.get(value, 0) + 1

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.games if self.games else 0.0

    @property
    def mean_decisions(self) -> float:
        return self.total_decisions / self.games if self.games else 0.0

    @property
    def intervals(self) -> dict[str, tuple[float, float]]:
        return {side: wilson(self.results.get(side, 0), self.games) for side in self.sides}

    @property
    def draw_interval(self) -> tuple[float, float]:
        """The draws' 95% interval: a share of the games, as a side's wins."""
        return wilson(self.draws, self.games)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def mean(self, counts: dict[int, int]) -> float:
        n = sum(counts.values())
        return sum(v * k for v, k in counts.items()) / n if n else 0.0

    def to_json(self) -> dict[str, Any]:
        def keyed(table: dict[str, dict[int, int]]) -> dict[str, dict[str, int]]:
            return {k: {str(t): n for t, n in sorted(v.items())} for k, v in table.items()}

        return {
            "scenario": self.scenario,
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "backend": self.backend,
            "results": self.results,
            "win_rate": {s: w / self.games for s, w in self.results.items()} if self.games else {},
            "win_rate_ci95": {s: list(ci) for s, ci in self.intervals.items()},
            "draws": self.draws,
            "draw_rate": self.draws / self.games if self.games else 0.0,
            "draw_rate_ci95": list(self.draw_interval),
            "how": dict(sorted(self.how.items())),
            "mean_turns": self.mean_turns,
            "mean_decisions": self.mean_decisions,
            "turns_by_result": keyed(self.lengths),
            "losses": keyed(self.losses),
            "mean_losses": {s: self.mean(c) for s, c in self.losses.items()},
            "points": keyed(self.points),
            "mean_points": {s: self.mean(c) for s, c in self.points.items()},
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


def chunks(seed: int, games: int, size: int) -> Iterator[Chunk]:
    for start in range(0, games, size):
        yield (seed, start, min(games, start + size))


def chunk_size(games: int, workers: int) -> int:
    """Small enough that every worker gets several chunks (even loads, a
    live progress bar), large enough that handing them out costs little."""
    return max(1, min(200, games // max(1, workers * 8)))


def _local(
    scenario: Scenario, games: int, seed: int, workers: int, kinds: dict[str, str] | None
) -> Iterator[list[GameOutcome]]:
    size = chunk_size(games, workers)
    if workers <= 1:
        setup = Setup(scenario, kinds, games)  # one for the run: its opening looked for once
        for chunk in chunks(seed, games, size):
            yield play_chunk(scenario, kinds, chunk, setup)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers, _init_worker, (scenario.data, scenario.path, kinds, games)) as pool:
        yield from pool.imap(_play_chunk, chunks(seed, games, size))


def simulate(
    scenario: Scenario,
    games: int,
    seed: int = 0,
    workers: int = 1,
    kinds: dict[str, str] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> Summary:
    """Play ``games`` games of ``scenario`` and summarise who won and how.

    ``backend`` is ``local`` (``workers`` processes on this machine) or
    ``ray`` (a Ray cluster at ``address``, or a local Ray instance with
    ``workers`` CPUs when no address is given). ``on_game`` sees every game's
    outcome in game order (for ``--out``)."""
    if backend not in BACKENDS:
        raise ValueError(f"backend {backend!r} (legal values: {', '.join(BACKENDS)})")
    started = time.perf_counter()
    summary = Summary(scenario.id, seed, workers, scenario.combatants, backend)
    if backend == "ray":
        from quarterdeck.sim.ray_backend import ray_chunks

        parts = ray_chunks(scenario, games, seed, workers, kinds, address)
    else:
        parts = _local(scenario, games, seed, workers, kinds)
    for part in parts:
        for outcome in part:
            summary.add(outcome)
            if on_game is not None:
                on_game(outcome)
        if progress is not None:
            progress(len(part))
    summary.seconds = time.perf_counter() - started
    return summary
