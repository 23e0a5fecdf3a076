"""Movement (step 1 of the turn), boarding and landing: "Figures boarding a
hostile vessel", "Figures landing on a mole or pier" and "Figures landing on
a beach"; and "During movement the raiders' boats must make physical contact
with the target vessel. The turn AFTER contact is made the boarding party may
attempt to climb on board."

- Alongside: climb (or first shoot the guard: Ship's Challenge), wait, or
  cast off.
- Boarding a hostile vessel (or landing on a mole or pier): a d6, 1-2
  fails; 3-6 succeeds and a second d6 is the number of boarders that climb;
  they reach the top where nobody bars the way, else fight for it (Melee).
- Landing on a beach: the figures move a d6 ashore that turn.
"""

from __future__ import annotations

from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import at_least, total
from quarterdeck.core.geometry import distance
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.boats import _ctx, roll_allowance, rowers
from quarterdeck.rulesets.cutting_out.common import (
    R_MOVE,
    deck_held_by,
    hidden,
    say,
)
from quarterdeck.rulesets.cutting_out.setup import spread
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Party, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def alongside_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    from quarterdeck.rulesets.cutting_out.challenge import guard_facing

    boat = state.boats[ask["boat"]]
    ship_id, _, point_id = boat.alongside.partition(":")
    ship = state.ships[ship_id]
    opts = [Option("climb", f"climb aboard at her {harbour.point_words(point_id)}")]
    if boat.side == state.raiders and hidden(state) and guard_facing(state, t, ship, point_id):
        opts.append(
            Option(
                "shoot",
                "shoot the guard first (a 6 kills him; the shot sounds the alarm), then climb",
            )
        )
    opts += [Option("wait", "wait alongside"), Option("cast-off", "cast off and row away")]
    n = len(state.aboard(boat.id))
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {boat.name} ({n} aboard) lies alongside {ship.name}",
        R_MOVE,
        tuple(opts),
        context=_ctx(ask, "move", boat=boat.id),
    )


def hostile(state: State, ship: Ship, side: str) -> bool:
    """Whether boarding ``ship`` is boarding a hostile vessel for ``side``
    (Movement): one whose deck ``side`` holds alone is not, whoever owned
    her (raiders going up the side of the prize they have taken need no
    climbing roll); an empty deck is hostile when she is the enemy's."""
    held = deck_held_by(state, ship)
    if held is not None:
        return held != side
    if any(f.side != side for f in state.on_deck(ship.id)):
        return True
    return ship.side != side


def apply_alongside(
    state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: str
) -> dict[str, Any] | None:
    boat = state.boats[ask["boat"]]
    if answer == "cast-off":
        boat.alongside = ""
        boat.toward = ""  # her form's row starts on her heading, not back to the ship's side
        roll_allowance(state, t, ctx, boat)
        state.rowing.append(boat.id)  # she rows with the rest of the side's boats
        return None
    if answer == "wait":
        return None
    ship_id, _, point_id = boat.alongside.partition(":")
    ship = state.ships[ship_id]
    if answer == "shoot":
        state.challenge.setdefault("shoot", []).append(boat.id)
    climb(state, t, ctx, boat, ship, point_id)
    return None


def climb(state: State, t: Tables, ctx: Context, boat: Boat, ship: Ship, point_id: str) -> None:
    """Boarding a hostile vessel: a d6, 1-2 fails; 3-6 and a second d6 of
    boarders reach the rail (they are on deck once nobody bars the way)."""
    crew = rowers(state, boat)
    private = boat.side == state.raiders
    if not hostile(state, ship, boat.side):
        for f in crew:
            f.climbing = point_id
        say(state, ctx, f"{boat.name}'s people go aboard {ship.name}", R_MOVE, private)
        return
    climbers = climb_roll(state, t, ctx, boat, f"the side of {ship.name}")
    for f in climbers:
        f.climbing = point_id
    if climbers:
        say(
            state,
            ctx,
            f"{len(climbers)} of {boat.name}'s boarders climb at {ship.name}'s "
            f"{harbour.point_words(point_id)}",
            R_MOVE,
            private,
        )


def climb_roll(state: State, t: Tables, ctx: Context, boat: Boat, onto: str) -> list[Figure]:
    """The climbing roll of boarding a hostile vessel, and of landing on a
    mole or pier, which the text plays the same way (Movement): a d6, 1-2
    fails; 3-6 and a second d6 is how many of the boat's people climb. The
    climbers, if any: they are at the top once nobody bars the way there,
    else they must fight their way up (Melee)."""
    crew = rowers(state, boat)
    private = boat.side == state.raiders
    m = t.movement
    secret = private and hidden(state)
    (die,) = ctx.roll(
        f"{boat.name}: climbing {onto} (1-{m.climb_fails_on} fails)",
        1,
        R_MOVE,
        seat=boat.side,
        secret=secret,
        odds=f"{(6 - m.climb_fails_on) / 6 * 100:.0f}% to climb",
        math=at_least(
            m.climb_fails_on + 1,
            outcomes=(
                (m.climb_fails_on, "they fail to climb"),
                (m.climb_fails_on + 1, "they climb"),
            ),
        ),
    )
    if die <= m.climb_fails_on:
        say(state, ctx, f"{boat.name}'s boarders fail to climb {onto}", R_MOVE, private)
        return []
    (n,) = ctx.roll(
        f"{boat.name}: how many boarders climb",
        1,
        R_MOVE,
        sides=m.climb_boarders_die,
        seat=boat.side,
        secret=secret,
        goal="the die is how many of the boat's people climb",
        math=total(),
    )
    return crew[:n]


