"""The parts of a game page, rendered for one seat from the core's view.

Each fragment is HTML for one region of the page; the page swaps them in as
the server pushes them. Only ``game.view(seat)`` and the seat's own prompt are
used, so a page never holds what its seat may not see.
"""

from __future__ import annotations

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
    view = game.view(seat)
    renderer = renderer_for(live.ruleset)
    colours = _colours(live)
    return {
        "status": _status(live, game, seat),
        "table": renderer.table(view, colours),
        "cards": renderer.cards(view, colours),
        "prompt": _prompt(live, game, view, seat),
        "need": _need(live, seat),
        "tray": _tray(game, view),
        "log": _log(view),
    }


def replay_fragments(live: Live, game: Game) -> dict[str, str]:
    view = game.view(None)
    renderer = renderer_for(live.ruleset)
    colours = _colours(live)
    return {
        "table": renderer.table(view, colours),
        "cards": renderer.cards(view, colours),
        "tray": _tray(game, view),
        "log": _log(view),
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
        f'<h2 class="question">{escape(prompt["question"])}</h2>'
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
    rows = []
    start = getattr(renderer_for(live.ruleset), "form_values", None)
    values: dict[str, int] = start(view, prompt) if start is not None else {}
    for f in prompt["fields"]:
        name = escape(f["name"])
        label = escape(f["label"])
        if f["type"] == "int":
            value = min(f["high"], max(f["low"], values.get(f["name"], f["low"])))
            rows.append(
                f'<label>{label} <input type="number" name="{name}" data-type="int" '
                f'min="{f["low"]}" max="{f["high"]}" value="{value}" required '
                f'inputmode="numeric"> <small>{f["low"]} to {f["high"]}</small></label>'
            )
        else:
            choices = "".join(
                f'<option value="{escape(c["id"])}">{escape(c["label"])}</option>'
                for c in f["choices"]
            )
            rows.append(f'<label>{label} <select name="{name}">{choices}</select></label>')
    total = prompt.get("total")
    total_attr = f' data-total-low="{total[0]}" data-total-high="{total[1]}"' if total else ""
    total_note = (
        f'<p class="note">The numbers must add up to {total[0]} to {total[1]}.</p>' if total else ""
    )
    return (
        f'{head}<form class="form-prompt" novalidate{total_attr}>{"".join(rows)}{total_note}'
        '<button type="submit">Send orders</button></form>'
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
    if isinstance(r, DrawRequest):
        what = f"{escape(r.label)}: draw a card from the {escape(r.deck)} deck"
    else:
        die = f"d{r.sides}" if r.sides != 6 else ("dice" if r.count != 1 else "die")
        what = f"{escape(r.label)}: roll <strong>{r.count}</strong> {die}"
        if r.goal:
            what += f", {escape(r.goal)}"
    secret = ' <span class="secret">secret: only you see it</span>' if r.secret else ""
    head = (
        '<h2>Physical dice</h2><p class="instruction" role="status">'
        f'{what}{secret} <span class="rule">Rule {escape(r.rule)}</span></p>'
    )
    if not live.may_enter_dice(seat):
        return head + f'<p class="roller">{who} enters this roll.</p>'
    if isinstance(r, DrawRequest):
        options = "".join(
            f'<option value="{escape(card)}">{escape(card)}'
            + (f" ({n} left)" if n > 1 else "")
            + "</option>"
            for card, n in r.choices()
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


def _tray(game: Game, view: dict[str, Any]) -> str:
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
            f'<li class="roll{fresh}">'
            f"{dice(values, sides)}"
            f'<span class="purpose">{escape(label)}{secret}</span>'
            f'<span class="rule">Rule {escape(str(entry.get("rule", "")))}</span>'
            + (f'<span class="odds">{escape(odds)}</span>' if odds else "")
            + "</li>"
        )
    if not items:
        return '<p class="idle">No dice rolled yet.</p>'
    return f'<ol class="tray-list">{"".join(items)}</ol>'


def _log(view: dict[str, Any]) -> str:
    lines = view.get("log", [])[-LOG_LINES:]
    items = "".join(
        f'<li class="log-{escape(e.get("kind", "event"))}">'
        f'<span class="text">{escape(e["text"])}</span>'
        + (f' <span class="odds">{escape(e["odds"])}</span>' if e.get("odds") else "")
        + (f' <span class="rule">{escape(e["rule"])}</span>' if e.get("rule") else "")
        + "</li>"
        for e in lines
    )
    return f'<ol class="log-list">{items}</ol>'
