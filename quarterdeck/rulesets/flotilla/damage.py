"""Flotilla damage: the damage boxes, the specific hit chart, continuing
damage, crew and gun losses, and the captain's morale.

Sections: "Damage" (The Damage Box, Continuing Damage, Specific Hits),
"Specific Hit Chart", "Captain's Morale" and its modifiers.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.flotilla import explain as ex, odds
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import PASSING, Tables

R_BOX: Final = "Damage: The Damage Box"
R_CONT: Final = "Damage: Continuing Damage"
R_SPEC: Final = "Damage: Specific Hits; Specific Hit Chart"
R_MORALE: Final = "Captain's Morale"
R_MORALE_MODS: Final = "Captain's Morale Modifiers"

OUT: Final[tuple[str, ...]] = ("sunk", "hulk", "surrendered", "abandoned", "captured", "exited")


def enemy_sides(state: State, side: str) -> list[str]:
    return [s for s in state.sides if s != side]


def enemy_distance(state: State, side: str, point: tuple[float, float]) -> float:
    """Inches from ``point`` to the nearest active ship or battery not of ``side``."""
    best = math.inf
    x, y = point
    for other in state.ships.values():
        if other.side != side and other.afloat:
            best = min(best, math.hypot(other.x - x, other.y - y))
    for bat in state.batteries.values():
        if bat.side != side and not bat.destroyed:
            best = min(best, math.hypot(bat.x - x, bat.y - y))
    return best


def distance_to_nearest_enemy(state: State, ship: Ship) -> float:
    return enemy_distance(state, ship.side, (ship.x, ship.y))


# --------------------------------------------------------------------------
# Crew and guns


def kill_crew(state: State, t: Tables, ctx: Context, ship: Ship, n: int, why: str) -> None:
    """Strike ``n`` boxes off the crew track; a (c) box reached calls a morale
    check ("CREW / BELOW DECKS" track)."""
    if n <= 0 or ship.crew_pos <= 0:
        return
    before = ship.crew_pos
    ship.crew_pos = max(0, ship.crew_pos - n)
    ctx.log(f"{ship.name}: {before - ship.crew_pos} crew killed ({why}); crew {ship.crew}", R_SPEC)
    crossed = [v for v in ship.crew_track[ship.crew_pos : before] if v in ship.crew_checks]
    for _ in crossed:
        morale_check(state, t, ctx, ship, "crew (c) box")


def hit_guns(state: State, t: Tables, ctx: Context, ship: Ship, n: int, why: str) -> None:
    """Tick ``n`` gun hits off the battery tracks, one box a gun (a gun worth
    two fire dice takes both with it). Each goes to the battery with the
    most fire dice left, the first on the card on a tie (this project's
    reading: the text does not say which battery loses the gun). A battery
    reaching a (c) box calls a morale check."""
    for _ in range(n):
        live = [b for b in ship.batteries if b.dice > 0]
        if not live:
            return
        battery = max(live, key=lambda b: b.dice)
        battery.hits += 1
        ctx.log(
            f"{ship.name}: {battery.name} battery hit ({why}); {battery.dice} fire dice", R_SPEC
        )
        if battery.dice in battery.checks:
            morale_check(state, t, ctx, ship, f"{battery.name} battery (c) box")


# --------------------------------------------------------------------------
# Boxes


def specific_letters(t: Tables, ship: Ship) -> tuple[str, ...]:
    letters: tuple[str, ...] = t.damage.letters.get(ship.cls, ())  # type: ignore[call-overload]
    return letters


def apply_hits(
    state: State,
    t: Tables,
    ctx: Context,
    ship: Ship,
    n: int,
    why: str,
    *,
    specific: bool = True,
    modifier: int = 0,
    heavy_close: bool = False,
    by: str | None = None,
    by_ship: str | None = None,
) -> None:
    """Tick ``n`` damage boxes in order, top to bottom and left to right
    (The Damage Box). A box with the ship's class letter calls for the
    specific hit chart unless the hit is continuing damage; a (c) box calls
    a morale check; the first yellow box costs two speed increments and a
    morale check; the last box sinks her. ``by`` and ``by_ship`` say who
    gets the credit if she sinks (see ``sink``)."""
    if n <= 0 or ship.status in ("sunk", "hulk"):
        return
    ctx.log(f"{ship.name} takes {n} hit(s) ({why})", R_BOX)
    for _ in range(n):
        if ship.status in ("sunk", "hulk") or ship.ticked >= len(ship.boxes):
            return
        index = ship.ticked
        box = ship.boxes[index]
        ship.ticked += 1
        if index == ship.yellow_box:
            ship.speed_lost += t.damage.yellow_speed_lost
            ship.speed = min(ship.speed, ship.max_speed)
            ctx.log(
                f"{ship.name} reaches the yellow line: loses "
                f"{t.damage.yellow_speed_lost} speed increments, hits only on a 6",
                R_BOX,
            )
            morale_check(state, t, ctx, ship, "yellow line")
        if specific and any(letter in box for letter in specific_letters(t, ship)):
            specific_hit(state, t, ctx, ship, modifier, heavy_close)
        if "©" in box:
            morale_check(state, t, ctx, ship, "(c) damage box")
        if ship.ticked >= len(ship.boxes) and ship.status not in ("sunk", "hulk"):
            sink(state, t, ctx, ship, by, "every damage box ticked", by_ship=by_ship)


SELF: Final = ""  # ``by`` for a ship that destroys herself: nobody is credited


def sink(
    state: State,
    t: Tables,
    ctx: Context,
    ship: Ship,
    by: str | None,
    why: str,
    *,
    by_ship: str | None = None,
) -> None:
    """The ship goes down: a hulk marker for three turns (The Damage Box).

    The sinking is credited to side ``by`` (None: the enemy, when there is
    one enemy side; ``SELF``: nobody, for a ship that destroys herself, as
    by her boilers or her own spar torpedo), which counts for next turn's
    initiative (Initiative: sank more, an ironclad sunk); the ship
    ``by_ship`` that sank her has "sunk an enemy ship" (Captain's Morale
    Modifiers, +1)."""
    was_active = ship.afloat
    ship.status = "hulk"
    ship.hulk_turns = t.damage.hulk_turns
    ship.speed = 0
    ship.moving = False
    release_grapples(state, ship.id)
    ctx.log(f"{ship.name} sinks ({why}); a hulk marker for {t.damage.hulk_turns} turns", R_BOX)
    if not was_active:
        return
    enemy = [s for s in enemy_sides(state, ship.side)]
    side = by if by is not None else (enemy[0] if len(enemy) == 1 else None)
    sinker = state.ships.get(by_ship) if by_ship is not None else None
    if sinker is not None and sinker.side != ship.side:
        sinker.sank_enemy = True
    if side:
        state.sank[side] = state.sank.get(side, 0) + 1
        if ship.cls == "ironclad" and side not in state.auto_win:
            state.auto_win.append(side)


def release_grapples(state: State, ship_id: str) -> None:
    state.grapples = [g for g in state.grapples if ship_id not in g]
    for s in state.ships.values():
        if s.grappled == ship_id or s.id == ship_id:
            s.grappled = None


# --------------------------------------------------------------------------
# Specific hits


def specific_hit(
    state: State,
    t: Tables,
    ctx: Context,
    ship: Ship,
    modifier: int = 0,
    heavy_close: bool = False,
    label: str = "Specific hit",
) -> int:
    """Roll three dice on the specific hit chart and apply the line
    (Specific Hit Chart). Triples after a heavy shell at 6 inches or less
    drop the armour class one step. Returns the line read."""
    sp = t.specific
    why = "aimed fire" if label == "Specific hit" else label.removesuffix(" specific hit").lower()
    dice = ctx.roll(
        f"{label} on {ship.name}",
        sp.dice,
        R_SPEC,
        seat=ship.side,
        math=lambda _dice: ex.specific(t, modifier, why),  # the chart's lines: for a log
    )
    total = sum(dice) + modifier
    line_no = sp.line(total)
    if heavy_close and len(set(dice)) == 1:
        new = sp.class_drop[ship.cls]  # type: ignore[index]
        if new != ship.cls:
            ctx.log(
                f"Triples from a heavy shell at close range: {ship.name} drops to {new}", R_SPEC
            )
            ship.cls = new
    line = sp.lines[line_no]
    shown = f"{sum(dice)}{modifier:+d}" if modifier else str(sum(dice))
    ctx.log(f"{ship.name}: specific hit {shown} -> line {line_no}: {line.text}", R_SPEC)
    if line.continuing:
        ship.continuing += line.continuing
    if line.fire == "below":
        ship.fire_below = lasting(state, ship, "fire_below", line.fire_turns)
    elif line.fire == "above":
        ship.fire_above = lasting(state, ship, "fire_above", line.fire_turns)
    elif line.fire == "catastrophic" and not ship.catastrophic:
        ship.catastrophic = True
        ship.catastrophic_tries = 0
        ship.catastrophic_turn = state.turn
        ship.fired = True  # the whole crew fights the blaze: no further activity
        ctx.log(f"{ship.name}: catastrophic fire! The whole crew fights it this turn", R_SPEC)
    if line.no_repair:
        ship.no_repair = lasting(state, ship, "no_repair", line.no_repair)
    if line.no_turns:
        ship.no_turns = lasting(state, ship, "no_turns", line.no_turns)
    if line.rudder_roll:
        (way,) = ctx.roll(
            f"Rudder jammed on {ship.name}: 1-3 right, 4-6 left",
            1,
            R_SPEC,
            seat=ship.side,
            math=RollMath("each", outcomes=((1, "right turns only"), (4, "left turns only"))),
        )
        jam_rudder(state, ship, "right" if way <= 3 else "left", line.rudder_roll)
        ctx.log(f"{ship.name}: {ship.turn_only} turns only", R_SPEC)
    if line.lose_turn_box:
        boxes = [k for k in ("first", "middle", "end") if ship.turns.get(k, 0) > 0]
        if len(boxes) == 1:
            ship.turns[boxes[0]] = 0
            ctx.log(f"{ship.name} loses her {boxes[0]}-of-move turn", R_SPEC)
        elif boxes:
            state.queue.append({"kind": "turn_box", "seat": ship.side, "ship": ship.id})
    if line.engine_turns:
        ship.engine_turns = lasting(state, ship, "engine_turns", line.engine_turns)
    if line.speed_lost:
        ship.speed_lost += line.speed_lost
        ship.speed = min(ship.speed, ship.max_speed)
    if line.turret:
        order = {"": 0, "until5": 1, "until6": 2, "never": 3}
        if order[line.turret] > order[ship.turret]:
            ship.turret = line.turret
    if line.crew:
        kill_crew(state, t, ctx, ship, line.crew, "specific hit")
    if line.crew_dice:
        extra = ctx.roll(
            f"Crew casualties on {ship.name}",
            line.crew_dice,
            R_SPEC,
            seat=ship.side,
            math=ex.inches((f"specific hit line {line_no}", line.crew_dice)),
        )
        kill_crew(state, t, ctx, ship, sum(extra), "specific hit")
    if line.guns:
        hit_guns(state, t, ctx, ship, line.guns, "specific hit")
    return line_no


def lasting(state: State, ship: Ship, effect: str, turns: int) -> int:
    """The new counter of an effect that lasts ``turns`` turns (counters hold
    the rest of this turn plus the turns to come). Specific hits in the same
    turn are cumulative (Specific Hits): a second one this turn adds its
    turns; one in a later turn runs the longer of what is left and its own."""
    current: int = getattr(ship, effect)
    same_turn = ship.effect_turns.get(effect) == state.turn and current > 0
    ship.effect_turns[effect] = state.turn
    return current + turns if same_turn else max(current, turns + 1)


def jam_rudder(state: State, ship: Ship, way: str, turns: int) -> None:
    """Specific Hit Chart 8: right (or left) turns only for ``turns`` turns.
    A second jam the same way in the same turn adds up; the other way, both
    hold while both last: no turns at all (cumulative), then the longer."""
    if ship.turn_only_turns > 0 and ship.turn_only and ship.turn_only != way:
        new = turns + 1
        overlap = min(ship.turn_only_turns, new)
        ship.no_turns = max(ship.no_turns, overlap)
        ship.effect_turns["no_turns"] = state.turn
        if new >= ship.turn_only_turns:
            ship.turn_only, ship.turn_only_turns = way, new
        ship.effect_turns["turn_only_turns"] = state.turn
        return
    if ship.turn_only != way:
        ship.turn_only_turns = 0
    ship.turn_only = way
    ship.turn_only_turns = lasting(state, ship, "turn_only_turns", turns)


# --------------------------------------------------------------------------
# Captain's morale


def morale_modifier(state: State, t: Tables, ship: Ship) -> tuple[int, list[str]]:
    """The sum of the Captain's Morale Modifiers that apply, with reasons."""
    m = t.morale
    mods: list[tuple[int, str]] = []
    if ship.anchored:
        mods.append((m.anchored, "anchored"))
    if any(b.name in ("port", "starboard") and b.destroyed for b in ship.batteries):
        mods.append((m.broadside_destroyed, "broadside battery destroyed"))
    lost = ship.crew_start - ship.crew - ship.sent_away  # killed, not sent away
    if lost * 2 >= ship.crew_start:
        mods.append((m.half_crew, "half the crew killed"))
    if lost * 4 >= ship.crew_start * 3:
        mods.append((m.three_quarter_crew, "three quarters of the crew killed"))
    if ship.fire_below > 0 or ship.fire_above > 0:
        mods.append((m.fire, "fire on ship"))
    if ship.yellow:
        mods.append((m.yellow, "in the yellow"))
    if sum(1 for b in ship.batteries if b.destroyed) > 2:
        mods.append((m.batteries_destroyed, "more than two batteries destroyed"))
    if ship.catastrophic:
        mods.append((m.catastrophic_fire, "catastrophic fire raging"))
    if ship.sank_enemy:
        mods.append((m.sank_enemy, "has sunk an enemy ship"))
    for other in state.ships.values():
        if (
            other.flagship
            and other.id != ship.id
            and other.side == ship.side
            and other.afloat
            and math.hypot(other.x - ship.x, other.y - ship.y) <= m.flagship_range
        ):
            mods.append((m.near_flagship, "within 24 inches of the flagship"))
            break
    return sum(v for v, _ in mods), [f"{why} {v:+d}" for v, why in mods]


