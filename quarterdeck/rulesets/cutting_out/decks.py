"""Movement (step 1 of the turn), figures on a deck: "Crew figures on board
their own ship or figures that have successfully boarded a ship can move up
to 6" per turn."

A party on deck charges, goes to the rail, mans the guns, goes down into a
boat alongside, or falls back.
"""

from __future__ import annotations

import math
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.geometry import bearing, unit
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import (
    R_MOVE,
    visible,
)
from quarterdeck.rulesets.cutting_out.spotting import may_act
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Party, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

SPREAD = (0.0, 50.0, -50.0, 100.0, -100.0, 150.0, -150.0, 180.0)


def deck_options(
    state: State, t: Tables, party: Party, ship: Ship, deck: list[Figure] | None = None
) -> list[Option]:
    """What a party on a deck may do (Movement: on deck). ``deck``: every
    figure on her deck (``state.on_deck(ship.id)``), where the caller has it."""
    if deck is None:
        deck = state.on_deck(ship.id)
    figs = [f for f in deck if f.party == party.id]
    enemies = [f for f in deck if f.side != party.side]
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
    deck = state.on_deck(ship.id)  # the figures on her deck, once
    n = len([f for f in deck if f.party == party.id])
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {party.name} on {ship.name}'s deck ({n} figures, up to "
        f"{t.movement.deck:g} in each)",
        R_MOVE,
        tuple(deck_options(state, t, party, ship, deck)),
        context={"step": "deck", "party": party.id, "ship": ship.id},
    )


def apply_deck(state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: str) -> None:
    party = state.parties[ask["party"]]
    ship = state.ships[ask["ship"]]
    party.order = answer
    if answer == "hold":
        return
    figs = [f for f in state.on_deck(ship.id) if f.party == party.id]
    reach = t.movement.deck
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
