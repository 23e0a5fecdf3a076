"""The inch table: poses, bearings, arcs, ranges, line of sight and terrain.

Ruleset-agnostic geometry for the rule sets played on an open table measured
in inches. Conventions:

- x grows to the east (right), y to the north (up the table);
- a heading is in degrees clockwise from north (0 north, 90 east), kept in
  [0, 360);
- a :class:`Pose` is a point and a heading; a rule set decides which point of
  a model it stands for (Flotilla uses the bow, since a ship turns about it).

Terrain (islands, shore, sandbars, forts) is a set of shapely polygons; a
path or a line of sight is checked against them with prepared geometry.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import atan2, fmod, hypot
from typing import Final

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points
from shapely.prepared import PreparedGeometry, prep

Vec = tuple[float, float]

RADIANS: Final = math.pi / 180.0
"""Degrees to radians: ``d * RADIANS`` is ``math.radians(d)`` (the same
product, CPython's own), without a call through the module (compiled code
calls ``math.sin`` and ``math.cos`` directly, ``math.radians`` not)."""

DEGREES: Final = 180.0 / math.pi
"""Radians to degrees: ``r * DEGREES`` is ``math.degrees(r)``."""


def norm_heading(heading: float) -> float:
    """A heading brought into [0, 360)."""
    if 0.0 <= heading < 360.0:
        return heading  # already there (fmod would give it back unchanged)
    h = fmod(heading, 360.0)
    if h < 0:
        h += 360.0
    # fmod of a tiny negative gives 360.0 after the addition
    return 0.0 if h >= 360.0 else h


def angle_diff(a: float, b: float) -> float:
    """The signed smallest angle from heading ``a`` to heading ``b``, in (-180, 180]."""
    d = norm_heading(b - a)
    return d - 360.0 if d > 180.0 else d


def unit(heading: float) -> Vec:
    """The unit vector of a heading (0 = north = +y, 90 = east = +x)."""
    r = heading * RADIANS
    return (math.sin(r), math.cos(r))


def distance(a: Vec, b: Vec) -> float:
    return hypot(b[0] - a[0], b[1] - a[1])


def bearing(a: Vec, b: Vec) -> float:
    """The heading from ``a`` towards ``b`` (0 if they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 and dy == 0:
        return 0.0
    return norm_heading(atan2(dx, dy) * DEGREES)


class Pose:
    """A point on the table and a heading.

    Read-only (the type checker holds each field ``Final``), compared and
    hashed as the triple (x, y, heading), as the frozen dataclass it was: a
    plain class with slots, since poses are made many times a move and a
    frozen dataclass's constructor costs some four times as much."""

    __slots__ = ("heading", "x", "y")
    __match_args__ = ("x", "y", "heading")

    def __init__(self, x: float, y: float, heading: float) -> None:
        self.x: Final = x
        self.y: Final = y
        self.heading: Final = heading

    def __repr__(self) -> str:
        return f"Pose(x={self.x!r}, y={self.y!r}, heading={self.heading!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pose):
            return NotImplemented
        return (self.x, self.y, self.heading) == (other.x, other.y, other.heading)

    def __hash__(self) -> int:
        return hash((self.x, self.y, self.heading))

    @property
    def point(self) -> Vec:
        return (self.x, self.y)

    def advance(self, inches: float) -> Pose:
        """Move ``inches`` along the heading (negative: astern)."""
        r = self.heading * RADIANS  # unit(self.heading), worked here
        return Pose(self.x + math.sin(r) * inches, self.y + math.cos(r) * inches, self.heading)

    def turn(self, degrees: float) -> Pose:
        """Turn on the spot by ``degrees`` (positive: to starboard, clockwise)."""
        h = self.heading + degrees
        return Pose(self.x, self.y, h if 0.0 <= h < 360.0 else norm_heading(h))

    def behind(self, inches: float) -> Vec:
        """The point ``inches`` astern of this pose (a stern from a bow pose:
        :func:`astern`)."""
        return astern(self.x, self.y, self.heading, inches)

    def relative_bearing(self, target: Vec) -> float:
        """The bearing of ``target`` relative to the heading, in (-180, 180]:
        0 dead ahead, +90 abeam to starboard, -90 abeam to port."""
        return angle_diff(self.heading, bearing(self.point, target))


def astern(x: float, y: float, heading: float, inches: float) -> Vec:
    """The point ``inches`` astern of a bow at ``(x, y)`` heading
    ``heading`` (:meth:`Pose.behind`, with no pose made; ``advance(-inches)``'s
    sums)."""
    r = heading * RADIANS  # Pose.advance(-inches).point, worked here
    back = -inches
    return (x + math.sin(r) * back, y + math.cos(r) * back)


def turn_ahead(
    x: float, y: float, heading: float, degrees: float, inches: float
) -> tuple[float, float, float]:
    """``Pose(x, y, heading).turn(degrees).advance(inches)`` as its x, y and
    heading: the same sums (:func:`turned_unit`), with no pose made between."""
    h, ux, uy = turned_unit(heading, degrees)
    return (x + ux * inches, y + uy * inches, h)


def turned_unit(heading: float, degrees: float) -> tuple[float, float, float]:
    """The heading ``heading + degrees`` (brought into [0, 360)) and its unit
    vector's x and y, worked as :func:`turn_ahead` works them: ``x + ux *
    inches`` and ``y + uy * inches`` are its point ``inches`` ahead."""
    h = heading + degrees
    if not 0.0 <= h < 360.0:  # norm_heading gives one already there back
        h = norm_heading(h)
    r = h * RADIANS
    return (h, math.sin(r), math.cos(r))


def in_arc(origin: Pose, target: Vec, centre: float, width: float) -> bool:
    """Whether ``target`` lies in the arc of ``width`` degrees centred on the
    relative bearing ``centre`` (0 ahead, 90 starboard, -90 port, 180 astern)."""
    rel = origin.relative_bearing(target)
    return abs(angle_diff(centre, rel)) <= width / 2 + 1e-9


def closest_on_segment(p: Vec, a: Vec, b: Vec) -> Vec:
    """The point of segment ``a``-``b`` nearest to ``p``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return a
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = max(0.0, min(1.0, t))
    return (a[0] + t * dx, a[1] + t * dy)


def point_segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    return distance(p, closest_on_segment(p, a, b))


def segments_intersect(a: Vec, b: Vec, c: Vec, d: Vec) -> bool:
    """Whether segments a-b and c-d cross or touch."""

    def orient(p: Vec, q: Vec, r: Vec) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    def on(p: Vec, q: Vec, r: Vec) -> bool:
        return (
            min(p[0], q[0]) - 1e-12 <= r[0] <= max(p[0], q[0]) + 1e-12
            and min(p[1], q[1]) - 1e-12 <= r[1] <= max(p[1], q[1]) + 1e-12
        )

    d1, d2 = orient(c, d, a), orient(c, d, b)
    d3, d4 = orient(a, b, c), orient(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and on(c, d, a))
        or (d2 == 0 and on(c, d, b))
        or (d3 == 0 and on(a, b, c))
        or (d4 == 0 and on(a, b, d))
    )


def segment_distance(a: Vec, b: Vec, c: Vec, d: Vec) -> float:
    """The least distance between segments a-b and c-d.

    The same arithmetic as :func:`segments_intersect` and
    :func:`point_segment_distance`, written out on plain numbers (it is
    asked for many times a move: ranges, sight lines, contacts)."""
    ax, ay = a
    bx, by = b
    cx, cy = c
    dx, dy = d
    # segments_intersect(a, b, c, d)
    d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return 0.0
    if (d1 == 0 or d2 == 0 or d3 == 0 or d4 == 0) and segments_intersect(a, b, c, d):
        return 0.0
    return min(
        point_segment_xy(ax, ay, cx, cy, dx, dy),
        point_segment_xy(bx, by, cx, cy, dx, dy),
        point_segment_xy(cx, cy, ax, ay, bx, by),
        point_segment_xy(dx, dy, ax, ay, bx, by),
    )


def point_segment_xy(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """:func:`point_segment_distance` of the point ``(px, py)`` from the
    segment ``(ax, ay)``-``(bx, by)``, on plain numbers: the same arithmetic,
    with no tuples made (for callers that measure many keels a decision)."""
    ux, uy = bx - ax, by - ay
    length2 = ux * ux + uy * uy
    if length2 == 0:
        return hypot(ax - px, ay - py)
    t = ((px - ax) * ux + (py - ay) * uy) / length2
    t = t if t < 1.0 else 1.0  # min(1.0, t)
    t = t if t > 0.0 else 0.0  # max(0.0, t)
    return hypot(ax + t * ux - px, ay + t * uy - py)


@dataclass(frozen=True, slots=True)
class Hull:
    """A model seen from above as a line from bow to stern (its keel)."""

    pose: Pose  # the bow
    length: float

    def __init__(self, pose: Pose, length: float) -> None:
        # (written out as the dataclass would make it: see core.prompts.Prompt)
        object.__setattr__(self, "pose", pose)
        object.__setattr__(self, "length", length)

    @property
    def bow(self) -> Vec:
        return self.pose.point

    @property
    def stern(self) -> Vec:
        return self.pose.behind(self.length)

    @property
    def middle(self) -> Vec:
        return self.pose.behind(self.length / 2)

    def range_to(self, other: Hull) -> float:
        """The least distance between the two keels."""
        return segment_distance(self.bow, self.stern, other.bow, other.stern)

    def range_to_point(self, p: Vec) -> float:
        return point_segment_distance(p, self.bow, self.stern)


Box = tuple[float, float, float, float]


def box_apart(a: Vec, b: Vec, box: Box, gap: float = 0.0) -> bool:
    """Whether the box round the segment a-b lies more than ``gap`` inches
    (and a margin over rounding) off ``box`` (min x, min y, max x, max y) on either
    axis: then nothing inside the box comes within ``gap`` of the segment,
    as shapely would find (an empty shape's box of NaN is never apart)."""
    x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    g = gap + _BOX_MARGIN
    bx0, by0, bx1, by1 = box
    return x1 + g < bx0 or bx1 + g < x0 or y1 + g < by0 or by1 + g < y0


_BOX_MARGIN: Final = 1e-6
"""Inches a sight line's box must clear a piece of land's box by to be
judged clear of it without shapely (well above rounding)."""


class Terrain:
    """Land on the table as polygons (islands, shore, sandbars, forts).

    Built once per layout; the polygons are prepared so that many paths and
    sight lines can be tested quickly.
    """

    __slots__ = ("_boxes", "_prepared", "_union", "polygons")

    def __init__(self, polygons: Iterable[Sequence[Vec]] = ()) -> None:
        self.polygons: tuple[Polygon, ...] = tuple(Polygon(list(p)) for p in polygons)
        self._union = shapely.union_all(self.polygons) if self.polygons else None
        if self._union is not None:
            shapely.prepare(self._union)
        self._prepared: PreparedGeometry | None = (
            prep(self._union) if self._union is not None else None
        )
        # each polygon's bounds (min x, min y, max x, max y): a path whose own
        # bounds meet none of them touches no land (no shapely call needed)
        self._boxes: tuple[Box, ...] = tuple(
            tuple(float(v) for v in poly.bounds)  # type: ignore[misc]
            for poly in self.polygons
        )

    def _near(self, a: Vec, b: Vec) -> bool:
        """Whether the box round the path ``a`` to ``b`` comes near any
        polygon's box (:func:`box_apart`): if not, the path cannot touch land."""
        for box in self._boxes:  # noqa: SIM110 (a loop, no generator: asked for every leg)
            if not box_apart(a, b, box):
                return True
        return False

    def __bool__(self) -> bool:
        return bool(self.polygons)

    def is_land(self, p: Vec) -> bool:
        return self._prepared is not None and self._near(p, p) and self._prepared.contains(Point(p))

    def crosses(self, a: Vec, b: Vec) -> bool:
        """Whether the straight path from ``a`` to ``b`` touches land."""
        if self._prepared is None:
            return False
        if a == b:
            return self.is_land(a)
        return self._near(a, b) and bool(self._prepared.intersects(LineString([a, b])))

    def crosses_many(self, segments: Sequence[tuple[Vec, Vec]]) -> list[bool]:
        """:meth:`crosses` for many paths at once (vectorised)."""
        if self._union is None or not segments:
            return [False] * len(segments)
        lines = shapely.linestrings([[a, b] for a, b in segments])
        return [bool(v) for v in shapely.intersects(self._union, lines)]

    def line_of_sight(self, a: Vec, b: Vec) -> bool:
        """Whether land stands between ``a`` and ``b`` (ends on land are allowed,
        so a fort on the shore can see and be seen)."""
        if self._union is None or a == b or not self._near(a, b):
            return True
        line = LineString([a, b])
        if not self._prepared or not self._prepared.intersects(line):
            return True
        inside = line.intersection(self._union)
        # blocked if land covers any stretch away from both ends
        return bool(
            inside.is_empty
            or inside.length <= 1e-9
            or all(
                g.distance(Point(a)) < 1e-6 or g.distance(Point(b)) < 1e-6
                for g in getattr(inside, "geoms", [inside])
            )
        )

    def distance_to_land(self, p: Vec) -> float:
        """Inches from ``p`` to the nearest land (0 on land, inf with none)."""
        if self._union is None:
            return math.inf
        return float(self._union.distance(Point(p)))

    def nearest_shore(self, p: Vec) -> Vec:
        """The nearest point of land to ``p`` (``p`` itself with no land)."""
        if self._union is None:
            return p
        near = nearest_points(self._union, Point(p))[0]
        return (float(near.x), float(near.y))


def frontage(centre: Vec, facing: float, count: int, spacing: float) -> list[Vec]:
    """Where ``count`` figures stand in one line across ``facing`` (a rank of
    men facing that way), ``spacing`` inches apart and centred on ``centre``."""
    if count <= 0:
        return []
    across = unit(facing + 90.0)
    first = -(count - 1) * spacing / 2
    return [
        (
            centre[0] + across[0] * (first + n * spacing),
            centre[1] + across[1] * (first + n * spacing),
        )
        for n in range(count)
    ]


def clear_sight_lines(
    origins: Sequence[Vec], target: Vec, screens: Sequence[Sequence[Vec]], clearance: float
) -> list[bool]:
    """For each origin, whether the straight line to ``target`` passes no
    screen (a line of figures, or a single figure) within ``clearance``
    inches: figures that stand in the way block the shot."""
    if not origins:
        return []
    shapes = [LineString(s) if len(s) > 1 else Point(s[0]) for s in screens if s]
    if not shapes:
        return [True] * len(origins)
    blocker = shapely.union_all(shapes).buffer(clearance)
    lines = shapely.linestrings(
        [[o, target] if o != target else [o, (o[0] + 1e-9, o[1])] for o in origins]
    )
    return [not bool(v) for v in shapely.intersects(blocker, lines)]
