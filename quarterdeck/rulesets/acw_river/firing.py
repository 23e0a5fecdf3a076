"""Firing (Firing; Method; Difficult targets; Arcs of Fire; the rifled
32-pounder; the captain laying a gun).

Each gun that bears on the target, has a CPV, and is in range throws one die
a move: a hit on the score its kind needs at the range band (howitzer,
smoothbore, rifle: close, medium, long). A small target, or a bow or stern
shot, is one harder; the captain laying a gun adds his yellow die. Guns of
the heaviest groups fire only on alternate moves. A rifled 32-pounder that
throws a 1 throws again: a second 1 and it bursts, killing its crew (one
CPV). In the first move a ship may fire at any point of her move; after
that, at the end of the move.

Arcs: a turret fires into the one of its four arcs (forward, starboard,
aft, port: 90 degrees each) plotted for it; a forward turret never aft, an
aft one never forward, a centre one only to port or starboard. A pivot gun
in the open fires through 150 degrees (bow or stern pivots centred ahead or
astern, a midships pivot on either beam); every other gun 10 degrees either
side of its line. Mortars and fort guns fire all round.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least, faces
from quarterdeck.core.geometry import Pose, angle_diff, bearing, distance, norm_heading
from quarterdeck.rulesets.acw_river.commanders import in_command, readings
from quarterdeck.rulesets.acw_river.damage import (
    can_fire_gun,
    gunfire_hit,
    trigger,
)
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.state import Fort, Gun, Place, Ship, State, Turret
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import hull, keel_range
from quarterdeck.rulesets.acw_river.visibility import audience, in_sight, say, secret_for

R_FIRE: Final = "Firing"
R_METHOD: Final = "Firing: Method"
R_ALT: Final = "Firing: Note (alternate moves)"
R_BURST: Final = "Firing: Method (rifled 32 lbr)"
R_SMALL: Final = "Difficult targets"
R_ARCS: Final = "Arcs of Fire"
R_CAPTAIN: Final = "Gunnery and Ramming"

ARC_CENTRE: Final = {"forward": 0.0, "starboard": 90.0, "aft": 180.0, "port": -90.0}
MOUNT_CENTRE: Final = {"bow": 0.0, "stern": 180.0, "port": -90.0, "starboard": 90.0}
TURRET_ARCS: Final = {
    "single": ("forward", "starboard", "aft", "port"),
    "forward": ("forward", "starboard", "port"),
    "aft": ("aft", "starboard", "port"),
    "centre": ("starboard", "port"),
}

Vec = tuple[float, float]
MAX_RANGE: Final = 28.0  # the longest range of any gun (rifles, long)


def target_points(ship: Ship) -> list[Vec]:
    """Points along a target's keel that a gun may lay on."""
    h = hull(ship)
    (bx, by), (sx, sy) = h.bow, h.stern
    return [(bx + (sx - bx) * k / 4, by + (sy - by) * k / 4) for k in range(5)]


def relative_bearing(unit: Ship, point: Vec) -> float:
    """The bearing of ``point`` relative to the ship's heading, in (-180,
    180]: ``Pose.relative_bearing`` of her pose, without making the pose
    (the same sums)."""
    return angle_diff(unit.heading, bearing((unit.x, unit.y), point))


def _within(rel: float, centre: float, half: float) -> bool:
    return abs(angle_diff(centre, rel)) <= half + 1e-9


def gun_bears(ship: Ship, gun: Gun, point: Vec, t: Tables) -> bool:
    """Whether ``point`` is in the gun's arc (Arcs of Fire)."""
    return gun_bears_at(ship, gun, Pose(ship.x, ship.y, ship.heading).relative_bearing(point), t)


def gun_arcs(ship: Ship, gun: Gun, t: Tables) -> tuple[tuple[float, float], ...] | None:
    """The gun's arcs of fire (Arcs of Fire), each its centre (a relative
    bearing) and half its width; ``None``: all round (mortars, fort guns)."""
    f = t.firing
    if gun.mount in ("mortar", "fort"):
        return None
    if gun.mount == "turret":
        turret = next((tt for tt in ship.turrets if tt.id == gun.turret), None)
        if turret is None:
            return ()
        return ((ARC_CENTRE[turret.arc], f.turret_arc / 2),)
    half = f.pivot_arc / 2
    if gun.mount == "pivot-bow":
        return ((0.0, half),)
    if gun.mount == "pivot-stern":
        return ((180.0, half),)
    if gun.mount == "pivot":
        return ((90.0, half), (-90.0, half))
    return ((MOUNT_CENTRE[gun.mount], f.broadside_half_arc),)


