"""Gun-dice boarding, 5.2 Boarding Actions: rounds of boarding dice.

At most two rounds an action a turn; each side's three highest dice are
opposed highest to highest, the lower of each pair lost and ties kept, and
the side with more usable dice adds its unopposed dice to those still
compared. The attacker may call an action off at any time; it ends in a
capture when the defender has no dice left, in a repulse when the attacker
has none, and the mobilised gun dice are lost for good by the side that lost.

The pure resolution of one round (:func:`resolve_round` and the helpers
around it) is shared with the exact odds in ``quarterdeck.odds.gundice``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.gundice_boarding.boarding_dice import R_DICE
from quarterdeck.rulesets.gundice_boarding.mobilising import R_MOBILISE
from quarterdeck.rulesets.gundice_boarding.qualifying import afloat
from quarterdeck.rulesets.gundice_boarding.state import Action, Outcome, State
from quarterdeck.rulesets.gundice_boarding.tables import Tables
from quarterdeck.rulesets.gundice_boarding.victory import _finish

R_ACTION: Final = "5.2 Boarding Actions"


# --------------------------------------------------------------------------
# Pure resolution of a round (shared with the exact odds in quarterdeck.odds.gundice)


def usable(values: Sequence[int], compared: int = 3) -> list[int]:
    """The dice a side compares: its ``compared`` highest, highest first (5.2)."""
    return sorted(values, reverse=True)[:compared]


@lru_cache(maxsize=64)
def assignments(unopposed: int, pairs: int) -> tuple[tuple[int, ...], ...]:
    """Every way of adding ``unopposed`` dice, each whole, to one of ``pairs``
    compared dice (5.2: unopposed pips add to the dice still compared)."""
    if unopposed == 0 or pairs == 0:
        return ((),)
    return tuple(itertools.product(range(pairs), repeat=unopposed))


def resolve_round(
    attacker: Sequence[int],
    defender: Sequence[int],
    assignment: Sequence[int] = (),
    compared: int = 3,
) -> tuple[int, int, list[int], list[int]]:
    """One round of boarding dice (5.2).

    Each side's ``compared`` highest dice are opposed highest to highest; the
    lower die of each pair is lost and ties stay. The side with more usable
    dice adds each unopposed die to one of its compared dice as ``assignment``
    says (index of the compared die for each unopposed die, highest first).
    Returns (attacker losses, defender losses, attacker's effective dice,
    defender's effective dice).
    """
    a = usable(attacker, compared)
    d = usable(defender, compared)
    pairs = min(len(a), len(d))
    a_eff, d_eff = a[:pairs], d[:pairs]
    if len(a) > pairs:
        for die, target in zip(a[pairs:], assignment or [0] * (len(a) - pairs), strict=True):
            a_eff[target] += die
    elif len(d) > pairs:
        for die, target in zip(d[pairs:], assignment or [0] * (len(d) - pairs), strict=True):
            d_eff[target] += die
    a_loss = d_loss = 0
    for x, y in zip(a_eff, d_eff, strict=True):
        if x < y:
            a_loss += 1
        elif y < x:
            d_loss += 1
    return a_loss, d_loss, a_eff, d_eff


def unopposed_owner(n_attacker: int, n_defender: int, compared: int = 3) -> str | None:
    """Which side ("attacker"/"defender") has unopposed dice, if either."""
    a, d = min(n_attacker, compared), min(n_defender, compared)
    if a > d > 0:
        return "attacker"
    if d > a > 0:
        return "defender"
    return None


def best_assignment(
    attacker: Sequence[int], defender: Sequence[int], owner: str, compared: int = 3
) -> tuple[int, ...]:
    """The assignment of unopposed dice best for ``owner``: most enemy dice
    removed less own dice lost, then fewest own dice lost."""
    a, d = usable(attacker, compared), usable(defender, compared)
    pairs = min(len(a), len(d))
    extra = abs(len(a) - len(d))
    best: tuple[int, ...] = ()
    best_key: tuple[int, int] | None = None
    for choice in assignments(extra, pairs):
        a_loss, d_loss, _, _ = resolve_round(a, d, choice, compared)
        own, other = (a_loss, d_loss) if owner == "attacker" else (d_loss, a_loss)
        key = (other - own, -own)
        if best_key is None or key > best_key:
            best, best_key = choice, key
    return best


# --------------------------------------------------------------------------
# Rounds of boarding dice, fought


def round_math(start: int, lost: int, dice: int, compared: int) -> RollMath:
    """How one side's dice of a boarding round are read (5.2): its
    ``compared`` highest, highest first, against the enemy's; what made their
    number (the dice at the start of the action, those lost since, those
    mobilised back)."""
    terms = [(f"boarding {'die' if start == 1 else 'dice'} at the start of the action", start)]
    if lost:
        terms.append(("lost in earlier rounds", -lost))
    if dice != start - lost:
        terms.append(("mobilised gun dice", dice - (start - lost)))
    return RollMath("highest", keep=compared, dice=tuple(terms))


def fight(state: State, tables: Tables, ctx: Context) -> None:
    """Rounds of boarding dice run through prompts; this only moves on."""
    _next_fight(state, tables, ctx)


def _next_fight(state: State, tables: Tables, ctx: Context) -> None:
    """Move to the next action that may still roll this turn, or end the turn
    (nothing to do once a capture has ended the game)."""
    if state.result is not None:
        return
    per_turn = tables.rounds.per_turn
    while state.current < len(state.actions):
        if state.actions[state.current].rounds_this_turn < per_turn:
            state.stage = "decide"
            return
        state.current += 1
    state.phase = "end"
    state.stage = ""


def _decide(state: State, tables: Tables, answer: str, ctx: Context) -> None:
    action = state.actions[state.current]
    if answer == "call-off":
        if ctx.logging:
            names = " and ".join(state.ships[a].name for a in action.attackers)
            ctx.log(f"{names} call off the boarding action", R_ACTION)
        _end_action(state, tables, action, "called off", ctx)
        _next_fight(state, tables, ctx)
        return
    if answer == "hold":
        action.rounds_this_turn = tables.rounds.per_turn
        ctx.log("No second round this turn; the action continues next turn", R_ACTION)
        _next_fight(state, tables, ctx)
        return
    _roll_round(state, tables, action, ctx)


def _roll_round(state: State, tables: Tables, action: Action, ctx: Context) -> None:
    """Both sides roll all their boarding dice at once: one round (5.2)."""
    action.rounds_this_turn += 1
    action.rounds_fought += 1
    ships = state.ships
    compared = tables.rounds.compared
    a_n, d_n = action.attacker_dice, action.defender_dice

    # the words, for the log and a person rolling, only where wanted
    def attackers() -> str:
        names = " and ".join(ships[a].name for a in action.attackers)
        return f"Boarding round {action.rounds_fought}, {names}"

    def defender() -> str:
        return f"Boarding round {action.rounds_fought}, {ships[action.defender].name}"

    def goal() -> str:
        n = {1: "one", 2: "two", 3: "three", 4: "four"}.get(compared, str(compared))
        return f"the {n} highest oppose the enemy's {n} highest"

    def odds() -> str:
        """The round's exact odds, for the log only (computed when logged)."""
        from quarterdeck.odds.gundice import round_words  # it imports the rules

        return round_words(a_n, d_n, compared)

    action.last_attacker_roll = list(
        ctx.roll(
            attackers,
            action.attacker_dice,
            R_ACTION,
            seat=action.attacker_side,
            odds=odds,
            goal=goal,
            math=lambda _: round_math(
                action.attacker_start, action.attacker_lost, action.attacker_dice, compared
            ),
        )
    )
    action.last_defender_roll = list(
        ctx.roll(
            defender,
            action.defender_dice,
            R_ACTION,
            seat=action.defender_side,
            odds=odds,
            goal=goal,
            math=lambda _: round_math(
                action.defender_start, action.defender_lost, action.defender_dice, compared
            ),
        )
    )
    owner = unopposed_owner(action.attacker_dice, action.defender_dice, compared)
    if owner is not None and _distinct_outcomes(action, owner, compared) > 1:
        state.stage = "assign"
        return
    _resolve(state, tables, action, (), ctx)


def _distinct_outcomes(action: Action, owner: str, compared: int) -> int:
    """How many different results the unopposed dice's placings give (5.2):
    only where there are several the owner is asked where to add them."""
    # the pairs compared: as many as the side with fewer usable dice (usable()
    # keeps ``compared`` at most), counted before any dice are sorted
    pairs = min(len(action.last_attacker_roll), len(action.last_defender_roll), compared)
    if pairs <= 1:
        return 1  # every unopposed die goes onto the one die compared
    a = usable(action.last_attacker_roll, compared)
    d = usable(action.last_defender_roll, compared)
    seen = {
        resolve_round(a, d, choice, compared)[:2]
        for choice in assignments(abs(len(a) - len(d)), pairs)
    }
    return len(seen)


def _resolve(
    state: State, tables: Tables, action: Action, choice: tuple[int, ...], ctx: Context
) -> None:
    compared = tables.rounds.compared
    a_loss, d_loss, a_eff, d_eff = resolve_round(
        action.last_attacker_roll, action.last_defender_roll, choice, compared
    )
    action.last_attacker_effective = a_eff
    action.last_defender_effective = d_eff
    action.attacker_dice -= a_loss
    action.defender_dice -= d_loss
    action.attacker_lost += a_loss
    action.defender_lost += d_loss
    if ctx.logging:
        ctx.log(
            f"Compared {_dice(a_eff)} against {_dice(d_eff)}: attackers lose {a_loss}, "
            f"defenders lose {d_loss}; {action.attacker_dice} against "
            f"{action.defender_dice} dice left",
            R_ACTION,
        )
    state.stage = "decide"
    _check_action_end(state, tables, action, ctx)
    _next_fight(state, tables, ctx)


def _check_action_end(state: State, tables: Tables, action: Action, ctx: Context) -> bool:
    """Capture when the defender runs out of dice; repulse when the attacker does."""
    if action.defender_dice <= 0:
        _end_action(state, tables, action, "captured", ctx)
        return True
    if action.attacker_dice <= 0:
        _end_action(state, tables, action, "repelled", ctx)
        return True
    return False


def _end_action(state: State, tables: Tables, action: Action, how: str, ctx: Context) -> None:
    """Close an action: capture, repulse or call-off, and the gun dice (5.2)."""
    defender = state.ships[action.defender]
    attackers = [state.ships[a] for a in action.attackers]
    logging = ctx.logging  # the lines' words are for the log alone
    names = " and ".join(s.name for s in attackers) if logging else ""
    lost_side = None
    if how == "captured":
        defender.captured_by = action.attacker_side
        lost_side = action.defender_side
        if logging:
            ctx.log(f"{defender.name} has no boarding dice left: captured by {names}", R_ACTION)
        winner = action.attacker_side
    else:
        winner = action.defender_side
        if how == "repelled":
            lost_side = action.attacker_side
            if logging:
                ctx.log(f"{names} have no boarding dice left: the boarders are repelled", R_ACTION)
        if action.attacker_lost > 0:
            for s in attackers:
                s.failed_attacker = True
            if logging:
                ctx.log(f"{names} now count as failed attackers", R_DICE)
    for ship_id, gd in action.committed.items():
        ship = state.ships[ship_id]
        ship.gun_dice_committed -= gd
        if ship.side == lost_side:
            ship.gun_dice_lost += gd
            if logging:
                ctx.log(f"{ship.name}'s {gd} mobilised gun dice are lost for good", R_ACTION)
        elif logging:
            ctx.log(f"{ship.name}'s {gd} mobilised gun dice return to the guns", R_MOBILISE)
    index = state.actions.index(action)
    state.actions.pop(index)
    if index < state.current:
        state.current -= 1
    state.outcomes.append(
        Outcome(action.id, state.turn, how, list(action.attackers), action.defender, winner)
    )
    afloat_sides = set()
    for s in state.ships.values():
        if afloat(s):
            afloat_sides.add(s.side)
    for side in state.sides:
        if side not in afloat_sides:
            _finish(state)
            return


def _n_dice(n: int, kind: str = "") -> str:
    return f"{n} {kind}{'die' if n == 1 else 'dice'}"


def _dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in sorted(values, reverse=True))
