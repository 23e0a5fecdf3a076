"""The gun-dice boarding table and ship cards.

Positions are table millimetres (x east, y north), headings compass degrees
(0 north, clockwise). Hulls are drawn to a 1:300 scale: a size-2 frigate of
some 46 m is about 150 mm long.
"""

from __future__ import annotations

import math
from typing import Any

from markupsafe import escape

from quarterdeck.web.render.card import (
    card_open,
    pin,
    point_label,
    ship_label,
    ships_title,
    side_title,
    table_open,
)
from quarterdeck.web.render.dice import dice

HULL_MM = {1: 105.0, 2: 150.0, 3: 190.0}
BEAM_RATIO = 0.27
PHASE_WORDS = {
    "command": "command phase",
    "declare": "boarding phase: declarations",
    "fight": "boarding phase: the actions",
    "end": "end of the turn",
}
GRADES = {
    "A": "elite",
    "B": "crack",
    "C": "average",
    "D": "poor",
}


def _hull_path(length: float) -> str:
    """A hull outline pointing north (bow up), centred on the origin."""
    h, b = length / 2, length * BEAM_RATIO / 2
    return (
        f"M 0 {-h:.1f} "
        f"C {b * 0.9:.1f} {-h * 0.7:.1f} {b:.1f} {-h * 0.3:.1f} {b:.1f} 0 "
        f"L {b * 0.85:.1f} {h:.1f} L {-b * 0.85:.1f} {h:.1f} L {-b:.1f} 0 "
        f"C {-b:.1f} {-h * 0.3:.1f} {-b * 0.9:.1f} {-h * 0.7:.1f} 0 {-h:.1f} Z"
    )


def _masts(length: float) -> str:
    h = length / 2
    return "".join(
        f'<circle class="mast" cx="0" cy="{y:.1f}" r="{length * 0.022:.1f}"/>'
        f'<line class="yard" x1="{-length * 0.17:.1f}" y1="{y:.1f}" '
        f'x2="{length * 0.17:.1f}" y2="{y:.1f}"/>'
        for y in (-h * 0.5, -h * 0.05, h * 0.4)
    )


