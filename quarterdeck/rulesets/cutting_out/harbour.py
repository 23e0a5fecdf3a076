"""The harbour table and the deck cut-out: where things are, and how far apart.

A ship's deck is drawn at the scale of the table (the text's cut-out is a
convenience for moving the figures), so a figure on a deck has a place on
the table too: :func:`deck_to_table`. Deck coordinates run from the stern
(``x`` = 0) to the bow (``x`` = length), and across from the larboard rail
(``y`` = -beam/2) to the starboard rail (+beam/2).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from quarterdeck.core.geometry import Terrain, distance, unit
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

Vec = tuple[float, float]
SIDES: Final[tuple[str, ...]] = ("larboard", "starboard")


# --------------------------------------------------------------------------
# The deck cut-out


def deck_to_table(ship: Ship, dx: float, dy: float) -> Vec:
    """The table point of deck point (``dx`` from the stern, ``dy`` across)."""
    r = math.radians(ship.heading)
    fx, fy = math.sin(r), math.cos(r)  # ahead; starboard is (fy, -fx)
    along = dx - ship.length / 2
    return (ship.x + fx * along + fy * dy, ship.y + fy * along - fx * dy)


def table_to_deck(ship: Ship, p: Vec) -> Vec:
    fx, fy = unit(ship.heading)
    sx, sy = unit(ship.heading + 90.0)
    rx, ry = p[0] - ship.x, p[1] - ship.y
    return (rx * fx + ry * fy + ship.length / 2, rx * sx + ry * sy)


def on_deck(ship: Ship, dx: float, dy: float) -> bool:
    return 0.0 <= dx <= ship.length and abs(dy) <= ship.beam / 2


def boarding_points(ship: Ship, t: Tables) -> dict[str, Vec]:
    """The boarding points of the cut-out (reconstructed): the fore chains,
    the waist and the quarter on each side, just inside the rail."""
    inset = min(t.deck.rail_inset, ship.beam / 4)
    out: dict[str, Vec] = {}
    for side in SIDES:
        sign = 1.0 if side == "starboard" else -1.0
        for name, frac in t.deck.boarding_points.items():
            out[f"{side}-{name}"] = (frac * ship.length, sign * (ship.beam / 2 - inset))
    return out


def point_words(point: str) -> str:
    """ "starboard-waist" -> "starboard waist"."""
    return point.replace("-", " ")


def hatch(ship: Ship, t: Tables) -> Vec:
    return (t.deck.hatch * ship.length, 0.0)


def post(ship: Ship, t: Tables, name: str) -> Vec | None:
    """A guard's post: a boarding point, or a named post (quarterdeck, ...)."""
    points = boarding_points(ship, t)
    if name in points:
        return points[name]
    if name in t.deck.posts:
        return (t.deck.posts[name] * ship.length, 0.0)
    return None


def clamp_to_deck(ship: Ship, dx: float, dy: float, margin: float = 0.3) -> Vec:
    m = min(margin, ship.beam / 4)
    return (
        min(max(dx, m), ship.length - m),
        min(max(dy, -ship.beam / 2 + m), ship.beam / 2 - m),
    )


def outline(ship: Ship) -> list[Vec]:
    """The ship's deck as a rectangle on the table (a plain outline)."""
    return [
        deck_to_table(ship, 0.0, -ship.beam / 2),
        deck_to_table(ship, ship.length, -ship.beam / 2),
        deck_to_table(ship, ship.length, ship.beam / 2),
        deck_to_table(ship, 0.0, ship.beam / 2),
    ]


@lru_cache(maxsize=64)
def _hull(length: float, beam: float) -> Polygon:
    """A ship's hull in deck coordinates (stern at x = 0), built once a size."""
    b2 = beam / 2
    return Polygon([(0.0, -b2), (length, -b2), (length, b2), (0.0, b2)])


