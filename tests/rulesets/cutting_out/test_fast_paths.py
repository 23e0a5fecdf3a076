"""The rules' cheaper paths keep their plain definitions: a point in a
fort's outline is shapely's ``covers`` of the point (Small Arms Fire:
cover; Melee: a battery taken); the way round a ship's hull tests each leg
of each way with shapely's ``intersects`` of the leg (Movement: boats row
round a hull, never through it), however the tests are batched; the crews
of one ship's or battery's guns are those every gun's crews give them,
and what the guns may fire at, found in one pass over the figures, is
what each deck and the land looked over in turn give (Cannon Fire), and
a gun's crew found without every figure's place is the crew found with it
(Cannon Fire: serving a gun); whether a gun may fire is the same with a
caller's ranges and bearings kept, and is the plain test of range and
every point of the arc, the gun's place and the target's points found
only when needed (Cannon Fire: range and arc); the
muskets that may fire and their targets are the same with where every
figure stands kept for many parties, and each party's targets are those
every shooter measured to every enemy figure finds, and no musket scores
at a figure further off than the chart's longest range across or along
(musket_clear), and a party fires its muskets at the targets every
shooter measured to every target picks (Small Arms Fire); one ship's or battery's guns are asked of alone as
among all the units that may fire (Firing, steps 4 and 5); a ship's hatch
and deck are held alike with her deck's figures passed in (Morale: Ship's
Crew); the figures climbing a ship's side, every boat's found in one pass,
are each boat alongside's in turn (Challenge, Melee); and the view's
count of those in each boat and of each party's figures by fate, each
one pass, are the plain counts."""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
from collections.abc import Iterator
from typing import Any

from shapely.geometry import LineString, Point, Polygon

from quarterdeck.core.engine import Game
from quarterdeck.core.geometry import distance
from quarterdeck.core.scenario import load
from quarterdeck.players import make_player
from quarterdeck.rulesets.cutting_out import challenge, common, firers, firing, harbour, small_arms
from quarterdeck.rulesets.cutting_out.state import Ship
from tests.rulesets.cutting_out.test_battery_hands import plain_holders

Vec = tuple[float, float]


def _played(scenario_id: str, seed: int, limit: int) -> Iterator[tuple[int, Game, Any]]:
    """Each decision (its number, the game, the prompt) of a Cutting Out game
    of the computer players seeded ``seed``, played through :class:`Game`
    (with its log and plain views) up to ``limit`` decisions; the player's
    answer is applied once the caller has looked."""
    scenario = load(scenario_id)
    game = Game.new(scenario, seed=seed)
    seats = [side.name for side in scenario.header.sides]
    players = {s: make_player("ai", "cutting-out", s, seed) for s in seats}
    for n in range(limit):
        prompt = game.prompt()
        if prompt is None:
            return
        yield n, game, prompt
        view = game.view(prompt.seat)
        game.apply(prompt.seat, players[prompt.seat].decide(view, prompt), prompt=prompt)


def _plain_around_ship(ship: Ship, a: Vec, b: Vec, clear: float = 1.0) -> list[Vec]:
    """:func:`harbour.around_ship` as first written: one leg at a time."""
    b2 = ship.beam / 2
    length = ship.length
    hull = Polygon([(0.0, -b2), (length, -b2), (length, b2), (0.0, b2)])

    def crosses(p: Vec, q: Vec) -> bool:
        return bool(hull.intersects(LineString([p, q])))

    da, db = harbour.table_to_deck(ship, a), harbour.table_to_deck(ship, b)
    if not crosses(da, db):
        return [b]
    half = ship.beam / 2 + clear
    ends = (-clear, ship.length + clear)
    ways: list[list[Vec]] = []
    for end in ends:
        for side in (half, -half):
            ways.append([(end, side), db])
            ways.append([(end, side), (end, -side), db])
            other = ends[1] if end == ends[0] else ends[0]
            ways.append([(end, side), (other, side), db])
    best: tuple[float, list[Vec]] | None = None
    for way in ways:
        legs = list(zip([da, *way], way, strict=False))
        if any(crosses(p, q) for p, q in legs):
            continue
        far = sum(distance(p, q) for p, q in legs)
        if best is None or far < best[0]:
            best = (far, way)
    if best is None:
        return [b]
    return [harbour.deck_to_table(ship, x, y) for x, y in best[1][:-1]] + [b]


def _ship(heading: float, x: float = 40.0, y: float = 30.0) -> Ship:
    return Ship("corvette", "the corvette", "french", "french", x, y, heading, 5.0, 1.4, 12)