class GunDiceRenderer:
    """Ships as silhouettes at their positions and headings; cards as printed."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        ships: list[dict[str, Any]] = view.get("ships", [])
        names = {s["id"]: s["name"] for s in ships}
        pos = {s["id"]: (float(s["x_mm"]), -float(s["y_mm"])) for s in ships}
        reach = max((HULL_MM.get(int(s["size"]), 150.0) for s in ships), default=150.0) / 2 + 70
        xs = [p[0] for p in pos.values()] or [0.0]
        ys = [p[1] for p in pos.values()] or [0.0]
        x0, x1 = min(xs) - reach, max(xs) + reach
        y0, y1 = min(ys) - reach - 30, max(ys) + reach
        width, height = x1 - x0, y1 - y0
        parts = [
            table_open("", (x0, y0, width, height), ships_title("The table: ", ships, view)),
            '<defs><pattern id="waves" width="24" height="12" patternUnits="userSpaceOnUse">'
            '<path d="M0 6 q6 -5 12 0 t12 0" class="wave"/></pattern></defs>',
            f'<rect class="sea" x="{x0 - 2000:.0f}" y="{y0 - 2000:.0f}" '
            f'width="{width + 4000:.0f}" height="{height + 4000:.0f}"/>',
            f'<rect class="sea-texture" x="{x0 - 2000:.0f}" y="{y0 - 2000:.0f}" '
            f'width="{width + 4000:.0f}" height="{height + 4000:.0f}" fill="url(#waves)"/>',
        ]
        labels: list[str] = []
        for s in ships:
            length = HULL_MM.get(int(s["size"]), 150.0)
            x, y = pos[s["id"]]
            colour = colours.get(s["side"], "#555")
            css: list[str] = ["ship"]
            if s.get("in_action"):
                css.append("in-action")
            if s.get("captured_by"):
                css.append("captured")
            flag = colours.get(s["captured_by"], "#000") if s.get("captured_by") else colour
            status: list[str] = []
            if s.get("captured_by"):
                status.append(f"captured by {side_title(view, s['captured_by'])}")
            if s.get("in_action"):
                status.append("in a boarding action")
            label = f"{s['name']} ({side_title(view, s['side'])})" + (
                f": {', '.join(status)}" if status else ""
            )
            parts.append(
                f'<g class="{" ".join(css)}" data-ship="{escape(s["id"])}" '
                f'transform="translate({x:.1f} {y:.1f})"><title>{escape(label)}</title>'
                f'<g transform="rotate({float(s["heading"]):.1f})">'
                f'<path class="halo" d="{_hull_path(length * 1.12)}"/>'
                f'<path class="hull" d="{_hull_path(length)}" style="fill:{escape(colour)}"/>'
                f"{_masts(length)}"
                f'<rect class="ensign" x="-7" y="{length / 2 - 2:.1f}" width="14" height="10" '
                f'style="fill:{escape(flag)}"/>'
                "</g></g>"
            )
            # the name (and a capture) beside her; the page moves it clear of
            # the other names and ships
            heading = math.radians(float(s["heading"]))
            half = abs(math.cos(heading)) * length / 2 + abs(math.sin(heading)) * (
                length * BEAM_RATIO / 2
            )
            labels.append(ship_label(s["name"], x, y - half - 10, s["id"], rank=2))
            if s.get("captured_by"):
                labels.append(
                    ship_label(
                        f"captured by {side_title(view, s['captured_by'])}",
                        x,
                        y - half - 25,
                        s["id"],
                        rank=1,
                        css="ship-note",
                    )
                )
        # contacts: ships alongside, fouled or not, drawn over the hulls
        for c in view.get("contacts", []):
            a, b = c["ships"]
            if a not in pos or b not in pos:
                continue
            (ax, ay), (bx, by) = pos[a], pos[b]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            line_css = "contact" + (" active" if c.get("active") else " inactive")
            title = f"{names.get(a, a)} alongside {names.get(b, b)}"
            if c.get("fouled"):
                title += ", fouled"
            if c.get("via"):
                title += f" (across {names.get(c['via'], c['via'])})"
            parts.append(
                f'<g class="{line_css}"><title>{escape(title)}</title>'
                f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}"/>'
            )
            if c.get("fouled"):
                parts.append(
                    f'<g class="fouled" transform="translate({mx:.1f} {my:.1f})">'
                    '<circle class="obstacle" r="8"/><path d="M-5 -5 L5 5 M5 -5 L-5 5"/></g>'
                )
                labels.append(point_label("fouled", mx, my))
            parts.append("</g>")
        parts.extend(labels)
        # scale bar and north arrow, bottom left
        sx, sy = x0 + 20, y1 - 20
        parts.append(
            f'<g class="scale" transform="translate({sx:.0f} {sy:.0f})">'
            '<rect class="obstacle" x="-6" y="-24" width="106" height="44" fill="none"/>'
            '<path d="M0 0 h50 M0 -4 v8 M50 -4 v8"/>'
            '<text x="25" y="-7" text-anchor="middle">50 mm</text>'
            '<path class="north" d="M80 4 l6 -22 l6 22 l-6 -6 z"/>'
            '<text x="86" y="16" text-anchor="middle">N</text></g>'
        )
        sea = view.get("sea", "")
        phase = str(view.get("phase", ""))
        parts.append(
            pin(
                "tl",
                '<text class="sea-state" x="12" y="22">'
                f"Turn {escape(str(view.get('turn', '')))} of "
                f"{escape(str(view.get('turn_limit', '')))} · {escape(str(sea))} seas · "
                f"{escape(PHASE_WORDS.get(phase, phase))}</text>",
                "turn and phase",
            )
        )
        parts.append("</svg>")
        return "".join(parts)

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        ships: list[dict[str, Any]] = view.get("ships", [])
        names = {s["id"]: s["name"] for s in ships}
        out = [self._ship_card(s, colours, view) for s in ships]
        for a in view.get("actions", []):
            out.append(self._action_card(a, names, colours))
        return "".join(out)

    def _ship_card(
        self, s: dict[str, Any], colours: dict[str, str], view: dict[str, Any] | None = None
    ) -> str:
        colour = colours.get(s["side"], "#555")
        total = int(s["gun_dice"])
        boxes = (
            [("free", "", "free")] * int(s["gun_dice_free"])
            + [("committed", "B", "mobilised for boarding")] * int(s["gun_dice_committed"])
            + [("hit", "✕", "knocked out by gunfire (a GD hit)")] * int(s["gun_dice_hits"])
            + [("lost", "–", "lost with a boarding action")] * int(s["gun_dice_lost"])
        )[: max(total, 0)]
        track = "".join(
            f'<span class="gd {css}" title="{escape(title)}">{mark}</span>'
            for css, mark, title in boxes
        )
        flags = []
        if s.get("captured_by"):
            flags.append(
                '<li class="flag bad">Captured by '
                f"{escape(side_title(view or {}, s['captured_by']))}</li>"
            )
        if s.get("in_action"):
            flags.append(f'<li class="flag">In boarding action {escape(str(s["in_action"]))}</li>')
        if s.get("failed_attacker"):
            flags.append('<li class="flag warn">Failed attacker (5.3)</li>')
        flags.append(
            '<li class="flag quiet">'
            + ("Stationary" if s.get("stationary") else "Under way")
            + "</li>"
        )
        grade = str(s.get("crew", ""))
        return (
            card_open("ship-card", s["id"], s["side"], colour)
            + f"<h3>{escape(s['name'])} <small>{escape(side_title(view or {}, s['side']))}</small>"
            "</h3>"
            '<dl class="facts">'
            f'<div><dt>Size</dt><dd class="size">{escape(str(s["size"]))}</dd></div>'
            f'<div><dt>Crew</dt><dd class="crew">{escape(grade)}'
            f" <small>{escape(GRADES.get(grade, ''))}</small></dd></div>"
            f'<div><dt>Sail hits</dt><dd class="sail-hits">{escape(str(s["sail_hits"]))}</dd></div>'
            f'<div><dt>Gun dice</dt><dd class="gd-total">{total}</dd></div>'
            "</dl>"
            f'<div class="gd-track" aria-label="gun dice: {s["gun_dice_free"]} free, '
            f"{s['gun_dice_committed']} mobilised, {s['gun_dice_hits']} hit, "
            f'{s["gun_dice_lost"]} lost of {total}">'
            f'<div class="gd-head">Of {total} gun dice: <b class="gd-free">{s["gun_dice_free"]}</b>'
            f" free · <b class='gd-committed'>{s['gun_dice_committed']}</b> mobilised · "
            f"<b class='gd-hits'>{s['gun_dice_hits']}</b> hit by gunfire (✕) · "
            f"<b class='gd-lost'>{s['gun_dice_lost']}</b> lost boarding (–)</div>"
            f'<div class="gd-boxes">{track}</div></div>'
            f'<ul class="flags">{"".join(flags)}</ul></article>'
        )

    def _action_card(
        self, a: dict[str, Any], names: dict[str, str], colours: dict[str, str]
    ) -> str:
        attackers = " and ".join(names.get(x, x) for x in a["attackers"])
        defender = names.get(a["defender"], a["defender"])
        rolls = ""
        if a.get("last_attacker_roll") or a.get("last_defender_roll"):
            rolls = (
                '<div class="last-rolls">'
                f"<div>Attacker rolled {dice(sorted(a['last_attacker_roll'], reverse=True))}</div>"
                f"<div>Defender rolled {dice(sorted(a['last_defender_roll'], reverse=True))}</div>"
                "</div>"
            )
        return (
            f'<article class="card action-card" data-action="{a["id"]}" '
            f'style="--side:{escape(colours.get(a["attacker_side"], "#555"))}">'
            f"<h3>Boarding action {a['id']}</h3>"
            f"<p>{escape(attackers)} boarding {escape(defender)}</p>"
            '<dl class="facts">'
            f'<div><dt>Attacker dice</dt><dd class="attacker-dice">{a["attacker_dice"]}'
            f" <small>of {a['attacker_start']}</small></dd></div>"
            f'<div><dt>Defender dice</dt><dd class="defender-dice">{a["defender_dice"]}'
            f" <small>of {a['defender_start']}</small></dd></div>"
            f"<div><dt>Rounds this turn</dt><dd>{a['rounds_this_turn']}</dd></div>"
            f"</dl>{rolls}</article>"
        )


def bearing(x: float, y: float) -> float:
    """Compass bearing of a vector (x east, y north), for tests and tools."""
    return math.degrees(math.atan2(x, y)) % 360
