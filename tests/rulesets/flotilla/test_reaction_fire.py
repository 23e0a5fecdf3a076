"""Fire during the move: the moving side once a turn, the other side at any
point offered along the move (Sequence of play, steps 3 and 4; Firing)."""

from __future__ import annotations

import copy

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.rulesets.flotilla import rules
from quarterdeck.rulesets.flotilla.state import LandBattery, Troop

from .helpers import Dice, T, ship, state


def duel_game() -> Game:
    data = copy.deepcopy(scenarios.load("iron-city-duel").data)
    data["ships"][0].update(x=36.0, y=10.0, heading=0.0, speed=6)
    data["ships"][1].update(x=46.0, y=14.0, heading=0.0, speed=0)
    scen = scenarios.build(data, "duel.toml")
    return Game.new(scen, dice=ScriptedDice([6, 1], then=RandomDice(5)))


def step(game: Game, seat: str, answer: str) -> None:
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == seat, (prompt, seat)
    game.apply(seat, answer)


def test_the_other_side_may_fire_in_the_middle_of_the_move() -> None:
    game = duel_game()
    step(game, "union", "first")
    step(game, "union", "pass")  # start of the movement: union first
    step(game, "confederate", "pass")  # then the other side
    step(game, "union", "no")  # no extra power
    step(game, "union", "s8/0/0/0")
    ask = game.state.ask
    assert ask is not None and ask["kind"] == "fire" and ask["point"] == "second"
    step(game, "union", "pass")
    ask = game.state.ask
    assert ask["seat"] == "confederate" and ask["point"] == "second"
    assert game.state.ships["iron-city"].y == 14  # half of the 8-inch move
    step(game, "confederate", "selma")
    prompt = game.prompt()
    assert prompt is not None and prompt.context["battery"] == "port"
    assert "iron-city" in prompt.option_ids()
    step(game, "confederate", "iron-city")
    assert game.state.ships["selma"].fired


def test_a_ship_that_has_fired_is_not_offered_fire_again_that_turn() -> None:
    game = duel_game()
    step(game, "union", "first")
    step(game, "union", "iron-city")
    while (prompt := game.prompt()) is not None and prompt.context.get("step") == "target":
        game.apply(prompt.seat, prompt.option_ids()[1] if len(prompt.options) > 1 else "hold")
    for _ in range(12):
        prompt = game.prompt()
        if prompt is None or game.state.turn > 1:
            break
        if prompt.context.get("step") == "fire":
            assert "iron-city" not in prompt.option_ids()
        answer = "pass" if "pass" in prompt.option_ids() else prompt.option_ids()[0]
        game.apply(prompt.seat, answer)


def test_fire_is_offered_after_a_troop_moves() -> None:
    shore = [[(0.0, 30.0), (72.0, 30.0), (72.0, 48.0), (0.0, 48.0)]]
    men = Troop("m", "m", "union", 8, 1, "disciplined", False, 36.0, 44.0)
    fort = LandBattery(
        "f", "Fort", "confederate", 36, 32, 0.0, 2, 2, "normal", None, owner="confederate"
    )
    st = state([ship("ic", x=10, y=10)], batteries=[fort], troops=[men], land=shore)
    st.phase, st.side_a, st.stage, st.unit = "move_a", "union", "next", "m"
    st.ask = {"kind": "troop", "seat": "union", "troop": "m"}
    rules.apply(st, T, "union", "advance:f", Dice([4, 6, 6]).ctx)
    # the men came 4 inches on: the fort (90 degrees about north) may fire at them now
    assert men.y == 40
    assert st.ask is not None and st.ask["kind"] == "fire" and st.ask["seat"] == "confederate"
    assert st.ask["units"] == ["f"]


def test_holding_every_battery_spends_nothing() -> None:
    """Reloading artillery: guns fire once a turn. A ship that is chosen to
    fire and then holds every battery has fired nothing: she is not offered
    again at this point, but may fire later in the turn."""
    game = duel_game()
    step(game, "union", "first")
    step(game, "union", "pass")
    step(game, "confederate", "selma")
    while (prompt := game.prompt()) is not None and prompt.context.get("step") == "target":
        game.apply(prompt.seat, "hold")
    selma = game.state.ships["selma"]
    assert not selma.fired and not any(b.fired for b in selma.batteries)
    ask = game.state.ask
    assert ask is not None and ask["kind"] == "power"  # not asked again at this point
    step(game, "union", "no")
    step(game, "union", "s8/0/0/0")
    step(game, "union", "pass")
    ask = game.state.ask
    assert ask is not None and ask["seat"] == "confederate" and "selma" in ask["units"]
