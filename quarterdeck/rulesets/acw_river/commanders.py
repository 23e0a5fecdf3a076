"""Commanders: the four coloured dice and what they decide (Determine Fleet
commander and Captains qualities; Reckless, Stubborn and Intelligent
Captains; Flag ships; Fort Commander; Morale Score; Gunnery and Ramming).

Every captain, fleet commander and fort commander is rolled on four dice:
white (quality), green (added to morale while he lives), red (taken off
morale once he is dead) and yellow (gunnery: added to a gun he lays, and to
the ram test). The dice are rolled in secret for his own side: no other side
learns them (the umpire does). The values are fixed for the game.

A fleet commander aboard a ship commands her in her captain's place. His or
her captain's quality is enforced on every plotted move (``enforce``):

- reckless: once an enemy ship is in sight of his own ship, he steams for
  the nearest one whatever his orders: a plot that does not close the range
  at no less speed is replaced by his own;
- stubborn: he keeps to his standing order to the letter: a plot that does
  not follow it is replaced by one that does; no ram or boarding unless the
  order is to engage;
- intelligent: he follows orders and adapts; his plots stand.

Only the fleet commander changes a ship's standing order, so a change is
offered only for ships in sight of the flagship (signals).
"""

from __future__ import annotations

import math
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least
from quarterdeck.core.geometry import angle_diff, bearing, distance
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.movement import project, speed_limits
from quarterdeck.rulesets.acw_river.state import Commander, Dice, Helm, Order, Plot, Ship, State
from quarterdeck.rulesets.acw_river.tables import Band, DiceTable, Tables
from quarterdeck.rulesets.acw_river.terrain import square_box
from quarterdeck.rulesets.acw_river.visibility import say, ship_sees

R_DICE: Final = "Determine Fleet commander, and Captains qualities"
R_RECKLESS: Final = "Reckless captain"
R_STUBBORN: Final = "Stubborn Captain"
R_INTELLIGENT: Final = "Intelligent Captain"
R_FLAG: Final = "Flag ships"
R_FORT: Final = "Fort Commander"
R_ORDERS: Final = "Orders"

Vec = tuple[float, float]


def dice_table(c: Commander, t: Tables) -> DiceTable:
    return t.commanders.fort if c.role == "fort" else t.commanders.captain


def bands(bands: tuple[Band, ...]) -> tuple[tuple[int, str], ...]:
    """A coloured die's bands as chart rows (lowest face, what it reads)."""
    out: list[tuple[int, str]] = []
    low = 1
    for band in bands:
        if low <= band.upto:
            value = band.value
            out.append((low, value if isinstance(value, str) else f"{value:+d}"))
        low = band.upto + 1
    return tuple(out)


def qualities(table: DiceTable) -> RollMath:
    """The four coloured dice, each read off its own chart (the tables in
    force)."""
    return RollMath(
        "each",
        per_die=(
            ("white: his quality", RollMath("each", outcomes=bands(table.white))),
            (
                "green: added to morale while he lives",
                RollMath("each", outcomes=bands(table.green)),
            ),
            ("red: taken off morale once he is dead", RollMath("each", outcomes=bands(table.red))),
            ("yellow: his gunnery", RollMath("each", outcomes=bands(table.yellow))),
        ),
    )


def quality(c: Commander, t: Tables) -> str:
    """Intelligent, stubborn or reckless (a fort commander: panicky,
    stubborn or fanatic), from the white die."""
    return str(DiceTable.read(dice_table(c, t).white, c.dice.white))


def morale_plus(c: Commander, t: Tables) -> int:
    """The green die: added to a morale test while he lives."""
    return int(DiceTable.read(dice_table(c, t).green, c.dice.green))


def morale_minus(c: Commander, t: Tables) -> int:
    """The red die: taken off a morale test once he is dead (negative)."""
    return int(DiceTable.read(dice_table(c, t).red, c.dice.red))


def gunnery(c: Commander, t: Tables) -> int:
    """The yellow die: added to the gun he lays, and to the ram test."""
    return int(DiceTable.read(dice_table(c, t).yellow, c.dice.yellow))


_READINGS: Final[dict[tuple[str, int, int, int, int], tuple[str, int, int, int]]] = {}
_READ_WITH: Final[list[Tables | None]] = [None]


def readings(c: Commander, t: Tables) -> tuple[str, int, int, int]:
    """His quality, morale alive and dead, and gunnery (:func:`quality`,
    :func:`morale_plus`, :func:`morale_minus`, :func:`gunnery`), read once
    for each role and four dice under the tables in force (they never
    change once rolled)."""
    if _READ_WITH[0] is not t:
        _READINGS.clear()
        _READ_WITH[0] = t
    d = c.dice
    key = (c.role, d.white, d.green, d.red, d.yellow)
    found = _READINGS.get(key)
    if found is None:
        found = _READINGS[key] = (
            quality(c, t),
            morale_plus(c, t),
            morale_minus(c, t),
            gunnery(c, t),
        )
    return found


