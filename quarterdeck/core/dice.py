"""Dice and card sources: the only place a game's random numbers come from.

Rules code never calls :mod:`random`. It asks the game's dice source for a
roll with a :class:`RollRequest` that says what the roll is for, which rule
calls for it and which seat rolls it; the source answers with the values. A
card deck is a source like dice: a :class:`DrawRequest` names the deck and the
cards left in it, and the source answers with the card drawn. Program dice
(:class:`RandomDice`), scripted dice for tests and replays
(:class:`ScriptedDice`) and dice rolled or cards drawn by a person
(:class:`ManualDice`) are interchangeable in every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, cast

from quarterdeck.core.errors import DiceError, QuarterdeckError


@dataclass(frozen=True, slots=True)
class RollRequest:
    """One roll the rules ask for: ``count`` dice of ``sides`` sides, rolled
    by ``seat``. A ``secret`` roll is seen by that seat (and the umpire) only."""

    label: str
    count: int
    rule: str
    sides: int = 6
    seat: str | None = None
    goal: str = ""
    secret: bool = False

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
    # values as plain objects: bad input may hold anything (True, 2.0), and the
    # compiled path (scripts/compile) would otherwise convert each to int first
    for value in cast("Sequence[object]", values):
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


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """One card the rules ask for: drawn by ``seat`` from ``deck``, whose
    cards left are ``cards`` (sorted, one entry per card, so repeats count).
    ``titles`` pairs card ids with the titles a person reads on the cards,
    where the rule set gives them; the id stays the card's value."""

    label: str
    deck: str
    cards: tuple[str, ...]
    rule: str
    seat: str | None = None
    secret: bool = False
    kinds: tuple[str, ...] = ()  # every different card of the whole deck
    titles: tuple[tuple[str, str], ...] = ()

    def choices(self) -> list[str]:
        """The cards a person may say they drew: every kind of card in the
        deck (not only those left: which are left may tell of a secret draw)."""
        return sorted(set(self.kinds) | set(self.cards))

    def title(self, card: str) -> str:
        """What card ``card`` (an id) is called on the table: its title where
        the rule set gives one, else its id."""
        return dict(self.titles).get(card, card)

    def named(self, card: str) -> str:
        """A card as a person is told it: "The guard is asleep (asleep)",
        or the id alone where there is no title."""
        title = self.title(card)
        return card if title == card else f"{title} ({card})"

    def instruction(self) -> str:
        """What a person at the table is told: "Random event: draw a card from
        the events deck (Solo play)"."""
        return f"{self.label}: draw a card from the {self.deck} deck ({self.rule})"


def check_card(request: DrawRequest, card: Any) -> str:
    """Return ``card`` if it can be drawn now; else say which cards can."""
    if not isinstance(card, str) or card not in request.cards:
        raise DiceError(
            f"{request.label}: {card!r} is not in the {request.deck} deck or was already "
            f"drawn (the deck's cards: {', '.join(request.named(c) for c in request.choices())})"
        )
    return card


def parse_card(request: DrawRequest, text: str) -> str:
    """A card typed by a person: its id, its title (any case), or its number
    in :meth:`DrawRequest.choices`."""
    typed = text.strip()
    choices = request.choices()
    if typed.isdigit() and 1 <= int(typed) <= len(choices):
        return check_card(request, choices[int(typed) - 1])
    by_title = {request.title(c).casefold(): c for c in choices}
    return check_card(request, by_title.get(typed.casefold(), typed))


@dataclass
class Deck:
    """A deck of cards as plain data, kept in a rule set's state.

    ``cards`` are the ids left in the deck (sorted: the order is decided when a
    card is drawn, from the game's dice source, which is the same as a shuffle
    from the seed), ``drawn`` the ids drawn so far, in order."""

    name: str
    cards: list[str]
    drawn: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, name: str, counts: dict[str, int]) -> Deck:
        """A full deck of ``counts[card]`` copies of each card."""
        return cls(name, sorted(c for c, n in counts.items() for _ in range(n)))

    def reshuffle(self) -> None:
        """Put every drawn card back."""
        self.cards = sorted(self.cards + self.drawn)
        self.drawn = []

    def take(self, card: str) -> None:
        self.cards.remove(card)
        self.drawn.append(card)


class DiceSource(Protocol):
    """Anything that answers roll requests and card draws."""

    def roll(self, request: RollRequest) -> tuple[int, ...]: ...

    def draw(self, request: DrawRequest) -> str: ...


# Whether random.Random draws below n as _randbelow_with_getrandbits does
# (every CPython since 3.2): RandomDice.values then draws the same bits itself.
_BELOW_BY_BITS: Final[bool] = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", object()
)


class RandomDice:
    """Program dice from a seeded generator: the same seed, the same game."""

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._rng = random.Random(self.seed)

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        sides = request.sides
        if sides < 1:
            raise DiceError(f"{request.label}: a die needs at least one side, not {sides}")
        return self.values(request.count, sides)

    def values(self, count: int, sides: int) -> tuple[int, ...]:
        """``count`` dice of ``sides`` (at least one) sides: what :meth:`roll`
        gives for such a request, for a caller that needs no request made."""
        # randrange(n) for a positive int n is _randbelow(n): the same values,
        # without randrange's argument handling on every die
        if not _BELOW_BY_BITS:
            below = self._rng._randbelow  # type: ignore[attr-defined]
            return tuple([below(sides) + 1 for _ in range(count)])
        # _randbelow(n) is random's _randbelow_with_getrandbits: draw
        # n.bit_length() bits until they read below n. The same draws, in
        # this loop rather than a call a die
        bits = self._rng.getrandbits
        k = sides.bit_length()
        out = []
        for _ in range(count):
            r = bits(k)
            while r >= sides:
                r = bits(k)
            out.append(r + 1)
        return tuple(out)

    def draw(self, request: DrawRequest) -> str:
        if not request.cards:
            raise DiceError(f"{request.label}: the {request.deck} deck is empty")
        return request.cards[self._rng.randrange(len(request.cards))]


