"""Flotilla, "Movement" (Sequence of play, steps 3 to 5), carried out.

Steps 3 and 4: each side's ships and troops move in turn, and fire is
offered to both sides at the start, the middle and the end of every ship's
move and after every troop move (the fire points; standing fire orders).
A ship's move in two halves with her turns ("Moving and turning",
"Anchors away", "Adrift"), leaving the table, "Extra Power" and the
engineer's gamble. Step 5: landing parties land or re-embark (the troops'
own moves and landings are ``land.py``'s).

The manoeuvres themselves (speed track, turn angles, the legal plans) are
in ``movement.py``; what a ship may meet on the way (torpedoes, ramming,
collisions, running aground) in ``collisions.py``.
"""

from __future__ import annotations

import math
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.geometry import Pose
from quarterdeck.rulesets.flotilla import (
    damage,
    explain as ex,
    fire,
    firers,
    land,
    movement,
    standing,
)
from quarterdeck.rulesets.flotilla.collisions import (
    check_torpedoes,
    close_options,
    collisions,
    grounding,
    guns_per_die,
)
from quarterdeck.rulesets.flotilla.combat import R_BOARD
from quarterdeck.rulesets.flotilla.movement import Plan
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables
from quarterdeck.rulesets.flotilla.turn import R_SEQ, mover, other_side


def open_fire(state: State) -> None:
    """A point of the move at which fire is offered: the moving side first,
    then the other side (Sequence of play, steps 3 and 4)."""
    side = mover(state)
    state.fire_seats = [side, other_side(state, side)]
    state.held = []
    if not state.unit:  # the start of a movement step: standing orders are reviewed
        state.reviewed = []


def fire_point(state: State, t: Tables, ctx: Context) -> bool:
    """Offer fire to the first seat still to be asked; True if asked."""
    seat = state.fire_seats[0]
    if state.firing:
        left = state.firing["left"]
        if left:
            unit_id = state.firing["unit"]
            state.ask = {
                "kind": "target",
                "seat": seat,
                "unit": unit_id,
                "battery": left[0],
                "shots": [
                    [s.target, round(s.inches, 3), s.divisor, s.kind]
                    for s in target_shots(state, t, unit_id, left[0])
                ],
            }
            return True
    units = [u for u in firers.firers(state, t, seat) if u not in state.held]
    if units and standing.in_force(state, seat) and not standing.review_now(state, seat):
        units = carry_out_standing(state, t, ctx, seat, units)
        if state.result is not None:
            return False
    if not units:
        state.fire_seats.pop(0)
        return False
    state.ask = {"kind": "fire", "seat": seat, "units": units, "point": state.stage}
    return True


def carry_out_standing(
    state: State, t: Tables, ctx: Context, seat: str, units: list[str]
) -> list[str]:
    """Fire (or hold) every unit whose batteries all have standing orders,
    as if the player had chosen so now; the units left are asked."""
    left = []
    for unit_id in units:
        orders = standing.decide(state, t, seat, unit_id, lambda u, b: target_shots(state, t, u, b))
        if orders is None:
            left.append(unit_id)
            continue
        if all(o == "hold" for o in orders.values()):
            state.held.append(unit_id)
            continue
        state.firing = {"unit": unit_id, "left": [], "orders": orders}
        ctx.log(f"{unit_name(state, unit_id)} fires under standing orders", fire.R_FIRE)
        resolve_fire(state, t, ctx)
        if state.result is not None:
            break
    return [u for u in left if u in firers.firers(state, t, seat)]


def target_shots(state: State, t: Tables, unit_id: str, battery: str) -> list[fire.Shot]:
    if unit_id in state.ships:
        ship = state.ships[unit_id]
        b = next(x for x in ship.batteries if x.name == battery)
        return fire.battery_shots(state, t, ship, b)
    if unit_id in state.batteries:
        return fire.fort_shots(state, t, state.batteries[unit_id])
    return fire.small_arms_shots(state, t, state.troops[unit_id])


def unit_name(state: State, unit_id: str) -> str:
    if unit_id in state.ships:
        return state.ships[unit_id].name
    if unit_id in state.batteries:
        return state.batteries[unit_id].name
    return state.troops[unit_id].name


