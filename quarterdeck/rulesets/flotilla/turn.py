"""Flotilla, "Sequence of play": the eleven steps by name, and whose move it is.

The lowest layer of the turn's modules: every step module may import it.
The sequence itself is driven by ``rules.advance``.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.rulesets.flotilla.state import State

R_SEQ: Final = "Sequence of play"


PHASES: Final[tuple[str, ...]] = (
    "environment",
    "initiative",
    "move_a",
    "move_b",
    "landing",
    "combat",
    "continuing",
    "repair",
    "reload",
    "end",
    "passage",
)


def other_side(state: State, side: str) -> str:
    """The first side that is not ``side`` (asked at every fire point)."""
    for s in state.sides:
        if s != side:
            return s
    raise ValueError(f"no side but {side!r} in {state.sides!r}")


def mover(state: State) -> str:
    if state.phase == "move_b":
        return other_side(state, state.side_a)
    return state.side_a
