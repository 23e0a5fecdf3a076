"""The parts of a game page, rendered for one seat from the core's view.

Each fragment is HTML for one region of the page; the page swaps them in as
the server pushes them. Only ``game.view(seat)`` and the seat's own prompt are
used, so a page never holds what its seat may not see.
"""

from __future__ import annotations

import re
from typing import Any

from markupsafe import escape

from quarterdeck.core.dice import DrawRequest
from quarterdeck.core.engine import Game
from quarterdeck.web.games import Games, Live
from quarterdeck.web.render import renderer_for
from quarterdeck.web.render.dice import dice

TRAY_ROLLS = 8
LOG_LINES = 300


def _colours(live: Live) -> dict[str, str]:
    return {s["name"]: s["colour"] for s in live.side_info}


def _titles(live: Live) -> dict[str, str]:
    return {s["name"]: s["title"] for s in live.side_info}


def _short_titles(live: Live) -> dict[str, str]:
    info = getattr(live, "side_info", None) or []
    return {s["name"]: s["title"].split(" (")[0] for s in info if s.get("title")}


def in_words(text: str, titles: dict[str, str]) -> str:
    """A log line as people say it: each side's id (a whole word, as the rules
    write it: "american: secret order given", "british captured ...") becomes
    the side's title ("Lake Champlain fleet: secret order given")."""
    ids = [re.escape(k) for k in sorted(titles, key=len, reverse=True) if k and k != titles[k]]
    if not ids:
        return text
    return re.sub(r"(?<![\w-])(" + "|".join(ids) + r")(?![\w-])", lambda m: titles[m[1]], text)


def fragments(games: Games, live: Live, seat: str | None) -> dict[str, str]:
    """The page's fragments for ``seat``, rendered once per version of the game."""
    cached = live.rendered.get(seat)
    if cached is not None and cached[0] == live.version:
        return cached[1]
    out = _fragments(live, seat)
    live.rendered[seat] = (live.version, out)
    return out


def _fragments(live: Live, seat: str | None) -> dict[str, str]:
    game = live.game
    if game is None:
        waiting = "<p>The game's first roll is waiting for physical dice.</p>"
        return {
            "status": _status(live, None, seat),
            "table": waiting,
            "cards": "",
            "prompt": "",
            "need": _need(live, seat),
            "tray": "",
            "log": "",
        }
    view = _with_titles(live, game.view(seat))
    # what a rule set works out for its web table alone (drag ends), from the seat's view
    extra = getattr(game.ruleset, "table_view", None)
    if extra is not None:
        view = {**view, **extra(game.state, view)}
    renderer = renderer_for(live.ruleset)
    colours = _colours(live)
    return {
        "status": _status(live, game, seat),
        "table": renderer.table(view, colours),
        "cards": renderer.cards(view, colours),
        "prompt": _prompt(live, game, view, seat),
        "need": _need(live, seat),
        "tray": _tray(game, view, _short_titles(live)),
        "log": _log(view, _short_titles(live)),
    }


def _with_titles(live: Live, view: dict[str, Any]) -> dict[str, Any]:
    """The view with the scenario's side titles, so that renderers name a
    side as people do (``card.side_title``), not by its id."""
    return {**view, "side_titles": _titles(live)}


def replay_fragments(live: Live, game: Game) -> dict[str, str]:
    view = _with_titles(live, game.view(None))
    renderer = renderer_for(live.ruleset)
    colours = _colours(live)
    return {
        "table": renderer.table(view, colours),
        "cards": renderer.cards(view, colours),
        "tray": _tray(game, view, _short_titles(live)),
        "log": _log(view, _short_titles(live)),
    }


def _side(live: Live, side: str) -> str:
    colour = _colours(live).get(side, "#555")
    title = _titles(live).get(side, side)
    return f'<span class="side" style="--side:{escape(colour)}">{escape(title)}</span>'


