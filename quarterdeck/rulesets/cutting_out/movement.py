"""Movement (step 1 of the turn): boats, the prize under sail, figures on
land and on the ship's deck, climbing aboard, landing.

- A boat moves up to 6" plus its own d6; one that is not rowed carries half
  its last move each turn until it stops. It must touch the ship (come
  alongside) one turn and may climb the next.
- Boarding a hostile vessel (or landing on a mole or pier): a d6, 1-2 fails;
  3-6 succeeds and a second d6 is the number of boarders that climb; they
  reach the top where nobody bars the way, else fight for it (Melee).
- Landing on a beach: the figures move a d6 ashore that turn.
- Figures on land move 6" plus a d6 (formed marines and soldiers 3" plus a
  d6); figures on a deck move up to 6".
- A half rigged ship moves 6" plus a d6, a fully rigged one 12" plus a d10,
  half of that (rounded down) with half her hull points gone.
"""

from __future__ import annotations

import math
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import at_least, faces, total
from quarterdeck.core.geometry import bearing, distance, unit
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import (
    R_MOVE,
    deck_held_by,
    hidden,
    say,
    visible,
)
from quarterdeck.rulesets.cutting_out.setup import spread
from quarterdeck.rulesets.cutting_out.spotting import may_act
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Landing, Party, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

COMPASS = (
    ("N", 0),
    ("NE", 45),
    ("E", 90),
    ("SE", 135),
    ("S", 180),
    ("SW", 225),
    ("W", 270),
    ("NW", 315),
)
SPREAD = (0.0, 50.0, -50.0, 100.0, -100.0, 150.0, -150.0, 180.0)


# --------------------------------------------------------------------------
# Who moves, in what order


def movers(state: State, side: str) -> list[str]:
    """The units of ``side`` to move this turn, in order: the prize under
    sail, the boats, the parties on each deck, the parties on land."""
    units: list[str] = []
    prize = state.prize_ship
    if side == state.raiders and prize.afloat and state.on_deck(prize.id, side):
        units.append("prize")
    units += [f"boat:{b.id}" for b in state.boats.values() if b.side == side and b.afloat]
    seen: set[str] = set()
    for f in state.figures.values():
        if f.active and f.side == side and f.where == "deck":
            key = f"deck:{f.party}:{f.place}"
            if key not in seen:
                seen.add(key)
                units.append(key)
    for f in state.figures.values():
        if f.active and f.side == side and f.where == "land":
            key = f"land:{f.party}"
            if key not in seen:
                seen.add(key)
                units.append(key)
    return units


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


# --------------------------------------------------------------------------
# Boats


def rowers(state: State, boat: Boat) -> list[Figure]:
    return [f for f in state.aboard(boat.id) if not f.climbing]


def boat_speed(state: State, t: Tables, boat: Boat, inches: float) -> float:
    """Half speed (rounded down) once half the hull points are gone."""
    if boat.hull_hits >= boat.hull_points * t.hull.half_speed_at:
        return float(math.floor(inches / 2))
    return inches


HALVED = "half that, rounded down, once half her hull points are gone"


def roll_allowance(state: State, t: Tables, ctx: Context, boat: Boat) -> float:
    """6" plus a d6, each boat its own roll (Movement)."""
    a = t.movement.boat
    secret = boat.side == state.raiders and hidden(state)
    (die,) = ctx.roll(
        f"{boat.name}: rowing (6 in plus the die)",
        1,
        R_MOVE,
        sides=a.die,
        seat=boat.side,
        secret=secret,
        goal=HALVED,
        math=total(("the boat's base move (in)", int(a.base))),
    )
    allowance = boat_speed(state, t, boat, a.base + die)
    state.allowance[boat.id] = allowance
    return allowance


