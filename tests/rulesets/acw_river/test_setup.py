"""Table Set Up: roll-offs, the six squares and the terrain cards, the
minefields, the current lanes, depth and tides; forts; Game Objectives."""

from __future__ import annotations

from quarterdeck.core.engine import Game
from quarterdeck.rulesets.acw_river import randomtable
from quarterdeck.rulesets.acw_river.terrain import current_at, square_of, tide_at
from quarterdeck.rulesets.acw_river.view import view

from .helpers import T, context, load, playable, position, ship


def test_the_six_squares_1_and_2_upstream_5_and_6_downstream() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    table = state.table
    assert square_of(table, (10, 70)) == 1 and square_of(table, (40, 70)) == 2
    assert square_of(table, (10, 36)) == 3 and square_of(table, (40, 2)) == 6


def test_current_the_winner_throws_lanes_die_less_3_2_1_2_3() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    state.setup["stage"] = "current"
    ctx, dice, _ = context([5, 3, 6])  # confederate 5 beats union 3; he throws a 6
    randomtable.step(state, T, ctx)
    assert state.table.lanes == [3, 4, 5, 4, 3]
    assert [r.seat for r in dice.requests] == ["confederate", "union", "confederate"]


def test_roll_offs_a_tie_throws_again() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    ctx, _, _ = context([4, 4, 2, 5])
    assert randomtable.rolloff(state, ctx, "test", "test") == "union"


def test_depth_river_three_dice_estuary_four_and_two_for_the_tide() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    state.setup["stage"] = "depth"
    ctx, _, _ = context([1, 2, 3])
    randomtable.step(state, T, ctx)
    assert state.table.depth == 6
    estuary = position(
        [ship("a", "hartford", "union", 24, 2)],
        table={"kind": "estuary", "tidal": True, "wind": "south"},
    )
    estuary.setup["stage"] = "depth"
    ctx, _, _ = context([1, 2, 3, 4, 6, 6])
    randomtable.step(estuary, T, ctx)
    assert (estuary.table.depth, estuary.table.tide_range) == (10, 12)


def test_tidal_estuary_current_less_upstream_none_in_squares_5_and_6() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 2)],
        table={"kind": "estuary", "tidal": True, "lanes": [3, 4, 5, 4, 3], "wind": "south"},
    )
    centre = 24.0
    assert current_at(state.table, (centre, 70), T) == 5 - 2  # squares 1 and 2
    assert current_at(state.table, (centre, 36), T) == 5 - 1  # squares 3 and 4
    assert current_at(state.table, (centre, 5), T) == 0  # squares 5 and 6


def test_tides_no_effect_upstream_half_in_3_and_4_full_in_5_and_6() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 2)],
        table={"kind": "estuary", "tidal": True, "tide_range": 8, "wind": "south"},
    )
    assert [tide_at(state.table, p, T) for p in ((10, 70), (10, 36), (10, 5))] == [0.0, 4.0, 8.0]


def test_terrain_cards_dealt_in_order_to_squares_1_to_6_the_winner_places_each() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    state.setup.update(random=True, stage="ends")
    cards = ["islands", "town", "port", "straight-sandbars", "curved-sandbars", "shore-fort"]
    ctx, _, _ = context([6, 1], cards=cards)  # the confederates win the ends
    randomtable.step(state, T, ctx)
    assert state.ask == {"kind": "ends", "seat": "confederate"}
    state.ask = None
    ctx, _dice, _ = context([2, 5], cards=cards)  # the union wins square 1's roll-off
    randomtable.step(state, T, ctx)
    assert (
        state.ask["kind"] == "place" and state.ask["card"] == "islands" and state.ask["square"] == 1
    )
    assert state.ask["seat"] == "union"
    randomtable.apply_ask(state, T, state.ask, "abreast:5", ctx)
    islands = [f for f in state.features if f.id.startswith("island-1-")]
    assert len(islands) == 2 and all(f.square == 1 for f in islands)
    assert state.setup["islands_area"][2] - state.setup["islands_area"][0] == 5.0


