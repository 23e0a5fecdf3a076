"""Gun-dice boarding, 5.2 Boarding Attempts (and 5.3 Weather Effects on the
attempt dice): the dice of one attempt (two to start, one more if fouled,
one fewer if the sizes differ, one fewer in choppy seas; one to three), and
the attempt rolled: any 6 starts a boarding action, with each side's
boarding dice (boarding_dice.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.gundice_boarding.actions import _check_action_end, _n_dice
from quarterdeck.rulesets.gundice_boarding.boarding_dice import R_DICE, side_dice
from quarterdeck.rulesets.gundice_boarding.qualifying import contact_active
from quarterdeck.rulesets.gundice_boarding.state import Action, Ship, State
from quarterdeck.rulesets.gundice_boarding.tables import Tables

R_ATTEMPT: Final = "5.2 Boarding Attempts"


def attempt_success(n: int) -> float:
    """Chance that ``n`` attempt dice show at least one 6 (5.2)."""
    return 1 - (5 / 6) ** n


def attempt_terms(
    tables: Tables, sea: str, ships: Sequence[Ship], fouled: bool
) -> list[tuple[str, int]]:
    """What makes the dice of one boarding attempt, item by item (5.2
    Boarding Attempt table, 5.3): the two to start and each modifier."""
    at = tables.attempt
    terms = [("to start", at.starting_dice)]
    if fouled:
        terms.append(("fouled", at.fouled))
    size = ships[0].size
    for s in ships:
        if s.size != size:
            terms.append(("sizes differ", at.size_difference))
            break
    weather = tables.weather[sea].attempt
    if weather:
        terms.append((f"{sea} seas", weather))
    return terms


def attempt_dice(tables: Tables, sea: str, ships: Sequence[Ship], fouled: bool) -> tuple[int, str]:
    """Dice for one boarding attempt (5.2 Boarding Attempt table, 5.3)."""
    terms = attempt_terms(tables, sea, ships, fouled)
    return _attempt_count(tables, terms), _attempt_why(terms)


def _attempt_count(tables: Tables, terms: Sequence[tuple[str, int]]) -> int:
    """The attempt dice that :func:`attempt_terms` make, within the table's limits."""
    at = tables.attempt
    n = 0
    for _, v in terms:
        n += v
    return max(at.min_dice, min(at.max_dice, n))


def _attempt_why(terms: Sequence[tuple[str, int]]) -> str:
    """:func:`attempt_terms` in words: "2 to start, fouled +1"."""
    return ", ".join([f"{terms[0][1]} to start", *(f"{what} {v:+d}" for what, v in terms[1:])])


def _attempt(state: State, tables: Tables, attackers: list[str], target: str, ctx: Context) -> None:
    """One boarding attempt, rolled by the attacker: any 6 starts the action
    (5.2 Boarding Attempts). Attackers who could gather no boarding dice
    cannot get across at all: no attempt is rolled and no action develops."""
    ships: list[Ship] = []
    mob_a: list[Ship] = []  # the attackers' mobilised ships that count, at most per_turn
    per_turn = tables.boarding_dice.mobilised_per_turn
    for a in attackers:
        ship = state.ships[a]
        ships.append(ship)
        if ship.mobilised and len(mob_a) < per_turn:
            mob_a.append(ship)
    defender = state.ships[target]
    side_a, side_d = ships[0].side, defender.side
    mob_d = [defender] if defender.mobilised and per_turn > 0 else []
    logging = ctx.logging  # the reasons and the roll's explanation are for the log
    names = " and ".join(s.name for s in ships) if logging else ""
    a_dice, a_why = side_dice(tables, state.sea, ships, False, len(mob_a), logging)
    if a_dice <= 0:
        if logging:
            ctx.log(
                f"{names} could gather no boarding dice ({', '.join(a_why)}): no boarding "
                "action can develop",
                R_DICE,
            )
        return
    fouled = False
    for a in attackers:
        if contact_active(state, a, target)[1]:
            fouled = True
            break
    terms = attempt_terms(tables, state.sea, [*ships, defender], fouled)
    n = _attempt_count(tables, terms)
    face = tables.attempt.success_face
    values = ctx.roll(
        # the words, for the log and a person rolling, only where wanted
        lambda: (
            f"Boarding attempt, {' and '.join(s.name for s in ships)} against "
            f"{defender.name} ({_attempt_why(terms)})"
        ),
        n,
        R_ATTEMPT,
        seat=side_a,  # the attacker rolls the attempt
        # any one die showing the face (a house rule may name another than
        # 6: that face alone, as the check below reads it; the chance of
        # one face is the same whichever it is)
        odds=lambda: f"needed any {face} on {n} dice: {attempt_success(n):.1%}",
        goal=lambda: f"any {face} starts the action",
        math=RollMath(
            "any" if face == 6 else "faces",
            target=face if face == 6 else None,
            hits=() if face == 6 else (face,),
            dice=tuple(terms),
            limits=(tables.attempt.min_dice, tables.attempt.max_dice),
        )
        if logging
        else None,
    )
    if tables.attempt.success_face not in values:
        if logging:
            ctx.log(
                f"No {face}: no boarding action develops; {names} may try again next turn",
                R_ATTEMPT,
            )
        return
    d_dice, d_why = side_dice(tables, state.sea, [defender], True, len(mob_d), logging)
    action = Action(
        id=state.next_action_id,
        attackers=list(attackers),
        defender=target,
        attacker_side=side_a,
        defender_side=side_d,
        attacker_dice=a_dice,
        defender_dice=d_dice,
        attacker_start=a_dice,
        defender_start=d_dice,
        started_turn=state.turn,
    )
    state.next_action_id += 1
    for ship in (*mob_a, *mob_d):
        ship.mobilised = False
        action.committed[ship.id] = tables.boarding_dice.mobilise_gun_dice
    state.actions.append(action)
    if logging:
        ctx.log(f"A boarding action begins: {names} board {defender.name}", R_ATTEMPT)
        ctx.log(f"{names}: {_n_dice(a_dice, 'boarding ')} = " + ", ".join(a_why), R_DICE)
        ctx.log(f"{defender.name}: {_n_dice(d_dice, 'boarding ')} = " + ", ".join(d_why), R_DICE)
    if d_dice == 0:
        _check_action_end(state, tables, action, ctx)
