"""Views kept from one decision to the next are the views built anew."""

from __future__ import annotations

import importlib

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.sim.games import replay_game

away_view = importlib.import_module("quarterdeck.rulesets.away_boarders.view")


def test_away_boarders_ship_views_kept_between_decisions_equal_fresh_ones() -> None:
    """Every decision of a whole game: the view with the kept ship views is
    the view built from nothing, for each side and for everything."""
    record = replay_game(scenarios.load("champlain-duel-1776"), 3).record
    game = Game.replay(record, upto=0)
    for seat, answer in record.decisions():
        for viewer in ("british", "american", "*"):
            kept = game.ruleset.view(game.state, viewer)
            away_view._SHIP_VIEWS.clear()
            assert kept == game.ruleset.view(game.state, viewer)
        game.apply(seat, answer)
    assert game.result() is not None


def test_away_boarders_a_changed_ship_is_shown_changed() -> None:
    game = Game.new(scenarios.load("champlain-duel-1776"), seed=1)
    before = game.ruleset.view(game.state, "*")["ships"][0]
    ship = next(iter(game.state.ships.values()))
    ship.hull[0] = 2
    ship.guns[0].loaded = not ship.guns[0].loaded
    after = game.ruleset.view(game.state, "*")["ships"][0]
    assert after["hull"][0] == 2 and before["hull"][0] == 0
    assert after["guns"][0]["loaded"] is not before["guns"][0]["loaded"]
