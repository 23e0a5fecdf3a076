"""Firing (steps 4 and 5): the cannon fire given, the raiders' and the
defenders' (who has something to fire at: ``firers.py``).

Cannon: each crewed gun rolls a red d6 to hit on the Cannon Firing Chart
(by gun and range) and a white die for effect: a d6 on the Cannonball Hit
Determination Chart by target (fort, anchored ship, moving ship, boats), or
with grape a d10 or d6 (whole or half, rounding down) of figures. -1 each
gun crewman short, -1 at raiders' boats, the light of the night (foggy or
moonless -1, bright moon +1, day +2). Swivels must fire grape at figures.

Small arms: ``small_arms.py``. Which units have something to fire at, the
question put to each and its answer applied: ``firers.py``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least, faces, total
from quarterdeck.core.geometry import angle_diff, bearing, distance
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.odds.cutting_out import face
from quarterdeck.rulesets.cutting_out import charts, harbour
from quarterdeck.rulesets.cutting_out.common import (
    R_CANNON,
    R_HITS,
    R_HULL,
    hidden,
    need_words,
    visible,
)
from quarterdeck.rulesets.cutting_out.events import firing_bonus
from quarterdeck.rulesets.cutting_out.spotting import detect, may_fire
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Gun, Party, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

Vec = tuple[float, float]

# --------------------------------------------------------------------------
# Cannon


def gun_point(state: State, gun: Gun) -> Vec:
    if gun.platform == "ship":
        return harbour.deck_to_table(state.ships[gun.owner], gun.x, gun.y)
    return (gun.x, gun.y)


def gun_bearing_ok(state: State, t: Tables, gun: Gun, target: Vec) -> bool:
    return bears_on(gun, gun_point(state, gun), arc_centre(state, gun), (target,))


def arc_centre(state: State, gun: Gun) -> float:
    """The bearing at the middle of a gun's arc (Cannon Fire: arc): a ship's
    gun her heading and the gun's side, a land gun her own facing."""
    if gun.platform == "ship":
        return (state.ships[gun.owner].heading + gun.facing) % 360
    return gun.facing


def bears_on(gun: Gun, here: Vec, centre: float, pts: Sequence[Vec]) -> bool:
    """Whether any of ``pts`` lies in the gun's arc (Cannon Fire: arc), the
    gun at ``here`` (:func:`gun_point`) with her arc's middle at ``centre``
    (:func:`arc_centre`), both found once for all the points."""
    if gun.arc >= 360:
        return len(pts) > 0
    half = gun.arc / 2 + 1e-9
    return any(abs(angle_diff(centre, bearing(here, p))) <= half for p in pts)


def crowds(
    state: State,
    t: Tables,
    pts: dict[str, Vec] | None = None,
    owner: str | None = None,
    only: Collection[str] | None = None,
) -> dict[str, list[Figure]]:
    """Every gun's figures at it, of either side, in the figures' order
    (:func:`crews` reads a gun's serving side and crew off them, as
    :func:`serving` does); ``owner``: only the guns of that ship or battery
    (a gun's figures are those at that gun, whatever the other guns);
    ``only``: of those, only the guns by these ids. Without ``pts``
    (harbour.points), the place of each figure that stands where a gun of
    theirs is, found for her alone (harbour.figure_point: the same place)."""
    reach = t.cannon.serve_within + 1e-9
    hypot = math.hypot
    # the guns by where their crews stand: a ship's deck (her id) or the land
    # (""); each figure there is measured to those guns alone, in the
    # figures' order, so each gun's crew gathers in that order. (A grid of
    # cells cost more to build than it spared for a harbour's few guns.)
    at: dict[str, list[tuple[float, float, list[Figure]]]] = {}
    near: dict[str, list[Figure]] = {}
    for gun in state.guns.values():
        if owner is not None and gun.owner != owner:
            continue
        if only is not None and gun.id not in only:
            continue
        hx, hy = gun_point(state, gun)
        crew = near[gun.id] = []
        at.setdefault(gun.owner if gun.platform == "ship" else "", []).append((hx, hy, crew))
    for f in state.figures.values():
        if f.fate:
            continue
        where = f.where
        if where == "deck":
            here = at.get(f.place)
        elif where == "land":
            here = at.get("")
        else:
            continue
        if here is None:
            continue
        p = pts.get(f.id) if pts is not None else harbour.figure_point(state, f)
        if p is None:
            continue
        px, py = p
        for hx, hy, crew in here:
            # distance(p, here), written out; within reach across and along
            # first (the hypotenuse is never shorter than either)
            dx, dy = hx - px, hy - py
            if abs(dx) <= reach and abs(dy) <= reach and hypot(dx, dy) <= reach:
                crew.append(f)
    return near