def boat_step(state: State, t: Tables, ctx: Context, boat: Boat) -> dict[str, Any] | None:
    boat.moved = False
    party = state.parties.get(boat.id)
    crew = rowers(state, boat)
    private = boat.side == state.raiders
    secret = private and hidden(state)
    if not crew:
        if not boat.alongside and not boat.landed:
            coast(state, t, ctx, boat)
        return None
    if party is not None and party.side != state.raiders and not may_act(state, t, party):
        return None
    if party is not None and party.morale == "routed":
        if boat.alongside or boat.landed:
            boat.alongside = boat.landed = ""
        roll_allowance(state, t, ctx, boat)
        row(state, t, ctx, boat, "exit", int(state.allowance[boat.id]))
        return None
    if boat.alongside:
        ship_id = boat.alongside.split(":")[0]
        if boat.alongside_turn >= state.turn or state.ships[ship_id].status == "sunk":
            return None  # contact made this turn: climbing is for the next
        if party is not None and party.morale == "shaken":
            return None
        return {"kind": "alongside", "seat": boat.side, "boat": boat.id, "secret": secret}
    if boat.landed:
        landing = state.landings[boat.landed]
        if landing.kind != "beach" and boat.landed_turn >= state.turn:
            return None
        if party is not None and party.morale == "shaken":
            return None
        return {"kind": "landed", "seat": boat.side, "boat": boat.id, "secret": secret}
    if boat.id == state.ensign_boat:
        lost_boat(state, t, ctx, boat)
        return None
    roll_allowance(state, t, ctx, boat)
    return {"kind": "boat", "seat": boat.side, "boat": boat.id, "secret": secret}


def lost_boat(state: State, t: Tables, ctx: Context, boat: Boat) -> None:
    """The ensign lost in the dark: his boat rows her full move in a
    direction a die gives (Card Events Ideas, reconstructed)."""
    allowance = roll_allowance(state, t, ctx, boat)
    dirs = t.events.ensign_directions
    (n,) = ctx.roll(
        f"{boat.name}: which way the lost boat goes",
        1,
        R_MOVE,
        sides=len(dirs),
        seat=boat.side,
        secret=boat.side == state.raiders and hidden(state),
        math=faces(
            "straight on" if d % 360 == 0 else f"{d % 360:g} degrees to starboard" for d in dirs
        ),
    )
    heading = (boat.heading + dirs[n - 1]) % 360
    # lost, not fleeing: she stops at the table's edge rather than leave the harbour
    w, h = state.table
    gx, gy = harbour.toward((boat.x, boat.y), _ahead(boat, heading, allowance), allowance)
    move_boat_to(state, t, ctx, boat, (min(max(gx, 0.0), w), min(max(gy, 0.0), h)), allowance)
    say(state, ctx, f"{boat.name} wanders {allowance:g} in off her course", R_MOVE, True)


def _ahead(boat: Boat, heading: float, inches: float) -> tuple[float, float]:
    ux, uy = unit(heading)
    return (boat.x + ux * inches, boat.y + uy * inches)


def coast(state: State, t: Tables, ctx: Context, boat: Boat) -> None:
    """A boat not rowed carries half her last move until she stops."""
    if boat.last_move <= 0:
        return
    inches = boat.last_move * t.movement.coast_fraction
    if inches < t.movement.stopped_below:
        boat.last_move = 0.0
        return
    end = _ahead(boat, boat.heading, inches)
    move_boat_to(state, t, ctx, boat, end, inches, keep_heading=True)
    boat.last_move = inches


def toward_choices(state: State, t: Tables, boat: Boat) -> list[Option]:
    """Where a boat may row: alongside a boarding point of a ship, to a
    landing place, out to sea, or on a compass bearing."""
    out: list[Option] = []
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        if ship.side == boat.side and deck_held_by(state, ship) == boat.side:
            continue  # her own people hold her: nothing to board
        for p in harbour.boarding_points(ship, t):
            out.append(
                Option(
                    f"alongside:{ship.id}:{p}",
                    f"alongside {ship.name} at her {harbour.point_words(p)}",
                )
            )
    for landing in state.landings.values():
        out.append(Option(f"landing:{landing.id}", f"to the {landing.kind} at {landing.name}"))
    out.append(Option("exit", "out of the harbour to the open sea"))
    out += [
        Option(f"heading:{deg}", f"on a heading {name} ({deg} degrees)") for name, deg in COMPASS
    ]
    return out


def _ctx(ask: dict[str, Any], step: str, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"step": step, **extra}
    if ask.get("secret"):
        out["secret"] = True
    return out


