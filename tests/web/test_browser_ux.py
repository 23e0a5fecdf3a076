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

LABEL_BOXES = """() => [...document.querySelectorAll('#frag-table text.placeable')]
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
    # the names there do not overlap either, nor the two fouled marks' notes
    boxes = page.evaluate(LABEL_BOXES)
    assert overlapping(boxes) == []
    assert [b["name"] for b in boxes].count("fouled") == 2
    page.screenshot(path=str(artifacts / "cape-st-vincent-labels.png"))
    before = version(page)
    page.get_by_role("button", name="keep the guns manned", exact=True).click()
    wait_changed(page, before)
    page.close()


def pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF the browser made (its page objects are not compressed)."""
    import re

    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.parametrize(
    ("ruleset", "scenario", "paper"),
    [
        ("gundice-boarding", "cape-st-vincent-1797", "A4"),
        ("away-boarders", "champlain-duel-1776", "Letter"),
    ],
)
def test_the_ship_cards_print_one_page_per_side(
    browser: Any, live_server: LiveServer, artifacts: Path, ruleset: str, scenario: str, paper: str
) -> None:
    """Each ship's card, with her damage as it stands, a side's cards to a
    page, through the print stylesheet (the browser's own PDF)."""
    page = start_game(browser, live_server, ruleset, scenario)
    ships = page.evaluate(
        "() => [...document.querySelectorAll('#frag-cards .card[data-ship][data-side]')]"
        ".map((c) => c.dataset.ship)"
    )
    with page.expect_popup() as popup:
        page.click("text=Print the ship cards")
    sheet = popup.value
    sheet.wait_for_load_state()
    groups = sheet.locator(".print-group").count()
    printed = sheet.evaluate(
        "() => [...document.querySelectorAll('.print-group .card[data-ship]')]"
        ".map((c) => c.dataset.ship)"
    )
    assert sorted(printed) == sorted(ships)
    # the cards are the table's own, damage included
    first = sheet.locator(".print-group").first
    assert first.locator(".card").count() >= 1
    pdf = sheet.pdf(format=paper, print_background=True)
    (artifacts / f"sheet-{scenario}.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")
    assert groups >= 2
    assert pdf_pages(pdf) == groups
    sheet.emulate_media(media="print")
    sheet.set_viewport_size({"width": 720, "height": 1000})
    sheet.screenshot(path=str(artifacts / f"sheet-{scenario}.png"))
    page.close()