def resolve_fire(state: State, t: Tables, ctx: Context) -> None:
    unit_id = state.firing["unit"]
    orders: dict[str, str] = state.firing["orders"]
    state.firing = {}
    if all(order == "hold" for order in orders.values()):
        # nothing fired, nothing spent: the guns stay loaded for a later
        # point of the move (Reloading artillery: guns fire once a turn)
        state.held.append(unit_id)
        ctx.log(f"{unit_name(state, unit_id)} holds fire", fire.R_FIRE)
        return
    if unit_id in state.ships:
        fire.ship_volleys(state, t, ctx, state.ships[unit_id], orders)
    elif unit_id in state.batteries:
        bat = state.batteries[unit_id]
        fire.fort_volley(state, t, ctx, bat, orders["guns"])
    else:
        troop = state.troops[unit_id]
        troop.fired = True
        shot = [s for s in fire.small_arms_shots(state, t, troop) if s.target == orders["guns"]]
        if shot:
            fire.small_arms(state, t, ctx, troop, shot[0])


def step_move(state: State, t: Tables, ctx: Context) -> bool:
    """Steps 3 and 4: move the side's ships and troops ashore, one by one;
    fire is offered at the start, and at the middle and end of every move."""
    side = mover(state)
    while True:
        if state.ask is not None or state.queue or state.result is not None:
            return False
        if state.fire_seats:
            if fire_point(state, t, ctx):
                return False
            continue
        if state.stage == "":
            state.order = [
                s.id
                for s in state.ships.values()
                if s.side == side and s.status in ("active", "abandoned")
            ]
            state.order += [
                tr.id
                for tr in state.troops.values()
                if tr.side == side and tr.alive and tr.aboard is None and tr.fort is None
            ]
            ctx.log(f"Movement: {side} moves", R_SEQ)
            state.stage = "next"
            open_fire(state)
            continue
        if state.stage == "next":
            if not state.order:
                return True
            state.unit = state.order.pop(0)
            state.stage = "begin"
            state.plan = {}
            continue
        if state.unit in state.troops:
            land.troop_step(state, t, ctx)
        else:
            ship_step(state, t, ctx, state.ships[state.unit])


