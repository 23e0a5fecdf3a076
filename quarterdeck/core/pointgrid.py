"""The triangular grid of points (used by "Away, Boarders!", section 1.2).

Points are laid out by flipping an equilateral triangle, so every point has
six neighbours at equal distance, like the centres of a hex grid. A point is
written in axial coordinates ``(q, r)``: ``q`` counts along a row, ``r``
counts rows, and row ``r`` is shifted half a step to the right of row
``r - 1``. Drawn on paper with rows running left to right and ``r`` growing
down the page, the six directions are numbered counter-clockwise from east::

        2   1
         \\ /
     3 -- * -- 0
         / \\
        4   5

A direction doubles as a facing (a ship faces the neighbour in that
direction) and as a wind direction (the direction the wind blows *from*).
Everything here is ruleset-agnostic geometry: distance in points, bearings,
arcs, lines of points for line of sight, and blocked points (islands, coast).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

Point = tuple[int, int]
"""A point of the grid in axial coordinates ``(q, r)``."""

DIRECTIONS: Final[tuple[Point, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial step for each of the six directions 0..5 (east, then counter-clockwise)."""

DIRECTION_NAMES: Final[tuple[str, ...]] = ("E", "NE", "NW", "W", "SW", "SE")

_SQRT3_2: Final = math.sqrt(3) / 2

_CACHE: Final = 1 << 14
"""Bearings and arcs are pure functions of a few small integers, asked for
again and again by the rules and the computer players: each keeps its last
answers (a bounded cache, so a long run's memory stays flat)."""


def direction(d: int) -> int:
    """Normalise any integer to a direction 0..5."""
    return d % 6


def step(p: Point, d: int, n: int = 1) -> Point:
    """The point ``n`` steps from ``p`` in direction ``d``."""
    dq, dr = DIRECTIONS[d % 6]
    return (p[0] + dq * n, p[1] + dr * n)


def neighbours(p: Point) -> list[Point]:
    """The six neighbours of ``p``, in direction order 0..5."""
    return [step(p, d) for d in range(6)]


