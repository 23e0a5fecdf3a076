"""Sheets to print (issue 15): the cards split by side, and the quick
reference of the charts drawn from a rule set's tables file."""

from __future__ import annotations

from typing import Any

from quarterdeck.rulesets import get_ruleset
from quarterdeck.web.render.sheets import card_groups, charts, reference_body

SIDES = [
    {"name": "british", "title": "Royal Navy", "colour": "#b22234"},
    {"name": "american", "title": "Continental Navy", "colour": "#1f4e9c"},
]


def test_cards_are_grouped_by_side_in_the_scenarios_order_and_the_rest_come_last() -> None:
    html = (
        '<article class="card" data-ship="a" data-side="american">A</article>'
        '<article class="card" data-ship="b" data-side="british">B</article>'
        '<article class="card points-card">points</article>'
        '<article class="card" data-ship="c" data-side="american">C</article>'
    )
    groups = card_groups(html, SIDES)
    assert [(g[0], g[1], len(g[3])) for g in groups] == [
        ("british", "Royal Navy", 1),
        ("american", "Continental Navy", 2),
        ("", "The battle", 1),
    ]
    assert "".join(p for g in groups for p in g[3]).count("<article") == 4


def test_no_cards_make_no_groups() -> None:
    """A view with nothing to print (a watcher who sees no ship in the fog)."""
    assert card_groups("", SIDES) == []


def test_the_reference_shows_the_printed_hit_table_row_for_row() -> None:
    data = charts(get_ruleset("away-boarders"), None)
    html = reference_body(data, None)
    row = data["hit_table"]["rows"]["12"]
    assert "<th>12</th>" + "".join(f"<td>{v}</td>" for v in row) in html
    # the grid says what its columns are, and ids read as words
    assert '<th class="corner">ranges →</th>' in html
    assert "repair_hull" not in html and "repair hull" in html
    assert "house" not in html


def test_house_rules_are_merged_into_the_reference_and_marked() -> None:
    house = {"attempt": {"success_face": 5}}
    data = charts(get_ruleset("gundice-boarding"), house)
    assert data["attempt"]["success_face"] == 5
    assert data["attempt"]["starting_dice"] == 2  # the printed rest stays
    html = reference_body(data, house)
    assert '<div class="house"><dt>success face</dt><dd>5</dd></div>' in html
    assert "house rules</span>" in html


def test_the_renderers_stylesheet_before_the_cards_leads_every_group() -> None:
    """Cutting Out Party's cards open with their stylesheet (the deck's
    colours): each printed group keeps it, or the deck prints solid black."""
    html = (
        "<style>.co-deck .deck { fill: tan; }</style>"
        '<article class="card" data-ship="a" data-side="american">A</article>'
        '<article class="card" data-ship="b" data-side="british">B</article>'
        '<article class="card points-card">points</article>'
    )
    groups = card_groups(html, SIDES)
    assert [g[3][0].startswith("<style>.co-deck") for g in groups] == [True, True, True]
    assert all(i.startswith("<article") for g in groups for i in g[3][1:])
    assert "".join(p for g in groups for p in g[3]).count("<article") == 3


def test_a_chart_of_records_prints_as_one_grid_a_record_a_row() -> None:
    """ACW River's gunfire table: each gun a row of one grid (kind, damage,
    alternate moves), not a heading and three lines a gun over eleven pages;
    Cutting Out Party's boats likewise."""
    html = reference_body(charts(get_ruleset("acw-river"), None), None)
    guns = html.index("<caption>guns</caption>")
    grid = html[guns : html.index("</table>", guns)]
    assert "<th>kind</th><th>damage</th><th>printed</th><th>alternate</th>" in grid
    assert "<tr><th>7in rifle</th><td>rifle</td><td>8</td><td>yes</td><td>yes</td>" in grid
    assert "<h3>7in rifle" not in html
    boats = reference_body(charts(get_ruleset("cutting-out"), None), None)
    assert '<section class="chart" data-chart="boats"><h3>Boats</h3><table' in boats
    assert "<th>length ft</th><th>capacity</th><th>hull points</th>" in boats
    assert "<tr><th>launch</th><td>32</td><td>24</td><td>4</td></tr>" in boats


