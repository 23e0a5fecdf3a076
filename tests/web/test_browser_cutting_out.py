"""Cutting Out Party in headless chromium: a solo game, the raiders against
the program's defenders, played to the end as a person plays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.test_browser import game_over, start_game, version, wait_changed

pytestmark = pytest.mark.browser

# what a raiding party does when it has the choice, in order of preference
PREFERRED = ("climb", "land", "sail", "hatch-2", "hatch-1", "attack")


def raid_step(page: Any) -> str:
    """One decision of the raiders: row for the corvette with all the boat
    has, climb, guard the hatch, sweep the deck, fire, make sail."""
    # the program's defenders may still be deciding: wait for the question
    page.wait_for_function(
        "() => document.querySelector('#frag-prompt button.answer, #frag-prompt form')"
        " || document.querySelector('#frag-status .result')",
        timeout=30_000,
    )
    before = version(page)
    form = page.locator("form.form-prompt")
    if form.count():
        # the rowing form: a row a boat, all sent at once
        rows = form.locator("tr[data-row]").all()
        assert rows, "the rowing form has a row a boat"
        for row in rows:
            boat = row.get_attribute("data-row") or ""
            select = row.locator("select")
            ids = [o.get_attribute("value") or "" for o in select.locator("option").all()]
            side = "starboard" if boat == "cutter" else "larboard"
            wanted = next(i for i in ids if i.startswith("alongside:corvette:") and side in i)
            select.select_option(wanted)
            inches = row.locator("input[data-type=int]")
            inches.fill(inches.get_attribute("max") or "0")
        form.locator("button[type=submit]").click()
        wait_changed(page, before)
        return "row"
    buttons = page.locator("button.answer")
    ids = [b.get_attribute("data-answer") for b in buttons.all()]
    assert ids, f"no answer to give; the page says {page.inner_text('#frag-prompt')!r}"
    choice = next((p for p in PREFERRED if p in ids), None)
    if choice is None:
        choice = next((i for i in ids if i.startswith(("fire:", "ball:", "grape:"))), ids[0])
    page.locator(f'button.answer[data-answer="{choice}"]').click()
    wait_changed(page, before)
    return choice


def test_a_solo_raid_played_to_the_end_against_the_program(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    page = start_game(browser, live_server, "cutting-out", "sample-game", "program", (1366, 1000))
    # the raiders see their own boats on the harbour, drawn to scale
    assert page.locator("#table-svg .boat-piece").count() == 3
    assert page.locator("#table-svg .land").count() == 3
    # the deck cut-out is a panel of its own: the guard stands on it
    deck = page.locator(".deck-card svg.co-deck")
    assert deck.locator('.figure[data-side="french"]').count() == 3
    assert deck.locator(".boarding-point").count() == 6
    # the spotting distances are shown on demand
    bands = page.locator("#table-svg [data-layer=arcs]")
    assert not bands.is_visible()
    page.click("#layer-arcs")
    assert bands.is_visible()
    assert "is spotted on 4-6" in page.inner_html("#table-svg [data-layer=arcs]")
    # a move is a secret order while the raiders are unseen
    assert "A secret order" in page.inner_text("#frag-prompt")
    page.screenshot(path=str(artifacts / "cutting-out-solo-start.png"), full_page=True)

    done: list[str] = []
    boarded = False
    for _ in range(400):
        if game_over(page):
            break
        done.append(raid_step(page))
        if not boarded and deck.locator('.figure[data-side="british"]').count():
            boarded = True
            page.screenshot(path=str(artifacts / "cutting-out-solo-boarding.png"), full_page=True)
        assert page.inner_text("#message") == ""
    assert game_over(page), f"no end after {len(done)} decisions"
    status = page.inner_text("#frag-status")
    assert "wins" in status
    assert "row" in done and "climb" in done
    assert page.locator(".log-list li").count() > 50
    page.screenshot(path=str(artifacts / "cutting-out-solo-end.png"), full_page=True)
    page.close()


def _translate(page: Any, selector: str) -> tuple[float, float]:
    """The SVG translation of the element ``selector`` names."""
    import re

    found = re.search(
        r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", page.get_attribute(selector, "transform")
    )
    assert found, selector
    return float(found.group(1)), float(found.group(2))


def start_without_lost_ensigns(browser: Any, live_server: LiveServer, size: tuple[int, int]) -> Any:
    """A solo sample game started as :func:`start_game` starts one, with no
    "An ensign gets lost" card in its events deck (the start page's "change
    the mix"): that card, drawn at the start of a turn, rows one of the
    raiders' boats at random before they are asked again, so a boat would
    not lie where she was rowed when the page next shows her."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(live_server.url + "/")
    page.select_option("#ruleset", "cutting-out")
    page.select_option("#scenario", "sample-game")
    deck = page.locator('.scenario-info[data-scenario="sample-game"] details[data-deck="events"]')
    deck.locator("summary").click()
    deck.locator('input[data-card="ensign"]').fill("0")
    page.check("input[name=dice][value=program]")
    page.click("#start-button")
    page.wait_for_url("**/games/*?t=*")
    page.wait_for_selector("#conn.live")
    return page


def test_a_boat_dragged_to_a_ghost_fills_her_row_and_the_form_sent_moves_her(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Movement by dragging: the launch is dragged on the harbour to the
    ghost at the end of her full row due east; release fills her row of the
    rowing form (nothing is sent); the form sent, she lies where the ghost
    was. The ghosts are hidden until she is dragged.

    The game runs on from her row to the raiders' next question (turn 2's
    rowing form): the events deck has no lost ensign, who would row a boat
    at random on turn 1 (she is then not in the form) or on turn 2 (she is
    then not where she was rowed; once in about 45 games, seen in CI)."""
    import json

    page = start_without_lost_ensigns(browser, live_server, (1366, 1000))
    form = page.locator("form.form-prompt")
    form.locator("tr[data-row]").first.wait_for()
    rows = [r.get_attribute("data-row") for r in form.locator("tr[data-row]").all()]
    boat = "launch"
    assert boat in rows, rows
    ends = page.locator(f'#frag-table .move-options[data-mover="{boat}"] .move-option[data-fill]')
    assert ends.count() > 8
    assert not ends.first.is_visible()  # shown only while she is dragged
    fills = [json.loads(e.get_attribute("data-fill") or "{}") for e in ends.all()]
    east = [f for f in fills if f[f"{boat}/toward"] == "heading:90"]
    chosen = max(east, key=lambda f: f[f"{boat}/inches"])
    n = fills.index(chosen)
    assert chosen[f"{boat}/inches"] == int(
        form.locator(f'input[name="{boat}/inches"]').get_attribute("max") or 0
    )
    ghost = f'#frag-table .move-options[data-mover="{boat}"] .move-option:nth-child({n + 1}) .ghost'
    gx, gy = _translate(page, ghost)
    target = page.evaluate("([x, y]) => window.qdTable.frame().toScreen(x, y)", [gx, gy])
    hull = page.locator(f'#frag-table g.boat-piece[data-ship="{boat}"] .hull').bounding_box()
    sx, sy = hull["x"] + hull["width"] / 2, hull["y"] + hull["height"] / 2
    # the launch starts the form on her heading (east) at her full allowance:
    # set her row to something else first, so that the drag must change it
    form.locator(f'select[name="{boat}/toward"]').select_option("heading:0")
    form.locator(f'input[name="{boat}/inches"]').fill("1")
    before = version(page)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + target[0]) / 2, (sy + target[1]) / 2, steps=4)
    assert page.locator(f"{ghost}").is_visible()  # the ends show while she is dragged
    page.screenshot(path=str(artifacts / "cutting-out-drag.png"))
    page.mouse.move(target[0], target[1], steps=4)
    page.mouse.up()
    assert form.locator(f'select[name="{boat}/toward"]').input_value() == "heading:90"
    assert form.locator(f'input[name="{boat}/inches"]').input_value() == str(
        chosen[f"{boat}/inches"]
    )
    assert version(page) == before  # nothing sent yet
    assert "Submit the form" in page.inner_text("#pick-note")
    page.screenshot(path=str(artifacts / "cutting-out-drag-filled.png"))
    start = page.get_attribute(f'#frag-table g.boat-piece[data-ship="{boat}"]', "transform")
    form.locator("button[type=submit]").click()
    wait_changed(page, before)
    try:
        page.wait_for_function(
            "([id, t]) => { const b = document.querySelector("
            '`#frag-table g.boat-piece[data-ship="${id}"]`);'
            " return b && b.getAttribute('transform') !== t; }",
            arg=[boat, start],
            timeout=15_000,
        )
    except Exception as e:
        log = page.locator(".log-list li").all_inner_texts()
        raise AssertionError(f"{boat} did not move; the log ends {log[-8:]}") from e
    bx, by = _translate(page, f'#frag-table g.boat-piece[data-ship="{boat}"]')
    if (bx, by) != pytest.approx((gx, gy), abs=0.2):
        log = page.locator(".log-list li").all_inner_texts()
        raise AssertionError(
            f"{boat} lies at {(bx, by)}, not at her ghost {(gx, gy)} (her piece was "
            f"{start}); the log ends {log[-12:]}"
        )
    rowed = [t for t in page.locator(".log-list li").all_inner_texts() if " rows " in t]
    assert len(rowed) >= 2, rowed  # her row and the others', sent together
    page.close()


def test_the_status_lines_are_readable_on_a_phone(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """On a phone (375 by 667) the turn, the step, the light, the event and
    the alarm are in the page's own type above the harbour (they were SVG
    text scaled down with the table to a few pixels), wrapped between items,
    none cut off at the screen's edge; the harbour keeps most of its box."""
    page = start_game(browser, live_server, "cutting-out", "sample-game", "program", (375, 667))
    status = page.locator("#frag-table .co-status")
    status.wait_for()
    text = status.inner_text()
    assert "Turn 1 of 20 before dawn" in text and "1. movement (raiders)" in text
    assert "the raiders have not been seen" in text
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('#frag-table .co-status'))"
        ".fontSize)"
    )
    assert size >= 14
    items = page.evaluate(
        """() => [...document.querySelectorAll('#frag-table .co-status .status-item')]
            .map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.right]; })"""
    )
    assert items and all(left >= 0 and right <= 375 for left, right in items), items
    table = page.locator("#frag-table").bounding_box()
    harbour = page.locator("#frag-table svg").bounding_box()
    assert table is not None and harbour is not None
    assert harbour["height"] >= 0.6 * table["height"]
    page.locator("#frag-table").screenshot(path=str(artifacts / "cutting-out-phone-status.png"))
    page.screenshot(path=str(artifacts / "cutting-out-phone.png"))
    page.close()


