"""What each seat may see of a Cutting Out Party game, what is hidden from
whom, and the terminal picture.

Until the raiders are seen (Defender attempts to spot) their boats, their
figures, their rolls and their orders are theirs alone (and the umpire's):
the defenders and spectators see the harbour, the ship and the batteries,
and know only which boats the raid has, not where they are.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from quarterdeck.core.hidden import Secret, sees
from quarterdeck.core.lazyview import LazyRecord, LazyView
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import deck_held_by, hatch_held, visible
from quarterdeck.rulesets.cutting_out.events import TITLES, event_words
from quarterdeck.rulesets.cutting_out.firing import Vec, crews, gun_point, gun_ready
from quarterdeck.rulesets.cutting_out.rules import STEP_NAMES
from quarterdeck.rulesets.cutting_out.spotting import fire_turn, respond_turn
from quarterdeck.rulesets.cutting_out.state import Figure, Gun, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

FIGURE_LETTERS: Final = {
    "sailor": "s",
    "marine": "m",
    "soldier": "t",
    "officer": "o",
    "gun-crew": "g",
}


def hidden(state: State) -> list[Secret]:
    """What is hidden from whom: while the raiders are unseen, where their
    boats are and how they lie, where their figures stand, the moves they
    have rolled, the orders they are giving, the boat an event card lost."""
    if state.detected:
        return []
    own = (state.raiders,)
    out: list[Secret] = []
    for boat in state.boats.values():
        if boat.side != state.raiders:
            continue
        for name in ("x", "y", "heading", "last_move"):
            out.append(Secret(("boats", boat.id, name), own))
        out.append(Secret(("boats", boat.id, "alongside"), own, decoy=""))
        out.append(Secret(("boats", boat.id, "landed"), own, decoy=""))
        out.append(Secret(("boats", boat.id, "toward"), own, decoy="exit"))
    for fig in state.figures.values():
        if fig.side != state.raiders:
            continue
        out.append(Secret(("figures", fig.id, "x"), own))
        out.append(Secret(("figures", fig.id, "y"), own))
        out.append(Secret(("figures", fig.id, "climbing"), own, decoy=""))
    out.append(Secret(("allowance",), own))
    out.append(Secret(("rowing",), own, decoy=[]))
    out.append(Secret(("challenge",), own, decoy={}))
    out.append(Secret(("ensign_boat",), own, decoy=""))
    if state.ask is not None and state.ask.get("seat") == state.raiders:
        out.append(Secret(("ask",), own, decoy=None))
    return out


_ROUNDED: Final[dict[float, float]] = {}


def _r(v: float) -> float:
    """``round(v, 2)``, remembered: most figures and every ship stand still
    from one view to the next, and ``round`` is the view's largest cost.
    Only non-zero floats are kept (0.0 and -0.0, 1 and 1.0 share a key)."""
    if type(v) is not float or not v:
        return round(v, 2)
    got = _ROUNDED.get(v)
    if got is None:
        if len(_ROUNDED) > 100_000:  # bounded over a long run
            _ROUNDED.clear()
        got = _ROUNDED[v] = round(v, 2)
    return got


Decks = Callable[[], tuple[dict[str, list[Figure]], dict[str, list[Figure]]]]
"""Every figure on a deck and below decks, by ship: worked out once a view
(:func:`_decks`), when a ship's entry first needs it."""


def _decks(state: State) -> Decks:
    """The figures on each ship's deck and below her decks, in one pass over
    the figures when first asked (each ship's state.on_deck and
    state.below: the same figures, in the same order)."""
    kept: list[tuple[dict[str, list[Figure]], dict[str, list[Figure]]]] = []

    def find() -> tuple[dict[str, list[Figure]], dict[str, list[Figure]]]:
        if not kept:
            decks: dict[str, list[Figure]] = {}
            holds: dict[str, list[Figure]] = {}
            for f in state.figures.values():
                if f.fate:
                    continue
                if f.where == "deck":
                    decks.setdefault(f.place, []).append(f)
                elif f.where == "below":
                    holds.setdefault(f.place, []).append(f)
            kept.append((decks, holds))
        return kept[0]

    return find


