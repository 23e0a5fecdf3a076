"""Bundled scenarios play end to end through the engine; the terminal shows
each ship's card; the game master seat is asked first when present."""

from __future__ import annotations

import json

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game, play_out
from quarterdeck.players import make_player
from quarterdeck.rulesets.flotilla import RULESET

IDS = [
    "iron-city-duel",
    "arkansas-yazoo-1862",
    "mobile-bay-1864",
    "yazoo-landing",
    "forts-jackson-1862",
]


def test_bundled_scenarios() -> None:
    ids = {s.id for s in scenarios.bundled() if s.ruleset == "flotilla"}
    assert set(IDS) <= ids


def test_one_scenario_has_a_land_battery_and_a_shore_party() -> None:
    data = scenarios.load("mobile-bay-1864").data
    assert data["batteries"] and any(s.get("party") for s in data["ships"])


@pytest.mark.parametrize("scenario_id", ["iron-city-duel", "yazoo-landing"])
def test_ai_against_ai_plays_to_a_result(scenario_id: str) -> None:
    scen = scenarios.load(scenario_id)
    game = Game.new(scen, seed=3)
    players = {s: make_player("ai", "flotilla", s, 3) for s in scen.side_names}
    result = play_out(game, players)
    assert result.turn <= scen.header.turn_limit
    again = Game.replay(game.record)
    assert json.dumps(again.state.to_json(), sort_keys=True) == json.dumps(
        game.state.to_json(), sort_keys=True
    )


def test_initiative_then_the_winner_chooses_side_a() -> None:
    scen = scenarios.load("iron-city-duel")
    game = Game.new(scen, dice=ScriptedDice([6, 2], then=RandomDice(1)))
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == "union"
    assert prompt.option_ids() == ["first", "second"]
    game.apply("union", "first")
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "power"
    assert prompt.context["ship"] == "iron-city"


def test_gm_seat_sets_visibility_first() -> None:
    game = Game.new(scenarios.load("yazoo-landing"), seed=1)
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == "gm"
    for answer in ("day", "fog", "none", "unchanged"):
        game.apply("gm", answer)
    assert game.state.visibility == "fog" and game.state.events == ["fog"]


def test_render_shows_every_card() -> None:
    game = Game.new(scenarios.load("iron-city-duel"), seed=1)
    text = RULESET.render(game.state, None)
    assert "USS Iron City" in text and "CSS Selma" in text
    assert "port      (normal) [10] 9 8 7 6 5c" in text
    assert "| .   .   .   P   I©  I" in text
    assert "| .   .   .   .   ©   ©y" in text  # the yellow zone: the last boxes ticked


def test_views_are_json_and_the_same_for_every_seat() -> None:
    game = Game.new(scenarios.load("mobile-bay-1864"), seed=1)
    union, confed = RULESET.view(game.state, "union"), RULESET.view(game.state, "confederate")
    union.pop("seat"), confed.pop("seat")
    assert union == confed
    json.dumps(union)


def test_render_draws_the_table() -> None:
    game = Game.new(scenarios.load("yazoo-landing"), seed=1)
    text = RULESET.render(game.state, None).splitlines()
    assert text[1].startswith("+---") and text[2] == "|" + "#" * 48 + "|"
    assert any("F" in line for line in text[2:18])
    assert any("I>" in line for line in text[2:18])  # Iron City heading east
