"""What each seat may see of an Away, Boarders! game, and its text picture.

Everything on the table is open to both players (the ship displays lie
face up) except the crew orders of the current crew assignment segment,
which stay with the seat that gave them until they are revealed together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.engine import copy_state
from quarterdeck.core.hidden import sees
from quarterdeck.core.lazyview import LazyRecord, LazyView
from quarterdeck.rulesets.away_boarders.sailing import (
    POINT_OF_SAILING,
    oar_crew_needed,
    sail_crew_needed,
    wind_angle,
    yards_crew_needed,
)
from quarterdeck.rulesets.away_boarders.state import BATTERIES, TASK_BOXES, Gun, Ship, State
from quarterdeck.rulesets.away_boarders.tables import tables_with
from quarterdeck.rulesets.away_boarders.victory import points

ARROWS: Final[tuple[str, ...]] = ("→", "↗", "↖", "←", "↙", "↘")


GunFields = tuple[str, str, str, int, bool, bool, bool]
"""A gun's every field, as :data:`_GUN_FIELDS` names them."""

_GUNS: Final[dict[str, tuple[list[GunFields], list[dict[str, Any]]]]] = {}
"""The last gun markers shown of each ship, with what they were shown from
(each gun's every field, :data:`_GUN_FIELDS`): shown again while her guns
are the same (a ship's guns are read for most decisions; most decisions
change none of them). Views are read, never changed, by whoever is shown
them (tests/rulesets/away_boarders/test_view_kept.py checks the computer
player). One entry a ship id."""

_GUN_FIELDS: Final[tuple[str, ...]] = (
    "type",
    "mount",
    "side",
    "order",
    "loaded",
    "fired",
    "disabled",
)
"""A gun marker's entries in the view, in order: every field of a gun (1.4)."""


_MARKERS: Final[dict[tuple[Any, ...], dict[str, Any]]] = {}
"""Each gun marker shown so far, by its every field (:data:`_GUN_FIELDS`):
a marker as it was is shown as it was (gun types, mounts, sides, numbers
and three flags: a few thousand at most; emptied past :data:`_MARKERS_KEPT`)."""

_MARKERS_KEPT: Final = 4096


def _marker(fields: tuple[Any, ...]) -> dict[str, Any]:
    """One gun marker as the view shows it, from its every field, kept in
    :data:`_MARKERS` (read, never changed, by whoever is shown it)."""
    shown = _MARKERS.get(fields)
    if shown is None:
        if len(_MARKERS) >= _MARKERS_KEPT:
            _MARKERS.clear()
        shown = _MARKERS[fields] = dict(zip(_GUN_FIELDS, fields, strict=True))
    return shown


def _guns(s: Ship) -> list[dict[str, Any]]:
    """Her gun markers (1.4), each as the view shows it: the list shown last
    while every field of every gun is the same, else that list with each gun
    changed since shown by its marker as it was last shown with its fields
    now (:func:`_marker`; a shot or a load changes one or two of her guns).
    Each gun is compared field by field with the fields it was last shown
    with, and only a changed gun's are made again (most decisions see the
    same guns, and the compiled build compares the fields natively)."""
    guns = s.guns
    n = len(guns)
    hit = _GUNS.get(s.id)
    if hit is None or len(hit[0]) != n:
        fields = [_fields(g) for g in guns]
        shown = [_marker(f) for f in fields]
        _GUNS[s.id] = (fields, shown)
        return shown
    was, before = hit
    now: list[GunFields] | None = None  # (made at the first gun changed)
    markers = before
    for i in range(n):  # (by index: the build makes no iterators)
        g = guns[i]
        kind, mount, side, order, loaded, fired, disabled = was[i]
        if (
            g.type != kind
            or g.mount != mount
            or g.side != side
            or g.order != order
            or g.loaded != loaded
            or g.fired != fired
            or g.disabled != disabled
        ):
            if now is None:
                now, markers = list(was), list(before)
            now[i] = f = _fields(g)
            markers[i] = _marker(f)
    if now is not None:
        _GUNS[s.id] = (now, markers)
    return markers


