"""Crew assignments (2.1): secret orders, reassigning, rallying, and the
commanding officer."""

from __future__ import annotations

import pytest

from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Field
from quarterdeck.rulesets.away_boarders import crew, rules
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from quarterdeck.rulesets.away_boarders.state import BOX_LABELS, TASK_BOXES
from quarterdeck.rulesets.away_boarders.view import view
from tests.rulesets.away_boarders.helpers import T, ctx, duel, first_loads, scenario, ship


def _game() -> Game:
    scn = scenario(
        [
            ship("carleton", "carleton", "british", (2, 6), 0),
            ship("savage", "royal-savage", "american", (9, 2), 3),
        ]
    )
    game = Game.new(scn, dice=ScriptedDice([], then=RandomDice(3)))
    first_loads(game)
    return game


def test_2_1_each_side_gives_its_crew_orders_in_secret_at_once() -> None:
    game = _game()
    prompts = game.prompts()
    assert sorted(p.seat for p in prompts) == ["american", "british"]
    assert all(p.context["secret"] and p.context["step"] == "crew" for p in prompts)
    game.apply("british", "plan:board")
    assert game.view("american")["orders"] == {}
    assert game.view("british")["orders"] == {"british": {"carleton": "plan:board"}}
    assert game.state.ships["carleton"].crew["yards"] == 2  # not revealed yet


def test_2_1_orders_are_revealed_together() -> None:
    game = _game()
    game.apply("british", "custom")
    game.apply(
        "british",
        {"yards": 3, "repair_rigging": 0, "repair_guns": 0, "repair_hull": 1, "boarders": 1},
    )
    game.apply("american", "keep")
    crew = game.state.ships["carleton"].crew
    assert crew == {
        "yards": 3,
        "repair_rigging": 0,
        "guns": 1,
        "repair_guns": 0,
        "repair_hull": 1,
        "boarders": 1,
    }


def test_2_1_a_custom_assignment_cannot_place_more_crew_than_she_has() -> None:
    game = _game()
    game.apply("british", "custom")
    prompt = game.prompt_for("british")
    assert prompt is not None and prompt.kind == "form" and prompt.total == (0, 6)


def test_2_1_the_box_by_box_form_asks_every_box_from_none_to_all_her_crew() -> None:
    """The kept fields of a form placed box by box (crew._box_fields) are
    the fields written out: one per box, from none to all her crew markers."""
    game = _game()
    game.apply("british", "custom")
    prompt = game.prompt_for("british")
    assert prompt is not None
    assert prompt.fields == tuple(Field(b, BOX_LABELS[b], "int", 0, 6) for b in crew.FORM_BOXES)
    for boxes in (crew.FORM_BOXES, TASK_BOXES):
        for most in (0, 1, 6, 40):
            assert crew._box_fields(boxes, most) == tuple(
                Field(b, BOX_LABELS[b], "int", 0, most) for b in boxes
            )


def test_2_1_rally_on_an_even_roll_returns_the_man_to_a_box_of_choice() -> None:
    state = duel()
    rs = state.ships["savage"]
    rs.casualties = 2
    state.orders = {"american": {"savage": "rally:boarders"}}
    crew.crew_segment(state, T, ctx(4))
    assert rs.casualties == 1 and rs.crew["boarders"] == 1 and rs.lost_for_good == 0


def test_2_1_rally_on_an_odd_roll_loses_the_man_for_good() -> None:
    state = duel()
    rs = state.ships["savage"]
    rs.casualties = 2
    state.orders = {"american": {"savage": "rally:guns"}}
    crew.crew_segment(state, T, ctx(3))
    assert rs.casualties == 1 and rs.lost_for_good == 1 and rs.crew_total == 5


def test_2_1_with_the_captain_down_the_only_order_is_turning_his_marker_over() -> None:
    state = duel()
    rs = state.ships["savage"]
    rs.co = "down"
    assert crew.crew_prompt(state, T, "american") is None
    before = dict(rs.crew)
    crew.crew_segment(state, T, ctx())
    assert rs.co == "ok" and rs.crew == before


def test_2_1_rallying_is_offered_only_with_men_in_the_casualty_pile() -> None:
    state = duel()
    prompt = crew.crew_prompt(state, T, "american")
    assert prompt is not None and not any(o.id.startswith("rally:") for o in prompt.options)
    state.ships["savage"].casualties = 1
    prompt = crew.crew_prompt(state, T, "american")
    assert prompt is not None and "rally:guns" in prompt.option_ids()


def test_2_1_the_captain_may_rally_several_casualties_each_to_a_box_of_choice() -> None:
    state = duel()
    rs = state.ships["savage"]
    rs.casualties = 3
    prompt = crew.crew_prompt(state, T, "american")
    assert prompt is not None and "rally" in prompt.option_ids()
    rules.apply(state, T, "american", "rally", ctx())
    prompt = crew.crew_prompt(state, T, "american")
    assert prompt is not None and prompt.kind == "form" and prompt.context["form"] == "rally"
    with pytest.raises(IllegalAnswer):
        prompt.check({**dict.fromkeys(TASK_BOXES, 0), "guns": 4})  # only 3 casualties
    before = rs.crew_total
    rules.apply(state, T, "british", "keep", ctx())
    rules.apply(
        state, T, "american", {**dict.fromkeys(TASK_BOXES, 0), "yards": 1, "guns": 2}, ctx(2, 3, 4)
    )
    # dice 2 (aloft: back), 3 (guns: lost), 4 (guns: back); no other change
    assert rs.crew_total == before + 2 and rs.casualties == 0 and rs.lost_for_good == 1


def test_2_1_the_ai_rallies_every_casualty_when_the_pile_is_big() -> None:
    state = duel()
    rs = state.ships["savage"]
    rs.casualties = 3
    ai = AwayBoardersAI("american")
    prompt = crew.crew_prompt(state, T, "american")
    assert prompt is not None and ai.decide(view(state, "american"), prompt) == "rally"
    rules.apply(state, T, "american", "rally", ctx())
    prompt = crew.crew_prompt(state, T, "american")
    assert prompt is not None
    answer = ai.decide(view(state, "american"), prompt)
    assert isinstance(answer, dict) and sum(answer.values()) == 3
    prompt.check(answer)
