"""Each side's losses and victory points at the end of a game, for the rows
of a simulation run.

A rule set may say it itself with an optional ``tally(state)`` method that
returns ``(losses, points)``, each a mapping of side to a whole number.
Otherwise:

- losses: the side's ships that were lost: sunk, struck, surrendered,
  abandoned, left a hulk or captured (a ship that left the table or escaped
  by its exit is not a loss), read from the state's ``ships`` (each with a
  ``side`` and a ``status`` or ``captured_by``), else from the full view's;
- points: the full view's ``points`` (the scenario's victory points), if the
  rule set's view has them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from quarterdeck.core.hidden import EVERYTHING

LOST: Final = frozenset({"sunk", "struck", "surrendered", "abandoned", "hulk", "captured"})

_HAS_POINTS: Final[dict[str, bool]] = {}  # rule set id -> whether its view shows points


def tally(ruleset: Any, state: Any, sides: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """``(losses, points)`` of every fighting side at the end of a game."""
    own = getattr(ruleset, "tally", None)
    if own is not None:
        losses, points = own(state)
        return (
            {s: int(losses.get(s, 0)) for s in sides},
            {s: int(points.get(s, 0)) for s in sides},
        )
    key = ruleset.info.id
    view: dict[str, Any] | None = None
    if _HAS_POINTS.get(key, True):
        view = ruleset.view(state, EVERYTHING)
        _HAS_POINTS[key] = isinstance(view.get("points"), dict)
    ships = getattr(state, "ships", None)
    if isinstance(ships, dict):
        lost = ships_lost(ships.values(), sides)
    else:
        if view is None:
            view = ruleset.view(state, EVERYTHING)
        shown = view.get("ships") or []
        if isinstance(shown, dict):
            shown = list(shown.values())
        lost = _lost(
            (
                (s.get("side"), s.get("status"), s.get("captured_by"))
                for s in shown
                if isinstance(s, dict)
            ),
            sides,
        )
    points = view.get("points") if view is not None else None
    return lost, ({s: int(points.get(s, 0)) for s in sides} if isinstance(points, dict) else {})


def ships_lost(ships: Iterable[Any], sides: list[str]) -> dict[str, int]:
    """Each side's lost ships (see the module's words) among ``ships``, each
    with a ``side`` and a ``status`` or ``captured_by``: the one reading of a
    loss, for a rule set's own ``tally`` too."""
    return _lost(
        (
            (
                getattr(s, "side", None),
                getattr(s, "status", None),
                getattr(s, "captured_by", None),
            )
            for s in ships
        ),
        sides,
    )


def _lost(ships: Any, sides: list[str]) -> dict[str, int]:
    lost = dict.fromkeys(sides, 0)
    for side, status, captured_by in ships:
        if side in lost and (captured_by or status in LOST):
            lost[side] += 1
    return lost
