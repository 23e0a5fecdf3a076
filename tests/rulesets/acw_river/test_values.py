"""Definitions: SPV, penetration value and CPV computed from the ship facts."""

from __future__ import annotations

import pytest

from quarterdeck.core.errors import ScenarioError
from quarterdeck.data.ships import all_ships, ship
from quarterdeck.rulesets.acw_river.tables import printed_tables
from quarterdeck.rulesets.acw_river.values import (
    allot,
    build_guns,
    penetration_value,
    ship_values,
    spv_of,
)

T = printed_tables()

# the sixteen vessels the issue names, and the others the scenarios field
ACW_RIVER_SHIPS = [
    "manassas",
    "arkansas",
    "tennessee",
    "virginia",
    "gaines",
    "huntsville",
    "monitor",
    "carondelet",
    "cincinnati",
    "chickasaw",
    "hartford",
    "tecumseh",
    "brooklyn",
    "marmora",
    "beaufort",
    "sidney_c_jones",
    "metacomet",
    "selma",
    "general_bragg",
    "cumberland",
    "congress",
    "minnesota",
]


def test_definitions_spv_is_the_tonnage_over_ten_1300_tons_is_130() -> None:
    assert spv_of(1300, T) == 130


def test_definitions_the_chickasaw_1300_ton_displacement_gives_130_spv() -> None:
    assert ship_values(ship("chickasaw"), T).spv == 130


def test_definitions_css_manassas_387_tons_39_spv_penetration_20_36_men_4_cpv() -> None:
    v = ship_values(ship("manassas"), T)
    assert (v.tons, v.spv, v.pv) == (387, 39, 20)
    assert (v.complement, v.cpv) == (36, 4)
    # a Confederate ironclad below 60 SPV: tinclads' row, a half lost
    assert v.penetration_class == "light"


@pytest.mark.parametrize(
    ("cls", "printed"),
    [("small", 84), ("wooden", 67), ("light", 50), ("heavy", 34)],
)
def test_penetration_value_the_printed_column_for_a_100_spv_ship(cls: str, printed: int) -> None:
    assert penetration_value(100, cls, T) == printed
    assert T.penetration[cls].example == printed


def test_penetration_value_double_monitors_keep_a_sixth_rounded_up() -> None:
    # the column prints 16 for 100 SPV; every other row rounds up, which
    # gives 17 (docs/rules-notes.md, ACW River and Coastal)
    assert T.penetration["super"].example == 16
    assert penetration_value(100, "super", T) == 17


def test_crew_points_css_huntsville_cpv_14_six_guns_engine_boiler_captain_five_spare() -> None:
    facts = ship("huntsville")
    v = ship_values(facts, T)
    assert v.cpv == 14
    guns, _ = build_guns(facts)
    crew = allot(v.cpv, guns, True, T)
    assert all(g.crewed for g in guns) and len(guns) == 6
    assert (crew.engine, crew.boiler, crew.captain, crew.reserve) == (1, 1, 1, 5)


def test_crew_points_manassas_has_no_reserve_after_her_gun_engine_boiler_captain() -> None:
    facts = ship("manassas")
    guns, _ = build_guns(facts)
    crew = allot(4, guns, True, T)
    assert guns[0].crewed
    assert (crew.engine, crew.boiler, crew.captain, crew.reserve) == (1, 1, 1, 0)


def test_crew_points_guns_cannot_fire_without_an_allotted_cpv() -> None:
    guns, _ = build_guns(ship("hartford"))
    crew = allot(10, guns, True, T)  # 3 for E, B, C leaves 7 of 24 guns
    assert sum(g.crewed for g in guns) == 7
    assert crew.reserve == 0


@pytest.mark.parametrize(
    ("key", "radius"),
    [
        ("marmora", 5.0),  # Union stern wheel gunboat
        ("hartford", 5.0),  # Union wooden screw
        ("monitor", 7.0),  # Union monitor
        ("carondelet", 7.0),  # centre wheel armour clad gunboat
        ("arkansas", 9.0),  # Confederate ironclad
        ("chickasaw", 9.0),  # double turret monitor
        ("minnesota", 9.0),  # frigate
        ("gaines", 5.0),  # side wheel steamboat: any radius
        ("beaufort", 5.0),  # tug
    ],
)
def test_turning_ships_radius_by_class(key: str, radius: float) -> None:
    assert ship_values(ship(key), T).turning == radius


def test_reverse_moves_a_third_of_forward_speed_unless_a_double_ender() -> None:
    assert ship_values(ship("hartford"), T).reverse_max == 3  # 11 knots
    metacomet = ship_values(ship("metacomet"), T)
    assert metacomet.reverse_max == metacomet.max_speed == 11


@pytest.mark.parametrize("key", ACW_RIVER_SHIPS)
def test_ship_facts_every_river_vessel_has_its_values_and_guns(key: str) -> None:
    facts = all_ships()[key]
    assert facts.source
    v = ship_values(facts, T)
    assert v.spv > 0 and 0 < v.pv <= v.spv and v.cpv > 0
    assert sum(g.count for g in facts.guns) == facts.guns_carried
    for g in facts.guns:
        assert g.type in T.gunfire.guns, g.type


def test_ship_facts_a_vessel_without_a_hull_kind_is_refused_with_the_legal_values() -> None:
    with pytest.raises(ScenarioError, match=r"field .hull. is None; legal values: .*monitor"):
        ship_values(ship("iron_city"), T)