def _status(live: Live, game: Game | None, seat: str | None) -> str:
    parts = []
    if seat is None:
        parts.append('<p class="you">You are watching.</p>')
    else:
        if seat == live.umpire:
            parts.append('<p class="you">You are the umpire: you see everything.</p>')
        else:
            parts.append(f'<p class="you">You command {_side(live, seat)}.</p>')
    dice_mode = "physical (the page says what to roll)" if live.dice_mode == "manual" else "program"
    parts.append(f'<p class="dice-mode-note">Dice: {dice_mode}.</p>')
    if game is not None:
        result = game.result()
        if result is not None:
            who = _side(live, result.winner) + " wins" if result.winner else "A draw"
            parts.append(
                f'<p class="result" role="status"><strong>Game over.</strong> {who}: '
                f"{escape(result.how.value)} on turn {result.turn}. {escape(result.detail)} "
                f'<a href="/games/{escape(live.id)}/replay?step=0">Watch it again</a></p>'
            )
        else:
            waiting = sorted({p.seat for p in game.prompts()})
            if live.need is not None:
                roller = live.roller()
                if roller == seat or (roller is None and live.may_enter_dice(seat)):
                    parts.append('<p class="waiting yours">Your roll.</p>')
                else:
                    who = _side(live, roller) if roller is not None else "the table"
                    parts.append(f'<p class="waiting">Waiting for {who} to roll.</p>')
            elif seat in waiting:
                parts.append('<p class="waiting yours">Your decision.</p>')
            elif waiting:
                names = ", ".join(
                    _side(live, s) + (" (computer)" if live.meta.seats.get(s) == "ai" else "")
                    for s in waiting
                )
                parts.append(f'<p class="waiting">Waiting for {names}.</p>')
    return "".join(parts)


def _prompt(live: Live, game: Game, view: dict[str, Any], seat: str | None) -> str:
    if seat is None or game.result() is not None:
        return ""
    prompt = view.get("prompt")
    if prompt is None:
        return '<p class="idle">Nothing for you to decide now.</p>'
    if live.need is not None:
        if live.may_enter_dice(seat):
            return '<p class="idle">Roll the dice asked for above first.</p>'
        return '<p class="idle">Waiting for the dice to be rolled.</p>'
    head = (
        f'<h2 class="question">{escape(in_words(prompt["question"], _short_titles(live)))}</h2>'
        f'<p class="rule">Rule {escape(prompt["rule"])}</p>'
    )
    if prompt.get("context", {}).get("secret"):
        head += '<p class="secret">A secret order: the other side sees only that it is given.</p>'
    if prompt["kind"] == "choice":
        buttons = "".join(
            f'<li><button type="button" class="answer" data-answer="{escape(o["id"])}">'
            f"{escape(o['label'])}</button></li>"
            for o in prompt["options"]
        )
        return f'{head}<ul class="options">{buttons}</ul>'
    context = prompt.get("context") or {}
    # where the numbers start: the rule set's renderer may say (a crew placed
    # box by box starts from the crew as it stands); the prompt's own
    # suggestions come first
    start = getattr(renderer_for(live.ruleset), "form_values", None)
    defaults: dict[str, Any] = dict(start(view, prompt)) if start is not None else {}
    defaults.update(context.get("defaults") or context.get("suggested") or {})
    if context.get("rows"):
        return head + _fleet_form(prompt, defaults)
    rows = [
        f"<label>{escape(f['label'])} {_field_input(f, defaults.get(f['name']))}</label>"
        for f in prompt["fields"]
    ]
    total = prompt.get("total")
    total_attr = f' data-total-low="{total[0]}" data-total-high="{total[1]}"' if total else ""
    total_note = (
        f'<p class="note">The numbers must add up to {total[0]} to {total[1]}.</p>' if total else ""
    )
    return (
        f'{head}<form class="form-prompt" novalidate{total_attr}>{"".join(rows)}{total_note}'
        '<button type="submit">Send orders</button></form>'
    )


