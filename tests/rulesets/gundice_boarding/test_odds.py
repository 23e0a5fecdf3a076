"""Exact odds (quarterdeck.odds.gundice) agree with the rules played out with
random dice: the Monte Carlo estimate lies within its 99.9% interval."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from quarterdeck.odds.gundice import attempt_odds, capture_odds, round_odds
from quarterdeck.rulesets.gundice_boarding.rules import (
    best_assignment,
    resolve_round,
    unopposed_owner,
)

Z = 3.29  # 99.9% two-sided


def _within(p: float, hits: int, n: int) -> bool:
    return abs(hits / n - p) <= Z * math.sqrt(p * (1 - p) / n) + 1e-9


def test_5_2_attempt_odds_are_exact() -> None:
    assert attempt_odds() == {1: Fraction(1, 6), 2: Fraction(11, 36), 3: Fraction(91, 216)}


def test_round_odds_sum_to_one_and_match_the_worked_example_shape() -> None:
    dist = round_odds(3, 5)
    assert sum(dist.values()) == 1
    assert all(a + d <= 3 for a, d in dist)


def test_equal_dice_capture_even_money() -> None:
    for n in range(1, 6):
        assert capture_odds(n, n) == Fraction(1, 2)


def _play_round(rng: random.Random, a: int, d: int) -> tuple[int, int]:
    av = [rng.randint(1, 6) for _ in range(a)]
    dv = [rng.randint(1, 6) for _ in range(d)]
    owner = unopposed_owner(a, d)
    choice = best_assignment(av, dv, owner) if owner else ()
    a_loss, d_loss, _, _ = resolve_round(av, dv, choice)
    return a_loss, d_loss


@pytest.mark.parametrize(("a", "d"), [(1, 3), (2, 4), (3, 3), (3, 5), (5, 2)])
def test_round_odds_agree_with_monte_carlo(a: int, d: int) -> None:
    rng = random.Random(a * 100 + d)
    n = 20_000
    counts: dict[tuple[int, int], int] = {}
    for _ in range(n):
        key = _play_round(rng, a, d)
        counts[key] = counts.get(key, 0) + 1
    for key, p in round_odds(a, d).items():
        assert _within(float(p), counts.get(key, 0), n), (key, float(p), counts.get(key, 0) / n)


@pytest.mark.parametrize(("a", "d"), [(2, 3), (3, 4), (4, 3)])
def test_capture_odds_agree_with_monte_carlo(a: int, d: int) -> None:
    rng = random.Random(7 * a + d)
    n = 10_000
    captured = 0
    for _ in range(n):
        x, y = a, d
        while x > 0 and y > 0:
            la, ld = _play_round(rng, x, y)
            x, y = x - la, y - ld
        captured += y == 0
    assert _within(float(capture_odds(a, d)), captured, n)
