"""Flotilla on land: landing parties, land movement and charges, melee.

Sections: "Land Movement", "Melee Combat on Land", step 5 of the sequence
(landing parties). Troops are units of men and leaders at a point; a fort's
garrison is a unit that stays in its fort.
"""

from __future__ import annotations

import math
from typing import Any, Final

from shapely.geometry import Point, Polygon
from shapely.ops import nearest_points

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.core.geometry import angle_diff, bearing, distance, unit
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.flotilla import explain as ex, fire
from quarterdeck.rulesets.flotilla.state import State, Troop
from quarterdeck.rulesets.flotilla.tables import Tables

R_LAND: Final = "Land Movement"
R_MELEE: Final = "Melee Combat on Land"
R_LANDING: Final = "Sequence of play: 5. Landing parties"
R_SWIM: Final = "Movement: Non-Sailing Vessels and Swimming"


def _point(state: State, unit_id: str) -> tuple[float, float]:
    if unit_id in state.batteries:
        b = state.batteries[unit_id]
        return (b.x, b.y)
    tr = state.troops[unit_id]
    return (tr.x, tr.y)


# --------------------------------------------------------------------------
# Landing (step 5)


def landing_candidates(state: State, t: Tables) -> list[str]:
    """Troop units in order: side A's first, then side B's."""
    order = [state.side_a] + [s for s in state.sides if s != state.side_a]
    return [tr.id for side in order for tr in state.troops.values() if tr.side == side]


def landing_question(state: State, t: Tables, troop_id: str) -> str | None:
    """ "landing" for a party aboard a ship close to the shore, "embark" for a
    party ashore beside one of its ships, else None."""
    troop = state.troops[troop_id]
    if not troop.alive or troop.fort is not None:
        return None
    land = fire.terrain(state)
    if troop.aboard is not None:
        ship = state.ships[troop.aboard]
        if not ship.afloat:
            return None
        h = fire.hull(ship)
        if land and land.distance_to_land(h.middle) <= t.land.swim_range:
            return "landing"
        return None
    if _boat_for(state, t, troop) is not None:
        return "embark"
    return None


def _boat_for(state: State, t: Tables, troop: Troop) -> str | None:
    """A ship of the troop's side, with no party aboard, close enough to embark."""
    for ship in state.ships.values():
        if (
            ship.side == troop.side
            and ship.afloat
            and ship.party is None
            and fire.hull(ship).range_to_point((troop.x, troop.y)) <= t.reach.landing
        ):
            return ship.id
    return None


def land_party(state: State, t: Tables, ctx: Context, troop: Troop) -> None:
    assert troop.aboard is not None
    ship = state.ships[troop.aboard]
    middle = fire.hull(ship).middle
    troop.x, troop.y = fire.terrain(state).nearest_shore(middle)
    if (troop.x, troop.y) != middle:
        troop.facing = bearing(middle, (troop.x, troop.y))  # facing inland
    ship.party = None
    troop.aboard = None
    ctx.log(f"{troop.name} lands from {ship.name}", R_LANDING)


def swim_ashore(state: State, t: Tables, ctx: Context, troop: Troop) -> None:
    """Swimming (Non-Sailing Vessels and Swimming): every man swims one die of
    inches and drowns on a 1. Those whose die covers the distance reach the
    shore; the rest turn back and rejoin the ship's crew."""
    assert troop.aboard is not None
    ship = state.ships[troop.aboard]
    middle = fire.hull(ship).middle
    gap = fire.terrain(state).distance_to_land(middle)
    values = ctx.roll(
        f"{troop.name} swim for the shore ({gap:.1f} in)",
        troop.men + troop.leaders,
        R_SWIM,
        seat=troop.side,
        math=ex.swim(t.land.drown_on, gap),
    )
    leaders, men = values[: troop.leaders], values[troop.leaders :]
    drowned = sum(1 for v in values if v <= t.land.drown_on)
    ashore_leaders = sum(1 for v in leaders if v > t.land.drown_on and v >= gap)
    ashore_men = sum(1 for v in men if v > t.land.drown_on and v >= gap)
    back = len(values) - drowned - ashore_leaders - ashore_men
    ship.crew_pos = min(len(ship.crew_track) - 1, ship.crew_pos + back)
    troop.men, troop.leaders = ashore_men, ashore_leaders
    ctx.log(
        f"{troop.name}: {drowned} drown, {ashore_men + ashore_leaders} reach the shore, "
        f"{back} turn back to {ship.name}",
        R_SWIM,
    )
    if troop.alive:
        land_party(state, t, ctx, troop)
    else:
        ship.party = None
        troop.aboard = None


