"""The opening tag every renderer's ship card shares.

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
