"""The Flotilla table (inches) and roster cards.

Positions are table inches (x east, y north); a ship's position is her bow
(she turns about it) and her heading is compass degrees (0 north, clockwise).
Ships are drawn to scale from their ``length``. Terrain: land polygons,
sandbars (where the view lists them), land batteries (forts), torpedoes
(mines) and the current. Arcs of fire and range bands are a layer the page
shows on demand (``data-layer="arcs"``).

Where the seat's prompt is a move (``context.step == "plan"``), every
manoeuvre is drawn on the table: a handle where the bow ends up, and a ghost
of the ship with her path, shown on hover and when picked.

Every key is read defensively: a missing one must not break the page.
"""

from __future__ import annotations

import math
import re
from typing import Any

from markupsafe import escape

from quarterdeck.core.geometry import unit as _unit
from quarterdeck.web.render.card import (
    card_open,
    fit,
    move_handle,
    pin,
    rulers,
    ship_label,
    ships_title,
    side_title,
    table_open,
)
from quarterdeck.web.render.inches import PX, Frame

ARC = {"bow": 0.0, "starboard": 90.0, "stern": 180.0, "port": -90.0}
ARC_WIDTH = 45.0  # a ship's battery: 22.5 degrees each side of the gun
LAND_ARC_WIDTH = 90.0  # a land battery: 45 degrees each side of its facing
RANGE_BANDS = {  # inches, the rule set's tables.toml
    "light": (12.0,),
    "normal": (12.0, 24.0, 36.0),
    "heavy": (16.0, 32.0, 48.0),
    "mortar": (48.0,),
}
# the sequence of play's steps: "2. initiative" ("2 initiative" read as a count)
PHASE_WORDS = {
    "environment": "1. environment",
    "initiative": "2. initiative",
    "move_a": "3. side A moves",
    "move_b": "4. side B moves",
    "landing": "5. landings",
    "combat": "6. boarding and melee",
    "continuing": "7. continuing damage",
    "repair": "8. repairs",
    "reload": "9. reloading",
    "end": "10. end of the turn",
    "passage": "11. passage",
}
_PLAN = re.compile(r"^s(\d+)/(-?\d+)/(-?\d+)/(-?\d+)$")


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


def _advance(x: float, y: float, heading: float, inches: float) -> tuple[float, float]:
    ux, uy = _unit(heading)
    return (x + ux * inches, y + uy * inches)


def _hull(length: float, cls: str) -> str:
    """A hull with her bow at the origin pointing up (north), stern below."""
    n = length * PX
    b = max(n * 0.16, 6.0) if cls != "monitor" else max(n * 0.2, 6.0)
    if cls == "monitor":
        return (
            f"M 0 0 C {b:.1f} {n * 0.08:.1f} {b:.1f} {n * 0.2:.1f} {b:.1f} {n * 0.5:.1f} "
            f"C {b:.1f} {n * 0.85:.1f} {b * 0.5:.1f} {n:.1f} 0 {n:.1f} "
            f"C {-b * 0.5:.1f} {n:.1f} {-b:.1f} {n * 0.85:.1f} {-b:.1f} {n * 0.5:.1f} "
            f"C {-b:.1f} {n * 0.2:.1f} {-b:.1f} {n * 0.08:.1f} 0 0 Z"
        )
    return (
        f"M 0 0 C {b * 0.8:.1f} {n * 0.1:.1f} {b:.1f} {n * 0.25:.1f} {b:.1f} {n * 0.4:.1f} "
        f"L {b * 0.85:.1f} {n:.1f} L {-b * 0.85:.1f} {n:.1f} L {-b:.1f} {n * 0.4:.1f} "
        f"C {-b:.1f} {n * 0.25:.1f} {-b * 0.8:.1f} {n * 0.1:.1f} 0 0 Z"
    )


def _deck(length: float, cls: str) -> str:
    """What stands on the deck: a casemate, a turret, or masts and a funnel."""
    n = length * PX
    b = max(n * 0.16, 6.0)
    if cls == "ironclad":
        return (
            f'<path class="casemate" d="M {-b * 0.7:.1f} {n * 0.3:.1f} '
            f"L {b * 0.7:.1f} {n * 0.3:.1f} "
            f'L {b * 0.7:.1f} {n * 0.78:.1f} L {-b * 0.7:.1f} {n * 0.78:.1f} Z"/>'
            f'<circle class="funnel" cx="0" cy="{n * 0.5:.1f}" r="{b * 0.28:.1f}"/>'
        )
    if cls == "monitor":
        return f'<circle class="turret" cx="0" cy="{n * 0.4:.1f}" r="{b * 0.6:.1f}"/>'
    return f'<circle class="funnel" cx="0" cy="{n * 0.5:.1f}" r="{b * 0.3:.1f}"/>' + "".join(
        f'<line class="yard" x1="{-b * 0.9:.1f}" y1="{n * f:.1f}" x2="{b * 0.9:.1f}" '
        f'y2="{n * f:.1f}"/>'
        for f in (0.25, 0.72)
    )