def test_the_way_round_a_hull_is_the_way_a_leg_at_a_time_finds() -> None:
    """Random starts and ends about ships at anchor on several headings,
    and the awkward ones: ends on her deck, on her side, on a corner's
    line, and a leg along her side."""
    rng = random.Random(14)
    for heading in (0.0, 90.0, 270.0, 37.5, 180.0):
        ship = _ship(heading)
        corners = harbour.outline(ship)
        special = [*corners, (ship.x, ship.y), harbour.deck_to_table(ship, 0.0, 0.0)]
        points = special + [
            (ship.x + rng.uniform(-8, 8), ship.y + rng.uniform(-8, 8)) for _ in range(120)
        ]
        for i, a in enumerate(points):
            for b in points[i + 1 : i + 8]:
                assert harbour.around_ship(ship, a, b) == _plain_around_ship(ship, a, b)
    # legs lying along the hull's side and across its corners, in deck terms
    ship = _ship(90.0)
    for da, db in [
        ((-2.0, 0.7), (7.0, 0.7)),
        ((-2.0, -0.7), (7.0, -0.7)),
        ((0.0, -3.0), (0.0, 3.0)),
        ((5.0, -3.0), (5.0, 3.0)),
        ((-1.0, -1.7), (1.0, 0.3)),
    ]:
        a, b = harbour.deck_to_table(ship, *da), harbour.deck_to_table(ship, *db)
        assert harbour.around_ship(ship, a, b) == _plain_around_ship(ship, a, b)


def test_a_point_in_an_outline_is_shapely_covers_edges_and_corners_included() -> None:
    outlines = [
        [(27.0, 3.0), (33.0, 3.0), (33.0, 8.0), (27.0, 8.0)],
        [(10.0, 10.0), (16.5, 11.0), (14.0, 17.25), (9.0, 14.0)],
    ]
    rng = random.Random(7)
    for outline in outlines:
        plain = Polygon(outline)
        xs = sorted({x for x, _ in outline})
        ys = sorted({y for _, y in outline})
        points = list(outline)
        points += [
            ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            for p, q in zip(outline, outline[1:] + outline[:1], strict=True)
        ]
        points += [(x, y) for x in xs for y in ys]
        points += [(rng.uniform(5, 35), rng.uniform(0, 20)) for _ in range(400)]
        points += [(x + d, y) for x, y in outline for d in (-1e-9, 1e-9)]
        for p in points:
            assert harbour.inside(list(outline), p) == plain.covers(Point(p)), (outline, p)
        assert harbour.inside_each(list(outline), points) == [
            plain.covers(Point(p)) for p in points
        ]
        assert harbour.inside_each(list(outline), []) == []


def test_a_deck_point_in_the_hull_is_shapely_contains_and_the_hull_on_the_table_its_outline() -> (
    None
):
    """Movement (boats row round a hull): harbour.in_hull is the hull
    polygon's ``contains`` (her sides, ends and corners outside), and the
    hull kept for a ship's place is the polygon of her outline there."""
    rng = random.Random(11)
    for length, beam in ((12.0, 3.4), (5.0, 1.4), (7.3, 2.1)):
        hull = Polygon([(0.0, -beam / 2), (length, -beam / 2), (length, beam / 2), (0.0, beam / 2)])
        edges_x = (0.0, length / 2, length)
        edges_y = (-beam / 2, 0.0, beam / 2)
        points = [(x, y) for x in edges_x for y in edges_y]
        points += [(x + d, y) for x, y in list(points) for d in (-1e-9, 1e-9)]
        points += [(x, y + d) for x, y in list(points) for d in (-1e-12, 1e-12)]
        points += [(rng.uniform(-2, length + 2), rng.uniform(-beam, beam)) for _ in range(500)]
        for p in points:
            assert harbour.in_hull(length, beam, p) == hull.contains(Point(p)), (length, beam, p)
    for heading in (0.0, 90.0, 270.0, 33.3, 181.5):
        ship = _ship(heading, rng.uniform(10, 60), rng.uniform(10, 40))
        kept = harbour._hull_on_table(ship.x, ship.y, ship.heading, ship.length, ship.beam)
        plain = Polygon(harbour.outline(ship))
        assert list(kept.exterior.coords) == list(plain.exterior.coords)


def _plain_in_range(state: Any, t: Any, party: Any, pts: dict[str, Vec]) -> list[Any]:
    """Small Arms Fire: the enemy figures within reach of a shooter whose
    musket's chart gives a score at that range, each measured (no box)."""
    shots = [s for s in small_arms.shooters(state, t, party) if s.id in pts]
    reach = t.small_arms.reach + 1e-9
    return [
        target
        for target in small_arms.targets_of(state, party.side)
        if (tp := pts.get(target.id)) is not None
        and any(
            math.dist(pts[s.id], tp) <= reach
            and small_arms.arms_need(state, t, s, target, pts)[0] is not None
            for s in shots
        )
    ]