def in_hull(length: float, beam: float, p: Vec) -> bool:
    """Whether deck point ``p`` lies inside the hull of :func:`_hull`, off
    her sides (shapely's ``contains``: for a rectangle square to the axes,
    GEOS's own test, strictly within its bounds on both axes)."""
    b2 = beam / 2
    return 0.0 < p[0] < length and -b2 < p[1] < b2


@lru_cache(maxsize=64)
def _hull_on_table(x: float, y: float, heading: float, length: float, beam: float) -> Polygon:
    """A ship's deck on the table (``Polygon(outline(ship))``), built once a
    place: a ship at anchor lies where she did while boat after boat rows
    round her (Movement)."""
    return Polygon(outline(Ship("", "", "", "", x, y, heading, length, beam, 1)))


def _crossing(ship: Ship, legs: list[tuple[Vec, Vec]]) -> list[bool]:
    """Movement (a boat's way round a hull): for each leg (in deck
    coordinates), whether it touches the ship's hull.
    A leg with both ends beyond one side of the hull's box cannot touch her
    (shapely's own envelope test, without building the line); the others are
    tested in one call of shapely's ``intersects``, the same test a leg at a
    time would make."""
    b2 = ship.beam / 2
    length = ship.length
    out = [False] * len(legs)
    near: list[int] = []
    for i, (p, q) in enumerate(legs):
        if (p[0] < 0.0 and q[0] < 0.0) or (p[0] > length and q[0] > length):
            continue
        if (p[1] < -b2 and q[1] < -b2) or (p[1] > b2 and q[1] > b2):
            continue
        near.append(i)
    if near:
        lines = shapely.linestrings(np.array([legs[i] for i in near], dtype=float))
        for i, hit in zip(near, shapely.intersects(_hull(length, ship.beam), lines), strict=True):
            out[i] = bool(hit)
    return out


def around_ship(ship: Ship, a: Vec, b: Vec, clear: float = 1.0) -> list[Vec]:
    """The way from ``a`` to ``b`` (points after ``a``, ending at ``b``) that
    goes round the ship's hull instead of through it: ``[b]`` when the
    straight line misses her, else the shortest way by her corners,
    ``clear`` inches off bow or stern (round one corner, across an end, or
    along her side)."""
    da, db = table_to_deck(ship, a), table_to_deck(ship, b)
    if not _crossing(ship, [(da, db)])[0]:
        return [b]
    half = ship.beam / 2 + clear
    ends = (-clear, ship.length + clear)
    ways: list[list[Vec]] = []
    for end in ends:
        for side in (half, -half):
            ways.append([(end, side), db])  # round one corner
            ways.append([(end, side), (end, -side), db])  # across her end
            other = ends[1] if end == ends[0] else ends[0]
            ways.append([(end, side), (other, side), db])  # along her side
    # every leg of every way tested at once: no way through the hull is taken
    legs = [list(zip([da, *way], way, strict=False)) for way in ways]
    hits = iter(_crossing(ship, [leg for way_legs in legs for leg in way_legs]))
    blocked = [any([next(hits) for _ in way_legs]) for way_legs in legs]
    best: tuple[float, list[Vec]] | None = None
    for way, way_legs, through in zip(ways, legs, blocked, strict=True):
        if through:
            continue
        far = sum(distance(p, q) for p, q in way_legs)
        if best is None or far < best[0]:
            best = (far, way)
    if best is None:
        return [b]
    return [deck_to_table(ship, x, y) for x, y in best[1][:-1]] + [b]


