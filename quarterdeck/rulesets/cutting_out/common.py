"""What the rule topics share: the rule names the log cites, who may see
what, and small look-ups over the state."""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.hidden import sees
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

R_SEQ: Final = "Turn Sequence"
R_MOVE: Final = "Movement"
R_SPOT: Final = "Defender Attempts to Spot"
R_CHALLENGE: Final = "Ship's Challenge"
R_MELEE: Final = "Melee"
R_SMALL: Final = "Firing: Small Arms Fire"
R_CANNON: Final = "Firing: Cannon Fire"
R_HITS: Final = "Cannonball Hit Determination Chart"
R_HULL: Final = "Firing: hull hits"
R_RIG: Final = "Rigging"
R_MORALE: Final = "Morale: Boat's Crew and land garrisons"
R_CREW: Final = "Morale: Ship's Crew"
R_EVENTS: Final = "Card Events Ideas"
R_VICTORY: Final = "Sample Game: play continues until the ship is at sea, sunk or recaptured"


def hidden(state: State) -> bool:
    """Whether the raiders are still unseen by the defenders (Defender
    attempts to spot): their boats, figures, rolls and orders are theirs alone."""
    return not state.detected


def say(state: State, ctx: Context, text: str, rule: str, private: bool = False) -> None:
    """A log line: for everyone, or for the raiders alone while ``private``
    and they are unseen (the umpire reads every line)."""
    if private and hidden(state):
        ctx.log(text, rule, seats=(state.raiders,))
    else:
        ctx.log(text, rule)


def visible(state: State, side: str, viewer: str | None) -> bool:
    """Whether ``viewer`` may see the boats and figures of ``side``."""
    if side != state.raiders or state.detected:
        return True
    return sees(viewer, state.raiders)


def point(state: State, fig: Figure) -> tuple[float, float] | None:
    return harbour.figure_point(state, fig)


def figure_name(state: State, fig: Figure) -> str:
    party = state.parties[fig.party]
    return f"{fig.kind} of {party.name}"


def active_figures(state: State, side: str | None = None) -> list[Figure]:
    return [f for f in state.figures.values() if f.active and (side is None or f.side == side)]


def any_in_play(state: State, side: str) -> bool:
    """Whether the side has a figure still on the table, not below decks
    (stopping at the first; looked for from the last figure set up, as the
    raiders' figures come after the defenders' and this is mostly asked of
    the raiders)."""
    return any(
        f.active and f.side == side and f.where != "below" for f in reversed(state.figures.values())
    )


def hatch_held(
    state: State, t: Tables, ship: Ship, side: str, on_deck: list[Figure] | None = None
) -> bool:
    """Whether ``side`` has a figure guarding the main hatch. ``on_deck``:
    every figure on her deck (``state.on_deck(ship.id)``), where the caller
    has it."""
    hx, hy = harbour.hatch(ship, t)
    reach = t.deck.hatch_size / 2 + t.figures.contact
    figures = (
        state.on_deck(ship.id, side) if on_deck is None else [f for f in on_deck if f.side == side]
    )
    return any(abs(f.x - hx) <= reach and abs(f.y - hy) <= reach for f in figures)


def deck_held_by(state: State, ship: Ship, on_deck: list[Figure] | None = None) -> str | None:
    """The side whose figures alone stand on the ship's deck (None: nobody,
    or both sides). ``on_deck``: as :func:`hatch_held`."""
    sides = {f.side for f in (state.on_deck(ship.id) if on_deck is None else on_deck)}
    return next(iter(sides)) if len(sides) == 1 else None


def boat_at_point(state: State, ship: Ship, point_id: str) -> list[Boat]:
    key = f"{ship.id}:{point_id}"
    return [b for b in state.boats.values() if b.afloat and b.alongside == key]


def pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def need_words(need: int, sides: int = 6) -> str:
    if need <= 1:
        return "any roll"
    if need > sides:
        return "no roll"
    return f"{need}" if need == sides else f"{need}-{sides}"
