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
from operator import itemgetter
from typing import Any, Final

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders.sailing import legal_moves, move_result, wind_angle
from quarterdeck.rulesets.away_boarders.tables import printed_tables

# a computer player's view and its ship records may be lazy (core.lazyview):
# read as Mapping, so that compiled code calls their own get and __contains__
View = Mapping[str, Any]
ShipView = Mapping[str, Any]


def pos_of(s: ShipView) -> pg.Point:
    # (the view's numbers are ints: read as typed, not through int(), which
    # the build calls generically and the interpreter as a call)
    q: int = s["q"]
    r: int = s["r"]
    return (q, r)


_QR: Final = itemgetter("q", "r")


def ranges_from(here: pg.Point, ships: list[ShipView]) -> list[int]:
    """Each ship's distance in points from ``here`` (:func:`pg.distance`)."""
    x, y = here
    return [(abs(q - x) + abs(r - y) + abs(q - x + r - y)) // 2 for q, r in map(_QR, ships)]


def standing_masts(s: ShipView) -> int:
    return sum(1 for m in s["masts"] if any(b < 2 for b in m["boxes"]))


def helm_crew(s: ShipView, oars: bool) -> int:
    """Men at the yards to work her (3.1) or man the sweeps (3.2)."""
    if oars:
        needed: int = s.get("oar_crew_needed", 1)
        return needed
    given: int = s.get("yards_crew_needed", -1)
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


Place = tuple[pg.Point, int]
"""Where a ship lies: her point and facing."""

Onward = tuple[tuple[pg.Point, int, bool, Place], ...]
"""Where each move the look-ahead tries takes her (point, facing), whether
it advances her, and the two as one :data:`Place`: none off the field."""


class _Onward(dict[Place, Onward]):
    """:func:`_successors` by :data:`Place` on one field, in one wind, under
    oars or sail, worked out when first asked (``onward[place]``)."""

    __slots__ = ("grid", "oars", "wind")

    def __init__(self, grid: pg.Grid, wind: int, oars: bool) -> None:
        super().__init__()
        self.grid, self.wind, self.oars = grid, wind, oars

    def __missing__(self, place: Place) -> Onward:
        found = self[place] = _successors(self.grid, self.wind, self.oars, *place)
        return found


_ONWARD: Final[dict[tuple[pg.Grid, int, bool], _Onward]] = {}
"""The :class:`_Onward` of each field, wind and means of moving (cleared
past 64 of them: a game has a few)."""


def _onward_from(grid: pg.Grid, wind: int, oars: bool) -> _Onward:
    """The kept :func:`_successors` on ``grid`` in ``wind``, under oars or sail."""
    key = (grid, wind, oars)
    found = _ONWARD.get(key)
    if found is None:
        if len(_ONWARD) >= 64:
            _ONWARD.clear()
        found = _ONWARD[key] = _Onward(grid, wind, oars)
    return found


Reach = tuple[tuple[pg.Point, tuple[int, ...]], ...]
"""Where two moves take her (each point once, with the facings she may lie
at there): the places the look-ahead two moves on scores where no friend
stands in the way, a second move from which no move is tried scored itself
(:meth:`Judge._two`)."""


class _Plans(dict[Place, Reach]):
    """The :data:`Reach` of each place, from one :class:`_Onward` (the moves
    two deep, kept as one table for the look-ahead two moves on), worked
    out when first asked."""

    __slots__ = ("onward",)

    def __init__(self, onward: _Onward) -> None:
        super().__init__()
        self.onward = onward

    def __missing__(self, place: Place) -> Reach:
        onward = self.onward
        facings: dict[pg.Point, list[int]] = {}
        for q, g, _advance, there in onward[place]:
            for t, h in [(t, h) for t, h, _a, _there in onward[there]] or [(q, g)]:
                seen = facings.setdefault(t, [])
                if h not in seen:
                    seen.append(h)
        found = self[place] = tuple([(t, tuple(hs)) for t, hs in facings.items()])
        return found


_PLANS: Final[dict[tuple[pg.Grid, int, bool], _Plans]] = {}
"""The :class:`_Plans` of each field, wind and means of moving (cleared
past 64 of them, as :data:`_ONWARD`)."""


def _plans_from(grid: pg.Grid, wind: int, oars: bool) -> _Plans:
    """The kept :class:`_Plans` on ``grid`` in ``wind``, under oars or sail."""
    key = (grid, wind, oars)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) >= 64:
            _PLANS.clear()
        found = _PLANS[key] = _Plans(_onward_from(grid, wind, oars))
    return found