def _plain_cannon_targets(state: Any, side: str) -> list[tuple[str, str, str]]:
    """Cannon Fire: what a side's guns may fire at, each ship's deck and
    the land looked over for enemies the side sees, one by one."""
    out = []
    for boat in state.boats.values():
        if boat.afloat and boat.side != side and common.visible(state, boat.side, side):
            out.append((f"boat:{boat.id}", boat.name, "boat"))
    for ship in state.ships.values():
        enemies = [
            f
            for f in state.on_deck(ship.id)
            if f.side != side and common.visible(state, f.side, side)
        ]
        if ship.afloat and enemies:
            out.append((f"ship:{ship.id}", ship.name, "ship"))
    for b in state.batteries.values():
        if (b.captured_by or b.side) != side:
            out.append((f"fort:{b.id}", b.name, "fort"))
    parties = {
        f.party
        for f in state.figures.values()
        if not f.fate
        and f.side != side
        and f.where == "land"
        and common.visible(state, f.side, side)
    }
    for pid in sorted(parties):
        out.append((f"party:{pid}", state.parties[pid].name, "figures"))
    return out


def test_one_owners_crews_and_one_guns_crew_are_those_of_every_gun() -> None:
    """At every decision of a few games of Chevrette (many guns, ships and
    batteries, both sides at the guns in the end)."""
    checked = shots = ruled_out = partial = 0
    for _n, game, _prompt in _played("chevrette-camaret-1801", 1, 400):
        state = game.state
        t = game.ruleset.tables(state)  # type: ignore[attr-defined]
        every = firing.crews(state, t)
        pts = harbour.points(state)
        assert firing.crews(state, t, pts) == every  # each figure's place found alone
        for ship in state.ships.values():  # the view's hatch and deck, figures passed in
            deck = state.on_deck(ship.id)
            assert common.deck_held_by(state, ship, deck) == common.deck_held_by(state, ship)
            for side in ("british", "french"):
                held = common.hatch_held(state, t, ship, side)
                assert common.hatch_held(state, t, ship, side, deck) == held
        for owner in {g.owner for g in state.guns.values()}:
            mine = {g: c for g, c in every.items() if state.guns[g].owner == owner}
            assert firing.crews(state, t, owner=owner) == mine
        for gun in state.guns.values():
            assert firing.serving(state, t, gun) == firing.serving(state, t, gun, pts)
            assert every[gun.id] == firing.serving(state, t, gun)  # one gun at a time
            checked += bool(every[gun.id][1])
        kept: dict[str, Any] = {}  # shared by every party of this state
        by_party = small_arms.members(state)  # every party's figures, one pass
        assert sum(map(len, by_party.values())) == sum(not f.fate for f in state.figures.values())
        for party in state.parties.values():
            assert by_party.get(party.id, []) == state.party_figures(party.id)
            plain = small_arms.shooters(state, t, party)
            assert small_arms.shooters(state, t, party, kept) == plain
            assert small_arms.shooters(state, t, party, None, by_party) == plain
            assert list(small_arms.in_range(state, t, party, pts, None, kept)) == list(
                small_arms.in_range(state, t, party, pts)
            )
            assert list(small_arms.in_range(state, t, party, pts, {}, kept, by_party)) == list(
                small_arms.in_range(state, t, party, pts)
            )
            assert list(small_arms.in_range(state, t, party, pts)) == _plain_in_range(
                state, t, party, pts
            )
            shots += len(plain)
            # fire_small_arms passes over a target further off a musket
            # than the chart's longest range across or along: none scores
            clear = small_arms.musket_clear(t)
            assert clear >= max(t.small_arms.bands)
            for shooter in plain:
                sp = pts.get(shooter.id)
                for target in small_arms.targets_of(state, party.side):
                    tp = pts.get(target.id)
                    if (
                        sp is None
                        or tp is None
                        or (abs(tp[0] - sp[0]) > clear or abs(tp[1] - sp[1]) > clear)
                    ):
                        need = small_arms.arms_need(state, t, shooter, target, pts)[0]
                        assert need is None
        for side in ("british", "french"):
            assert firing.cannon_targets(state, t, side) == _plain_cannon_targets(state, side)
            units = firers.firers(state, t, side)
            groups = firing.gun_groups(state, t, side, pts)
            # no gun fit to fire where the side stands: no group, crews unfound
            places = {
                f.place if f.where == "deck" else ""
                for f in state.figures.values()
                if f.active and f.side == side and f.where in ("deck", "land")
            }
            fit = firers._may_serve(state, t, side, places)
            if not fit:
                assert groups == []
                ruled_out += 1
            # the crews of the guns the side may serve alone give the
            # same groups and guns as every gun's crews
            some = firing.crews(state, t, pts, only=fit)
            assert set(some) == fit
            assert firing.gun_groups(state, t, side, pts, some) == groups
            for key in groups:
                owner = key.split(":", 1)[1]
                every_gun = firing.group_guns(state, t, owner, side, pts)
                assert firing.group_guns(state, t, owner, side, pts, some) == every_gun
            # firers' guns: the groups (every gun's crews) with a gun
            # that may fire at a target, with round shot or grape
            aims = firing.cannon_targets(state, t, side)
            assert [u for u in units if u.startswith("guns:")] == [
                key
                for key in groups
                if any(
                    firing.can_fire(state, t, g, tid, side, grape)
                    for g in firing.group_guns(state, t, key.split(":", 1)[1], side, pts)
                    for tid, _, _ in aims
                    for grape in (False, True)
                )
            ]
            partial += len(fit) < len(state.guns) and bool(groups)
            for owner in {g.owner for g in state.guns.values()}:
                key = f"guns:{owner}"
                alone = firing.gun_groups(state, t, side, pts, owner=owner)
                assert alone == [k for k in groups if k == key]
                if not firers._may_serve(state, t, side, places, owner):
                    assert alone == []
                assert firers.firers(state, t, side, only=key) == [k for k in units if k == key]
    assert checked > 100  # guns were served
    assert shots > 100
    assert ruled_out > 10  # sides with no gun they could serve
    assert partial > 10  # groups found from some guns' crews alone