def _ship_svg(
    ship: dict[str, Any],
    frame: Frame,
    x: float,
    y: float,
    heading: float,
    colour: str,
    css: str,
    attrs: str = "",
    title: str = "",
) -> str:
    length = _num(ship.get("length"), 6.0) or 6.0
    cls = str(ship.get("class", ""))
    sx, sy = frame.pt(x, y)
    return (
        f'<g class="{css}" transform="translate({sx:.1f} {sy:.1f})"{attrs}>'
        + (f"<title>{escape(title)}</title>" if title else "")
        + f'<g transform="rotate({heading:.1f})">'
        f'<path class="halo" d="{_hull(length * 1.15, cls)}" '
        f'transform="translate(0 {-length * PX * 0.075:.1f})"/>'
        f'<path class="hull" d="{_hull(length, cls)}" style="fill:{escape(colour)}"/>'
        f"{_deck(length, cls)}</g></g>"
    )


def _wedge(frame: Frame, x: float, y: float, centre: float, width: float, r: float) -> str:
    if width >= 360:
        sx, sy = frame.pt(x, y)
        return f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{r * PX:.1f}"/>'
    a, b = centre - width / 2, centre + width / 2
    p1 = _advance(x, y, a, r)
    p2 = _advance(x, y, b, r)
    return (
        f'<path d="M {frame.s(x, y)} L {frame.s(*p1)} '
        f'A {r * PX:.1f} {r * PX:.1f} 0 0 1 {frame.s(*p2)} Z"/>'
    )


def plan_path(
    x: float, y: float, heading: float, option: str
) -> tuple[list[tuple[float, float]], float] | None:
    """The bow's path for a move option id ``s<speed>/<first>/<middle>/<end>``
    (turns in degrees, positive to starboard, made at the first, middle and
    end of the move) and the heading at its end; None for other options."""
    found = _PLAN.match(option)
    if not found:
        return None
    speed, first, middle, end = (int(v) for v in found.groups())
    h = heading + first
    mid = _advance(x, y, h, speed / 2)
    h += middle
    fin = _advance(*mid, h, speed / 2)
    return [(x, y), mid, fin], (h + end) % 360


_TURN = re.compile(r"^t(-?\d+)$")


def turn_path(
    x: float, y: float, heading: float, option: str, ahead: float
) -> tuple[list[tuple[float, float]], float] | None:
    """The bow's path for a turn option id ``t<angle>`` asked at the middle
    (then ``ahead`` inches on) or the end of a move (``ahead`` 0: in place);
    None for other options."""
    found = _TURN.match(option)
    if not found:
        return None
    h = (heading + int(found.group(1))) % 360
    if ahead <= 0:
        return [(x, y), (x, y)], h
    return [(x, y), _advance(x, y, h, ahead)], h


