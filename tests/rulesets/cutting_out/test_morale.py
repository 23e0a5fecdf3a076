"""Morale: the ship's crew goes docile once the deck is swept and the hatch
held for a turn, and rejoins when friends board or the raiders leave; a
boat's crew or garrison at half strength or less tests each turn: 1-2
surrenders with the enemy within 6" (else retreats), 3-4 falls back until a
5-6 rallies it, 5-6 carries on; +1 British against French, +1 American
against pirates, +1 a charismatic leader (Morale)."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.rulesets.cutting_out import morale, movement

from .helpers import T, context, fresh, put_on_deck, texts


def swept(s: Any) -> Any:
    ship = s.ships["corvette"]
    for g in ("corvette-guard-1", "corvette-guard-2", "corvette-guard-3"):
        s.figures[g].fate = "dead"
    put_on_deck(s, "launch-9", T.deck.hatch * ship.length + 0.7, 0.0)
    put_on_deck(s, "launch-2", 3.0, 0.0)
    return ship


def test_the_crew_goes_docile_after_the_deck_is_held_a_turn() -> None:
    s = fresh(random_events=False)
    ship = swept(s)
    s.turn = 7
    ctx, log, _ = context([])
    morale.crew_morale(s, T, ctx)
    assert ship.swept_since == 7 and not ship.docile
    assert "one turn to break out" in texts(log)
    s.turn = 8  # their break-out (if any) failed; the hatch is still held
    morale.crew_morale(s, T, ctx)
    assert ship.docile


def test_a_docile_crew_rejoins_when_the_raiders_leave() -> None:
    s = fresh(random_events=False)
    ship = swept(s)
    ship.docile, ship.swept_since = True, 5
    for f in s.on_deck("corvette", "british"):
        f.fate = "out"
    ctx, log, _ = context([])
    morale.crew_morale(s, T, ctx)
    assert not ship.docile
    assert "may regain the deck" in texts(log)


def test_a_docile_crew_rejoins_when_friends_board() -> None:
    s = fresh(random_events=False)
    ship = swept(s)
    ship.docile = True
    friend = s.figures["battery-9"]
    movement.gain_deck(s, T, ship, [friend], "larboard-quarter")
    assert not ship.docile


def half(s: Any, party: str = "cutter", keep: int = 4) -> list[Any]:
    figs: list[Any] = s.party_figures(party)
    for f in figs[keep:]:
        f.fate = "dead"
    return figs[:keep]


@pytest.mark.parametrize(
    ("die", "morale_after"), [(3, "shaken"), (4, "shaken"), (5, "steady"), (6, "steady")]
)
def test_a_crew_at_half_tests_each_turn(die: int, morale_after: str) -> None:
    s = fresh(random_events=False)
    half(s)
    party = s.parties["cutter"]
    assert morale.must_test(s, T, party)
    # the British +1 against the French: 2 + 1 = 3 falls back, 3 + 1 carries on
    ctx, _, dice = context([die - 1])
    morale.step_morale(s, T, ctx)
    assert party.morale == morale_after
    assert dice.requests[0].seat == "british"


def test_one_or_two_surrenders_with_the_enemy_within_6_in() -> None:
    s = fresh(random_events=False)
    left = half(s)
    for n, f in enumerate(left):
        put_on_deck(s, f.id, 5.0 + n * 0.8, 0.5)
    party = s.parties["cutter"]
    s.figures["corvette-guard-3"].x = 4.0  # the marine of the guard is close by
    ctx, log, _ = context([1])  # 1 + 1 = 2
    morale.step_morale(s, T, ctx)
    assert party.morale == "surrendered"
    assert all(f.fate == "captured" for f in left)
    assert s.prisoners["french"] == 4
    assert "surrender" in texts(log)


def test_one_or_two_without_the_enemy_near_retreats_off_the_ship() -> None:
    s = fresh(random_events=False)
    left = half(s)
    for f in s.party_figures("corvette-guard"):
        f.fate = "dead"
    boat = s.boats["cutter"]
    boat.alongside = "corvette:larboard-fore"
    put_on_deck(s, left[0].id, 9.0, -1.0)
    ctx, _, _ = context([1])
    morale.step_morale(s, T, ctx)
    assert s.parties["cutter"].morale == "routed"
    assert left[0].where == "boat"  # back down into the boat alongside


def test_five_or_six_rallies_a_shaken_crew() -> None:
    s = fresh(random_events=False)
    half(s)
    party = s.parties["cutter"]
    party.morale = "shaken"
    ctx, log, _ = context([4])  # 4 + 1 = 5
    morale.step_morale(s, T, ctx)
    assert party.morale == "steady" and "rallied" in texts(log)


def test_the_modifiers_nation_and_a_charismatic_leader() -> None:
    s = fresh(random_events=False)
    assert dict(morale.modifiers(s, T, s.parties["launch"])) == {
        "British against French": 1,
        "a charismatic leader": 1,
    }
    assert morale.modifiers(s, T, s.parties["battery"]) == []
    assert T.morale.nation_bonus("american", "pirate") == 1
    assert T.morale.nation_bonus("american", "french") == 0


def test_a_garrison_at_half_tests_too() -> None:
    s = fresh(random_events=False)
    half(s, "battery", 6)
    assert morale.must_test(s, T, s.parties["battery"])
    assert not morale.must_test(s, T, s.parties["corvette-crew"])  # the crew goes docile instead
