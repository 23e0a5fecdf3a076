"""The Away, Boarders! computer player's look-ahead: where each legal move
(3.0-3.3) leaves her, and where two more moves can take her, scored by the
guns bearing on the enemy in their range, a rake, the enemy's fire on the
place, the edges and her friends; with the view helpers the rest of the
player shares (positions, ranges, the hands her yards and sweeps need, the
guns of a battery and whether it bears, 4.2).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from itertools import filterfalse
from operator import itemgetter
from typing import Any

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders.sailing import legal_moves, move_result, wind_angle
from quarterdeck.rulesets.away_boarders.tables import printed_tables

# a computer player's view and its ship records may be lazy (core.lazyview):
# read as Mapping, so that compiled code calls their own get and __contains__
View = Mapping[str, Any]
ShipView = Mapping[str, Any]


def pos_of(s: ShipView) -> pg.Point:
    return (int(s["q"]), int(s["r"]))


_Q = itemgetter("q")
_R = itemgetter("r")


def ranges_from(here: pg.Point, ships: list[ShipView]) -> list[int]:
    """Each ship's distance in points from ``here`` (:func:`pg.distance`)."""
    x, y = here
    return [
        (abs(q - x) + abs(r - y) + abs(q - x + r - y)) // 2
        for q, r in zip(map(int, map(_Q, ships)), map(int, map(_R, ships)), strict=True)
    ]


def standing_masts(s: ShipView) -> int:
    return sum(1 for m in s["masts"] if any(b < 2 for b in m["boxes"]))


def helm_crew(s: ShipView, oars: bool) -> int:
    """Men at the yards to work her (3.1) or man the sweeps (3.2)."""
    if oars:
        return int(s.get("oar_crew_needed", 1))
    given = int(s.get("yards_crew_needed", -1))
    return given if given >= 0 else standing_masts(s)


def battery_guns(s: ShipView, battery: str) -> list[dict[str, Any]]:
    return [g for g in s["guns"] if g["side"] == battery and not g["disabled"]]


def bears(p: pg.Point, f: int, battery: str, target: pg.Point) -> bool:
    """Whether ``battery`` of a ship at ``p`` facing ``f`` bears on ``target`` (4.2)."""
    if p == target:
        return battery != "bow"
    if battery == "bow":
        return pg.direction_of(p, target) == f
    centre = 90.0 if battery == "port" else 270.0
    return pg.in_arc(p, f, target, centre, 30.0)


@lru_cache(maxsize=256)
def _onward(wind: int, facing: int, oars: bool, open_ahead: bool) -> tuple[tuple[str, bool], ...]:
    """The moves the look-ahead tries (3.1, 3.2): the legal ones but backing
    or resting, each with whether she advances."""
    return tuple(
        (m, m.startswith("advance"))
        for m in legal_moves(wind, facing, oars, 1, open_ahead)
        if m not in ("back", "hold")
    )


@lru_cache(maxsize=1 << 14)
def moved(p: pg.Point, facing: int, move: str) -> tuple[pg.Point, int]:
    """:func:`move_result`, kept (a bounded cache)."""
    return move_result(p, facing, move)


Onward = tuple[tuple[pg.Point, int, bool], ...]
"""Where each move the look-ahead tries takes her (point, facing) and
whether it advances her: none off the field."""

_ONWARD: dict[tuple[pg.Grid, int, bool], dict[tuple[pg.Point, int], Onward]] = {}
""":func:`_successors` by point and facing, for each field, wind and means
of moving (cleared past 64 of them: a game has a few)."""


def _onward_from(grid: pg.Grid, wind: int, oars: bool) -> dict[tuple[pg.Point, int], Onward]:
    """The kept :func:`_successors` on ``grid`` in ``wind``, under oars or sail."""
    key = (grid, wind, oars)
    found = _ONWARD.get(key)
    if found is None:
        if len(_ONWARD) >= 64:
            _ONWARD.clear()
        found = _ONWARD[key] = {}
    return found


def _successors(grid: pg.Grid, wind: int, oars: bool, p: pg.Point, f: int) -> Onward:
    """The moves the look-ahead tries from ``p`` facing ``f`` (:func:`_onward`,
    3.1, 3.2): where each takes her and whether it advances; none off the
    field (there the look-ahead stops)."""
    if not grid.contains(p):
        return ()
    ahead = pg.step(p, f)
    open_ahead = not grid.contains(ahead) or grid.is_open(ahead)
    return tuple(
        (*moved(p, f, move), advance) for move, advance in _onward(wind, f, oars, open_ahead)
    )


