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


def test_the_river_table_opens_on_the_ships_with_names_placed_and_rulers(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """ACW River and Coastal, Mobile Bay: the view opens fitted to the ships
    and forts in sight (not the whole 72-inch river), the names are placed
    clear of one another, the inches stay on the edges, a click beside a
    slender hull finds her card, and the cards name the side, not its id."""
    from tests.web.test_browser_ux import LABEL_BOXES, overlapping, settled

    page = start_game(browser, live_server, "acw-river", "mobile-bay-torpedoes-1864")
    settled(page)
    page.screenshot(path=str(artifacts / "acw-river-opening-view.png"))
    view = page.get_attribute("#table-svg", "viewBox")
    whole = page.get_attribute("#table-svg", "data-whole")
    assert view is not None and whole is not None
    assert float(view.split()[3]) < float(whole.split()[3]) / 2  # fitted, not the whole river
    assert page.locator("[data-zoom=whole]").is_visible()
    names = page.evaluate(LABEL_BOXES)
    assert {"CSS Tennessee", "CSS Gaines", "CSS Selma", "Fort Morgan"} <= {b["name"] for b in names}
    assert overlapping(names) == []
    assert page.locator('#frag-table [data-ruler="top"] text').count() >= 5
    # beside the hull, not on it: the click still finds her
    hull = page.locator('#frag-table g[data-ship="selma"] .hull').bounding_box()
    assert hull is not None
    page.mouse.click(hull["x"] + hull["width"] + 6, hull["y"] + hull["height"] / 2)
    page.wait_for_function(
        "() => document.querySelector('#frag-cards .card[data-ship=\"selma\"]')"
        ".classList.contains('flash')"
    )
    cards = page.inner_text("#frag-cards")
    assert "confederate" not in cards
    assert "Objectives Confederate States Navy and Army" in cards
    assert "casemate ironclad" in cards and "gun(s)" not in cards
    status = page.text_content("#frag-table .pinned") or ""
    assert "Before the battle" in status and "orders" in status and "Move 0" not in status
    page.close()


def test_the_start_page_lists_the_forces_by_side_name_with_plurals_right(
    browser: Any, live_server: LiveServer
) -> None:
    """Valcour Island's forces as a new user reads them: "Lake Champlain
    fleet: Royal Savage (... 2 masts ...)", a gunboat with "1 mast" and
    "1 gun", never the side's id or "mast(s)"."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(live_server.url + "/")
    page.select_option("#ruleset", "away-boarders")
    page.select_option("#scenario", "valcour-island-1776")
    forces = page.locator('.scenario-info[data-scenario="valcour-island-1776"] .forces li')
    lines = forces.all_inner_texts()
    assert len(lines) == 48
    assert not [x for x in lines if x.startswith(("american:", "british:"))]
    assert not [x for x in lines if "(s)" in x]
    assert "Royal Navy: Gunboat 1 (fore-and-aft, 1 mast, 1 gun," in "\n".join(lines)
    assert any(x.startswith("Lake Champlain fleet: Royal Savage (") for x in lines)
    page.close()


def test_every_bundled_scenario_prints_each_sides_own_ships(client: Any) -> None:
    """/scenarios/<id>/print for every bundled scenario: each fighting side's
    ships, as that side knows them at the start; the ACW river fleets are in
    fog for a watcher, yet their cards print (the page failed with a server
    error when nothing could be seen)."""
    from quarterdeck.core.scenario import bundled

    for found in bundled():
        r = client.get(f"/scenarios/{found.id}/print")
        assert r.status_code == 200, (found.id, r.text[:200])
        for side in found.combatants:
            assert f'class="print-group" data-side="{side}"' in r.text, (found.id, side)
    html = client.get("/scenarios/arkansas-vicksburg-1862/print").text
    assert 'data-ship="arkansas"' in html
    assert html.count('data-side="union"') > 2  # the Union's group and its ships' cards
    assert "sheets after its set-up" in html


def test_a_big_battles_cards_print_three_rows_to_a_page(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Valcour Island's 48 vessels on A4 and on Letter: a side's group starts
    a page, and a page holds at least three rows of three gunboat cards (the
    sheet ran to 13 half-empty pages), with the sheet's title printed."""
    from tests.web.test_browser_ux import pdf_pages

    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(live_server.url + "/scenarios/valcour-island-1776/print")
    assert page.locator(".print-heading").inner_text().startswith("Valcour Island")
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper, print_background=True)
        (artifacts / f"sheet-valcour-{paper}.pdf").write_bytes(pdf)
        # 33 British cards (11 rows: 5 pages, the big ships' rows taller), 15
        # American (5 rows: 2 pages), the victory points (a page)
        assert pdf_pages(pdf) <= 9, paper
    page.close()


def test_the_favicon_is_there_for_every_browser(client: Any) -> None:
    """The SVG icon for browsers that read one, a PNG beside it and at
    /favicon.ico for those that do not (Safari before 2023, bookmarks)."""
    page = client.get("/").text
    assert 'href="/static/favicon.svg"' in page and 'href="/static/favicon.png"' in page
    for path in ("/favicon.ico", "/static/favicon.png", "/static/apple-touch-icon.png"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-type"] == "image/png"
        assert r.content.startswith(b"\x89PNG")


def test_a_roll_in_a_replay_is_explained_as_it_stood_at_that_step(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """A replay's dice tray and log look like the game's: a click on a roll
    opens its explanation there too (it did nothing)."""
    from tests.web.test_browser import version, wait_changed

    page = start_game(browser, live_server, "gundice-boarding", "shannon-chesapeake-1813")
    for answer in ("mobilise 5 gun dice", "attempt to board USS Chesapeake"):
        before = version(page)
        page.get_by_role("button", name=answer, exact=True).click()
        wait_changed(page, before)
    game = page.get_attribute("#game", "data-game")
    page.goto(f"{live_server.url}/games/{game}/replay")
    attempt = page.locator("#frag-tray [data-entry]", has_text="Boarding attempt").first
    attempt.click()
    dialog = page.locator("dialog#explain")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "Boarding attempt" in text and "Exact distribution" in text
    dialog.screenshot(path=str(artifacts / "replay-roll-explained.png"))
    page.close()
