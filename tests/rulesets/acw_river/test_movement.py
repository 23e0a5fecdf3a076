"""Movement: speeds and acceleration, reverse, turning radii, currents,
drifting, anchoring, quarter moves fastest first, navigational hazards."""

from __future__ import annotations

import math

import pytest

from quarterdeck.rulesets.acw_river.hazards import reverse_off
from quarterdeck.rulesets.acw_river.movement import (
    arc_step,
    drift_for,
    make_leg,
    project,
    speed_limits,
    swing_at_anchor,
    turn_for,
)
from quarterdeck.rulesets.acw_river.moves import finish_move, run_quarter
from quarterdeck.rulesets.acw_river.state import Aground, Plot

from .helpers import T, context, position, ship


def one(facts: str, speed: int = 0, **more: object):
    state = position([ship("s", facts, "union", 24, 30, 0.0, speed=speed, **more)])
    return state, state.ships["s"]


def test_acceleration_two_knots_a_move_up_or_down() -> None:
    _, s = one("hartford", speed=4)
    assert speed_limits(s, T) == (2, 6)


def test_deceleration_move_1_4_knots_move_2_2_knots_move_3_stop() -> None:
    _state, s = one("hartford", speed=4)
    for expected in (2, 0):
        s.speed = speed_limits(s, T)[0]
        assert s.speed == expected
    assert speed_limits(s, T)[0] < 0  # stopped: now she may go astern


def test_reverse_from_forward_she_must_first_come_to_a_full_stop() -> None:
    _, s = one("hartford", speed=2)
    assert speed_limits(s, T)[0] == 0


def test_reverse_moves_a_third_of_forward_speed() -> None:
    _, s = one("hartford")  # 11 knots: 3 astern
    s.speed = -2
    assert speed_limits(s, T) == (-3, 0)


def test_reverse_moves_double_enders_the_same_either_way() -> None:
    _, s = one("metacomet")
    s.speed = -8
    assert speed_limits(s, T) == (-10, -6)


def test_turning_radius_limits_the_turn_for_the_distance_made() -> None:
    _, s = one("hartford")  # 5 inch radius
    assert turn_for(s, 5, "hard-starboard", T) == pytest.approx(math.degrees(1.0))
    assert turn_for(s, 5, "half-port", T) == pytest.approx(-math.degrees(1.0) / 3)
    assert turn_for(s, 0, "hard-port", T) == 0


def test_turning_the_helm_shares_are_a_reconstructed_chart_a_house_rule_replaces() -> None:
    # Turning Ships: the turning diagram is lost; the helm's shares of the
    # tightest turn are tables.toml [turning] (reconstructed = true)
    from quarterdeck.rulesets.acw_river.tables import tables_with

    assert T.turning.reconstructed and T.aspect.reconstructed and T.distances.reconstructed
    house = tables_with({"turning": {"hard": [1, 2], "helm": [1, 2]}})
    _, s = one("hartford")
    assert turn_for(s, 5, "hard-port", house) == pytest.approx(-math.degrees(1.0) / 2)
    assert turn_for(s, 5, "starboard", house) == pytest.approx(math.degrees(1.0) / 2)
    assert turn_for(s, 5, "half-starboard", house) == turn_for(s, 5, "half-starboard", T)


def test_one_inch_a_knot_ahead() -> None:
    state, s = one("hartford", speed=6)
    x, y, h = project(state, s, 6, "ahead", T)
    assert (x, y, h) == pytest.approx((24, 36, 0))


def test_currents_with_the_current_add_against_it_deduct() -> None:
    state = position(
        [
            ship("up", "hartford", "union", 24, 30, 0.0, speed=6),
            ship("down", "gaines", "confederate", 24, 50, 180.0, speed=6),
        ],
        table={"lanes": [2, 2, 2, 2, 2], "wind": "south"},
    )
    _, y, _ = project(state, state.ships["up"], 6, "ahead", T)
    assert y == pytest.approx(30 + 6 - 2)
    _, y, _ = project(state, state.ships["down"], 6, "ahead", T)
    assert y == pytest.approx(50 - 6 - 2)


