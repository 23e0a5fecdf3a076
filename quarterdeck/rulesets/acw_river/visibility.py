"""Visibility: what each side has in sight, and who may read what
(Visibility; Fog; Smoke; Towing Balloons).

Line of sight reaches 50 inches (less in fog). Ships behind islands (land)
or behind larger ships cannot be seen or fired on; nor through a cloud of
gun smoke on a windless day. An enemy ship is placed on a side's table once
one of its ships or forts has her in sight, and stays there (a model once
placed is not taken off); until then she is absent from that side's view,
and every line of the log about her is written for her own side alone, every
roll about her rolled in secret.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, Final

from shapely.geometry import LineString, Point

from quarterdeck.core.engine import Context
from quarterdeck.core.geometry import point_segment_distance, segment_distance
from quarterdeck.rulesets.acw_river.state import Fort, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import hull, keel_range, land_blocks

R_VIS: Final = "Visibility"
R_FOG: Final = "Fog"
R_SMOKE: Final = "Smoke"
R_BALLOON: Final = "Towing Balloons"

Vec = tuple[float, float]

_MARGIN: Final = 1e-6
"""Inches beyond a blocking distance that a box test keeps clear of, so
that rounding never decides what the exact test would not."""


def sight_range(state: State, t: Tables) -> float:
    """50 inches, or the fog's visibility while it lasts."""
    if state.table.fog is not None:
        return min(t.visibility.range, state.table.fog)
    return t.visibility.range


def knowers(state: State, ship: Ship) -> set[str]:
    """The sides that have this ship on their table: hers, and those that
    have sighted her."""
    out = {ship.side, ship.owner}
    for side, seen in state.sighted.items():
        if ship.id in seen:
            out.add(side)
    return out & set(state.sides)


def audience(state: State, ships: Iterable[Ship]) -> tuple[str, ...] | None:
    """Who may read a log line about these ships: every side (None, a public
    line) if every side has them all on its table, else the sides that do."""
    sides = set(state.sides)
    for ship in ships:
        sides &= knowers(state, ship)
    if sides == set(state.sides):
        return None
    return tuple(sorted(sides))


def secret_for(state: State, ship: Ship) -> bool:
    """Whether a roll about this ship is secret (some side has not sighted her)."""
    return audience(state, [ship]) is not None


def say(state: State, ctx: Context, text: str, rule: str, *ships: Ship) -> None:
    """A log line about ``ships``, for the sides that have them all in sight
    (who they are worked out only where there is a log)."""
    if ctx.logging:
        ctx.log(text, rule, seats=audience(state, ships))


def _points(ship: Ship) -> list[Vec]:
    h = hull(ship)
    return [h.bow, h.middle, h.stern]


def known(state: State, knower: str | None, sid: str) -> bool:
    """Whether ``knower`` has this ship on its table (None: the truth)."""
    if knower is None:
        return True
    ship = state.ships[sid]
    return ship.side == knower or sid in state.sighted.get(knower, [])


def may_block(other: Ship, target_spv: int) -> bool:
    """Whether ``other`` could stand in a sight line to a ship of
    ``target_spv`` (Visibility): only a ship afloat and larger than she is
    blocks it. Read by :func:`clear_line` and by the fire round's judged
    shots (``orders._judged_true``)."""
    return other.afloat and other.spv_start > target_spv


Blocker = tuple[float, float, float, float, float, Vec, Vec, float]
"""A ship that may stand in a sight line (:func:`blockers`): her keel's box,
half her beam and a margin, her bow and stern, half her beam."""


def blockers(
    state: State, target_spv: int, skip: tuple[str, ...], knower: str | None = None
) -> list[Blocker]:
    """The ships that may block a sight line to a ship of ``target_spv``
    (Visibility: :func:`may_block`), but for those of ``skip``; with
    ``knower``, only those that side knows of (:func:`known`). The same for
    every line drawn to the same target (the points of her keel)."""
    # known(state, knower, sid), the side's sightings read once
    seen = state.sighted.get(knower, []) if knower is not None else None
    out: list[Blocker] = []
    for sid, other in state.ships.items():
        if sid in skip or not may_block(other, target_spv):
            continue
        if seen is not None and other.side != knower and sid not in seen:
            continue
        h = hull(other)
        half = other.beam / 2
        r = half + _MARGIN
        hx0, hy0, hx1, hy1 = h.box
        out.append((hx0, hy0, hx1, hy1, r, h.bow, h.stern, half))
    return out


