"""The Flotilla computer player's helm: how it weighs where a manoeuvre
leaves her (Movement: Moving and turning).

Every legal manoeuvre the move prompt offers is weighed by each ending its
later turns allow (none, half or the card's full angle either way at the
middle and at the end of the move); each ending is scored as its merit to
the ship's intent for the turn (:meth:`FlotillaAI.intent`) less its
penalties (mines near a leg, the shore, a corner she could not steam out of,
a friend's keel), and the manoeuvre with the best ending is chosen. The
search is a branch and bound that makes the same choice as scoring every
ending: an option is followed to its places only where its :meth:`Helm.cap`
could beat the best so far, a place's headings only where the place's own
bound could (:meth:`Helm.choose`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import cache
from math import atan2, cos, hypot, sin
from typing import Any, Final

import shapely
from shapely.geometry import Polygon

from quarterdeck.core.geometry import (
    DEGREES,
    RADIANS,
    Box,
    Hull,
    Pose,
    astern,
    distance,
    norm_heading,
    point_segment_distance,
    point_segment_xy,
    turned_unit,
)
from quarterdeck.rulesets.flotilla.tables import Tables


def keel_of(s: Mapping[str, Any]) -> Hull:
    return Hull(Pose(float(s["x"]), float(s["y"]), float(s["heading"])), float(s["length"]))


Keel = tuple[tuple[float, float], tuple[float, float]]
"""A keel's bow and stern."""


def keel_ends(s: Mapping[str, Any]) -> Keel:
    """:func:`keel_of`'s bow and stern, the same numbers (:class:`Hull`'s
    points), with no hull made: the range from a point to her keel is
    ``point_segment_distance(p, bow, stern)`` (``Hull.range_to_point``),
    between two keels ``segment_distance`` of both (``Hull.range_to``)."""
    x, y = float(s["x"]), float(s["y"])
    return (x, y), astern(x, y, float(s["heading"]), float(s["length"]))


Land = tuple[tuple[tuple[float, float], ...], ...]


@cache
def _land(land: Land) -> Any:
    """The land as one shapely geometry (None: no land on the table)."""
    return shapely.union_all([Polygon(list(poly)) for poly in land]) if land else None


def land_key(view: Mapping[str, Any]) -> Land:
    """The view's land as tuples: what :func:`land_of` and
    :func:`land_boxes` are worked out from (once a layout)."""
    return tuple(map(_points, view["land"]))


def _points(poly: list[list[float]]) -> tuple[tuple[float, float], ...]:
    """A piece of land's points as pairs (:func:`land_key`)."""
    return tuple([(p[0], p[1]) for p in poly])


def land_of(view: Mapping[str, Any]) -> Any:
    """The view's land as one shapely geometry (None: no land on the table)."""
    return _land(land_key(view))


@cache
def _land_boxes(land: Land) -> list[Box]:
    """Each piece of land's box (least x, least y, most x, most y)."""
    return [
        (
            min(p[0] for p in poly),
            min(p[1] for p in poly),
            max(p[0] for p in poly),
            max(p[1] for p in poly),
        )
        for poly in land
        if poly
    ]


def land_boxes(view: Mapping[str, Any]) -> list[Box]:
    """The boxes of the view's pieces of land: a point is no nearer a piece
    of land than to its box (:func:`box_gap`)."""
    return _land_boxes(land_key(view))


def near_boxes(option: Choice, boxes: list[Box], length: float, ground: float) -> bool:
    """Whether any ending of ``option``, her bow or her stern (``length``
    behind), might come within ``ground`` of the boxes (:meth:`Helm.choose`
    measures the land only then): its places lie within its reach of its
    turning point, each stern her length behind, and :func:`box_gap` grows
    no faster than the point moves (``SLACK`` covers the sums' rounding);
    False: none can."""
    (mx, my), far = option.mid, option.reach + length + ground + 2 * SLACK
    for box in boxes:  # noqa: SIM110 (a loop, no generator: asked for every option)
        if box_gap(mx, my, box) <= far:
            return True
    return False


