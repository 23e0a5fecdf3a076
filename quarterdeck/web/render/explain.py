"""The explanation of one roll, as the page shows it in a dialog: the rule in
our words, every modifier, the exact distribution of the result with the roll
marked, and what would have changed it (from ``core.explain``)."""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from quarterdeck.web.render.dice import dice


def explanation(data: dict[str, Any], words: Any = None) -> str:
    """``data`` is :func:`quarterdeck.core.explain.explain`'s answer; ``words``
    turns side ids in a text into their titles (the page's ``in_words``)."""

    def say(text: str) -> str:
        return str(escape(words(text) if words is not None else text))

    top = max((_pct(r["chance"]) for r in data.get("distribution", [])), default=1.0) or 1.0
    rows = "".join(
        f'<tr class="{"rolled" if r["rolled"] else ""}"><th>{r["value"]}</th>'
        f'<td class="bar-cell"><span class="bar" '
        f'style="width:{_pct(r["chance"]) / top * 100:.1f}%"></span></td>'
        f"<td>{r['chance']}</td><td><small>{r['exact']}</small></td></tr>"
        for r in data.get("distribution", [])
    )
    modifiers = "".join(
        f"<li><b>{m['value']}</b> {say(m['what'])}</li>"
        if m.get("base")
        else f"<li><b>{m['value']:+d}</b> {say(m['what'])} <small>to {escape(m['to'])}</small>"
        + (f" <small>(secret: {say(', '.join(m['secret']))})</small>" if m.get("secret") else "")
        + "</li>"
        for m in data.get("modifiers", [])
    )
    if data.get("limits"):
        low, high = data["limits"]
        modifiers += f"<li>never fewer than {low} nor more than {high} dice</li>"
    odds = f'<p class="odds">Odds: {say(data["odds"])}</p>' if data.get("odds") else ""
    changes = "".join(f"<li>{say(c)}</li>" for c in data.get("changes", []))
    outcome = ""
    if data.get("success") is not None:
        verdict = "succeeded" if data["success"] else "failed"
        result = ""
        if "result" in data and str(data.get("distribution_of", "")).startswith("the number"):
            n = int(data["result"])  # dice (or pairs) that made the target, not a total
            one, many = ("pair", "pairs") if "pairs" in data["distribution_of"] else ("die", "dice")
            counted = f"no {one}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"
            result = f" ({counted} made the target)"
        elif "result" in data:
            result = f" (result {data['result']})"
        outcome = (
            f'<p class="verdict {verdict}">The roll {verdict}'
            + result
            + (f"; the chance was {data['chance']}" if data.get("chance") else "")
            + ".</p>"
        )
    elif data.get("made"):
        made = data["made"]
        if made["of"] == 1:
            said = "The die " + ("made its target." if made["dice"] else "missed its target.")
        else:
            said = f"{made['dice']} of {made['of']} dice made their targets."
        outcome = f'<p class="verdict">{said}</p>'
    elif "result" in data and data.get("unseen"):
        outcome = f'<p class="verdict">Result before the secret modifiers: {data["result"]}.</p>'
    elif "result" in data and data.get("tie"):
        # a roll against another not yet rolled: the other decides it (its
        # explanation has the verdict); here, the chance of beating it
        outcome = (
            f'<p class="verdict">Result: {data["result"]}. The other side\'s roll, after this '
            "one in the log, decides it (its explanation says who won); before it was made, "
            f"the chance of beating it was {data['chance']} (a tie {data['tie']}).</p>"
        )
    elif "result" in data and data.get("divisor"):
        n, hits = int(data["made_dice"]), int(data["result"])  # dice that hit, then the range
        counted = "no die" if n == 0 else "1 die" if n == 1 else f"{n} dice"
        outcome = (
            f'<p class="verdict">{counted.capitalize()} made the target: '
            f"{hits} {'hit' if hits == 1 else 'hits'} once divided by {data['divisor']}, "
            "rounded up.</p>"
        )
    elif "result" in data and str(data.get("distribution_of", "")).startswith("the number of"):
        n = int(data["result"])  # dice that made the target, not a total
        counted = "no die" if n == 0 else "1 die" if n == 1 else f"{n} dice"
        outcome = f'<p class="verdict">{counted.capitalize()} made the target.</p>'
    elif "result" in data:
        of = str(data.get("distribution_of", ""))
        which = f" ({escape(of)})" if "highest" in of else ""
        outcome = f'<p class="verdict">Result: {data["result"]}{which}.</p>'
    if data.get("outcome"):
        outcome += f"<p>{say(data['outcome'])}</p>"
    each = "".join(_die(d, say) for d in data.get("per_die", []))
    chart = ""
    if data.get("chart"):
        chart = (
            "<h3>The chart it is read off</h3>"
            '<table class="chart-rows"><tbody>'
            + "".join(
                f'<tr class="{"rolled" if r.get("rolled") else ""}">'
                f"<th>{escape(r['results'])}</th><td>{say(r['words'])}</td>"
                f"<td>{r['chance']}</td><td><small>{r['exact']}</small></td></tr>"
                for r in data["chart"]
            )
            + "</tbody></table>"
        )
    highest = ""
    if data.get("highest"):
        cells = "".join(
            f'<td class="{"rolled" if r["rolled"] else ""}">{r["value"]}: {r["chance"]}</td>'
            for r in data["highest"]
        )
        highest = (
            '<p class="dist-title">The highest die</p>'
            f'<table class="dist-row"><tr>{cells}</tr></table>'
        )
    return (
        f'<h2 id="explain-title">{say(data.get("label", ""))}</h2>'
        f'<p class="rule">Rule {escape(data.get("rule", ""))}'
        + (f" · rolled by {say(data['by'])}" if data.get("by") else "")
        + "</p>"
        f'<div class="explain-dice">{dice(data.get("values", []), int(data.get("sides", 6)))}'
        f" <span>{escape(data.get('dice', ''))}</span></div>"
        f'<p class="words">{say(data.get("words", ""))}</p>'
        + outcome
        + chart
        + (f'<h3>Each die</h3><ol class="per-die">{each}</ol>' if each else "")
        + (f"<h3>Modifiers</h3><ul>{modifiers}</ul>" if modifiers else "")
        + odds
        + (
            f"<h3>Exact distribution of {escape(data.get('distribution_of', 'the result'))}</h3>"
            '<p class="note">Computed from the dice, not sampled; the roll is marked.</p>'
            f'<table class="dist"><tbody>{rows}</tbody></table>'
            if rows
            else ""
        )
        + highest
        + (f"<h3>What would have changed it</h3><ul>{changes}</ul>" if changes else "")
    )


def _die(d: dict[str, Any], say: Any) -> str:
    """One die of a roll whose dice each do their own work: what it was for,
    what it threw, its modifiers, and what it gave."""
    mods = ", ".join(
        f"{m['value']:+d} {say(m['what'])}"
        + (f" (secret: {say(', '.join(m['secret']))})" if m.get("secret") else "")
        for m in d.get("modifiers", [])
        if not m.get("base")
    )
    said = f"<b>{say(d['what'])}</b>" + (f" (needs {d['needs']})" if d.get("needs") else "")
    said += f": threw {d['value']}"
    if mods:
        said += f" {mods} = {d.get('result', d['value'])}"
    if d.get("success") is not None:
        said += ", made it" if d["success"] else ", missed"
        said += f" (chance {d['chance']})" if d.get("chance") else ""
    if d.get("outcome"):
        said += f": {say(d['outcome'])}"
    if d.get("unseen"):
        said += " <small>(with a secret modifier this seat cannot know)</small>"
    return f"<li>{said}</li>"


def _pct(chance: str) -> float:
    try:
        return float(chance.rstrip("%"))
    except ValueError:
        return 0.0
