"""End to end in headless chromium: the web table as a person uses it."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import LiveServer, start_server, stop_server

pytestmark = pytest.mark.browser

SCENARIO = "shannon-chesapeake-1813"


def version(page: Any) -> int:
    return int(page.get_attribute("#game", "data-version"))


def wait_changed(page: Any, before: int) -> None:
    try:
        page.wait_for_function(
            "v => { const g = document.getElementById('game');"
            " return Number(g.dataset.version) > v && !g.classList.contains('busy'); }",
            arg=before,
            timeout=15_000,
        )
    except Exception as e:
        said = page.inner_text("#message")
        raise AssertionError(f"the page did not change; it says {said!r}") from e


def step(page: Any, value: int = 6) -> str:
    """Make one move: enter a physical roll if one is asked for, else pick the
    first legal answer. Returns what was done."""
    before = version(page)
    if page.locator("form.dice-entry").count():
        for box in page.locator("input.die-value").all():
            box.fill(str(value))
        page.click("form.dice-entry button[type=submit]")
        wait_changed(page, before)
        return "dice"
    page.locator("button.answer").first.click()
    wait_changed(page, before)
    return "answer"


def start_game(
    browser: Any,
    live_server: LiveServer,
    ruleset: str,
    scenario: str,
    dice: str = "program",
    size: tuple[int, int] = (1366, 900),
) -> Any:
    """A new game from the start page with the default seats (this browser
    takes the first side, the computer the others), its page live."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(live_server.url + "/")
    page.select_option("#ruleset", ruleset)
    page.select_option("#scenario", scenario)
    page.check(f"input[name=dice][value={dice}]")
    page.click("#start-button")
    page.wait_for_url("**/games/*?t=*")
    page.wait_for_selector("#conn.live")
    return page


def game_over(page: Any) -> bool:
    return bool(page.locator("#frag-status .result").count())


