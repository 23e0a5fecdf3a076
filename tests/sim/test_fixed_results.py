"""Speed changes no outcome: fixed-seed games of every bundled scenario end
exactly as stored (regenerate with `.venv/bin/python -m tests.sim.fixed_results`
when the rules or an AI are changed on purpose)."""

from __future__ import annotations

import json

import pytest

from quarterdeck.core import scenario as scenarios
from tests.sim.fixed_results import PATH, games

STORED = json.loads(PATH.read_text())


def test_every_bundled_scenario_has_stored_results() -> None:
    assert sorted(STORED) == sorted(s.id for s in scenarios.bundled())


@pytest.mark.parametrize("scenario_id", sorted(STORED))
def test_fixed_seed_games_end_as_stored(scenario_id: str) -> None:
    assert games(scenario_id) == STORED[scenario_id]
