"""The opening a batch of Away, Boarders! games plays alike
(quarterdeck.sim.games.Setup.find_opening): the first loads and crew orders
(2.1, 4.1) roll no die and draw on no player's seed, so a batch plays them
once and starts each game from a thawed copy of the state they leave. The
rule set freezes and thaws a state only where the copy is exact; the
computer player says whether it drew on its seed."""

from __future__ import annotations

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets import get_ruleset
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from quarterdeck.rulesets.away_boarders.state import copied_apart
from quarterdeck.sim.games import Setup, game_seed, play_games, play_setup

# each Away scenario, with the decisions its games open with alike: the
# first loads and crew orders of both sides, up to the first move (3.1)
OPENINGS = {
    "champlain-duel-1776": 6,
    "valcour-island-1776": 53,
    "valcour-carleton-1776": 11,
    "split-rock-1776": 10,
    "lake-erie-1813": 20,
    "lake-erie-lawrence-1813": 11,
}


@pytest.mark.parametrize("scenario_id", sorted(OPENINGS))
def test_the_opening_is_the_orders_before_the_first_move(scenario_id: str) -> None:
    """The opening ends where the first move draws on the player's seed (its
    hair's breadth between equal moves), before any die; the state is
    frozen as an exact copy and each thawed copy is one too."""
    setup = Setup(scenarios.load(scenario_id), None)
    setup.find_opening()
    assert setup.opening is not None
    frozen, decisions, prompts, rolls = setup.opening
    assert decisions == OPENINGS[scenario_id] and rolls is None
    assert [p.context["step"] for p in prompts] == ["move"]
    ruleset = setup.ruleset
    one, two = ruleset.thaw(frozen), ruleset.thaw(frozen)
    assert copied_apart(one, frozen) and copied_apart(two, one)
    assert ruleset.prompts(one) == prompts  # what is asked there, as kept


def test_a_batch_plays_each_game_as_it_is_played_alone() -> None:
    """play_games (with the opening) gives each game's row as play_setup of
    a set-up with none, and the same final state."""
    scenario = scenarios.load("champlain-duel-1776")
    seeds = [(i, game_seed(3, i)) for i in range(12)]
    batch = Setup(scenario, None)
    rows = play_games(scenario, seeds, setup=batch)
    assert batch.opening is not None
    plain = Setup(scenario, None)
    ruleset = plain.ruleset
    for (i, s), row in zip(seeds, rows, strict=True):
        alone, state = play_setup(plain, s, i)
        again, thawed = play_setup(batch, s, i)
        assert row == alone == again
        assert ruleset.state_to_json(thawed) == ruleset.state_to_json(state)


def test_the_player_draws_on_its_seed_first_at_a_move() -> None:
    """The computer player makes its randomness when first needed, seeded
    as before: its draws are the seed's."""
    import random

    player = AwayBoardersAI("british", 41)
    assert not player.drew_on_seed()
    assert player.rng.random() == random.Random(41).random()
    assert player.drew_on_seed()


def test_freeze_refuses_a_state_it_cannot_copy_exactly() -> None:
    """A state whose copy would share a list between games (here a list
    among the victory entries, which the state's copy shares) is refused,
    not frozen."""
    setup = Setup(scenarios.load("champlain-duel-1776"), None)
    ruleset = get_ruleset("away-boarders")
    state = ruleset.new_state(setup.scenario, setup.context(1))
    ruleset.freeze(state)  # a plain state: frozen
    state.victory["shared"] = [1, 2]  # a list the state's copy does not copy
    with pytest.raises(TypeError):
        ruleset.freeze(state)