def _plain_free_point(
    ai: Any, view: Any, ship: dict[str, Any], boat: dict[str, Any], chosen: set[str]
) -> str:
    """The AI's boarding point for a boat as every point sorted by (taken,
    guns manned on her side, how far she rows) puts it first, each point's
    way round the hull measured."""
    taken = set(chosen) | {
        str(b["alongside"]).split(":", 1)[1]
        for b in view["boats"]
        if b["side"] == ai.seat and b["alongside"] and b["id"] != boat.get("id")
    }
    heading = math.radians(float(ship["heading"]))
    bx, by = float(boat.get("x", 0.0)), float(boat.get("y", 0.0))
    guns = {"larboard": 0, "starboard": 0}
    for g in view.get("guns", []):
        if g.get("owner") == ship["id"] and g.get("ready") and g.get("deck_y") is not None:
            guns["starboard" if g["deck_y"] > 0 else "larboard"] += int(g.get("serving", 0) > 0)
    off = float(ship["beam"]) / 2 + 0.5

    def spot(p: list[float]) -> tuple[float, float]:
        along, across = p[0] - ship["length"] / 2, math.copysign(off, p[1])
        fx, fy = math.sin(heading), math.cos(heading)
        sx, sy = math.cos(heading), -math.sin(heading)
        return (ship["x"] + fx * along + sx * across, ship["y"] + fy * along + sy * across)

    ranked = sorted(
        ship["points"].items(),
        key=lambda kv: (
            kv[0] in taken,
            guns.get(kv[0].split("-")[0], 0),
            ai._pull((bx, by), ship, spot(kv[1])),
        ),
    )
    return str(ranked[0][0])


def test_the_ais_boarding_point_is_the_first_of_every_point_sorted() -> None:
    """Movement (the AI's rowing): at every decision of a game of Chevrette,
    each boat's boarding point on the prize (and that of boats set anywhere
    round her), with none and with some points already chosen, is the first
    of all the points sorted, each measured (the AI measures only the
    points whose straight line is no longer than the shortest row)."""
    scenario = load("chevrette-camaret-1801")
    game = Game.new(scenario, seed=2)
    players = {s: make_player("ai", "cutting-out", s, 2) for s in ("british", "french")}
    checked = 0
    rng = random.Random(3)
    for _ in range(300):
        prompt = game.prompt()
        if prompt is None:
            break
        for seat, ai in players.items():
            view = game.view(seat)
            prize = next((s for s in view["ships"] if s["prize"]), None)
            if prize is None:
                continue
            # each boat, and boats anywhere round the prize (on her far
            # side too, where the way round her bow or stern is the longer)
            near = [
                {"id": f"x{i}", "x": prize["x"] + rng.uniform(-25, 25), "y": prize["y"] + dy}
                for i, dy in enumerate(rng.uniform(-12, 12) for _ in range(3))
            ]
            for boat in [*view["boats"], *near]:
                for chosen in (set(), set(list(prize["points"])[::2])):
                    got = ai._free_point(view, prize, boat, chosen)  # type: ignore[attr-defined]
                    assert got == _plain_free_point(ai, view, prize, boat, chosen)
                    checked += 1
        view = game.view(prompt.seat)
        game.apply(prompt.seat, players[prompt.seat].decide(view, prompt), prompt=prompt)
    assert checked > 100


