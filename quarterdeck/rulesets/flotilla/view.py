"""What each seat sees of a Flotilla game, and its text picture.

Flotilla has no hidden information: every seat sees the whole table and
every roster card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import copysign
from typing import Any, Final

from quarterdeck.core.lazyview import LazyRecord, LazyView
from quarterdeck.rulesets.flotilla.state import Ship, State

_ROUNDED: Final[dict[float, float]] = {}
"""Places and headings already rounded for the view, by value."""


def shown(v: Any) -> Any:
    """``round(v, 3)``, as the view shows a place or heading; remembered for
    each value (a ship's place is shown at every decision and changes once a
    move; rounding to digits is slow). Zero is not remembered: 0.0 and -0.0
    are one key but round apart. (``Any``: a compiled ``float`` parameter
    would turn a whole number into a float on the way in, and ``5`` is shown
    as ``5``.)"""
    if type(v) is not float or v == 0.0:
        return round(v, 3)
    r = _ROUNDED.get(v)
    if r is None:
        if len(_ROUNDED) > 100_000:
            _ROUNDED.clear()
        r = _ROUNDED[v] = round(v, 3)
    return r


_POSITIVE: Final = (0).__lt__


def _batteries(s: Ship) -> list[dict[str, Any]]:
    """A ship's batteries as her roster card shows them: each one's track,
    how far down it is hit, the dice it fires (Battery.dice) and the guns
    left (Battery.guns: the boxes from there on that fire), worked out here
    in one go (counted by a C loop) rather than by the properties."""
    out = []
    for b in s.batteries:
        track, hits = b.track, b.hits
        out.append(
            {
                "name": b.name,
                "weight": b.weight,
                "track": track,
                "checks": b.checks,
                "hits": hits,
                "dice": track[hits] if hits < len(track) else 0,
                "guns": sum(map(_POSITIVE, track[hits:])),
                "fired": b.fired,
            }
        )
    return out


_SHIP: Final[dict[str, Callable[[Ship], Any]]] = {
    "id": lambda s: s.id,
    "name": lambda s: s.name,
    "side": lambda s: s.side,
    "roster": lambda s: s.roster,
    "class": lambda s: s.cls,
    "length": lambda s: s.length,
    "x": lambda s: shown(s.x),
    "y": lambda s: shown(s.y),
    "heading": lambda s: shown(s.heading),
    "speed": lambda s: s.speed,
    "max_speed": lambda s: s.max_speed,
    "speed_track": lambda s: s.speed_track,
    "speed_lost": lambda s: s.speed_lost,
    "increase": lambda s: s.increase,  # the card's largest increase and decrease a turn
    "decrease": lambda s: s.decrease,
    "turns": lambda s: dict(s.turns),
    "batteries": _batteries,
    "crew": lambda s: s.crew,
    "crew_start": lambda s: s.crew_start,
    "morale": lambda s: s.morale,
    "morale_max": lambda s: s.morale_max,
    "boxes": lambda s: s.grid(),  # in printed order, along the rows
    "box_order": lambda s: list(s.box_cells),  # the printed boxes in the order they are ticked
    "ticked": lambda s: s.ticked,
    "yellow_box": lambda s: s.yellow_box,  # the last len(boxes) - yellow_box ticked are yellow
    "yellow": lambda s: s.yellow,
    "continuing": lambda s: s.continuing,
    "fire_below": lambda s: s.fire_below,
    "fire_above": lambda s: s.fire_above,
    "catastrophic": lambda s: s.catastrophic,
    "status": lambda s: s.status,
    "mood": lambda s: s.mood,
    "moving": lambda s: s.moving,
    "anchored": lambda s: s.anchored,
    "aground": lambda s: s.aground,
    "grappled": lambda s: s.grappled,
    "fired": lambda s: s.fired,
    "no_fire": lambda s: s.no_fire,
    "repairing": lambda s: s.repairing,
    "flagship": lambda s: s.flagship,
    "buttoned_up": lambda s: s.cls == "ironclad" and s.buttoned_up,
    "spar": lambda s: s.spar,
    "party": lambda s: s.party,
    "stopped": lambda s: s.stopped,
    "no_turns": lambda s: s.no_turns,
    "engine_turns": lambda s: s.engine_turns,
    "turn_only": lambda s: s.turn_only,
    "turret": lambda s: s.turret,
    "sank_enemy": lambda s: s.sank_enemy,
    "owner": lambda s: s.owner,
    "captured_by": lambda s: s.captured_by,
}
"""Each entry of a ship's view, in order, from the ship: her card (speed
track, turns, batteries, crew and morale, damage boxes) and where she is."""

_READY: Final[tuple[str, ...]] = ("id", "side", "status", "x", "y", "heading", "length")
"""What a computer player reads of nearly every ship: built at once."""

_READY_LEN: Final = len(_READY)

_READY_MAKE: Final = tuple((key, _SHIP[key]) for key in _READY)


def ship_view(s: Ship) -> dict[str, Any]:
    """One ship as every seat sees her (every entry of :data:`_SHIP`)."""
    return {key: make(s) for key, make in _SHIP.items()}


def _lazy_ship(s: Ship) -> LazyRecord:
    """:func:`ship_view` for a computer player: the few entries it reads of
    nearly every ship ready (:data:`_READY`, made by :data:`_SHIP`'s own
    entries), the rest built when first read."""
    return LazyRecord(_ready_entries(s), _SHIP, (s,))


def _ready_entries(s: Ship) -> dict[str, Any]:
    """A ship's :data:`_READY` entries, by :data:`_SHIP`'s own."""
    return {key: make(s) for key, make in _READY_MAKE}


_LAZY: Final[
    dict[str, tuple[Ship, str, str, float, float, float, float, LazyRecord, dict[str, Any]]]
] = {}
"""The last lazy record made of each ship, with the ship, what its ready
entries were made from and those entries as made (see :func:`_lazy_ships`);
one entry a ship id."""


def _same(was: Any, now: Any) -> bool:
    """Whether ``now`` is shown as ``was`` was: the very number, or the
    same number of the same type and, where zero, of the same sign (-0.0 is
    shown apart from 0.0). A compiled ship (scripts/compile) keeps her
    numbers unboxed, so the same number read twice is not the same object.
    (``Any``, not ``float``: a compiled ``float`` parameter turns ``3`` into
    ``3.0`` on the way in, and ``3`` and ``3.0`` would be the same.)"""
    return was is now or (
        was == now
        and type(was) is type(now)
        and (was != 0.0 or copysign(1.0, was) == copysign(1.0, now))
    )


def _lazy_ships(ships: Iterable[Ship]) -> list[LazyRecord]:
    """:func:`_lazy_ship` of every ship. A ship's last record is shown again
    where nothing was read of it but its ready entries and those are still
    hers (the same ship, side and status, and the same numbers of her place,
    heading and length: :func:`_same`): its other entries
    are worked out from the ship as she is when first read, like a new
    record's (most decisions read nothing more of most ships). Where more
    was read of it, her new record starts from the same ready entries, as
    they were made (the rest may have changed)."""
    kept, out = _LAZY, []
    for s in ships:
        k = kept.get(s.id)
        if (
            k is not None
            and k[0] is s
            and k[1] == s.side
            and k[2] == s.status
            and _same(k[3], s.x)
            and _same(k[4], s.y)
            and _same(k[5], s.heading)
            and _same(k[6], s.length)
        ):
            if dict.__len__(k[7]) == _READY_LEN:
                out.append(k[7])
                continue
            ready = k[8]
        else:
            ready = _ready_entries(s)
        rec = LazyRecord(ready, _SHIP, (s,))  # (a copy: ``ready`` is kept as made)
        kept[s.id] = (s, s.side, s.status, s.x, s.y, s.heading, s.length, rec, ready)
        out.append(rec)
    return out


def _ready(state: State, seat: str | None, ships: list[Any]) -> dict[str, Any]:
    """The view's cheap parts and its ``ships``, in the view's order (the
    rest, :func:`_parts`, falls between them where :data:`_LAYOUT` puts it)."""
    return {
        "ruleset": "flotilla",
        "seat": seat,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "sides": state.sides,
        "gm": state.gm,
        "side_a": state.side_a,
        "visibility": state.visibility,
        "table": list(state.table),
        "current": state.current,
        # the seat's own standing fire orders (standing.py), by "unit:battery"
        "standing": dict(state.standing.get(seat, {})) if seat in state.standing else {},
        "ships": ships,
        "victory": state.victory,
        # the scenario's standing rulings where no one plays the game master
        "rulings": {
            k: state.game_master[k]
            for k in ("ram_hits", "ram_self_hits", "collision_hits", "aground_within")
            if k in state.game_master
        },
    }


_LAYOUT: Final[tuple[str, ...]] = (
    "ruleset",
    "seat",
    "turn",
    "turn_limit",
    "phase",
    "sides",
    "gm",
    "side_a",
    "visibility",
    "events",
    "table",
    "current",
    "land",
    "cover",
    "torpedoes",
    "standing",
    "ships",
    "batteries",
    "troops",
    "grapples",
    "victory",
    "points",
    "rulings",
)
"""The view's entries in order: :func:`_ready`'s and :func:`_parts`'
(the computer player's view is made of the first, the second built where
read, with no entries to fill in and take out again)."""


def _parts(state: State) -> dict[str, Callable[[], Any]]:
    """The view's parts a computer player does not always read, as functions."""
    return {
        "land": lambda: [[list(p) for p in poly] for poly in state.land],
        "cover": lambda: [[list(p) for p in poly] for poly in state.cover],
        "torpedoes": lambda: [list(p) for p in state.torpedoes],
        "events": lambda: list(state.events),
        "batteries": lambda: [
            {
                "id": b.id,
                "name": b.name,
                "side": b.side,
                "x": b.x,
                "y": b.y,
                "facing": b.facing,
                "guns": b.guns,
                "guns_max": b.guns_max,
                "weight": b.weight,
                "garrison": b.garrison,
                "fired": b.fired,
                "captured_by": b.captured_by,
                "destroyed": b.destroyed,
            }
            for b in state.batteries.values()
        ],
        "troops": lambda: [
            {
                "id": tr.id,
                "name": tr.name,
                "side": tr.side,
                "men": tr.men,
                "leaders": tr.leaders,
                "quality": tr.quality,
                "mounted": tr.mounted,
                "x": shown(tr.x),
                "y": shown(tr.y),
                "facing": round(tr.facing, 1),
                "aboard": tr.aboard,
                "fort": tr.fort,
                "fired": tr.fired,
            }
            for tr in state.troops.values()
        ],
        "grapples": lambda: [list(g) for g in state.grapples],
        "points": lambda: points(state),
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    """The whole table and every roster card (no hidden information)."""
    ready = _ready(state, seat, [ship_view(s) for s in state.ships.values()])
    parts = _parts(state)
    return {key: ready[key] if key in ready else parts[key]() for key in _LAYOUT}


def player_view(state: State, seat: str | None) -> LazyView:
    """:func:`view` for a computer player: the land, the forts, the troops,
    the torpedoes, the points and each ship's damage boxes built only if it
    reads them (issue 14; most of its questions need a few of them)."""
    return LazyView(_ready(state, seat, _lazy_ships(state.ships.values())), _parts(state))


def points(state: State) -> dict[str, int]:
    """Each side's points on the scenario's objectives as things stand."""
    from quarterdeck.rulesets.flotilla.rules import score

    return {side: score(state, side) for side in state.sides}


def card(s: Ship) -> list[str]:
    """A ship's roster card as text: tracks with the current box in
    brackets, the damage grid with ticked boxes as X."""
    flags = [s.status.upper()] if s.status != "active" else []
    for on, text in (
        (s.yellow, "YELLOW"),
        (s.catastrophic, "CATASTROPHIC FIRE"),
        (s.fire_below > 0, "fire below"),
        (s.fire_above > 0, "fire above"),
        (s.aground, "aground"),
        (s.repairing, "repairing: fired guns not reloaded"),
        (s.grappled is not None, f"grappled with {s.grappled}"),
        (bool(s.mood), s.mood),
        (s.flagship, "flagship"),
        (s.cls == "ironclad" and not s.buttoned_up, "not buttoned up: may be boarded"),
    ):
        if on:
            flags.append(text)
    lines = [
        f"  {s.name} [{s.cls}] {s.side}  at ({s.x:.1f}, {s.y:.1f}) heading {s.heading:.0f}"
        + (f"  ({', '.join(flags)})" if flags else "")
    ]
    speeds = " ".join(
        f"[{v}]" if v == s.speed else ("x" if v > s.max_speed else str(v)) for v in s.speed_track
    )
    turns = ", ".join(f"{k} {v}" for k, v in s.turns.items())
    held = f"   prize of {s.captured_by}" if s.captured_by and s.afloat else ""
    lines.append(f"    speed {speeds}   turns up to: {turns}{held}")
    for b in s.batteries:
        track = " ".join(
            ("x" if i < b.hits else f"[{v}]" if i == b.hits else str(v))
            + ("c" if v in b.checks else "")
            for i, v in enumerate(b.track)
        )
        lines.append(f"    {b.name:<9} ({b.weight}) {track}" + ("  fired" if b.fired else ""))
    lines.append(
        f"    crew {s.crew}/{s.crew_start}   morale {s.morale}/{s.morale_max}"
        f"   continuing damage {s.continuing}"
    )
    cols = 6
    grid = s.grid()
    ticked = set(s.box_cells[: s.ticked])
    yellow = set(s.box_cells[s.yellow_box :])
    for r in range(0, len(grid), cols):
        row = []
        for i in range(r, min(r + cols, len(grid))):
            box = grid[i] or "."
            row.append(("X" if i in ticked else box) + ("y" if i in yellow else ""))
        lines.append(("    | " + " ".join(f"{c:<3}" for c in row)).rstrip())
    lines.append("    (X ticked, y yellow zone; ticked down each column, left to right)")
    return lines


ARROWS: Final = "^/>\\v/<\\"


def table_map(state: State, cols: int = 48) -> list[str]:
    """A character map of the table, north up: land #, cover ashore %,
    torpedoes *, forts F,
    troops @, ships by the first letter of their id (capitals for the first
    side) with an arrow for the heading, hulks x."""
    from quarterdeck.rulesets.flotilla.fire import terrain

    width, height = state.table
    scale = width / cols
    rows = max(1, round(height / scale / 2))
    grid = [[" "] * cols for _ in range(rows)]
    land = terrain(state)

    def cell(x: float, y: float) -> tuple[int, int] | None:
        c, r = int(x / scale), rows - 1 - int(y / (scale * 2))
        return (r, c) if 0 <= r < rows and 0 <= c < cols else None

    if land:
        for r in range(rows):
            for c in range(cols):
                x, y = (c + 0.5) * scale, (rows - 1 - r + 0.5) * scale * 2
                if land.is_land((x, y)):
                    grid[r][c] = "#"
    if state.cover:
        from quarterdeck.rulesets.flotilla.land import in_cover

        for r in range(rows):
            for c in range(cols):
                x, y = (c + 0.5) * scale, (rows - 1 - r + 0.5) * scale * 2
                if in_cover(state, (x, y)):
                    grid[r][c] = "%"
    marks: list[tuple[float, float, str]] = [(x, y, "*") for x, y in state.torpedoes]
    marks += [(b.x, b.y, "F") for b in state.batteries.values()]
    marks += [
        (tr.x, tr.y, "@")
        for tr in state.troops.values()
        if tr.alive and tr.aboard is None and tr.fort is None
    ]
    for s in state.ships.values():
        if s.status == "sunk":
            continue
        letter = s.id[0].upper() if s.side == state.sides[0] else s.id[0].lower()
        if s.status == "hulk":
            letter = "x"
        marks.append((s.x, s.y, letter))
        ahead = int(((s.heading + 22.5) % 360) // 45)
        tip = cell(s.x, s.y)
        if tip is not None and s.status != "hulk":
            r, c = tip
            dc = (0, 1, 1, 1, 0, -1, -1, -1)[ahead]
            dr = (-1, -1, 0, 1, 1, 1, 0, -1)[ahead]
            if 0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc] == " ":
                grid[r + dr][c + dc] = ARROWS[ahead]
    for x, y, mark in marks:
        where = cell(x, y)
        if where is not None:
            grid[where[0]][where[1]] = mark
    border = "+" + "-" * cols + "+"
    return [border, *("|" + "".join(row) + "|" for row in grid), border]


def render(state: State, seat: str | None) -> str:
    """The table and every ship's card, as plain text for the terminal."""
    lines = [
        f"Turn {state.turn} of {state.turn_limit}   phase {state.phase}   "
        f"visibility {state.visibility}   current "
        + ("slack" if state.current is None else f"toward {state.current:g}")
        + f"   side A {state.side_a or '-'}"
    ]
    lines += table_map(state)
    first = state.sides[0] if state.sides else ""
    lines.append(
        f"  # land  % cover ashore  * torpedo  F fort  @ troops  letters: ships "
        f"(capitals: {first}), arrow her heading, x hulk"
    )
    for obj in state.victory.get("objectives", []):
        lines.append(f"objective ({obj['side']}, {obj['points']} each): {obj['text']}")
    for side in state.sides:
        lines.append(f"{side}:")
        for s in state.ships.values():
            if s.side == side:
                lines.extend(card(s))
        for b in state.batteries.values():
            if b.side == side:
                held = f" captured by {b.captured_by}" if b.captured_by else ""
                lines.append(
                    f"  {b.name} (land battery) at ({b.x:.1f}, {b.y:.1f}): "
                    f"{b.guns}/{b.guns_max} {b.weight} guns{held}"
                )
        for tr in state.troops.values():
            if tr.side == side:
                where = (
                    f"aboard {tr.aboard}"
                    if tr.aboard
                    else f"in {tr.fort}"
                    if tr.fort
                    else f"at ({tr.x:.1f}, {tr.y:.1f})"
                )
                lines.append(f"  {tr.name}: {tr.men} men, {tr.leaders} leaders, {where}")
    return "\n".join(lines)