def test_play_against_the_computer_with_physical_dice(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(live_server.url + "/")
    page.select_option("#scenario", SCENARIO)
    assert page.locator(f'.scenario-info[data-scenario="{SCENARIO}"] .forces li').count() == 2
    page.check("input[name=dice][value=physical]")
    page.screenshot(path=str(artifacts / "gundice-start.png"), full_page=True)
    page.click("#start-button")
    page.wait_for_url("**/games/*?t=*")
    page.wait_for_selector("#conn.live")

    # a decision: mobilise gun dice; the card shows them committed
    shannon = page.locator('.ship-card[data-ship="shannon"]')
    assert shannon.locator(".gd-committed").inner_text() == "0"
    before = version(page)
    page.get_by_role("button", name="mobilise 5 gun dice", exact=True).click()
    wait_changed(page, before)
    assert shannon.locator(".gd-committed").inner_text() == "5"
    assert shannon.locator(".gd.committed").count() == 5

    # pick the ship to board on the table: the answer is marked, then confirmed
    page.locator('#frag-table g[data-ship="chesapeake"]').click()
    board = page.get_by_role("button", name="attempt to board USS Chesapeake", exact=True)
    assert "chosen" in (board.get_attribute("class") or "")
    assert "Picked on the table" in page.inner_text("#pick-note")
    page.screenshot(path=str(artifacts / "gundice-pick-on-table.png"))
    before = version(page)
    board.click()
    wait_changed(page, before)
    entry = page.locator("form.dice-entry")
    entry.wait_for()
    asked = version(page)
    assert "roll" in page.inner_text("#frag-need")
    page.screenshot(path=str(artifacts / "gundice-physical-dice.png"))

    # an impossible value is refused on the page and nothing is sent
    boxes = page.locator("input.die-value")
    for n in range(boxes.count()):
        boxes.nth(n).fill("7")
    page.click("form.dice-entry button[type=submit]")
    page.wait_for_selector("#message:has-text('not a possible roll')")
    assert version(page) == asked
    assert entry.count() == 1

    # and refused by the server too, if sent anyway
    token = page.url.split("t=")[1]
    game_id = page.get_attribute("#game", "data-game")
    sent = httpx.post(
        f"{live_server.url}/api/games/{game_id}/dice",
        json={"token": token, "values": [7] * boxes.count()},
    )
    assert sent.status_code == 400 and "not a possible roll" in sent.json()["detail"]

    step(page, 6)  # any 6 starts the action
    assert page.locator(".tray-list .roll").count() >= 1
    assert "Rule" in page.inner_text("#frag-tray")
    page.screenshot(path=str(artifacts / "gundice-after-roll.png"))

    # reload mid-game: everything is still there, and play goes on
    log_before = page.inner_text("#frag-log")
    page.reload()
    page.wait_for_selector("#conn.live")
    assert page.inner_text("#frag-log") == log_before

    for _ in range(80):
        if game_over(page):
            break
        step(page, 6)
    assert game_over(page)
    assert "wins" in page.inner_text("#frag-status")
    page.screenshot(path=str(artifacts / "gundice-game-over.png"))

    # the log names the rule of every line, and gives odds where the core has them
    assert page.locator(".log-list .odds").count() >= 1
    page.close()


def test_program_dice_zoom_pan_and_replay(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    page.goto(live_server.url + "/")
    page.select_option("#scenario", SCENARIO)
    page.click("#start-button")
    page.wait_for_url("**/games/*?t=*")
    page.wait_for_selector("#conn.live")
    home = page.get_attribute("#table-svg", "viewBox")
    page.click("[data-zoom=in]")
    zoomed = page.get_attribute("#table-svg", "viewBox")
    assert zoomed != home
    assert float(zoomed.split()[2]) < float(home.split()[2])
    box = page.locator("#frag-table").bounding_box()
    page.mouse.move(box["x"] + 200, box["y"] + 200)
    page.mouse.down()
    page.mouse.move(box["x"] + 260, box["y"] + 230, steps=4)
    page.mouse.up()
    panned = page.get_attribute("#table-svg", "viewBox")
    assert panned.split()[:2] != zoomed.split()[:2]
    step(page)  # the chosen view survives the redraw
    assert page.get_attribute("#table-svg", "viewBox").split()[2] == panned.split()[2]
    page.click("[data-zoom=home]")
    # the wheel zooms, and so does a two-finger pinch
    page.mouse.move(box["x"] + 300, box["y"] + 200)
    page.mouse.wheel(0, -300)
    page.wait_for_function(
        "w => Number(document.getElementById('table-svg').getAttribute('viewBox')"
        ".split(' ')[2]) < w",
        arg=float(home.split()[2]),
    )
    page.click("[data-zoom=home]")
    pinched = page.evaluate(
        """() => {
            const el = document.getElementById("frag-table");
            const r = el.getBoundingClientRect();
            const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
            const fire = (type, id, x) => el.dispatchEvent(new PointerEvent(type, {
                pointerId: id, pointerType: "touch", clientX: x, clientY: cy, bubbles: true}));
            fire("pointerdown", 11, cx - 40); fire("pointerdown", 12, cx + 40);
            for (let d = 40; d <= 120; d += 20) { fire("pointermove", 11, cx - d);
                fire("pointermove", 12, cx + d); }
            fire("pointerup", 11, cx - 120); fire("pointerup", 12, cx + 120);
            return document.getElementById("table-svg").getAttribute("viewBox");
        }"""
    )
    assert float(pinched.split()[2]) < float(home.split()[2])
    page.click("[data-zoom=home]")
    page.screenshot(path=str(artifacts / "gundice-tablet.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=str(artifacts / "gundice-tablet-portrait.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})
    for _ in range(60):
        if game_over(page):
            break
        step(page)
    assert game_over(page)
    assert page.locator(".tray-list .roll").count() >= 1

    # watch it again as a replay, step by step
    page.click("#frag-status >> text=Watch it again")
    page.wait_for_url("**/replay?step=0")
    assert page.inner_text("#step") == "0"
    page.click("a[rel=next]")
    page.wait_for_url("**/replay?step=1")
    assert page.inner_text("#step") == "1"
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/replay?step=2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**/replay?step=1")
    page.screenshot(path=str(artifacts / "gundice-replay.png"))

    # the start page lists it, finished, with a replay link
    page.goto(live_server.url + "/")
    row = page.locator("table.saved tbody tr").first
    assert "finished" in row.inner_text()
    page.screenshot(path=str(artifacts / "start-saved-games.png"), full_page=True)
    page.close()


def test_two_browsers_live_and_the_second_seat_cannot_act_for_the_first(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    # the start page hands out one link per side
    start = browser.new_page(viewport={"width": 1280, "height": 860})
    start.goto(live_server.url + "/")
    start.select_option("#scenario", SCENARIO)
    seats = f'.scenario-info[data-scenario="{SCENARIO}"]'
    start.select_option(f'{seats} select[data-side="british"]', "link")
    start.select_option(f'{seats} select[data-side="american"]', "link")
    start.click("#start-button")
    start.wait_for_selector("#links:not([hidden])")
    links = {
        side: start.input_value(f'#link-list input[data-side="{side}"]')
        for side in ("british", "american")
    }
    start.screenshot(path=str(artifacts / "gundice-links.png"))
    start.close()
    game_id = links["british"].split("/games/")[1].split("?")[0]
    created = {
        "id": game_id,
        "links": links,
        "tokens": {side: url.split("t=")[1] for side, url in links.items()},
    }
    one = browser.new_context(viewport={"width": 1280, "height": 860})
    two = browser.new_context(viewport={"width": 1280, "height": 860})
    british = one.new_page()
    american = two.new_page()
    british.goto(created["links"]["british"])
    american.goto(created["links"]["american"])
    british.wait_for_selector("#conn.live")
    american.wait_for_selector("#conn.live")

    assert british.title().startswith("▶ Your move")
    # each page offers only its own seat's question
    assert "HMS Shannon" in british.inner_text("#frag-prompt")
    assert "USS Chesapeake" in american.inner_text("#frag-prompt")

    # the british order reaches the american page live, without its content
    before = version(american)
    british.get_by_role("button", name="mobilise 5 gun dice", exact=True).click()
    wait_changed(american, before)
    assert "Royal Navy: secret order given" in american.inner_text("#frag-log")
    assert "mobilise 5 of HMS" not in american.inner_text("#frag-log")

    # the american page cannot act for the british seat, whatever it sends
    token = created["tokens"]["american"]
    result = american.evaluate(
        """async ([id, token]) => {
            const r = await fetch(`/api/games/${id}/answer`, {method: "POST",
              headers: {"Content-Type": "application/json"},
              body: JSON.stringify({token, answer: "no", seat: "british"})});
            return [r.status, (await r.json()).detail];
        }""",
        [created["id"], token],
    )
    assert result[0] == 403
    assert "cannot act for 'british'" in result[1]
    american.screenshot(path=str(artifacts / "gundice-second-seat.png"))
    one.close()
    two.close()


def test_a_server_restart_loses_nothing_and_the_page_carries_on(
    browser: Any, store: Any, artifacts: Path
) -> None:
    server = start_server(store)
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.goto(server.url + "/")
    page.click("#start-button")
    page.wait_for_url("**/games/*?t=*")
    page.wait_for_selector("#conn.live")
    step(page)
    cards = page.inner_text("#frag-cards")
    port = int(server.url.rsplit(":", 1)[1])
    stop_server(server)
    page.wait_for_selector("#conn:not(.live)")
    again = start_server(store, port)
    try:
        page.wait_for_selector("#conn.live", timeout=15000)
        assert page.inner_text("#frag-cards") == cards
        step(page)  # the reconnected page takes the new server's updates
        log = page.inner_text("#frag-log")
        page.reload()
        page.wait_for_selector("#conn.live")
        assert page.inner_text("#frag-log") == log
    finally:
        page.close()
        stop_server(again)


def _playable() -> list[tuple[str, str]]:
    from quarterdeck.core.scenario import bundled

    return [(s.ruleset, s.id) for s in bundled()]


FILL_FORM = """form => {
    const ints = [...form.querySelectorAll('input[data-type=int]')];
    for (const el of ints) el.value = el.min;
    const low = Number(form.dataset.totalLow || 0);
    let sum = ints.reduce((a, el) => a + Number(el.value), 0);
    for (const el of ints) {
        while (sum < low && Number(el.value) < Number(el.max)) {
            el.value = Number(el.value) + 1;
            sum++;
        }
    }
}"""


def generic_step(page: Any, dice: random.Random) -> None:
    """One move in any rule set: a roll (values as a person might throw
    them: a fixed value could tie an initiative roll for ever), a form (lowest
    legal values), or the first legal answer."""
    before = version(page)
    if page.locator("form.card-entry").count():
        # every kind of card is offered (which are left could tell of a secret
        # draw); one already drawn is refused with a message: draw another
        cards = [o.get_attribute("value") for o in page.locator("form.card-entry option").all()]
        dice.shuffle(cards)
        for card in cards:
            page.select_option("form.card-entry select", card)
            page.evaluate("document.getElementById('message').innerText = ''")
            page.click("form.card-entry button[type=submit]")
            page.wait_for_function(
                "v => { const g = document.getElementById('game');"
                " return (Number(g.dataset.version) > v && !g.classList.contains('busy'))"
                " || document.getElementById('message').innerText.includes('already drawn'); }",
                arg=before,
                timeout=15_000,
            )
            if version(page) > before:
                wait_changed(page, before)
                return
        raise AssertionError("no card of the deck was taken")
    if page.locator("form.dice-entry").count():
        sides = int(page.get_attribute("form.dice-entry", "data-sides") or 6)
        for box in page.locator("input.die-value").all():
            box.fill(str(dice.randint(1, sides)))
        page.click("form.dice-entry button[type=submit]")
        wait_changed(page, before)
        return
    form = page.locator("form.form-prompt")
    if form.count():
        form.evaluate(FILL_FORM)
        form.locator("button[type=submit]").click()
        wait_changed(page, before)
        return
    step(page)


# gun-dice games are short and are played to the end here; the longer games of
# the other rule sets get a bounded number of decisions in the browser and are
# played to the end through the API (test_api.py)
MOVES = {"gundice-boarding": 150}
SHORT = 8


@pytest.mark.parametrize(("ruleset", "scenario"), _playable())
@pytest.mark.parametrize("dice", ["program", "physical"])
def test_every_playable_scenario_plays_in_the_browser(
    browser: Any, live_server: LiveServer, artifacts: Path, ruleset: str, scenario: str, dice: str
) -> None:
    page = start_game(browser, live_server, ruleset, scenario, dice, (1280, 860))
    start_cards = page.inner_text("#frag-cards")
    start_table = page.inner_html("#frag-table")
    start_log = page.inner_text("#frag-log")
    throws = random.Random(scenario)
    limit = MOVES.get(ruleset, SHORT)
    if ruleset == "cutting-out" and dice == "physical":
        # the raiders' boats each roll their die before the one rowing form
        # (up to 15 at the Chevrette), and the log shows the step once it ends
        limit = 24
    moves = 0
    while moves < limit and not game_over(page):
        generic_step(page, throws)
        moves += 1
        assert page.inner_text("#message") == ""
    assert moves > 0
    # what was done shows: in the log, and on the cards or the table
    assert page.inner_text("#frag-log") != start_log
    changed = page.inner_text("#frag-cards") != start_cards
    assert changed or page.inner_html("#frag-table") != start_table or game_over(page)
    if ruleset in MOVES:
        assert game_over(page)
    assert page.locator("#table-svg").count() == 1
    page.screenshot(path=str(artifacts / f"{ruleset}-{scenario}-{dice}-table.png"))
    page.close()


def test_form_prompts_send_only_answers_within_their_bounds(
    browser: Any, live_server: LiveServer
) -> None:
    """Rule sets with structured answers (a crew assignment) get a form built
    from the prompt's fields; the page refuses values outside them."""
    from quarterdeck.web.fragments import _prompt

    html = _prompt(
        _FakeLive(),  # type: ignore[arg-type]
        _FakeGame(),  # type: ignore[arg-type]
        {
            "prompt": {
                "question": "Assign the crew",
                "rule": "3.1",
                "kind": "form",
                "fields": [
                    {"name": "guns", "label": "Guns", "type": "int", "low": 0, "high": 4},
                    {"name": "sails", "label": "Sails", "type": "int", "low": 0, "high": 4},
                    {
                        "name": "side",
                        "label": "Side",
                        "type": "choice",
                        "choices": [{"id": "port", "label": "port"}, {"id": "stbd", "label": "s"}],
                    },
                ],
                "total": [3, 5],
            }
        },
        "british",
    )
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.click("#start-button")
    page.wait_for_selector("#conn.live")
    sent: list[Any] = []

    def capture(route: Any) -> None:
        sent.append(route.request.post_data_json)
        route.fulfill(status=400, json={"detail": "refused by the test"})

    page.route("**/answer", capture)
    page.evaluate("html => { document.getElementById('frag-prompt').innerHTML = html; }", html)
    page.fill("input[name=guns]", "9")
    page.click("form.form-prompt button[type=submit]")
    page.wait_for_selector("#message:has-text('legal values 0 to 4')")
    page.fill("input[name=guns]", "1")
    page.fill("input[name=sails]", "1")
    page.click("form.form-prompt button[type=submit]")
    page.wait_for_selector("#message:has-text('must add up to 3 to 5')")
    assert sent == []
    page.fill("input[name=sails]", "3")
    page.select_option("select[name=side]", "stbd")
    page.click("form.form-prompt button[type=submit]")
    page.wait_for_selector("#message:has-text('refused by the test')")
    assert sent[0]["answer"] == {"guns": 1, "sails": 3, "side": "stbd"}
    page.close()


class _FakeLive:
    need = None
    ruleset = "no-such-ruleset"  # the generic renderer: no form values of its own


class _FakeGame:
    @staticmethod
    def result() -> None:
        return None


def test_pages_on_two_server_processes_sharing_a_database_update_live(
    browser: Any, store: Any
) -> None:
    one, two = start_server(store), start_server(store)
    try:
        created = httpx.post(
            f"{one.url}/api/games",
            json={"scenario": SCENARIO, "seats": {"british": "link", "american": "link"}},
        ).json()
        british = browser.new_page()
        american = browser.new_page()
        british.goto(f"{one.url}/games/{created['id']}?t={created['tokens']['british']}")
        american.goto(f"{two.url}/games/{created['id']}?t={created['tokens']['american']}")
        british.wait_for_selector("#conn.live")
        american.wait_for_selector("#conn.live")
        before = version(american)
        british.get_by_role("button", name="mobilise 5 gun dice", exact=True).click()
        american.wait_for_function(
            "v => Number(document.getElementById('game').dataset.version) > v",
            arg=before,
            timeout=10_000,
        )
        assert "Royal Navy: secret order given" in american.inner_text("#frag-log")
        british.close()
        american.close()
    finally:
        stop_server(one)
        stop_server(two)


DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")


@pytest.mark.parametrize("dice", ["program", "physical"])
def test_away_boarders_a_move_picked_on_the_field_of_points(
    browser: Any, live_server: LiveServer, artifacts: Path, dice: str
) -> None:
    page = start_game(browser, live_server, "away-boarders", "valcour-carleton-1776", dice)
    assert page.locator("#table-svg .land").count() > 0
    assert "wind from NE" in page.text_content("#table-svg .wind")
    assert not page.locator("#layer-arcs").is_visible()  # no layer to show here
    assert page.locator(".ab-display").count() == 6
    throws = random.Random(7)
    for _ in range(30):
        if page.locator("#frag-table .move-option.choosable").count():
            break
        generic_step(page, throws)
    options = page.locator("#frag-table .move-option.choosable")
    assert options.count() >= 2
    mover = page.get_attribute("#frag-table .move-options", "data-mover")
    # pick the last move on the table: its button is marked and its ghost shown
    option = options.last
    answer = option.get_attribute("data-answer")
    q, r, facing = (int(v) for v in option.get_attribute("data-dest").split(","))
    option.locator(".handle").click()
    button = page.locator(f'button.answer[data-answer="{answer}"]')
    assert "chosen" in (button.get_attribute("class") or "")
    assert "picked" in (option.get_attribute("class") or "")
    assert option.locator(".ghost").evaluate("g => getComputedStyle(g).opacity") == "1"
    assert "Picked on the table" in page.inner_text("#pick-note")
    page.screenshot(path=str(artifacts / f"away-boarders-{dice}-move-picked.png"))
    before = version(page)
    button.click()
    wait_changed(page, before)
    if page.locator("form.dice-entry").count():  # an incident asks for a roll
        generic_step(page, throws)
    card = page.locator(f'.ab-display[data-ship="{mover}"]')
    assert card.locator(".facing").inner_text().split()[0] == DIRECTIONS[facing]
    x, y = (q + r / 2) * 48, r * 48 * 3**0.5 / 2
    moved = page.get_attribute(f'#table-svg g.ship[data-ship="{mover}"]', "transform")
    if "," not in moved and page.locator(f'#table-svg g.ship[data-ship="{mover}"]').count() == 1:
        tx, ty = (float(v) for v in moved[len("translate(") : -1].split())
        assert abs(ty - y) < 0.2 and abs(tx - x) < 48  # on her point (others may share it)
    for _ in range(6):
        if game_over(page):
            break
        generic_step(page, throws)
    page.screenshot(path=str(artifacts / f"away-boarders-{dice}-table.png"), full_page=True)
    page.close()


@pytest.mark.parametrize("dice", ["program", "physical"])
def test_flotilla_a_move_picked_on_the_inch_table(
    browser: Any, live_server: LiveServer, artifacts: Path, dice: str
) -> None:
    page = start_game(browser, live_server, "flotilla", "mobile-bay-1864", dice)
    throws = random.Random(11)
    for _ in range(20):
        if page.locator("#frag-table .move-option.choosable").count():
            break
        generic_step(page, throws)
    assert page.locator("#table-svg .land").count() == 1
    assert page.locator("#table-svg .torpedo").count() == 3
    assert page.locator(".fl-card").count() == 5  # four ships and the fort
    # arcs of fire and range bands, on demand; the choice survives redraws
    arcs = page.locator("#table-svg [data-layer=arcs]")
    assert not arcs.is_visible() and page.locator("#layer-arcs").is_visible()
    page.click("#layer-arcs")
    assert arcs.is_visible()
    options = page.locator("#frag-table .move-option.choosable")
    assert options.count() >= 3
    mover = page.get_attribute("#frag-table .move-options", "data-mover")
    card = page.locator(f'.fl-card[data-ship="{mover}"]')
    speed_before = card.locator(".speed").inner_text()
    was = page.get_attribute(f'#table-svg g.ship[data-ship="{mover}"]', "transform")
    start = tuple(float(v) for v in was[len("translate(") : -1].split())
    # pick the fastest straight-ahead move on the table: its ghost shows where it leads
    ids = [options.nth(n).get_attribute("data-answer") for n in range(options.count())]
    straight = [a for a in ids if a.startswith("s") and a.endswith("/0/0/0")]
    answer = max(straight, key=lambda a: int(a[1:].split("/")[0]))
    option = page.locator(f'#frag-table .move-option[data-answer="{answer}"]')
    option.locator(".handle").click()
    button = page.locator(f'button.answer[data-answer="{answer}"]')
    assert "chosen" in (button.get_attribute("class") or "")
    assert option.locator(".ghost").evaluate("g => getComputedStyle(g).opacity") == "1"
    page.screenshot(path=str(artifacts / f"flotilla-{dice}-move-picked.png"))
    x, y = (float(v) for v in option.get_attribute("data-dest").split(",")[:2])
    before = version(page)
    button.click()
    wait_changed(page, before)
    speed = int(answer[1:].split("/")[0])
    assert card.locator(".speed").inner_text().split()[0] == str(speed)
    assert speed_before.split()[0] != str(speed) or speed == 6
    assert arcs.is_visible()
    # she is on her way to where her ghost was (the rule set moves her by halves)
    moved = page.get_attribute(f'#table-svg g.ship[data-ship="{mover}"]', "transform")
    tx, ty = (float(v) for v in moved[len("translate(") : -1].split())
    sx, sy = start
    goal = (x * 10, (48 - y) * 10)  # table inches, 48 deep, north up
    assert math.dist((tx, ty), goal) < math.dist((sx, sy), goal) - 1
    for _ in range(8):
        if game_over(page):
            break
        generic_step(page, throws)
    page.screenshot(path=str(artifacts / f"flotilla-{dice}-table.png"), full_page=True)
    page.close()


def test_flotilla_a_unit_to_fire_is_picked_by_clicking_it(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """An answer that is a piece's id (a unit to fire, a target) is picked on the table."""
    page = start_game(browser, live_server, "flotilla", "iron-city-duel")
    throws = random.Random(5)
    pieces = page.locator("#frag-table .choosable[data-ship]")
    for _ in range(30):
        if pieces.count():
            break
        generic_step(page, throws)
    assert pieces.count() >= 1
    piece = pieces.first
    ship = piece.get_attribute("data-ship")
    piece.click()
    button = page.locator(f'button.answer[data-answer="{ship}"]')
    assert "chosen" in (button.get_attribute("class") or "")
    assert "picked" in (piece.get_attribute("class") or "")
    page.screenshot(path=str(artifacts / "flotilla-pick-unit.png"))
    before = version(page)
    button.click()
    wait_changed(page, before)
    assert page.inner_text("#message") == ""
    page.close()


def test_away_boarders_the_seats_own_secret_crew_orders_show_on_its_card(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(live_server.url + "/")
    page.select_option("#ruleset", "away-boarders")
    page.select_option("#scenario", "champlain-duel-1776")
    seats = '.scenario-info[data-scenario="champlain-duel-1776"]'
    page.select_option(f'{seats} select[data-side="british"]', "link")
    page.select_option(f'{seats} select[data-side="american"]', "link")  # she stays silent
    page.click("#start-button")
    page.wait_for_selector("#links:not([hidden])")
    links = {
        side: page.input_value(f'#link-list input[data-side="{side}"]')
        for side in ("british", "american")
    }
    throws = random.Random(3)
    other = browser.new_page(viewport={"width": 1280, "height": 860})
    other.goto(links["american"])
    other.wait_for_selector("#conn.live")
    generic_step(other, throws)  # her first loads (a form), then nothing more
    other.close()
    page.goto(links["british"])
    page.wait_for_selector("#conn.live")
    for _ in range(4):  # the first loads of her batteries (a form)
        if page.locator('button.answer[data-answer^="plan:"]').count():
            break
        generic_step(page, throws)
    assert page.locator(".secret-orders").count() == 0
    before = version(page)
    page.locator('button.answer[data-answer^="plan:"]').first.click()
    wait_changed(page, before)
    orders = page.locator('.ab-display[data-ship="carleton"] .secret-orders')
    assert orders.count() == 1 and "crew plan" in orders.inner_text()
    assert page.locator('.ab-display[data-ship="royal-savage"] .secret-orders').count() == 0
    page.screenshot(path=str(artifacts / "away-boarders-secret-orders.png"), full_page=True)
    page.close()


def test_flotilla_a_turn_at_the_middle_is_picked_from_its_ghosts(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """The turn at the middle of a move is any angle up to the card's: every
    angle offered is drawn as a ghost of where she will be, and picked there."""
    page = start_game(browser, live_server, "flotilla", "iron-city-duel")
    throws = random.Random(3)
    turns = page.locator('#frag-table .move-option.choosable[data-answer^="t"]')
    for _ in range(30):
        if turns.count():
            break
        generic_step(page, throws)
    assert turns.count() >= 5  # none, and 15, 30, 45 degrees either way
    answers = [turns.nth(n).get_attribute("data-answer") for n in range(turns.count())]
    assert "t0" in answers and any(a not in ("t0",) and abs(int(a[1:])) < 45 for a in answers)
    assert page.locator("#frag-table .move-option .ghost").count() == turns.count()
    pick = next(a for a in answers if a != "t0")
    option = page.locator(f'#frag-table .move-option[data-answer="{pick}"]')
    mover = page.get_attribute("#frag-table .move-options", "data-mover")
    x, y = (float(v) for v in option.get_attribute("data-dest").split(",")[:2])
    option.locator(".handle").click()
    button = page.locator(f'button.answer[data-answer="{pick}"]')
    assert "chosen" in (button.get_attribute("class") or "")
    assert option.locator(".ghost").evaluate("g => getComputedStyle(g).opacity") == "1"
    page.screenshot(path=str(artifacts / "flotilla-turn-picked.png"))
    before = version(page)
    button.click()
    wait_changed(page, before)
    assert page.inner_text("#message") == ""
    # she has turned and made the second half of her move: she is where her ghost was
    moved = page.get_attribute(f'#table-svg g.ship[data-ship="{mover}"]', "transform")
    tx, ty = (float(v) for v in moved[len("translate(") : -1].split())
    assert math.dist((tx, ty), (x * 10, (48 - y) * 10)) < 1
    page.close()


def test_ship_cards_own_first_filtered_and_found_by_clicking_a_ship(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """The seat's own cards come first; "yours" hides the others' (kept on a
    reload); clicking a ship on the table that answers nothing shows its card."""
    page = start_game(browser, live_server, "away-boarders", "champlain-duel-1776")
    mine = page.locator('#frag-cards .card[data-ship="carleton"]')
    theirs = page.locator('#frag-cards .card[data-ship="royal-savage"]')
    assert mine.get_attribute("data-side") == "british" and "own" in (
        mine.get_attribute("class") or ""
    )
    assert "own" not in (theirs.get_attribute("class") or "")
    a, b = mine.bounding_box(), theirs.bounding_box()
    assert a is not None and b is not None and (a["y"], a["x"]) < (b["y"], b["x"])
    page.click('[data-cards="mine"]')
    assert theirs.is_hidden() and mine.is_visible()
    page.reload()
    page.wait_for_selector("#conn.live")
    assert (
        theirs.is_hidden() and page.get_attribute('[data-cards="mine"]', "aria-pressed") == "true"
    )
    page.locator('#frag-table [data-ship="royal-savage"]').first.click()
    assert theirs.is_visible() and "flash" in (theirs.get_attribute("class") or "")
    assert page.get_attribute('[data-cards="all"]', "aria-pressed") == "true"
    page.screenshot(path=str(artifacts / "cards-found-by-clicking.png"))
    page.close()


def test_physical_dice_each_side_enters_its_own_roll_and_no_other(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Cape St Vincent at a real table, two browsers: the Royal Navy declares
    a boarding attempt, the Spanish answer last, and the attempt's roll is
    asked of the British page alone; the Spanish token is refused."""
    scenario = "cape-st-vincent-1797"
    start = browser.new_page(viewport={"width": 1280, "height": 860})
    start.goto(live_server.url + "/")
    start.select_option("#ruleset", "gundice-boarding")
    start.select_option("#scenario", scenario)
    seats = f'.scenario-info[data-scenario="{scenario}"]'
    start.select_option(f'{seats} select[data-side="british"]', "link")
    start.select_option(f'{seats} select[data-side="spanish"]', "link")
    start.check("input[name=dice][value=physical]")
    start.click("#start-button")
    start.wait_for_selector("#links:not([hidden])")
    links = {
        side: start.input_value(f'#link-list input[data-side="{side}"]')
        for side in ("british", "spanish")
    }
    start.close()
    one = browser.new_context(viewport={"width": 1280, "height": 860})
    two = browser.new_context(viewport={"width": 1280, "height": 860})
    british, spanish = one.new_page(), two.new_page()
    british.goto(links["british"])
    spanish.goto(links["spanish"])
    british.wait_for_selector("#conn.live")
    spanish.wait_for_selector("#conn.live")

    def click(page: Any, name: str) -> None:
        before = version(page)
        page.get_by_role("button", name=name, exact=True).click()
        wait_changed(page, before)

    click(british, "mobilise 5 gun dice")
    click(spanish, "mobilise 5 gun dice")
    click(british, "attempt to board San Nicolás de Bari")
    click(spanish, "no boarding attempt")  # the Spanish answer last
    british.wait_for_selector("form.dice-entry")
    spanish.wait_for_function("document.querySelector('#frag-need').innerText.includes('enters')")
    assert spanish.locator("form.dice-entry").count() == 0
    need = spanish.inner_text("#frag-need")
    assert "Boarding attempt, HMS Captain" in need and "Royal Navy" in need
    assert "Your roll" in british.inner_text("#frag-status")
    token = links["spanish"].split("t=")[1]
    game_id = links["spanish"].split("/games/")[1].split("?")[0]
    refused = spanish.evaluate(
        """async ([id, token]) => {
            const r = await fetch(`/api/games/${id}/dice`, {method: "POST",
              headers: {"Content-Type": "application/json"},
              body: JSON.stringify({token, values: [6, 6, 6]})});
            return [r.status, (await r.json()).detail];
        }""",
        [game_id, token],
    )
    assert refused[0] == 403
    assert (
        refused[1]
        == "this roll belongs to british: only that seat's link may enter it, not 'spanish'"
    )
    british.screenshot(path=str(artifacts / "gundice-physical-own-roll.png"))
    spanish.screenshot(path=str(artifacts / "gundice-physical-other-roll.png"))
    # the British roll a 6: the action starts, and each side then rolls its own
    # boarding dice on its own page
    step(british, 6)
    rolled = {"british": 0, "spanish": 0}
    pages = {"british": british, "spanish": spanish}
    for _ in range(20):
        if rolled["british"] and rolled["spanish"]:
            break
        with_form = [s for s, p in pages.items() if p.locator("form.dice-entry").count()]
        assert len(with_form) <= 1, "only the seat that rolls is asked"
        if with_form:
            side = with_form[0]
            rolled[side] += 1
        else:
            side = next(s for s, p in pages.items() if p.locator("button.answer").count())
        other = "spanish" if side == "british" else "british"
        before = version(pages[other])
        step(pages[side], 3)
        wait_changed(pages[other], before)
    assert rolled["british"] >= 1 and rolled["spanish"] >= 1
    one.close()
    two.close()