def _plain_plan(state: Any, t: Any, party: Any, target_party: str) -> list[tuple[str, str]]:
    """The muskets and their targets as Small Arms Fire reads: each musket
    at the nearest figure of the target party it can score at, the shots
    spread over the targets, every shooter measured to every target."""
    pts = harbour.points(state)
    targets = [f for f in small_arms.targets_of(state, party.side) if f.party == target_party]
    taken = dict.fromkeys([f.id for f in targets], 0)
    plan = []
    for s in small_arms.shooters(state, t, party):
        options = []
        for tg in targets:
            need, inches = small_arms.arms_need(state, t, s, tg, pts)
            if need is not None:
                options.append((taken[tg.id], inches, tg))
        if options:
            _, _, tg = min(options, key=lambda o: (o[0], o[1]))
            taken[tg.id] += 1
            plan.append((s.id, tg.id))
    return plan


def test_the_muskets_fired_are_those_every_shooter_measured_finds(monkeypatch: Any) -> None:
    """Small Arms Fire: at every third decision of a game of Chevrette, each party firing at each enemy party (fire_small_arms, on
    a copy of the state) fires the muskets at the targets that measuring
    every shooter to every target picks (the plain plan above), whatever
    targets it passes over unmeasured (musket_clear)."""
    import copy

    from quarterdeck.core.dice import RandomDice
    from quarterdeck.core.engine import Context
    from quarterdeck.rulesets.cutting_out.common import hidden

    fired: list[tuple[str, str]] = []
    modifiers = small_arms.musket_modifiers

    def recorded(state: Any, t: Any, shooter: Any, target: Any, vol: bool, bonus: int) -> Any:
        fired.append((shooter.id, target.id))
        return modifiers(state, t, shooter, target, vol, bonus)

    monkeypatch.setattr(small_arms, "musket_modifiers", recorded)
    compared = long_shots = 0
    for scenario_id, seed in (("chevrette-camaret-1801", 1),):
        game = Game.new(load(scenario_id), seed=seed)
        players = {s: make_player("ai", "cutting-out", s, seed) for s in ("british", "french")}
        for n in range(300):
            prompt = game.prompt()
            if prompt is None:
                break
            state = game.state
            t = game.ruleset.tables(state)  # type: ignore[attr-defined]
            reach = max(t.small_arms.bands)
            for party in state.parties.values() if n % 3 == 0 else ():
                if party.side == state.raiders and hidden(state):
                    continue  # firing would raise the alarm first
                for other in state.parties.values():
                    if other.side == party.side:
                        continue
                    plain = _plain_plan(state, t, party, other.id)
                    fired.clear()
                    small_arms.fire_small_arms(
                        copy.deepcopy(state), t, Context(RandomDice(0)), party, other.id
                    )
                    assert fired == plain
                    compared += bool(plain)
                    pts = harbour.points(state)
                    long_shots += sum(math.dist(pts[s], pts[tg]) > 0.8 * reach for s, tg in plain)
            view = game.view(prompt.seat)
            game.apply(prompt.seat, players[prompt.seat].decide(view, prompt), prompt=prompt)
    assert compared > 20 and long_shots > 0


def test_the_fights_in_contact_are_every_pair_of_enemies_measured() -> None:
    """Melee: the bouts of figures in base-to-base contact are those of each
    pair of enemies, in order, whose centres are within contact (the plain
    double loop), on 300 random crowds, many pairs on the limit."""
    from quarterdeck.rulesets.cutting_out import melee
    from quarterdeck.rulesets.cutting_out.state import Figure

    rng = random.Random(5)
    contact = 0.6
    found = 0
    for n in range(300):
        figs = []
        for i in range(rng.randrange(0, 30)):
            x, y = rng.choice(
                [(rng.uniform(0, 4), rng.uniform(-1, 1)), (round(i * contact, 1), 0.0)]
            )
            figs.append(
                Figure(f"f{i}", rng.choice(["a", "b"]), "p", "sailor", "x", "deck", "s", x, y)
            )
        plain = [
            melee.Bout(a.id, b.id, "contact", "s")
            for i, a in enumerate(figs)
            for b in figs[i + 1 :]
            if a.side != b.side and math.hypot(a.x - b.x, a.y - b.y) <= contact + 1e-9
        ]
        assert melee._contacts(figs, contact, "s") == plain, n
        found += len(plain)
    assert found > 300