def test_ships_drifting_over_80_spv_make_half_the_current() -> None:
    state = position(
        [
            ship("big", "hartford", "union", 12, 30, 0.0),
            ship("small", "manassas", "confederate", 36, 50, 180.0),
        ],
        table={"lanes": [4, 4, 4, 4, 4], "wind": "south"},
    )
    assert drift_for(state, state.ships["big"], 0, T) == (0.0, -2.0)
    assert drift_for(state, state.ships["small"], 0, T) == (0.0, -4.0)


def test_anchor_no_drift_and_small_ships_swing_with_the_current() -> None:
    state = position(
        [
            ship("small", "manassas", "confederate", 36, 50, 90.0, anchored=True),
            ship("big", "hartford", "union", 12, 30, 90.0, anchored=True),
        ],
        table={"lanes": [3, 3, 3, 3, 3], "wind": "south"},
    )
    small, big = state.ships["small"], state.ships["big"]
    assert drift_for(state, small, 0, T) == (0.0, 0.0)
    assert swing_at_anchor(state, small, T) == -90.0 and small.heading == 0.0
    assert swing_at_anchor(state, big, T) == 0.0  # 290 SPV: she does not swing


def test_anchor_swing_is_up_to_two_right_angles_a_move() -> None:
    state = position(
        [ship("small", "manassas", "confederate", 36, 50, 180.0, anchored=True)],
        table={"lanes": [3, 3, 3, 3, 3], "wind": "south"},
    )
    assert abs(swing_at_anchor(state, state.ships["small"], T)) == pytest.approx(180.0)
    assert state.ships["small"].heading == 0.0


def test_movement_where_paths_conflict_the_fastest_moves_first() -> None:
    # two ships steam for the same water in the third quarter; the faster
    # (8 kn) moves first and is there; the slower (4 kn) stops short of her
    state = position(
        [
            ship("fast", "hartford", "union", 12, 30, 90.0, speed=8),
            ship("slow", "selma", "union", 20, 24, 0.0, speed=4),
        ]
    )
    state.moves = {sid: make_leg(state, s, Plot(s.speed), T) for sid, s in state.ships.items()}
    ctx, _, log = context([])
    for _ in range(4):
        run_quarter(state, T, ctx)
    finish_move(state, T, ctx)
    assert state.ships["fast"].x == pytest.approx(20.0)
    assert state.ships["slow"].speed == 0
    assert "stops short" in log.text()


def test_arc_step_quarter_moves_add_up_to_the_whole_arc() -> None:
    x, y, h = 0.0, 0.0, 0.0
    for _ in range(4):
        x, y, h = arc_step(x, y, h, 2.0, 20.0)
    whole = arc_step(0.0, 0.0, 0.0, 8.0, 80.0)
    assert (x, y, h) == pytest.approx(whole)


def test_navigational_hazards_deep_draught_sticks_on_1_to_4_on_a_sandbar() -> None:
    state = position(
        [ship("s", "hartford", "union", 24, 30, 0.0, speed=6)],
        features=[
            {
                "id": "bar",
                "kind": "shoal",
                "depth": 3,
                "polygon": [[20, 33], [28, 33], [28, 35], [20, 35]],
                "label": "sandbar",
            }
        ],
    )
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(6), T)}
    ctx, dice, _ = context([4])
    for _ in range(4):
        run_quarter(state, T, ctx)
    finish_move(state, T, ctx)
    assert s.aground is not None and s.aground.hazard == "shoal" and s.speed == 0
    assert "run aground" in s.morale_due
    assert dice.requests[0].goal.startswith("4 or less")


def test_navigational_hazards_shallow_draught_passes_on_a_3() -> None:
    state = position(
        [ship("s", "marmora", "union", 24, 30, 0.0, speed=6)],
        features=[
            {
                "id": "bar",
                "kind": "shoal",
                "depth": 3,
                "polygon": [[20, 33], [28, 33], [28, 35], [20, 35]],
            }
        ],
    )
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(6), T)}
    ctx, _, _ = context([3])
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert s.aground is None


