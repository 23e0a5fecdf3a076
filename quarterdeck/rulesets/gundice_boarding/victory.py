"""Gun-dice boarding: the end of the game and who won.

The text stands alone from its host game, so it has no victory conditions
of its own beyond winning a boarding action (5.2 Boarding Actions: capture,
repulse, call-off); the game is scored on captured size points first, then
boarding actions won (see docs/rules-notes.md).
"""

from __future__ import annotations

from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.gundice_boarding.state import Outcome, State


def _finish(state: State, ended_early: bool = False) -> None:
    state.result = compute_result(state, ended_early).to_json()
    state.phase = "over"
    state.stage = ""


def compute_result(state: State, ended_early: bool = False) -> Result:
    """Who won: captured size points first, then boarding actions won."""
    captured: dict[str, int] = dict.fromkeys(state.sides, 0)
    names: dict[str, list[str]] = {s: [] for s in state.sides}
    for ship in state.ships.values():
        if ship.captured_by is not None:
            captured[ship.captured_by] += ship.size
            names[ship.captured_by].append(ship.name)
    # most first, ties in the sides' order (a reversed sort keeps equal keys in order)
    ranked = sorted(state.sides, key=captured.__getitem__, reverse=True)
    if captured[ranked[0]] > 0:
        detail = "; ".join([f"{s} captured {', '.join(names[s])}" for s in state.sides if names[s]])
        if captured[ranked[0]] == captured[ranked[1]]:
            return Result(None, Termination.CAPTURED, state.turn, detail)
        return Result(ranked[0], Termination.CAPTURED, state.turn, detail)
    won: dict[str, int] = dict.fromkeys(state.sides, 0)
    last: dict[str, Outcome] = {}
    for outcome in state.outcomes:
        won[outcome.winner_side] += 1
        last[outcome.winner_side] = outcome
    ranked = sorted(state.sides, key=won.__getitem__, reverse=True)
    if won[ranked[0]] > 0 and won[ranked[0]] > won[ranked[1]]:
        o = last[ranked[0]]
        how = Termination.REPELLED if o.how == "repelled" else Termination.CALLED_OFF
        detail = f"{ranked[0]} beat off {won[ranked[0]]} boarding action(s)"
        return Result(ranked[0], how, state.turn, detail)
    how = Termination.DISENGAGED if ended_early else Termination.TURN_LIMIT
    return Result(None, how, state.turn, "no ship was captured")
