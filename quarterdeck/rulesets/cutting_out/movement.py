"""Movement (step 1 of the turn): who moves, in what order; the entry point
for the movement modules, split by the text's Movement bullets:

- ``boats.py``: boats move 6" plus a d6, and slow down by half their last
  move each turn until they stop (the side's rowing form is ``rowing.py``)
- ``boarding.py``: coming alongside, boarding a hostile vessel (a d6, 1-2
  fails; 3-6 and a second d6 of boarders climb), landing on a mole or pier
  (the same), landing on a beach (a d6 ashore)
- ``sailing.py``: the prize under sail (half rigged 6" plus a d6, fully
  rigged 12" plus a d10; half that with half her hull points gone)
- ``decks.py``: figures on a deck move up to 6"
- ``ashore.py``: figures on land move 6" plus a d6 (formed marines and
  soldiers 3" plus a d6)

Their names are re-exported here (``movement.row``, ``movement.climb``,
``movement.apply_deck``...), as the turn sequence and the tests use them.
"""

from __future__ import annotations

from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.rulesets.cutting_out.ashore import (
    apply_land,
    fall_back_on_land,
    land_allowance,
    land_options,
    land_prompt,
    land_step,
)
from quarterdeck.rulesets.cutting_out.boarding import (
    alongside_prompt,
    apply_alongside,
    apply_landed,
    climb,
    climb_roll,
    gain_deck,
    hostile,
    land_goal,
    land_party,
    landed_prompt,
    put_ashore,
)
from quarterdeck.rulesets.cutting_out.boats import (
    COMPASS,
    HALVED,
    boat_speed,
    boat_step,
    coast,
    escape_boat,
    lost_boat,
    move_boat_to,
    roll_allowance,
    row,
    rowers,
    toward_choices,
)
from quarterdeck.rulesets.cutting_out.decks import (
    SPREAD,
    apply_deck,
    charge,
    deck_options,
    deck_prompt,
    deck_step,
    embark,
    fall_back_on_deck,
    man_guns,
    to_rail,
)
from quarterdeck.rulesets.cutting_out.sailing import (
    apply_prize,
    prize_prompt,
    prize_step,
    sail,
    ship_allowance,
)
from quarterdeck.rulesets.cutting_out.state import State
from quarterdeck.rulesets.cutting_out.tables import Tables

__all__ = [
    "COMPASS",
    "HALVED",
    "SPREAD",
    "alongside_prompt",
    "apply_alongside",
    "apply_deck",
    "apply_land",
    "apply_landed",
    "apply_prize",
    "boat_speed",
    "boat_step",
    "charge",
    "climb",
    "climb_roll",
    "coast",
    "deck_options",
    "deck_prompt",
    "deck_step",
    "embark",
    "escape_boat",
    "fall_back_on_deck",
    "fall_back_on_land",
    "gain_deck",
    "hostile",
    "land_allowance",
    "land_goal",
    "land_options",
    "land_party",
    "land_prompt",
    "land_step",
    "landed_prompt",
    "lost_boat",
    "man_guns",
    "move_boat_to",
    "movers",
    "prize_prompt",
    "prize_step",
    "put_ashore",
    "roll_allowance",
    "row",
    "rowers",
    "sail",
    "ship_allowance",
    "step_unit",
    "to_rail",
    "toward_choices",
]


def movers(state: State, side: str) -> list[str]:
    """The units of ``side`` to move this turn, in order: the prize under
    sail, the boats, the parties on each deck, the parties on land."""
    units: list[str] = []
    prize = state.prize_ship
    if side == state.raiders and prize.afloat and state.on_deck(prize.id, side):
        units.append("prize")
    units += [f"boat:{b.id}" for b in state.boats.values() if b.side == side and b.afloat]
    # the parties on decks and on land, each in the order of its first
    # figure there, in one pass over the figures
    decks: dict[str, None] = {}
    land: dict[str, None] = {}
    for f in state.figures.values():
        if f.fate or f.side != side:
            continue
        if f.where == "deck":
            decks[f"deck:{f.party}:{f.place}"] = None
        elif f.where == "land":
            land[f"land:{f.party}"] = None
    return units + list(decks) + list(land)


def step_unit(state: State, t: Tables, ctx: Context, unit_key: str) -> dict[str, Any] | None:
    """Move one unit: either at once (no choice to make) or by returning the
    question to ask its side."""
    kind, _, rest = unit_key.partition(":")
    if kind == "prize":
        return prize_step(state, t, ctx)
    if kind == "boat":
        return boat_step(state, t, ctx, state.boats[rest])
    if kind == "deck":
        party_id, _, ship_id = rest.partition(":")
        return deck_step(state, t, ctx, state.parties[party_id], state.ships[ship_id])
    if kind == "land":
        return land_step(state, t, ctx, state.parties[rest])
    return None