def test_a_house_rule_in_a_record_marks_its_row() -> None:
    house = {"gunfire": {"guns": {"7in-rifle": {"damage": 10}}}}
    data = charts(get_ruleset("acw-river"), house)
    html = reference_body(data, house)
    assert "<tr class='house'><th>7in rifle</th><td>rifle</td><td>10</td>" in html


def test_charts_stored_as_range_bands_are_headed_by_their_bands(client: Any) -> None:
    """Cutting Out Party's small arms and cannon charts keep their range
    bands as upper limits (``bands = [1.0, 5.0, 6.0]``): the quick reference
    heads each column with its band in inches (the printed chart's 1", 2-5",
    6", read as up to 1, over 1 to 5, over 5 to 6), and a gun's hit roll
    and grape roll a column a band."""
    html = reference_body(charts(get_ruleset("cutting-out"), None), None)
    small = html[html.index('data-chart="small_arms"') :]
    assert (
        '<th class="corner">range →</th><th>up to 1 in</th><th>over 1 to 5 in</th>'
        "<th>over 5 to 6 in</th>"
    ) in small
    assert "<tr><th>british american marines</th><td>3-6</td><td>4-6</td><td>6</td></tr>" in small
    cannon = html[html.index('data-chart="cannon"') :]
    heads = [
        "hit: up to 6 in",
        "hit: over 6 to 12 in",
        "hit: over 12 to 24 in",
        "hit: over 24 to 36 in",
        "hit: over 36 to 48 in",
        "hit: over 48 to 60 in",
        "grape: up to 6 in",
        "grape: over 6 to 12 in",
    ]
    assert "".join(f"<th>{h}</th>" for h in heads) in cannon
    assert (
        "<tr><th>land based gun</th><td>2-6</td><td>2-6</td><td>3-6</td><td>4-6</td><td>5-6</td>"
        "<td>6</td><td>d10</td><td>d10</td>"
    ) in cannon
    assert "<dt>bands</dt>" not in html  # the bands are the headers, not a line of numbers
    # the page a club prints has them
    page = client.get("/scenarios/sample-game/reference").text
    assert "<th>over 1 to 5 in</th>" in page and "<th>grape: up to 6 in</th>" in page


def test_a_band_the_printed_chart_marks_n_a_reads_n_a_not_0() -> None:
    """Small Arms Chart: British sailors hit on 4-6 at 1 in, 5-6 at 2-5 in,
    n/a at 6 in; Cannon Firing Chart: a ship's gun is n/a at 48-60 in, a
    swivel beyond 12 in. The tables keep n/a as 0 (the lowest roll that
    hits); the quick reference a club prints said 0, which reads as a hit on
    any roll."""
    html = reference_body(charts(get_ruleset("cutting-out"), None), None)
    small = html[html.index('data-chart="small_arms"') :]
    assert "<tr><th>british american sailors</th><td>4-6</td><td>5-6</td><td>n/a</td></tr>" in small
    cannon = html[html.index('data-chart="cannon"') :]
    assert (
        "<tr><th>ship&#39;s gun</th><td>2-6</td><td>3-6</td><td>4-6</td><td>5-6</td><td>6</td>"
        "<td>n/a</td><td>d10</td><td>half-d10</td>"
    ) in cannon
    assert (
        "<tr><th>swivel gun</th><td>3-6</td><td>5-6</td><td>n/a</td><td>n/a</td><td>n/a</td>"
        "<td>n/a</td><td>d6</td><td>half-d6</td>"
    ) in cannon
    assert "<td>0</td>" not in small[: small.index("</table>")]