def crew_of(gun: Gun, crowd: list[Figure]) -> tuple[str | None, list[Figure]]:
    """The side serving a gun and its crew (:func:`serving`), from the
    figures :func:`crowds` found at it, those since fallen passed over (the
    figures stay where they stood while the guns fire: only fates change)."""
    figs = [f for f in crowd if not f.fate]
    sides = {f.side for f in figs}
    if len(sides) != 1:
        return None, []
    return next(iter(sides)), figs[: gun.crew]


def crews(
    state: State,
    t: Tables,
    pts: dict[str, Vec] | None = None,
    owner: str | None = None,
    only: Collection[str] | None = None,
) -> dict[str, tuple[str | None, list[Figure]]]:
    """Every gun's serving side and crew at once (see :func:`serving`),
    read off :func:`crowds` (``pts``, ``owner`` and ``only`` as there)."""
    guns = state.guns
    found = crowds(state, t, pts, owner, only)
    return {gid: crew_of(guns[gid], figs) for gid, figs in found.items()}


# (not Final: a build keeps a Final fixed-length tuple unboxed, boxing it anew at each use)
_UNSERVED: tuple[str | None, list[Figure]] = (None, [])
"""A gun left out of a caller's crews (served by none of the side asked about)."""


def serving(
    state: State, t: Tables, gun: Gun, pts: dict[str, Vec] | None = None
) -> tuple[str | None, list[Figure]]:
    """The side serving a gun and its crew: figures of one side at the gun."""
    here = gun_point(state, gun)
    near = []
    reach = t.cannon.serve_within + 1e-9
    for f in state.figures.values():
        if f.fate or f.where not in ("land", "deck"):
            continue
        if gun.platform == "ship" and (f.where != "deck" or f.place != gun.owner):
            continue
        if gun.platform == "battery" and f.where != "land":
            continue
        # the figure's place as harbour.points gives it, found for her alone
        p = harbour.figure_point(state, f) if pts is None else pts.get(f.id)
        if p is not None and abs(p[0] - here[0]) <= reach and distance(p, here) <= reach:
            near.append(f)
    sides = {f.side for f in near}
    if len(sides) != 1:
        return None, []
    side = next(iter(sides))
    return side, near[: gun.crew]


def gun_ready(state: State, gun: Gun) -> bool:
    return not (
        gun.destroyed or gun.spiked or gun.silenced_game or gun.silenced_until >= state.turn
    )


def gun_groups(
    state: State,
    t: Tables,
    side: str,
    pts: dict[str, Vec] | None = None,
    manned: dict[str, tuple[str | None, list[Figure]]] | None = None,
    owner: str | None = None,
) -> list[str]:
    """The batteries and ships whose guns ``side`` may fire this turn
    (``manned``: :func:`crews`, where the caller has it: of every gun, or
    of the guns ``firers._may_serve`` finds for ``side``, a gun left out
    served by none of the side); ``owner``: of that ship or battery alone
    (whether its guns are among them: each group is judged by its own guns
    and their crews, whatever the others')."""
    if pts is None:
        pts = harbour.points(state)
    out: list[str] = []
    if manned is None:
        manned = crews(state, t, pts, owner)
    for gun in state.guns.values():
        if owner is not None and gun.owner != owner:
            continue
        if not gun_ready(state, gun):
            continue
        server, crew = manned.get(gun.id, _UNSERVED)
        if server != side or not crew:
            continue
        if side == state.defenders:
            party = timer_party(state, gun)
            if not may_fire(state, t, party):
                continue
        key = f"guns:{gun.owner}"
        if key not in out:
            out.append(key)
    return out


