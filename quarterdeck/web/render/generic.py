"""The fallback drawing for a rule set without a renderer of its own.

It reads the view's pieces from the first of ``ships``, ``vessels``, ``units``,
``boats`` or ``pieces`` (a list of objects, or a mapping of id to object),
plots those that carry a position (``x``/``y``, ``x_mm``/``y_mm``,
``x_in``/``y_in`` or ``pos``) on a plain table, lists the others, and shows
every piece as a card of its fields.
"""

from __future__ import annotations

import math
from typing import Any

from markupsafe import escape

from quarterdeck.web.render.card import card_open

PIECE_KEYS = ("ships", "vessels", "units", "boats", "pieces")
POSITION_KEYS = (("x", "y"), ("x_mm", "y_mm"), ("x_in", "y_in"))


def pieces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The view's pieces as a list of objects, each with an ``id``."""
    for key in PIECE_KEYS:
        found = view.get(key)
        if isinstance(found, dict):
            return [
                {"id": str(k), **v} if "id" not in v else v
                for k, v in found.items()
                if isinstance(v, dict)
            ]
        if isinstance(found, list):
            return [p for p in found if isinstance(p, dict)]
    return []


def position(piece: dict[str, Any]) -> tuple[float, float] | None:
    for kx, ky in POSITION_KEYS:
        x, y = piece.get(kx), piece.get(ky)
        if isinstance(x, int | float) and isinstance(y, int | float) and _number(x) and _number(y):
            return float(x), float(y)
    pos = piece.get("pos") or piece.get("position")
    if isinstance(pos, list | tuple) and len(pos) >= 2 and _number(pos[0]) and _number(pos[1]):
        return float(pos[0]), float(pos[1])
    return None


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _name(piece: dict[str, Any], n: int) -> str:
    return str(piece.get("name", piece.get("id", f"piece {n + 1}")))


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_show(v) for v in value) if value else "none"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _label(key: str) -> str:
    return key.replace("_", " ")


class GenericRenderer:
    """Pieces as cards; those with positions plotted, the others listed."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        found = pieces(view)
        placed = [(p, position(p)) for p in found]
        plotted = [(p, xy) for p, xy in placed if xy is not None]
        listed = [p for p, xy in placed if xy is None]
        note = "A plain table: this rule set has no drawing of its own yet."
        parts: list[str] = []
        if plotted:
            xs = [xy[0] for _, xy in plotted]
            ys = [-xy[1] for _, xy in plotted]
            span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
            r = span / 40 + 1
            pad = span / 8 + 4 * r
            x0, y0 = min(xs) - pad, min(ys) - pad
            w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
            box = f"{x0:.2f} {y0:.2f} {w:.2f} {h:.2f}"
            for n, (p, (x, y)) in enumerate(plotted):
                colour = colours.get(str(p.get("side", "")), "#555")
                parts.append(
                    f'<g class="ship" data-ship="{escape(str(p.get("id", n)))}">'
                    f"<title>{escape(_name(p, n))}</title>"
                    f'<circle cx="{x:.2f}" cy="{-y:.2f}" r="{r:.2f}" '
                    f'style="fill:{escape(colour)}"/>'
                    f'<text x="{x:.2f}" y="{-y - 1.6 * r:.2f}" text-anchor="middle" '
                    f'font-size="{1.4 * r:.2f}" class="label">{escape(_name(p, n))}</text></g>'
                )
            bg = (
                f'<rect class="sea" x="{x0 - w:.2f}" y="{y0 - h:.2f}" '
                f'width="{3 * w:.2f}" height="{3 * h:.2f}"/>'
            )
        else:
            height = max(120, 60 + 36 * len(listed))
            box = f"0 0 600 {height}"
            bg = f'<rect class="sea" x="-600" y="-600" width="1800" height="{height + 1200}"/>'
        for n, p in enumerate(listed):
            if plotted:
                break  # unplaced pieces are on the cards
            colour = colours.get(str(p.get("side", "")), "#555")
            y = 40 + n * 36
            parts.append(
                f'<g class="ship" data-ship="{escape(str(p.get("id", n)))}">'
                f'<rect x="20" y="{y - 20}" width="26" height="26" rx="4" '
                f'style="fill:{escape(colour)}"/>'
                f'<text x="58" y="{y}" class="label">{escape(_name(p, n))}</text></g>'
            )
        return (
            f'<svg class="table-svg" id="table-svg" viewBox="{box}" data-home="{box}" role="img" '
            f'aria-label="{escape(note)}"><title>{escape(note)}</title>{bg}'
            + "".join(parts)
            + "</svg>"
        )

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        out = []
        for n, p in enumerate(pieces(view)):
            colour = colours.get(str(p.get("side", "")), "#555")
            items = "".join(
                f"<dt>{escape(_label(str(k)))}</dt><dd>{escape(_show(v))}</dd>"
                for k, v in p.items()
                if k not in ("name", "id")
            )
            out.append(
                card_open("generic-card", str(p.get("id", n)), str(p.get("side", "")), colour)
                + f"<h3>{escape(_name(p, n))}</h3><dl>{items}</dl></article>"
            )
        return "".join(out) or "<p>No ships in view.</p>"
