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


def test_every_roll_of_a_whole_game_carries_its_reading() -> None:
    for sid in ("speedy-el-gamo-1801", "shannon-chesapeake-1813"):
        game = replay_game(scenarios.load(sid), 0)
        rolls = [e.to_json() for e in game.log if e.kind == "roll"]
        assert rolls
        assert [r["text"] for r in rolls if "math" not in r] == []
        for r in rolls:
            out = explain(r)
            assert out["distribution"] or out["chart"]  # the odds, as a total or a chart