def _fields(g: Gun) -> GunFields:
    """Every field of a gun, as :data:`_GUN_FIELDS` names them."""
    return (g.type, g.mount, g.side, g.order, g.loaded, g.fired, g.disabled)


ShipPart = Callable[[Ship, int, Any], Any]

_PARTS: Final[dict[str, ShipPart]] = {
    "oar_crew_needed": lambda s, _w, t: oar_crew_needed(s, t),
    "yards_crew_needed": lambda s, _w, t: yards_crew_needed(s, t),
    "sail_crew_needed": lambda s, _w, t: sail_crew_needed(s, t),
    "id": lambda s, _w, _t: s.id,
    "key": lambda s, _w, _t: s.key,
    "name": lambda s, _w, _t: s.name,
    "side": lambda s, _w, _t: s.side,
    "rig": lambda s, _w, _t: s.rig,
    "at": lambda s, _w, _t: [pg.column(s.pos), s.r],
    "q": lambda s, _w, _t: s.q,
    "r": lambda s, _w, _t: s.r,
    "facing": lambda s, _w, _t: s.facing,
    "point_of_sailing": lambda s, w, _t: POINT_OF_SAILING[wind_angle(w, s.facing)],
    "status": lambda s, _w, _t: s.status,
    "speed": lambda s, _w, _t: s.speed,
    "base_speed": lambda s, _w, _t: s.base_speed,
    "sail": lambda s, _w, _t: s.sail,
    "drifting": lambda s, _w, _t: s.drifting,
    "masts": lambda s, _w, _t: [
        {"name": n, "boxes": list(b)} for n, b in zip(s.mast_names, s.masts, strict=True)
    ],
    "hull": lambda s, _w, _t: list(s.hull),
    "crew": lambda s, _w, _t: dict(s.crew),
    "crew_total": lambda s, _w, _t: s.crew_total,
    "casualties": lambda s, _w, _t: s.casualties,
    "co": lambda s, _w, _t: s.co,
    "guns": lambda s, _w, _t: _guns(s),
    "load": lambda s, _w, _t: dict(s.load),
    "repair": lambda s, _w, _t: dict(s.repair),
    "fouled": lambda s, _w, _t: list(s.fouled),
    "grappled": lambda s, _w, _t: list(s.grappled),
    "aground": lambda s, _w, _t: s.aground,
    "abeam": lambda s, _w, _t: dict(s.abeam),
    "value": lambda s, _w, _t: s.value,
    "backs_this_turn": lambda s, _w, _t: s.backs_this_turn,
    "backed_turns": lambda s, _w, _t: s.backed_turns,
    "last_move": lambda s, _w, _t: s.last_move,
}
"""Each entry of a ship's view, in order, from the ship, the wind and the
charts in play: the crew her sweeps, yards and sail need (2.3, 3.1, 3.2),
where she lies and heads, her display (1.4)."""


def ship_view(s: Ship, wind: int, tables: Any) -> dict[str, Any]:
    """One ship as a seat sees her (every entry of :data:`_PARTS`)."""
    return {key: make(s, wind, tables) for key, make in _PARTS.items()}


_READY: Final[tuple[str, ...]] = ("id", "side", "status", "q", "r")
"""The entries a lazy ship record has ready: whose, where she is and whether
afloat (read of every ship for most decisions)."""

_HOT: Final[tuple[str, ...]] = ("facing", "sail", "crew_total", "load")
"""The entries a computer player reading one of them mostly reads all of (her
heading, sails or sweeps, men and loads: a judge of her moves, 2.1-4.2),
built together (:data:`_TOGETHER`)."""


def _hot(s: Ship, _w: int, _t: Any) -> dict[str, Any]:
    """:data:`_HOT`'s entries of a ship, each as :data:`_PARTS` makes it
    (tests/rulesets/away_boarders/test_view_kept.py holds them to it)."""
    return {"facing": s.facing, "sail": s.sail, "crew_total": s.crew_total, "load": dict(s.load)}


_TOGETHER: Final = dict.fromkeys(_HOT, _hot)
"""Each of :data:`_HOT` to :func:`_hot` (a lazy record's ``together``)."""

_UNREAD: Final = len(_READY)
"""The length of a lazy record of which nothing but the ready entries was read."""

