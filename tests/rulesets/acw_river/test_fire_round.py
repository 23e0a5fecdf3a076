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


def test_the_arc_sums_written_out_are_the_plain_ones() -> None:
    """firing._keel_bearings and _any_within against relative_bearing and
    _within, over poses round the compass (and on the firer's own spot)."""
    import random

    from quarterdeck.rulesets.acw_river import firing

    from .helpers import position, ship

    state = position(
        [
            ship("monitor", "monitor", "union", 20.0, 30.0, 0.0),
            ship("arkansas", "arkansas", "confederate", 30.0, 30.0, 0.0),
        ]
    )
    firer, target = state.ships["monitor"], state.ships["arkansas"]
    rng = random.Random(5)
    headings = [0.0, 90.0, 180.0, 270.0, 359.9999999, -0.0, 1e-12, 720.5, -45.0]
    for n in range(400):
        firer.heading = headings[n] if n < len(headings) else rng.uniform(-400.0, 400.0)
        target.x, target.y = (
            (20.0, 30.0) if n % 50 == 0 else (rng.uniform(0, 40), rng.uniform(10, 50))
        )
        target.heading = rng.uniform(0, 360)
        plain = [firing.relative_bearing(firer, p) for p in firing.target_points(target)]
        rels = firing._keel_bearings(firer, target)
        assert rels == plain
        for centre in (0.0, 90.0, 180.0, -90.0):
            for half in (10.0, 45.0, 75.0):
                arcs = ((centre, half),)
                assert firing._any_within(rels, arcs) == any(
                    firing._within(r, centre, half) for r in plain
                )
