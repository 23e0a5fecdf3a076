"""Away, Boarders!: the movement of the action segment (2.2, 3.1-3.3): speeds
and drift, the Movement Phases chart, each move, and the incidents of
entering an occupied point."""

from __future__ import annotations

from functools import lru_cache

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.away_boarders import explain as ex
from quarterdeck.rulesets.away_boarders.damage import masts_for, rigging_hit
from quarterdeck.rulesets.away_boarders.sailing import (
    MOVE_LABELS,
    MOVES,
    POINT_OF_SAILING,
    afloat,
    compute_speed,
    downwind,
    drift_reason,
    drifts_backed,
    grid,
    legal_moves,
    move_result,
    ships_at,
    upwind_rank,
    wind_angle,
    yards_crew_needed,
)
from quarterdeck.rulesets.away_boarders.sections import R_DRIFT, R_INCIDENT, R_MOVE, R_SAIL
from quarterdeck.rulesets.away_boarders.state import Ship, State
from quarterdeck.rulesets.away_boarders.tables import Tables
from quarterdeck.rulesets.away_boarders.victory import check_end

# --------------------------------------------------------------------------
# Action segment: movement (2.2, 3.0-3.3)


def segment_start(state: State, t: Tables, ctx: Context) -> None:
    """Start of the action segment: speeds (3.1, 3.2), and drift on even
    turns for every ship that cannot move, or has lain backed two or more
    consecutive turns (3.1)."""
    for ship in afloat(state):
        ship.backs_this_turn = 0
        ship.advances_this_turn = 0
        reason = drift_reason(ship, state)
        ship.drifting = bool(reason)
        ship.speed = 0 if reason else compute_speed(ship, state, t)
        if reason:
            ctx.log(f"{ship.name} cannot move ({reason})", R_DRIFT)
    state.drifts = (
        [s.id for s in afloat(state) if not s.aground and (s.drifting or drifts_backed(s))]
        if state.turn % 2 == 0
        else []
    )
    for ship in afloat(state):
        if ship.id in state.drifts and not ship.drifting:
            ctx.log(
                f"{ship.name} has lain backed for {ship.backed_turns} turns and drifts",
                R_DRIFT,
            )
    state.phase = "drift"
    state.action = 0
    state.entry = -1
    state.queue = []
    state.moved = []
    state.fired = []


def drift_phase(state: State, t: Tables, ctx: Context) -> None:
    """Drifting ships move one point downwind in even turns (3.1), one at a
    time; ships grappled or fouled together drift together, the whole cluster
    of them as one. A drift into an
    occupied point is an incident like any other entry (3.3); a drift onto
    the shore puts the ship aground."""
    g = grid(state)
    to = downwind(state.wind)
    while state.drifts and not state.incident and state.casualty is None:
        ship = state.ships[state.drifts.pop(0)]
        if not ship.active:
            continue
        party = locked_together(state, ship)
        state.drifts = [i for i in state.drifts if i not in {s.id for s in party}]
        if any(s.aground for s in party):
            ctx.log(f"{ship.name} is held fast by a ship aground and does not drift", R_DRIFT)
            continue
        dest = pg.step(ship.pos, to)
        if not g.contains(dest):
            for s in party:
                s.status = "left"
                leave_point(state, s)
                ctx.log(f"{s.name} drifts off the field of play", R_DRIFT)
            check_end(state, ctx)
            if state.result is not None:
                return
            continue
        if not g.is_open(dest):
            for s in party:
                run_aground(s, "drifts onto the shore", ctx, R_DRIFT)
            continue
        others = [o for o in ships_at(state, dest) if o not in party]
        ids = {s.id for s in party}
        alongside = {s.id: {k: v for k, v in s.abeam.items() if k in ids} for s in party}
        for s in party:
            leave_point(state, s)
            s.q, s.r = dest
        for s in party:  # they drift together, lying as they lay (3.3)
            s.abeam = alongside[s.id]
        ctx.log(f"{' and '.join(s.name for s in party)} drift one point downwind", R_DRIFT)
        if others:
            incident(state, ship, others[0], t, ctx)
    if not state.drifts and not state.incident and state.casualty is None:
        state.phase = "move"
        check_end(state, ctx)


