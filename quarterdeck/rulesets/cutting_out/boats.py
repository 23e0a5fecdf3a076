"""Movement (step 1 of the turn), the boats: "Boats move 6" PLUS d6" and
"Boats slow down by moving half of their previous turn movement until
stopping".

- A boat moves up to 6" plus its own d6 (a boat that has lost half her
  hull points, half that); one that is not rowed carries half its last move
  each turn until it stops.
- Where she is rowed (a compass point or a mark), how far, and what she
  meets: the ship's side (alongside), the shore, the table's edge (a boat
  that gets away); a boat with nobody to row her drifts and may be lost.

The side's rowing form is ``rowing.py``'s; climbing aboard from alongside
and landing are ``boarding.py``'s.
"""

from __future__ import annotations

import math
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import faces, total
from quarterdeck.core.geometry import bearing, distance, unit
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import (
    R_MOVE,
    deck_held_by,
    hidden,
    say,
)
from quarterdeck.rulesets.cutting_out.spotting import may_act
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, State
from quarterdeck.rulesets.cutting_out.tables import Tables

COMPASS = (
    ("N", 0),
    ("NE", 45),
    ("E", 90),
    ("SE", 135),
    ("S", 180),
    ("SW", 225),
    ("W", 270),
    ("NW", 315),
)


HALVED: Final = "half that, rounded down, once half her hull points are gone"


def rowers(state: State, boat: Boat) -> list[Figure]:
    return [f for f in state.aboard(boat.id) if not f.climbing]


def boat_speed(state: State, t: Tables, boat: Boat, inches: float) -> float:
    """Half speed (rounded down) once half the hull points are gone."""
    if boat.hull_hits >= boat.hull_points * t.hull.half_speed_at:
        return float(math.floor(inches / 2))
    return inches


def roll_allowance(state: State, t: Tables, ctx: Context, boat: Boat) -> float:
    """6" plus a d6, each boat its own roll (Movement)."""
    a = t.movement.boat
    secret = boat.side == state.raiders and hidden(state)
    (die,) = ctx.roll(
        f"{boat.name}: rowing (6 in plus the die)",
        1,
        R_MOVE,
        sides=a.die,
        seat=boat.side,
        secret=secret,
        goal=HALVED,
        math=total(("the boat's base move (in)", int(a.base))),
    )
    allowance = boat_speed(state, t, boat, a.base + die)
    state.allowance[boat.id] = allowance
    return allowance


def boat_step(state: State, t: Tables, ctx: Context, boat: Boat) -> dict[str, Any] | None:
    boat.moved = False
    party = state.parties.get(boat.id)
    crew = rowers(state, boat)
    private = boat.side == state.raiders
    secret = private and hidden(state)
    if not crew:
        if not boat.alongside and not boat.landed:
            coast(state, t, ctx, boat)
        return None
    if party is not None and party.side != state.raiders and not may_act(state, t, party):
        return None
    if party is not None and party.morale == "routed":
        if boat.alongside or boat.landed:
            boat.alongside = boat.landed = ""
        roll_allowance(state, t, ctx, boat)
        row(state, t, ctx, boat, "exit", int(state.allowance[boat.id]))
        return None
    if boat.alongside:
        ship_id = boat.alongside.split(":")[0]
        if boat.alongside_turn >= state.turn or state.ships[ship_id].status == "sunk":
            return None  # contact made this turn: climbing is for the next
        if party is not None and party.morale == "shaken":
            return None
        return {"kind": "alongside", "seat": boat.side, "boat": boat.id, "secret": secret}
    if boat.landed:
        landing = state.landings[boat.landed]
        if landing.kind != "beach" and boat.landed_turn >= state.turn:
            return None
        if party is not None and party.morale == "shaken":
            return None
        return {"kind": "landed", "seat": boat.side, "boat": boat.id, "secret": secret}
    if boat.id == state.ensign_boat:
        lost_boat(state, t, ctx, boat)
        return None
    roll_allowance(state, t, ctx, boat)
    return {"kind": "boat", "seat": boat.side, "boat": boat.id, "secret": secret}