def roll_commander(
    ctx: Context, cid: str, name: str, side: str, role: str, post: str, t: Tables
) -> Commander:
    """Throw the four coloured dice for a commander, in secret for his side.
    The charts' reading of the dice (:func:`qualities`) and the line that
    tells his side what he is are made only where a roll or the log reads
    them (a batch run's program dice and no log do not: every game rolls
    every commander)."""
    table = t.commanders.fort if role == "fort" else t.commanders.captain
    white, green, red, yellow = roll(
        ctx,
        f"{name}'s qualities: white, green, red and yellow dice",
        4,
        R_FORT if role == "fort" else R_DICE,
        seat=side,
        secret=True,
        math=lambda _: qualities(table),
    )
    c = Commander(cid, name, side, role, post, Dice(white, green, red, yellow))  # type: ignore[arg-type]
    if ctx.logging:
        ctx.log(
            f"{name} ({role}, {post}): {quality(c, t)}; morale +{morale_plus(c, t)} alive, "
            f"{morale_minus(c, t)} dead; gunnery +{gunnery(c, t)}",
            R_FORT if role == "fort" else R_DICE,
            seats=(side,),
        )
    return c


def in_command(state: State, ship: Ship) -> Commander | None:
    """Who commands her: the fleet commander while he is aboard, else her
    captain, if alive (Flag ships)."""
    side = state.sides.get(ship.side)
    if side is not None and side.commander:
        fleet = state.commanders.get(side.commander)
        if fleet is not None and fleet.alive and not fleet.lost and fleet.post == ship.id:
            return fleet
    captain = state.commanders.get(ship.captain)
    if captain is not None and captain.alive and not captain.lost:
        return captain
    return None


def ship_quality(state: State, ship: Ship, t: Tables) -> str:
    """The quality that governs her plots; with nobody in command, the
    next officer keeps to his orders (stubborn)."""
    c = in_command(state, ship)
    return quality(c, t) if c is not None else "stubborn"


# --------------------------------------------------------------------------
# Flag ships


def flagship_lost(state: State, ship: Ship, ctx: Context, t: Tables) -> None:
    """The flagship is sinking, taken or abandoned (Flag ships): a stubborn
    commander stays with her; a reckless one leaves on a 5 or 6; an
    intelligent one moves to the nearest friendly ship still in action.
    One who stays is lost with her."""
    side = state.sides.get(ship.owner)
    if side is None or side.flagship != ship.id or not side.commander:
        return
    fleet = state.commanders[side.commander]
    if not fleet.alive or fleet.lost:
        return
    friends = [
        s for s in state.ships.values() if s.side == ship.owner and s.in_action and s.id != ship.id
    ]
    q = quality(fleet, t)
    leaves = False
    if friends and q == "intelligent":
        leaves = True
    elif friends and q == "reckless":
        die = roll(
            ctx,
            f"{fleet.name} leaves the stricken {ship.name}?",
            1,
            R_FLAG,
            seat=ship.owner,
            # only a reckless commander throws: the throw itself would tell
            # the other side his white die
            secret=True,
            goal=f"{t.flagship.reckless_leaves_on} or more",
            math=at_least(
                t.flagship.reckless_leaves_on,
                outcomes=(
                    (1, "he stays with her"),
                    (t.flagship.reckless_leaves_on, "he leaves her"),
                ),
            ),
        )[0]
        leaves = die >= t.flagship.reckless_leaves_on
    if leaves:
        new = min(friends, key=lambda s: distance((s.x, s.y), (ship.x, ship.y)))
        fleet.post = new.id
        side.flagship = new.id
        say(state, ctx, f"{fleet.name} shifts his flag to {new.name}", R_FLAG, ship, new)
    else:
        fleet.lost = True
        say(state, ctx, f"{fleet.name} stays with {ship.name} and is lost with her", R_FLAG, ship)


def can_signal(state: State, ship: Ship, t: Tables) -> bool:
    """Whether the fleet commander can change her orders: he is alive, and
    she is his flagship or in sight of it."""
    side = state.sides[ship.side]
    if not side.commander or ship.side != ship.owner:
        return False
    fleet = state.commanders[side.commander]
    if not fleet.alive or fleet.lost:
        return False
    flag = state.ships.get(fleet.post)
    if flag is None or not flag.in_action:
        return False
    return flag.id == ship.id or ship_sees(state, flag, ship, t, knower=ship.side)


# --------------------------------------------------------------------------
# The qualities enforced on plots


def nearest_visible_enemy(state: State, ship: Ship, t: Tables, named: str = "") -> Ship | None:
    """Of the enemy ships in action in sight of her own ship (Visibility:
    reckless captains react only to targets visible from their ships), the
    one ``named`` if she is among them, else the nearest (the first in the
    state's order at that distance), or None: the sight lines looked at
    nearest first, only until one is clear."""
    enemies = [s for s in state.ships.values() if s.side != ship.side and s.in_action]
    if named:
        for s in enemies:
            if s.id == named and ship_sees(state, ship, s, t):
                return s
    here = (ship.x, ship.y)
    enemies.sort(key=lambda s: distance((s.x, s.y), here))
    return next((s for s in enemies if ship_sees(state, ship, s, t)), None)


