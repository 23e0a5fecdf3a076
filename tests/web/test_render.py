"""Drawing pieces: the gun-dice renderer, the generic fallback, the prompt panel."""

from __future__ import annotations

import xml.dom.minidom
from typing import Any

from quarterdeck.core.scenario import load
from quarterdeck.core.store import Store
from quarterdeck.web.fragments import _prompt
from quarterdeck.web.games import Games
from quarterdeck.web.render import GenericRenderer, renderer_for
from quarterdeck.web.render.away_boarders import AwayBoardersRenderer
from quarterdeck.web.render.dice import die
from quarterdeck.web.render.flotilla import FlotillaRenderer
from quarterdeck.web.render.gundice import GunDiceRenderer, bearing

COLOURS = {"british": "#b22234", "american": "#1f4e9c"}


def gundice_view() -> dict[str, Any]:
    from quarterdeck.core.engine import Game

    game = Game.new(load("shannon-chesapeake-1813"), seed=1)
    return game.view("british")


def test_each_rule_set_gets_its_renderer_or_the_generic_one() -> None:
    assert isinstance(renderer_for("gundice-boarding"), GunDiceRenderer)
    assert isinstance(renderer_for("flotilla"), FlotillaRenderer)
    assert isinstance(renderer_for("away-boarders"), AwayBoardersRenderer)
    assert isinstance(renderer_for("no-such-rules"), GenericRenderer)


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


def test_every_renderers_cards_name_their_piece_and_side() -> None:
    """The page puts a seat's own cards first and finds a card from its piece
    on the table by these two attributes."""
    from quarterdeck.core.engine import Game

    for scenario in ("shannon-chesapeake-1813", "champlain-duel-1776", "mobile-bay-1864"):
        game = Game.new(load(scenario), seed=1)
        html = renderer_for(game.scenario.ruleset).cards(game.view(None), COLOURS)
        for piece in game.view(None).get("ships", []):
            assert f'data-ship="{piece["id"]}" data-side="{piece["side"]}"' in html, scenario
    html = GenericRenderer().cards({"ships": [{"id": "a", "side": "x"}]}, COLOURS)
    assert 'data-ship="a" data-side="x"' in html


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


def away_view(scenario: str = "valcour-island-1776") -> dict[str, Any]:
    from quarterdeck.core.engine import Game

    game = Game.new(load(scenario), seed=1)
    return game.view(None)


AB_COLOURS = {"british": "#b22234", "american": "#1f4e9c"}


def test_away_boarders_table_draws_points_islands_wind_and_ships() -> None:
    from quarterdeck.web.render.away_boarders import AwayBoardersRenderer

    view = away_view()
    svg = AwayBoardersRenderer().table(view, AB_COLOURS)
    xml.dom.minidom.parseString(svg)  # well formed
    fld = view["field"]
    assert svg.count('class="land"') == len(fld["blocked"]) > 0
    assert svg.count('class="point"') == fld["width"] * fld["height"] - len(fld["blocked"])
    assert "wind from NE" in svg  # valcour: wind 1
    for s in view["ships"]:
        assert f'data-ship="{s["id"]}"' in svg
    # a ship facing east (0) is drawn bow to the right: rotate(90)
    ship = dict(view["ships"][0], facing=0)
    svg = AwayBoardersRenderer().table(dict(view, ships=[ship]), AB_COLOURS)
    assert "rotate(90)" in svg and AB_COLOURS[ship["side"]] in svg


def test_away_boarders_display_shows_masts_hull_crew_guns_and_loads() -> None:
    from quarterdeck.web.render.away_boarders import AwayBoardersRenderer

    view = away_view()
    ship = view["ships"][0]
    ship["masts"][0]["boxes"][:2] = [1, 2]
    ship["hull"][0] = 2
    ship["guns"][0].update(loaded=False, fired=True)
    ship["co"] = "wounded"
    ship["aground"] = True
    ship["abeam"] = {"x": "port"}
    html = AwayBoardersRenderer().cards(view, AB_COLOURS)
    card = html[html.index(f'data-ship="{ship["id"]}"') :]
    card = card[: card.index("</article>")]
    assert card.count('class="box slash"') == 1 and card.count('class="box cross"') == 2
    assert card.count('class="task"') == 6
    assert 'class="gun fired' in card and "Captain wounded" in card
    assert "Aground" in card and "x off her port side" in card
    assert f'<span class="sail-step on">{ship["sail"]}</span>' in card


def test_away_boarders_renderer_survives_a_sparse_view() -> None:
    from quarterdeck.web.render.away_boarders import AwayBoardersRenderer

    r = AwayBoardersRenderer()
    view: dict[str, Any] = {"ships": [{"id": "x", "at": [1, 1]}, {"id": "y"}], "field": {}}
    assert r.table(view, {}).startswith("<svg") and 'data-ship="x"' in r.table(view, {})
    assert 'data-ship="x"' in r.cards(view, {})
    assert r.table({}, {}).startswith("<svg") and r.cards({}, {}) == "<p>No ships in view.</p>"