def embark(state: State, t: Tables, ctx: Context, troop: Troop) -> None:
    boat = _boat_for(state, t, troop)
    if boat is not None:
        ship = state.ships[boat]
        ship.party = troop.id
        troop.aboard = ship.id
        troop.contact = None
        ctx.log(f"{troop.name} goes back aboard {ship.name}", R_LANDING)


# --------------------------------------------------------------------------
# Land movement (steps 3 and 4)


def enemy_objectives(state: State, troop: Troop) -> list[str]:
    out = [
        b.id
        for b in state.batteries.values()
        if b.side != troop.side and not b.destroyed and fire.damage_able_fort(state, b)
    ]
    out += [
        tr.id
        for tr in state.troops.values()
        if tr.side != troop.side and tr.alive and tr.aboard is None and tr.fort is None
    ]
    return out


def troop_step(state: State, t: Tables, ctx: Context) -> None:
    troop = state.troops[state.unit]
    state.stage = "next"
    if not troop.alive or troop.aboard is not None or troop.contact is not None:
        return
    if enemy_objectives(state, troop):
        state.ask = {"kind": "troop", "seat": troop.side, "troop": troop.id}


def on_land(state: State, t: Tables, p: tuple[float, float]) -> bool:
    """On land, or at the water's edge (within ``reach.shore`` inches)."""
    land = fire.terrain(state)
    return not land or land.distance_to_land(p) <= t.reach.shore


def move_toward(t: Tables, troop: Troop, goal: tuple[float, float], inches: float) -> bool:
    """Move up to ``inches`` toward ``goal``, stopping at melee range, and
    face it; True if the unit reaches contact."""
    gap = distance((troop.x, troop.y), goal)
    if gap > 1e-9:
        troop.facing = bearing((troop.x, troop.y), goal)
    step = min(inches, max(0.0, gap - t.reach.melee))
    ux, uy = unit(bearing((troop.x, troop.y), goal))
    troop.x += ux * step
    troop.y += uy * step
    return gap - step <= t.reach.melee + 1e-9


def covers(state: State) -> list[Polygon]:
    """The scenario's cover ashore (houses, woods, field works) as polygons."""
    return [Polygon(p) for p in state.cover if len(p) >= 3]


def in_cover(state: State, p: tuple[float, float]) -> bool:
    """Whether a man at ``p`` stands in cover (inside any cover polygon)."""
    here = Point(p)
    return any(c.covers(here) for c in covers(state))


def take_cover(state: State, troop: Troop) -> None:
    """After a unit moves: in cover if it stands in a cover polygon, else in
    the open (men who leave their cover are in the open)."""
    troop.cover = in_cover(state, (troop.x, troop.y))


