"""Drawing pieces: the gun-dice renderer, the generic fallback, the prompt panel."""

from __future__ import annotations

from typing import Any

from quarterdeck.core.scenario import load
from quarterdeck.core.store import Store
from quarterdeck.web.fragments import _prompt
from quarterdeck.web.games import Games
from quarterdeck.web.render import GenericRenderer, renderer_for
from quarterdeck.web.render.dice import die
from quarterdeck.web.render.gundice import GunDiceRenderer, bearing

COLOURS = {"british": "#b22234", "american": "#1f4e9c"}


def gundice_view() -> dict[str, Any]:
    from quarterdeck.core.engine import Game

    game = Game.new(load("shannon-chesapeake-1813"), seed=1)
    return game.view("british")


def test_each_rule_set_gets_its_renderer_or_the_generic_one() -> None:
    assert isinstance(renderer_for("gundice-boarding"), GunDiceRenderer)
    assert isinstance(renderer_for("flotilla"), GenericRenderer)
    assert isinstance(renderer_for("away-boarders"), GenericRenderer)


def test_gundice_table_draws_every_ship_at_its_heading_and_the_fouled_contact() -> None:
    svg = GunDiceRenderer().table(gundice_view(), COLOURS)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'data-ship="shannon"' in svg and 'data-ship="chesapeake"' in svg
    assert "rotate(90.0)" in svg and "rotate(80.0)" in svg
    assert 'class="fouled"' in svg
    assert "#b22234" in svg and "#1f4e9c" in svg


def test_gundice_card_shows_gun_dice_free_committed_lost_and_capture() -> None:
    view = gundice_view()
    ship = next(s for s in view["ships"] if s["id"] == "chesapeake")
    ship.update(gun_dice_committed=5, gun_dice_lost=0, captured_by="british", failed_attacker=True)
    ship["gun_dice_free"] = ship["gun_dice"] - ship["gun_dice_hits"] - 5
    html = GunDiceRenderer().cards(view, COLOURS)
    card = html[html.index('data-ship="chesapeake"') :]
    assert card.count('class="gd committed"') == 5
    assert card.count('class="gd hit"') == ship["gun_dice_hits"]
    assert "Captured by british" in card and "Failed attacker" in card


def test_gundice_action_card_shows_boarding_dice_and_last_rolls() -> None:
    view = gundice_view()
    view["actions"] = [
        {
            "id": 1,
            "attackers": ["shannon"],
            "defender": "chesapeake",
            "attacker_side": "british",
            "defender_side": "american",
            "attacker_dice": 3,
            "defender_dice": 1,
            "attacker_start": 3,
            "defender_start": 2,
            "rounds_this_turn": 1,
            "last_attacker_roll": [6, 4, 2],
            "last_defender_roll": [5],
        }
    ]
    html = GunDiceRenderer().cards(view, COLOURS)
    assert "Boarding action 1" in html and "HMS Shannon boarding USS Chesapeake" in html
    assert 'aria-label="6"' in html and 'aria-label="5"' in html


def test_generic_renderer_lists_any_ships_and_escapes_text() -> None:
    view = {"ships": [{"id": "a", "name": "<b>Bold</b>", "side": "red", "hull": 3}]}
    r = GenericRenderer()
    table = r.table(view, {"red": "#f00"})
    cards = r.cards(view, {"red": "#f00"})
    assert "<b>" not in table and "&lt;b&gt;Bold" in table
    assert "hull" in cards and "<dd>3</dd>" in cards
    assert r.cards({}, {}) == "<p>No ships in view.</p>"
    assert "<svg" in r.table({}, {})


def test_generic_renderer_plots_pieces_with_positions_from_a_mapping() -> None:
    view = {
        "vessels": {
            "tb1": {"name": "TB 1", "side": "blue", "x_in": 10, "y_in": 4, "damage": [1, 2]},
            "tb2": {"name": "TB 2", "side": "red", "pos": [20, 8], "flags": {"lit": True}},
        }
    }
    r = GenericRenderer()
    table = r.table(view, {"blue": "#00f", "red": "#f00"})
    assert table.count("<circle") == 2 and 'data-ship="tb2"' in table
    cards = r.cards(view, {})
    assert "1, 2" in cards and "lit: yes" in cards


def test_a_die_shows_pips_for_d6_and_a_number_otherwise() -> None:
    assert die(5).count("<circle") == 5
    assert ">8<" in die(8, 10)


def test_bearing_is_compass_degrees() -> None:
    assert bearing(0, 1) == 0 and bearing(1, 0) == 90


def test_form_prompts_render_inputs_from_their_field_specs(tmp_path: Any) -> None:
    games = Games(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    live = games.create(load("shannon-chesapeake-1813"), {"british": "here", "american": "ai"})
    assert live.game is not None
    view = {
        "prompt": {
            "seat": "british",
            "question": "Assign the crew",
            "rule": "3.1",
            "kind": "form",
            "fields": [
                {"name": "guns", "label": "To the guns", "type": "int", "low": 0, "high": 6},
                {
                    "name": "side",
                    "label": "Which side",
                    "type": "choice",
                    "choices": [
                        {"id": "port", "label": "port"},
                        {"id": "stbd", "label": "starboard"},
                    ],
                },
            ],
            "total": [2, 6],
        }
    }
    html = _prompt(live, live.game, view, "british")
    assert 'name="guns"' in html and 'min="0"' in html and 'max="6"' in html
    assert '<option value="stbd">starboard</option>' in html
    assert 'data-total-low="2"' in html and 'data-total-high="6"' in html