def _successors(grid: pg.Grid, wind: int, oars: bool, p: pg.Point, f: int) -> Onward:
    """The moves the look-ahead tries from ``p`` facing ``f`` (:func:`_onward`,
    3.1, 3.2): where each takes her and whether it advances; none off the
    field (there the look-ahead stops)."""
    if not grid.contains(p):
        return ()
    ahead = pg.step(p, f)
    open_ahead = not grid.contains(ahead) or grid.is_open(ahead)
    out = []
    for move, advance in _onward(wind, f, oars, open_ahead):
        q, g = there = moved(p, f, move)
        out.append((q, g, advance, there))
    return tuple(out)


SHARE: Final[tuple[float, ...]] = (1.0, 1.0, 0.85, 0.7, 0.6, 0.5, 0.4, 0.3, 0.25)
"""How a gun's fire falls off with range (0 to 8 points), as the Hit Table's."""

Weights = dict[str, tuple[float, ...]]
"""Each battery's weight of fire that reaches each range (index: range in
points), before it falls off (:data:`SHARE`)."""


_ARMED: Final[dict[Any, tuple[Any, tuple[str, str, str], Weights]]] = {}
"""Each ship's last weights, with the gun markers (the view's very list) and
loads they were worked out from; cleared when it grows past 4096 ships."""


