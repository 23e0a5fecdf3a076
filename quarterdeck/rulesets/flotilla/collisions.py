"""Flotilla, "Collisions, Ramming, and Running Aground", "Spar Torpedo" and
"Torpedoes" (Movement).

What happens to a ship as she moves (Sequence of play, steps 3 and 4):
torpedoes (mines) in her path, closing with an enemy at the middle or end
of her move (grapple, ram or spar torpedo; not against a buttoned-up
ironclad), collisions, running aground within reach of land, and pitching
guns overboard to get off.
"""

from __future__ import annotations

import math
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.core.geometry import (
    Hull,
    box_apart,
    point_segment_xy,
)
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.flotilla import damage, explain as ex, fire
from quarterdeck.rulesets.flotilla.combat import R_BOARD
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables

R_COLL: Final = "Collisions, Ramming, and Running Aground"


R_SPAR: Final = "Spar Torpedo"


R_TORP: Final = "Torpedoes"


def check_torpedoes(
    state: State,
    t: Tables,
    ctx: Context,
    ship: Ship,
    a: tuple[float, float],
    b: tuple[float, float],
) -> None:
    """A visible torpedo (mine) within reach of the path is struck: two dice,
    2-8 a dud, 9-12 one die of hits and an automatic specific hit at -6."""
    (ax, ay), (bx, by) = a, b
    for mine in list(state.torpedoes):
        if not ship.afloat:
            return
        if point_segment_xy(mine[0], mine[1], ax, ay, bx, by) > t.mine.radius:
            continue
        state.torpedoes.remove(mine)
        dice = ctx.roll(
            f"{ship.name} strikes a torpedo",
            2,
            R_TORP,
            seat=ship.side,
            math=ex.at_least(t.torpedo.dud_max + 1, "it explodes", "a dud"),
        )
        if sum(dice) <= t.torpedo.dud_max:
            ctx.log("The torpedo is a dud and is removed", R_TORP)
            continue
        (hits,) = ctx.roll(
            f"Torpedo damage to {ship.name}",
            1,
            R_TORP,
            seat=ship.side,
            math=ex.inches(("torpedo damage, a hit a pip", 1)),
        )
        damage.apply_hits(state, t, ctx, ship, hits, "torpedo")
        if ship.status in ("active", "surrendered", "abandoned"):
            damage.specific_hit(
                state, t, ctx, ship, t.torpedo.specific, label="Torpedo specific hit"
            )


def close_options(state: State, t: Tables, ship: Ship) -> list[Option]:
    """What a ship may do to an enemy at the end of her move: ram (bow on
    her keel), grapple (alongside, not a buttoned-up ironclad), or explode
    a spar torpedo (within 2 inches). No grappling, not even a struck enemy,
    while a fire forbids it (Specific Hit Chart 9 and 13) or a catastrophic
    fire rages (line 2: the whole crew fights it)."""
    out: list[Option] = []
    mine: Hull | None = None  # her keel, made for the first enemy in reach
    may_grapple = (
        ship.grappled is None and ship.crew > 0 and ship.no_repair == 0 and not ship.catastrophic
    )
    reach = max(t.contact.ram, t.contact.grapple, t.spar.range)  # the farthest of the three
    for other in state.ships.values():
        if other.side == ship.side or keels_beyond(ship, other, reach):
            continue
        if mine is None:
            mine = fire.hull(ship)
        if other.status in ("surrendered", "abandoned"):
            # a struck or abandoned enemy is taken by putting men aboard
            if (
                may_grapple
                and other.grappled is None
                and mine.range_to(fire.hull(other)) <= t.contact.grapple
            ):
                out.append(Option(f"grapple:{other.id}", f"grapple {other.name} to take her"))
            continue
        if not other.afloat:
            continue
        theirs = fire.hull(other)
        bow_gap = theirs.range_to_point(mine.bow)
        if ship.moving and bow_gap <= t.contact.ram:
            out.append(Option(f"ram:{other.id}", f"ram {other.name}"))
        if (
            may_grapple
            and not buttoned_up(other)
            and other.grappled is None
            and mine.range_to(theirs) <= t.contact.grapple
        ):
            out.append(Option(f"grapple:{other.id}", f"attempt to grapple {other.name}"))
        if ship.spar and bow_gap <= t.spar.range:
            out.append(Option(f"spar:{other.id}", f"explode the spar torpedo against {other.name}"))
    return out


