"""Forts and Buildings; Mortar Boats.

A fort has its points (FPV: 40 a square inch of earthwork, 60 of stone); a
town or port six buildings of 5 BPV a quarter-inch square, one in each grid
square. Ships' fire only takes points off: below a third of its FPV a fort
is full of rubble and ceases to fire; below half its BPV a building is
rubble. Only mortar boats can kill a fort's guns, crews and commander.

Mortars fire only at targets ashore, no nearer than 6 inches, out to 40
inches (11 to 15 inch mortars) or 30 (smaller). One die: a 6 hits, 5 or 6
for further shots at the same target. A hit throws a die for the grid square
(1 to 6) of the target it falls in, and one on the mortar table: points off
the fort or building, a gun and a CPV destroyed (if that square has them),
a building destroyed, the fort commander killed (if he is in that square)
and a morale test. At a town the firer names the square he aims at, and the
table takes effect only if the shell falls in it.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least, faces
from quarterdeck.core.geometry import distance
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.state import Fort, Gun, Place, Ship, State
from quarterdeck.rulesets.acw_river.tables import MortarLine, Tables
from quarterdeck.rulesets.acw_river.terrain import hull
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_FORTS: Final = "Forts and Buildings"
R_BUILDINGS: Final = "Forts and Buildings: Buildings"
R_MORTAR: Final = "Mortar Boats"


def fort_range(ship: Ship, fort: Fort | Place) -> float:
    """Inches from a ship to the nearest edge of a fort or town."""
    h = hull(ship)
    dx = max(abs(ship.x - fort.x) - fort.w / 2, 0.0)
    dy = max(abs(ship.y - fort.y) - fort.h / 2, 0.0)
    centre = (dx * dx + dy * dy) ** 0.5
    return float(max(0.0, min(centre, h.range_to_point((fort.x, fort.y)))))


def silenced(fort: Fort, t: Tables) -> bool:
    share = t.forts.silenced
    return fort.fpv * share.d < fort.fpv_start * share.n


def rubble(place: Place, square: int, t: Tables) -> bool:
    share = t.forts.rubble
    return place.bpv[square] * share.d < place.bpv_start[square] * share.n


def damage_fort(state: State, fort: Fort, amount: int, ctx: Context, t: Tables, cause: str) -> None:
    """Points off a fort; below a third it ceases to fire."""
    if amount <= 0:
        return
    fort.fpv = max(0, fort.fpv - amount)
    ctx.log(f"{fort.name} loses {amount} FPV ({cause}): {fort.fpv} of {fort.fpv_start}", R_FORTS)
    if fort.status == "active" and silenced(fort, t):
        fort.status = "silenced"
        ctx.log(f"{fort.name} is full of rubble and ceases to fire", R_FORTS)


def damage_building(
    state: State, place: Place, square: int, amount: int, ctx: Context, t: Tables, cause: str
) -> None:
    """Points off one building (grid square 0 to 5); below half it is rubble."""
    if amount <= 0:
        return
    was = rubble(place, square, t)
    place.bpv[square] = max(0, place.bpv[square] - amount)
    ctx.log(
        f"{place.name}, building {square + 1}, loses {amount} BPV ({cause}): "
        f"{place.bpv[square]} of {place.bpv_start[square]}",
        R_BUILDINGS,
    )
    if not was and rubble(place, square, t):
        ctx.log(f"{place.name}, building {square + 1}, is rubble", R_BUILDINGS)


def nearest_building(place: Place, origin: tuple[float, float]) -> int:
    """The grid square (0 to 5) of the building nearest ``origin``: squares
    1 and 2 at the upstream end, two across, three along."""
    best, where = 0, float("inf")
    for sq in range(6):
        row, col = divmod(sq, 2)
        cx = place.x - place.w / 4 + col * place.w / 2
        cy = place.y + place.h / 3 - row * place.h / 3
        d = distance(origin, (cx, cy))
        if d < where:
            best, where = sq, d
    return best


def mortar_guns(ship: Ship, t: Tables) -> list[str]:
    from quarterdeck.rulesets.acw_river.damage import can_fire_gun

    return [
        g.id for g in ship.guns if t.gunfire.guns[g.type].kind == "mortar" and can_fire_gun(ship, g)
    ]


def mortar_reach(ship: Ship, t: Tables) -> float:
    guns = {g.id: g for g in ship.guns}
    return max((t.gunfire.guns[guns[g].type].mortar_range for g in mortar_guns(ship, t)), default=0)


def mortar_targets(state: State, unit: Ship | Fort, t: Tables) -> list[tuple[str, str]]:
    """Targets ashore a mortar boat may fire at: enemy forts and any town or
    port between 6 inches and her mortar's range."""
    if not isinstance(unit, Ship) or unit.status != "active" or not mortar_guns(unit, t):
        return []
    reach = mortar_reach(unit, t)
    out: list[tuple[str, str]] = []
    for fid, fort in state.forts.items():
        if fort.side != unit.side and t.mortar.min_range <= fort_range(unit, fort) <= reach:
            out.append((fid, fort.name))
    for pid, place in state.places.items():
        if t.mortar.min_range <= fort_range(unit, place) <= reach:
            out.append((pid, place.name))
    return out


def mortar_words(line: MortarLine, points: int, town: bool) -> str:
    """A line of the mortar table in words, at a fort or a town."""
    hurt = f"{points} points off the {'building' if town else 'fort'}"
    return {
        "none": "no effect",
        "damage": hurt,
        "gun-cpv": "the building destroyed"
        if town
        else "a gun and its crew in the square destroyed",
        "commander": hurt + ("" if town else ", and its commander killed if he is in the square"),
    }[line.effect]