def _hatch_held_by(state: State, t: Tables, ship: Ship, show: bool, decks: Decks) -> str | None:
    """The side holding the ship's main hatch (Morale: Ship's Crew), as the seat may know it."""
    deck = decks()[0].get(ship.id, [])
    return next(
        (
            s
            for s in (state.raiders, state.defenders)
            if (show or s != state.raiders) and hatch_held(state, t, ship, s, deck)
        ),
        None,
    )


def _hatch(ship: Ship, t: Tables) -> list[float]:
    hx, hy = harbour.hatch(ship, t)
    return [_r(hx), _r(hy)]


ShipEntry = Callable[[State, Tables, Ship, bool, Decks], Any]

_SHIP: Final[dict[str, ShipEntry]] = {
    "id": lambda st, t, s, show, decks: s.id,
    "name": lambda st, t, s, show, decks: s.name,
    "side": lambda st, t, s, show, decks: s.side,
    "nation": lambda st, t, s, show, decks: s.nation,
    "x": lambda st, t, s, show, decks: _r(s.x),
    "y": lambda st, t, s, show, decks: _r(s.y),
    "heading": lambda st, t, s, show, decks: _r(s.heading),
    "length": lambda st, t, s, show, decks: _r(s.length),
    "beam": lambda st, t, s, show, decks: _r(s.beam),
    "hull_points": lambda st, t, s, show, decks: s.hull_points,
    "hull_hits": lambda st, t, s, show, decks: s.hull_hits,
    "rig": lambda st, t, s, show, decks: s.rig,
    "half_rigged": lambda st, t, s, show, decks: s.rig >= t.rigging.half,
    "fully_rigged": lambda st, t, s, show, decks: s.rig >= t.rigging.full,
    "status": lambda st, t, s, show, decks: s.status,
    "docile": lambda st, t, s, show, decks: s.docile,
    "prize": lambda st, t, s, show, decks: s.id == st.prize,
    "hatch": lambda st, t, s, show, decks: _hatch(s, t),
    "hatch_size": lambda st, t, s, show, decks: t.deck.hatch_size,
    "hatch_held_by": _hatch_held_by,
    "points": lambda st, t, s, show, decks: {
        k: [_r(x), _r(y)] for k, (x, y) in harbour.boarding_points(s, t).items()
    },
    "outline": lambda st, t, s, show, decks: [[_r(x), _r(y)] for x, y in harbour.outline(s)],
    "held_by": lambda st, t, s, show, decks: (
        deck_held_by(st, s, decks()[0].get(s.id, [])) if show else None
    ),
    "crew_below": lambda st, t, s, show, decks: len(decks()[1].get(s.id, [])),
    "breaking_out": lambda st, t, s, show, decks: sum(
        1 for f in decks()[1].get(s.id, []) if f.breaking_out
    ),
}
"""Each entry of a ship's view (hull, rigging, hatch, boarding points), in
order, from the state, the tables, the ship, whether the seat sees the
raiders, and the figures on each deck and below."""


def _ships(state: State, t: Tables, show_raiders: bool) -> list[dict[str, Any]]:
    """Each ship as the seat sees her: every entry of :data:`_SHIP`."""
    decks = _decks(state)
    return [
        {key: make(state, t, ship, show_raiders, decks) for key, make in _SHIP.items()}
        for ship in state.ships.values()
    ]


def _lazy_ships(state: State, t: Tables, show_raiders: bool) -> list[LazyRecord]:
    """:func:`_ships` for a computer player: what it reads of every ship
    ready, the rest (the hatch, the boarding points, the outline, who
    holds the deck, the crew below) built when first read."""
    decks = _decks(state)
    return [
        LazyRecord(
            {"id": ship.id, "status": ship.status, "prize": ship.id == state.prize},
            _SHIP,
            (state, t, ship, show_raiders, decks),
        )
        for ship in state.ships.values()
    ]