def box_gap(x: float, y: float, box: Box) -> float:
    """Inches from (x, y) to ``box`` (0 within it)."""
    x0, y0, x1, y1 = box
    dx = x0 - x if x < x0 else (x - x1 if x > x1 else 0.0)
    dy = y0 - y if y < y0 else (y - y1 if y > y1 else 0.0)
    return hypot(dx, dy)


def land_gaps(view: Mapping[str, Any], poses: list[Pose], length: float) -> list[float]:
    """Inches from each pose's bow or stern, whichever is nearer, to land."""
    return gaps_to(land_of(view), poses, length)


def gaps_to(geom: Any, poses: list[Pose], length: float) -> list[float]:
    """:func:`land_gaps` with the land's geometry (``land_of``) at hand."""
    if geom is None or not poses:
        return [math.inf] * len(poses)
    points = [q for pose in poses for q in (pose.point, pose.behind(length))]
    gaps = shapely.distance(geom, shapely.points(points))
    return [float(min(gaps[2 * i], gaps[2 * i + 1])) for i in range(len(poses))]


def shore_reach(plan: dict[str, Any]) -> float:
    """How near the shore an ending may come before the helm counts it
    against her (:meth:`Helm.penalty`; the AI's margin off "Collisions,
    Ramming, and Running Aground"): the plan's grounding distance, half an
    inch less for a ship putting a landing party ashore (she must come
    close)."""
    ground: float = plan["ground"]
    return ground if plan["kind"] != "land" else ground - 0.5


def exit_edge(view: Mapping[str, Any], ship: Mapping[str, Any]) -> str | None:
    """The edge the scenario scores this ship for leaving by, if any."""
    victory = view.get("victory") or {}
    edge = victory.get("exits", {}).get(ship["side"])
    if edge is None:
        return None
    for obj in victory.get("objectives", []):
        if obj["side"] == ship["side"] and obj["what"] == "exit" and ship["id"] in obj["units"]:
            return str(edge)
    return None


def to_edge(view: Mapping[str, Any], edge: str, x: float, y: float) -> float:
    """Inches from (x, y) to the table edge ``edge``."""
    tw, th = view["table"]
    w, h = float(tw), float(th)
    return edge_gap(edge, w, h, x, y)


def edge_gap(edge: str, w: float, h: float, x: float, y: float) -> float:
    """:func:`to_edge` on a table ``w`` by ``h`` inches (read once by a
    caller that measures many places)."""
    if edge == "north":
        return h - y
    if edge == "south":
        return y
    if edge == "east":
        return w - x
    if edge == "west":
        return x
    raise KeyError(edge)


