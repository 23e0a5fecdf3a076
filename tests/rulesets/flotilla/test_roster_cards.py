"""Roster cards: USS Iron City as printed, and the other vessels built the
same way (roster card in the rule text; rules notes, "Roster cards")."""

from __future__ import annotations

from collections import Counter

from quarterdeck.data.ships import ship as facts
from quarterdeck.rulesets.flotilla.tables import rosters


def test_iron_city_engines_as_printed() -> None:
    card = rosters()["iron_city"]
    assert card.class_ == "protected"
    assert card.speed == (0, *range(2, 17))  # the printed track has no 1
    assert card.increase == (3, 2, 1)
    assert card.decrease == (5, 4, 3, 2, 1)
    assert card.reverse_dice == 1
    assert (card.turns.first, card.turns.middle, card.turns.end) == (0, 45, 45)


def test_iron_city_batteries_are_fire_dice_tracks() -> None:
    card = rosters()["iron_city"]
    port, starboard, bow = card.batteries
    for side in (port, starboard):
        assert side.weight == "normal"
        assert side.track == tuple(range(10, -1, -1))
        assert side.checks == (5, 0)
    assert (bow.name, bow.weight, bow.track, bow.checks) == ("bow", "heavy", (4, 3, 2, 1), ())


def test_iron_city_crew_track_skips_45_and_checks_at_12_and_25() -> None:
    card = rosters()["iron_city"]
    assert len(card.crew) == 50
    assert 45 not in card.crew
    assert card.crew[-1] == 50 and card.crew[0] == 0
    assert card.crew_checks == (12, 25)
    assert card.morale == tuple(range(13))


def test_iron_city_damage_grid_letters() -> None:
    card = rosters()["iron_city"]
    assert len(card.damage) == 10 and all(len(r) == 6 for r in card.damage)
    letters = Counter(ch for box in card.grid for ch in box)
    assert (letters["W"], letters["P"], letters["I"], letters["©"]) == (15, 11, 6, 3)
    assert card.damage[0] == ("", "", "", "P", "I©", "I")
    assert card.damage[9] == ("", "", "", "", "©", "©")
    assert card.yellow_box == 54  # as many as the last row holds: the last six ticked


def test_every_card_has_historical_facts_with_a_source() -> None:
    for key, card in rosters().items():
        f = facts(card.ship)
        assert len(f.source) > 10, key
        assert f.type.split()[0] == card.class_, key


def test_at_least_six_historical_vessels_of_all_three_classes() -> None:
    historical = {k: c for k, c in rosters().items() if k != "iron_city"}
    assert len(historical) >= 6
    assert {c.class_ for c in historical.values()} == {"wooden", "protected", "ironclad"}
    assert all(c.reconstructed for c in historical.values())


def test_a_monitor_has_an_all_round_turret() -> None:
    assert [b.name for b in rosters()["tecumseh"].batteries] == ["turret"]