Served = Callable[[Gun], tuple[str | None, list[Figure]]]
"""A gun's serving side and crew as the seat sees them."""

GunEntry = Callable[[State, Tables, Gun, Served], Any]

_GUN: Final[dict[str, GunEntry]] = {
    "id": lambda st, t, g, served: g.id,
    "name": lambda st, t, g, served: g.name,
    "kind": lambda st, t, g, served: g.kind,
    "platform": lambda st, t, g, served: g.platform,
    "owner": lambda st, t, g, served: g.owner,
    "x": lambda st, t, g, served: _r(gun_point(st, g)[0]),
    "y": lambda st, t, g, served: _r(gun_point(st, g)[1]),
    "deck_x": lambda st, t, g, served: _r(g.x) if g.platform == "ship" else None,
    "deck_y": lambda st, t, g, served: _r(g.y) if g.platform == "ship" else None,
    "facing": lambda st, t, g, served: _r(g.facing),
    "arc": lambda st, t, g, served: g.arc,
    "crew": lambda st, t, g, served: g.crew,
    "served_by": lambda st, t, g, served: served(g)[0],
    "serving": lambda st, t, g, served: len(served(g)[1]),
    "ready": lambda st, t, g, served: gun_ready(st, g),
    "silenced": lambda st, t, g, served: g.silenced_game or g.silenced_until >= st.turn,
    "destroyed": lambda st, t, g, served: g.destroyed,
    "spiked": lambda st, t, g, served: g.spiked,
    "reach": lambda st, t, g, served: t.cannon.reach(g.kind),
}
"""Each entry of a gun's view (where it points, who serves it), in order,
from the state, the tables, the gun and who serves it as the seat sees."""


def _seen(
    state: State, show_raiders: bool, manned: tuple[str | None, list[Figure]]
) -> tuple[str | None, list[Figure]]:
    """A gun's serving side and crew as the seat sees them: raiders at a
    gun are hidden while unseen."""
    if manned[0] == state.raiders and not show_raiders:
        return None, []
    return manned


def _guns(state: State, t: Tables, show_raiders: bool, pts: dict[str, Vec]) -> list[dict[str, Any]]:
    """Each gun, where it points, and who serves it (raiders at a gun are hidden while unseen)."""
    manned = crews(state, t, pts)

    def served(gun: Gun) -> tuple[str | None, list[Figure]]:
        return _seen(state, show_raiders, manned[gun.id])

    return [
        {key: make(state, t, gun, served) for key, make in _GUN.items()}
        for gun in state.guns.values()
    ]


def _lazy_guns(state: State, t: Tables, show_raiders: bool) -> list[LazyRecord]:
    """:func:`_guns` for a computer player: each gun's id and owner ready,
    the rest built when first read, the crews found for the guns of one
    ship or battery at a time, when one of them is first asked who serves
    it (a gun's crew is the figures at it, whatever the other guns: crews
    of that owner alone, each figure's place found for her alone)."""
    by_owner: dict[str, dict[str, tuple[str | None, list[Figure]]]] = {}

    def served(gun: Gun) -> tuple[str | None, list[Figure]]:
        manned = by_owner.get(gun.owner)
        if manned is None:
            manned = by_owner[gun.owner] = crews(state, t, None, gun.owner)
        return _seen(state, show_raiders, manned[gun.id])

    return [
        LazyRecord({"id": gun.id, "owner": gun.owner}, _GUN, (state, t, gun, served))
        for gun in state.guns.values()
    ]