def test_the_quick_reference_prints_every_chart_with_the_house_rules(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """The charts come from the rule set's tables file: the Hit Table's rows,
    the gun types; a scenario's house rules are merged in and marked."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(live_server.url + "/scenarios/lake-erie-1813/reference")
    hit = page.locator('.chart[data-chart="hit_table"]')
    assert hit.locator("tbody tr").count() == 12
    assert "reconstructed" in hit.inner_text()
    assert page.locator(".chart").count() >= 6
    page.screenshot(path=str(artifacts / "reference-away-boarders.png"), full_page=True)
    pdf = page.pdf(format="A4")
    assert pdf_pages(pdf) >= 1
    page.close()


def test_a_roll_is_explained_from_the_dice_tray_and_the_log(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """A boarding attempt: the rule in words, the dice to start and each
    modifier, the exact chance of any 6 and what would have changed it."""
    page = start_game(browser, live_server, "gundice-boarding", "shannon-chesapeake-1813")
    before = version(page)
    page.get_by_role("button", name="mobilise 5 gun dice", exact=True).click()
    wait_changed(page, before)
    before = version(page)
    page.get_by_role("button", name="attempt to board USS Chesapeake", exact=True).click()
    wait_changed(page, before)
    attempt = page.locator("#frag-tray .roll", has_text="Boarding attempt").first
    attempt.click()
    dialog = page.locator("dialog#explain")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "Boarding attempt" in text and "5.2" in text
    assert "any die that makes the target succeeds" in text
    assert "to start" in text and "fouled" in text  # the modifiers to the dice
    assert "Exact distribution" in text
    assert dialog.locator("table.dist tr.rolled").count() == 1
    assert "What would have changed it" in text
    # the exact fractions add up: the rows are the whole distribution
    from fractions import Fraction

    exact = dialog.locator("table.dist small").all_inner_texts()
    assert sum(Fraction(x) for x in exact) == 1
    dialog.screenshot(path=str(artifacts / "roll-explained.png"))
    page.keyboard.press("Escape")
    # a roll in the log opens the same explanation
    page.locator("#frag-log [data-entry]").last.click()
    dialog.wait_for(state="visible")
    assert "Rule" in dialog.inner_text()
    page.close()


def test_a_move_dragged_on_the_table_is_previewed_measured_and_committed(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Drag the ship to where one of her moves ends: the legal ends show, the
    tape measures the distance, release picks the nearest move, and its
    button confirms it."""
    import random

    from tests.web.test_browser import generic_step

    page = start_game(browser, live_server, "flotilla", "mobile-bay-1864")
    throws = random.Random(11)
    for _ in range(20):
        if page.locator("#frag-table .move-option.choosable").count():
            break
        generic_step(page, throws)
    mover = page.get_attribute("#frag-table .move-options", "data-mover")
    options = page.locator("#frag-table .move-option.choosable")
    ids = [options.nth(n).get_attribute("data-answer") for n in range(options.count())]
    straight = [a for a in ids if a.startswith("s") and a.endswith("/0/0/0")]
    answer = max(straight, key=lambda a: int(a[1:].split("/")[0]))
    target = page.evaluate(
        """(answer) => {
            const g = document.querySelector(`#frag-table .move-option[data-answer="${answer}"] .ghost`);
            const [x, y] = /translate\\(([-\\d.]+) ([-\\d.]+)/.exec(g.getAttribute("transform"))
                .slice(1).map(Number);
            return window.qdTable.frame().toScreen(x, y);
        }""",
        answer,
    )
    hull = page.locator(f'#frag-table g.ship[data-ship="{mover}"] .hull').bounding_box()
    sx, sy = hull["x"] + hull["width"] / 2, hull["y"] + hull["height"] / 2
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + target[0]) / 2, (sy + target[1]) / 2, steps=5)
    assert "dragging" in (page.get_attribute("#frag-table", "class") or "")
    assert page.locator("#frag-table .tape-text").text_content().endswith(" in")
    page.mouse.move(target[0], target[1], steps=5)
    page.screenshot(path=str(artifacts / "flotilla-drag-move.png"))
    page.mouse.up()
    button = page.locator(f'button.answer[data-answer="{answer}"]')
    assert "chosen" in (button.get_attribute("class") or "")
    assert "picked" in (
        page.get_attribute(f'#frag-table .move-option[data-answer="{answer}"]', "class") or ""
    )
    speed = int(answer[1:].split("/")[0])
    assert page.locator("#frag-table .tape-text").text_content() == f"{speed:.1f} in"
    before = version(page)
    button.click()
    wait_changed(page, before)
    card = page.locator(f'.fl-card[data-ship="{mover}"]')
    assert card.locator(".speed").inner_text().split()[0] == str(speed)
    page.close()


