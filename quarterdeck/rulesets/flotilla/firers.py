"""Flotilla: who may fire now (Firing: Battery firing aboard ships, "each
ship fires once a turn"; Captain's Morale: no firing while retiring;
Artillery fire against land based batteries; Small arms fire).

At every fire point of a move (Sequence of play, steps 3 and 4) a side is
asked which of its units could fire: ships with a battery unfired that has
a target (:func:`any_ready`, its answer for a ship kept while nothing it
reads has changed), land batteries, men ashore (:func:`firers`). The
targets themselves, arcs, ranges and sight, are :mod:`fire`'s.
"""

from __future__ import annotations

from typing import Any, Final

from quarterdeck.core.geometry import Terrain
from quarterdeck.rulesets.flotilla.fire import (
    Mark,
    battery_shots,
    fort_shots,
    marks,
    small_arms_shots,
    terrain,
)
from quarterdeck.rulesets.flotilla.state import Battery, Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables


def can_fire_ship(ship: Ship) -> bool:
    """A ship fires once a turn, all its batteries together; not while
    retiring or withdrawing (Captain's Morale: no firing while retiring),
    not the turn after firing more than two batteries."""
    if not ship.afloat or ship.fired or ship.no_fire or ship.mood in ("retire", "withdrawing"):
        return False
    # a battery unfired with dice (a loop, no generator: asked at every fire point)
    for b in ship.batteries:  # noqa: SIM110
        if not b.fired and b.dice > 0:
            return True
    return False


def battery_ready(
    state: State, t: Tables, ship: Ship, b: Battery, seen: list[Mark] | None = None
) -> bool:
    """Whether a battery has dice, has not fired, and has a target."""
    return (
        not b.fired and b.dice > 0 and bool(battery_shots(state, t, ship, b, first=True, seen=seen))
    )


def ready_batteries(state: State, t: Tables, ship: Ship) -> list[Battery]:
    """The ship's batteries that could fire now (:func:`battery_ready`)."""
    seen = marks(state, ship.side)
    return [b for b in ship.batteries if battery_ready(state, t, ship, b, seen)]


_READY_AT: Final[dict[str, int]] = {}
"""For each ship (by id), where among her batteries :func:`any_ready` last
found one ready: asked about first (most often the same battery still bears
at the next point of the move)."""


_READY_KNOWN: Final[dict[str, tuple[tuple[Any, ...], Tables, bool]]] = {}
""":func:`any_ready`'s last answer for each ship (by id), its key and tables."""


def _ready_key(ship: Ship, land: Terrain, seen: list[Mark]) -> tuple[Any, ...]:
    """All :func:`any_ready` reads but the tables: her place and turret, each
    battery's name, weight, fire and dice, the land and the enemy's marks."""
    guns = [(b.name, b.weight, b.fired, b.dice) for b in ship.batteries]
    turret = (ship.turret, ship.engine_turns, ship.turret_bearing)
    return (ship.x, ship.y, ship.heading, ship.length, turret, guns, land, tuple(seen))


def any_ready(state: State, t: Tables, ship: Ship, seen: list[Mark]) -> bool:
    """Whether any of the ship's batteries could fire now (:func:`battery_ready`;
    ``seen``: the enemy's :func:`marks`), given again while its key is
    unchanged (a ship is asked again at every point of the move)."""
    key = _ready_key(ship, terrain(state), seen)
    known = _READY_KNOWN.get(ship.id)
    if known is not None and known[1] is t and known[0] == key:
        return known[2]
    ready = _any_ready(state, t, ship, seen)
    if len(_READY_KNOWN) > 4096:
        _READY_KNOWN.clear()
    _READY_KNOWN[ship.id] = (key, t, ready)
    return ready


def _any_ready(state: State, t: Tables, ship: Ship, seen: list[Mark]) -> bool:
    """:func:`any_ready` worked out. The battery last found ready is asked
    first: the answer does not depend on the order they are asked in, only
    how many are asked."""
    batteries = ship.batteries
    last = _READY_AT.get(ship.id, 0)
    if last < len(batteries) and battery_ready(state, t, ship, batteries[last], seen):
        return True
    for i, b in enumerate(batteries):
        if i != last and battery_ready(state, t, ship, b, seen):
            if len(_READY_AT) > 4096:
                _READY_AT.clear()
            _READY_AT[ship.id] = i
            return True
    return False


def firers(state: State, t: Tables, side: str) -> list[str]:
    """Units of ``side`` that could fire now at some target."""
    out = []
    seen: list[Mark] | None = None
    for ship in state.ships.values():
        if ship.side == side and can_fire_ship(ship):
            if seen is None:
                seen = marks(state, side)
            if any_ready(state, t, ship, seen):
                out.append(ship.id)
    for bat in state.batteries.values():
        if bat.side == side and bat.active and not bat.fired:
            if seen is None:
                seen = marks(state, side)
            if fort_shots(state, t, bat, True, seen=seen):
                out.append(bat.id)
    for tr in state.troops.values():
        if (
            tr.side == side
            and tr.alive
            and tr.men > 0
            and tr.aboard is None
            and not tr.fired
            and small_arms_shots(state, t, tr, first=True)
        ):
            out.append(tr.id)
    return out