def gain_deck(state: State, t: Tables, ship: Ship, figs: list[Figure], point_id: str) -> None:
    """Climbers reach the deck at their boarding point."""
    if not figs:
        return
    px, py = harbour.boarding_points(ship, t)[point_id]
    inboard = -1.0 if py > 0 else 1.0
    spacing = t.figures.base * 1.05
    places = spread((px, py + inboard * spacing), len(figs), spacing)
    for f, (x, y) in zip(figs, places, strict=True):
        f.where, f.place = "deck", ship.id
        f.x, f.y = harbour.clamp_to_deck(ship, x, y)
        f.climbing = ""
    side = figs[0].side
    if side == state.raiders and not ship.boarded_turn:
        ship.boarded_turn = state.turn
    if side == state.defenders and ship.side == state.defenders:
        ship.docile = False  # friends aboard: the crew joins the fight again


def landed_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    boat = state.boats[ask["boat"]]
    landing = state.landings[boat.landed]
    how = (
        "land (they move a d6 ashore)"
        if landing.kind == "beach"
        else "climb onto the "
        + landing.kind
        + " (1-2 fails; then a d6 of them climb, and fight anyone at the top)"
    )
    opts = (
        Option("land", how),
        Option("wait", "stay in the boat"),
        Option("push-off", "push off and row"),
    )
    n = len(state.aboard(boat.id))
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {boat.name} ({n} aboard) lies at the {landing.kind} at {landing.name}",
        R_MOVE,
        opts,
        context=_ctx(ask, "move", boat=boat.id),
    )


def apply_landed(
    state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: str
) -> dict[str, Any] | None:
    boat = state.boats[ask["boat"]]
    if answer == "push-off":
        boat.landed = ""
        boat.toward = ""  # her form's row starts on her heading, not back to the landing
        roll_allowance(state, t, ctx, boat)
        state.rowing.append(boat.id)  # she rows with the rest of the side's boats
        return None
    if answer == "wait":
        return None
    land_party(state, t, ctx, boat)
    return None


def land_party(state: State, t: Tables, ctx: Context, boat: Boat) -> None:
    """A beach: everyone lands and moves a d6 inland; a mole or pier: as
    boarding a vessel (the climbing roll; the climbers reach the top in the
    challenge step where nobody bars the way, else fight for it in the
    melee, as at a ship's side)."""
    landing = state.landings[boat.landed]
    private = boat.side == state.raiders
    if landing.kind != "beach":
        climbers = climb_roll(state, t, ctx, boat, landing.name)
        for f in climbers:
            f.climbing = landing.id
        if climbers:
            say(
                state,
                ctx,
                f"{len(climbers)} of {boat.name}'s people climb at {landing.name}",
                R_MOVE,
                private,
            )
        return
    (inland,) = ctx.roll(
        f"{boat.name}: moving up the beach",
        1,
        R_MOVE,
        sides=t.movement.beach_die,
        seat=boat.side,
        secret=private and hidden(state),
        goal="the die is how many inches they go inland",
        math=total(),
    )
    put_ashore(state, t, ctx, boat, rowers(state, boat), inland)


def put_ashore(
    state: State, t: Tables, ctx: Context, boat: Boat, ashore: list[Figure], inland: int
) -> None:
    """``ashore`` step out of ``boat`` at her landing place and go ``inland``
    inches toward their party's goal."""
    if not ashore:
        return
    landing = state.landings[boat.landed]
    party = state.parties[boat.id]
    goal = land_goal(state, t, party)
    start = harbour.ashore_point(state, (landing.x, landing.y))
    target = (
        harbour.land_path(state, start, harbour.toward(start, goal, inland))
        if goal and inland
        else start
    )
    spacing = t.figures.base * 1.05
    for f, spot in zip(ashore, spread(target, len(ashore), spacing), strict=True):
        f.where, f.place, f.climbing = "land", "", ""
        f.x, f.y = spot if not state.land or harbour.on_land(state, spot) else target
    say(
        state,
        ctx,
        f"{len(ashore)} of {boat.name}'s people land at {landing.name}",
        R_MOVE,
        boat.side == state.raiders,
    )


def land_goal(state: State, t: Tables, party: Party) -> tuple[float, float] | None:
    """Where a party landing makes for: its task (a battery), else the
    nearest enemy battery."""
    if party.task in state.batteries:
        b = state.batteries[party.task]
        return (b.x, b.y)
    enemy = [b for b in state.batteries.values() if b.side != party.side]
    if not enemy:
        return None
    here = (
        (
            state.landings[state.boats[party.boat].landed].x,
            state.landings[state.boats[party.boat].landed].y,
        )
        if party.boat and state.boats[party.boat].landed
        else None
    )
    if here is None:
        return (enemy[0].x, enemy[0].y)
    best = min(enemy, key=lambda b: distance(here, (b.x, b.y)))
    return (best.x, best.y)
