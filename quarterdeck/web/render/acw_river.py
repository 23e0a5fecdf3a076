"""The ACW River and Coastal table (inches, upstream at the top) and cards.

The table shows the river between its banks, the six set-up squares, the
current in each lane, islands, sandbars with their depth, stakes, rocks,
chains and wrecks, the minefields (marked real or dummy only where the seat
knows it), forts, towns and ports, landing parties, gun smoke, and every
ship the seat has in sight, to scale from her keel. A seat's own plotted
moves (``view["plots"]``, which only its own view carries) are drawn as
paths ending in a ghost of the ship: the other side never sees them.

The cards: each ship's SPV against her penetration value, CPV, draught,
speed, guns, damage in force, fires, and her captain's quality and dice
where the seat may know them; forts; the seat's own objective cards.

Every key is read defensively: a missing one must not break the page.
"""

from __future__ import annotations

import json
import math
from typing import Any

from markupsafe import escape

from quarterdeck.web.render.card import (
    card_open,
    fit,
    pin,
    point_label,
    rulers,
    ship_label,
    ships_title,
    side_title,
    table_open,
)
from quarterdeck.web.render.inches import PX, Frame

# the sequence of play (rules.PHASES) as people say it
PHASE_WORDS = {
    "setup": "setting up",
    "orders": "fleet and ship orders",
    "plot": "plotting the moves",
    "move": "movement",
    "fire": "firing",
    "morale": "morale",
    "end": "end of the move",
}


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _words(value: Any) -> str:
    """A rule set's id as words ("casemate-ironclad": "casemate ironclad")."""
    return str(value).replace("-", " ").replace("_", " ")


def _num(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool):
        return default
    if isinstance(value, int | float) and math.isfinite(value):
        return float(value)
    return default


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _points(frame: Frame, poly: Any) -> str:
    pts = [p for p in _list(poly) if isinstance(p, list | tuple) and len(p) >= 2]
    return " ".join(frame.s(_num(p[0]), _num(p[1])) for p in pts)


def _hull_points(ship: dict[str, Any], frame: Frame) -> str:
    """The ship's outline from her keel (bow and stern) and beam."""
    bow = _list(ship.get("bow"))
    stern = _list(ship.get("stern"))
    if len(bow) < 2 or len(stern) < 2:
        return ""
    bx, by, sx, sy = _num(bow[0]), _num(bow[1]), _num(stern[0]), _num(stern[1])
    length = math.hypot(bx - sx, by - sy) or 1.0
    ux, uy = (bx - sx) / length, (by - sy) / length
    half = max(_num(ship.get("beam"), 0.6) / 2, 0.2)
    vx, vy = uy * half, -ux * half
    shoulder = 0.25 * length
    pts = [
        (bx, by),
        (bx - ux * shoulder + vx, by - uy * shoulder + vy),
        (sx + vx, sy + vy),
        (sx - vx, sy - vy),
        (bx - ux * shoulder - vx, by - uy * shoulder - vy),
    ]
    return " ".join(frame.s(x, y) for x, y in pts)


def _standing_line(unit: dict[str, Any], view: dict[str, Any]) -> str:
    """A ship's or fort's standing fire order, on her own side's card only
    (the view gives a side's orders to that side alone)."""
    side = _dict(_dict(view.get("sides")).get(str(unit.get("side", ""))))
    orders = side.get("fire_orders")
    if not isinstance(orders, dict):
        return ""
    order = orders.get(str(unit.get("id", "")))
    if not order:
        return ""
    return f'<p class="standing-order">standing fire order: {escape(str(order))}</p>'


