"""The move made: quarter moves, fastest first, and what each quarter meets
(Movement; Navigational hazards; Torpedoes and Anchored Mines; Ramming).

Every ship's leg (``movement.make_leg``) is made in four quarters. In each
quarter the ships move in order of speed, fastest first, so that of two
paths that cross the faster ship gets there first. After each ship's quarter
the program looks for what she met: the table's edge (she leaves it), land
or the shore within an inch, water too shallow for her, stakes, rocks, spar
chains, wrecks, mined areas, and other ships (a ram, a collision, a slide).
In the first move, a ship may fire after any quarter of her move (the move
pauses for the fire orders of those ships).
"""

from __future__ import annotations

import math
from typing import Any, Final

from shapely.geometry import LineString

from quarterdeck.core.engine import Context
from quarterdeck.core.geometry import Box, box_apart, segment_distance, unit
from quarterdeck.rulesets.acw_river import fireships
from quarterdeck.rulesets.acw_river.damage import mine_explodes, spar_attack
from quarterdeck.rulesets.acw_river.hazards import (
    chain_cross,
    ground,
    stuck_test,
    wreck_passable,
)
from quarterdeck.rulesets.acw_river.movement import quarter_pose, swing_at_anchor
from quarterdeck.rulesets.acw_river.ramming import ram_angle, resolve_ram
from quarterdeck.rulesets.acw_river.state import Feature, MoveLeg, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import (
    features_crossed,
    geometry,
    hull,
    on_land,
    path_near_land,
    rect,
    tide_at,
)
from quarterdeck.rulesets.acw_river.visibility import knowers, say, update_sightings

R_MOVE: Final = "Movement"
R_EXIT: Final = "Movement (leaving the table)"
R_CONTACT: Final = "Ramming"
R_MINES: Final = "Torpedoes and Anchored Mines"

Vec = tuple[float, float]


def contact_gap(a: Ship, b: Ship) -> float:
    """How far apart two hulls are (keel distance less half their beams)."""
    ha, hb = hull(a), hull(b)
    return segment_distance(ha.bow, ha.stern, hb.bow, hb.stern) - (a.beam + b.beam) / 2


_MARGIN: Final = 1e-6
"""Inches beyond touching that the box test in :func:`step` keeps clear of
(rounding is far smaller), so that it never decides what
:func:`contact_gap` would not."""


def movers(state: State) -> list[tuple[Ship, MoveLeg]]:
    """Ships still moving this quarter, fastest first (Movement: where paths
    conflict, the fastest moving ship first)."""
    out = []
    for sid, leg in state.moves.items():
        ship = state.ships[sid]
        if leg.stopped or not ship.afloat or ship.status == "exited":
            continue
        if leg.speed == 0 and leg.drift == (0.0, 0.0):
            continue
        out.append((ship, leg))
    # the fastest first; of equal speed, the one further along her way first
    # (the leader of a column before the ships astern of her)
    out.sort(key=lambda p: (-abs(p[1].speed), -_ahead(p[0], p[1].speed), p[0].id))
    return out


def _ahead(ship: Ship, speed: int) -> float:
    r = math.radians(ship.heading)
    way = 1.0 if speed >= 0 else -1.0
    return way * (ship.x * math.sin(r) + ship.y * math.cos(r))


def run_quarter(state: State, t: Tables, ctx: Context) -> None:
    """Move every ship one quarter of her leg."""
    for ship, leg in movers(state):
        if not leg.stopped and ship.afloat and ship.status != "exited":
            step(state, ship, leg, t, ctx)
        if ship.towing:
            fireships.follow(state, ship, t)
    update_sightings(state, t, ctx)


def step(state: State, ship: Ship, leg: MoveLeg, t: Tables, ctx: Context) -> None:
    """One quarter for one ship, and what she meets on the way."""
    old = (ship.x, ship.y, ship.heading)
    x, y, h = quarter_pose(ship, leg, t)
    a, b = (ship.x, ship.y), (x, y)
    table = state.table
    # the table's ends: she steams off it (through the blockade, or away)
    if y > table.length or y < 0:
        ship.x, ship.y, ship.heading = x, y, h
        ship.status = "exited"
        ship.exit_edge = "upstream" if y > table.length else "downstream"
        leg.stopped = True
        say(state, ctx, f"{ship.name} leaves the table {ship.exit_edge}", R_EXIT, ship)
        return
    if x < 0 or x > table.width or on_land(state, b) or on_land(state, _bow(x, y, h, ship)):
        leg.stopped = True
        if "shore" not in leg.crossed:
            leg.crossed.append("shore")
            stuck_test(state, ship, "shore", "the shore", ctx, t)
        return
    ship.x, ship.y, ship.heading = x, y, h
    if _hazards(state, ship, leg, a, b, t, ctx):
        leg.stopped = True
        ship.speed = 0
        return
    _mines(state, ship, leg, a, b, t, ctx)
    if not ship.afloat:
        leg.stopped = True
        return
    # a cheap look before contact_gap: where the boxes round the two keels
    # lie further apart than half their beams, the hulls cannot touch
    ax0, ay0, ax1, ay1 = hull(ship).box
    sx, sy = ship.x, ship.y
    for other in state.ships.values():
        if other.id == ship.id or not other.afloat or other.status == "exited":
            continue
        if other.id in (ship.locked, ship.towing, ship.towed_by):
            continue
        r = (ship.beam + other.beam) / 2 + _MARGIN
        # cheaper still, before her keel is looked up: a keel lies within
        # half her length of her pose (mid-model), so where the poses lie
        # further apart than half their lengths (and r, and a margin) the
        # boxes below lie further apart than r
        reach = (ship.length + other.length) / 2 + r + _MARGIN
        if abs(other.x - sx) > reach or abs(other.y - sy) > reach:
            continue
        bx0, by0, bx1, by1 = hull(other).box
        if ax1 + r < bx0 or bx1 + r < ax0 or ay1 + r < by0 or by1 + r < ay0:
            continue
        gap = contact_gap(ship, other)
        if gap <= 0 and not _parting(ship, other, old, gap):
            _contact(state, ship, other, leg, old, t, ctx)
            return