def morale_check(state: State, t: Tables, ctx: Context, ship: Ship, why: str) -> str:
    """Test the captain's morale: three dice against the current value with
    its modifiers; the excess picks the result band (Captain's Morale)."""
    if not ship.afloat:
        return "none"
    mod, reasons = morale_modifier(state, t, ship)
    target = ship.morale + mod
    dice = ctx.roll(
        f"Captain's morale of {ship.name} ({why}): need {target} or less",
        t.morale.dice,
        R_MORALE,
        seat=ship.side,
        odds=lambda: "pass " + odds.percent(odds.morale(t, target).get("pass", Fraction(0))),
        math=lambda _dice: ex.morale(t, ship.morale, reasons),  # for a log
    )
    excess = sum(dice) - target
    band = t.morale.band(excess)
    detail = f"morale {ship.morale}" + (f", {', '.join(reasons)}" if reasons else "")
    result: str = band.result
    ship.morale = max(0, ship.morale - band.reduce)
    if result not in PASSING and ship.side not in state.adverse:
        # +1 "passes" (with a point of morale lost): not an adverse result
        state.adverse.append(ship.side)
    if result == "hold":
        ship.mood, ship.mood_turn = "hold", state.turn
    elif result == "retire":
        ship.mood, ship.mood_turn = "retire", state.turn
    elif result == "surrender":
        if distance_to_nearest_enemy(state, ship) <= t.morale.surrender_range:
            ship.status = "surrendered"
            ship.speed = 0
            enemies = enemy_sides(state, ship.side)
            ship.captured_by = enemies[0] if enemies else None
            release_grapples(state, ship.id)
        else:
            ship.mood, ship.mood_turn = "withdrawing", state.turn
            result = "withdraw"
    elif result == "abandon":
        ship.status = "abandoned"
        ship.speed = 0
        release_grapples(state, ship.id)
    ctx.log(f"{ship.name}: morale {sum(dice)} against {target} ({detail}): {result}", R_MORALE)
    return result


def continuing_damage(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """Step 7: each continuing damage point ticks a box, with no specific
    hit roll (Continuing Damage; Specific Hits)."""
    if ship.continuing > 0 and ship.status in ("active", "surrendered", "abandoned"):
        apply_hits(state, t, ctx, ship, ship.continuing, "continuing damage", specific=False)
