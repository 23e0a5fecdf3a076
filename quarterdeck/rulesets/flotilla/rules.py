"""Flotilla: American Civil War Ironclads: the turn sequence and its prompts.

The turn is the text's eleven steps, each a named phase in ``PHASES``:

1. environment: time of day, fog, smoke, the current (game master seat or
   scenario)
2. initiative: a die each with modifiers; automatic wins; the winner
   chooses who is side A
3. movement, side A (ships and troops ashore): each ship's speed and first
   turn, then her turns at the middle and end as she makes the move; fire
   offered to both sides at the start, at the middle and end of every
   ship's move and after every troop move; grappling, ramming and spar
   torpedoes at the middle and end of the move
4. movement, side B, likewise
5. landing parties land or re-embark
6. boarding actions (prizes fight for their captors) and land melee
7. continuing damage
8. repair of continuing damage, catastrophic fires, jammed turrets
9. reloading
10. end of turn: hulks removed, captains regain their nerve
11. passage of the turn (and the turn limit: the scenario's objectives decide)

``state.ask`` is the open question; ``state.queue`` holds questions raised
during a resolution (a rudder box to strike, a ruling for the game master)
which are asked before the sequence goes on.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.explain import RollMath
from quarterdeck.core.geometry import Pose, unit
from quarterdeck.core.prompts import Answer, Option, Prompt
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.flotilla import damage, fire, land, movement, standing
from quarterdeck.rulesets.flotilla import explain as ex
from quarterdeck.rulesets.flotilla.movement import Plan
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables

R_SEQ = "Sequence of play"
R_ENV = "Environment: Visibility, weather or special events"
R_INIT = "Environment: Initiative"
R_COLL = "Collisions, Ramming, and Running Aground"
R_SPAR = "Spar Torpedo"
R_TORP = "Torpedoes"
R_BOARD = "Boarding Actions"
R_RELOAD = "Reloading artillery"
R_END = "Sequence of play: 10. End of turn"

PHASES = (
    "environment",
    "initiative",
    "move_a",
    "move_b",
    "landing",
    "combat",
    "continuing",
    "repair",
    "reload",
    "end",
    "passage",
)


def other_side(state: State, side: str) -> str:
    return next(s for s in state.sides if s != side)


def mover(state: State) -> str:
    if state.phase == "move_b":
        return other_side(state, state.side_a)
    return state.side_a


# --------------------------------------------------------------------------
# Driving the sequence


def advance(state: State, t: Tables, ctx: Context) -> None:
    """Run the sequence forward until a question is open or the game ends."""
    for _ in range(100_000):
        if state.result is not None or state.ask is not None:
            return
        if state.queue:
            ask = state.queue.pop(0)
            if still_open(state, ask):
                state.ask = ask
            continue
        done = STEPS[state.phase](state, t, ctx)
        check_end(state, t, ctx)
        if state.ask is not None or state.result is not None or state.queue:
            continue
        if done:
            index = PHASES.index(state.phase)
            state.phase = PHASES[(index + 1) % len(PHASES)]
            state.stage = ""
            state.order = []
            state.unit = ""
            state.plan = {}
    raise RuntimeError("the sequence of play did not settle")  # pragma: no cover


def still_open(state: State, ask: dict[str, Any]) -> bool:
    """Whether a question raised earlier still has something to decide."""
    ship = state.ships.get(ask.get("ship", ""))
    if ask["kind"] == "turn_box":
        return ship is not None and any(v > 0 for v in ship.turns.values())
    if ask["kind"] in ("gm_ram", "gm_collision", "gm_aground"):
        return ship is not None and ship.status in ("active", "surrendered", "abandoned")
    return True


# --------------------------------------------------------------------------
# 1-2 Environment


# The game master's calls for the turn (Environment: visibility, weather or
# special events), asked one by one: each answer maps to the events in force.
ENVIRONMENT: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("time", "time of day", (("day", "full day"), ("dawn", "dawn"), ("dusk", "dusk"))),
    ("weather", "weather", (("clear", "clear"), ("fog", "fog"))),
    (
        "smoke",
        "smoke over the water",
        (("none", "none"), ("reduced", "reduced visibility"), ("excessive-smoke", "excessive")),
    ),
    (
        "current",
        "the current or tide",
        (
            ("unchanged", "unchanged"),
            ("slack", "slack water"),
            *((str(h), f"flowing toward {h} degrees") for h in range(0, 360, 45)),
        ),
    ),
)
NO_EVENT = ("day", "clear", "none")


def set_events(state: State, events: list[str]) -> None:
    state.events = [e for e in events if e not in NO_EVENT and e != "clear"]
    state.visibility = ", ".join(state.events) or "clear"


def set_current(state: State, value: Any) -> None:
    state.current = None if value == "slack" else float(value) % 360


def scheduled(schedule: dict[Any, Any], turn: int) -> Any:
    """The latest entry of a turn -> value schedule at or before ``turn``."""
    found = None
    for key in sorted(schedule, key=int):
        if int(key) <= turn:
            found = schedule[key]
    return found


def step_environment(state: State, t: Tables, ctx: Context) -> bool:
    """Step 1: the game master determines visibility, weather and special
    events for the rest of the turn (time of day, fog, smoke, the current):
    a seat named ``gm`` is asked each, else the scenario's schedule applies."""
    if state.gm is not None:
        asked = state.plan.get("asked", [])
        if len(asked) < len(ENVIRONMENT):
            if not asked:
                state.plan["events"] = []
            what = ENVIRONMENT[len(asked)][0]
            state.plan["asked"] = [*asked, what]
            state.ask = {"kind": "environment", "seat": state.gm, "what": what}
            return False
        set_events(state, state.plan.get("events", []))
    else:
        events = scheduled(state.game_master.get("visibility", {}), state.turn)
        if events is not None:
            set_events(state, [events] if isinstance(events, str) else list(events))
        tide = scheduled(state.game_master.get("current", {}), state.turn)
        if tide is not None:
            set_current(state, tide)
    flow = "slack" if state.current is None else f"toward {state.current:g} degrees"
    ctx.log(f"Turn {state.turn}: visibility {state.visibility}; current {flow}", R_ENV)
    return True


