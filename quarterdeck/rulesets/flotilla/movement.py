"""Flotilla movement: the speed track, turning at the first, middle and end
of the move, reverse, anchoring, drifting, and the legal manoeuvres.

Sections: "Movement" (Moving and turning, Anchors away, Adrift, Extra
Power) and the roster card's ENGINES block. A move is decided as it is
made: first the speed (on the track, within the increase and decrease
boxes) with the turn at the first of the move, then the turn at the middle
and the turn at the end, each any angle up to the card's (offered in steps
of ``movement.turn_step`` degrees). ``plans`` lists the whole manoeuvres on
a coarse grid (none, half, full angle) for feasibility and the AI.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from quarterdeck.core.geometry import (
    Pose,
    box_apart,
    segment_distance,
    turn_ahead,
    turned_unit,
    unit,
)
from quarterdeck.rulesets.flotilla.damage import distance_to_nearest_enemy, enemy_distance
from quarterdeck.rulesets.flotilla.fire import land_boxes, terrain
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables

R_MOVE: Final = "Movement: Moving and turning"
R_ANCHOR: Final = "Movement: Anchors away"
R_ADRIFT: Final = "Movement: Adrift"
R_POWER: Final = "Movement: Extra Power"
R_ROW: Final = "Movement: Non-Sailing Vessels and Swimming"
R_ENGINES: Final = "Roster card: ENGINES"
POINTS: Final[tuple[str, ...]] = ("first", "middle", "end")


@dataclass(frozen=True, slots=True)
class Plan:
    """A manoeuvre: inches to move and the turn at each point (degrees,
    positive to starboard), or a move astern."""

    speed: int
    first: int = 0
    middle: int = 0
    end: int = 0
    reverse: bool = False
    row: bool = False

    def __init__(
        self,
        speed: int,
        first: int = 0,
        middle: int = 0,
        end: int = 0,
        reverse: bool = False,
        row: bool = False,
    ) -> None:
        # (written out as the dataclass would make it: see core.prompts.Prompt)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "middle", middle)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "reverse", reverse)
        object.__setattr__(self, "row", row)

    @property
    def id(self) -> str:
        if self.reverse:
            return "reverse"
        if self.row:
            return f"row/{self.first}"
        return f"s{self.speed}/{self.first}/{self.middle}/{self.end}"

    @classmethod
    def parse(cls, text: str) -> Plan:
        """The manoeuvre an option id names (each id read once: a plan is
        read-only, so the one read is given again)."""
        plan = _PARSED.get(text)
        if plan is None:
            plan = cls._read(text)
            if len(_PARSED) < 4096:
                _PARSED[text] = plan
        return plan

    @classmethod
    def _read(cls, text: str) -> Plan:
        if text == "reverse":
            return cls(0, reverse=True)
        if text.startswith("row/"):
            return cls(0, int(text[4:]), row=True)
        speed, first, middle, end = text[1:].split("/")
        return cls(int(speed), int(first), int(middle), int(end))

    def label(self) -> str:
        """The manoeuvre in words (worked out once a manoeuvre)."""
        text = _LABELS.get(self)
        if text is None:
            text = self._words()
            if len(_LABELS) < 4096:
                _LABELS[self] = text
        return text

    def _words(self) -> str:
        if self.reverse:
            return "go astern (one die of inches)"
        if self.row:
            way = f"turn {abs(self.first)} deg to {'starboard' if self.first > 0 else 'port'}, "
            return ("" if self.first == 0 else way) + "row (one die of inches)"
        if self.speed == 0:
            return "stay at anchor (speed 0)"
        turns = [
            f"{abs(a)} deg to {'starboard' if a > 0 else 'port'} at the {p}"
            for p, a in zip(POINTS, (self.first, self.middle, self.end), strict=True)
            if a
        ]
        return f"speed {self.speed} in" + (", " + ", ".join(turns) if turns else "")


# option ids already read (Plan.parse), manoeuvres already put in words
# (Plan.label) and the first turns already made manoeuvres (first_options)
_PARSED: Final[dict[str, Plan]] = {}
_LABELS: Final[dict[Plan, str]] = {}
_FIRSTS: Final[dict[tuple[int, int], Plan]] = {}
_FIRST_ROWS: Final[dict[tuple[int, tuple[int, ...]], tuple[Plan, ...]]] = {}
_MADE: Final[dict[tuple[int, int, int, int], Plan]] = {}
"""The manoeuvres under way :func:`_plans` has made, by speed and turns."""


def speed_options(ship: Ship) -> list[int]:
    """Speeds allowed this turn: on the track, no higher than the maximum
    left, within the increase and decrease boxes; none other while the
    engine is damaged or a catastrophic fire rages; zero while stopped."""
    if ship.stopped > 0 or ship.grappled is not None or ship.aground:
        return [0]
    top = ship.max_speed
    current = min(ship.speed, top)
    if ship.engine_turns > 0 or ship.catastrophic:
        return [current]
    low, high = current - ship.decrease, current + ship.increase
    out = [v for v in ship.speed_track if low <= v <= high and v <= top]
    if not out:
        out = [current]
    if ship.extra_inches > 0:
        out.append(top + ship.extra_inches)
    return sorted(set(out))


def angles_up_to(limit: int, step: int | None) -> list[int]:
    """0 and every angle up to ``limit`` either way, ``step`` apart (and the
    limit itself); only the limit with no step."""
    if limit <= 0:
        return [0]
    mags = list(range(step, limit, step)) if step else []
    mags.append(limit)
    return [0] + [a for m in mags for a in (m, -m)]


def turn_options(
    ship: Ship, point: str, step: int | None = None, extra: bool = True, gamble: int = 90
) -> list[int]:
    """Turns allowed at one point of the move: up to the card's angle either
    way (the full angle only without ``step``), or none; the gamble's extra
    turn of up to ``gamble`` degrees (``extra_power.gamble_turn``, 90 as
    printed) if ``extra``; rudder damage may forbid turning or one
    direction."""
    if ship.no_turns > 0 or ship.catastrophic:
        return [0]
    return list(
        _turns(
            ship.turns.get(point, 0), step, bool(ship.extra_turn and extra), gamble, ship.turn_only
        )
    )


@lru_cache(maxsize=4096, typed=True)  # bounded; typed: 45 and 45.0 are offered apart
def _turns(
    angle: int, step: int | None, extra: bool, gamble: int, turn_only: str
) -> tuple[int, ...]:
    """:func:`turn_options` from what it reads of the ship: the card's
    angle at the point, whether the gamble's extra turn is offered, which
    way her rudder may turn (worked out once for each)."""
    out = angles_up_to(angle, step)
    if extra:
        out += angles_up_to(gamble, step)
    if turn_only == "right":
        out = [a for a in out if a >= 0]
    elif turn_only == "left":
        out = [a for a in out if a <= 0]
    return tuple(sorted(set(out), key=lambda a: (abs(a), a)))


def path(ship: Ship, plan: Plan) -> tuple[Pose, Pose, Pose]:
    """The bow's poses: after the first turn, at the middle (after its turn),
    at the end (after the end turn). A turn keeps the bow in place."""
    return path_from(Pose(ship.x, ship.y, ship.heading), plan)


def path_from(pose: Pose, plan: Plan) -> tuple[Pose, Pose, Pose]:
    """:func:`path` from ``pose``: each half of the move is one
    :func:`~quarterdeck.core.geometry.turn_ahead` (turn about the bow, then
    half the move ahead), the one definition of a leg that :func:`_plans`
    also walks (Movement: Moving and turning)."""
    half = plan.speed / 2
    mx, my, start_heading = turn_ahead(pose.x, pose.y, pose.heading, plan.first, half)
    fx, fy, mid_heading = turn_ahead(mx, my, start_heading, plan.middle, half)
    start = Pose(pose.x, pose.y, start_heading)
    mid = Pose(mx, my, mid_heading)
    return start, mid, Pose(fx, fy, mid_heading).turn(plan.end)


def on_table(state: State, p: tuple[float, float]) -> bool:
    w, h = state.table
    return 0 <= p[0] <= w and 0 <= p[1] <= h


def off_by_exit(state: State, side: str, p: tuple[float, float]) -> bool:
    """Whether ``p`` is off the table beyond the side's exit edge only (the
    scenario's ``victory.exits``): a ship may leave the table there."""
    edge = state.victory.get("exits", {}).get(side)
    w, h = state.table
    x, y = p
    if edge in ("north", "south"):
        beyond = y > h if edge == "north" else y < 0
        return beyond and 0 <= x <= w
    if edge in ("east", "west"):
        beyond = x > w if edge == "east" else x < 0
        return beyond and 0 <= y <= h
    return False


