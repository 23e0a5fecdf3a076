"""ACW River and Coastal in headless chromium: a ship of the plot form is
dragged to a ghost of where a speed and helm leave her (Movement; Turning
Ships), release fills her speed and helm, and the form sent moves her there."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.test_browser import generic_step, start_game, version, wait_changed

pytestmark = pytest.mark.browser


def _translate(page: Any, selector: str) -> tuple[float, float]:
    found = re.search(
        r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", page.get_attribute(selector, "transform")
    )
    assert found, selector
    return float(found.group(1)), float(found.group(2))


def _centre(page: Any, ship: str) -> tuple[float, float]:
    """Her position in SVG units: the centre of her hit circle."""
    hit = page.locator(f'#frag-table g.ship[data-ship="{ship}"] circle.hit').first
    return float(hit.get_attribute("cx") or 0), float(hit.get_attribute("cy") or 0)


def test_a_ship_dragged_to_a_ghost_fills_her_speed_and_helm_and_the_form_sent_moves_her(
    browser: Any, live_server: LiveServer, artifacts: Path
) -> None:
    """Movement by dragging: the first ship of the plot form is dragged to
    the ghost of her fastest hard-starboard plot; release fills her speed and
    helm (nothing is sent); the form sent, she lies at (near) the ghost."""
    page = start_game(browser, live_server, "acw-river", "hampton-roads-1862", "program")
    throws = random.Random(3)
    for _ in range(30):
        if page.locator("form.form-prompt select[name$='/helm']").count():
            break
        generic_step(page, throws)
    form = page.locator("form.form-prompt")
    ship = (form.locator("select[name$='/helm']").first.get_attribute("name") or "").split("/")[0]
    ends = page.locator(f'#frag-table .move-options[data-mover="{ship}"] .move-option[data-fill]')
    assert ends.count() >= 7
    assert not ends.first.is_visible()  # shown only while she is dragged
    fills = [json.loads(e.get_attribute("data-fill") or "{}") for e in ends.all()]
    speed_in = form.locator(f'input[name="{ship}/speed"]')
    helm_in = form.locator(f'select[name="{ship}/helm"]')
    high = int(speed_in.get_attribute("max") or 0)
    chosen = {f"{ship}/speed": high, f"{ship}/helm": "hard-starboard"}
    assert chosen in fills
    n = fills.index(chosen)
    ghost = f'#frag-table .move-options[data-mover="{ship}"] .move-option:nth-child({n + 1}) .ghost'
    gx, gy = _translate(page, ghost)
    target = page.evaluate("([x, y]) => window.qdTable.frame().toScreen(x, y)", [gx, gy])
    hull = page.locator(f'#frag-table g.ship[data-ship="{ship}"] .hull').first.bounding_box()
    sx, sy = hull["x"] + hull["width"] / 2, hull["y"] + hull["height"] / 2
    helm_in.select_option("ahead")
    before = version(page)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + target[0]) / 2, (sy + target[1]) / 2, steps=4)
    assert page.locator(ghost).is_visible()  # the ends show while she is dragged
    page.screenshot(path=str(artifacts / "acw-drag.png"))
    page.mouse.move(target[0], target[1], steps=4)
    page.mouse.up()
    assert helm_in.input_value() == "hard-starboard"
    assert speed_in.input_value() == str(high)
    assert version(page) == before  # nothing sent yet
    assert "Submit the form" in page.inner_text("#pick-note")
    page.screenshot(path=str(artifacts / "acw-drag-filled.png"))
    # in the first move she may fire after any quarter, which pauses the
    # move: every ship of the form fires at the end of it here
    for q in form.locator("input[name$='/quarter']").all():
        q.fill(q.get_attribute("max") or "4")
    start = _centre(page, ship)
    assert start != pytest.approx((gx, gy), abs=2.0)
    form.locator("button[type=submit]").click()
    wait_changed(page, before)
    try:
        page.wait_for_function(
            "([id, x, y]) => { const c = document.querySelector("
            '`#frag-table g.ship[data-ship="${id}"] circle.hit`);'
            " return c && Math.hypot(Number(c.getAttribute('cx')) - x,"
            " Number(c.getAttribute('cy')) - y) < 2; }",
            arg=[ship, gx, gy],
            timeout=60_000,
        )
    except Exception as e:
        log = page.locator(".log-list li").all_inner_texts()
        raise AssertionError(f"{ship} did not move; the log ends {log[-8:]}") from e
    # open water: she ends where the ghost was (the move may be cut short
    # only by a hull, the shore or a hazard, none near her at the start)
    assert _centre(page, ship) == pytest.approx((gx, gy), abs=2.0)
    page.close()
