"""The web table for big battles and club nights (issue 15), in headless
chromium: names that never overlap, ships found by a click anywhere on them,
fleet forms, drag moves, printable sheets and roll explanations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.test_browser import start_game, version, wait_changed

pytestmark = pytest.mark.browser

LABEL_BOXES = """() => [...document.querySelectorAll('#frag-table text.ship-name')]
    .filter((t) => getComputedStyle(t).display !== 'none')
    .map((t) => { const r = t.getBoundingClientRect();
        return {name: t.textContent, x: r.left, y: r.top, w: r.width, h: r.height}; })"""


def overlapping(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    out = []
    for n, a in enumerate(boxes):
        for b in boxes[n + 1 :]:
            if (
                a["x"] < b["x"] + b["w"]
                and b["x"] < a["x"] + a["w"]
                and a["y"] < b["y"] + b["h"]
                and b["y"] < a["y"] + a["h"]
            ):
                out.append((a["name"], b["name"]))
    return out


def settled(page: Any) -> None:
    """Wait until the page has placed the names (a layout runs after a redraw)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('#frag-table text.placeable')]"
        ".every((t) => t.style.fontSize !== '' || t.classList.contains('unplaced'))"
    )


@pytest.mark.parametrize(
    ("scenario", "least"),
    [("valcour-island-1776", 0.9), ("lake-erie-1813", 1.0)],
)
def test_no_two_ship_names_overlap_at_the_opening_view(
    browser: Any, live_server: LiveServer, artifacts: Path, scenario: str, least: float
) -> None:
    page = start_game(browser, live_server, "away-boarders", scenario)
    settled(page)
    boxes = page.evaluate(LABEL_BOXES)
    ships = page.locator("#frag-table g.ship[data-ship]").count()
    page.screenshot(path=str(artifacts / f"labels-{scenario}.png"))
    assert overlapping(boxes) == []
    assert all(b["w"] > 0 and b["h"] > 0 for b in boxes)
    # nearly every name fits at the opening view; the rest show on hover
    assert len(boxes) >= least * ships, (len(boxes), ships)
    hidden = page.evaluate(
        "() => [...document.querySelectorAll('#frag-table text.placeable.unplaced')]"
        ".map((t) => t.dataset.for)"
    )
    for ship in hidden[:3]:
        page.locator(f'#frag-table g[data-ship="{ship}"] .hull').hover(force=True)
        assert page.locator("#table-tip").is_visible()
    # zoomed in, the names still do not overlap
    page.click("[data-zoom=in]")
    page.wait_for_timeout(300)
    assert overlapping(page.evaluate(LABEL_BOXES)) == []
    page.close()


def test_the_coordinates_stay_on_the_edges_when_zoomed(
    browser: Any, live_server: LiveServer
) -> None:
    page = start_game(browser, live_server, "away-boarders", "lake-erie-1813")
    for _ in range(3):
        page.click("[data-zoom=in]")
    table = page.locator("#frag-table").bounding_box()
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#frag-table [data-ruler=top] text')]
            .filter((t) => t.style.display !== 'none')
            .map((t) => t.getBoundingClientRect().top)"""
    )
    assert shown, "no column numbers in view"
    assert all(table["y"] <= top <= table["y"] + 20 for top in shown)
    page.close()


def test_a_click_anywhere_on_a_ship_finds_her(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """The middle of San Josef lies under the line to her fouled neighbour;
    a click there still picks her."""
    page = start_game(browser, live_server, "gundice-boarding", "cape-st-vincent-1797")
    settled(page)
    hull = page.locator('#frag-table g[data-ship="san-josef"] .hull').bounding_box()
    page.mouse.click(hull["x"] + hull["width"] / 2, hull["y"] + hull["height"] / 2)
    card = page.locator('#frag-cards .card[data-ship="san-josef"]')
    page.wait_for_function(
        "() => document.querySelector('#frag-cards .card[data-ship=\"san-josef\"]')"
        ".classList.contains('flash')"
    )
    assert card.is_visible()
    # the names there do not overlap either, nor the fouled marks
    assert overlapping(page.evaluate(LABEL_BOXES)) == []
    page.screenshot(path=str(artifacts / "cape-st-vincent-labels.png"))
    before = version(page)
    page.get_by_role("button", name="keep the guns manned", exact=True).click()
    wait_changed(page, before)
    page.close()