def distance(a: Point, b: Point) -> int:
    """Distance in points: the fewest steps from ``a`` to ``b``."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def to_xy(p: Point) -> tuple[float, float]:
    """Cartesian position of ``p`` (x east, y north), one point apart."""
    q, r = p
    return (q + r / 2, -r * _SQRT3_2)


@lru_cache(maxsize=_CACHE)
def bearing(a: Point, b: Point) -> float:
    """True bearing from ``a`` to ``b`` in degrees counter-clockwise from
    direction 0 (east), in [0, 360). Direction ``d`` lies at ``60 * d``."""
    ax, ay = to_xy(a)
    bx, by = to_xy(b)
    deg = math.degrees(math.atan2(by - ay, bx - ax)) % 360.0
    return 0.0 if math.isclose(deg, 360.0) else round(deg, 9)


@lru_cache(maxsize=_CACHE)
def relative_bearing(a: Point, facing: int, b: Point) -> float:
    """Bearing of ``b`` seen from ``a`` relative to ``facing``: 0 dead ahead,
    90 on the port beam, 180 dead astern, 270 on the starboard beam."""
    return relative_to(bearing(a, b), facing)


def relative_to(deg: float, facing: int) -> float:
    """A true bearing ``deg`` (:func:`bearing`) relative to ``facing`` (as
    :func:`relative_bearing` gives it)."""
    return round((deg - 60.0 * facing) % 360.0, 9) % 360.0


def within(rel: float, centre: float, half_width: float) -> bool:
    """Whether the relative bearing ``rel`` lies within ``half_width`` degrees
    (inclusive) of ``centre`` (as :func:`in_arc` reckons it)."""
    return abs((rel - centre + 180.0) % 360.0 - 180.0) <= half_width + 1e-6


@lru_cache(maxsize=_CACHE)
def direction_of(a: Point, b: Point) -> int | None:
    """The direction of the straight grid line from ``a`` to ``b``, or None
    if ``b`` does not lie on one of the six lines through ``a``."""
    if a == b:
        return None
    deg = bearing(a, b)
    for d in range(6):
        if math.isclose(deg, 60.0 * d, abs_tol=1e-6) or (d == 0 and math.isclose(deg, 360.0)):
            return d
    return None


@lru_cache(maxsize=_CACHE)
def in_arc(a: Point, facing: int, b: Point, centre: float, half_width: float) -> bool:
    """Whether ``b`` lies within ``half_width`` degrees (inclusive) of the
    relative bearing ``centre`` seen from ``a`` facing ``facing``."""
    if a == b:
        return False
    return within(relative_bearing(a, facing, b), centre, half_width)


def turn(facing: int, steps: int) -> int:
    """Facing after turning ``steps`` points: positive to port (counter-
    clockwise), negative to starboard."""
    return (facing + steps) % 6


def _cube_round(x: float, z: float) -> Point:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (int(rx), int(rz))


def _line(a: Point, b: Point, nudge: float) -> list[Point]:
    n = distance(a, b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        x = a[0] + (b[0] - a[0]) * t + nudge
        z = a[1] + (b[1] - a[1]) * t + nudge / 2
        out.append(_cube_round(x, z))
    return out


def line(a: Point, b: Point) -> list[Point]:
    """The points on the straight line from ``a`` to ``b``, both included.

    Where the line runs exactly between two points, this one takes the point
    on one side; :func:`lines` gives both readings."""
    return _line(a, b, 1e-6)


def lines(a: Point, b: Point) -> tuple[list[Point], list[Point]]:
    """Both readings of the line from ``a`` to ``b`` (they differ only where
    the line passes exactly between two points)."""
    return _line(a, b, 1e-6), _line(a, b, -1e-6)


def between(a: Point, b: Point) -> tuple[list[Point], list[Point]]:
    """The points strictly between ``a`` and ``b`` on each reading of the line."""
    one, two = _between(a, b)
    return list(one), list(two)


@lru_cache(maxsize=_CACHE)
def _between(a: Point, b: Point) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """:func:`between`, kept (line of sight is asked for again and again)."""
    one, two = lines(a, b)
    return tuple(one[1:-1]), tuple(two[1:-1])


@dataclass(frozen=True, slots=True)
class Grid:
    """A field of play: a parallelogram of ``width`` x ``height`` points
    (``0 <= q < width``, ``0 <= r < height``, rows drawn offset so that the
    field looks rectangular is left to the renderer) with blocked points."""

    width: int
    height: int
    blocked: frozenset[Point] = field(default_factory=frozenset)

    def __hash__(self) -> int:
        # (written out as the dataclass would make it, so that the build
        # compiles it: a field is the key of the look-ahead's kept tables,
        # hashed for every judge, and the frozenset keeps its own hash)
        return hash((self.width, self.height, self.blocked))

    def contains(self, p: Point) -> bool:
        """Whether ``p`` is on the field (blocked points are on the field)."""
        q, r = p
        return 0 <= r < self.height and -(r // 2) <= q < self.width - (r // 2)

    def is_open(self, p: Point) -> bool:
        """On the field and not an island or coast."""
        return self.contains(p) and p not in self.blocked

    def points(self) -> Iterator[Point]:
        """Every point of the field, row by row."""
        for r in range(self.height):
            for q in range(-(r // 2), self.width - (r // 2)):
                yield (q, r)

    def clear_line(self, a: Point, b: Point, also_blocked: Iterable[Point] = ()) -> bool:
        """Line of sight from ``a`` to ``b``: clear if either reading of the
        line passes no blocked point (nor any of ``also_blocked``)."""
        blocked = self.blocked
        also = also_blocked if isinstance(also_blocked, (set, frozenset)) else set(also_blocked)
        return any(not any(p in blocked or p in also for p in path) for path in _between(a, b))


def column(p: Point) -> int:
    """The printed column of ``p`` when rows are drawn offset (even rows flush
    left, odd rows shifted half a point right): ``q + r // 2``."""
    return p[0] + p[1] // 2


def from_column(col: int, row: int) -> Point:
    """The point in printed ``col`` and ``row`` (inverse of :func:`column`)."""
    return (col - row // 2, row)