def boat_way(state: State, a: Vec, b: Vec, short: float = 0.5) -> list[Vec]:
    """The way a boat rows from ``a`` toward ``b`` (points after ``a``):
    round the hull of every ship afloat that the straight line crosses
    (:func:`around_ship`); where ``b`` itself lies in a ship's hull, up to
    her side, ``short`` inches off it. Hulls are never crossed."""
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        hull = _hull(ship.length, ship.beam)
        da, db = table_to_deck(ship, a), table_to_deck(ship, b)
        if in_hull(ship.length, ship.beam, da) or not in_hull(ship.length, ship.beam, db):
            continue
        met = LineString([da, db]).intersection(hull.exterior)
        hits = [(float(x), float(y)) for x, y in shapely.get_coordinates(met)]
        if hits:
            entry = min(hits, key=lambda q: distance(da, q))
            d = distance(da, entry)
            b = deck_to_table(ship, *toward(da, entry, max(0.0, d - short)))
    way = [b]
    afloat = [ship for ship in state.ships.values() if ship.afloat]
    # a way round one ship may cross another (a guard boat beside the
    # frigate): go over them all again until no leg crosses a hull
    for _ in range(len(afloat) + 1):
        before = len(way)
        for ship in afloat:
            rerouted: list[Vec] = []
            for p, q in zip([a, *way], way, strict=False):
                rerouted += around_ship(ship, p, q)
            way = rerouted
        if len(way) == before:
            break
    hulls = [
        _hull_on_table(ship.x, ship.y, ship.heading, ship.length, ship.beam) for ship in afloat
    ]
    if any(_through(hulls, p, q) for p, q in zip([a, *way], way, strict=False)):
        # ships lying too close for the way round each in turn (the turning
        # points round one fall in the other): the shortest way by the
        # corners of all of them, an inch clear, else as close as will pass
        for clear in (1.0, 0.5, 0.25):
            shortest = _by_corners(hulls, a, way[-1], clear)
            if shortest is not None:
                return shortest
    return way


def _through(hulls: list[Polygon], p: Vec, q: Vec) -> bool:
    """Whether the leg from ``p`` to ``q`` passes through a hull (touching
    her side is not passing through)."""
    leg = LineString([p, q])
    return any(leg.intersects(h) and not leg.touches(h) for h in hulls)


def _by_corners(hulls: list[Polygon], a: Vec, b: Vec, clear: float) -> list[Vec] | None:
    """The shortest way from ``a`` to ``b`` through no hull, turning only at
    the corners of the hulls ``clear`` inches out (points after ``a``), or
    None where there is none."""
    corners = [
        (float(x), float(y))
        for h in hulls
        for x, y in list(h.buffer(clear, join_style="mitre").exterior.coords)[:-1]
    ]
    nodes = [a, b] + [c for c in corners if not any(h.intersects(Point(c)) for h in hulls)]
    best = {0: 0.0}
    came: dict[int, int] = {}
    todo = {0}
    while todo:
        i = min(todo, key=lambda n: best[n])
        todo.discard(i)
        if i == 1:
            path = [1]
            while path[-1] in came:
                path.append(came[path[-1]])
            return [nodes[n] for n in reversed(path[:-1])]
        for j in range(len(nodes)):
            if j == i or _through(hulls, nodes[i], nodes[j]):
                continue
            d = best[i] + distance(nodes[i], nodes[j])
            if d < best.get(j, math.inf) - 1e-12:
                best[j], came[j] = d, i
                todo.add(j)
    return None


def row_way(state: State, a: Vec, way: list[Vec], inches: float) -> tuple[Vec, float, Vec]:
    """Where a boat rowing ``inches`` from ``a`` along ``way`` ends (at the
    end of her move, or short of the shore where a leg meets the land), how
    far she rowed, and where her last leg began (her heading)."""
    here, rowed = a, 0.0
    for p in way:
        d = distance(here, p)
        goal = p if d <= inches else toward(here, p, inches)
        end = water_path(state, here, goal)
        if end != goal or d >= inches:
            return end, rowed + distance(here, end), here
        here, inches, rowed = p, inches - d, rowed + d
    return here, rowed, a if not way else ([a, *way][-2])