def timer_party(state: State, gun: Gun) -> Party:
    if gun.platform == "ship":
        return state.parties[f"{gun.owner}-crew"]
    return state.parties[gun.owner]


def group_guns(
    state: State,
    t: Tables,
    owner: str,
    side: str,
    pts: dict[str, Vec] | None = None,
    manned: dict[str, tuple[str | None, list[Figure]]] | None = None,
) -> list[Gun]:
    """The guns of ``owner`` fit to fire that ``side`` serves (``manned``:
    as :func:`gun_groups`)."""
    if manned is None:
        manned = crews(state, t, pts, owner)
    out = []
    for gun in state.guns.values():
        if gun.owner == owner and gun_ready(state, gun):
            server, crew = manned.get(gun.id, _UNSERVED)
            if server == side and crew:
                out.append(gun)
    return out


def cannon_targets(state: State, t: Tables, side: str) -> list[tuple[str, str, str]]:
    """What a side's guns may fire at: (id, label, what) where what is boat,
    ship, fort or figures."""
    out: list[tuple[str, str, str]] = []
    for boat in state.boats.values():
        if boat.afloat and boat.side != side and visible(state, boat.side, side):
            out.append((f"boat:{boat.id}", boat.name, "boat"))
    # the enemies the side sees on each deck and ashore, in one pass
    decks: set[str] = set()
    parties: set[str] = set()
    for f in state.figures.values():
        if f.fate or f.side == side or f.where not in ("deck", "land"):
            continue
        if not visible(state, f.side, side):
            continue
        if f.where == "deck":
            decks.add(f.place)
        else:
            parties.add(f.party)
    for ship in state.ships.values():
        if ship.afloat and ship.id in decks:
            out.append((f"ship:{ship.id}", ship.name, "ship"))
    for b in state.batteries.values():
        if (b.captured_by or b.side) != side:
            out.append((f"fort:{b.id}", b.name, "fort"))
    for pid in sorted(parties):
        out.append((f"party:{pid}", state.parties[pid].name, "figures"))
    return out


def target_points(state: State, target: str, side: str) -> list[Vec]:
    kind, _, tid = target.partition(":")
    if kind == "boat":
        b = state.boats[tid]
        return [(b.x, b.y)]
    if kind == "ship":
        return [
            p
            for f in state.on_deck(tid)
            if f.side != side and (p := harbour.figure_point(state, f))
        ]
    if kind == "fort":
        fort = state.batteries[tid]
        return [(fort.x, fort.y)]
    return [(f.x, f.y) for f in state.party_figures(tid) if f.where == "land"]


def target_stands(state: State, target: str) -> bool:
    """Whether the target is still there to fire at (not sunk)."""
    kind, _, tid = target.partition(":")
    if kind == "boat":
        return state.boats[tid].afloat
    if kind == "ship":
        return state.ships[tid].afloat
    return True


def target_name(state: State, target: str) -> str:
    kind, _, tid = target.partition(":")
    if kind == "boat":
        return state.boats[tid].name
    if kind == "ship":
        return state.ships[tid].name
    if kind == "fort":
        return state.batteries[tid].name
    return state.parties[tid].name


