"""Gunfire damage, the tables 1 to 6, repairs, draught and sinking, mines
and spar torpedoes (Gunfire Damage Table; Table 1 - 6; Torpedoes and
Anchored Mines; Spar Torpedoes)."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.damage import (
    add_draught,
    apply_effect,
    fight_fires,
    gunfire_damage,
    gunfire_hit,
    lose_cpv,
    mine_explodes,
    repairs,
    spar_attack,
)
from quarterdeck.rulesets.acw_river.movement import effective_max, forced_helm

from .helpers import T, context, position, ship


def test_gunfire_damage_the_11_inch_example_8_halved_to_4_by_sloping_armour() -> None:
    # Firing, Example: an 11" smoothbore (damage 8) hits a Confederate
    # ironclad with sloping armour; halved, she loses 4 SPV
    state = position(
        [
            ship("arkansas", "arkansas", "confederate", 20, 40),
            ship("monitor", "monitor", "union", 20, 31),
        ]
    )
    arkansas = state.ships["arkansas"]
    assert arkansas.sloped
    assert gunfire_damage(False, "11in-sb", T) == 8
    assert gunfire_damage(True, "11in-sb", T) == 4
    ctx, dice, _ = context([])
    gunfire_hit(state, arkansas, "11in-sb", "union", ctx, T)
    assert arkansas.spv == arkansas.spv_start - 4
    assert dice.requests == []  # above her penetration value: no table


def test_gunfire_damage_groups_as_printed() -> None:
    groups = {
        2: ["12pdr-howitzer", "24pdr-howitzer", "10pdr-rifle"],
        4: ["20pdr-rifle", "30pdr-rifle", "32pdr-rifle", "32pdr-sb", "6in-sb"],
        6: ["8in-sb", "9in-sb", "42pdr-rifle", "50pdr-sb", "64pdr-rifle"],
        8: ["11in-sb", "100pdr-sb", "84pdr-rifle", "6.4in-rifle", "7in-rifle"],
        10: ["15in-sb", "150pdr-rifle"],
    }
    for damage, guns in groups.items():
        for gun in guns:
            g = T.gunfire.guns[gun]
            assert g.damage == damage and g.printed
            assert g.alternate == (damage >= 8)


def test_table_1_to_6_below_the_penetration_value_two_dice_table_and_line() -> None:
    state = position(
        [
            ship("manassas", "manassas", "confederate", 20, 40),
            ship("marmora", "marmora", "union", 20, 30),
        ]
    )
    m = state.ships["manassas"]
    m.spv = 21  # penetration 20: a 32-pdr hit, 4 halved by her curved armour
    ctx, dice, _ = context([3, 6])  # table 3, line 6: boiler destroyed
    gunfire_hit(state, m, "32pdr-sb", "union", ctx, T)
    assert m.spv == 19
    assert m.dying and effective_max(m, T) == 0
    assert "below penetration value" in m.morale_due
    assert dice.requests[0].seat == "union"


def test_table_6_magazine_hit_the_ship_explodes() -> None:
    state = position([ship("gaines", "gaines", "confederate", 20, 40)])
    g = state.ships["gaines"]
    g.spv = 10
    ctx, _, _ = context([6, 6])
    gunfire_hit(state, g, "9in-sb", "union", ctx, T)
    assert g.status == "exploded"
    assert any(f.id == "wreck-gaines" and f.kind == "wreck" for f in state.features)


def test_draught_the_chickasaw_example_6_ft_sinks_past_9_ft() -> None:
    state = position([ship("chickasaw", "chickasaw", "union", 20, 30)])
    c = state.ships["chickasaw"]
    assert c.draught_start == 6
    ctx, _, _ = context([])
    add_draught(state, c, 1, ctx, T)  # bulkhead splinters
    add_draught(state, c, 2, ctx, T)  # hull holed: 9 ft, not yet past
    assert c.draught == 9 and c.status == "active"
    add_draught(state, c, 1, ctx, T)  # 10 ft: past 9, she sinks
    assert c.status == "sunk"


def test_table_1_several_hits_fall_on_separate_guns_note_a() -> None:
    state = position([ship("carondelet", "carondelet", "union", 20, 30)])
    c = state.ships["carondelet"]
    ctx, _, _ = context([])
    used: list[str] = []
    apply_effect(state, c, "gun-out-4", ctx, T, used)
    apply_effect(state, c, "gun-out-4", ctx, T, used)
    out = [e.target for e in c.effects if e.kind == "gun-out-4"]
    assert out == ["g1", "g2"]


def test_table_1_single_gun_ship_hits_are_cumulative_on_it() -> None:
    state = position([ship("manassas", "manassas", "confederate", 20, 30)])
    m = state.ships["manassas"]
    ctx, _, _ = context([])
    used: list[str] = []
    apply_effect(state, m, "gun-out-4", ctx, T, used)
    apply_effect(state, m, "gun-out-4", ctx, T, used)
    (effect,) = m.effects
    assert (effect.target, effect.hits, effect.work) == ("g1", 2, 8)  # hit twice: 8 moves


def test_repairs_one_cpv_four_moves_three_hits_three_cpv_in_four_moves() -> None:
    state = position([ship("huntsville", "huntsville", "confederate", 20, 40)])
    h = state.ships["huntsville"]
    ctx, _, _ = context([])
    for _ in range(3):
        apply_effect(state, h, "hard-right-4", ctx, T)
    assert h.effects[0].work == 12 and forced_helm(h) == "hard-starboard"
    h.crew.reserve = 3
    for _ in range(4):
        repairs(state, h, ctx, T)
    assert h.effects == []


def test_repairs_one_cpv_on_a_triple_hit_takes_twelve_moves() -> None:
    state = position([ship("huntsville", "huntsville", "confederate", 20, 40)])
    h = state.ships["huntsville"]
    ctx, _, _ = context([])
    for _ in range(3):
        apply_effect(state, h, "steam-pipe-4", ctx, T)
    h.crew.reserve = 1
    for _ in range(11):
        repairs(state, h, ctx, T)
    assert h.effects and h.effects[0].work == 1
    repairs(state, h, ctx, T)
    assert h.effects == []


def test_repairs_no_cpv_to_spare_the_damage_lasts_the_game() -> None:
    state = position([ship("manassas", "manassas", "confederate", 20, 40)])
    m = state.ships["manassas"]
    ctx, _, _ = context([])
    apply_effect(state, m, "same-course-4", ctx, T)
    for _ in range(20):
        repairs(state, m, ctx, T)
    assert m.effects[0].kind == "same-course-4"


def test_table_4_fire_four_failures_and_she_is_abandoned() -> None:
    state = position([ship("selma", "selma", "confederate", 20, 40)])
    s = state.ships["selma"]
    ctx, _, _ = context([5, 5, 5, 5])
    apply_effect(state, s, "fire", ctx, T)
    for _ in range(4):
        fight_fires(state, s, ctx, T)
    assert s.status == "abandoned"


def test_table_6_magazine_fire_is_put_out_on_a_5() -> None:
    state = position([ship("selma", "selma", "confederate", 20, 40)])
    s = state.ships["selma"]
    ctx, _, _ = context([4, 5])
    apply_effect(state, s, "magazine-fire", ctx, T)
    fight_fires(state, s, ctx, T)
    fight_fires(state, s, ctx, T)
    assert s.fires == [] and s.status == "active"


def test_table_5_captain_killed_then_if_already_dead_four_cpv() -> None:
    state = position([ship("hartford", "hartford", "union", 20, 30)])
    h = state.ships["hartford"]
    ctx, _, _ = context([])
    apply_effect(state, h, "captain", ctx, T)
    assert not state.commanders[h.captain].alive and "captain killed" in h.morale_due
    before = h.cpv
    apply_effect(state, h, "captain", ctx, T)
    assert h.cpv == before - 4 and "captain already dead" in h.morale_due


def test_cpv_losses_come_from_the_reserve_first_then_the_guns() -> None:
    state = position([ship("manassas", "manassas", "confederate", 20, 40)])
    m = state.ships["manassas"]
    ctx, _, _ = context([])
    assert m.crew.reserve == 0
    lose_cpv(state, m, 1, ctx, "test")
    assert not m.guns[0].crewed and m.crew.lost == 1


def test_mines_4_to_6_the_ship_sinks_tecumseh() -> None:
    state = position([ship("tecumseh", "tecumseh", "union", 20, 30)])
    ctx, dice, _ = context([4])
    mine_explodes(state, state.ships["tecumseh"], "confederate", ctx, T)
    assert state.ships["tecumseh"].status == "sunk"
    assert dice.requests[0].seat == "confederate"


def test_mines_a_2_costs_20_spv_a_1_fails() -> None:
    state = position([ship("brooklyn", "brooklyn", "union", 20, 30)])
    b = state.ships["brooklyn"]
    ctx, _, _ = context([2, 1])
    mine_explodes(state, b, "confederate", ctx, T)
    mine_explodes(state, b, "confederate", ctx, T)
    assert b.spv == b.spv_start - 20


def test_spar_torpedo_used_once_3_to_6_sinks_her() -> None:
    state = position(
        [
            ship("beaufort", "beaufort", "confederate", 20, 40, spar=True),
            ship("congress", "congress", "union", 20, 30),
        ]
    )
    ctx, _, _ = context([3])
    spar_attack(state, state.ships["beaufort"], state.ships["congress"], ctx, T)
    assert state.ships["congress"].status == "sunk"
    assert not state.ships["beaufort"].spar


def test_spar_torpedo_ignites_early_for_20_spv() -> None:
    state = position(
        [
            ship("beaufort", "beaufort", "confederate", 20, 40, spar=True),
            ship("congress", "congress", "union", 20, 30),
        ]
    )
    c = state.ships["congress"]
    ctx, _, _ = context([2])
    spar_attack(state, state.ships["beaufort"], c, ctx, T)
    assert c.spv == c.spv_start - 20


def test_note_a_hits_from_two_ships_in_one_exchange_fall_on_separate_guns() -> None:
    # Table 1, Note A: hit by several shots, the effects are on separate
    # guns, whichever ship fired them
    from quarterdeck.rulesets.acw_river.rules import resolve_fire

    state = position(
        [
            ship("gaines", "gaines", "confederate", 24, 40),
            ship("monitor", "monitor", "union", 34, 40),
            ship("tecumseh", "tecumseh", "union", 14, 40),
        ]
    )
    state.sighted = {"union": ["gaines"], "confederate": ["monitor", "tecumseh"]}
    state.ships["monitor"].turrets[0].arc = "port"
    state.ships["tecumseh"].turrets[0].arc = "starboard"
    gaines = state.ships["gaines"]
    gaines.spv = gaines.pv - 8  # already below her penetration value
    state.fire_orders = {"union": {"monitor": "at:gaines", "tecumseh": "at:gaines"}}
    # Monitor: a 6 hits (table 1, 4: a gun out), a 1; Tecumseh the same
    ctx, _, _ = context([6, 1, 4, 1, 6, 1, 4, 1])
    resolve_fire(state, T, ctx)
    out = [(e.kind, e.target, e.hits) for e in gaines.effects]
    assert out == [("gun-out-4", "g1", 1), ("gun-out-4", "g2", 1)]


def test_a_fleet_commander_laying_a_gun_is_killed_when_its_crew_is_hit() -> None:
    # Gunnery and Ramming: the officer who takes charge of a gun is killed
    # if the gun takes a crew hit and a CPV is lost; aboard his flagship the
    # fleet commander commands her and lays the gun in her captain's place
    state = position(
        [
            ship("hartford", "hartford", "union", 20, 30),
            ship("gaines", "gaines", "confederate", 30, 30),
        ]
    )
    hartford = state.ships["hartford"]
    fleet = state.commanders["cdr-union"]
    fleet.laying = "g13"
    hartford.spv = hartford.pv  # the next hit takes her below: the tables
    ctx, _, _ = context([5, 2])  # table 5 (crew), 2: lose one CPV
    gunfire_hit(state, hartford, "9in-sb", "confederate", ctx, T)
    assert hartford.crew.lost == 1
    assert not fleet.alive and state.commanders[hartford.captain].alive
    assert "commander killed" in hartford.morale_due


def test_mined_areas_a_dummy_is_found_out_by_crossing_it_a_real_one_throws() -> None:
    # Torpedoes and Anchored Mines: with no umpire, real and dummy mined
    # areas; which is which is the layer's secret until a ship crosses one
    from quarterdeck.rulesets.acw_river.movement import make_leg
    from quarterdeck.rulesets.acw_river.moves import run_quarter
    from quarterdeck.rulesets.acw_river.state import Plot
    from quarterdeck.rulesets.acw_river.view import view

    mines = [
        {"id": "dummy", "owner": "confederate", "x": 24.0, "y": 34.0, "real": False},
        {"id": "real", "owner": "confederate", "x": 34.0, "y": 34.0, "real": True},
    ]
    state = position(
        [
            ship("brooklyn", "brooklyn", "union", 24, 30, speed=8),
            ship("hartford", "hartford", "union", 34, 30, speed=8),
        ],
        minefields=mines,
    )
    state.sighted = {"union": [], "confederate": ["brooklyn", "hartford"]}

    def real(seat: str | None) -> list[bool | None]:
        return [m["real"] for m in view(state, seat, T)["minefields"]]

    assert real("union") == [None, None] and real(None) == [None, None]
    assert real("confederate") == [False, True]
    state.moves = {
        sid: make_leg(state, state.ships[sid], Plot(8), T) for sid in ("brooklyn", "hartford")
    }
    ctx, dice, _ = context([2])  # the torpedo under Hartford: 2, 20 SPV
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert len(dice.requests) == 1 and dice.requests[0].seat == "confederate"
    hartford = state.ships["hartford"]
    assert hartford.spv == hartford.spv_start - 20
    assert real("union") == [False, True] and real(None) == [False, True]
