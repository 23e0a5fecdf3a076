"""Flotilla firing: arcs, ranges, the number needed to hit, volleys, aimed
fire, fire against land batteries and troops, small arms.

Sections: "Firing" (Battery firing aboard ships), "Aimed fire", "Artillery
fire against land based batteries", "Artillery fire against land based
troops", "Mortars", "Small arms fire". Which units may fire now (a battery
unfired with a target): :mod:`quarterdeck.rulesets.flotilla.firers`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from math import hypot
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.core.geometry import (
    Box,
    Hull,
    Pose,
    Terrain,
    astern,
    clear_sight_lines,
    closest_on_segment,
    frontage,
    in_arc,
)
from quarterdeck.rulesets.flotilla import damage, explain as ex, odds
from quarterdeck.rulesets.flotilla.state import Battery, LandBattery, Ship, State, Troop
from quarterdeck.rulesets.flotilla.tables import RangeTable, Tables

R_FIRE: Final = "Firing: Battery firing aboard ships"
R_AIMED: Final = "Firing: Aimed fire"
R_LAND_BAT: Final = "Artillery fire against land based batteries"
R_TROOPS: Final = "Artillery fire against land based troops"
R_MORTAR: Final = "Mortars"
R_SMALL: Final = "Small arms fire"

ARC_CENTRE: Final = {"bow": 0.0, "starboard": 90.0, "stern": 180.0, "port": -90.0}


@cache
def terrain_of(land: tuple[tuple[tuple[float, float], ...], ...]) -> Terrain:
    return Terrain(land)


_LAST_LAND: Final[list[Any]] = [None, None, None]
"""The land last asked about: the state's list, a copy of it as it was, and
its :class:`Terrain` (the land of a table never changes in play; a list
changed in place, or another equal one, is looked up again)."""


def terrain(state: State) -> Terrain:
    """The table's land as prepared polygons, built once per layout."""
    land, seen, built = _LAST_LAND
    if state.land is land and state.land == seen:
        return built  # type: ignore[no-any-return]
    built = terrain_of(tuple(tuple((p[0], p[1]) for p in poly) for poly in state.land))
    _LAST_LAND[:] = [state.land, copy.deepcopy(state.land), built]
    return built


@cache
def land_boxes(land: Terrain) -> tuple[Box, ...]:
    """Each piece of land's bounding box (min x, min y, max x, max y), for
    :func:`quarterdeck.core.geometry.box_apart`."""
    return tuple(
        (float(x0), float(y0), float(x1), float(y1))
        for x0, y0, x1, y1 in (poly.bounds for poly in land.polygons)
    )


def hull(ship: Ship) -> Hull:
    return Hull(Pose(ship.x, ship.y, ship.heading), ship.length)


def battery_origin(ship: Ship, battery: Battery) -> tuple[float, float]:
    """Where a battery's guns stand on the keel: the bow, the stern, else
    amidships (:class:`Hull`'s points, the same numbers)."""
    if battery.name == "bow":
        return (ship.x, ship.y)
    return astern(
        ship.x, ship.y, ship.heading, ship.length if battery.name == "stern" else ship.length / 2
    )


@dataclass(frozen=True, slots=True)
class Shot:
    """A legal target for a battery: what, how far, the hit divisor."""

    target: str
    kind: str  # ship, battery, troop
    inches: float
    divisor: int

    def __init__(self, target: str, kind: str, inches: float, divisor: int) -> None:
        # (written out as the dataclass would make it: see core.prompts.Prompt)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "inches", inches)
        object.__setattr__(self, "divisor", divisor)


def target_point(state: State, target: str, origin: tuple[float, float]) -> tuple[float, float]:
    if target in state.ships:
        h = hull(state.ships[target])
        return closest_on_segment(origin, h.bow, h.stern)
    if target in state.batteries:
        b = state.batteries[target]
        return (b.x, b.y)
    tr = state.troops[target]
    return (tr.x, tr.y)