def gun_bears_at(ship: Ship, gun: Gun, rel: float, t: Tables) -> bool:
    """Whether a point at relative bearing ``rel`` from the ship is in the
    gun's arc (Arcs of Fire)."""
    arcs = gun_arcs(ship, gun, t)
    return arcs is None or any(_within(rel, centre, half) for centre, half in arcs)


def _bears_on(
    ship: Ship, gun: Gun, rels: list[float], bears: dict[tuple[str, str], bool], t: Tables
) -> bool:
    """Whether ``gun`` bears on any of the target's points (relative
    bearings ``rels``), judged once for all the guns mounted alike in
    ``bears`` (Arcs of Fire)."""
    mounted = (gun.mount, gun.turret)
    bearing = bears.get(mounted)
    if bearing is None:
        arcs = gun_arcs(ship, gun, t)
        bearing = arcs is None or _any_within(rels, arcs)
        bears[mounted] = bearing
    return bearing


def _any_within(rels: list[float], arcs: tuple[tuple[float, float], ...]) -> bool:
    """Arcs of Fire: whether any of the relative bearings ``rels`` lies in
    any of the arcs (:func:`_within` of each, until one does: its sums written out)."""
    for centre, half in arcs:
        limit = half + 1e-9
        for rel in rels:
            # abs(angle_diff(centre, rel)) <= half + 1e-9, as _within has it
            d = rel - centre
            if not 0.0 <= d < 360.0:
                d = norm_heading(d)
            if d > 180.0:
                d -= 360.0
            if abs(d) <= limit:
                return True
    return False


def _keel_bearings(ship: Ship, target: Ship) -> list[float]:
    """Arcs of Fire: the relative bearings from ``ship`` of the target's keel points
    (:func:`relative_bearing` of each of :func:`target_points`: bearing and
    angle_diff, their sums written out)."""
    x, y, heading = ship.x, ship.y, ship.heading
    out = []
    for px, py in target_points(target):
        dx, dy = px - x, py - y
        # bearing((x, y), p)
        if dx == 0 and dy == 0:
            b = 0.0
        else:
            b = math.degrees(math.atan2(dx, dy))
            if not 0.0 <= b < 360.0:
                b = norm_heading(b)
        # angle_diff(heading, b)
        d = b - heading
        if not 0.0 <= d < 360.0:
            d = norm_heading(d)
        out.append(d - 360.0 if d > 180.0 else d)
    return out


def legal_arcs(turret: Turret) -> tuple[str, ...]:
    return TURRET_ARCS[turret.position]


def alternate_ok(gun: Gun, turn: int, t: Tables) -> bool:
    """Guns of the alternate-move groups fire again two moves after firing."""
    if not t.gunfire.guns[gun.type].alternate:
        return True
    return turn - gun.last_fired >= 2


def gun_range(ship_or_fort: Ship | Fort, target: Ship) -> float:
    if isinstance(ship_or_fort, Fort):
        h = hull(target)
        return max(0.0, h.range_to_point((ship_or_fort.x, ship_or_fort.y)))
    return keel_range(ship_or_fort, target)


def band_for(gun: Gun, inches: float, t: Tables) -> int | None:
    kind = t.gunfire.guns[gun.type].kind
    if kind == "mortar":
        return None
    return t.firing.ranges[kind].band(inches)


def band_and_need(gun: Gun, inches: float, t: Tables) -> tuple[int, int] | None:
    """A gun's range band at ``inches`` (:func:`band_for`) and the score it
    needs to hit there (the Firing table's row for its kind of gun); None
    where it cannot fire at that range (a mortar's fire is its own)."""
    band = band_for(gun, inches, t)
    if band is None:
        return None
    return band, t.firing.ranges[t.gunfire.guns[gun.type].kind].hit_on[band]


def bow_or_stern_shot(firer: Vec, target: Ship, t: Tables) -> bool:
    """A shot from within the bow or stern sector of the target (its keel
    line, 30 degrees either side: reconstructed) is at a small profile."""
    rel = relative_bearing(target, firer)
    a = t.aspect.angle
    return abs(rel) <= a or abs(rel) >= 180.0 - a