_FLEET: Final[list[tuple[list[Ship], list[tuple[Any, ...]], int, Any, list[LazyRecord]]]] = []
"""The last lazy records made of a fleet (see :func:`_lazy_ships`), with the
ships (these very objects), their ready entries, the wind and the charts
they were made with: one fleet, so it never grows past the largest."""


def _lazy_ships(ships: Iterable[Ship], wind: int, tables: Any) -> list[LazyRecord]:
    """:func:`ship_view` of every ship for a computer player: where she is,
    whose and whether afloat are ready, the rest built when first read (most
    decisions read no more of most ships).

    A fleet of fifty is shown for most decisions, so a ship's last record is
    shown again where nothing was read of it but its ready entries and those
    are still hers (the same ship, wind and charts): its other entries are
    worked out from the ship as she is when first read, like a new record's.
    The fleet is compared whole (each ship's ready entries, her identity and
    what was read of her record, each compared in one pass), and only the
    records found stale are made again, each in place (a view is good only
    while its player decides: the next view of this fleet renews the records
    it shows again, :meth:`LazyRecord.renew`). The list is the player's own;
    the player reads the records, never changes them
    (tests/rulesets/away_boarders/test_view_kept.py)."""
    fleet = list(ships)
    ready = [(s.id, s.side, s.status, s.q, s.r) for s in fleet]  # (as _READY)
    if _FLEET:
        was, was_ready, was_wind, was_tables, records = _FLEET[0]
        n = len(fleet)
        if was_wind == wind and was_tables is tables and _same_ships(fleet, was):
            # (one pass by index: quicker in the interpreter than the maps and
            # sets it replaced, even for fifty ships, and native once compiled)
            stale = False
            for i in range(n):
                # read beyond its ready entries, or those no longer hers: made
                # again (the record itself: the view it was shown in is done)
                if _built(records[i]) != _UNREAD or ready[i] != was_ready[i]:
                    _renew(records[i], fleet[i], ready[i], wind, tables)
                    stale = True
            if stale:
                _FLEET[0] = (was, ready, wind, tables, records)
            return records[:]
    records = [_record(s, r, wind, tables) for s, r in zip(fleet, ready, strict=True)]
    _FLEET[:] = [(fleet, ready, wind, tables, records)]
    return records[:]


_built: Final = dict.__len__
"""The entries a lazy record has built (its own ``len`` counts them all)."""


def _same_ships(fleet: list[Ship], was: list[Ship]) -> bool:
    """Whether ``fleet`` holds these very ships, in this order."""
    if len(fleet) != len(was):
        return False
    for i in range(len(fleet)):  # noqa: SIM110 - (a loop: all() of a generator is slower)
        if fleet[i] is not was[i]:
            return False
    return True


def _ready_entries(ready: tuple[Any, ...]) -> dict[str, Any]:
    """A lazy record's ready entries (:data:`_READY`) from their values."""
    i, side, status, q, r = ready
    return {"id": i, "side": side, "status": status, "q": q, "r": r}


def _record(s: Ship, ready: tuple[Any, ...], wind: int, tables: Any) -> LazyRecord:
    """A ship's lazy record: ``ready`` (her :data:`_READY` entries) given,
    the rest of :data:`_PARTS` built from her when first read."""
    return LazyRecord(
        _ready_entries(ready),
        _PARTS,
        (s, wind, tables),
        _TOGETHER,
    )


def _renew(record: LazyRecord, s: Ship, ready: tuple[Any, ...], wind: int, tables: Any) -> None:
    """:func:`_record` made again in ``record`` (:meth:`LazyRecord.renew`)."""
    record.renew(_ready_entries(ready), (s, wind, tables))


def _kept_ships(ships: Iterable[Ship], wind: int, tables: Any) -> list[dict[str, Any]]:
    """:func:`_ship_view` for every ship."""
    return [_ship_view(s, wind, tables) for s in ships]


_SHIP_VIEWS: Final[dict[str, tuple[Ship, int, Any, dict[str, Any]]]] = {}
"""The last view built of each ship, with a copy of the ship it was built
from: a ship unchanged since (most of a fleet, most decisions) is not built
again. One entry a ship id, so it never grows past the largest fleet."""


