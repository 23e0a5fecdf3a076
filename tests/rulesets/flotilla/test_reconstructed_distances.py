"""The distances the text needs but does not print (model length, grapple
reach and roll, ram reach, torpedo radius, landing and melee reach) are
table values marked reconstructed, and a user's tables file changes them
(docs/rules-notes.md, Flotilla; Firing; Torpedoes; Boarding Actions)."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.errors import TableError
from quarterdeck.rulesets.flotilla import fire, make_ship, rules
from quarterdeck.rulesets.flotilla.state import ShipSpec
from quarterdeck.rulesets.flotilla.tables import PRINTED, rosters, tables_with

from .helpers import Dice, T, ship, state


def test_every_reconstructed_distance_is_marked_in_tables_toml() -> None:
    with PRINTED.open("rb") as fh:
        data = tomllib.load(fh)
    for table in ("contact", "mine", "reach", "model_length"):
        assert data[table]["reconstructed"] is True, table
    assert data["model_length"]["iron_city"] == 8.0
    assert data["contact"]["grapple_on"] == 4 and data["contact"]["grapple"] == 1.0
    assert data["contact"]["ram"] == 1.0 and data["mine"]["radius"] == 1.0


def test_model_length_comes_from_the_tables_and_a_house_rule_changes_it() -> None:
    house = tables_with({"model_length": {"iron_city": 5.0}})
    a = ship("sel", "selma", "confederate", x=20, y=10, speed=6)
    b = ship("ic", x=10, y=10, speed=6)
    assert b.length == 8.0
    assert fire.need_against_ship(state([a, b]), T, a, b)[0] == 4
    spec = ShipSpec(id="ic", roster="iron_city", side="union", x=10, y=10, speed=6)
    small = make_ship(spec, rosters()["iron_city"], house)
    assert small.length == 5.0
    assert fire.need_against_ship(state([a, small]), house, a, small)[0] == 6


def test_the_mine_radius_is_a_table_value() -> None:
    a = ship("ic", x=10, y=10, heading=0, speed=6)
    st = state([a])
    st.torpedoes = [(12.0, 13.0)]  # 2 inches off her path
    rules.check_torpedoes(st, T, Dice([]).ctx, a, (10, 10), (10, 16))
    assert st.torpedoes == [(12.0, 13.0)]
    wide = tables_with({"mine": {"radius": 2.5}})
    d = Dice([[3, 3]])  # struck: 6 is a dud, removed
    rules.check_torpedoes(st, wide, d.ctx, a, (10, 10), (10, 16))
    assert st.torpedoes == [] and d.left == 0


def test_grapple_reach_and_roll_are_table_values() -> None:
    a = ship("sel", "selma", "confederate", x=10, y=10, heading=0, speed=6)
    b = ship("ic", x=11.8, y=10, heading=0, speed=6)
    st = state([a, b])
    assert not any(o.id == "grapple:ic" for o in rules.close_options(st, T, a))
    long_arms = tables_with({"contact": {"grapple": 2.0, "grapple_on": 6}})
    assert any(o.id == "grapple:ic" for o in rules.close_options(st, long_arms, a))
    d = Dice([5])  # a 5 grapples at 4+, not at the house rule's 6+
    rules.resolve_close(st, long_arms, d.ctx, a, "grapple:ic")
    assert a.grappled is None


def duel() -> dict[str, Any]:
    return copy.deepcopy(scenarios.load("iron-city-duel").data)


def test_a_bad_model_length_is_refused_before_play() -> None:
    data = duel()
    data["house_rules"] = {"model_length": {"selma": -1}}
    with pytest.raises(TableError, match=r"model_length\.selma"):
        scenarios.build(data, "test.toml")
