"""Morale (step 8): the ship's crew, and the boats' crews and garrisons.

The ship's crew goes docile once the deck has been swept of defenders and
the raiders have held the main hatch for a turn (the crew's one turn to
break out has failed or was not tried). Friends boarding her, or the raiders
leaving her, bring the crew back into the game.

A boat's crew or a garrison reduced to half or less of its starting numbers
tests every turn with a d6: 1-2 surrenders if an enemy is within 6", else
retreats off the ship or out of the fort; 3-4 falls back the next turn (or
re-enters its boats) until rallied by a 5-6 on a later test; 5-6 carries on.
+1 British against French, +1 Americans against pirates, +1 with a
charismatic leader.
"""

from __future__ import annotations

import math
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import R_CREW, R_MORALE, hatch_held
from quarterdeck.rulesets.cutting_out.state import Party, State
from quarterdeck.rulesets.cutting_out.tables import Tables

TESTED: Final[tuple[str, ...]] = ("boat", "garrison", "land")


def crew_morale(state: State, t: Tables, ctx: Context) -> None:
    """The ship's crew (Morale: Ship's Crew)."""
    for ship in state.ships.values():
        if not ship.afloat or ship.side != state.defenders:
            continue
        raiders = state.on_deck(ship.id, state.raiders)
        if not raiders:
            if ship.docile:
                ship.docile = False
                ctx.log(f"The raiders have left {ship.name}: her crew may regain the deck", R_CREW)
            ship.swept_since = 0
            continue
        swept = not state.on_deck(ship.id, state.defenders)
        if not swept:
            ship.swept_since = 0
            continue
        if not ship.swept_since:
            ship.swept_since = state.turn
            if state.below(ship.id):
                ctx.log(
                    f"{ship.name}'s deck is swept of defenders: her crew has one turn to break out",
                    R_CREW,
                )
            continue
        held = hatch_held(state, t, ship, state.raiders) or not state.below(ship.id)
        if held and not ship.docile and state.turn > ship.swept_since:
            ship.docile = True
            if state.below(ship.id):
                ctx.log(f"{ship.name}'s crew below decks gives up: they are docile", R_CREW)


def enemy_nations(state: State, side: str) -> set[str]:
    return {f.nation for f in state.figures.values() if f.active and f.side != side}


def modifiers(state: State, t: Tables, party: Party) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    best = 0
    against = ""
    for enemy in enemy_nations(state, party.side):
        bonus = t.morale.nation_bonus(party.nation, enemy)
        if bonus > best:
            best, against = bonus, enemy
    if best:
        out.append((f"{party.nation.capitalize()} against {against.capitalize()}", best))
    if any(f.charismatic for f in state.party_figures(party.id)):
        out.append(("a charismatic leader", t.morale.charismatic))
    return out


def must_test(state: State, t: Tables, party: Party) -> bool:
    if party.kind not in TESTED or party.morale in ("routed", "surrendered") or party.start <= 0:
        return False
    figs = [f for f in state.party_figures(party.id) if f.where != "below"]
    if not figs:
        return False
    return len(figs) <= party.start * t.morale.test_at or party.morale == "shaken"


def enemy_near(state: State, t: Tables, party: Party) -> bool:
    mine = [p for f in state.party_figures(party.id) if (p := harbour.figure_point(state, f))]
    theirs = [
        p
        for f in state.figures.values()
        if f.active and f.side != party.side and (p := harbour.figure_point(state, f))
    ]
    reach = t.morale.surrender_within
    return any(math.hypot(a[0] - b[0], a[1] - b[1]) <= reach for a in mine for b in theirs)


def step_morale(state: State, t: Tables, ctx: Context) -> None:
    """Step 8: the ship's crew, then each crew or garrison at half strength."""
    crew_morale(state, t, ctx)
    for party in state.parties.values():
        if not must_test(state, t, party):
            continue
        mods = modifiers(state, t, party)
        total_mod = sum(v for _, v in mods)
        figs = [f for f in state.party_figures(party.id) if f.where != "below"]
        (die,) = ctx.roll(
            f"Morale: {party.name} ({len(figs)} of {party.start} left)",
            1,
            R_MORALE,
            sides=t.morale.die,
            seat=party.side,
            odds=_morale_odds(t, total_mod),
            math=RollMath(
                "sum",
                modifiers=tuple(mods),
                outcomes=(
                    (t.morale.surrender_on, "surrender (or retreat, with no enemy near)"),
                    (t.morale.surrender_on + 1, "fall back until rallied"),
                    (t.morale.fall_back_on + 1, "carry on"),
                ),
            ),
        )
        total = die + total_mod
        band = t.morale.band(total)
        shown = f"{die}{total_mod:+d} = {total}" if total_mod else f"{die}"
        if band == "surrender":
            if enemy_near(state, t, party):
                for f in figs:
                    f.fate = "captured"
                enemy = state.other(party.side)
                state.prisoners[enemy] = state.prisoners.get(enemy, 0) + len(figs)
                party.morale = "surrendered"
                ctx.log(f"{party.name} ({shown}): surrender", R_MORALE)
            else:
                party.morale = "routed"
                rout(state, t, ctx, party)
                ctx.log(f"{party.name} ({shown}): retreat, leaving the fight", R_MORALE)
        elif band == "fall-back":
            party.morale = "shaken"
            ctx.log(f"{party.name} ({shown}): fall back until rallied", R_MORALE)
        else:
            if party.morale == "shaken":
                ctx.log(f"{party.name} ({shown}): rallied", R_MORALE)
            else:
                ctx.log(f"{party.name} ({shown}): carry on", R_MORALE)
            party.morale = "steady"


def rout(state: State, t: Tables, ctx: Context, party: Party) -> None:
    """Retreat off the ship (into a boat alongside, else over the side) or
    out of the fort: the party leaves the game, its boat rowing for the sea."""
    for f in state.party_figures(party.id):
        if f.where == "deck":
            boat = next(
                (
                    b
                    for b in state.boats.values()
                    if b.afloat and b.side == f.side and b.alongside.startswith(f"{f.place}:")
                ),
                None,
            )
            if boat is not None:
                f.where, f.place = "boat", boat.id
            else:
                f.fate = "out"
        elif f.where == "land":
            f.fate = "out"


def _morale_odds(t: Tables, modifier: int) -> str:
    """The chance of each result of a morale test with ``modifier``."""
    bands = {"surrender": 0, "fall-back": 0, "carry-on": 0}
    for die in range(1, t.morale.die + 1):
        bands[t.morale.band(die + modifier)] += 1
    n = t.morale.die
    return (
        f"surrender {bands['surrender'] / n:.0%}, fall back {bands['fall-back'] / n:.0%}, "
        f"carry on {bands['carry-on'] / n:.0%}"
    )