def _ship_view(s: Ship, wind: int, tables: Any) -> dict[str, Any]:
    """:func:`ship_view`, kept while the ship, the wind and the charts are
    the same. Views are read, never changed, by whoever is shown them."""
    hit = _SHIP_VIEWS.get(s.id)
    if hit is not None and hit[1] == wind and hit[2] is tables:
        was = hit[0]
        # where she has moved the whole comparison (guns and all) is not needed
        if was.q == s.q and was.r == s.r and was.facing == s.facing and was == s:
            return hit[3]
    shown = ship_view(s, wind, tables)
    _SHIP_VIEWS[s.id] = (copy_state(s), wind, tables, shown)
    return shown


def _ready(state: State, seat: str | None) -> dict[str, Any]:
    """The view's first, cheap entries (the rest: :func:`_parts`)."""
    return {
        "ruleset": "away-boarders",
        "seat": seat,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "action": state.action + 1,
        "sides": state.sides,
    }


def _field(state: State) -> dict[str, Any]:
    """The field (1.2): its size, the points of island or shore, the wind."""
    return {
        "width": state.width,
        "height": state.height,
        "blocked": [list(b) for b in state.blocked],
        "wind": state.wind,
    }


def _kept(
    last: list[dict[str, Any]],
    same: Callable[[dict[str, Any]], bool],
    make: Callable[[], dict[str, Any]],
) -> dict[str, Any]:
    """The dict in ``last`` (the one shown last) while ``same`` says it still
    shows the state, else a new one from ``make``, kept in ``last`` for the
    next view. Read, never changed, by whoever is shown it."""
    if last and same(last[0]):
        return last[0]
    shown = make()
    last[:] = [shown]
    return shown


_FIELD: Final[list[dict[str, Any]]] = []
"""The last field shown to a computer player (see :func:`_kept_field`)."""


def _kept_field(state: State) -> dict[str, Any]:
    """:func:`_field`, the very dict shown last while it is the same (its
    every entry compared): a computer player may know an unchanged field by
    its ``blocked`` list (:func:`quarterdeck.rulesets.away_boarders.ai._grid`)."""
    return _kept(
        _FIELD,
        lambda was: (
            len(was) == 4
            and was["wind"] == state.wind
            and was["width"] == state.width
            and was["height"] == state.height
            and was["blocked"] == state.blocked
        ),
        lambda: _field(state),
    )


def _victory(state: State) -> dict[str, Any]:
    """The scenario's victory conditions (1.0): the points a ship sunk,
    struck or gone off the field is worth, and what a side's escapes score."""
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in state.victory.items()}


_VICTORY: Final[list[dict[str, Any]]] = []
"""The last victory conditions shown to a computer player (see :func:`_kept_victory`)."""


def _kept_victory(state: State) -> dict[str, Any]:
    """:func:`_victory`, the very dict shown last while it is the same (compared
    whole with the state's): a computer player reads them for most moves."""
    return _kept(_VICTORY, lambda was: was == state.victory, lambda: _victory(state))