def may_be_at(state: State, ship: Ship, p: tuple[float, float]) -> bool:
    return on_table(state, p) or off_by_exit(state, ship.side, p)


def plan_legal(state: State, ship: Ship, plan: Plan, before: float) -> bool:
    """Whether a move astern (Anchors away) or a row boat's move (Non-Sailing
    Vessels and Swimming) keeps her on the table and off the land. A move
    under way is checked leg by leg (:func:`_leg_clear`)."""
    land = terrain(state)
    if plan.reverse:
        stern = Pose(ship.x, ship.y, ship.heading).advance(-6 * ship.reverse_dice)
        return on_table(state, stern.point) and not land.crosses(ship_point(ship), stern.point)
    if plan.row:
        far = Pose(ship.x, ship.y, ship.heading).turn(plan.first).advance(6 * ship.row_dice)
        return on_table(state, far.point) and not land.crosses(ship_point(ship), far.point)
    raise ValueError(f"plan_legal checks moves astern and rowing only, not {plan!r}")


def ship_point(ship: Ship) -> tuple[float, float]:
    return (ship.x, ship.y)


def plans(state: State, t: Tables, ship: Ship, one_a_speed: bool = False) -> list[Plan]:
    """Every legal manoeuvre for ``ship`` this turn (never empty: she can
    always stay where she is). ``one_a_speed``: only the first legal
    manoeuvre of each speed, for callers that ask which speeds she may make
    (the search of a speed stops at the first it finds).

    The turn at the end of the move is made on the spot: the manoeuvres
    that differ only there pass the same legs, which are checked once."""
    before = distance_to_nearest_enemy(state, ship) if ship.mood else math.inf
    if ship.row_dice > 0:
        return row_plans(state, t, ship, before)
    return _plans(state, t, ship, one_a_speed, _LegRules(state, t, ship, before))


