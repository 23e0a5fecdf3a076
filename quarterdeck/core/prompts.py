"""What a player is asked, and the check of their answer.

A :class:`Prompt` names the seat that must answer, the question, the rule
section that asks it, and the legal answers. Two kinds exist:

``choice``
    pick one of the enumerated :class:`Option` ids (the answer is the id).
``form``
    a structured answer (a crew assignment, a move plan): a mapping of field
    name to value, each :class:`Field` stating its bounds. A rule set may add
    checks across fields (``Prompt.total`` bounds the sum of int fields).

Several prompts may be open at once, one per seat, for simultaneous secret
orders; they are revealed together when the last seat has answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from quarterdeck.core.errors import IllegalAnswer

Answer = str | dict[str, Any]


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer to a choice prompt."""

    id: str
    label: str

    def __init__(self, id: str, label: str) -> None:
        # (written out as the dataclass would make it: see Prompt)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "label", label)

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a form prompt: an int in [low, high] or one of ``choices``."""

    name: str
    label: str
    type: Literal["int", "choice"] = "int"
    low: int = 0
    high: int = 0
    choices: tuple[Option, ...] = ()

    def __init__(
        self,
        name: str,
        label: str,
        type: Literal["int", "choice"] = "int",
        low: int = 0,
        high: int = 0,
        choices: tuple[Option, ...] = (),
    ) -> None:
        # (written out as the dataclass would make it: see Prompt)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "choices", choices)

    def check(self, value: Any) -> None:
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise IllegalAnswer(f"field {self.name!r}: {value!r} is not a whole number")
            if not self.low <= value <= self.high:
                raise IllegalAnswer(
                    f"field {self.name!r}: {value} is out of range "
                    f"(legal values {self.low} to {self.high})"
                )
        else:
            ids = [c.id for c in self.choices]
            if value not in ids:
                raise IllegalAnswer(
                    f"field {self.name!r}: {value!r} is not allowed (legal values: "
                    + ", ".join(ids)
                    + ")"
                )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label, "type": self.type}
        if self.type == "int":
            out.update(low=self.low, high=self.high)
        else:
            out["choices"] = [c.to_json() for c in self.choices]
        return out


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question to one seat, with the rule that asks it and its legal answers."""

    seat: str
    question: str
    rule: str
    options: tuple[Option, ...] = ()
    kind: Literal["choice", "form"] = "choice"
    fields: tuple[Field, ...] = ()
    total: tuple[int, int] | None = None
    context: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        seat: str,
        question: str,
        rule: str,
        options: tuple[Option, ...] = (),
        kind: Literal["choice", "form"] = "choice",
        fields: tuple[Field, ...] = (),
        total: tuple[int, int] | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> None:
        """The dataclass's own ``__init__``, written out (``context``: a new
        empty dict where none is given, as its default factory makes): the
        compiled build (scripts/compile) makes a class's written ``__init__``
        native code, but runs the one the dataclass makes as interpreted
        code, several times slower than the rest of a prompt's making
        (tests/core/test_written_inits.py checks each such ``__init__``
        against its class's fields)."""
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "fields", fields)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "context", {} if context is None else context)

    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]

    def check(self, answer: Any) -> Answer:
        """Return ``answer`` if this prompt allows it; raise :class:`IllegalAnswer`."""
        if self.kind == "choice":
            if not isinstance(answer, str):
                raise IllegalAnswer(
                    f"{self.question}: expected one of {self.option_ids()}, got {answer!r}"
                )
            for option in self.options:
                if option.id == answer:
                    return answer
            raise IllegalAnswer(
                f"{self.question}: {answer!r} is not a legal answer (legal answers: "
                + ", ".join(self.option_ids())
                + ")"
            )
        if not isinstance(answer, dict):
            raise IllegalAnswer(f"{self.question}: expected a mapping of fields, got {answer!r}")
        names = {f.name for f in self.fields}
        unknown = sorted(set(answer) - names)
        if unknown:
            raise IllegalAnswer(
                f"{self.question}: unknown field(s) {unknown}; fields: {sorted(names)}"
            )
        for f in self.fields:
            if f.name not in answer:
                raise IllegalAnswer(f"{self.question}: field {f.name!r} is missing")
            f.check(answer[f.name])
        if self.total is not None:
            ints = [answer[f.name] for f in self.fields if f.type == "int"]
            low, high = self.total
            if not low <= sum(ints) <= high:
                raise IllegalAnswer(
                    f"{self.question}: the fields add up to {sum(ints)}; "
                    f"they must add up to between {low} and {high}"
                )
        return dict(answer)

    def describe(self, answer: Answer) -> str:
        """A checked answer in words, for the log: the option's label, or a
        form's fields as "label: value" in the form's order."""
        if self.kind == "choice":
            return next((o.label for o in self.options if o.id == answer), str(answer))
        if not isinstance(answer, dict):
            return str(answer)
        parts = []
        for f in self.fields:
            if f.name in answer:
                value = answer[f.name]
                shown = next((c.label for c in f.choices if c.id == value), str(value))
                parts.append(f"{f.label}: {shown}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "question": self.question,
            "rule": self.rule,
            "kind": self.kind,
        }
        if self.kind == "choice":
            out["options"] = [o.to_json() for o in self.options]
        else:
            out["fields"] = [f.to_json() for f in self.fields]
            if self.total is not None:
                out["total"] = list(self.total)
        if self.context:
            out["context"] = dict(self.context)
        return out
