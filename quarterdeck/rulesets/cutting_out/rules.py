"""Cutting Out Party: the turn sequence and its questions.

The text's eight steps, each a named phase in ``PHASES`` (a step with
nothing to do passes at once), with the solo game's event card before them:

0. event: the random event card (solo play; Card Events Ideas)
1. move:raiders, move:defenders: all boats, land forces and shipboard forces
   move (the raiders first; the crew comes up the hatch as the defenders move)
2. challenge: the ship's challenge, and the climbers reaching the deck
3. spot: the defender rolls to spot, or gives the alarm, or responds
4. fire:raiders: the raiding party fires
5. fire:defenders: the defenders fire
6. melee: everything in base-to-base contact, climbing or breaking out
7. rigging: the raiders' rigging roll
8. morale: the ship's crew, the boats' crews and garrisons
9. end: recapture and dawn; the next turn

``state.ask`` is the open question; ``state.order`` the units still to act
in the current step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Answer, Option, Prompt
from quarterdeck.rulesets.cutting_out import firers, firing, movement, rowing, small_arms
from quarterdeck.rulesets.cutting_out.challenge import step_challenge
from quarterdeck.rulesets.cutting_out.common import R_HULL, R_SEQ
from quarterdeck.rulesets.cutting_out.events import draw_event
from quarterdeck.rulesets.cutting_out.melee import step_melee
from quarterdeck.rulesets.cutting_out.morale import step_morale
from quarterdeck.rulesets.cutting_out.rigging import step_rigging
from quarterdeck.rulesets.cutting_out.spotting import step_spot, turn_out
from quarterdeck.rulesets.cutting_out.state import Boat, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables
from quarterdeck.rulesets.cutting_out.victory import check_end, end_of_turn

PHASES: Final[tuple[str, ...]] = (
    "event",
    "move:raiders",
    "move:defenders",
    "challenge",
    "spot",
    "fire:raiders",
    "fire:defenders",
    "melee",
    "rigging",
    "morale",
    "end",
)

STEP_NAMES: Final = {
    "setup": "before the game",
    "event": "random event",
    "move:raiders": "1. movement (raiders)",
    "move:defenders": "1. movement (defenders)",
    "challenge": "2. ship's challenge",
    "spot": "3. spotting and the alarm",
    "fire:raiders": "4. raiders fire",
    "fire:defenders": "5. defenders fire",
    "melee": "6. melee",
    "rigging": "7. rigging",
    "morale": "8. morale",
    "end": "end of turn",
}


# --------------------------------------------------------------------------
# Driving the sequence


def advance(state: State, t: Tables, ctx: Context) -> None:
    """Run the sequence until a question is open or the game is over."""
    for _ in range(100_000):
        if state.result is not None or state.ask is not None:
            return
        done = STEPS[state.phase.split(":")[0]](state, t, ctx)
        check_end(state, t, ctx)
        if waiting(state):
            continue
        if done:
            state.phase = next_phase(state.phase)
            state.order = []
            state.started = ""
    raise RuntimeError("the turn sequence did not settle")  # pragma: no cover


def waiting(state: State) -> bool:
    """Whether a question is open or the game is over. A function, not an
    inline test: after the call to a step, mypy would keep ``state.ask``
    narrowed to None by the test above it, and compiled code (scripts/compile)
    trusts the narrowing."""
    return state.result is not None or state.ask is not None


def next_phase(phase: str) -> str:
    if phase == "setup":
        return "event"
    return PHASES[(PHASES.index(phase) + 1) % len(PHASES)]


def side_of(state: State, phase: str) -> str:
    return state.raiders if phase.endswith(":raiders") else state.defenders


def step_setup(state: State, t: Tables, ctx: Context) -> bool:
    """Hull points for each vessel are set by mutual consent (the scenario)
    or by the umpire before the game begins (Firing): an umpire seat is
    asked for each ship, then each boat (a boat the scenario gives none has
    her kind's, which the umpire may keep)."""
    if state.umpire is None:
        return True
    if state.started != "setup":
        state.started = "setup"
        state.order = [f"ship:{s.id}" for s in state.ships.values()]
        state.order += [f"boat:{b.id}" for b in state.boats.values()]
    if state.order:
        kind, _, vessel = state.order.pop(0).partition(":")
        state.ask = {"kind": "hull", "seat": state.umpire, kind: vessel}
        return False
    return True


def _hull_vessel(state: State, ask: dict[str, Any]) -> Ship | Boat:
    """The ship or boat an umpire's hull question is about."""
    if "boat" in ask:
        return state.boats[ask["boat"]]
    return state.ships[ask["ship"]]


def step_event(state: State, t: Tables, ctx: Context) -> bool:
    """The start of a turn: this turn's doings are cleared; the event card."""
    # this turn's orders to shoot the guard go; a guard fooled last turn stays fooled
    state.challenge = {k: v for k, v in state.challenge.items() if k == "fooled"}
    state.allowance = {}
    state.fired_unspotted = False
    for boat in state.boats.values():
        boat.moved = False
    for party in state.parties.values():
        party.order = ""
    ctx.log(f"Turn {state.turn} of {state.turn_limit} begins", R_SEQ)
    draw_event(state, t, ctx)
    return True


def step_move(state: State, t: Tables, ctx: Context) -> bool:
    """Step 1: every unit of the moving side, in turn. The boats that row
    (each has rolled her own die) are asked together in one form once the
    side's boats have all been seen to, before its parties on decks and
    ashore move; a boat that casts off or pushes off joins them."""
    side = side_of(state, state.phase)
    if state.started != state.phase:
        state.started = state.phase
        state.rowing = []
        if side == state.defenders:
            turn_out(state, t, ctx)
        state.order = movement.movers(state, side)
    while state.order:
        if state.rowing and not state.order[0].startswith("boat:"):
            break
        unit = state.order.pop(0)
        ask = movement.step_unit(state, t, ctx, unit)
        if ask is not None and ask["kind"] == "boat":
            state.rowing.append(ask["boat"])
        elif ask is not None:
            state.ask = ask
            return False
    if state.rowing:
        state.ask = rowing.rowing_ask(state, side, state.rowing)
        state.rowing = []
        return False
    return True


def step_fire(state: State, t: Tables, ctx: Context) -> bool:
    """Steps 4 and 5: each unit with something to fire at is asked."""
    side = side_of(state, state.phase)
    found = False
    if state.started != state.phase:
        state.started = state.phase
        state.order = firers.firers(state, t, side)
        found = True  # the first unit is asked at once: nothing has changed since
    while state.order:
        unit = state.order.pop(0)
        if not found and not firers.firers(state, t, side, only=unit):
            continue  # its targets are gone
        state.ask = firers.unit_ask(state, side, unit)
        return False
    return True


def _whole(
    step: Callable[[State, Tables, Context], None],
) -> Callable[[State, Tables, Context], bool]:
    """A step that asks nothing and is done in one go."""

    def run(state: State, t: Tables, ctx: Context) -> bool:
        step(state, t, ctx)
        return True

    return run


def step_end(state: State, t: Tables, ctx: Context) -> bool:
    end_of_turn(state, t, ctx)
    if state.result is None:
        state.turn += 1
    return True


STEPS: Final[dict[str, Callable[[State, Tables, Context], bool]]] = {
    "setup": step_setup,
    "event": step_event,
    "move": step_move,
    "challenge": _whole(step_challenge),
    "spot": _whole(step_spot),
    "fire": step_fire,
    "melee": _whole(step_melee),
    "rigging": _whole(step_rigging),
    "morale": _whole(step_morale),
    "end": step_end,
}


# --------------------------------------------------------------------------
# Questions and answers


def hull_choices(points: int) -> list[int]:
    return sorted({max(1, round(points * f)) for f in (0.5, 0.75, 1.0, 1.5, 2.0)})


def prompt(state: State, t: Tables) -> Prompt | None:
    """The open question as a Prompt."""
    ask = state.ask
    if ask is None or state.result is not None:
        return None
    kind = ask["kind"]
    if kind == "hull":
        vessel = _hull_vessel(state, ask)
        key = "boat" if "boat" in ask else "ship"
        return Prompt(
            ask["seat"],
            f"Umpire: hull points for {vessel.name} before the game begins "
            f"(the scenario sets {vessel.hull_points})",
            R_HULL,
            tuple(Option(str(v), f"{v} hull points") for v in hull_choices(vessel.hull_points)),
            context={"step": "hull", key: vessel.id, "scenario": vessel.hull_points},
        )
    if kind == "row":
        return rowing.rowing_prompt(state, t, ask)
    if kind == "alongside":
        return movement.alongside_prompt(state, t, ask)
    if kind == "landed":
        return movement.landed_prompt(state, t, ask)
    if kind == "prize":
        return movement.prize_prompt(state, t, ask)
    if kind == "deck":
        return movement.deck_prompt(state, t, ask)
    if kind == "land":
        return movement.land_prompt(state, t, ask)
    if kind == "arms":
        return small_arms.arms_prompt(state, t, ask)
    if kind == "guns":
        return firing.guns_prompt(state, t, ask)
    raise AssertionError(f"unknown question {kind!r}")  # pragma: no cover


def apply(state: State, t: Tables, seat: str, answer: Answer, ctx: Context) -> None:
    """Apply a checked answer, then run the sequence on."""
    ask = state.ask
    assert ask is not None and ask["seat"] == seat
    state.ask = None
    kind = ask["kind"]
    follow: dict[str, Any] | None = None
    if kind == "hull":
        assert isinstance(answer, str)
        vessel = _hull_vessel(state, ask)
        vessel.hull_points = int(answer)
        ctx.log(f"{vessel.name}: {answer} hull points", R_HULL)
    elif kind == "row":
        assert isinstance(answer, dict)
        rowing.apply_rowing(state, t, ctx, ask, answer)
    else:
        assert isinstance(answer, str)
        if kind == "alongside":
            follow = movement.apply_alongside(state, t, ctx, ask, answer)
        elif kind == "landed":
            follow = movement.apply_landed(state, t, ctx, ask, answer)
        elif kind == "prize":
            movement.apply_prize(state, t, ctx, answer)
        elif kind == "deck":
            movement.apply_deck(state, t, ctx, ask, answer)
        elif kind == "land":
            movement.apply_land(state, t, ctx, ask, answer)
        elif kind in ("arms", "guns"):
            firers.apply_fire(state, t, ctx, ask, answer)
    state.ask = follow
    check_end(state, t, ctx)
    advance(state, t, ctx)
