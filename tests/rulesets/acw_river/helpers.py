"""Shared helpers for the ACW River and Coastal tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from quarterdeck import rulesets
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.scenario import Scenario
from quarterdeck.rulesets.acw_river.ruleset import AcwRiver

SCENARIOS = Path(__file__).parents[3] / "quarterdeck" / "rulesets" / "acw_river" / "scenarios"


@contextmanager
def playable() -> Iterator[AcwRiver]:
    """The rule set registered as playable for the length of a test (it is
    registered unplayable until every scenario passes conformance)."""
    ruleset = AcwRiver(playable=True)
    rulesets.register(ruleset)
    try:
        yield ruleset
    finally:
        rulesets.unregister("acw-river")


def load(name: str) -> Scenario:
    return scenarios.load_file(SCENARIOS / f"{name}.toml")
