"""Exact odds of a volley and a morale test, checked against the dice."""

from __future__ import annotations

from fractions import Fraction

from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context
from quarterdeck.rulesets.flotilla import fire, odds

from .helpers import T


def test_volley_distribution_sums_to_one_and_rounds_up() -> None:
    dist = odds.volley(5, 4, 2)
    assert sum(dist.values()) == 1
    assert set(dist) == {0, 1, 2, 3}  # 0..5 successes halved, rounded up
    assert dist[0] == Fraction(1, 32)


def test_morale_bands_of_a_fresh_captain() -> None:
    bands = odds.morale(T, 12)
    assert bands["pass"] == Fraction(160, 216)
    assert sum(bands.values()) == 1


def test_exact_odds_agree_with_the_dice() -> None:
    ctx = Context(RandomDice(11))
    n = 4000
    total = sum(fire.roll_hits(ctx, "v", 10, 4, 3, "test", "union") for _ in range(n))
    exact = float(odds.expected_hits(10, 4, 3))
    assert abs(total / n - exact) < 0.05
