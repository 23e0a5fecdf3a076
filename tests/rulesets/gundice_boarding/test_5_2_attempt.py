"""5.2 Boarding Attempts: two dice, +1 fouled, -1 sizes differ, always one to
three dice; any 6 starts the action, else try again next turn."""

from __future__ import annotations

import pytest

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.rulesets.gundice_boarding.rules import attempt_dice
from quarterdeck.rulesets.gundice_boarding.state import Ship
from quarterdeck.rulesets.gundice_boarding.tables import printed_tables

from .conftest import answer, duel, start, texts


def _ship(size: int) -> Ship:
    return Ship("s", "S", "a", size, 10, "C")


@pytest.mark.parametrize(
    ("sizes", "fouled", "sea", "dice"),
    [
        ((2, 2), False, "calm", 2),
        ((2, 2), True, "calm", 3),
        ((2, 3), False, "calm", 1),
        ((2, 3), True, "calm", 2),
        ((1, 3), False, "choppy", 1),  # 2 - 1 - 1 = 0, never fewer than one
        ((2, 2), True, "choppy", 2),
    ],
)
def test_5_2_attempt_dice_from_the_boarding_attempt_table(
    sizes: tuple[int, int], fouled: bool, sea: str, dice: int
) -> None:
    n, _ = attempt_dice(printed_tables(), sea, [_ship(s) for s in sizes], fouled)
    assert n == dice


def test_5_2_any_six_starts_the_boarding_action() -> None:
    game = start(duel(fouled=True, a={"gun_dice": 0}, b={"gun_dice": 0}))
    game.dice = ScriptedDice([[1, 6, 2]])
    answer(game, ("a", "board:y"), ("b", "none"))
    assert len(game.state.actions) == 1


def test_5_2_no_six_means_no_action_and_a_new_attempt_next_turn() -> None:
    game = start(duel(fouled=True, a={"gun_dice": 0}, b={"gun_dice": 0}))
    game.dice = ScriptedDice([[5, 5, 5]])
    answer(game, ("a", "board:y"), ("b", "none"))
    assert game.state.actions == []
    assert game.state.turn == 2
    assert any("No 6: no boarding action develops" in t for t in texts(game))
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "declare"


def test_5_2_attempt_log_gives_the_odds() -> None:
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0}))
    game.dice = ScriptedDice([[5, 5]])
    answer(game, ("a", "board:y"), ("b", "none"))
    roll = next(e for e in game.log if e.text.startswith("Boarding attempt"))
    assert roll.odds == "needed any 6 on 2 dice: 30.6%"
    assert roll.rule == "5.2 Boarding Attempts"
