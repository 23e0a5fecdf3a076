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


def test_5_2_a_capture_that_ends_the_game_leaves_the_game_over() -> None:
    """The last enemy ship captured: the game is over and its phase says so
    (no turn sequence left to run)."""
    game = start(duel(a={"gun_dice": 30, "crew": "A"}, b={"gun_dice": 0, "gun_dice_hits": 10}))
    game.dice = ScriptedDice([[6, 2], [6, 5, 4, 1], [3]])
    answer(game, ("a", "yes"), ("a", "board:y"), ("b", "none"), ("a", "fight"))
    assert game.result() is not None
    assert game.state.phase == "over" and game.state.stage == ""
    assert game.prompts() == ()


def test_5_2_one_mobilised_die_per_side_when_two_attackers_both_mobilise() -> None:
    """The printed chart: at most one mobilised die a side a turn; the
    second ship's five gun dice are not committed and return."""
    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, "gun_dice": 10},
            {"id": "z", "side": "a", "size": 2, "gun_dice": 10},
            {"id": "y", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 0},
        ],
        [{"ships": ["x", "y"], "fouled": True}, {"ships": ["z", "y"]}],
    )
    game = start(scenario)
    game.dice = ScriptedDice([[6, 3]])
    answer(game, ("a", "yes"), ("a", "yes"), ("a", "board:y"), ("a", "board:y"), ("b", "none"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (4 + 1, 4)
    assert action.committed == {"x": 5}
    assert game.state.ships["z"].gun_dice_committed == 5  # until the end of the turn


def test_5_2_mobilised_per_turn_is_a_live_chart_value() -> None:
    """A house rule allowing two mobilised dice a side a turn gives two
    attacking ships that both mobilised two extra dice."""
    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, "gun_dice": 10},
            {"id": "z", "side": "a", "size": 2, "gun_dice": 10},
            {"id": "y", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 0},
        ],
        [{"ships": ["x", "y"], "fouled": True}, {"ships": ["z", "y"]}],
    )
    from quarterdeck.core.scenario import build

    scenario = build(
        dict(scenario.data, house_rules={"boarding_dice": {"mobilised_per_turn": 2}}),
        "house-rule scenario",
    )
    game = start(scenario)
    game.dice = ScriptedDice([[6, 3]])
    answer(game, ("a", "yes"), ("a", "yes"), ("a", "board:y"), ("a", "board:y"), ("b", "none"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (4 + 2, 4)
    assert action.committed == {"x": 5, "z": 5}
    assert any("mobilised 2 x 5 GD (+2)" in t for t in texts(game))


def test_5_2_no_mobilising_at_all_when_the_chart_allows_none() -> None:
    from quarterdeck.core.scenario import build

    data = duel(a={"gun_dice": 30}, b={"gun_dice": 30}).data
    data["house_rules"] = {"boarding_dice": {"mobilised_per_turn": 0}}
    game = start(build(data, "house-rule scenario"))
    # Straight to the declarations: nobody is asked to mobilise.
    assert {p.context["step"] for p in game.prompts()} == {"declare"}


def test_5_2_an_attacker_that_could_gather_no_dice_starts_no_action() -> None:
    """x (size 1, F crew) would gather 1 - 1 = 0 boarding dice: her boarders
    cannot get across. No attempt is rolled, no action develops, her
    mobilised gun dice are not lost (they return at the end of the turn) and
    she is no failed attacker: she lost no boarding dice."""
    game = start(
        duel(
            a={"size": 1, "crew": "F", "gun_dice": 10, "failed_attacker": True},
            b={"gun_dice": 0},
        )
    )
    game.dice = ScriptedDice([])
    answer(game, ("a", "yes"), ("a", "board:y"), ("b", "none"))
    log = texts(game)
    assert any("could gather no boarding dice" in t for t in log)
    assert not any(t.startswith("Boarding attempt") for t in log)
    x = game.state.ships["x"]
    assert game.state.actions == [] and game.state.outcomes == []
    assert x.gun_dice_lost == 0 and x.gun_dice_committed == 0
    assert game.state.ships["y"].captured_by is None
    assert game.state.turn == 2


def test_5_2_a_defender_that_gathers_no_dice_is_captured_at_once() -> None:
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0, "crew": "F", "gun_dice_hits": 10}))
    # y: 2 + 1 defender - 1 F crew - 2 (10 GD hits) = 0.
    game.dice = ScriptedDice([[6, 1]])
    answer(game, ("a", "board:y"), ("b", "none"))
    assert game.state.ships["y"].captured_by == "a"
    assert game.state.outcomes[-1].how == "captured"
    assert game.state.phase == "over"