def distance_to_ship(ship: Ship, p: Vec) -> float:
    """Inches from ``p`` to the ship's side (0 on her deck)."""
    dx, dy = table_to_deck(ship, p)
    ox = max(0.0, -dx, dx - ship.length)
    oy = max(0.0, abs(dy) - ship.beam / 2)
    return math.hypot(ox, oy)


def boat_beam(boat: Boat) -> float:
    return max(0.5, boat.length * 0.3)


def alongside_spot(ship: Ship, t: Tables, point: str, boat: Boat) -> tuple[float, float, float]:
    """Where a boat lies alongside ``point``: her centre and heading."""
    px, py = boarding_points(ship, t)[point]
    sign = 1.0 if py > 0 else -1.0
    dy = sign * (ship.beam / 2 + boat_beam(boat) / 2 + 0.1)
    x, y = deck_to_table(ship, px, dy)
    return x, y, ship.heading


# --------------------------------------------------------------------------
# Where a figure is


def figure_point(state: State, fig: Figure) -> Vec | None:
    """A figure's place on the table (None below decks or out of the game)."""
    if not fig.active:
        return None
    if fig.where == "land":
        return (fig.x, fig.y)
    if fig.where == "boat":
        boat = state.boats.get(fig.place)
        return (boat.x, boat.y) if boat is not None else None
    if fig.where == "deck":
        ship = state.ships[fig.place]
        return deck_to_table(ship, fig.x, fig.y)
    return None


def points(state: State) -> dict[str, Vec]:
    """Every figure's place on the table at once (those below decks and out
    of the game have none): one pass, for the procedures that measure many
    ranges."""
    frames: dict[str, tuple[float, float, float, float, float]] = {}
    for ship in state.ships.values():
        r = math.radians(ship.heading)
        frames[ship.id] = (ship.x, ship.y, math.sin(r), math.cos(r), ship.length / 2)
    out: dict[str, Vec] = {}
    boats = state.boats
    for f in state.figures.values():
        if f.fate:
            continue
        if f.where == "land":
            out[f.id] = (f.x, f.y)
        elif f.where == "deck":
            cx, cy, fx, fy, half = frames[f.place]
            along = f.x - half
            out[f.id] = (cx + fx * along + fy * f.y, cy + fy * along - fx * f.y)
        elif f.where == "boat":
            boat = boats.get(f.place)
            if boat is not None:
                out[f.id] = (boat.x, boat.y)
    return out


# --------------------------------------------------------------------------
# Terrain


@lru_cache(maxsize=64)
def _terrain(key: tuple[tuple[Vec, ...], ...]) -> Terrain:
    return Terrain([list(p) for p in key])


def terrain(state: State) -> Terrain:
    return _terrain(tuple(tuple((float(x), float(y)) for x, y in p) for p in state.land))


@lru_cache(maxsize=256)
def _polygon(key: tuple[Vec, ...]) -> Polygon:
    poly = Polygon(list(key))
    shapely.prepare(poly)
    return poly


@lru_cache(maxsize=256)
def _outline_polygon(key: tuple[Vec, ...]) -> Polygon:
    return Polygon(list(key))


def fort_distance(outline_points: list[tuple[float, float]], p: Vec) -> float:
    """The range from ``p`` to a fort's outline (0 inside it): the outline's
    polygon built once, not at every range measured (Firing: range)."""
    poly = _outline_polygon(tuple((float(x), float(y)) for x, y in outline_points))
    return float(poly.distance(Point(p)))


def inside(outline_points: list[tuple[float, float]], p: Vec) -> bool:
    """Whether ``p`` lies in the outline or on its edge: shapely's
    ``intersects_xy`` of the prepared polygon, which for a point is its
    ``covers`` (the point in the closed polygon) without building the point."""
    poly = _polygon(tuple((float(x), float(y)) for x, y in outline_points))
    return bool(shapely.intersects_xy(poly, p[0], p[1]))