@dataclass(frozen=True, slots=True)
class Shot:
    """One gun's shot: what it needs on the die, and why."""

    gun: str
    need: int
    modifier: int
    band: int
    inches: float
    gunnery: int = 0  # the commander's gunnery in ``modifier`` (he lays this gun)
    open: tuple[tuple[str, int], ...] = ()  # the rest of ``modifier``, each named
    layer: str = ""  # the commander who lays this gun

    def __init__(
        self,
        gun: str,
        need: int,
        modifier: int,
        band: int,
        inches: float,
        gunnery: int = 0,
        open: tuple[tuple[str, int], ...] = (),
        layer: str = "",
    ) -> None:
        # (written out as the dataclass would make it: see core.prompts.Prompt)
        object.__setattr__(self, "gun", gun)
        object.__setattr__(self, "need", need)
        object.__setattr__(self, "modifier", modifier)
        object.__setattr__(self, "band", band)
        object.__setattr__(self, "inches", inches)
        object.__setattr__(self, "gunnery", gunnery)
        object.__setattr__(self, "open", open)
        object.__setattr__(self, "layer", layer)

    def math(self, side: str) -> RollMath:
        """How the die is read: it and every modifier against the gun's
        score; the commander's gunnery known only to ``side`` (his own)."""
        laid = f"{self.layer} lays the gun (his yellow die)"
        return at_least(
            self.need, *self.open, secret=[(laid, self.gunnery, (side,))] if self.gunnery else []
        )

    def goal(self) -> str:
        """What the die needs, as every side may read it: the commander's
        gunnery (his yellow die) is said to be added, not how much."""
        need = max(1, self.need - (self.modifier - self.gunnery))
        return f"{need} or more hits" + (
            ", with her commander's gunnery added to the die" if self.gunnery else ""
        )


def ready_guns(state: State, firer: Ship | Fort, t: Tables) -> list[Gun]:
    """The guns of ``firer`` able to fire now, whatever the target: crewed,
    not destroyed, out of action or jammed, not waiting their alternate
    move (a fort's: those its crews man)."""
    guns = firer.guns if isinstance(firer, Ship) else fort_guns_manned(firer)
    return [
        gun
        for gun in guns
        if not (isinstance(firer, Ship) and not can_fire_gun(firer, gun))
        and not gun.destroyed
        and alternate_ok(gun, state.turn, t)
    ]


def ship_may_fire(ship: Ship) -> bool:
    """Whether a ship may fire at all (Firing): she is active, or a prize in
    action; none of her guns fires at a ship (:func:`shots_at`), ashore
    (:func:`shots_at_shore`, active only) or by mortar otherwise."""
    return ship.status == "active" or (ship.status == "captured" and ship.in_action)


def shots_at(
    state: State,
    firer: Ship | Fort,
    target: Ship,
    t: Tables,
    knower: str | None = None,
    ready: list[Gun] | None = None,
) -> list[Shot]:
    """Every gun of ``firer`` that may fire at ``target`` now: crewed, able,
    not waiting its alternate move (``ready``, :func:`ready_guns`, worked
    out here if not given), bearing, in range, target in sight (as
    ``knower`` can judge it, for the fire orders; the truth when fired)."""
    if isinstance(firer, Ship):
        if not ship_may_fire(firer):
            return []
        if firer.prize_move == state.turn:
            return []
    elif firer.status != "active":
        return []
    if not target.afloat:
        return []
    guns = ready if ready is not None else ready_guns(state, firer, t)
    if not guns:
        return []  # no gun able to fire at anything
    inches = gun_range(firer, target)
    if inches > MAX_RANGE:
        return []
    origin = (firer.x, firer.y)
    small = t.firing.small_target if target.small else 0
    aspect = t.firing.bow_stern if bow_or_stern_shot(origin, target, t) else 0
    laying = ""
    lay_bonus = 0
    fort_lays = 0
    layer = ""
    ship_firer = firer if isinstance(firer, Ship) else None
    if isinstance(firer, Ship):
        c = in_command(state, firer)
        if c is not None and c.laying:
            # gunnery(c, t), read once for his dice (commanders.readings)
            laying, lay_bonus, layer = c.laying, readings(c, t)[3], c.name
    else:
        # the fort commander lays a gun of his own grid square (Fort
        # Commander: his yellow die is his gunnery, as a captain's)
        fc = state.commanders.get(firer.commander)
        if fc is not None and fc.alive:
            fort_lays, layer = readings(fc, t)[3], fc.name
    # each gun that may fire: its id, score, band and the commander's gunnery
    bearing_guns: list[tuple[str, int, int, int]] = []
    rounded = round(inches, 2)
    # the modifiers that apply, each named (Difficult targets)
    named = tuple(m for m in (("a small target", small), ("a bow or stern shot", aspect)) if m[1])
    rels: list[float] | None = None  # the target's keel points as the firer sees them
    bears: dict[tuple[str, str], bool] = {}  # by mount and turret: guns mounted alike bear alike
    # by gun type: its range band at this range and the score it needs there
    # (band_for and the hit table, read once for the guns of a type)
    scores: dict[str, tuple[int, int] | None] = {}
    for gun in guns:
        gtype = gun.type
        if gtype in scores:
            score = scores[gtype]
        else:
            score = scores[gtype] = band_and_need(gun, inches, t)
        if score is None:
            continue
        if ship_firer is not None:
            # _bears_on, written out: judged once for the guns mounted alike
            mounted = (gun.mount, gun.turret)
            bears_now = bears.get(mounted)
            if bears_now is None:
                if rels is None:
                    rels = _keel_bearings(ship_firer, target)
                arcs = gun_arcs(ship_firer, gun, t)
                bears_now = bears[mounted] = arcs is None or _any_within(rels, arcs)
            if not bears_now:
                continue
        band, need = score
        lay = lay_bonus if gun.id == laying else 0
        if fort_lays and isinstance(firer, Fort) and gun.square == firer.commander_square:
            lay, fort_lays = fort_lays, 0
        bearing_guns.append((gun.id, need, band, lay))
    # the target in sight (looked at only where a gun may fire at her)
    if not bearing_guns or not in_sight(state, firer, target, t, knower, inches):
        return []
    return [
        _shot(gid, need, small + aspect + lay, band, rounded, lay, named, layer if lay else "")
        for gid, need, band, lay in bearing_guns
    ]


