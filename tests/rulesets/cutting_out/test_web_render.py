"""The web table of Cutting Out Party: the harbour to scale, the spotting
distances as a layer shown on demand, the deck cut-out as its own panel with
every figure a marker, and nothing of the raiders for a seat that has not
seen them."""

from __future__ import annotations

import html
import re
from typing import Any

from quarterdeck.core.hidden import EVERYTHING
from quarterdeck.rulesets.cutting_out import RULESET
from quarterdeck.web.render import renderer_for
from quarterdeck.web.render.cutting_out import CuttingOutRenderer

from .helpers import fresh, put_on_deck

COLOURS = {"british": "#b22222", "french": "#1f4e9c"}


def view(seat: str | None, **changes: Any) -> dict[str, Any]:
    s = fresh(random_events=False)
    for key, value in changes.items():
        setattr(s, key, value)
    put_on_deck(s, "launch-9", 3.0, 0.5)
    return RULESET.view(s, seat)


def test_the_rule_set_gets_its_renderer() -> None:
    assert isinstance(renderer_for("cutting-out"), CuttingOutRenderer)


def test_the_harbour_is_drawn_to_scale_with_its_land_battery_and_ship() -> None:
    svg = CuttingOutRenderer().table(view("british"), COLOURS)
    assert svg.count('class="land"') == 3
    assert 'data-ship="corvette"' in svg and 'data-ship="battery"' in svg
    # 72 by 48 inches at 10 units an inch
    assert '<rect class="table-edge" x="0" y="0" width="720" height="480"/>' in svg
    assert svg.count('class="boat-piece"') == 3
    assert "to the open sea" in svg


def test_the_spotting_distances_are_a_layer_shown_on_demand() -> None:
    svg = CuttingOutRenderer().table(view("british"), COLOURS)
    layer = re.search(r'<g class="ranges" data-layer="arcs">(.*?)</g>', svg, re.S)
    assert layer is not None
    assert "within 6 in is spotted on 4-6" in layer.group(1)
    assert "within 12 in is spotted on 5-6" in layer.group(1)
    assert "within 24 in is spotted on 6" in layer.group(1)


def test_the_defender_sees_no_boat_and_no_raider_marker_before_the_spotting() -> None:
    v = view("french")
    renderer = CuttingOutRenderer()
    svg = renderer.table(v, COLOURS)
    assert 'class="boat-piece"' not in svg
    assert 'data-figure="launch-' not in svg
    assert "somewhere out in the dark" in svg
    cards = renderer.cards(v, COLOURS)
    assert 'data-figure="launch-9"' not in cards
    assert "whereabouts unknown" in cards
    spectator = renderer.table(view(None), COLOURS)
    assert 'class="boat-piece"' not in spectator
    umpire = renderer.table(view(EVERYTHING), COLOURS)
    assert umpire.count('class="boat-piece"') == 3


def test_the_deck_cut_out_panel_shows_every_figure_on_deck_by_type() -> None:
    cards = CuttingOutRenderer().cards(view("british"), COLOURS)
    deck = cards[cards.index("deck-card") : cards.index("</article>", cards.index("deck-card"))]
    markers = re.findall(r'data-figure="([^"]+)" data-kind="([^"]+)" data-side="([^"]+)"', deck)
    assert ("launch-9", "marine", "british") in markers
    assert sum(1 for _, _, side in markers if side == "french") == 3  # the guard
    assert "british marine of the launch&#39;s crew" in deck
    assert deck.count('class="boarding-point"') == 6
    assert "the main hatch" in deck
    assert "16 of the crew below" in deck


def test_the_renderer_survives_a_sparse_view() -> None:
    renderer = CuttingOutRenderer()
    for v in ({}, {"ships": [{"id": "x"}], "boats": [None], "figures": [{"where": "deck"}]}):
        assert renderer.table(v, {}).startswith("<svg")
        assert isinstance(renderer.cards(v, {}), str)


def test_each_boat_of_the_rowing_form_has_drag_ends_that_fill_her_row() -> None:
    """Drag moves: for each boat of the open rowing form, a group of ends
    (``.move-options[data-mover]``), each a ghost at the end of one row and
    the fields it fills (``data-fill``), answering nothing by itself."""
    import json

    from quarterdeck.core.dice import ScriptedDice

    from .helpers import game

    g = game(random_events=False, dice=ScriptedDice([4, 6, 2]))
    v = g.view("british")
    v.update(g.ruleset.table_view(g.state, v))
    svg = CuttingOutRenderer().table(v, COLOURS)
    for boat in ("launch", "cutter", "jolly-boat"):
        assert f'<g class="move-options" data-mover="{boat}">' in svg
    fills = [json.loads(html.unescape(m)) for m in re.findall(r'data-fill="([^"]*)"', svg)]
    assert len(fills) == sum(len(e) for e in v["row_ends"].values())
    assert {"launch/toward": "heading:90", "launch/inches": 10} in fills
    assert "data-answer" not in svg
    assert 'data-unit="10" data-unit-name="in"' in svg  # the tape measures in inches
    # the other side's table has none
    french = g.view("french")
    french.update(g.ruleset.table_view(g.state, french))
    assert "move-options" not in CuttingOutRenderer().table(french, COLOURS)


def test_the_sea_edges_words_stand_clear_of_the_boats_lying_at_it() -> None:
    """The sample game's boats start at the west (sea) edge, 20 to 30 in
    up it, where "to the open sea" was written (the middle, 24 in): the
    words go to the nearest stretch of the edge with no boat beside it;
    the defender, who sees no boat, reads them in the middle."""
    for seat, clear in (("british", True), ("french", False)):
        svg = CuttingOutRenderer().table(view(seat), COLOURS)
        found = re.search(r'<text class="exit obstacle" x="(-?\d+)" y="(\d+)"', svg)
        assert found is not None
        up = 48.0 - int(found.group(2)) / 10  # inches from the south end
        if clear:
            assert all(abs(up - b) > 6.0 for b in (20.0, 25.0, 30.0)), up
        else:
            assert up == 24.0
