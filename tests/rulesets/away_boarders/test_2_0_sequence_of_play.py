"""The sequence of play (2.0), victory, the view, the render and the AI."""

from __future__ import annotations

import json

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.conformance import play_random_game
from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.rulesets.away_boarders import RULESET, rules, tasks, victory
from quarterdeck.rulesets.away_boarders.view import letters
from tests.rulesets.away_boarders.helpers import T, ctx, duel, first_loads, scenario, ship


def test_2_0_phases_follow_the_rule_book_order() -> None:
    assert list(rules.PHASES) == [
        "loads",
        "crew",
        "segment",
        "drift",
        "move",
        "fire-setup",
        "fire",
        "tasks-setup",
        "tasks",
        "end",
    ]
    assert tasks.TASK_ORDER == ("sail", "load", "repair", "grapple", "board")


def test_2_2_three_action_phases_each_ending_in_fire() -> None:
    scn = scenario(
        [
            ship("a", "carleton", "british", (3, 5), 1),
            ship("b", "maria", "american", (10, 2), 4),
        ],
        wind=0,
    )
    game = Game.new(scn, dice=ScriptedDice([], then=RandomDice(5)))
    first_loads(game)
    game.apply("british", "keep")
    game.apply("american", "keep")
    seen = set()
    while game.turn == 1 and (p := game.prompt()) is not None:
        if p.context["step"] in ("move", "order", "fire", "aim"):
            seen.add(game.state.action)
        hold = p.context["step"] == "fire"  # no damage: every phase keeps its moves
        game.apply(p.seat, p.options[-1].id if hold else p.options[0].id)
    assert seen == {0, 1, 2} and game.state.turn == 2


def test_victory_at_the_turn_limit_goes_to_the_side_with_more_points() -> None:
    state = duel()
    state.ships["savage"].status = "struck"
    state.ships["savage"].value = 12
    result = victory.compute_result(state, limit=True)
    assert result.winner == "british" and result.how.value == "turn limit"
    fresh = duel()
    assert victory.compute_result(fresh, limit=True).winner is None


def test_end_of_the_last_turn_ends_the_game() -> None:
    state = duel()
    state.turn = state.turn_limit
    rules.end_of_turn(state, T, ctx())
    assert state.result is not None and state.phase == "over"


def test_view_is_json_and_render_draws_the_grid_ships_and_wind() -> None:
    state = duel()
    json.dumps(RULESET.view(state, "british"))
    text = RULESET.render(state, None)
    assert "wind from NE" in text
    assert "A→" in text and "a←" in text  # capitals for the first side
    assert "HMS Carleton" in text and "Royal Savage" in text


def test_every_bundled_scenario_plays_to_an_end_with_the_ai() -> None:
    for sid in (
        "champlain-duel-1776",
        "valcour-carleton-1776",
        "lake-erie-lawrence-1813",
        "lake-erie-1813",
        "valcour-island-1776",
    ):
        scn = scenarios.load(sid)
        game = play_random_game(scn, 3, {s: "ai" for s in scn.side_names})
        assert game.result() is not None


def test_the_ai_fires_when_its_guns_bear() -> None:
    scn = scenarios.load("champlain-duel-1776")
    fired = 0
    for seed in range(3):
        game = play_random_game(scn, seed, {s: "ai" for s in scn.side_names})
        fired += sum(1 for e in game.log if "guns fire on" in e.text)
    assert fired > 0


def test_victory_escape_scores_for_the_ship_that_leaves_the_field() -> None:
    scn = scenarios.load("split-rock-1776")
    state = RULESET.new_state(scn, ctx())
    congress, washington = state.ships["congress"], state.ships["washington"]
    congress.status = "left"
    assert victory.points(state) == {"american": congress.value, "british": 0}
    washington.status = "struck"
    victory.check_end(state, ctx())
    assert state.result is not None
    assert state.result["winner"] is None and state.result["how"] == "objectives"


def test_victory_escape_must_name_a_side() -> None:
    import pytest

    from quarterdeck.core.errors import ScenarioError
    from quarterdeck.core.scenario import build

    scn = scenarios.load("split-rock-1776")
    data = dict(scn.data)
    data["victory"] = {"escape": {"french": 100}}
    with pytest.raises(ScenarioError, match="not a side"):
        build(data, "test")


def test_render_gives_every_ship_of_a_big_battle_its_own_mark() -> None:
    state = RULESET.new_state(scenarios.load("valcour-island-1776"), ctx())
    marks = letters(state)
    assert len(set(marks.values())) == len(state.ships) == 48
    assert marks["royal-savage"] == "a" and marks["gunboat-28"] == "G1"
    text = RULESET.render(state, None)
    assert "G1↖" in text and "o↙" in text