def _boats(state: State, t: Tables, seat: str | None, show_raiders: bool) -> list[dict[str, Any]]:
    """The boats the seat may see, each with how many are in her
    (state.aboard), counted for every boat in one pass over the figures."""
    boats = []
    aboard: dict[str, int] | None = None
    for boat in state.boats.values():
        if not visible(state, boat.side, seat) and not show_raiders:
            continue
        if aboard is None:
            aboard = {}
            for f in state.figures.values():
                if f.where == "boat" and not f.fate:
                    aboard[f.place] = aboard.get(f.place, 0) + 1
        boats.append(
            {
                "id": boat.id,
                "name": boat.name,
                "kind": boat.kind,
                "title": t.boats[boat.kind].title if boat.kind in t.boats else boat.kind,
                "side": boat.side,
                "x": _r(boat.x),
                "y": _r(boat.y),
                "heading": _r(boat.heading),
                "length": _r(boat.length),
                "beam": _r(harbour.boat_beam(boat)),
                "hull_points": boat.hull_points,
                "hull_hits": boat.hull_hits,
                "alongside": boat.alongside,
                "landed": boat.landed,
                "status": boat.status,
                "aboard": aboard.get(boat.id, 0),
                "capacity": boat.capacity,
                "task": boat.task,
            }
        )
    return boats


def _figures(state: State, show_raiders: bool, pts: dict[str, Vec]) -> list[dict[str, Any]]:
    """The figures on the table the seat may see, with their places on it."""
    figures = []
    for f in state.figures.values():
        if not f.active or f.where == "below":
            continue
        if f.side == state.raiders and not show_raiders:
            continue
        p = pts.get(f.id)
        figures.append(
            {
                "id": f.id,
                "side": f.side,
                "party": f.party,
                "kind": f.kind,
                "nation": f.nation,
                "where": f.where,
                "place": f.place,
                "x": _r(f.x),
                "y": _r(f.y),
                "tx": _r(p[0]) if p else None,
                "ty": _r(p[1]) if p else None,
                "charismatic": f.charismatic,
                "climbing": f.climbing,
                "wet": f.wet_until >= state.turn,
            }
        )
    return figures


def _parties(state: State, show_raiders: bool) -> list[dict[str, Any]]:
    """Each party and, where the seat may see them, its losses, morale and order."""
    parties = []
    members: dict[str, list[Any]] = {}
    for f in state.figures.values():
        members.setdefault(f.party, []).append(f)
    for party in state.parties.values():
        if party.start <= 0:
            continue
        entry: dict[str, Any] = {
            "id": party.id,
            "name": party.name,
            "side": party.side,
            "kind": party.kind,
            "nation": party.nation,
            "start": party.start,
        }
        if party.side != state.raiders or show_raiders:
            fates: dict[str, int] = {}  # the party's figures by fate, counted in one pass
            for f in members.get(party.id, ()):
                fates[f.fate] = fates.get(f.fate, 0) + 1
            entry.update(
                left=fates.get("", 0),
                dead=fates.get("dead", 0),
                captured=fates.get("captured", 0) + fates.get("surrendered", 0),
                out=fates.get("out", 0),
                escaped=fates.get("escaped", 0),
                morale=party.morale,
                formed=party.formed,
                order=party.order,
            )
        else:
            entry["hidden"] = True
        parties.append(entry)
    return parties


def _alarm(state: State, t: Tables) -> dict[str, Any]:
    """Whether the raiders are seen, and when the alarm brings the crews and garrison."""
    alarm: dict[str, Any] = {"detected": state.detected}
    if state.detected or state.alarm_turn:
        alarm.update(
            spotted_turn=state.spotted_turn if state.detected else None,
            alarm_turn=state.alarm_turn,
            reason=state.alarm_reason,
            crew_respond=respond_turn(state, t),
            crew_fire=fire_turn(state, t),
            garrison_respond=respond_turn(state, t, garrison=True),
            garrison_fire=fire_turn(state, t, garrison=True),
        )
    return alarm


def _landings(state: State) -> list[dict[str, Any]]:
    """The landing places: beaches and moles (Movement: boats land)."""
    return [
        {"id": lg.id, "name": lg.name, "kind": lg.kind, "x": lg.x, "y": lg.y}
        for lg in state.landings.values()
    ]