def range_to(
    state: State,
    gun: Gun,
    target: str,
    side: str,
    pts: list[Vec] | None = None,
    here: Vec | None = None,
) -> float:
    """The range from a gun to a target (``pts``: its :func:`target_points`,
    and ``here``: the gun's :func:`gun_point`, if known)."""
    if here is None:
        here = gun_point(state, gun)
    kind, _, tid = target.partition(":")
    if kind == "ship":
        return harbour.distance_to_ship(state.ships[tid], here)
    if kind == "fort":
        return harbour.fort_distance(state.batteries[tid].outline, here)
    if pts is None:
        pts = target_points(state, target, side)
    return min((distance(here, p) for p in pts), default=math.inf)


def _aim(state: State, target: str, side: str, aimed: dict[str, list[Vec]] | None) -> list[Vec]:
    """The target's :func:`target_points`, kept in ``aimed`` (a caller's,
    while the state stands still) once found."""
    if aimed is None:
        return target_points(state, target, side)
    pts = aimed.get(target)
    if pts is None:
        pts = aimed[target] = target_points(state, target, side)
    return pts


def can_fire(
    state: State,
    t: Tables,
    gun: Gun,
    target: str,
    side: str,
    grape: bool,
    aimed: dict[str, list[Vec]] | None = None,
    ranges: dict[tuple[str, str], float] | None = None,
    bears: dict[tuple[str, str], bool] | None = None,
) -> bool:
    """Whether a gun may fire at a target (Cannon Fire: range and arc).
    ``aimed``: the targets' points by target, for ``side``; ``ranges`` and
    ``bears``: each gun's range to a target and whether she bears on it, by
    (gun, target); all three kept by a caller that asks of many guns, with
    round shot and with grape, while the state stands still. The gun's place
    and the target's points are found only when needed, once: a ship's or
    a fort's range needs no points, and a ship's centre, measured first of
    her points for the arc, spares the figures on her deck when it bears."""
    kind, _, tid = target.partition(":")
    pts: list[Vec] | None = None if aimed is None else aimed.get(target)
    here: Vec | None = None
    key = (gun.id, target)
    found = None if ranges is None else ranges.get(key)
    if found is None:
        here = gun_point(state, gun)
        if pts is None and kind not in ("ship", "fort"):
            pts = _aim(state, target, side, aimed)
        inches = range_to(state, gun, target, side, pts, here)
        if ranges is not None:
            ranges[key] = inches
    else:
        inches = found
    if charts.cannon_need(t.cannon, gun.kind, inches) is None:
        return False
    if grape and charts.cannon_grape(t.cannon, gun.kind, inches) is None:
        return False
    if not grape and (kind == "party" or (gun.kind == "swivel" and kind == "boat")):
        return False  # round shot is for ships, forts and boats; swivels fire grape at figures
    known = None if bears is None else bears.get(key)
    if known is not None:
        return known
    if here is None:
        here = gun_point(state, gun)
    centre = arc_centre(state, gun)
    if kind == "ship":
        ship = state.ships[tid]
        bearing_ok = bears_on(gun, here, centre, ((ship.x, ship.y),))
    else:
        bearing_ok = False
    if not bearing_ok:
        if pts is None:
            pts = _aim(state, target, side, aimed)
        bearing_ok = bears_on(gun, here, centre, pts)
    if bears is not None:
        bears[key] = bearing_ok
    return bearing_ok


