"""Movement (step 1 of the turn), the prize under sail: "Ships that are 1/2
rigged go 6" PLUS a d6 roll", "Ships that are fully rigged move 12" PLUS a
d10 roll"; half of that (rounded down) with half her hull points gone.
"""

from __future__ import annotations

import math
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import total
from quarterdeck.core.geometry import bearing, distance
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.boats import HALVED
from quarterdeck.rulesets.cutting_out.common import (
    R_MOVE,
)
from quarterdeck.rulesets.cutting_out.state import Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def ship_allowance(state: State, t: Tables, ctx: Context, ship: Ship) -> float:
    """Half rigged: 6" plus a d6; fully rigged: 12" plus a d10; half speed
    (rounded down) once half her hull points are gone."""
    a = t.movement.ship_full if ship.rig >= t.rigging.full else t.movement.ship_half
    (die,) = ctx.roll(
        f"{ship.name}: under sail",
        1,
        R_MOVE,
        sides=a.die,
        seat=state.raiders,
        goal=HALVED,
        math=total(("her base move under sail (in)", int(a.base))),
    )
    inches = a.base + die
    if ship.hull_hits >= ship.hull_points * t.hull.half_speed_at:
        inches = float(math.floor(inches / 2))
    return inches


def prize_step(state: State, t: Tables, ctx: Context) -> dict[str, Any] | None:
    ship = state.prize_ship
    if ship.rig < t.rigging.half or not ship.afloat:
        return None
    return {"kind": "prize", "seat": state.raiders}


def prize_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    ship = state.prize_ship
    rigged = "fully" if ship.rig >= t.rigging.full else "half"
    speed = "12 in plus a d10" if rigged == "fully" else "6 in plus a d6"
    verb = "sail on" if ship.status == "under-way" else "cut her cable and make sail"
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {ship.name} is {rigged} rigged (score {ship.rig}): {verb}?",
        R_MOVE,
        (
            Option("sail", f"{verb} for the open sea ({speed})"),
            Option("stay", "stay where she is and go on rigging"),
        ),
        context={"step": "prize"},
    )


def apply_prize(state: State, t: Tables, ctx: Context, answer: str) -> None:
    if answer != "sail":
        return
    ship = state.prize_ship
    inches = ship_allowance(state, t, ctx, ship)
    sail(state, t, ctx, ship, inches)


def sail(state: State, t: Tables, ctx: Context, ship: Ship, inches: float) -> None:
    """Move the ship along her way out (the scenario's route, then straight
    out to sea); boats alongside are towed; past the sea edge she is out."""
    ship.status = "under-way"
    left = inches
    here = (ship.x, ship.y)
    while left > 1e-9:
        goal = ship.route[0] if ship.route else harbour.exit_point(state, here, ship.length)
        d = distance(here, goal)
        step = min(d, left)
        nxt = harbour.toward(here, goal, step)
        if d > 1e-9:
            ship.heading = bearing(here, goal)
        here = nxt
        left -= step
        if ship.route and distance(here, ship.route[0]) < 1e-6:
            ship.route.pop(0)
        elif not ship.route and step < 1e-9:
            break
    dx, dy = here[0] - ship.x, here[1] - ship.y
    ship.x, ship.y = here
    for boat in state.boats.values():
        if boat.afloat and boat.alongside.startswith(f"{ship.id}:"):
            point_id = boat.alongside.split(":", 1)[1]
            boat.x, boat.y, boat.heading = harbour.alongside_spot(ship, t, point_id, boat)
    ctx.log(f"{ship.name} makes sail: {inches:g} in toward the open sea", R_MOVE)
    if harbour.past_exit(state, (ship.x, ship.y)):
        ship.status = "at-sea"
        ctx.log(f"{ship.name} is out of the harbour", R_MOVE)
    del dx, dy
