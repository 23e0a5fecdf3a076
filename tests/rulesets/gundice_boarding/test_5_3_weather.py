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


def test_5_2_the_defender_die_is_a_live_chart_value_and_choppy_seas_replace_it() -> None:
    """The Boarding Dice list's defender die is read from the chart: a house
    rule giving the defender two dice gives y 2 + 2 in calm seas; in choppy
    seas the sea's "two dice instead of one" replaces the list's die (5.2, 5.3)."""
    from quarterdeck.core.scenario import build

    for sea, house, expected in (("calm", 2, 4), ("choppy", 3, 4), ("calm", 1, 3)):
        data = duel(fouled=True, sea=sea, a={"gun_dice": 0}, b={"gun_dice": 0}).data
        data["house_rules"] = {"boarding_dice": {"defender": house}}
        game = start(build(data, "house-rule scenario"))
        game.dice = ScriptedDice([[6, 1, 1][: 3 if sea == "calm" else 2]])
        answer(game, ("a", "board:y"), ("b", "none"))
        action = game.state.actions[0]
        assert (action.attacker_dice, action.defender_dice) == (2, expected), (sea, house)
        seas = ", choppy seas" if sea == "choppy" else ""
        assert f"defender (+{expected - 2}{seas})" in " ".join(texts(game))
