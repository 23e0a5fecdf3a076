"""A game as data: the scenario, the seed, and every decision and roll in order.

Replaying a record through the rules reproduces the game exactly; saving,
resuming, undo and replay all rest on that. Entries are plain JSON objects:

``{"t": "d", "seat": ..., "answer": ...}``
    a decision, as the seat's answer to its prompt;
``{"t": "r", "label": ..., "rule": ..., "sides": 6, "values": [...], "seat": ...}``
    a roll, in the order the rules asked for it, with the seat that rolled it
    and ``"secret": true`` if only that seat (and the umpire) saw it;
``{"t": "c", "label": ..., "rule": ..., "deck": ..., "size": N, "card": ..., "seat": ...}``
    a card drawn from a deck of ``size`` cards (likewise ``"secret"``).

The record is the whole truth of a game, secrets included: it is kept by the
store and in files a player saves, never shown to a seat as it is. What a seat,
a spectator or a replay of an unfinished game is shown is built from views.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from quarterdeck.core.dice import DiceSource, DrawRequest, RollRequest, check_values
from quarterdeck.core.errors import DiceError, RecordError

FORMAT: Final = "quarterdeck-record/1"
MAX_SIDES: Final = 100  # the largest die any rule set rolls is a d10; a d100 at most
MAX_DECK: Final = 10_000


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
        """The rolls and card draws, in order."""
        return [e for e in self.entries if e["t"] in ("r", "c")]

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
            if not isinstance(entry, dict) or entry.get("t") not in ("d", "r", "c"):
                raise RecordError(
                    f"{place}: each entry needs 't' = 'd' (decision), 'r' (roll) or 'c' (card)"
                )
            seat = entry.get("seat")
            if entry["t"] != "d" and seat is not None and not isinstance(seat, str):
                raise RecordError(f"{place}: field 'seat' must be a side's name or null")
            if not isinstance(entry.get("secret", False), bool):
                raise RecordError(f"{place}: field 'secret' must be true or false")
            if entry["t"] == "d":
                if not isinstance(entry.get("seat"), str) or "answer" not in entry:
                    raise RecordError(f"{place}: a decision needs 'seat' and 'answer'")
            elif entry["t"] == "c":
                size = entry.get("size")
                if (
                    not isinstance(entry.get("label"), str)
                    or not isinstance(entry.get("deck"), str)
                    or not isinstance(entry.get("card"), str)
                    or isinstance(size, bool)
                    or not isinstance(size, int)
                    or not 1 <= size <= MAX_DECK
                ):
                    raise RecordError(
                        f"{place}: a card draw needs 'label', 'deck', 'card' and 'size' "
                        f"(1 to {MAX_DECK})"
                    )
            else:
                values = entry.get("values")
                sides = entry.get("sides", 6)
                if (
                    not isinstance(entry.get("label"), str)
                    or not isinstance(values, list)
                    or isinstance(sides, bool)
                    or not isinstance(sides, int)
                ):
                    raise RecordError(f"{place}: a roll needs 'label', 'sides' and 'values'")
                if not 2 <= sides <= MAX_SIDES:
                    raise RecordError(
                        f"{place}: field 'sides' is {sides}; a die has 2 to {MAX_SIDES} sides"
                    )
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
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"{p}: not a UTF-8 text file (byte {exc.start + 1} cannot be read)"
            ) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{p}, line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})"
            ) from None
        except RecursionError:
            raise RecordError(f"{p}: not a game record: nested too deeply") from None
        return cls.from_json(data, str(p))


class ReplayDice:
    """Answers rolls and card draws from a record's entries, checking that
    each one is the roll (label, dice, sides, seat) or draw the rules ask for.

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

    def _next(self, label: str, rule: str) -> dict[str, Any] | None:
        if self._pos >= len(self._rolls):
            if self.live is None:
                raise RecordError(f"the record ends before the roll '{label}' ({rule})")
            return None
        entry = self._rolls[self._pos]
        self._pos += 1
        return entry

    def _check_seat(self, entry: dict[str, Any], seat: str | None, what: str) -> None:
        recorded = entry.get("seat", seat)  # records made before rolls had owners
        if recorded != seat:
            raise RecordError(
                f"{what} {self._pos} of the record, '{entry['label']}', was rolled by "
                f"{recorded!r}, but the rules give it to {seat!r}: the record does not fit "
                "this game"
            )

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        entry = self._next(request.label, request.rule)
        if entry is None:
            assert self.live is not None
            return self.live.roll(request)
        if (
            entry["t"] != "r"
            or entry["label"] != request.label
            or len(entry["values"]) != request.count
            or entry.get("sides", 6) != request.sides
        ):
            kind = (
                f"with {len(entry['values'])} d{entry.get('sides', 6)}"
                if entry["t"] == "r"
                else f"a card from the {entry.get('deck')} deck"
            )
            raise RecordError(
                f"roll {self._pos} of the record is '{entry['label']}' {kind}, but the "
                f"rules asked for '{request.label}' with {request.count} d{request.sides}: "
                "the record does not fit this game"
            )
        self._check_seat(entry, request.seat, "roll")
        if self.advance_live and self.live is not None:
            self.live.roll(request)
        return tuple(entry["values"])

    def draw(self, request: DrawRequest) -> str:
        entry = self._next(request.label, request.rule)
        if entry is None:
            assert self.live is not None
            return self.live.draw(request)
        if entry["t"] != "c" or entry["label"] != request.label or entry["deck"] != request.deck:
            raise RecordError(
                f"entry {self._pos} of the record's rolls is '{entry['label']}', but the "
                f"rules asked for a card from the {request.deck} deck ('{request.label}'): "
                "the record does not fit this game"
            )
        if entry["card"] not in request.cards or entry["size"] != len(request.cards):
            raise RecordError(
                f"card {self._pos} of the record, {entry['card']!r} from a deck of "
                f"{entry['size']}, cannot be drawn from the {request.deck} deck as the rules "
                f"have it ({len(request.cards)} cards left)"
            )
        self._check_seat(entry, request.seat, "card")
        if self.advance_live and self.live is not None:
            self.live.draw(request)
        return str(entry["card"])
