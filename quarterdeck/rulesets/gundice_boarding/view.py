"""What each seat may see of a gun-dice boarding game, and its text picture.

Secret orders (mobilisations and declarations not yet revealed) are shown
only to the seat that gave them; every other seat learns only that orders
have been given.
"""

from __future__ import annotations

from typing import Any

from quarterdeck.core.hidden import sees
from quarterdeck.rulesets.gundice_boarding.rules import contact_active
from quarterdeck.rulesets.gundice_boarding.state import State


def view(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see (the module's docstring). Built for every
    decision of a simulated game: plain loops."""
    action_of: dict[str, int] = {}  # ship -> her action, the first that names her
    if state.actions:
        for a in reversed(state.actions):
            action_of[a.defender] = a.id
            for x in a.attackers:
                action_of[x] = a.id
    ships = []
    for s in state.ships.values():
        # fifteen entries in one display (CPython builds up to fifteen from
        # constant keys at once), the last four set in order after them
        record = {
            "id": s.id,
            "name": s.name,
            "side": s.side,
            "size": s.size,
            "crew": s.crew,
            "gun_dice": s.gun_dice,
            "gun_dice_free": s.gun_dice_free,
            "gun_dice_hits": s.gun_dice_hits,
            "gun_dice_committed": s.gun_dice_committed,
            "gun_dice_lost": s.gun_dice_lost,
            "mobilised": s.mobilised,
            "sail_hits": s.sail_hits,
            "stationary": s.stationary,
            "failed_attacker": s.failed_attacker,
            "captured_by": s.captured_by,
        }
        record["in_action"] = action_of.get(s.id) if action_of else None
        record["x_mm"] = s.x_mm
        record["y_mm"] = s.y_mm
        record["heading"] = s.heading
        ships.append(record)
    contacts = []
    ships_by_id = state.ships
    several = len(state.contacts) > 1
    for c in state.contacts:
        # contact_active (5.1) is true where any contact of the pair is open:
        # this one open (within 10 mm, not across a ship still afloat) is
        # enough; only where it is not may another of the pair be
        via = c.via
        active = c.distance_mm <= 10 and (via is None or ships_by_id[via].captured_by is not None)
        if not active and several:
            active = contact_active(state, c.a, c.b)[0]
        contacts.append(
            {
                "ships": [c.a, c.b],
                "fouled": c.fouled,
                "distance_mm": c.distance_mm,
                "via": via,
                "active": active,
            }
        )
    # (the comprehensions run only where there is something to list)
    actions = (
        [
            {
                "id": a.id,
                "attackers": a.attackers,
                "defender": a.defender,
                "attacker_side": a.attacker_side,
                "defender_side": a.defender_side,
                "attacker_dice": a.attacker_dice,
                "defender_dice": a.defender_dice,
                "attacker_start": a.attacker_start,
                "defender_start": a.defender_start,
                "rounds_this_turn": a.rounds_this_turn,
                "last_attacker_roll": a.last_attacker_roll,
                "last_defender_roll": a.last_defender_roll,
            }
            for a in state.actions
        ]
        if state.actions
        else []
    )
    orders: dict[str, Any] = {}
    for side, given in state.orders.items():
        orders[side] = dict(given) if sees(seat, side) else {"given": len(given)}
    return {
        "ruleset": "gundice-boarding",
        "seat": seat,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "sea": state.sea,
        "sides": state.sides,
        "ships": ships,
        "contacts": contacts,
        "actions": actions,
        "orders": orders,
        "outcomes": [
            {
                "turn": o.turn,
                "how": o.how,
                "attackers": o.attackers,
                "defender": o.defender,
                "winner": o.winner_side,
            }
            for o in state.outcomes
        ]
        if state.outcomes
        else [],
    }


def render(state: State, seat: str | None) -> str:
    """A plain-text table of the ships and actions for the terminal."""
    lines = [f"Turn {state.turn} of {state.turn_limit}   sea: {state.sea}   phase: {state.phase}"]
    for side in state.sides:
        lines.append(f"  {side}:")
        for s in state.ships.values():
            if s.side != side:
                continue
            status = (
                f"CAPTURED by {s.captured_by}"
                if s.captured_by
                else ("stationary" if s.stationary else "under way")
            )
            flags = []
            if s.failed_attacker:
                flags.append("failed attacker")
            if s.gun_dice_committed:
                flags.append(f"{s.gun_dice_committed} GD mobilised")
            if s.gun_dice_lost:
                flags.append(f"{s.gun_dice_lost} GD lost")
            lines.append(
                f"    {s.name:<22} size {s.size}  crew {s.crew}  GD {s.gun_dice_free}/{s.gun_dice}"
                f"  sail hits {s.sail_hits}  GD hits {s.gun_dice_hits}  {status}"
                + (f"  [{', '.join(flags)}]" if flags else "")
            )
    for c in state.contacts:
        active, fouled = contact_active(state, c.a, c.b)
        if active:
            lines.append(
                f"  alongside: {state.ships[c.a].name} - {state.ships[c.b].name}"
                + (" (fouled)" if fouled else "")
                + (f" across {state.ships[c.via].name}" if c.via else "")
            )
    for a in state.actions:
        names = " + ".join(state.ships[x].name for x in a.attackers)
        lines.append(
            f"  ACTION: {names} [{_dice(a.attacker_dice)}] boarding "
            f"{state.ships[a.defender].name} [{_dice(a.defender_dice)}]"
        )
    return "\n".join(lines)


def _dice(n: int) -> str:
    """ "1 die", "3 dice"."""
    return f"{n} {'die' if n == 1 else 'dice'}"
