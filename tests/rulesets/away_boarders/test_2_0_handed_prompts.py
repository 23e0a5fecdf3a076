"""The prompts the sequence of play (2.0) hands back after each answer are
the open prompts worked out afresh: the steps that stop at their own prompts
(the crew tasks, 2.3; the fire, 4.2) and those that ask nothing of their
own (rules._RUN_AT_ONCE) are run without them worked out first
(rules.advance), and what they give is checked here against
rules.prompts at every decision of games played as the batch runner plays
them."""

from __future__ import annotations

from collections import Counter

import pytest

from quarterdeck.rulesets.away_boarders import rules
from tests.rulesets.away_boarders.helpers import T, duel
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


def test_the_steps_run_at_once_ask_nothing_but_what_interrupts() -> None:
    """rules.prompts gives nothing at the start of the action segment, the
    drift (3.1), the batteries set out to fire (4.2), the crew tasks set out
    (2.3) and the end of the turn, where nothing interrupts: so advance
    need not work them out before running those steps."""
    state = duel()
    quiet = rules._RUN_AT_ONCE - {"move", "tasks"}
    assert quiet == {"segment", "drift", "fire-setup", "tasks-setup", "end"}
    for phase in quiet:
        state.phase = phase
        assert rules._interrupted(state) is None
        assert rules._step_asks(state)
        assert rules.prompts(state, T) == ()
