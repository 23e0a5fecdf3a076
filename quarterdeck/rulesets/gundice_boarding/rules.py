"""Gun-dice boarding, sections 5.1 to 5.3: the turn sequence, driven.

The host game (movement, gunnery) is not part of the text; a scenario opens
with the ships already alongside, stationary, with the damage they have taken.
Each turn follows the printed sequence as far as boarding is concerned, each
part carried out by the module named for its section of the text:

1. command phase: each side may mobilise five gun dice per ship for one
   boarding die (5.2 "Mobilized 5 GD"), a secret order revealed together
   (``mobilising.py``);
2. boarding phase (5.2): declarations (secret, simultaneous), roll-offs for
   ships declared against each other (``declaring.py``), one attempt roll per
   attempt (``attempts.py``), then up to two rounds of boarding dice for every
   action in progress (``actions.py``);
3. end of turn: unused mobilised gun dice return to the guns (here).

Who may board whom (5.1) is in ``qualifying.py``, the boarding dice a side
gathers (5.2 Boarding Dice) in ``boarding_dice.py``, the questions asked in
``questions.py`` and the end of the game in ``victory.py``.

This module is the entry point the package and the tests use: ``apply``,
``advance`` and ``PHASES`` live here, and the section modules' names are
re-exported (``rules.prompts``, ``rules.side_dice``, ``rules.resolve_round``...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.rulesets.gundice_boarding.actions import (
    R_ACTION,
    _decide,
    _resolve,
    assignments,
    best_assignment,
    fight,
    resolve_round,
    round_math,
    unopposed_owner,
    usable,
)
from quarterdeck.rulesets.gundice_boarding.attempts import (
    R_ATTEMPT,
    attempt_dice,
    attempt_success,
    attempt_terms,
)
from quarterdeck.rulesets.gundice_boarding.boarding_dice import R_DICE, side_dice
from quarterdeck.rulesets.gundice_boarding.declaring import R_DECLARE, declaration_phase
from quarterdeck.rulesets.gundice_boarding.mobilising import R_MOBILISE, R_WEATHER, command_phase
from quarterdeck.rulesets.gundice_boarding.qualifying import (
    R_OUTLINE,
    afloat,
    boarding_targets,
    contact_active,
    engaged,
    in_action,
)
from quarterdeck.rulesets.gundice_boarding.questions import (
    FIRST_ROUND_OPTIONS,
    LATER_ROUND_OPTIONS,
    MOBILISE_OPTIONS,
    _next_order,
    _pending_for,
    pending,
    prompt_for,
    prompts,
)
from quarterdeck.rulesets.gundice_boarding.state import Ship, State
from quarterdeck.rulesets.gundice_boarding.tables import Tables
from quarterdeck.rulesets.gundice_boarding.victory import _finish, compute_result


def apply(
    state: State,
    tables: Tables,
    seat: str,
    answer: str,
    ctx: Context,
    waiting: list[tuple[str, str, str]] | None = None,
    targets: dict[str, list[Ship]] | None = None,
) -> list[tuple[str, str, str]]:
    """Take ``seat``'s checked answer, then run the turn sequence forward;
    returns who must answer what next (:func:`pending`). ``waiting``:
    :func:`pending` where the caller has it for this state already.

    A secret order changes nothing but its own side's orders, and what a
    side is asked next depends on its own orders alone (:func:`_next_order`),
    so after one, the other sides' entries of ``waiting`` still hold: they
    are handed back as the same objects (a caller may keep what it built
    for them), and only ``seat``'s next order is worked out. ``targets``:
    where given, the declaring ships' targets found on the state handed
    back (see :func:`pending`)."""
    # ``seat``'s entry is found by its place in ``waiting``, not by identity: the
    # compiled path (scripts/compile) does not keep a tuple's identity
    mine = -1
    if waiting is None:
        step, ship_id = _pending_for(state, tables, seat)
    else:
        for i, entry in enumerate(waiting):
            if entry[0] == seat:
                mine = i
                _, step, ship_id = entry
                break
        else:
            raise ValueError(f"seat {seat!r} has nothing to answer now")
    if step == "mobilise" or step == "declare":
        orders = state.orders.get(seat)
        if orders is None:
            orders = state.orders[seat] = {}
        orders[ship_id] = answer
        if waiting is not None and mine >= 0:
            following = _next_order(state, tables, seat, step, None, targets)
            still = list(waiting)
            if following is not None:  # in place: pending() lists the sides in order
                still[mine] = (seat, step, following)
            else:
                del still[mine]
            if still:
                return still
            # every side has given its orders: the phase reveals them
            PHASES[state.phase](state, tables, ctx)
    elif step == "decide":
        _decide(state, tables, answer, ctx)
    elif step == "assign":
        choice = tuple(int(t) for t in answer.split("-")) if answer else ()
        _resolve(state, tables, state.actions[state.current], choice, ctx)
    return advance(state, tables, ctx, targets)


def advance(
    state: State, tables: Tables, ctx: Context, targets: dict[str, list[Ship]] | None = None
) -> list[tuple[str, str, str]]:
    """Run the turn sequence until someone must decide or the game ends;
    returns who must answer what (:func:`pending`; ``targets`` as there: a
    pending() that finds nobody to ask puts none there, so what is put
    there is for the state handed back)."""
    while state.result is None:
        waiting = pending(state, tables, targets)
        if waiting:
            return waiting
        PHASES[state.phase](state, tables, ctx)
    return []


def end_of_turn(state: State, tables: Tables, ctx: Context) -> None:
    """Unused mobilised gun dice return; the game ends or the next turn starts."""
    for ship in state.ships.values():
        if ship.mobilised:
            ship.mobilised = False
            ship.gun_dice_committed -= tables.boarding_dice.mobilise_gun_dice
            if ctx.logging:
                ctx.log(f"{ship.name}'s mobilised gun dice were not used and return", R_MOBILISE)
    for action in state.actions:
        action.rounds_this_turn = 0
    if not state.actions and not state.declared_this_turn:
        ctx.log("No boarding attempt was declared and none goes on: the ships part", R_DECLARE)
        _finish(state, ended_early=True)
        return
    if state.turn >= state.turn_limit:
        if ctx.logging:
            ctx.log(f"Turn {state.turn} was the last turn of the scenario", "scenario")
        _finish(state)
        return
    state.turn += 1
    state.phase = "command"
    state.declared_this_turn = False


PHASES: Final[dict[str, Callable[[State, Tables, Context], None]]] = {
    "command": command_phase,
    "declare": declaration_phase,
    "fight": fight,
    "end": end_of_turn,
}
"""The turn sequence, in rule-book order."""


__all__ = [
    "FIRST_ROUND_OPTIONS",
    "LATER_ROUND_OPTIONS",
    "MOBILISE_OPTIONS",
    "PHASES",
    "R_ACTION",
    "R_ATTEMPT",
    "R_DECLARE",
    "R_DICE",
    "R_MOBILISE",
    "R_OUTLINE",
    "R_WEATHER",
    "advance",
    "afloat",
    "apply",
    "assignments",
    "attempt_dice",
    "attempt_success",
    "attempt_terms",
    "best_assignment",
    "boarding_targets",
    "command_phase",
    "compute_result",
    "contact_active",
    "declaration_phase",
    "end_of_turn",
    "engaged",
    "fight",
    "in_action",
    "pending",
    "prompt_for",
    "prompts",
    "resolve_round",
    "round_math",
    "side_dice",
    "unopposed_owner",
    "usable",
]
