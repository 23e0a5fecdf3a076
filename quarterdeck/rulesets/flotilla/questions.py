"""Flotilla: the questions the sequence asks, and their answers.

``state.ask`` is the open question. ``prompt`` words it as a Prompt
(environment calls, side A, a ship's move and turns, fire and targets,
closing, the game master's rulings on rams, collisions and running aground,
pitching guns, damage boxes, repair, prize crews, boarding; the troops'
questions are ``land.py``'s); ``apply_answer`` carries out the answer.
``rules.apply`` then runs the sequence on.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Answer, Option, Prompt
from quarterdeck.rulesets.flotilla import damage, fire, firers, land, movement, standing
from quarterdeck.rulesets.flotilla.administrative import repair
from quarterdeck.rulesets.flotilla.collisions import (
    R_COLL,
    close_options,
    guns_per_die,
    land_gap,
    pitch_guns,
    resolve_close,
    run_aground,
)
from quarterdeck.rulesets.flotilla.combat import R_BOARD, boarding, prize_crews, take_prize
from quarterdeck.rulesets.flotilla.environment import ENVIRONMENT, R_ENV, R_INIT, set_current
from quarterdeck.rulesets.flotilla.movement import Plan
from quarterdeck.rulesets.flotilla.moving import (
    extra_power,
    gamble,
    open_fire,
    resolve_fire,
    turn_words,
    unit_name,
)
from quarterdeck.rulesets.flotilla.state import State
from quarterdeck.rulesets.flotilla.tables import Tables
from quarterdeck.rulesets.flotilla.turn import mover, other_side
from quarterdeck.rulesets.flotilla.victory import check_end


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
            _SIDE_A,
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
            _POWER,
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
            tuple(plan_option(i) for i in ask["options"]),
            context=ctx,
        )
    if kind == "turn":
        assert ship is not None
        point = ask["point"]
        ctx.update(ship=ship.id, point=point, ahead=ask["ahead"])
        opts = tuple(turn_option(a) for a in ask["angles"])
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
        fire_opts = [_PASS]
        if standing.in_force(state, seat):
            fire_opts.append(_ORDERS)
        for u in ask["units"]:
            fire_opts.append(_fire_with(u, unit_name(state, u)))
        fire_opts.append(_STANDING)
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


# the options that are always worded alike (an option is read-only: one made
# is offered again)
_SIDE_A = (Option("first", "we move first"), Option("second", "they move first"))
_POWER = (Option("no", "no"), Option("yes", "call for more power"))
_PASS: Final = Option("pass", "hold fire for now")
_ORDERS: Final = Option("orders", "carry out the standing orders")
_STANDING: Final = Option("standing", "give or change standing fire orders")


@lru_cache(maxsize=4096)
def _fire_with(unit: str, name: str) -> Option:
    """A unit's fire option (Firing), worded once for each unit and name."""
    return Option(unit, f"fire with {name}")


@cache
def plan_option(plan: str) -> Option:
    """A move plan as an option, worded once (Moving and turning)."""
    return Option(plan, Plan.parse(plan).label())


def turn_option(angle: int | float) -> Option:
    """A turn at a point of the move as an option (Moving and turning):
    worded once for each whole angle given as an int; any other (45.0 is
    worded apart from 45) worded each time. Typed ``int | float``, not
    ``float``: compiled code (scripts/compile) would make an int 0 a float
    0.0, worded "t0.0"."""
    return _turn_option(angle) if type(angle) is int else _word_turn(angle)


def _word_turn(angle: int | float) -> Option:
    return Option(f"t{angle}", "straight on" if angle == 0 else f"turn {turn_words(angle)}")


_turn_option = cache(_word_turn)


# Firing: the range band's share of the hits, for the target question
BAND_WORDS: Final = {
    1: "full hits",
    2: "half the hits, rounded up",
    3: "a third of the hits, rounded up",
}


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


def apply_answer(state: State, t: Tables, seat: str, answer: Answer, ctx: Context) -> None:
    """Apply a checked answer to the open question (``rules.apply`` then runs on)."""
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
                "left": [b.name for b in firers.ready_batteries(state, t, s)],
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