def lost_boat(state: State, t: Tables, ctx: Context, boat: Boat) -> None:
    """The ensign lost in the dark: his boat rows her full move in a
    direction a die gives (Card Events Ideas, reconstructed)."""
    allowance = roll_allowance(state, t, ctx, boat)
    dirs = t.events.ensign_directions
    (n,) = ctx.roll(
        f"{boat.name}: which way the lost boat goes",
        1,
        R_MOVE,
        sides=len(dirs),
        seat=boat.side,
        secret=boat.side == state.raiders and hidden(state),
        math=faces(
            "straight on" if d % 360 == 0 else f"{d % 360:g} degrees to starboard" for d in dirs
        ),
    )
    heading = (boat.heading + dirs[n - 1]) % 360
    # lost, not fleeing: she stops at the table's edge rather than leave the harbour
    w, h = state.table
    gx, gy = harbour.toward((boat.x, boat.y), _ahead(boat, heading, allowance), allowance)
    move_boat_to(state, t, ctx, boat, (min(max(gx, 0.0), w), min(max(gy, 0.0), h)), allowance)
    say(state, ctx, f"{boat.name} wanders {allowance:g} in off her course", R_MOVE, True)


def _ahead(boat: Boat, heading: float, inches: float) -> tuple[float, float]:
    ux, uy = unit(heading)
    return (boat.x + ux * inches, boat.y + uy * inches)


def coast(state: State, t: Tables, ctx: Context, boat: Boat) -> None:
    """A boat not rowed carries half her last move until she stops."""
    if boat.last_move <= 0:
        return
    inches = boat.last_move * t.movement.coast_fraction
    if inches < t.movement.stopped_below:
        boat.last_move = 0.0
        return
    end = _ahead(boat, boat.heading, inches)
    move_boat_to(state, t, ctx, boat, end, inches, keep_heading=True)
    boat.last_move = inches


def toward_choices(state: State, t: Tables, boat: Boat) -> list[Option]:
    """Where a boat may row: alongside a boarding point of a ship, to a
    landing place, out to sea, or on a compass bearing."""
    out: list[Option] = []
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        if ship.side == boat.side and deck_held_by(state, ship) == boat.side:
            continue  # her own people hold her: nothing to board
        for p in harbour.boarding_points(ship, t):
            out.append(
                Option(
                    f"alongside:{ship.id}:{p}",
                    f"alongside {ship.name} at her {harbour.point_words(p)}",
                )
            )
    for landing in state.landings.values():
        out.append(Option(f"landing:{landing.id}", f"to the {landing.kind} at {landing.name}"))
    out.append(Option("exit", "out of the harbour to the open sea"))
    out += [
        Option(f"heading:{deg}", f"on a heading {name} ({deg} degrees)") for name, deg in COMPASS
    ]
    return out


def _ctx(ask: dict[str, Any], step: str, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"step": step, **extra}
    if ask.get("secret"):
        out["secret"] = True
    return out


