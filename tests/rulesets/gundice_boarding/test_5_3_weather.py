"""5.3 Weather Effects: choppy seas cost an attempt die and give the defender
two dice; heavy seas forbid boarding."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.result import Termination

from .conftest import answer, duel, start, texts


def test_5_3_choppy_seas_attempt_and_defender() -> None:
    game = start(duel(fouled=True, sea="choppy", a={"gun_dice": 0}, b={"gun_dice": 0}))
    game.dice = ScriptedDice([[6, 1]])  # 2 + 1 fouled - 1 choppy = 2 dice
    answer(game, ("a", "board:y"), ("b", "none"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (2, 4)
    assert any("choppy seas -1" in t for t in texts(game))


def test_5_3_heavy_seas_allow_no_boarding() -> None:
    game = start(duel(sea="heavy", a={"gun_dice": 30}, b={"gun_dice": 30}))
    assert game.prompt() is None
    result = game.result()
    assert result is not None and result.how is Termination.DISENGAGED
    assert "Heavy seas: no boarding actions are allowed" in texts(game)