def row(state: State, t: Tables, ctx: Context, boat: Boat, toward: str, inches: int) -> None:
    """Row ``boat`` up to ``inches`` toward ``toward`` (an option id)."""
    start = (boat.x, boat.y)
    boat.alongside = boat.landed = ""
    if inches <= 0:
        boat.last_move = 0.0
        say(state, ctx, f"{boat.name} lies still", R_MOVE, boat.side == state.raiders)
        return
    kind, _, rest = toward.partition(":")
    if kind == "alongside":
        ship_id, _, point_id = rest.partition(":")
        ship = state.ships[ship_id]
        x, y, h = harbour.alongside_spot(ship, t, point_id, boat)
        way = harbour.boat_way(state, start, (x, y))  # round her bow or stern, not through
        legs = list(zip([start, *way], way, strict=False))
        length = sum(distance(p, q) for p, q in legs)
        if length <= inches + 1e-9 and all(harbour.water_path(state, p, q) == q for p, q in legs):
            boat.last_move = length
            boat.x, boat.y, boat.heading = x, y, h
            boat.alongside = f"{ship.id}:{point_id}"
            boat.alongside_turn = state.turn
            boat.moved = True
            say(
                state,
                ctx,
                f"{boat.name} comes alongside {ship.name} at her {harbour.point_words(point_id)}",
                R_MOVE,
                boat.side == state.raiders,
            )
            return
        move_boat_to(state, t, ctx, boat, (x, y), inches)
    elif kind == "landing":
        landing = state.landings[rest]
        goal = (landing.x, landing.y)
        way = harbour.boat_way(state, start, goal)  # round any ship in the way
        legs = list(zip([start, *way], way, strict=False))
        length = sum(distance(p, q) for p, q in legs)
        if length <= inches + 1e-9 and all(
            harbour.water_path(state, p, q) == q for p, q in legs[:-1]
        ):
            last = legs[-1][0]
            end = harbour.water_path(state, last, goal, allow_end=True)
            if distance(end, goal) < 0.3:
                boat.last_move = length
                boat.heading = bearing(last, goal) if last != goal else boat.heading
                boat.x, boat.y = goal
                boat.landed = landing.id
                boat.landed_turn = state.turn
                boat.moved = True
                say(
                    state,
                    ctx,
                    f"{boat.name} reaches the {landing.kind} at {landing.name}",
                    R_MOVE,
                    boat.side == state.raiders,
                )
                return
        move_boat_to(state, t, ctx, boat, goal, inches)
    elif kind == "exit":
        move_boat_to(state, t, ctx, boat, harbour.exit_point(state, start), inches)
    else:
        heading = float(rest) if kind == "heading" else boat.heading
        move_boat_to(state, t, ctx, boat, _ahead(boat, heading, inches), inches)
    if boat.afloat:
        say(
            state,
            ctx,
            f"{boat.name} rows {boat.last_move:.1f} in",
            R_MOVE,
            boat.side == state.raiders,
        )


def move_boat_to(
    state: State,
    t: Tables,
    ctx: Context,
    boat: Boat,
    goal: tuple[float, float],
    inches: float,
    keep_heading: bool = False,
) -> None:
    """Row ``boat`` up to ``inches`` toward ``goal``: round every ship's hull
    in the way (never across it; a goal inside a hull stops her at the
    ship's side), and short of the shore; off the sea edge she is out."""
    start = (boat.x, boat.y)
    way = harbour.boat_way(state, start, goal)
    end, rowed, last = harbour.row_way(state, start, way, inches)
    w, h = state.table
    if harbour.past_exit(state, end):
        escape_boat(state, ctx, boat)
        return
    kept = (min(max(end[0], 0.0), w), min(max(end[1], 0.0), h))
    rowed -= distance(end, kept)
    end = kept
    if not keep_heading and end != last:
        boat.heading = bearing(last, end)
    boat.last_move = rowed
    boat.x, boat.y = end
    boat.moved = True


def escape_boat(state: State, ctx: Context, boat: Boat) -> None:
    """A boat rowed off the table by the sea edge leaves the game with everyone in it."""
    boat.status = "escaped"
    boat.alongside = boat.landed = ""
    for f in state.aboard(boat.id):
        f.fate = "escaped"
    say(
        state,
        ctx,
        f"{boat.name} pulls out of the harbour to the open sea",
        R_MOVE,
        boat.side == state.raiders,
    )


# -- alongside: climbing, shooting the guard ------------------------------------


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


# -- landing --------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# The prize under sail