class ScriptedDice:
    """Dice that answer from a fixed list of values, in order (tests, replays).

    Values may be given flat (``[6, 2, 5, 5, 1]``), each request taking as many
    as it needs, or as one sequence per roll. Card draws answer from ``cards``,
    in order; ``requests`` keeps every request answered, so a test can check
    who rolled what.
    """

    __slots__ = ("_cards", "_flat", "_pos", "requests", "then")

    def __init__(
        self,
        values: Iterable[int | Sequence[int]] = (),
        then: DiceSource | None = None,
        cards: Iterable[str] = (),
    ) -> None:
        flat: list[int] = []
        for item in values:
            if isinstance(item, int):
                flat.append(item)
            else:
                flat.extend(item)
        self._flat = flat
        self._pos = 0
        self._cards = list(cards)
        self.then = then
        self.requests: list[RollRequest | DrawRequest] = []

    def draw(self, request: DrawRequest) -> str:
        if not self._cards:
            if self.then is not None:
                return self.then.draw(request)
            raise DiceError(f"scripted cards ran out: {request.label} needs a card")
        card = check_card(request, self._cards.pop(0))
        self.requests.append(request)
        return card

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
        self.requests.append(request)
        return check_values(request, values)


class ManualDice:
    """Dice rolled and cards drawn by a person at the table, and typed in.

    ``ask`` is shown the roll's instruction and returns the typed text;
    ``ask_card`` the same for a card draw ("draw a card: which one?").
    Impossible values and cards not in the deck are refused with the reason
    and asked again.
    """

    __slots__ = ("ask", "ask_card", "tell")

    def __init__(
        self,
        ask: Callable[[RollRequest], str],
        tell: Callable[[str], None] | None = None,
        ask_card: Callable[[DrawRequest], str] | None = None,
    ) -> None:
        self.ask = ask
        self.tell = tell
        self.ask_card = ask_card

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        while True:
            text = self.ask(request)
            try:
                return parse_values(request, text)
            except DiceError as exc:
                if self.tell is None:
                    raise
                self.tell(str(exc))

    def draw(self, request: DrawRequest) -> str:
        if self.ask_card is None:
            raise DiceError(f"{request.label}: nobody here can draw a card")
        while True:
            text = self.ask_card(request)
            try:
                return parse_card(request, text)
            except DiceError as exc:
                if self.tell is None:
                    raise
                self.tell(str(exc))


class RecordingDice:
    """Wraps a source and hands each roll to ``on_roll`` and each card drawn to
    ``on_draw`` as it is made."""

    __slots__ = ("on_draw", "on_roll", "source")

    def __init__(
        self,
        source: DiceSource,
        on_roll: Callable[[RollRequest, tuple[int, ...]], None],
        on_draw: Callable[[DrawRequest, str], None] | None = None,
    ) -> None:
        self.source = source
        self.on_roll = on_roll
        self.on_draw = on_draw

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        values = check_values(request, self.source.roll(request))
        self.on_roll(request, values)
        return values

    def draw(self, request: DrawRequest) -> str:
        card = check_card(request, self.source.draw(request))
        if self.on_draw is not None:
            self.on_draw(request, card)
        return card


class SeatDice:
    """Physical dice at the table, except the secret rolls and draws of seats
    the computer plays: nobody at the table may see those, so the program
    rolls them (``program``); everything else goes to ``table``."""

    __slots__ = ("program", "program_seats", "table")

    def __init__(
        self, table: DiceSource, program: DiceSource, program_seats: Iterable[str]
    ) -> None:
        self.table = table
        self.program = program
        self.program_seats = frozenset(program_seats)

    def _source(self, request: RollRequest | DrawRequest) -> DiceSource:
        if request.secret and request.seat in self.program_seats:
            return self.program
        return self.table

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        return self._source(request).roll(request)

    def draw(self, request: DrawRequest) -> str:
        return self._source(request).draw(request)


class NeedDice(QuarterdeckError):
    """Raised by :class:`PendingDice` when a roll (or a card draw) is needed
    that nobody has entered yet. The game step fails and changes nothing; the
    caller asks the seat that rolls for ``request`` and plays the same step
    again with the values."""

    def __init__(self, request: RollRequest | DrawRequest, entered: int) -> None:
        super().__init__(request.instruction())
        self.request = request
        self.entered = entered


class PendingDice:
    """Physical dice for a program that cannot wait at a prompt (the web).

    Answers from what was entered so far for the current step, in order: a
    list of values per roll, a card id per draw. When they run out it raises
    :class:`NeedDice`, so the step can be retried once the person has rolled
    (or drawn) and typed the next result.
    """

    __slots__ = ("_pos", "values")

    def __init__(self, values: Sequence[Sequence[int] | str] = ()) -> None:
        self.values: list[list[int] | str] = [v if isinstance(v, str) else list(v) for v in values]
        self._pos = 0

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        if self._pos >= len(self.values):
            raise NeedDice(request, self._pos)
        entered = self.values[self._pos]
        if isinstance(entered, str):
            raise DiceError(f"{request.label}: a roll was entered as the card {entered!r}")
        values = check_values(request, entered)
        self._pos += 1
        return values

    def draw(self, request: DrawRequest) -> str:
        if self._pos >= len(self.values):
            raise NeedDice(request, self._pos)
        card = check_card(request, self.values[self._pos])
        self._pos += 1
        return card