def flagship_upstream(state: State) -> str | None:
    """The side whose flagship has the advantage of the current: the one
    further up the current (this project's reading; none without a current
    or without both flagships)."""
    if state.current is None:
        return None
    ux, uy = unit(state.current)
    where: dict[str, float] = {}
    for ship in state.ships.values():
        if ship.flagship and ship.afloat and ship.side not in where:
            where[ship.side] = ship.x * ux + ship.y * uy
    if len(where) < 2:
        return None
    a, b = state.sides
    if where[a] < where[b]:
        return a
    if where[b] < where[a]:
        return b
    return None


def initiative_modifier(state: State, t: Tables, side: str) -> tuple[int, list[str]]:
    """The initiative modifiers (Initiative): +1 won last turn, +1 sank more
    enemy boats last turn, +1 flagship has the current, -1 a captain
    suffered an adverse morale result last turn. They add up."""
    i = t.initiative
    other = other_side(state, side)
    mods: list[tuple[int, str]] = []
    if state.last_winner == side:
        mods.append((i.won_last, "won last turn"))
    if state.sank_last.get(side, 0) > state.sank_last.get(other, 0):
        mods.append((i.sank_more, "sank more last turn"))
    if flagship_upstream(state) == side:
        mods.append((i.current, "flagship has the current"))
    if side in state.adverse_last:
        mods.append((i.adverse_morale, "adverse morale result last turn"))
    return sum(v for v, _ in mods), [f"{w} {v:+d}" for v, w in mods]


def step_initiative(state: State, t: Tables, ctx: Context) -> bool:
    """Step 2: initiative. A side that captured a fort or sank an ironclad
    last turn wins outright; else a die each with modifiers, ties rolled
    again. The winner decides who is side A (moves first)."""
    if state.stage == "asked":
        return True
    autos = [s for s in state.sides if s in state.auto_win_last]
    if len(autos) == 1:
        winner = autos[0]
        ctx.log(f"{winner} wins the initiative outright (fort or ironclad last turn)", R_INIT)
    else:
        winner = state.sides[0]
        for _ in range(t.initiative.max_rerolls):
            totals: dict[str, int] = {}
            for side in state.sides:
                mod, why = initiative_modifier(state, t, side)
                other = other_side(state, side)
                (die,) = ctx.roll(
                    f"Initiative, {side}" + (f" ({', '.join(why)})" if why else ""),
                    1,
                    R_INIT,
                    seat=side,
                    math=ex.opposed(
                        ex.terms(why), initiative_modifier(state, t, other)[0], totals.get(other)
                    ),
                )
                totals[side] = die + mod
            a, b = state.sides
            if totals[a] != totals[b]:
                winner = a if totals[a] > totals[b] else b
                break
            ctx.log(f"Initiative tied at {totals[a]}: roll again", R_INIT)
        ctx.log(f"{winner} wins the initiative", R_INIT)
    state.initiative_winner = winner
    state.stage = "asked"
    state.ask = {"kind": "side_a", "seat": winner}
    return False


# --------------------------------------------------------------------------
# 3-4 Movement


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
    units = [u for u in fire.firers(state, t, seat) if u not in state.held]
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
    return [u for u in left if u in fire.firers(state, t, seat)]


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
    return [a for a in angles if movement.leg_legal(state, t, ship, pose, a, half, before)]


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


def check_torpedoes(
    state: State,
    t: Tables,
    ctx: Context,
    ship: Ship,
    a: tuple[float, float],
    b: tuple[float, float],
) -> None:
    """A visible torpedo (mine) within reach of the path is struck: two dice,
    2-8 a dud, 9-12 one die of hits and an automatic specific hit at -6."""
    from quarterdeck.core.geometry import point_segment_distance

    for mine in list(state.torpedoes):
        if not ship.afloat:
            return
        if point_segment_distance(tuple(mine), a, b) > t.mine.radius:  # type: ignore[arg-type]
            continue
        state.torpedoes.remove(mine)
        dice = ctx.roll(
            f"{ship.name} strikes a torpedo",
            2,
            R_TORP,
            seat=ship.side,
            math=ex.at_least(t.torpedo.dud_max + 1, "it explodes", "a dud"),
        )
        if sum(dice) <= t.torpedo.dud_max:
            ctx.log("The torpedo is a dud and is removed", R_TORP)
            continue
        (hits,) = ctx.roll(
            f"Torpedo damage to {ship.name}",
            1,
            R_TORP,
            seat=ship.side,
            math=ex.inches(("torpedo damage, a hit a pip", 1)),
        )
        damage.apply_hits(state, t, ctx, ship, hits, "torpedo")
        if ship.status in ("active", "surrendered", "abandoned"):
            damage.specific_hit(
                state, t, ctx, ship, t.torpedo.specific, label="Torpedo specific hit"
            )


def close_options(state: State, t: Tables, ship: Ship) -> list[Option]:
    """What a ship may do to an enemy at the end of her move: ram (bow on
    her keel), grapple (alongside, not a buttoned-up ironclad), or explode
    a spar torpedo (within 2 inches). No grappling, not even a struck enemy,
    while a fire forbids it (Specific Hit Chart 9 and 13) or a catastrophic
    fire rages (line 2: the whole crew fights it)."""
    out: list[Option] = []
    mine = fire.hull(ship)
    may_grapple = (
        ship.grappled is None and ship.crew > 0 and ship.no_repair == 0 and not ship.catastrophic
    )
    for other in state.ships.values():
        if other.side == ship.side:
            continue
        if other.status in ("surrendered", "abandoned"):
            # a struck or abandoned enemy is taken by putting men aboard
            if (
                may_grapple
                and other.grappled is None
                and mine.range_to(fire.hull(other)) <= t.contact.grapple
            ):
                out.append(Option(f"grapple:{other.id}", f"grapple {other.name} to take her"))
            continue
        if not other.afloat:
            continue
        theirs = fire.hull(other)
        bow_gap = theirs.range_to_point(mine.bow)
        if ship.moving and bow_gap <= t.contact.ram:
            out.append(Option(f"ram:{other.id}", f"ram {other.name}"))
        if (
            may_grapple
            and not buttoned_up(other)
            and other.grappled is None
            and mine.range_to(theirs) <= t.contact.grapple
        ):
            out.append(Option(f"grapple:{other.id}", f"attempt to grapple {other.name}"))
        if ship.spar and bow_gap <= t.spar.range:
            out.append(Option(f"spar:{other.id}", f"explode the spar torpedo against {other.name}"))
    return out


