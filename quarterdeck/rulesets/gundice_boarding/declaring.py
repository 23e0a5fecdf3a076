"""Gun-dice boarding, 5.2 Conducting a Boarding Action: the boarding phase's
declarations.

Every qualified ship's declaration is secret and revealed together; a ship
declared against by another than her own target stands to repel; two ships
declared against each other roll off for who is the attacker; then each
attempt is rolled (attempts.py) and the actions are fought (actions.py).
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.gundice_boarding.actions import _next_fight
from quarterdeck.rulesets.gundice_boarding.attempts import _attempt
from quarterdeck.rulesets.gundice_boarding.state import State
from quarterdeck.rulesets.gundice_boarding.tables import Tables

R_DECLARE: Final = "5.2 Conducting a Boarding Action"


def declaration_phase(state: State, tables: Tables, ctx: Context) -> None:
    """Reveal the declarations, settle mutual ones, roll every attempt (5.2)."""
    declared: dict[str, str] = {}
    for seat in state.sides:
        for ship_id, order in state.orders.get(seat, {}).items():
            if order.startswith("board:"):
                declared[ship_id] = order.split(":", 1)[1]
                if ctx.logging:
                    ctx.log(
                        f"{state.ships[ship_id].name} declares a boarding attempt against "
                        f"{state.ships[declared[ship_id]].name}",
                        R_DECLARE,
                    )
    state.orders = {}
    # The turn counts as engaged if anyone declared or an action goes on.
    state.declared_this_turn = bool(declared) or bool(state.actions)
    by_target: dict[str, list[str]] = {}
    if len(declared) == 1:
        # one declaration alone: nobody stands to repel, nothing to roll off
        for attacker, target in declared.items():
            by_target[target] = [attacker]
    elif declared:
        # A ship declared against by any ship other than her own target stands to
        # repel and cannot make her own attempt; only then do two ships declared
        # against each other (and against nobody else) roll off.
        standing = {
            ship_id: [d for d, t in sorted(declared.items()) if t == ship_id and d != target]
            for ship_id, target in declared.items()
        }
        for ship_id in sorted(declared):
            boarders = standing[ship_id]
            if boarders:
                names = " and ".join(state.ships[b].name for b in boarders)
                ctx.log(
                    f"{state.ships[ship_id].name}, declared against by {names}, stands to "
                    "repel and cannot make her own attempt",
                    R_DECLARE,
                )
                del declared[ship_id]
        _settle_mutual(state, declared, ctx)
        for attacker, target in sorted(declared.items()):
            by_target.setdefault(target, []).append(attacker)
    for target, attackers in by_target.items():
        _attempt(state, tables, attackers, target, ctx)
        if state.result is not None:
            return  # a defender with no boarding dice was the last ship afloat
    state.phase = "fight"
    state.current = 0
    state.stage = "decide"
    _next_fight(state, tables, ctx)


def _settle_mutual(state: State, declared: dict[str, str], ctx: Context) -> None:
    """Two ships declared against each other: a die each, rolled by each
    ship's player, ties re-rolled; the higher is the attacker (5.2)."""
    for x in sorted(declared):
        y = declared.get(x)
        if y is None or declared.get(y) != x or x > y:
            continue
        sx, sy = state.ships[x], state.ships[y]
        goal = "the higher die becomes the attacker, ties roll again"
        while True:
            (rx,) = ctx.roll(
                f"Roll-off for attacker: {sx.name} ({sx.side})",
                1,
                R_DECLARE,
                seat=sx.side,
                goal=goal,
                math=RollMath("opposed", versus=(1, 1, 0)),
            )
            (ry,) = ctx.roll(
                f"Roll-off for attacker: {sy.name} ({sy.side})",
                1,
                R_DECLARE,
                seat=sy.side,
                goal=goal,
                math=RollMath("opposed", versus=(1, 1, 0), against=rx),
            )
            if rx != ry:
                break
            ctx.log("Tied roll-off: roll again", R_DECLARE)
        winner, loser = (sx, sy) if rx > ry else (sy, sx)
        ctx.log(f"{winner.name} wins the roll-off and is the attacker", R_DECLARE)
        del declared[loser.id]
