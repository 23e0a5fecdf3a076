"""A battery's reach (4.2, 4.4) and its calibers' guns that reach (4.2, 4.3)
are each worked out in one place (gunnery._reaches, gunnery._reaching):
every caller agrees with the plain definitions, over random armaments."""

from __future__ import annotations

import random

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders import gunnery
from quarterdeck.rulesets.away_boarders.sailing import grid
from quarterdeck.rulesets.away_boarders.state import BATTERIES, Ship
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES
from tests.rulesets.away_boarders.helpers import T, make_state, mixed_fleet, ship


def _plain_reach(s: Ship, battery: str) -> int:
    if s.crew["guns"] == 0 or not s.active:
        return -1
    reaches = [
        gunnery.gun_range(s, battery, g.type, T)
        for g in s.guns
        if g.side == battery and not g.disabled and g.loaded
    ]
    return max(reaches) if reaches else -1


def _plain_calibers(s: Ship, battery: str) -> list[str]:
    out: list[str] = []
    for g in s.guns:
        if g.side == battery and not g.disabled and g.loaded:
            c = gunnery.caliber_of(T, g.type)
            if c not in out:
                out.append(c)
    return out


def _plain_caliber_guns(s: Ship, battery: str, caliber: str, rng: int) -> list[object]:
    return [
        g
        for g in s.guns
        if g.side == battery
        and not g.disabled
        and g.loaded
        and gunnery.caliber_of(T, g.type) == caliber
        and rng <= gunnery.gun_range(s, battery, g.type, T)
    ]


def test_reach_and_reaching_guns_match_their_plain_definitions() -> None:
    rnd = random.Random(14)
    state = mixed_fleet()
    for _ in range(300):
        for s in state.ships.values():
            for g in s.guns:
                g.loaded = rnd.random() < 0.7
                g.disabled = rnd.random() < 0.2
            for b in BATTERIES:
                s.load[b] = rnd.choice(AMMO_TYPES)
            s.crew["guns"] = rnd.choice((0, 1, 3))
            reaches = gunnery._reaches(s, T)
            for i, b in enumerate(BATTERIES):
                plain = _plain_reach(s, b)
                assert reaches[i] == plain
                assert gunnery._battery_reach(s, b, T) == plain
                assert gunnery.groups_of(s, b, T) == _plain_calibers(s, b)
                for rng in range(0, 12):
                    by_caliber = gunnery._reaching(s, b, rng, T)
                    assert list(by_caliber) == _plain_calibers(s, b)
                    for c in by_caliber:
                        want = _plain_caliber_guns(s, b, c, rng)
                        assert by_caliber[c] == want
                        assert gunnery.caliber_guns(s, b, c, rng, T) == want


def test_line_of_sight_reads_the_ships_points_whole() -> None:
    """gunnery.line_clear hands every ship's point to the line of sight (4.2),
    the firer's and the target's too: no line passes its own ends, so it
    answers as with those two points taken out, on random fleets and
    islands."""
    rnd = random.Random(24)
    g = pg.Grid(16, 12, frozenset({(5, 4), (6, 4), (2, 9)}))
    for a in g.points():
        for b in g.points():
            if a != b and pg.distance(a, b) <= 12:
                for path in pg.between(a, b):
                    assert a not in path and b not in path
    specs = [ship(f"s{n}", "carleton", ("british", "american")[n % 2]) for n in range(8)]
    state = make_state(specs, width=16, height=12, blocked=[(5, 4), (6, 4), (7, 9)])
    field = grid(state)
    points = list(field.points())
    for _ in range(400):
        for s in state.ships.values():
            s.q, s.r = rnd.choice(points)
        occupied = {s.pos for s in state.ships.values()}
        a, b = rnd.sample(list(state.ships.values()), 2)
        plain = field.clear_line(a.pos, b.pos, occupied - {a.pos, b.pos})
        assert gunnery.line_clear(state, a, b, field, occupied) == plain
        assert gunnery.line_clear(state, a, b, field) == plain


def _plain_in_arc(firer: Ship, battery: str, target: tuple[int, int]) -> bool:
    """4.2's arcs by the bearings of the grid: bow guns on the line dead
    ahead, a broadside within 30 degrees of her beam (either broadside on
    her own point, where no near miss placed the other ship)."""
    if target == firer.pos:
        return battery != "bow"
    if battery == "bow":
        return pg.direction_of(firer.pos, target) == firer.facing
    centre = 90.0 if battery == "port" else 270.0
    return pg.in_arc(firer.pos, firer.facing, target, centre, 30.0)


def test_the_arcs_read_in_whole_numbers_are_the_bearings_arcs() -> None:
    """gunnery.in_arc reads the arcs (4.2) off the grid's lines in whole
    numbers: the same as by the bearings, for every point within 20 of a
    ship, whatever her facing and where she lies."""
    specs = [ship("a", "carleton", "british"), ship("b", "carleton", "american")]
    s = make_state(specs).ships["a"]
    for at in ((0, 0), (7, 3), (-5, 11)):
        s.q, s.r = at
        for facing in range(6):
            s.facing = facing
            for dq in range(-20, 21):
                for dr in range(-20, 21):
                    target = (at[0] + dq, at[1] + dr)
                    for b in BATTERIES:
                        assert gunnery.in_arc(s, b, target) == _plain_in_arc(s, b, target)