def ship_step(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """One stage of one ship's move."""
    stage = state.stage
    if stage == "begin":
        ship.extra_inches, ship.extra_turn = 0, False
        if ship.status == "abandoned":
            drift(state, t, ctx, ship)
            state.stage = "next"
        elif not ship.afloat:
            state.stage = "next"
        elif ship.grappled is not None or ship.stopped > 0:
            ship.speed, ship.moving = 0, False
            ship.moved = True
            state.stage = "next"
        elif ship.aground:
            ship.speed, ship.moving = 0, False
            state.stage = "next"
            if ship.guns >= guns_per_die(t, ship):  # enough guns left for one die
                state.ask = {"kind": "pitch", "seat": ship.side, "ship": ship.id}
        elif ship.engine_turns == 0 and not ship.catastrophic and ship.row_dice == 0:
            state.stage = "plan"
            state.ask = {"kind": "power", "seat": ship.side, "ship": ship.id}
        else:
            state.stage = "plan"
        return
    if stage == "plan":
        options = movement.first_options(state, t, ship)
        if len(options) == 1:
            state.plan = {"id": options[0].id, "start": [ship.x, ship.y, ship.heading]}
            state.stage = "first"
        else:
            state.ask = {
                "kind": "plan",
                "seat": ship.side,
                "ship": ship.id,
                "options": [p.id for p in options],
            }
        return
    if not ship.afloat and stage in ("first", "second", "close", "gm"):
        state.stage = "next"
        return
    if stage == "first":
        plan = Plan.parse(state.plan["id"])
        move_first_half(state, t, ctx, ship, plan)
        state.stage = "second"
        open_fire(state)
        return
    if stage == "second":
        plan = Plan.parse(state.plan["id"])
        if not (plan.reverse or plan.row or plan.speed == 0):
            if "closed" not in state.plan:
                # grappling, ramming and the spar torpedo during the move: here
                # at its middle, and again at its end
                state.plan["closed"] = True
                if ship.afloat and close_options(state, t, ship):
                    state.ask = {"kind": "close", "seat": ship.side, "ship": ship.id}
                    return
            if ship.grappled is not None and "middle" not in state.plan:
                state.plan["middle"] = None  # grappled ships come to a sudden stop
                ctx.log(f"{ship.name} is grappled and stops", R_BOARD)
            if "middle" not in state.plan:
                angles = later_turns(state, t, ship, "middle")
                if len(angles) > 1:
                    state.ask = turn_ask(ship, "middle", angles, plan.speed / 2)
                    return
                state.plan["middle"] = angles[0] if angles else None
            if "moved" not in state.plan:
                state.plan["moved"] = True
                move_second_half(state, t, ctx, ship, plan)
            if "end" not in state.plan and ship.afloat and ship.grappled is None:
                angles = later_turns(state, t, ship, "end")
                if len(angles) > 1:
                    state.ask = turn_ask(ship, "end", angles, 0.0)
                    return
                state.plan["end"] = 0
        state.stage = "close"
        open_fire(state)
        return
    if stage == "close":
        state.stage = "gm"
        if ship.grappled is None and close_options(state, t, ship):
            state.ask = {"kind": "close", "seat": ship.side, "ship": ship.id}
        return
    if stage == "gm":
        collisions(state, t, ctx, ship)
        state.stage = "ground"
        return
    if stage == "ground":
        state.stage = "next"
        grounding(state, t, ctx, ship)
        return
    raise AssertionError(f"unknown stage {stage!r}")  # pragma: no cover


def drift(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """An abandoned ship is adrift: 1d6 inches with the current or tide
    (not while grappled by a ship taking her)."""
    if state.current is None or ship.grappled is not None:
        return
    # nobody aboard: the roll is nobody's (the game master's, if one plays)
    (inches,) = ctx.roll(
        f"{ship.name} adrift", 1, movement.R_ADRIFT, seat=None, math=ex.inches(("adrift", 1))
    )
    dx, dy = movement.drift_vector(state, inches)
    end = (ship.x + dx, ship.y + dy)
    if movement.on_table(state, end) and not fire.terrain(state).crosses((ship.x, ship.y), end):
        ship.x, ship.y = end
        ctx.log(f"{ship.name} drifts {inches} in", movement.R_ADRIFT)


def move_first_half(state: State, t: Tables, ctx: Context, ship: Ship, plan: Plan) -> None:
    """The first turn and the first half of the move (or the whole move astern)."""
    ship.moved = True
    if plan.reverse:
        inches = sum(
            ctx.roll(
                f"{ship.name} goes astern",
                ship.reverse_dice,
                movement.R_ENGINES,
                seat=ship.side,
                math=ex.inches(("astern", ship.reverse_dice)),
            )
        )
        origin = (ship.x, ship.y)
        pose = Pose(ship.x, ship.y, ship.heading).advance(-inches)
        ship.x, ship.y = pose.x, pose.y
        ship.speed, ship.moving, ship.anchored, ship.reversing = 0, True, False, True
        ctx.log(f"{ship.name} goes astern {inches} in", movement.R_ENGINES)
        check_torpedoes(state, t, ctx, ship, origin, (ship.x, ship.y))
        return
    ship.reversing = False
    if plan.row:
        origin = (ship.x, ship.y)
        inches = sum(
            ctx.roll(
                f"{ship.name} rows",
                ship.row_dice,
                movement.R_ROW,
                seat=ship.side,
                math=ex.inches(("rowing", ship.row_dice)),
            )
        )
        pose = Pose(ship.x, ship.y, ship.heading).turn(plan.first).advance(inches)
        ship.x, ship.y, ship.heading = pose.x, pose.y, pose.heading
        ship.speed, ship.moving, ship.anchored = 0, True, False
        ctx.log(f"{ship.name} rows {inches} in", movement.R_ROW)
        check_torpedoes(state, t, ctx, ship, origin, (ship.x, ship.y))
        return
    if plan.speed > ship.max_speed:
        ship.speed = ship.max_speed
    else:
        ship.speed = plan.speed
    ship.moving = plan.speed > 0
    ship.anchored = plan.speed == 0
    if ship.anchored:
        ctx.log(f"{ship.name} is anchored", movement.R_ANCHOR)
        return
    start, mid, _ = movement.path(ship, plan)
    ship.x, ship.y, ship.heading = mid.x, mid.y, start.heading
    ctx.log(f"{ship.name}: {plan.label()}", movement.R_MOVE)
    check_torpedoes(state, t, ctx, ship, start.point, mid.point)
    leave_table(state, ctx, ship)


def extra_turn_used(ship: Ship, plan: dict[str, Any]) -> bool:
    """Whether the gamble's one extra 90-degree turn was spent earlier in
    this move (a turn beyond the card's angle at an earlier point)."""
    first = Plan.parse(plan["id"]).first
    middle = plan.get("middle") or 0
    return abs(first) > ship.turns.get("first", 0) or abs(middle) > ship.turns.get("middle", 0)


def later_turns(state: State, t: Tables, ship: Ship, point: str) -> list[int]:
    """The turns offered at the middle or end of the move (Moving and
    turning): any angle up to the card's, in steps; at the middle only those
    after which the second half of the move is legal (none: she can go no
    further and stops there)."""
    if not ship.afloat:
        return [0]
    extra = ship.extra_turn and not extra_turn_used(ship, state.plan)
    angles = movement.turn_options(
        ship, point, t.movement.turn_step, extra=extra, gamble=t.extra_power.gamble_turn
    )
    if point == "end":
        return angles
    half = Plan.parse(state.plan["id"]).speed / 2
    before = damage.distance_to_nearest_enemy(state, ship) if ship.mood else math.inf
    pose = Pose(ship.x, ship.y, ship.heading)
    return movement.legal_turns(state, t, ship, pose, angles, half, before)


def turn_ask(ship: Ship, point: str, angles: list[int], ahead: float) -> dict[str, Any]:
    return {
        "kind": "turn",
        "seat": ship.side,
        "ship": ship.id,
        "point": point,
        "angles": angles,
        "ahead": ahead,
    }


def move_second_half(state: State, t: Tables, ctx: Context, ship: Ship, plan: Plan) -> None:
    """The turn at the middle (about the bow) and the second half of the move."""
    if plan.reverse or plan.row or plan.speed == 0:
        return
    middle = state.plan.get("middle", plan.middle)
    if middle is None:
        if ship.grappled is None:
            ctx.log(f"{ship.name} can go no further this turn and stops", movement.R_MOVE)
        return
    start = Pose(ship.x, ship.y, ship.heading).turn(middle)
    end = start.advance(plan.speed / 2)
    ship.x, ship.y, ship.heading = end.x, end.y, end.heading
    if middle:
        ctx.log(
            f"{ship.name} turns {turn_words(middle)} at the middle of her move", movement.R_MOVE
        )
    check_torpedoes(state, t, ctx, ship, start.point, end.point)
    leave_table(state, ctx, ship)


def turn_words(angle: float) -> str:
    return f"{abs(angle):g} deg to {'starboard' if angle > 0 else 'port'}" if angle else "none"


def leave_table(state: State, ctx: Context, ship: Ship) -> None:
    """A ship whose bow passes her side's exit edge leaves the table for the
    rest of the game (scenario victory conditions)."""
    if ship.afloat and movement.off_by_exit(state, ship.side, (ship.x, ship.y)):
        ship.status = "exited"
        ship.speed, ship.moving = 0, False
        damage.release_grapples(state, ship.id)
        ctx.log(f"{ship.name} leaves the table by the {state.victory['exits'][ship.side]}", R_SEQ)


def extra_power(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """Extra Power: 1 boiler explosion, 2 steam leak, 3 the engineer refuses
    (the captain may gamble), 4-6 that many extra inches."""
    e = t.extra_power
    (die,) = ctx.roll(
        f"{ship.name} calls for more power",
        1,
        movement.R_POWER,
        seat=ship.side,
        math=ex.extra_power(t),
    )
    if die == 1:
        ctx.log(
            f"{ship.name}: boiler explosion! Stopped for {e.explosion_stop} turns", movement.R_POWER
        )
        ship.stopped = e.explosion_stop
        ship.speed, ship.moving = 0, False
        ship.continuing += e.explosion_continuing
        damage.apply_hits(state, t, ctx, ship, e.explosion_hits, "boiler explosion", by=damage.SELF)
        state.stage = "next"
    elif die == 2:
        ctx.log(f"{ship.name}: steam lines leak; stopped for {e.leak_stop} turns", movement.R_POWER)
        ship.stopped = e.leak_stop
        ship.speed, ship.moving = 0, False
        state.stage = "next"
    elif die == 3:
        ctx.log(f"{ship.name}: the engineer refuses: she's gonna blow", movement.R_POWER)
        state.ask = {"kind": "gamble", "seat": ship.side, "ship": ship.id}
    else:
        ship.extra_inches = die
        ctx.log(f"{ship.name}: {die} more inches this turn", movement.R_POWER)


def gamble(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """The captain orders more power anyway: three dice, 11 or under total
    destruction; 12 or more moves that many extra inches and gives a
    temporary 90 degree turn."""
    e = t.extra_power
    dice = ctx.roll(
        f"{ship.name}: more power anyway",
        e.gamble_dice,
        movement.R_POWER,
        seat=ship.side,
        math=ex.at_least(
            e.gamble_survive, "that many extra inches and a 90 degree turn", "the boilers blow"
        ),
    )
    total = sum(dice)
    if total < e.gamble_survive:
        damage.sink(state, t, ctx, ship, damage.SELF, "the boilers blow")
        state.stage = "next"
        return
    ship.extra_inches = total
    ship.extra_turn = True
    ctx.log(f"{ship.name}: {total} more inches and a 90 degree turn this turn", movement.R_POWER)


def step_landing(state: State, t: Tables, ctx: Context) -> bool:
    """Step 5: land any landing party, or take one back aboard."""
    if state.stage == "":
        state.order = land.landing_candidates(state, t)
        state.stage = "next"
    while state.order:
        unit_id = state.order.pop(0)
        kind = land.landing_question(state, t, unit_id)
        if kind is not None:
            troop = state.troops[unit_id]
            state.ask = {"kind": kind, "seat": troop.side, "troop": unit_id}
            return False
    return True
