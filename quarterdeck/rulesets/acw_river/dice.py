"""Rolls and card draws that belong to a seat (the hidden-information core).

Every roll names the seat whose die it is (``seat``: None lets the core give
it to the umpire, else to the seat whose answer is being applied); a roll
only its seat (and an umpire) may know is ``secret``. Rules code calls these
two functions, which keep the rule set's calls in one shape.
"""

from __future__ import annotations

from collections.abc import Mapping

from quarterdeck.core.dice import Deck
from quarterdeck.core.engine import Context


def roll(
    ctx: Context,
    label: str,
    count: int,
    rule: str,
    seat: str | None,
    secret: bool = False,
    goal: str = "",
    sides: int = 6,
) -> tuple[int, ...]:
    """Roll ``count`` dice for ``seat`` (secret: logged for it alone)."""
    return ctx.roll(label, count, rule, sides, seat=seat, goal=goal, secret=secret)


def draw(
    ctx: Context,
    deck: Deck,
    label: str,
    rule: str,
    seat: str | None,
    secret: bool = False,
    titles: Mapping[str, str] | None = None,
) -> str:
    """Draw one card from ``deck`` for ``seat``: the card's id, moved from
    ``deck.cards`` to ``deck.drawn``; ``titles`` name the cards to a person
    drawing at a real table."""
    return ctx.draw(deck, label, rule, seat=seat, secret=secret, titles=titles)