def clear_line(
    state: State,
    a: Vec,
    b: Vec,
    target_spv: int,
    skip: tuple[str, ...],
    t: Tables,
    knower: str | None = None,
    ships: list[Blocker] | None = None,
) -> bool:
    """Whether nothing blocks a sight line: no land, no larger ship, no smoke
    cloud between the two ends. With ``knower``, only the ships that side
    knows of count (what it may reckon with on its own table). ``ships``:
    :func:`blockers` of the same target, skip and knower, where the caller
    has them (it draws several lines to her). Each test
    is pure, so the cheaper ones come first: the ships (a larger ship in
    the way is far more often the cause than land), then land, then smoke."""
    x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    if ships is None:
        ships = blockers(state, target_spv, skip, knower)
    for hx0, hy0, hx1, hy1, r, bow, stern, half in ships:
        # a hull whose box lies further off the line's box than half her
        # beam (and a margin over rounding) cannot stand in the way
        if hx1 < x0 - r or hx0 > x1 + r or hy1 < y0 - r or hy0 > y1 + r:
            continue
        if segment_distance(a, b, bow, stern) <= half:
            return False
    if land_blocks(state, a, b):
        return False
    if state.smoke:
        line: LineString | Point | None = None
        for cloud in state.smoke:
            if cloud.ship in skip or (
                cloud.ship in state.ships and not known(state, knower, cloud.ship)
            ):
                continue
            # the cloud is a polygon inside its circle: a line further off
            # its centre than its size (and a margin) misses it
            if point_segment_distance((cloud.x, cloud.y), a, b) > cloud.size + _MARGIN:
                continue
            if line is None:
                line = LineString([a, b]) if a != b else Point(a)
            if _cloud(cloud.x, cloud.y, cloud.size).intersects(line):
                return False
    return True


_CLOUDS: Final[dict[tuple[float, float, float], Any]] = {}


def _cloud(x: float, y: float, size: float) -> Any:
    """A smoke cloud's shape (a point buffered by its size), made once for
    each place and size for the sight lines drawn past it."""
    key = (x, y, size)
    found = _CLOUDS.get(key)
    if found is None:
        found = Point(x, y).buffer(size)
        if len(_CLOUDS) >= 1000:
            _CLOUDS.clear()
        _CLOUDS[key] = found
    return found


def ship_sees(
    state: State,
    viewer: Ship,
    target: Ship,
    t: Tables,
    unlimited: bool = False,
    knower: str | None = None,
    gap: float | None = None,
) -> bool:
    """Whether ``viewer`` has ``target`` in sight now (a balloon aloft sees
    all areas where nothing blocks the line). ``gap``: the range between
    their hulls, where the caller has it already."""
    if not unlimited:
        reach = sight_range(state, t)
        if gap is None:
            # a keel lies within half her length of her pose (mid-model): poses
            # further apart than the reach and both half lengths (and a margin
            # over rounding) are keels further apart than the reach
            apart = math.hypot(target.x - viewer.x, target.y - viewer.y)
            if apart - (viewer.length + target.length) / 2 > reach + _MARGIN:
                return False
            gap = keel_range(viewer, target)
        if gap > reach:
            return False
    skip = (viewer.id, target.id)
    spv = target.spv_start
    ships = blockers(state, spv, skip, knower)
    a = (viewer.x, viewer.y)
    return any(clear_line(state, a, p, spv, skip, t, knower, ships) for p in _points(target))


def fort_sees(
    state: State,
    fort: Fort,
    target: Ship,
    t: Tables,
    knower: str | None = None,
    gap: float | None = None,
) -> bool:
    """Whether the fort has ``target`` in sight; like a ship, it sees
    through its own guns' smoke, not through anyone else's. ``gap``: the
    range from the fort to her hull, where the caller has it already."""
    if gap is None:
        gap = hull(target).range_to_point((fort.x, fort.y))
    if gap > sight_range(state, t) + max(fort.w, fort.h) / 2:
        return False
    skip = (fort.id, target.id)
    spv = target.spv_start
    ships = blockers(state, spv, skip, knower)
    a = (fort.x, fort.y)
    return any(clear_line(state, a, p, spv, skip, t, knower, ships) for p in _points(target))


def side_sees(state: State, side: str, target: Ship, t: Tables) -> bool:
    """Whether any ship or fort of ``side`` has ``target`` in sight now."""
    for ship in state.ships.values():
        if ship.side != side or not ship.afloat or ship.status == "abandoned":
            continue
        aloft = ship.balloon and 0 < ship.balloon_up <= state.turn
        if ship_sees(state, ship, target, t, unlimited=aloft):
            return True
    return any(
        fort.side == side and fort.status != "abandoned" and fort_sees(state, fort, target, t)
        for fort in state.forts.values()
    )


def update_sightings(state: State, t: Tables, ctx: Context) -> list[str]:
    """Place on each side's table the enemy ships it now has in sight
    (Visibility). Returns the ids newly sighted."""
    new: list[str] = []
    for side in state.sides:
        seen = state.sighted.setdefault(side, [])
        for ship in state.ships.values():
            if ship.side == side or ship.id in seen or ship.status in ("sunk", "exploded"):
                continue
            if ship.status == "exited":
                continue
            if side_sees(state, side, ship, t):
                seen.append(ship.id)
                new.append(ship.id)
                say(state, ctx, f"{ship.name} comes into sight of the {side} fleet", R_VIS, ship)
    return new


def in_sight(
    state: State,
    viewer: Ship | Fort,
    target: Ship,
    t: Tables,
    knower: str | None = None,
    gap: float | None = None,
) -> bool:
    """Whether the firer has the target in sight now (Visibility: ships
    hidden behind islands or larger ships cannot be fired upon). With
    ``knower``, as that side can judge it from its own table; ``gap``: the
    range between them (firing.gun_range), where the caller has it."""
    if isinstance(viewer, Fort):
        return fort_sees(state, viewer, target, t, knower, gap)
    return ship_sees(state, viewer, target, t, knower=knower, gap=gap)