def _weights_of(s: ShipView) -> Weights:
    """:func:`_weights_for` her guns and loads, kept for each armament and
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
    name = s["id"]
    kept = _ARMED.get(name)
    if kept is not None and kept[1] == loads:
        if kept[0] is guns:
            return kept[2]  # (the list is held here, so it is the same list)
        if _same_arms(guns, kept[0]):
            _ARMED[name] = (guns, loads, kept[2])
            return kept[2]
    armed = []  # (type, battery) of each gun not disabled
    for g in guns:  # (a loop: the build reads a map of a filter generically)
        if not g["disabled"]:
            armed.append((g["type"], g["side"]))
    weights = _weights_for(loads, tuple(armed))
    if len(_ARMED) >= 4096:
        _ARMED.clear()
    _ARMED[name] = (guns, loads, weights)
    return weights


def _same_arms(guns: list[Any], was: list[Any]) -> bool:
    """Whether the gun markers ``guns`` show, gun by gun, the types, the
    batteries and the guns disabled that ``was`` showed (then her weights
    are the same: a shot or a load changes only whether a gun is loaded or
    fired). A marker shown again is the very dict (the view keeps them), so
    only the markers not the same are read."""
    if len(guns) != len(was):
        return False
    for i in range(len(guns)):  # (by index: the build makes no iterators)
        g = guns[i]
        w = was[i]
        if g is not w and (
            g["disabled"] != w["disabled"] or g["type"] != w["type"] or g["side"] != w["side"]
        ):
            return False
    return True


@lru_cache(maxsize=1024)
def _weights_for(loads: tuple[str, ...], guns: tuple[tuple[str, str], ...]) -> Weights:
    """The :data:`Weights` of the guns not disabled, each as (type, battery),
    with each battery's load (port, starboard, bow): each battery that has
    guns, in that order (:func:`_battery_weights`)."""
    out: Weights = {}
    for battery, load in zip(("port", "starboard", "bow"), loads, strict=True):
        kinds = tuple([kind for kind, side in guns if side == battery])
        if kinds:
            out[battery] = _battery_weights(load, kinds)
    return out


@lru_cache(maxsize=1024)
def _battery_weights(load: str, kinds: tuple[str, ...]) -> tuple[float, ...]:
    """One battery's weight of fire that reaches each range (4.2), its guns
    of the types ``kinds`` (in the battery's order) loaded with ``load``:
    each gun's reach with the load and weight of fire, summed once for
    every range the battery reaches (each sum taken over the guns in the
    same order, so the same sums to the last bit)."""
    t = printed_tables()
    ammo = t.ammo.get(load)
    guns = []
    for kind_name in kinds:
        kind = t.guns.types[kind_name]
        guns.append((ammo.range_for(kind.max_range), 1.0 + math.sqrt(kind.pounds) / 3))
    return tuple(
        sum(w for reach, w in guns if d <= reach)
        for d in range(max(reach for reach, _w in guns) + 1)
    )


Sight = tuple[int, float, dict[str, tuple[int, ...]]]
"""The range to a point, the share of a gun's fire that reaches it
(:data:`SHARE`) and for each battery the facings of a ship from which it
bears on the point (4.2)."""

_SIGHTS: Final[dict[tuple[int, int], Sight]] = {}
""":func:`_sight` by the target's offset (those within the longest reach: a
few hundred)."""


def _sight(dq: int, dr: int) -> Sight:
    """The :data:`Sight` of the point ``(dq, dr)`` from a ship at ``(0, 0)``
    (4.2; a battery bears as :func:`bears` says for each facing, here
    reckoned from one bearing of the point: tests/rulesets/away_boarders/
    test_ai.py holds it to :func:`bears`): the same from every point (the
    offset alone says it, as for :func:`_direction`)."""
    key = (dq, dr)
    found = _SIGHTS.get(key)
    if found is None:
        d = pg.distance((0, 0), key)
        port: list[int] = []
        starboard: list[int] = []
        bow: list[int] = []
        if key == (0, 0):
            port = starboard = list(range(6))  # (alongside: :func:`bears`)
        else:
            deg = pg.bearing((0, 0), key)
            ahead = pg.direction_of((0, 0), key)
            for f in range(6):
                rel = pg.relative_to(deg, f)
                if pg.within(rel, 90.0, 30.0):
                    port.append(f)
                if pg.within(rel, 270.0, 30.0):
                    starboard.append(f)
                if ahead == f:
                    bow.append(f)
        facings = {"port": tuple(port), "starboard": tuple(starboard), "bow": tuple(bow)}
        found = _SIGHTS[key] = (d, SHARE[min(d, 8)], facings)
    return found


def _firepower(weights: Weights, p: pg.Point, f: int, q: pg.Point) -> float:
    """The weight of fire of a ship at ``p`` facing ``f`` that bears on and
    reaches ``q`` (4.2; a battery bears as :func:`bears` says): that
    facing's of :func:`_row`, kept in :func:`_row_table` (by the offset of
    the ship from the target)."""
    return _row_table(weights).row(p[0] - q[0], p[1] - q[1])[0][f]


class _Directions(dict[tuple[int, int], int | None]):
    """:func:`pg.direction_of` a point to the point ``(dq, dr)`` from it, by
    ``(dq, dr)``, worked out when first asked (``_DIRECTIONS[dq, dr]``): the
    same from every point (the offset alone says it)."""

    __slots__ = ()

    def __missing__(self, key: tuple[int, int]) -> int | None:
        found = self[key] = pg.direction_of((0, 0), key)
        return found


_DIRECTIONS: Final = _Directions()
"""The directions asked (those within the longest reach: a few hundred)."""


def _direction(dq: int, dr: int) -> int | None:
    """:func:`pg.direction_of` a point to the point ``(dq, dr)`` from it (kept
    in :data:`_DIRECTIONS`)."""
    return _DIRECTIONS[dq, dr]


Row = tuple[tuple[float, ...], tuple[float, ...], int]
"""One armament's :func:`_firepower` on one offset for each of her six
facings, the same raked (half as much again where any fire reaches), and
the direction of the ship from the target (:func:`_direction`, -1 where
none: a rake where it lies on the target's fore-and-aft line, 4.3); kept by
the offset of the ship from the target."""


ROW_RADIUS: Final = 9
"""The farthest range at which the look-ahead counts fire (:meth:`Judge._place`),
and so the farthest offset (points, along either axis) a row table keeps by
place: within 9 points neither axis of the offset exceeds 9."""

_ROW_SPAN: Final = 2 * ROW_RADIUS + 1

_ROW_CENTRE: Final = ROW_RADIUS * _ROW_SPAN + ROW_RADIUS
"""The place of the offset (0, 0) (:func:`row_index`)."""

ROW_LAST: Final = _ROW_SPAN * _ROW_SPAN - 1
"""The last place in a row table (that of the offset (9, 9))."""


def row_index(dq: int, dr: int) -> int:
    """The place of the offset ``(dq, dr)`` (each within :data:`ROW_RADIUS`)
    in a :class:`_Rows` table's ``rows``; the opposite offset's is
    ``ROW_LAST - row_index(dq, dr)``."""
    return dq * _ROW_SPAN + dr + _ROW_CENTRE


class _Rows:
    """One armament's :data:`Row` by the offset of the ship from the target
    (``rows[row_index(offset)]``, None until first asked: then worked out,
    :meth:`fill`); with the armament's longest reach (the last range its
    weights cover, -1 for none). A list by place, not a dict: the look-ahead
    reads a row for every point it weighs, and a place is found with no key
    made or hashed."""

    __slots__ = ("reach", "rows", "weights")

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self.reach = max((len(w) - 1 for w in weights.values()), default=-1)
        self.rows: list[Row | None] = [None] * (ROW_LAST + 1)

    def fill(self, i: int) -> Row:
        """The row at place ``i`` (:func:`row_index`), worked out and kept."""
        dq, dr = i // _ROW_SPAN - ROW_RADIUS, i % _ROW_SPAN - ROW_RADIUS
        found = self.rows[i] = _row(self.weights, -dq, -dr)
        return found

    def row(self, dq: int, dr: int) -> Row:
        """The row of the offset ``(dq, dr)`` of the ship from the target
        (kept within :data:`ROW_RADIUS`, worked out each time beyond)."""
        if -ROW_RADIUS <= dq <= ROW_RADIUS and -ROW_RADIUS <= dr <= ROW_RADIUS:
            i = row_index(dq, dr)
            found = self.rows[i]
            return found if found is not None else self.fill(i)
        return _row(self.weights, -dq, -dr)


_ROW_TABLES: Final[dict[int, _Rows]] = {}
"""The :data:`Row` table of each weights (by identity: each table holds its
weights); cleared when it grows past :data:`_ROW_TABLES_KEPT` armaments."""

_ROW_TABLES_KEPT: Final = 512
"""(A Valcour game meets about 90 armaments, some thirty of them new after
the first game; each table has a place for each of 361 offsets, some fifty
of them filled.)"""


def _row_table(weights: Weights) -> _Rows:
    """The weights' rows (:data:`Row`), filled as they are asked (by
    :meth:`Judge._place`: her fire from every facing at once, and the
    enemies' on the point)."""
    found = _ROW_TABLES.get(id(weights))
    if found is None:
        if len(_ROW_TABLES) >= _ROW_TABLES_KEPT:
            _ROW_TABLES.clear()
        found = _ROW_TABLES[id(weights)] = _Rows(weights)
    return found


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
    direction = _DIRECTIONS[-dq, -dr]
    return row, tuple([v * 1.4 if v else v for v in row]), -1 if direction is None else direction