def test_a_shore_fort_costs_the_confederates_a_ship_guns_a_die_cpv_two() -> None:
    state = position(
        [
            ship("a", "hartford", "union", 24, 2),
            ship("s", "selma", "confederate", 24, 70),
            ship("g", "gaines", "confederate", 30, 70),
        ]
    )
    state.setup["drop"] = {"s": True}
    ctx, _, _ = context([])
    randomtable.place_feature(state, "shore-fort", 2, "upper", "union", ctx, T)
    fort = state.forts["fort-2"]
    assert fort.side == "confederate" and fort.fpv == 4 * 2 * 40
    ctx, _, _ = context([4, 3, 5, 1, 1, 1, 1])  # 4 guns, 8 CPV, then his four dice
    randomtable.fort_details(state, ctx, T)
    assert len(fort.guns) == 4 and sum(fort.cpv) == 8
    assert "s" not in state.ships and "g" in state.ships


def test_sandbars_a_die_of_depth_each() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    ctx, dice, _ = context([2, 5])
    randomtable.place_feature(state, "straight-sandbars", 3, "across", "confederate", ctx, T)
    bars = [f for f in state.features if f.kind == "shoal"]
    assert [b.depth for b in bars] == [2, 5]
    assert all(r.seat == "confederate" for r in dice.requests)


def test_objectives_cards_for_absent_features_are_left_out_three_dealt_in_secret() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 2), ship("b", "gaines", "confederate", 24, 70)]
    )
    ctx, dice, _ = context(
        [], cards=["fleet", "flagship", "through-1", "ironclad-1", "ironclad-2", "downstream"]
    )
    randomtable.deal(state, ctx, T)
    assert sorted(state.objective_deck.cards + state.objective_deck.drawn) == sorted(
        ["ironclad-1", "ironclad-2", "flagship", "through-1", "through-2", "fleet", "downstream"]
    )
    assert state.sides["confederate"].dealt == ["fleet", "flagship", "through-1"]
    assert all(r.secret for r in dice.requests)
    assert [r.seat for r in dice.requests] == ["confederate"] * 3 + ["union"] * 3
    assert "dealt" not in view(state, "union", T)["sides"]["confederate"]
    # at a real table each card is asked for by the words printed on it
    assert dice.requests[0].title("flagship") == T.objectives.card("flagship").title
    assert T.objectives.card("flagship").title != "flagship"


def test_terrain_cards_drawn_at_a_real_table_are_named_by_their_titles() -> None:
    from quarterdeck.rulesets.acw_river.randomtable import CARD_TITLES, step

    state = position([ship("a", "hartford", "union", 24, 2)])
    state.setup = {
        "stage": "terrain",
        "square": 0,
        "terrain_deck": {"name": "terrain", "cards": ["islands", "town"], "drawn": []},
    }
    ctx, dice, _ = context([3, 4], cards=["town"])
    step(state, T, ctx)
    (request,) = [r for r in dice.requests if hasattr(r, "cards")]
    assert request.named("town") == f"{CARD_TITLES['town']} (town)"
    assert state.ask["card"] == "town"


def test_random_river_battle_through_the_engine_discard_one_keep_two_secret() -> None:
    with playable():
        game = Game.new(load("random-river"), seed=3)
        for _ in range(200):
            prompt = game.prompt()
            assert prompt is not None
            if prompt.context.get("step") == "discard":
                break
            from quarterdeck.players import RandomPlayer

            game.apply(prompt.seat, RandomPlayer(1).decide(game.view(prompt.seat), prompt))
        seat = prompt.seat
        other = "union" if seat == "confederate" else "confederate"
        discard = prompt.option_ids()[0]
        before = game.view(other)
        game.apply(seat, discard)
        after = game.view(other)
        assert before["sides"] == after["sides"]
        assert (
            len(game.state.sides[seat].objectives) == 2
            and discard not in game.state.sides[seat].objectives
        )