def _plans(state: State, t: Tables, ship: Ship, one_a_speed: bool, rules: _LegRules) -> list[Plan]:
    """:func:`plans` for a ship under way (no row boat), the legs' rules at
    hand (Movement: Moving and turning; Extra Power's one extra turn): each
    speed's manoeuvres (:func:`_moves`), then the move astern
    (:func:`_astern`)."""
    grid = _Grid(ship, t)
    out: list[Plan] = []
    moving: list[Plan] = []
    for speed in speed_options(ship):
        if speed == 0:
            out.append(Plan(0))
        elif one_a_speed:
            found = next(_moves(state, ship, speed, grid, rules), None)
            if found is not None:
                moving.append(found)
        else:
            moving.extend(_moves(state, ship, speed, grid, rules))
    out.extend(moving)
    out.extend(_astern(state, ship, rules.before))
    if not out:
        out.append(Plan(0))  # nowhere legal to go: she stops
    return out


class _Grid:
    """The coarse turns :func:`_moves` tries at each point of the move (none,
    or the card's angle either way; the gamble's extra turn of Extra Power
    beyond it) and the card's angles, worked out once for every speed."""

    __slots__ = ("card", "ends", "firsts", "middles")

    def __init__(self, ship: Ship, t: Tables) -> None:
        gamble = t.extra_power.gamble_turn
        self.firsts, self.middles, self.ends = (
            turn_options(ship, p, gamble=gamble) for p in POINTS
        )
        self.card = [ship.turns.get(p, 0) for p in POINTS]