SHARE = (1.0, 1.0, 0.85, 0.7, 0.6, 0.5, 0.4, 0.3, 0.25)
"""How a gun's fire falls off with range (0 to 8 points), as the Hit Table's."""

Weights = dict[str, tuple[float, ...]]
"""Each battery's weight of fire that reaches each range (index: range in
points), before it falls off (:data:`SHARE`)."""


_TYPE_AND_SIDE = itemgetter("type", "side")
_DISABLED = itemgetter("disabled")


_ARMED: dict[Any, tuple[Any, tuple[str, str, str], Weights]] = {}
"""Each ship's last weights, with the gun markers (the view's very list) and
loads they were worked out from; cleared when it grows past 4096 ships."""


def _weights_of(s: ShipView) -> Weights:
    """:func:`_weights` of her :func:`_profile`, kept for each armament and
    loading (a bounded cache): the same ship is judged again and again. A
    view that shows a ship's gun markers again (the same list, while her
    guns are the same) is not read gun by gun again."""
    load = s["load"]
    loads = (
        str(load.get("port", "round")),
        str(load.get("starboard", "round")),
        str(load.get("bow", "round")),
    )
    guns = s["guns"]
    kept = _ARMED.get(s["id"])
    if kept is not None and kept[0] is guns and kept[1] == loads:
        return kept[2]  # (the list is held here, so it is the same list)
    weights = _weights_for(
        loads,
        tuple(map(_TYPE_AND_SIDE, filterfalse(_DISABLED, guns))),  # the guns not disabled
    )
    if len(_ARMED) >= 4096:
        _ARMED.clear()
    _ARMED[s["id"]] = (guns, loads, weights)
    return weights


@lru_cache(maxsize=1024)
def _weights_for(loads: tuple[str, ...], guns: tuple[tuple[str, str], ...]) -> Weights:
    ship = {
        "load": dict(zip(("port", "starboard", "bow"), loads, strict=True)),
        "guns": [{"type": kind, "side": side, "disabled": False} for kind, side in guns],
    }
    return _weights(_profile(ship))


def _profile(s: ShipView) -> dict[str, list[tuple[int, float]]]:
    """Each battery's guns as (reach with the battery's load, weight of fire)."""
    t = printed_tables()
    out: dict[str, list[tuple[int, float]]] = {}
    for battery in ("port", "starboard", "bow"):
        ammo = t.ammo.get(str(s["load"].get(battery, "round")))
        guns = []
        for g in battery_guns(s, battery):
            kind = t.guns.types[g["type"]]
            guns.append((ammo.range_for(kind.max_range), 1.0 + math.sqrt(kind.pounds) / 3))
        if guns:
            out[battery] = guns
    return out


def _weights(profile: dict[str, list[tuple[int, float]]]) -> Weights:
    """:func:`_profile` summed once for every range a battery reaches (each
    sum taken over the guns in the same order, so the same sums to the last bit)."""
    return {
        battery: tuple(
            sum(w for reach, w in guns if d <= reach)
            for d in range(max(reach for reach, _w in guns) + 1)
        )
        for battery, guns in profile.items()
    }


Sight = tuple[int, float, dict[str, tuple[int, ...]]]
"""The range to a point, the share of a gun's fire that reaches it
(:data:`SHARE`) and for each battery the facings of a ship from which it
bears on the point (4.2)."""

_SIGHTS: dict[tuple[int, int], Sight] = {}
""":func:`_sight` by the target's offset (those within the longest reach: a
few hundred)."""


def _sight(dq: int, dr: int) -> Sight:
    """The :data:`Sight` of the point ``(dq, dr)`` from a ship at ``(0, 0)``
    (4.2; a battery bears as :func:`bears` says, asked once for each facing):
    the same from every point (the offset alone says it, as for
    :func:`_theirs`)."""
    key = (dq, dr)
    found = _SIGHTS.get(key)
    if found is None:
        d = pg.distance((0, 0), key)
        facings = {
            battery: tuple(f for f in range(6) if bears((0, 0), f, battery, key))
            for battery in ("port", "starboard", "bow")
        }
        found = _SIGHTS[key] = (d, SHARE[min(d, 8)], facings)
    return found


