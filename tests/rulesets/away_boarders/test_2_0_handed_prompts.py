"""The prompts the sequence of play (2.0) hands back after each answer are
the open prompts worked out afresh: the steps that stop at their own prompts
(the crew tasks, 2.3; the fire, 4.2) are run without them worked out first
(rules.advance), and what they give is checked here against
rules.prompts at every decision of games played as the batch runner plays
them."""

from __future__ import annotations

from collections import Counter

import pytest

from quarterdeck.rulesets.away_boarders import rules
from tests.sim.ai_games import ai_decisions


@pytest.mark.parametrize(
    ("scenario_id", "seed"), [("champlain-duel-1776", 3), ("valcour-carleton-1776", 5)]
)
def test_the_prompts_handed_back_are_the_open_prompts(scenario_id: str, seed: int) -> None:
    steps: Counter[str] = Counter()
    for d in ai_decisions(scenario_id, seed):
        t = d.ruleset.tables(d.state)
        assert d.prompts == rules.prompts(d.state, t)
        if d.prompts:
            steps[str(d.prompts[0].context["step"])] += 1
    assert d.ruleset.result(d.state) is not None
    # the fire (4.2, 4.3) and the crew tasks (2.3) were asked
    assert steps["fire"] and steps["aim"] and steps["load"]
