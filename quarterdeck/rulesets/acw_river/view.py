"""What each seat may see, the declaration of what is hidden, and the
terminal picture.

``view(state, seat)``: ``seat`` is a side (its own ships, commanders'
dice, orders, plots, fire orders and objective cards; the enemy ships it
has sighted; which minefields it knows to be real), ``None`` (a spectator:
only what every side may see) or ``"*"`` (everything: the umpire, or a
finished game). ``hidden(state)`` lists the same secrets as paths into the
state, for the hidden-information conformance check.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from quarterdeck.core.hidden import EVERYTHING, Secret, sees as core_sees
from quarterdeck.core.lazyview import LazyRecord, LazyView
from quarterdeck.rulesets.acw_river import standing
from quarterdeck.rulesets.acw_river.commanders import readings
from quarterdeck.rulesets.acw_river.movement import effective_max, path_points
from quarterdeck.rulesets.acw_river.setup import order_text
from quarterdeck.rulesets.acw_river.state import Commander, Fort, Plot, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import current_at, hull
from quarterdeck.rulesets.acw_river.visibility import knowers


def sees(seat: str | None, owners: set[str] | tuple[str, ...] | str) -> bool:
    """Whether the viewer may see something belonging to ``owners``."""
    return core_sees(seat, owners if isinstance(owners, str) else tuple(owners))


def ship_visible(state: State, sid: str, seat: str | None) -> bool:
    """Whether the seat has this ship on its table (a spectator: every side has)."""
    ship = state.ships[sid]
    if seat == EVERYTHING:
        return True
    if seat is not None and seat in state.sides:
        # one side: her own, her owner, or a side that has sighted her
        # (what knowers() finds for it)
        return seat in (ship.side, ship.owner) or sid in state.sighted.get(seat, ())
    who = knowers(state, ship) | {ship.side}
    who &= set(state.sides) | {ship.side}
    if seat == EVERYTHING:
        return True
    if seat is None:
        return set(state.sides) <= who
    return seat in who


def hidden(state: State) -> list[Secret]:
    """Every secret in the state and the seats that may see it (umpires
    always may)."""
    out: list[Secret] = []
    for cid, c in state.commanders.items():
        out.append(Secret(("commanders", cid, "dice"), (c.side,)))
        out.append(Secret(("commanders", cid, "laying"), (c.side,)))
    for name in state.sides:
        for part in ("dealt", "objectives", "met", "orders"):
            out.append(Secret(("sides", name, part), (name,)))
        if name in state.plots:
            out.append(Secret(("plots", name), (name,)))
        if name in state.fire_orders:
            out.append(Secret(("fire_orders", name), (name,)))
        if state.standing.get(name):
            decoy = standing.decoy(state.standing[name])
            out.append(Secret(("standing", name), (name,), decoy=decoy))
    out.append(Secret(("objective_deck",), ()))
    for n, mf in enumerate(state.minefields):
        if not set(state.sides) <= set(mf.known_to):
            out.append(Secret(("minefields", n, "real"), tuple(sorted(set(mf.known_to)))))
    for fid, fort in state.forts.items():
        out.append(Secret(("forts", fid, "cpv"), (fort.side,)))
        out.append(Secret(("forts", fid, "commander_square"), (fort.side,)))
        for n in range(len(fort.guns)):
            out.append(Secret(("forts", fid, "guns", n, "square"), (fort.side,)))
    for pid, party in state.parties.items():
        home = state.ships.get(party.ship)
        if home is not None and knowers(state, home) != set(state.sides):
            out.append(Secret(("parties", pid), tuple(sorted(knowers(state, home)))))
    for sid, ship in state.ships.items():
        who = knowers(state, ship)
        if who != set(state.sides):
            out.append(Secret(("ships", sid), tuple(sorted(who))))
            if sid in state.moves:
                out.append(Secret(("moves", sid), tuple(sorted(who))))
    return out


# --------------------------------------------------------------------------
# Views


def commander_view(c: Commander, seat: str | None, t: Tables) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": c.id,
        "name": c.name,
        "role": c.role,
        "alive": c.alive,
        "lost": c.lost,
    }
    if sees(seat, c.side):
        said, alive, dead, gun = readings(c, t)
        out.update(
            dice={
                "white": c.dice.white,
                "green": c.dice.green,
                "red": c.dice.red,
                "yellow": c.dice.yellow,
            },
            quality=said,
            morale_alive=alive,
            morale_dead=dead,
            gunnery=gun,
            laying=c.laying,
        )
    return out


def _gun_views(ship: Ship, t: Tables) -> list[dict[str, Any]]:
    gun_types = t.gunfire.guns
    return [
        {
            "id": g.id,
            "type": g.type,
            "mount": g.mount,
            "turret": g.turret,
            "crewed": g.crewed,
            "destroyed": g.destroyed,
            "last_fired": g.last_fired,
            "alternate": gun_types[g.type].alternate,
        }
        for g in ship.guns
    ]


ShipEntry = Callable[[State, Ship, "str | None", Tables], Any]

_SHIP: Final[dict[str, ShipEntry]] = {
    "id": lambda st, s, seat, t: s.id,
    "name": lambda st, s, seat, t: s.name,
    "facts": lambda st, s, seat, t: s.facts,
    "side": lambda st, s, seat, t: s.side,
    "owner": lambda st, s, seat, t: s.owner,
    "hull": lambda st, s, seat, t: s.hull,
    "length": lambda st, s, seat, t: s.length,
    "beam": lambda st, s, seat, t: s.beam,
    "x": lambda st, s, seat, t: round(s.x, 3),
    "y": lambda st, s, seat, t: round(s.y, 3),
    "heading": lambda st, s, seat, t: round(s.heading, 2),
    "bow": lambda st, s, seat, t: [round(hull(s).bow[0], 3), round(hull(s).bow[1], 3)],
    "stern": lambda st, s, seat, t: [round(hull(s).stern[0], 3), round(hull(s).stern[1], 3)],
    "speed": lambda st, s, seat, t: s.speed,
    "max_speed": lambda st, s, seat, t: s.max_speed,
    "best_speed": lambda st, s, seat, t: effective_max(s, t),
    "reverse_max": lambda st, s, seat, t: s.reverse_max,
    "turning": lambda st, s, seat, t: s.turning,
    "status": lambda st, s, seat, t: s.status,
    "spv": lambda st, s, seat, t: s.spv,
    "spv_start": lambda st, s, seat, t: s.spv_start,
    "pv": lambda st, s, seat, t: s.pv,
    "cpv": lambda st, s, seat, t: s.cpv,
    "cpv_start": lambda st, s, seat, t: s.cpv_start,
    "cpv_lost": lambda st, s, seat, t: s.crew.lost,
    "crew": lambda st, s, seat, t: {
        "engine": s.crew.engine,
        "boiler": s.crew.boiler,
        "captain": s.crew.captain,
        "reserve": s.crew.reserve,
        "away": s.crew.away,
    },
    "draught": lambda st, s, seat, t: s.draught,
    "draught_start": lambda st, s, seat, t: s.draught_start,
    "sloped": lambda st, s, seat, t: s.sloped,
    "small": lambda st, s, seat, t: s.small,
    "ram": lambda st, s, seat, t: s.ram,
    "ironclad": lambda st, s, seat, t: t.hulls[s.hull].ironclad,
    "spar": lambda st, s, seat, t: s.spar,
    "anchored": lambda st, s, seat, t: s.anchored,
    "aground": lambda st, s, seat, t: (
        None
        if s.aground is None
        else {"hazard": s.aground.hazard, "tries": s.aground.tries, "fast": s.aground.fast}
    ),
    "locked": lambda st, s, seat, t: s.locked,
    "fires": lambda st, s, seat, t: [
        {"kind": f.kind, "tries": f.tries, "need": f.need} for f in s.fires
    ],
    "effects": lambda st, s, seat, t: [
        {
            "kind": e.kind,
            "target": e.target,
            "work": e.work,
            "hits": e.hits,
            "permanent": e.permanent,
        }
        for e in s.effects
    ],
    "speed_lost": lambda st, s, seat, t: s.speed_lost,
    "dying": lambda st, s, seat, t: s.dying,
    "guns": lambda st, s, seat, t: _gun_views(s, t),
    "turrets": lambda st, s, seat, t: [
        {"id": tt.id, "position": tt.position, "arc": tt.arc} for tt in s.turrets
    ],
    "captain": lambda st, s, seat, t: (
        commander_view(st.commanders[s.captain], seat, t) if s.captain in st.commanders else None
    ),
    "current": lambda st, s, seat, t: current_at(st.table, (s.x, s.y), t),
    "exit_edge": lambda st, s, seat, t: s.exit_edge,
}
"""Each entry of a ship's view, in order, from the state, the ship, the
seat and the tables."""


def ship_view(state: State, ship: Ship, seat: str | None, t: Tables) -> dict[str, Any]:
    """One ship as ``seat`` sees her (every entry of :data:`_SHIP`)."""
    return {key: make(state, ship, seat, t) for key, make in _SHIP.items()}


def _lazy_ship(state: State, ship: Ship, seat: str | None, t: Tables) -> LazyRecord:
    """:func:`ship_view` for a computer player: the few entries it reads of
    every ship ready, the rest built when first read."""
    # what the computer player reads of nearly every ship, built at once
    # (each as _SHIP makes it)
    ready = {
        "id": ship.id,
        "side": ship.side,
        "status": ship.status,
        "x": round(ship.x, 3),
        "y": round(ship.y, 3),
    }
    return LazyRecord(ready, _SHIP, (state, ship, seat, t))


def plot_view(state: State, ship: Ship, plot: Plot, t: Tables) -> dict[str, Any]:
    return {
        "speed": plot.speed,
        "helm": plot.helm,
        "turrets": dict(plot.turrets),
        "action": plot.action,
        "laying": plot.laying,
        "fire_quarter": plot.fire_quarter,
        "override": plot.override,
        "path": [
            [round(x, 3), round(y, 3)]
            for x, y in path_points(state, ship, plot.speed, plot.helm, t)
        ],
    }


def fort_view(fort: Fort, seat: str | None, t: Tables) -> dict[str, Any]:
    own = sees(seat, fort.side)
    return {
        "id": fort.id,
        "name": fort.name,
        "side": fort.side,
        "owner": fort.owner,
        "kind": fort.kind,
        "x": fort.x,
        "y": fort.y,
        "w": fort.w,
        "h": fort.h,
        "fpv": fort.fpv,
        "fpv_start": fort.fpv_start,
        "status": fort.status,
        # the order sheet lists the guns by battery (grid square), for
        # recording fire and damage: the batteries are the fort's own secret
        "guns": [
            {
                "id": g.id,
                "type": g.type,
                "destroyed": g.destroyed,
                "last_fired": g.last_fired,
                "alternate": t.gunfire.guns[g.type].alternate,
                "square": g.square if own else None,
            }
            for g in fort.guns
        ],
        "cpv": list(fort.cpv) if own else None,
        "cpv_total": sum(fort.cpv) if own else None,
        "commander_square": fort.commander_square if own else None,
    }


def _plots(state: State, seat: str | None, t: Tables) -> dict[str, Any]:
    plots: dict[str, Any] = {}
    for side, side_plots in state.plots.items():
        # a plot is drawn from where she stands: only while it is still to
        # be made (once made, the path would start from where it ended)
        if not sees(seat, side) or state.phase != "plot":
            continue
        for sid, plot in side_plots.items():
            if sid in state.ships:
                plots[sid] = plot_view(state, state.ships[sid], plot, t)
    return plots


def _sides(state: State, seat: str | None, t: Tables) -> dict[str, Any]:
    sides: dict[str, Any] = {}
    for name, sd in state.sides.items():
        entry: dict[str, Any] = {"name": name, "nation": sd.nation, "end": sd.end}
        if (
            state.turn >= 1
            and sd.flagship in state.ships
            and ship_visible(state, sd.flagship, seat)
        ):
            entry["flagship"] = sd.flagship
        if sees(seat, name):
            entry["objectives"] = [
                {"id": c, "title": t.objectives.card(c).title, "met": c in sd.met}
                for c in sd.objectives
            ]
            entry["dealt"] = list(sd.dealt)
            entry["orders"] = {sid: order_text(o) for sid, o in sd.orders.items()}
            # the side's own standing fire orders (standing.py), in words
            entry["fire_orders"] = {
                uid: standing.words(state, o) for uid, o in state.standing.get(name, {}).items()
            }
            if sd.commander in state.commanders:
                entry["commander"] = commander_view(state.commanders[sd.commander], seat, t)
        sides[name] = entry
    return sides


def _ready(state: State, seat: str | None) -> dict[str, Any]:
    """The view's cheap parts, in the view's order (the rest: :func:`_parts`;
    the ships: :func:`view` and :func:`player_view`)."""
    table = state.table
    return {
        "ruleset": "acw-river",
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "stage": state.stage,
        "quarter": state.quarter,
        "table": {
            "width": table.width,
            "length": table.length,
            "kind": table.kind,
            "upstream": table.upstream,
            "depth": table.depth,
            "tidal": table.tidal,
            "tide_range": table.tide_range,
            "lanes": list(table.lanes),
            "river_x": list(table.river_x),
            "wind": table.wind,
            "fog": table.fog,
        },
        "features": None,  # _parts
        "minefields": None,  # _parts
        "forts": None,  # _parts
        "places": None,  # _parts
        "parties": None,  # _parts
        "smoke": None,  # _parts
        "ships": None,  # view and player_view
        "plots": None,  # _parts
        "sides": None,  # _parts
        "umpire": state.umpire,
    }


def _parts(state: State, seat: str | None, t: Tables) -> dict[str, Callable[[], Any]]:
    """The view's parts a computer player does not always read, as functions."""
    return {
        "features": lambda: [
            {
                "id": f.id,
                "kind": f.kind,
                "polygon": [list(p) for p in f.polygon],
                "label": f.label,
                "depth": f.depth,
                "square": f.square,
            }
            for f in state.features
        ],
        "minefields": lambda: [
            {
                "id": m.id,
                "owner": m.owner,
                "x": m.x,
                "y": m.y,
                "w": m.w,
                "h": m.h,
                # known to every side once ships of both have crossed it
                "real": m.real
                if sees(seat, tuple(m.known_to)) or set(state.sides) <= set(m.known_to)
                else None,
            }
            for m in state.minefields
        ],
        "forts": lambda: [fort_view(f, seat, t) for f in state.forts.values()],
        "places": lambda: [
            {
                "id": p.id,
                "name": p.name,
                "kind": p.kind,
                "x": p.x,
                "y": p.y,
                "w": p.w,
                "h": p.h,
                "bpv": list(p.bpv),
                "bpv_start": list(p.bpv_start),
                "secured_by": p.secured_by,
            }
            for p in state.places.values()
        ],
        "parties": lambda: [
            {
                "id": p.id,
                "side": p.side,
                "x": p.x,
                "y": p.y,
                "cpv": p.cpv,
                "target": p.target,
                "stage": p.stage,
            }
            for p in state.parties.values()
            # a party is seen where the ship that sent it is
            if p.ship not in state.ships or ship_visible(state, p.ship, seat)
        ],
        "smoke": lambda: [
            {"x": c.x, "y": c.y, "size": c.size}
            for c in state.smoke
            if c.ship not in state.ships or ship_visible(state, c.ship, seat)
        ],
        "plots": lambda: _plots(state, seat, t),
        "sides": lambda: _sides(state, seat, t),
    }


