"""How a game of Cutting Out Party ends (Sample Game: play continues until
the ship has put out to sea, is sunk or is recaptured; dawn as the turn
limit a scenario sets).

- The prize out of the harbour by the sea edge: the raiders win.
- The prize sunk: the defenders win (the raiders did not bring her out).
- Retaken: the raiders held her deck once and, at the end of a turn, none
  of them is aboard and defenders stand on it.
- Every raider killed, taken, out of the fight or gone back to sea: the
  defenders win.
- Dawn (the scenario's turn limit) with the prize still in the harbour:
  the defenders win.
"""

from __future__ import annotations

from quarterdeck.core.engine import Context
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.cutting_out.common import R_VICTORY, any_in_play
from quarterdeck.rulesets.cutting_out.state import State
from quarterdeck.rulesets.cutting_out.tables import Tables


def finish(state: State, ctx: Context, winner: str | None, how: Termination, detail: str) -> None:
    state.result = Result(winner, how, state.turn, detail).to_json()
    ctx.log(f"The game ends: {detail}", R_VICTORY)


def check_end(state: State, t: Tables, ctx: Context) -> None:
    """The endings that can come at any moment."""
    if state.result is not None:
        return
    prize = state.prize_ship
    if prize.status == "at-sea":
        finish(state, ctx, state.raiders, Termination.CAPTURED, f"{prize.name} is taken out to sea")
    elif prize.status == "sunk":
        finish(
            state, ctx, state.defenders, Termination.SUNK, f"{prize.name} is sunk in the harbour"
        )
    elif not any_in_play(state, state.raiders):
        escaped = any(
            f.fate == "escaped" for f in state.figures.values() if f.side == state.raiders
        )
        how = Termination.REPELLED if not escaped else Termination.CALLED_OFF
        what = (
            f"the raiders are beaten off and {prize.name} is retaken"
            if prize.boarded_turn
            else "the raiders are beaten off"
        )
        if escaped and not prize.boarded_turn:
            what = "the raiders give up the attempt"
        finish(state, ctx, state.defenders, how, what)


def end_of_turn(state: State, t: Tables, ctx: Context) -> None:
    """The endings judged at the end of a turn: recapture, and dawn."""
    check_end(state, t, ctx)
    if state.result is not None:
        return
    prize = state.prize_ship
    climbing = any(
        f.climbing for f in state.figures.values() if f.active and f.side == state.raiders
    )
    if (
        prize.boarded_turn
        and not state.on_deck(prize.id, state.raiders)
        and state.on_deck(prize.id, state.defenders)
        and not climbing
    ):
        finish(state, ctx, state.defenders, Termination.REPELLED, f"{prize.name} is retaken")
        return
    if state.turn >= state.turn_limit:
        when = "time is up" if state.light == "day" else "dawn"
        finish(
            state,
            ctx,
            state.defenders,
            Termination.TURN_LIMIT,
            f"{when}, and {prize.name} is still in the harbour",
        )