def _moves(state: State, ship: Ship, speed: int, grid: _Grid, rules: _LegRules) -> Iterator[Plan]:
    """The legal manoeuvres at ``speed`` (above 0) on the coarse grid, in
    order (Movement: Moving and turning; beyond the card's angle, the
    gamble's extra turn is one turn, at one point). The path is
    :func:`path_from`'s, walked leg by leg with the same
    :func:`~quarterdeck.core.geometry.turn_ahead` so that a first half is
    worked once for all its middle turns (tests/rulesets/flotilla check
    that they agree); the turn at the end is made on the spot, so the
    manoeuvres that differ only there pass the same legs, checked once.
    Straight on is always among them (0 is one of each point's turns:
    :func:`first_options` counts on it)."""
    card = grid.card
    x, y, heading = ship.x, ship.y, ship.heading
    half = speed / 2
    for first in grid.firsts:
        beyond_first = 1 if abs(first) > card[0] else 0
        # path_from()'s first leg: the bow turns in place, then goes half
        mx, my, start_heading = turn_ahead(x, y, heading, first, half)
        for middle in grid.middles:
            beyond = beyond_first + (1 if abs(middle) > card[1] else 0)
            if beyond > 1:
                continue
            fx, fy, _ = turn_ahead(mx, my, start_heading, middle, half)  # its second
            legal: bool | None = None
            for end in grid.ends:
                if beyond + (1 if abs(end) > card[2] else 0) > 1:
                    continue
                if legal is None:
                    legal = _two_legs_clear(state, ship, (x, y), (mx, my), (fx, fy), rules)
                if not legal:
                    break
                key = (speed, first, middle, end)
                plan = _MADE.get(key)
                if plan is None:  # a plan is read-only: each made once
                    plan = Plan(speed, first, middle, end)
                    if len(_MADE) < 4096:
                        _MADE[key] = plan
                yield plan


def _astern(state: State, ship: Ship, before: float) -> list[Plan]:
    """The move astern, where she may make it and it is legal (Anchors away:
    her engine sound, her speed down to nothing this turn)."""
    if (
        ship.reverse_dice > 0
        and ship.engine_turns == 0
        and not ship.catastrophic
        and ship.stopped == 0
        and ship.grappled is None
        and not ship.aground
        and min(ship.speed, ship.max_speed) - ship.decrease <= 0
    ):
        reverse = Plan(0, reverse=True)
        if plan_legal(state, ship, reverse, before):
            return [reverse]
    return []


def _two_legs_clear(
    state: State,
    ship: Ship,
    start: tuple[float, float],
    mid: tuple[float, float],
    fin: tuple[float, float],
    rules: _LegRules,
) -> bool:
    """Whether a whole move's two legs (``start`` to ``mid`` to ``fin``) are
    each clear (:func:`_leg_clear`; Movement: Moving and turning): a captain
    who may not advance is held only to where the move ends."""
    return _leg_clear(state, ship, start, mid, rules, close=False) and _leg_clear(
        state, ship, mid, fin, rules
    )


def hull_line(ship: Ship) -> tuple[tuple[float, float], tuple[float, float]]:
    bow = Pose(ship.x, ship.y, ship.heading)
    return bow.point, bow.behind(ship.length)


def legal_turns(
    state: State,
    t: Tables,
    ship: Ship,
    pose: Pose,
    angles: list[int],
    inches: float,
    before: float,
) -> list[int]:
    """The turns of ``angles`` (in order) after which the leg from ``pose``
    (turn about the bow, then ``inches`` ahead) is clear (:func:`_leg_clear`;
    Movement: Moving and turning), the land and hulks looked up once."""
    x, y, heading = pose.x, pose.y, pose.heading
    rules = _LegRules(state, t, ship, before, (x, y, inches))
    if _open_water(x, y, rules, inches):
        return list(angles)  # every leg clear
    return [
        a
        for a in angles
        if _leg_clear(state, ship, (x, y), turn_ahead(x, y, heading, a, inches)[:2], rules)
    ]


class _LegRules:
    """What a leg is checked against (Movement: Moving and turning) that does
    not depend on the leg: the
    table, the land (None: none, or none within reach), the hulks' keels
    and how far a leg must pass from them, whether she may not close, and
    the range to the nearest enemy at the start of the move (``before``).

    ``reach``: (x, y, inches) where every leg to be checked lies within
    ``inches`` of (x, y) on either axis. Where the box round that reach
    (with a margin far above rounding) lies apart from every piece of
    land's box, no leg's own box can come near one, so
    :meth:`~quarterdeck.core.geometry.Terrain.crosses` would find no land
    by its first test (:func:`~quarterdeck.core.geometry.box_apart`): the
    land is left out of the check."""

    __slots__ = ("before", "clearance", "height", "hulks", "keep_off", "land", "width")

    def __init__(
        self,
        state: State,
        t: Tables,
        ship: Ship,
        before: float,
        reach: tuple[float, float, float] | None = None,
    ) -> None:
        self.width, self.height = state.table  # on_table's bounds, read once
        land = terrain(state)
        self.land = land if land else None  # no land: no path crosses it
        if self.land is not None and reach is not None:
            x, y, inches = reach
            r = inches + REACH_MARGIN
            low, high = (x - r, y - r), (x + r, y + r)
            for box in land_boxes(self.land):
                if not box_apart(low, high, box):
                    break
            else:
                self.land = None  # no land within reach of any leg
        self.hulks = [
            hull_line(h) for h in state.ships.values() if h.status == "hulk" and h is not ship
        ]
        self.clearance = t.contact.hulk_clearance
        self.keep_off = ship.mood in (
            "hold",
            "retire",
            "withdrawing",
            "withdrawn",
        ) and math.isfinite(before)
        self.before = before


