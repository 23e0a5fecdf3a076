"""The "Away, Boarders!" table (the triangular field of points) and ship displays.

The field is drawn as the rule set prints it: rows of points, each odd row
shifted half a point to the right, row 0 at the top (north). A ship stands on
her point, pointing along her facing (direction 0 east, counter-clockwise in
steps of 60 degrees). The wind arrow blows from the view's ``field.wind``.

Where the seat's prompt is a ship's move, each option is drawn on the table:
a handle to click (``data-answer`` = the option id) and a ghost of the ship
where the move leaves her, shown on hover and when picked.

Everything is read defensively: the rule set's view may lack a key and the
page must still draw.
"""

from __future__ import annotations

import math
import re
from typing import Any

from markupsafe import escape

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

S = 48.0  # pixels between neighbouring points
ROW = S * math.sqrt(3) / 2
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TASKS = (
    ("yards", "Man the yards / make-reef sail / sweeps"),
    ("repair_rigging", "Repair rigging"),
    ("guns", "Man the guns"),
    ("repair_guns", "Repair guns"),
    ("repair_hull", "Repair hull"),
    ("boarders", "Boarding party"),
)
SAILS = ("oars", "reef", "battle", "full")
BATTERIES = ("port", "starboard", "bow")
MOVE_KINDS = (
    "advance",
    "advance-port",
    "advance-starboard",
    "turn-port",
    "turn-starboard",
    "back",
    "hold",
)
PHASE_WORDS = {
    "loads": "first loads (4.1)",
    "crew": "crew orders (2.1)",
    "segment": "action segment (2.2)",
    "drift": "drift (3.1)",
    "move": "movement, action phase",
    "fire-setup": "gunfire (4.2)",
    "fire": "gunfire, action phase",
    "tasks-setup": "crew tasks (2.3)",
    "tasks": "crew tasks (2.3)",
    "end": "end of the turn",
}
_DEST = re.compile(r"\((-?\d+),\s*(-?\d+)\)\s*facing\s+([NSEW]{1,2})")


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _xy(q: int, r: int) -> tuple[float, float]:
    """SVG position of axial point (q, r): x east, y down the page (south)."""
    return ((q + r / 2) * S, r * ROW)


def _col_row_xy(col: int, row: int) -> tuple[float, float]:
    return ((col + (row % 2) / 2) * S, row * ROW)


def _axial(ship: dict[str, Any]) -> tuple[int, int] | None:
    if isinstance(ship.get("q"), int) and isinstance(ship.get("r"), int):
        return int(ship["q"]), int(ship["r"])
    at = ship.get("at")
    if isinstance(at, list | tuple) and len(at) == 2:
        col, row = _int(at[0]), _int(at[1])
        return col - row // 2, row
    return None


def _rotation(facing: int) -> float:
    """SVG rotation of a hull drawn bow-up for a facing (0 east, ccw)."""
    return (90.0 - 60.0 * facing) % 360.0


def _unit(direction: int) -> tuple[float, float]:
    a = math.radians(60.0 * direction)
    return (math.cos(a), -math.sin(a))


def _hull(length: float) -> str:
    h, b = length / 2, length * 0.17
    return (
        f"M 0 {-h:.1f} C {b:.1f} {-h * 0.6:.1f} {b:.1f} {-h * 0.1:.1f} "
        f"{b * 0.95:.1f} {h * 0.2:.1f} "
        f"L {b * 0.75:.1f} {h:.1f} L {-b * 0.75:.1f} {h:.1f} L {-b * 0.95:.1f} {h * 0.2:.1f} "
        f"C {-b:.1f} {-h * 0.1:.1f} {-b:.1f} {-h * 0.6:.1f} 0 {-h:.1f} Z"
    )


def _length(ship: dict[str, Any]) -> float:
    """A hull long enough to see and click at the opening view: from about
    three quarters of the space between points (a gunboat) to all of it."""
    boxes = len(_list(ship.get("hull"))) or 4
    return S * min(1.0, 0.74 + 0.025 * boxes)


