"""Scenario files are refused with a message that names the field and the
legal values (scenario model; game master seat)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.errors import ScenarioError, TableError


def duel() -> dict[str, Any]:
    return copy.deepcopy(scenarios.load("iron-city-duel").data)


def test_unknown_roster_names_the_legal_cards() -> None:
    data = duel()
    data["ships"][0]["roster"] = "monitor"
    with pytest.raises(ScenarioError, match=r"roster.*iron_city"):
        scenarios.build(data, "test.toml")


def test_ship_side_must_be_a_fighting_side() -> None:
    data = duel()
    data["ships"][0]["side"] = "british"
    with pytest.raises(ScenarioError, match="legal values: union, confederate"):
        scenarios.build(data, "test.toml")


def test_two_fighting_sides_and_an_optional_gm() -> None:
    data = duel()
    data["sides"].append({"name": "gm", "title": "Game master", "role": "umpire"})
    scen = scenarios.build(data, "test.toml")
    assert scen.side_names == ["union", "confederate", "gm"]
    data["sides"].append({"name": "british", "title": "Royal Navy"})
    with pytest.raises(ScenarioError, match="two fighting sides"):
        scenarios.build(data, "test.toml")


def test_a_party_must_be_a_defined_troop_unit() -> None:
    data = duel()
    data["ships"][0]["party"] = "marines"
    with pytest.raises(ScenarioError, match="marines"):
        scenarios.build(data, "test.toml")


def test_bad_house_rules_are_refused_before_play() -> None:
    data = duel()
    data["house_rules"] = {"fire": {"hit_on": "four"}}
    with pytest.raises(TableError, match="hit_on"):
        scenarios.build(data, "test.toml")