REACH_MARGIN: Final = 1e-6
"""Inches added to a reach (:class:`_LegRules`): far above the rounding of
the sums that place a leg's ends."""


def _leg_clear(
    state: State,
    ship: Ship,
    a: tuple[float, float],
    b: tuple[float, float],
    rules: _LegRules,
    close: bool = True,
) -> bool:
    """Whether one leg of a move, from ``a`` to ``b``, is legal (Movement:
    Moving and turning): it ends on the table (or beyond the side's exit,
    :func:`may_be_at`), crosses no land, passes clear of every hulk, and,
    with ``close`` (the leg that ends the move), brings a captain who may
    not advance no nearer the enemy than at the start of the move."""
    # may_be_at, with on_table's bounds read once (rules.width, rules.height)
    if not (0 <= b[0] <= rules.width and 0 <= b[1] <= rules.height) and not off_by_exit(
        state, ship.side, b
    ):
        return False
    if rules.land is not None and rules.land.crosses(a, b):
        return False
    for c, d in rules.hulks:
        if segment_distance(a, b, c, d) < rules.clearance:
            return False
    return not (
        close and rules.keep_off and enemy_distance(state, ship.side, b) < rules.before - 1e-6
    )


def first_options(state: State, t: Tables, ship: Ship) -> list[Plan]:
    """What the move prompt offers: each speed with each turn at the first of
    the move (any angle up to the card's, in steps), where the first half is
    legal and some turn at the middle lets her go on; anchoring, reverse and
    row boats as in ``plans``. Never empty.

    A speed is offered only where :func:`plans` finds a whole manoeuvre at
    it (:func:`_moves`, which tries straight on among the rest): where the
    legs straight on, first half and second, are found clear here (the
    first by the stricter test of the leg that ends a move), that one is
    legal and the speed needs no search of its own. At a speed at which
    she is in open water (:func:`_open_water`) every leg is clear: none
    is checked."""
    if ship.row_dice > 0:
        return plans(state, t, ship, one_a_speed=True)
    before = distance_to_nearest_enemy(state, ship) if ship.mood else math.inf
    speeds = speed_options(ship)
    # once for every leg tried here; no leg ends farther from her bow than
    # her fastest speed (two halves)
    fastest = float(max(speeds))
    legs = _LegRules(state, t, ship, before, (ship.x, ship.y, fastest))
    stay = [Plan(0)] if 0 in speeds else []
    moving: list[Plan] = []
    step, gamble = t.movement.turn_step, t.extra_power.gamble_turn
    x, y, heading = ship.x, ship.y, ship.heading
    firsts = turn_options(ship, "first", step, gamble=gamble)
    # the middle's angles, with and without the extra turn left
    later = {e: turn_options(ship, "middle", step, extra=e, gamble=gamble) for e in (False, True)}
    card = ship.turns.get("first", 0)
    # each first turn's heading and unit vector, and each middle turn's
    # after it, worked once for every speed (turn_ahead's sums)
    firsts_unit: dict[int, tuple[float, float, float]] = {}
    middles_unit: dict[tuple[int, int], tuple[float, float, float]] = {}
    grid: _Grid | None = None
    # in open water every leg is clear: a first turn is offered where some
    # middle turn follows it, at any speed, and the legs straight on are
    # clear where straight on is the first of those (worked once, for
    # every speed at which she is in open water)
    open_firsts = tuple(f for f in firsts if later[ship.extra_turn and abs(f) <= card])
    open_straight = any(
        f == 0 and later[ship.extra_turn and abs(f) <= card][0] == 0 for f in open_firsts
    )
    for speed in speeds:
        if speed <= 0:
            continue
        half = speed / 2
        offered: list[Plan] = []
        straight_on = False  # the legs straight on found clear
        open_water = _open_water(x, y, legs, float(speed))  # at this speed
        if open_water:
            # every leg clear: a first turn is offered where some middle
            # turn follows it, the first of them tried (straight on, where
            # it is one) found clear
            offered.extend(_first_plans(speed, open_firsts))
            straight_on = open_straight
        for first in firsts if not open_water else ():
            unit_first = firsts_unit.get(first)
            if unit_first is None:
                unit_first = firsts_unit[first] = turned_unit(heading, first)
            mh, ux, uy = unit_first
            mx, my = x + ux * half, y + uy * half
            mid = (mx, my)
            if not _leg_clear(state, ship, (x, y), mid, legs):
                continue
            goes_on = not (0 <= mx <= legs.width and 0 <= my <= legs.height)  # on_table
            if not goes_on:
                for m in later[ship.extra_turn and abs(first) <= card]:
                    unit_middle = middles_unit.get((first, m))
                    if unit_middle is None:
                        unit_middle = middles_unit[(first, m)] = turned_unit(mh, m)
                    _, vx, vy = unit_middle
                    if _leg_clear(state, ship, mid, (mx + vx * half, my + vy * half), legs):
                        goes_on = True
                        straight_on = straight_on or (first == 0 and m == 0)
                        break
            if goes_on:
                offered.append(_first_plan(speed, first))  # (off the table: by the exit)
        if not offered:
            continue
        if not straight_on:  # plans' own search at this speed
            grid = grid or _Grid(ship, t)
            if next(_moves(state, ship, speed, grid, legs), None) is None:
                continue
        moving.extend(offered)
    out = stay + moving + _astern(state, ship, before)
    return out or [Plan(0)]


