"""The table as geometry: the six squares, the current lanes, the depth and
the tide, land and shoals (Table Set Up; Currents; Tides).

The table is ``width`` across (x, west to east) and ``length`` along the
river (y); upstream is the top (y = length). The six set-up squares are two
across and three along, numbered 1 and 2 at the upstream end, 5 and 6 at the
downstream end. The five current lanes split the water between the banks
from west to east. Shapely geometry is built from the state's plain-data
features and cached by their contents.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Final

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.prepared import PreparedGeometry, prep

from quarterdeck.core.geometry import Box, Hull, Pose, box_apart, segment_distance
from quarterdeck.rulesets.acw_river.state import Feature, Ship, State, Table
from quarterdeck.rulesets.acw_river.tables import Tables

Vec = tuple[float, float]
FeatureKey = tuple[tuple[str, str, tuple[Vec, ...]], ...]


def square_of(table: Table, p: Vec) -> int:
    """The set-up square (1 to 6) a point lies in."""
    col = 0 if p[0] < table.width / 2 else 1
    third = table.length / 3
    row = 0 if p[1] >= 2 * third else 1 if p[1] >= third else 2
    return row * 2 + col + 1


def square_box(table: Table, square: int) -> tuple[float, float, float, float]:
    """The square's (x0, y0, x1, y1)."""
    row, col = divmod(square - 1, 2)
    third = table.length / 3
    x0 = 0.0 if col == 0 else table.width / 2
    y1 = table.length - row * third
    return (x0, y1 - third, x0 + table.width / 2, y1)


def lane_of(table: Table, x: float) -> int:
    """The current lane (0 to 4, west to east) at ``x``."""
    west, east = table.river_x
    if east <= west:
        west, east = 0.0, table.width
    share = (x - west) / (east - west)
    return max(0, min(4, int(share * 5)))


def current_at(table: Table, p: Vec, t: Tables) -> int:
    """The speed of the current (knots, downstream) at a point: its lane's
    speed, less in the upper squares of a tidal estuary and nothing in the
    lowest two (Estuary Battle). A scenario's flood tide is a negative
    current (it runs upstream)."""
    speed = table.lanes[lane_of(table, p[0])]
    if table.kind == "estuary" and table.tidal and speed > 0:
        less = t.setup.tidal_current_less.get(str(square_of(table, p)), 0)
        speed = max(0, speed - less)
    return speed


def tide_at(table: Table, p: Vec, t: Tables) -> float:
    """Feet of tide added to the depth at a point (Tides): none, half or the
    full tidal range by square; the tide is taken at its highest."""
    if table.kind != "estuary" or not table.tidal:
        return 0.0
    return table.tide_range * t.setup.tide_effect.get(str(square_of(table, p)), 0.0)


def feature_key(features: list[Feature]) -> FeatureKey:
    return tuple(
        (f.id, f.kind, tuple((float(x), float(y)) for x, y in f.polygon)) for f in features
    )


class Geometry:
    """Prepared shapely geometry for one set of features, with the bounding
    box of each piece of land (a sight line clear of every box meets no
    land) and the answers of :func:`land_blocks` already worked out for it
    (terrain never changes once placed: the same two ends, the same answer)."""

    __slots__ = ("boxes", "land", "land_boxes", "land_prep", "polygons", "sight")

    def __init__(self, key: FeatureKey) -> None:
        self.polygons: dict[str, Polygon] = {}
        land = []
        for fid, kind, pts in key:
            poly = Polygon(list(pts))
            if not poly.is_valid:
                poly = poly.buffer(0)
            self.polygons[fid] = poly
            if kind == "land":
                land.append(poly)
        self.land = shapely.union_all(land) if land else None
        self.land_prep: PreparedGeometry | None = prep(self.land) if self.land is not None else None
        self.land_boxes: tuple[Box, ...] = tuple(
            tuple(float(v) for v in part.bounds)  # type: ignore[misc]
            for part in getattr(self.land, "geoms", [self.land])
            if self.land is not None and not part.is_empty
        )
        self.boxes: dict[str, Box] = {
            fid: tuple(float(v) for v in poly.bounds)  # type: ignore[misc]
            for fid, poly in self.polygons.items()
        }
        self.sight: dict[tuple[Vec, Vec], bool] = {}


