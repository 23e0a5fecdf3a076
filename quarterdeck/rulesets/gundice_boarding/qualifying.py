"""Gun-dice boarding, 5.1 Boarding (Outline): who may board whom.

A ship may declare a boarding attempt against an enemy ship when both are
stationary and within 10 mm of each other (locked together or not), neither
is captured and neither is already in a boarding action.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.rulesets.gundice_boarding.state import Action, Ship, State

R_OUTLINE: Final = "5.1 Boarding"


def contact_active(state: State, a: str, b: str) -> tuple[bool, bool]:
    """Whether ``a`` and ``b`` are within 10 mm (5.1), and whether fouled."""
    for c in state.contacts:
        if ((c.a == a and c.b == b) or (c.a == b and c.b == a)) and c.distance_mm <= 10:
            if c.via is not None and state.ships[c.via].captured_by is None:
                continue
            return True, c.fouled
    return False, False


def in_action(state: State, ship_id: str) -> Action | None:
    for action in state.actions:
        if ship_id == action.defender or ship_id in action.attackers:
            return action
    return None


def afloat(ship: Ship) -> bool:
    return ship.captured_by is None


def engaged(state: State) -> set[str]:
    """The ships in a boarding action in progress."""
    out: set[str] = set()
    if not state.actions:
        return out
    for action in state.actions:
        out.update(action.attackers)
        out.add(action.defender)
    return out


def boarding_targets(state: State, ship: Ship, busy: set[str] | None = None) -> list[Ship]:
    """Enemy ships this ship may declare a boarding attempt against (5.1):
    both stationary, within 10 mm, neither captured nor already in an action.
    ``busy``: the ships in an action (:func:`engaged`), where the caller has
    them already."""
    if busy is None:
        busy = engaged(state)
    me = ship.id
    if ship.captured_by is not None or not ship.stationary or me in busy:
        return []
    out: list[Ship] = []
    ships = state.ships
    side = ship.side
    for c in state.contacts:
        if c.a == me:
            other_id = c.b
        elif c.b == me:
            other_id = c.a
        else:
            continue
        if c.distance_mm > 10:
            continue
        via = c.via
        if via is not None and ships[via].captured_by is None:
            continue
        other = ships[other_id]
        if (
            other.side != side
            and other.captured_by is None
            and other.stationary
            and other_id not in busy
            and other not in out
        ):
            out.append(other)
    return out


def _any_may_declare(state: State) -> bool:
    """Whether any ship of any side has a target to declare against
    (:func:`boarding_targets`), stopping at the first."""
    busy = engaged(state)
    sides = state.sides
    for ship in state.ships.values():
        if ship.side in sides and boarding_targets(state, ship, busy):
            return True
    return False
