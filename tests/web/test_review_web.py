"""Review of issue 15 (the web table for big battles and club nights), as a
new user and a club would use it: a phone, the ACW river table, the start
page's words, the printed sheets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.test_browser import start_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("ruleset", "scenario"),
    [
        ("away-boarders", "valcour-island-1776"),  # a fleet form of 33 rows
        ("acw-river", "arkansas-vicksburg-1862"),  # a standing order with long choices
    ],
)
def test_a_phone_shows_the_whole_page_without_scrolling_sideways(
    browser: Any, live_server: LiveServer, artifacts: Path, ruleset: str, scenario: str
) -> None:
    """390 pixels wide: the table, its tools and the prompt keep within the
    screen (a wide fleet form scrolls inside its own box)."""
    page = start_game(browser, live_server, ruleset, scenario, size=(390, 844))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    page.screenshot(path=str(artifacts / f"phone-{scenario}.png"))
    assert width <= 390
    for part in ("#frag-table", "#frag-prompt", ".table-tools"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, part
    page.close()


def test_a_long_standing_order_keeps_within_the_side_panel(
    browser: Any, live_server: LiveServer
) -> None:
    """ACW river at 1366 wide: the standing order's choices ("proceed
    downstream (off the bottom of the table)") do not push the page wider."""
    page = start_game(browser, live_server, "acw-river", "arkansas-vicksburg-1862")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1366
    panel = page.locator("#frag-prompt").bounding_box()
    for select in page.locator("#frag-prompt select").all():
        box = select.bounding_box()
        assert box is not None and panel is not None
        assert box["x"] + box["width"] <= panel["x"] + panel["width"]
    page.close()