def keels_beyond(ship: Ship, other: Ship, reach: float) -> bool:
    """Whether two keels lie more than ``reach`` inches apart, known from
    their bows alone (Collisions, Ramming, and Running Aground: contact is
    measured between the keels): every point of a keel lies within her
    length of her bow, so the keels lie no closer than the bows less both
    lengths (here with a margin far above the rounding of either sum). Where
    this says no, the keels are measured."""
    gap = math.hypot(other.x - ship.x, other.y - ship.y) - ship.length - other.length
    return gap > reach + 1e-6


def buttoned_up(ship: Ship) -> bool:
    """Boarding Actions: no boarding an ironclad that is "buttoned up". Every
    ironclad is, unless her scenario entry says ``buttoned_up = false``; a
    ship whose armour class has dropped below ironclad no longer is."""
    return ship.cls == "ironclad" and ship.buttoned_up


def resolve_close(state: State, t: Tables, ctx: Context, ship: Ship, answer: str) -> None:
    if answer == "none":
        return
    what, _, target_id = answer.partition(":")
    target = state.ships[target_id]
    if what == "ram":
        ctx.log(f"{ship.name} rams {target.name}: the game master resolves it", R_COLL)
        if state.gm is not None:
            state.queue.append(
                {"kind": "gm_ram", "seat": state.gm, "ship": ship.id, "target": target.id}
            )
        else:
            gm = state.game_master
            damage.apply_hits(
                state, t, ctx, target, gm["ram_hits"], "rammed", by=ship.side, by_ship=ship.id
            )
            damage.apply_hits(state, t, ctx, ship, gm["ram_self_hits"], "ramming")
        state.plan["rammed"] = target.id
        return
    if what == "grapple":
        (die,) = ctx.roll(
            f"{ship.name} grapples {target.name}: {t.contact.grapple_on}+",
            1,
            R_BOARD,
            seat=ship.side,
            math=ex.at_least(t.contact.grapple_on, "grappled", "the grapnels miss"),
        )
        if die >= t.contact.grapple_on:
            ship.grappled, target.grappled = target.id, ship.id
            for s in (ship, target):
                s.speed, s.moving = 0, False
            state.grapples.append([ship.id, target.id])
            ctx.log(f"{ship.name} and {target.name} are grappled and stop", R_BOARD)
        else:
            ctx.log("The grapnels miss", R_BOARD)
        return
    spar_torpedo(state, t, ctx, ship, target)


def spar_torpedo(state: State, t: Tables, ctx: Context, ship: Ship, target: Ship) -> None:
    """Spar Torpedo: 5-6 detonates; then 5-6 hits for one die of damage and
    an automatic specific hit at -4; the attacker takes 1 or 2 hits on a 1 or
    2, or is destroyed on a 1-2 if a small vessel."""
    sp = t.spar
    ship.spar = False
    # the spar-armed ship rolls the detonation, the hit and its damage (the
    # text's voice throughout); her victim rolls the specific hit
    me = ship.side
    (det,) = ctx.roll(
        f"Spar torpedo of {ship.name}: detonates on {sp.detonate_on}+",
        1,
        R_SPAR,
        seat=me,
        math=ex.at_least(sp.detonate_on, "it detonates", "a dud"),
    )
    if det < sp.detonate_on:
        ctx.log("The spar torpedo is a dud", R_SPAR)
        return
    (hit,) = ctx.roll(
        f"Spar torpedo against {target.name}: hits on {sp.hit_on}+",
        1,
        R_SPAR,
        seat=me,
        math=ex.at_least(sp.hit_on, "it hits", "it misses"),
    )
    if hit >= sp.hit_on:
        (n,) = ctx.roll(
            f"Spar torpedo damage to {target.name}",
            1,
            R_SPAR,
            seat=me,
            math=ex.inches(("spar torpedo damage, a hit a pip", 1)),
        )
        damage.apply_hits(state, t, ctx, target, n, "spar torpedo", by=ship.side, by_ship=ship.id)
        if target.status in ("active", "surrendered", "abandoned"):
            damage.specific_hit(
                state, t, ctx, target, sp.specific, label="Spar torpedo specific hit"
            )
    (back,) = ctx.roll(
        f"Force of the explosion on {ship.name}",
        1,
        R_SPAR,
        seat=me,
        math=ex.spar_back(t, ship.length <= t.fire.small_target_length),
    )
    if ship.length <= t.fire.small_target_length and back <= sp.small_destroyed_max:
        damage.sink(state, t, ctx, ship, damage.SELF, "destroyed by her own spar torpedo")
        return
    damage.apply_hits(
        state, t, ctx, ship, sp.self_hits.get(back, 0), "own spar torpedo", by=damage.SELF
    )