def ship_allowance(state: State, t: Tables, ctx: Context, ship: Ship) -> float:
    """Half rigged: 6" plus a d6; fully rigged: 12" plus a d10; half speed
    (rounded down) once half her hull points are gone."""
    a = t.movement.ship_full if ship.rig >= t.rigging.full else t.movement.ship_half
    (die,) = ctx.roll(
        f"{ship.name}: under sail",
        1,
        R_MOVE,
        sides=a.die,
        seat=state.raiders,
        goal=HALVED,
        math=total(("her base move under sail (in)", int(a.base))),
    )
    inches = a.base + die
    if ship.hull_hits >= ship.hull_points * t.hull.half_speed_at:
        inches = float(math.floor(inches / 2))
    return inches


def prize_step(state: State, t: Tables, ctx: Context) -> dict[str, Any] | None:
    ship = state.prize_ship
    if ship.rig < t.rigging.half or not ship.afloat:
        return None
    return {"kind": "prize", "seat": state.raiders}


def prize_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    ship = state.prize_ship
    rigged = "fully" if ship.rig >= t.rigging.full else "half"
    speed = "12 in plus a d10" if rigged == "fully" else "6 in plus a d6"
    verb = "sail on" if ship.status == "under-way" else "cut her cable and make sail"
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {ship.name} is {rigged} rigged (score {ship.rig}): {verb}?",
        R_MOVE,
        (
            Option("sail", f"{verb} for the open sea ({speed})"),
            Option("stay", "stay where she is and go on rigging"),
        ),
        context={"step": "prize"},
    )


def apply_prize(state: State, t: Tables, ctx: Context, answer: str) -> None:
    if answer != "sail":
        return
    ship = state.prize_ship
    inches = ship_allowance(state, t, ctx, ship)
    sail(state, t, ctx, ship, inches)


def sail(state: State, t: Tables, ctx: Context, ship: Ship, inches: float) -> None:
    """Move the ship along her way out (the scenario's route, then straight
    out to sea); boats alongside are towed; past the sea edge she is out."""
    ship.status = "under-way"
    left = inches
    here = (ship.x, ship.y)
    while left > 1e-9:
        goal = ship.route[0] if ship.route else harbour.exit_point(state, here, ship.length)
        d = distance(here, goal)
        step = min(d, left)
        nxt = harbour.toward(here, goal, step)
        if d > 1e-9:
            ship.heading = bearing(here, goal)
        here = nxt
        left -= step
        if ship.route and distance(here, ship.route[0]) < 1e-6:
            ship.route.pop(0)
        elif not ship.route and step < 1e-9:
            break
    dx, dy = here[0] - ship.x, here[1] - ship.y
    ship.x, ship.y = here
    for boat in state.boats.values():
        if boat.afloat and boat.alongside.startswith(f"{ship.id}:"):
            point_id = boat.alongside.split(":", 1)[1]
            boat.x, boat.y, boat.heading = harbour.alongside_spot(ship, t, point_id, boat)
    ctx.log(f"{ship.name} makes sail: {inches:g} in toward the open sea", R_MOVE)
    if harbour.past_exit(state, (ship.x, ship.y)):
        ship.status = "at-sea"
        ctx.log(f"{ship.name} is out of the harbour", R_MOVE)
    del dx, dy


# --------------------------------------------------------------------------
# Figures on a deck


def deck_options(state: State, t: Tables, party: Party, ship: Ship) -> list[Option]:
    figs = [f for f in state.on_deck(ship.id) if f.party == party.id]
    enemies = [f for f in state.on_deck(ship.id) if f.side != party.side]
    opts = []
    if enemies:
        opts.append(Option("attack", "attack the nearest enemies on deck"))
    if party.side == state.raiders and state.below(ship.id):
        for n in (1, 2, 4):
            if n <= len(figs):
                rest = "the rest attack" if enemies else "the rest hold"
                opts.append(Option(f"hatch-{n}", f"{n} guard the main hatch, {rest}"))
    if party.side == ship.side:
        for point_id in sorted(
            {b.alongside.split(":", 1)[1] for b in _enemy_boats_alongside(state, ship, party.side)}
        ):
            opts.append(
                Option(
                    f"repel:{point_id}", f"repel boarders at the {harbour.point_words(point_id)}"
                )
            )
        if any(
            g.owner == ship.id and not g.destroyed and not g.silenced_game
            for g in state.guns.values()
        ):
            opts.append(Option("guns", "man the guns"))
    boat = _own_boat_alongside(state, party, ship)
    if boat is not None:
        opts.append(Option("embark", f"go back down into {boat.name}"))
    opts.append(Option("hold", "hold where they stand"))
    return opts


