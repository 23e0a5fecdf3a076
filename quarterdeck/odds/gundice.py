"""Exact odds for gun-dice boarding (5.2), computed with icepool, not sampled.

* :func:`attempt_odds` - the chance that 1, 2 or 3 attempt dice show a 6;
* :func:`round_odds` - the dice each side loses in one round, for given dice;
* :func:`capture_odds` - the chance that A attacking dice capture D defending
  dice if neither side calls off and no lost die is replaced (rounds repeat
  until one side has none).

What is computed, exactly. In a round the side with more usable dice adds
each unopposed die to one of its compared dice, as it chooses after seeing
the roll (5.2). With three dice or more against two that is a real choice:
one spare die onto the highest or the second compared die, which can trade
one loss for another. Two policies for that choice are computed:

* ``"action"`` (the default): each side places its spare pips to do best in
  the whole action: the attacker to maximise, the defender to minimise the
  chance of capture from the dice counts the round leaves. The values are
  the fixed point of that two-player game, found exactly by policy
  iteration (a round in which nobody loses a die leaves the action where it
  was, so a side's best choice can depend on the value it is computing).
  :func:`action_assignment` is that choice, used by the AI.
* ``"round"``: each side makes the round's best trade (most enemy dice
  removed less its own lost, then fewest of its own lost), as
  :func:`rules.best_assignment` does. It is the older, simpler policy; the
  two differ in a few dice counts (see docs/rules-notes.md).

Neither models calling off, the two-rounds-a-turn limit (which changes
nothing while nobody calls off or replaces dice) or mobilised replacement
dice: those are decisions of the game, not of the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Literal

import icepool

from quarterdeck.rulesets.gundice_boarding.rules import (
    assignments,
    best_assignment,
    resolve_round,
    unopposed_owner,
    usable,
)

Losses = tuple[int, int]
Policy = Literal["action", "round"]
POLICIES: tuple[Policy, ...] = ("action", "round")


def attempt_odds(max_dice: int = 3, face: int = 6) -> dict[int, Fraction]:
    """P(at least one ``face`` on n dice) for n = 1..max_dice (5.2 Boarding Attempts)."""
    return dict(_attempt_odds(max_dice, face))


@cache
def _attempt_odds(max_dice: int, face: int) -> tuple[tuple[int, Fraction], ...]:
    """:func:`attempt_odds`, computed once for each ``max_dice`` and ``face``."""
    out = []
    for n in range(1, max_dice + 1):
        sixes = n @ icepool.d6.map(lambda x: 1 if x == face else 0)
        out.append((n, Fraction(1) - Fraction(int(sixes.quantity(0)), int(sixes.denominator()))))
    return tuple(out)


@cache
def _top(n: int, compared: int) -> icepool.Die:
    """The distribution of a side's ``compared`` highest dice, as sorted tuples."""
    return icepool.d6.pool(n).highest(compared).expand()


@cache
def _choices(a: tuple[int, ...], d: tuple[int, ...], compared: int) -> tuple[Losses, ...]:
    """Every (attacker lost, defender lost) that the owner of the unopposed
    dice can bring about with this roll, by where it adds them."""
    a_use, d_use = usable(a, compared), usable(d, compared)
    pairs, extra = min(len(a_use), len(d_use)), abs(len(a_use) - len(d_use))
    found = {resolve_round(a_use, d_use, c, compared)[:2] for c in assignments(extra, pairs)}
    return tuple(sorted(found))


@cache
def _options(
    attacker: int, defender: int, compared: int
) -> tuple[tuple[tuple[Losses, ...], Fraction], ...]:
    """The distribution, over the rolls of one round, of the set of losses
    the owner of the unopposed dice may choose between."""
    a_die, d_die = _top(attacker, compared), _top(defender, compared)
    total = int(a_die.denominator()) * int(d_die.denominator())
    weights: dict[tuple[Losses, ...], int] = {}
    for a, qa in a_die.items():
        for d, qd in d_die.items():
            key = _choices(tuple(a), tuple(d), compared)
            weights[key] = weights.get(key, 0) + int(qa) * int(qd)
    return tuple((k, Fraction(q, total)) for k, q in sorted(weights.items()))


def _round_choice(options: tuple[Losses, ...], owner: str | None) -> Losses:
    """The round-greedy pick among ``options`` (rules.best_assignment's key)."""
    if owner is None or len(options) == 1:
        return options[0]

    def key(loss: Losses) -> tuple[int, int]:
        own, other = loss if owner == "attacker" else (loss[1], loss[0])
        return (other - own, -own)

    return max(options, key=key)


def _check(attacker: int, defender: int, policy: str) -> None:
    if attacker < 1 or defender < 1:
        raise ValueError("both sides need at least one die to roll a round")
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, got {policy!r}")


