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
from typing import Any

from quarterdeck.core.hidden import EVERYTHING, Secret
from quarterdeck.core.hidden import sees as core_sees
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


def ship_view(state: State, ship: Ship, seat: str | None, t: Tables) -> dict[str, Any]:
    h = hull(ship)
    gun_types = t.gunfire.guns
    out: dict[str, Any] = {
        "id": ship.id,
        "name": ship.name,
        "facts": ship.facts,
        "side": ship.side,
        "owner": ship.owner,
        "hull": ship.hull,
        "length": ship.length,
        "beam": ship.beam,
        "x": round(ship.x, 3),
        "y": round(ship.y, 3),
        "heading": round(ship.heading, 2),
        "bow": [round(h.bow[0], 3), round(h.bow[1], 3)],
        "stern": [round(h.stern[0], 3), round(h.stern[1], 3)],
        "speed": ship.speed,
        "max_speed": ship.max_speed,
        "best_speed": effective_max(ship, t),
        "reverse_max": ship.reverse_max,
        "turning": ship.turning,
        "status": ship.status,
        "spv": ship.spv,
        "spv_start": ship.spv_start,
        "pv": ship.pv,
        "cpv": ship.cpv,
        "cpv_start": ship.cpv_start,
        "cpv_lost": ship.crew.lost,
        "crew": {
            "engine": ship.crew.engine,
            "boiler": ship.crew.boiler,
            "captain": ship.crew.captain,
            "reserve": ship.crew.reserve,
            "away": ship.crew.away,
        },
        "draught": ship.draught,
        "draught_start": ship.draught_start,
        "sloped": ship.sloped,
        "small": ship.small,
        "ram": ship.ram,
        "ironclad": t.hulls[ship.hull].ironclad,
        "spar": ship.spar,
        "anchored": ship.anchored,
        "aground": None
        if ship.aground is None
        else {
            "hazard": ship.aground.hazard,
            "tries": ship.aground.tries,
            "fast": ship.aground.fast,
        },
        "locked": ship.locked,
        "fires": [{"kind": f.kind, "tries": f.tries, "need": f.need} for f in ship.fires],
        "effects": [
            {
                "kind": e.kind,
                "target": e.target,
                "work": e.work,
                "hits": e.hits,
                "permanent": e.permanent,
            }
            for e in ship.effects
        ],
        "speed_lost": ship.speed_lost,
        "dying": ship.dying,
        "guns": [
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
        ],
        "turrets": [{"id": tt.id, "position": tt.position, "arc": tt.arc} for tt in ship.turrets],
        "captain": commander_view(state.commanders[ship.captain], seat, t)
        if ship.captain in state.commanders
        else None,
        "current": current_at(state.table, (ship.x, ship.y), t),
        "exit_edge": ship.exit_edge,
    }
    return out


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


def view(state: State, seat: str | None, t: Tables) -> dict[str, Any]:
    table = state.table
    ships = [
        ship_view(state, s, seat, t)
        for sid, s in state.ships.items()
        if ship_visible(state, sid, seat)
    ]
    plots: dict[str, Any] = {}
    for side, side_plots in state.plots.items():
        # a plot is drawn from where she stands: only while it is still to
        # be made (once made, the path would start from where it ended)
        if not sees(seat, side) or state.phase != "plot":
            continue
        for sid, plot in side_plots.items():
            if sid in state.ships:
                plots[sid] = plot_view(state, state.ships[sid], plot, t)
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
        "features": [
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
        "minefields": [
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
        "forts": [fort_view(f, seat, t) for f in state.forts.values()],
        "places": [
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
        "parties": [
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
        "smoke": [
            {"x": c.x, "y": c.y, "size": c.size}
            for c in state.smoke
            if c.ship not in state.ships or ship_visible(state, c.ship, seat)
        ],
        "ships": ships,
        "plots": plots,
        "sides": sides,
        "umpire": state.umpire,
    }


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
