"""Properties of one round of boarding dice (5.2) for any dice thrown."""

from __future__ import annotations

from hypothesis import given, strategies as st

from quarterdeck.rulesets.gundice_boarding.rules import (
    assignments,
    best_assignment,
    resolve_round,
    unopposed_owner,
    usable,
)

pool = st.lists(st.integers(1, 6), min_size=1, max_size=9)


@given(pool, pool)
def test_5_2_losses_never_exceed_the_compared_pairs(a: list[int], d: list[int]) -> None:
    owner = unopposed_owner(len(a), len(d))
    pairs = min(len(usable(a)), len(usable(d)))
    extra = abs(len(usable(a)) - len(usable(d)))
    for choice in assignments(extra, pairs):
        a_loss, d_loss, a_eff, d_eff = resolve_round(a, d, choice)
        assert a_loss + d_loss <= pairs
        assert len(a_eff) == len(d_eff) == pairs
        assert a_loss <= len(a) and d_loss <= len(d)
    if owner is None:
        assert extra == 0


@given(pool, pool)
def test_5_2_swapping_sides_swaps_the_losses(a: list[int], d: list[int]) -> None:
    a_loss, d_loss, _, _ = resolve_round(a, d)
    d_loss2, a_loss2, _, _ = resolve_round(d, a)
    assert (a_loss, d_loss) == (a_loss2, d_loss2)


@given(pool, pool)
def test_5_2_best_placement_is_never_worse_than_any_other(a: list[int], d: list[int]) -> None:
    owner = unopposed_owner(len(a), len(d))
    if owner is None:
        return
    pairs = min(len(usable(a)), len(usable(d)))
    extra = abs(len(usable(a)) - len(usable(d)))
    best = resolve_round(a, d, best_assignment(a, d, owner))

    def score(r: tuple[int, int, list[int], list[int]]) -> int:
        own, other = (r[0], r[1]) if owner == "attacker" else (r[1], r[0])
        return other - own

    assert all(score(best) >= score(resolve_round(a, d, c)) for c in assignments(extra, pairs))


@given(pool, pool)
def test_5_2_only_the_three_highest_dice_count(a: list[int], d: list[int]) -> None:
    assert resolve_round(a, d)[:2] == resolve_round(sorted(a)[-3:], sorted(d)[-3:])[:2]
