"""Standing fire orders (Firing; Sequence of play, steps 3 and 4).

The rules let a side fire at the start, middle and end of every move, its own
and the enemy's; asked each time, a player answers "Fire now?" three times an
enemy ship. A player may instead give each battery a standing order, which the
program carries out at every such point:

- ``ask``: ask me, as before (the default for a battery with no order);
- ``hold``: hold fire;
- ``first``: fire at the nearest target in range and in sight;
- ``ship:<id>:<inches>``: fire at that ship once she is within ``<inches>``
  (0: anywhere in the battery's reach), else hold.

The orders are the player's own (hidden from the other side) and change
whenever fire is offered: the "Fire now?" question offers them, and a side
with standing orders in force is asked once at the start of every movement
step whether to carry them out or change them. What the orders fire is fired
exactly as a choice made then would be.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.rulesets.flotilla import fire, firers
from quarterdeck.rulesets.flotilla.state import State
from quarterdeck.rulesets.flotilla.tables import Tables

ORDER_WORDS: Final = {"ask": "ask me", "hold": "hold fire", "first": "first target in range"}
MAX_RANGE: Final = 60


def units(state: State, seat: str) -> list[tuple[str, str, str]]:
    """Every battery the seat commands: (unit id, battery, label), ships'
    batteries first, then land batteries and men ashore."""
    out = []
    for ship in state.ships.values():
        if ship.side == seat and ship.status == "active":
            for b in ship.batteries:
                if b.dice > 0:
                    out.append((ship.id, b.name, f"{ship.name}, {b.name} battery"))
    for bat in state.batteries.values():
        if bat.side == seat and bat.active:
            out.append((bat.id, "guns", bat.name))
    for tr in state.troops.values():
        if tr.side == seat and tr.alive and tr.aboard is None:
            out.append((tr.id, "guns", f"{tr.name} (small arms)"))
    return out


def in_force(state: State, seat: str) -> bool:
    """Whether the seat has a standing order other than "ask" (a loop, not
    ``any``: asked at every fire point, mostly of no orders at all)."""
    orders = state.standing.get(seat)
    if orders:
        for v in orders.values():
            if v != "ask":
                return True
    return False


def review_now(state: State, seat: str) -> bool:
    """The start of a movement step: a side with standing orders is asked
    once whether to carry them out or change them."""
    return in_force(state, seat) and seat not in state.reviewed and not state.unit


def words(order: str, state: State) -> str:
    if order.startswith("ship:"):
        _, target, inches = order.split(":")
        name = state.ships[target].name if target in state.ships else target
        reach = f"within {inches} in" if int(inches) else "in range"
        return f"{name} when {reach}"
    return ORDER_WORDS.get(order, order)


def decide(
    state: State,
    t: Tables,
    seat: str,
    unit: str,
    shots: Callable[[str, str], list[fire.Shot]],
) -> dict[str, str] | None:
    """Every ready battery's order for ``unit`` under the standing orders
    (battery -> target id or "hold"), or None if any of them is "ask"."""
    orders = state.standing.get(seat, {})
    if unit in state.ships:
        batteries = [b.name for b in firers.ready_batteries(state, t, state.ships[unit])]
    else:
        batteries = ["guns"]
    out: dict[str, str] = {}
    for battery in batteries:
        order = orders.get(f"{unit}:{battery}", "ask")
        found = shots(unit, battery)
        if order == "hold":
            out[battery] = "hold"
        elif order == "first":
            out[battery] = min(found, key=lambda s: s.inches).target if found else "hold"
        elif order.startswith("ship:"):
            _, target, inches = order.split(":")
            reach = int(inches) or MAX_RANGE * 10
            hits = [s for s in found if s.target == target and s.inches <= reach]
            out[battery] = target if hits else "hold"
        else:
            return None
    return out


def prompt(state: State, t: Tables, seat: str) -> Prompt:
    """The form for the standing orders of every battery, a row a battery."""
    current = state.standing.get(seat, {})
    enemies = [s for s in state.ships.values() if s.side != seat and s.status == "active"]
    choices = (
        Option("ask", "ask me"),
        Option("hold", "hold fire"),
        Option("first", "first target in range"),
        *(Option(f"ship:{s.id}", f"{s.name}, when within range") for s in enemies),
    )
    fields = []
    rows: list[dict[str, Any]] = []
    defaults: dict[str, Any] = {}
    for unit, battery, label in units(state, seat):
        key = f"{unit}:{battery}"
        fields.append(Field(key, label, "choice", choices=choices))
        fields.append(
            Field(f"{key}:range", f"{label}: within (inches, 0 any)", "int", 0, MAX_RANGE)
        )
        order = current.get(key, "ask")
        if order.startswith("ship:"):
            _, target, inches = order.split(":")
            defaults[key], defaults[f"{key}:range"] = f"ship:{target}", int(inches)
        else:
            defaults[key], defaults[f"{key}:range"] = order, 0
        rows.append({"id": key, "label": label, "fields": {"order": key, "range": f"{key}:range"}})
    return Prompt(
        seat,
        "Standing fire orders: what each battery does when fire is offered "
        "(the program carries them out; you may change them whenever fire is offered)",
        fire.R_FIRE,
        kind="form",
        fields=tuple(fields),
        context={
            "step": "standing",
            "secret": True,
            "row_noun": ["battery", "batteries"],
            "rows": rows,
            "columns": [
                {"key": "order", "label": "order"},
                {"key": "range", "label": "within (in), 0 any"},
            ],
            "defaults": defaults,
        },
    )


def give(state: State, seat: str, answer: dict[str, Any]) -> list[str]:
    """Record the seat's standing orders from the form; their words, for the
    seat's own log."""
    orders: dict[str, str] = {}
    said = []
    for unit, battery, label in units(state, seat):
        key = f"{unit}:{battery}"
        order = str(answer[key])
        if order.startswith("ship:"):
            order = f"{order}:{int(answer[f'{key}:range'])}"
        orders[key] = order
        if order != "ask":
            said.append(f"{label}: {words(order, state)}")
    state.standing[seat] = orders
    state.reviewed.append(seat)
    return said