def guns_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    owner = ask["owner"]
    side = ask["seat"]
    guns = group_guns(state, t, owner, side)
    name = state.ships[owner].name if owner in state.ships else state.batteries[owner].name
    opts = [Option("hold", "hold fire")]
    # the state stands still while the prompt is made
    aimed: dict[str, list[Vec]] = {}
    ranges: dict[tuple[str, str], float] = {}
    bears: dict[tuple[str, str], bool] = {}
    for tid, label, what in cannon_targets(state, t, side):
        ball = [
            g
            for g in guns
            if what != "figures" and can_fire(state, t, g, tid, side, False, aimed, ranges, bears)
        ]
        grape = [g for g in guns if can_fire(state, t, g, tid, side, True, aimed, ranges, bears)]
        if ball:
            opts.append(Option(f"ball:{tid}", f"round shot at {label} ({len(ball)} guns bear)"))
        if grape:
            opts.append(Option(f"grape:{tid}", f"grape at {label} ({len(grape)} guns bear)"))
    return Prompt(
        side,
        f"Turn {state.turn}: the guns of {name} ({len(guns)} manned): fire?",
        R_CANNON,
        tuple(opts),
        context={"step": "guns", "owner": owner}
        | ({"secret": True, "unannounced": True} if ask.get("secret") else {}),
    )


def fire_guns(state: State, t: Tables, ctx: Context, owner: str, side: str, answer: str) -> None:
    """Every gun of the group that bears fires at the target (Cannon Fire)."""
    shot, _, target = answer.partition(":")
    grape = shot == "grape"
    if side == state.raiders and hidden(state):
        detect(state, t, ctx, "the raiders' guns open fire", alarm_now=True)
    # the figures at each gun of the group, found once: none moves while
    # the guns fire, and a gun's crew as each fires is read off them
    # (crew_of: the fallen passed over)
    crowd = crowds(state, t, harbour.points(state), owner)
    manned = {gid: crew_of(state.guns[gid], figs) for gid, figs in crowd.items()}
    for gun in group_guns(state, t, owner, side, None, manned):
        if not target_stands(state, target):
            break  # sunk by the guns before
        # a swivel must fire grape at figures, in a boat or ashore
        with_grape = grape or (gun.kind == "swivel" and target.split(":")[0] in ("boat", "party"))
        ranges: dict[tuple[str, str], float] = {}  # her range, for the fire just after
        if not can_fire(state, t, gun, target, side, with_grape, None, ranges):
            continue
        inches = ranges[(gun.id, target)]
        crew = crew_of(gun, crowd[gun.id])[1]
        fire_gun(state, t, ctx, gun, target, side, with_grape, inches, crew)


HIT_WORDS: Final = {
    "figure": "a figure killed",
    "silence-1": "the nearest gun silenced for a turn",
    "silence-game": "the nearest gun silenced for the game",
    "destroy": "the nearest gun and its crew destroyed",
    "hull": "a hull hit",
    "rigging-d6": "a rigging hit: a d6 off her rigging",
    "rigging-d10": "a rigging hit: a d10 off her rigging",
    "crew-d6": "a crew hit: a d6 of her people",
    "crew-d10": "a crew hit: a d10 of her people",
}


def white_die(
    t: Tables, kind: str, tid: str, state: State, grape: str | None, sides: int
) -> RollMath:
    """The white die if the red hits: grape kills a die of figures (half a
    d10 rounded down), round shot is read off the hit chart's column for
    the target (Cannonball Hit Determination Chart)."""
    if grape is not None and grape.startswith("half"):
        return faces(f"{n // 2} killed" for n in range(1, sides + 1))
    if grape is not None:
        return total()  # the die is how many are killed
    column = {"fort": "fort", "boat": "boats"}.get(kind)
    if kind == "ship":
        column = "moving" if state.ships[tid].status == "under-way" else "anchored"
    if column is None:
        return faces("no effect" for _ in range(sides))
    return faces(HIT_WORDS.get(r, r) for r in getattr(t.hit_chart, column))


def cannon_modifiers(
    state: State, t: Tables, gun: Gun, target: str, side: str, crew: list[Figure] | None = None
) -> list[tuple[str, int]]:
    """``crew``: the gun's crew (:func:`serving`), where the caller has it."""
    c = t.cannon
    out: list[tuple[str, int]] = []
    if crew is None:
        _, crew = serving(state, t, gun)
    short = gun.crew - len(crew)
    if short > 0:
        out.append((f"{short} crewmen short", c.crew_lost * short))
    kind, _, tid = target.partition(":")
    if kind == "boat" and state.boats[tid].side == state.raiders:
        out.append(("at raiders' boats", c.at_boats))
    light = t.light[state.light]  # type: ignore[index]
    if light.cannon:
        out.append((light.title, light.cannon))
    bonus = firing_bonus(state, t)
    if bonus:
        out.append(("the moon comes out", bonus))
    return out


