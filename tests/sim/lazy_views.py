"""A check shared by the rule sets' lazy-view tests (issue 14): the computer
player's lazy view (`player_view`) is the seat's plain view."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.core.lazyview import LazyView
from quarterdeck.sim.games import replay_game


def assert_lazy_view_is_plain(
    scenario: str, seed: int, viewers: Callable[[Any], Sequence[str | None]], every: int
) -> None:
    """Every decision of the game of ``scenario`` played with ``seed``, for
    each of ``viewers(state)``: each part of the lazy view and (every
    ``every`` decisions) each entry of each ship's view, read alone, is that
    of the plain view, and the whole of it is the plain view (its ships'
    entries in the same order)."""
    record = replay_game(scenarios.load(scenario), seed).record
    game = Game.replay(record, upto=0)
    for n, (seat, answer) in enumerate(record.decisions()):
        for viewer in viewers(game.state):
            plain = game.ruleset.view(game.state, viewer)
            lazy = game.ruleset.player_view(game.state, viewer)  # type: ignore[attr-defined]
            assert isinstance(lazy, LazyView)
            for part in plain:
                if part != "ships":
                    assert lazy[part] == plain[part], (part, viewer)
            if n % every == 0 and plain["ships"]:  # entry by entry, each read first
                for key in plain["ships"][0]:
                    lazy = game.ruleset.player_view(game.state, viewer)  # type: ignore[attr-defined]
                    for mine, theirs in zip(lazy["ships"], plain["ships"], strict=True):
                        assert mine[key] == theirs[key] and mine.get(key) == theirs[key]
                        assert key in mine and "nothing" not in mine
            lazy = game.ruleset.player_view(game.state, viewer)  # type: ignore[attr-defined]
            ships = lazy["ships"]
            assert [len(s) for s in ships] == [len(s) for s in plain["ships"]]
            assert lazy == plain and dict(lazy) == plain
            assert [list(s) for s in ships] == [list(s) for s in plain["ships"]]
            assert json.dumps(ships) == json.dumps(plain["ships"])
        game.apply(seat, answer)
    assert game.result() is not None