class Helm:
    """The move look-ahead, for :class:`quarterdeck.rulesets.flotilla.ai.FlotillaAI`."""

    tables: Tables
    rng: random.Random

    def penalty(
        self,
        plan: dict[str, Any],
        end: Pose,
        legs: list[tuple[tuple[float, float], tuple[float, float]]],
        shore: float,
    ) -> float:
        """What passing through ``legs`` to ``end`` costs (0 or more, whole
        numbers): mines near a leg, ending near the shore (``shore``: the
        inches from her bow or stern to land, or infinity where she is known
        to end beyond the grounding distance), cornered, a friend within an
        inch."""
        x, y = end.x, end.y
        penalty = 0.0
        mines = plan["mines"]
        if mines:
            # 40 for each mine near each leg; a leg's count is worked out once
            # a decision (the legs of one manoeuvre's endings are shared)
            radius = self.tables.mine.radius + 0.3
            near_legs = plan.get("mine_legs")
            if near_legs is None:
                near_legs = plan["mine_legs"] = {}
            for a, b in legs:
                hits = near_legs.get((a, b))
                if hits is None:
                    far = distance(a, b) + radius
                    hits = 0
                    for mine in mines:
                        if (
                            distance(mine, a) <= far
                            and point_segment_xy(mine[0], mine[1], a[0], a[1], b[0], b[1]) <= radius
                        ):
                            hits += 1
                    near_legs[(a, b)] = hits
                penalty += 40.0 * hits
        if shore <= shore_reach(plan):
            penalty += 25.0
        if self.cornered(plan, end):
            penalty += 20.0
        keels = plan["friends"]  # the friends' keels (bow, stern)
        if keels:
            # 10 for each friend within an inch; counted once for each place
            # (the endings that differ only in the last turn share it)
            crowded = plan.get("crowded")
            if crowded is None:
                crowded = plan["crowded"] = {}
            close = crowded.get((x, y))
            if close is None:
                close = 0
                for bow, stern in keels:
                    if point_segment_xy(x, y, bow[0], bow[1], stern[0], stern[1]) < 1.0:
                        close += 1  # Hull.range_to_point
                crowded[(x, y)] = close
            penalty += 10.0 * close
        return penalty

    def merit(
        self,
        plan: dict[str, Any],
        mid: tuple[float, float],
        end: Pose,
        legs: list[tuple[tuple[float, float], tuple[float, float]]],
    ) -> float:
        """What ending at ``end`` is worth to her intent, before the
        penalties: an ending's score is its merit less its penalty."""
        view = plan["view"]
        x, y = end.x, end.y
        kind = plan["kind"]
        if kind == "exit":
            edge = plan["edge"]
            w, h = self._table(plan)
            aside = (x - w / 2) if edge in ("north", "south") else (y - h / 2)
            return -edge_gap(edge, w, h, x, y) - 0.05 * abs(aside)
        if kind == "land":
            # her middle within boat reach of the shore, close to the fort
            middle = end.behind(float(plan["ship"]["length"]) / 2)
            (ashore,) = land_gaps(view, [Pose(middle[0], middle[1], 0.0)], 0.0)
            reach = self.tables.reach.landing - 0.1
            near = distance(middle, plan["fort"])
            closer = 3 * max(0.0, ashore - reach) + 0.5 * near
            return (10.0 if ashore <= reach else 0.0) - closer
        if kind in ("ram", "spar"):
            bow_at, stern_at, known = self._keel(plan)
            dists: list[float] = []
            for q in (mid, (x, y)):
                dq = known.get(q)
                if dq is None:  # Hull.range_to_point
                    dq = known[q] = point_segment_xy(
                        q[0], q[1], bow_at[0], bow_at[1], stern_at[0], stern_at[1]
                    )
                dists.append(dq)
            reach = self.tables.contact.ram if kind == "ram" else self.tables.spar.range
            bow = min(dists)
            bonus = 30.0 if bow <= reach - 0.05 else 0.0
            return bonus - bow
        if kind == "keep_off":
            gap = self.place(plan, x, y)[0]
            return gap if math.isfinite(gap) else 0.0
        anchored = end.point == legs[0][0] if legs else False
        base, _, toward, forts = self.gun_place(plan, x, y, anchored)
        return gun_merit(base, toward, end.heading, forts)

    def _table(self, plan: dict[str, Any]) -> tuple[float, float]:
        """The table's width and height, read once a decision."""
        table: tuple[float, float] | None = plan.get("table")
        if table is None:
            tw, th = plan["view"]["table"]
            w, h = float(tw), float(th)
            table = plan["table"] = (w, h)
        return table

    def place(self, plan: dict[str, Any], x: float, y: float) -> list[Any]:
        """What keeping her distance at (x, y) depends on, once a place a
        decision: [the range to the nearest target, the nearest (the first
        of equals)] (:meth:`nearest`)."""
        places: dict[tuple[float, float], list[Any]] | None = plan.get("places")
        if places is None:
            places = plan["places"] = {}
        seen: list[Any] | None = places.get((x, y))
        if seen is None:
            seen = places[(x, y)] = list(nearest(plan["targets"], x, y))
        return seen

    def _keel(
        self, plan: dict[str, Any]
    ) -> tuple[tuple[float, float], tuple[float, float], dict[tuple[float, float], float]]:
        """The target's bow and stern, and the distances to her keel known
        so far, once a decision."""
        keel: (
            tuple[tuple[float, float], tuple[float, float], dict[tuple[float, float], float]] | None
        ) = plan.get("keel")
        if keel is None:
            bow, stern = keel_ends(plan["target"])
            keel = plan["keel"] = (bow, stern, {})
        return keel

    def gun_place(self, plan: dict[str, Any], x: float, y: float, anchored: bool) -> GunTerms:
        """Her guns' merit at (x, y) but for the heading, once a place a
        decision: the range's and the anchor's terms summed, the most any
        heading there can be worth (her broadside square to the target: the
        same sums, the bearing's term at its most), the nearest target's
        bearing (None: no target) and each fort's term (under a fort's
        guns)."""
        known: dict[tuple[float, float, bool], Any] | None = plan.get("gun_places")
        if known is None:
            known = plan["gun_places"] = {}
        terms: GunTerms | None = known.get((x, y, anchored))
        if terms is None:
            terms = known[(x, y, anchored)] = self._gun_terms(plan, x, y, anchored)
        return terms

    def _gun_terms(self, plan: dict[str, Any], x: float, y: float, anchored: bool) -> GunTerms:
        """:meth:`gun_place`'s terms worked out (the caller keeps them)."""
        gap, near = nearest(plan["targets"], x, y)
        arcs = plan.get("fort_arcs")
        if arcs is None:  # each fort's place, arc and guns, once a decision
            arcs = plan["fort_arcs"] = [
                (
                    (fort["x"], fort["y"]),
                    Pose(float(fort["x"]), float(fort["y"]), float(fort["facing"])),
                    int(fort["guns"]),
                )
                for fort in plan["forts"]
                # no ships left to fight: a fort to take is the target
                if not (plan["shelling"] and fort["id"] in plan["take"])
            ]
        forts: list[float] = []  # under a fort's guns: each fort's term
        if arcs:
            half_arc = self.tables.fire.land_arc / 2
            for place, arc, guns in arcs:
                d = distance((x, y), place)
                if d < 32.0 and abs(arc.relative_bearing((x, y))) <= half_arc:
                    forts.append((32.0 - d) * 0.05 * guns)
        score = 0.0
        if anchored:
            score -= 3.0  # at anchor: easier to hit, and the captain's morale suffers
        finite = math.isfinite(gap)
        if finite:
            score -= abs(gap - plan["best_range"])
        most = score + 4.0 if finite else score
        for term in forts:
            most -= term
        toward: float | None = None
        if finite and near is not None:  # the nearest target's bearing from here
            tx, ty = near
            toward = atan2(tx - x, ty - y) * DEGREES
        return (score, most, toward, forts)

    def cornered(self, plan: dict[str, Any], end: Pose) -> bool:
        """Whether, ending at ``end``, she could not go on next turn: even her
        slowest speed, with the card's turn at the first of the move or
        straight on, would carry her bow off the table by an edge that is
        not her exit."""
        corner = plan.get("corner")
        if corner is None:  # what does not depend on ``end``, once a decision
            view, ship = plan["view"], plan["ship"]
            tw, th = view["table"]
            w, h = float(tw), float(th)
            slowest = max(0, int(ship["speed"]) - int(ship.get("decrease", 3)))
            first = int(ship["turns"].get("first", 0))
            corner = plan["corner"] = (w, h, slowest / 2, exit_edge(view, ship), {0, first, -first})
        w, h, ahead, exit_to, angles = corner
        if ahead == 0:
            return False
        x, y, heading = end.x, end.y, end.heading
        inside = ahead + SLACK  # her bow goes ``ahead`` inches whichever way
        if inside <= x <= w - inside and inside <= y <= h - inside:
            return False  # on the table, whatever the turn
        for angle in angles:
            # end.turn(angle).advance(ahead), worked as Pose does it
            turned = heading + angle
            r = (turned if 0.0 <= turned < 360.0 else norm_heading(turned)) * RADIANS
            qx, qy = x + sin(r) * ahead, y + cos(r) * ahead
            if 0 <= qx <= w and 0 <= qy <= h:
                return False
            if exit_to is not None:
                beyond = {"north": h - qy, "south": qy, "east": w - qx, "west": qx}[exit_to]
                if beyond < 0:
                    return False
        return True

    def cap(self, plan: dict[str, Any], option: Choice) -> float:
        """The most any ending of ``option`` can score (its merit less a
        penalty never below 0), from its turning point and how far her
        places lie from it (Movement: Moving and turning): an option whose
        cap cannot beat the best so far is not followed to its endings.
        A hair over the sums' own bound (``SLACK``) covers their rounding."""
        kind = plan["kind"]
        (mx, my), reach = option.mid, option.reach
        if kind == "exit":
            # the inches to her edge shrink no faster than she goes
            w, h = self._table(plan)
            return reach - edge_gap(plan["edge"], w, h, mx, my) + SLACK
        if kind in ("ram", "spar"):
            bow_at, stern_at, _ = self._keel(plan)
            within = self.tables.contact.ram if kind == "ram" else self.tables.spar.range
            return contact_cap(point_segment_distance(option.mid, bow_at, stern_at), reach, within)
        if kind not in ("gun", "keep_off"):
            return math.inf  # a landing: no cap worked out
        targets = plan["targets"]
        if not targets:
            return SLACK  # no target: no gain at all
        near = math.inf
        for tx, ty in targets:
            gap = hypot(tx - mx, ty - my)  # distance(mid, t)
            if gap < near:
                near = gap
        if kind == "keep_off":
            return near + reach + SLACK
        return gun_cap(near, reach, plan["best_range"])

    def caps(self, plan: dict[str, Any], options: list[Choice]) -> list[float]:
        """:meth:`cap` of each option, in order; for her guns, a ram, a spar
        or her exit worked here in one loop (the same sums: :func:`gun_cap`
        of the range from each option's turning point to the nearest target,
        worked once for options that turn at one point (the turns at the
        end of her move), :func:`contact_cap` of the range from it to the
        target's keel, her reach less the inches to her edge)."""
        kind = plan["kind"]
        if kind == "exit":
            w, h = self._table(plan)
            edge = plan["edge"]
            return [o.reach - edge_gap(edge, w, h, o.mid[0], o.mid[1]) + SLACK for o in options]
        if kind in ("ram", "spar"):
            bow_at, stern_at, _ = self._keel(plan)
            within = self.tables.contact.ram if kind == "ram" else self.tables.spar.range
            (ax, ay), (bx, by) = bow_at, stern_at
            return [
                contact_cap(point_segment_xy(o.mid[0], o.mid[1], ax, ay, bx, by), o.reach, within)
                for o in options
            ]
        targets = plan["targets"]
        if kind != "gun" or not targets:
            return [self.cap(plan, option) for option in options]
        best: float = plan["best_range"]
        inf = math.inf
        out: list[float] = []
        last, near = None, inf
        for option in options:
            if option.mid != last:
                last = option.mid
                mx, my = last
                near = inf
                for tx, ty in targets:
                    gap = hypot(tx - mx, ty - my)  # distance(mid, t)
                    if gap < near:
                        near = gap
            out.append(gun_cap(near, option.reach, best))
        return out

    def choose(
        self,
        plan: dict[str, Any],
        ship: Mapping[str, Any],
        options: list[Choice],
        default: str,
    ) -> str:
        """The option whose best ending scores highest, with a hundredth of
        a random draw added to each option's best to break ties (the first
        of equals; ``default`` if none beats minus infinity). The land is
        measured only for the endings that are scored in full (their
        penalty).

        An ending's penalty is never negative, so its merit alone bounds its
        score, and an option's :meth:`cap` bounds all its endings': the
        options are followed best cap first, and an option or an ending
        that could not raise its option's best, or beat the best so far, is
        not scored further (the choice is the one that scoring every ending
        in order would make: float addition and subtraction keep order)."""
        draw = self.rng.random
        noise = [draw() * 0.01 for _ in options]  # one draw an option, in order
        view = plan["view"]
        key = land_key(view)  # the land, read once
        land, length = _land(key), float(ship["length"])
        merit, penalty = self.merit, self.penalty
        kind = plan["kind"]
        gun = kind == "gun"
        # the merit of these is the place's alone, whatever her heading
        placed = kind in ("exit", "keep_off", "ram", "spar")
        # the shore counts only within this (Helm.penalty): the land is
        # measured only for an ending whose bow or stern comes that near a
        # piece of land's box
        ground = shore_reach(plan)
        boxes = _land_boxes(key) if land is not None else []
        caps = self.caps(plan, options)
        units: Units = {}  # Choice.fans'
        gun_known: dict[tuple[float, float, bool], Any] = {}
        if gun:  # Helm.gun_place's answers so far
            gun_known = plan.setdefault("gun_places", {})
        best_at, best_score = -1, -math.inf
        # best cap first, equal caps in order (the sort is stable, reversed too)
        for i in sorted(range(len(options)), key=caps.__getitem__, reverse=True):
            option, extra = options[i], noise[i]
            value = caps[i] + extra
            if value < best_score or (value == best_score and i > best_at):
                continue  # not one of its endings can win
            top = -math.inf
            ashore = bool(boxes) and near_boxes(option, boxes, length, ground)
            for x, y, heading, lg, turns in option.fans(units):
                base, most, toward = 0.0, 0.0, None
                forts: list[float] = []
                if gun:
                    anchored = (x, y) == lg[0][0] if lg else False
                    terms = gun_known.get((x, y, anchored))  # gun_place's, once a place
                    if terms is None:
                        terms = gun_known[(x, y, anchored)] = self._gun_terms(plan, x, y, anchored)
                    base, most, toward, forts = terms
                    if (
                        most <= top
                        or most + extra < best_score
                        or (most + extra == best_score and i > best_at)
                    ):
                        continue  # no heading here can do better
                headings = [heading]
                if turns is not None:  # each end turn: norm_heading(heading + a)
                    headings = []
                    for a in turns:
                        h = heading + a
                        headings.append(h if 0.0 <= h < 360.0 else norm_heading(h))
                if placed:
                    most = merit(plan, option.mid, Pose(x, y, headings[0]), lg)
                    if (
                        most <= top
                        or most + extra < best_score
                        or (most + extra == best_score and i > best_at)
                    ):
                        continue  # no heading here can do better
                for h in headings:
                    p: Pose | None = None
                    if gun:
                        bound = gun_merit(base, toward, h, forts)
                    elif placed:
                        bound = most
                    else:
                        p = Pose(x, y, h)
                        bound = merit(plan, option.mid, p, lg)
                    if (
                        bound <= top
                        or bound + extra < best_score
                        or (bound + extra == best_score and i > best_at)
                    ):
                        continue
                    if p is None:  # made only for an ending scored in full
                        p = Pose(x, y, h)
                    shore = math.inf
                    if ashore:
                        stern = astern(x, y, h, length)  # p.behind(length)
                        for box in boxes:
                            if (
                                box_gap(x, y, box) <= ground + SLACK
                                or box_gap(stern[0], stern[1], box) <= ground + SLACK
                            ):
                                shore = gaps_to(land, [p], length)[0]
                                break
                    score = bound - penalty(plan, p, lg, shore)
                    if score > top:
                        top = score
            top += extra
            if top > best_score or (top == best_score and top > -math.inf and i < best_at):
                best_at, best_score = i, top
        return default if best_at < 0 else options[best_at].option_id