def _parting(ship: Ship, other: Ship, old: tuple[float, float, float], gap: float) -> bool:
    """Whether a ship already touching ``other`` when the quarter began is
    drawing off or sliding along her, not closing (Ramming: the rammer backs
    off, or slides along and plots a new course; she is not held fast)."""
    now = (ship.x, ship.y, ship.heading)
    ship.x, ship.y, ship.heading = old
    before = contact_gap(ship, other)
    ship.x, ship.y, ship.heading = now
    return before <= 0 and gap >= before - 1e-9


def _bow(x: float, y: float, h: float, ship: Ship) -> Vec:
    # Pose(x, y, h).advance(ship.length / 2), without making the poses
    ux, uy = unit(h)
    inches = ship.length / 2
    return (x + ux * inches, y + uy * inches)


def _hazards(
    state: State, ship: Ship, leg: MoveLeg, a: Vec, b: Vec, t: Tables, ctx: Context
) -> bool:
    """Hazards along the quarter's path; returns whether she is stopped."""
    if "shore" not in leg.crossed and path_near_land(state, a, b, t.hazards.shore):
        leg.crossed.append("shore")
        if stuck_test(state, ship, "shore", "water within an inch of the shore", ctx, t):
            return True
    for f in features_crossed(state, a, b, ("shoal", "stakes", "rocks", "chain", "wreck")):
        what = f.label or f.kind
        # a sandbar at least as deep as her draught (with the tide) is no hazard
        # to her: its own depth, wherever in the quarter she crosses it
        deep = f.depth is not None and f.depth + tide_at(state.table, b, t) >= ship.draught
        if f.kind == "shoal" and deep:
            continue
        if t.hazards.method == "per-inch" and f.kind in ("shoal", "stakes", "rocks"):
            if _inch_by_inch(state, ship, leg, f, a, b, t, ctx):
                return True
            continue
        if f.id in leg.crossed:
            continue
        leg.crossed.append(f.id)
        if f.kind == "shoal":
            if stuck_test(state, ship, "shoal", what, ctx, t):
                return True
        elif f.kind in ("stakes", "rocks"):
            if stuck_test(state, ship, f.kind, what, ctx, t):
                return True
        elif f.kind == "chain":
            if not chain_cross(state, ship, leg.speed, ctx, t):
                ship.x, ship.y = a
                return True
        elif f.kind == "wreck":
            if f.id == f"wreck-{ship.id}" or wreck_passable(state, f.since, t):
                continue
            ground(state, ship, "wreck", ctx, f"snagged on the {what}")
            return True

    # the open water (the sandbars have had their own test above)
    def water(p: Vec) -> float:
        return state.table.depth + tide_at(state.table, p, t)

    deep_enough = water(a) >= ship.draught
    if "depth" not in leg.crossed and deep_enough and water(b) < ship.draught:
        # into water too shallow for her, out of water deep enough (a river
        # shallower than her draught all over is no new hazard each move)
        leg.crossed.append("depth")
        if stuck_test(state, ship, "shoal", "water too shallow for her draught", ctx, t):
            return True
    return False


def _inch_by_inch(
    state: State,
    ship: Ship,
    leg: MoveLeg,
    f: Feature,
    a: Vec,
    b: Vec,
    t: Tables,
    ctx: Context,
) -> bool:
    """Navigational hazards, the alternative way: one die for each inch she
    makes through a shoal, stakes or rocks; stuck, she goes an inch further,
    stops and must reverse off. Returns whether she is stuck."""
    from shapely.geometry import LineString, Point

    line = LineString([a, b])
    inside = geometry(state).polygons[f.id].intersection(line)
    length = float(inside.length)
    if length <= 0:
        return False
    before = leg.inside.get(f.id, 0.0)
    after = before + length
    leg.inside[f.id] = after
    parts = getattr(inside, "geoms", [inside])
    entry = min(line.project(Point(c)) for part in parts for c in part.coords)
    for inch in range(math.floor(before + 1e-9) + 1, math.floor(after + 1e-9) + 1):
        if not stuck_test(state, ship, f.kind, f"an inch of {f.label or f.kind}", ctx, t):
            continue
        at = line.interpolate(entry + inch - before)
        way = (b[0] - a[0], b[1] - a[1])
        norm = math.hypot(*way) or 1.0
        further = (at.x + way[0] / norm, at.y + way[1] / norm)
        stop = further if not on_land(state, further) else (at.x, at.y)
        ship.x, ship.y = round(stop[0], 3), round(stop[1], 3)
        return True
    return False