OFF_FIELD: Final[tuple[float, ...]] = (-1000.0,) * 6
"""The score of a point off the field, whichever way she faces."""

NO_FIRE: Final[tuple[float, ...]] = (0.0,) * 6
"""No gun of hers bears on an enemy, whichever way she faces."""


@lru_cache(maxsize=64)
def _in_irons(wind: int, oars: bool) -> tuple[int, ...]:
    """The facings that lay her head to wind, where that costs her: under
    sail (3.1), not under oars (3.2)."""
    return tuple(f for f in range(6) if not oars and wind_angle(wind, f) == 0)


Inputs = tuple[Any, ...]
"""All that a :class:`Judge`'s scores depend on (:func:`judge_inputs`)."""


def judge_inputs(
    grid: pg.Grid,
    wind: int,
    me: ShipView,
    enemies: list[ShipView],
    friends: set[pg.Point],
) -> Inputs:
    """What a :class:`Judge` scores from (the rest follows from these): the
    field, the wind, whether she is under oars (3.2), short-handed (3.1),
    her crew and weights of fire (4.2), the nearest 8 enemies (the first of
    equals first) each as (point, facing, crew, weights), and her friends'
    points. Her own place is not among them: the scores never read it."""
    oars = me["sail"] == "oars"
    crew: int = me["crew_total"]
    short = not oars and crew <= helm_crew(me, oars) + 1
    nearest = enemies  # a duel's one enemy (or none) is the nearest
    if len(enemies) > 1:
        ranges = ranges_from(pos_of(me), enemies)  # the nearest 8, the first of equals first
        nearest = [enemies[n] for n in sorted(range(len(enemies)), key=ranges.__getitem__)][:8]
    others = [(pos_of(e), e["facing"], e["crew_total"], _weights_of(e)) for e in nearest]
    return (grid, wind, oars, short, crew, _weights_of(me), others, friends)