def _field_input(f: dict[str, Any], value: Any = None) -> str:
    """One form field: a number within its bounds or a choice, starting at
    ``value`` where the prompt suggests one."""
    name = escape(f["name"])
    if f["type"] == "int":
        start = value if isinstance(value, int) and f["low"] <= value <= f["high"] else f["low"]
        return (
            f'<input type="number" name="{name}" data-type="int" '
            f'min="{f["low"]}" max="{f["high"]}" value="{start}" required '
            f'inputmode="numeric"> <small>{f["low"]} to {f["high"]}</small>'
        )
    choices = "".join(
        f'<option value="{escape(c["id"])}"{" selected" if c["id"] == value else ""}>'
        f"{escape(c['label'])}</option>"
        for c in f["choices"]
    )
    return f'<select name="{name}" aria-label="{escape(f["label"])}">{choices}</select>'


def _fleet_form(prompt: dict[str, Any], defaults: dict[str, Any]) -> str:
    """Orders that every ship of a side gives at once, as one table: a row a
    ship, a column a field (the prompt's ``context.rows`` and ``columns``),
    each row able to copy the row above; sent in one submit."""
    context = prompt["context"]
    fields = {f["name"]: f for f in prompt["fields"]}
    columns = context.get("columns") or []
    head = "".join(f"<th>{escape(c['label'])}</th>" for c in columns)
    body = []
    for n, row in enumerate(context["rows"]):
        cells = []
        for c in columns:
            name = row["fields"].get(c["key"])
            f = fields.get(name) if name else None
            cells.append(
                f'<td data-col="{escape(c["key"])}" data-label="{escape(c["label"])}">'
                + (_field_input(f, defaults.get(name)) if f else "")
                + "</td>"
            )
        same = (
            ' <button type="button" class="same-as-above" '
            f'aria-label="{escape(row["label"])}: same as the row above">same as above</button>'
            if n
            else ""
        )
        body.append(
            f'<tr data-row="{escape(row["id"])}"><th scope="row">{escape(row["label"])}{same}</th>'
            f"{''.join(cells)}</tr>"
        )
    count = len(context["rows"])
    one, many = context.get("row_noun") or ("ship", "ships")
    # one row: nothing to copy, and "all 1 ships" is not English
    like = (
        f'<button type="button" class="same-for-all">every {escape(one)} like the first</button>'
        if count > 1
        else ""
    )
    send = f" of all {count} {escape(many)}" if count > 1 else ""
    return (
        '<form class="form-prompt fleet-form" novalidate>'
        f'<p class="note">One row a {escape(one)}; the suggested orders are filled in. {like}'
        f'</p><div class="fleet-scroll"><table class="fleet"><thead><tr>'
        f"<th>{escape(one.capitalize())}</th>{head}"
        f"</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        f'<button type="submit" class="primary">Send the orders{send}</button>'
        "</form>"
    )