def _enemy_boats_alongside(state: State, ship: Ship, side: str) -> list[Boat]:
    return [
        b
        for b in state.boats.values()
        if b.afloat
        and b.side != side
        and b.alongside.startswith(f"{ship.id}:")
        and visible(state, b.side, side)
    ]


def _own_boat_alongside(state: State, party: Party, ship: Ship) -> Boat | None:
    candidates = [
        b
        for b in state.boats.values()
        if b.afloat and b.side == party.side and b.alongside.startswith(f"{ship.id}:")
    ]
    own = [b for b in candidates if b.id == party.boat]
    found = own or candidates
    return found[0] if found else None


def deck_step(
    state: State, t: Tables, ctx: Context, party: Party, ship: Ship
) -> dict[str, Any] | None:
    if not may_act(state, t, party):
        return None
    if party.morale in ("shaken", "routed"):
        fall_back_on_deck(state, t, ctx, party, ship)
        return None
    return {"kind": "deck", "seat": party.side, "party": party.id, "ship": ship.id}


def deck_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    party = state.parties[ask["party"]]
    ship = state.ships[ask["ship"]]
    n = len([f for f in state.on_deck(ship.id) if f.party == party.id])
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {party.name} on {ship.name}'s deck ({n} figures, up to "
        f"{t.movement.deck:g} in each)",
        R_MOVE,
        tuple(deck_options(state, t, party, ship)),
        context={"step": "deck", "party": party.id, "ship": ship.id},
    )


def apply_deck(state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: str) -> None:
    party = state.parties[ask["party"]]
    ship = state.ships[ask["ship"]]
    party.order = answer
    figs = [f for f in state.on_deck(ship.id) if f.party == party.id]
    reach = t.movement.deck
    if answer == "hold":
        return
    if answer == "embark":
        boat = _own_boat_alongside(state, party, ship)
        if boat is not None:
            embark(state, t, ctx, ship, boat, figs)
        return
    if answer.startswith("repel:"):
        point_id = answer.split(":", 1)[1]
        px, py = harbour.boarding_points(ship, t)[point_id]
        to_rail(state, t, ship, figs, (px, py), reach)
        ctx.log(
            f"{party.name} rush to the {harbour.point_words(point_id)} to repel boarders", R_MOVE
        )
        return
    if answer == "guns":
        man_guns(state, t, ship, figs, reach)
        ctx.log(f"{party.name} go to the guns", R_MOVE)
        return
    if answer.startswith("hatch-"):
        n = int(answer.split("-")[1])
        hx, hy = harbour.hatch(ship, t)
        guards = sorted(figs, key=lambda f: (f.kind != "marine", math.hypot(f.x - hx, f.y - hy)))[
            :n
        ]
        others = [f for f in state.on_deck(ship.id) if f not in guards]
        ring = [
            (hx + r * math.cos(math.radians(a)), hy + r * math.sin(math.radians(a)))
            for r in (0.75, 1.25)
            for a in range(0, 360, 45)
        ]
        free = [
            p
            for p in ring
            if harbour.on_deck(ship, *p)
            and all(math.hypot(o.x - p[0], o.y - p[1]) >= t.figures.base * 0.9 for o in others)
        ]
        for f, spot in zip(guards, free, strict=False):
            end = harbour.toward((f.x, f.y), spot, reach)
            f.x, f.y = harbour.clamp_to_deck(ship, *end)
        figs = [f for f in figs if f not in guards]
        ctx.log(f"{len(guards)} of {party.name} guard {ship.name}'s main hatch", R_MOVE)
    enemies = [f for f in state.on_deck(ship.id) if f.side != party.side]
    if figs and enemies:
        charge(figs, enemies, reach, t.figures.base, lambda x, y: harbour.clamp_to_deck(ship, x, y))
        ctx.log(f"{party.name} go for the enemy on {ship.name}'s deck", R_MOVE)


