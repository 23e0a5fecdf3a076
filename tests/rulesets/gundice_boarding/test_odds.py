"""Exact odds (quarterdeck.odds.gundice) agree with the rules played out with
random dice: the Monte Carlo estimate lies within its 99.9% interval. The
action-optimal placing of unopposed dice is checked against its own
optimality equation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from quarterdeck.odds.gundice import (
    _options,
    action_assignment,
    attempt_odds,
    capture_odds,
    round_odds,
)
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


def _play_round(rng: random.Random, a: int, d: int, policy: str = "action") -> tuple[int, int]:
    av = [rng.randint(1, 6) for _ in range(a)]
    dv = [rng.randint(1, 6) for _ in range(d)]
    owner = unopposed_owner(a, d)
    if owner is None:
        choice: tuple[int, ...] = ()
    elif policy == "action":
        choice = action_assignment(av, dv, owner)
    else:
        choice = best_assignment(av, dv, owner)
    a_loss, d_loss, _, _ = resolve_round(av, dv, choice)
    return a_loss, d_loss


@pytest.mark.parametrize("policy", ["action", "round"])
@pytest.mark.parametrize(("a", "d"), [(1, 3), (2, 4), (3, 3), (3, 5), (5, 2)])
def test_round_odds_agree_with_monte_carlo(a: int, d: int, policy: str) -> None:
    rng = random.Random(a * 100 + d)
    n = 20_000
    counts: dict[tuple[int, int], int] = {}
    for _ in range(n):
        key = _play_round(rng, a, d, policy)
        counts[key] = counts.get(key, 0) + 1
    for key, p in round_odds(a, d, policy=policy).items():
        assert _within(float(p), counts.get(key, 0), n), (key, float(p), counts.get(key, 0) / n)


@pytest.mark.parametrize("policy", ["action", "round"])
@pytest.mark.parametrize(("a", "d"), [(2, 3), (3, 4), (4, 3)])
def test_capture_odds_agree_with_monte_carlo(a: int, d: int, policy: str) -> None:
    rng = random.Random(7 * a + d)
    n = 10_000
    captured = 0
    for _ in range(n):
        x, y = a, d
        while x > 0 and y > 0:
            la, ld = _play_round(rng, x, y, policy)
            x, y = x - la, y - ld
        captured += y == 0
    assert _within(float(capture_odds(a, d, policy=policy)), captured, n)


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("d", range(1, 7))
def test_5_2_action_optimal_odds_solve_their_optimality_equation(a: int, d: int) -> None:
    """Each roll's owner of the unopposed dice picks the losses best for him
    over the whole action: the capture chance equals the expectation, over
    the round's rolls, of the best successor (the attacker's best is the
    highest chance, the defender's the lowest; no loss stays put)."""
    v = capture_odds(a, d)
    owner = unopposed_owner(a, d)
    pick = min if owner == "defender" else max
    expected = Fraction(0)
    for options, p in _options(a, d, 3):
        expected += p * pick(
            v if loss == (0, 0) else capture_odds(a - loss[0], d - loss[1]) for loss in options
        )
    assert expected == v


def test_5_2_whole_action_placing_differs_from_the_round_best_in_six_small_cases() -> None:
    """For 1 to 4 dice a side, the round-greedy placing gives different
    capture odds in six cases. Where only one side ever has a choice (three
    or more usable dice against two: the attacker from 3 or 4 against 2, the
    defender the other way round) that side does better placing for the
    action."""
    differ = [
        (a, d)
        for a in range(1, 5)
        for d in range(1, 5)
        if capture_odds(a, d) != capture_odds(a, d, policy="round")
    ]
    assert differ == [(2, 3), (2, 4), (3, 2), (3, 4), (4, 2), (4, 3)]
    for a, d in ((3, 2), (4, 2)):
        assert capture_odds(a, d) > capture_odds(a, d, policy="round")
        assert capture_odds(d, a) < capture_odds(d, a, policy="round")


def test_5_2_three_dice_against_two_trade_a_die_when_the_action_gains() -> None:
    """Attacker 3 dice rolls 6 5 1 against the defender's 6 6. The spare 1
    onto the 5 ties both pairs (nobody loses: still 3 v 2, capture 93.2%);
    onto the 6 it wins one pair and loses the other (2 v 1, capture 95.0%).
    The round-greedy placing keeps the dice; the action-optimal one trades."""
    assert best_assignment([6, 5, 1], [6, 6], "attacker") == (1,)
    assert action_assignment([6, 5, 1], [6, 6], "attacker") == (0,)
    assert capture_odds(2, 1) > capture_odds(3, 2)
