"""Helpers for the Cutting Out Party tests: scenarios, games with scripted
dice, and small states set out by hand."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.scenario import Header, Scenario
from quarterdeck.rulesets.cutting_out import RULESET
from quarterdeck.rulesets.cutting_out.tables import printed_tables

SCENARIOS = Path(RULESET.scenario_dir() or ".")
T = printed_tables()


def scenario_data(name: str) -> dict[str, Any]:
    with (SCENARIOS / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def scenario(name: str = "sample-game", **changes: Any) -> Scenario:
    """A bundled scenario (with fields changed), built as the core builds it."""
    data = scenario_data(name) | changes
    sc = Scenario(Header.model_validate(data), data, f"{name}.toml")
    sc.model = RULESET.parse_scenario(sc)
    return sc


def game(name: str = "sample-game", dice: Any = None, **changes: Any) -> Game:
    sc = scenario(name, **changes)
    return Game.new(sc, dice=dice if dice is not None else ScriptedDice([]))


def fresh(name: str = "sample-game", **changes: Any) -> Any:
    """The state as the scenario sets it out, before the first turn runs."""
    from quarterdeck.rulesets.cutting_out import setup

    sc = scenario(name, **changes)
    return setup.build(sc, sc.model, T)


def context(values: Any = (), cards: Any = (), umpire: str | None = None) -> Any:
    """A rules context on scripted dice: (ctx, log lines, dice)."""
    from quarterdeck.core.engine import Context

    dice = ScriptedDice(values, cards=cards)
    log: list[Any] = []
    return Context(dice, log.append, umpire=umpire, first="british"), log, dice


def texts(log: list[Any]) -> str:
    return "\n".join(str(e) for e in log)


def put_on_deck(state: Any, fid: str, x: float, y: float, ship: str = "corvette") -> Any:
    f = state.figures[fid]
    f.where, f.place, f.x, f.y = "deck", ship, x, y
    return f


def put_ashore(state: Any, fid: str, x: float, y: float) -> Any:
    f = state.figures[fid]
    f.where, f.place, f.x, f.y = "land", "", x, y
    return f


def rows(prompt: Any, orders: dict[str, tuple[str, int]], rest: tuple[str, int] = ("", 0)) -> Any:
    """A whole side's rowing form answered: each boat in ``orders`` as
    (toward, inches); every other boat of the form ``rest`` (its default
    course where ``rest`` names none)."""
    assert prompt is not None and prompt.context.get("boats"), prompt
    answer: dict[str, Any] = {}
    for bid in prompt.context["boats"]:
        toward, inches = orders.get(bid, rest)
        answer[f"{bid}/toward"] = toward or prompt.context["defaults"][f"{bid}/toward"]
        answer[f"{bid}/inches"] = inches
    return answer