def charge(
    figs: list[Figure],
    enemies: list[Figure],
    reach: float,
    base: float,
    clamp: Any,
    limit: Any = None,
) -> None:
    """Each figure makes for an enemy it can reach, the least beset and then
    the nearest, and stands in base-to-base contact with it; one that can
    reach nobody moves its full move toward the nearest enemy."""
    beset: dict[str, int] = {e.id: 0 for e in enemies}
    for f in sorted(figs, key=lambda f: min(math.hypot(f.x - e.x, f.y - e.y) for e in enemies)):
        here = (f.x, f.y)
        reachable = [e for e in enemies if math.hypot(e.x - f.x, e.y - f.y) <= reach + base]
        if reachable:
            target = min(reachable, key=lambda e: (beset[e.id], math.hypot(e.x - f.x, e.y - f.y)))
            k = beset[target.id]
            beset[target.id] += 1
            angle = bearing((target.x, target.y), here) + SPREAD[k % len(SPREAD)]
            ux, uy = unit(angle)
            spot = clamp(target.x + ux * base, target.y + uy * base)
            if limit is not None:
                spot = limit(here, spot)
            f.x, f.y = spot
        else:
            target = min(enemies, key=lambda e: math.hypot(e.x - f.x, e.y - f.y))
            end = harbour.toward(here, (target.x, target.y), reach)
            spot = clamp(*end)
            if limit is not None:
                spot = limit(here, spot)
            f.x, f.y = spot


def to_rail(
    state: State, t: Tables, ship: Ship, figs: list[Figure], at: tuple[float, float], reach: float
) -> None:
    """Figures go to the rail at a boarding point, spread along it."""
    spots = [(at[0] + dx, at[1]) for dx in (0.0, 0.8, -0.8, 1.6, -1.6, 2.4, -2.4)]
    for n, f in enumerate(sorted(figs, key=lambda f: math.hypot(f.x - at[0], f.y - at[1]))):
        spot = spots[n % len(spots)]
        end = harbour.toward((f.x, f.y), spot, reach)
        f.x, f.y = harbour.clamp_to_deck(ship, *end)


def man_guns(state: State, t: Tables, ship: Ship, figs: list[Figure], reach: float) -> None:
    """Figures go to the ship's guns, a full crew to each in turn."""
    guns = [
        g
        for g in state.guns.values()
        if g.owner == ship.id and not g.destroyed and not g.silenced_game
    ]
    free = list(figs)
    for gun in guns:
        for k in range(gun.crew):
            if not free:
                return
            f = min(free, key=lambda f: math.hypot(f.x - gun.x, f.y - gun.y))
            free.remove(f)
            ux, uy = unit(90.0 * k)
            spot = (gun.x + ux * 0.5, gun.y - math.copysign(0.4, gun.y) + uy * 0.2)
            end = harbour.toward((f.x, f.y), spot, reach)
            f.x, f.y = harbour.clamp_to_deck(ship, *end)


def embark(
    state: State, t: Tables, ctx: Context, ship: Ship, boat: Boat, figs: list[Figure]
) -> None:
    """Figures walk to their boat's boarding point and go down into her."""
    point_id = boat.alongside.split(":", 1)[1]
    px, py = harbour.boarding_points(ship, t)[point_id]
    room = boat.capacity - len(state.aboard(boat.id))
    gone = 0
    for f in figs:
        if math.hypot(f.x - px, f.y - py) <= t.movement.deck and gone < room:
            f.where, f.place = "boat", boat.id
            gone += 1
        else:
            f.x, f.y = harbour.clamp_to_deck(
                ship, *harbour.toward((f.x, f.y), (px, py), t.movement.deck)
            )
    if gone:
        ctx.log(f"{gone} go down into {boat.name}", R_MOVE)


def fall_back_on_deck(state: State, t: Tables, ctx: Context, party: Party, ship: Ship) -> None:
    """A shaken or routed party falls back: into a boat alongside if it can,
    else away from the enemy (Morale: 3-4 falls back, re-enters the boats)."""
    figs = [f for f in state.on_deck(ship.id) if f.party == party.id]
    boat = _own_boat_alongside(state, party, ship)
    if boat is not None:
        embark(state, t, ctx, ship, boat, figs)
        return
    enemies = [f for f in state.on_deck(ship.id) if f.side != party.side]
    if not enemies:
        return
    for f in figs:
        e = min(enemies, key=lambda e: math.hypot(e.x - f.x, e.y - f.y))
        away = bearing((e.x, e.y), (f.x, f.y))
        ux, uy = unit(away)
        f.x, f.y = harbour.clamp_to_deck(
            ship, f.x + ux * t.movement.deck, f.y + uy * t.movement.deck
        )
    ctx.log(f"{party.name} fall back", R_MOVE)


# --------------------------------------------------------------------------
# Figures on land


