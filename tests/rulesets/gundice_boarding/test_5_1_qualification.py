"""5.1: only stationary ships within 10 mm of a stationary enemy may board."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice

from .conftest import answer, duel, make_scenario, start


def _declare_prompt_ships(game):  # type: ignore[no-untyped-def]
    answer(game, *[(p.seat, "no") for p in game.prompts()])
    return sorted(p.context["ship"] for p in game.prompts())


def test_5_1_ships_alongside_and_stationary_may_declare() -> None:
    game = start(duel(a={"gun_dice": 20}, b={"gun_dice": 20}))
    assert _declare_prompt_ships(game) == ["x", "y"]


def test_5_1_a_ship_under_way_cannot_board_or_be_boarded() -> None:
    game = start(duel(a={"stationary": False}))
    # Nobody qualifies: the game ends at once without a prompt.
    assert game.prompt() is None
    result = game.result()
    assert result is not None and result.winner is None


def test_5_1_more_than_10_mm_apart_is_too_far() -> None:
    scenario = make_scenario(
        [{"id": "x", "side": "a"}, {"id": "y", "side": "b"}],
        [{"ships": ["x", "y"], "distance_mm": 11}],
    )
    assert start(scenario).prompt() is None


def test_5_1_exactly_10_mm_is_close_enough() -> None:
    scenario = make_scenario(
        [{"id": "x", "side": "a", "gun_dice": 0}, {"id": "y", "side": "b", "gun_dice": 0}],
        [{"ships": ["x", "y"], "distance_mm": 10}],
    )
    prompt = start(scenario).prompt()
    assert prompt is not None and prompt.context["step"] == "declare"


def test_5_1_bridge_contact_counts_only_once_the_ship_between_is_captured() -> None:
    scenario = make_scenario(
        [
            {"id": "captain", "side": "a", "size": 2, "crew": "A", "gun_dice": 0},
            {
                "id": "nicolas",
                "side": "b",
                "size": 2,
                "gun_dice": 0,
                "crew": "F",
                "gun_dice_hits": 10,
            },
            {"id": "josef", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 0},
        ],
        [
            {"ships": ["captain", "nicolas"], "fouled": True},
            {"ships": ["captain", "josef"], "fouled": True, "via": "nicolas"},
        ],
    )
    game = start(scenario)
    first = game.prompt()
    assert first is not None
    assert [o.id for o in first.options] == ["board:nicolas", "none"]
    # Captain: 2 size +1 A = 3 dice. San Nicolas: 2 +1 defender -1 F -2 hits = 0 dice:
    # a defender with no dice is captured at once when the action starts.
    game.dice = ScriptedDice([[6, 1, 1]])
    answer(game, ("a", "board:nicolas"), ("b", "none"))
    assert game.state.ships["nicolas"].captured_by == "a"
    # Turn 2: the patent bridge is open.
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == "a"
    assert [o.id for o in prompt.options] == ["board:josef", "none"]
