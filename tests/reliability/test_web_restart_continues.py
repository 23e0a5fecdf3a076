"""A web server killed in the middle of a game and started again goes on with
the game exactly as it would have gone without the restart (issue 13: "restart
any server ... no game is ... changed"; point 2 for the web table).

The web rolls the computer's secret rolls from the game's private salt, the
rest from its seed. After a restart the open dice were advanced past every
recorded roll, the salted ones included, and the salted dice began a fresh
stream: the next roll differed from the one the uninterrupted server made.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.store import Store
from quarterdeck.web.games import Games


def _play_out(games: Games, game_id: str) -> None:
    live = games.get(game_id)
    while games.play_computer(live, 5):
        live = games.get(game_id)


@pytest.mark.parametrize(
    ("scenario", "cut"),
    [
        ("sample-game", 0.3),  # the raiders' boats roll in secret until spotted
        ("sample-game", 0.7),
        ("arkansas-vicksburg-1862", 0.5),  # moves plotted in secret
        ("shannon-chesapeake-1813", 0.5),  # no secret rolls at all
    ],
)
def test_a_restarted_server_plays_a_computer_game_on_as_the_uninterrupted_one(
    tmp_path: Path, scenario: str, cut: float
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    first = Games(store)
    found = scenarios.load(scenario)
    live = first.create(found, {s: "ai" for s in found.side_names}, seed=7, run_ai=False)
    _play_out(first, live.id)
    whole, row = store.load(live.id)
    assert row.status == "finished"

    # the server was killed after entry `at` was stored: the rest never was
    at = int(cut * len(whole.entries))
    store.truncate(live.id, at)
    store.set_status(live.id, "playing")
    restarted = Games(store)  # a new process: nothing cached
    _play_out(restarted, live.id)
    again, row = store.load(live.id)
    assert row.status == "finished"
    assert again.entries == whole.entries