def _batteries(state: State) -> list[dict[str, Any]]:
    """The shore batteries, their forts and who holds them."""
    return [
        {
            "id": b.id,
            "name": b.name,
            "side": b.side,
            "outline": [[x, y] for x, y in b.outline],
            "x": _r(b.x),
            "y": _r(b.y),
            "captured_by": b.captured_by,
        }
        for b in state.batteries.values()
    ]


def _ready(state: State, t: Tables, seat: str | None, show_raiders: bool) -> dict[str, Any]:
    """The view's small parts, with a None in the place of each of
    :func:`_parts`' (the keys keep the view's order)."""
    deck = state.events
    light = t.light[state.light]  # type: ignore[index]
    return {  # the parts (None here) are put in their places by the caller
        "ruleset": "cutting-out",
        "seat": seat,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "step": STEP_NAMES.get(state.phase, state.phase),
        "light": state.light,
        "light_title": light.title,
        "event": state.event,
        "event_title": TITLES.get(state.event, "") if state.event else "",
        "event_words": event_words(state.event),
        "events_deck": None
        if deck is None
        else {"left": len(deck.cards), "drawn": list(deck.drawn)},
        "raiders": state.raiders,
        "defenders": state.defenders,
        "prize": state.prize,
        "table": [state.table[0], state.table[1]],
        "exit": state.exit,
        "land": None,
        "earthworks": None,
        "landings": None,
        "batteries": None,
        "ships": None,
        "guns": None,
        "boats": None,
        "raiders_hidden": not show_raiders,
        "figures": None,
        "parties": None,
        "alarm": None,
        "prisoners": dict(state.prisoners),
        "spotting": [b.max for b in t.spotting.bands],
        "base": t.figures.base,
    }


# --------------------------------------------------------------------------
# The terminal picture


def _parts(
    state: State, t: Tables, seat: str | None, show_raiders: bool, lazy: bool = False
) -> dict[str, Callable[[], Any]]:
    """The view's costly parts, each a function that builds it: the lie of
    the harbour (land, earthworks, landings, batteries: a computer player
    reads them for a boat's or a landing party's orders alone), the ships,
    guns, boats, figures, parties and alarm (the figures' places on the
    table worked out once for the guns and the figures);
    ``lazy``: each ship and gun a record whose costly entries are built
    when read (:func:`_lazy_ships`, :func:`_lazy_guns`, for a computer player)."""
    places: list[dict[str, Vec]] = []

    def pts() -> dict[str, Vec]:
        if not places:
            places.append(harbour.points(state))
        return places[0]

    return {
        "land": lambda: [[[x, y] for x, y in p] for p in state.land],
        "earthworks": lambda: [[[x, y] for x, y in p] for p in state.earthworks],
        "landings": lambda: _landings(state),
        "batteries": lambda: _batteries(state),
        "ships": lambda: (_lazy_ships if lazy else _ships)(state, t, show_raiders),
        "guns": lambda: (
            _lazy_guns(state, t, show_raiders) if lazy else _guns(state, t, show_raiders, pts())
        ),
        "boats": lambda: _boats(state, t, seat, show_raiders),
        "figures": lambda: _figures(state, show_raiders, pts()),
        "parties": lambda: _parties(state, show_raiders),
        "alarm": lambda: _alarm(state, t),
    }


def view(state: State, t: Tables, seat: str | None) -> dict[str, Any]:
    """The game as ``seat`` sees it (None: a spectator; "*": everything)."""
    show_raiders = state.detected or sees(seat, state.raiders)
    out = _ready(state, t, seat, show_raiders)
    for key, make in _parts(state, t, seat, show_raiders).items():
        out[key] = make()
    return out


def player_view(state: State, t: Tables, seat: str | None) -> LazyView:
    """:func:`view` for a computer player: the parts of :func:`_parts` built
    only if it reads them (most questions need one or two of them), and of
    each ship only the entries it reads."""
    show_raiders = state.detected or sees(seat, state.raiders)
    parts = _parts(state, t, seat, show_raiders, lazy=True)
    ready = {k: v for k, v in _ready(state, t, seat, show_raiders).items() if k not in parts}
    return LazyView(ready, parts)


