"""Special rounds (4.4): grape, double shot, chain."""

from __future__ import annotations

from quarterdeck.rulesets.away_boarders import damage_dice
from tests.rulesets.away_boarders.helpers import T


def test_4_4_grape_reaches_two_points_whatever_the_gun() -> None:
    assert T.ammo.grape.range_for(8) == 2
    assert T.ammo.grape.range_for(3) == 2


def test_4_4_grape_doubles_casualties_and_does_nothing_to_the_hull() -> None:
    # low: 3 C, 5 G, 6 H, 4 G; the C is two casualties, the H nothing
    hull, _r, _per, guns, crew = damage_dice.read_damage(T, [3, 5, 6, 4], False, "grape")
    assert (hull, guns, crew) == (0, 2, 2)


def test_4_4_double_shot_halves_range_rounding_up_and_hits_twice_a_die() -> None:
    assert T.ammo.double.range_for(7) == 4
    assert T.ammo.double.range_for(6) == 3
    # low: 6 H, 4 G, 5 G: every die two hits
    assert damage_dice.read_damage(T, [6, 4, 5], False, "double") == (2, 0, 2, 4, 0)


def test_4_4_chain_halves_range_doubles_rigging_and_halves_hull_rounding_down() -> None:
    assert T.ammo.chain.range_for(7) == 3
    assert T.ammo.chain.range_for(1) == 1
    _h, r_dice, per_die, _g, _c = damage_dice.read_damage(T, [5, 6, 5], True, "chain")
    assert r_dice * per_die == 6
    assert damage_dice.read_damage(T, [6, 6, 6], False, "chain")[0] == 1


def test_4_3_the_aim_choice_shows_the_average_damage_of_each_aim() -> None:
    assert damage_dice.expected_damage(T, 6, False, "round") == {
        "hull": 1.0,
        "rigging": 0.0,
        "guns": 2.0,
        "crew": 1.0,
    }
    assert damage_dice.expected_damage(T, 6, True, "chain")["rigging"] == 6.0
    assert damage_dice.expected_damage(T, 6, False, "grape")["hull"] == 0.0
