"""The worked example of 5.2, both rounds, played through the engine."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.result import Termination
from quarterdeck.rulesets.gundice_boarding.rules import resolve_round

from .conftest import answer, make_scenario, start, texts


def test_5_2_example_first_round_each_side_loses_one_die() -> None:
    a_loss, d_loss, a_eff, d_eff = resolve_round([5, 5, 1], [5, 4, 4, 3, 3])
    assert (a_loss, d_loss) == (1, 1)
    assert (a_eff, d_eff) == ([5, 5, 1], [5, 4, 4])


def test_5_2_example_second_round_third_die_added_to_highest() -> None:
    # Player B's third-highest die (2) is unopposed and goes onto his highest 4.
    a_loss, d_loss, _a_eff, d_eff = resolve_round([5, 2], [4, 4, 2, 1], assignment=(0,))
    assert d_eff == [6, 4]
    assert (a_loss, d_loss) == (2, 0)


def test_5_2_worked_example_whole_action_and_gun_dice_lost_for_good() -> None:
    # Player A: a size 2 ship; Player B: a size 3 ship; both mobilise 5 gun dice.
    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, "gun_dice": 30},
            {"id": "y", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 40},
        ],
        [{"ships": ["x", "y"], "fouled": False}],
    )
    dice = ScriptedDice(
        [
            [6],  # attempt: 2 dice less 1 for different sizes = 1 die; a 6
            [5, 5, 1],
            [5, 4, 4, 3, 3],  # round 1
            [5, 2],
            [4, 4, 2, 1],  # round 2
        ]
    )
    game = start(scenario)
    game.dice = dice
    answer(game, ("a", "yes"), ("b", "yes"), ("a", "board:y"), ("b", "none"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (3, 5)
    answer(game, ("a", "fight"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (2, 4)
    answer(game, ("a", "fight"))
    # B chooses where his unopposed 2 goes: onto the highest 4, as in the text.
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == "b"
    answer(game, ("b", "0"))
    x, y = game.state.ships["x"], game.state.ships["y"]
    assert game.state.actions == []
    assert x.gun_dice_lost == 5 and x.gun_dice_committed == 0
    assert y.gun_dice_lost == 0 and y.gun_dice_committed == 0
    assert x.failed_attacker
    assert (
        "Compared 5 2 against 6 4: attackers lose 2, defenders lose 0; 0 against 4 dice left"
        in texts(game)
    )
    assert dice.remaining == 0
    # The defender does not capture the attacker (5.2); the game goes on.
    assert game.state.ships["x"].captured_by is None
    assert game.result() is None


def test_5_2_repelled_attacker_ends_a_duel_as_a_defender_win_when_nobody_boards_again() -> None:
    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, "gun_dice": 30},
            {"id": "y", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 40},
        ],
        [{"ships": ["x", "y"]}],
    )
    game = start(scenario)
    game.dice = ScriptedDice([[6], [5, 5, 1], [5, 4, 4, 3, 3], [5, 2], [4, 4, 2, 1]])
    answer(
        game,
        ("a", "yes"),
        ("b", "yes"),
        ("a", "board:y"),
        ("b", "none"),
        ("a", "fight"),
        ("a", "fight"),
        ("b", "0"),
        # turn 2: x has 25 free gun dice left and mobilises; nobody declares
        ("a", "no"),
        ("b", "no"),
        ("a", "none"),
        ("b", "none"),
    )
    result = game.result()
    assert result is not None
    assert result.winner == "b" and result.how is Termination.REPELLED
