"""Temporary: the few names of the hidden-information core (CORE-API.md) that
this rule set uses, until that core is merged from main. Every caller uses
the documented API's shape, so this file goes when main is merged."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.core.engine import Context

EVERYTHING = "*"


@dataclass(frozen=True, slots=True)
class Secret:
    path: tuple[str | int, ...]
    owners: tuple[str, ...]
    decoy: Any = None


def sees(viewer: str | None, owners: str | Iterable[str] | None) -> bool:
    if viewer == EVERYTHING or owners is None:
        return True
    if viewer is None:
        return False
    if isinstance(owners, str):
        return viewer == owners
    return viewer in owners


@dataclass
class Deck:
    name: str
    cards: list[str]
    drawn: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, name: str, counts: dict[str, int]) -> Deck:
        return cls(name, sorted(c for c, n in counts.items() for _ in range(n)))

    def reshuffle(self) -> None:
        self.cards = sorted(self.cards + self.drawn)
        self.drawn = []

    def take(self, card: str) -> None:
        self.cards.remove(card)
        self.drawn.append(card)


def roll(
    ctx: Context,
    label: str,
    count: int,
    rule: str,
    sides: int = 6,
    seat: str | None = None,
    secret: bool = False,
    odds: Any = "",
    goal: str = "",
) -> tuple[int, ...]:
    return ctx.roll(label, count, rule, sides, seat=seat, odds=odds, goal=goal)


def draw(
    ctx: Context, deck: Deck, label: str, rule: str, seat: str | None = None, secret: bool = False
) -> str:
    (n,) = ctx.roll(label, 1, rule, len(deck.cards), seat=seat)
    card = deck.cards[n - 1]
    deck.take(card)
    return card
