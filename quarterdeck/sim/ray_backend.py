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
import socket
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


ANSWER_WITHIN = 5.0
"""Seconds a cluster's head is given to answer before ``--address`` is
refused (Ray itself would go on trying for many minutes)."""


def check_address(address: str) -> None:
    """Refuse, at once and in one line, a cluster address whose head does
    not answer: ``HOST:PORT`` or ``ray://HOST:PORT`` (Ray's client), where
    nothing accepts a connection on that port within :data:`ANSWER_WITHIN`
    seconds. ``auto`` and ``local`` (Ray finds or starts its own) are left to
    Ray."""
    if address in ("auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, colon, port = where.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise QuarterdeckError(
            f"--address {address!r}: give the head node as HOST:PORT (e.g. 10.0.0.5:6379),"
            " ray://HOST:PORT, or auto"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=ANSWER_WITHIN):
            pass
    except OSError as e:
        raise QuarterdeckError(
            f"--address {address}: no Ray cluster answers there ({e.strerror or e});"
            " is its head node started (ray start --head) and the port right?"
        ) from None


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

    if address:
        check_address(address)
    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address:
            try:
                ray.init(address=address, **options)
            except (ConnectionError, TimeoutError, RuntimeError) as e:
                # (something answers there, but not a Ray cluster that lets us join)
                raise QuarterdeckError(
                    f"--address {address}: could not join a Ray cluster there ({e})"
                ) from None
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
