"""The loading task's choices (4.1, 4.4) read a ship's guns in one pass
(tasks.load_options): checked here against the plain per-battery
definition it replaced, at every decision of seeded games and on states
with guns disabled, emptied and swivels loaded by hand."""

from __future__ import annotations

import random

import pytest

from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.away_boarders.gunnery import battery_guns
from quarterdeck.rulesets.away_boarders.state import BATTERIES, Ship, State
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES
from quarterdeck.rulesets.away_boarders.tasks import load_options
from tests.rulesets.away_boarders.helpers import make_state, ship
from tests.sim.ai_games import ai_decisions


def plain_load_options(s: Ship) -> list[Option]:
    """load_options as written before its one pass (each battery's guns
    read by battery_guns, the swivels in a second loop)."""
    loaders = s.crew["guns"] - s.loaders_used
    if loaders <= 0:
        return []
    out: list[Option] = []
    for battery in BATTERIES:
        guns = battery_guns(s, battery)
        empty = sum(1 for g in guns if not g.loaded)
        if empty:
            most = min(loaders, empty)
            out += [
                Option(f"load:{battery}:{ammo}:{n}", f"load {n} {battery} gun(s) with {ammo} shot")
                for ammo in AMMO_TYPES
                if ammo != "double"
                for n in sorted({most, 1}, reverse=True)
            ]
        if s.load[battery] == "round" and any(g.loaded for g in guns):
            out.append(
                Option(
                    f"double:{battery}",
                    f"ram a second ball into a round-shotted {battery} gun "
                    f"(the {battery} load box turns to double shot)",
                )
            )
    for i, g in enumerate(s.guns):
        if g.mount == "swivel" and not g.disabled:
            other = "starboard" if g.side == "port" else "port"
            out.append(Option(f"swivel:{i}", f"shift the {g.type} swivel to {other}"))
    if not out:
        return []
    out.append(Option("done", "no more loading this turn"))
    return out


def _same(state: State) -> int:
    """Assert load_options equals the plain one for every ship; the number
    of ships with any loading choice."""
    offered = 0
    for s in state.ships.values():
        got = load_options(s)
        assert got == plain_load_options(s), s.id
        offered += bool(got)
    return offered


@pytest.mark.parametrize(
    ("scenario_id", "seed"), [("champlain-duel-1776", 3), ("valcour-carleton-1776", 5)]
)
def test_4_1_load_options_are_the_plain_ones_at_every_decision(scenario_id: str, seed: int) -> None:
    decisions = offered = disabled = 0
    for d in ai_decisions(scenario_id, seed):
        offered += _same(d.state)
        disabled += sum(g.disabled for s in d.state.ships.values() for g in s.guns)
        decisions += bool(d.prompts)
    assert d.ruleset.result(d.state) is not None
    # the games asked something, offered loading choices and lost guns
    assert decisions and offered and disabled


@pytest.mark.parametrize("key", ["congress-galley", "caledonia", "carleton", "lawrence"])
def test_4_1_load_options_are_the_plain_ones_with_guns_disabled_emptied_and_swivels_loaded(
    key: str,
) -> None:
    state = make_state([ship("a", key, "american", (2, 2)), ship("b", "maria", "british", (9, 9))])
    s = state.ships["a"]
    rng = random.Random(key)
    crew = s.crew["guns"]
    swivels = [g for g in s.guns if g.mount == "swivel"]
    for _ in range(300):
        for g in s.guns:
            g.disabled = rng.random() < 0.3
            # a disabled gun is emptied in play (4.3), but read either way here
            g.loaded = rng.random() < 0.5
        for battery in s.load:
            s.load[battery] = rng.choice(list(AMMO_TYPES))
        s.crew["guns"] = rng.randint(0, crew + 2)
        s.loaders_used = rng.randint(0, s.crew["guns"])
        _same(state)
    # by hand: every broadside gun disabled and empty, swivels loaded
    s.crew["guns"], s.loaders_used = crew or 1, 0
    for g in s.guns:
        g.disabled = g.side in ("port", "starboard") and g.mount != "swivel"
        g.loaded = g.mount == "swivel"
    for battery in s.load:
        s.load[battery] = "round"
    got = load_options(s)
    assert got == plain_load_options(s)
    assert not any(o.id.startswith(("load:port", "load:starboard")) for o in got)
    assert [o.id for o in got if o.id.startswith("swivel:")] == [
        f"swivel:{i}" for i, g in enumerate(s.guns) if g.mount == "swivel"
    ]
    assert bool(swivels) == any(o.id.startswith("swivel:") for o in got)