def view(state: State, seat: str | None, t: Tables) -> dict[str, Any]:
    """The game as ``seat`` sees it (None: a spectator; "*": everything)."""
    out = _ready(state, seat)
    out["ships"] = [
        ship_view(state, s, seat, t)
        for sid, s in state.ships.items()
        if ship_visible(state, sid, seat)
    ]
    for key, make in _parts(state, seat, t).items():
        out[key] = make()
    return out


def player_view(state: State, seat: str | None, t: Tables) -> LazyView:
    """:func:`view` for a computer player (issue 14): the features, forts,
    places, parties, smoke, plots and sides built only if it reads them, and
    each ship's entries beyond where she is and whose she is when first read."""
    ready = _ready(state, seat)
    parts = _parts(state, seat, t)
    for key in parts:
        del ready[key]
    ready["ships"] = [
        _lazy_ship(state, s, seat, t)
        for sid, s in state.ships.items()
        if ship_visible(state, sid, seat)
    ]
    return LazyView(ready, parts)


# --------------------------------------------------------------------------
# The terminal picture


def render(state: State, seat: str | None, t: Tables) -> str:
    """A text picture: the table as a character map (upstream at the top),
    then every ship the seat may see, and its own plotted moves."""
    v = view(state, seat, t)
    cols, rows = 48, 36
    table = state.table
    sx, sy = table.width / cols, table.length / rows
    grid = [[" " for _ in range(cols)] for _ in range(rows)]
    from shapely.geometry import Point

    from quarterdeck.rulesets.acw_river.terrain import geometry

    g = geometry(state)
    for r in range(rows):
        for c in range(cols):
            p = Point((c + 0.5) * sx, table.length - (r + 0.5) * sy)
            for f in state.features:
                if g.polygons[f.id].contains(p):
                    grid[r][c] = {
                        "land": "#",
                        "shoal": ":",
                        "stakes": "x",
                        "rocks": "x",
                        "chain": "=",
                        "wreck": "w",
                    }[f.kind]
                    break
    for m in v["minefields"]:
        c, r = int(m["x"] / sx), int((table.length - m["y"]) / sy)
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = "M" if m["real"] else "m"
    for fort in v["forts"]:  # not ``f``: compiled, a name keeps its first type (Feature)
        c, r = int(fort["x"] / sx), int((table.length - fort["y"]) / sy)
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = "F"
    for p in v["places"]:
        c, r = int(p["x"] / sx), int((table.length - p["y"]) / sy)
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = "T" if p["kind"] == "town" else "P"
    marks = {}
    # ships' letters skip the legend's own (minefield, fort, town, port)
    letters = [chr(ord("A") + n) for n in range(26) if chr(ord("A") + n) not in "MFTP"]
    for n, s in enumerate(v["ships"]):
        mark = letters[n] if n < len(letters) else "*"
        marks[s["id"]] = mark
        c, r = int(s["x"] / sx), int((table.length - s["y"]) / sy)
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = mark
    lines = [f"ACW River and Coastal: move {state.turn} of {state.turn_limit}, {state.phase}"]
    lines.append(
        f"{table.kind}, depth {table.depth} ft, current {table.lanes} kn (west to east), "
        f"wind {table.wind}" + (f", fog {table.fog:g} in" if table.fog else "")
    )
    lines.append("upstream (" + table.upstream + ")")
    lines.append("+" + "-" * cols + "+")
    lines.extend("|" + "".join(row) + "|" for row in grid)
    lines.append("+" + "-" * cols + "+")
    lines.append(
        "downstream.  # land  : sandbar  x stakes/rocks  w wreck  "
        "M/m minefield (real/unknown)  F fort  T town  P port"
    )
    for s in v["ships"]:
        status = s["status"]
        extra = []
        if s["aground"]:
            extra.append("aground")
        if s["anchored"]:
            extra.append("anchored")
        if s["fires"]:
            extra.append("on fire")
        cap = s.get("captain") or {}
        q = f", {cap['quality']}" if "quality" in cap else ""
        lines.append(
            f"{marks[s['id']]} {s['name']} ({s['side']}{q}) at ({s['x']:.1f}, {s['y']:.1f}) "
            f"hdg {s['heading']:.0f}, {s['speed']} kn; "
            f"SPV {s['spv']}/{s['spv_start']} (pen {s['pv']}), "
            f"CPV {s['cpv']}/{s['cpv_start']}, draught {s['draught']:g} ft; {status}"
            + (f" ({', '.join(extra)})" if extra else "")
        )
        plot = v["plots"].get(s["id"])
        if plot is not None:
            end = plot["path"][-1]
            lines.append(
                f"    plotted: {plot['speed']} kn, helm {plot['helm']}, "
                f"to ({end[0]:.1f}, {end[1]:.1f})"
                + (f", {plot['action']}" if plot["action"] else "")
            )
    for fort in v["forts"]:  # not ``f``: compiled, a name keeps its first type
        lines.append(
            f"F {fort['name']} ({fort['side']}): FPV {fort['fpv']}/{fort['fpv_start']}, "
            f"{len(fort['guns'])} guns, {fort['status']}"
        )
        if fort["cpv"] is not None:
            order = v["sides"].get(fort["side"], {}).get("orders", {}).get(fort["id"], "engage")
            lines.append(
                f"    order sheet: {order}; commander in battery {fort['commander_square']}"
            )
            for sq in range(1, 7):
                guns = [g for g in fort["guns"] if g["square"] == sq]
                if not guns and not fort["cpv"][sq - 1]:
                    continue
                told = ", ".join(
                    g["id"]
                    + f" {g['type']}"
                    + (" destroyed" if g["destroyed"] else "")
                    + (f" fired move {g['last_fired']}" if g["last_fired"] > 0 else "")
                    for g in guns
                )
                lines.append(f"    battery {sq}: {fort['cpv'][sq - 1]} CPV; {told or 'no guns'}")
    for name, side in v["sides"].items():
        if "objectives" in side:
            objs = "; ".join(
                ("[met] " if o["met"] else "") + o["title"] for o in side["objectives"]
            )
            lines.append(f"{name} objectives: {objs or 'none yet'}")
    return "\n".join(lines)


def heading_arrow(heading: float) -> str:
    return "^>v<"[int(((heading + 45) % 360) // 90)] if not math.isnan(heading) else "?"
