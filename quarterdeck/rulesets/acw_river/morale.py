"""Morale: the tests after firing or a ram attack, and their two results.

A ship tests when her captain is killed, she falls below her penetration
value, loses CPV, runs aground, has no armament or no speed left, or her
steering is jammed; a fort when its commander is killed, and when its CPV
losses reach its commander's threshold (a panicky one after the first,
stubborn at a third, fanatic at two thirds) and on every loss after. One
test a move, however many reasons. One die, with every modifier that holds
at the moment of the test; 1 or more and she fights on, 0 or less and she is
abandoned. "No speed" is a steamer's that has lost it: a ship under sail
alone takes neither "can still move" nor "no speed available".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least
from quarterdeck.rulesets.acw_river.commanders import (
    in_command,
    morale_minus,
    morale_plus,
    quality,
)
from quarterdeck.rulesets.acw_river.damage import STEERING, abandon, can_fire_gun
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.movement import effective_max
from quarterdeck.rulesets.acw_river.state import Fort, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_MORALE: Final = "Morale"
R_FORT: Final = "Fort Commander"


@dataclass(frozen=True, slots=True)
class Modifier:
    why: str
    value: int
    secret: bool = False  # a commander's green or red die: his own side's to know


def test_math(mods: list[Modifier], side: str, t: Tables, holds: str) -> RollMath:
    """A morale test as ``side`` knows it (its commander's die secret to
    it): the die and every modifier, 1 or more fights on."""
    need = t.morale.continue_on
    return at_least(
        need,
        *[(x.why, x.value) for x in mods if not x.secret],
        secret=[(x.why, x.value, (side,)) for x in mods if x.secret],
        outcomes=((need - 1, "abandoned"), (need, holds)),
    )


def lost_share(lost: int, start: int, t: Tables) -> Modifier | None:
    """The worst of: lost any CPV, lost a third, lost two thirds."""
    m = t.morale
    if lost <= 0 or start <= 0:
        return None
    if 3 * lost >= 2 * start:
        return Modifier("lost two thirds of her CPV", m.lost_two_thirds)
    if 3 * lost >= start:
        return Modifier("lost a third of her CPV", m.lost_third)
    return Modifier("lost CPV", m.lost_any)


def ship_modifiers(state: State, ship: Ship, t: Tables) -> list[Modifier]:
    """Every modifier that holds for her now (Morale: Add; Subtract)."""
    m = t.morale
    out: list[Modifier] = []
    if ship.crew.lost == 0:
        out.append(Modifier("lost no CPV", m.lost_none))
    else:
        share = lost_share(ship.crew.lost, ship.cpv_start, t)
        if share is not None:
            out.append(share)
    if ship.spv >= ship.pv:
        out.append(Modifier("above her minimum SPV", m.above_pv))
    else:
        out.append(Modifier("below her minimum SPV", m.below_pv))
    c = in_command(state, ship)
    if c is not None:
        out.append(Modifier(f"{c.name} alive (green)", morale_plus(c, t), True))
    else:
        dead = state.commanders.get(ship.captain)
        if dead is not None:
            out.append(Modifier(f"{dead.name} dead (red)", morale_minus(dead, t), True))
    if any(can_fire_gun(ship, g) for g in ship.guns):
        out.append(Modifier("guns can still fire", m.guns_fire))
    else:
        out.append(Modifier("unable to fire", m.cannot_fire))
    # speed is what her engine and boiler can give: a ship aground with her
    # engine sound takes the run-aground modifier, not "no speed" as well; a
    # ship under sail alone has no steam speed to lose and takes neither
    # (the program gives her no way of her own: see the rules notes)
    top = effective_max(ship, t)
    if ship.max_speed > 0 and top > 0:
        out.append(Modifier("can still move", m.can_move))
    elif ship.max_speed > 0:
        out.append(Modifier("no speed available", m.no_speed))
    if ship.aground is not None:
        if ship.fired_on_by:
            out.append(Modifier("aground and under fire", m.aground_under_fire))
        else:
            out.append(Modifier("run aground", m.aground))
    if ship.rammed and ship.max_speed > 0 and top == 0:
        out.append(Modifier("rammed with no speed left", m.rammed_no_speed))
    if any(e.kind in STEERING for e in ship.effects):
        out.append(Modifier("steering jammed", m.steering))
    return out


def fort_modifiers(state: State, fort: Fort, t: Tables) -> list[Modifier]:
    """Every modifier of a fort's test, all its own side's to know: its CPV
    is hidden from the enemy, and so is its commander's die."""
    return [Modifier(x.why, x.value, True) for x in _fort_modifiers(state, fort, t)]


