"""What every renderer's table, ship cards and move handles share.

A card names its piece (``data-ship``, the same id as the piece on the table,
so clicking the piece finds its card) and its side (``data-side``, so the page
can put the player's own cards first and filter them), and takes its side's
colour.
"""

from __future__ import annotations

from markupsafe import escape


def card_open(css: str, piece_id: str, side: str, colour: str) -> str:
    """``<article class="card {css}" ...>`` for one piece's card."""
    return (
        f'<article class="card {escape(css)}" data-ship="{escape(piece_id)}" '
        f'data-side="{escape(side)}" style="--side:{escape(colour)}">'
    )


def move_handle(x: float, y: float, r: float, mark: str, rotate: float) -> str:
    """The round handle at the end of a move drawn on the table: the spot the
    player clicks to pick that move, with ``mark`` (an arrow, a square for
    standing fast) turned ``rotate`` degrees, ending the move's ``<g>``."""
    return (
        f'<circle class="handle" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
        f'<text class="handle-mark" x="{x:.1f}" y="{y:.1f}" text-anchor="middle" '
        f'dominant-baseline="central" transform="rotate({rotate:.0f} {x:.1f} {y:.1f})">'
        f"{mark}</text></g>"
    )


def table_open(css: str, box: tuple[float, float, float, float], title: str) -> str:
    """The table's ``<svg>`` tag and its title: ``box`` (x, y, width, height)
    is the view it opens on and returns to (zoom home); the title names every
    ship on it for screen readers."""
    vb = " ".join(f"{v:.0f}" for v in box)
    return (
        f'<svg class="{escape(("table-svg " + css).strip())}" id="table-svg" viewBox="{vb}" '
        f'data-home="{vb}" role="img" aria-labelledby="table-title" '
        'preserveAspectRatio="xMidYMid meet">'
        f'<title id="table-title">{escape(title)}</title>'
    )


def ships_title(prefix: str, ships: list[dict[str, object]]) -> str:
    """ "The table: Shannon (british), Chesapeake (american)"."""
    return prefix + ", ".join(
        f"{s.get('name', s.get('id', '?'))} ({s.get('side', '')})" for s in ships
    )