def _ship_svg(
    ship: dict[str, Any],
    x: float,
    y: float,
    colour: str,
    css: str,
    attrs: str = "",
    title: str = "",
) -> str:
    length = _length(ship)
    masts = _list(ship.get("masts"))
    n = max(1, len(masts))
    spars = "".join(
        f'<line class="yard" x1="{-length * 0.2:.1f}" y1="{y0:.1f}" '
        f'x2="{length * 0.2:.1f}" y2="{y0:.1f}"/>'
        for y0 in (-length * 0.25 + i * length * 0.45 / max(1, n - 1) for i in range(n))
    )
    return (
        f'<g class="{css}" transform="translate({x:.1f} {y:.1f})"{attrs}>'
        + (f"<title>{escape(title)}</title>" if title else "")
        + (f'<circle class="hit" r="{S * 0.42:.1f}"/>' if "ghost" not in css else "")
        + f'<g transform="rotate({_rotation(_int(ship.get("facing"))):.0f})">'
        f'<path class="halo" d="{_hull(length * 1.25)}"/>'
        f'<path class="hull" d="{_hull(length)}" style="fill:{escape(colour)}"/>'
        f"{spars}</g></g>"
    )


def _destination(
    ship: dict[str, Any], pos: tuple[int, int], option: dict[str, Any]
) -> tuple[tuple[int, int] | None, int]:
    """Where a move option leaves the ship: the point (None: off the field)
    and facing, from the option's label where it says, else from its id."""
    move = str(option.get("id", ""))
    facing = _int(ship.get("facing"))
    label = str(option.get("label", ""))
    found = _DEST.search(label)
    if found and found.group(3) in DIRECTION_NAMES:
        col, row = int(found.group(1)), int(found.group(2))
        return (col - row // 2, row), DIRECTION_NAMES.index(found.group(3))
    q, r = pos
    if move.startswith("advance"):
        dq, dr = AXIAL[facing % 6]
        q, r = q + dq, r + dr
    if move.endswith("-port"):
        facing = (facing + 1) % 6
    elif move.endswith("-starboard"):
        facing = (facing - 1) % 6
    if "off the field" in label:
        return None, facing
    return (q, r), facing


class AwayBoardersRenderer:
    """The field of points with wind, islands and ships; the ship displays."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        fld = _dict(view.get("field"))
        width = max(1, _int(fld.get("width"), 10))
        height = max(1, _int(fld.get("height"), 10))
        blocked = {
            (_int(b[0]), _int(b[1]))
            for b in fld.get("blocked", []) or []
            if isinstance(b, list | tuple) and len(b) == 2
        }
        wind = fld.get("wind")
        ships = [s for s in view.get("ships", []) or [] if isinstance(s, dict)]
        pad = S * 1.6
        x0, y0 = -pad, -pad - 20
        w, h = (width - 0.5) * S + 2 * pad, (height - 1) * ROW + 2 * pad + 20
        # the view opens on the ships (and the moves on offer), not the whole field
        spots = [_xy(*p) for s in ships if (p := _axial(s)) is not None]
        hx, hy, hw, hh = fit(spots, S * 1.5, (S * 9, ROW * 7), (x0, y0, w, h))
        home = (hx - S * 0.5, hy - S * 0.5, hw + S * 0.5, hh + S * 0.5)  # room for the rulers
        parts = [
            table_open(
                "ab-table",
                home,
                ships_title("The field of points: ", ships, view),
                whole=(x0, y0, w, h),
                unit=(S, "points"),
            ),
            f'<rect class="sea" x="{x0 - 2000:.0f}" y="{y0 - 2000:.0f}" '
            f'width="{w + 4000:.0f}" height="{h + 4000:.0f}"/>',
            f'<rect class="field-edge" x="{-S * 0.5:.0f}" y="{-ROW * 0.5:.0f}" '
            f'width="{width * S:.0f}" height="{height * ROW:.0f}"/>',
        ]
        # the grid lines (each point to its east, south-east and south-west
        # neighbours on the field), then the points and the blocked land
        lines: list[str] = []
        dots: list[str] = []
        land: list[str] = []
        for row in range(height):
            for col in range(width):
                x, y = _col_row_xy(col, row)
                if (col, row) in blocked:
                    land.append(
                        f'<circle class="land" cx="{x:.1f}" cy="{y:.1f}" r="{S * 0.56:.1f}"/>'
                    )
                    continue
                dots.append(f'<circle class="point" cx="{x:.1f}" cy="{y:.1f}" r="2.2"/>')
                neighbours = [(col + 1, row)]
                if row + 1 < height:
                    shift = row % 2
                    neighbours += [(col + shift - 1, row + 1), (col + shift, row + 1)]
                for c2, r2 in neighbours:
                    if 0 <= c2 < width and 0 <= r2 < height and (c2, r2) not in blocked:
                        x2, y2 = _col_row_xy(c2, r2)
                        lines.append(f"M{x:.1f} {y:.1f}L{x2:.1f} {y2:.1f}")
        parts.append(f'<path class="grid" d="{"".join(lines)}"/>')
        parts.append(f'<g class="islands">{"".join(land)}</g>')
        parts.append("".join(dots))
        phase = str(view.get("phase", ""))
        words = PHASE_WORDS.get(phase, phase.replace("-", " ").replace("_", " "))
        if phase in ("move", "fire"):
            words += f" {escape(str(view.get('action', '')))}"
        header = (
            f"Turn {escape(str(view.get('turn', '')))} of "
            f"{escape(str(view.get('turn_limit', '')))} · {escape(words)}"
        )
        # ships, several on one point drawn side by side (the largest named first)
        at: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for s in ships:
            pos = _axial(s)
            if pos is not None and s.get("status", "afloat") in ("afloat", "struck"):
                at.setdefault(pos, []).append(s)
        placed: dict[str, tuple[float, float]] = {}
        labels: list[str] = []
        for pos, here in at.items():
            for n, s in enumerate(here):
                x, y = _xy(*pos)
                if len(here) > 1:
                    x += (n - (len(here) - 1) / 2) * S * 0.32
                placed[str(s.get("id", ""))] = (x, y)
                colour = colours.get(str(s.get("side", "")), "#555")
                css = ["ship"]
                status = str(s.get("status", "afloat"))
                if status != "afloat":
                    css.append(status)
                if s.get("fouled") or s.get("grappled"):
                    css.append("fast")
                facing = _int(s.get("facing"))
                label = (
                    f"{s.get('name', s.get('id'))} ({s.get('side', '')}), facing "
                    f"{DIRECTION_NAMES[facing % 6]}, {s.get('point_of_sailing', '')}, "
                    f"speed {s.get('speed', '?')}, sail {s.get('sail', '?')}"
                    + ("" if status == "afloat" else f", {status}")
                )
                parts.append(
                    _ship_svg(
                        s,
                        x,
                        y,
                        colour,
                        " ".join(css),
                        f' data-ship="{escape(str(s.get("id", "")))}"',
                        label,
                    )
                )
                name = str(s.get("name", s.get("id", "")))
                labels.append(
                    ship_label(
                        name,
                        x,
                        y - S * 0.55 - n * 13,
                        str(s.get("id", "")),
                        rank=len(_list(s.get("hull"))),
                    )
                )
        # contacts: fouled and grappled pairs
        drawn: set[tuple[str, str]] = set()
        for s in ships:
            a = str(s.get("id", ""))
            for key in ("fouled", "grappled"):
                for b in s.get(key, []) or []:
                    pair = (min(a, str(b)), max(a, str(b)))
                    if pair in drawn or a not in placed or str(b) not in placed:
                        continue
                    drawn.add(pair)
                    (ax, ay), (bx, by) = placed[a], placed[str(b)]
                    parts.append(
                        f'<line class="contact-line {key}" x1="{ax:.1f}" y1="{ay:.1f}" '
                        f'x2="{bx:.1f}" y2="{by:.1f}"><title>{key}</title></line>'
                    )
        parts.append(self._moves(view, ships, colours))
        parts.extend(labels)
        parts.append(
            rulers(
                [(col * S, str(col)) for col in range(width)],
                [(row * ROW, str(row)) for row in range(height)],
            )
        )
        parts.append(self._wind(wind))
        parts.append(
            pin("bl", f'<text class="sea-state" x="34" y="-10">{header}</text>', "turn and phase")
        )
        parts.append("</svg>")
        return "".join(parts)

    def _wind(self, wind: Any) -> str:
        """The wind rose, kept in the top right corner of the view."""
        if not isinstance(wind, int) or isinstance(wind, bool):
            return ""
        cx, cy = -46.0, 56.0
        # the arrow flies downwind: from the wind's direction across the rose
        ux, uy = _unit((wind + 3) % 6)
        tail = (cx - ux * 20, cy - uy * 20)
        head = (cx + ux * 20, cy + uy * 20)
        angle = math.degrees(math.atan2(uy, ux))
        return pin(
            "tr",
            f'<g class="wind" aria-label="wind from the {DIRECTION_NAMES[wind % 6]}">'
            f"<title>Wind from the {DIRECTION_NAMES[wind % 6]}</title>"
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="28"/>'
            f'<line x1="{tail[0]:.1f}" y1="{tail[1]:.1f}" x2="{head[0]:.1f}" y2="{head[1]:.1f}"/>'
            f'<path d="M0 0 L-10 -6 L-10 6 Z" transform="translate({head[0]:.1f} {head[1]:.1f}) '
            f'rotate({angle:.0f})"/>'
            f'<text x="{cx:.1f}" y="{cy + 42:.1f}" text-anchor="middle">wind from '
            f"{DIRECTION_NAMES[wind % 6]}</text></g>",
        )

    def _moves(
        self, view: dict[str, Any], ships: list[dict[str, Any]], colours: dict[str, str]
    ) -> str:
        """The open move prompt's options as handles, each with its ghost."""
        prompt = view.get("prompt")
        if not isinstance(prompt, dict) or prompt.get("kind") != "choice":
            return ""
        context = prompt.get("context") or {}
        ship = next((s for s in ships if s.get("id") == context.get("ship")), None)
        options = [o for o in prompt.get("options", []) or [] if isinstance(o, dict)]
        if ship is None or context.get("step", "move") != "move":
            return ""  # a fire prompt's "hold" is not resting on the oars
        if not any(o.get("id") in MOVE_KINDS for o in options):
            return ""
        pos = _axial(ship)
        if pos is None:
            return ""
        sx, sy = _xy(*pos)
        colour = colours.get(str(ship.get("side", "")), "#555")
        out = [f'<g class="move-options" data-mover="{escape(str(ship.get("id", "")))}">']
        for o in options:
            move = str(o.get("id", ""))
            if move not in MOVE_KINDS:
                continue
            dest, facing = _destination(ship, pos, o)
            if dest is None:  # off the field: the ghost sails past the edge
                dq, dr = AXIAL[_int(ship.get("facing")) % 6]
                dest = (pos[0] + dq, pos[1] + dr)
            dx, dy = _xy(*dest)
            ux, uy = _unit(facing)
            if move in ("back", "hold"):
                bx, by = _unit((_int(ship.get("facing")) + 3) % 6)
                hx, hy = sx + bx * S * 0.5, sy + by * S * 0.5
            else:
                hx, hy = dx + ux * S * 0.38, dy + uy * S * 0.38
            ghost = dict(ship, facing=facing)
            glyph = {"back": "■", "hold": "■"}.get(move, "➤")
            turn = math.degrees(math.atan2(uy, ux))
            out.append(
                f'<g class="move-option" data-answer="{escape(move)}" '
                f'data-dest="{dest[0]},{dest[1]},{facing}">'
                f"<title>{escape(str(o.get('label', move)))}</title>"
                f'<line class="move-path" x1="{sx:.1f}" y1="{sy:.1f}" '
                f'x2="{dx:.1f}" y2="{dy:.1f}"/>'
                + _ship_svg(ghost, dx, dy, colour, "ghost")
                + move_handle(hx, hy, S * 0.21, glyph, 0 if glyph == "■" else -turn)
            )
        out.append("</g>")
        return "".join(out)

    # -- the ship displays ------------------------------------------------------------

    def form_values(self, view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, int]:
        """Where a form's numbers start (2.1): placing the crew box by box
        begins from the ship's crew as it stands, so sending it unchanged
        keeps everyone where they are (the rally form starts from nobody)."""
        context = _dict(prompt.get("context"))
        if context.get("step") != "crew" or context.get("form") == "rally" or context.get("fleet"):
            return {}
        ship = next(
            (s for s in view.get("ships", []) or [] if _dict(s).get("id") == context.get("ship")),
            None,
        )
        crew = _dict(_dict(ship).get("crew"))
        return {str(f.get("name")): _int(crew.get(f.get("name"))) for f in prompt.get("fields", [])}

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        ships = [s for s in view.get("ships", []) or [] if isinstance(s, dict)]
        seat = view.get("seat")
        mine = _dict(_dict(view.get("orders")).get(str(seat))) if seat else {}
        out = [self._display(s, colours, mine.get(str(s.get("id", ""))), view) for s in ships]
        pts = view.get("points")
        if isinstance(pts, dict) and pts:
            rows = "".join(
                f"<div><dt>{escape(side_title(view, str(k)))}</dt>"
                f'<dd class="points">{escape(str(v))}</dd></div>'
                for k, v in pts.items()
            )
            out.append(
                '<article class="card points-card" style="--side:#777">'
                f'<h3>Victory points</h3><dl class="facts">{rows}</dl></article>'
            )
        return "".join(out) or "<p>No ships in view.</p>"

    def _display(
        self,
        s: dict[str, Any],
        colours: dict[str, str],
        order: Any = None,
        view: dict[str, Any] | None = None,
    ) -> str:
        colour = colours.get(str(s.get("side", "")), "#555")
        facing = _int(s.get("facing"))
        status = str(s.get("status", "afloat"))
        sail = str(s.get("sail", ""))
        sail_track = "".join(
            f'<span class="sail-step{" on" if v == sail else ""}">{escape(v)}</span>' for v in SAILS
        )
        masts = "".join(
            f'<div class="box-row"><span class="box-label">{escape(str(m.get("name", "")))}'
            f"</span>{_boxes(m.get('boxes', []))}</div>"
            for m in s.get("masts", []) or []
            if isinstance(m, dict)
        )
        crew = _dict(s.get("crew"))
        tasks = "".join(
            f'<div class="task" data-task="{key}"><span class="task-label">{escape(label)}</span>'
            f'<span class="markers" aria-label="{_int(crew.get(key))} crew">'
            + "".join('<i class="marker"></i>' for _ in range(min(_int(crew.get(key)), 40)))
            + f'</span><b class="task-count">{_int(crew.get(key))}</b></div>'
            for key, label in TASKS
        )
        flags = []
        if status != "afloat":
            flags.append(f'<li class="flag bad">{escape(status.capitalize())}</li>')
        if s.get("co") not in (None, "ok"):
            flags.append(f'<li class="flag bad">Captain {escape(str(s.get("co")))}</li>')
        names = {
            str(x.get("id")): str(x.get("name", x.get("id")))
            for x in _list((view or {}).get("ships"))
            if isinstance(x, dict)
        }
        for key in ("fouled", "grappled"):
            if s.get(key):
                flags.append(
                    f'<li class="flag warn">{key.capitalize()}: '
                    f"{escape(', '.join(names.get(str(x), str(x)) for x in s[key]))}</li>"
                )
        if s.get("aground"):
            flags.append('<li class="flag bad">Aground</li>')
        elif s.get("drifting"):
            flags.append('<li class="flag warn">Drifting</li>')
        for other, side in _dict(s.get("abeam")).items():
            flags.append(
                f'<li class="flag quiet">{escape(names.get(str(other), str(other)))} off her '
                f"{escape(str(side))} side</li>"
            )
        repair = _dict(s.get("repair"))
        fixes = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in repair.items() if v)
        if fixes:
            flags.append(f'<li class="flag quiet">Repairs: {escape(fixes)}</li>')
        return (
            card_open("ab-display", str(s.get("id", "")), str(s.get("side", "")), colour)
            + f"<h3>{escape(str(s.get('name', s.get('id', ''))))} "
            f"<small>{escape(side_title(view or {}, str(s.get('side', ''))))} · "
            f"{escape(str(s.get('rig', '')))} rig</small>"
            "</h3>"
            '<dl class="facts">'
            f'<div><dt>Speed</dt><dd class="speed">{escape(str(s.get("speed", "?")))}'
            f" <small>base {escape(str(s.get('base_speed', '?')))}</small></dd></div>"
            f'<div><dt>Facing</dt><dd class="facing">{DIRECTION_NAMES[facing % 6]}'
            f" <small>{escape(str(s.get('point_of_sailing', '')))}</small></dd></div>"
            f'<div><dt>Captain</dt><dd class="co">{escape(str(s.get("co", "?")))}</dd></div>'
            f'<div><dt>Casualties</dt><dd class="casualties">'
            f"{escape(str(s.get('casualties', 0)))}</dd></div>"
            "</dl>"
            f'<div class="sail-track" aria-label="sail setting {escape(sail)}">Sail {sail_track}'
            "</div>"
            f'<div class="display-block"><h4>Masts: sail and yard boxes</h4>{masts}</div>'
            f'<div class="display-block"><h4>Hull</h4><div class="box-row hull-row">'
            f"{_boxes(s.get('hull', []))}</div></div>"
            f'<div class="display-block"><h4>Crew ({escape(str(s.get("crew_total", "?")))})</h4>'
            f'<div class="tasks">{tasks}</div></div>'
            f'<div class="display-block"><h4>Guns</h4>{self._guns(s)}</div>'
            f"{_orders(order)}"
            f'<ul class="flags">{"".join(flags)}</ul></article>'
        )

    def _guns(self, s: dict[str, Any]) -> str:
        guns = [g for g in s.get("guns", []) or [] if isinstance(g, dict)]
        load = _dict(s.get("load"))
        rows = []
        for battery in BATTERIES:
            here = [
                g
                for g in guns
                if (g.get("mount") == "bow" and battery == "bow")
                or (g.get("mount") != "bow" and g.get("side") == battery)
            ]
            if not here:
                continue
            marks = []
            for g in here:
                state = (
                    "disabled"
                    if g.get("disabled")
                    else "fired"
                    if g.get("fired")
                    else "loaded"
                    if g.get("loaded")
                    else "empty"
                )
                mount = str(g.get("mount", ""))
                marks.append(
                    f'<span class="gun {state} {escape(mount)}" '
                    f'title="{escape(str(g.get("type", "")))} {escape(mount)}: {state}">'
                    f"{'s' if mount == 'swivel' else ''}</span>"
                )
            loaded = sum(1 for g in here if g.get("loaded") and not g.get("disabled"))
            rows.append(
                f'<div class="battery" data-battery="{battery}">'
                f'<span class="box-label">{battery}</span>{"".join(marks)}'
                f'<span class="load-box" title="load box">{escape(str(load.get(battery, "")))}'
                f'</span><small class="loaded-count">{loaded}/{len(here)} loaded</small></div>'
            )
        return "".join(rows) or "<p>No guns.</p>"