def troop_move(state: State, t: Tables, ctx: Context, troop: Troop, answer: str) -> None:
    """Land Movement: 1d6 inches; a charge is 2d6 (3d6 mounted) after the
    unit passes its charge test (disciplined fail on a 1, rabble on 1-3,
    -2 without a leader)."""
    if answer == "hold":
        return
    what, _, target = answer.partition(":")
    goal = _point(state, target)
    if what == "face":
        troop.facing = bearing((troop.x, troop.y), goal)
        ctx.log(f"{troop.name} turns to face {unit_label(state, target)}", R_LAND)
        return
    troop.moved = True
    start = (troop.x, troop.y)
    cover = troop.cover
    if what == "advance":
        dice = t.land.move_dice
    else:
        m = t.melee
        fail = m.rabble_charge_fail if troop.quality == "rabble" else m.disciplined_charge_fail
        (test,) = ctx.roll(
            f"Charge test of {troop.name}: fails on {fail} or less",
            1,
            R_MELEE,
            seat=troop.side,
            math=ex.at_least(
                fail + 1,
                "they charge",
                "they will not charge",
                ("no leader", m.no_leader if troop.leaders == 0 else 0),
            ),
        )
        if test + (m.no_leader if troop.leaders == 0 else 0) <= fail:
            ctx.log(f"{troop.name} will not charge", R_MELEE)
            return
        troop.charged = True
        dice = t.land.mounted_dice if troop.mounted else t.land.charge_dice
    why = "advance" if what == "advance" else "mounted charge" if troop.mounted else "charge"
    inches = sum(
        ctx.roll(f"{troop.name} moves", dice, R_LAND, seat=troop.side, math=ex.inches((why, dice)))
    )
    facing = troop.facing
    reached = move_toward(t, troop, goal, inches)
    take_cover(state, troop)
    if not on_land(state, t, (troop.x, troop.y)):
        troop.x, troop.y, troop.facing = start[0], start[1], facing  # not into the river
        troop.cover = cover
        ctx.log(f"{troop.name} cannot go that way: water in the way", R_LAND)
        return
    if reached:
        troop.contact = target
        troop.from_rear = target in state.troops and in_rear(t, state.troops[target], start)
        if troop.from_rear:
            ctx.log(f"{troop.name} started in the rear of {unit_label(state, target)}", R_MELEE)
        ctx.log(f"{troop.name} moves {inches} in and reaches the enemy", R_LAND)
    else:
        ctx.log(f"{troop.name} moves {inches} in", R_LAND)


def in_rear(t: Tables, defender: Troop, start: tuple[float, float]) -> bool:
    """Whether an attacker starting at ``start`` is in the defenders' rear:
    outside their front, in the ``rear_arc`` behind them (this project's
    reading: the half behind the line of their front)."""
    if distance((defender.x, defender.y), start) <= 1e-9:
        return False
    off = abs(angle_diff(bearing((defender.x, defender.y), start), defender.facing))
    return off > 180.0 - t.melee.rear_arc / 2 + 1e-9


def unit_label(state: State, unit_id: str) -> str:
    if unit_id in state.batteries:
        return state.batteries[unit_id].name
    return state.troops[unit_id].name


# --------------------------------------------------------------------------
# Melee (step 6)


