"""Standing fire orders (Firing: Method), a convenience of the program's,
shaped as Flotilla's (flotilla/standing.py).

The text has every ship and fort designate a target at each point where it
may fire: the end of every move, and in the first move after the quarter
she chose. Asked each time, a player fills the same fire form move after
move. A player may instead give each ship or fort a standing order, which
the program carries out at every such point as if it had been chosen then:

- ``ask``: ask me, as before (the default for a unit with no order);
- ``hold``: hold fire;
- ``nearest``: every gun at the nearest enemy ship it bears on (the fire
  form's "at will"; with one ship in reach, that ship);
- ``ship:<id>:<inches>``: fire at that ship, every gun that bears and
  reaches, once she is in reach (``0``) or within ``<inches>`` of her nearest
  gun that bears; else hold.

The orders are the side's own, secret as the fire orders are (view.hidden).
They change at every point where the side decides fire: in every move's plot
(a row for each of its ships and forts) and in every fire form it is shown
(a column beside "fires at"). An order that can no longer be carried out
falls back and the side's log says so: a named ship out of reach this move
(out of range, out of every arc, out of sight, within smoke) holds fire and
keeps the order; a named ship gone for good (sunk, blown up, taken, off the
table) ends the order, and the unit is asked again, that same move, like a
unit with no order (docs/rules-notes.md, ACW, Standing fire orders).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Field, Option
from quarterdeck.rulesets.acw_river.state import Fort, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables

R_FIRE: Final = "Firing: Method"
MAX_RANGE: Final = 50  # the line of sight (Visibility): no gun reaches further
WORDS: Final = {
    "ask": "ask me",
    "hold": "hold fire",
    "nearest": "every gun at the nearest enemy ship it bears on",
}


@dataclass(frozen=True, slots=True)
class Decision:
    """What a unit's standing order makes of this point of the move: the
    fire order (``None``: the unit is asked) and why, in words."""

    order: str | None
    why: str


def armed(unit: Ship | Fort) -> bool:
    """A unit that can be given a fire order at all: one with guns."""
    return bool(unit.guns)


def order_of(state: State, unit: Ship | Fort) -> str:
    """The unit's standing order, ``ask`` if she has none."""
    return state.standing.get(unit.side, {}).get(unit.id, "ask")


def target_name(state: State, sid: str) -> str:
    return state.ships[sid].name if sid in state.ships else sid


def words(state: State, order: str) -> str:
    """An order in words, for the side's own log, cards and forms."""
    if order.startswith("ship:"):
        _, target, inches = order.split(":")
        reach = f"within {inches} in" if int(inches) else "in reach"
        return f"{target_name(state, target)} when {reach}"
    return WORDS.get(order, order)


def gone(state: State, unit: Ship | Fort, sid: str) -> str:
    """Why a named ship can never be fired at again ('' if she still may)."""
    enemy = state.ships.get(sid)
    if enemy is None:
        return "is not on the table"
    if enemy.status in ("sunk", "exploded"):
        return "is " + ("sunk" if enemy.status == "sunk" else "blown up")
    if enemy.status == "exited":
        return "has left the table"
    if enemy.side == unit.side:
        return "is in our hands"
    return ""


def lapsed(state: State, unit: Ship | Fort) -> str:
    """Why the unit's order to fire at a named ship has lapsed ('' if it
    has not): the ship is gone for good."""
    order = order_of(state, unit)
    if not order.startswith("ship:"):
        return ""
    sid = order.split(":")[1]
    why = gone(state, unit, sid)
    return f"{target_name(state, sid)} {why}: the order lapses" if why else ""


_WORD_OPTIONS: Final = tuple(Option(k, v) for k, v in WORDS.items())
"""The orders that name no ship, as a form's choices."""

_SHIP_OPTIONS: Final[dict[tuple[str, str], Option]] = {}


def _ship_option(sid: str, name: str) -> Option:
    """The choice of firing at a named ship (an Option never changes: one is
    made for each ship id and name)."""
    key = (sid, name)
    found = _SHIP_OPTIONS.get(key)
    if found is None:
        found = Option(f"ship:{sid}", f"{name}, when in reach")
        if len(_SHIP_OPTIONS) >= 10_000:
            _SHIP_OPTIONS.clear()
        _SHIP_OPTIONS[key] = found
    return found


def named(state: State, unit: Ship | Fort) -> list[Option]:
    """The choices of :func:`choices` that name a ship: each enemy ship her
    side has sighted and that may still be fired at (the same for every
    unit of a side: :func:`gone` reads only her side)."""
    return [
        _ship_option(sid, target_name(state, sid))
        for sid in state.sighted.get(unit.side, [])
        if not gone(state, unit, sid)
    ]


def choices(state: State, unit: Ship | Fort, ships: list[Option] | None = None) -> list[Option]:
    """The standing orders a unit may be given: ask, hold, the nearest, or
    each enemy ship her side has sighted and that may still be fired at
    (``ships``: :func:`named` for her side, where the caller has it).
    Her current order comes first (a form's first choice is its default)."""
    out = [*_WORD_OPTIONS, *(ships if ships is not None else named(state, unit))]
    current = order_of(state, unit)
    key = ":".join(current.split(":")[:2])
    ids = [o.id for o in out]
    if key in ids:
        out.insert(0, out.pop(ids.index(key)))
    return out


