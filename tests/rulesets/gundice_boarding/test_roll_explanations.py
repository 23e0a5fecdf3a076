"""Every roll of the gun-dice boarding rules explains itself (issue 15):
scripted dice in, the logged roll's explanation out."""

from __future__ import annotations

from typing import Any

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.explain import explain
from quarterdeck.sim.games import replay_game

from .conftest import answer, duel, start


def _explained(game: Game, starts: str) -> list[dict[str, Any]]:
    return [
        explain(e.to_json()) for e in game.log if e.kind == "roll" and e.text.startswith(starts)
    ]


def test_5_2_the_roll_off_is_a_die_against_the_other_ships_ties_rolled_again() -> None:
    """x 3, y 3 (a tie), then x 2, y 5: y attacks (5.2)."""
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0}))
    game.dice = ScriptedDice([[3], [3], [2], [5], [1, 1]])
    answer(game, ("a", "board:y"), ("b", "board:x"))
    x1, y1, _x2, y2 = _explained(game, "Roll-off")
    # before the other ship rolls: more than a die of her own 15 times in 36
    assert x1["result"] == 3 and x1["success"] is None
    assert x1["chance_exact"] == "5/12" and x1["tie_exact"] == "1/6"
    assert y1["success"] is False and y1["chance_exact"] == "1/2"
    assert y1["changes"][0] == "The result 3 tied the other side's 3: 1 more would have won."
    assert y2["result"] == 5 and y2["success"] is True and y2["chance_exact"] == "2/3"


def test_5_2_a_boarding_round_reads_the_three_highest_and_says_what_made_the_dice() -> None:
    """x 2 + 1 mobilised = 3 dice, y 2 + 1 defender + 1 mobilised = 4; round
    1: x 6 6 1 against y 5 5 5 2 (x loses one, y two); round 2 with 2 and 2;
    next turn x mobilises a replacement die (5.2)."""
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    game.dice = ScriptedDice([[6, 1]])
    answer(game, ("a", "yes"), ("b", "yes"), ("a", "board:y"), ("b", "none"))
    game.dice = ScriptedDice([[6, 6, 1], [5, 5, 5, 2], [3, 3], [3, 3], [4, 4, 4], [4, 4]])
    answer(game, ("a", "fight"), ("a", "fight"), ("a", "yes"), ("b", "no"), ("a", "fight"))
    x_rounds = _explained(game, "Boarding round")[0::2]
    first, second, third = x_rounds
    assert "the dice are read highest first; the three highest oppose" in first["words"]
    assert first["result"] == 6
    assert [(m["what"], m["value"]) for m in first["modifiers"]] == [
        ("boarding dice at the start of the action", 3)
    ]
    assert [(m["what"], m["value"]) for m in second["modifiers"]] == [
        ("boarding dice at the start of the action", 3),
        ("lost in earlier rounds", -1),
    ]
    assert [(m["what"], m["value"]) for m in third["modifiers"]] == [
        ("boarding dice at the start of the action", 3),
        ("lost in earlier rounds", -1),
        ("mobilised gun dice", 1),
    ]
    # the highest of three dice is a 6 in 91 of 216
    assert first["distribution"][-1]["exact"] == "91/216"


def test_5_2_three_dice_against_one_add_up_against_it_so_lose_15_and_tie_20_in_1296() -> None:
    """Three dice against one: the two unopposed dice add to the compared
    one, so the three are summed against a die (5.2). A sum of 3 loses to a
    4, 5 or 6; 4 (3 ways) to a 5 or 6; 5 (6 ways) to a 6: 15 in 1296. Ties:
    1 + 3 + 6 + 10 ways for a die of 3 to 6: 20 in 1296."""
    from fractions import Fraction

    from quarterdeck.odds.gundice import round_odds, round_words

    odds = round_odds(3, 1)
    assert odds[(1, 0)] == Fraction(15, 1296)
    assert odds[(0, 0)] == Fraction(20, 1296)
    assert odds[(0, 1)] == Fraction(1261, 1296)
    assert round_words(3, 1).startswith(
        "3 against 1 die this round: defenders lose more 97.3%, attackers more 1.2%, "
        "as many 1.5%; ship taken this round 97.3%; capture in the end"
    )