def land_options(state: State, t: Tables, party: Party) -> list[Option]:
    figs = [f for f in state.party_figures(party.id) if f.where == "land"]
    opts = []
    enemies = [
        f
        for f in state.figures.values()
        if f.active
        and f.side != party.side
        and f.where == "land"
        and visible(state, f.side, party.side)
    ]
    for b in state.batteries.values():
        held = b.captured_by or b.side
        if held != party.side:
            opts.append(Option(f"advance:{b.id}", f"advance on {b.name}"))
            if _volley_arms(figs):
                opts.append(Option(f"formed:{b.id}", f"advance on {b.name} formed for volley fire"))
        else:
            opts.append(Option(f"advance:{b.id}", f"go to {b.name}"))
            if (
                any(
                    g.owner == b.id and not g.spiked and not g.destroyed
                    for g in state.guns.values()
                )
                and b.captured_by == party.side
            ):
                opts.append(Option(f"spike:{b.id}", f"spike the guns of {b.name}"))
    if enemies:
        opts.append(Option("attack", "attack the nearest enemies ashore"))
    for landing in _landings_under_attack(state, party.side):
        opts.append(
            Option(
                f"bar:{landing.id}",
                f"bar the top of {landing.name} against the boat lying there",
            )
        )
    for boat in state.boats.values():
        if boat.afloat and boat.side == party.side and boat.landed:
            landing = state.landings[boat.landed]
            opts.append(Option(f"embark:{boat.id}", f"re-embark in {boat.name} at {landing.name}"))
    if _volley_arms(figs) and not party.formed:
        opts.append(Option("form", "form up for volley fire where they stand"))
    opts.append(Option("hold", "hold where they stand"))
    return opts


def _landings_under_attack(state: State, side: str) -> list[Landing]:
    """The moles and piers where an enemy boat that ``side`` can see lies:
    landing there is boarding, and those standing at the top bar the way."""
    out = []
    for landing in state.landings.values():
        if landing.kind == "beach":
            continue
        if any(
            b.afloat and b.side != side and b.landed == landing.id and visible(state, b.side, side)
            for b in state.boats.values()
        ):
            out.append(landing)
    return out


def _volley_arms(figs: list[Figure]) -> bool:
    return sum(1 for f in figs if f.kind in ("marine", "soldier")) >= 2


def land_step(state: State, t: Tables, ctx: Context, party: Party) -> dict[str, Any] | None:
    if not may_act(state, t, party):
        return None
    if party.morale in ("shaken", "routed"):
        fall_back_on_land(state, t, ctx, party)
        return None
    secret = party.side == state.raiders and hidden(state)
    return {"kind": "land", "seat": party.side, "party": party.id, "secret": secret}


def land_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    party = state.parties[ask["party"]]
    n = len([f for f in state.party_figures(party.id) if f.where == "land"])
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {party.name} ashore ({n} figures; 6 in plus a d6, "
        "formed 3 in plus a d6)",
        R_MOVE,
        tuple(land_options(state, t, party)),
        context=_ctx(ask, "land", party=party.id),
    )


def land_allowance(state: State, t: Tables, ctx: Context, party: Party, formed: bool) -> float:
    a = t.movement.formed if formed else t.movement.land
    (die,) = ctx.roll(
        f"{party.name}: moving ashore" + (" formed" if formed else ""),
        1,
        R_MOVE,
        sides=a.die,
        seat=party.side,
        secret=party.side == state.raiders and hidden(state),
        math=total(("the base move ashore (in)" + (", formed" if formed else ""), int(a.base))),
    )
    return a.base + die