def row(state: State, t: Tables, ctx: Context, boat: Boat, toward: str, inches: int) -> None:
    """Row ``boat`` up to ``inches`` toward ``toward`` (an option id)."""
    start = (boat.x, boat.y)
    boat.alongside = boat.landed = ""
    if inches <= 0:
        boat.last_move = 0.0
        say(state, ctx, f"{boat.name} lies still", R_MOVE, boat.side == state.raiders)
        return
    kind, _, rest = toward.partition(":")
    if kind == "alongside":
        ship_id, _, point_id = rest.partition(":")
        ship = state.ships[ship_id]
        x, y, h = harbour.alongside_spot(ship, t, point_id, boat)
        way = harbour.boat_way(state, start, (x, y))  # round her bow or stern, not through
        legs = list(zip([start, *way], way, strict=False))
        length = sum(distance(p, q) for p, q in legs)
        if length <= inches + 1e-9 and all(harbour.water_path(state, p, q) == q for p, q in legs):
            boat.last_move = length
            boat.x, boat.y, boat.heading = x, y, h
            boat.alongside = f"{ship.id}:{point_id}"
            boat.alongside_turn = state.turn
            boat.moved = True
            say(
                state,
                ctx,
                f"{boat.name} comes alongside {ship.name} at her {harbour.point_words(point_id)}",
                R_MOVE,
                boat.side == state.raiders,
            )
            return
        move_boat_to(state, t, ctx, boat, (x, y), inches, way=way)
    elif kind == "landing":
        landing = state.landings[rest]
        goal = (landing.x, landing.y)
        way = harbour.boat_way(state, start, goal)  # round any ship in the way
        legs = list(zip([start, *way], way, strict=False))
        length = sum(distance(p, q) for p, q in legs)
        if length <= inches + 1e-9 and all(
            harbour.water_path(state, p, q) == q for p, q in legs[:-1]
        ):
            last = legs[-1][0]
            end = harbour.water_path(state, last, goal, allow_end=True)
            if distance(end, goal) < 0.3:
                boat.last_move = length
                boat.heading = bearing(last, goal) if last != goal else boat.heading
                boat.x, boat.y = goal
                boat.landed = landing.id
                boat.landed_turn = state.turn
                boat.moved = True
                say(
                    state,
                    ctx,
                    f"{boat.name} reaches the {landing.kind} at {landing.name}",
                    R_MOVE,
                    boat.side == state.raiders,
                )
                return
        move_boat_to(state, t, ctx, boat, goal, inches, way=way)
    elif kind == "exit":
        move_boat_to(state, t, ctx, boat, harbour.exit_point(state, start), inches)
    else:
        heading = float(rest) if kind == "heading" else boat.heading
        move_boat_to(state, t, ctx, boat, _ahead(boat, heading, inches), inches)
    if boat.afloat:
        say(
            state,
            ctx,
            f"{boat.name} rows {boat.last_move:.1f} in",
            R_MOVE,
            boat.side == state.raiders,
        )


def move_boat_to(
    state: State,
    t: Tables,
    ctx: Context,
    boat: Boat,
    goal: tuple[float, float],
    inches: float,
    keep_heading: bool = False,
    way: list[tuple[float, float]] | None = None,
) -> None:
    """Row ``boat`` up to ``inches`` toward ``goal``: round every ship's hull
    in the way (never across it; a goal inside a hull stops her at the
    ship's side), and short of the shore; off the sea edge she is out.
    ``way``: :func:`harbour.boat_way` from where she lies to ``goal``, where
    the caller has just found it."""
    start = (boat.x, boat.y)
    if way is None:
        way = harbour.boat_way(state, start, goal)
    end, rowed, last = harbour.row_way(state, start, way, inches)
    w, h = state.table
    if harbour.past_exit(state, end):
        escape_boat(state, ctx, boat)
        return
    kept = (min(max(end[0], 0.0), w), min(max(end[1], 0.0), h))
    rowed -= distance(end, kept)
    end = kept
    if not keep_heading and end != last:
        boat.heading = bearing(last, end)
    boat.last_move = rowed
    boat.x, boat.y = end
    boat.moved = True


def escape_boat(state: State, ctx: Context, boat: Boat) -> None:
    """A boat rowed off the table by the sea edge leaves the game with everyone in it."""
    boat.status = "escaped"
    boat.alongside = boat.landed = ""
    for f in state.aboard(boat.id):
        f.fate = "escaped"
    say(
        state,
        ctx,
        f"{boat.name} pulls out of the harbour to the open sea",
        R_MOVE,
        boat.side == state.raiders,
    )