def buttoned_up(ship: Ship) -> bool:
    """Boarding Actions: no boarding an ironclad that is "buttoned up". Every
    ironclad is, unless her scenario entry says ``buttoned_up = false``; a
    ship whose armour class has dropped below ironclad no longer is."""
    return ship.cls == "ironclad" and ship.buttoned_up


def resolve_close(state: State, t: Tables, ctx: Context, ship: Ship, answer: str) -> None:
    if answer == "none":
        return
    what, _, target_id = answer.partition(":")
    target = state.ships[target_id]
    if what == "ram":
        ctx.log(f"{ship.name} rams {target.name}: the game master resolves it", R_COLL)
        if state.gm is not None:
            state.queue.append(
                {"kind": "gm_ram", "seat": state.gm, "ship": ship.id, "target": target.id}
            )
        else:
            gm = state.game_master
            damage.apply_hits(
                state, t, ctx, target, gm["ram_hits"], "rammed", by=ship.side, by_ship=ship.id
            )
            damage.apply_hits(state, t, ctx, ship, gm["ram_self_hits"], "ramming")
        state.plan["rammed"] = target.id
        return
    if what == "grapple":
        (die,) = ctx.roll(
            f"{ship.name} grapples {target.name}: {t.contact.grapple_on}+",
            1,
            R_BOARD,
            seat=ship.side,
            math=ex.at_least(t.contact.grapple_on, "grappled", "the grapnels miss"),
        )
        if die >= t.contact.grapple_on:
            ship.grappled, target.grappled = target.id, ship.id
            for s in (ship, target):
                s.speed, s.moving = 0, False
            state.grapples.append([ship.id, target.id])
            ctx.log(f"{ship.name} and {target.name} are grappled and stop", R_BOARD)
        else:
            ctx.log("The grapnels miss", R_BOARD)
        return
    spar_torpedo(state, t, ctx, ship, target)


def spar_torpedo(state: State, t: Tables, ctx: Context, ship: Ship, target: Ship) -> None:
    """Spar Torpedo: 5-6 detonates; then 5-6 hits for one die of damage and
    an automatic specific hit at -4; the attacker takes 1 or 2 hits on a 1 or
    2, or is destroyed on a 1-2 if a small vessel."""
    sp = t.spar
    ship.spar = False
    # the spar-armed ship rolls the detonation, the hit and its damage (the
    # text's voice throughout); her victim rolls the specific hit
    me = ship.side
    (det,) = ctx.roll(
        f"Spar torpedo of {ship.name}: detonates on {sp.detonate_on}+",
        1,
        R_SPAR,
        seat=me,
        math=ex.at_least(sp.detonate_on, "it detonates", "a dud"),
    )
    if det < sp.detonate_on:
        ctx.log("The spar torpedo is a dud", R_SPAR)
        return
    (hit,) = ctx.roll(
        f"Spar torpedo against {target.name}: hits on {sp.hit_on}+",
        1,
        R_SPAR,
        seat=me,
        math=ex.at_least(sp.hit_on, "it hits", "it misses"),
    )
    if hit >= sp.hit_on:
        (n,) = ctx.roll(
            f"Spar torpedo damage to {target.name}",
            1,
            R_SPAR,
            seat=me,
            math=ex.inches(("spar torpedo damage, a hit a pip", 1)),
        )
        damage.apply_hits(state, t, ctx, target, n, "spar torpedo", by=ship.side, by_ship=ship.id)
        if target.status in ("active", "surrendered", "abandoned"):
            damage.specific_hit(
                state, t, ctx, target, sp.specific, label="Spar torpedo specific hit"
            )
    (back,) = ctx.roll(
        f"Force of the explosion on {ship.name}",
        1,
        R_SPAR,
        seat=me,
        math=ex.spar_back(t, ship.length <= t.fire.small_target_length),
    )
    if ship.length <= t.fire.small_target_length and back <= sp.small_destroyed_max:
        damage.sink(state, t, ctx, ship, damage.SELF, "destroyed by her own spar torpedo")
        return
    damage.apply_hits(
        state, t, ctx, ship, sp.self_hits.get(back, 0), "own spar torpedo", by=damage.SELF
    )