def _first_plans(speed: int, firsts: tuple[int, ...]) -> tuple[Plan, ...]:
    """:func:`_first_plan` of each of ``firsts`` at ``speed``, made once
    for each speed and turns (a plan is read-only)."""
    plans = _FIRST_ROWS.get((speed, firsts))
    if plans is None:
        plans = tuple(_first_plan(speed, first) for first in firsts)
        if len(_FIRST_ROWS) < 4096:
            _FIRST_ROWS[(speed, firsts)] = plans
    return plans


def _first_plan(speed: int, first: int) -> Plan:
    """``Plan(speed, first)``, made once (a plan is read-only)."""
    plan = _FIRSTS.get((speed, first))
    if plan is None:
        plan = _FIRSTS[(speed, first)] = Plan(speed, first)
    return plan


def _open_water(x: float, y: float, legs: _LegRules, inches: float) -> bool:
    """Whether every leg of a move from her bow at (x, y) that ends within
    ``inches`` of it is clear (:func:`_leg_clear`) before any is checked: no
    land within reach (``legs.land`` None), no hulk, a captain free to
    close, and her bow farther inside the table than that (no leg ends
    farther from it: two halves of ``inches / 2``, or one leg of
    ``inches``; :data:`REACH_MARGIN` over their rounding)."""
    r = inches + REACH_MARGIN
    return (
        legs.land is None
        and not legs.hulks
        and not legs.keep_off
        and r <= x <= legs.width - r
        and r <= y <= legs.height - r
    )


def row_plans(state: State, t: Tables, ship: Ship, before: float) -> list[Plan]:
    """Row boats and other tiny vessels move one die of inches a turn (Non-
    Sailing Vessels): they turn first (any angle up to the card's first
    turn, 90 degrees for the cutter, in steps) and row."""
    out = [Plan(0)]
    if ship.stopped or ship.grappled is not None or ship.aground:
        return out
    for angle in turn_options(
        ship, "first", t.movement.turn_step, gamble=t.extra_power.gamble_turn
    ):
        plan = Plan(0, angle, row=True)
        if plan_legal(state, ship, plan, before):
            out.append(plan)
    return out


def drift_vector(state: State, inches: float) -> tuple[float, float]:
    if state.current is None:
        return (0.0, 0.0)
    ux, uy = unit(state.current)
    return (ux * inches, uy * inches)