def test_a_battery_changes_hands_as_every_figure_ashore_inside_it_says(monkeypatch: Any) -> None:
    """Melee (a battery taken): each time the melee step settles the
    batteries in two Sandwich games (the Americans land and take the fort
    in one), every battery is left with the holder the plain rule gives
    (each figure ashore tested against each outline, whoever stands
    ashore)."""
    from quarterdeck.rulesets.cutting_out import melee

    settle = melee._settle_batteries
    seen = {"mixed": 0, "changed": 0, "calls": 0}

    def checked(state: Any, ctx: Any) -> None:
        want = plain_holders(state)
        before = {b.id: b.captured_by for b in state.batteries.values()}
        settle(state, ctx)
        got = {b.id: b.captured_by for b in state.batteries.values()}
        assert got == want
        ashore = {f.side for f in state.figures.values() if f.active and f.where == "land"}
        seen["mixed"] += len(ashore) > 1
        seen["changed"] += got != before
        seen["calls"] += 1

    monkeypatch.setattr(melee, "_settle_batteries", checked)
    for seed in (1, 3):
        for _ in _played("sandwich-puerto-plata-1800", seed, 600):
            pass
    assert seen["changed"] >= 1 and seen["mixed"] > 5, seen  # both sides ashore; the fort taken


def test_a_figure_is_in_contact_as_every_enemy_measured_says() -> None:
    """Small Arms Fire (figures in base-to-base contact fight, not fire):
    small_arms.in_contact, measuring across and along first, is the plain
    test of each enemy's distance, on 200 random decks, many on the limit."""
    from quarterdeck.rulesets.cutting_out.state import Figure

    game = Game.new(load("sample-game"), seed=1)
    tables = game.ruleset.tables(game.state)  # type: ignore[attr-defined]
    contact = tables.figures.contact
    rng = random.Random(9)
    touching = 0
    for n in range(200):
        figs = []
        for i in range(rng.randrange(1, 25)):
            x, y = rng.choice(
                [(rng.uniform(0, 3), rng.uniform(-1, 1)), (round(i * contact, 2), 0.0)]
            )
            side = rng.choice(["a", "b"])
            figs.append(Figure(f"f{i}", side, "p", "sailor", "x", "deck", "s", x, y))
        spots = {("deck", "s"): [(f.side, f.x, f.y) for f in figs]}
        for f in figs:
            plain = any(
                o.side != f.side and math.hypot(o.x - f.x, o.y - f.y) <= contact + 1e-9
                for o in figs
            )
            assert small_arms.in_contact(game.state, tables, f, spots) == plain, n  # type: ignore[arg-type]
            touching += plain
    assert touching > 100


def test_a_guns_crew_read_off_the_figures_at_it_is_its_crew_as_it_fires(monkeypatch: Any) -> None:
    """Cannon Fire: a gun's crew read off the figures that crowds found at
    it, any of them fallen since (crew_of), is the crew serving finds then,
    for random fallen at every fourth decision of a Chevrette game; and
    each gun fire_guns fires is given her range to the target and her crew
    as range_to and serving find them at her shot (Sample Game, Chevrette)."""
    import copy

    rng = random.Random(5)
    checked = fallen = 0
    shots: list[str] = []
    fire_gun = firing.fire_gun

    def checked_fire(
        state: Any,
        t: Any,
        ctx: Any,
        gun: Any,
        target: str,
        side: str,
        grape: bool,
        inches: Any = None,
        crew: Any = None,
    ) -> None:
        assert inches == firing.range_to(state, gun, target, side)
        assert crew == firing.serving(state, t, gun)[1]
        shots.append(gun.id)
        fire_gun(state, t, ctx, gun, target, side, grape, inches, crew)

    monkeypatch.setattr(firing, "fire_gun", checked_fire)
    for scenario_id in ("chevrette-camaret-1801", "sample-game"):
        for n, game, _prompt in _played(scenario_id, 1, 400):
            state = game.state
            t = game.ruleset.tables(state)  # type: ignore[attr-defined]
            if n % 4 == 0 and scenario_id.startswith("chevrette"):
                crowd = firing.crowds(state, t, harbour.points(state))
                after = copy.deepcopy(state)
                for f in after.figures.values():
                    if not f.fate and rng.random() < 0.3:
                        f.fate = "dead"
                        fallen += 1
                for gun in after.guns.values():
                    figs = [after.figures[f.id] for f in crowd[gun.id]]
                    assert firing.crew_of(gun, figs) == firing.serving(after, t, gun)
                    checked += bool(figs)
    assert checked > 20 and fallen > 100 and len(shots) > 10


