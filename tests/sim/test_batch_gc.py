"""The garbage collector's setting for a batch of games (issue 14):
:class:`quarterdeck.sim.games.BatchCollector` sets it for the games and puts
back what it found, and a batch plays the same games as one game at a time."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.sim.games import (
    BATCH_GC_THRESHOLD,
    BatchCollector,
    game_seed,
    play_game,
    play_games,
)


@pytest.fixture
def own_threshold() -> Iterator[tuple[int, int, int]]:
    """A threshold of the test's own, put back after it."""
    before = gc.get_threshold()
    gc.set_threshold(500, 7, 9)
    try:
        yield (500, 7, 9)
    finally:
        gc.set_threshold(*before)


def test_batch_sets_the_collector_and_puts_it_back(own_threshold: tuple[int, int, int]) -> None:
    frozen = gc.get_freeze_count()
    with BatchCollector():
        assert gc.get_threshold() == BATCH_GC_THRESHOLD
        assert gc.get_freeze_count() > frozen  # what was made before is out of the scans
        with BatchCollector():  # a batch within a batch keeps the setting
            assert gc.get_threshold() == BATCH_GC_THRESHOLD
        assert gc.get_threshold() == BATCH_GC_THRESHOLD
    assert gc.get_threshold() == own_threshold
    assert gc.get_freeze_count() == 0


def test_batch_puts_the_collector_back_after_an_error(own_threshold: tuple[int, int, int]) -> None:
    with pytest.raises(RuntimeError), BatchCollector():
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == own_threshold
    assert gc.get_freeze_count() == 0


def test_a_batch_plays_the_games_one_at_a_time_would(own_threshold: tuple[int, int, int]) -> None:
    scenario = scenarios.load("champlain-duel-1776")
    seeds = [(i, game_seed(11, i)) for i in range(4)]
    batch = play_games(scenario, seeds)
    assert gc.get_threshold() == own_threshold
    assert batch == [play_game(scenario, seed, index=index) for index, seed in seeds]


def test_a_batch_leaves_what_the_process_froze_frozen(own_threshold: tuple[int, int, int]) -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with BatchCollector():
            assert gc.get_threshold() == BATCH_GC_THRESHOLD
        assert gc.get_threshold() == own_threshold
        assert gc.get_freeze_count() > 0.9 * frozen  # not thawed (a few freed since)
    finally:
        gc.unfreeze()