def collisions(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """Ships whose keels touch collide; the game master rules the damage."""
    if not ship.afloat or not ship.moving:
        return
    mine: Hull | None = None  # her keel, made for the first ship in reach
    for other in state.ships.values():
        if other.id == ship.id or other.status != "active":
            continue
        if other.id == state.plan.get("rammed"):
            continue
        if keels_beyond(ship, other, t.contact.collision):
            continue
        if mine is None:
            mine = fire.hull(ship)
        if mine.range_to(fire.hull(other)) > t.contact.collision:
            continue
        if ship.grappled == other.id:
            continue
        ctx.log(f"{ship.name} collides with {other.name}: the game master rules", R_COLL)
        if state.gm is not None:
            state.queue.append(
                {"kind": "gm_collision", "seat": state.gm, "ship": ship.id, "target": other.id}
            )
        else:
            hits = state.game_master["collision_hits"]
            damage.apply_hits(state, t, ctx, other, hits, "collision")
            damage.apply_hits(state, t, ctx, ship, hits, "collision")


def grounding(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    """Within 4 inches of land a ship may run aground: the game master says."""
    if not ship.afloat or ship.aground or not ship.moving:
        return
    if clear_of_land(state, ship, t.aground.danger):
        return  # no land within reach of her keel: no need to measure the gap
    gap = land_gap(state, ship)
    if gap > t.aground.danger:
        return
    if state.gm is not None:
        state.queue.append({"kind": "gm_aground", "seat": state.gm, "ship": ship.id})
        return
    if gap <= state.game_master["aground_within"]:
        run_aground(ctx, ship)


def land_gap(state: State, ship: Ship) -> float:
    """Inches from the ship's bow, middle or stern to the nearest land."""
    h = fire.hull(ship)
    return min(fire.terrain(state).distance_to_land(p) for p in (h.bow, h.middle, h.stern))


def clear_of_land(state: State, ship: Ship, reach: float) -> bool:
    """Whether her keel lies more than ``reach`` inches (Running Aground: the
    danger distance) off every piece of land's bounding box
    (:func:`quarterdeck.core.geometry.box_apart`): then :func:`land_gap` is
    more than ``reach`` too, found without measuring it."""
    h = fire.hull(ship)
    bow, stern = h.bow, h.stern
    return all(box_apart(bow, stern, box, reach) for box in fire.land_boxes(fire.terrain(state)))


def run_aground(ctx: Context, ship: Ship) -> None:
    ship.aground = True
    ship.speed, ship.moving = 0, False
    ctx.log(f"{ship.name} runs aground", R_COLL)


def guns_per_die(t: Tables, ship: Ship) -> int:
    """Guns thrown over the side for each die: one, three for an ironclad."""
    return t.aground.ironclad_guns_per_die if ship.cls == "ironclad" else t.aground.guns_per_die


def pitch_guns(state: State, t: Tables, ctx: Context, ship: Ship, dice: int) -> None:
    """Throw guns over the side to get off: a die per gun (three guns per die
    for an ironclad), each gun a box off its battery's track (however many
    fire dice it was worth); any 6 frees her."""
    if dice <= 0:
        return
    damage.hit_guns(state, t, ctx, ship, dice * guns_per_die(t, ship), "guns thrown overboard")
    values = ctx.roll(
        f"{ship.name} tries to get off: a 6 frees her",
        dice,
        R_COLL,
        seat=ship.side,
        math=RollMath(
            "any",
            target=t.aground.free_on,
            dice=(
                (
                    "a die for each gun thrown over"
                    if guns_per_die(t, ship) == 1
                    else f"a die for each {guns_per_die(t, ship)} guns thrown over",
                    dice,
                ),
            ),
            outcomes=((0, "still aground"), (1, "afloat again")),
        ),
    )
    if any(v >= t.aground.free_on for v in values):
        ship.aground = False
        ctx.log(f"{ship.name} is afloat again", R_COLL)