def _parts(
    state: State,
    seat: str | None,
    ships: Callable[[Iterable[Ship], int, Any], list[Any]],
    field: Callable[[State], dict[str, Any]],
    victory: Callable[[State], dict[str, Any]],
) -> dict[str, Callable[[], Any]]:
    """The view's other entries, in order, each as a function; the ships'
    views made by ``ships`` (kept or lazy), the field by ``field``, the
    victory conditions by ``victory``."""
    t = tables_with(state.house_rules)
    wind = state.wind
    return {
        "field": lambda: field(state),
        "ships": lambda: ships(state.ships.values(), wind, t),
        "orders": lambda: {s: dict(given) for s, given in state.orders.items() if sees(seat, s)},
        "points": lambda: points(state),
        "victory": lambda: victory(state),
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    out = _ready(state, seat)
    for key, make in _parts(state, seat, _kept_ships, _field, _victory).items():
        out[key] = make()
    return out


def player_view(state: State, seat: str | None) -> LazyView:
    """:func:`view` for a computer player: each ship's entries built only
    where it reads them (:class:`quarterdeck.core.lazyview.LazyRecord`), the
    points and orders only if it reads them, the field and the victory
    conditions kept while the same."""
    return LazyView(
        _ready(state, seat), _parts(state, seat, _lazy_ships, _kept_field, _kept_victory)
    )


def letters(state: State) -> dict[str, str]:
    """A mark for each ship on the grid: capitals for the first side, small
    letters for the other, counted side by side; past 26 ships of a side a
    digit follows the letter (A1, B1, ...)."""
    out: dict[str, str] = {}
    count: dict[str, int] = {}
    for s in state.ships.values():
        n = count.get(s.side, 0)
        count[s.side] = n + 1
        ch = chr(ord("A") + n % 26) + (str(n // 26) if n >= 26 else "")
        out[s.id] = ch if s.side == state.sides[0] else ch.lower()
    return out


def render(state: State, seat: str | None) -> str:
    """The field of points with the ships (letter and facing arrow) and the
    wind, then each ship's display in one or two lines."""
    marks = letters(state)
    at: dict[tuple[int, int], list[Ship]] = {}
    for s in state.ships.values():
        if s.status in ("afloat", "struck"):
            at.setdefault(s.pos, []).append(s)
    blocked = {tuple(b) for b in state.blocked}
    lines = [
        f"Turn {state.turn} of {state.turn_limit}   phase: {state.phase}"
        + (f" {state.action + 1}" if state.phase in ("move", "fire") else "")
        + f"   wind from {pg.DIRECTION_NAMES[state.wind]} {ARROWS[(state.wind + 3) % 6]}"
    ]
    header = "    " + "".join(f"{c:<4d}" for c in range(state.width))
    lines.append(header)
    for row in range(state.height):
        cells = []
        for col in range(state.width):
            p = pg.from_column(col, row)
            here = at.get(p, [])
            if (col, row) in blocked:
                cells.append("##  ")
            elif here:
                s = here[0]
                tag = marks[s.id] + (ARROWS[s.facing] if s.active else "x")
                cells.append((tag + ("+" if len(here) > 1 else "")).ljust(4))
            else:
                cells.append(".   ")
        lines.append(f"{row:>2}  " + ("  " if row % 2 else "") + "".join(cells).rstrip())
    lines.append(
        "    letter = ship (capitals: " + state.sides[0] + "), arrow = her facing, "
        "+ = more ships on the point, x = struck, ## = island or shore"
    )
    lines.append("")
    for s in state.ships.values():
        mast = " ".join(
            f"{n}:{''.join('.' if b == 0 else '/' if b == 1 else 'X' for b in boxes)}"
            for n, boxes in zip(s.mast_names, s.masts, strict=True)
        )
        hull = "".join("." if b == 0 else "/" if b == 1 else "X" for b in s.hull)
        loaded = " ".join(
            f"{b}:{sum(1 for g in s.guns if g.side == b and g.loaded and not g.disabled)}/"
            f"{sum(1 for g in s.guns if g.side == b and not g.disabled)} {s.load[b]}"
            for b in BATTERIES
            if any(g.side == b for g in s.guns)
        )
        crew = " ".join(f"{b}:{s.crew[b]}" for b in TASK_BOXES)
        pos = f"({pg.column(s.pos)},{s.r}) facing {pg.DIRECTION_NAMES[s.facing]}"
        flags = []
        if s.co != "ok":
            flags.append("CAPTAIN DOWN")
        if s.fouled:
            flags.append("fouled")
        if s.grappled:
            flags.append("grappled")
        if s.aground:
            flags.append("AGROUND")
        for other, side in s.abeam.items():
            flags.append(f"{state.ships[other].name} off her {side} side")
        lines.append(
            f"{marks[s.id]} {s.name} [{s.side}] {s.status.upper() if not s.active else ''}"
            f"{pos} {POINT_OF_SAILING[wind_angle(state.wind, s.facing)]}, speed {s.speed}, "
            f"sail {s.sail}{'  ' + ', '.join(flags) if flags else ''}"
        )
        lines.append(f"    masts {mast}  hull {hull}  guns {loaded}")
        lines.append(f"    crew {crew}  casualties {s.casualties}")
    return "\n".join(lines)
