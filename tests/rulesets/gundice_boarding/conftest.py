"""Helpers for gun-dice boarding tests: build a scenario from a few fields and
drive a game with scripted dice and scripted answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.scenario import Scenario, build


def make_scenario(
    ships: Sequence[dict[str, Any]],
    contacts: Sequence[dict[str, Any]],
    sea: str = "calm",
    turn_limit: int = 6,
) -> Scenario:
    data = {
        "id": "test-boarding",
        "ruleset": "gundice-boarding",
        "title": "Test boarding",
        "turn_limit": turn_limit,
        "sea": sea,
        "sides": [{"name": "a", "title": "Player A"}, {"name": "b", "title": "Player B"}],
        "ships": [{"ship": "captain", "crew": "C", **s} for s in ships],
        "contacts": list(contacts),
    }
    return build(data, "test scenario")


def duel(
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    fouled: bool = False,
    sea: str = "calm",
) -> Scenario:
    """Ship 'x' of side a against ship 'y' of side b, alongside."""
    return make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, **(a or {})},
            {"id": "y", "side": "b", "ship": "san-nicolas", "size": 2, **(b or {})},
        ],
        [{"ships": ["x", "y"], "fouled": fouled}],
        sea=sea,
    )


def start(scenario: Scenario, dice: Sequence[int] = ()) -> Game:
    return Game.new(scenario, dice=ScriptedDice(dice), dice_mode="scripted")


def answer(game: Game, *steps: tuple[str, str]) -> None:
    """Give each (seat, answer) in turn."""
    for seat, value in steps:
        game.apply(seat, value)


def texts(game: Game) -> list[str]:
    return [e.text for e in game.log]


@pytest.fixture
def scripted() -> type[ScriptedDice]:
    return ScriptedDice
