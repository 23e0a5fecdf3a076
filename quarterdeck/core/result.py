"""Typed endings: who won, how, and when."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Termination(StrEnum):
    """How a game ended. Rule sets use the members that fit their rules."""

    CAPTURED = "captured"
    REPELLED = "repelled"
    CALLED_OFF = "called off"
    DISENGAGED = "disengaged"
    SUNK = "sunk"
    STRUCK = "struck"
    LEFT_FIELD = "left the field"
    OBJECTIVES = "objectives"
    TURN_LIMIT = "turn limit"


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game. ``winner`` is a side name, or None for a draw."""

    winner: str | None
    how: Termination
    turn: int
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "how": self.how.value,
            "turn": self.turn,
            "detail": self.detail,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(data["winner"], Termination(data["how"]), int(data["turn"]), data["detail"])

    def __str__(self) -> str:
        who = f"{self.winner} wins" if self.winner else "draw"
        text = f"{who}: {self.how.value} (turn {self.turn})"
        return f"{text}. {self.detail}" if self.detail else text
