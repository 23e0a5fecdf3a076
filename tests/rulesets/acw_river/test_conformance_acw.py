"""Every bundled scenario plays to its end: random players and the AI, full
length (tests/test_conformance.py runs the whole hidden-information check on
their first moves)."""

from __future__ import annotations

import pytest

from quarterdeck.core.conformance import play_random_game

from .helpers import SCENARIOS, load

NAMES = sorted(p.stem for p in SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("name", NAMES)
def test_bundled_scenario_plays_to_its_end(name: str) -> None:
    scenario = load(name)
    game = play_random_game(scenario, 11, {scenario.side_names[0]: "ai"})
    result = game.result()
    assert result is not None and result.turn <= scenario.header.turn_limit


@pytest.mark.parametrize("name", NAMES)
def test_bundled_scenario_ids_are_not_shadowed_by_another_rule_sets(name: str) -> None:
    from quarterdeck.core import scenario as scenarios

    assert scenarios.load(name).ruleset == "acw-river"


@pytest.mark.parametrize("name", NAMES)
def test_bundled_scenario_a_fleet_commander_is_not_also_a_ships_captain(name: str) -> None:
    # Determine Fleet commander and Captains qualities: each officer throws
    # his four dice once; a man named as both would be rolled twice
    scenario = load(name)
    commanders = {f["commander"] for f in scenario.data["fleets"].values()}
    captains = {s.get("captain", "") for s in scenario.data["ships"]}
    assert not commanders & captains


@pytest.mark.parametrize("name", NAMES)
def test_bundled_scenario_a_fort_stands_on_land_not_in_the_water(name: str) -> None:
    # Forts and Buildings: a fort is ashore; ships cannot steam through it
    from shapely.geometry import Polygon

    from quarterdeck.core.engine import Game
    from quarterdeck.rulesets.acw_river.terrain import geometry, rect

    from .helpers import playable

    with playable():
        state = Game.new(load(name), seed=1).state
    land = geometry(state).land
    for fort in state.forts.values():
        ground = Polygon(rect(fort.x, fort.y, fort.w, fort.h))
        assert land is not None and ground.difference(land).area < 1e-6, fort.name