class FlotillaRenderer:
    """The inch table with terrain, ships to scale and moves; roster cards."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        size = _list(view.get("table"))
        width = _num(size[0], 72.0) if len(size) == 2 else 72.0
        height = _num(size[1], 48.0) if len(size) == 2 else 48.0
        frame = Frame(height, " ")
        ships = [
            s
            for s in _list(view.get("ships"))
            if isinstance(s, dict) and s.get("status") != "exited"
        ]
        # the whole table, and any hull that hangs over its edge
        xs, ys = [0.0, width], [0.0, height]
        for s in ships:
            x, y = _num(s.get("x")), _num(s.get("y"))
            xs.append(x)
            ys.append(y)
            sx, sy = _advance(x, y, _num(s.get("heading")), -_num(s.get("length"), 6.0))
            xs.append(sx)
            ys.append(sy)
        pad = 4 * PX
        x0 = min(xs) * PX - pad
        y0 = (height - max(ys)) * PX - pad - 2 * PX
        w = (max(xs) - min(xs)) * PX + 2 * pad
        h = (max(ys) - min(ys)) * PX + 2 * pad + 2 * PX
        # the view opens on the ships, forts and men ashore
        spots = [frame.pt(x, y) for x, y in zip(xs[2:], ys[2:], strict=True)]
        for f in _list(view.get("batteries")) + _list(view.get("troops")):
            if isinstance(f, dict) and not f.get("aboard"):
                spots.append(frame.pt(_num(f.get("x")), _num(f.get("y"))))
        hx, hy, hw, hh = fit(spots, 6 * PX, (30 * PX, 20 * PX), (x0, y0, w, h))
        home = (hx - 2 * PX, hy - 2 * PX, hw + 2 * PX, hh + 2 * PX)  # room for the rulers
        parts = [
            table_open(
                "fl-table",
                home,
                ships_title("The table: ", ships, view),
                whole=(x0, y0, w, h),
                unit=(PX, "in"),
            ),
            f'<rect class="sea" x="{x0 - 3000:.0f}" y="{y0 - 3000:.0f}" '
            f'width="{w + 6000:.0f}" height="{h + 6000:.0f}"/>',
            f'<rect class="table-edge" x="0" y="0" width="{width * PX:.0f}" '
            f'height="{height * PX:.0f}"/>',
        ]
        # a foot grid, as a cloth might be marked
        grid = "".join(f"M{gx * PX:.0f} 0V{height * PX:.0f}" for gx in range(12, int(width), 12))
        grid += "".join(f"M0 {gy * PX:.0f}H{width * PX:.0f}" for gy in range(12, int(height), 12))
        parts.append(f'<path class="foot-grid" d="{grid}"/>')
        parts.append(self._terrain(view, frame))
        parts.append(self._current(view, frame, width))
        parts.append(self._arcs(view, ships, frame, colours))
        parts.append(self._forts(view, frame, colours))
        labels: list[str] = []
        for s in ships:
            gone = s.get("status") in ("sunk", "hulk", "destroyed", "exploded")
            css = "ship gone" if gone else "ship"
            if s.get("status") not in (None, "active"):
                css += " " + re.sub(r"[^a-z-]", "", str(s.get("status")))
            x, y, heading = _num(s.get("x")), _num(s.get("y")), _num(s.get("heading"))
            colour = colours.get(str(s.get("side", "")), "#555")
            label = (
                f"{s.get('name', s.get('id'))} ({side_title(view, str(s.get('side', '')))}, "
                f"{s.get('class', '')}): "
                f"speed {s.get('speed', '?')}, heading {heading:.0f}"
                + (f", {s.get('status')}" if s.get("status") not in (None, "active") else "")
            )
            parts.append(
                _ship_svg(
                    s,
                    frame,
                    x,
                    y,
                    heading,
                    colour,
                    css,
                    f' data-ship="{escape(str(s.get("id", "")))}"',
                    label,
                )
            )
            mx, my = _advance(x, y, heading, -(_num(s.get("length"), 6.0)) / 2)
            sx, sy = frame.pt(mx, my)
            labels.append(
                ship_label(
                    str(s.get("name", s.get("id", ""))),
                    sx,
                    sy - 16,
                    str(s.get("id", "")),
                    rank=0 if gone else 1,
                )
            )
        for tr in _list(view.get("troops")):
            if not isinstance(tr, dict) or tr.get("aboard") or tr.get("fort"):
                continue
            sx, sy = frame.pt(_num(tr.get("x")), _num(tr.get("y")))
            # a rank of men across its facing (0.6 inch a man), the front edge marked
            half = max(6.0, _num(tr.get("men"), 1.0) * 0.6 * PX / 2)
            facing = _num(tr.get("facing"))
            parts.append(
                f'<g class="troop" data-ship="{escape(str(tr.get("id", "")))}" '
                f'transform="rotate({facing:.0f} {sx:.1f} {sy:.1f})">'
                f"<title>{escape(str(tr.get('name', '')))}: {escape(str(tr.get('men', '?')))} "
                f"men, facing {facing:.0f} degrees</title>"
                f'<rect x="{sx - half:.1f}" y="{sy - 3:.1f}" width="{2 * half:.1f}" height="6" '
                f'style="fill:{escape(colours.get(str(tr.get("side", "")), "#555"))}"/>'
                f'<line class="front" x1="{sx - half:.1f}" y1="{sy - 3:.1f}" '
                f'x2="{sx + half:.1f}" y2="{sy - 3:.1f}"/></g>'
            )
        for g in _list(view.get("grapples")):
            ends = [s for s in ships if s.get("id") in _list(g)]
            if len(ends) == 2:
                (ax, ay), (bx, by) = (frame.pt(_num(e.get("x")), _num(e.get("y"))) for e in ends)
                parts.append(
                    f'<line class="contact-line grappled" x1="{ax:.1f}" y1="{ay:.1f}" '
                    f'x2="{bx:.1f}" y2="{by:.1f}"/>'
                )
        parts.append(self._moves(view, ships, frame, colours))
        for f in _list(view.get("batteries")):
            if isinstance(f, dict):
                fx, fy = frame.pt(_num(f.get("x")), _num(f.get("y")))
                labels.append(
                    ship_label(str(f.get("name", "")), fx, fy + 24, str(f.get("id", "")), rank=1)
                )
        parts.extend(labels)
        phase = str(view.get("phase", ""))
        parts.append(
            pin(
                "bl",
                '<text class="sea-state" x="34" y="-10">'
                f"Turn {escape(str(view.get('turn', '')))} of "
                f"{escape(str(view.get('turn_limit', '')))} · "
                f"{escape(PHASE_WORDS.get(phase, phase.replace('_', ' ')))}"
                f" · visibility: {escape(str(view.get('visibility', '')))}</text>",
                "turn and phase",
            )
        )
        # inches from the table's west and south edges, every six inches
        parts.append(
            rulers(
                [(gx * PX, f"{gx}") for gx in range(0, int(width) + 1, 6)],
                [((height - gy) * PX, f"{gy}") for gy in range(0, int(height) + 1, 6)],
            )
        )
        parts.append(
            f'<g class="scale" transform="translate(0 {height * PX + 2.5 * PX:.0f})">'
            f'<path d="M0 0 h{12 * PX:.0f} M0 -4 v8 M{12 * PX:.0f} -4 v8"/>'
            f'<text x="{6 * PX:.0f}" y="-6" text-anchor="middle">12 inches</text></g>'
        )
        parts.append("</svg>")
        return "".join(parts)

    def _terrain(self, view: dict[str, Any], frame: Frame) -> str:
        out = []
        for poly in _list(view.get("land")):
            pts = [p for p in _list(poly) if isinstance(p, list | tuple) and len(p) >= 2]
            if len(pts) >= 3:
                d = " ".join(frame.s(_num(p[0]), _num(p[1])) for p in pts)
                out.append(f'<polygon class="land" points="{d}"><title>land</title></polygon>')
        for poly in _list(view.get("cover")):
            pts = [p for p in _list(poly) if isinstance(p, list | tuple) and len(p) >= 2]
            if len(pts) >= 3:
                d = " ".join(frame.s(_num(p[0]), _num(p[1])) for p in pts)
                out.append(
                    f'<polygon class="cover" points="{d}">'
                    "<title>cover (house, wood or field works)</title></polygon>"
                )
        for key in ("sandbars", "shoals", "shallows"):
            for poly in _list(view.get(key)):
                pts = _list(poly.get("points") if isinstance(poly, dict) else poly)
                pts = [p for p in pts if isinstance(p, list | tuple) and len(p) >= 2]
                if len(pts) >= 3:
                    d = " ".join(frame.s(_num(p[0]), _num(p[1])) for p in pts)
                    out.append(
                        f'<polygon class="sandbar" points="{d}"><title>sandbar</title></polygon>'
                    )
        for key in ("torpedoes", "mines", "minefields"):
            for p in _list(view.get(key)):
                if isinstance(p, dict):
                    p = [p.get("x"), p.get("y")]
                if isinstance(p, list | tuple) and len(p) >= 2:
                    sx, sy = frame.pt(_num(p[0]), _num(p[1]))
                    out.append(
                        f'<g class="torpedo" transform="translate({sx:.1f} {sy:.1f})">'
                        "<title>torpedo (mine)</title>"
                        '<circle r="6"/><path d="M-4 -4 L4 4 M4 -4 L-4 4"/></g>'
                    )
        return "".join(out)

    def _current(self, view: dict[str, Any], frame: Frame, width: float) -> str:
        current = view.get("current")
        if not isinstance(current, int | float) or isinstance(current, bool):
            return ""
        cx, cy = width - 5.0, -2.2
        ux, uy = _unit(float(current))
        a = frame.pt(cx - ux * 1.4, cy - uy * 1.4 + 0)
        b = frame.pt(cx + ux * 1.4, cy + uy * 1.4)
        # cy is above the table: frame.pt keeps the flip consistent
        return (
            f'<g class="current"><title>current flowing towards {current:.0f} degrees</title>'
            f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}"/>'
            f'<path d="M0 -7 L5 4 L-5 4 Z" transform="translate({b[0]:.1f} {b[1]:.1f}) '
            f'rotate({float(current):.0f})"/>'
            f'<text x="{a[0] - 10:.1f}" y="{(a[1] + b[1]) / 2 + 4:.1f}" text-anchor="end">'
            "current</text></g>"
        )

    def _arcs(
        self,
        view: dict[str, Any],
        ships: list[dict[str, Any]],
        frame: Frame,
        colours: dict[str, str],
    ) -> str:
        """Arcs of fire with their range bands, for every ship and fort."""
        out = ['<g class="arcs" data-layer="arcs">']
        context = _dict(_dict(view.get("prompt")).get("context"))
        focus = {context.get("ship"), context.get("unit")} - {None}
        for s in ships:
            if s.get("status") not in (None, "active"):
                continue
            colour = escape(colours.get(str(s.get("side", "")), "#555"))
            x, y, heading = _num(s.get("x")), _num(s.get("y")), _num(s.get("heading"))
            length = _num(s.get("length"), 6.0)
            for b in _list(s.get("batteries")):
                if not isinstance(b, dict) or _num(b.get("dice")) <= 0:
                    continue
                name = str(b.get("name", ""))
                if name == "bow":
                    ox, oy = x, y
                elif name == "stern":
                    ox, oy = _advance(x, y, heading, -length)
                else:
                    ox, oy = _advance(x, y, heading, -length / 2)
                width = 360.0 if name == "turret" else ARC_WIDTH
                centre = heading + ARC.get(name, 0.0)
                bands = RANGE_BANDS.get(str(b.get("weight", "normal")), (12.0,))
                rings = "".join(
                    _wedge(frame, ox, oy, centre, width, r).replace(
                        "/>", f' class="band band-{n}"/>'
                    )
                    for n, r in reversed(list(enumerate(bands)))
                )
                css = "arc focus" if s.get("id") in focus else "arc"
                out.append(
                    f'<g class="{css}" style="--side:{colour}" data-arc="{escape(str(s.get("id")))}'
                    f':{escape(name)}"><title>{escape(str(s.get("name", "")))} {escape(name)} '
                    f"battery: {', '.join(f'{r:.0f} in' for r in bands)}</title>{rings}</g>"
                )
        for f in _list(view.get("batteries")):
            if not isinstance(f, dict) or _num(f.get("guns")) <= 0:
                continue
            side = str(f.get("side", ""))
            colour = escape(colours.get(side, "#555"))
            bands = RANGE_BANDS.get(str(f.get("weight", "normal")), (12.0,))
            rings = "".join(
                _wedge(
                    frame,
                    _num(f.get("x")),
                    _num(f.get("y")),
                    _num(f.get("facing")),
                    LAND_ARC_WIDTH,
                    r,
                ).replace("/>", f' class="band band-{n}"/>')
                for n, r in reversed(list(enumerate(bands)))
            )
            out.append(f'<g class="arc fort-arc" style="--side:{colour}">{rings}</g>')
        out.append("</g>")
        return "".join(out)

    def _forts(self, view: dict[str, Any], frame: Frame, colours: dict[str, str]) -> str:
        out = []
        for f in _list(view.get("batteries")):
            if not isinstance(f, dict):
                continue
            side = str(f.get("side", ""))
            colour = escape(colours.get(side, "#555"))
            sx, sy = frame.pt(_num(f.get("x")), _num(f.get("y")))
            label = (
                f"{f.get('name', f.get('id', ''))}: {f.get('guns', '?')}/{f.get('guns_max', '?')} "
                f"{f.get('weight', '')} guns"
                + (
                    f", captured by {side_title(view, str(f.get('captured_by')))}"
                    if f.get("captured_by")
                    else ""
                )
            )
            out.append(
                f'<g class="fort" data-ship="{escape(str(f.get("id", "")))}" '
                f'transform="translate({sx:.1f} {sy:.1f})"><title>{escape(label)}</title>'
                f'<g transform="rotate({_num(f.get("facing")):.0f})">'
                '<path class="halo" d="M0 -16 L14 8 L-14 8 Z"/>'
                f'<path class="fort-body" d="M -12 -6 L 0 -14 L 12 -6 L 12 8 L -12 8 Z" '
                f'style="fill:{colour}"/></g></g>'
            )
        return "".join(out)

    def _moves(
        self,
        view: dict[str, Any],
        ships: list[dict[str, Any]],
        frame: Frame,
        colours: dict[str, str],
    ) -> str:
        prompt = view.get("prompt")
        if not isinstance(prompt, dict) or prompt.get("kind") != "choice":
            return ""
        context = _dict(prompt.get("context"))
        step = context.get("step")
        if step not in ("plan", "turn"):
            return ""
        ship = next((s for s in ships if s.get("id") == context.get("ship")), None)
        if ship is None:
            return ""
        x, y, heading = _num(ship.get("x")), _num(ship.get("y")), _num(ship.get("heading"))
        length = _num(ship.get("length"), 6.0)
        colour = colours.get(str(ship.get("side", "")), "#555")
        out = [f'<g class="move-options" data-mover="{escape(str(ship.get("id", "")))}">']
        taken: set[tuple[float, float]] = set()
        for o in _list(prompt.get("options")):
            if not isinstance(o, dict):
                continue
            answer = str(o.get("id", ""))
            if step == "turn":
                found = turn_path(x, y, heading, answer, _num(context.get("ahead")))
            else:
                found = plan_path(x, y, heading, answer)
            if found is not None and step == "turn" and found[0][-1] == found[0][0]:
                pts, end = found  # a turn in place at the end of the move
                hx, hy = _advance(x, y, end, 0.9)
                mark = "➤"
            elif found is not None:
                pts, end = found
                if pts[-1] == pts[0]:  # no way on: stays where she is
                    hx, hy = _advance(x, y, heading, -length - 1.2)
                    mark = "■"
                else:
                    hx, hy = _advance(*pts[-1], end, 0.9)
                    mark = "➤"
            elif answer == "reverse":
                end = heading
                astern = _advance(x, y, heading, -3.5)
                pts = [(x, y), astern]
                hx, hy = _advance(*astern, heading, -length - 0.9)
                mark = "◀"
            else:
                continue
            # two ways to the same place: the second handle steps aside
            while (round(hx, 1), round(hy, 1)) in taken:
                hx, hy = _advance(hx, hy, end + 90, 0.8)
            taken.add((round(hx, 1), round(hy, 1)))
            line = " ".join(frame.s(*p) for p in pts)
            sx, sy = frame.pt(hx, hy)
            rot = (end - 90) if mark == "➤" else 0
            out.append(
                f'<g class="move-option" data-answer="{escape(answer)}" '
                f'data-dest="{pts[-1][0]:.2f},{pts[-1][1]:.2f},{end:.1f}">'
                f"<title>{escape(str(o.get('label', answer)))}</title>"
                f'<polyline class="move-path" points="{line}"/>'
                + _ship_svg(ship, frame, pts[-1][0], pts[-1][1], end, colour, "ghost")
                + move_handle(sx, sy, 0.36 * PX, mark, rot)
            )
        out.append("</g>")
        return "".join(out)

    # -- roster cards ------------------------------------------------------------------

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        ships = [s for s in _list(view.get("ships")) if isinstance(s, dict)]
        out = [self._roster(s, colours, view) for s in ships]
        for f in _list(view.get("batteries")):
            if isinstance(f, dict):
                out.append(self._fort_card(f, view, colours))
        victory = _dict(view.get("victory"))
        objectives = [o for o in _list(victory.get("objectives")) if isinstance(o, dict)]
        if objectives:
            out.append(
                self._objectives(victory, objectives, _dict(view.get("points")), colours, view)
            )
        return "".join(out) or "<p>No ships in view.</p>"

    def _objectives(
        self,
        victory: dict[str, Any],
        objectives: list[dict[str, Any]],
        points: dict[str, Any],
        colours: dict[str, str],
        view: dict[str, Any] | None = None,
    ) -> str:
        """The scenario's victory conditions (not the rules'): each side's
        objectives and its points as things stand."""
        sides = list(dict.fromkeys(str(o.get("side", "")) for o in objectives))
        rows = []
        for side in sides:
            items = "".join(
                f"<li>{escape(str(o.get('text') or o.get('what', '')))} "
                f"<small>{escape(str(o.get('points', '')))} each</small></li>"
                for o in objectives
                if o.get("side") == side
            )
            rows.append(
                f'<h4 style="color:{escape(colours.get(side, "#555"))}">'
                f"{escape(side_title(view or {}, side))} "
                f"<small>{escape(str(points.get(side, 0)))} points now</small></h4>"
                f"<ul>{items}</ul>"
            )
        note = escape(str(victory.get("note", "")))
        return (
            '<article class="card objectives-card"><h3>Objectives '
            "<small>the scenario's, not the rules'</small></h3>"
            + (f"<p>{note}</p>" if note else "")
            + "".join(rows)
            + "</article>"
        )

    def _roster(
        self, s: dict[str, Any], colours: dict[str, str], view: dict[str, Any] | None = None
    ) -> str:
        colour = colours.get(str(s.get("side", "")), "#555")
        speed = s.get("speed")
        top = _num(s.get("max_speed"), 99)
        track = "".join(
            f'<span class="tk{" on" if v == speed else ""}{" gone" if _num(v) > top else ""}">'
            f"{escape(str(v))}</span>"
            for v in _list(s.get("speed_track"))
        )
        morale = s.get("morale")
        morale_track = "".join(
            f'<span class="tk{" on" if v == morale else ""}'
            f'{" gone" if _num(v) > _num(morale) else ""}">{v}</span>'
            for v in range(int(_num(s.get("morale_max"), _num(morale))) + 1)
        )
        crew, crew_start = _num(s.get("crew")), _num(s.get("crew_start"), 1) or 1
        checks = ", ".join(str(c) for c in _list(s.get("crew_checks")))
        turns = _dict(s.get("turns"))
        turn_text = " · ".join(f"{k} {v}°" for k, v in turns.items()) or "none"
        standing = _dict((view or {}).get("standing"))
        names = {
            str(x.get("id")): str(x.get("name", x.get("id")))
            for x in _list((view or {}).get("ships"))
            if isinstance(x, dict)
        }
        batteries = "".join(
            self._battery(b, _standing_words(standing.get(f"{s.get('id')}:{b.get('name')}"), names))
            for b in _list(s.get("batteries"))
            if isinstance(b, dict)
        )
        boxes = _list(s.get("boxes"))
        ticked = int(_num(s.get("ticked")))
        yellow = int(_num(s.get("yellow_box"), len(boxes)))
        # box_order: the printed boxes in the order they are ticked
        order = [int(_num(i)) for i in _list(s.get("box_order"))] or list(range(len(boxes)))
        done, zone = set(order[:ticked]), set(order[yellow:])
        grid = "".join(
            f'<span class="dmg{" ticked" if i in done else ""}{" yellow" if i in zone else ""}'
            f'{" " + _mark_css(str(b)) if b else ""}" title="box {i + 1}'
            f'{": " + escape(str(b)) if b else ""}{" (ticked)" if i in done else ""}">'
            f"{escape(str(b))}</span>"
            for i, b in enumerate(boxes)
        )
        flags = []
        status = str(s.get("status", "active"))
        if status != "active":
            flags.append(f'<li class="flag bad">{escape(status.capitalize())}</li>')
        for key, text, css in (
            ("yellow", "In the yellow", "warn"),
            ("catastrophic", "Catastrophic fire", "bad"),
            ("fire_below", "Fire below", "bad"),
            ("fire_above", "Fire above", "bad"),
            ("aground", "Aground", "warn"),
            ("anchored", "Anchored", "quiet"),
            ("grappled", "Grappled", "warn"),
            ("flagship", "Flagship", "quiet"),
            ("fired", "Fired this turn", "quiet"),
            ("repairing", "Repairing continuing damage", "warn"),
            ("buttoned_up", "Buttoned up: cannot be boarded", "quiet"),
        ):
            if s.get(key):
                value = s.get(key)
                extra = f" ({value})" if isinstance(value, str | int) and value is not True else ""
                flags.append(f'<li class="flag {css}">{escape(text + extra)}</li>')
        if s.get("mood"):
            flags.append(f'<li class="flag warn">Captain: {escape(str(s.get("mood")))}</li>')
        return (
            card_open("fl-card", str(s.get("id", "")), str(s.get("side", "")), colour)
            + f"<h3>{escape(str(s.get('name', s.get('id', ''))))} "
            f"<small>{escape(side_title(view or {}, str(s.get('side', ''))))} · "
            f"{escape(str(s.get('class', '')))} · "
            f"{escape(str(s.get('length', '?')))} in</small></h3>"
            '<dl class="facts">'
            f'<div><dt>Speed</dt><dd class="speed">{escape(str(speed))}'
            f"<small>max {escape(str(s.get('max_speed', '?')))}</small></dd></div>"
            f'<div><dt>Crew</dt><dd class="crew">{crew:.0f}'
            f"<small>of {crew_start:.0f}</small></dd></div>"
            f'<div><dt>Morale</dt><dd class="morale">{escape(str(morale))}'
            f"<small>of {escape(str(s.get('morale_max', '?')))}</small></dd></div>"
            f'<div><dt>Continuing</dt><dd class="continuing">'
            f"{escape(str(s.get('continuing', 0)))}<small>damage</small></dd></div></dl>"
            f'<h4>Speed track</h4><div class="track speed-track">{track}</div>'
            f'<p class="turns">Turns: {escape(turn_text)}</p>'
            f'<h4>Crew</h4><div class="meter" role="meter" aria-valuenow="{crew:.0f}" '
            f'aria-valuemin="0" aria-valuemax="{crew_start:.0f}"><span style="width:'
            f'{max(0.0, min(1.0, crew / crew_start)) * 100:.0f}%"></span></div>'
            + (f'<p class="checks">(c) checks at {escape(checks)}</p>' if checks else "")
            + f'<h4>Morale track</h4><div class="track morale-track">{morale_track}</div>'
            f'<h4>Batteries</h4><div class="batteries">{batteries}</div>'
            f"<h4>Damage boxes <small>{ticked} of {len(boxes)} ticked</small></h4>"
            f'<div class="dmg-grid">{grid}</div>'
            f'<ul class="flags">{"".join(flags)}</ul></article>'
        )

    def _battery(self, b: dict[str, Any], order: str = "") -> str:
        hits = int(_num(b.get("hits")))
        checks = {_num(c, -1) for c in _list(b.get("checks"))}
        cells = "".join(
            f'<span class="tk{" gone" if i < hits else ""}{" on" if i == hits else ""}">'
            f"{escape(str(v))}{'<sup>c</sup>' if _num(v, -2) in checks else ''}</span>"
            for i, v in enumerate(_list(b.get("track")))
        )
        return (
            f'<div class="battery" data-battery="{escape(str(b.get("name", "")))}">'
            f'<span class="box-label">{escape(str(b.get("name", "")))} '
            f"<small>{escape(str(b.get('weight', '')))}</small></span>"
            f'<span class="track">{cells}</span>'
            + ('<span class="flag quiet">fired</span>' if b.get("fired") else "")
            + (f'<span class="standing-order">standing: {escape(order)}</span>' if order else "")
            + "</div>"
        )

    def _fort_card(self, f: dict[str, Any], view: dict[str, Any], colours: dict[str, str]) -> str:
        side = str(f.get("side", ""))
        garrison = next(
            (
                t
                for t in _list(view.get("troops"))
                if isinstance(t, dict) and t.get("id") == f.get("garrison")
            ),
            None,
        )
        men = (
            f"<div><dt>Garrison</dt><dd>{escape(str(garrison.get('men', '?')))}"
            f"<small>{escape(str(garrison.get('quality', '')))}</small></dd></div>"
            if garrison
            else ""
        )
        return (
            card_open(
                "fl-card fort-card", str(f.get("id", "")), str(side), colours.get(side, "#555")
            )
            + f"<h3>{escape(str(f.get('name', '')))} <small>land battery · "
            f"{escape(side_title(view, str(f.get('side', ''))))}</small></h3>"
            '<dl class="facts">'
            f'<div><dt>Guns</dt><dd class="guns">{escape(str(f.get("guns", "?")))}'
            f"<small>of {escape(str(f.get('guns_max', '?')))}</small></dd></div>"
            f"<div><dt>Weight</dt><dd>{escape(str(f.get('weight', '')))}</dd></div>{men}</dl>"
            + (
                f'<ul class="flags"><li class="flag bad">Captured by '
                f"{escape(side_title(view, str(f.get('captured_by'))))}</li></ul>"
                if f.get("captured_by")
                else ""
            )
            + "</article>"
        )


def _standing_words(order: Any, names: dict[str, str]) -> str:
    """A battery's standing fire order in words (the seat's own view only)."""
    if not isinstance(order, str) or order in ("", "ask"):
        return ""
    if order.startswith("ship:"):
        _, target, inches = [*order.split(":"), "0"][:3]
        reach = f"within {inches} in" if inches not in ("", "0") else "in range"
        return f"{names.get(target, target)} when {reach}"
    return {"hold": "hold fire", "first": "first target in range"}.get(order, order)


def _mark_css(mark: str) -> str:
    out = []
    if "W" in mark:
        out.append("mark-w")
    if "P" in mark:
        out.append("mark-p")
    if "I" in mark:
        out.append("mark-i")
    if "©" in mark or "(c)" in mark:
        out.append("mark-c")
    return " ".join(out)
