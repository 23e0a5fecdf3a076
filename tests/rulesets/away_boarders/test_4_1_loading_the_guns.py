"""Loading the guns (4.1): the first loads, ordered by each commander."""

from __future__ import annotations

import pytest

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from tests.rulesets.away_boarders.helpers import scenario, ship


def _game() -> Game:
    scn = scenario(
        [
            ship("g", "congress-galley", "american", (2, 6), 0),
            ship("c", "carleton", "british", (9, 2), 3, load="chain"),
        ]
    )
    return Game.new(scn, dice=ScriptedDice([]))


def test_4_1_each_commander_orders_the_first_load_of_every_battery_in_secret() -> None:
    game = _game()
    prompts = {p.seat: p for p in game.prompts()}
    assert set(prompts) == {"british", "american"}
    galley = prompts["american"]
    assert galley.kind == "form" and galley.context["secret"]
    assert [f.name for f in galley.fields] == ["port", "starboard", "bow"]
    assert [c.id for c in galley.fields[0].choices] == ["round", "grape", "double", "chain"]
    assert prompts["british"].context["suggested"] == {"port": "chain", "starboard": "chain"}
    game.apply("american", {"port": "grape", "starboard": "double", "bow": "round"})
    assert game.view("british")["orders"] == {}
    assert game.state.ships["g"].load["port"] == "round"  # not revealed yet
    game.apply("british", {"port": "round", "starboard": "chain"})
    g = game.state.ships["g"]
    assert (g.load["port"], g.load["starboard"], g.load["bow"]) == ("grape", "double", "round")
    c = game.state.ships["c"]
    assert (c.load["port"], c.load["starboard"]) == ("round", "chain")
    assert all(gun.loaded and not gun.fired for gun in g.guns)  # loaded, first-shot bonus kept
    assert {p.context["step"] for p in game.prompts()} == {"crew"}


def test_4_1_an_unknown_first_load_is_refused() -> None:
    game = _game()
    with pytest.raises(IllegalAnswer):
        game.apply("american", {"port": "canister", "starboard": "round", "bow": "round"})
    assert game.state.ships["g"].load["port"] == "round"


def test_4_1_the_ai_orders_round_shot_first() -> None:
    game = _game()
    prompt = game.prompt_for("american")
    assert prompt is not None
    answer = AwayBoardersAI("american").decide(game.view("american"), prompt)
    assert answer == {"port": "round", "starboard": "round", "bow": "round"}


def test_4_1_the_first_loads_stay_hidden_from_the_other_side_until_revealed() -> None:
    views = []
    for order in ({"port": "chain", "starboard": "grape"}, {"port": "round", "starboard": "round"}):
        game = _game()
        game.apply("british", order)
        views.append(game.view("american", log=True))
    assert views[0] == views[1]
