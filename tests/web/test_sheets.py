"""Sheets to print (issue 15): the cards split by side, and the quick
reference of the charts drawn from a rule set's tables file."""

from __future__ import annotations

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
