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


def table_open(
    css: str,
    box: tuple[float, float, float, float],
    title: str,
    whole: tuple[float, float, float, float] | None = None,
    unit: tuple[float, str] | None = None,
) -> str:
    """The table's ``<svg>`` tag and its title: ``box`` (x, y, width, height)
    is the view it opens on and returns to (zoom home: fitted to the action),
    ``whole`` the whole table where that is more; ``unit`` the SVG length of
    the table's unit of distance and its name; the title names every ship on
    it for screen readers."""
    vb = " ".join(f"{v:.0f}" for v in box)
    extra = f' data-whole="{" ".join(f"{v:.0f}" for v in whole)}"' if whole else ""
    if unit is not None:  # the table's unit of distance, for the measuring tape
        extra += f' data-unit="{unit[0]:g}" data-unit-name="{escape(unit[1])}"'
    return (
        f'<svg class="{escape(("table-svg " + css).strip())}" id="table-svg" viewBox="{vb}" '
        f'data-home="{vb}"{extra} role="img" aria-labelledby="table-title" '
        'preserveAspectRatio="xMidYMid meet">'
        f'<title id="table-title">{escape(title)}</title>'
    )


def ships_title(
    prefix: str, ships: list[dict[str, object]], view: dict[str, object] | None = None
) -> str:
    """ "The table: Shannon (Royal Navy), Chesapeake (United States Navy)": each
    side as people call it where ``view`` has the side titles, else its id."""
    return prefix + ", ".join(
        f"{s.get('name', s.get('id', '?'))} ({side_title(view or {}, str(s.get('side', '')))})"
        for s in ships
    )


_PREFIXES = ("HMS ", "USS ", "CSS ", "HMCS ")


def short_name(name: str) -> str:
    """A ship's name shortened for a crowded table (the full name shows on
    hover): the service prefix dropped, "Gunboat 19" as "G19", a long name
    cut with an ellipsis."""
    for prefix in _PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix) :]
            break
    words = name.split()
    if len(words) >= 2 and words[-1].isdigit():
        return "".join(w[0] for w in words[:-1]).upper() + words[-1]
    if len(name) > 11:
        return name[:9].rstrip() + "…"
    return name


def ship_label(name: str, x: float, y: float, piece_id: str, rank: int = 0, css: str = "") -> str:
    """A piece's name on the table: drawn at (x, y) until the page places it
    where it overlaps no other name and no ship (table.js), and clicking it
    picks the piece (``data-for``)."""
    return (
        f'<text class="{escape(("ship-name placeable " + css).strip())}" '
        f'data-for="{escape(piece_id)}" data-name="{escape(name)}" '
        f'data-short="{escape(short_name(name))}" data-rank="{rank}" '
        f'x="{x:.1f}" y="{y:.1f}" text-anchor="middle">{escape(name)}</text>'
    )


def point_label(text: str, x: float, y: float, css: str = "mark") -> str:
    """A note anchored at a point of the table (a fouled mark), placed by the
    page like a ship's name."""
    return (
        f'<text class="{escape(css)} placeable" data-ax="{x:.1f}" data-ay="{y:.1f}" '
        f'data-name="{escape(text)}" x="{x + 12:.1f}" y="{y + 4:.1f}">{escape(text)}</text>'
    )


def rulers(top: list[tuple[float, str]], left: list[tuple[float, str]]) -> str:
    """The grid's coordinates along the top and left edges of the view, kept
    there by the page whatever the zoom (``at`` is the table position)."""
    out = []
    for edge, marks in (("top", top), ("left", left)):
        if not marks:
            continue
        anchor = "middle" if edge == "top" else "end"
        texts = "".join(
            f'<text data-at="{at:.1f}" x="{at if edge == "top" else 0:.1f}" '
            f'y="{0 if edge == "top" else at:.1f}" text-anchor="{anchor}">{escape(label)}</text>'
            for at, label in marks
        )
        out.append(f'<g class="ruler" data-ruler="{edge}" aria-hidden="true">{texts}</g>')
    return "".join(out)


def pin(corner: str, inner: str, label: str = "") -> str:
    """Something kept in a corner of the view at the same size on screen
    (``corner`` tl, tr, bl or br; ``inner`` drawn in screen pixels about the
    corner)."""
    aria = f' aria-label="{escape(label)}"' if label else ""
    return f'<g class="pinned" data-pin="{escape(corner)}"{aria}>{inner}</g>'


def fit(
    points: list[tuple[float, float]],
    margin: float,
    least: tuple[float, float],
    within: tuple[float, float, float, float],
) -> tuple[float, float, float, float]:
    """The view that opens on the action: the box round ``points`` with
    ``margin``, at least ``least`` (width, height), kept inside ``within``
    where it can be."""
    wx, wy, ww, wh = within
    if not points:
        return within
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1 = min(xs) - margin, max(xs) + margin
    y0, y1 = min(ys) - margin, max(ys) + margin
    w = max(x1 - x0, min(least[0], ww))
    h = max(y1 - y0, min(least[1], wh))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    x0, y0 = cx - w / 2, cy - h / 2
    x0 = min(max(x0, wx), wx + ww - w) if w <= ww else x0
    y0 = min(max(y0, wy), wy + wh - h) if h <= wh else y0
    return (x0, y0, w, h)


def side_title(view: dict[str, object], side: str) -> str:
    """A side as people call it: the scenario's title without its commander
    ("Royal Navy"), from ``view["side_titles"]`` that the page adds; the id
    where there is none."""
    titles = view.get("side_titles")
    title = titles.get(side) if isinstance(titles, dict) else None
    if not isinstance(title, str) or not title:
        return side
    return title.split(" (")[0]
