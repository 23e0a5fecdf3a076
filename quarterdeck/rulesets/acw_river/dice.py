"""Rolls and card draws that belong to a seat (the hidden-information core).

Every roll names the seat whose die it is (``seat``: None lets the core give
it to the umpire, else to the seat whose answer is being applied); a roll
only its seat (and an umpire) may know is ``secret``. Rules code calls these
two functions, which keep the rule set's calls in one shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from quarterdeck.core.dice import Deck
from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath


def roll(
    ctx: Context,
    label: str | Callable[[], str],
    count: int,
    rule: str,
    seat: str | None,
    secret: bool = False,
    goal: str | Callable[[], str] = "",
    sides: int = 6,
    *,
    math: RollMath | Callable[[tuple[int, ...]], RollMath],
) -> tuple[int, ...]:
    """Roll ``count`` dice for ``seat`` (secret: logged for it alone);
    ``math``: how the rule reads them, for the roll's explanation (every
    roll says it; a function of the dice where one die picks the chart the
    next is read on, or where the words are worth making only when the roll
    is logged). ``label`` and ``goal`` may be functions that give the words,
    called only where something reads them (Context.roll)."""
    return ctx.roll(label, count, rule, sides, seat=seat, goal=goal, secret=secret, math=math)


def fight(count: int, each: str) -> RollMath:
    """A side's dice in a fight: the highest counts, the higher side wins;
    a die for each ``each``."""
    return RollMath("highest", dice=((f"a die for each of the {each}", count),))


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
