"""The opening a batch's games play alike (quarterdeck.sim.games.Setup.find_opening):
kept only where the rule set can freeze and thaw a state and every player says
whether it drew on its seed, and only up to the first die rolled."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.sim.games import Setup, game_seed, play_games, play_setup

# one scenario of each rule set that gives no freeze/thaw, or whose players
# do not say whether they drew on their seed
OTHERS = ["iron-city-duel", "mobile-bay-torpedoes-1864", "sample-game"]


@pytest.mark.parametrize("scenario_id", OTHERS)
def test_no_opening_is_kept_where_the_rule_set_or_its_players_cannot_say(
    scenario_id: str,
) -> None:
    setup = Setup(scenarios.load(scenario_id), None)
    setup.find_opening()
    assert setup.opening is None


def test_the_opening_ends_before_the_first_roll() -> None:
    """The frozen state is the one before the step that rolls the first die,
    and the answer kept for that step is the one its seat's player gives
    there: applying it on dice that count the rolls rolls at once."""
    from quarterdeck.core.dice import RandomDice
    from quarterdeck.core.engine import Context

    scenario = scenarios.load("shannon-chesapeake-1813")
    setup = Setup(scenario, None)
    setup.find_opening()
    assert setup.opening is not None
    frozen, decisions, prompts, rolls = setup.opening
    assert rolls is not None
    ruleset = setup.ruleset
    counted: list[Any] = []

    class Counted(RandomDice):
        def roll(self, request: Any) -> tuple[int, ...]:
            counted.append(request)
            return super().roll(request)

    state = ruleset.thaw(frozen)
    prompt = prompts[0]
    assert (rolls[0], rolls[2]) == (prompt.seat, prompt)
    view = ruleset.view(state, prompt.seat)
    view["seat"] = prompt.seat
    for seed in (5, 6):
        assert setup.players(seed)[prompt.seat].decide(view, prompt) == rolls[1]
    ctx = Context(Counted(5))
    ctx.acting, ctx.prompt = prompt.seat, prompt
    ruleset.apply(state, prompt.seat, rolls[1], ctx)
    assert counted  # the step rolls: nothing that rolls was kept
    assert decisions == 3


def test_a_batch_plays_each_game_as_it_is_played_alone() -> None:
    """play_games (with the opening) gives each game's row as play_setup of
    a set-up with none."""
    scenario = scenarios.load("speedy-el-gamo-1801")
    seeds = [(i, game_seed(3, i)) for i in range(30)]
    plain = Setup(scenario, None)
    assert play_games(scenario, seeds) == [play_setup(plain, s, i)[0] for i, s in seeds]


def test_a_run_looks_for_its_opening_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate's chunks share the run's Setup: the opening is looked for
    once a run, not once a chunk, and the run's games are the same."""
    from quarterdeck.sim import games
    from quarterdeck.sim.runner import simulate

    scenario = scenarios.load("shannon-chesapeake-1813")
    before = simulate(scenario, 64, seed=3, workers=1).to_json()
    searches: list[Setup] = []
    plain = games.Setup.find_opening

    def counted(self: Setup) -> None:
        searches.append(self)
        plain(self)

    monkeypatch.setattr(games.Setup, "find_opening", counted)
    after = simulate(scenario, 64, seed=3, workers=1).to_json()
    assert len(searches) == 1  # 8 chunks of 8 games
    for key in ("results", "how", "turns_by_result", "losses", "mean_decisions"):
        assert after[key] == before[key]


def test_a_ray_workers_chunks_share_one_setup_and_play_as_the_local_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Ray backend's task (run as plain Python here): a worker's chunks
    of the same scenario and players share one Setup, whose opening is looked
    for once, and give the local chunks' rows; other players get their own."""
    from quarterdeck.sim import ray_backend
    from quarterdeck.sim.runner import play_chunk

    monkeypatch.setattr(ray_backend, "_SETUPS", {})
    searched: list[Setup] = []
    plain_search = Setup.find_opening

    def counted(self: Setup) -> None:
        searched.append(self)
        plain_search(self)

    monkeypatch.setattr(Setup, "find_opening", counted)
    scenario = scenarios.load("shannon-chesapeake-1813")
    rows = [
        ray_backend.run_chunk("k", scenario.data, scenario.path, None, (3, start, start + 10))
        for start in (0, 10)
    ]
    assert len(searched) == 1 and len(ray_backend._SETUPS) == 1
    local = Setup(scenario, None)
    assert rows == [play_chunk(scenario, None, (3, s, s + 10), local) for s in (0, 10)]
    searched.clear()
    ray_backend.run_chunk("k", scenario.data, scenario.path, {"british": "random"}, (3, 0, 10))
    assert len(searched) == 1 and len(ray_backend._SETUPS) == 2


def test_a_run_of_enough_games_in_small_chunks_looks_for_its_opening() -> None:
    """A run's Setup knows how many games the run plays: twenty games handed
    out in chunks of two (simulate's size for one worker) look for the
    opening in the first chunk, locally, in a pool worker and on Ray, and
    play the same games; a Setup that does not know its run, handed a chunk
    smaller than OPENING_GAMES, does not look."""
    from quarterdeck.sim import ray_backend, runner
    from quarterdeck.sim.games import OPENING_GAMES

    scenario = scenarios.load("shannon-chesapeake-1813")
    assert runner.chunk_size(20, 1) == 2 < OPENING_GAMES
    unknown, run = Setup(scenario, None), Setup(scenario, None, 20)
    alone = runner.play_chunk(scenario, None, (3, 0, 2), unknown)
    assert not unknown.searched
    assert runner.play_chunk(scenario, None, (3, 0, 2), run) == alone
    assert run.searched and run.opening is not None
    # a pool worker's Setup, and a Ray worker's, are told the run's games
    runner._init_worker(scenario.data, scenario.path, None, 20)
    assert runner._play_chunk((3, 0, 2)) == alone
    assert runner._WORKER["setup"].opening is not None
    ray_backend._SETUPS.clear()
    assert ray_backend.run_chunk("k", scenario.data, scenario.path, None, (3, 0, 2), 20) == alone
    assert next(iter(ray_backend._SETUPS.values())).opening is not None
    # a long-lived Ray worker: its Setup made in a short run, a longer run looks
    ray_backend._SETUPS.clear()
    ray_backend.run_chunk("k", scenario.data, scenario.path, None, (3, 0, 2), 2)
    assert not next(iter(ray_backend._SETUPS.values())).searched
    assert ray_backend.run_chunk("k", scenario.data, scenario.path, None, (3, 0, 2), 20) == alone
    assert next(iter(ray_backend._SETUPS.values())).opening is not None
    ray_backend._SETUPS.clear()
