"""Sheets to print for a real table: each ship's card with its current damage,
and a quick reference of a rule set's charts.

The cards are the renderer's own (the Away, Boarders! ship display, the
Flotilla roster card, the gun-dice ship record), grouped by side, each side's
group starting a new page; the print stylesheet lays them out on A4 or Letter.
The quick reference is drawn from the rule set's ``tables.toml`` with the
game's or scenario's house rules merged over it, so a club prints the charts
it actually plays by.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from markupsafe import escape

from quarterdeck.core.tables import merge, read_toml
from quarterdeck.rulesets import package_dir

_ARTICLE = re.compile(r"<article\b")
_SIDE = re.compile(r'^<article\b[^>]*\bdata-side="([^"]*)"')


def card_groups(
    cards_html: str, sides: list[dict[str, str]]
) -> list[tuple[str, str, str, list[str]]]:
    """The renderer's cards split by side, in the scenario's order of sides:
    (side id, title, colour, [card html]). Cards of no side (victory points,
    objectives, boarding actions) make a last group of their own. What comes
    before the first card (a renderer's stylesheet: Cutting Out Party's deck)
    leads each group, so a group printed alone is drawn as on the table."""
    starts = [m.start() for m in _ARTICLE.finditer(cards_html)]
    ends = [*starts[1:], len(cards_html)] if starts else []  # no cards: no pieces
    pieces = [cards_html[a:b] for a, b in zip(starts, ends, strict=True)]
    head = cards_html[: starts[0]].strip() if starts else ""
    by_side: dict[str, list[str]] = {}
    for piece in pieces:
        found = _SIDE.match(piece)
        by_side.setdefault(found.group(1) if found else "", []).append(piece)
    out = []
    for s in sides:
        if by_side.get(s["name"]):
            out.append((s["name"], s["title"], s.get("colour", "#555"), by_side.pop(s["name"])))
    for side, items in by_side.items():
        if items:
            out.append((side, side or "The battle", "#777", items))
    return [(a, b, c, [head + items[0], *items[1:]]) for a, b, c, items in out]


def print_page_body(groups: list[tuple[str, str, str, list[str]]], heading: str) -> str:
    """The sheets' HTML: one section per group, each on a page of its own."""
    parts = []
    for side, title, colour, items in groups:
        count = len([i for i in items if "data-ship=" in i])
        what = f"{count} ship card{'s' if count != 1 else ''}" if count else "the battle"
        parts.append(
            f'<section class="print-group" data-side="{escape(side)}" '
            f'style="--side:{escape(colour)}">'
            f'<h2 class="group-title">{escape(title)} <small>{escape(heading)} · {what}</small>'
            f'</h2><div class="print-cards">{"".join(items)}</div></section>'
        )
    return "".join(parts)


# -- the quick reference ----------------------------------------------------


def charts_path(ruleset: Any) -> Path | None:
    """The rule set's printed charts (``tables.toml`` beside its package)."""
    found = package_dir(type(ruleset).__module__) / "tables.toml"
    return found if found.exists() else None


def charts(ruleset: Any, house_rules: dict[str, Any] | None) -> dict[str, Any]:
    """The printed charts with ``house_rules`` merged over them, as data."""
    path = charts_path(ruleset)
    if path is None:
        return {}
    data = read_toml(path)
    return merge(data, house_rules) if house_rules else data


def _words(key: str) -> str:
    return key.replace("_", " ").replace("-", " ")


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{_words(str(k))} {_cell(v)}" for k, v in value.items())
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:g}"
    return escape(str(value).replace("_", " "))  # an id in a chart ("repair_hull") as words


