"""Ramming: the angle, the ram test by class, the ramming chart, the effect
on the rammer, the jammed chart, sinking together."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.damage import sink
from quarterdeck.rulesets.acw_river.movement import make_leg
from quarterdeck.rulesets.acw_river.moves import run_quarter
from quarterdeck.rulesets.acw_river.ramming import (
    ram_angle,
    ram_test,
    ram_test_needed,
    release_locks,
    resolve_ram,
)
from quarterdeck.rulesets.acw_river.state import Plot

from .helpers import T, context, position, ship


def pair(rammer: str, target: str, **dice):
    return position(
        [ship("r", rammer, "confederate", 24, 40, 180.0), ship("t", target, "union", 24, 30, 90.0)],
        dice=dice or None,
    )


def test_ram_angle_45_to_90_degrees_rams_shallower_slides() -> None:
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    assert ram_angle(r, t) == 90
    r.heading = 150.0
    assert ram_angle(r, t) == 60
    r.heading = 120.0
    assert ram_angle(r, t) == 30


def test_ram_test_by_class_bigger_on_smaller_needs_none() -> None:
    state = pair("tennessee", "selma")  # a Confederate ironclad on a gunboat
    assert ram_test_needed(state.ships["r"], state.ships["t"], T) == (False, 0)


def test_ram_test_same_class_only_if_she_has_lost_cpv() -> None:
    state = pair("tennessee", "tecumseh")  # ironclad on a single monitor
    r = state.ships["r"]
    assert ram_test_needed(r, state.ships["t"], T) == (False, 0)
    r.crew.lost = 1
    assert ram_test_needed(r, state.ships["t"], T) == (True, 0)


def test_ram_test_gunboat_on_a_double_monitor_minus_6() -> None:
    state = pair("gaines", "chickasaw")
    assert ram_test_needed(state.ships["r"], state.ships["t"], T) == (True, -6)


def test_ram_test_modifiers_and_result() -> None:
    # Gaines (gunboat) on Tecumseh (monitor): -4; lost no CPV +1; yellow 1:
    # +3; above SPV +1; no ram -2: total -1. A 2 gives 1: she rams.
    state = pair("gaines", "tecumseh", **{"cpt-r": (3, 3, 3, 1)})
    state.sides["confederate"].commander = ""  # nobody aboard but her captain
    ctx, dice, _ = context([2])
    assert ram_test(state, state.ships["r"], state.ships["t"], ctx, T)
    assert dice.requests[0].seat == "confederate"
    ctx, _, _ = context([1])
    assert not ram_test(state, state.ships["r"], state.ships["t"], ctx, T)


def test_ram_test_fired_upon_by_the_target_minus_2_captain_killed_fails() -> None:
    state = pair("gaines", "tecumseh", **{"cpt-r": (3, 3, 3, 1)})
    state.sides["confederate"].commander = ""
    r = state.ships["r"]
    r.fired_on_by = ["t"]
    ctx, _, _ = context([2])
    assert not ram_test(state, r, state.ships["t"], ctx, T)  # 2 - 1 - 2 = -1
    state.commanders[r.captain].alive = False
    ctx, dice, _ = context([])
    assert not ram_test(state, r, state.ships["t"], ctx, T) and dice.requests == []


def test_ramming_chart_4_to_7_knots_10_spv_a_pip_on_2_dice_and_1_more_ordered() -> None:
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    ctx, dice, _ = context([3, 4, 2, 1])  # 3 dice (2 and 1 for the order); then the rammer's effect
    resolve_ram(state, r, t, 5, True, ctx, T)
    assert t.spv == t.spv_start - 90
    assert len(dice.requests[0:1]) == 1 and dice.requests[0].count == 3


def test_ramming_chart_halved_without_a_ram() -> None:
    state = pair("hartford", "tennessee")
    r, t = state.ships["r"], state.ships["t"]
    ctx, dice, _ = context([5, 1])  # 1 die at 1-3 knots: 5 x 5 = 25, halved: 12
    resolve_ram(state, r, t, 2, False, ctx, T)
    assert t.spv == t.spv_start - 12
    # the roll says "1 die", not "1 dice" (issue 15: singular and plural right)
    assert dice.requests[0].label == "USS Hartford rams CSS Tennessee: 1 die x 5 SPV"


def test_ramming_chart_below_penetration_table_6_with_a_6_she_sinks() -> None:
    state = pair("tennessee", "selma")
    r, t = state.ships["r"], state.ships["t"]
    ctx, _, _ = context([6, 6, 6, 1])  # 1-3 knots... 8 and above: 3 dice
    resolve_ram(state, r, t, 9, False, ctx, T)  # 15 x 18 = 270: past her 32 SPV
    assert t.status == "sunk"
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    t.spv = t.pv + 9
    ctx, _, _ = context([2, 6, 1])  # 5 x 2 = 10: below pv; table 6 with a 6
    resolve_ram(state, r, t, 3, False, ctx, T)
    assert t.status == "sunk"


def test_effect_on_ramming_ship_lose_ram_then_lose_spv_if_none() -> None:
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    ctx, _, _ = context([1, 1, 4])  # 4-7 knots: 2 dice; effect 4: lose ram
    resolve_ram(state, r, t, 5, False, ctx, T)
    assert not r.ram
    spv = r.spv
    ctx, _, _ = context([1, 1, 4])
    resolve_ram(state, r, t, 5, False, ctx, T)
    assert r.spv == spv - 30


def test_effect_on_ramming_ship_stack_and_steam_pipe() -> None:
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    ctx, _, _ = context([1, 1, 5])  # 4-7 knots, 5: lose stack
    resolve_ram(state, r, t, 5, False, ctx, T)
    assert r.speed_lost == 2
    ctx, _, _ = context([1, 1, 6])  # 6: steam pipe: 2 CPV and 2 knots for 4 moves
    resolve_ram(state, r, t, 5, False, ctx, T)
    assert r.crew.lost == 2 and any(e.kind == "ram-steam-pipe" for e in r.effects)


def test_jammed_chart_locked_for_four_moves_and_sink_together() -> None:
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    ctx, _, _ = context([1, 1, 1, 6, 5])  # 8+: 3 dice; effect 6: locked; jammed 5: 4 moves
    resolve_ram(state, r, t, 9, False, ctx, T)
    assert r.locked == "t" and t.locked == "r" and r.locked_until == state.turn + 4
    state.turn += 3
    release_locks(state, ctx)
    assert r.locked == "t"
    sink(state, t, ctx, T)
    assert r.status == "sunk"


def test_jammed_chart_1_to_3_released() -> None:
    state = pair("tennessee", "hartford")
    r, t = state.ships["r"], state.ships["t"]
    ctx, _, _ = context([1, 1, 1, 6, 3])
    resolve_ram(state, r, t, 9, False, ctx, T)
    assert r.locked == ""


def test_uncontrolled_ramming_contact_by_plotted_course_no_test_both_stop() -> None:
    # Tennessee steams south into Hartford's side, no Ram Attack order
    state = position(
        [
            ship("r", "tennessee", "confederate", 24, 36, 180.0, speed=4),
            ship("t", "hartford", "union", 24, 30, 90.0),
        ]
    )
    r = state.ships["r"]
    state.moves = {
        "r": make_leg(state, r, Plot(4), T),
        "t": make_leg(state, state.ships["t"], Plot(0), T),
    }
    ctx, dice, log = context([2, 3, 1])  # 4 knots: 2 dice, then the effect
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert "runs into" in log.text()
    assert dice.requests[0].count == 2  # no extra die: no order
    assert state.moves["r"].stopped and state.moves["t"].stopped
    assert state.ships["t"].spv == state.ships["t"].spv_start - 50


def test_ram_test_sum_with_the_captains_yellow_die_is_for_her_own_side() -> None:
    # Controlled Ramming: the yellow die is added; the other side learns only
    # whether she passed
    state = pair("gaines", "tecumseh", **{"cpt-r": (3, 3, 3, 1)})
    state.sides["confederate"].commander = ""
    state.sighted = {"confederate": ["t"], "union": ["r"]}
    ctx, _, log = context([2])
    assert ram_test(state, state.ships["r"], state.ships["t"], ctx, T)  # 2 - 1 = 1
    detail = [e for e in log if "(yellow)" in e.text]
    assert len(detail) == 1 and detail[0].seats == ("confederate",)
    public = [e.text for e in log if e.seats is None and e.kind != "roll"]
    assert public == ["CSS Gaines passes her ram test"]
    (roll,) = [e for e in log if e.kind == "roll"]
    assert roll.goal == "with the modifiers, 1 or more to ram"
