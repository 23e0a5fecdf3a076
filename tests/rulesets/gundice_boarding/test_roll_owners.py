"""Who rolls each roll (5.2): each player his own roll-off die, the attacker
the boarding attempt, each side its own boarding dice. Every roll of the
rule set names its seat."""

from __future__ import annotations

from collections.abc import Sequence

from quarterdeck.core.dice import RollRequest, ScriptedDice

from .conftest import answer, duel, start


class OwnedDice:
    """Scripted dice that keep, for every roll asked, its label and seat."""

    def __init__(self, values: Sequence[Sequence[int]]) -> None:
        self.source = ScriptedDice(values)
        self.asked: list[tuple[str, str | None]] = []

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        self.asked.append((request.label.split(",")[0].split(":")[0], request.seat))
        return self.source.roll(request)


def test_5_2_each_roll_belongs_to_the_seat_the_rule_gives_it() -> None:
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0}))
    # roll-off: x 2, y 5, so y attacks; her attempt 6 1; a round: y 4 4 against x 4 4 4
    dice = OwnedDice([[2], [5], [6, 1], [4, 4], [4, 4, 4]])
    game.dice = dice
    answer(game, ("a", "board:y"), ("b", "board:x"), ("b", "fight"))
    assert dice.asked == [
        ("Roll-off for attacker", "a"),
        ("Roll-off for attacker", "b"),
        ("Boarding attempt", "b"),
        ("Boarding round 1", "b"),
        ("Boarding round 1", "a"),
    ]
    assert dice.source.remaining == 0
    rolls = [e for e in game.record.entries if e["t"] == "r"]
    assert [e["seat"] for e in rolls] == ["a", "b", "b", "b", "a"]
