"""The prompts the sequence of play (2.0) hands back after each answer are
the open prompts worked out afresh: the steps that stop at their own prompts
(the crew tasks, 2.3; the fire, 4.2) are run without them worked out first
(rules.advance), and what they give is checked here against
rules.prompts at every decision of games played as the batch runner plays
them."""

from __future__ import annotations

from collections import Counter

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets import get_ruleset
from quarterdeck.rulesets.away_boarders import rules
from quarterdeck.sim.games import _context, players_for


@pytest.mark.parametrize(
    ("scenario_id", "seed"), [("champlain-duel-1776", 3), ("valcour-carleton-1776", 5)]
)
def test_the_prompts_handed_back_are_the_open_prompts(scenario_id: str, seed: int) -> None:
    scenario = scenarios.load(scenario_id)
    ruleset = get_ruleset(scenario.ruleset)
    ctx = _context(scenario, seed)
    state = ruleset.new_state(scenario, ctx)
    players = players_for(scenario, seed, None)
    t = ruleset.tables(state)
    steps: Counter[str] = Counter()
    handed = ruleset.prompts(state)
    while handed:
        assert handed == rules.prompts(state, t)
        prompt = handed[0]
        steps[str(prompt.context["step"])] += 1
        view = ruleset.player_view(state, prompt.seat)
        view["seat"] = prompt.seat
        answer = prompt.check(players[prompt.seat].decide(view, prompt))
        ctx.acting, ctx.prompt = prompt.seat, prompt
        handed = ruleset.apply(state, prompt.seat, answer, ctx)
    assert ruleset.result(state) is not None
    assert rules.prompts(state, t) == ()
    # the fire (4.2, 4.3) and the crew tasks (2.3) were asked
    assert steps["fire"] and steps["aim"] and steps["load"]