def judge_for(
    grid: pg.Grid,
    wind: int,
    me: ShipView,
    enemies: list[ShipView],
    friends: set[pg.Point],
    before: Judge | None,
) -> Judge:
    """A :class:`Judge` of ``me`` among ``enemies`` and ``friends``:
    ``before`` where it judged from the same :func:`judge_inputs`, with the
    scores it has kept (a ship that moves again before any enemy or friend
    has moved or changed, a duel's two ships one with the greater speed,
    judges the same places again), else a new one.

    (Stop 27 also kept a duel's judges across decisions and games, found
    again by their very inputs: a sixth of them recurred, but holding a
    thousand judges' tables cost more time than it saved, the instructions
    the same (likely in the collector's scans and the memory they fill):
    about 7-10% of a long compiled Champlain run, docs/speed.md.)"""
    inputs = judge_inputs(grid, wind, me, enemies, friends)
    if before is not None and before.inputs == inputs:
        return before
    return Judge(inputs)


Foe = tuple[int, int, int, bool, int, int, int, int, "_Rows"]
"""What :meth:`Judge._place` reads of an enemy (:meth:`Judge.__init__`)."""


class Judge:
    """Scores where a move leaves a ship (3.0-3.3, 4.2), the others lying still.

    (Its tables are typed whole, not read through :data:`Inputs`' ``Any``:
    the compiled build, scripts/compile, keeps them as native ints, floats
    and tuples.)"""

    inputs: Inputs
    grid: pg.Grid
    wind: int
    oars: bool
    short: bool
    crew: int
    mine: Weights
    others: list[tuple[pg.Point, int, int, Weights]]
    friends: set[pg.Point]
    mine_rows: _Rows
    reach: int
    last_col: int
    last_row: int
    reach9: int
    closing: int
    boarders: bool
    foes: list[Foe]
    in_irons: tuple[int, ...]
    onward: _Onward
    plans: _Plans
    _at: dict[pg.Point, tuple[float, ...]]
    _ahead: dict[int, dict[Place, float]]

    def __init__(self, inputs: Inputs) -> None:
        """The judge of :func:`judge_inputs`' ``inputs`` (a ship, the field,
        the wind, the enemies and friends as her look-ahead reads them)."""
        grid, wind, oars, short, crew, mine, others, friends = inputs
        self.inputs = inputs
        self.grid, self.wind, self.oars, self.short, self.crew = grid, wind, oars, short, crew
        self.mine, self.others, self.friends = mine, others, friends
        self.mine_rows = _row_table(mine)
        # the longest reach of her guns (the last range her weights cover)
        self.reach = reach = max(0, self.mine_rows.reach)
        # what :meth:`_place` reads of her: the last column and row of the
        # field, her reach (9 at most: her fire beyond it is not counted),
        # the range from which she closes (and whether she may carry an
        # enemy of so many men by boarding: :meth:`_place`)
        self.last_col, self.last_row = grid.width - 1, grid.height - 1
        self.reach9 = min(ROW_RADIUS, reach)
        self.closing = max(1, reach - 1)
        self.boarders = crew >= 4
        # each enemy's longest reach, by her point (beyond it her fire there is nothing)
        reaches: dict[pg.Point, int] = {}
        for q, _f, _c, theirs in others:
            reaches[q] = max(_row_table(theirs).reach, reaches.get(q, -1))
        # what :meth:`_place` reads of each, in the same order: her point,
        # her crew and whether she may carry her by boarding (twice her
        # numbers: :meth:`_place`), the range within which her fire or the
        # enemy's reaches, the reach of the fire from her point (9 at most),
        # her facing, the direction astern (her fore-and-aft line: a rake
        # from there, 4.3) and her rows (:func:`_row_table`)
        self.foes = [
            (
                q[0],
                q[1],
                crew_e,
                self.boarders and crew * 2 >= 3 * max(1, int(crew_e)),
                min(ROW_RADIUS, max(reaches[q], reach)),
                min(ROW_RADIUS, reaches[q]),
                facing,
                (facing + 3) % 6,
                _row_table(theirs),
            )
            for q, facing, crew_e, theirs in others
        ]
        # the facings that lay her in irons, where that costs her (3.1)
        self.in_irons = _in_irons(wind, oars)
        # where each move the look-ahead tries takes her, kept for the field,
        # the wind and her means (sails or sweeps) across decisions
        self.onward = _onward_from(grid, wind, oars)
        self.plans = _plans_from(grid, wind, oars)
        # the score of each point for her six facings, and the look-ahead
        # from each point, facing and depth: many move sequences end where
        # others do
        self._at = {}
        self._ahead = {}  # by depth

    def lookahead(self, p: pg.Point, f: int, depth: int) -> float:
        """The best score reachable in ``depth`` more moves."""
        if depth <= 0:
            return self.score(p, f)
        kept = self._ahead.get(depth)
        if kept is None:
            kept = self._ahead[depth] = {}
        place = (p, f)
        found = kept.get(place)
        if found is None:
            if depth == 2 and not self.friends:
                found = kept[place] = self._two(place)
            else:
                found = kept[place] = self._lookahead(place, depth)
        return found

    def option(self, p: pg.Point, f: int) -> tuple[float, float]:
        """:meth:`score` and :meth:`lookahead` two moves on of lying at
        ``p`` facing ``f`` (a move the player weighs, 3.0), each kept as
        they keep it."""
        return self.score(p, f), self.lookahead(p, f, 2)

    def _two(self, place: Place) -> float:
        """:meth:`lookahead` two moves on from ``place`` where she has no
        friend (none stands in the way of a move, a duel): the best score of
        the places two moves reach (its :data:`Reach`, each point's scores
        looked up once), as :meth:`_lookahead` finds it move by move."""
        places = self._at
        best = -1e9
        for q, facings in self.plans[place]:
            at = places.get(q)
            if at is None:
                at = places[q] = self._place(q)
            for g in facings:
                if at[g] > best:
                    best = at[g]
        return best if best > -1e9 else self.score(*place)

    def _lookahead(self, place: Place, depth: int) -> float:
        """:meth:`lookahead` from ``place``, ``depth`` at least 1, worked out."""
        best = -1e9
        friends = self.friends
        onward = self.onward
        places = self._at
        # the next move's results, looked up here (:meth:`lookahead` one
        # move from the end is :meth:`score`)
        if depth == 1:
            for q, g, advance, _there in onward[place]:
                if advance and q in friends:
                    continue
                at = places.get(q)
                if at is None:
                    at = places[q] = self._place(q)
                if at[g] > best:
                    best = at[g]
            return best if best > -1e9 else self.score(*place)
        kept = self._ahead.get(depth - 1)
        if kept is None:
            kept = self._ahead[depth - 1] = {}
        found: float | None
        for q, _g, advance, there in onward[place]:
            if advance and q in friends:
                continue
            found = kept.get(there)
            if found is None:
                found = kept[there] = self._lookahead(there, depth - 1)
            if found > best:
                best = found
        return best if best > -1e9 else self.score(*place)

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
        x, y = p
        col = x + y // 2  # pg.column
        # the least of col, y and the two distances to the far edges (as
        # min() of the four, written out: the build calls a min() of four
        # generically, and the interpreter is quicker too)
        edge = col if col < y else y
        far = self.last_col - col
        if self.last_row - y < far:
            far = self.last_row - y
        if far < edge:
            edge = far
        if edge < 0:
            return OFF_FIELD  # (as grid.contains: its column or row off the field)
        score = 0.0
        if edge == 0:
            score -= 3.0
        if self.short and edge <= 3:
            score -= 4.0 * (4 - edge)  # a crewless ship repeats her last move off the table
        if not self.foes:
            return (score,) * 6  # no enemy left
        # one pass over the enemies, nearest first: the nearest's range (and
        # of the nearest the weakest), her fire on each (from every facing: a
        # row), their fire on the point (summed in their order)
        d = 1 << 30
        weakest = 0
        carry = False  # (the weakest's: :meth:`__init__`)
        threat = 0.0
        rows: list[tuple[float, ...]] = []
        reach = self.reach9
        mine = self.mine_rows
        mine_rows = mine.rows
        span, centre, last = _ROW_SPAN, _ROW_CENTRE, ROW_LAST
        for qx, qy, crew, boards, near, far, facing, astern, theirs in self.foes:
            dx, dy = x - qx, y - qy
            # pg.distance, the absolute values written out (the build calls
            # abs() generically)
            dz = dx + dy
            dq = (
                (dx if dx >= 0 else -dx) + (dy if dy >= 0 else -dy) + (dz if dz >= 0 else -dz)
            ) // 2
            if dq <= near:
                # (beyond ``near`` neither her fire nor the enemy's reaches:
                # no row, and 0.0 to the threat, the same sum)
                # (within 9 points: each axis of the offset within 9, its
                # place in a row table i, the opposite offset's ROW_LAST - i)
                i = dx * span + dy + centre  # row_index(dx, dy)
                if dq <= far:
                    found = theirs.rows[last - i]
                    if found is None:
                        found = theirs.fill(last - i)
                    threat += found[0][facing]  # :func:`_firepower`
                if dq <= reach:
                    found = mine_rows[i]
                    if found is None:
                        found = mine.fill(i)
                    row, raked, bearing = found
                    # a rake: on her fore-and-aft line, ahead or astern (two
                    # compares: the build tests ``in`` a tuple generically)
                    if dq != 0 and (bearing == facing or bearing == astern):  # noqa: SIM109
                        row = raked
                    rows.append(row)
            if dq < d:
                d, weakest, carry = dq, crew, boards
            elif dq == d and crew < weakest:
                weakest, carry = crew, boards
        if carry:
            # twice her numbers, near enough: run her aboard, foul her and carry her
            score -= d * 1.5
            if d == 0:
                score += 8.0
        elif d == 0:
            score -= 5.0  # a collision may foul us with her
        half = 0.5 * threat
        out_of_reach = d - self.closing
        closer = 0.8 * out_of_reach if out_of_reach > 0 else 0.0  # to get within reach
        # a facing from which none of her guns bears scores ``none`` (but
        # those head to wind, below); (the parts of the score before her
        # fire are whole and half points: added in any order they come to
        # the same)
        none = score + (0.0 - half) - closer
        # the best of her fire, facing by facing
        best: tuple[float, ...]
        if not rows:
            best = NO_FIRE
            out = [none] * 6
        else:
            best = rows[0] if len(rows) == 1 else tuple(map(max, *rows))
            out = [none if fire == 0.0 else score + (fire - half) for fire in best]
        for f in self.in_irons:
            fire = best[f]
            lost = (score - 3.0) + (fire - half)
            out[f] = lost - closer if fire == 0.0 else lost
        return tuple(out)