def render(state: State, t: Tables, seat: str | None) -> str:
    """The harbour as a character map with the deck cut-out beside it, then
    the parties and the state of the alarm."""
    v = view(state, t, seat)
    left = harbour_map(v)
    right = deck_map(v)
    width = max(len(line) for line in left)
    rows = max(len(left), len(right))
    lines = []
    for n in range(rows):
        a = left[n] if n < len(left) else ""
        b = right[n] if n < len(right) else ""
        lines.append(f"{a:<{width}}   {b}".rstrip())
    lines.append("")
    lines.extend(status_lines(v))
    return "\n".join(lines)


def harbour_map(v: dict[str, Any]) -> list[str]:
    """The table at 1 inch a column and 2 inches a row, north up."""
    w, h = v["table"]
    cols, rows = math.ceil(w), math.ceil(h / 2)
    grid = [[" " for _ in range(cols)] for _ in range(rows)]

    def put(x: float, y: float, ch: str) -> None:
        c, r = int(x), rows - 1 - int(y / 2)
        if 0 <= c < cols and 0 <= r < rows:
            grid[r][c] = ch

    from shapely.geometry import Point, Polygon

    polys = [Polygon(p) for p in v["land"] if len(p) >= 3]
    for r in range(rows):
        for c in range(cols):
            p = Point(c + 0.5, (rows - 1 - r) * 2 + 1)
            if any(poly.contains(p) for poly in polys):
                grid[r][c] = "#"
    for b in v["batteries"]:
        for x, y in b["outline"]:
            put(x, y, "+")
        put(b["x"], b["y"], "B")
    for lg in v["landings"]:
        put(lg["x"], lg["y"], "=" if lg["kind"] != "beach" else "~")
    for s in v["ships"]:
        if s["status"] in ("sunk", "at-sea"):
            continue
        for k in range(int(s["length"]) + 1):
            x = s["x"] + math.sin(math.radians(s["heading"])) * (k - s["length"] / 2)
            y = s["y"] + math.cos(math.radians(s["heading"])) * (k - s["length"] / 2)
            put(x, y, "S")
    for n, b in enumerate(v["boats"]):
        if b["status"] == "afloat":
            put(b["x"], b["y"], str(n + 1))
    for f in v["figures"]:
        if f["where"] == "land" and f["tx"] is not None:
            put(f["tx"], f["ty"], "r" if f["side"] == v["raiders"] else "d")
    edge = {"west": "<", "east": ">", "north": "^", "south": "v"}[v["exit"]]
    title = f"Harbour {w:g} x {h:g} in, 1 col = 1 in, 1 row = 2 in; {edge} the open sea"
    border = "+" + "-" * cols + "+"
    out = [title, border]
    for r in range(rows):
        row = "".join(grid[r])
        lead = edge if v["exit"] == "west" else "|"
        tail = edge if v["exit"] == "east" else "|"
        out.append(f"{lead}{row}{tail}")
    out.append(border)
    marks = ["# land", "S ship", "B battery (+ its corners)", "~ beach", "= mole"]
    if any(f["where"] == "land" and f["tx"] is not None for f in v["figures"]):
        marks.append("r/d a raider/defender ashore")
    for n, b in enumerate(v["boats"]):
        if b["status"] == "afloat":
            marks.append(f"{n + 1} {b['name']}")
    # the legend kept to the map's width: a longer line pushed the deck beside
    # it off a 120-column terminal, which then wrapped every row of both
    line = ""
    for mark in marks:
        if line and len(line) + 2 + len(mark) > len(border):
            out.append(line)
            line = mark
        else:
            line = f"{line}  {mark}" if line else mark
    out.append(line)
    if v["raiders_hidden"]:
        out.append("(the raiders have not been seen: their boats are not shown)")
    return out


