"""Shared helpers for the ACW River and Coastal tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from quarterdeck import rulesets
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.scenario import Scenario
from quarterdeck.rulesets.acw_river.ruleset import AcwRiver

SCENARIOS = Path(__file__).parents[3] / "quarterdeck" / "rulesets" / "acw_river" / "scenarios"


@contextmanager
def playable() -> Iterator[AcwRiver]:
    """The rule set registered as playable for the length of a test (it is
    registered unplayable until every scenario passes conformance)."""
    ruleset = AcwRiver(playable=True)
    rulesets.register(ruleset)
    try:
        yield ruleset
    finally:
        rulesets.unregister("acw-river")


def load(name: str) -> Scenario:
    return scenarios.load_file(SCENARIOS / f"{name}.toml")


# --------------------------------------------------------------------------
# Building a position to test a rule on

from typing import Any  # noqa: E402

from quarterdeck.core.dice import ScriptedDice  # noqa: E402
from quarterdeck.core.engine import Context, LogEntry  # noqa: E402
from quarterdeck.core.scenario import Header  # noqa: E402
from quarterdeck.rulesets.acw_river.setup import new_state  # noqa: E402
from quarterdeck.rulesets.acw_river.state import Commander, Dice, State  # noqa: E402
from quarterdeck.rulesets.acw_river.tables import printed_tables  # noqa: E402

T = printed_tables()


def position(
    ships: list[dict[str, Any]],
    table: dict[str, Any] | None = None,
    dice: dict[str, tuple[int, int, int, int]] | None = None,
    **extra: Any,
) -> State:
    """A state with these ships (dicts as in a scenario's [[ships]]), every
    commander rolled 3, 3, 3, 3 (stubborn, +2 alive, -2 dead, gunnery +2)
    unless ``dice`` says otherwise (by commander id: cpt-<ship>, cdr-<side>)."""
    data: dict[str, Any] = {
        "id": "test",
        "ruleset": "acw-river",
        "title": "test",
        "sides": [{"name": "confederate", "title": "C"}, {"name": "union", "title": "U"}],
        "fleets": {
            "confederate": {"nation": "confederate", "end": "upstream"},
            "union": {"nation": "union", "end": "downstream"},
        },
        "table": table or {"lanes": [0, 0, 0, 0, 0], "wind": "south"},
        "ships": ships,
        **extra,
    }
    scenario = Scenario(Header.model_validate(data), data, "test")
    scenario.model = AcwRiver(playable=True).parse_scenario(scenario)
    state = new_state(scenario, Context(ScriptedDice([])), T)
    dice = dice or {}
    for side in state.sides.values():
        cid = f"cdr-{side.name}"
        d = dice.get(cid, (3, 3, 3, 3))
        state.commanders[cid] = Commander(
            cid, f"{side.name} commander", side.name, "fleet", side.flagship, Dice(*d)
        )
        side.commander = cid
    for ship in state.ships.values():
        d = dice.get(ship.captain, (3, 3, 3, 3))
        state.commanders[ship.captain] = Commander(
            ship.captain, f"Captain of {ship.name}", ship.side, "captain", ship.id, Dice(*d)
        )
    for fort in state.forts.values():
        d = dice.get(fort.commander, (3, 3, 3, 3))
        state.commanders[fort.commander] = Commander(
            fort.commander, f"Commander of {fort.name}", fort.side, "fort", fort.id, Dice(*d)
        )
    state.turn = 1
    return state


def ship(
    sid: str, facts: str, side: str, x: float, y: float, heading: float = 0.0, **more: Any
) -> dict[str, Any]:
    return {"id": sid, "ship": facts, "side": side, "x": x, "y": y, "heading": heading, **more}


class Log(list[LogEntry]):
    def text(self) -> str:
        return "\n".join(e.text for e in self)


def context(values: list[int], cards: list[str] | None = None) -> tuple[Context, ScriptedDice, Log]:
    dice = ScriptedDice(values, cards=cards or [])
    log = Log()
    return Context(dice, log.append), dice, log


def engine_game(state: State, dice: list[int]) -> Any:
    """A game around the hand-set position ``state``: the sequence of play
    runs on from ``state.phase`` as the engine runs it after an answer, with
    scripted dice, and every later answer goes through ``Game.apply`` (the
    prompt checks the answer, the rules run to the next question)."""
    from quarterdeck.core.engine import Game
    from quarterdeck.core.record import Record
    from quarterdeck.rulesets.acw_river.rules import advance

    data: dict[str, Any] = {
        "id": "test",
        "ruleset": "acw-river",
        "title": "test",
        "sides": [{"name": n, "title": n} for n in state.sides],
    }
    scenario = Scenario(Header.model_validate(data), data, "test")
    source = ScriptedDice(dice)
    record = Record(
        ruleset="acw-river", scenario_id="test", scenario=data, seed=None, dice_mode="scripted"
    )
    game = Game(AcwRiver(playable=True), scenario, state, source, record)
    advance(state, T, Context(source, game.log.append))
    return game