def _need(live: Live, seat: str | None) -> str:
    """The roll (or card) waiting for physical dice: the form for the seat
    that rolls it, a note for everyone else. A secret roll's label is shown
    only to its seat and the umpire."""
    r = live.need
    if r is None:
        return ""
    roller = live.roller()
    who = _side(live, roller) if roller is not None else "a player at the table"
    if not live.may_see_need(seat):
        return (
            '<h2>Physical dice</h2><p class="instruction" role="status">'
            f"Waiting for {who} to roll in secret.</p>"
        )
    label = escape(in_words(r.label, _short_titles(live)))
    if isinstance(r, DrawRequest):
        what = f"{label}: draw a card from the {escape(r.deck)} deck"
    else:
        die = f"d{r.sides}" if r.sides != 6 else ("dice" if r.count != 1 else "die")
        what = f"{label}: roll <strong>{r.count}</strong> {die}"
        if r.goal:
            what += f", {escape(r.goal)}"
    secret = ""
    if r.secret:
        mine = seat == r.seat or (roller is not None and seat == roller)
        secret = (
            ' <span class="secret">secret: only you see it</span>'
            if mine
            else f' <span class="secret">secret: only {who} and the umpire see it</span>'
        )
    head = (
        '<h2>Physical dice</h2><p class="instruction" role="status">'
        f'{what}{secret} <span class="rule">Rule {escape(r.rule)}</span></p>'
    )
    if not live.may_enter_dice(seat):
        return head + f'<p class="roller">{who} enters this roll.</p>'
    if isinstance(r, DrawRequest):
        options = "".join(
            f'<option value="{escape(card)}">{escape(r.title(card))}</option>'
            for card in r.choices()
        )
        return (
            f'{head}<form class="card-entry" novalidate><label>Which card? '
            f'<select name="card" aria-label="the card drawn">{options}</select></label>'
            '<button type="submit">Enter the card</button></form>'
        )
    inputs = "".join(
        f'<label>Die {n + 1} <input class="die-value" type="number" inputmode="numeric" '
        f'min="1" max="{r.sides}" required aria-label="die {n + 1} of {r.count}"></label>'
        for n in range(r.count)
    )
    return (
        f'{head}<form class="dice-entry" novalidate data-sides="{r.sides}" data-count="{r.count}">'
        f'<div class="dice-inputs">{inputs}</div>'
        '<button type="submit">Enter the roll</button></form>'
    )


def _tray(game: Game, view: dict[str, Any], titles: dict[str, str] | None = None) -> str:
    """The latest rolls, newest first, from the seat's own log (a secret roll
    of another seat is not in it)."""
    log = view.get("log", [])
    last_decision = max((n for n, e in enumerate(log) if e.get("kind") == "decision"), default=-1)
    positions = [n for n, e in enumerate(log) if e.get("kind") == "roll"]
    items = []
    for n in reversed(positions[-TRAY_ROLLS:]):
        entry = log[n]
        label = str(entry["text"]).rpartition(": rolled ")[0] or str(entry["text"])
        values = [int(v) for v in entry.get("values", [])]
        sides = int(entry.get("sides", 6))
        odds = entry.get("odds", "")
        fresh = " new" if n > last_decision else ""
        secret = ' <span class="secret">secret</span>' if entry.get("secret") else ""
        items.append(
            f'<li class="roll{fresh}" data-entry="{n}" tabindex="0" '
            'title="Explain this roll">'
            f"{dice(values, sides)}"
            f'<span class="purpose">{escape(in_words(label, titles or {}))}{secret}</span>'
            f'<span class="rule">Rule {escape(str(entry.get("rule", "")))}</span>'
            + (f'<span class="odds">{escape(odds)}</span>' if odds else "")
            + "</li>"
        )
    if not items:
        return '<p class="idle">No dice rolled yet.</p>'
    return f'<ol class="tray-list">{"".join(items)}</ol>'


def _log(view: dict[str, Any], titles: dict[str, str] | None = None) -> str:
    """The seat's log, the last lines; a roll's line opens its explanation
    (``data-entry`` is its place in the seat's whole log)."""
    log = view.get("log", [])
    first = max(0, len(log) - LOG_LINES)
    items = "".join(
        f'<li class="log-{escape(e.get("kind", "event"))}"'
        + (
            f' data-entry="{first + n}" tabindex="0" title="Explain this roll"'
            if e.get("kind") == "roll"
            else ""
        )
        + f'><span class="text">{escape(in_words(str(e["text"]), titles or {}))}</span>'
        + (f' <span class="odds">{escape(e["odds"])}</span>' if e.get("odds") else "")
        + (f' <span class="rule">{escape(e["rule"])}</span>' if e.get("rule") else "")
        + "</li>"
        for n, e in enumerate(log[first:])
    )
    return f'<ol class="log-list">{items}</ol>'