def _firepower(weights: Weights, p: pg.Point, f: int, q: pg.Point) -> float:
    """The weight of fire of a ship at ``p`` facing ``f`` that bears on and
    reaches ``q`` (4.2; a battery bears as :func:`bears` says): that
    facing's of :func:`_row`, kept in :func:`_row_table`."""
    dq, dr = q[0] - p[0], q[1] - p[1]
    rows = _row_table(weights)
    row = rows.get((-dq, -dr))  # kept by the offset of the ship from the target
    if row is None:
        row = rows[-dq, -dr] = _row(weights, dq, dr)
    return row[0][f]


_DIRECTIONS: dict[tuple[int, int], int | None] = {}
""":func:`_direction` by offset (those within the longest reach: a few hundred)."""


def _direction(dq: int, dr: int) -> int | None:
    """:func:`pg.direction_of` a point to the point ``(dq, dr)`` from it: the
    same from every point (the offset alone says it, as for :func:`_theirs`)."""
    found = _DIRECTIONS.get((dq, dr), -1)
    if found == -1:
        found = _DIRECTIONS[(dq, dr)] = pg.direction_of((0, 0), (dq, dr))
    return found


Row = tuple[tuple[float, ...], tuple[float, ...]]
"""One armament's :func:`_firepower` on one offset for each of her six
facings, and the same raked (half as much again where any fire reaches);
kept by the offset of the ship from the target."""

_ROW_TABLES: dict[int, tuple[Weights, dict[tuple[int, int], Row]]] = {}
"""The :data:`Row` of each weights (by identity, as :data:`_THEIRS`);
cleared when it grows past 1024 armaments."""


def _row_table(weights: Weights) -> dict[tuple[int, int], Row]:
    """The weights' rows (:data:`Row`), filled as they are asked (by
    :meth:`Judge._place`: her fire from every facing at once)."""
    hit = _ROW_TABLES.get(id(weights))
    if hit is None:
        if len(_ROW_TABLES) >= 1024:
            _ROW_TABLES.clear()
        hit = _ROW_TABLES[id(weights)] = (weights, {})
    return hit[1]


def _row(weights: Weights, dq: int, dr: int) -> Row:
    """The :data:`Row` of ``weights`` on the offset ``(dq, dr)``: the weight
    of fire that bears on and reaches it (4.2) from each facing, each
    battery's that reaches added, in turn, for the facings from which it
    bears (:func:`_sight`); a rake (4.3) weighs half as much again."""
    d, share, facings = _sight(dq, dr)
    out = [0.0] * 6
    for battery, by_range in weights.items():
        if d < len(by_range):
            fire = by_range[d] * share
            for f in facings[battery]:
                out[f] += fire
    row = tuple(out)
    return row, tuple(v * 1.4 if v else v for v in row)


There = tuple[int, float, int]
"""What lies on a point seen from an enemy: its range from her, her fire on
it (0.0 where it does not reach: beyond 9 points, or beyond the reach of
the fire from her point) and whether it lies on her fore-and-aft line (1, a
rake from there, 4.3) or not (0); by the point's offset from her."""

_THEIRS: dict[tuple[int, int, int], tuple[Weights, dict[tuple[int, int], There]]] = {}
"""The :data:`There` tables of each enemy armament (by identity: each entry
holds its weights), facing and reach of the fire from her point; cleared
when it grows past 4096."""


def _theirs(theirs: Weights, facing: int, far: int) -> dict[tuple[int, int], There]:
    """The kept :data:`There` table of an enemy's armament, facing and the
    reach of the fire from her point (the most of the enemies' there). What
    lies on an offset is the same wherever on the grid the two points lie:
    the range and the bearings of two points depend only on their offset
    (tests/rulesets/away_boarders/test_ai.py checks it over the fields), so
    the look-ahead of each ship of a fleet asks again and again for the same
    few offsets, decision after decision."""
    key = (id(theirs), facing, far)
    found = _THEIRS.get(key)
    if found is None:
        if len(_THEIRS) >= 4096:
            _THEIRS.clear()
        found = _THEIRS[key] = (theirs, {})
    return found[1]