def test_the_quick_reference_heads_the_banded_charts_with_their_ranges(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """The quick reference a club prints: the small arms and cannon charts
    have a header a range band, and keep within their boxes."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(f"{live_server.url}/scenarios/sample-game/reference")
    small = page.locator('.chart[data-chart="small_arms"] table.chart-grid').first
    assert small.locator("thead th").all_inner_texts() == [
        "range →",
        "up to 1 in",
        "over 1 to 5 in",
        "over 5 to 6 in",
    ]
    cannon = page.locator('.chart[data-chart="cannon"] table.chart-grid').first
    assert "grape: over 6 to 12 in" in cannon.locator("thead").inner_text()
    for chart in ("small_arms", "cannon"):
        box = page.locator(f'.chart[data-chart="{chart}"]').first.bounding_box()
        grid = page.locator(f'.chart[data-chart="{chart}"] table.chart-grid').first.bounding_box()
        assert box is not None and grid is not None
        assert grid["x"] + grid["width"] <= box["x"] + box["width"] + 1
    page.locator('.chart[data-chart="small_arms"]').first.screenshot(
        path=str(artifacts / "reference-cutting-out-small-arms.png")
    )
    page.locator('.chart[data-chart="cannon"]').first.screenshot(
        path=str(artifacts / "reference-cutting-out-cannon.png")
    )
    page.close()


def test_same_as_above_copies_inches_within_the_boats_own_allowance(
    browser: Any, live_server: LiveServer
) -> None:
    """A row copied from the boat above keeps within this boat's allowance:
    a boat that rolled 6 in copies 7 in from the boat above as 6 in."""
    page = start_game(browser, live_server, "cutting-out", "sample-game")
    form = page.locator("form.form-prompt")
    form.locator("tr[data-row]").first.wait_for()
    rows = [str(r.get_attribute("data-row")) for r in form.locator("tr[data-row]").all()]
    if len(rows) < 2:
        pytest.skip("the event card left one boat to row")
    first, second = rows[0], rows[1]
    # the second boat's allowance made smaller than the first's value
    page.evaluate(
        "([a, b]) => { const f = document.querySelector('form.form-prompt');"
        " f.elements.namedItem(a + '/inches').max = '20';"
        " f.elements.namedItem(a + '/inches').value = '7';"
        " f.elements.namedItem(b + '/inches').max = '6'; }",
        [first, second],
    )
    form.locator(f'tr[data-row="{second}"] button.same-as-above').click()
    assert form.locator(f'input[name="{second}/inches"]').input_value() == "6"
    page.close()


def test_the_rowing_form_on_a_phone_stacks_each_boat_with_her_fields_at_full_width(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """On a phone (375 wide) the rowing form's row for a boat stacks: her name,
    then "toward" and "inches" each under its label, each as wide as the form,
    so the course ("on a heading E (90 degrees)") is read whole, not cut short
    in a narrow column, and no field runs past the screen's edge."""
    page = start_game(browser, live_server, "cutting-out", "sample-game", "program", (375, 667))
    page.locator("form.form-prompt").wait_for()
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('form.fleet-form select, form.fleet-form input')]
            .map((e) => { const r = e.getBoundingClientRect();
                          return [e.name, r.left, r.right, r.width]; })"""
    )
    # two fields for each boat that rows (the game's seed is random: an
    # event card may keep a boat back)
    boats = page.locator("form.fleet-form tr[data-row]").count()
    assert boats >= 1 and len(boxes) == 2 * boats, boxes
    for name, left, right, width in boxes:
        assert left >= 0 and right <= 375, (name, left, right)
        assert width >= 250, (name, width)
    label = page.evaluate(
        "() => getComputedStyle(document.querySelector('table.fleet td[data-col=toward]'),"
        " '::before').content"
    )
    assert label == '"toward"'
    page.locator("#frag-prompt").screenshot(path=str(artifacts / "cutting-out-phone-rowing.png"))
    page.close()