def locked_together(state: State, ship: Ship) -> list[Ship]:
    """``ship`` and every ship fouled or grappled with her, directly or
    through another (A with B and B with C): they drift as one (3.1, 3.3)."""
    found = [ship]
    for s in found:
        for other_id in (*s.fouled, *s.grappled):
            other = state.ships[other_id]
            if other not in found and other.active:
                found.append(other)
    return found


def run_aground(ship: Ship, how: str, ctx: Context, rule: str) -> None:
    """A ship carried onto an island or the shore runs aground there: she
    stays on her point and neither moves nor drifts again (reading of 3.1)."""
    ship.aground = True
    ship.drifting = True
    ship.speed = 0
    ctx.log(f"{ship.name} {how} and runs aground", rule)


def movers(state: State, speed: int) -> list[Ship]:
    """The ships that move at ``speed`` and have not yet moved in this
    action phase (2.2): :func:`waiting` at that speed."""
    return [s for s in waiting(state) if s.speed == speed]


def waiting(state: State) -> list[Ship]:
    """The ships afloat, not drifting, that have not yet moved in this
    action phase (2.2), in the order of the ships."""
    return [s for s in afloat(state) if not s.drifting and s.id not in state.moved]


def move_phase(state: State, t: Tables, ctx: Context) -> list[str] | None:
    """One step of an action phase's movement (2.2): the next queued move,
    or the next speed of the Movement Phases chart at which a ship moves
    (the speeds at which none moves are passed over at once: nothing
    happens at them), or on to the fire. Where the first queued ship
    chooses her move (3.1, 3.2), nothing is done: her legal moves (more
    than one, :func:`move_options`) are handed back, so that her prompt is
    not worked out again."""
    if state.group:
        return None  # waiting for the upwind ship's choice
    if state.queue:
        ship = state.ships[state.queue[0]]
        if not ship.active or ship.speed != queued_speed(state, t):
            state.queue.pop(0)
            return None
        options = move_options(state, ship, t)
        forced = forced_move(state, ship, t)
        if forced is None and len(options) > 1:
            return options  # she chooses
        state.queue.pop(0)
        move = forced if forced is not None else (options[0] if options else "")
        if move:
            execute_move(state, ship, move, t, ctx, forced=forced is not None)
        elif forced == "":
            ctx.log(f"{ship.name} cannot repeat her last move and lies still", R_SAIL)
        return None
    row = t.movement.phases[state.action]
    ships: list[Ship] = []
    # nothing changes while the chart is read: who is still to move is read
    # once, and each speed's movers (:func:`movers`) are taken from them
    left = waiting(state)
    while not ships:
        state.entry += 1
        if state.entry >= len(row):
            state.phase = "fire-setup"
            return None
        entry = row[state.entry]
        ships = [s for s in left if s.speed == entry.speed]
    if len(ships) >= 2:
        state.group = [s.id for s in upwind_order(state, ships)]
        return None
    queue_moves(state, ships, entry.moves)
    return None


def queued_speed(state: State, t: Tables) -> int:
    return t.movement.phases[state.action][state.entry].speed


def upwind_order(state: State, ships: list[Ship]) -> list[Ship]:
    return sorted(ships, key=lambda s: (-upwind_rank(state.wind, s.pos), s.id))


def queue_moves(state: State, ships: list[Ship], moves: int) -> None:
    for s in ships:
        state.moved.append(s.id)
        state.queue.extend([s.id] * moves)


def move_options(state: State, ship: Ship, t: Tables) -> list[str]:
    g = grid(state)
    ahead = pg.step(ship.pos, ship.facing)
    open_ahead = not g.contains(ahead) or g.is_open(ahead)
    return legal_moves(
        state.wind, ship.facing, ship.sail == "oars", ship.backs_this_turn, open_ahead
    )


def forced_move(state: State, ship: Ship, t: Tables) -> str | None:
    """Without one crew marker per mast manning the yards, a ship repeats
    her last move (3.1): None when she may choose, "" when she cannot repeat
    it (an advance head to wind) and so stays put; an advance repeated onto
    the shore runs her aground. Backing
    sail is repeated even past the once-a-turn limit on a broad reach: that
    limit bounds a captain's choice, and nobody is aloft to brace the yards."""
    yards = ship.crew["yards"]
    # enough for every mast, standing or not: enough for those standing
    if ship.sail == "oars" or yards >= t.crew.yards_per_mast * len(ship.masts):
        return None
    if yards >= yards_crew_needed(ship, t):
        return None
    last = ship.last_move if ship.last_move in MOVES else "advance"
    if last == "hold":
        last = "advance"
    if last.startswith("advance") and wind_angle(state.wind, ship.facing) == 0:
        return ""
    return last


