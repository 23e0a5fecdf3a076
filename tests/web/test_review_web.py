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


def test_the_fleet_form_fits_its_panel_at_a_laptops_width(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Valcour's first loads at 1366 wide: all three battery columns show
    without scrolling sideways, each choice wide enough for "round shot"."""
    page = start_game(browser, live_server, "away-boarders", "valcour-island-1776")
    box = page.locator("#frag-prompt .fleet-scroll")
    assert box.evaluate("(b) => b.scrollWidth <= b.clientWidth")
    page.locator("#frag-prompt .fleet-scroll").screenshot(path=str(artifacts / "fleet-form.png"))
    for name in ("carleton.port", "loyal-convert.bow", "gunboat-1.bow"):
        select = page.locator(f'#frag-prompt select[name="{name}"]')
        # the room for the words: the box less its padding, borders and the
        # arrow Chromium draws inside it (about 20 pixels)
        room, text = select.evaluate(
            """(s) => { const cs = getComputedStyle(s);
                const c = document.createElement('canvas').getContext('2d');
                c.font = cs.font;
                const inner = s.getBoundingClientRect().width - parseFloat(cs.paddingLeft)
                    - parseFloat(cs.paddingRight) - parseFloat(cs.borderLeftWidth)
                    - parseFloat(cs.borderRightWidth) - 20;
                return [inner, c.measureText(s.options[s.selectedIndex].text).width]; }"""
        )
        assert room >= text, (name, room, text)  # "round shot", not "round sho"
    page.close()


@pytest.mark.parametrize("sheet", ["scenario", "game"])
def test_the_cutting_out_deck_prints_in_its_colours(
    browser: Any, live_server: LiveServer, artifacts: Path, sheet: str
) -> None:
    """Cutting Out Party's sheets: the Santa Cecilia's deck cut-out prints
    in planking with its boarding points named (the deck's stylesheet was
    dropped with the text before the first card: a solid black shape)."""
    if sheet == "scenario":
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(live_server.url + "/scenarios/hermione-puerto-cabello-1799/print")
    else:
        page = start_game(browser, live_server, "cutting-out", "hermione-puerto-cabello-1799")
        href = page.locator("a", has_text="Print the ship cards").get_attribute("href")
        page.goto(live_server.url + str(href))
    deck = page.locator(".print-group .co-deck .deck").first
    assert deck.evaluate("(d) => getComputedStyle(d).fill") == "rgb(217, 197, 154)"
    page.locator(".print-group .co-deck").first.screenshot(
        path=str(artifacts / f"print-cutting-out-deck-{sheet}.png")
    )
    page.close()


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)])
def test_the_harbours_names_are_placed_clear_of_each_other_and_the_status(
    browser: Any, live_server: LiveServer, artifacts: Path, size: tuple[int, int]
) -> None:
    """Cutting Out Party, the Hermione at Puerto Cabello: the six boats at the
    sea edge, the guard boats, the batteries and the frigate each have a name
    on the table, none over another or over the turn's status lines (they
    ran together: "Hamilton'sthe red cutt..." over "the raiders have not been
    seen"), at a laptop's width and a phone's."""
    from tests.web.test_browser_ux import LABEL_BOXES, overlapping, settled

    page = start_game(
        browser, live_server, "cutting-out", "hermione-puerto-cabello-1799", size=size
    )
    settled(page)
    page.screenshot(path=str(artifacts / f"cutting-out-names-{size[0]}.png"))
    names = page.evaluate(LABEL_BOXES)
    assert {
        "Hamilton's pinnace (6)",
        "the launch (6)",
        "the red cutter (4)",
        "the black cutter (4)",
        "the gig (3)",
        "the jolly boat (3)",
        "the western guard boat",
        "the eastern battery",
        "Santa Cecilia (ex-HMS Hermione)",
    } <= {b["name"] for b in names}
    status = page.evaluate(
        """() => [...document.querySelectorAll('#frag-table .co-status, #frag-table .exit')]
            .map((t) => { const r = t.getBoundingClientRect();
                return {name: t.textContent, x: r.left, y: r.top, w: r.width, h: r.height}; })"""
    )
    assert len(status) == 2
    assert overlapping(names + status) == [], (names, status)
    # the turn's words stay within the table's box (the event ran off its right edge)
    box = page.locator("#frag-table").bounding_box()
    assert box is not None
    assert all(s["x"] + s["w"] <= box["x"] + box["width"] + 0.5 for s in status), status
    page.close()


def test_the_raid_cards_name_nations_and_sides_in_words_with_plurals_right() -> None:
    """Cutting Out Party, the Hermione: "British boat's crew" and "1
    officer, 4 sailors" (they read "british boat's crew", "4 sailor"), the
    prize "held by the Spanish" (the side's id), "8 gun crew"."""
    from quarterdeck.core.engine import Game
    from quarterdeck.core.scenario import bundled
    from quarterdeck.web.render import renderer_for

    found = next(f for f in bundled() if f.id == "hermione-puerto-cabello-1799")
    game = Game.new(found, seed=1)
    titles = {s.name: s.title for s in found.header.sides}
    view = {**game.view("british"), "side_titles": titles}
    cards = renderer_for("cutting-out").cards(view, {})
    assert "British boat&#39;s crew" in cards and "british boat" not in cards
    assert "1 marine, 1 officer, 4 sailors" in cards  # Hamilton's pinnace
    assert "2 marines, 1 officer, 3 sailors" in cards  # the launch
    assert "8 gun crew, 4 soldiers" in cards  # a battery's garrison
    assert "held by the Spanish" in cards and "held by the spanish" not in cards


@pytest.mark.parametrize(
    "scenario", ["mobile-bay-torpedoes-1864", "hermione-puerto-cabello-1799", "mobile-bay-1864"]
)
def test_every_chart_of_the_quick_reference_keeps_within_its_box(
    browser: Any, live_server: LiveServer, artifacts: Path, scenario: str
) -> None:
    """The quick reference of ACW River, Cutting Out Party and Flotilla: a
    wide grid (ACW River's hulls, twelve fields) is laid across the page
    rather than running over the next column's charts."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(f"{live_server.url}/scenarios/{scenario}/reference")
    out = page.evaluate(
        """() => [...document.querySelectorAll('.reference .chart-grid')].filter((g) => {
            const box = g.closest('.reference > .chart').getBoundingClientRect();
            return g.getBoundingClientRect().right > box.right + 1;
        }).map((g) => g.closest('.reference > .chart').dataset.chart)"""
    )
    page.screenshot(path=str(artifacts / f"reference-{scenario}.png"), full_page=True)
    assert out == []
    page.close()


def test_a_game_printed_before_the_battle_says_so_not_turn_0(client: Any) -> None:
    """ACW River's sheets printed after the set-up, before the first move:
    "Mobile Bay, 5 August 1864, before the battle" (it said "turn 0", a word
    the table never uses: it says "Before the battle")."""
    r = client.post(
        "/api/games",
        json={
            "scenario": "mobile-bay-torpedoes-1864",
            "seats": {"confederate": "here", "union": "ai"},
            "dice": "program",
            "seed": 5,
        },
    )
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["here"]["confederate"]
    html = client.get(f"/games/{game['id']}/print", params={"t": token}).text
    assert "Mobile Bay, 5 August 1864, before the battle" in html
    assert "turn 0" not in html
    assert "before the battle · 5 ship cards" in html  # the objectives, 3 ships, the fort


def test_the_raids_status_is_a_line_of_items_that_wraps_between_them() -> None:
    """The longest event ("A raucous party ashore earlier in the evening")
    with the turn, the step and the light ran off the table on one line: the
    status is HTML above the harbour, each item kept whole, wrapping between
    items; "No event" reads "no event this turn". The turn says when the
    raid ends: "before dawn" at night (it read "(dawn)", as if dawn were
    now), nothing of dawn in a daylight raid, which ends when time is up."""
    import re

    from quarterdeck.web.render.cutting_out import CuttingOutRenderer

    view = {
        "turn": 3,
        "turn_limit": 18,
        "step": "1. movement (raiders)",
        "light_title": "night, some moon behind cloud",
        "event_title": "A raucous party ashore earlier in the evening",
        "alarm": {"detected": False},
    }
    html = CuttingOutRenderer()._status(view)
    items = re.findall(r'<span class="status-item">([^<]*)</span>', html)
    assert items == [
        "Turn 3 of 18 before dawn",
        "1. movement (raiders)",
        "night, some moon behind cloud",
        "this turn: A raucous party ashore earlier in the evening",
        "the raiders have not been seen",
    ]
    none = CuttingOutRenderer()._status(
        {**view, "event_title": "No event", "event_words": "no event this turn"}
    )
    assert "no event this turn" in none and "No event" not in none
    # a daylight raid (Sandwich at Puerto Plata) ends when time is up, not at dawn
    day = CuttingOutRenderer()._status({**view, "light": "day"})
    assert "Turn 3 of 18</span>" in day and "dawn" not in day


def test_flotillas_table_names_the_step_of_the_sequence_as_a_step(client: Any) -> None:
    """Mobile Bay: the corner reads "Turn 1 of 8 · 3. side A moves" (it read
    "3 side A moves", "2 initiative", as if a count of something)."""
    import re

    r = client.post(
        "/api/games",
        json={
            "scenario": "mobile-bay-1864",
            "seats": {"union": "here", "confederate": "ai"},
            "dice": "program",
            "seed": 3,
        },
    )
    assert r.status_code == 201, r.text
    game = r.json()
    page = client.get(f"/games/{game['id']}", params={"t": game["here"]["union"]}).text
    corner = re.search(r"Turn 1 of 8 · ([^<]*) · visibility", page)
    assert corner is not None and re.fullmatch(r"\d+\. [a-z][a-z A-Z]+", corner.group(1))


def test_the_note_of_unseen_boats_is_clear_of_the_scale(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Cutting Out Party watched in its replay before a lookout has seen
    the raiders: "Their boats are somewhere out in the dark" sits beside the
    scale of inches (it was written over its "12 inches")."""
    from tests.web.test_browser_ux import overlapping

    page = start_game(browser, live_server, "cutting-out", "hermione-puerto-cabello-1799")
    game = page.get_attribute("#game", "data-game")
    page.goto(f"{live_server.url}/games/{game}/replay?step=0")
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('#frag-table .unseen, #frag-table .scale text')]
            .map((t) => { const r = t.getBoundingClientRect();
                return {name: t.textContent, x: r.left, y: r.top, w: r.width, h: r.height}; })"""
    )
    page.locator("#frag-table").screenshot(path=str(artifacts / "cutting-out-unseen.png"))
    assert [b["name"][:15] for b in boxes] == ["Their boats are", "12 inches"]
    assert overlapping(boxes) == []
    page.close()
