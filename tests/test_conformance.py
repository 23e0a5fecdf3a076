"""Every playable rule set passes the generic conformance check on every
bundled scenario: random games end, replay exactly, refuse illegal answers
without change, and never show a seat another seat's secret orders."""

from __future__ import annotations

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.conformance import conformance
from quarterdeck.rulesets import playable_ids

CASES = [(s.ruleset, s.id) for s in scenarios.bundled() if s.ruleset in playable_ids()]

# Big battles (every vessel of both fleets): fewer games, cut to their first
# turns, so that the whole check stays quick; (games, turns).
BIG = {
    "valcour-island-1776": (1, 2),
    "lake-erie-1813": (2, 3),
    "hermione-puerto-cabello-1799": (4, 10),
    "chevrette-camaret-1801": (2, 6),
    # ACW river: every ship plots, fires and is hidden or seen each move
    "arkansas-vicksburg-1862": (3, 5),
    "hampton-roads-1862": (2, 4),
    "mobile-bay-torpedoes-1864": (2, 4),
    "forts-jackson-st-philip-1862": (2, 4),
    "random-river": (2, 3),
    "random-estuary": (2, 3),
}


@pytest.mark.parametrize(("ruleset_id", "scenario_id"), CASES)
def test_random_games_conform(ruleset_id: str, scenario_id: str) -> None:
    scenario = scenarios.load(scenario_id)
    games = 12
    if scenario_id in BIG:
        games, turns = BIG[scenario_id]
        scenario = scenarios.build({**scenario.data, "turn_limit": turns}, scenario_id)
    decisions = conformance(ruleset_id, scenario, games=games, seed=1)
    assert decisions > 0


def test_every_playable_ruleset_has_a_scenario() -> None:
    assert set(playable_ids()) <= {r for r, _ in CASES}


UMPIRED = sorted({ruleset: sid for ruleset, sid in reversed(CASES)}.items())


@pytest.mark.parametrize(("ruleset_id", "scenario_id"), UMPIRED)
def test_random_games_conform_with_an_umpire_seat(ruleset_id: str, scenario_id: str) -> None:
    """Any scenario may be given an umpire seat; the rule set plays on as
    before, and the umpire sees everything while the sides see no more."""
    scenario = scenarios.load(scenario_id).with_umpire()
    assert scenario.umpire is not None
    games = 4
    if scenario_id in BIG:
        games, turns = BIG[scenario_id]
        scenario = scenarios.build({**scenario.data, "turn_limit": turns}, scenario_id)
    assert conformance(ruleset_id, scenario, games=games, seed=3) > 0
