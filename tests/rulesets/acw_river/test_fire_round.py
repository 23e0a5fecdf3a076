"""The fire round's shots worked out once (orders.round_shots_at): the fire
itself takes the shots the side judged where its judgement is the truth
(orders._judged_true), checked against shots_at as the truth has them."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets.acw_river import orders
from quarterdeck.rulesets.acw_river.firing import shots_at
from quarterdeck.sim.runner import simulate


@pytest.mark.parametrize(
    "scenario", ["mobile-bay-torpedoes-1864", "forts-jackson-st-philip-1862", "random-estuary"]
)
def test_the_fire_takes_the_judged_shots_only_where_they_are_the_truth(
    scenario: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = orders.round_shots_at
    seen = {"judged": 0}

    def checked(state: Any, unit: Any, enemy: Any, t: Any, truth: bool = False) -> list[Any]:
        found = plain(state, unit, enemy, t, truth)
        if truth:
            assert found == shots_at(state, unit, enemy, t)
            if orders._round_memo(state) is not None and orders._judged_true(
                state, unit.side, enemy
            ):
                seen["judged"] += 1
        return found

    monkeypatch.setattr(orders, "round_shots_at", checked)
    simulate(scenarios.load(scenario), 6, seed=11, workers=1)
    assert seen["judged"] > 0
