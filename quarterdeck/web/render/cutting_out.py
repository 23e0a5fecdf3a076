"""The Cutting Out Party table (the harbour in inches) and its panels.

The harbour is drawn to scale, north up: land, earthworks, landing places,
the shore batteries with their guns, the ship at anchor with the figures on
her deck as small markers, the boats (to scale, with how many are aboard)
and the figures ashore. The spotting distances (6", 12", 24" from the ship
and the batteries) and the guns' reach are a layer shown on demand
(``data-layer="arcs"``, the page's "Arcs & ranges" button). The turn's
status (turn, step, light, event card, alarm) is a line of HTML above the
harbour, readable at any width. While the seat's rowing form is open, each
of its boats can be dragged to a ghost at the end of one of the form's rows
(``row_ends``, worked out by the rules' own movement): release fills her
row of the form (``data-fill``), the form sent rows her.

The cards area starts with the deck cut-out as its own panel: the deck to a
large scale, bow to the right, the main hatch, the boarding points, the
guns, and every figure as a marker lettered by its type (s sailor, m marine,
t soldier, o officer, g gun crew) in its side's colour, its nationality in
its title; then the alarm and the events deck, the parties, the batteries.

Only what the view holds is drawn: until the raiders are seen the
defenders' view has no raiders in it, so neither has their table.
Every key is read defensively: a missing one must not break the page.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from markupsafe import escape
from shapely.geometry import Polygon

from quarterdeck.core.geometry import unit as _unit
from quarterdeck.web.render.card import (
    card_open,
    point_label,
    ship_label,
    ships_title,
    side_title,
    table_open,
)
from quarterdeck.web.render.inches import PX, Frame

DECK_PX = 44.0  # SVG units per inch on the deck cut-out
KINDS = {
    "boat": "boat's crew",
    "guard": "ship's guard",
    "crew": "ship's crew",
    "garrison": "garrison",
    "land": "party ashore",
}
LETTERS = {"sailor": "s", "marine": "m", "soldier": "t", "officer": "o", "gun-crew": "g"}
# a party's figures counted in words: "1 officer, 4 sailors", "8 gun crew"
PLURALS = {
    "sailor": "sailors",
    "marine": "marines",
    "soldier": "soldiers",
    "officer": "officers",
    "gun-crew": "gun crew",
}


def _side_words(view: dict[str, Any], side: str) -> str:
    """A side in a sentence ("held by the British"): the nation its title
    ends with, else its title; the id where the view has no titles."""
    full = str(_dict(view.get("side_titles")).get(side) or "")
    found = re.fullmatch(r"[^()]*\(([^()]+)\)", full)
    if found:
        return f"the {found.group(1)}"
    title = side_title(view, side)
    return "the" + title[3:] if title.startswith("The ") else title


def _count(n: int, kind: str) -> str:
    one = kind.replace("-", " ")
    return f"{n} {one if n == 1 else PLURALS.get(kind, one)}"


STYLE = """<style>
.co-table .table-edge { fill: #c7dbe6; stroke: #7f9fb2; stroke-width: 2; }
.co-table .land { fill: #cdbf93; stroke: #8f7f52; stroke-width: 2; }
.co-table .works { fill: #a8946a; stroke: #6b5a34; stroke-width: 1.5; stroke-dasharray: 4 3; }
.co-table .landing { stroke: #5b4a2a; stroke-width: 1.5; }
.co-table .landing.beach { fill: #f1e3b0; } .co-table .landing.mole { fill: #6d6253; }
.co-table .landing-name, .co-table .fort-name, .co-table .boat-name, .co-table .ship-name {
  font-size: 11px; font-weight: 700; fill: #1d2430; paint-order: stroke; stroke: #ffffffd0;
  stroke-width: 3px; }
.co-table .fort-outline { fill-opacity: .25; stroke-width: 2; }
.co-table .gun { fill: #222; stroke: #fff; stroke-width: .8; }
.co-table .gun.out { fill: #999; }
.co-table .hull { stroke: #2b2116; stroke-width: 1.5; }
.co-table .hatch { fill: #4d3b24; }
.co-table .boat { stroke: #2b2116; stroke-width: 1; }
.co-table .boat.alongside { stroke: #f0b429; stroke-width: 2; }
.co-table .fig { stroke: #fff; stroke-width: .6; }
.co-table .fig-letter { font-size: 5px; fill: #fff; font-weight: 700; pointer-events: none; }
.co-table .exit { fill: #1f5f8b; font-size: 13px; font-weight: 700; }
.co-table .exit-edge { stroke: #1f5f8b; stroke-width: 5; stroke-dasharray: 10 6; }
.co-table .band { fill: none; stroke: #b8860b; stroke-width: 1.2; stroke-dasharray: 6 4; }
.co-table .band-label { font-size: 10px; fill: #8a6508; font-weight: 600; }
.co-table .ghost-boat { fill-opacity: .8; stroke: #1d2430; stroke-dasharray: 2 1; }
.co-table .ghost-spot { fill: #1d2430; }
.co-table .move-path { stroke: #1d2430; stroke-width: 1; stroke-dasharray: 3 3; opacity: .4; }
.co-table .reach { fill: #f0b42918; stroke: #f0b429; stroke-width: 1.5; stroke-dasharray: 3 3; }
.co-table .gun-reach { fill: none; stroke: #9b2d2d; stroke-width: 1; stroke-dasharray: 2 4; }
#frag-table:has(> .co-status) { display: flex; flex-direction: column; height: auto;
  min-height: 0; }
#frag-table > .co-status + svg { flex: none; height: 58vh; min-height: 320px; }
@media (max-width: 820px) { #frag-table > .co-status + svg { height: 46vh; } }
.co-status { margin: 0; padding: 3px 10px; font-size: 0.875rem; font-weight: 600; line-height: 1.3;
  color: #1d2430; background: #ffffffd9; border-bottom: 1px solid #9fb8c8; flex: none; }
.co-status .status-item { white-space: nowrap; }
.co-table .unseen { font-size: 12px; fill: #6b6b6b; font-style: italic; }
.co-deck .deck { fill: #d9c59a; stroke: #5b4326; stroke-width: 3; }
.co-deck .plank { stroke: #c4ad7e; stroke-width: 1; }
.co-deck .hatch { fill: #4d3b24; stroke: #2b2116; stroke-width: 2; }
.co-deck .hatch.held { stroke: #f0b429; stroke-width: 4; }
.co-deck .point { fill: #fff; stroke: #5b4326; stroke-width: 1.5; }
.co-deck .point-name { font-size: 10px; fill: #5b4326; }
.co-deck .gun { fill: #222; } .co-deck .gun.out { fill: #999; }
.co-deck .fig { stroke: #fff; stroke-width: 1.5; }
.co-deck .fig-letter { font-size: 14px; fill: #fff; font-weight: 700; pointer-events: none; }
.co-deck .climber { stroke-dasharray: 3 2; }
.co-deck .note { font-size: 12px; fill: #1d2430; }
.co-card .meter { height: 10px; background: #eee; border-radius: 5px; position: relative; }
.co-card .meter span { display: block; height: 100%; background: #2d6a2d; border-radius: 5px; }
.co-card .meter i { position: absolute; top: -2px; bottom: -2px; width: 2px; background: #1d2430; }
.co-card table { border-collapse: collapse; width: 100%; font-size: .85rem; }
.co-card td, .co-card th { padding: 2px 4px; text-align: left; border-bottom: 1px solid #eee; }
.co-card .boxes span { display: inline-block; width: 12px; height: 12px; margin: 1px;
  border: 1px solid #555; }
.co-card .boxes span.hit { background: #9b2d2d; }
</style>"""


def _num(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool):
        return default
    if isinstance(value, int | float) and math.isfinite(value):
        return float(value)
    return default


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _pts(value: Any) -> list[tuple[float, float]]:
    out = []
    for p in _list(value):
        if isinstance(p, list | tuple) and len(p) >= 2:
            out.append((_num(p[0]), _num(p[1])))
    return out


def _figure_title(f: dict[str, Any], parties: dict[str, dict[str, Any]]) -> str:
    party = parties.get(str(f.get("party")), {})
    words = f"{f.get('nation', '')} {f.get('kind', '')} of {party.get('name', f.get('party', ''))}"
    if f.get("charismatic"):
        words += " (a charismatic leader)"
    if f.get("climbing"):
        words += f", climbing at the {str(f.get('climbing')).replace('-', ' ')}"
    if f.get("wet"):
        words += ", musket wet"
    return words


class CuttingOutRenderer:
    """The harbour to scale, the deck cut-out, the parties."""

    # -- the harbour ------------------------------------------------------------------

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        size = _list(view.get("table"))
        width = _num(size[0], 72.0) if len(size) == 2 else 72.0
        height = _num(size[1], 48.0) if len(size) == 2 else 48.0
        frame = Frame(height)
        ships = [s for s in _list(view.get("ships")) if isinstance(s, dict)]
        boats = [b for b in _list(view.get("boats")) if isinstance(b, dict)]
        pad = 3 * PX
        # a margin for the sea edge's words, and below for the scale of inches
        box = (-pad, -pad - 2 * PX, width * PX + 2 * pad, height * PX + 2 * pad + 4 * PX)
        title = ships_title("The harbour: ", [*ships, *boats])
        parties = {str(p.get("id")): p for p in _list(view.get("parties")) if isinstance(p, dict)}
        parts = [
            # the turn's words above the harbour, in HTML (readable on a phone)
            self._status(view),
            table_open("co-table", box, title, unit=(PX, "in")),
            STYLE,
            f'<rect class="sea" x="{-3000}" y="{-3000}" width="{width * PX + 6000:.0f}" '
            f'height="{height * PX + 6000:.0f}"/>',
            f'<rect class="table-edge" x="0" y="0" width="{width * PX:.0f}" '
            f'height="{height * PX:.0f}"/>',
        ]
        parts.append(self._exit(view, width, height))
        for poly in _list(view.get("land")):
            pts = _pts(poly)
            if len(pts) >= 3:
                d = " ".join(frame.s(*p) for p in pts)
                parts.append(f'<polygon class="land" points="{d}"><title>land</title></polygon>')
        for poly in _list(view.get("earthworks")):
            pts = _pts(poly)
            if len(pts) >= 3:
                d = " ".join(frame.s(*p) for p in pts)
                parts.append(
                    f'<polygon class="works" points="{d}"><title>earthworks: -2 to small arms '
                    "against those behind them</title></polygon>"
                )
        for lg in _list(view.get("landings")):
            if not isinstance(lg, dict):
                continue
            sx, sy = frame.pt(_num(lg.get("x")), _num(lg.get("y")))
            kind = str(lg.get("kind", "beach"))
            css = "beach" if kind == "beach" else "mole"
            parts.append(
                f'<g class="landing-place" data-landing="{escape(str(lg.get("id", "")))}">'
                f"<title>{escape(str(lg.get('name', '')))}: a {escape(kind)}</title>"
                f'<rect class="landing {css} obstacle" x="{sx - 8:.1f}" y="{sy - 4:.1f}" '
                'width="16" height="8" rx="2"/></g>'
                + point_label(str(lg.get("name", "")), sx, sy, "landing-name")
            )
        parts.append(self._layer(view, frame))
        parts.append(self._batteries(view, frame, colours))
        for s in ships:
            parts.append(self._ship(view, s, frame, colours, parties))
        for n, b in enumerate(boats):
            parts.append(self._boat(b, n, frame, colours))
        parts.append(self._reach(view, boats, frame, colours))
        for f in _list(view.get("figures")):
            if isinstance(f, dict) and f.get("where") == "land":
                parts.append(self._marker(f, frame, colours, parties, 0.32 * PX))
        parts.append(self._unseen(view, height))
        parts.append(
            f'<g class="scale" transform="translate(0 {height * PX + 2.5 * PX:.0f})">'
            f'<path d="M0 0 h{12 * PX:.0f} M0 -4 v8 M{12 * PX:.0f} -4 v8" stroke="#1d2430"/>'
            f'<text x="{6 * PX:.0f}" y="-6" text-anchor="middle" font-size="11">12 inches</text>'
            "</g></svg>"
        )
        return "".join(parts)

    def _exit(self, view: dict[str, Any], width: float, height: float) -> str:
        edge = str(view.get("exit", "south"))
        w, h = width * PX, height * PX
        line = {
            "west": (0, 0, 0, h),
            "east": (w, 0, w, h),
            "north": (0, 0, w, 0),
            "south": (0, h, w, h),
        }.get(edge, (0, h, w, h))
        # along the edge where no boat lies (the raiders' boats often start
        # at the sea edge, their names beside them): the middle if it is clear
        along = height if edge in ("west", "east") else width
        at = _clear_spot(view, edge, along, width, height)
        tx, ty, anchor = {
            "west": (-18, (height - at) * PX, "end"),
            "east": (w + 18, (height - at) * PX, "start"),
            "north": (at * PX, -10, "middle"),
            "south": (at * PX, h + 16, "middle"),
        }.get(edge, (at * PX, h + 16, "middle"))
        rotate = f' transform="rotate(-90 {tx:.0f} {ty:.0f})"' if edge in ("west", "east") else ""
        if rotate:
            anchor = "middle"
        return (
            f'<g class="sea-edge"><title>the open sea: the prize is out when she crosses '
            f"this edge</title>"
            f'<line class="exit-edge" x1="{line[0]}" y1="{line[1]}" x2="{line[2]}" y2="{line[3]}"/>'
            f'<text class="exit obstacle" x="{tx:.0f}" y="{ty:.0f}" text-anchor="{anchor}"{rotate}>'
            "to the open sea</text></g>"
        )

    def _layer(self, view: dict[str, Any], frame: Frame) -> str:
        """Spotting distances from the ship and the batteries, and the reach
        of each gun: shown on demand."""
        bands = [_num(b) for b in _list(view.get("spotting")) if _num(b) > 0] or [6.0, 12.0, 24.0]
        needs = {0: "4-6", 1: "5-6", 2: "6"}
        out = ['<g class="ranges" data-layer="arcs">']
        lookouts: list[tuple[str, list[tuple[float, float]]]] = []
        for s in _list(view.get("ships")):
            if (
                isinstance(s, dict)
                and s.get("side") == view.get("defenders")
                and s.get("status")
                in (
                    "anchored",
                    "under-way",
                )
            ):
                lookouts.append((str(s.get("name", "")), _pts(s.get("outline"))))
        for b in _list(view.get("batteries")):
            if isinstance(b, dict) and not b.get("captured_by"):
                lookouts.append((str(b.get("name", "")), _pts(b.get("outline"))))
        for name, outline in lookouts:
            if len(outline) < 3:
                continue
            poly = Polygon(outline)
            for n, r in enumerate(bands):
                ring = poly.buffer(r, quad_segs=12)
                pts = list(ring.exterior.coords)
                d = " ".join(frame.s(float(x), float(y)) for x, y in pts)
                out.append(
                    f'<polygon class="band band-{n}" points="{d}"><title>{escape(name)}: a boat '
                    f"within {r:g} in is spotted on {needs.get(n, '6')}</title></polygon>"
                )
                top = max(pts, key=lambda p: p[1])
                lx, ly = frame.pt(float(top[0]), float(top[1]))
                out.append(
                    f'<text class="band-label" x="{lx:.1f}" y="{ly - 3:.1f}" text-anchor="middle">'
                    f"{r:g} in: {needs.get(n, '6')}</text>"
                )
        for g in _list(view.get("guns")):
            if not isinstance(g, dict) or not g.get("ready"):
                continue
            reach = _num(g.get("reach"))
            if reach <= 0:
                continue
            sx, sy = frame.pt(_num(g.get("x")), _num(g.get("y")))
            out.append(
                f'<circle class="gun-reach" cx="{sx:.1f}" cy="{sy:.1f}" r="{reach * PX:.1f}">'
                f"<title>{escape(str(g.get('name', '')))}: reaches {reach:g} in</title></circle>"
            )
        out.append("</g>")
        return "".join(out)

    def _batteries(self, view: dict[str, Any], frame: Frame, colours: dict[str, str]) -> str:
        out = []
        for b in _list(view.get("batteries")):
            if not isinstance(b, dict):
                continue
            held = str(b.get("captured_by") or b.get("side", ""))
            colour = escape(colours.get(held, "#555"))
            pts = _pts(b.get("outline"))
            if len(pts) >= 3:
                d = " ".join(frame.s(*p) for p in pts)
                label = str(b.get("name", "")) + (
                    f", captured by {_side_words(view, str(b.get('captured_by')))}"
                    if b.get("captured_by")
                    else ""
                )
                out.append(
                    f'<g class="fort" data-ship="{escape(str(b.get("id", "")))}">'
                    f"<title>{escape(label)}</title>"
                    f'<polygon class="fort-outline fort-body" points="{d}" style="fill:{colour};'
                    f'stroke:{colour}"/></g>'
                )
                top = max(pts, key=lambda p: p[1])
                cx = sum(p[0] for p in pts) / len(pts)
                tx, ty = frame.pt(cx, top[1])
                out.append(
                    ship_label(
                        str(b.get("name", "")), tx, ty - 5, str(b.get("id", "")), 2, "fort-name"
                    )
                )
        for g in _list(view.get("guns")):
            if not isinstance(g, dict) or g.get("platform") != "battery":
                continue
            sx, sy = frame.pt(_num(g.get("x")), _num(g.get("y")))
            fx, fy = _unit(_num(g.get("facing")))
            css = "gun" if g.get("ready") else "gun out"
            state = _gun_state(g)
            out.append(
                f'<g class="battery-gun" data-gun="{escape(str(g.get("id", "")))}">'
                f"<title>{escape(str(g.get('name', '')))}: {escape(state)}</title>"
                f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{sx + fx * 9:.1f}" y2="{sy - fy * 9:.1f}" '
                'stroke="#222" stroke-width="3"/>'
                f'<circle class="{css}" cx="{sx:.1f}" cy="{sy:.1f}" r="4"/></g>'
            )
        return "".join(out)

    def _ship(
        self,
        view: dict[str, Any],
        s: dict[str, Any],
        frame: Frame,
        colours: dict[str, str],
        parties: dict[str, dict[str, Any]],
    ) -> str:
        if s.get("status") in ("at-sea",):
            return ""
        outline = _pts(s.get("outline"))
        if len(outline) < 4:
            return ""
        colour = escape(colours.get(str(s.get("side", "")), "#555"))
        # a ship's shape: the outline with a pointed bow
        heading = _num(s.get("heading"))
        fx, fy = _unit(heading)
        cx, cy = _num(s.get("x")), _num(s.get("y"))
        length, beam = _num(s.get("length"), 10.0), _num(s.get("beam"), 3.0)
        bow = (cx + fx * (length / 2 + beam * 0.4), cy + fy * (length / 2 + beam * 0.4))
        stern_l, bow_l, bow_r, stern_r = outline
        d = " ".join(frame.s(*p) for p in (stern_l, bow_l, bow, bow_r, stern_r))
        sunk = s.get("status") == "sunk"
        label = (
            f"{s.get('name', '')}: {s.get('status', '')}, rigging {s.get('rig', 0)} "
            f"(20 half, 40 fully rigged), hull {s.get('hull_hits', 0)} of "
            f"{s.get('hull_points', '?')}"
        )
        out = [
            f'<g class="ship{" gone" if sunk else ""}" data-ship="{escape(str(s.get("id", "")))}">'
            f"<title>{escape(label)}</title>"
            f'<polygon class="hull" points="{d}" style="fill:{colour};fill-opacity:.55"/>'
        ]
        hatch = _pts([s.get("hatch")])
        if hatch:
            hx, hy = _deck_to_table(s, *hatch[0])
            px, py = frame.pt(hx, hy)
            out.append(
                f'<rect class="hatch" x="{px - 4:.1f}" y="{py - 4:.1f}" width="8" height="8"/>'
            )
        out.append("</g>")
        for f in _list(view.get("figures")):
            if isinstance(f, dict) and f.get("where") == "deck" and f.get("place") == s.get("id"):
                out.append(self._marker(f, frame, colours, parties, 0.3 * PX))
        nx, ny = frame.pt(cx, cy + beam / 2 + 1.5)
        out.append(ship_label(str(s.get("name", "")), nx, ny, str(s.get("id", "")), 3))
        return "".join(out)

    def _boat(self, b: dict[str, Any], n: int, frame: Frame, colours: dict[str, str]) -> str:
        if b.get("status") != "afloat":
            return ""
        colour = escape(colours.get(str(b.get("side", "")), "#555"))
        sx, sy = frame.pt(_num(b.get("x")), _num(b.get("y")))
        beam = max(_num(b.get("beam"), 1.0) * PX, 5.0)
        heading = _num(b.get("heading"))
        css = "boat alongside" if b.get("alongside") else "boat"
        where = ""
        if b.get("alongside"):
            where = f", alongside at the {str(b.get('alongside')).split(':')[-1].replace('-', ' ')}"
        elif b.get("landed"):
            where = f", at {b.get('landed')}"
        label = (
            f"{b.get('name', '')} ({b.get('title', b.get('kind', ''))}): {b.get('aboard', 0)} "
            f"aboard of {b.get('capacity', '?')}, hull {b.get('hull_hits', 0)} of "
            f"{b.get('hull_points', '?')}{where}"
        )
        return (
            f'<g class="boat-piece" data-ship="{escape(str(b.get("id", "")))}" '
            f'transform="translate({sx:.1f} {sy:.1f})"><title>{escape(label)}</title>'
            + _boat_shape(b, heading, css, colour)
            + "</g>"
            + (
                ""  # alongside or at a landing: its name would cover the ship's; see its title
                if b.get("alongside") or b.get("landed")
                else ship_label(
                    f"{b.get('name', '')} ({b.get('aboard', 0)})",
                    sx,
                    sy - beam - 6,
                    str(b.get("id", "")),
                    1,
                    "boat-name",
                )
            )
        )

    def _reach(
        self,
        view: dict[str, Any],
        boats: list[dict[str, Any]],
        frame: Frame,
        colours: dict[str, str],
    ) -> str:
        """While the seat rows its boats, how far each can go this turn, and
        where she ends for the form's sensible rows (``row_ends``, worked
        out by the rules' own movement): ends shown only while she is
        dragged, each filling her row of the form (``data-fill``)."""
        prompt = view.get("prompt")
        if not isinstance(prompt, dict) or prompt.get("kind") != "form":
            return ""
        context = _dict(prompt.get("context"))
        allowances = _dict(context.get("allowances"))
        ends = _dict(view.get("row_ends"))
        out = []
        for boat in boats:
            bid = str(boat.get("id", ""))
            reach = _num(allowances.get(bid))
            if bid not in allowances or reach <= 0:
                continue
            sx, sy = frame.pt(_num(boat.get("x")), _num(boat.get("y")))
            out.append(
                f'<circle class="reach" cx="{sx:.1f}" cy="{sy:.1f}" r="{reach * PX:.1f}">'
                f"<title>{escape(str(boat.get('name', '')))} can row {reach:g} in this turn"
                "</title></circle>"
            )
            colour = colours.get(str(boat.get("side", "")), "#555")
            out.append(self._row_ends(boat, _list(ends.get(bid)), frame, colour))
        return "".join(out)

    def _row_ends(self, boat: dict[str, Any], ends: list[Any], frame: Frame, colour: str) -> str:
        """A boat's drag ends: a ghost of her where each row leaves her."""
        bid = str(boat.get("id", ""))
        sx, sy = frame.pt(_num(boat.get("x")), _num(boat.get("y")))
        out = [f'<g class="move-options" data-mover="{escape(bid)}">']
        for e in ends:
            if not isinstance(e, dict):
                continue
            ex, ey = frame.pt(_num(e.get("x")), _num(e.get("y")))
            fill = json.dumps({f"{bid}/toward": e.get("toward"), f"{bid}/inches": e.get("inches")})
            how = {
                "alongside": "comes alongside",
                "landed": "reaches the landing",
                "out": "leaves by the sea edge",
            }.get(str(e.get("how")), "")
            if not how and _num(e.get("rowed")) < _num(e.get("inches")):
                how = f"stopped after {_num(e.get('rowed')):g} in"  # at a hull or the shore
            label = f"{boat.get('name', '')}: {e.get('label', '')}" + (f" ({how})" if how else "")
            out.append(
                f'<g class="move-option" data-fill="{escape(fill)}" aria-label="{escape(label)}">'
                f"<title>{escape(label)}</title>"
                f'<line class="move-path" x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" '
                f'y2="{ey:.1f}"/>'
                f'<g class="ghost" transform="translate({ex:.1f} {ey:.1f})">'
                + '<circle class="ghost-spot" r="3"/>'
                + _boat_shape(boat, _num(e.get("heading")), "boat ghost-boat", str(escape(colour)))
                + "</g></g>"
            )
        out.append("</g>")
        return "".join(out)

    def _marker(
        self,
        f: dict[str, Any],
        frame: Frame,
        colours: dict[str, str],
        parties: dict[str, dict[str, Any]],
        r: float,
    ) -> str:
        tx, ty = f.get("tx"), f.get("ty")
        if not isinstance(tx, int | float) or not isinstance(ty, int | float):
            return ""
        sx, sy = frame.pt(float(tx), float(ty))
        colour = escape(colours.get(str(f.get("side", "")), "#555"))
        letter = LETTERS.get(str(f.get("kind", "")), "?")
        return (
            f'<g class="figure" data-figure="{escape(str(f.get("id", "")))}">'
            f"<title>{escape(_figure_title(f, parties))}</title>"
            f'<circle class="fig" cx="{sx:.1f}" cy="{sy:.1f}" r="{r:.1f}" style="fill:{colour}"/>'
            f'<text class="fig-letter" x="{sx:.1f}" y="{sy + 1.8:.1f}" text-anchor="middle">'
            f"{letter}</text></g>"
        )

    def _status(self, view: dict[str, Any]) -> str:
        """The turn, the step, the light, the event card and the alarm, as a
        line of HTML above the harbour: it wraps between its items on a
        narrow screen and keeps the page's type size at any zoom."""
        if "turn" not in view:
            return ""
        alarm = _dict(view.get("alarm"))
        seen = (
            f"raiders seen on turn {alarm.get('spotted_turn')}, "
            f"alarm turn {alarm.get('alarm_turn')}"
            if alarm.get("detected")
            else "the raiders have not been seen"
        )
        event = str(view.get("event_words") or "")
        if not event and view.get("event_title"):
            event = f"this turn: {view.get('event_title')}"
        items = [
            # a night raid ends at dawn; a daylight one when its time is up
            f"Turn {view.get('turn', '')} of {view.get('turn_limit', '')}"
            + ("" if view.get("light") == "day" else " before dawn"),
            str(view.get("step", "")),
            str(view.get("light_title", "")),
            event,
            seen,
        ]
        spans = " · ".join(
            f'<span class="status-item">{escape(item)}</span>' for item in items if item
        )
        return f'<p class="co-status status-line" role="status">{spans}</p>'

    def _unseen(self, view: dict[str, Any], height: float) -> str:
        if not view.get("raiders_hidden"):
            return ""
        return (
            # beside the scale of inches, not over its "12 inches"
            f'<text class="unseen" x="{14 * PX:.0f}" y="{height * PX + 2.5 * PX + 4:.0f}">'
            "Their boats are "
            "somewhere out in the dark: you will see them when a lookout does.</text>"
        )

    # -- the panels -----------------------------------------------------------------

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        out = [STYLE]
        ships = [s for s in _list(view.get("ships")) if isinstance(s, dict)]
        for s in ships:
            if s.get("prize"):
                out.append(self._deck_panel(view, s, colours))
        out.append(self._alarm_card(view))
        for p in _list(view.get("parties")):
            if isinstance(p, dict):
                out.append(self._party_card(view, p, colours))
        return "".join(out)

    def _deck_panel(self, view: dict[str, Any], s: dict[str, Any], colours: dict[str, str]) -> str:
        length, beam = _num(s.get("length"), 12.0), _num(s.get("beam"), 3.4)
        pad = 26.0
        w, h = length * DECK_PX + 2 * pad + beam * DECK_PX * 0.35, beam * DECK_PX + 2 * pad + 20

        def at(dx: float, dy: float) -> tuple[float, float]:
            # bow to the right, starboard down the page
            return (pad + dx * DECK_PX, pad + (beam / 2 + dy) * DECK_PX)

        x0, y0 = at(0.0, -beam / 2)
        x1, y1 = at(length, beam / 2)
        bow = (x1 + beam * DECK_PX * 0.35, (y0 + y1) / 2)
        parties = {str(p.get("id")): p for p in _list(view.get("parties")) if isinstance(p, dict)}
        parts = [
            f'<svg class="co-deck" viewBox="0 0 {w:.0f} {h:.0f}" role="img" '
            f'aria-label="{escape(str(s.get("name", "")))}\'s deck cut-out">'
            f'<path class="deck" d="M {x0:.1f} {y0:.1f} L {x1:.1f} {y0:.1f} Q {bow[0]:.1f} '
            f"{y0:.1f} {bow[0]:.1f} {bow[1]:.1f} Q {bow[0]:.1f} {y1:.1f} {x1:.1f} {y1:.1f} "
            f'L {x0:.1f} {y1:.1f} Z"/>'
        ]
        for k in range(1, int(beam * 2)):
            py = y0 + k * DECK_PX / 2
            parts.append(
                f'<line class="plank" x1="{x0:.1f}" y1="{py:.1f}" x2="{x1:.1f}" y2="{py:.1f}"/>'
            )
        hatch = _pts([s.get("hatch")])
        if hatch:
            size = _num(s.get("hatch_size"), 1.0) * DECK_PX
            hx, hy = at(*hatch[0])
            held = s.get("hatch_held_by")
            css = "hatch held" if held else "hatch"
            parts.append(
                f'<rect class="{css}" x="{hx - size / 2:.1f}" y="{hy - size / 2:.1f}" '
                f'width="{size:.1f}" height="{size:.1f}"><title>the main hatch'
                + (f", held by the {escape(str(held))}" if held else "")
                + f"; {escape(str(s.get('crew_below', 0)))} of the crew below"
                + (" (docile)" if s.get("docile") else "")
                + "</title></rect>"
            )
        for name, p in _dict(s.get("points")).items():
            pts = _pts([p])
            if not pts:
                continue
            px, py = at(*pts[0])
            ly = py - 12 if pts[0][1] < 0 else py + 20
            parts.append(
                f'<g class="boarding-point" data-point="{escape(name)}"><title>boarding point: '
                f"{escape(name.replace('-', ' '))}</title>"
                f'<circle class="point" cx="{px:.1f}" cy="{py:.1f}" r="5"/>'
                f'<text class="point-name" x="{px:.1f}" y="{ly:.1f}" text-anchor="middle">'
                f"{escape(name.split('-')[-1])}</text></g>"
            )
        for g in _list(view.get("guns")):
            if not isinstance(g, dict) or g.get("owner") != s.get("id"):
                continue
            gx, gy = at(_num(g.get("deck_x")), _num(g.get("deck_y")))
            css = "gun" if g.get("ready") else "gun out"
            parts.append(
                f'<rect class="{css}" x="{gx - 8:.1f}" y="{gy - 4:.1f}" width="16" height="8" '
                f'rx="2"><title>{escape(str(g.get("name", "")))}: {escape(_gun_state(g))}'
                "</title></rect>"
            )
        climbers: dict[str, int] = {}
        for f in _list(view.get("figures")):
            if not isinstance(f, dict):
                continue
            if f.get("where") == "deck" and f.get("place") == s.get("id"):
                fx, fy = at(_num(f.get("x")), _num(f.get("y")))
                parts.append(self._deck_marker(f, fx, fy, colours, parties, ""))
            elif f.get("climbing"):
                point = _pts([_dict(s.get("points")).get(str(f.get("climbing")))])
                if point:
                    k = climbers.get(str(f.get("climbing")), 0)
                    climbers[str(f.get("climbing"))] = k + 1
                    px, py = at(*point[0])
                    off = -1 if point[0][1] < 0 else 1
                    parts.append(
                        self._deck_marker(
                            f, px + (k - 1) * 18, py + off * 26, colours, parties, "climber"
                        )
                    )
        below = int(_num(s.get("crew_below")))
        note = (
            f"{s.get('name', '')}: bow to the right · {below} of the crew below"
            + (", docile" if s.get("docile") else "")
            + (f", {s.get('breaking_out')} breaking out" if s.get("breaking_out") else "")
        )
        parts.append(
            f'<text class="note" x="{pad:.0f}" y="{h - 8:.0f}">{escape(note)}</text></svg>'
        )
        rig = int(_num(s.get("rig")))
        hull_hits, hull_points = int(_num(s.get("hull_hits"))), int(_num(s.get("hull_points"), 1))
        boxes = "".join(
            f'<span class="{"hit" if i < hull_hits else ""}"></span>' for i in range(hull_points)
        )
        rigged = (
            "fully rigged"
            if s.get("fully_rigged")
            else "half rigged"
            if s.get("half_rigged")
            else ""
        )
        colour = colours.get(str(s.get("side", "")), "#555")
        return (
            card_open(
                "co-card deck-card", str(s.get("id", "")), str(s.get("side", "")), colour
            ).replace('style="', 'style="grid-column:1/-1;', 1)
            + f"<h3>{escape(str(s.get('name', '')))} <small>the deck cut-out · "
            f"{escape(str(s.get('status', '')))}"
            + (
                f" · held by {escape(_side_words(view, str(s.get('held_by'))))}"
                if s.get("held_by")
                else ""
            )
            + "</small></h3>"
            + "".join(parts)
            + f'<p>Rigging <b class="rig">{rig}</b> of 40'
            + (f" · {rigged}" if rigged else "")
            + '</p><div class="meter" role="meter" aria-valuemin="0" aria-valuemax="40" '
            f'aria-valuenow="{rig}"><span style="width:{min(rig, 40) / 40 * 100:.0f}%"></span>'
            '<i style="left:50%"></i></div>'
            f'<p>Hull <b class="hull-hits">{hull_hits}</b> of {hull_points} '
            f'(half speed at {math.ceil(hull_points / 2)})</p><div class="boxes">{boxes}</div>'
            "</article>"
        )

    def _deck_marker(
        self,
        f: dict[str, Any],
        x: float,
        y: float,
        colours: dict[str, str],
        parties: dict[str, dict[str, Any]],
        css: str,
    ) -> str:
        colour = escape(colours.get(str(f.get("side", "")), "#555"))
        letter = LETTERS.get(str(f.get("kind", "")), "?")
        r = 0.75 * DECK_PX / 2
        ring = ' stroke="#f0b429" stroke-width="3"' if f.get("charismatic") else ""
        return (
            f'<g class="figure" data-figure="{escape(str(f.get("id", "")))}" '
            f'data-kind="{escape(str(f.get("kind", "")))}" '
            f'data-side="{escape(str(f.get("side", "")))}">'
            f"<title>{escape(_figure_title(f, parties))}</title>"
            f'<circle class="fig {css}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" '
            f'style="fill:{colour}"{ring}/>'
            f'<text class="fig-letter" x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle">'
            f"{letter}</text></g>"
        )

    def _alarm_card(self, view: dict[str, Any]) -> str:
        alarm = _dict(view.get("alarm"))
        rows: list[tuple[str, Any]] = []
        rows.append(
            ("Raiders", f"seen on turn {alarm.get('spotted_turn')}")
            if alarm.get("detected")
            else ("Raiders", "not yet seen")
        )
        if "alarm_turn" in alarm:
            turn = _num(alarm.get("alarm_turn"))
            when = "before the game" if turn < 1 else f"turn {turn:g}"
            rows.append(("Alarm", f"{when} ({alarm.get('reason', '')})"))
            rows.append(
                ("Crew turn out / fire", f"{alarm.get('crew_respond')} / {alarm.get('crew_fire')}")
            )
            rows.append(
                (
                    "Garrison turns out / fires",
                    f"{alarm.get('garrison_respond')} / {alarm.get('garrison_fire')}",
                )
            )
        deck = _dict(view.get("events_deck"))
        if deck:
            rows.append(("This turn's card", view.get("event_title") or "none"))
            rows.append(("Cards left", deck.get("left")))
        prisoners = _dict(view.get("prisoners"))
        if any(_num(v) for v in prisoners.values()):
            rows.append(
                (
                    "Prisoners taken",
                    ", ".join(f"{_side_words(view, k)} {v}" for k, v in prisoners.items()),
                )
            )
        body = "".join(
            f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>" for k, v in rows
        )
        return (
            '<article class="card co-card alarm-card" style="--side:#b8860b">'
            f"<h3>The alarm <small>{escape(str(view.get('light_title', '')))}</small></h3>"
            f"<table>{body}</table></article>"
        )

    def _party_card(self, view: dict[str, Any], p: dict[str, Any], colours: dict[str, str]) -> str:
        side = str(p.get("side", ""))
        colour = colours.get(side, "#555")
        if p.get("hidden"):
            body = f"<p>{escape(str(p.get('start', '?')))} figures; whereabouts unknown</p>"
        else:
            figs = [
                f
                for f in _list(view.get("figures"))
                if isinstance(f, dict) and f.get("party") == p.get("id")
            ]
            kinds: dict[str, int] = {}
            for f in figs:
                kinds[str(f.get("kind"))] = kinds.get(str(f.get("kind")), 0) + 1
            where: dict[str, int] = {}
            for f in figs:
                w = str(f.get("where"))
                where[w] = where.get(w, 0) + 1
            lost = ", ".join(
                f"{p.get(k)} {k}" for k in ("dead", "captured", "out", "escaped") if _num(p.get(k))
            )
            kinds_text = ", ".join(_count(n, k) for k, n in sorted(kinds.items()))
            where_text = ", ".join(
                f"{n} {'aboard' if w == 'boat' else 'on deck' if w == 'deck' else 'ashore'}"
                for w, n in where.items()
            )
            body = (
                f'<p><b class="left">{escape(str(p.get("left", "?")))}</b> of '
                f"{escape(str(p.get('start', '?')))} in the fight"
                + (f" · {escape(lost)}" if lost else "")
                + f"</p><p>{escape(kinds_text or 'none on the table')}</p>"
                + f"<p>{escape(where_text)}</p>"
            )
            flags = []
            if p.get("morale") not in (None, "steady"):
                flags.append(f'<li class="flag warn">{escape(str(p.get("morale")))}</li>')
            if p.get("formed"):
                flags.append('<li class="flag quiet">formed for volley fire</li>')
            if flags:
                body += f'<ul class="flags">{"".join(flags)}</ul>'
        return (
            card_open("co-card party-card", str(p.get("id", "")), side, colour)
            + f"<h3>{escape(str(p.get('name', '')))} <small>"
            f"{escape(str(p.get('nation', '')).capitalize())} "
            f"{escape(KINDS.get(str(p.get('kind', '')), str(p.get('kind', ''))))}</small></h3>"
            + body
            + "</article>"
        )


def _clear_spot(
    view: dict[str, Any], edge: str, along: float, width: float, height: float
) -> float:
    """Where along the sea edge (inches from its west or south end) its
    words go: the middle, else the nearest spot toward either end with no
    boat or landing place within 4 inches of the edge over the words'
    length (about 11 inches)."""
    half, near = 5.5, 4.0
    pieces = [
        (_num(b.get("x")), _num(b.get("y")))
        for b in [*_list(view.get("boats")), *_list(view.get("landings"))]
        if isinstance(b, dict) and b.get("status", "afloat") == "afloat"
    ]
    if edge in ("west", "east"):
        off = [(abs(x - (0.0 if edge == "west" else width)), y) for x, y in pieces]
    else:
        off = [(abs(y - (0.0 if edge == "south" else height)), x) for x, y in pieces]
    close = [a for d, a in off if d <= near]
    spots = sorted(
        (c / 2 for c in range(int(half * 2), int((along - half) * 2) + 1)),
        key=lambda c: abs(c - along / 2),
    )
    for c in spots:
        if all(abs(a - c) > half + 1.0 for a in close):
            return c
    return along / 2


def _boat_shape(b: dict[str, Any], heading: float, css: str, colour: str) -> str:
    """A boat's hull to scale, bow along ``heading``, centred on the origin."""
    length = _num(b.get("length"), 3.0) * PX
    beam = max(_num(b.get("beam"), 1.0) * PX, 5.0)
    return (
        f'<g transform="rotate({heading:.1f})">'
        f'<path class="{css} hull" d="M 0 {-length / 2:.1f} C {beam / 2:.1f} {-length / 4:.1f} '
        f"{beam / 2:.1f} {length / 3:.1f} {beam / 3:.1f} {length / 2:.1f} L {-beam / 3:.1f} "
        f"{length / 2:.1f} C {-beam / 2:.1f} {length / 3:.1f} {-beam / 2:.1f} "
        f'{-length / 4:.1f} 0 {-length / 2:.1f} Z" style="fill:{colour}"/></g>'
    )


def _gun_state(g: dict[str, Any]) -> str:
    if g.get("destroyed"):
        return "destroyed"
    if g.get("spiked"):
        return "spiked"
    if g.get("silenced"):
        return "silenced"
    crew = f"{g.get('serving', 0)} of {g.get('crew', 4)} crew"
    who = f" ({g.get('served_by')})" if g.get("served_by") else ""
    return f"{g.get('kind', '')} gun, {crew}{who}, reaches {g.get('reach', '?')} in"


def _deck_to_table(s: dict[str, Any], dx: float, dy: float) -> tuple[float, float]:
    heading = _num(s.get("heading"))
    fx, fy = _unit(heading)
    sx, sy = _unit(heading + 90)
    along = dx - _num(s.get("length"), 10.0) / 2
    return (_num(s.get("x")) + fx * along + sx * dy, _num(s.get("y")) + fy * along + sy * dy)
