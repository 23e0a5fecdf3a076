"""The random events deck of a solo game (Card Events Ideas).

The text suggests a card drawn at the start of every turn, most of them "no
event", and gives five ideas. They are the deck's cards here; how many of
each is the scenario's ``[decks.events]``, which a player may change. The
numbers a card leaves open are the tables' ``[events]`` (reconstructed).
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import faces
from quarterdeck.rulesets.cutting_out.common import R_EVENTS, hidden, say
from quarterdeck.rulesets.cutting_out.state import State
from quarterdeck.rulesets.cutting_out.tables import Tables

TITLES: Final = {
    "moon": "The moon comes out",
    "choppy": "Choppy seas",
    "ensign": "An ensign gets lost",
    "asleep": "The guard is asleep",
    "party": "A party ashore",
    "no-event": "No event",
}
"""The cards' titles, as every bundled scenario's events deck prints them
(the start page lists the deck by these; a test keeps the two the same)."""


def draw_event(state: State, t: Tables, ctx: Context) -> None:
    """Draw the turn's card and put it in force (Card Events Ideas: a card
    at the beginning of the turn). The umpire draws, or the defenders."""
    state.event = ""
    state.ensign_boat = ""
    deck = state.events
    if deck is None or not state.random_events:
        return
    if not deck.cards:
        deck.reshuffle()
        ctx.log("The events deck is shuffled again", R_EVENTS)
    card = ctx.draw(
        deck,
        f"Turn {state.turn}: random event",
        R_EVENTS,
        seat=state.umpire or state.defenders,
        titles=TITLES,
    )
    state.event = card
    title = TITLES.get(card, card)
    if card == "moon":
        ctx.log(
            f"{title}: spotting {t.events.moon_spotting:+d} and firing "
            f"{t.events.moon_firing:+d} this turn",
            R_EVENTS,
        )
    elif card == "choppy":
        wet = [
            f
            for f in state.figures.values()
            if f.active and f.side == state.raiders and f.where == "boat"
        ]
        until = state.turn + t.events.choppy_turns - 1
        for f in wet:
            f.wet_until = max(f.wet_until, until)
        ctx.log(
            f"{title}: the muskets of the raiders in the boats are useless for "
            f"{t.events.choppy_turns} turns",
            R_EVENTS,
        )
    elif card == "ensign":
        boats = [
            b
            for b in state.boats.values()
            if b.side == state.raiders
            and b.afloat
            and not b.alongside
            and not b.landed
            and state.aboard(b.id)
        ]
        ctx.log(f"{title}: one of the raiders' boats rows at random this turn", R_EVENTS)
        if boats:
            if len(boats) == 1:
                chosen = boats[0]
            else:
                (n,) = ctx.roll(
                    "Which boat is lost",
                    1,
                    R_EVENTS,
                    sides=len(boats),
                    seat=state.raiders,
                    secret=hidden(state),
                    math=faces(f"{b.name} is lost" for b in boats),
                )
                chosen = boats[n - 1]
            state.ensign_boat = chosen.id
            say(state, ctx, f"{chosen.name} is the boat that loses her way", R_EVENTS, True)
    elif card == "asleep":
        ctx.log(f"{title}: no spotting from on board the ship this turn", R_EVENTS)
    elif card == "party":
        responded = state.alarm_turn and (
            state.turn >= state.alarm_turn + t.alarm.respond_after + state.garrison_delay
        )
        if responded:
            ctx.log(f"{title}: too late, the garrison has already turned out", R_EVENTS)
            return
        state.garrison_delay += t.events.party_delay
        ctx.log(
            f"{title}: the garrison takes {t.events.party_delay} more turn to respond to the alarm",
            R_EVENTS,
        )
    elif card == "no-event":
        ctx.log("No event this turn", R_EVENTS)
    else:
        ctx.log(f"Random event: {title}", R_EVENTS)


def event_words(card: str) -> str:
    """This turn's card in words for people ("no event this turn", "this
    turn: The moon comes out"); nothing when no card was drawn."""
    if not card:
        return ""
    if card == "no-event":
        return "no event this turn"
    return f"this turn: {TITLES.get(card, card)}"


def spotting_bonus(state: State, t: Tables) -> int:
    bonus = t.light[state.light].spotting  # type: ignore[index]
    if state.event == "moon":
        bonus += t.events.moon_spotting
    return bonus


def firing_bonus(state: State, t: Tables) -> int:
    """The moon card's bonus to all firing this turn."""
    return t.events.moon_firing if state.event == "moon" else 0