def inside_each(outline_points: list[tuple[float, float]], ps: list[Vec]) -> list[bool]:
    """:func:`inside` (a figure within a fort's or battery's outline) for each
    of ``ps``, in one call of shapely's
    ``intersects_xy``."""
    if not ps:
        return []
    poly = _polygon(tuple((float(x), float(y)) for x, y in outline_points))
    xy = np.array(ps, dtype=float)
    return [bool(v) for v in shapely.intersects_xy(poly, xy[:, 0], xy[:, 1])]


def battery_at(state: State, p: Vec) -> str | None:
    """The battery whose outline ``p`` stands in, if any."""
    for battery in state.batteries.values():
        if inside(battery.outline, p):
            return battery.id
    return None


def in_cover(state: State, p: Vec) -> bool:
    """Behind earthworks or in a fort (Small Arms Fire: -2)."""
    return battery_at(state, p) is not None or any(inside(e, p) for e in state.earthworks)


def on_land(state: State, p: Vec) -> bool:
    return terrain(state).is_land(p)


def water_path(state: State, a: Vec, b: Vec, allow_end: bool = False) -> Vec:
    """How far along the straight path from ``a`` to ``b`` a boat gets before
    the shore: ``b`` if the water is open, else a point short of the land
    (``allow_end``: the path may end on land, as at a landing place)."""
    land = terrain(state)
    if not land or a == b or not land.crosses(a, b):
        return b
    line = LineString([a, b])
    total = line.length
    # walk back from the end: the furthest clear point
    steps = max(4, int(total * 4))
    last = a
    for n in range(1, steps + 1):
        q = line.interpolate(total * n / steps)
        p = (float(q.x), float(q.y))
        if land.crosses(a, p) and not (allow_end and n == steps):
            break
        last = p
    return last


def land_path(state: State, a: Vec, b: Vec) -> Vec:
    """How far along the path from ``a`` to ``b`` a figure on land gets
    before the water."""
    land = terrain(state)
    if not land:
        return b
    line = LineString([a, b])
    total = line.length
    if total == 0:
        return b
    steps = max(4, int(total * 4))
    last = a
    for n in range(1, steps + 1):
        q = line.interpolate(total * n / steps)
        p = (float(q.x), float(q.y))
        if not land.is_land(p):
            break
        last = p
    return last


def ashore_point(state: State, p: Vec, inland: float = 0.6) -> Vec:
    """Where figures landing at ``p`` (a point at the water's edge) stand:
    ``p`` itself on land, else just inland of the nearest shore."""
    land = terrain(state)
    if not land or land.is_land(p):
        return p
    shore = land.nearest_shore(p)
    d = distance(p, shore)
    if d == 0:
        return p
    ux, uy = (shore[0] - p[0]) / d, (shore[1] - p[1]) / d
    inside_pt = (shore[0] + ux * inland, shore[1] + uy * inland)
    return inside_pt if land.is_land(inside_pt) else shore


def toward(a: Vec, b: Vec, inches: float) -> Vec:
    """The point ``inches`` from ``a`` toward ``b`` (``b`` if nearer)."""
    d = distance(a, b)
    if d <= inches or d == 0:
        return b
    f = inches / d
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def off_table(state: State, p: Vec) -> bool:
    w, h = state.table
    return p[0] < 0 or p[0] > w or p[1] < 0 or p[1] > h


def past_exit(state: State, p: Vec) -> bool:
    """Whether ``p`` has left the table by the edge to the open sea."""
    w, h = state.table
    return {
        "south": p[1] < 0,
        "north": p[1] > h,
        "west": p[0] < 0,
        "east": p[0] > w,
    }[state.exit]


def exit_point(state: State, p: Vec, beyond: float = 2.0) -> Vec:
    """The point off the sea edge straight out from ``p``."""
    w, h = state.table
    return {
        "south": (p[0], -beyond),
        "north": (p[0], h + beyond),
        "west": (-beyond, p[1]),
        "east": (w + beyond, p[1]),
    }[state.exit]
