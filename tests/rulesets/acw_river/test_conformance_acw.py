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
