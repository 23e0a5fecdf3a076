"""Exact odds for gun-dice boarding (5.2), computed with icepool, not sampled.

* :func:`attempt_odds` - the chance that 1, 2 or 3 attempt dice show a 6;
* :func:`round_odds` - the dice each side loses in one round, for given dice;
* :func:`capture_odds` - the chance that A attacking dice capture D defending
  dice if neither side calls off (rounds repeat until one side has none).

Both sides are taken to place unopposed dice as well as they can (the
owner's choice in 5.2, made by :func:`rules.best_assignment`), exactly as the
AI and the rules engine resolve a round.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import icepool

from quarterdeck.rulesets.gundice_boarding.rules import (
    best_assignment,
    resolve_round,
    unopposed_owner,
)

Losses = tuple[int, int]


def attempt_odds(max_dice: int = 3, face: int = 6) -> dict[int, Fraction]:
    """P(at least one ``face`` on n dice) for n = 1..max_dice (5.2 Boarding Attempts)."""
    out = {}
    for n in range(1, max_dice + 1):
        sixes = n @ icepool.d6.map(lambda x: 1 if x == face else 0)
        out[n] = Fraction(1) - Fraction(int(sixes.quantity(0)), int(sixes.denominator()))
    return out


@cache
def _top(n: int, compared: int) -> icepool.Die:
    """The distribution of a side's ``compared`` highest dice, as sorted tuples."""
    return icepool.d6.pool(n).highest(compared).expand()


@cache
def round_odds(attacker: int, defender: int, compared: int = 3) -> dict[Losses, Fraction]:
    """Distribution of (attacker dice lost, defender dice lost) in one round."""
    if attacker < 1 or defender < 1:
        raise ValueError("both sides need at least one die to roll a round")
    owner = unopposed_owner(attacker, defender, compared)

    def outcome(a: tuple[int, ...], d: tuple[int, ...]) -> Losses:
        choice = best_assignment(a, d, owner, compared) if owner else ()
        a_loss, d_loss, _, _ = resolve_round(a, d, choice, compared)
        return a_loss, d_loss

    die = icepool.map(outcome, _top(attacker, compared), _top(defender, compared))
    total = die.denominator()
    return {tuple(k): Fraction(int(q), total) for k, q in die.items()}


@cache
def capture_odds(attacker: int, defender: int, compared: int = 3) -> Fraction:
    """P(the attacker captures) with these dice, if nobody calls off (5.2)."""
    if defender <= 0:
        return Fraction(1)
    if attacker <= 0:
        return Fraction(0)
    dist = round_odds(attacker, defender, compared)
    stay = dist.get((0, 0), Fraction(0))
    total = Fraction(0)
    for (a_loss, d_loss), p in dist.items():
        if (a_loss, d_loss) == (0, 0):
            continue
        total += p * capture_odds(attacker - a_loss, defender - d_loss, compared)
    return total / (1 - stay)


@cache
def capture_chance(attacker: int, defender: int) -> float:
    """:func:`capture_odds` as a float, for players that weigh options fast."""
    return float(capture_odds(attacker, defender))