def _plain_movers(state: Any, side: str) -> list[str]:
    """Movement's order of the units to move, as the two scans gave it."""
    units: list[str] = []
    prize = state.prize_ship
    if side == state.raiders and prize.afloat and state.on_deck(prize.id, side):
        units.append("prize")
    units += [f"boat:{b.id}" for b in state.boats.values() if b.side == side and b.afloat]
    seen: set[str] = set()
    for where in ("deck", "land"):
        for f in state.figures.values():
            if f.active and f.side == side and f.where == where:
                key = f"deck:{f.party}:{f.place}" if where == "deck" else f"land:{f.party}"
                if key not in seen:
                    seen.add(key)
                    units.append(key)
    return units


def test_the_units_to_move_are_those_the_scans_of_decks_then_land_give() -> None:
    """Movement: movers, in one pass over the figures, gives the units in
    the order of the plain scans (decks, then the land) for both sides at
    every decision of a Chevrette and a Sandwich game."""
    from quarterdeck.rulesets.cutting_out import movement

    checked = 0
    for scenario_id in ("chevrette-camaret-1801", "sandwich-puerto-plata-1800"):
        for _, game, _prompt in _played(scenario_id, 2, 400):
            state = game.state
            for side in (state.raiders, state.defenders):  # type: ignore[attr-defined]
                plain = _plain_movers(state, side)
                assert movement.movers(state, side) == plain
                checked += sum(u.startswith(("deck", "land")) for u in plain) > 1
    assert checked > 50


def test_a_players_gun_entries_read_alone_are_the_seats_view() -> None:
    """The guns in a computer player's view (crews found for one ship's or
    battery's guns when one of them is first asked who serves it) are the
    seat's plain view entry by entry, each read first in a fresh view, and
    read whole, for both sides and everything, at every third decision of
    a Chevrette game (guns on ships and ashore, served by both sides)."""
    import copy

    from quarterdeck.sim.games import replay_game

    record = replay_game(load("chevrette-camaret-1801"), 1).record
    game = Game.replay(record, upto=0)
    served = hidden = 0
    for n, (seat, answer) in enumerate(record.decisions()):
        # the raiders unseen as well: the defenders' view hides them at the guns
        unseen = copy.deepcopy(game.state)
        unseen.detected = False  # type: ignore[attr-defined]
        for state in (game.state, unseen) if n % 3 == 0 else ():
            for viewer in ("british", "french", "*"):
                plain = game.ruleset.view(state, viewer)["guns"]
                for key in plain[0]:
                    lazy = game.ruleset.player_view(state, viewer)  # type: ignore[attr-defined]
                    for mine, theirs in zip(lazy["guns"], plain, strict=True):
                        assert mine[key] == theirs[key] and mine.get(key) == theirs[key]
                # in the order the AI reads them, by owner, the serving last
                lazy = game.ruleset.player_view(state, viewer)  # type: ignore[attr-defined]
                for mine, theirs in zip(lazy["guns"], plain, strict=True):
                    assert mine.get("owner") == theirs["owner"]
                    assert mine.get("serving") == theirs["serving"]
                    assert mine == theirs and list(mine) == list(theirs)
                    served += theirs["serving"] > 0
                    everything = game.ruleset.view(state, "*")["guns"]
                    hidden += any(
                        g["served_by"] == "british" and h["served_by"] is None
                        for g, h in zip(everything, plain, strict=True)
                    )
        game.apply(seat, answer)
    assert served > 50 and hidden > 5


def _plain_can_fire(state: Any, t: Any, gun: Any, target: str, side: str, grape: bool) -> bool:
    """Cannon Fire (range and arc): the range measured, the chart read, and
    the arc tested point by point (gun_bearing_ok: the gun's place found for
    each), a ship's centre before the figures on her deck, every target's
    points found first."""
    pts = firing.target_points(state, target, side)
    inches = firing.range_to(state, gun, target, side, pts)
    if t.cannon.need(gun.kind, inches) is None:
        return False
    if grape and t.cannon.grape(gun.kind, inches) is None:
        return False
    kind, _, tid = target.partition(":")
    if not grape and (kind == "party" or (gun.kind == "swivel" and kind == "boat")):
        return False
    if kind == "ship":
        pts = [(state.ships[tid].x, state.ships[tid].y), *pts]
    return any(firing.gun_bearing_ok(state, t, gun, p) for p in pts)