def _there(theirs: Weights, facing: int, far: int, dx: int, dy: int) -> There:
    """:data:`There` on the offset ``(dx, dy)`` from an enemy of ``theirs``
    facing ``facing``, her point's fire reaching ``far``."""
    dq = (abs(dx) + abs(dy) + abs(dx + dy)) // 2  # pg.distance
    fire = 0.0
    if dq <= 9 and dq <= far:
        fire = _firepower(theirs, (0, 0), facing, (dx, dy))
    rake = dq != 0 and _direction(dx, dy) in (facing, (facing + 3) % 6)
    return dq, fire, int(rake)


OFF_FIELD = (-1000.0,) * 6
"""The score of a point off the field, whichever way she faces."""

NO_FIRE = (0.0,) * 6
"""No gun of hers bears on an enemy, whichever way she faces."""


class Judge:
    """Scores where a move leaves a ship (3.0-3.3, 4.2), the others lying still."""

    def __init__(
        self,
        grid: pg.Grid,
        wind: int,
        me: ShipView,
        enemies: list[ShipView],
        friends: set[pg.Point],
    ) -> None:
        self.grid, self.wind, self.me, self.friends = grid, wind, me, friends
        self.oars = me["sail"] == "oars"
        self.mine = _weights_of(me)
        self.mine_rows = _row_table(self.mine)
        # the longest reach of her guns (the last range her weights cover)
        self.reach = max((len(w) - 1 for w in self.mine.values()), default=0)
        here = pos_of(me)
        ranges = ranges_from(here, enemies)  # the nearest 8, the first of equals first
        self.enemies = [enemies[n] for n in sorted(range(len(enemies)), key=ranges.__getitem__)][:8]
        # each enemy as (point, facing, crew, her fore-and-aft line, her weights)
        self.others = [
            (
                pos_of(e),
                int(e["facing"]),
                e["crew_total"],
                (int(e["facing"]), (int(e["facing"]) + 3) % 6),
                _weights_of(e),
            )
            for e in self.enemies
        ]
        # each enemy's longest reach, by her point (beyond it her fire there is nothing)
        reaches: dict[pg.Point, int] = {}
        for o in self.others:
            far = max((len(w) - 1 for w in o[4].values()), default=-1)
            reaches[o[0]] = max(far, reaches.get(o[0], -1))
        # what :meth:`_place` reads of each, in the same order: her point,
        # her crew, her facing, the reach of the fire from her point and what
        # lies on each offset from her (:func:`_theirs`)
        self.foes = [
            (q[0], q[1], crew, theirs, facing, reaches[q], _theirs(theirs, facing, reaches[q]))
            for q, facing, crew, _line, theirs in self.others
        ]
        self.short = int(me["crew_total"]) <= helm_crew(me, self.oars) + 1 and not self.oars
        self.crew = int(me["crew_total"])
        # the facings that lay her in irons, where that costs her (3.1)
        self.irons = tuple(not self.oars and wind_angle(wind, f) == 0 for f in range(6))
        self.in_irons = tuple(f for f in range(6) if self.irons[f])
        # where each move the look-ahead tries takes her, kept for the field,
        # the wind and her means (sails or sweeps) across decisions
        self.onward = _onward_from(grid, wind, self.oars)
        # the score of each point for her six facings, and the look-ahead
        # from each point, facing and depth: many move sequences end where
        # others do
        self._at: dict[pg.Point, tuple[float, ...]] = {}
        self._ahead: dict[tuple[pg.Point, int, int], float] = {}
        # all that the scores depend on (the rest follows from these)
        self.inputs: tuple[Any, ...] = (grid, wind, self.oars, self.short, self.crew)
        self.inputs += (self.mine, self.others, friends)

    def kept(self, before: Judge | None) -> Judge:
        """``before`` where she judged from the same inputs (her own place
        aside: the scores never read it), with the scores it has kept; else
        this judge. A ship that moves again before any enemy or friend has
        moved or changed (a duel's two ships, one with the greater speed)
        judges the same places again."""
        if before is not None and before.inputs == self.inputs:
            return before
        return self

    def lookahead(self, p: pg.Point, f: int, depth: int) -> float:
        """The best score reachable in ``depth`` more moves."""
        key = (p, f, depth)
        found = self._ahead.get(key)
        if found is None:
            found = self._ahead[key] = self._lookahead(p, f, depth)
        return found

    def _lookahead(self, p: pg.Point, f: int, depth: int) -> float:
        if depth == 0:
            return self.score(p, f)
        onward = self.onward.get((p, f))
        if onward is None:
            onward = self.onward[(p, f)] = _successors(self.grid, self.wind, self.oars, p, f)
        best = -1e9
        friends = self.friends
        # the next move's results, looked up here (:meth:`lookahead` one
        # move from the end is :meth:`score`)
        if depth == 1:
            places = self._at
            for q, g, advance in onward:
                if advance and q in friends:
                    continue
                at = places.get(q)
                if at is None:
                    at = places[q] = self._place(q)
                if at[g] > best:
                    best = at[g]
        else:
            ahead_of = self._ahead
            found: float | None
            for q, g, advance in onward:
                if advance and q in friends:
                    continue
                key = (q, g, depth - 1)
                found = ahead_of.get(key)
                if found is None:
                    found = ahead_of[key] = self._lookahead(q, g, depth - 1)
                if found > best:
                    best = found
        return best if best > -1e9 else self.score(p, f)

    def score(self, p: pg.Point, f: int) -> float:
        """How good it is to lie at ``p`` facing ``f``."""
        at = self._at.get(p)
        if at is None:
            at = self._at[p] = self._place(p)
        return at[f]

    def _place(self, p: pg.Point) -> tuple[float, ...]:
        """How good it is to lie at ``p``, for each of her six facings: the
        edges, the nearest enemy (the weakest of the nearest), the best of
        her fire on the enemies in her reach (a rake weighs more), the
        enemies' fire on the point, head to wind (3.1, 4.2)."""
        grid = self.grid
        if not grid.contains(p):
            return OFF_FIELD
        score = 0.0
        x, y = p
        col = x + y // 2  # pg.column
        edge = min(col, y, grid.width - 1 - col, grid.height - 1 - y)
        if edge == 0:
            score -= 3.0
        if self.short and edge <= 3:
            score -= 4.0 * (4 - edge)  # a crewless ship repeats her last move off the table
        if not self.foes:
            return (score,) * 6  # no enemy left
        # one pass over the enemies, nearest first: the nearest's range (and
        # of the nearest the weakest), her fire on each (from every facing: a
        # row), their fire on the point (summed in their order)
        d = -1
        weakest: Any = 0
        threat = 0.0
        rows: list[tuple[float, ...]] = []
        reach = self.reach
        mine = self.mine_rows
        for qx, qy, crew, theirs, facing, far, seen in self.foes:
            offset = (x - qx, y - qy)
            there = seen.get(offset)
            if there is None:
                there = seen[offset] = _there(theirs, facing, far, *offset)
            dq, fire, rake = there
            if d < 0 or dq < d:
                d, weakest = dq, crew
            elif dq == d and crew < weakest:
                weakest = crew
            if dq <= reach and dq <= 9:  # (beyond her reach her fire there is nothing)
                row = mine.get(offset)
                if row is None:
                    row = mine[offset] = _row(self.mine, -offset[0], -offset[1])
                rows.append(row[rake])
            threat += fire  # (0.0 where her fire does not reach the point: the same sum)
        if self.crew >= 4 and self.crew * 2 >= 3 * max(1, int(weakest)):
            # twice her numbers, near enough: run her aboard, foul her and carry her
            score -= d * 1.5
            if d == 0:
                score += 8.0
        elif d == 0:
            score -= 5.0  # a collision may foul us with her
        # the best of her fire, facing by facing
        if not rows:
            best: tuple[float, ...] = NO_FIRE
        elif len(rows) == 1:
            best = rows[0]
        else:
            best = tuple(map(max, *rows))
        half = 0.5 * threat
        closer = 0.8 * max(0, d - max(1, reach - 1))  # to get within reach
        if not any(best):
            # none of her guns bears from any facing: one score for every
            # facing but those head to wind (as the loop below works it out)
            out = [score + (0.0 - half) - closer] * 6
            if self.in_irons:
                lost = (score - 3.0) + (0.0 - half) - closer
                for f in self.in_irons:
                    out[f] = lost
            return tuple(out)
        out = []
        for f, irons in enumerate(self.irons):
            # (the parts of the score before her fire are whole and half
            # points: added in any order they come to the same)
            s = score - 3.0 if irons else score
            fire = best[f]
            s += fire - half
            if fire == 0.0:
                s -= closer
            out.append(s)
        return tuple(out)