def move_label(state: State, ship: Ship, move: str) -> str:
    """A move's words (3.1, 3.2): where it leaves the ship and her point of
    sailing (:func:`_move_label`)."""
    return _move_label(ship.pos, ship.facing, move, state.wind, grid(state))


def _move_label(at: pg.Point, facing: int, move: str, wind: int, g: pg.Grid) -> str:
    """The words of ``move`` (3.1, 3.2) from ``at`` facing ``facing`` in the
    wind ``wind``: where it leaves her and her point of sailing there, or
    that an advance takes her off the field ``g``."""
    p, f = move_result(at, facing, move)
    label = MOVE_LABELS[move]
    if move.startswith("advance") and not g.contains(p):
        return label + " - off the field of play"
    how = POINT_OF_SAILING[wind_angle(wind, f)]
    return f"{label} -> ({pg.column(p)},{p[1]}) facing {pg.DIRECTION_NAMES[f]}, {how}"


def move_choices(state: State, ship: Ship, moves: list[str]) -> tuple[Option, ...]:
    """The options of a ship's move prompt (3.1, 3.2): each legal move with
    where it leaves her. The words depend only on where she lies, her
    heading, the wind and the size of the field (whether a point is on it),
    so they are kept for those (a few thousand at most)."""
    return _move_choices(ship.pos, ship.facing, tuple(moves), state.wind, state.width, state.height)


@lru_cache(maxsize=8192)
def _move_choices(
    at: pg.Point, facing: int, moves: tuple[str, ...], wind: int, width: int, height: int
) -> tuple[Option, ...]:
    """:func:`move_choices` from what alone its words depend on (3.1, 3.2):
    each move with :func:`_move_label`'s words, kept by :func:`lru_cache`."""
    g = pg.Grid(width, height)  # on the field or not: the blocked points do not matter
    return tuple(Option(m, _move_label(at, facing, m, wind, g)) for m in moves)


def execute_move(
    state: State,
    ship: Ship,
    move: str,
    t: Tables,
    ctx: Context,
    forced: bool = False,
    quiet: bool = False,
) -> None:
    """Carry out one move (3.1, 3.2) and any incident on arriving (3.3)."""
    g = grid(state)
    p, f = move_result(ship.pos, ship.facing, move)
    ship.last_move = move
    advance = move.startswith("advance")
    if move == "back":
        ship.backs_this_turn += 1
    elif advance:
        ship.advances_this_turn += 1
    why = " (no crew at the yards: she repeats her last move)" if forced else ""
    on_field = g.contains(p)
    if on_field and p in g.blocked:  # on the field, not open (Grid.is_open)
        run_aground(ship, f"is carried onto the shore ahead{why}", ctx, R_MOVE)
        return
    if not on_field:
        ship.status = "left"
        leave_point(state, ship)
        ctx.log(f"{ship.name} sails off the field of play{why}", R_MOVE)
        check_end(state, ctx)
        return
    if p != ship.pos:
        leave_point(state, ship)
    ship.q, ship.r = p
    ship.facing = f
    if not quiet:
        ctx.log(f"{ship.name}: {MOVE_LABELS[move]}{why}", R_MOVE)
    if advance:
        others = ships_at(state, p, ship.id)
        if others:
            incident(state, ship, others[0], t, ctx)