def test_navigational_hazards_a_sandbar_deep_enough_for_her_is_no_hazard() -> None:
    state = position(
        [ship("s", "marmora", "union", 24, 30, 0.0, speed=6)],
        features=[
            {
                "id": "bar",
                "kind": "shoal",
                "depth": 5,
                "polygon": [[20, 33], [28, 33], [28, 35], [20, 35]],
            }
        ],
    )
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(6), T)}
    ctx, dice, _ = context([])
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert s.aground is None and dice.requests == []


def test_reverse_off_5_or_6_four_attempts_then_stuck_for_the_game() -> None:
    state, s = one("hartford")
    s.aground = Aground("shoal")
    ctx, _, _ = context([4, 4, 4, 4])
    for _ in range(4):
        assert not reverse_off(state, s, ctx, T)
    assert s.aground is not None and s.aground.fast


def test_reverse_off_with_a_tug_eight_attempts() -> None:
    state = position(
        [
            ship("s", "hartford", "union", 24, 30, 0.0),
            ship("tug", "beaufort", "union", 24.9, 30, 0.0),
        ]
    )
    s = state.ships["s"]
    s.aground = Aground("shoal")
    ctx, _, _ = context([1, 1, 1, 1, 1, 1, 1, 5])
    results = [reverse_off(state, s, ctx, T) for _ in range(8)]
    assert results[-1] and s.aground is None


def test_stakes_or_rocks_reverse_off_on_a_6_two_attempts() -> None:
    state, s = one("hartford")
    s.aground = Aground("stakes")
    ctx, _, _ = context([5, 5])
    assert not reverse_off(state, s, ctx, T)
    assert not reverse_off(state, s, ctx, T)
    assert s.aground.fast


def test_shore_a_ship_within_an_inch_of_the_shore_may_run_aground() -> None:
    # the west bank ends at x = 4; she steams north at x = 4.8
    state = position([ship("s", "hartford", "union", 4.8, 30, 0.0, speed=4)])
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(4), T)}
    ctx, _, _ = context([2])
    run_quarter(state, T, ctx)
    assert s.aground is not None and s.aground.hazard == "shore"


def test_sunken_vessels_cannot_be_passed_a_ship_crossing_one_is_snagged() -> None:
    state = position(
        [ship("s", "hartford", "union", 24, 30, 0.0, speed=6)],
        features=[
            {"id": "wreck-x", "kind": "wreck", "polygon": [[22, 33], [26, 33], [26, 34], [22, 34]]}
        ],
    )
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(6), T)}
    ctx, _, _ = context([])
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert s.aground is not None and s.aground.hazard == "wreck"


def test_spar_chains_stop_all_but_torpedo_craft() -> None:
    state = position(
        [ship("s", "hartford", "union", 24, 30, 0.0, speed=6)],
        features=[
            {"id": "chain", "kind": "chain", "polygon": [[4, 33], [44, 33], [44, 33.2], [4, 33.2]]}
        ],
    )
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(6), T)}
    ctx, dice, _ = context([])
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert s.y < 33 and dice.requests == []


def test_leaving_the_table_by_the_far_end() -> None:
    state = position([ship("s", "gaines", "confederate", 24, 3, 180.0, speed=8)])
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(8), T)}
    ctx, _, _ = context([])
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert s.status == "exited" and s.exit_edge == "downstream"


def bar_ahead(y0: float, y1: float, facts: str = "hartford", speed: int = 8) -> object:
    return position(
        [ship("s", facts, "union", 24, 30, 0.0, speed=speed)],
        features=[
            {
                "id": "bar",
                "kind": "shoal",
                "depth": 3,
                "polygon": [[20, y0], [28, y0], [28, y1], [20, y1]],
                "label": "sandbar",
            }
        ],
    )


def test_navigational_hazards_a_sandbar_crossed_inside_one_quarter_is_still_tested() -> None:
    # Sandbars: a ship crossing one throws; Marmora (4 ft) crosses a bar of
    # 3 ft an inch wide between two quarter points (31.5 and 33), in deep
    # water at both: the bar must not be missed
    state = bar_ahead(31.8, 32.8, "marmora", 6)
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(6), T)}
    ctx, dice, _ = context([2])  # shallow draught: stuck on 1 or 2
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert len(dice.requests) == 1 and dice.requests[0].label.endswith("crosses sandbar")
    assert s.aground is not None and s.y == pytest.approx(33.0)


