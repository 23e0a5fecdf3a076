"""The gun-dice rule set's kept work (issue 14) checked against the plain
definitions it stands for: the same answers, whichever way they are found."""

from __future__ import annotations

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context
from quarterdeck.rulesets import get_ruleset
from quarterdeck.rulesets.gundice_boarding import rules
from tests.rulesets.gundice_boarding.conftest import duel

SCENARIOS = [
    "shannon-chesapeake-1813",
    "speedy-el-gamo-1801",
    "cape-st-vincent-1797",
    "serapis-bonhomme-richard-1779",
]


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_opening_questions_kept_for_a_scenario_are_the_plain_ones(scenario_id: str) -> None:
    """new_state keeps who is asked what first for a scenario's next games:
    each game's first prompts are pending() and prompts() of its own state."""
    scenario = scenarios.load(scenario_id)
    ruleset = get_ruleset("gundice-boarding")
    for seed in (1, 2, 3):  # the first game works them out, the next ones reuse them
        state = ruleset.new_state(scenario, Context(RandomDice(seed)))
        tables = ruleset.tables(state)
        assert ruleset.prompts(state) == rules.prompts(state, tables)
        assert ruleset._after is not None
        assert ruleset._after[1] == rules.pending(state, tables)


def test_an_opening_that_runs_rules_first_is_not_kept() -> None:
    """Heavy seas end the game before anyone is asked: nothing is kept, and
    every game runs its opening rules."""
    scenario = duel(sea="heavy")
    ruleset = get_ruleset("gundice-boarding")
    for seed in (1, 2):
        state = ruleset.new_state(scenario, Context(RandomDice(seed)))
        assert state.result is not None
        assert ruleset.prompts(state) == ()
    assert ruleset._first is None or ruleset._first[0] is not scenario


@pytest.mark.parametrize("scenario_id", SCENARIOS[:2])
def test_a_result_read_again_is_the_plain_one(scenario_id: str) -> None:
    """result() hands back a result read before from the same words: it
    equals Result.from_json of the state's own result."""
    from quarterdeck.core.result import Result
    from quarterdeck.sim.games import play_state

    scenario = scenarios.load(scenario_id)
    ruleset = get_ruleset("gundice-boarding")
    for seed in range(20):
        _, state = play_state(scenario, seed)
        assert state.result is not None
        assert ruleset.result(state) == Result.from_json(state.result)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_prompts_handed_back_by_apply_are_the_plain_ones(scenario_id: str) -> None:
    """apply hands back the prompts it stopped at, keeping those still open
    and the declaring ships' targets the rules found on the way: at every
    step of AI games they are prompts() worked out afresh from the state."""
    from quarterdeck.sim.games import Setup

    scenario = scenarios.load(scenario_id)
    setup = Setup(scenario, None)
    ruleset = setup.ruleset
    for seed in range(6):
        ctx = setup.context(seed)
        state = ruleset.new_state(scenario, ctx)
        players = setup.players(seed)
        open_prompts = ruleset.prompts(state)
        for _ in range(500):
            tables = ruleset.tables(state)
            assert open_prompts == rules.prompts(state, tables)
            if not open_prompts:
                break
            prompt = open_prompts[0]
            view = ruleset.view(state, prompt.seat)
            answer = prompt.check(players[prompt.seat].decide(view, prompt))
            ctx.acting, ctx.prompt = prompt.seat, prompt
            open_prompts = ruleset.apply(state, prompt.seat, answer, ctx)
        assert state.result is not None


def test_the_ai_fights_on_unweighed_only_where_calling_off_cannot_win() -> None:
    """The AI fights on without weighing a fresh attack in full where the
    capture chance now is within 0.05 of certainty, or of the fresh
    attack's own capture chance (GunDiceAI._fight_on): the fresh attack's
    worth, the chance that an attempt gets across within the turns left
    (``again``) times the capture chance then (``fresh``), never passes
    1.0 nor ``fresh``, so the plain comparison (call off where it beats the
    chance now by 0.05) could never have called off there."""
    from quarterdeck.odds.gundice import attempt_odds, capture_chance

    starts = [float(p) for p in attempt_odds(10).values()] + [0.0, 1.0]
    fresh = [capture_chance(a, d) for a in range(1, 9) for d in range(1, 9)] + [0.0, 1.0]
    for start in starts:
        for turns_left in range(1, 30):
            again = 1 - (1 - start) ** turns_left
            assert 0.0 <= again <= 1.0
            assert all(again * f <= f <= 1.0 for f in fresh)
    # and the shortcuts are taken: 3 dice against 1 is within 0.05 of
    # certainty; 2 fresh dice against 3 do no better than 3 against 3 now
    assert capture_chance(3, 1) + 0.05 >= 1.0
    assert capture_chance(2, 3) <= capture_chance(3, 3) + 0.05