def test_a_fleet_gives_its_first_loads_and_crew_orders_each_in_one_submit(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Valcour Island: Carleton's 33 vessels load and man their guns in two
    forms, not 66; a row copies the row above."""
    page = start_game(browser, live_server, "away-boarders", "valcour-island-1776")
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.post_data or "") if r.url.endswith("/answer") else None,
    )
    form = page.locator("#frag-prompt form.fleet-form")
    assert form.locator("tbody tr").count() == 33
    # the scenario's loads are filled in; Gunboat 1 takes grape, Gunboat 2 copies her
    assert form.locator('select[name="carleton.port"]').input_value() == "round"
    form.locator('select[name="gunboat-1.bow"]').select_option("grape")
    form.locator('tr[data-row="gunboat-2"] button.same-as-above').click()
    assert form.locator('select[name="gunboat-2.bow"]').input_value() == "grape"
    assert form.locator('select[name="gunboat-3.bow"]').input_value() == "round"
    page.screenshot(path=str(artifacts / "fleet-form-loads.png"))
    before = version(page)
    form.locator("button[type=submit]").click()
    wait_changed(page, before)
    assert len(sent) == 1
    load = page.locator('.ab-display[data-ship="gunboat-2"] [data-battery="bow"] .load-box')
    assert load.inner_text() == "grape"
    # the crew orders: one form again, every ship like the first
    crew = page.locator("#frag-prompt form.fleet-form")
    crew.wait_for()
    assert "crew orders" in page.inner_text("#frag-prompt .question")
    crew.locator("button.same-for-all").click()
    before = version(page)
    crew.locator("button[type=submit]").click()
    wait_changed(page, before)
    assert len(sent) == 2
    assert "crew orders" not in page.inner_text("#frag-prompt")
    page.close()


def test_standing_fire_orders_are_given_in_one_form_and_shown_on_the_cards(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Flotilla: at "Fire now?" the player gives every battery a standing
    order in one form; the program carries them out, the cards show them."""
    import random

    from tests.web.test_browser import generic_step

    page = start_game(browser, live_server, "flotilla", "mobile-bay-1864")
    throws = random.Random(3)
    for _ in range(20):
        if page.locator('#frag-prompt button.answer[data-answer="standing"]').count():
            break
        generic_step(page, throws)
    before = version(page)
    page.locator('#frag-prompt button.answer[data-answer="standing"]').click()
    wait_changed(page, before)
    form = page.locator("#frag-prompt form.fleet-form")
    assert form.locator("tbody tr").count() >= 4  # Hartford's and Tecumseh's batteries
    first = form.locator("tbody tr").first
    first.locator("select").select_option("first")
    form.locator("button.same-for-all").click()
    page.screenshot(path=str(artifacts / "flotilla-standing-orders.png"))
    before = version(page)
    form.locator("button[type=submit]").click()
    wait_changed(page, before)
    assert page.locator(".fl-card .standing-order").count() >= 4
    assert "first target in range" in page.inner_text(".fl-card .standing-order >> nth=0")
    page.close()


def test_zoomed_far_out_the_names_hide_and_show_on_hover(
    browser: Any, live_server: LiveServer
) -> None:
    page = start_game(browser, live_server, "away-boarders", "valcour-island-1776")
    for _ in range(4):
        page.click("[data-zoom=out]")
    page.wait_for_function(
        "() => document.getElementById('frag-table').classList.contains('labels-off')"
    )
    assert page.evaluate(LABEL_BOXES) == []
    page.locator('#frag-table g[data-ship="carleton"] .hull').hover(force=True)
    tip = page.locator("#table-tip")
    assert tip.is_visible() and tip.inner_text() == "HMS Carleton"
    page.click("[data-zoom=home]")
    page.wait_for_function(
        "() => !document.getElementById('frag-table').classList.contains('labels-off')"
    )
    assert len(page.evaluate(LABEL_BOXES)) >= 40
    page.close()


def test_a_ship_dragged_on_the_field_of_points_measures_in_points(
    browser: Any, live_server: LiveServer
) -> None:
    import random

    from tests.web.test_browser import generic_step

    page = start_game(browser, live_server, "away-boarders", "champlain-duel-1776")
    throws = random.Random(7)
    for _ in range(30):
        if page.locator("#frag-table .move-option.choosable").count():
            break
        generic_step(page, throws)
    mover = page.get_attribute("#frag-table .move-options", "data-mover")
    option = page.locator("#frag-table .move-option.choosable").first
    answer = option.get_attribute("data-answer")
    target = page.evaluate(
        """(answer) => {
            const g = document.querySelector(`#frag-table .move-option[data-answer="${answer}"] .ghost`);
            const [x, y] = /translate\\(([-\\d.]+) ([-\\d.]+)/.exec(g.getAttribute("transform"))
                .slice(1).map(Number);
            return window.qdTable.frame().toScreen(x, y);
        }""",
        answer,
    )
    hull = page.locator(f'#frag-table g.ship[data-ship="{mover}"] .hull').bounding_box()
    sx, sy = hull["x"] + hull["width"] / 2, hull["y"] + hull["height"] / 2
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(target[0] + 3, target[1] + 3, steps=6)
    assert page.locator("#frag-table .tape-text").text_content().endswith(" points")
    page.mouse.up()
    button = page.locator(f'button.answer[data-answer="{answer}"]')
    assert "chosen" in (button.get_attribute("class") or "")
    before = version(page)
    button.click()
    wait_changed(page, before)
    page.close()


INJECT_FILL_END = """([ship, fill]) => {
    const NS = "http://www.w3.org/2000/svg";
    const s = document.querySelector("#frag-table svg");
    const b = s.querySelector(`g[data-ship="${ship}"]`).getBBox();
    const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
    const unit = Number(s.getAttribute("data-unit") || 1);
    // the table's own drag ends give way to the one under test
    s.querySelectorAll(".move-options:not(.injected)").forEach((o) => o.remove());
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "move-options injected");
    g.setAttribute("data-mover", ship);
    g.innerHTML = `<g class="move-option" data-fill='${JSON.stringify(fill)}' aria-label="test end">`
        + `<g class="ghost" transform="translate(${x + 4 * unit} ${y})"><circle r="4"/></g></g>`;
    s.appendChild(g);
    window.qdGame.markChoosable();
    return window.qdTable.frame().toScreen(x + 4 * unit, y);
}"""


def test_a_ship_dragged_to_an_end_that_fills_her_plot_sets_the_form_not_the_answer(
    browser: Any, live_server: LiveServer
) -> None:
    """The data-fill protocol: a move end may set fields of the open form
    (a plotted move's speed and helm) instead of answering; release fills
    them and sends nothing, an end whose values the form does not allow is
    not offered."""
    import random

    from tests.web.test_browser import generic_step

    page = start_game(browser, live_server, "acw-river", "hampton-roads-1862")
    throws = random.Random(3)
    for _ in range(30):
        if page.locator("form.form-prompt select[name$='/helm']").count():
            break
        generic_step(page, throws)
    helm = page.locator("form.form-prompt select[name$='/helm']").first
    name = helm.get_attribute("name")
    ship = name.split("/")[0]
    speed = page.locator(f'form.form-prompt input[name="{ship}/speed"]')
    high = int(speed.get_attribute("max"))
    last = helm.locator("option").last.get_attribute("value")
    target = page.evaluate(INJECT_FILL_END, [ship, {name: last, f"{ship}/speed": high}])
    assert "choosable" in (page.get_attribute(".move-option[data-fill]", "class") or "")
    hull = page.locator(f'#frag-table g.ship[data-ship="{ship}"] .hull').first.bounding_box()
    sx, sy = hull["x"] + hull["width"] / 2, hull["y"] + hull["height"] / 2
    before = version(page)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(target[0], target[1], steps=6)
    page.mouse.up()
    assert helm.input_value() == last and speed.input_value() == str(high)
    assert "picked" in (page.get_attribute(".move-option[data-fill]", "class") or "")
    assert "Submit the form" in page.inner_text("#pick-note")
    assert version(page) == before  # nothing was sent
    # an end the form does not allow (a speed past the limit) is not offered
    page.evaluate(INJECT_FILL_END, [ship, {f"{ship}/speed": high + 1}])
    ends = page.locator(".move-option[data-fill]")
    assert "choosable" not in (ends.nth(1).get_attribute("class") or "")
    page.close()
