"""5.2 Boarding Actions: rounds, two a turn at most, continuing over turns,
replacement dice, calling off, capture, and several attackers at once."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.result import Termination

from .conftest import answer, duel, make_scenario, start, texts


def _begin(game, attempt=(6, 1)) -> None:  # type: ignore[no-untyped-def]
    """Both sides mobilise; x declares against y; the attempt succeeds."""
    game.dice = ScriptedDice([list(attempt)])
    answer(game, ("a", "yes"), ("b", "yes"), ("a", "board:y"), ("b", "none"))


def test_5_2_at_most_two_rounds_per_action_per_turn() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    _begin(game)
    # x: 2 + 1 mobilised = 3 dice; y: 2 + 1 defender + 1 mobilised = 4.
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (3, 4)
    game.dice = ScriptedDice([[4, 4, 4], [4, 4, 4, 4], [3, 3, 3], [3, 3, 3, 3]])
    answer(game, ("a", "fight"), ("a", "fight"))
    # Two tied rounds: nobody loses; the turn is over and turn 2 begins.
    assert game.state.turn == 2
    assert game.state.actions[0].rounds_this_turn == 0
    # Neither side lost a die, so nobody may mobilise: straight to round 1 of turn 2.
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "decide"
    assert "round 1 of at most 2" in prompt.question


def test_5_2_the_attacker_may_hold_after_one_round() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    _begin(game)
    game.dice = ScriptedDice([[4, 4, 4], [4, 4, 4, 4]])
    answer(game, ("a", "fight"))
    prompt = game.prompt()
    assert prompt is not None and prompt.option_ids() == ["fight", "hold", "call-off"]
    answer(game, ("a", "hold"))
    assert game.state.turn == 2


def test_5_2_action_continues_next_turn_with_the_same_dice() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    _begin(game)
    # Round 1: x 6 6 1 vs y 5 5 5 2 -> x wins two pairs, loses one: 2 v 2 left.
    game.dice = ScriptedDice([[6, 6, 1], [5, 5, 5, 2], [3, 3], [3, 3]])
    answer(game, ("a", "fight"), ("a", "fight"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (2, 2)
    # Turn 2: no new attempt roll for this action; both have lost dice, so
    # both may mobilise a replacement die (one each).
    prompts = game.prompts()
    assert sorted(p.seat for p in prompts) == ["a", "b"]
    assert all("replace a lost boarding die" in p.question for p in prompts)
    answer(game, ("a", "yes"), ("b", "no"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (3, 2)
    assert not any(t.startswith("Boarding attempt") for t in texts(game)[-5:])
    assert game.state.ships["x"].gun_dice_committed == 10


def test_5_2_no_replacement_die_for_a_side_that_lost_nothing() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    _begin(game)
    # x loses one die, y none: 6 6 6 vs 6 6 6 6, then 5 5 1 vs 5 5 5 5.
    game.dice = ScriptedDice([[6, 6, 6], [6, 6, 6, 6], [5, 5, 1], [5, 5, 5, 5]])
    answer(game, ("a", "fight"), ("a", "fight"))
    assert [p.seat for p in game.prompts()] == ["a"]


def test_5_2_call_off_hands_the_defender_the_win_and_marks_a_failed_attacker() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    _begin(game)
    game.dice = ScriptedDice([[6, 6, 1], [5, 5, 5, 2]])
    answer(game, ("a", "fight"), ("a", "call-off"))
    x = game.state.ships["x"]
    assert game.state.actions == []
    assert x.failed_attacker  # it lost a die before calling off
    assert x.gun_dice_committed == 0 and x.gun_dice_lost == 0  # the guns are manned again
    assert game.state.outcomes[-1].how == "called off"
    assert game.state.outcomes[-1].winner_side == "b"


def test_5_2_calling_off_without_losses_is_not_a_failed_attack() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    _begin(game)
    answer(game, ("a", "call-off"))
    assert not game.state.ships["x"].failed_attacker


def test_5_2_capture_when_the_defender_runs_out_of_dice() -> None:
    game = start(duel(a={"gun_dice": 30, "crew": "A"}, b={"gun_dice": 0, "gun_dice_hits": 10}))
    # x: 2 + 1 A + 1 mobilised = 4 ; y: 2 + 1 - 2 (10 GD hits) = 1.
    game.dice = ScriptedDice([[6, 2], [6, 5, 4, 1], [3]])
    answer(game, ("a", "yes"), ("a", "board:y"), ("b", "none"), ("a", "fight"))
    assert game.state.ships["y"].captured_by == "a"
    result = game.result()
    assert result is not None
    assert (result.winner, result.how, result.turn) == ("a", Termination.CAPTURED, 1)


def test_5_2_two_ships_board_one_enemy_together() -> None:
    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, "gun_dice": 0},
            {"id": "z", "side": "a", "size": 2, "gun_dice": 0},
            {"id": "y", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 0},
        ],
        [{"ships": ["x", "y"], "fouled": True}, {"ships": ["z", "y"]}],
    )
    game = start(scenario)
    # Attempt: 2 +1 fouled -1 sizes differ = 2 dice.
    game.dice = ScriptedDice([[6, 3]])
    answer(game, ("a", "board:y"), ("a", "board:y"), ("b", "none"))
    action = game.state.actions[0]
    assert action.attackers == ["x", "z"]
    assert (action.attacker_dice, action.defender_dice) == (4, 4)