class AcwRiverRenderer:
    """The river table and the ship cards of ACW River and Coastal."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        table = _dict(view.get("table"))
        width = _num(table.get("width"), 48.0) or 48.0
        length = _num(table.get("length"), 72.0) or 72.0
        frame = Frame(length)
        # a fleet the scenario leaves unplaced waits at (0, 0) until the set-up
        # deploys it (setup.deploy): it is not on the table yet
        ships = [
            s
            for s in _list(view.get("ships"))
            if isinstance(s, dict)
            and not (view.get("phase") == "setup" and _num(s.get("x")) == _num(s.get("y")) == 0)
        ]
        pad = 3 * PX
        whole = (-pad, -pad - 2 * PX, width * PX + 2 * pad, length * PX + 2 * pad + 4 * PX)
        # the view opens on the ships in sight, the forts and the places ashore
        spots = [
            frame.pt(_num(s.get("x")), _num(s.get("y")))
            for s in ships
            if s.get("status") != "exited" and _hull_points(s, frame)
        ]
        for key in ("forts", "places"):
            spots += [
                frame.pt(_num(f.get("x")), _num(f.get("y")))
                for f in _list(view.get(key))
                if isinstance(f, dict)
            ]
        hx, hy, hw, hh = fit(spots, 6 * PX, (30 * PX, 20 * PX), (0, 0, width * PX, length * PX))
        home = (hx - 2 * PX, hy - 2 * PX, hw + 2 * PX, hh + 2 * PX)  # room for the rulers
        parts = [
            table_open(
                "fl-table acw-table",
                home,
                ships_title("The river: ", ships, view),
                whole=whole,
                unit=(PX, "in"),
            ),
            f'<rect class="sea" x="{-3000}" y="{-3000}" width="{width * PX + 6000:.0f}" '
            f'height="{length * PX + 6000:.0f}"/>',
            f'<rect class="table-edge" x="0" y="0" width="{width * PX:.0f}" '
            f'height="{length * PX:.0f}"/>',
        ]
        parts.append(self._squares(frame, width, length))
        parts.append(self._terrain(view, frame))
        parts.append(self._current(table, frame, width, length))
        parts.append(self._minefields(view, frame))
        shore, shore_labels = self._shore(view, frame, colours)
        parts.append(shore)
        for cloud in _list(view.get("smoke")):
            if isinstance(cloud, dict):
                cx, cy = frame.pt(_num(cloud.get("x")), _num(cloud.get("y")))
                r = max(_num(cloud.get("size"), 0.5), 0.3) * PX
                parts.append(
                    f'<circle class="smoke" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" '
                    'style="fill:#9a9a9a;opacity:0.55"><title>gun smoke</title></circle>'
                )
        parts.append(self._plots(view, ships, frame, colours))
        parts.append(self._plot_ends(view, ships, frame, colours))
        labels = []
        for s in ships:
            if s.get("status") in ("exited",):
                continue
            colour = escape(colours.get(str(s.get("side", "")), "#555"))
            gone = s.get("status") in ("sunk", "exploded")
            css = "ship gone" if gone else "ship"
            status = str(s.get("status", ""))
            if status not in ("", "active"):
                css += f" {escape(status)}"
            speed = _num(s.get("speed"))
            title = (
                f"{s.get('name', s.get('id'))} "
                f"({side_title(view, str(s.get('side', '')))}, {_words(s.get('hull', ''))}): "
                + (f"{-speed:.0f} knots astern" if speed < 0 else f"{speed:.0f} knots")
                + f", heading {_num(s.get('heading')):.0f}, "
                f"SPV {s.get('spv', '?')} of {s.get('spv_start', '?')}"
                + (f", {_words(status)}" if status not in ("", "active") else "")
            )
            points = _hull_points(s, frame)
            if not points:
                continue
            sx, sy = frame.pt(_num(s.get("x")), _num(s.get("y")))
            # a click anywhere near her finds her: the hull is slender at the opening view
            bow, stern = _list(s.get("bow")), _list(s.get("stern"))
            keel = (
                math.hypot(_num(bow[0]) - _num(stern[0]), _num(bow[1]) - _num(stern[1]))
                if len(bow) >= 2 and len(stern) >= 2
                else 1.0
            )
            reach = max(keel / 2, 1.0) * PX
            parts.append(
                f'<g class="{css}" data-ship="{escape(str(s.get("id", "")))}">'
                f"<title>{escape(title)}</title>"
                f'<circle class="hit" cx="{sx:.1f}" cy="{sy:.1f}" r="{reach:.1f}"/>'
                f'<polygon class="hull" points="{points}" style="fill:{colour}"/></g>'
            )
            labels.append(
                ship_label(
                    str(s.get("name", s.get("id", ""))),
                    sx,
                    sy - 12,
                    str(s.get("id", "")),
                    rank=0 if gone else 1,
                )
            )
        parts.extend(labels + shore_labels)
        wind = str(table.get("wind", ""))
        fog = table.get("fog")
        turn = _num(view.get("turn"))
        phase = str(view.get("phase", ""))
        when = (
            "Before the battle"
            if turn < 1
            else f"Move {turn:.0f} of {escape(str(view.get('turn_limit', '')))}"
        )
        water = (
            f"upstream is {escape(str(table.get('upstream', 'north')))}"
            f" · depth {escape(str(table.get('depth', '?')))} ft"
            + (
                f", tidal range {escape(str(table.get('tide_range', 0)))} ft"
                if table.get("tidal")
                else ""
            )
            + f" · wind {escape(wind) or 'none'}"
            + (f" · fog: sight {_num(fog):g} in" if isinstance(fog, int | float) else "")
        )
        # kept in the corner at one size whatever the zoom (the page's pin)
        parts.append(
            pin(
                "bl",
                f'<text class="sea-state" x="34" y="-26">{water}</text>'
                '<text class="sea-state" x="34" y="-10">'
                f"{when} · {escape(PHASE_WORDS.get(phase, _words(phase)))}</text>",
                "move, phase and the water",
            )
        )
        # inches from the table's west and downstream edges, every six inches
        parts.append(
            rulers(
                [(gx * PX, f"{gx}") for gx in range(0, int(width) + 1, 6)],
                [((length - gy) * PX, f"{gy}") for gy in range(0, int(length) + 1, 6)],
            )
        )
        parts.append(
            f'<g class="scale" transform="translate({width * PX - 12 * PX:.0f} '
            f'{length * PX + 3 * PX:.0f})">'
            f'<path d="M0 0 h{12 * PX:.0f} M0 -4 v8 M{12 * PX:.0f} -4 v8"/>'
            f'<text x="{6 * PX:.0f}" y="-6" text-anchor="middle">12 inches</text></g>'
        )
        parts.append("</svg>")
        return "".join(parts)

    def _squares(self, frame: Frame, width: float, length: float) -> str:
        out = ['<g class="foot-grid">']
        d = f"M{width * PX / 2:.0f} 0V{length * PX:.0f}"
        d += "".join(f"M0 {length * PX * k / 3:.0f}H{width * PX:.0f}" for k in (1, 2))
        out.append(f'<path class="foot-grid" d="{d}" style="stroke-dasharray:6 6"/>')
        for n in range(6):
            row, col = divmod(n, 2)
            x = (col * width / 2 + 1.0) * PX
            y = (row * length / 3 + 2.0) * PX
            out.append(f'<text class="coord" x="{x:.0f}" y="{y:.0f}">{n + 1}</text>')
        out.append("</g>")
        return "".join(out)

    def _terrain(self, view: dict[str, Any], frame: Frame) -> str:
        out = []
        css = {
            "land": "land",
            "shoal": "sandbar",
            "stakes": "hazard stakes",
            "rocks": "hazard rocks",
            "chain": "hazard chain",
            "wreck": "hazard wreck",
        }
        style = {
            "stakes": "fill:#6b4f2a;opacity:0.6",
            "rocks": "fill:#777;opacity:0.7",
            "chain": "fill:#333",
            "wreck": "fill:#3b2f2f;opacity:0.7",
        }
        for f in _list(view.get("features")):
            if not isinstance(f, dict):
                continue
            kind = str(f.get("kind", "land"))
            pts = _points(frame, f.get("polygon"))
            if not pts:
                continue
            label = str(f.get("label") or kind)
            extra = f' style="{style[kind]}"' if kind in style else ""
            out.append(
                f'<polygon class="{css.get(kind, "land")}" points="{pts}"{extra}>'
                f"<title>{escape(label)}</title></polygon>"
            )
            if kind == "shoal" and f.get("depth") is not None:
                poly = [p for p in _list(f.get("polygon")) if isinstance(p, list) and len(p) >= 2]
                if poly:
                    cx = sum(_num(p[0]) for p in poly) / len(poly)
                    cy = sum(_num(p[1]) for p in poly) / len(poly)
                    sx, sy = frame.pt(cx, cy)
                    out.append(
                        f'<text class="coord" x="{sx:.1f}" y="{sy + 4:.1f}" text-anchor="middle">'
                        f"{escape(str(f.get('depth')))} ft</text>"
                    )
        return "".join(out)

    def _current(self, table: dict[str, Any], frame: Frame, width: float, length: float) -> str:
        lanes = [_num(v) for v in _list(table.get("lanes"))]
        river = _list(table.get("river_x"))
        west, east = (_num(river[0]), _num(river[1], width)) if len(river) == 2 else (0.0, width)
        if not lanes or east <= west:
            return ""
        out = ['<g class="current">']
        step = (east - west) / len(lanes)
        for n, knots in enumerate(lanes):
            x = west + step * (n + 0.5)
            sx, top = frame.pt(x, length - 1.0)
            _, bottom = frame.pt(x, length - 4.0)
            if knots < 0:
                top, bottom = bottom, top
            # each lane's arrow and speed: names are placed clear of them (obstacle)
            out.append(
                f"<g><title>current {knots:.0f} knots</title>"
                f'<line class="obstacle" x1="{sx:.1f}" y1="{top:.1f}" x2="{sx:.1f}" '
                f'y2="{bottom:.1f}"/>'
                f'<path d="M0 7 L5 -4 L-5 -4 Z" transform="translate({sx:.1f} {bottom:.1f})'
                f'{" rotate(180)" if knots < 0 else ""}"/>'
                f'<text class="obstacle" x="{sx + 6:.1f}" y="{(top + bottom) / 2 + 4:.1f}">'
                f"{abs(knots):.0f} kn</text></g>"
            )
        out.append("</g>")
        return "".join(out)

    def _minefields(self, view: dict[str, Any], frame: Frame) -> str:
        out = []
        for m in _list(view.get("minefields")):
            if not isinstance(m, dict):
                continue
            x, y, w, h = (_num(m.get(k)) for k in ("x", "y", "w", "h"))
            sx, sy = frame.pt(x - w / 2, y + h / 2)
            real = m.get("real")
            word = "real" if real is True else "dummy" if real is False else "real or dummy?"
            out.append(
                f'<g class="torpedo minefield" data-mines="{escape(str(m.get("id", "")))}">'
                f"<title>minefield ({escape(side_title(view, str(m.get('owner', ''))))}): "
                f"{word}</title>"
                f'<rect x="{sx:.1f}" y="{sy:.1f}" width="{w * PX:.1f}" height="{h * PX:.1f}" '
                'style="fill:none;stroke:#a33;stroke-dasharray:4 3"/>'
                f'<text x="{sx + 3:.1f}" y="{sy + 12:.1f}" style="fill:#a33;font-size:10px">'
                f"mines{'' if real is None else ' (' + word + ')'}</text></g>"
            )
        return "".join(out)

    def _shore(
        self, view: dict[str, Any], frame: Frame, colours: dict[str, str]
    ) -> tuple[str, list[str]]:
        """Forts, towns and ports, landing parties; and their names, placed by
        the page like the ships' (returned apart, drawn over everything)."""
        out = []
        labels = []
        for f in _list(view.get("forts")):
            if not isinstance(f, dict):
                continue
            x, y, w, h = (_num(f.get(k)) for k in ("x", "y", "w", "h"))
            sx, sy = frame.pt(x - w / 2, y + h / 2)
            colour = escape(colours.get(str(f.get("side", "")), "#555"))
            out.append(
                f'<g class="fort" data-ship="{escape(str(f.get("id", "")))}">'
                f"<title>{escape(str(f.get('name', '')))}: FPV {escape(str(f.get('fpv', '?')))} "
                f"of {escape(str(f.get('fpv_start', '?')))}, "
                f"{escape(_words(f.get('status', '')))}</title>"
                f'<rect class="fort-body" x="{sx:.1f}" y="{sy:.1f}" width="{w * PX:.1f}" '
                f'height="{h * PX:.1f}" style="fill:{colour};opacity:0.8"/></g>'
            )
            labels.append(
                ship_label(
                    str(f.get("name", "")), sx + w * PX / 2, sy - 3, str(f.get("id", "")), rank=2
                )
            )
        for p in _list(view.get("places")):
            if not isinstance(p, dict):
                continue
            x, y, w, h = (_num(p.get(k)) for k in ("x", "y", "w", "h"))
            sx, sy = frame.pt(x - w / 2, y + h / 2)
            held = str(p.get("secured_by") or "")
            fill = escape(colours.get(held, "#b9a27a"))
            out.append(
                f'<g class="place"><title>{escape(str(p.get("name", "")))}'
                + (f", secured by {escape(side_title(view, held))}" if held else "")
                + f'</title><rect class="obstacle" x="{sx:.1f}" y="{sy:.1f}" '
                f'width="{w * PX:.1f}" height="{h * PX:.1f}" style="fill:{fill};stroke:#5a4a2a"/>'
                "</g>"
            )
            labels.append(
                point_label(str(p.get("name", "")), sx + w * PX / 2, sy + h * PX / 2, "fort-name")
            )
        for party in _list(view.get("parties")):
            if isinstance(party, dict):
                cx, cy = frame.pt(_num(party.get("x")), _num(party.get("y")))
                colour = escape(colours.get(str(party.get("side", "")), "#555"))
                out.append(
                    f'<circle class="troop" cx="{cx:.1f}" cy="{cy:.1f}" r="4" '
                    f'style="fill:{colour}"><title>'
                    f"{escape(side_title(view, str(party.get('side', ''))))} landing party "
                    f"({escape(_words(party.get('stage', '')))})</title></circle>"
                )
        return "".join(out), labels

    def _plots(
        self,
        view: dict[str, Any],
        ships: list[dict[str, Any]],
        frame: Frame,
        colours: dict[str, str],
    ) -> str:
        """The seat's own plotted moves: a path and the ghost of where she ends."""
        plots = _dict(view.get("plots"))
        if not plots:
            return ""
        by_id = {s.get("id"): s for s in ships}
        out = ['<g class="plots">']
        for sid, plot in plots.items():
            ship = by_id.get(sid)
            plot = _dict(plot)
            path = [p for p in _list(plot.get("path")) if isinstance(p, list) and len(p) >= 2]
            if ship is None or len(path) < 2:
                continue
            colour = escape(colours.get(str(ship.get("side", "")), "#555"))
            pts = " ".join(frame.s(_num(p[0]), _num(p[1])) for p in path)
            end = frame.pt(_num(path[-1][0]), _num(path[-1][1]))
            action = str(plot.get("action") or "")
            out.append(
                f'<g class="move-path plotted" data-plot="{escape(str(sid))}">'
                f"<title>{escape(str(ship.get('name', sid)))}: plotted "
                f"{escape(str(plot.get('speed', '?')))} knots, "
                f"helm {escape(str(plot.get('helm', '')))}"
                + (f", {escape(action)}" if action else "")
                + "</title>"
                f'<polyline points="{pts}" style="fill:none;stroke:{colour};stroke-width:2;'
                'stroke-dasharray:5 4"/>'
                f'<circle class="ghost" cx="{end[0]:.1f}" cy="{end[1]:.1f}" r="5" '
                f'style="fill:none;stroke:{colour};stroke-width:2"/></g>'
            )
        out.append("</g>")
        return "".join(out)

    def _plot_ends(
        self,
        view: dict[str, Any],
        ships: list[dict[str, Any]],
        frame: Frame,
        colours: dict[str, str],
    ) -> str:
        """Drag moves: for each ship of the seat's open plot form, a ghost
        where each speed and helm would leave her (``plot_ends``, worked out
        by the rules' own movement; the end of an open-water move, which a
        hull, the shore or a hazard may cut short). Hidden until she is
        dragged; release near one fills her speed and helm in the form."""
        ends = _dict(view.get("plot_ends"))
        if not ends:
            return ""
        by_id = {str(s.get("id")): s for s in ships}
        out = []
        for sid, group in ends.items():
            ship = by_id.get(str(sid))
            if ship is None:
                continue
            colour = escape(colours.get(str(ship.get("side", "")), "#555"))
            sx, sy = frame.pt(_num(ship.get("x")), _num(ship.get("y")))
            out.append(f'<g class="move-options" data-mover="{escape(str(sid))}">')
            for e in _list(group):
                if not isinstance(e, dict):
                    continue
                speed = int(_num(e.get("speed")))
                helm = str(e.get("helm", "ahead"))
                ex, ey = frame.pt(_num(e.get("x")), _num(e.get("y")))
                fill = json.dumps({f"{sid}/speed": speed, f"{sid}/helm": helm})
                knots = f"{-speed} knots astern" if speed < 0 else f"{speed} knots"
                label = (
                    f"{ship.get('name', sid)}: {knots}, helm {_words(helm)} "
                    "(where an open-water move ends)"
                )
                # SVG rotation is clockwise with y down; the heading is from upstream
                rot = _num(e.get("heading"))
                keel = max(_num(ship.get("length"), 2.0), 1.0) * PX
                out.append(
                    f'<g class="move-option" data-fill="{escape(fill)}" '
                    f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
                    f'<line class="move-path" x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" '
                    f'y2="{ey:.1f}"/>'
                    f'<g class="ghost" transform="translate({ex:.1f} {ey:.1f}) rotate({rot:.1f})">'
                    f'<circle class="ghost-spot" r="3" style="fill:{colour}"/>'
                    f'<line x1="0" y1="{keel / 2:.1f}" x2="0" y2="{-keel / 2:.1f}" '
                    f'style="stroke:{colour};stroke-width:3;stroke-dasharray:2 1;opacity:.8"/>'
                    "</g></g>"
                )
            out.append("</g>")
        return "".join(out)

    # -- cards -------------------------------------------------------------

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        out: list[str] = []
        seat = view.get("seat")
        for name, side in _dict(view.get("sides")).items():
            side = _dict(side)
            objectives = _list(side.get("objectives"))
            if not objectives and not side.get("orders"):
                continue
            colour = escape(colours.get(str(name), "#555"))
            items = "".join(
                f"<li>{'&#10003; ' if _dict(o).get('met') else ''}"
                f"{escape(str(_dict(o).get('title', '')))}</li>"
                for o in objectives
            )
            commander = _dict(side.get("commander"))
            who = ""
            if commander:
                who = (
                    f"<p class='turns'>{escape(str(commander.get('name', '')))}: "
                    f"{escape(str(commander.get('quality', '?')))}</p>"
                )
            out.append(
                card_open("fl-card acw-card objectives", f"objectives-{name}", str(name), colour)
                + f"<h3>Objectives <small>{escape(side_title(view, str(name)))}</small></h3>{who}"
                + f"<ul>{items or '<li>none yet</li>'}</ul></article>"
            )
        for s in _list(view.get("ships")):
            if isinstance(s, dict):
                out.append(self._ship_card(s, view, colours, seat))
        for f in _list(view.get("forts")):
            if isinstance(f, dict):
                colour = escape(colours.get(str(f.get("side", "")), "#555"))
                guns = _list(f.get("guns"))
                live = sum(1 for g in guns if isinstance(g, dict) and not g.get("destroyed"))
                cpv = f.get("cpv_total")
                out.append(
                    card_open(
                        "fl-card acw-card", str(f.get("id", "")), str(f.get("side", "")), colour
                    )
                    + f"<h3>{escape(str(f.get('name', '')))} "
                    f"<small>{escape(side_title(view, str(f.get('side', ''))))}</small></h3>"
                    f"<p class='turns'>{escape(_words(f.get('kind', '')))}, "
                    f"FPV {escape(str(f.get('fpv', '?')))}"
                    f" of {escape(str(f.get('fpv_start', '?')))}; {_plural(live, 'gun')}"
                    + (f"; {escape(str(cpv))} CPV" if cpv is not None else "")
                    + f"; {escape(_words(f.get('status', '')))}</p>"
                    + self._fort_sheet(f, view)
                    + _standing_line(f, view)
                    + "</article>"
                )
        return "".join(out)

    def _fort_sheet(self, f: dict[str, Any], view: dict[str, Any]) -> str:
        """The fort's order sheet, for its own side: the order, and the
        batteries (grid squares) with their CPV and guns (Fort Commander)."""
        cpv = _list(f.get("cpv"))
        if len(cpv) != 6:
            return ""
        side = view.get("sides", {}).get(str(f.get("side", "")), {})
        order = side.get("orders", {}).get(str(f.get("id", "")), "engage")
        rows = []
        for sq in range(1, 7):
            guns = [
                g for g in _list(f.get("guns")) if isinstance(g, dict) and g.get("square") == sq
            ]
            if not guns and not cpv[sq - 1]:
                continue
            told = ", ".join(
                f"{g.get('type', '?')}" + (" (destroyed)" if g.get("destroyed") else "")
                for g in guns
            )
            rows.append(f"<li>battery {sq}: {escape(str(cpv[sq - 1]))} CPV; {escape(told)}</li>")
        return (
            f"<p>Order sheet: {escape(_words(str(order)))}; commander in battery "
            f"{escape(str(f.get('commander_square', '?')))}</p><ul>{''.join(rows)}</ul>"
        )

    def _ship_card(
        self, s: dict[str, Any], view: dict[str, Any], colours: dict[str, str], seat: Any
    ) -> str:
        colour = escape(colours.get(str(s.get("side", "")), "#555"))
        spv, top, pv = _num(s.get("spv")), _num(s.get("spv_start"), 1.0) or 1.0, _num(s.get("pv"))
        meter = (
            f'<div class="meter" title="SPV {spv:.0f} of {top:.0f}; below {pv:.0f} '
            'the tables 1 to 6">'
            f'<span style="width:{100 * spv / top:.0f}%"></span></div>'
        )
        guns: dict[str, int] = {}
        silent = 0
        for g in _list(s.get("guns")):
            g = _dict(g)
            if g.get("destroyed") or not g.get("crewed"):
                silent += 1
                continue
            key = f"{g.get('type', '?')} ({g.get('mount', '')})"
            guns[key] = guns.get(key, 0) + 1
        gun_text = ", ".join(f"{n} × {k}" for k, n in guns.items()) or "none"
        notes = []
        if s.get("aground"):
            notes.append("aground")
        if s.get("anchored"):
            notes.append("at anchor")
        if s.get("locked"):
            notes.append(f"locked with {s.get('locked')}")
        if _list(s.get("fires")):
            notes.append("on fire")
        for e in _list(s.get("effects")):
            e = _dict(e)
            work = e.get("work")
            notes.append(str(e.get("kind", "")) + (f" ({work} to repair)" if work else ""))
        captain = _dict(s.get("captain"))
        cap = escape(str(captain.get("name", "")))
        if "quality" in captain:
            dice = _dict(captain.get("dice"))
            cap += (
                f": {escape(str(captain.get('quality')))} (white {dice.get('white')}, "
                f"green {dice.get('green')}, red {dice.get('red')}, yellow {dice.get('yellow')})"
            )
        if captain and not captain.get("alive", True):
            cap += " (killed)"

        def fact(term: str, value: str) -> str:
            return f"<div><dt>{escape(term)}</dt><dd>{value}</dd></div>"

        facts = "".join(
            [
                fact("SPV", f"{spv:.0f}<small>of {top:.0f}, pen. {pv:.0f}</small>"),
                fact(
                    "CPV",
                    f"{escape(str(s.get('cpv', '?')))}<small>of "
                    f"{escape(str(s.get('cpv_start', '?')))}</small>",
                ),
                fact(
                    "Speed",
                    (
                        f"{-_num(s.get('speed')):.0f}<small>astern; "
                        if _num(s.get("speed")) < 0
                        else f"{_num(s.get('speed')):.0f}<small>"
                    )
                    + f"best {_num(s.get('best_speed')):.0f} kn</small>",
                ),
                fact(
                    "Draught",
                    f"{_num(s.get('draught')):g}<small>ft, from "
                    f"{_num(s.get('draught_start')):g}</small>",
                ),
            ]
        )
        return (
            card_open("fl-card acw-card", str(s.get("id", "")), str(s.get("side", "")), colour)
            + f"<h3>{escape(str(s.get('name', '')))} "
            f"<small>{escape(side_title(view, str(s.get('side', ''))))} · "
            f"{escape(_words(s.get('hull', '')))}"
            + (
                f", {escape(_words(s.get('status')))}"
                if s.get("status") not in (None, "", "active")
                else ""
            )
            + "</small></h3>"
            f'{meter}<dl class="facts">{facts}</dl>'
            f'<p class="turns">Guns: {escape(gun_text)}'
            + (f"; {silent} silent" if silent else "")
            + f"; turning {_num(s.get('turning')):g} in</p>"
            + (f'<p class="turns">{escape("; ".join(notes))}</p>' if notes else "")
            + (f'<p class="turns">{cap}</p>' if cap else "")
            + _standing_line(s, view)
            + "</article>"
        )