def _mines(state: State, ship: Ship, leg: MoveLeg, a: Vec, b: Vec, t: Tables, ctx: Context) -> None:
    """Mined areas crossed this quarter: a real one throws for the torpedo
    (Torpedoes and Anchored Mines); a dummy is found out. Either way her side
    now knows which it was."""
    line: LineString | None = None
    for mf in state.minefields:
        key = f"mines:{mf.id}"
        if key in leg.crossed:
            continue
        area, box = _mined_area(mf.x, mf.y, mf.w, mf.h)
        if box_apart(a, b, box):
            continue
        if line is None:
            line = LineString([a, b]) if a != b else LineString([a, (a[0] + 1e-6, a[1])])
        if not area.intersects(line):
            continue
        leg.crossed.append(key)
        for side in (ship.side, mf.owner):
            if side not in mf.known_to:
                mf.known_to.append(side)
        if mf.real:
            seat = mf.owner if mf.owner in knowers(state, ship) else ship.side
            mine_explodes(state, ship, seat, ctx, t)
        else:
            say(state, ctx, f"{ship.name} crosses a dummy mined area", R_MINES, ship)
        if not ship.afloat:
            return


_AREAS: Final[dict[tuple[float, float, float, float], tuple[Any, Box]]] = {}


def _mined_area(x: float, y: float, w: float, h: float) -> tuple[Any, Box]:
    """A mined area's rectangle as a shapely polygon, with its box: made
    once for each place and size (a mined area never moves)."""
    key = (x, y, w, h)
    found = _AREAS.get(key)
    if found is None:
        from shapely.geometry import Polygon

        corners = rect(x, y, w, h)
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        found = (Polygon(corners), (min(xs), min(ys), max(xs), max(ys)))
        if len(_AREAS) >= 1000:
            _AREAS.clear()
        _AREAS[key] = found
    return found


def _contact(
    state: State,
    ship: Ship,
    other: Ship,
    leg: MoveLeg,
    old: tuple[float, float, float],
    t: Tables,
    ctx: Context,
) -> None:
    """Two hulls meet (Ramming). Friends, a glancing blow under 45 degrees, a
    stern or a drifting hull: she stops short. A bow into an enemy's side at
    45 to 90 degrees: a ram, controlled if she was ordered and passed her
    test, else uncontrolled; both stop. A spar torpedo goes off instead of a
    ram if she was ordered to use it on this ship."""
    ship.x, ship.y, ship.heading = old
    leg.stopped = True
    for s, o in ((ship, other), (other, ship)):
        seen = state.sighted.setdefault(s.side, [])
        if o.side != s.side and o.id not in seen:
            seen.append(o.id)
    if other.side == ship.side:
        say(state, ctx, f"{ship.name} stops short of {other.name}", R_MOVE, ship, other)
        return
    other_leg = state.moves.get(other.id)
    rammer, target, rleg = ship, other, leg
    hs, ho = hull(ship), hull(other)
    d_mine = ho.range_to_point(hs.bow)
    d_theirs = hs.range_to_point(ho.bow)
    if d_theirs < d_mine and other_leg is not None and other_leg.speed > 0:
        rammer, target, rleg = other, ship, other_leg
    elif leg.speed <= 0:
        say(state, ctx, f"{ship.name} bumps {other.name}", R_MOVE, ship, other)
        return
    if ram_angle(rammer, target) < t.ramming.min_angle:
        say(
            state,
            ctx,
            f"{rammer.name} slides along {target.name} (under {t.ramming.min_angle:g} degrees)",
            R_CONTACT,
            rammer,
            target,
        )
        return
    if other_leg is not None:
        other_leg.stopped = True
    rammer.speed = target.speed = 0
    plot = state.plots.get(rammer.side, {}).get(rammer.id)
    if plot is not None and plot.action == f"spar:{target.id}" and rammer.spar:
        spar_attack(state, rammer, target, ctx, t)
        return
    resolve_ram(state, rammer, target, rleg.speed, rleg.ram == target.id, ctx, t)


def finish_move(state: State, t: Tables, ctx: Context) -> None:
    """The move is made: speeds carried to the next move, anchors swing."""
    for sid, leg in state.moves.items():
        ship = state.ships[sid]
        if not ship.afloat:
            continue
        ship.speed = 0 if (leg.stopped or ship.aground is not None) else leg.speed
        if ship.status == "abandoned":
            ship.speed = 0
        swung = swing_at_anchor(state, ship, t)
        if swung:
            say(state, ctx, f"{ship.name} swings {abs(swung):g} degrees at anchor", R_MOVE, ship)
    fireships.spread(state, ctx, t)
    state.moves = {}
    state.quarter = 0