def melee_dice(t: Tables, troop: Troop, defending: str = "") -> int:
    """Dice for a unit in melee: a leader three dice; two men a die (a mounted
    man two dice, five rabble a die); defenders of a fortification a die a
    man, in light cover or uphill two dice for three men; defenders attacked
    from their rear four men a die (or their own rate, if worse). Fractions
    of a die are dropped."""
    m = t.melee
    if defending == "rear":
        dice = troop.leaders * m.leader_dice
        return dice + min(troop.men // m.rear_men_per_die, melee_dice(t, troop) - dice)
    dice = troop.leaders * m.leader_dice
    if troop.mounted:
        dice += troop.men * m.mounted_dice_per_man
    elif troop.quality == "rabble":
        dice += troop.men // m.rabble_men_per_die
    elif defending == "fort":
        dice += troop.men // m.fort_men_per_die
    elif defending == "cover":
        dice += troop.men * m.cover_dice // m.cover_men
    else:
        dice += troop.men // m.men_per_die
    return dice


def melee_round(
    state: State, t: Tables, ctx: Context, att: Troop, dfn: Troop, defending: str
) -> int:
    # (defending: "", "cover", "fort" or "rear")
    """One round: every die a 5 or 6 is an enemy casualty; each six
    casualties a die, a 1 making one a leader. Returns the difference of
    losses (attacker's less defender's), a leader counting three men."""
    lost: dict[str, int] = {}
    # both sides strike together: dice are counted before anyone falls
    dice = {att.id: melee_dice(t, att), dfn.id: melee_dice(t, dfn, defending)}
    for side, enemy in ((att, dfn), (dfn, att)):
        n = dice[side.id]
        label = f"Melee: {side.name} ({n} {'die' if n == 1 else 'dice'})"
        values = (
            ctx.roll(
                label,
                n,
                R_MELEE,
                seat=side.side,
                math=RollMath("count", target=t.melee.hit_on, dice=((side.name, n),)),
            )
            if n
            else ()
        )
        hits = sum(1 for v in values if v >= t.melee.hit_on)
        leaders = 0
        for _ in range(hits // 6):
            (v,) = ctx.roll(
                f"Leader casualty check, {enemy.name}",
                1,
                R_MELEE,
                seat=enemy.side,
                math=ex.one_face(1, "a leader falls", "a man falls"),
            )
            if v == 1:
                leaders += 1
        leaders = min(leaders, enemy.leaders)
        men = min(enemy.men, hits - leaders)
        enemy.men -= men
        enemy.leaders -= leaders
        lost[enemy.id] = men + 3 * leaders
        ctx.log(f"{enemy.name} loses {men} men and {leaders} leaders", R_MELEE)
    return lost[att.id] - lost[dfn.id]


def retreat(
    state: State, troop: Troop, away_from: tuple[float, float], inches: float, *, face_enemy: bool
) -> None:
    """Fall back ``inches`` straight away from the enemy: a recoil ends facing
    the enemy, a rout with backs to the enemy (Melee Combat on Land)."""
    away = bearing(away_from, (troop.x, troop.y))
    ux, uy = unit(away)
    troop.x += ux * inches
    troop.y += uy * inches
    troop.facing = (away + 180.0) % 360 if face_enemy else away
    take_cover(state, troop)


def rout(state: State, troop: Troop, away_from: tuple[float, float], inches: float) -> str:
    """A rout (Melee Combat on Land): the men run ``inches`` to the nearest
    cover, backs to the enemy; into it if it is within their run, else as far
    toward it as they get. Cover they stand in is not a refuge (they are
    driven out of it), and with no other cover on the table they run straight
    away from the enemy. Returns where they went, for the log."""
    here = (troop.x, troop.y)
    refuges = [c for c in covers(state) if not c.covers(Point(here))]
    if not refuges:
        retreat(state, troop, away_from, inches, face_enemy=False)
        return "away from the enemy"
    refuge = min(refuges, key=lambda c: c.distance(Point(here)))
    edge = nearest_points(refuge, Point(here))[0]
    goal = (edge.x, edge.y)
    gap = distance(here, goal)
    step = min(inches, gap)
    if gap > 1e-9:
        ux, uy = unit(bearing(here, goal))
        troop.x += ux * step
        troop.y += uy * step
    if inches > gap:  # a little further in, off the very edge
        inner = refuge.representative_point()
        into = min(inches - gap, 0.5, distance(goal, (inner.x, inner.y)))
        ux, uy = unit(bearing(goal, (inner.x, inner.y)))
        troop.x += ux * into
        troop.y += uy * into
    troop.facing = bearing(away_from, (troop.x, troop.y))  # backs to the enemy
    take_cover(state, troop)
    return "into cover" if troop.cover else "toward the nearest cover"


def melees(state: State, t: Tables, ctx: Context) -> bool:
    """Resolve every melee begun by a unit that reached the enemy, one after
    another; False while a winner is asked whether to press on (the fight in
    hand is kept in ``state.plan["melee"]``)."""
    while True:
        pending = state.plan.get("melee")
        if pending is not None:
            att, dfn = state.troops[pending["att"]], state.troops[pending["dfn"]]
            if not fight(state, t, ctx, att, dfn, pending["defending"], pending["fort"], pending):
                return False
            del state.plan["melee"]
            continue
        att_found = next((a for a in state.troops.values() if a.contact is not None), None)
        if att_found is None:
            return True
        att = att_found
        target = att.contact
        assert target is not None
        att.contact = None
        rear, att.from_rear = att.from_rear, False
        if not att.alive:
            continue
        fort = state.batteries.get(target)
        if fort is not None:
            if fort.destroyed or fort.side == att.side:
                continue
            if fort.garrison is None or not state.troops[fort.garrison].alive:
                capture_fort(state, ctx, att, fort.id)
                continue
            dfn = state.troops[fort.garrison]
            defending = "fort"
        else:
            dfn = state.troops[target]
            if not dfn.alive:
                continue
            defending = "rear" if rear else "cover" if dfn.cover else ""
        state.plan["melee"] = {
            "att": att.id,
            "dfn": dfn.id,
            "defending": defending,
            "fort": fort.id if fort is not None else None,
            "rounds": 0,
        }


def fight(
    state: State,
    t: Tables,
    ctx: Context,
    att: Troop,
    dfn: Troop,
    defending: str,
    fort: str | None,
    pending: dict[str, Any] | None = None,
) -> bool:
    """Melee until a difference of 3 or more (or one side is gone): 3-4 the
    loser recoils 4 inches facing the enemy and the winner may attack again
    on a 4-6; 5 or more the loser runs 4d6 and the winner may move 2d6.
    With ``pending`` (the fight's record) the winner is asked whether to
    attack again or follow, and False is returned while he is asked; without
    it he always does, except a fort's garrison, which holds its fort.

    A winner who attacks again is the attacker of the next round, and the
    beaten side defends where it now stands (in cover or in the open). A
    garrison that attacks again or follows leaves its fort, which stands
    empty for its side: the fight is no longer for the fort. The fort
    changes hands only if its garrison is killed or driven out of it."""
    p: dict[str, Any] = pending if pending is not None else {}
    wait, answer = p.pop("await", ""), p.pop("answer", "")
    if wait:
        winner, loser = state.troops[p["winner"]], state.troops[p["loser"]]
        if wait == "again" and answer == "press":
            att, dfn, defending, fort = press(state, t, ctx, p, winner, loser, fort)
        elif wait == "follow":
            if answer == "follow":
                fort = None if winner.fort is not None else fort
                leave_fort(state, ctx, winner)
                pursue(state, t, ctx, winner, loser)
            return finish_fight(state, ctx, att, dfn, fort)
        else:
            return finish_fight(state, ctx, att, dfn, fort)
    while p.get("rounds", 0) < t.melee.max_rounds:
        p["rounds"] = p.get("rounds", 0) + 1
        diff = melee_round(state, t, ctx, att, dfn, defending)
        if not att.alive or not dfn.alive:
            break
        if abs(diff) <= 2:
            ctx.log("The melee goes on", R_MELEE)
            continue
        winner, loser = (dfn, att) if diff > 0 else (att, dfn)
        where = (winner.x, winner.y)
        if abs(diff) <= 4:
            retreat(state, loser, where, t.land.recoil, face_enemy=True)
            ctx.log(f"{loser.name} recoils {t.land.recoil:g} inches", R_MELEE)
            if loser is dfn and fort is not None:
                break
            (again,) = ctx.roll(
                f"{winner.name} may attack again on {t.land.attack_again_on}+",
                1,
                R_MELEE,
                seat=winner.side,
                math=ex.at_least(t.land.attack_again_on, "may attack again", "may not"),
            )
            if again < t.land.attack_again_on:
                break
            if pending is not None:
                p.update(await_ask(state, p, "again", winner, loser))
                return False
            if winner.fort is not None:
                break  # a garrison holds its fort
            att, dfn, defending, fort = press(state, t, ctx, p, winner, loser, fort)
            continue
        inches = sum(
            ctx.roll(
                f"{loser.name} runs",
                t.land.rout_dice,
                R_MELEE,
                seat=loser.side,
                math=ex.inches(("rout", t.land.rout_dice)),
            )
        )
        went = rout(state, loser, where, inches)
        ctx.log(f"{loser.name} runs {inches} inches {went}", R_MELEE)
        if fort is None or winner is dfn:
            if pending is not None:
                p.update(await_ask(state, p, "follow", winner, loser))
                return False
            if winner.fort is None:
                pursue(state, t, ctx, winner, loser)
        break
    return finish_fight(state, ctx, att, dfn, fort)


def press(
    state: State,
    t: Tables,
    ctx: Context,
    p: dict[str, Any],
    winner: Troop,
    loser: Troop,
    fort: str | None,
) -> tuple[Troop, Troop, str, str | None]:
    """The winner attacks again: he closes with the recoiled enemy and is the
    attacker of the next round; the enemy defends where he now stands. A
    garrison that does so leaves its fort. Returns the fight's new
    attacker, defender, defence and the fort still at stake."""
    if winner.fort is not None:
        fort = None
        leave_fort(state, ctx, winner)
    move_toward(t, winner, (loser.x, loser.y), math.inf)
    take_cover(state, winner)
    defending = "cover" if loser.cover else ""
    p.update(att=winner.id, dfn=loser.id, defending=defending, fort=fort)
    return winner, loser, defending, fort


def leave_fort(state: State, ctx: Context, troop: Troop) -> None:
    """A garrison steps out of its fort: the fort stands empty, still its
    side's, its guns in place; anyone who reaches it takes it."""
    if troop.fort is None:
        return
    fort = state.batteries[troop.fort]
    fort.garrison = None
    troop.fort = None
    troop.cover = False
    ctx.log(f"{troop.name} leave {fort.name}, which stands empty", R_MELEE)


def await_ask(
    state: State, p: dict[str, Any], what: str, winner: Troop, loser: Troop
) -> dict[str, Any]:
    """Ask the winner of a round whether to attack again or follow."""
    state.ask = {
        "kind": f"melee_{what}",
        "seat": winner.side,
        "troop": winner.id,
        "enemy": loser.id,
    }
    return {"await": what, "winner": winner.id, "loser": loser.id}


def pursue(state: State, t: Tables, ctx: Context, winner: Troop, loser: Troop) -> None:
    inches = sum(
        ctx.roll(
            f"{winner.name} follows",
            t.land.pursue_dice,
            R_MELEE,
            seat=winner.side,
            math=ex.inches(("pursuit", t.land.pursue_dice)),
        )
    )
    move_toward(t, winner, (loser.x, loser.y), inches)
    take_cover(state, winner)
    ctx.log(f"{winner.name} follows {inches} inches", R_MELEE)


def finish_fight(state: State, ctx: Context, att: Troop, dfn: Troop, fort: str | None) -> bool:
    if fort is not None and (not dfn.alive or dfn_left_fort(state, dfn, fort)):
        capture_fort(state, ctx, att, fort)
    return True


def dfn_left_fort(state: State, dfn: Troop, fort: str) -> bool:
    b = state.batteries[fort]
    return distance((dfn.x, dfn.y), (b.x, b.y)) > 1e-6


def capture_fort(state: State, ctx: Context, troop: Troop, fort_id: str) -> None:
    """The fort changes hands: the victors occupy it and become its garrison,
    its guns left serve them and fire for their side from now on; it can be
    recaptured the same way (this project's reading of a fort captured; the
    capture wins the next initiative outright)."""
    fort = state.batteries[fort_id]
    if not troop.alive:
        return
    if fort.garrison is not None:
        old = state.troops[fort.garrison]
        old.fort, old.cover = None, False
    fort.side = troop.side
    fort.captured_by = None if troop.side == fort.owner else troop.side
    fort.garrison = troop.id
    fort.crew_hits = 0
    troop.fort, troop.cover, troop.contact = fort.id, True, None
    troop.x, troop.y = fort.x, fort.y
    if troop.side not in state.auto_win:
        state.auto_win.append(troop.side)
    again = "recaptures" if fort.captured_by is None else "captures"
    ctx.log(f"{troop.name} {again} {fort.name}; its {fort.guns} gun(s) now fire for them", R_MELEE)


# --------------------------------------------------------------------------
# Prompts


def prompt(state: State, t: Tables, ask: dict[str, Any], ctx: dict[str, Any]) -> Prompt:
    kind, seat = ask["kind"], ask["seat"]
    troop = state.troops[ask["troop"]]
    ctx["troop"] = troop.id
    if kind == "landing":
        ship = state.ships[troop.aboard or ""]
        gap = fire.terrain(state).distance_to_land(fire.hull(ship).middle)
        options = [Option("stay", "stay aboard")]
        if gap <= t.reach.landing:
            options.append(Option("land", "land the party by boat"))
        options.append(Option("swim", f"swim for it ({gap:.1f} in; a 1 drowns)"))
        return Prompt(
            seat,
            f"Land {troop.name} ({troop.men} men) from {ship.name}?",
            R_LANDING,
            tuple(options),
            context=ctx,
        )
    if kind == "embark":
        return Prompt(
            seat,
            f"Take {troop.name} back aboard?",
            R_LANDING,
            (Option("stay", "stay ashore"), Option("embark", "go back aboard")),
            context=ctx,
        )
    if kind in ("melee_again", "melee_follow"):
        enemy = state.troops[ask["enemy"]]
        ctx["enemy"] = enemy.id
        ctx["garrison"] = troop.fort
        leaving = f", leaving {state.batteries[troop.fort].name} empty" if troop.fort else ""
        if kind == "melee_again":
            question = f"{troop.name} drove back {enemy.name}: attack again?"
            choices = (
                Option("press", f"attack again{leaving}"),
                Option("stop", "let them go" + (", holding the fort" if troop.fort else "")),
            )
        else:
            question = f"{enemy.name} run: does {troop.name} follow (2d6 inches)?"
            choices = (
                Option("follow", f"follow them{leaving}"),
                Option("stay", "stay" + (" in the fort" if troop.fort else "")),
            )
        return Prompt(seat, question, R_MELEE, choices, context=ctx)
    assert kind == "troop", kind
    opts = [Option("hold", "hold")]
    m = t.melee
    fail = m.rabble_charge_fail if troop.quality == "rabble" else m.disciplined_charge_fail
    test = f"balks on {'1' if fail == 1 else f'1-{fail}'}" + (
        f", {m.no_leader:+d} with no leader" if troop.leaders == 0 else ""
    )
    charge_dice = t.land.mounted_dice if troop.mounted else t.land.charge_dice
    for target in enemy_objectives(state, troop):
        gap = distance((troop.x, troop.y), _point(state, target))
        name = (
            state.batteries[target].name if target in state.batteries else state.troops[target].name
        )
        opts.append(
            Option(
                f"advance:{target}",
                f"advance on {name} ({gap:.1f} in away; {t.land.move_dice}d6 in)",
            )
        )
        opts.append(
            Option(
                f"charge:{target}",
                f"charge {name} ({gap:.1f} in away; charge test {test}; {charge_dice}d6 in)",
            )
        )
        opts.append(Option(f"face:{target}", f"stand and face {name}"))
    return Prompt(seat, f"Move {troop.name} ({troop.men} men)", R_LAND, tuple(opts), context=ctx)


def apply(state: State, t: Tables, ask: dict[str, Any], answer: str, ctx: Context) -> None:
    troop = state.troops[ask["troop"]]
    kind = ask["kind"]
    if kind == "landing" and answer == "land":
        land_party(state, t, ctx, troop)
    elif kind == "landing" and answer == "swim":
        swim_ashore(state, t, ctx, troop)
    elif kind == "embark" and answer == "embark":
        embark(state, t, ctx, troop)
    elif kind == "troop":
        troop_move(state, t, ctx, troop, answer)
    elif kind in ("melee_again", "melee_follow"):
        state.plan["melee"]["answer"] = answer
