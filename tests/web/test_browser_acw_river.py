"""ACW River and Coastal in two browsers: a move of plotted movement, each
side plotting in secret, its plotted path drawn only on its own page, the
moves revealed together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.test_browser import version, wait_changed

pytestmark = pytest.mark.browser

SCENARIO = "arkansas-vicksburg-1862"

# a form as sent: every int at its highest, every choice at its first option
FILL_FORM = """form => {
    for (const el of form.querySelectorAll('input[data-type=int]')) el.value = el.max;
}"""


def send_form(page: Any) -> None:
    before = version(page)
    form = page.locator("form.form-prompt")
    form.evaluate(FILL_FORM)
    form.locator("button[type=submit]").click()
    wait_changed(page, before)


def test_a_move_of_plotted_movement_in_two_browsers(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    start = browser.new_page(viewport={"width": 1280, "height": 900})
    start.goto(live_server.url + "/")
    start.select_option("#ruleset", "acw-river")
    start.select_option("#scenario", SCENARIO)
    seats = f'.scenario-info[data-scenario="{SCENARIO}"]'
    start.select_option(f'{seats} select[data-side="confederate"]', "link")
    start.select_option(f'{seats} select[data-side="union"]', "link")
    start.click("#start-button")
    start.wait_for_selector("#links:not([hidden])")
    links = {
        side: start.input_value(f'#link-list input[data-side="{side}"]')
        for side in ("confederate", "union")
    }
    start.close()
    one = browser.new_context(viewport={"width": 1280, "height": 900})
    two = browser.new_context(viewport={"width": 1280, "height": 900})
    rebel, yankee = one.new_page(), two.new_page()
    rebel.goto(links["confederate"])
    yankee.goto(links["union"])
    rebel.wait_for_selector("#conn.live")
    yankee.wait_for_selector("#conn.live")

    # before the battle: each side's orders, in secret
    assert "standing order" in rebel.inner_text("#frag-prompt")
    send_form(rebel)
    send_form(yankee)
    plotting = "() => document.querySelector('#frag-prompt').innerText.includes('plot the moves')"
    rebel.wait_for_function(plotting)
    yankee.wait_for_function(plotting)

    # move 1: each page plots only its own ships; a captain's dice show only
    # to his own side
    assert "CSS Arkansas: Speed" in rebel.inner_text("#frag-prompt")
    assert "USS Hartford: Speed" in yankee.inner_text("#frag-prompt")
    assert "Lt. Isaac N. Brown: " in rebel.inner_text("#frag-cards")
    assert "Lt. Isaac N. Brown: " not in yankee.inner_text("#frag-cards")

    # the Confederates plot: their path shows on their page, not on the union's
    before = version(yankee)
    send_form(rebel)
    wait_changed(yankee, before)
    rebel.wait_for_selector('#frag-table [data-plot="arkansas"]')
    assert rebel.locator('#frag-table [data-plot="arkansas"] polyline').count() == 1
    assert yankee.locator("#frag-table [data-plot]").count() == 0
    assert "Confederate States Navy: secret order given" in yankee.inner_text("#frag-log")
    assert "Speed in knots" not in yankee.inner_text("#frag-log")
    rebel.screenshot(path=str(artifacts / "acw-river-plotted.png"))
    yankee.screenshot(path=str(artifacts / "acw-river-other-side.png"))

    # the Union plots: the moves are revealed together and made (Arkansas moves)
    hull = '#frag-table g[data-ship="arkansas"] polygon'
    where = rebel.get_attribute(hull, "points")
    send_form(yankee)
    rebel.wait_for_function(
        "([sel, old]) => { const h = document.querySelector(sel);"
        " return h && h.getAttribute('points') !== old; }",
        arg=[hull, where],
    )
    log = rebel.inner_text("#frag-log")
    assert "United States Navy: secret order given" in log
    table = rebel.inner_html("#frag-table")
    assert "CSS Arkansas" in table
    rebel.screenshot(path=str(artifacts / "acw-river-revealed.png"))
    one.close()
    two.close()
