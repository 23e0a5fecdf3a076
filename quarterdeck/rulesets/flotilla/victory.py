"""Flotilla: the end of the game and the score.

The text has no victory rules: the scenario's objectives decide (its
Victory section), at the turn limit (Sequence of play, step 11) or when a
side has nothing left afloat or in action.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.flotilla import fire
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables
from quarterdeck.rulesets.flotilla.turn import R_SEQ, other_side


def side_alive(state: State, side: str) -> bool:
    """Whether ``side`` has a vessel afloat and in action, or a fort that can
    still be hit."""
    for s in state.ships.values():
        if s.side == side and s.afloat:
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


_AFLOAT: Final[dict[str, Ship]] = {}
"""For each side, the last ship found afloat and in action for it by
:func:`check_end` (a witness looked at first; one entry a side name)."""


def check_end(state: State, t: Tables, ctx: Context) -> None:
    """The game ends when a side has no vessel or fort left in action (sunk,
    struck, taken or gone off the table): with objectives in the scenario
    they decide; without, the side left in action wins."""
    if state.result is not None:
        return
    ships = state.ships
    for side in state.sides:
        # side_alive's first question, asked of the ship that last answered
        # it (one of this state's, still hers and afloat) before the rest
        w = _AFLOAT.get(side)
        if w is not None and w.afloat and w.side == side and ships.get(w.id) is w:
            continue
        for s in ships.values():
            if s.side == side and s.afloat:
                _AFLOAT[side] = s
                break
        else:
            if not side_alive(state, side):
                break
    else:
        return  # every side has something in action (the usual case: asked at every step)
    alive = {side: side_alive(state, side) for side in state.sides}
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
