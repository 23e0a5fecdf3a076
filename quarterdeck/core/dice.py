"""Dice sources: the only place a game's random numbers come from.

Rules code never calls :mod:`random`. It asks the game's dice source for a
roll with a :class:`RollRequest` that says what the roll is for and which rule
calls for it; the source answers with the values. Program dice
(:class:`RandomDice`), scripted dice for tests and replays
(:class:`ScriptedDice`) and dice entered by a person (:class:`ManualDice`) are
interchangeable in every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from quarterdeck.core.errors import DiceError, QuarterdeckError


@dataclass(frozen=True, slots=True)
class RollRequest:
    """One roll the rules ask for: ``count`` dice of ``sides`` sides."""

    label: str
    count: int
    rule: str
    sides: int = 6
    seat: str | None = None
    goal: str = ""

    def instruction(self) -> str:
        """What a person at the table is told to roll and why, e.g.
        "Boarding attempt: roll 2 dice, any 6 starts the action (5.2)"."""
        die = f"d{self.sides}" if self.sides != 6 else "dice" if self.count != 1 else "die"
        goal = f", {self.goal}" if self.goal else ""
        return f"{self.label}: roll {self.count} {die}{goal} ({self.rule})"


def check_values(request: RollRequest, values: Sequence[int]) -> tuple[int, ...]:
    """Return ``values`` as a tuple if they are a possible result of ``request``.

    Raises :class:`DiceError` naming what is wrong otherwise: the wrong number of
    dice, or a value that no die of that kind can show.
    """
    if len(values) != request.count:
        raise DiceError(f"{request.label}: expected {request.count} value(s), got {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DiceError(f"{request.label}: {value!r} is not a whole number")
        if not 1 <= value <= request.sides:
            raise DiceError(
                f"{request.label}: {value} is not a possible roll of a d{request.sides}"
                f" (legal values 1 to {request.sides})"
            )
    return tuple(values)


def parse_values(request: RollRequest, text: str) -> tuple[int, ...]:
    """Parse typed dice such as ``"5 5 1"``, ``"5,5,1"`` or ``"551"``."""
    cleaned = text.replace(",", " ").split()
    if len(cleaned) == 1 and request.count > 1 and request.sides <= 9 and cleaned[0].isdigit():
        cleaned = list(cleaned[0])
    values: list[int] = []
    for token in cleaned:
        try:
            values.append(int(token))
        except ValueError:
            raise DiceError(f"{request.label}: {token!r} is not a number") from None
    return check_values(request, values)


class DiceSource(Protocol):
    """Anything that answers roll requests."""

    def roll(self, request: RollRequest) -> tuple[int, ...]: ...


class RandomDice:
    """Program dice from a seeded generator: the same seed, the same game."""

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._rng = random.Random(self.seed)

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        rand = self._rng.randrange
        sides = request.sides
        return tuple(rand(sides) + 1 for _ in range(request.count))


class ScriptedDice:
    """Dice that answer from a fixed list of values, in order (tests, replays).

    Values may be given flat (``[6, 2, 5, 5, 1]``), each request taking as many
    as it needs, or as one sequence per roll.
    """

    __slots__ = ("_flat", "_pos", "then")

    def __init__(
        self, values: Iterable[int | Sequence[int]], then: DiceSource | None = None
    ) -> None:
        flat: list[int] = []
        for item in values:
            if isinstance(item, int):
                flat.append(item)
            else:
                flat.extend(item)
        self._flat = flat
        self._pos = 0
        self.then = then

    @property
    def remaining(self) -> int:
        return len(self._flat) - self._pos

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        if self.remaining < request.count:
            if self.then is not None and self.remaining == 0:
                return self.then.roll(request)
            raise DiceError(
                f"scripted dice ran out: {request.label} needs {request.count}, "
                f"{self.remaining} left"
            )
        values = self._flat[self._pos : self._pos + request.count]
        self._pos += request.count
        return check_values(request, values)


class ManualDice:
    """Dice rolled by a person at the table and typed in.

    ``ask`` is shown the instruction and returns the typed text; impossible
    values are refused with the reason and asked again.
    """

    __slots__ = ("ask", "tell")

    def __init__(
        self,
        ask: Callable[[RollRequest], str],
        tell: Callable[[str], None] | None = None,
    ) -> None:
        self.ask = ask
        self.tell = tell

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        while True:
            text = self.ask(request)
            try:
                return parse_values(request, text)
            except DiceError as exc:
                if self.tell is None:
                    raise
                self.tell(str(exc))


class RecordingDice:
    """Wraps a source and hands each roll to ``on_roll`` as it is made."""

    __slots__ = ("on_roll", "source")

    def __init__(
        self,
        source: DiceSource,
        on_roll: Callable[[RollRequest, tuple[int, ...]], None],
    ) -> None:
        self.source = source
        self.on_roll = on_roll

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        values = check_values(request, self.source.roll(request))
        self.on_roll(request, values)
        return values


class NeedDice(QuarterdeckError):
    """Raised by :class:`PendingDice` when a roll is needed that nobody has
    entered yet. The game step fails and changes nothing; the caller asks a
    person for ``request`` and plays the same step again with the values."""

    def __init__(self, request: RollRequest, entered: int) -> None:
        super().__init__(request.instruction())
        self.request = request
        self.entered = entered


class PendingDice:
    """Physical dice for a program that cannot wait at a prompt (the web).

    Answers from the values entered so far for the current step, one list per
    roll; when they run out it raises :class:`NeedDice`, so the step can be
    retried once the person has rolled and typed the next values.
    """

    __slots__ = ("_pos", "values")

    def __init__(self, values: Sequence[Sequence[int]] = ()) -> None:
        self.values = [list(v) for v in values]
        self._pos = 0

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        if self._pos >= len(self.values):
            raise NeedDice(request, self._pos)
        values = check_values(request, self.values[self._pos])
        self._pos += 1
        return values