_SHOTS: Final[dict[tuple[Any, ...], Shot]] = {}


def _shot(
    gun: str,
    need: int,
    modifier: int,
    band: int,
    inches: float,
    gunnery: int,
    named: tuple[tuple[str, int], ...],
    layer: str,
) -> Shot:
    """A :class:`Shot`, made once for each gun, score, modifiers, band and
    range (a Shot never changes; the same gun shoots alike from where it
    did before)."""
    key = (gun, need, modifier, band, inches, gunnery, named, layer)
    found = _SHOTS.get(key)
    if found is None:
        found = Shot(gun, need, modifier, band, inches, gunnery, named, layer)
        if len(_SHOTS) >= 20_000:
            _SHOTS.clear()
        _SHOTS[key] = found
    return found


def fort_guns_manned(fort: Fort) -> list[Gun]:
    """Fort guns that can fire: each needs one CPV in its grid square; a fort
    below a third of its FPV is silenced (Forts)."""
    out = []
    crews = list(fort.cpv)
    for gun in fort.guns:
        if gun.destroyed:
            continue
        s = gun.square - 1
        if 0 <= s < 6 and crews[s] > 0:
            crews[s] -= 1
            out.append(gun)
    return out


def hit_chance(shot: Shot) -> float:
    need = shot.need - shot.modifier
    return max(0, min(6, 7 - need)) / 6


def _shot_words(name: str, gun: Gun, target: Ship, shot: Shot, t: Tables) -> str:
    """The roll of one gun's shot, in words (Firing: Method)."""
    return (
        f"{name} fires her {gun.type} ({gun.id}) at {target.name}, "
        f"{shot.inches:g} in, {t.firing.bands[shot.band]}"
    )


def _shot_math(shot: Shot, side: str, _values: tuple[int, ...]) -> RollMath:
    """How one gun's die is read (:meth:`Shot.math`), whatever it shows."""
    return shot.math(side)


