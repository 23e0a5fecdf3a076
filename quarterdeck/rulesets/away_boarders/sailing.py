"""Away, Boarders!: the field, the wind and the ship's way through the water
(1.2, 3.0, 3.1, 3.2): points of sailing, legal moves, speed, and why a ship
drifts."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders.state import Ship, State
from quarterdeck.rulesets.away_boarders.tables import Tables

# --------------------------------------------------------------------------
# Geometry and sailing (1.2, 3.0, 3.1)


_LAST_GRID: Final[list[tuple[int, int, list[list[int]], pg.Grid]]] = []
"""The last field built, with a copy of the blocked points it was built from
(every gunnery check asks for the field again)."""


def grid(state: State) -> pg.Grid:
    if _LAST_GRID:
        width, height, blocked, built = _LAST_GRID[0]
        if width == state.width and height == state.height and blocked == state.blocked:
            return built
    built = _grid(state.width, state.height, tuple((c, r) for c, r in state.blocked))
    _LAST_GRID[:] = [(state.width, state.height, [list(b) for b in state.blocked], built)]
    return built


@lru_cache(maxsize=32)
def _grid(width: int, height: int, blocked: tuple[tuple[int, int], ...]) -> pg.Grid:
    return pg.Grid(width, height, frozenset(pg.from_column(c, r) for c, r in blocked))


def wind_angle(wind: int, facing: int) -> int:
    """Points (0..3) between the bow and the wind: 0 head to wind, 1 close-
    hauled, 2 broad reach (wind on the quarter), 3 running (wind astern)."""
    return _ANGLES[(wind - facing) % 6]


_ANGLES: Final[tuple[int, ...]] = (0, 1, 2, 3, 2, 1)
"""Points between the bow and the wind by the points the wind lies to port
of her heading (:func:`wind_angle`: the nearer way round)."""


POINT_OF_SAILING: Final[tuple[str, ...]] = ("in irons", "close-hauled", "broad reach", "running")


def downwind(wind: int) -> int:
    """The direction the wind blows toward."""
    return (wind + 3) % 6


def is_downwind_turn(wind: int, facing: int, new_facing: int) -> bool:
    """A turn that brings the wind further aft (3.1)."""
    return wind_angle(wind, new_facing) > wind_angle(wind, facing)


def upwind_rank(wind: int, p: pg.Point) -> float:
    """How far upwind a point lies (larger is further upwind) (2.2)."""
    x, y = pg.to_xy(p)
    wx, wy = pg.to_xy(pg.step((0, 0), wind))
    return x * wx + y * wy


MOVES: Final[tuple[str, ...]] = (
    "advance",
    "advance-port",
    "advance-starboard",
    "turn-port",
    "turn-starboard",
    "back",
    "hold",
)

MOVE_LABELS: Final = {
    "advance": "advance one point",
    "advance-port": "advance one point and turn to port",
    "advance-starboard": "advance one point and turn to starboard",
    "turn-port": "turn one point to port",
    "turn-starboard": "turn one point to starboard",
    "back": "back sail (stay put)",
    "hold": "rest on the oars (stay put)",
}


def move_way(move: str) -> tuple[bool, int]:
    """What a move does (3.1, 3.2), read off its name: whether she advances
    a point, and the points she turns (to port +1, to starboard -1)."""
    turn = 1 if move.endswith("-port") else -1 if move.endswith("-starboard") else 0
    return move.startswith("advance"), turn


_WAYS: Final[dict[str, tuple[bool, int]]] = {m: move_way(m) for m in MOVES}
""":func:`move_way` of each move, read once (a move is made or weighed
many times a decision)."""


def move_result(p: pg.Point, facing: int, move: str) -> tuple[pg.Point, int]:
    """Where a move leaves a ship: (point, facing). Turning to port is +1
    (:func:`move_way`)."""
    advance, turn = _WAYS.get(move) or move_way(move)
    if advance:
        p = pg.step(p, facing)
    if turn:
        facing = pg.turn(facing, turn)
    return p, facing


def legal_moves(
    wind: int,
    facing: int,
    oars: bool,
    backs_this_turn: int,
    open_ahead: bool,
) -> list[str]:
    """The moves a ship may make (3.1, 3.2).

    Under sail: advance; advance and turn downwind; turn upwind; back sail
    (never running before the wind, once a turn on a broad reach, always
    close-hauled). Head to wind a ship may only turn downwind. Under oars a
    ship may advance, turn either way, or rest on her oars. ``open_ahead`` is
    False when the point ahead is an island or coast."""
    # backing on a broad reach depends only on whether she has backed this turn
    return list(_legal_moves(wind, facing, oars, backs_this_turn == 0, open_ahead))


@lru_cache(maxsize=1024)
def _legal_moves(
    wind: int, facing: int, oars: bool, not_backed: bool, open_ahead: bool
) -> tuple[str, ...]:
    """:func:`legal_moves` (3.0-3.2) from what alone they depend on (a ship
    may back on a broad reach only where ``not_backed``: she has not backed
    this turn), kept by :func:`lru_cache`."""
    out: list[str] = []
    if oars:
        if open_ahead:
            out += ["advance", "advance-port", "advance-starboard"]
        out += ["turn-port", "turn-starboard", "hold"]
        return tuple(out)
    angle = wind_angle(wind, facing)
    if angle == 0:
        return ("turn-port", "turn-starboard")
    if open_ahead:
        out.append("advance")
        for side, sign in (("port", 1), ("starboard", -1)):
            if is_downwind_turn(wind, facing, pg.turn(facing, sign)):
                out.append(f"advance-{side}")
    for side, sign in (("port", 1), ("starboard", -1)):
        if not is_downwind_turn(wind, facing, pg.turn(facing, sign)):
            out.append(f"turn-{side}")
    if angle == 1 or (angle == 2 and not_backed):
        out.append("back")
    return tuple(out)


def sail_crew_needed(ship: Ship, t: Tables) -> int:
    """Crew needed in the box to make or reef sail: per standing mast (2.3)."""
    per = t.crew.sail_per_square_mast if ship.rig == "square" else t.crew.sail_per_fore_and_aft_mast
    return per * ship.masts_standing


def yards_crew_needed(ship: Ship, t: Tables) -> int:
    """Crew at the yards to manoeuvre under sail: the chart's number per
    standing mast, one in the text (3.1)."""
    return t.crew.yards_per_mast * ship.masts_standing


def oar_crew_needed(ship: Ship, t: Tables) -> int:
    """One crew marker on the sweeps per three guns (3.2); small rail swivels
    are not counted among her guns."""
    small = _small_guns(t)
    guns = len(ship.guns) - sum(1 for g in ship.guns if small[g.type])
    return max(1, -(-guns // t.speed.guns_per_oar_crew))


_SMALL: Final[dict[int, tuple[Tables, dict[str, bool]]]] = {}
"""Which gun types are small rail swivels, by the identity of the (frozen)
tables: read off the chart once."""


def _small_guns(t: Tables) -> dict[str, bool]:
    """Which gun types are small rail swivels, not counted for the oars
    (3.2), read once for the tables ``t`` (:data:`_SMALL`)."""
    hit = _SMALL.get(id(t))
    if hit is None or hit[0] is not t:
        hit = _SMALL[id(t)] = (t, {name: kind.small for name, kind in t.guns.types.items()})
    return hit[1]


def compute_speed(ship: Ship, state: State, t: Tables) -> int:
    """Total speed at the start of the action segment (3.1, 3.2)."""
    sp = t.speed
    if ship.sail == "oars":
        crew = ship.crew["yards"]
        if crew == 0:
            return 0
        angle = wind_angle(state.wind, ship.facing)
        if angle == 3:
            speed = sp.oars_downwind
        elif angle == 0:
            speed = sp.oars_upwind if state.turn % 2 == 0 else 0
        else:
            speed = sp.oars
        if crew < oar_crew_needed(ship, t):
            speed -= 1
        return max(0, min(t.movement.max_speed, speed))
    standing = ship.masts_standing
    if standing == 0:
        return 0
    speed = ship.base_speed + sp.per_mast_lost * (len(ship.masts) - standing)  # masts lost
    angle = wind_angle(state.wind, ship.facing)
    if angle <= 1:  # head to wind counts as close-hauled for paying off
        speed += sp.close_hauled_square if ship.rig == "square" else sp.close_hauled_fore_and_aft
    elif angle == 2:
        speed += sp.broad_reach
    else:
        speed += sp.running
    speed += {"reef": sp.reef, "battle": sp.battle, "full": sp.full}[ship.sail]
    return max(0, min(t.movement.max_speed, speed))


def drift_reason(ship: Ship, state: State) -> str:
    """Why a ship drifts instead of moving (3.1), or "" if she moves."""
    if ship.aground:
        return "aground"
    if ship.fouled or ship.grappled:
        return "grappled or fouled"
    if ship.sail == "oars":
        return "under oars with nobody at the sweeps" if ship.crew["yards"] == 0 else ""
    if ship.masts_standing == 0:
        return "no masts standing"
    if wind_angle(state.wind, ship.facing) == 0 and ship.crew["yards"] == 0:
        return "head to wind with nobody manning the yards"
    return ""


def drifts_backed(ship: Ship) -> bool:
    """A ship that has lain with her sails backed for two or more consecutive
    turns (backing, never advancing) drifts one point downwind on even turns
    (3.1). Unlike the other drifters she is not stopped: close-hauled she may
    go on backing indefinitely, or sail on after the drift."""
    return ship.backed_turns >= 2


def ships_at(state: State, p: pg.Point, but: str = "") -> list[Ship]:
    """The ships afloat on point ``p`` (:attr:`Ship.active`, :attr:`Ship.pos`
    read off their fields: this is asked of every ship for most moves)."""
    q, r = p
    return [
        s
        for s in state.ships.values()
        if s.q == q and s.r == r and s.status == "afloat" and s.id != but
    ]


def afloat(state: State) -> list[Ship]:
    """The ships afloat (:attr:`Ship.active`, read off her status)."""
    return [s for s in state.ships.values() if s.status == "afloat"]
