"""Movement (step 1 of the turn), figures on land: "On land figures move 6"
PLUS a d6 roll"; "Marines and soldiers traveling as formed for volley fire
travel 3" PLUS a d6 roll".

A party ashore advances, charges, forms for volley fire, goes back to its
boats, or falls back.
"""

from __future__ import annotations

import math
from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import total
from quarterdeck.core.geometry import bearing, unit
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.boats import _ctx
from quarterdeck.rulesets.cutting_out.common import (
    R_MOVE,
    hidden,
    say,
    visible,
)
from quarterdeck.rulesets.cutting_out.decks import charge
from quarterdeck.rulesets.cutting_out.setup import spread
from quarterdeck.rulesets.cutting_out.spotting import may_act
from quarterdeck.rulesets.cutting_out.state import Figure, Landing, Party, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def land_enemies(state: State, party: Party) -> list[Figure]:
    """The enemy figures ashore that ``party`` can see (Movement: on land),
    for its orders and for an attack."""
    return [
        f
        for f in state.figures.values()
        if f.active
        and f.side != party.side
        and f.where == "land"
        and visible(state, f.side, party.side)
    ]


def land_options(state: State, t: Tables, party: Party) -> list[Option]:
    figs = [f for f in state.party_figures(party.id) if f.where == "land"]
    opts = []
    enemies = land_enemies(state, party)
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
        enemies = land_enemies(state, party)
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
