"""Dice sources: seeded, scripted, entered by hand; impossible rolls refused."""

from __future__ import annotations

import pytest

from quarterdeck.core.dice import (
    ManualDice,
    NeedDice,
    PendingDice,
    RandomDice,
    RollRequest,
    ScriptedDice,
    check_values,
    parse_values,
)
from quarterdeck.core.errors import DiceError

REQ = RollRequest("Boarding attempt", 2, "5.2")


def test_same_seed_same_dice() -> None:
    a, b = RandomDice(42), RandomDice(42)
    assert [a.roll(REQ) for _ in range(50)] == [b.roll(REQ) for _ in range(50)]


def test_random_dice_stay_on_the_die() -> None:
    dice = RandomDice(1)
    values = [v for _ in range(500) for v in dice.roll(RollRequest("x", 3, "r", sides=6))]
    assert set(values) == {1, 2, 3, 4, 5, 6}


def test_scripted_dice_answer_in_order_and_run_out_clearly() -> None:
    dice = ScriptedDice([[6, 1], 3, 4])
    assert dice.roll(REQ) == (6, 1)
    assert dice.roll(REQ) == (3, 4)
    with pytest.raises(DiceError, match="ran out"):
        dice.roll(REQ)


def test_scripted_dice_refuse_a_value_no_die_shows() -> None:
    with pytest.raises(DiceError, match="7 is not a possible roll of a d6"):
        ScriptedDice([7, 1]).roll(REQ)


@pytest.mark.parametrize(
    ("text", "values"), [("5 5", (5, 5)), ("5,1", (5, 1)), ("62", (6, 2)), (" 3  4 ", (3, 4))]
)
def test_typed_dice_are_parsed(text: str, values: tuple[int, ...]) -> None:
    assert parse_values(REQ, text) == values


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7 1", "7 is not a possible roll"),
        ("0 3", "0 is not a possible roll"),
        ("5", "expected 2 value"),
        ("a b", "is not a number"),
        ("1 2 3", "expected 2 value"),
    ],
)
def test_typed_dice_refuse_impossible_rolls(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        parse_values(REQ, text)


def test_manual_dice_ask_again_after_a_refusal() -> None:
    answers = iter(["9 9", "6 2"])
    told: list[str] = []
    dice = ManualDice(lambda req: next(answers), told.append)
    assert dice.roll(REQ) == (6, 2)
    assert told == ["Boarding attempt: 9 is not a possible roll of a d6 (legal values 1 to 6)"]


def test_roll_instruction_says_what_to_roll_and_why() -> None:
    assert REQ.instruction() == "Boarding attempt: roll 2 dice (5.2)"
    assert RollRequest("Roll-off", 1, "5.2").instruction() == "Roll-off: roll 1 die (5.2)"


def test_pending_dice_ask_for_the_next_roll() -> None:
    dice = PendingDice([[6, 1]])
    assert dice.roll(REQ) == (6, 1)
    with pytest.raises(NeedDice) as info:
        dice.roll(REQ)
    assert info.value.request == REQ and info.value.entered == 1


def test_check_values_refuses_booleans_and_floats() -> None:
    with pytest.raises(DiceError):
        check_values(REQ, [True, 2])  # type: ignore[list-item]
    with pytest.raises(DiceError):
        check_values(REQ, [2.0, 2])  # type: ignore[list-item]
