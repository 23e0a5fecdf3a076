"""Fire ships and explosive ships; towing (Fire ships; Explosive Ships;
Tugboats; Towing Balloons).

A fire ship drifts with the current, at the current's speed, or is towed
into action and cast off. Her side sets her alight with a die (4 to 6). A
ship she touches while alight catches fire on a 6 (an ironclad) or 4 to 6
(any other); that fire is fought with up to four attempts, a 6 for a ship
and 4 to 6 for an ironclad, and four failures abandon her. An explosive ship
moves as a fire ship; her side throws for her each move it chooses, and on a
6 she blows up: every ship touching her sinks.

Towing: a ship takes another in tow when both are stopped and alongside;
the tow follows in her wake until cast off. A ship towing an inflated
balloon makes 3 knots at most.
"""

from __future__ import annotations

import math
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import at_least
from quarterdeck.rulesets.acw_river.damage import sink
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.state import Fire, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_FIRESHIP: Final = "Fire ships"
R_EXPLOSIVE: Final = "Explosive Ships"
R_TOW: Final = "Movement: Tugboats (towing)"


def touching(state: State, ship: Ship, t: Tables) -> list[Ship]:
    from quarterdeck.rulesets.acw_river.moves import contact_gap

    return [
        other
        for sid, other in state.ships.items()
        if sid != ship.id
        and other.afloat
        and other.status != "exited"
        and contact_gap(ship, other) <= t.distances.touching
    ]


def ignite(state: State, ship: Ship, ctx: Context, t: Tables) -> bool:
    """Set a fire ship alight: 4, 5 or 6."""
    if not ship.fireship or ship.alight:
        return ship.alight
    die = roll(
        ctx,
        f"Setting {ship.name} alight",
        1,
        R_FIRESHIP,
        seat=ship.side,
        secret=secret_for(state, ship),
        goal=f"{t.fire_ships.ignite_on} or more",
        math=at_least(
            t.fire_ships.ignite_on,
            outcomes=((1, "she will not light"), (t.fire_ships.ignite_on, "she is alight")),
        ),
    )[0]
    if die >= t.fire_ships.ignite_on:
        ship.alight = True
        say(state, ctx, f"{ship.name} is alight", R_FIRESHIP, ship)
    return ship.alight


def detonate(state: State, ship: Ship, ctx: Context, t: Tables) -> bool:
    """An explosive ship: a 6 and she blows up, sinking every ship touching her."""
    if ship.fireship != "explosive" or not ship.afloat:
        return False
    die = roll(
        ctx,
        f"{ship.name}: does she detonate?",
        1,
        R_EXPLOSIVE,
        seat=ship.side,
        secret=secret_for(state, ship),
        goal=f"{t.fire_ships.explode_on}: she blows up",
        math=at_least(
            t.fire_ships.explode_on,
            outcomes=((1, "not yet"), (t.fire_ships.explode_on, "she blows up")),
        ),
    )[0]
    if die < t.fire_ships.explode_on:
        return False
    victims = touching(state, ship, t)
    sink(state, ship, ctx, t, "explodes")
    for other in victims:
        sink(state, other, ctx, t, f"is sunk by the explosion of {ship.name}")
    return True


def spread(state: State, ctx: Context, t: Tables) -> None:
    """After the move: every ship touching a fire ship alight may catch fire
    (an ironclad on a 6, any other on 4 to 6), once for each fire ship."""
    for ship in state.ships.values():
        if ship.fireship != "fire" or not ship.alight or not ship.afloat:
            continue
        for other in touching(state, ship, t):
            if other.fireship or any(f.kind == "fireship" for f in other.fires):
                continue
            ironclad = t.hulls[other.hull].ironclad
            need = t.fire_ships.catch_ironclad_on if ironclad else t.fire_ships.catch_other_on
            die = roll(
                ctx,
                f"{ship.name} against {other.name}: does she catch fire?",
                1,
                R_FIRESHIP,
                seat=ship.side,
                secret=secret_for(state, other) or secret_for(state, ship),
                goal=f"{need} or more",
                math=at_least(
                    need,
                    outcomes=(
                        (1, "she does not catch"),
                        (need, ("an ironclad" if ironclad else "she") + " catches fire"),
                    ),
                ),
            )[0]
            if die >= need:
                out = t.fire_ships.out_ironclad_on if ironclad else t.fire_ships.out_ship_on
                other.fires.append(Fire("fireship", t.fire_ships.tries, out))
                say(state, ctx, f"{other.name} catches fire from {ship.name}", R_FIRESHIP, other)
            else:
                say(state, ctx, f"{other.name} fends off {ship.name}", R_FIRESHIP, other)


# --------------------------------------------------------------------------
# Towing


def take_in_tow(state: State, tug: Ship, tow: Ship, ctx: Context, t: Tables) -> bool:
    """Both stopped and alongside: the tow follows the tug from now on."""
    from quarterdeck.rulesets.acw_river.boarding import alongside

    if tug.speed != 0 or tow.speed != 0 or tug.towing or tow.towed_by:
        say(state, ctx, f"{tug.name} cannot take {tow.name} in tow now", R_TOW, tug)
        return False
    if not alongside(tug, tow, t) or tow.side != tug.side:
        say(state, ctx, f"{tow.name} is not alongside {tug.name}", R_TOW, tug)
        return False
    tug.towing, tow.towed_by = tow.id, tug.id
    tow.anchored = False
    say(state, ctx, f"{tug.name} takes {tow.name} in tow", R_TOW, tug, tow)
    return True


def cast_off(state: State, tug: Ship, ctx: Context) -> None:
    tow = state.ships.get(tug.towing)
    tug.towing = ""
    if tow is not None:
        tow.towed_by = ""
        tow.speed = 0
        say(state, ctx, f"{tug.name} casts off {tow.name}", R_TOW, tug, tow)


def follow(state: State, tug: Ship, t: Tables) -> None:
    """The tow in the tug's wake, an inch astern of her."""
    tow = state.ships.get(tug.towing)
    if tow is None or not tow.afloat:
        tug.towing = ""
        return
    back = tug.length / 2 + tow.length / 2 + t.distances.tow_gap
    r = math.radians(tug.heading)
    tow.heading = tug.heading
    tow.x = tug.x - math.sin(r) * back
    tow.y = tug.y - math.cos(r) * back
