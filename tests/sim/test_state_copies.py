"""Game.apply copies the state with core.engine.copy_state, which assumes
plain data: no mutable object reached by two paths. Every rule set's state
keeps to that through a whole game, and the copy equals the original and
shares nothing mutable with it."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import copy_state
from quarterdeck.sim.games import replay_game

MUTABLE = (list, dict, set)


def mutable_parts(value: Any, path: str, seen: dict[int, str]) -> None:
    """Record every mutable object under ``value`` by id; fail on a second path."""
    if isinstance(value, MUTABLE) or (
        dataclasses.is_dataclass(value) and not isinstance(value, type)
    ):
        if getattr(type(value), "__deepcopy__", None):
            return  # the rule set copies it itself (and shares what never changes)
        if id(value) in seen and isinstance(value, MUTABLE):
            raise AssertionError(f"{path} is the same object as {seen[id(value)]}")
        seen[id(value)] = path
    if isinstance(value, dict):
        for k, v in value.items():
            mutable_parts(v, f"{path}[{k!r}]", seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for n, v in enumerate(value):
            mutable_parts(v, f"{path}[{n}]", seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            mutable_parts(getattr(value, f.name), f"{path}.{f.name}", seen)


def shares_nothing_mutable(a: Any, b: Any) -> bool:
    mine: dict[int, str] = {}
    mutable_parts(a, "a", mine)
    theirs: dict[int, str] = {}
    mutable_parts(b, "b", theirs)
    return not set(mine) & set(theirs)


@pytest.mark.parametrize(
    "scenario_id", ["speedy-el-gamo-1801", "champlain-duel-1776", "iron-city-duel"]
)
def test_states_are_plain_data_through_a_game(scenario_id: str) -> None:
    game = replay_game(scenarios.load(scenario_id), 5)
    decisions = len(game.record.decisions())
    for upto in sorted({0, 1, decisions // 3, decisions // 2, decisions - 1, decisions}):
        state = type(game).replay(game.record, upto=upto).state
        mutable_parts(state, "state", {})
        copied = copy_state(state)
        assert copied == state == copy.deepcopy(state)
        assert shares_nothing_mutable(copied, state)


def test_copy_state_copies_containers_and_dataclasses_and_shares_atoms() -> None:
    @dataclasses.dataclass
    class Box:
        items: list[int]
        tags: dict[str, tuple[int, list[int]]]
        name: str = "x"

    box = Box([1, 2], {"a": (1, [2, 3])})
    new = copy_state(box)
    assert new == box and new is not box
    new.items.append(3)
    new.tags["a"][1].append(4)
    assert box == Box([1, 2], {"a": (1, [2, 3])})
    assert new.name is box.name