def test_navigational_hazards_alternatively_one_die_an_inch_stuck_goes_an_inch_further() -> None:
    # Navigational hazards, "Alternatively": a die for each inch through the
    # shoal; stuck, she travels an inch further, stops and must reverse off
    # (a house rule: [hazards] method = "per-inch")
    from quarterdeck.rulesets.acw_river.tables import tables_with

    per_inch = tables_with({"hazards": {"method": "per-inch"}})
    state = bar_ahead(33.0, 36.0)
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(8), per_inch)}
    ctx, dice, _ = context([6, 5, 2])  # deep draught: stuck on 1 to 4
    for _ in range(4):
        run_quarter(state, per_inch, ctx)
    assert len(dice.requests) == 3  # one for each inch: 34, 35, 36
    assert s.aground is not None and s.y == pytest.approx(37.0)
    # the printed way: one die for the whole bar
    state = bar_ahead(33.0, 36.0)
    s = state.ships["s"]
    state.moves = {"s": make_leg(state, s, Plot(8), T)}
    ctx, dice, _ = context([5])
    for _ in range(4):
        run_quarter(state, T, ctx)
    assert len(dice.requests) == 1 and s.aground is None


@pytest.mark.parametrize("helm", ["hard-port", "half-starboard", "ahead"])
def test_plot_ends_are_where_the_quarter_moves_leave_her_in_open_water(helm: str) -> None:
    """Movement; Turning Ships: the drag end for a plot is the end of the
    move the rules make for it, unobstructed."""
    from quarterdeck.rulesets.acw_river.movement import plot_ends

    state = position([ship("s", "hartford", "union", 24, 30, 30.0, speed=4)])
    s = state.ships["s"]
    ends = plot_ends(state, s, T)
    assert sorted({e["speed"] for e in ends}) == [2, 3, 4, 5, 6]
    assert len(ends) == 5 * 7
    end = next(e for e in ends if e["speed"] == 6 and e["helm"] == helm)
    state.moves = {"s": make_leg(state, s, Plot(6, helm), T)}
    ctx, _, _ = context([])
    for _ in range(4):
        run_quarter(state, T, ctx)
    finish_move(state, T, ctx)
    assert (s.x, s.y, s.heading) == pytest.approx((end["x"], end["y"], end["heading"]), abs=1e-3)


def test_a_stopped_ship_has_one_drag_end_helm_ahead_not_one_for_each_helm() -> None:
    """Movement; Turning Ships: at a stop the helm turns her nothing, so a
    drag to where she stays fills helm ahead (once, not hard a-port first of
    seven ends on one spot)."""
    from quarterdeck.rulesets.acw_river.movement import plot_ends

    state = position([ship("s", "hartford", "union", 24, 30, 30.0, speed=2)])
    ends = plot_ends(state, state.ships["s"], T)
    assert sorted({e["speed"] for e in ends}) == [0, 1, 2, 3, 4]
    stopped = [e for e in ends if e["speed"] == 0]
    assert [e["helm"] for e in stopped] == ["ahead"]
    assert len(ends) == 1 + 4 * 7


def test_table_view_gives_drag_ends_only_for_the_open_plot_form_ships() -> None:
    """Movement: the web table's drag ends are for the ships of the seat's
    own open plot form, nothing while it is asked anything else."""
    from quarterdeck.rulesets.acw_river.movement import table_view

    state = position(
        [
            ship("s", "hartford", "union", 24, 30, 0.0, speed=4),
            ship("c", "selma", "confederate", 20, 50, 180.0, speed=4),
        ]
    )
    plot = {"kind": "form", "context": {"step": "plot", "ships": ["s"]}}
    assert set(table_view(state, T, {"prompt": plot})["plot_ends"]) == {"s"}
    fire = {"kind": "form", "context": {"step": "fire", "ships": ["s"]}}
    assert table_view(state, T, {"prompt": fire}) == {}
    assert table_view(state, T, {"prompt": None}) == {}