def test_away_boarders_move_options_are_drawn_where_they_lead() -> None:
    from quarterdeck.web.render.away_boarders import AwayBoardersRenderer

    view = away_view()
    ship = view["ships"][0]
    col, row = ship["at"]
    ship["facing"] = 0
    view["prompt"] = {
        "kind": "choice",
        "context": {"step": "move", "ship": ship["id"]},
        "options": [
            {"id": "advance", "label": "advance one point"},
            {
                "id": "advance-port",
                "label": f"advance one point and turn to port -> ({col + 1},{row}) facing NE, close-hauled",
            },
            {"id": "turn-starboard", "label": "turn one point to starboard"},
            {"id": "back", "label": "back sail (stay put)"},
        ],
    }
    svg = AwayBoardersRenderer().table(view, AB_COLOURS)
    q = col - row // 2
    assert f'data-answer="advance" data-dest="{q + 1},{row},0"' in svg
    assert f'data-answer="advance-port" data-dest="{q + 1},{row},1"' in svg
    assert f'data-answer="turn-starboard" data-dest="{q},{row},5"' in svg
    assert f'data-answer="back" data-dest="{q},{row},0"' in svg
    assert svg.count('class="ghost"') == 4
    view["prompt"]["options"] = [{"id": "fire:x", "label": "fire"}, {"id": "hold", "label": "hold"}]
    view["prompt"]["context"] = {"step": "fire", "ship": ship["id"]}
    assert "data-answer" not in AwayBoardersRenderer().table(view, AB_COLOURS)


FL_COLOURS = {"union": "#1f4e9c", "confederate": "#8b2323"}


def flotilla_view(scenario: str = "mobile-bay-1864") -> dict[str, Any]:
    from quarterdeck.core.engine import Game

    return Game.new(load(scenario), seed=1).view(None)


def test_flotilla_table_draws_ships_to_scale_terrain_forts_mines_and_current() -> None:
    from quarterdeck.web.render.flotilla import FlotillaRenderer

    view = flotilla_view()
    svg = FlotillaRenderer().table(view, FL_COLOURS)
    xml.dom.minidom.parseString(svg)
    assert svg.count('class="land"') == len(view["land"]) == 1
    assert svg.count('class="torpedo"') == len(view["torpedoes"]) == 3
    assert 'class="fort" data-ship="fort-morgan"' in svg
    assert 'class="current"' in svg
    for s in view["ships"]:
        assert f'data-ship="{s["id"]}"' in svg
    # Tennessee heads south: her hull is turned 180 degrees at her bow's point (x 40, y 40 of 48)
    assert 'transform="translate(400.0 80.0)" data-ship="tennessee"' in svg
    assert "rotate(180.0)" in svg
    # the arcs of fire and range bands are a layer the page shows on demand
    assert 'data-layer="arcs"' in svg and 'data-arc="tennessee:bow"' in svg
    view["sandbars"] = [[[1, 1], [5, 1], [5, 3]]]
    assert 'class="sandbar"' in FlotillaRenderer().table(view, FL_COLOURS)


def test_flotilla_roster_card_ticks_damage_boxes_and_marks_tracks() -> None:
    from quarterdeck.web.render.flotilla import FlotillaRenderer

    view = flotilla_view()
    ship = view["ships"][0]
    ship["ticked"] = 5
    ship["batteries"][0]["hits"] = 2
    ship["speed"] = 4
    html = FlotillaRenderer().cards(view, FL_COLOURS)
    card = html[html.index(f'data-ship="{ship["id"]}"') :]
    card = card[: card.index("</article>")]
    assert card.count("dmg ticked") == 5
    assert card.count('<span class="dmg') == len(ship["boxes"])
    assert "mark-i mark-c" in card and "mark-w" in card and "mark-p" in card
    assert (
        card.count("dmg yellow") + card.count("dmg ticked yellow")
        == len(ship["boxes"]) - ship["yellow_box"]
    )
    assert '<span class="tk on">4</span>' in card
    assert card.count("<sup>c</sup>") >= 2
    assert "Fort Morgan water battery" in html
    assert "Repairing" not in card
    ship["repairing"], ship["buttoned_up"] = True, True
    html = FlotillaRenderer().cards(view, FL_COLOURS)
    card = html[html.index(f'data-ship="{ship["id"]}"') :]
    assert "Repairing continuing damage" in card and "Buttoned up" in card


def test_flotilla_renderer_survives_a_sparse_view() -> None:
    from quarterdeck.web.render.flotilla import FlotillaRenderer

    r = FlotillaRenderer()
    view: dict[str, Any] = {"ships": [{"id": "x", "x": 3, "y": 4}], "batteries": [{"id": "f"}]}
    assert 'data-ship="x"' in r.table(view, {}) and 'data-ship="f"' in r.cards(view, {})
    assert r.table({}, {}).startswith("<svg") and r.cards({}, {}) == "<p>No ships in view.</p>"


