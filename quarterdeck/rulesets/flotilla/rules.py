"""Flotilla: American Civil War Ironclads: the turn sequence, driven.

The turn is the text's eleven steps, each a named phase in ``PHASES``, and
each carried out by the module named for the rule book's part of the
sequence of play:

*Environment* (``environment.py``)

1. environment: time of day, fog, smoke, the current (game master seat or
   scenario)
2. initiative: a die each with modifiers; automatic wins; the winner
   chooses who is side A

*Movement* (``moving.py``; torpedoes, closing, ramming, spar torpedoes,
collisions and running aground in ``collisions.py``)

3. movement, side A (ships and troops ashore): each ship's speed and first
   turn, then her turns at the middle and end as she makes the move; fire
   offered to both sides at the start, at the middle and end of every
   ship's move and after every troop move; grappling, ramming and spar
   torpedoes at the middle and end of the move
4. movement, side B, likewise
5. landing parties land or re-embark

*Combat* (``combat.py``)

6. boarding actions (prizes fight for their captors) and land melee

*Administrative* (``administrative.py``; the score and the end in
``victory.py``)

7. continuing damage
8. repair of continuing damage, catastrophic fires, jammed turrets
9. reloading
10. end of turn: hulks removed, captains regain their nerve
11. passage of the turn (and the turn limit: the scenario's objectives decide)

``state.ask`` is the open question (worded and answered in
``questions.py``); ``state.queue`` holds questions raised during a
resolution (a rudder box to strike, a ruling for the game master) which are
asked before the sequence goes on.

This module is the entry point the package and the tests use: ``advance``,
``apply`` and ``STEPS`` live here, and the step modules' names are
re-exported (``rules.prompt``, ``rules.score``, ``rules.close_options``...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Answer
from quarterdeck.rulesets.flotilla.administrative import (
    R_END,
    R_RELOAD,
    repair,
    step_continuing,
    step_end,
    step_passage,
    step_reload,
    step_repair,
)
from quarterdeck.rulesets.flotilla.collisions import (
    R_COLL,
    R_SPAR,
    R_TORP,
    buttoned_up,
    check_torpedoes,
    close_options,
    collisions,
    grounding,
    guns_per_die,
    land_gap,
    pitch_guns,
    resolve_close,
    run_aground,
    spar_torpedo,
)
from quarterdeck.rulesets.flotilla.combat import (
    R_BOARD,
    boarding,
    prize_crews,
    step_combat,
    take_prize,
)
from quarterdeck.rulesets.flotilla.environment import (
    ENVIRONMENT,
    NO_EVENT,
    R_ENV,
    R_INIT,
    flagship_upstream,
    initiative_modifier,
    scheduled,
    set_current,
    set_events,
    step_environment,
    step_initiative,
)
from quarterdeck.rulesets.flotilla.moving import (
    carry_out_standing,
    drift,
    extra_power,
    extra_turn_used,
    fire_point,
    gamble,
    later_turns,
    leave_table,
    move_first_half,
    move_second_half,
    open_fire,
    resolve_fire,
    ship_step,
    step_landing,
    step_move,
    target_shots,
    turn_ask,
    turn_words,
    unit_name,
)
from quarterdeck.rulesets.flotilla.questions import BAND_WORDS, apply_answer, fire_moment, prompt
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables
from quarterdeck.rulesets.flotilla.turn import PHASES, R_SEQ, mover, other_side
from quarterdeck.rulesets.flotilla.victory import (
    check_end,
    objective_met,
    score,
    score_result,
    side_alive,
)

__all__ = [
    "BAND_WORDS",
    "ENVIRONMENT",
    "NO_EVENT",
    "PHASES",
    "R_BOARD",
    "R_COLL",
    "R_END",
    "R_ENV",
    "R_INIT",
    "R_RELOAD",
    "R_SEQ",
    "R_SPAR",
    "R_TORP",
    "STEPS",
    "Ship",
    "State",
    "advance",
    "apply",
    "boarding",
    "buttoned_up",
    "carry_out_standing",
    "check_end",
    "check_torpedoes",
    "close_options",
    "collisions",
    "drift",
    "extra_power",
    "extra_turn_used",
    "fire_moment",
    "fire_point",
    "flagship_upstream",
    "gamble",
    "grounding",
    "guns_per_die",
    "initiative_modifier",
    "land_gap",
    "later_turns",
    "leave_table",
    "move_first_half",
    "move_second_half",
    "mover",
    "objective_met",
    "open_fire",
    "other_side",
    "pitch_guns",
    "prize_crews",
    "prompt",
    "repair",
    "resolve_close",
    "resolve_fire",
    "run_aground",
    "scheduled",
    "score",
    "score_result",
    "set_current",
    "set_events",
    "ship_step",
    "side_alive",
    "spar_torpedo",
    "step_combat",
    "step_continuing",
    "step_end",
    "step_environment",
    "step_initiative",
    "step_landing",
    "step_move",
    "step_passage",
    "step_reload",
    "step_repair",
    "still_open",
    "take_prize",
    "target_shots",
    "turn_ask",
    "turn_words",
    "unit_name",
]


STEPS: Final[dict[str, Callable[[State, Tables, Context], bool]]] = {
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
        if waiting(state):
            continue
        if done:
            index = PHASES.index(state.phase)
            state.phase = PHASES[(index + 1) % len(PHASES)]
            state.stage = ""
            state.order = []
            state.unit = ""
            state.plan = {}
    raise RuntimeError("the sequence of play did not settle")  # pragma: no cover


def waiting(state: State) -> bool:
    """Whether a question is open, queued, or the game is over. A function, not
    an inline test: after the call to a step, mypy would keep ``state.ask``
    narrowed to None by the test above it, and compiled code (scripts/compile)
    trusts the narrowing."""
    return state.ask is not None or state.result is not None or bool(state.queue)


def still_open(state: State, ask: dict[str, Any]) -> bool:
    """Whether a question raised earlier still has something to decide."""
    ship = state.ships.get(ask.get("ship", ""))
    if ask["kind"] == "turn_box":
        return ship is not None and any(v > 0 for v in ship.turns.values())
    if ask["kind"] in ("gm_ram", "gm_collision", "gm_aground"):
        return ship is not None and ship.status in ("active", "surrendered", "abandoned")
    return True


def apply(state: State, t: Tables, seat: str, answer: Answer, ctx: Context) -> None:
    """Apply a checked answer to the open question, then run on."""
    apply_answer(state, t, seat, answer, ctx)
    advance(state, t, ctx)
