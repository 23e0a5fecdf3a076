"""Navigational hazards (sandbars, shorelines, stakes and rocks, spar
chains, sunken vessels).

A ship crossing water shallower than her draught (a sandbar of that depth,
or the river itself) or passing within an inch of an island or the shore
throws one die: shallow draught (up to 5 ft) sticks on 1 or 2, deep draught
on 1 to 4. Stakes and rocks: 1 to 3, or 1 to 5. A ship that sticks stops
where she is and must reverse off: on sandbars and shores a 5 or 6, four
attempts (eight with a tug to help); off stakes or rocks a 6, two attempts
(a 5 or 6, four attempts, with a friendly ship or tug to help). Then she is
stuck for the game. Spar chains stop all but submarines, Davids and torpedo
boats at 4 knots or more, which cross on a 5 or 6. A sunken vessel cannot be
passed in a river or estuary: a ship that runs onto one is snagged, two
attempts at a 6 to get free (in the open sea a wreck can be crossed two
moves after she sank).
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import at_least, at_most
from quarterdeck.core.geometry import Pose
from quarterdeck.rulesets.acw_river.damage import trigger
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.state import Aground, Ship, State
from quarterdeck.rulesets.acw_river.tables import Stuck, Tables
from quarterdeck.rulesets.acw_river.terrain import hull
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_HAZARD: Final = "Navigational hazards"
R_STAKES: Final = "Navigational hazards: Stakes or Rocks"
R_CHAIN: Final = "Spar Chains"
R_WRECK: Final = "Sunken Vessels"


def chart(hazard: str, t: Tables) -> Stuck:
    return t.hazards.stakes if hazard in ("stakes", "rocks") else t.hazards.shoal


def shallow(ship: Ship, t: Tables) -> bool:
    return ship.draught <= t.hazards.shallow_draught


def stuck_test(state: State, ship: Ship, hazard: str, what: str, ctx: Context, t: Tables) -> bool:
    """One die for a ship meeting a hazard; returns whether she sticks."""
    c = chart(hazard, t)
    limit = c.stuck_shallow if shallow(ship, t) else c.stuck_deep
    draught = "shallow" if shallow(ship, t) else "deep"
    die = roll(
        ctx,
        f"{ship.name} ({draught} draught, {ship.draught:g} ft) crosses {what}",
        1,
        R_STAKES if hazard in ("stakes", "rocks") else R_HAZARD,
        seat=ship.side,
        secret=secret_for(state, ship),
        goal=f"{limit} or less: stuck",
        math=at_most(limit, outcomes=((1, "she sticks"), (limit + 1, "she crosses"))),
    )[0]
    if die > limit:
        return False
    ground(state, ship, hazard, ctx, f"stuck on {what}")
    return True


def ground(state: State, ship: Ship, hazard: str, ctx: Context, why: str) -> None:
    ship.aground = Aground(hazard)  # type: ignore[arg-type]
    ship.speed = 0
    ship.anchored = False
    trigger(ship, "run aground")
    say(state, ctx, f"{ship.name} is {why}", R_HAZARD, ship)


def helpers(state: State, ship: Ship, hazard: str, t: Tables) -> list[Ship]:
    """Friendly ships close enough to help her off: tugs for sandbars and
    shores, any friendly ship or tug for stakes and rocks."""
    out = []
    me = hull(ship)
    for other in state.ships.values():
        if other.id == ship.id or other.side != ship.side or other.status != "active":
            continue
        if other.aground is not None:
            continue
        tug = t.hulls[other.hull].tug
        if hazard in ("shoal", "shore") and not tug:
            continue
        if hazard == "wreck":
            continue
        if me.range_to(hull(other)) <= t.distances.alongside:
            out.append(other)
    return out


def limits(ship: Ship, assisted: bool, t: Tables) -> tuple[int, int]:
    """The most attempts and the die needed to reverse off."""
    assert ship.aground is not None
    if ship.aground.hazard == "wreck":
        return (t.hazards.wreck.tries, t.hazards.wreck.off_on)
    c = chart(ship.aground.hazard, t)
    if assisted:
        return (c.tries_assisted, c.off_on_assisted)
    return (c.tries, c.off_on)


def can_reverse_off(state: State, ship: Ship, t: Tables) -> bool:
    if ship.aground is None or ship.aground.fast or ship.status != "active":
        return False
    most, _ = limits(ship, bool(helpers(state, ship, ship.aground.hazard, t)), t)
    return ship.aground.tries < most


def reverse_off(state: State, ship: Ship, ctx: Context, t: Tables) -> bool:
    """One attempt to reverse off; returns whether she is free."""
    ground_ = ship.aground
    if ground_ is None:
        return True
    helping = helpers(state, ship, ground_.hazard, t)
    most, need = limits(ship, bool(helping), t)
    if ground_.tries >= most:
        ground_.fast = True
        return False
    ground_.tries += 1
    help_note = f", helped by {helping[0].name}" if helping else ""
    die = roll(
        ctx,
        f"{ship.name} tries to get off ({ground_.tries} of {most}{help_note})",
        1,
        R_WRECK if ground_.hazard == "wreck" else R_HAZARD,
        seat=ship.side,
        secret=secret_for(state, ship),
        goal=f"{need} or more: free",
        math=at_least(need, outcomes=((1, "still aground"), (need, "she comes off"))),
    )[0]
    if die >= need:
        ship.aground = None
        back = Pose(ship.x, ship.y, ship.heading).advance(-1.0)
        ship.x, ship.y = back.x, back.y
        say(state, ctx, f"{ship.name} comes off", R_HAZARD, ship)
        return True
    if ground_.tries >= most:
        ground_.fast = True
        say(state, ctx, f"{ship.name} is stuck fast for the rest of the game", R_HAZARD, ship)
    return False


def chain_cross(state: State, ship: Ship, speed: int, ctx: Context, t: Tables) -> bool:
    """Spar chains: only torpedo craft at 4 knots or more may try, on 5 or 6."""
    craft = t.hulls[ship.hull].torpedo_craft
    if not craft or abs(speed) < t.hazards.chain.min_speed:
        say(state, ctx, f"{ship.name} is stopped by the spar chain", R_CHAIN, ship)
        return False
    die = roll(
        ctx,
        f"{ship.name} tries to cross the spar chain",
        1,
        R_CHAIN,
        seat=ship.side,
        secret=secret_for(state, ship),
        goal=f"{t.hazards.chain.cross_on} or more",
        math=at_least(
            t.hazards.chain.cross_on,
            outcomes=((1, "she must back off"), (t.hazards.chain.cross_on, "she crosses")),
        ),
    )[0]
    ok = die >= t.hazards.chain.cross_on
    if not ok:
        say(state, ctx, f"{ship.name} fails to cross the chain and must back off", R_CHAIN, ship)
    return ok


def wreck_passable(state: State, since: int, t: Tables) -> bool:
    return state.table.kind == "sea" and state.turn - since >= t.hazards.wreck.open_sea_moves