def deck_map(v: dict[str, Any]) -> list[str]:
    """The prize's deck cut-out at 2 columns and 2 rows an inch, bow up."""
    ship = next((s for s in v["ships"] if s["prize"]), None)
    if ship is None:
        return []
    length, beam = ship["length"], ship["beam"]
    rows, cols = math.ceil(length * 2) + 1, math.ceil(beam * 2) + 1
    grid = [["." for _ in range(cols)] for _ in range(rows)]

    def put(dx: float, dy: float, ch: str) -> None:
        r = rows - 1 - round(dx * 2)
        c = round((dy + beam / 2) * 2)
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = ch

    hx, hy = ship["hatch"]
    for ox in (-0.25, 0.25):
        for oy in (-0.25, 0.25):
            put(hx + ox, hy + oy, "H")
    for px, py in ship["points"].values():
        put(px, py, "*")
    for g in v["guns"]:
        if g["owner"] == ship["id"] and g["deck_x"] is not None:
            put(g["deck_x"], g["deck_y"], "G" if not g["destroyed"] else "x")
    for f in v["figures"]:
        if f["where"] == "deck" and f["place"] == ship["id"]:
            ch = FIGURE_LETTERS.get(f["kind"], "?")
            put(f["x"], f["y"], ch.upper() if f["side"] == v["raiders"] else ch)
    out = [f"{ship['name']}'s deck (bow up)", " " + "_" * cols]
    out += ["|" + "".join(row) + "|" for row in grid]
    out.append(" " + "-" * cols)
    out.append("H hatch  * boarding point  G gun")
    out.append("UPPER raiders, lower defenders:")
    out.append("s sailor m marine t soldier")
    out.append("o officer g gun crew")
    out.append(f"crew below: {ship['crew_below']}" + (" (docile)" if ship["docile"] else ""))
    out.append(f"rigging {ship['rig']}/20/40  hull {ship['hull_hits']}/{ship['hull_points']}")
    return out


def status_lines(v: dict[str, Any]) -> list[str]:
    out = [
        f"Turn {v['turn']} of {v['turn_limit']}"
        # a night raid ends at dawn; a daylight one when its time is up (victory.py)
        + ("" if v["light"] == "day" else " before dawn")
        + f"  {v['step']}  {v['light_title']}"
        + (f"  {v['event_words']}" if v["event"] else "")
    ]
    alarm = v["alarm"]
    seen = (
        f"Raiders seen on turn {alarm['spotted_turn']}"
        if alarm["detected"]
        else "The raiders have not been seen"
    )
    if "alarm_turn" in alarm:
        when = "before the game" if alarm["alarm_turn"] < 1 else f"turn {alarm['alarm_turn']}"
        seen += (
            f"; alarm {when}; crew turn out {alarm['crew_respond']}, fire {alarm['crew_fire']}; "
            f"garrison turns out {alarm['garrison_respond']}, fires {alarm['garrison_fire']}"
        )
    out.append(seen)
    for p in v["parties"]:
        if p.get("hidden"):
            out.append(f"  {p['side']}: {p['name']} ({p['start']}), whereabouts unknown")
            continue
        flags = [p["morale"]] if p["morale"] != "steady" else []
        if p["formed"]:
            flags.append("formed")
        lost = []
        for key in ("dead", "captured", "out", "escaped"):
            if p[key]:
                lost.append(f"{p[key]} {key}")
        out.append(
            f"  {p['side']}: {p['name']}: {p['left']} of {p['start']}"
            + (f" ({', '.join(lost)})" if lost else "")
            + (f" [{', '.join(flags)}]" if flags else "")
        )
    for b in v["boats"]:
        where = (
            f"alongside at {b['alongside'].split(':')[1]}"
            if b["alongside"]
            else f"at {b['landed']}"
            if b["landed"]
            else f"at ({b['x']:.0f}, {b['y']:.0f})"
        )
        out.append(
            f"  {b['name']} ({b['title']}): {b['aboard']} aboard, {where}, hull "
            f"{b['hull_hits']}/{b['hull_points']}"
            + (f" [{b['status']}]" if b["status"] != "afloat" else "")
        )
    return out