@lru_cache(maxsize=64)
def _geometry(key: FeatureKey) -> Geometry:
    return Geometry(key)


_LAST: Final[list[Any]] = [None, [], None]
"""The features list the last geometry was built for, the features it held
(by identity; a Feature never changes once placed) and that geometry."""


def geometry(state: State) -> Geometry:
    """The prepared geometry of the state's features; worked out again only
    when the features list is another or holds other features (a wreck
    added), else the same as last time."""
    features = state.features
    # (a list compares its items by identity first: the same features; the
    # copy kept is compared as it stands, without making another)
    if _LAST[0] is features and _LAST[1] == features:
        geom: Geometry = _LAST[2]
        return geom
    geom = _geometry(feature_key(features))
    _LAST[0], _LAST[1], _LAST[2] = features, list(features), geom
    return geom


def on_land(state: State, p: Vec) -> bool:
    g = geometry(state)
    if g.land_prep is None or all(box_apart(p, p, box) for box in g.land_boxes):
        return False
    return bool(g.land_prep.contains(Point(p)))


def distance_to_land(state: State, p: Vec) -> float:
    g = geometry(state)
    if g.land is None:
        return math.inf
    return float(g.land.distance(Point(p)))


def land_within(state: State, p: Vec, inches: float) -> bool:
    """Whether land lies within ``inches`` of ``p`` (:func:`distance_to_land`
    no more than it); land whose box is further off is not measured."""
    g = geometry(state)
    if g.land is None or all(box_apart(p, p, box, inches) for box in g.land_boxes):
        return False
    return float(g.land.distance(Point(p))) <= inches


def path_near_land(state: State, a: Vec, b: Vec, within: float) -> bool:
    """Whether the path a-b passes within ``within`` inches of land."""
    g = geometry(state)
    if g.land is None:
        return False
    if all(box_apart(a, b, box, within + 1e-9) for box in g.land_boxes):
        return False
    line = LineString([a, b]) if a != b else Point(a)
    return bool(g.land.distance(line) <= within + 1e-9)


def land_blocks(state: State, a: Vec, b: Vec) -> bool:
    """Whether land stands between a and b (islands, banks; an end on land,
    a fort on the shore, does not block)."""
    g = geometry(state)
    if g.land_prep is None or a == b:
        return False
    known = g.sight.get((a, b))
    if known is not None:
        return known
    # a line clear of every piece of land's box meets no land
    near = not all(box_apart(a, b, box) for box in g.land_boxes)
    blocked = near and _land_blocks(g, a, b)
    if len(g.sight) >= _SIGHT_KEPT:
        g.sight.clear()
    g.sight[(a, b)] = blocked
    return blocked


_SIGHT_KEPT: Final = 50_000
"""The most sight-line answers a geometry keeps (then it starts again)."""


def _land_blocks(g: Geometry, a: Vec, b: Vec) -> bool:
    """:func:`land_blocks` worked out with shapely."""
    assert g.land_prep is not None
    line = LineString([a, b])
    if not g.land_prep.intersects(line):
        return False
    inside = line.intersection(g.land)
    parts = getattr(inside, "geoms", [inside])
    return any(
        part.length > 1e-6 and part.distance(Point(a)) > 1e-6 and part.distance(Point(b)) > 1e-6
        for part in parts
    )


def features_crossed(state: State, a: Vec, b: Vec, kinds: tuple[str, ...]) -> list[Feature]:
    """The features of these kinds that the path a-b touches."""
    g = geometry(state)
    near = [f for f in state.features if f.kind in kinds and not box_apart(a, b, g.boxes[f.id])]
    if not near:
        return []
    line = LineString([a, b]) if a != b else Point(a)
    return [f for f in near if g.polygons[f.id].intersects(line)]


