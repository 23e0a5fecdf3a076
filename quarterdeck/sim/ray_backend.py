"""The Ray backend of ``quarterdeck simulate``: the same chunks of games as the
local process pool, played as Ray tasks on a cluster (or a local Ray instance).

Ray is an optional extra (``pip install -e '.[ray]'``); every node of a
cluster needs Quarterdeck installed in the same version. Each task carries the
scenario as plain data and builds it (and its :class:`Setup`) once per worker
process; chunks come back in game order, with at most a few per CPU in
flight, so the driver's memory stays flat however many games the run has.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from quarterdeck.core.errors import QuarterdeckError
from quarterdeck.core.scenario import Scenario, build
from quarterdeck.sim.games import GameOutcome, Setup

_BUILT: dict[str, Scenario] = {}
_SETUPS: dict[tuple[str, str], Setup] = {}


def _scenario(key: str, data: dict[str, Any], where: str) -> Scenario:
    found = _BUILT.get(key)
    if found is None:
        found = _BUILT[key] = build(data, where)
    return found


def run_chunk(
    key: str,
    data: dict[str, Any],
    where: str,
    kinds: dict[str, str] | None,
    chunk: tuple[int, int, int],
    games: int = 0,
) -> list[GameOutcome]:
    """One chunk of games, in a Ray worker (or anywhere: it is plain Python).
    A worker's chunks of the same scenario and players share one
    :class:`Setup`, as a local worker's do (the opening every game plays
    alike looked for once: quarterdeck.sim.games.Setup.find_opening, where
    the run, of ``games`` games, is long enough: ``Setup.games``)."""
    from quarterdeck.sim.runner import play_chunk

    scenario = _scenario(key, data, where)
    which = (key, json.dumps(kinds, sort_keys=True))
    setup = _SETUPS.get(which)
    if setup is None:
        setup = _SETUPS[which] = Setup(scenario, kinds, games)
    elif not setup.searched:  # a later run on a long-lived worker may be longer
        setup.games = max(setup.games, games)
    return play_chunk(scenario, kinds, chunk, setup)


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise QuarterdeckError(
            "--backend ray needs Ray: pip install -e '.[ray]' (or pip install 'ray[default]')"
        ) from None
    return ray


def ray_chunks(
    scenario: Scenario,
    games: int,
    seed: int,
    workers: int,
    kinds: dict[str, str] | None,
    address: str | None,
) -> Iterator[list[GameOutcome]]:
    """Play the run's chunks as Ray tasks and yield their outcomes in order."""
    from quarterdeck.sim.runner import chunk_size, chunks

    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=workers, **options)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        remote = ray.remote(num_cpus=1, max_retries=3)(run_chunk)
        key = hashlib.sha256(json.dumps(scenario.data, sort_keys=True).encode()).hexdigest()
        data = ray.put(scenario.data)
        todo = chunks(seed, games, chunk_size(games, cpus))
        window = cpus * 3
        in_flight: list[Any] = []
        for chunk in todo:
            in_flight.append(remote.remote(key, data, scenario.path, kinds, chunk, games))
            if len(in_flight) >= window:
                yield ray.get(in_flight.pop(0))
        while in_flight:
            yield ray.get(in_flight.pop(0))
    finally:
        if started_here:
            ray.shutdown()