# how far a cap is set above its sums (their rounding is far smaller)
SLACK: Final = 1e-6

Legs = list[tuple[tuple[float, float], tuple[float, float]]]
# a place a move may end at before its last turn: x, y, the heading there,
# the legs that lead there and the last turns (None: no turn to make)
Fan = tuple[float, float, float, Legs, tuple[int, ...] | None]
# Helm.gun_place's answer: the range's and anchor's terms, the most a heading
# there can be worth, the nearest target's bearing and each fort's term
GunTerms = tuple[float, float, float | None, list[float]]
# a turn's heading and unit vector (turned_unit), by the heading turned from and the turn
Units = dict[tuple[float, int], tuple[float, float, float]]


def nearest(
    targets: list[tuple[float, float]], x: float, y: float
) -> tuple[float, tuple[float, float] | None]:
    """The range from (x, y) to the nearest of ``targets`` and that target
    (the first of equals; infinity and None: no target)."""
    gap, near = math.inf, None
    for target in targets:
        g = hypot(target[0] - x, target[1] - y)  # distance((x, y), t)
        if g < gap or near is None:  # the first of equals (min() and index())
            gap, near = g, target
    return gap, near


def contact_cap(keel: float, reach: float, within: float) -> float:
    """:meth:`Helm.cap` for a ram or a spar: her turning point lies
    ``keel`` inches from the target's keel and her places within
    ``reach`` of it, so her bow ends no nearer than ``lo``; the bonus for
    coming ``within`` reach counts if ``lo`` might."""
    lo = max(0.0, keel - reach)
    return (30.0 if lo - SLACK <= within - 0.05 else 0.0) - lo + SLACK