def _band_cell(value: Any) -> str:
    """A cell under a range band: a roll needed there, 0 where the chart
    prints n/a (the tables' convention for Cutting Out Party's small arms
    and cannon: the weapon cannot hit at that range)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value == 0:
            return "n/a"
        if 1 <= value < 6:
            return f"{value}-6"  # the lowest die that hits, as the chart prints it
    return _cell(value)


def _records(value: Any) -> bool:
    """Two or more records of plain values with the same kind of fields (the
    guns of a gunfire table), best read as a grid: a record a row."""
    if not isinstance(value, dict) or len(value) < 2:
        return False
    if not all(isinstance(v, dict) and v for v in value.values()):
        return False
    plain = (str, int, float, bool)
    return all(
        isinstance(x, plain) or (isinstance(x, list) and all(isinstance(y, plain) for y in x))
        for v in value.values()
        for x in v.values()
    ) and not any(k in ("rule", "reconstructed") for v in value.values() for k in v)


def _numbers(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )


def _band_heads(bands: list[float]) -> list[str]:
    """Column headers for range bands stored as their upper limits in inches
    (Cutting Out Party's ``bands = [1.0, 5.0, 6.0]``): "up to 1 in", "over 1
    to 5 in", "over 5 to 6 in"."""
    out = []
    low: float | None = None
    for high in bands:
        out.append(f"up to {high:g} in" if low is None else f"over {low:g} to {high:g} in")
        low = high
    return out


def _records_grid(
    caption: str,
    value: dict[str, Any],
    house: dict[str, Any] | None,
    path: tuple[str, ...],
    bands: list[str] | None = None,
) -> str:
    """Records as a grid: a record a row (each gun, each boat), a field a
    column; where the chart has range ``bands``, a field that lists a value
    a band (the first bands, if fewer) is a column a band, headed by it."""
    fields = [f for f in dict.fromkeys(k for v in value.values() for k in v) if f != "title"]
    spread = {
        f: max(len(v[f]) for v in value.values() if isinstance(v.get(f), list))
        for f in fields
        if bands
        and all(isinstance(v.get(f), list) for v in value.values() if f in v)
        and 1
        < max((len(v[f]) for v in value.values() if isinstance(v.get(f), list)), default=0)
        <= len(bands)
    }

    def cells(v: dict[str, Any]) -> str:
        out = []
        for f in fields:
            if f in spread:
                items = list(v.get(f) or [])
                out += [_band_cell(items[n]) if n < len(items) else "" for n in range(spread[f])]
            else:
                out.append(_cell(v.get(f, "")))
        return "".join(f"<td>{c}</td>" for c in out)

    heads = [
        f"{_words(f)}: {bands[n]}" if bands and f in spread else _words(f)
        for f in fields
        for n in range(spread.get(f, 1))
    ]
    rows = "".join(
        ("<tr class='house'>" if _changed((*path, str(k)), house) else "<tr>")
        + f"<th>{escape(str(v.get('title') or _words(str(k))))}</th>"
        + cells(v)
        + "</tr>"
        for k, v in value.items()
    )
    return (
        # a grid of many fields (ACW River's hulls) is laid across the page
        f'<table class="chart-grid{" wide" if len(heads) > 6 else ""}">'
        + (f"<caption>{escape(_words(caption))}</caption>" if caption else "")
        + '<thead><tr><th class="corner"></th>'
        + "".join(f"<th>{escape(h)}</th>" for h in heads)
        + f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def _changed(path: tuple[str, ...], house: dict[str, Any] | None) -> bool:
    node: Any = house or {}
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return False
        node = node[key]
    return True


def _table(
    name: str, data: dict[str, Any], house: dict[str, Any] | None, path: tuple[str, ...]
) -> str:
    """One chart: its plain values as a two-column list, its rows (a mapping
    of lists, headed by a list of column values where the chart has one) as
    a grid, its list of records as a table, its sub-charts in turn."""
    rule = data.get("rule", "")
    reconstructed = data.get("reconstructed")
    scalars: list[str] = []
    blocks: list[str] = []
    column_key, columns = next(
        (
            (k, v)
            for k, v in data.items()
            if isinstance(v, list)
            and (k in ("ranges", "columns") or (k == "bands" and _numbers(v)))
        ),
        ("", None),
    )
    # range bands stored as their upper limits: each column headed by its band
    bands = _band_heads(columns) if column_key == "bands" and columns else None
    if _records(data):  # the chart is itself a record a row (Cutting Out Party's boats)
        blocks.append(_records_grid("", data, house, path))
    for key, value in () if _records(data) else data.items():
        if key in ("rule", "reconstructed", "title", "note") or value is columns:
            continue
        here = (*path, key)
        mark = ' class="house"' if _changed(here, house) else ""
        if isinstance(value, dict) and value and all(isinstance(v, list) for v in value.values()):
            width = max(len(v) for v in value.values())
            head = columns if isinstance(columns, list) and len(columns) == width else None
            cell = _band_cell if head and bands else _cell
            rows = "".join(
                ("<tr class='house'>" if _changed((*here, str(k)), house) else "<tr>")
                + f"<th>{escape(_words(str(k)))}</th>"
                + "".join(f"<td>{cell(c)}</td>" for c in v)
                + "</tr>"
                for k, v in value.items()
            )
            # the corner names what the columns are ("ranges"); the caption the rows
            header = (
                f'<thead><tr><th class="corner">{escape(_words(column_key))} →</th>'
                + "".join(f"<th>{_cell(c)}</th>" for c in head)
                + "</tr></thead>"
                if head and not bands
                else '<thead><tr><th class="corner">range →</th>'
                + "".join(f"<th>{escape(b)}</th>" for b in bands)
                + "</tr></thead>"
                if head and bands
                else ""
            )
            blocks.append(
                f'<table class="chart-grid"><caption>{escape(_words(key))}</caption>'
                f"{header}<tbody>{rows}</tbody></table>"
            )
        elif _records(value):
            blocks.append(_records_grid(key, value, house, here, bands))
        elif isinstance(value, dict):
            blocks.append(_table(key, value, house, here))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            keys = list(dict.fromkeys(k for v in value for k in v))
            rows = "".join(
                "<tr>" + "".join(f"<td>{_cell(v.get(k, ''))}</td>" for k in keys) + "</tr>"
                for v in value
            )
            blocks.append(
                f'<table class="chart-grid"><caption>{escape(_words(key))}</caption><thead><tr>'
                + "".join(f"<th>{escape(_words(k))}</th>" for k in keys)
                + f"</tr></thead><tbody>{rows}</tbody></table>"
            )
        elif (
            isinstance(value, list)
            and value
            and all(isinstance(v, list) for v in value)
            and all(isinstance(x, dict) for v in value for x in v)
        ):
            rows = "".join(
                f"<tr><th>{n + 1}</th><td>" + "; ".join(_cell(x) for x in v) + "</td></tr>"
                for n, v in enumerate(value)
            )
            blocks.append(
                f'<table class="chart-grid"><caption>{escape(_words(key))}</caption>'
                f"<tbody>{rows}</tbody></table>"
            )
        else:
            scalars.append(
                f"<div{mark}><dt>{escape(_words(key))}</dt><dd>{_cell(value)}</dd></div>"
            )
    badge = (
        ' <span class="badge reconstructed">reconstructed</span>'
        if reconstructed
        else ' <span class="badge printed">printed</span>'
        if reconstructed is False
        else ""
    )
    house_badge = ' <span class="badge house">house rules</span>' if _changed(path, house) else ""
    note = f'<p class="chart-note">{escape(str(data["note"]))}</p>' if data.get("note") else ""
    return (
        f'<section class="chart" data-chart="{escape(".".join(path))}">'
        f"<h3>{escape(_words(name).capitalize())}{badge}{house_badge}"
        + (f' <small class="rule">§{escape(str(rule))}</small>' if rule else "")
        + "</h3>"
        + note
        + (f'<dl class="chart-values">{"".join(scalars)}</dl>' if scalars else "")
        + "".join(blocks)
        + "</section>"
    )


def reference_body(data: dict[str, Any], house: dict[str, Any] | None) -> str:
    """Every chart of a rule set's tables, in the file's order."""
    parts = []
    for key, value in data.items():
        if isinstance(value, dict):
            parts.append(_table(key, value, house, (key,)))
    return "".join(parts) or "<p>This rule set has no charts.</p>"