def land_targets(state: State, side: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for bat in state.batteries.values():
        if bat.side != side and not bat.destroyed and damage_able_fort(state, bat):
            out.append((bat.id, "battery"))
    for tr in state.troops.values():
        if tr.side != side and tr.alive and tr.aboard is None and tr.fort is None:
            out.append((tr.id, "troop"))
    return out


def damage_able_fort(state: State, bat: LandBattery) -> bool:
    """A fort can still be hit while it has guns or men in it."""
    if bat.guns > 0:
        return True
    return bat.garrison is not None and state.troops[bat.garrison].alive


Mark = tuple[str, str, str, bool, tuple[float, float], tuple[float, float]]
"""A target as the guns see it: id, kind (ship, battery, troop), a ship's
class ("" ashore), whether at anchor, and the ends of her keel (bow, stern;
a unit ashore: its point twice)."""


def marks(state: State, side: str) -> list[Mark]:
    """Everything of the enemy a gun of ``side`` might engage (Firing), in the
    order targets are offered: the active enemy ships, then the forts and troops
    ashore (:func:`land_targets`). Worked out once for every gun that asks at
    the same moment (:func:`quarterdeck.rulesets.flotilla.firers.firers`)."""
    out: list[Mark] = []
    for other in state.ships.values():
        if other.side == side or other.status != "active":
            continue
        bow = (other.x, other.y)
        stern = astern(other.x, other.y, other.heading, other.length)
        out.append((other.id, "ship", other.cls, other.anchored, bow, stern))
    for target, kind in land_targets(state, side):
        point = target_point(state, target, (0.0, 0.0))
        out.append((target, kind, "", False, point, point))
    return out


_BEARS: Final[dict[tuple[Any, ...], tuple[float, int] | None]] = {}
""":func:`bears`' answers, by everything they depend on (a ship that has not
moved is asked about again at every point of the move, and by each seat)."""

_UNKNOWN: Final = object()

_KEPT: Final[dict[int, RangeTable]] = {}
"""The range tables :data:`_BEARS` names by id, kept so that no other object
takes the id (cleared with it: no table is kept past its answers)."""


def bears(
    table: RangeTable,
    land: Terrain,
    origin: tuple[float, float],
    arc: float | None,
    arc_width: float,
    a: tuple[float, float],
    b: tuple[float, float],
) -> tuple[float, int] | None:
    """Whether a gun at ``origin`` reaches the keel ``a``-``b`` (a unit ashore:
    a point, given twice) at its nearest point: in range of ``table``, in the
    arc of ``arc_width`` centred on the heading ``arc`` (None: all round), in
    sight over ``land`` (Firing: the range bands, the arcs; land blocks the
    line of sight). The inches and the hit divisor, or None. Each answer
    worked out once."""
    key = (id(table), land, origin, arc, arc_width, a, b)
    known = _BEARS.get(key, _UNKNOWN)
    if known is not _UNKNOWN:
        return known  # type: ignore[return-value]
    if len(_BEARS) > 50_000:
        _BEARS.clear()
        _KEPT.clear()
    _KEPT.setdefault(id(table), table)
    # a ship's nearest point of keel (Hull.range_to_point, the same numbers)
    point = closest_on_segment(origin, a, b)
    inches = hypot(point[0] - origin[0], point[1] - origin[1])
    divisor = table.divisor(inches)
    found: tuple[float, int] | None = None
    if (
        divisor is not None
        and (arc is None or in_arc(Pose(origin[0], origin[1], arc), point, 0.0, arc_width))
        and land.line_of_sight(origin, point)
    ):
        found = (inches, divisor)
    _BEARS[key] = found
    return found


_SIGHT: Final[dict[tuple[Terrain, tuple[float, float], tuple[float, float]], bool]] = {}
""":func:`in_sight`'s answers, by land and both ends."""


def in_sight(land: Terrain, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """:meth:`Terrain.line_of_sight` from one man to his mark (Small arms
    fire: a direct line of sight), each line traced once (men who have not
    moved are asked about again at every point of the move)."""
    key = (land, a, b)
    seen = _SIGHT.get(key)
    if seen is None:
        if len(_SIGHT) > 50_000:
            _SIGHT.clear()
        seen = _SIGHT[key] = land.line_of_sight(a, b)
    return seen


def shots(
    state: State,
    t: Tables,
    side: str,
    origin: tuple[float, float],
    arc: float | None,
    arc_width: float,
    weight: str,
    first: bool = False,
    only: str | None = None,
    seen: list[Mark] | None = None,
) -> list[Shot]:
    """Every target a gun of ``weight`` at ``origin`` may engage: in its arc
    of ``arc_width`` centred on the heading ``arc`` (None for an all-round
    turret), in range, in sight.
    ``first``: stop at the first found (callers that ask whether there is one);
    ``only``: that target alone (callers that ask whether it still bears);
    ``seen``: the enemy's :func:`marks` if already worked out."""
    table = t.ranges[weight]  # type: ignore[index]
    land = terrain(state)
    out: list[Shot] = []
    no_effect = table.no_effect_on
    mortar = weight == "mortar"
    for target, kind, cls, anchored, a, b in marks(state, side) if seen is None else seen:
        if only is not None and target != only:
            continue
        if kind == "ship":
            if cls in no_effect:
                continue  # light guns cannot hurt an ironclad: no point in firing
            if mortar and not anchored:
                continue  # mortars fire only on land targets or docked ships
        found = bears(table, land, origin, arc, arc_width, a, b)
        if found is None:
            continue
        out.append(Shot(target, kind, found[0], found[1]))
        if first:
            break
    return out


def battery_shots(
    state: State,
    t: Tables,
    ship: Ship,
    battery: Battery,
    first: bool = False,
    only: str | None = None,
    seen: list[Mark] | None = None,
) -> list[Shot]:
    """Targets for one of a ship's batteries: 45 degrees (22.5 each side of
    the gun), turrets all round unless they cannot rotate, mortars all round
    (Mortars gives them no arc)."""
    origin = battery_origin(ship, battery)
    if battery.name == "mortar":
        return shots(state, t, ship.side, origin, None, 360.0, battery.weight, first, only, seen)
    if battery.name == "turret":
        jammed = ship.turret != "" or ship.engine_turns > 0
        if not jammed:
            return shots(
                state, t, ship.side, origin, None, 360.0, battery.weight, first, only, seen
            )
        centre = ship.turret_bearing
    else:
        centre = ARC_CENTRE[battery.name]
    arc = ship.heading + centre
    return shots(state, t, ship.side, origin, arc, t.fire.arc, battery.weight, first, only, seen)


def fort_shots(
    state: State,
    t: Tables,
    bat: LandBattery,
    first: bool = False,
    only: str | None = None,
    seen: list[Mark] | None = None,
) -> list[Shot]:
    """A land battery fires 45 degrees either side of its facing."""
    return shots(
        state,
        t,
        bat.side,
        (bat.x, bat.y),
        bat.facing,
        t.fire.land_arc,
        bat.weight,
        first,
        only,
        seen,
    )


def figures(t: Tables, troop: Troop) -> list[tuple[float, float]]:
    """Where a unit's men stand: one rank across its facing."""
    return frontage((troop.x, troop.y), troop.facing, troop.men, t.reach.figure_spacing)


def firing_men(
    state: State, t: Tables, troop: Troop, target: str, enough: int | None = None
) -> int:
    """How many of ``troop``'s men may fire at ``target`` (Small arms fire):
    those within six inches of an enemy man or of the fort, with a direct
    line of sight that no other men (friend or foe) stand across. The men
    aiming at the same point are checked against the screens together;
    ``enough``: stop counting once that many are found (callers that ask
    whether any man can fire)."""
    if target in state.batteries:
        b = state.batteries[target]
        aims: list[tuple[float, float]] = [(b.x, b.y)]
    else:
        aims = figures(t, state.troops[target]) or [target_point(state, target, (troop.x, troop.y))]
    land = terrain(state)
    aiming: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for man in figures(t, troop):
        near = min(aims, key=lambda p: hypot(p[0] - man[0], p[1] - man[1]))
        if hypot(near[0] - man[0], near[1] - man[1]) > t.small_arms.range + 1e-9:
            continue
        if not in_sight(land, man, near):
            continue
        aiming.setdefault(near, []).append(man)
    if not aiming:
        return 0
    screens = [
        figures(t, other)
        for other in state.troops.values()
        if other.id not in (troop.id, target)
        and other.alive
        and other.aboard is None
        and (other.fort is None or other.fort != target)
    ]
    count = 0
    for near, men in aiming.items():
        count += sum(clear_sight_lines(men, near, screens, t.reach.screen))
        if enough is not None and count >= enough:
            break
    return count


def small_arms_shots(state: State, t: Tables, troop: Troop, first: bool = False) -> list[Shot]:
    """Small arms reach six inches, at troops or at a fort: its gun crews, or
    once its guns are out its garrison (men like any others); a target is
    offered if at least one man can fire at it."""
    out = []
    for target, kind in land_targets(state, troop.side):
        p = target_point(state, target, (troop.x, troop.y))
        inches = hypot(p[0] - troop.x, p[1] - troop.y)
        if inches > t.small_arms.range + t.reach.figure_spacing * troop.men:
            continue  # no man of the unit can be in range
        if firing_men(state, t, troop, target, enough=1) > 0:
            out.append(Shot(target, kind, inches, 1))
            if first:
                break
    return out


# --------------------------------------------------------------------------
# Volleys


def need_against_ship(state: State, t: Tables, firer: Ship | None, target: Ship) -> tuple[int, str]:
    """The face a fire die must show against a ship, with the reasons (Firing:
    only 4, 5 or 6; 5-6 in reduced visibility; 6 only in fog, dawn, dusk,
    excessive smoke, against a small target, when fighting a fire, in the
    yellow or with nobody below decks; +1 against a stationary ship)."""
    f = t.fire
    need = visibility_need(state, t)
    why = [] if need == f.hit_on else [state.visibility]
    six: list[str] = []
    if target.length <= f.small_target_length:
        six.append("small target")
    if firer is not None:
        if firer.on_fire:
            six.append("fighting a fire")
        if firer.yellow:
            six.append("in the yellow")
        if firer.crew <= 0:
            six.append("no men below decks")
    if six:
        need = max(need, f.six_only)
        why += six
    if not target.moving:
        need -= f.stationary_bonus
        why.append("stationary target +1")
    return need, ", ".join(why)


def need_terms(
    state: State, t: Tables, firer: Ship | None, target: Ship
) -> tuple[tuple[str, int], ...]:
    """What made the number a fire die needs against a ship, for the roll's
    explanation: the face from visibility and the six-only conditions, then
    the stationary target's bonus."""
    need, why = need_against_ship(state, t, firer, target)
    # the game master's calls as a player says them ("reduced" visibility)
    said = {"reduced": "reduced visibility", "excessive-smoke": "excessive smoke"}
    reasons = [said.get(w, w) for w in why.split(", ") if w and w != "stationary target +1"]
    base = need + (0 if target.moving else t.fire.stationary_bonus)
    out = [("a die hits on" + (f" ({', '.join(reasons)})" if reasons else ""), base)]
    if not target.moving:
        out.append(("stationary target", -t.fire.stationary_bonus))
    return tuple(out)


def visibility_need(state: State, t: Tables) -> int:
    """The number the game master's calls ask for (Firing): reduced visibility
    5-6; fog, dawn, dusk, excessive smoke 6. Several at once: the hardest."""
    return max([t.fire.hit_on] + [t.visibility.get(e, t.fire.hit_on) for e in state.events])


def roll_hits(
    ctx: Context,
    label: str,
    dice: int,
    need: int,
    divisor: int,
    rule: str,
    seat: str,
    terms: tuple[tuple[str, int], ...] = (),
) -> int:
    """The firer (``seat``) rolls his fire dice; count those at or over
    ``need``, divide by the range divisor rounded up."""
    if dice <= 0:
        return 0
    values = ctx.roll(
        label,
        dice,
        rule,
        seat=seat,
        odds=lambda: f"expect {float(odds.expected_hits(dice, need, divisor)):.2f} hits",
        # the words and the explanation: worked out only where read (a
        # person rolling, a log), not for a batch run's program dice
        goal=lambda: (
            f"each die of {need} or more hits"
            + (f"; the hits are divided by {divisor}, rounded up" if divisor > 1 else "")
        ),
        math=lambda _dice: RollMath(
            "count",
            target=need,
            dice=(("fire dice", dice),),
            target_terms=terms,
            divisor=divisor,
        ),
    )
    raw = sum(1 for v in values if v >= need)
    return -(-raw // divisor)


def troop_casualties(
    state: State, t: Tables, ctx: Context, troop: Troop, hits: int, rule: str
) -> None:
    """Each artillery hit on troops kills one die of men; every six dead roll
    again, a 1 taking a leader instead of a man."""
    if hits <= 0:
        return
    dead = sum(
        ctx.roll(
            f"Casualties among {troop.name}",
            hits * t.land_fire.casualty_dice,
            rule,
            seat=troop.side,
            math=ex.inches(
                (
                    f"{t.land_fire.casualty_dice} for each of {hits} hits",
                    hits * t.land_fire.casualty_dice,
                )
            ),
        )
    )
    kill_troops(state, t, ctx, troop, dead, rule)


def kill_troops(state: State, t: Tables, ctx: Context, troop: Troop, dead: int, rule: str) -> None:
    leaders = 0
    for _ in range(dead // t.land_fire.leader_every):
        (v,) = ctx.roll(
            f"Leader casualty check, {troop.name}",
            1,
            rule,
            seat=troop.side,
            math=ex.one_face(t.land_fire.leader_on, "a leader falls", "a man falls"),
        )
        if v == t.land_fire.leader_on:
            leaders += 1
    leaders = min(leaders, troop.leaders)
    men = min(troop.men, dead - leaders)
    troop.men -= men
    troop.leaders -= leaders
    ctx.log(f"{troop.name}: {men} men and {leaders} leaders lost ({troop.men} men left)", rule)


def hit_fort(state: State, t: Tables, ctx: Context, bat: LandBattery, hits: int, rule: str) -> None:
    """A hit on a land battery destroys a gun; once the guns are gone hits
    fall on the men in the fort; with every man dead the fort is destroyed."""
    if hits <= 0:
        return
    guns = min(bat.guns, hits)
    bat.guns -= guns
    ctx.log(f"{bat.name}: {guns} gun(s) destroyed, {bat.guns} left", rule)
    left = hits - guns
    if left and bat.garrison is not None:
        garrison = state.troops[bat.garrison]
        troop_casualties(state, t, ctx, garrison, left, R_TROOPS)
        if not garrison.alive:
            ctx.log(f"{bat.name} is destroyed: every man in it is dead", rule)
            bat.destroyed = True


def fire_at(
    state: State,
    t: Tables,
    ctx: Context,
    *,
    side: str,
    name: str,
    weight: str,
    dice: int,
    shot: Shot,
    firer: Ship | None = None,
    aim: str = "",
) -> None:
    """One volley from one battery at one target (a battery may not split)."""
    label = f"{name} fires {dice} {'die' if dice == 1 else 'dice'}"
    if aim:
        (placed,) = ctx.roll(
            f"Aimed fire ({aim}) from {name}",
            1,
            R_AIMED,
            seat=side,
            math=ex.at_least(t.fire.aimed_place_on, "placed", "goes wide, a total miss"),
        )
        if placed < t.fire.aimed_place_on:
            ctx.log(f"{name}: aimed fire goes wide, a total miss", R_AIMED)
            return
    if shot.kind == "ship":
        target = state.ships[shot.target]
        if weight == "mortar":
            need, why, divisor = t.mortar.hit_on, "mortar", 1
            terms: tuple[tuple[str, int], ...] = (("a mortar hits on", need),)
        else:
            need, why = need_against_ship(state, t, firer, target)
            # what made the number: read by the roll's explanation, which
            # is worked out only for a log (Context.logging)
            terms = need_terms(state, t, firer, target) if ctx.logging else ()
            divisor = shot.divisor
        hits = roll_hits(
            ctx,
            f"{label} at {target.name}, {shot.inches:.1f} in, hits on {need}+"
            + (f" ({why})" if why else ""),
            dice,
            need,
            divisor,
            R_MORTAR if weight == "mortar" else R_FIRE,
            side,
            terms,
        )
        ctx.log(f"{name}: {hits} hit(s) on {target.name} (divided by {divisor})", R_FIRE)
        modifier = {"low": t.fire.aimed_low, "high": t.fire.aimed_high, "": 0}[aim]
        damage.apply_hits(
            state,
            t,
            ctx,
            target,
            hits,
            f"fire from {name}",
            modifier=modifier,
            heavy_close=weight == "heavy" and shot.inches <= t.specific.triples_range,
            by=side,
            by_ship=firer.id if firer is not None else None,
        )
        return
    if shot.kind == "battery":
        bat = state.batteries[shot.target]
        need = t.land_fire.battery_hit_on
        hits = roll_hits(
            ctx,
            f"{label} at {bat.name}, hits on {need}",
            dice,
            need,
            shot.divisor,
            R_LAND_BAT,
            side,
            (("a land battery is hit on", need),),
        )
        hit_fort(state, t, ctx, bat, hits, R_LAND_BAT)
        return
    troop = state.troops[shot.target]
    need = t.land_fire.troops_cover_hit_on if troop.cover else t.land_fire.troops_open_hit_on
    made = [(f"troops {'in cover' if troop.cover else 'in the open'} are hit on", need)]
    seen = max(need, visibility_need(state, t))
    if seen != need:
        made.append((state.visibility, seen - need))
    need = seen
    if firer is not None and (firer.on_fire or firer.yellow or firer.crew <= 0):
        if t.fire.six_only != need:
            made.append(
                ("fighting a fire, in the yellow or nobody below: 6 only", t.fire.six_only - need)
            )
        need = t.fire.six_only
    divisor = 2 if weight == "normal" and shot.divisor >= 3 else 1
    if weight == "mortar":  # Mortars: a 6, no modifiers, no range division
        need, divisor = t.mortar.hit_on, 1
        made = [("a mortar hits on", need)]
    hits = roll_hits(
        ctx,
        f"{label} at {troop.name}, hits on {need}",
        dice,
        need,
        divisor,
        R_TROOPS,
        side,
        tuple(made),
    )
    troop_casualties(state, t, ctx, troop, hits, R_TROOPS)


def small_arms(state: State, t: Tables, ctx: Context, troop: Troop, shot: Shot) -> None:
    """Every man in range with a clear line of sight casts a die; sixes hit.
    Four hits on an emplacement put a gun out of action for the game (hits
    short of four are kept); once its guns are all out, hits fall on the
    men of its garrison, and with every man dead the fort is destroyed."""
    troop.fired = True
    men = firing_men(state, t, troop, shot.target)
    if men <= 0:
        ctx.log(f"{troop.name}: no man has the enemy in range and in sight", R_SMALL)
        return
    values = ctx.roll(
        f"Small arms of {troop.name} ({men} of {troop.men} men in range and in sight)",
        men,
        R_SMALL,
        seat=troop.side,
        math=RollMath(
            "count", target=t.small_arms.hit_on, dice=(("men in range and in sight", men),)
        ),
    )
    hits = sum(1 for v in values if v >= t.small_arms.hit_on)
    if shot.kind == "battery":
        bat = state.batteries[shot.target]
        guns = on_garrison = 0
        for _ in range(hits):
            if bat.guns - guns > 0:
                bat.crew_hits += 1
                if bat.crew_hits >= t.small_arms.hits_per_gun:
                    bat.crew_hits, guns = 0, guns + 1
            else:
                on_garrison += 1
        bat.guns -= guns
        ctx.log(f"{troop.name}: {hits} hit(s), {guns} gun crew(s) of {bat.name} down", R_SMALL)
        if on_garrison and bat.garrison is not None:
            garrison = state.troops[bat.garrison]
            kill_troops(state, t, ctx, garrison, on_garrison, R_SMALL)
            if not garrison.alive and bat.guns == 0:
                ctx.log(f"{bat.name} is destroyed: every man in it is dead", R_SMALL)
                bat.destroyed = True
        return
    target = state.troops[shot.target]
    ctx.log(f"{troop.name}: {hits} hit(s) on {target.name}", R_SMALL)
    kill_troops(state, t, ctx, target, hits, R_SMALL)


def ship_volleys(state: State, t: Tables, ctx: Context, ship: Ship, orders: dict[str, str]) -> None:
    """Fire the batteries given targets, all at the same time; more than two
    batteries and the ship spends the next turn reloading."""
    ship.fired = True
    fired = [name for name, order in orders.items() if order != "hold"]
    if len(fired) > t.fire.batteries_per_turn:
        ship.reload_penalty = True
        ctx.log(f"{ship.name} fires {len(fired)} batteries: no firing next turn", R_FIRE)
    for battery in ship.batteries:
        order = orders.get(battery.name, "hold")
        if order == "hold":
            continue
        target, _, aim = order.partition(":")
        found = battery_shots(state, t, ship, battery, only=target)
        battery.fired = True
        if not found:
            ctx.log(f"{ship.name}: {battery.name} battery no longer bears", R_FIRE)
            continue
        if battery.name == "turret" and ship.turret == "" and ship.engine_turns == 0:
            point = target_point(state, target, battery_origin(ship, battery))
            ship.turret_bearing = Pose(ship.x, ship.y, ship.heading).relative_bearing(point)
        fire_at(
            state,
            t,
            ctx,
            side=ship.side,
            name=f"{ship.name} {battery.name} ({battery.weight})",
            weight=battery.weight,
            dice=battery.dice,
            shot=found[0],
            firer=ship,
            aim=aim,
        )


def fort_volley(state: State, t: Tables, ctx: Context, bat: LandBattery, target: str) -> None:
    """A land battery fires one die per gun (this project's reading)."""
    bat.fired = True
    found = fort_shots(state, t, bat, only=target)
    if found:
        fire_at(
            state,
            t,
            ctx,
            side=bat.side,
            name=bat.name,
            weight=bat.weight,
            dice=bat.guns,
            shot=found[0],
        )
