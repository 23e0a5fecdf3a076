"""Flotilla, "Environment" (Sequence of play, steps 1 and 2).

Step 1, "Visibility, weather or special events": the game master's calls
for the turn (time of day, fog, smoke, the current), or the scenario's
schedule. Step 2, "Initiative": a die each with the text's modifiers and
automatic wins; the winner chooses who is side A.
"""

from __future__ import annotations

from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.geometry import unit
from quarterdeck.rulesets.flotilla import explain as ex
from quarterdeck.rulesets.flotilla.state import State
from quarterdeck.rulesets.flotilla.tables import Tables
from quarterdeck.rulesets.flotilla.turn import other_side

R_ENV: Final = "Environment: Visibility, weather or special events"


R_INIT: Final = "Environment: Initiative"


# The game master's calls for the turn (Environment: visibility, weather or
# special events), asked one by one: each answer maps to the events in force.
ENVIRONMENT: Final[tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...]] = (
    ("time", "time of day", (("day", "full day"), ("dawn", "dawn"), ("dusk", "dusk"))),
    ("weather", "weather", (("clear", "clear"), ("fog", "fog"))),
    (
        "smoke",
        "smoke over the water",
        (("none", "none"), ("reduced", "reduced visibility"), ("excessive-smoke", "excessive")),
    ),
    (
        "current",
        "the current or tide",
        (
            ("unchanged", "unchanged"),
            ("slack", "slack water"),
            *((str(h), f"flowing toward {h} degrees") for h in range(0, 360, 45)),
        ),
    ),
)


NO_EVENT: Final[tuple[str, ...]] = ("day", "clear", "none")


def set_events(state: State, events: list[str]) -> None:
    state.events = [e for e in events if e not in NO_EVENT and e != "clear"]
    state.visibility = ", ".join(state.events) or "clear"


def set_current(state: State, value: Any) -> None:
    state.current = None if value == "slack" else float(value) % 360


def scheduled(schedule: dict[Any, Any], turn: int) -> Any:
    """The latest entry of a turn -> value schedule at or before ``turn``."""
    found = None
    for key in sorted(schedule, key=int):
        if int(key) <= turn:
            found = schedule[key]
    return found


def step_environment(state: State, t: Tables, ctx: Context) -> bool:
    """Step 1: the game master determines visibility, weather and special
    events for the rest of the turn (time of day, fog, smoke, the current):
    a seat named ``gm`` is asked each, else the scenario's schedule applies."""
    if state.gm is not None:
        asked = state.plan.get("asked", [])
        if len(asked) < len(ENVIRONMENT):
            if not asked:
                state.plan["events"] = []
            what = ENVIRONMENT[len(asked)][0]
            state.plan["asked"] = [*asked, what]
            state.ask = {"kind": "environment", "seat": state.gm, "what": what}
            return False
        set_events(state, state.plan.get("events", []))
    else:
        events = scheduled(state.game_master.get("visibility", {}), state.turn)
        if events is not None:
            set_events(state, [events] if isinstance(events, str) else list(events))
        tide = scheduled(state.game_master.get("current", {}), state.turn)
        if tide is not None:
            set_current(state, tide)
    flow = "slack" if state.current is None else f"toward {state.current:g} degrees"
    ctx.log(f"Turn {state.turn}: visibility {state.visibility}; current {flow}", R_ENV)
    return True


def flagship_upstream(state: State) -> str | None:
    """The side whose flagship has the advantage of the current: the one
    further up the current (this project's reading; none without a current
    or without both flagships)."""
    if state.current is None:
        return None
    ux, uy = unit(state.current)
    where: dict[str, float] = {}
    for ship in state.ships.values():
        if ship.flagship and ship.afloat and ship.side not in where:
            where[ship.side] = ship.x * ux + ship.y * uy
    if len(where) < 2:
        return None
    a, b = state.sides
    if where[a] < where[b]:
        return a
    if where[b] < where[a]:
        return b
    return None


def initiative_modifier(state: State, t: Tables, side: str) -> tuple[int, list[str]]:
    """The initiative modifiers (Initiative): +1 won last turn, +1 sank more
    enemy boats last turn, +1 flagship has the current, -1 a captain
    suffered an adverse morale result last turn. They add up."""
    i = t.initiative
    other = other_side(state, side)
    mods: list[tuple[int, str]] = []
    if state.last_winner == side:
        mods.append((i.won_last, "won last turn"))
    if state.sank_last.get(side, 0) > state.sank_last.get(other, 0):
        mods.append((i.sank_more, "sank more last turn"))
    if flagship_upstream(state) == side:
        mods.append((i.current, "flagship has the current"))
    if side in state.adverse_last:
        mods.append((i.adverse_morale, "adverse morale result last turn"))
    return sum(v for v, _ in mods), [f"{w} {v:+d}" for v, w in mods]


def step_initiative(state: State, t: Tables, ctx: Context) -> bool:
    """Step 2: initiative. A side that captured a fort or sank an ironclad
    last turn wins outright; else a die each with modifiers, ties rolled
    again. The winner decides who is side A (moves first)."""
    if state.stage == "asked":
        return True
    autos = [s for s in state.sides if s in state.auto_win_last]
    if len(autos) == 1:
        winner = autos[0]
        ctx.log(f"{winner} wins the initiative outright (fort or ironclad last turn)", R_INIT)
    else:
        winner = state.sides[0]
        for _ in range(t.initiative.max_rerolls):
            totals: dict[str, int] = {}
            for side in state.sides:
                mod, why = initiative_modifier(state, t, side)
                other = other_side(state, side)
                (die,) = ctx.roll(
                    f"Initiative, {side}" + (f" ({', '.join(why)})" if why else ""),
                    1,
                    R_INIT,
                    seat=side,
                    math=ex.opposed(
                        ex.terms(why), initiative_modifier(state, t, other)[0], totals.get(other)
                    ),
                )
                totals[side] = die + mod
            a, b = state.sides
            if totals[a] != totals[b]:
                winner = a if totals[a] > totals[b] else b
                break
            ctx.log(f"Initiative tied at {totals[a]}: roll again", R_INIT)
        ctx.log(f"{winner} wins the initiative", R_INIT)
    state.initiative_winner = winner
    state.stage = "asked"
    state.ask = {"kind": "side_a", "seat": winner}
    return False
