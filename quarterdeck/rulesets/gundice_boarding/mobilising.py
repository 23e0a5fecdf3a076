"""Gun-dice boarding, 5.2 Boarding Dice: Mobilized 5 GD, in the command phase;
and 5.3 Weather Effects: heavy seas allow no boarding.

A ship may mobilise five gun dice for one boarding die, to start a new
action or to replace a lost die in one going on (at most one a side a turn,
never above the dice the side started with). The orders are secret and
revealed together; mobilised dice that replace a loss are committed at
once, the rest when an attempt turns into an action (attempts.py), and
those unused return to the guns at the end of the turn (rules.py).
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.rulesets.gundice_boarding.qualifying import (
    R_OUTLINE,
    _any_may_declare,
    afloat,
    boarding_targets,
    in_action,
)
from quarterdeck.rulesets.gundice_boarding.state import Ship, State
from quarterdeck.rulesets.gundice_boarding.tables import Tables
from quarterdeck.rulesets.gundice_boarding.victory import _finish

R_MOBILISE: Final = "5.2 Boarding Dice: Mobilized 5 GD"


R_WEATHER: Final = "5.3 Weather Effects"


def _may_mobilise(
    state: State, tables: Tables, ship: Ship, orders: dict[str, str], busy: set[str]
) -> bool:
    """Whether ``ship`` may mobilise five gun dice this turn (5.2): to start
    a new action, or to replace a lost boarding die in one going on, at most
    ``mobilised_per_turn`` dice a side and never above the dice the side
    started the action with. ``orders``: her side's orders so far."""
    bd = tables.boarding_dice
    if not afloat(ship) or ship.mobilised:
        return False
    if ship.gun_dice_free < bd.mobilise_gun_dice:
        return False
    if ship.id not in busy:
        return bool(boarding_targets(state, ship, busy))
    action = in_action(state, ship.id)
    assert action is not None
    # Replacing losses: only a side that has lost dice.
    own = action.attackers if ship.side == action.attacker_side else [action.defender]
    dice, start = (
        (action.attacker_dice, action.attacker_start)
        if ship.side == action.attacker_side
        else (action.defender_dice, action.defender_start)
    )
    already = 0
    for o in own:
        if o != ship.id and orders.get(o) == "yes":
            already += 1
    return already < bd.mobilised_per_turn and dice + already * bd.mobilised < start


def command_phase(state: State, tables: Tables, ctx: Context) -> None:
    """Command phase: reveal the mobilisation orders together (5.2)."""
    if not tables.weather[state.sea].boarding_allowed:
        ctx.log("Heavy seas: no boarding actions are allowed", R_WEATHER)
        _finish(state, ended_early=True)
        return
    if not state.actions and not _any_may_declare(state):
        ctx.log("No ship can board or be boarded: the action is over", R_OUTLINE)
        _finish(state, ended_early=True)
        return
    cost = tables.boarding_dice.mobilise_gun_dice
    for seat in state.sides:
        for ship_id, order in state.orders.get(seat, {}).items():
            if order == "yes":
                ship = state.ships[ship_id]
                ship.mobilised = True
                ship.gun_dice_committed += cost
                if ctx.logging:
                    ctx.log(f"{ship.name} mobilises {cost} gun dice for boarding", R_MOBILISE)
    state.orders = {}
    state.phase = "declare"
    state.declared_this_turn = False
    _replace_losses(state, tables, ctx)


def _replace_losses(state: State, tables: Tables, ctx: Context) -> None:
    """Continuing actions: mobilised dice replace losses, at most
    ``mobilised_per_turn`` a side a turn and never above the side's starting
    dice (5.2); a surplus mobilisation is not committed and returns at the
    end of the turn."""
    bd = tables.boarding_dice
    for action in state.actions:
        for side, ships in (
            (action.attacker_side, action.attackers),
            (action.defender_side, [action.defender]),
        ):
            replaced = 0
            for ship_id in ships:
                ship = state.ships[ship_id]
                dice, start = (
                    (action.attacker_dice, action.attacker_start)
                    if side == action.attacker_side
                    else (action.defender_dice, action.defender_start)
                )
                if not ship.mobilised or replaced >= bd.mobilised_per_turn or dice >= start:
                    continue
                ship.mobilised = False
                replaced += 1
                action.committed[ship_id] = action.committed.get(ship_id, 0) + bd.mobilise_gun_dice
                if side == action.attacker_side:
                    action.attacker_dice = min(start, dice + bd.mobilised)
                else:
                    action.defender_dice = min(start, dice + bd.mobilised)
                if ctx.logging:
                    ctx.log(
                        f"{ship.name}'s mobilised gun dice replace a lost boarding die", R_MOBILISE
                    )
