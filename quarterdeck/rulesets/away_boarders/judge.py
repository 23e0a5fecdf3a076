"""The Away, Boarders! computer player's look-ahead: where each legal move
(3.0-3.3) leaves her, and where two more moves can take her, scored by the
guns bearing on the enemy in their range, a rake, the enemy's fire on the
place, the edges and her friends; with the view helpers the rest of the
player shares (positions, ranges, the hands her yards and sweeps need, the
guns of a battery and whether it bears, 4.2).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders.sailing import legal_moves, move_result, wind_angle
from quarterdeck.rulesets.away_boarders.tables import printed_tables

View = dict[str, Any]
ShipView = dict[str, Any]


def pos_of(s: ShipView) -> pg.Point:
    return (int(s["q"]), int(s["r"]))


def ranges_from(here: pg.Point, ships: list[ShipView]) -> list[int]:
    """Each ship's distance in points from ``here`` (:func:`pg.distance`)."""
    x, y = here
    out = []
    for s in ships:
        dq, dr = int(s["q"]) - x, int(s["r"]) - y
        out.append((abs(dq) + abs(dr) + abs(dq + dr)) // 2)
    return out


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


def _weights_of(s: ShipView) -> Weights:
    """:func:`_weights` of her :func:`_profile`, kept for each armament and
    loading (a bounded cache): the same ship is judged again and again."""
    load = s["load"]
    return _weights_for(
        tuple(str(load.get(b, "round")) for b in ("port", "starboard", "bow")),
        tuple((g["type"], g["side"]) for g in s["guns"] if not g["disabled"]),
    )


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


def _firepower(weights: Weights, p: pg.Point, f: int, q: pg.Point) -> float:
    """The weight of fire of a ship at ``p`` facing ``f`` that bears on and
    reaches ``q`` (4.2; a battery bears as :func:`bears` says)."""
    dq, dr = q[0] - p[0], q[1] - p[1]
    d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    total = 0.0
    if p == q:
        for battery, by_range in weights.items():
            if battery != "bow":
                total += by_range[0] * SHARE[0]
        return total
    rel = -1.0
    for battery, by_range in weights.items():
        if d >= len(by_range):
            continue  # out of every gun's reach: nothing to add
        if battery == "bow":
            if pg.direction_of(p, q) != f:
                continue
        else:
            if rel < 0.0:
                rel = pg.relative_bearing(p, f, q)
            centre = 90.0 if battery == "port" else 270.0
            if abs((rel - centre + 180.0) % 360.0 - 180.0) > 30.0 + 1e-6:
                continue  # outside the arc (as pg.in_arc)
        total += by_range[d] * SHARE[min(d, 8)]
    return total


FireTable = dict[tuple[int, int, int], float]
"""One armament's :func:`_firepower` by the target's offset from the ship
(``q - p``) and the ship's facing."""

_FIRE_TABLES: dict[int, tuple[Weights, FireTable]] = {}
"""The :data:`FireTable` of each weights (by identity: each entry holds its
weights, so the identity is not reused while the entry lives); cleared when
it grows past 1024 armaments."""


def _fire_table(weights: Weights) -> FireTable:
    """The weights' :data:`FireTable`, filled as it is asked. The fire that
    bears and reaches (4.2) is the same wherever on the grid the two points
    lie: the range and the bearings of two points depend only on their
    offset (tests/rulesets/away_boarders/test_ai.py checks it over the
    fields), so a look-ahead asks the grid again and again for the same few
    offsets."""
    hit = _FIRE_TABLES.get(id(weights))
    if hit is None:
        if len(_FIRE_TABLES) >= 1024:
            _FIRE_TABLES.clear()
        hit = _FIRE_TABLES[id(weights)] = (weights, {})
    return hit[1]


_DIRECTIONS: dict[tuple[int, int], int | None] = {}
""":func:`_direction` by offset (those within the longest reach: a few hundred)."""


def _direction(dq: int, dr: int) -> int | None:
    """:func:`pg.direction_of` a point to the point ``(dq, dr)`` from it: the
    same from every point (the offset alone says it, as for :func:`_fire_table`)."""
    found = _DIRECTIONS.get((dq, dr), -1)
    if found == -1:
        found = _DIRECTIONS[(dq, dr)] = pg.direction_of((0, 0), (dq, dr))
    return found


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
        self.mine_table = _fire_table(self.mine)
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
        self.points = [o[0] for o in self.others]
        # their fire tables, in the same order
        self.tables = [_fire_table(o[4]) for o in self.others]
        # each enemy's longest reach, by her point (beyond it her fire there is nothing)
        self.reaches: dict[pg.Point, int] = {}
        for o in self.others:
            far = max((len(w) - 1 for w in o[4].values()), default=-1)
            self.reaches[o[0]] = max(far, self.reaches.get(o[0], -1))
        self.short = int(me["crew_total"]) <= helm_crew(me, self.oars) + 1 and not self.oars
        self.crew = int(me["crew_total"])
        # the facings that lay her in irons, where that costs her (3.1)
        self.irons = (
            frozenset() if self.oars else frozenset(f for f in range(6) if wind_angle(wind, f) == 0)
        )
        # where each move the look-ahead tries takes her, kept for the field,
        # the wind and her means (sails or sweeps) across decisions
        self.onward = _onward_from(grid, wind, self.oars)
        # score and lookahead are pure functions of (point, facing[, depth])
        # for one judge: many move sequences end where others do
        self._scores: dict[tuple[pg.Point, int], float] = {}
        self._ahead: dict[tuple[pg.Point, int, int], float] = {}
        self._at: dict[
            pg.Point, tuple[float, int, list[tuple[pg.Point, pg.Point, bool]], float]
        ] = {}

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
        found: float | None
        if depth == 1:
            scores = self._scores
            for q, g, advance in onward:
                if advance and q in friends:
                    continue
                found = scores.get((q, g))
                if found is None:
                    found = scores[(q, g)] = self._score(q, g)
                if found > best:
                    best = found
        else:
            ahead_of = self._ahead
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
        key = (p, f)
        found = self._scores.get(key)
        if found is None:
            found = self._scores[key] = self._score(p, f)
        return found

    def _score(self, p: pg.Point, f: int) -> float:
        at = self._at.get(p)
        if at is None:
            at = self._at[p] = self._place(p)
        score, d, near, threat = at
        if d < 0:
            return score  # off the field, or no enemy left
        if f in self.irons:
            score -= 3.0  # (the parts of the score before her fire are whole
            # and half points: added in any order they come to the same)
        best = 0.0
        table = self.mine_table
        for q, key, rake in near:
            key_f = (key[0], key[1], f)
            mine = table.get(key_f)
            if mine is None:
                mine = table[key_f] = _firepower(self.mine, p, f, q)
            if mine and rake:
                mine *= 1.4  # a rake
            if mine > best:
                best = mine
        score += best - 0.5 * threat
        if best == 0.0:
            score -= 0.8 * max(0, d - max(1, self.reach - 1))  # get within reach
        return score

    def _place(
        self, p: pg.Point
    ) -> tuple[float, int, list[tuple[pg.Point, pg.Point, bool]], float]:
        """What :meth:`_score` takes from the point alone, whichever way she
        faces: the score of the edges and of the nearest enemy, that
        nearest's range (-1 where the score ends there), the enemies her
        guns may reach from it (each with her offset and whether the point
        lies on her fore-and-aft line) and the enemies' fire on it."""
        grid = self.grid
        if not grid.contains(p):
            return (-1000.0, -1, [], 0.0)
        score = 0.0
        x, y = p
        col = x + y // 2  # pg.column
        edge = min(col, y, grid.width - 1 - col, grid.height - 1 - y)
        if edge == 0:
            score -= 3.0
        if self.short and edge <= 3:
            score -= 4.0 * (4 - edge)  # a crewless ship repeats her last move off the table
        if not self.others:
            return (score, -1, [], 0.0)
        distances = [  # pg.distance
            (abs(a - x) + abs(b - y) + abs(a - x + b - y)) // 2 for a, b in self.points
        ]
        # the nearest, and of the nearest the weakest
        d = min(distances)
        weakest = min(o[2] for o, dist in zip(self.others, distances, strict=True) if dist == d)
        if self.crew >= 4 and self.crew * 2 >= 3 * max(1, int(weakest)):
            # twice her numbers, near enough: run her aboard, foul her and carry her
            score -= d * 1.5
            if d == 0:
                score += 8.0
        elif d == 0:
            score -= 5.0  # a collision may foul us with her
        reach = self.reach
        near = [
            (q, (q[0] - x, q[1] - y), q != p and _direction(x - q[0], y - q[1]) in line)
            for (q, _facing, _crew, line, _theirs), dq in zip(self.others, distances, strict=True)
            if dq <= 9 and dq <= reach  # (beyond her reach her fire there is nothing)
        ]
        # the enemies' fire on the point, whichever way she faces
        threat = 0.0
        reaches = self.reaches
        for (q, facing, _crew, _line, theirs), theirs_table, dq in zip(
            self.others, self.tables, distances, strict=True
        ):
            if dq <= 9 and dq <= reaches[q]:
                key = (x - q[0], y - q[1], facing)
                fire = theirs_table.get(key)
                if fire is None:
                    fire = theirs_table[key] = _firepower(theirs, q, facing, p)
                threat += fire
        return (score, d, near, threat)
