"""Dice faces as small inline SVG, shared by every renderer and the dice tray."""

from __future__ import annotations

from markupsafe import escape

_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die(value: int, sides: int = 6, css: str = "") -> str:
    """One die showing ``value``: pips for a d6, the number otherwise."""
    label = f"{value} on a d{sides}" if sides != 6 else f"{value}"
    inner: str
    if sides == 6 and value in _PIPS:
        inner = "".join(
            f'<circle cx="{5 + 7 * cx}" cy="{5 + 7 * cy}" r="1.9"/>' for cx, cy in _PIPS[value]
        )
    else:
        inner = f'<text x="12" y="16" text-anchor="middle" font-size="11">{value}</text>'
    return (
        f'<svg class="die {escape(css)}" viewBox="0 0 24 24" width="24" height="24" '
        f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
        f'<rect x="0.5" y="0.5" width="23" height="23" rx="4"/>{inner}</svg>'
    )


def dice(values: list[int] | tuple[int, ...], sides: int = 6, css: str = "") -> str:
    return '<span class="dice">' + "".join(die(v, sides, css) for v in values) + "</span>"
