"""Flotilla, "Administrative" (Sequence of play, steps 7 to 11).

Step 7, "Continuing Damage" inflicted; step 8, its repair (and catastrophic
fires fought, jammed turrets freed: Specific Hits); step 9, "Reloading
artillery"; step 10, the end of turn (hulks removed, captains regain their
nerve); step 11, the passage of the turn and the turn limit.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.result import Termination
from quarterdeck.rulesets.flotilla import damage, explain as ex
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables
from quarterdeck.rulesets.flotilla.victory import score_result

R_RELOAD: Final = "Reloading artillery"


R_END: Final = "Sequence of play: 10. End of turn"


def step_continuing(state: State, t: Tables, ctx: Context) -> bool:
    """Step 7: inflict continuing damage."""
    for ship in list(state.ships.values()):
        damage.continuing_damage(state, t, ctx, ship)
    return True


def step_repair(state: State, t: Tables, ctx: Context) -> bool:
    """Step 8: repair continuing damage (5 or 6; not while on fire; no reloading
    for a ship that tries), fight catastrophic fires, free jammed turrets."""
    if state.stage == "":
        state.order = [
            s.id
            for s in state.ships.values()
            if s.afloat and s.continuing > 0 and not s.on_fire and s.no_repair == 0
        ]
        state.stage = "ask"
    if state.stage == "ask":
        while state.order:
            ship = state.ships[state.order.pop(0)]
            if ship.afloat:
                state.ask = {"kind": "repair", "seat": ship.side, "ship": ship.id}
                return False
        state.stage = "fires"
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        if ship.catastrophic:
            tries = t.specific.catastrophic_tries
            need = tries[min(ship.catastrophic_tries, len(tries) - 1)]
            (die,) = ctx.roll(
                f"{ship.name} fights the catastrophic fire: {need} or less",
                1,
                damage.R_SPEC,
                seat=ship.side,
                math=ex.at_most(need, "the fire is out", "the fire burns on"),
            )
            ship.catastrophic_tries += 1
            if die <= need:
                ship.catastrophic = False
                ctx.log(f"{ship.name}: the fire is out", damage.R_SPEC)
            elif ship.catastrophic_tries >= len(tries):
                damage.sink(state, t, ctx, ship, None, "the catastrophic fire reaches the magazine")
        if ship.turret in ("until5", "until6"):
            need = 5 if ship.turret == "until5" else 6
            (die,) = ctx.roll(
                f"{ship.name} frees her turret: {need}+",
                1,
                damage.R_SPEC,
                seat=ship.side,
                math=ex.at_least(need, "the turret turns again", "still jammed"),
            )
            if die >= need:
                ship.turret = ""
    return True


def repair(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    ship.repairing = True
    (die,) = ctx.roll(
        f"{ship.name} repairs continuing damage: {t.damage.repair_on}+",
        1,
        damage.R_CONT,
        seat=ship.side,
        math=ex.at_least(t.damage.repair_on, "repaired", "not repaired"),
    )
    if die >= t.damage.repair_on:
        ship.continuing -= 1
        ctx.log(f"{ship.name}: continuing damage now {ship.continuing}", damage.R_CONT)


def step_reload(state: State, t: Tables, ctx: Context) -> bool:
    """Step 9: guns that fired are reloaded, except aboard a ship repairing
    continuing damage, with a catastrophic fire or with no crew; a ship that fired more
    than two batteries spends the next turn reloading. Land guns always
    reload."""
    for ship in state.ships.values():
        ship.no_fire = ship.reload_penalty
        ship.reload_penalty = False
        if ship.repairing or ship.catastrophic or ship.crew <= 0:
            ship.repairing = False
            continue  # repairing, fighting the blaze, or no crew to load
        for battery in ship.batteries:
            battery.fired = False
    for bat in state.batteries.values():
        bat.fired = False
    for troop in state.troops.values():
        troop.fired = False
    return True


def step_end(state: State, t: Tables, ctx: Context) -> bool:
    """Step 10: hulks come off after three turns; a captain who held back
    rolls to regain his nerve; one who retired resumes operations."""
    for ship in state.ships.values():
        if ship.status == "hulk":
            ship.hulk_turns -= 1
            if ship.hulk_turns <= 0:
                ship.status = "sunk"
                ctx.log(f"The hulk of {ship.name} is removed", R_END)
        if not ship.afloat or ship.mood_turn >= state.turn:
            continue
        if ship.mood == "retire":
            ship.mood = ""
            ctx.log(f"{ship.name} resumes normal operations", damage.R_MORALE)
        elif ship.mood == "withdrawing":
            ship.mood = "withdrawn"
            ctx.log(f"{ship.name} has withdrawn: she may fire, never advance", damage.R_MORALE)
        elif ship.mood == "hold":
            mod, reasons = damage.morale_modifier(state, t, ship)
            dice = ctx.roll(
                f"{ship.name}: does the captain regain his nerve?",
                3,
                damage.R_MORALE,
                seat=ship.side,
                math=ex.nerve(ship.morale, reasons),
            )
            if sum(dice) <= ship.morale + mod:
                ship.mood = ""
                ctx.log(f"{ship.name}'s captain regains his nerve", damage.R_MORALE)
    return True


def step_passage(state: State, t: Tables, ctx: Context) -> bool:
    """Step 11: mark the passage of the turn; the game ends at the limit."""
    for ship in state.ships.values():
        for name in ("no_repair", "no_turns", "turn_only_turns", "engine_turns", "stopped"):
            setattr(ship, name, max(0, getattr(ship, name) - 1))
        if ship.turn_only_turns == 0:
            ship.turn_only = ""
        for name in ("fire_below", "fire_above"):
            setattr(ship, name, max(0, getattr(ship, name) - 1))
        ship.fired = False
        ship.moved = False
    for troop in state.troops.values():
        troop.moved = troop.charged = False
    state.last_winner = state.initiative_winner
    state.sank_last, state.sank = state.sank, {}
    state.adverse_last, state.adverse = state.adverse, []
    state.auto_win_last, state.auto_win = state.auto_win, []
    if state.turn >= state.turn_limit:
        state.result = score_result(state, Termination.TURN_LIMIT).to_json()
        return True
    state.turn += 1
    return True