def collisions(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """Ships whose keels touch collide; the game master rules the damage."""
    if not ship.afloat or not ship.moving:
        return
    mine = fire.hull(ship)
    for other in state.ships.values():
        if other.id == ship.id or other.status != "active":
            continue
        if other.id == state.plan.get("rammed"):
            continue
        if mine.range_to(fire.hull(other)) > t.contact.collision:
            continue
        if ship.grappled == other.id:
            continue
        ctx.log(f"{ship.name} collides with {other.name}: the game master rules", R_COLL)
        if state.gm is not None:
            state.queue.append(
                {"kind": "gm_collision", "seat": state.gm, "ship": ship.id, "target": other.id}
            )
        else:
            hits = state.game_master["collision_hits"]
            damage.apply_hits(state, t, ctx, other, hits, "collision")
            damage.apply_hits(state, t, ctx, ship, hits, "collision")


def grounding(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """Within 4 inches of land a ship may run aground: the game master says."""
    if not ship.afloat or ship.aground or not ship.moving:
        return
    gap = land_gap(state, ship)
    if gap > t.aground.danger:
        return
    if state.gm is not None:
        state.queue.append({"kind": "gm_aground", "seat": state.gm, "ship": ship.id})
        return
    if gap <= state.game_master["aground_within"]:
        run_aground(ctx, ship)


def land_gap(state: State, ship: Ship) -> float:
    """Inches from the ship's bow, middle or stern to the nearest land."""
    h = fire.hull(ship)
    return min(fire.terrain(state).distance_to_land(p) for p in (h.bow, h.middle, h.stern))


def run_aground(ctx: Context, ship: Ship) -> None:
    ship.aground = True
    ship.speed, ship.moving = 0, False
    ctx.log(f"{ship.name} runs aground", R_COLL)


def guns_per_die(t: Tables, ship: Ship) -> int:
    """Guns thrown over the side for each die: one, three for an ironclad."""
    return t.aground.ironclad_guns_per_die if ship.cls == "ironclad" else t.aground.guns_per_die


def pitch_guns(state: State, t: Tables, ctx: Context, ship: Ship, dice: int) -> None:
    """Throw guns over the side to get off: a die per gun (three guns per die
    for an ironclad), each gun a box off its battery's track (however many
    fire dice it was worth); any 6 frees her."""
    if dice <= 0:
        return
    damage.hit_guns(state, t, ctx, ship, dice * guns_per_die(t, ship), "guns thrown overboard")
    values = ctx.roll(
        f"{ship.name} tries to get off: a 6 frees her",
        dice,
        R_COLL,
        seat=ship.side,
        math=RollMath(
            "any",
            target=t.aground.free_on,
            dice=(
                (
                    "a die for each gun thrown over"
                    if guns_per_die(t, ship) == 1
                    else f"a die for each {guns_per_die(t, ship)} guns thrown over",
                    dice,
                ),
            ),
            outcomes=((0, "still aground"), (1, "afloat again")),
        ),
    )
    if any(v >= t.aground.free_on for v in values):
        ship.aground = False
        ctx.log(f"{ship.name} is afloat again", R_COLL)


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


# --------------------------------------------------------------------------
# 5-6 Landing, combat


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


def step_combat(state: State, t: Tables, ctx: Context) -> bool:
    """Step 6: boarding actions between grappled ships (not by a ship whose
    whole crew is fighting a catastrophic fire), then land melee."""
    if state.stage == "":
        state.order = [f"{a}>{b}" for a, b in state.grapples]
        state.stage = "board"
    while state.stage == "board" and state.order:
        pair = state.order.pop(0)
        a, b = pair.split(">")
        target = state.ships[b]
        takeable = target.afloat or target.status in ("surrendered", "abandoned")
        if [a, b] in state.grapples and state.ships[a].afloat and takeable:
            if state.ships[a].catastrophic:
                # Specific Hit Chart 2: the whole crew fights the blaze
                ctx.log(f"{state.ships[a].name} fights her fire: no boarding", R_BOARD)
                continue
            state.ask = {"kind": "board", "seat": state.ships[a].side, "ship": a, "target": b}
            return False
    state.stage = "melee"
    return land.melees(state, t, ctx)


def boarding(state: State, t: Tables, ctx: Context, attacker: Ship, defender: Ship) -> None:
    """Boarding Actions: each side's crew + captain's morale + guns left, times
    a die; high wins (ties roll again). The winner loses two dice of crew;
    the loser's crew is out of the game; the winner takes the prize if it
    can put ten men aboard. A struck or abandoned ship is taken unopposed."""
    if defender.status in ("surrendered", "abandoned"):
        damage.release_grapples(state, defender.id)
        ctx.log(f"{attacker.name} boards {defender.name}: nobody resists", R_BOARD)
        if attacker.crew > t.boarding.prize_crew:
            defender.status = "captured"
            state.queue.append(
                {
                    "kind": "prize_crew",
                    "seat": attacker.side,
                    "ship": attacker.id,
                    "target": defender.id,
                }
            )
        elif attacker.crew == t.boarding.prize_crew:
            take_prize(state, t, ctx, attacker, defender, t.boarding.prize_crew)
        else:
            ctx.log(f"{attacker.name} has not ten men to spare for a prize crew", R_BOARD)
        return
    scores: dict[str, int] = {}
    for _ in range(t.initiative.max_rerolls):
        for ship in (attacker, defender):
            other = defender if ship is attacker else attacker
            (die,) = ctx.roll(
                f"Boarding: {ship.name} ({ship.crew} crew + {ship.morale} morale + "
                f"{ship.guns} guns) x die",
                1,
                R_BOARD,
                seat=ship.side,
                math=ex.opposed(
                    (),
                    other.crew + other.morale + other.guns,
                    scores.get(other.id) if ship is defender else None,
                    factor=ship.crew + ship.morale + ship.guns,
                ),
            )
            scores[ship.id] = (ship.crew + ship.morale + ship.guns) * die
        if scores[attacker.id] != scores[defender.id]:
            break
        ctx.log("Boarding tied: roll again", R_BOARD)
    winner, loser = (
        (attacker, defender) if scores[attacker.id] > scores[defender.id] else (defender, attacker)
    )
    ctx.log(f"{winner.name} wins the boarding action", R_BOARD)
    losses = sum(
        ctx.roll(
            f"{winner.name}'s boarding casualties",
            t.boarding.casualty_dice,
            R_BOARD,
            seat=winner.side,
            math=ex.inches(("boarding casualties", t.boarding.casualty_dice)),
        )
    )
    damage.kill_crew(state, t, ctx, winner, losses, "boarding")
    loser.crew_pos = 0
    damage.release_grapples(state, loser.id)
    loser.speed, loser.moving = 0, False
    if winner.crew > t.boarding.prize_crew and winner.afloat:
        loser.status = "captured"  # until the winner says how many men go across
        state.queue.append(
            {"kind": "prize_crew", "seat": winner.side, "ship": winner.id, "target": loser.id}
        )
    elif winner.crew == t.boarding.prize_crew and winner.afloat:
        take_prize(state, t, ctx, winner, loser, t.boarding.prize_crew)
    else:
        loser.status = "abandoned"
        ctx.log(f"{loser.name}'s crew is gone; no prize crew to spare: she is adrift", R_BOARD)


def prize_crews(t: Tables, winner: Ship, prize: Ship) -> list[int]:
    """How many men the winner may send across: at least ten, at most all
    his crew or the prize's full complement, in fives."""
    top = min(winner.crew, prize.crew_start)
    out = list(range(t.boarding.prize_crew, top + 1, 5))
    if top not in out:
        out.append(top)
    return out


def take_prize(state: State, t: Tables, ctx: Context, winner: Ship, prize: Ship, n: int) -> None:
    """The winner crews the prize with ``n`` men, at least ten (sent across,
    not casualties), and she fights for the captors from now on, under a
    prize officer with the winning captain's morale (this project's
    reading); her original side may take her back the same way."""
    before = winner.crew
    while winner.crew_pos > 0 and before - winner.crew < n:
        winner.crew_pos -= 1
    n = before - winner.crew
    winner.sent_away += n
    fits = [i for i, v in enumerate(prize.crew_track) if v <= n]
    prize.crew_pos = fits[-1] if fits else 0
    prize.side = winner.side
    prize.captured_by = None if winner.side == prize.owner else winner.side
    prize.status = "active"
    prize.morale = min(winner.morale, prize.morale_max)
    if prize.party is not None:  # a landing party aboard is taken with her crew
        party = state.troops[prize.party]
        party.men = party.leaders = 0
        party.aboard = None
    prize.mood, prize.flagship, prize.party = "", False, None
    prize.fired = True  # no further action this turn
    for battery in prize.batteries:
        battery.fired = True
    what = "retaken" if prize.captured_by is None else "taken as a prize"
    ctx.log(
        f"{prize.name} is {what} by {winner.name}: {n} men cross over and she "
        f"fights for {winner.side}",
        R_BOARD,
    )


# --------------------------------------------------------------------------
# 7-11 Administration


def step_continuing(state: State, t: Tables, ctx: Context) -> bool:
    """Step 7: inflict continuing damage."""
    for ship in list(state.ships.values()):
        damage.continuing_damage(state, t, ctx, ship)
    return True


def step_repair(state: State, t: Tables, ctx: Context) -> bool:
    """Step 8: repair continuing damage (5 or 6; not while on fire; no reloading
    for a ship that tries), fight catastrophic fires, free jammed turrets."""
    if state.stage == "":
        state.order = [
            s.id
            for s in state.ships.values()
            if s.afloat and s.continuing > 0 and not s.on_fire and s.no_repair == 0
        ]
        state.stage = "ask"
    if state.stage == "ask":
        while state.order:
            ship = state.ships[state.order.pop(0)]
            if ship.afloat:
                state.ask = {"kind": "repair", "seat": ship.side, "ship": ship.id}
                return False
        state.stage = "fires"
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        if ship.catastrophic:
            tries = t.specific.catastrophic_tries
            need = tries[min(ship.catastrophic_tries, len(tries) - 1)]
            (die,) = ctx.roll(
                f"{ship.name} fights the catastrophic fire: {need} or less",
                1,
                damage.R_SPEC,
                seat=ship.side,
                math=ex.at_most(need, "the fire is out", "the fire burns on"),
            )
            ship.catastrophic_tries += 1
            if die <= need:
                ship.catastrophic = False
                ctx.log(f"{ship.name}: the fire is out", damage.R_SPEC)
            elif ship.catastrophic_tries >= len(tries):
                damage.sink(state, t, ctx, ship, None, "the catastrophic fire reaches the magazine")
        if ship.turret in ("until5", "until6"):
            need = 5 if ship.turret == "until5" else 6
            (die,) = ctx.roll(
                f"{ship.name} frees her turret: {need}+",
                1,
                damage.R_SPEC,
                seat=ship.side,
                math=ex.at_least(need, "the turret turns again", "still jammed"),
            )
            if die >= need:
                ship.turret = ""
    return True


def repair(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    ship.repairing = True
    (die,) = ctx.roll(
        f"{ship.name} repairs continuing damage: {t.damage.repair_on}+",
        1,
        damage.R_CONT,
        seat=ship.side,
        math=ex.at_least(t.damage.repair_on, "repaired", "not repaired"),
    )
    if die >= t.damage.repair_on:
        ship.continuing -= 1
        ctx.log(f"{ship.name}: continuing damage now {ship.continuing}", damage.R_CONT)


def step_reload(state: State, t: Tables, ctx: Context) -> bool:
    """Step 9: guns that fired are reloaded, except aboard a ship repairing
    continuing damage, with a catastrophic fire or with no crew; a ship that fired more
    than two batteries spends the next turn reloading. Land guns always
    reload."""
    for ship in state.ships.values():
        ship.no_fire = ship.reload_penalty
        ship.reload_penalty = False
        if ship.repairing or ship.catastrophic or ship.crew <= 0:
            ship.repairing = False
            continue  # repairing, fighting the blaze, or no crew to load
        for battery in ship.batteries:
            battery.fired = False
    for bat in state.batteries.values():
        bat.fired = False
    for troop in state.troops.values():
        troop.fired = False
    return True


def step_end(state: State, t: Tables, ctx: Context) -> bool:
    """Step 10: hulks come off after three turns; a captain who held back
    rolls to regain his nerve; one who retired resumes operations."""
    for ship in state.ships.values():
        if ship.status == "hulk":
            ship.hulk_turns -= 1
            if ship.hulk_turns <= 0:
                ship.status = "sunk"
                ctx.log(f"The hulk of {ship.name} is removed", R_END)
        if not ship.afloat or ship.mood_turn >= state.turn:
            continue
        if ship.mood == "retire":
            ship.mood = ""
            ctx.log(f"{ship.name} resumes normal operations", damage.R_MORALE)
        elif ship.mood == "withdrawing":
            ship.mood = "withdrawn"
            ctx.log(f"{ship.name} has withdrawn: she may fire, never advance", damage.R_MORALE)
        elif ship.mood == "hold":
            mod, reasons = damage.morale_modifier(state, t, ship)
            dice = ctx.roll(
                f"{ship.name}: does the captain regain his nerve?",
                3,
                damage.R_MORALE,
                seat=ship.side,
                math=ex.nerve(ship.morale, reasons),
            )
            if sum(dice) <= ship.morale + mod:
                ship.mood = ""
                ctx.log(f"{ship.name}'s captain regains his nerve", damage.R_MORALE)
    return True


def step_passage(state: State, t: Tables, ctx: Context) -> bool:
    """Step 11: mark the passage of the turn; the game ends at the limit."""
    for ship in state.ships.values():
        for name in ("no_repair", "no_turns", "turn_only_turns", "engine_turns", "stopped"):
            setattr(ship, name, max(0, getattr(ship, name) - 1))
        if ship.turn_only_turns == 0:
            ship.turn_only = ""
        for name in ("fire_below", "fire_above"):
            setattr(ship, name, max(0, getattr(ship, name) - 1))
        ship.fired = False
        ship.moved = False
    for troop in state.troops.values():
        troop.moved = troop.charged = False
    state.last_winner = state.initiative_winner
    state.sank_last, state.sank = state.sank, {}
    state.adverse_last, state.adverse = state.adverse, []
    state.auto_win_last, state.auto_win = state.auto_win, []
    if state.turn >= state.turn_limit:
        state.result = score_result(state, Termination.TURN_LIMIT).to_json()
        return True
    state.turn += 1
    return True


STEPS: dict[str, Callable[[State, Tables, Context], bool]] = {
    "environment": step_environment,
    "initiative": step_initiative,
    "move_a": step_move,
    "move_b": step_move,
    "landing": step_landing,
    "combat": step_combat,
    "continuing": step_continuing,
    "repair": step_repair,
    "reload": step_reload,
    "end": step_end,
    "passage": step_passage,
}


# --------------------------------------------------------------------------
# The end


def side_alive(state: State, side: str) -> bool:
    if any(s.side == side and s.afloat for s in state.ships.values()):
        return True
    return any(
        b.side == side and not b.destroyed and fire.damage_able_fort(state, b)
        for b in state.batteries.values()
    )


def objective_met(state: State, side: str, what: str, unit_id: str) -> bool:
    """Whether one unit meets one of the scenario's objectives for ``side``
    (state.Objective lists the kinds)."""
    if what in ("hold", "take"):
        fort = state.batteries[unit_id]
        silenced = fort.destroyed or fort.guns == 0
        if what == "hold":
            return fort.side == side and not silenced
        return fort.side == side or silenced
    ship = state.ships[unit_id]
    ours = ship.status == "active" and ship.side == ship.owner
    if what == "sink":
        return ship.status in ("sunk", "hulk")
    if what == "capture":
        prize = ship.status == "active" and ship.side == side
        return prize or (ship.status == "surrendered" and ship.captured_by == side)
    if what == "disable":
        return ship.status not in ("active", "exited") or ship.side != ship.owner
    if what == "survive":
        return (ours and ship.side == side) or ship.status == "exited"
    return ship.status == "exited"  # exit


def score(state: State, side: str) -> int:
    """A side's points from the scenario's objectives (Victory in the
    scenario file: a designer's choice, the text has no victory rules)."""
    points = 0
    for obj in state.victory.get("objectives", []):
        if obj["side"] == side:
            points += obj["points"] * sum(
                1 for u in obj["units"] if objective_met(state, side, obj["what"], u)
            )
    return points


def score_result(state: State, how: Termination, why: str = "") -> Result:
    a, b = state.sides
    if not state.victory.get("objectives"):
        return Result(None, how, state.turn, why or "the scenario sets no objectives: a draw")
    sa, sb = score(state, a), score(state, b)
    winner = a if sa > sb else b if sb > sa else None
    detail = f"objectives: {a} {sa} points, {b} {sb}"
    return Result(winner, how, state.turn, f"{why}; {detail}" if why else detail)


def check_end(state: State, t: Tables, ctx: Context) -> None:
    """The game ends when a side has no vessel or fort left in action (sunk,
    struck, taken or gone off the table): with objectives in the scenario
    they decide; without, the side left in action wins."""
    if state.result is not None:
        return
    alive = {side: side_alive(state, side) for side in state.sides}
    if all(alive.values()):
        return
    a, b = state.sides
    if state.victory.get("objectives"):
        gone = " and ".join(s for s in state.sides if not alive[s])
        state.result = score_result(
            state, Termination.OBJECTIVES, f"{gone}: nothing left in action"
        ).to_json()
    elif not alive[a] and not alive[b]:
        state.result = Result(None, Termination.SUNK, state.turn, "both sides destroyed").to_json()
    else:
        winner = a if alive[a] else b
        loser = other_side(state, winner)
        sunk = all(s.status in ("sunk", "hulk") for s in state.ships.values() if s.side == loser)
        how = Termination.SUNK if sunk else Termination.STRUCK
        state.result = Result(
            winner, how, state.turn, f"{loser} has no vessel or fort left in action"
        ).to_json()
    state.ask = None
    state.queue = []
    ctx.log(f"Game over: {Result.from_json(state.result)}", R_SEQ)


# --------------------------------------------------------------------------
# Prompts and answers


def prompt(state: State, t: Tables) -> Prompt | None:
    """The open question as a Prompt."""
    ask = state.ask
    if ask is None or state.result is not None:
        return None
    kind, seat = ask["kind"], ask["seat"]
    ctx: dict[str, Any] = {"step": kind}
    ship = state.ships.get(ask.get("ship", ""))
    name = ship.name if ship is not None else ""
    if kind == "environment":
        what, title, choices = next(e for e in ENVIRONMENT if e[0] == ask["what"])
        ctx["what"] = what
        return Prompt(
            seat,
            f"Turn {state.turn}: game master, set the {title}",
            R_ENV,
            tuple(Option(v, label) for v, label in choices),
            context=ctx,
        )
    if kind == "side_a":
        return Prompt(
            seat,
            f"Turn {state.turn}: you won the initiative. Who is side A (moves first)?",
            R_INIT,
            (Option("first", "we move first"), Option("second", "they move first")),
            context=ctx,
        )
    if kind == "power":
        assert ship is not None
        ctx["ship"] = ship.id
        return Prompt(
            seat,
            f"{name}: call the engineer for more power? (one die: 1 boiler explodes, "
            f"2 steam leak, 3 he refuses, 4-6 that many inches beyond {ship.max_speed})",
            movement.R_POWER,
            (Option("no", "no"), Option("yes", "call for more power")),
            context=ctx,
        )
    if kind == "gamble":
        ctx["ship"] = ask["ship"]
        return Prompt(
            seat,
            f"{name}: the engineer refuses. Order more power anyway "
            "(3 dice, 11 or under destroys her)?",
            movement.R_POWER,
            (Option("no", "no"), Option("yes", "order it anyway")),
            context=ctx,
        )
    if kind == "plan":
        assert ship is not None
        ctx["ship"] = ship.id
        return Prompt(
            seat,
            f"Move {name} (speed {ship.speed}, maximum {ship.max_speed})",
            movement.R_MOVE,
            tuple(Option(i, Plan.parse(i).label()) for i in ask["options"]),
            context=ctx,
        )
    if kind == "turn":
        assert ship is not None
        point = ask["point"]
        ctx.update(ship=ship.id, point=point, ahead=ask["ahead"])
        opts = tuple(
            Option(f"t{a}", "straight on" if a == 0 else f"turn {turn_words(a)}")
            for a in ask["angles"]
        )
        then = f", then {ask['ahead']:g} in ahead" if point == "middle" else ""
        return Prompt(
            seat,
            f"{name}: turn at the {point} of her move (up to the card's angle{then})?",
            movement.R_MOVE,
            opts,
            context=ctx,
        )
    if kind == "standing":
        return standing.prompt(state, t, seat)
    if kind == "fire":
        fire_opts = [Option("pass", "hold fire for now")]
        if standing.in_force(state, seat):
            fire_opts.append(Option("orders", "carry out the standing orders"))
        for u in ask["units"]:
            fire_opts.append(Option(u, f"fire with {unit_name(state, u)}"))
        fire_opts.append(Option("standing", "give or change standing fire orders"))
        ctx["last"] = state.phase == "move_b" and not state.order and state.stage == "close"
        return Prompt(
            seat,
            f"Fire now ({fire_moment(state)})? Each gun fires once a turn",
            fire.R_FIRE,
            tuple(fire_opts),
            context=ctx,
        )
    if kind == "target":
        unit_id, battery = ask["unit"], ask["battery"]
        target_opts = [Option("hold", "hold this battery")]
        volley = [*state.firing.get("orders", {}), *state.firing.get("left", [])]
        ctx.update(unit=unit_id, battery=battery, shots={}, volley=volley)
        for target, inches, divisor, what in ask["shots"]:
            share = BAND_WORDS.get(divisor, f"hits / {divisor}")
            label = f"{unit_name(state, target)} at {inches:.1f} in ({share})"
            target_opts.append(Option(target, label))
            ctx["shots"][target] = [inches, divisor, what]
            if what == "ship" and unit_id in state.ships:
                aimed = f"aimed fire: 1-{t.fire.aimed_place_on - 1} misses altogether"
                target_opts.append(
                    Option(
                        f"{target}:low",
                        f"{label}, aimed low ({aimed}; specific hits {t.fire.aimed_low:+d})",
                    )
                )
                target_opts.append(
                    Option(
                        f"{target}:high",
                        f"{label}, aimed high ({aimed}; specific hits {t.fire.aimed_high:+d})",
                    )
                )
        return Prompt(
            seat,
            f"Target for {unit_name(state, unit_id)}"
            + (f" {battery} battery" if unit_id in state.ships else ""),
            fire.R_FIRE,
            tuple(target_opts),
            context=ctx,
        )
    if kind == "close":
        assert ship is not None
        close = (Option("none", "nothing"), *close_options(state, t, ship))
        ctx["ship"] = ship.id
        return Prompt(seat, f"{name} is close to the enemy", R_COLL, close, context=ctx)
    if kind in ("gm_ram", "gm_collision"):
        target = state.ships[ask["target"]]
        what = "rams" if kind == "gm_ram" else "collides with"
        top = 12
        opts = tuple(
            Option(f"{a}-{b}", f"{target.name} {a} hits, {name} {b} hits")
            for a in range(0, top + 1, 2)
            for b in range(0, 7, 2)
        )
        ctx.update(ship=ask["ship"], target=target.id)
        return Prompt(
            seat,
            f"Game master: {name} {what} {target.name}. Damage to each?",
            R_COLL,
            opts,
            context=ctx,
        )
    if kind == "gm_aground":
        assert ship is not None
        gap = land_gap(state, ship)
        ctx.update(ship=ship.id, gap=round(gap, 2), length=ship.length, cls=ship.cls)
        return Prompt(
            seat,
            f"Game master: {name} ({ship.cls}, {ship.length:g} in long) is {gap:.1f} in "
            f"from land. Within {t.aground.danger:g} inches she may run aground; the larger "
            "the ship and the closer in, the greater the chance. Does she run aground?",
            R_COLL,
            (Option("no", "no"), Option("yes", "she runs aground")),
            context=ctx,
        )
    if kind == "pitch":
        assert ship is not None
        per = guns_per_die(t, ship)
        most = ship.guns // per
        ctx["ship"] = ship.id
        opts = tuple(
            Option(str(n), f"{n} dice ({n * per} guns over the side)")
            for n in range(0, most + 1)  # as many as she has guns for: the text sets no cap
        )
        return Prompt(
            seat, f"{name} is aground: how many dice to throw?", R_COLL, opts, context=ctx
        )
    if kind == "turn_box":
        assert ship is not None
        ctx["ship"] = ship.id
        opts = tuple(
            Option(k, f"the {k}-of-move turn") for k in movement.POINTS if ship.turns.get(k, 0) > 0
        )
        return Prompt(
            seat,
            f"{name}'s rudder is hit: strike which turning box?",
            damage.R_SPEC,
            opts,
            context=ctx,
        )
    if kind == "repair":
        ctx["ship"] = ask["ship"]
        return Prompt(
            seat,
            f"{name}: try to repair continuing damage ({ship.continuing if ship else 0})? "
            "The guns that fired will not reload",
            damage.R_CONT,
            (Option("no", "no"), Option("repair", "repair")),
            context=ctx,
        )
    if kind == "prize_crew":
        target = state.ships[ask["target"]]
        ctx.update(ship=ask["ship"], target=target.id)
        return Prompt(
            seat,
            f"{name} has taken {target.name}: how many men cross over as her prize crew?",
            R_BOARD,
            tuple(Option(str(n), f"{n} men") for n in prize_crews(t, ship, target))
            if ship is not None
            else (),
            context=ctx,
        )
    if kind == "board":
        target = state.ships[ask["target"]]
        ctx.update(ship=ask["ship"], target=target.id)
        return Prompt(
            seat,
            f"{name} is grappled with {target.name}: board her?",
            R_BOARD,
            (Option("board", "board"), Option("release", "cut loose")),
            context=ctx,
        )
    return land.prompt(state, t, ask, ctx)


# Firing: the range band's share of the hits, for the target question
BAND_WORDS = {1: "full hits", 2: "half the hits, rounded up", 3: "a third of the hits, rounded up"}


def fire_moment(state: State) -> str:
    """Where in the sequence fire is being offered, in words (steps 3 and 4:
    fire at any time during the move)."""
    side = mover(state)
    who = state.ships.get(state.unit) or state.troops.get(state.unit)
    if state.stage == "next" or who is None:
        return f"{side}'s movement"
    if state.stage == "second":
        return f"{side}'s movement, {who.name} at the middle of her move"
    return f"{side}'s movement, after {who.name} has moved"


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


def apply(state: State, t: Tables, seat: str, answer: Answer, ctx: Context) -> None:
    """Apply a checked answer to the open question, then run on."""
    ask = state.ask
    assert ask is not None and ask["seat"] == seat
    state.ask = None
    kind = ask["kind"]
    ship = state.ships.get(ask.get("ship", ""))
    if isinstance(answer, dict):  # the one form: standing fire orders (standing.py)
        if kind != "standing":  # pragma: no cover - the prompt's check refuses it
            raise IllegalAnswer(f"expected one of the options, got {answer!r}")
        said = standing.give(state, seat, answer)
        ctx.log(
            "Standing fire orders: " + ("; ".join(said) or "ask at every point"),
            fire.R_FIRE,
            seats=(seat,),
        )
        advance(state, t, ctx)
        return
    if kind == "environment":
        if ask["what"] == "current":
            if answer != "unchanged":
                set_current(state, answer)
        else:
            state.plan["events"] = [*state.plan.get("events", []), answer]
    elif kind == "side_a":
        state.side_a = seat if answer == "first" else other_side(state, seat)
        ctx.log(f"{state.side_a} is side A and moves first", R_INIT)
    elif kind == "power":
        assert ship is not None
        if answer == "yes":
            extra_power(state, t, ctx, ship)
    elif kind == "gamble":
        assert ship is not None
        if answer == "yes":
            gamble(state, t, ctx, ship)
    elif kind == "plan":
        assert ship is not None
        state.plan = {"id": answer, "start": [ship.x, ship.y, ship.heading]}
        state.stage = "first"
    elif kind == "turn":
        assert ship is not None
        angle = int(answer[1:])
        state.plan[ask["point"]] = angle
        if ask["point"] == "end" and angle:
            ship.heading = (ship.heading + angle) % 360
            ctx.log(
                f"{ship.name} turns {turn_words(angle)} at the end of her move", movement.R_MOVE
            )
    elif kind == "fire" and answer == "standing":
        state.ask = {"kind": "standing", "seat": seat}
    elif kind == "fire" and answer == "orders":
        state.reviewed.append(seat)
    elif kind == "fire":
        if answer == "pass":
            state.fire_seats.pop(0)
        elif answer in state.ships:
            s = state.ships[answer]
            state.firing = {
                "unit": answer,
                "left": [b.name for b in fire.ready_batteries(state, t, s)],
                "orders": {},
            }
        else:
            state.firing = {"unit": answer, "left": ["guns"], "orders": {}}
    elif kind == "target":
        state.firing["orders"][ask["battery"]] = answer
        state.firing["left"].pop(0)
        if not state.firing["left"]:
            resolve_fire(state, t, ctx)
    elif kind == "close":
        assert ship is not None
        resolve_close(state, t, ctx, ship, answer)
    elif kind in ("gm_ram", "gm_collision"):
        assert ship is not None
        target = state.ships[ask["target"]]
        to_target, to_ship = (int(x) for x in answer.split("-"))
        why = "rammed" if kind == "gm_ram" else "collision"
        rammer = kind == "gm_ram"
        damage.apply_hits(
            state,
            t,
            ctx,
            target,
            to_target,
            why,
            by=ship.side if rammer else None,
            by_ship=ship.id if rammer else None,
        )
        damage.apply_hits(state, t, ctx, ship, to_ship, why)
    elif kind == "gm_aground":
        assert ship is not None
        if answer == "yes":
            run_aground(ctx, ship)
    elif kind == "pitch":
        assert ship is not None
        pitch_guns(state, t, ctx, ship, int(answer))
    elif kind == "turn_box":
        assert ship is not None
        ship.turns[answer] = 0
        ctx.log(f"{ship.name} loses her {answer}-of-move turn", damage.R_SPEC)
    elif kind == "repair":
        assert ship is not None
        if answer == "repair":
            repair(state, t, ctx, ship)
    elif kind == "prize_crew":
        assert ship is not None
        take_prize(state, t, ctx, ship, state.ships[ask["target"]], int(answer))
    elif kind == "board":
        assert ship is not None
        if answer == "board":
            boarding(state, t, ctx, ship, state.ships[ask["target"]])
        else:
            damage.release_grapples(state, ship.id)
            ctx.log(f"{ship.name} cuts loose", R_BOARD)
    else:
        land.apply(state, t, ask, answer, ctx)
        if kind == "troop" and answer != "hold" and state.phase in ("move_a", "move_b"):
            open_fire(state)  # guns and men may fire at any time: after a troop's move too
    check_end(state, t, ctx)
    advance(state, t, ctx)


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
