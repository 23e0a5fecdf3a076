"""The fallback drawing for a rule set without a renderer of its own."""

from __future__ import annotations

from typing import Any

from markupsafe import escape


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _label(key: str) -> str:
    return key.replace("_", " ")


class GenericRenderer:
    """Ships of the view as cards; the table as a plain list of positions."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        ships = [s for s in view.get("ships", []) if isinstance(s, dict)]
        rows = []
        for n, ship in enumerate(ships):
            colour = colours.get(str(ship.get("side", "")), "#555")
            name = escape(str(ship.get("name", ship.get("id", f"ship {n + 1}"))))
            y = 40 + n * 36
            rows.append(
                f'<g class="ship" data-ship="{escape(str(ship.get("id", n)))}">'
                f'<rect x="20" y="{y - 20}" width="26" height="26" rx="4" fill="{escape(colour)}"/>'
                f'<text x="58" y="{y}" class="label">{name}</text></g>'
            )
        height = max(120, 60 + 36 * len(ships))
        note = "No table drawing for this rule set: the ships are listed."
        return (
            f'<svg class="table-svg" viewBox="0 0 600 {height}" role="img" '
            f'aria-label="{escape(note)}"><title>{escape(note)}</title>'
            f'<rect class="sea" x="0" y="0" width="600" height="{height}"/>'
            + "".join(rows)
            + "</svg>"
        )

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        out = []
        for ship in view.get("ships", []):
            if not isinstance(ship, dict):
                continue
            colour = colours.get(str(ship.get("side", "")), "#555")
            name = escape(str(ship.get("name", ship.get("id", "ship"))))
            items = "".join(
                f"<dt>{escape(_label(str(k)))}</dt><dd>{escape(str(v))}</dd>"
                for k, v in ship.items()
                if _scalar(v) and k not in ("name",)
            )
            out.append(
                f'<article class="card" style="--side:{escape(colour)}">'
                f"<h3>{name}</h3><dl>{items}</dl></article>"
            )
        return "".join(out) or "<p>No ships in view.</p>"
