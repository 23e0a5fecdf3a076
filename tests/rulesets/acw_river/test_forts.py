"""Forts and Buildings; Mortar Boats."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.forts import (
    damage_building,
    damage_fort,
    mortar_fire,
    mortar_targets,
)

from .helpers import T, context, position, ship

FORT = {
    "id": "fort",
    "name": "Fort",
    "side": "confederate",
    "kind": "earthwork",
    "x": 2.0,
    "y": 40.0,
    "w": 4.0,
    "h": 2.0,
    "cpv": [1, 2, 0, 0, 0, 0],
    "commander_square": 2,
    "guns": [{"type": "8in-sb", "square": 1}, {"type": "8in-sb", "square": 2}],
}
TOWN = {"id": "town", "name": "Town", "kind": "town", "x": 2.0, "y": 20.0, "w": 4.0, "h": 3.0}


def test_fpv_earthworks_40_a_square_inch_stonework_60() -> None:
    state = position(
        [ship("m", "sidney_c_jones", "union", 24, 40)],
        forts=[FORT, {**FORT, "id": "stone", "kind": "stonework"}],
    )
    assert state.forts["fort"].fpv == 320
    assert state.forts["stone"].fpv == 480


def test_bpv_5_for_each_quarter_inch_square() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 24, 40)], places=[TOWN])
    assert sum(state.places["town"].bpv) == 4 * 3 * 16 * 5


def test_a_fort_below_a_third_of_its_fpv_ceases_to_fire() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 24, 40)], forts=[FORT])
    fort = state.forts["fort"]
    ctx, _, _ = context([])
    damage_fort(state, fort, 213, ctx, T, "test")  # 107 left: not below 106.7
    assert fort.status == "active"
    damage_fort(state, fort, 1, ctx, T, "test")
    assert fort.status == "silenced"


def test_a_building_below_half_its_bpv_is_rubble() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 24, 40)], places=[TOWN])
    town = state.places["town"]
    ctx, _, log = context([])
    damage_building(state, town, 0, town.bpv_start[0] // 2, ctx, T, "test")
    assert "rubble" not in log.text()
    damage_building(state, town, 0, 1, ctx, T, "test")
    assert "rubble" in log.text()


def test_mortar_boats_minimum_6_inches_range_40_for_13_inch() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 7.0, 40)], forts=[FORT])
    assert mortar_targets(state, state.ships["m"], T) == []  # 3 inches: too close
    state.ships["m"].x = 30.0
    assert mortar_targets(state, state.ships["m"], T) == [("fort", "Fort")]
    state.ships["m"].y = 80.0
    assert mortar_targets(state, state.ships["m"], T) == []


def test_mortar_a_6_hits_then_a_gun_and_its_cpv_destroyed_in_that_square() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 30.0, 40)], forts=[FORT])
    fort = state.forts["fort"]
    ctx, _, _ = context([6, 1, 3])  # hit; square 1; 3: a gun and a CPV
    mortar_fire(state, state.ships["m"], "fort", 0, ctx, T)
    assert fort.guns[0].destroyed and fort.cpv == [0, 2, 0, 0, 0, 0]
    assert "CPV destroyed" in fort.morale_due


def test_mortar_further_shots_at_the_same_target_hit_on_5() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 30.0, 40)], forts=[FORT])
    m = state.ships["m"]
    ctx, _, log = context([5])
    mortar_fire(state, m, "fort", 0, ctx, T)
    assert "misses" in log.text()
    state.turn += 1
    ctx, _, _ = context([5, 2, 6])  # now a 5 hits; square 2; 6: commander killed, 40 FPV
    mortar_fire(state, m, "fort", 0, ctx, T)
    assert not state.commanders["fcdr-fort"].alive and state.forts["fort"].fpv == 280


def test_mortar_at_a_town_takes_effect_only_in_the_square_aimed_at() -> None:
    state = position([ship("m", "sidney_c_jones", "union", 30.0, 20)], places=[TOWN])
    town = state.places["town"]
    ctx, _, _ = context([6, 3, 2])  # falls in square 3, aimed at 4: nothing
    mortar_fire(state, state.ships["m"], "town", 4, ctx, T)
    assert town.bpv == town.bpv_start
    state.turn += 1
    ctx, _, _ = context([6, 4, 5])  # square 4, aimed at 4: building destroyed
    mortar_fire(state, state.ships["m"], "town", 4, ctx, T)
    assert town.bpv[3] == 0


def test_fort_commander_lays_a_gun_of_his_square_and_adds_his_yellow_die() -> None:
    # Fort Commander: his yellow die is his gunnery, as a captain's (Gunnery
    # and Ramming: the commander takes charge of one gun and adds his score);
    # he lays a gun of the grid square he is allotted to
    from quarterdeck.rulesets.acw_river.firing import fire_at, shots_at

    state = position(
        [ship("h", "hartford", "union", 9.0, 40.0, 0.0)],
        forts=[FORT],
        dice={"fcdr-fort": (3, 3, 3, 1)},  # yellow 1: +3
    )
    state.sighted = {"confederate": ["h"], "union": []}
    fort, hartford = state.forts["fort"], state.ships["h"]
    shots = shots_at(state, fort, hartford, T)
    # 8-inch smoothbores at 7 inches, close: a 4 hits; g2 stands in
    # square 2 with the commander: a 1 and his +3 hit
    assert [(s.gun, s.need, s.modifier) for s in shots] == [("g1", 4, 0), ("g2", 4, 3)]
    ctx, dice, _ = context([1, 1])
    assert fire_at(state, fort, hartford, shots, ctx, T) == 1
    assert hartford.spv == hartford.spv_start - 6
    assert [r.seat for r in dice.requests] == ["confederate", "confederate"]
    state.commanders["fcdr-fort"].alive = False  # killed by a mortar shell
    assert all(s.modifier == 0 for s in shots_at(state, fort, hartford, T))


def test_a_stubborn_fort_commander_keeps_to_his_order_sheet_whatever_the_fire_order() -> None:
    # Fort Commander: an order sheet is completed at the start; a stubborn
    # commander follows his orders. Ordered to engage Brooklyn alone, Fort
    # fires at her though told to fire at Hartford; a panicky commander's
    # fire order stands
    from quarterdeck.core.dice import ScriptedDice
    from quarterdeck.core.engine import Context
    from quarterdeck.rulesets.acw_river.orders import orders_prompt
    from quarterdeck.rulesets.acw_river.rules import apply, resolve_fire

    state = position(
        [
            ship("h", "hartford", "union", 9.0, 40.0, 0.0),
            ship("b", "brooklyn", "union", 9.0, 44.0, 0.0),
            ship("g", "gaines", "confederate", 40.0, 70.0, 180.0),
        ],
        forts=[FORT],
        dice={"fcdr-fort": (3, 3, 3, 6)},  # white 3: stubborn; yellow 6: +1
    )
    state.sighted = {"confederate": ["h", "b"], "union": []}
    state.turn, state.phase = 0, "orders"
    form = orders_prompt(state, "confederate")
    assert form is not None
    sheet = next(f for f in form.fields if f.name == "order:fort")
    assert [c.id for c in sheet.choices] == ["engage", "engage:h", "engage:b", "hold"]
    answer = {"flagship": "g", "order:g": "engage", "order:fort": "engage:b"}
    apply(state, T, "confederate", answer, Context(ScriptedDice([])))
    assert state.sides["confederate"].orders["fort"].target == "b"
    state.turn = 2
    state.fire_orders = {"confederate": {"fort": "at:h"}}
    ctx, dice, log = context([6, 6])
    resolve_fire(state, T, ctx)
    assert [r.seat for r in dice.requests] == ["confederate", "confederate"]
    assert "keeps to his order sheet (engage:b): at:b" in log.text()
    assert [e.seats for e in log if "order sheet" in e.text] == [("confederate",)]
    b, h = state.ships["b"], state.ships["h"]
    assert b.spv < b.spv_start and h.spv == h.spv_start
    # a panicky commander (white 1): his order guides, the fire order stands
    state.commanders["fcdr-fort"].dice = type(state.commanders["fcdr-fort"].dice)(1, 3, 3, 6)
    state.turn, state.fired = 4, []
    state.fire_orders = {"confederate": {"fort": "at:h"}}
    ctx, _, log = context([6, 6])
    resolve_fire(state, T, ctx)
    assert h.spv < h.spv_start and "order sheet" not in log.text()


def test_the_fort_order_sheet_lists_guns_by_battery_for_its_own_side_alone() -> None:
    # Fort Commander: the order sheet lists the batteries and the guns in
    # each, for recording fire and damage; the other side sees the fort, not
    # its batteries
    from quarterdeck.rulesets.acw_river.view import render, view

    state = position([ship("h", "hartford", "union", 9.0, 40.0, 0.0)], forts=[FORT])
    state.forts["fort"].guns[1].last_fired = 3
    own = render(state, "confederate", T)
    assert "order sheet: engage; commander in battery 2" in own
    assert "battery 1: 1 CPV; g1 8in-sb" in own
    assert "battery 2: 2 CPV; g2 8in-sb fired move 3" in own
    other = render(state, "union", T)
    assert "battery" not in other and "Fort (confederate): FPV 320/320, 2 guns" in other
    assert [g["square"] for g in view(state, "union", T)["forts"][0]["guns"]] == [None, None]
    from quarterdeck.web.render.acw_river import AcwRiverRenderer

    cards = AcwRiverRenderer().cards(view(state, "confederate", T), {})
    assert "Order sheet: engage; commander in battery 2" in cards
    assert "<li>battery 2: 2 CPV; 8in-sb</li>" in cards
    assert "Order sheet" not in AcwRiverRenderer().cards(view(state, "union", T), {})


def test_the_terminal_table_letters_ships_apart_from_the_forts_f() -> None:
    # the picture's legend marks a fort F (a town T, a port P, a minefield
    # M): the sixth ship is G, not a second F
    from quarterdeck.rulesets.acw_river.view import render

    state = position(
        [ship(f"s{n}", "gaines", "confederate", 10.0 + 5 * n, 60.0, 180.0) for n in range(6)],
        forts=[FORT],
    )
    text = render(state, "confederate", T)
    assert [line[:2] for line in text.splitlines() if "CSS Gaines" in line] == [
        "A ",
        "B ",
        "C ",
        "D ",
        "E ",
        "G ",
    ]


def test_a_forts_order_sheet_stands_all_game_no_signal_changes_it() -> None:
    # Fort Commander: the fort's order sheet is completed before the battle
    # and nothing in the text changes it (Orders: only a Fleet Commander
    # changes a captain's orders; fort commanders stay at their posts). The
    # fleet commander aboard his flagship Gaines signals her a new order; the
    # plot offers none for the fort, an answer that tries one is refused, and
    # the stubborn commander, ordered to hold fire, holds it when told to
    # fire on Hartford, move after move
    from quarterdeck.core.errors import IllegalAnswer

    from .helpers import engine_game

    state = position(
        [
            ship("h", "hartford", "union", 9.0, 40.0, 0.0),
            ship("b", "brooklyn", "union", 9.0, 44.0, 0.0),
            ship("g", "gaines", "confederate", 12.0, 30.0, 0.0),
        ],
        forts=[FORT],
        dice={"fcdr-fort": (3, 3, 3, 6)},  # white 3: stubborn
    )
    state.turn, state.phase = 0, "orders"
    state.sighted = {"confederate": ["h", "b"], "union": []}
    game = engine_game(state, [])
    game.apply("confederate", {"flagship": "g", "order:g": "hold", "order:fort": "hold"})
    game.apply("union", {"flagship": "h", "order:h": "hold", "order:b": "hold"})

    def still(seat: str, **more: str) -> dict[str, object]:
        prompt = game.prompt_for(seat)
        assert prompt is not None and prompt.context["step"] == "plot"
        stay = {"speed": 0, "helm": "ahead", "action": "none", "laying": "none", "quarter": 4}
        answer: dict[str, object] = {
            f.name: stay.get(f.name.split("/")[1], f.choices[0].id if f.choices else 0)
            for f in prompt.fields
        }
        return {**answer, **more}

    for move in (1, 2):
        prompt = game.prompt_for("confederate")
        assert prompt is not None and prompt.context["turn"] == move
        names = [f.name for f in prompt.fields]
        # the fort's standing fire order rides on the plot; its order sheet does not
        assert "g/order" in names and "fort/order" not in names and "fort/standing" in names
        try:
            game.apply("confederate", still("confederate", **{"fort/order": "engage:h"}))
        except IllegalAnswer as exc:
            assert "unknown field(s) ['fort/order']" in str(exc)
        else:
            raise AssertionError("a new order for the fort was taken")
        game.apply("confederate", still("confederate", **{"g/order": "engage"}))
        game.apply("union", still("union"))
        ask = {"standing": "ask", "within": 0}
        fire = {"g": "hold", "fort": "at:h"}
        game.apply("confederate", {**fire, **{f"{u}/{k}": v for u in fire for k, v in ask.items()}})
        game.apply("union", {"h": "hold", "h/standing": "ask", "h/within": 0})
        orders = game.state.sides["confederate"].orders
        assert (orders["g"].kind, orders["fort"].kind) == ("engage", "hold")
        h = game.state.ships["h"]
        assert h.spv == h.spv_start
        assert game.dice.requests == []
    kept = [e for e in game.log if "keeps to his order sheet (hold)" in e.text]
    assert len(kept) == 2 and all(e.seats == ("confederate",) for e in kept)


def test_smoke_a_mortar_boat_firing_on_a_windless_day_smokes_as_any_gun() -> None:
    # Smoke: with no wind any gun firing gathers a half-inch cloud round
    # itself; a mortar boat's mortar is a gun like the rest
    from quarterdeck.rulesets.acw_river.rules import resolve_fire

    for wind, clouds in (("none", 1), ("east", 0)):
        state = position(
            [ship("m", "sidney_c_jones", "union", 30.0, 40)],
            forts=[FORT],
            table={"lanes": [0, 0, 0, 0, 0], "wind": wind},
        )
        state.turn = 2
        state.fire_orders = {"union": {"m": "mortar:fort"}}
        ctx, _, log = context([5])  # a 5 misses a first shot
        resolve_fire(state, T, ctx)
        assert "misses" in log.text()
        assert len(state.smoke) == clouds
        if clouds:
            (cloud,) = state.smoke
            assert (cloud.ship, cloud.x, cloud.y, cloud.size) == ("m", 30.0, 40.0, 0.5)
