"""One form for the whole fleet: the first loads (4.1) and the crew orders
(2.1) of a side with two or more ships are asked together, a row a ship; the
orders are revealed and applied as the ship-by-ship ones are."""

from __future__ import annotations

import pytest

from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from tests.rulesets.away_boarders.helpers import scenario, ship


def _game() -> Game:
    """Two British ships against one American."""
    scn = scenario(
        [
            ship("c", "carleton", "british", (2, 6), 0, load="chain"),
            ship("i", "inflexible", "british", (3, 7), 0),
            ship("g", "congress-galley", "american", (9, 2), 3),
        ]
    )
    return Game.new(scn, dice=ScriptedDice([], then=RandomDice(5)))


def test_4_1_a_fleet_orders_every_first_load_in_one_form() -> None:
    game = _game()
    british = game.prompt_for("british")
    assert british is not None and british.kind == "form" and british.context["fleet"]
    assert british.context["secret"]
    names = [f.name for f in british.fields]
    assert names[:2] == ["c.port", "c.starboard"] and "i.port" in names
    assert british.context["defaults"]["c.port"] == "chain"
    assert [r["id"] for r in british.context["rows"]] == ["c", "i"]
    # a side of one ship is asked for her alone, as before
    american = game.prompt_for("american")
    assert american is not None and "fleet" not in american.context
    answer = dict(british.context["defaults"], **{"i.port": "grape"})
    game.apply("british", answer)
    assert game.state.ships["i"].load["port"] != "grape"  # secret until revealed
    game.apply("american", dict(american.context["suggested"]))
    assert game.state.ships["i"].load["port"] == "grape"
    assert game.state.ships["c"].load["starboard"] == "chain"


def test_4_1_a_fleet_form_missing_a_ship_is_refused_and_changes_nothing() -> None:
    game = _game()
    british = game.prompt_for("british")
    assert british is not None
    answer = {k: v for k, v in british.context["defaults"].items() if not k.startswith("i.")}
    with pytest.raises(IllegalAnswer, match=r"field 'i\.port' is missing"):
        game.apply("british", answer)
    assert game.state.orders == {}


def _past_loads(game: Game) -> None:
    while (p := game.prompt()) is not None and p.context.get("step") == "loads":
        game.apply(p.seat, dict(p.context["suggested"]))


def test_2_1_a_fleet_gives_its_crew_orders_in_one_form_then_places_custom_crews() -> None:
    game = _game()
    _past_loads(game)
    british = game.prompt_for("british")
    assert british is not None and british.context["fleet"] and british.context["step"] == "crew"
    assert [f.name for f in british.fields] == ["c", "i"]
    assert british.context["defaults"] == {"c": "keep", "i": "keep"}
    game.apply("british", {"c": "custom", "i": "keep"})
    # the ship placed box by box is asked for her boxes next
    form = game.prompt_for("british")
    assert form is not None and form.context["ship"] == "c" and "fleet" not in form.context
    game.apply(
        "british",
        {"yards": 3, "repair_rigging": 0, "repair_guns": 0, "repair_hull": 1, "boarders": 1},
    )
    american = game.prompt_for("american")
    assert american is not None
    game.apply("american", "keep")
    assert (
        game.state.ships["c"].crew["yards"] == 3 and game.state.ships["c"].crew["repair_hull"] == 1
    )


def test_2_1_the_ai_answers_the_fleet_form_ship_by_ship() -> None:
    game = _game()
    _past_loads(game)
    prompt = game.prompt_for("british")
    assert prompt is not None
    answer = AwayBoardersAI("british").decide(game.view("british"), prompt)
    assert isinstance(answer, dict) and set(answer) == {"c", "i"}
    assert prompt.check(answer) == answer