def within_now(state: State, unit: Ship | Fort) -> int:
    order = order_of(state, unit)
    return int(order.split(":")[2]) if order.startswith("ship:") else 0


def fields(
    state: State,
    unit: Ship | Fort,
    head: str = "",
    lead: str = "",
    ships: list[Option] | None = None,
) -> list[Field]:
    """A unit's two standing-order fields: the order and, for a named ship,
    the reach in inches (0: wherever her guns reach); each name after
    ``head`` (the unit's id and a slash, in a side's form), each label after
    ``lead`` (its name). ``ships``: :func:`named` for her side, where the
    caller has it (a side's form asks it once for all its units)."""
    note = lapsed(state, unit)
    label = "standing fire order" + (f" ({note})" if note else "")
    return [
        Field(
            head + "standing", lead + label, "choice", choices=tuple(choices(state, unit, ships))
        ),
        prefixed(_WITHIN, head, lead),
    ]


_PREFIXED: Final[dict[tuple[Field, str, str], Field]] = {}


def prefixed(field: Field, head: str, lead: str) -> Field:
    """A field that is the same for every unit (a module's constant), named
    after ``head`` and labelled after ``lead``: made once for each field,
    head and lead (a Field never changes)."""
    if not head and not lead:
        return field
    key = (field, head, lead)
    found = _PREFIXED.get(key)
    if found is None:
        found = Field(
            head + field.name, lead + field.label, field.type, field.low, field.high, field.choices
        )
        if len(_PREFIXED) >= 10_000:
            _PREFIXED.clear()
        _PREFIXED[key] = found
    return found


_WITHIN: Final = Field(
    "within",
    "fire at the named ship within (inches; 0: wherever the guns reach)",
    "int",
    0,
    MAX_RANGE,
)
"""The reach field, the same for every unit (a Field never changes)."""


def order_from(answer: dict[str, Any]) -> str:
    """A unit's order from its fields: ``standing`` and ``within``."""
    order = str(answer["standing"])
    if order.startswith("ship:"):
        order = f"{order}:{int(answer.get('within', 0))}"
    return order


def give(state: State, unit: Ship | Fort, order: str) -> str:
    """Set a unit's standing order; the words for the side's own log if it
    changed ('' if not)."""
    before = order_of(state, unit)
    if order == before:
        return ""
    note = lapsed(state, unit)
    orders = state.standing.setdefault(unit.side, {})
    if order == "ask":
        orders.pop(unit.id, None)
    else:
        orders[unit.id] = order
    return f"{unit.name}: {words(state, order)}" + (f" ({note})" if note else "")


def decide(state: State, unit: Ship | Fort, t: Tables) -> Decision:
    """The fire order her standing order gives at this point, as the fire
    form would offer it; ``None`` asks (no order, or one that has lapsed)."""
    from quarterdeck.rulesets.acw_river.orders import targets

    order = order_of(state, unit)
    if order == "hold":
        return Decision("hold", "holds fire")
    if order == "nearest":
        found = targets(state, unit, t)
        if not found:
            return Decision("hold", "holds fire: no enemy ship in reach of her guns")
        if len(found) == 1:
            return Decision(f"at:{found[0][0].id}", f"fires at {found[0][0].name}")
        return Decision("will", "fires every gun at the nearest enemy ship it bears on")
    if order.startswith("ship:"):
        _, sid, inches = order.split(":")
        note = lapsed(state, unit)
        if note:
            return Decision(None, note)
        name = target_name(state, sid)
        shots = next((s for e, s in targets(state, unit, t) if e.id == sid), [])
        if not shots:
            return Decision("hold", f"holds fire: {name} is not in reach of her guns")
        near = min(s.inches for s in shots)
        if int(inches) and near > int(inches):
            return Decision("hold", f"holds fire: {name} is {near:.1f} in off, not within {inches}")
        return Decision(f"at:{sid}", f"fires at {name}")
    return Decision(None, "")


def carry_out(state: State, t: Tables, ctx: Context) -> None:
    """Before the fire of a round is resolved: every unit due to fire that
    was not asked is given the fire order its standing order makes, and each
    side's log (its own) says what they did."""
    from quarterdeck.rulesets.acw_river.orders import firer

    said: dict[str, list[str]] = {}
    for uid in state.due:
        unit = firer(state, uid)
        if uid in state.fire_orders.get(unit.side, {}):
            continue
        d = decide(state, unit, t)
        if d.order is None:
            continue
        state.fire_orders.setdefault(unit.side, {})[uid] = d.order
        said.setdefault(unit.side, []).append(f"{unit.name} {d.why}")
    for side, lines in sorted(said.items()):
        ctx.log("Standing fire orders: " + "; ".join(lines), R_FIRE, seats=(side,))


def decoy(orders: dict[str, str]) -> dict[str, str]:
    """Another side's orders as the conformance check puts them in place of
    the real ones: every unit's order changed for a valid other one."""
    return {uid: "hold" if o != "hold" else "nearest" for uid, o in orders.items()}