def test_flotilla_moves_are_drawn_along_their_paths() -> None:
    from quarterdeck.web.render.flotilla import FlotillaRenderer, plan_path

    pts, heading = plan_path(10, 10, 0, "s6/0/90/-90") or ([], 0.0)
    assert [tuple(round(c, 6) for c in p) for p in pts] == [(10, 10), (10, 13), (13, 13)]
    assert heading == 0
    assert plan_path(10, 10, 0, "reverse") is None
    view = flotilla_view("iron-city-duel")
    ship = view["ships"][0]
    view["prompt"] = {
        "kind": "choice",
        "context": {"step": "plan", "ship": ship["id"]},
        "options": [
            {"id": "s4/0/0/0", "label": "speed 4 in, straight"},
            {"id": "s0/0/0/0", "label": "stay at anchor (speed 0)"},
            {"id": "reverse", "label": "go astern"},
        ],
    }
    svg = FlotillaRenderer().table(view, FL_COLOURS)
    x, y, h = ship["x"], ship["y"], ship["heading"]  # 10, 24 heading 90 (east)
    assert f'data-answer="s4/0/0/0" data-dest="{x + 4:.2f},{y:.2f},{h:.1f}"' in svg
    assert f'data-answer="s0/0/0/0" data-dest="{x:.2f},{y:.2f},{h:.1f}"' in svg
    assert 'data-answer="reverse"' in svg and svg.count('class="ghost"') == 3


def test_away_boarders_card_shows_the_seats_own_secret_orders_only() -> None:
    from quarterdeck.core.engine import Game
    from quarterdeck.web.render.away_boarders import AwayBoardersRenderer

    game = Game.new(load("champlain-duel-1776"), seed=1)
    while (p := game.prompt()) is not None and p.context.get("step") == "loads":
        game.apply(p.seat, dict(p.context["suggested"]))
    game.apply("british", "plan:board")
    british = AwayBoardersRenderer().cards(game.view("british"), AB_COLOURS)
    american = AwayBoardersRenderer().cards(game.view("american"), AB_COLOURS)
    ship = next(s for s in game.view("british")["ships"] if s["side"] == "british")
    card = british[british.index(f'data-ship="{ship["id"]}"') :]
    card = card[: card.index("</article>")]
    assert 'class="display-block secret-orders"' in card and "crew plan: board" in card
    assert "secret-orders" not in american and "plan: board" not in american
    assert "secret-orders" not in AwayBoardersRenderer().cards(game.view(None), AB_COLOURS)


def test_flotilla_turns_at_the_middle_and_end_are_drawn_as_ghosts() -> None:
    from quarterdeck.web.render.flotilla import FlotillaRenderer, turn_path

    pts, heading = turn_path(10, 10, 0, "t90", 3.0) or ([], 0.0)
    assert [tuple(round(c, 6) for c in p) for p in pts] == [(10, 10), (13, 10)]
    assert heading == 90
    assert turn_path(10, 10, 0, "s4/0/0/0", 3.0) is None
    view = flotilla_view("iron-city-duel")
    ship = view["ships"][0]
    x, y, h = ship["x"], ship["y"], ship["heading"]  # 10, 24 heading 90 (east)
    for point, ahead in (("middle", 4.0), ("end", 0.0)):
        view["prompt"] = {
            "kind": "choice",
            "context": {"step": "turn", "ship": ship["id"], "point": point, "ahead": ahead},
            "options": [
                {"id": "t0", "label": "straight on"},
                {"id": "t-30", "label": "turn 30 deg to port"},
            ],
        }
        svg = FlotillaRenderer().table(view, FL_COLOURS)
        assert svg.count('class="ghost"') == 2
        assert f'data-answer="t0" data-dest="{x + ahead:.2f},{y:.2f},{h:.1f}"' in svg
        assert 'data-answer="t-30" data-dest=' in svg


def test_flotilla_cards_list_the_scenarios_objectives_and_points() -> None:
    from quarterdeck.web.render.flotilla import FlotillaRenderer

    view = flotilla_view()
    html = FlotillaRenderer().cards(view, FL_COLOURS)
    assert 'class="card objectives-card"' in html
    assert "Force the channel" in html and "Hold the Fort Morgan water battery" in html
    assert "5 points now" in html  # the Confederates hold the fort at the start


def test_flotilla_table_draws_cover_ashore() -> None:
    from quarterdeck.core.engine import Game

    game = Game.new(load("yazoo-landing"), seed=1)
    svg = FlotillaRenderer().table(game.view(None), COLOURS)
    assert svg.count('<polygon class="cover"') == 2


def test_away_boarders_display_names_the_ships_she_is_fouled_with() -> None:
    """Words for people: a fouled ship's display names the other ship, not her id."""
    from quarterdeck.web.render.away_boarders import AwayBoardersRenderer

    view = away_view()
    first, second = view["ships"][0], view["ships"][1]
    first["fouled"] = [second["id"]]
    first["abeam"] = {second["id"]: "port"}
    html = AwayBoardersRenderer().cards(view, AB_COLOURS)
    card = html[html.index(f'data-ship="{first["id"]}"') :]
    card = card[: card.index("</article>")]
    assert f"Fouled: {second['name']}</li>" in card
    assert f"{second['name']} off her port side" in card