@cache
def _solve(
    attacker: int, defender: int, compared: int, policy: str
) -> tuple[Fraction, dict[tuple[Losses, ...], Losses]]:
    """The capture chance from (attacker, defender) dice and the choice made
    from each set of options, under ``policy``."""
    owner = unopposed_owner(attacker, defender, compared)
    dist = _options(attacker, defender, compared)

    def after(loss: Losses, here: Fraction) -> Fraction:
        if loss == (0, 0):
            return here
        return capture_odds(attacker - loss[0], defender - loss[1], compared, policy)

    # Start from the round-greedy choices; under "action", improve them
    # until they no longer change (policy iteration: finitely many steps).
    chosen = {opts: _round_choice(opts, owner) for opts, _ in dist}
    for _ in range(64):
        stay = sum((p for opts, p in dist if chosen[opts] == (0, 0)), Fraction(0))
        rest = sum(
            (p * after(chosen[opts], Fraction(0)) for opts, p in dist if chosen[opts] != (0, 0)),
            Fraction(0),
        )
        value = rest / (1 - stay)
        if policy == "round" or owner is None:
            return value, chosen
        better = {}
        for opts, _ in dist:
            scored = [(after(loss, value), loss) for loss in opts]
            best = max(scored) if owner == "attacker" else min(scored)
            current = after(chosen[opts], value)
            better[opts] = chosen[opts] if current == best[0] else best[1]
        if better == chosen:
            return value, chosen
        chosen = better
    raise RuntimeError("policy iteration did not settle")  # pragma: no cover


@cache
def capture_odds(
    attacker: int, defender: int, compared: int = 3, policy: Policy | str = "action"
) -> Fraction:
    """P(the attacker captures) with these dice if nobody calls off (5.2),
    both sides placing unopposed dice by ``policy`` (see the module)."""
    if defender <= 0:
        return Fraction(1)
    if attacker <= 0:
        return Fraction(0)
    _check(attacker, defender, policy)
    return _solve(attacker, defender, compared, policy)[0]


@cache
def round_odds(
    attacker: int, defender: int, compared: int = 3, policy: Policy | str = "action"
) -> dict[Losses, Fraction]:
    """Distribution of (attacker dice lost, defender dice lost) in one round,
    unopposed dice placed by ``policy``."""
    _check(attacker, defender, policy)
    _, chosen = _solve(attacker, defender, compared, policy)
    out: dict[Losses, Fraction] = {}
    for opts, p in _options(attacker, defender, compared):
        loss = chosen[opts]
        out[loss] = out.get(loss, Fraction(0)) + p
    return out


def action_assignment(
    attacker: Sequence[int],
    defender: Sequence[int],
    owner: str,
    attacker_dice: int | None = None,
    defender_dice: int | None = None,
    compared: int = 3,
) -> tuple[int, ...]:
    """Where ``owner`` adds its unopposed dice to do best in the whole action
    (the ``"action"`` policy): the assignment whose losses leave the best
    capture chance for the attacker, or the worst for a defender. The dice
    counts default to the dice rolled; ties go to the round-greedy choice."""
    a_n = len(attacker) if attacker_dice is None else attacker_dice
    d_n = len(defender) if defender_dice is None else defender_dice
    a, d = usable(attacker, compared), usable(defender, compared)
    pairs, extra = min(len(a), len(d)), abs(len(a) - len(d))
    greedy = best_assignment(a, d, owner, compared)
    options = assignments(extra, pairs)
    if len(options) <= 1:
        return greedy
    here = capture_odds(a_n, d_n, compared)

    def value(choice: tuple[int, ...]) -> Fraction:
        la, ld = resolve_round(a, d, choice, compared)[:2]
        if (la, ld) == (0, 0):
            return here
        return capture_odds(a_n - la, d_n - ld, compared)

    sign = 1 if owner == "attacker" else -1
    best = max(options, key=lambda c: (sign * value(c), c == greedy))
    return tuple(best)


@cache
def capture_chance(attacker: int, defender: int) -> float:
    """:func:`capture_odds` as a float, for players that weigh options fast."""
    return float(capture_odds(attacker, defender))


ODDS_WORDS_MAX_DICE = 16  # past this the exact odds take seconds: the words leave them out


def round_words(attacker: int, defender: int, compared: int = 3) -> str:
    """One round's exact odds in words, for the explanation of its rolls
    (5.2): which side loses more dice this round, and the attacker's chance
    of capture in the end if nobody calls off or replaces a lost die. Spare
    (unopposed) dice are placed as the ``"action"`` policy places them."""
    if attacker < 1 or defender < 1:
        return ""
    if max(attacker, defender) > ODDS_WORDS_MAX_DICE:
        return ""
    dist = round_odds(attacker, defender, compared)
    more_d = sum((p for (la, ld), p in dist.items() if ld > la), Fraction(0))
    more_a = sum((p for (la, ld), p in dist.items() if la > ld), Fraction(0))
    even = 1 - more_d - more_a
    take = sum((p for (_, ld), p in dist.items() if ld >= defender), Fraction(0))
    words = (
        f"{attacker} against {defender} {'die' if defender == 1 else 'dice'} this round: "
        f"defenders lose more {float(more_d):.1%}, attackers more {float(more_a):.1%}, "
        f"as many {float(even):.1%}"
    )
    if take:
        words += f"; ship taken this round {float(take):.1%}"
    capture = capture_odds(attacker, defender, compared)
    return (
        words + f"; capture in the end {float(capture):.1%} (no call-off or replaced die; "
        "spare dice placed to best effect)"
    )