def test_5_2_both_rolls_of_a_round_carry_the_rounds_exact_odds() -> None:
    """3 dice against 4, as in the round above: the defenders lose more dice
    27.9%, the attackers 59.7% (5.2); the same odds on both sides' rolls."""
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}))
    game.dice = ScriptedDice([[6, 1]])
    answer(game, ("a", "yes"), ("b", "yes"), ("a", "board:y"), ("b", "none"))
    game.dice = ScriptedDice([[6, 6, 1], [5, 5, 5, 2]])
    answer(game, ("a", "fight"))
    x, y = _explained(game, "Boarding round 1")
    assert x["odds"] == y["odds"]
    assert x["odds"] == (
        "3 against 4 dice this round: defenders lose more 27.9%, attackers more 59.7%, "
        "as many 12.4%; capture in the end 22.7% (no call-off or replaced die; spare dice "
        "placed to best effect)"
    )


def test_5_2_a_side_of_one_boarding_die_is_worded_as_one_die() -> None:
    from quarterdeck.rulesets.gundice_boarding.rules import round_math

    assert round_math(1, 0, 1, 3).dice == (("boarding die at the start of the action", 1),)


def test_5_2_the_attempt_names_each_dice_modifier() -> None:
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0}, fouled=True))
    game.dice = ScriptedDice([[1, 2, 6]])
    answer(game, ("a", "board:y"), ("b", "none"))
    (attempt,) = _explained(game, "Boarding attempt")
    assert [(m["what"], m["value"]) for m in attempt["modifiers"]] == [
        ("to start", 2),
        ("fouled", 1),
    ]
    assert attempt["success"] is True and attempt["chance"] == "42.1%"


def test_5_2_a_house_rule_attempt_face_is_the_face_the_explanation_counts() -> None:
    """A house rule names 5 as the attempt's face (tables [attempt]
    success_face): the rule starts an action on a 5 only, so 1 2 3 6 on
    four dice (2 to start, fouled +2) starts none; the explanation counts
    the 5 alone, 671 times in 1296, and says so in its goal and odds."""
    from quarterdeck.core.scenario import build

    data = {
        "id": "house-attempt",
        "ruleset": "gundice-boarding",
        "title": "House attempt",
        "turn_limit": 6,
        "sea": "calm",
        "sides": [{"name": "a", "title": "A"}, {"name": "b", "title": "B"}],
        "ships": [
            {"ship": "captain", "crew": "C", "id": "x", "side": "a", "gun_dice": 0},
            {"ship": "captain", "crew": "C", "id": "y", "side": "b", "gun_dice": 0},
        ],
        "contacts": [{"ships": ["x", "y"], "fouled": True}],
        "house_rules": {"attempt": {"success_face": 5, "fouled": 2, "max_dice": 4}},
    }
    game = start(build(data, "test scenario"))
    game.dice = ScriptedDice([[1, 2, 3, 6]])
    answer(game, ("a", "board:y"), ("b", "none"))
    (attempt,) = _explained(game, "Boarding attempt")
    assert attempt["success"] is False and attempt["chance_exact"] == "671/1296"
    assert "the faces that count: 5; any 5 starts the action" in attempt["words"]
    assert attempt["odds"] == "needed any 5 on 4 dice: 51.8%"
    assert any(e.text.startswith("No 5: no boarding action develops") for e in game.log)


def test_every_roll_of_a_whole_game_carries_its_reading() -> None:
    for sid in ("speedy-el-gamo-1801", "shannon-chesapeake-1813"):
        game = replay_game(scenarios.load(sid), 0)
        rolls = [e.to_json() for e in game.log if e.kind == "roll"]
        assert rolls
        assert [r["text"] for r in rolls if "math" not in r] == []
        for r in rolls:
            out = explain(r)
            assert out["distribution"] or out["chart"]  # the odds, as a total or a chart