def incident(state: State, mover: Ship, other: Ship, t: Tables, ctx: Context) -> None:
    """Entering an occupied point (3.3): near miss (the mover then chooses
    which side of the other ship she passes), or collision; a collision
    fouls (rigging hits from the difference of two dice) or brushes past."""
    # the words and the rolls' explanations are built only where a log reads them
    face = ctx.roll(
        lambda: f"{mover.name} enters {other.name}'s point (odd: collision)",
        1,
        R_INCIDENT,
        seat=mover.side,
        math=lambda _faces: ex.parity(ex.ODD, "collision", "near miss"),
    )[0]
    if face % 2 == 0:
        ctx.log(f"Near miss: {mover.name} passes close by {other.name}", R_INCIDENT)
        state.incident = ["side", mover.id, other.id]
        return
    face = ctx.roll(
        lambda: f"Collision of {mover.name} and {other.name} (odd: fouled)",
        1,
        R_INCIDENT,
        seat=mover.side,
        math=lambda _faces: ex.parity(ex.ODD, "the ships foul each other", "they brush past"),
    )[0]
    if face % 2 == 1:
        ctx.log(f"{mover.name} and {other.name} foul each other", R_INCIDENT)
        for s in (mover, other):
            a, b = ctx.roll(
                f"{s.name} fouling damage (difference = rigging hits)",
                2,
                R_INCIDENT,
                seat=s.side,
                math=ex.fouling(),
            )
            hits = abs(a - b)
            ctx.log(f"{s.name} takes {hits} rigging hit(s) from the fouling", R_INCIDENT)
            for mast in masts_for(s, hits, "", ctx):
                rigging_hit(s, mast, 1, t, ctx)
        if other.id not in mover.fouled:
            mover.fouled.append(other.id)
            other.fouled.append(mover.id)
        for s in (mover, other):
            s.drifting = True
        state.queue = [i for i in state.queue if i not in (mover.id, other.id)]
        check_end(state, ctx)
        return
    # brush: both lose a point of speed; the mover turns parallel to her
    for s in (mover, other):
        s.speed = max(0, s.speed - 1)
    if other.id in state.queue:
        # queued at her old speed but not yet moved this phase: she now moves
        # with the ships of her new speed, if the chart lists it later (2.2)
        state.queue = [i for i in state.queue if i != other.id]
        state.moved = [i for i in state.moved if i != other.id]
    ways = [
        sign
        for sign in (1, -1)
        if pg.turn(mover.facing, sign) in (other.facing, (other.facing + 3) % 6)
    ]
    ctx.log(f"{mover.name} brushes past {other.name}: both lose a point of speed", R_INCIDENT)
    if len(ways) == 1:
        _brush_turn(state, mover, ways[0], ctx)
    else:
        state.incident = ["turn", mover.id, other.id]


def _brush_turn(state: State, mover: Ship, sign: int, ctx: Context) -> None:
    """The mover of a brush turns one point (3.3); head to wind her speed is 0."""
    mover.facing = pg.turn(mover.facing, sign)
    if wind_angle(state.wind, mover.facing) == 0 and mover.sail != "oars":
        mover.speed = 0
    ctx.log(f"{mover.name} turns to {'port' if sign == 1 else 'starboard'}", R_INCIDENT)


def passing_sides(mover: Ship, other: Ship, her_side: str) -> tuple[str, str]:
    """After a near miss along ``other``'s ``her_side`` (3.3): (the mover's
    side that faces her, her side that faces the mover). Headings on the grid
    differ by multiples of 60 degrees, so the answer is always one side."""
    d = (other.facing - mover.facing) % 6
    mine = "port" if d in (2, 3, 4) else "starboard"
    if her_side == "starboard":
        mine = "starboard" if mine == "port" else "port"
    return mine, her_side


def resolve_incident(state: State, answer: str, ctx: Context) -> None:
    """The mover's answer to a near miss (which side) or an open brush turn (3.3)."""
    kind, mover_id, other_id = state.incident
    state.incident = []
    mover, other = state.ships[mover_id], state.ships[other_id]
    if kind == "turn":
        _brush_turn(state, mover, 1 if answer == "turn-port" else -1, ctx)
        return
    her = answer.split("-", 1)[1]
    mine, hers = passing_sides(mover, other, her)
    mover.abeam[other.id] = mine
    other.abeam[mover.id] = hers
    ctx.log(
        f"{mover.name} passes along {other.name}'s {hers} side: while they share the point "
        f"only {mover.name}'s {mine} and {other.name}'s {hers} broadsides bear on each other",
        R_INCIDENT,
    )


def leave_point(state: State, ship: Ship) -> None:
    """A ship moving off a point is no longer abeam of the ships on it (3.3)."""
    for other_id in ship.abeam:
        state.ships[other_id].abeam.pop(ship.id, None)
    ship.abeam = {}
