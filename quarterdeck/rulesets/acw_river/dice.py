"""Rolls and card draws that belong to a seat, through the game's context.

Every roll names the seat whose die it is (``seat``); a roll only its seat
(and an umpire) may know is ``secret`` (the hidden-information core,
/work/wt/CORE-API.md). Until the core's ``secret=`` and ``ctx.draw`` are on
this branch, the same calls go through the older context: the values are the
same, only the log is not yet filtered. Rules code calls these two functions
and nothing else.
"""

from __future__ import annotations

import inspect
from functools import cache
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.rulesets.acw_river.state import Deck


@cache
def _core_has(name: str, param: str) -> bool:
    member = getattr(Context, name, None)
    if member is None:
        return False
    return param in inspect.signature(member).parameters


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
    kwargs: dict[str, Any] = {"seat": seat, "goal": goal}
    if _core_has("roll", "secret"):
        kwargs["secret"] = secret
    return ctx.roll(label, count, rule, sides, **kwargs)


def draw(
    ctx: Context, deck: Deck, label: str, rule: str, seat: str | None, secret: bool = False
) -> str:
    """Draw one card from ``deck`` for ``seat``: the card's id, moved from
    ``deck.cards`` to ``deck.drawn``."""
    if _core_has("draw", "deck"):
        card: str = ctx.draw(deck, label, rule, seat=seat, secret=secret)  # type: ignore[attr-defined]
        return card
    if not deck.cards:
        raise ValueError(f"{label}: the deck {deck.name!r} is empty")
    index = roll(ctx, label, 1, rule, seat, secret, sides=len(deck.cards))[0] - 1
    card = deck.cards.pop(index)
    deck.drawn.append(card)
    return card
