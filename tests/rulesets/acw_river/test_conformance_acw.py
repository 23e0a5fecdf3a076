"""Every bundled ACW river scenario passes the generic conformance check,
hidden information included (white dice, dummy minefields, unseen ships,
plotted orders, objective cards)."""

from __future__ import annotations

import pytest

from quarterdeck.core.conformance import conformance

from .helpers import SCENARIOS, load, playable

NAMES = sorted(p.stem for p in SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("name", NAMES)
def test_bundled_scenario_conforms(name: str) -> None:
    with playable():
        scenario = load(name)
        assert conformance("acw-river", scenario, games=3, seed=1) > 0
