"""Each side's losses and victory points at the end of a game, for the rows
of a simulation run.

A rule set may say it itself with an optional ``tally(state)`` method that
returns ``(losses, points)``, each a mapping of side to a whole number.
Otherwise both are read from the rule set's full view of the final state:

- losses: the side's ships that were lost: sunk, struck, surrendered,
  abandoned, left a hulk or captured (a ship that left the table or escaped
  by its exit is not a loss);
- points: the view's ``points`` (the scenario's victory points), if it has them.
"""

from __future__ import annotations

from typing import Any

from quarterdeck.core.hidden import EVERYTHING

LOST = frozenset({"sunk", "struck", "surrendered", "abandoned", "hulk", "captured"})


def tally(ruleset: Any, state: Any, sides: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """``(losses, points)`` of every fighting side at the end of a game."""
    own = getattr(ruleset, "tally", None)
    if own is not None:
        losses, points = own(state)
        return (
            {s: int(losses.get(s, 0)) for s in sides},
            {s: int(points.get(s, 0)) for s in sides},
        )
    view = ruleset.view(state, EVERYTHING)
    ships = view.get("ships") or []
    if isinstance(ships, dict):
        ships = list(ships.values())
    lost = dict.fromkeys(sides, 0)
    for ship in ships:
        if not isinstance(ship, dict) or ship.get("side") not in lost:
            continue
        if ship.get("captured_by") or ship.get("status") in LOST:
            lost[ship["side"]] += 1
    shown = view.get("points")
    points = {s: int(shown.get(s, 0)) for s in sides} if isinstance(shown, dict) else {}
    return lost, points