def _fort_modifiers(state: State, fort: Fort, t: Tables) -> list[Modifier]:
    m = t.morale
    out: list[Modifier] = []
    lost = fort.cpv_start - sum(fort.cpv)
    if lost == 0:
        out.append(Modifier("lost no CPV", m.lost_none))
    else:
        share = lost_share(lost, fort.cpv_start, t)
        if share is not None:
            out.append(share)
        out.append(Modifier(f"{lost} CPV destroyed", m.fort_cpv_each * lost))
    c = state.commanders.get(fort.commander)
    if c is not None and c.alive:
        out.append(Modifier(f"{c.name} alive (green)", morale_plus(c, t), True))
    elif c is not None:
        out.append(Modifier(f"{c.name} dead (red)", morale_minus(c, t), True))
    return out


def test_ship(state: State, ship: Ship, ctx: Context, t: Tables) -> bool:
    """One morale test; returns whether she fights on."""
    mods = ship_modifiers(state, ship, t)
    total = sum(x.value for x in mods)
    why = ", ".join(ship.morale_due)
    die = roll(
        ctx,
        f"{ship.name} tests morale ({why})",
        1,
        R_MORALE,
        seat=ship.side,
        secret=secret_for(state, ship),
        goal=f"with the modifiers, {t.morale.continue_on} or more to fight on",
        math=test_math(mods, ship.side, t, "she fights on"),
    )[0]
    score = die + total
    parts = ", ".join(f"{x.why} {x.value:+d}" for x in mods)
    ok = score >= t.morale.continue_on
    verdict = "fights on" if ok else "is abandoned"
    # the sum names her commander's green or red die: her own side's to know
    ctx.log(f"{ship.name}: {die} {parts} = {score}: {verdict}", R_MORALE, seats=(ship.side,))
    if ok:
        say(state, ctx, f"{ship.name} passes her morale test and fights on", R_MORALE, ship)
    if not ok:
        abandon(state, ship, ctx, t, "morale")
    return ok


def fort_due(state: State, fort: Fort, t: Tables) -> bool:
    """Whether the fort's CPV losses call for a test now (Fort Commander)."""
    lost = fort.cpv_start - sum(fort.cpv)
    if lost <= fort.tested_at:
        return False
    c = state.commanders.get(fort.commander)
    q = quality(c, t) if c is not None else "stubborn"
    share = t.commanders.fort_threshold.get(q)
    if share is None:
        return True
    if share.n == 0:
        return lost >= 1
    return lost * share.d >= share.n * fort.cpv_start


def test_fort(state: State, fort: Fort, ctx: Context, t: Tables, why: str) -> bool:
    mods = fort_modifiers(state, fort, t)
    total = sum(x.value for x in mods)
    die = roll(
        ctx,
        f"{fort.name} tests morale ({why})",
        1,
        R_MORALE,
        seat=fort.side,
        goal=f"with the modifiers, {t.morale.continue_on} or more to fight on",
        math=test_math(mods, fort.side, t, "the fort holds"),
    )[0]
    fort.tested_at = fort.cpv_start - sum(fort.cpv)
    score = die + total
    parts = ", ".join(f"{x.why} {x.value:+d}" for x in mods)
    ok = score >= t.morale.continue_on
    verdict = "holds" if ok else "is abandoned"
    # the sum names the fort's CPV and its commander's green or red die
    ctx.log(f"{fort.name}: {die} {parts} = {score}: {verdict}", R_MORALE, seats=(fort.side,))
    ctx.log(f"{fort.name} {verdict}", R_MORALE)
    if not ok:
        fort.status = "abandoned"
    return ok


def morale_phase(state: State, ctx: Context, t: Tables) -> None:
    """Morale following firing or ram attack: every ship and fort with a
    reason tests once."""
    for ship in state.ships.values():
        if ship.morale_due and ship.status == "active":
            test_ship(state, ship, ctx, t)
        ship.morale_due = []
    for fort in state.forts.values():
        if fort.status not in ("active", "silenced"):
            continue
        reasons = list(fort.morale_due)
        if fort_due(state, fort, t):
            reasons.append("CPV lost")
        fort.morale_due = []
        if reasons:
            test_fort(state, fort, ctx, t, ", ".join(reasons))