def fire_gun(
    state: State,
    t: Tables,
    ctx: Context,
    gun: Gun,
    target: str,
    side: str,
    grape: bool,
    inches: float | None = None,
    crew: list[Figure] | None = None,
) -> None:
    """One gun fires (Cannon Fire). ``inches``: her :func:`range_to` the
    target and ``crew``: her crew (:func:`serving`), where the caller has them."""
    if inches is None:
        inches = range_to(state, gun, target, side)
    need = charts.cannon_need(t.cannon, gun.kind, inches)
    assert need is not None
    mods = cannon_modifiers(state, t, gun, target, side, crew)
    mod = sum(v for _, v in mods)
    grape_roll = charts.cannon_grape(t.cannon, gun.kind, inches) if grape else None
    white_sides = 10 if grape_roll in ("d10", "half-d10") else 6
    gun.fired = state.turn
    kind, _, tid = target.partition(":")
    what = target_name(state, target)
    chance = face(need - mod)
    (red,) = ctx.roll(
        f"{gun.name}: {'grape' if grape else 'round shot'} at {what}, {inches:.1f} in: "
        "red die to hit "
        f"({need_words(need)}{f', {mod:+d}' if mod else ''})",
        1,
        R_CANNON,
        seat=side,
        odds=f"{float(chance) * 100:.0f}% to hit",
        math=at_least(need, *mods, outcomes=((need - 1, "a miss"), (need, "a hit"))),
    )
    (white,) = ctx.roll(
        f"{gun.name}: white die for effect" + (f" ({grape_roll})" if grape_roll else ""),
        1,
        R_CANNON,
        sides=white_sides,
        seat=side,
        goal="read only if the red die hits"
        + (": the grape kills as many as it shows" if grape_roll in ("d6", "d10") else ""),
        math=white_die(t, kind, tid, state, grape_roll, white_sides),
    )
    if red + mod < need:
        ctx.log(f"{gun.name} misses", R_CANNON)
        return
    if kind == "ship":
        state.ships[tid].hit_turn = state.turn
    if grape:
        assert grape_roll is not None
        n = white // 2 if grape_roll.startswith("half") else white
        casualties(state, ctx, gun, target, side, n, f"{gun.name}'s grape")
        return
    column = {"fort": "fort", "boat": "boats"}.get(kind)
    if kind == "ship":
        column = "moving" if state.ships[tid].status == "under-way" else "anchored"
    if column is None:
        return
    result = t.hit_chart.result(column, white)
    hit_effect(state, t, ctx, gun, target, side, result)


def casualties(
    state: State, ctx: Context, gun: Gun, target: str, side: str, n: int, why: str
) -> None:
    """Remove ``n`` figures of the target, the nearest to the gun first."""
    kind, _, tid = target.partition(":")
    if kind == "boat":
        figs = state.aboard(tid)
    elif kind == "ship":
        figs = [f for f in state.on_deck(tid) if f.side != side]
    elif kind == "fort":
        b = state.batteries[tid]
        figs = [
            f
            for f in state.figures.values()
            if f.active
            and f.where == "land"
            and f.side != side
            and harbour.inside(b.outline, (f.x, f.y))
        ]
    else:
        figs = [f for f in state.party_figures(tid) if f.where == "land"]
    here = gun_point(state, gun)
    figs.sort(key=lambda f: distance(here, harbour.figure_point(state, f) or here))
    dead = figs[:n]
    for f in dead:
        f.fate = "dead"
    ctx.log(f"{why}: {len(dead)} killed", R_CANNON)


