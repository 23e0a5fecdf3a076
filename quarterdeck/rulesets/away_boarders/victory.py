"""Away, Boarders!: the end of the game and the victory points (1.0 and the
scenario's victory conditions)."""

from __future__ import annotations

from quarterdeck.core.engine import Context
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.away_boarders.sailing import afloat
from quarterdeck.rulesets.away_boarders.state import State

# --------------------------------------------------------------------------
# Victory


def check_end(state: State, ctx: Context) -> None:
    """The game ends when every ship of a side is sunk, struck or gone (1.0)."""
    if state.result is not None:
        return
    standing = {s.side for s in state.ships.values() if s.active}
    if all(side in standing for side in state.sides):
        return
    finish(state, limit=False)


def points(state: State) -> dict[str, int]:
    """Victory points: each enemy ship lost is worth the scenario's share of
    her value (sunk, struck, or left the field); a ship that escapes off the
    field may score for her own side (the scenario's ``escape``)."""
    out = dict.fromkeys(state.sides, 0)
    share = {
        "sunk": state.victory["sunk"],
        "struck": state.victory["struck"],
        "left": state.victory["left_field"],
    }
    escape: dict[str, int] = state.victory.get("escape", {})
    for ship in state.ships.values():
        if ship.status in share:
            for side in state.sides:
                if side != ship.side:
                    out[side] += ship.value * share[ship.status]
        if ship.status == "left":
            out[ship.side] += ship.value * escape.get(ship.side, 0)
    return {k: v // 100 for k, v in out.items()}


def finish(state: State, limit: bool) -> None:
    state.result = compute_result(state, limit).to_json()
    state.phase = "over"


def compute_result(state: State, limit: bool) -> Result:
    pts = points(state)
    detail = "; ".join(f"{s} {pts[s]} points" for s in state.sides)
    lost = [s for s in state.ships.values() if not s.active]
    how = Termination.TURN_LIMIT
    if lost:
        last = lost[-1].status
        how = {
            "sunk": Termination.SUNK,
            "struck": Termination.STRUCK,
            "left": Termination.LEFT_FIELD,
        }[last]
    if not limit:
        standing = [side for side in state.sides if any(s.side == side for s in afloat(state))]
        escapes = state.victory.get("escape", {})
        if len(standing) == 1 and not any(escapes.get(s, 0) for s in state.sides):
            gone = [s for s in state.ships.values() if s.side != standing[0]]
            kinds = {s.status for s in gone}
            how = (
                Termination.SUNK
                if kinds == {"sunk"}
                else Termination.STRUCK
                if "struck" in kinds
                else Termination.LEFT_FIELD
                if kinds == {"left"}
                else how
            )
            return Result(standing[0], how, state.turn, detail)
    if any(state.victory.get("escape", {}).values()):
        how = Termination.OBJECTIVES
    ranked = sorted(state.sides, key=lambda s: -pts[s])
    margin = state.victory["margin"]
    if pts[ranked[0]] - pts[ranked[1]] >= margin:
        return Result(ranked[0], how if not limit else Termination.TURN_LIMIT, state.turn, detail)
    return Result(None, Termination.TURN_LIMIT if limit else how, state.turn, detail)