_BOX_SHORT = {
    "yards": "yards",
    "repair_rigging": "repair rigging",
    "guns": "guns",
    "repair_guns": "repair guns",
    "repair_hull": "repair hull",
    "boarders": "boarders",
}


def _orders(order: Any) -> str:
    """The seat's own secret order for this ship, not yet revealed (2.1, 4.1):
    shown only on the cards of the seat that gave it (the view of any other
    seat carries no orders)."""
    if order is None:
        return ""
    if isinstance(order, dict) and isinstance(order.get("rally"), dict):
        boxes = order["rally"]
        text = "rally " + (
            ", ".join(f"{_int(v)} to {_BOX_SHORT.get(k, k)}" for k, v in boxes.items() if _int(v))
            or "nobody"
        )
    elif isinstance(order, dict) and all(isinstance(v, str) for v in order.values()):
        text = "first loads: " + ", ".join(f"{k} {v}" for k, v in order.items())
    elif isinstance(order, dict):
        text = "crew: " + ", ".join(
            f"{_BOX_SHORT.get(k, k)} {_int(v)}" for k, v in order.items() if _int(v)
        )
        text += " (the rest man the guns)"
    else:
        kind, _, rest = str(order).partition(":")
        text = {
            "keep": "keep the crew where they are",
            "plan": f"crew plan: {rest}",
            "rally": f"rally one casualty to {_BOX_SHORT.get(rest, rest)}",
            "custom": "place the crew box by box (form open)",
        }.get(kind, str(order))
        if kind == "rally" and not rest:
            text = "rally several casualties (form open)"
    return (
        '<div class="display-block secret-orders"><h4>Your orders (secret until revealed)</h4>'
        f'<p class="orders">{escape(text)}</p></div>'
    )


def _boxes(values: Any) -> str:
    if not isinstance(values, list):
        return ""
    marks = {0: ("", "clear"), 1: ("/", "slash"), 2: ("✕", "cross")}
    out = []
    for v in values:
        mark, css = marks.get(_int(v), ("?", "cross"))
        out.append(f'<span class="box {css}">{mark}</span>')
    return "".join(out)