def order_point(state: State, ship: Ship, order: Order, t: Tables) -> Vec | None:
    """Where a standing order takes her, or None (hold, engage)."""
    table = state.table
    kind, target = order.kind, order.target
    if kind == "proceed":
        if target == "upstream":
            return (ship.x, table.length + 2.0)
        if target == "downstream":
            return (ship.x, -2.0)
        if target.startswith("sq") and target[2:].isdigit():
            x0, y0, x1, y1 = square_box(table, int(target[2:]))
            return ((x0 + x1) / 2, (y0 + y1) / 2)
    if kind in ("proceed", "land"):
        place = state.places.get(target)
        if place is not None:
            return (place.x, place.y)
        fort = state.forts.get(target)
        if fort is not None:
            return (fort.x, fort.y)
    if kind == "station":
        leader = state.ships.get(target)
        if leader is not None and leader.afloat:
            r = math.radians(leader.heading + 180.0)
            gap = t.distances.station_astern
            return (leader.x + math.sin(r) * gap, leader.y + math.cos(r) * gap)
    return None


def _steer_for(ship: Ship, point: Vec) -> Helm:
    off = angle_diff(ship.heading, bearing((ship.x, ship.y), point))
    if abs(off) < 4:
        return "ahead"
    if abs(off) < 15:
        return "half-starboard" if off > 0 else "half-port"
    if abs(off) < 40:
        return "starboard" if off > 0 else "port"
    return "hard-starboard" if off > 0 else "hard-port"


def _closes(state: State, ship: Ship, plot: Plot, point: Vec, t: Tables) -> bool:
    x, y, _ = project(state, ship, plot.speed, plot.helm, t)
    now = distance((ship.x, ship.y), point)
    return distance((x, y), point) < now - 1e-6 or now < 2.0


def _head_for(ship: Ship, point: Vec, plot: Plot, t: Tables, why: str, enemy: str = "") -> Plot:
    """The plot he steams instead: full ahead for ``point``, keeping a
    landing, or an attack (ram, spar, boarding) on the enemy he steams for."""
    _, high = speed_limits(ship, t)
    attack = plot.action.startswith(("ram:", "spar:", "board:"))
    keep = plot.action.startswith("land:") or (
        bool(enemy) and attack and plot.action.split(":", 1)[1] == enemy
    )
    return Plot(
        speed=high,
        helm=_steer_for(ship, point),
        turrets=dict(plot.turrets),
        action=plot.action if keep else "",
        laying=plot.laying,
        fire_quarter=plot.fire_quarter,
        override=why,
    )


def enforce(state: State, ship: Ship, plot: Plot, t: Tables) -> Plot:
    """The captain's quality applied to a revealed plot. Returns the plot
    she will steam (``override`` says why it changed)."""
    if ship.aground is not None or ship.anchored or ship.locked or ship.status != "active":
        return plot
    q = ship_quality(state, ship, t)
    order = state.sides[ship.side].orders.get(ship.id, Order("hold"))
    if q == "reckless":
        near = nearest_visible_enemy(state, ship, t)
        if near is not None:
            aim = (near.x, near.y)
            if plot.speed < ship.speed or not _closes(state, ship, plot, aim, t):
                why = f"reckless: steams for {near.name}"
                return _head_for(ship, aim, plot, t, why, near.id)
        return plot
    if q != "stubborn":
        return plot
    if order.kind == "engage":
        near = nearest_visible_enemy(state, ship, t, order.target)
        if near is not None and not _closes(state, ship, plot, (near.x, near.y), t):
            why = f"stubborn: engages {near.name}"
            return _head_for(ship, (near.x, near.y), plot, t, why, near.id)
        return plot
    stripped = plot
    if plot.action.startswith(("ram:", "board:", "spar:")):
        stripped = Plot(
            plot.speed,
            plot.helm,
            dict(plot.turrets),
            "",
            plot.laying,
            plot.fire_quarter,
            "stubborn: keeps to his orders, no attack",
        )
    if order.kind == "hold":
        low, _ = speed_limits(ship, t)
        if plot.speed > max(low, 0) or plot.helm != "ahead":
            return Plot(
                max(low, 0),
                "ahead",
                dict(plot.turrets),
                stripped.action,
                plot.laying,
                plot.fire_quarter,
                "stubborn: holds his position",
            )
        return stripped
    point = order_point(state, ship, order, t)
    if point is None:
        return stripped
    if not _closes(state, ship, stripped, point, t):
        return _head_for(ship, point, stripped, t, f"stubborn: keeps to his order ({order.kind})")
    return stripped