def test_whether_a_gun_may_fire_is_the_range_and_the_arc_measured_in_full() -> None:
    """Cannon Fire (range and arc): can_fire, finding the gun's place once
    and a target's points only when her range or arc needs them (a ship's
    centre first), with and without a caller's kept points, ranges and
    bearings, is the plain test of every point, for every gun, both sides
    and every target, at every other decision of a Chevrette and a sample
    game; and the arc of a gun turned all the way round holds any point
    (bears_on), none of none."""
    fired = ships = 0
    for scenario_id in ("chevrette-camaret-1801", "sample-game"):
        for n, game, _prompt in _played(scenario_id, 2, 400):
            if n % 2:
                continue
            state = game.state
            t = game.ruleset.tables(state)  # type: ignore[attr-defined]
            for side in ("british", "french"):
                aimed: dict[str, Any] = {}
                ranges: dict[tuple[str, str], float] = {}
                bears: dict[tuple[str, str], bool] = {}
                for tid, _, _ in firing.cannon_targets(state, t, side):
                    for gun in state.guns.values():
                        for grape in (True, False, True):
                            plain = _plain_can_fire(state, t, gun, tid, side, grape)
                            assert firing.can_fire(state, t, gun, tid, side, grape) == plain
                            kept = firing.can_fire(
                                state, t, gun, tid, side, grape, aimed, ranges, bears
                            )
                            assert kept == plain
                            fired += plain
                            ships += plain and tid.startswith("ship:")
    assert fired > 100 and ships > 5
    state = next(_played("sample-game", 1, 1))[1].state
    round_gun = dataclasses.replace(next(iter(state.guns.values())), arc=360.0)
    assert firing.bears_on(round_gun, (0.0, 0.0), 90.0, [(5.0, -3.0)])
    assert not firing.bears_on(round_gun, (0.0, 0.0), 90.0, [])


def _plain_climbers(state: Any, ship: Any) -> dict[str, list[Any]]:
    """Challenge: the figures climbing a ship's side, by boarding point,
    each boat alongside her looked over in turn (state.aboard)."""
    out: dict[str, list[Any]] = {}
    for boat in state.boats.values():
        if not boat.afloat or not boat.alongside.startswith(f"{ship.id}:"):
            continue
        for f in state.aboard(boat.id):
            if f.climbing:
                out.setdefault(f.climbing, []).append(f)
    return out


def test_the_climbers_found_in_one_pass_are_those_each_boat_alongside_gives() -> None:
    """Challenge and Melee (climbing the ship's side): climbers, every
    boat's figures found in one pass, is each boat alongside looked over in
    turn, points and figures in the same order, for every ship at every
    decision of a Chevrette and two sample games (seed 1's with men fallen
    in the boats alongside)."""
    climbing = 0
    for scenario_id, seed in (
        ("chevrette-camaret-1801", 3),
        ("sample-game", 3),
        ("sample-game", 1),
    ):
        for _n, game, _prompt in _played(scenario_id, seed, 400):
            state = game.state
            for ship in state.ships.values():
                found = challenge.climbers(state, ship)
                plain = _plain_climbers(state, ship)
                assert list(found.items()) == list(plain.items())
                climbing += sum(map(len, found.values()))
    assert climbing > 10


def test_the_views_boats_and_parties_count_as_each_scan_does() -> None:
    """The view (boats and parties): how many are in each boat, counted for
    every boat in one pass, is len(state.aboard) of her; a party's figures
    left, dead, captured, out and escaped, counted in one pass by fate, are
    the plain counts, for every viewer at every decision of a Chevrette and
    a sample game."""
    view = importlib.import_module("quarterdeck.rulesets.cutting_out.view")

    aboard = counted = 0
    for scenario_id in ("chevrette-camaret-1801", "sample-game"):
        for _n, game, _prompt in _played(scenario_id, 4, 400):
            state = game.state
            t = game.ruleset.tables(state)  # type: ignore[attr-defined]
            for seat, show in (("british", False), ("french", False), (None, True)):
                for entry in view._boats(state, t, seat, show):
                    assert entry["aboard"] == len(state.aboard(entry["id"]))
                    aboard += entry["aboard"]
                for entry in view._parties(state, show):
                    if entry.get("hidden"):
                        continue
                    figs = [f for f in state.figures.values() if f.party == entry["id"]]
                    assert entry["left"] == sum(1 for f in figs if not f.fate)
                    assert entry["dead"] == sum(1 for f in figs if f.fate == "dead")
                    assert entry["captured"] == sum(
                        1 for f in figs if f.fate in ("captured", "surrendered")
                    )
                    assert entry["out"] == sum(1 for f in figs if f.fate == "out")
                    assert entry["escaped"] == sum(1 for f in figs if f.fate == "escaped")
                    counted += entry["dead"] + entry["out"] + entry["captured"]
    assert aboard > 100 and counted > 20
