"""Orders that every ship of a side gives at once, asked as one form for the
whole fleet: the first loads (4.1) and the crew orders (2.1).

The rules have each commander order every ship in secret, all revealed
together; how the orders are written down is the program's. A side with two
or more ships to order gets one form, a row a ship (fields ``<ship>.<battery>``
for the loads, ``<ship>`` for the crew); a side with one ship is asked for her
alone, as before. The orders land where the ship-by-ship answers would, so
revealing and applying them is unchanged; a crew order placed box by box or a
rally of several casualties is asked ship by ship afterwards.

The prompt's context describes the table for any front end: ``rows`` (each
ship's id, name and her fields by column), ``columns`` (key and label) and
``defaults`` (the suggested answer of every field).
"""

from __future__ import annotations

from typing import Any

from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.rulesets.away_boarders.crew import crew_options, loaded_batteries
from quarterdeck.rulesets.away_boarders.sections import R_CREW, R_LOAD
from quarterdeck.rulesets.away_boarders.state import BATTERIES, Ship, State
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES, Tables


def _waiting(state: State, seat: str, crew: bool) -> list[Ship] | None:
    """The side's ships still to be ordered, when the fleet form applies:
    two or more of them, and none ordered yet (a form half answered ship by
    ship goes on ship by ship)."""
    if state.orders.get(seat):
        return None  # ordered ship by ship (the side's fleet is not read)
    mine = [
        s
        for s in state.ships.values()
        if s.side == seat and s.active and (s.co == "ok" or not crew)
    ]
    return mine if len(mine) >= 2 else None


def loads_prompt(state: State, t: Tables, seat: str) -> Prompt | None:
    """Every ship's first load of every battery, one form (4.1); the
    scenario's loads are the defaults."""
    ships = _waiting(state, seat, crew=False)
    if ships is None:
        return None
    choices = tuple(Option(a, t.ammo.get(a).label) for a in AMMO_TYPES)
    fields = []
    rows: list[dict[str, Any]] = []
    suggested: dict[str, str] = {}
    used: list[str] = []
    for ship in ships:
        cells = {}
        for b in loaded_batteries(ship):
            name = f"{ship.id}.{b}"
            fields.append(Field(name, f"{ship.name}: {b} guns", "choice", choices=choices))
            cells[b] = name
            suggested[name] = ship.load[b]
            if b not in used:
                used.append(b)
        rows.append({"id": ship.id, "label": ship.name, "fields": cells})
    return Prompt(
        seat,
        f"Before the battle: the first loads of your {len(ships)} ships, one per load box "
        "(the scenario's loads are filled in)",
        R_LOAD,
        kind="form",
        fields=tuple(fields),
        context={
            "secret": True,
            "step": "loads",
            "fleet": True,
            "turn": state.turn,
            "rows": rows,
            "columns": [{"key": b, "label": f"{b} guns"} for b in BATTERIES if b in used],
            "suggested": suggested,
            "defaults": suggested,
        },
    )


def crew_prompt(state: State, t: Tables, seat: str) -> Prompt | None:
    """Every ship's crew order, one form (2.1): each row offers the ship's
    own orders; keeping the crew where they are is the default."""
    ships = _waiting(state, seat, crew=True)
    if ships is None:
        return None
    fields = tuple(Field(s.id, s.name, "choice", choices=crew_options(s, t)) for s in ships)
    return Prompt(
        seat,
        f"Turn {state.turn}, crew orders for your {len(ships)} ships",
        R_CREW,
        kind="form",
        fields=fields,
        context={
            "secret": True,
            "step": "crew",
            "fleet": True,
            "turn": state.turn,
            "rows": [{"id": s.id, "label": s.name, "fields": {"order": s.id}} for s in ships],
            "columns": [{"key": "order", "label": "crew order"}],
            "defaults": {s.id: "keep" for s in ships},
        },
    )


def apply(state: State, seat: str, prompt: Prompt, answer: dict[str, Any]) -> None:
    """File each ship's order where the ship-by-ship answer would go."""
    orders = state.orders.setdefault(seat, {})
    if prompt.context["step"] == "loads":
        for row in prompt.context["rows"]:
            orders[row["id"]] = {b: str(answer[name]) for b, name in row["fields"].items()}
    elif prompt.context["step"] == "crew":
        for row in prompt.context["rows"]:
            orders[row["id"]] = str(answer[row["id"]])
    else:  # pragma: no cover - only the two steps above are asked by fleet
        raise IllegalAnswer(f"no fleet form for step {prompt.context['step']!r}")