def fire_at(
    state: State,
    firer: Ship | Fort,
    target: Ship,
    shots: list[Shot],
    ctx: Context,
    t: Tables,
    hit_this_move: list[str] | None = None,
) -> int:
    """Resolve the shots of one firer at one target; returns the hits.
    ``hit_this_move``: the target's guns already hit on Table 1 in this
    exchange of fire, by any firer (Note A: several shots, separate guns)."""
    side = firer.side
    guns = {g.id: g for g in firer.guns}
    hits = 0
    name = firer.name
    seen = [target] + ([firer] if isinstance(firer, Ship) else [])
    secret = any(secret_for(state, s) for s in seen)
    used: list[str] = hit_this_move if hit_this_move is not None else []
    for shot in shots:
        gun = guns[shot.gun]
        gun.last_fired = state.turn
        if not target.afloat:
            break
        need = shot.need - shot.modifier
        die = roll(
            ctx,
            # the words made only where the roll is logged or asked for
            partial(_shot_words, name, gun, target, shot, t),
            1,
            R_METHOD,
            seat=side,
            secret=secret,
            goal=shot.goal,
            math=partial(_shot_math, shot, side),
        )[0]
        if (
            gun.type == t.firing.burst_gun
            and die == t.firing.burst_first
            and isinstance(firer, Ship)
        ):
            again = roll(
                ctx,
                f"{name}'s rifled 32-pounder threw a 1: does it burst?",
                1,
                R_BURST,
                seat=side,
                secret=secret,
                goal=f"{t.firing.burst_second}: it bursts",
                math=faces(
                    "it bursts" if n == t.firing.burst_second else "it holds" for n in range(1, 7)
                ),
            )[0]
            if again == t.firing.burst_second:
                gun.destroyed = True
                gun.burst = True
                if gun.crewed:
                    gun.crewed = False
                    firer.crew.lost += 1
                    trigger(firer, "lost CPV")
                say(
                    state,
                    ctx,
                    f"{name}'s rifled 32-pounder bursts, killing its crew",
                    R_BURST,
                    firer,
                )
                from quarterdeck.rulesets.acw_river.damage import kill_gun_layer

                kill_gun_layer(state, firer, gun.id, ctx, t)
                continue
        if firer.id not in target.fired_on_by:
            target.fired_on_by.append(firer.id)
        if die >= need:
            hits += 1
            gunfire_hit(state, target, gun.type, side, ctx, t, used)
    if ctx.logging:
        ctx.log(
            f"{name}: {len(shots)} gun(s) at {target.name}, {hits} hit(s)",
            R_FIRE,
            seats=audience(state, seen),
        )
    return hits


def nearest(firer: Ship | Fort, targets: list[Ship]) -> Ship | None:
    if not targets:
        return None
    return min(targets, key=lambda s: distance((firer.x, firer.y), (s.x, s.y)))


def shore_points(target: Fort | Place) -> list[Vec]:
    x, y, w, h = target.x, target.y, target.w, target.h
    return [
        (x, y),
        (x - w / 2, y - h / 2),
        (x + w / 2, y - h / 2),
        (x - w / 2, y + h / 2),
        (x + w / 2, y + h / 2),
    ]


def shots_at_shore(
    state: State, ship: Ship, target_id: str, t: Tables, ready: list[Gun] | None = None
) -> list[Shot]:
    """Guns that may fire at a fort or a town ashore: all fire on them comes
    off their FPV or BPV (Forts and Buildings). ``ready``: her guns able to
    fire now (:func:`ready_guns`, the same guns as the test here), where the
    caller has them."""
    from quarterdeck.rulesets.acw_river.forts import fort_range

    target: Fort | Place | None = state.forts.get(target_id) or state.places.get(target_id)
    if target is None or ship.status != "active" or ship.prize_move == state.turn:
        return []
    if isinstance(target, Fort) and target.side == ship.side:
        return []
    if ready is None:
        ready = ready_guns(state, ship, t)
    if not ready:
        return []  # no gun able to fire at anything: no range worked out
    inches = fort_range(ship, target)
    c = in_command(state, ship)
    # gunnery(c, t), read once for his dice (commanders.readings)
    laying, bonus = (c.laying, readings(c, t)[3]) if c is not None and c.laying else ("", 0)
    layer = c.name if c is not None else ""
    out = []
    rels: list[float] | None = None  # the target's points as the ship sees them
    bears: dict[tuple[str, str], bool] = {}  # by mount and turret: guns mounted alike bear alike
    # by gun type: its range band here and the score it needs (read once a type)
    scores: dict[str, tuple[int, int] | None] = {}
    for gun in ready:
        gtype = gun.type
        if gtype in scores:
            score = scores[gtype]
        else:
            score = scores[gtype] = band_and_need(gun, inches, t)
        if score is None:
            continue
        if rels is None:
            rels = [relative_bearing(ship, p) for p in shore_points(target)]
        if not _bears_on(ship, gun, rels, bears, t):
            continue
        band, need = score
        lay = bonus if gun.id == laying else 0
        out.append(Shot(gun.id, need, lay, band, round(inches, 2), lay, layer=layer if lay else ""))
    return out