def hit_effect(
    state: State, t: Tables, ctx: Context, gun: Gun, target: str, side: str, result: str
) -> None:
    """Apply a result of the Cannonball Hit Determination Chart."""
    kind, _, tid = target.partition(":")
    if result == "figure":
        casualties(state, ctx, gun, target, side, 1, f"{gun.name} hits the fort")
    elif result in ("silence-1", "destroy", "silence-game"):
        owner_guns = [
            g
            for g in state.guns.values()
            if g.owner == tid and not g.destroyed and not g.silenced_game
        ]
        if not owner_guns:
            ctx.log(f"{gun.name} hits, but no gun is left there to silence", R_HITS)
            return
        here = gun_point(state, gun)
        hit = min(owner_guns, key=lambda g: distance(here, gun_point(state, g)))
        if result == "silence-1":
            hit.silenced_until = state.turn + 1
            ctx.log(f"{hit.name} is silenced for a turn", R_HITS)
        elif result == "silence-game":
            hit.silenced_game = True
            ctx.log(f"{hit.name} is silenced for the game", R_HITS)
        else:
            hit.destroyed = True
            _, crew = serving(state, t, hit)
            for f in crew:
                f.fate = "dead"
            ctx.log(f"{hit.name} and its crew are destroyed", R_HITS)
    elif result == "hull":
        if kind == "boat":
            hull_hit_boat(state, t, ctx, state.boats[tid])
        else:
            hull_hit_ship(state, t, ctx, state.ships[tid])
    elif result.startswith("rigging"):
        sides = 10 if result.endswith("d10") else 6
        ship = state.ships[tid]
        (n,) = ctx.roll(
            f"{gun.name}: rigging hit on {ship.name}",
            1,
            R_HITS,
            sides=sides,
            seat=side,
            goal="the die comes off her rigging score",
            math=total(),
        )
        before = ship.rig
        ship.rig = max(0, ship.rig - n)
        ctx.log(f"Rigging hit: {ship.name}'s rigging score {before} - {n} = {ship.rig}", R_HITS)
    elif result.startswith("crew"):
        sides = 10 if result.endswith("d10") else 6
        (n,) = ctx.roll(
            f"{gun.name}: crew hit in {state.boats[tid].name}",
            1,
            R_HITS,
            sides=sides,
            seat=side,
            goal="the die is how many of her people are killed",
            math=total(),
        )
        casualties(state, ctx, gun, target, side, n, f"Crew hit in {state.boats[tid].name}")


def hull_hit_ship(state: State, t: Tables, ctx: Context, ship: Ship) -> None:
    if not ship.afloat:
        return
    ship.hull_hits += 1
    ctx.log(f"Hull hit on {ship.name}: {ship.hull_hits} of {ship.hull_points}", R_HULL)
    if ship.hull_hits >= ship.hull_points and ship.afloat:
        ship.status = "sunk"
        for f in state.figures.values():
            if f.active and f.place == ship.id and f.where in ("deck", "below"):
                f.fate = "out"
        ctx.log(f"{ship.name} sinks", R_HULL)
    elif ship.hull_hits == math.ceil(ship.hull_points * t.hull.half_speed_at):
        ctx.log(f"{ship.name} has lost half her hull points: half speed from now on", R_HULL)


def hull_hit_boat(state: State, t: Tables, ctx: Context, boat: Boat) -> None:
    if not boat.afloat:
        return
    boat.hull_hits += 1
    ctx.log(f"Hull hit on {boat.name}: {boat.hull_hits} of {boat.hull_points}", R_HULL)
    if boat.hull_hits >= boat.hull_points and boat.afloat:
        boat.status = "sunk"
        boat.alongside = boat.landed = ""
        for f in state.aboard(boat.id):
            f.fate = "out"
        ctx.log(f"{boat.name} sinks; those in her are out of the fight", R_HULL)