def gun_cap(near: float, reach: float, best: float) -> float:
    """:meth:`Helm.cap` for her guns: the range to the nearest target from
    the turning point is ``near`` and her places lie within ``reach`` of
    it, so the range she ends at is off her best (``best``) by at least
    ``off``; the bearing's term is 4 at most."""
    off = max(0.0, near - reach - best, best - near - reach)
    return 4.0 - off + SLACK


def gun_merit(base: float, toward: float | None, heading: float, forts: list[float]) -> float:
    """:meth:`Helm.merit` for her guns: ``base`` (the range's and the
    anchor's terms), the bearing's term at ``heading`` (``toward``: the
    nearest target's bearing; None: no target) and each fort's term, summed
    in that order."""
    score = base
    if toward is not None:
        rel = (toward - heading + 540) % 360 - 180
        score += 4.0 - abs(abs(rel) - 90) / 22.5
    for term in forts:
        score -= term
    return score


class Choice:
    """One option of a move or turn prompt as the helm follows it: where her
    move turns (``mid``, her heading there ``heading``; ``reach``: the most
    inches any place it may end at lies from there), and how to reach its
    places: from ``mid`` each turn of ``middles`` then ``half`` inches
    ahead, or ``mid`` itself (``middles`` None); ``start`` the point her
    move began (None: no leg to it); at each place the turns ``ends``
    (None: none)."""

    __slots__ = ("ends", "half", "heading", "mid", "middles", "option_id", "reach", "start")

    def __init__(
        self,
        option_id: str,
        x: float,
        y: float,
        heading: float,
        start: tuple[float, float] | None,
        ends: tuple[int, ...] | None = None,
        middles: tuple[int, ...] | None = None,
        half: float = 0.0,
    ) -> None:
        self.option_id = option_id
        self.mid = (x, y)
        self.heading = heading
        self.start = start
        self.ends = ends
        self.middles = middles
        self.half = half
        self.reach = half if middles else 0.0

    def fans(self, units: Units | None = None) -> list[Fan]:
        """Each place she may end at, with the legs that lead there;
        ``units``: the headings and unit vectors of the middle turns
        already worked out (:func:`~quarterdeck.core.geometry.turned_unit`,
        by heading and turn; the options of one prompt share them; a
        heading of zero is not looked up, as 0.0 and -0.0 are one key)."""
        mid, heading = self.mid, self.heading
        x, y = mid
        if self.start is None:
            return [(x, y, heading, [], self.ends)]
        first = (self.start, mid)
        if self.middles is None:
            return [(x, y, heading, [first], self.ends)]
        out: list[Fan] = []
        half, ends = self.half, self.ends
        if units is None or heading == 0.0:
            units = {}
        for a in self.middles:
            # mid.turn(a).advance(half): turn_ahead's sums, the unit vector once
            unit = units.get((heading, a))
            if unit is None:
                unit = units[(heading, a)] = turned_unit(heading, a)
            qh, ux, uy = unit
            qx, qy = x + ux * half, y + uy * half
            out.append((qx, qy, qh, [first, (mid, (qx, qy))], ends))
        return out


def turn_angles(ship: Mapping[str, Any], point: str) -> tuple[int, ...]:
    """None, or the card's full angle either way, at ``point`` of the move."""
    limit = int(ship["turns"].get(point, 0))
    return tuple(sorted({0, limit, -limit}))
