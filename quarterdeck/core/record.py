"""A game as data: the scenario, the seed, and every decision and roll in order.

Replaying a record through the rules reproduces the game exactly; saving,
resuming, undo and replay all rest on that. Entries are plain JSON objects:

``{"t": "d", "seat": ..., "answer": ...}``
    a decision, as the seat's answer to its prompt;
``{"t": "r", "label": ..., "rule": ..., "sides": 6, "values": [...]}``
    a roll, in the order the rules asked for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quarterdeck.core.dice import DiceSource, RollRequest, check_values
from quarterdeck.core.errors import DiceError, RecordError

FORMAT = "quarterdeck-record/1"


@dataclass
class Record:
    """The whole of a game: enough to rebuild it exactly."""

    ruleset: str
    scenario_id: str
    scenario: dict[str, Any]
    seed: int | None
    dice_mode: str = "program"
    entries: list[dict[str, Any]] = field(default_factory=list)

    def decisions(self) -> list[tuple[str, Any]]:
        return [(e["seat"], e["answer"]) for e in self.entries if e["t"] == "d"]

    def rolls(self) -> list[dict[str, Any]]:
        return [e for e in self.entries if e["t"] == "r"]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "scenario_id": self.scenario_id,
            "scenario": self.scenario,
            "seed": self.seed,
            "dice_mode": self.dice_mode,
            "entries": self.entries,
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> Record:
        """Read a record, refusing anything malformed with the place it is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"{where}: a record is a JSON object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"{where}: field 'format' is {data.get('format')!r}; expected {FORMAT!r}"
            )
        for key, kind in (
            ("ruleset", str),
            ("scenario_id", str),
            ("scenario", dict),
            ("entries", list),
            ("dice_mode", str),
        ):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{where}: field {key!r} must be a {kind.__name__}")
        if data["dice_mode"] not in ("program", "manual", "scripted"):
            raise RecordError(
                f"{where}: field 'dice_mode' is {data['dice_mode']!r}; "
                "legal values: program, manual, scripted"
            )
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError(f"{where}: field 'seed' must be a whole number or null")
        for index, entry in enumerate(data["entries"]):
            place = f"{where}: entries[{index}]"
            if not isinstance(entry, dict) or entry.get("t") not in ("d", "r"):
                raise RecordError(f"{place}: each entry needs 't' = 'd' (decision) or 'r' (roll)")
            if entry["t"] == "d":
                if not isinstance(entry.get("seat"), str) or "answer" not in entry:
                    raise RecordError(f"{place}: a decision needs 'seat' and 'answer'")
            else:
                values = entry.get("values")
                sides = entry.get("sides", 6)
                if (
                    not isinstance(entry.get("label"), str)
                    or not isinstance(values, list)
                    or not isinstance(sides, int)
                ):
                    raise RecordError(f"{place}: a roll needs 'label', 'sides' and 'values'")
                try:
                    check_values(RollRequest(entry["label"], len(values), "", sides), values)
                except DiceError as exc:
                    raise RecordError(f"{place}: {exc}") from None
        return cls(
            ruleset=data["ruleset"],
            scenario_id=data["scenario_id"],
            scenario=data["scenario"],
            seed=seed,
            dice_mode=data["dice_mode"],
            entries=list(data["entries"]),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"{p}: cannot read the record ({exc.strerror})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{p}, line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})"
            ) from None
        return cls.from_json(data, str(p))


class ReplayDice:
    """Answers rolls from a record's roll entries, checking each one matches.

    When the recorded rolls run out, rolls come from ``live``. With
    ``advance_live`` the live source is also asked for every recorded roll, so
    that a seeded generator ends up where the original game left it.
    """

    __slots__ = ("_pos", "_rolls", "advance_live", "live")

    def __init__(
        self,
        rolls: list[dict[str, Any]],
        live: DiceSource | None = None,
        advance_live: bool = False,
    ) -> None:
        self._rolls = rolls
        self._pos = 0
        self.live = live
        self.advance_live = advance_live

    @property
    def unused(self) -> int:
        return len(self._rolls) - self._pos

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        if self._pos >= len(self._rolls):
            if self.live is None:
                raise RecordError(
                    f"the record ends before the roll '{request.label}' ({request.rule})"
                )
            return self.live.roll(request)
        entry = self._rolls[self._pos]
        self._pos += 1
        if entry["label"] != request.label or len(entry["values"]) != request.count:
            raise RecordError(
                f"roll {self._pos} of the record is '{entry['label']}' with "
                f"{len(entry['values'])} dice, but the rules asked for '{request.label}' "
                f"with {request.count} dice: the record does not fit this game"
            )
        if self.advance_live and self.live is not None:
            self.live.roll(request)
        return tuple(entry["values"])