def depth_at(state: State, p: Vec, t: Tables) -> float:
    """The water's depth in feet at a point: a shoal's own depth where one
    lies, else the river's; the tide added in a tidal estuary."""
    g = geometry(state)
    depth = float(state.table.depth)
    pt = Point(p)
    for f in state.features:
        if f.kind == "shoal" and f.depth is not None and g.polygons[f.id].contains(pt):
            depth = min(depth, float(f.depth))
    return depth + tide_at(state.table, p, t)


class ShipHull(Hull):
    """A :class:`Hull` that has worked out its bow, middle and stern once,
    as the plain Hull works them out each time they are asked for (the same
    points: it is a Hull in every other way)."""

    __slots__ = ("_bow", "_middle", "_stern", "box", "ranges")
    _bow: Vec
    _middle: Vec
    _stern: Vec
    box: Box  # the keel's bounding box (x0, y0, x1, y1)
    ranges: dict[int, tuple[ShipHull, float]]  # keel_range's, by the other keel

    def __init__(self, pose: Pose, length: float) -> None:
        super().__init__(pose, length)
        bow, stern = pose.point, pose.behind(length)
        object.__setattr__(self, "_bow", bow)
        object.__setattr__(self, "_middle", pose.behind(length / 2))
        object.__setattr__(self, "_stern", stern)
        box = (
            min(bow[0], stern[0]),
            min(bow[1], stern[1]),
            max(bow[0], stern[0]),
            max(bow[1], stern[1]),
        )
        object.__setattr__(self, "box", box)
        object.__setattr__(self, "ranges", {})

    @property
    def bow(self) -> Vec:
        return self._bow

    @property
    def middle(self) -> Vec:
        return self._middle

    @property
    def stern(self) -> Vec:
        return self._stern


_HULLS: Final[dict[tuple[float, float, float, float], ShipHull]] = {}
_HULLS_KEPT: Final = 20_000
"""The most hulls kept by pose (then the store starts again)."""


def hull(ship: Ship) -> ShipHull:
    """The ship's keel from bow to stern (her pose is the smokestack,
    mid-model); worked out once for each pose and length (the same pose,
    the same keel)."""
    key = (ship.x, ship.y, ship.heading, ship.length)
    found = _HULLS.get(key)
    if found is None:
        pose = Pose(ship.x, ship.y, ship.heading).advance(ship.length / 2)
        found = ShipHull(pose, ship.length)
        if len(_HULLS) >= _HULLS_KEPT:
            _HULLS.clear()
        _HULLS[key] = found
    return found


_RANGES_KEPT: Final = 64
"""The most ranges a keel keeps (then it starts again)."""


def keel_range(a: Ship, b: Ship) -> float:
    """The least distance between two ships' keels (``hull(a).range_to(hull(b))``:
    the range of Firing, Visibility and Ramming),
    worked out once for each two keels: a keel is kept by pose (:func:`hull`)
    and never changes, so the same two keels are the same range. The range
    is kept on ``a``'s keel by the other keel's identity, with the other
    keel itself (which keeps it alive, so no other keel can take its id)."""
    ha, hb = hull(a), hull(b)
    found = ha.ranges.get(id(hb))
    if found is not None and found[0] is hb:
        return found[1]
    value = segment_distance(ha.bow, ha.stern, hb.bow, hb.stern)
    if len(ha.ranges) >= _RANGES_KEPT:
        ha.ranges.clear()
    ha.ranges[id(hb)] = (hb, value)
    return value


def rect(cx: float, cy: float, w: float, h: float, heading: float = 0.0) -> list[Vec]:
    """A w by h rectangle centred on (cx, cy), ``h`` along ``heading``."""
    r = math.radians(heading)
    ux, uy = math.sin(r), math.cos(r)  # along
    vx, vy = uy, -ux  # across (to starboard)
    out = []
    for a, c in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
        out.append(
            (
                round(cx + ux * a * h / 2 + vx * c * w / 2, 4),
                round(cy + uy * a * h / 2 + vy * c * w / 2, 4),
            )
        )
    return out