def mortar_fire(state: State, ship: Ship, target: str, aim: int, ctx: Context, t: Tables) -> None:
    """One mortar shot (Mortar Boats). ``aim``: the square named at a town."""
    heavy = mortar_reach(ship, t) >= 40.0
    again = ship.mortar_target == target and ship.mortar_shots > 0
    need = t.mortar.again_hit_on if again else t.mortar.hit_on
    ship.mortar_shots = ship.mortar_shots + 1 if again else 1
    ship.mortar_target = target
    for gid in mortar_guns(ship, t):
        next(g for g in ship.guns if g.id == gid).last_fired = state.turn
    fort = state.forts.get(target)
    place = state.places.get(target)
    name = fort.name if fort is not None else place.name if place is not None else target
    # a mortar boat the other side has not sighted fires unseen: its throws
    # are its own side's; what the shells do ashore is seen by all
    hid = secret_for(state, ship)
    die = roll(
        ctx,
        f"{ship.name}'s mortar at {name}",
        1,
        R_MORTAR,
        seat=ship.side,
        secret=hid,
        goal=f"{need} or more",
        math=at_least(
            t.mortar.hit_on,
            ("again at the same target", t.mortar.hit_on - need),
            outcomes=((t.mortar.hit_on - 1, "a miss"), (t.mortar.hit_on, "a hit")),
        ),
    )[0]
    if die < need:
        say(state, ctx, f"{ship.name}'s mortar shell misses {name}", R_MORTAR, ship)
        return
    area = roll(
        ctx,
        f"Mortar shell falls on {name}: grid square",
        1,
        R_MORTAR,
        seat=ship.side,
        secret=hid,
        math=faces(f"square {n}" for n in range(1, 7)),
    )[0]
    effect_die = roll(
        ctx,
        f"Mortar table at {name}, square {area}",
        1,
        R_MORTAR,
        seat=ship.side,
        secret=hid,
        math=faces(
            mortar_words(x, x.heavy if heavy else x.light, place is not None)
            for x in t.mortar.lines
        ),
    )[0]
    line = t.mortar.lines[effect_die - 1]
    points = line.heavy if heavy else line.light
    if place is not None:
        if aim and area != aim:
            say(
                state,
                ctx,
                f"The shell falls in square {area}, not the square {aim} aimed at",
                R_MORTAR,
                ship,
            )
            return
        sq = area - 1
        if line.effect in ("damage", "commander"):
            damage_building(state, place, sq, points, ctx, t, "mortar")
        elif line.effect == "gun-cpv":
            damage_building(state, place, sq, place.bpv[sq], ctx, t, "building destroyed")
        return
    if fort is None:
        return
    if line.effect in ("damage", "commander"):
        damage_fort(state, fort, points, ctx, t, "mortar")
    if line.effect == "gun-cpv":
        guns = [g for g in fort.guns if g.square == area and not g.destroyed]
        if guns and fort.cpv[area - 1] > 0:
            guns[0].destroyed = True
            fort.cpv[area - 1] -= 1
            ctx.log(f"{fort.name}: a gun and its crew destroyed in square {area}", R_MORTAR)
            fort.morale_due.append("CPV destroyed")
        else:
            ctx.log(f"{fort.name}: nothing in square {area} to destroy", R_MORTAR)
    if line.effect == "commander":
        c = state.commanders.get(fort.commander)
        if c is not None and c.alive and fort.commander_square == area:
            c.alive = False
            ctx.log(f"{c.name}, commanding {fort.name}, is killed", R_MORTAR)
            fort.morale_due.append("commander killed")


def _shore_words(ship: Ship, gun: Gun, name: str, shot: Any) -> str:
    """The roll of one gun's shot ashore, in words (:func:`shore_fire`)."""
    return f"{ship.name} fires her {gun.type} ({gun.id}) at {name}, {shot.inches:g} in"


def _shore_math(shot: Any, side: str, _values: tuple[int, ...]) -> RollMath:
    """How one gun's die ashore is read (firing.Shot.math), whatever it shows."""
    math: RollMath = shot.math(side)
    return math


def shore_fire(
    state: State, ship: Ship, target_id: str, shots: list[Any], ctx: Context, t: Tables
) -> None:
    """A ship's guns at a fort or a town: every hit takes the gun's damage
    off the fort's FPV or the nearest building's BPV (no CPV or gun lost)."""
    fort = state.forts.get(target_id)
    place = state.places.get(target_id)
    name = fort.name if fort is not None else place.name if place is not None else target_id
    guns = {g.id: g for g in ship.guns}
    hits = 0
    for shot in shots:
        gun = guns[shot.gun]
        gun.last_fired = state.turn
        need = shot.need - shot.modifier
        die = roll(
            ctx,
            # the words and the die's reading made only where the roll is
            # logged or asked for (as firing.fire_at's)
            partial(_shore_words, ship, gun, name, shot),
            1,
            R_FORTS,
            seat=ship.side,
            secret=secret_for(state, ship),
            goal=shot.goal,
            math=partial(_shore_math, shot, ship.side),
        )[0]
        if die < need:
            continue
        hits += 1
        damage = t.gunfire.guns[gun.type].damage
        if fort is not None:
            damage_fort(state, fort, damage, ctx, t, f"{gun.type} hit")
        elif place is not None:
            sq = nearest_building(place, (ship.x, ship.y))
            damage_building(state, place, sq, damage, ctx, t, f"{gun.type} hit")
    say(state, ctx, f"{ship.name}: {len(shots)} gun(s) at {name}, {hits} hit(s)", R_FORTS, ship)