def apply_land(state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: str) -> None:
    party = state.parties[ask["party"]]
    party.order = answer
    figs = [f for f in state.party_figures(party.id) if f.where == "land"]
    private = party.side == state.raiders
    kind, _, rest = answer.partition(":")
    if kind == "hold":
        return
    if kind == "form":
        party.formed = True
        say(state, ctx, f"{party.name} form up for volley fire", R_MOVE, private)
        return
    if kind == "spike":
        for g in state.guns.values():
            if g.owner == rest and not g.spiked:
                g.spiked = True
        ctx.log(f"{party.name} spike the guns of {state.batteries[rest].name}", R_MOVE)
        return
    party.formed = kind == "formed"
    reach = land_allowance(state, t, ctx, party, party.formed)
    clamp = _land_clamp(state)

    def limit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        return harbour.land_path(state, a, b)

    if kind == "bar":
        landing = state.landings[rest]
        top = harbour.ashore_point(state, (landing.x, landing.y))
        spots = spread(top, len(figs), t.figures.base * 1.05)
        for f, spot in zip(figs, spots, strict=True):
            f.x, f.y = limit((f.x, f.y), harbour.toward((f.x, f.y), spot, reach))
        say(state, ctx, f"{party.name} make for the top of {landing.name}", R_MOVE, private)
        return
    if kind == "embark":
        boat = state.boats[rest]
        landing = state.landings[boat.landed]
        room = boat.capacity - len(state.aboard(boat.id))
        n = 0
        for f in figs:
            if math.hypot(f.x - landing.x, f.y - landing.y) <= reach and n < room:
                f.where, f.place = "boat", boat.id
                n += 1
            else:
                f.x, f.y = limit(
                    (f.x, f.y), harbour.toward((f.x, f.y), (landing.x, landing.y), reach)
                )
        say(state, ctx, f"{n} of {party.name} re-embark in {boat.name}", R_MOVE, private)
        return
    if kind == "attack":
        enemies = [
            f
            for f in state.figures.values()
            if f.active
            and f.side != party.side
            and f.where == "land"
            and visible(state, f.side, party.side)
        ]
        if enemies:
            charge(figs, enemies, reach, t.figures.base, clamp, limit)
        say(state, ctx, f"{party.name} attack", R_MOVE, private)
        return
    battery = state.batteries[rest]
    held = battery.captured_by or battery.side
    defenders = [
        f
        for f in state.figures.values()
        if f.active
        and f.side != party.side
        and f.where == "land"
        and harbour.inside(battery.outline, (f.x, f.y))
    ]
    if held != party.side and defenders:
        charge(figs, defenders, reach, t.figures.base, clamp, limit)
    else:
        spots = spread((battery.x, battery.y), len(figs), t.figures.base * 1.05)
        for f, spot in zip(figs, spots, strict=True):
            f.x, f.y = limit((f.x, f.y), harbour.toward((f.x, f.y), spot, reach))
    if party.formed:
        _line_up(figs)
    say(state, ctx, f"{party.name} move on {battery.name}", R_MOVE, private)


def _land_clamp(state: State) -> Any:
    w, h = state.table

    def clamp(x: float, y: float) -> tuple[float, float]:
        return (min(max(x, 0.0), w), min(max(y, 0.0), h))

    return clamp


def _line_up(figs: list[Figure]) -> None:
    """Formed figures stand stand-to-stand in one rank (Firing: volley)."""
    if len(figs) < 2:
        return
    cx = sum(f.x for f in figs) / len(figs)
    cy = sum(f.y for f in figs) / len(figs)
    for n, f in enumerate(figs):
        f.x, f.y = cx + (n - (len(figs) - 1) / 2) * 0.78, cy


def fall_back_on_land(state: State, t: Tables, ctx: Context, party: Party) -> None:
    """Shaken or routed: away from the enemy, or into a boat at hand."""
    figs = [f for f in state.party_figures(party.id) if f.where == "land"]
    reach = t.movement.land.base
    for boat in state.boats.values():
        if boat.afloat and boat.side == party.side and boat.landed:
            landing = state.landings[boat.landed]
            for f in figs:
                if math.hypot(f.x - landing.x, f.y - landing.y) <= reach:
                    f.where, f.place = "boat", boat.id
    figs = [f for f in figs if f.where == "land"]
    enemies = [
        f
        for f in state.figures.values()
        if f.active and f.side != party.side and f.where in ("land", "deck")
    ]
    pts = [harbour.figure_point(state, e) for e in enemies]
    pts2 = [p for p in pts if p is not None]
    if party.morale == "routed":
        for f in figs:
            f.fate = "out"
        if figs:
            ctx.log(f"{len(figs)} of {party.name} flee", R_MOVE)
        return
    if not pts2:
        return
    for f in figs:
        e = min(pts2, key=lambda p: math.hypot(p[0] - f.x, p[1] - f.y))
        ux, uy = unit(bearing(e, (f.x, f.y)))
        f.x, f.y = harbour.land_path(state, (f.x, f.y), (f.x + ux * reach, f.y + uy * reach))
    ctx.log(f"{party.name} fall back", R_MOVE)
