"""Movement: speeds on the track within the increase and decrease boxes,
turns at the first, middle and end of the move about the bow, reverse at
one die, anchored at zero, adrift with the current, legal manoeuvres only
(Movement: Moving and turning, Anchors away, Adrift; roster ENGINES)."""

from __future__ import annotations

import math

import pytest

from quarterdeck.rulesets.flotilla import movement, rules
from quarterdeck.rulesets.flotilla.movement import Plan

from .helpers import Dice, T, ship, state


def test_speed_within_increase_3_and_decrease_5() -> None:
    s = ship("ic", speed=6)
    assert movement.speed_options(s) == [2, 3, 4, 5, 6, 7, 8, 9]
    s = ship("ic", speed=0)
    assert movement.speed_options(s) == [0, 2, 3]  # the track has no 1
    s = ship("ic", speed=16)
    assert movement.speed_options(s) == [11, 12, 13, 14, 15, 16]


def test_no_speed_change_with_engine_damage() -> None:
    s = ship("ic", speed=8, engine_turns=2)
    assert movement.speed_options(s) == [8]


def test_speed_lost_strikes_the_top_of_the_track() -> None:
    s = ship("ic", speed=16, speed_lost=2)
    assert s.max_speed == 14
    assert max(movement.speed_options(s)) == 14


def test_stopped_grappled_or_aground_stay_at_zero() -> None:
    for extra in ({"stopped": 2}, {"grappled": "x"}, {"aground": True}):
        assert movement.speed_options(ship("ic", speed=8, **extra)) == [0]


def test_turns_by_the_card() -> None:
    s = ship("ic")
    assert movement.turn_options(s, "first") == [0]
    assert movement.turn_options(s, "middle") == [0, -45, 45]
    assert movement.turn_options(s, "end") == [0, -45, 45]
    assert movement.turn_options(ship("mar", "marmora"), "middle") == [0, -90, 90]


def test_rudder_damage_limits_turns() -> None:
    assert movement.turn_options(ship("ic", no_turns=1), "middle") == [0]
    assert movement.turn_options(ship("ic", turn_only="right"), "middle") == [0, 45]
    assert movement.turn_options(ship("ic", turn_only="left"), "end") == [0, -45]


def test_a_turn_keeps_the_bow_in_place() -> None:
    s = ship("ic", x=10, y=10, heading=0)
    start, mid, end = movement.path(s, Plan(4, 0, 45, 0))
    assert (start.x, start.y) == (10, 10)
    assert (mid.x, mid.y, mid.heading) == pytest.approx((10, 12, 45))
    assert (end.x, end.y) == pytest.approx((10 + math.sqrt(2), 12 + math.sqrt(2)))
    _, _, end = movement.path(s, Plan(4, 0, 0, 45))
    assert (end.x, end.y, end.heading) == pytest.approx((10, 14, 45))


def test_every_plan_is_on_the_track_and_card() -> None:
    s = ship("ic", x=36, y=24, speed=6)
    plans = movement.plans(state([s]), T, s)
    assert {p.speed for p in plans if not p.reverse} == {2, 3, 4, 5, 6, 7, 8, 9}
    assert all(p.first == 0 for p in plans)
    assert len(plans) == 8 * 9


def test_no_manoeuvre_runs_onto_land() -> None:
    s = ship("ic", x=36, y=24, heading=0, speed=6)
    land = [[(30.0, 28.0), (42.0, 28.0), (42.0, 40.0), (30.0, 40.0)]]
    plans = movement.plans(state([s], land=land), T, s)
    assert all(p.speed < 4 or p.middle != 0 or p.reverse for p in plans)
    assert Plan(3).id in {p.id for p in plans} or Plan(3, 0, 0, 0) in plans


def test_a_captain_holding_back_may_not_close_the_enemy() -> None:
    s = ship("ic", x=36, y=10, heading=0, speed=6, mood="hold")
    enemy = ship("sel", "selma", "confederate", x=36, y=40)
    plans = movement.plans(state([s, enemy]), T, s)
    assert plans and all(p.speed == 0 or p.reverse or p.middle != 0 for p in plans)


def test_reverse_is_one_die_astern() -> None:
    s = ship("ic", x=36, y=24, heading=0, speed=0)
    st = state([s])
    assert Plan(0, reverse=True) in movement.plans(st, T, s)
    d = Dice([4])
    rules.move_first_half(st, T, d.ctx, s, Plan(0, reverse=True))
    assert (s.x, s.y) == pytest.approx((36, 20)) and s.moving and s.speed == 0


def test_anchored_at_zero_stays_in_place() -> None:
    s = ship("ic", x=36, y=24, heading=0, speed=2)
    st = state([s])
    st.plan = {"id": "s0/0/0/0", "start": [36, 24, 0]}
    rules.move_first_half(st, T, Dice([]).ctx, s, Plan(0))
    rules.move_second_half(st, T, Dice([]).ctx, s, Plan(0))
    assert (s.x, s.y, s.anchored, s.moving) == (36, 24, True, False)


def test_the_move_is_made_in_two_halves() -> None:
    s = ship("ic", x=36, y=10, heading=0, speed=6)
    st = state([s])
    st.plan = {"id": "s8/0/0/0", "start": [36, 10, 0], "middle": 45}
    plan = Plan.parse("s8/0/0/0")
    rules.move_first_half(st, T, Dice([]).ctx, s, plan)
    assert (s.x, s.y, s.heading) == pytest.approx((36, 14, 0))
    rules.move_second_half(st, T, Dice([]).ctx, s, plan)
    assert (s.x, s.y, s.heading) == pytest.approx(
        (36 + 4 / math.sqrt(2), 14 + 4 / math.sqrt(2), 45)
    )
    assert s.speed == 8


def test_adrift_moves_one_die_with_the_current() -> None:
    s = ship("ic", x=36, y=24, status="abandoned")
    st = state([s], current=90.0)
    rules.drift(st, T, Dice([5]).ctx, s)
    assert (s.x, s.y) == pytest.approx((41, 24))


def test_plan_ids_round_trip() -> None:
    for plan in (Plan(8, 0, 45, -45), Plan(0), Plan(0, reverse=True)):
        assert Plan.parse(plan.id) == plan


def test_a_row_boat_turns_then_rows_one_die() -> None:
    s = ship("cut", "navy_cutter", x=36, y=24, heading=0)
    st = state([s])
    ids = [p.id for p in movement.plans(st, T, s)]
    assert ids[:4] == ["s0/0/0/0", "row/0", "row/-15", "row/15"]
    assert len(ids) == 2 + 2 * 6 and ids[-1] == "row/90"  # any angle up to 90, in 15s
    st.plan = {"id": "row/90", "start": [36, 24, 0]}
    rules.move_first_half(st, T, Dice([3]).ctx, s, Plan.parse("row/90"))
    assert (s.x, s.y, s.heading) == pytest.approx((39, 24, 90))
    assert s.moving


def test_a_hulk_marker_is_in_the_way() -> None:
    s = ship("ic", x=36, y=10, heading=0, speed=6)
    hulk = ship("h", "selma", "confederate", x=40, y=15, heading=270, status="hulk")
    plans = movement.plans(state([s, hulk]), T, s)
    # the hulk's keel lies across x 40..47 at y 15: straight ahead is clear of it
    assert Plan(9, 0, 0, 0) in plans
    blocked = ship("h", "selma", "confederate", x=40, y=15, heading=90, status="hulk")
    plans = movement.plans(state([s, blocked]), T, s)
    assert Plan(9, 0, 0, 0) not in plans and Plan(4, 0, 0, 0) in plans


def test_the_gamble_turn_of_90_is_one_turn() -> None:
    s = ship("ic", x=36, y=24, speed=16, extra_inches=12, extra_turn=True)
    plans = movement.plans(state([s]), T, s)
    assert any(abs(p.middle) == 90 for p in plans)
    assert not any(abs(p.middle) == 90 and abs(p.end) == 90 for p in plans)


def test_the_move_prompt_offers_speeds_with_any_first_turn_up_to_the_card() -> None:
    ic = ship("ic", x=36, y=24, heading=0, speed=6)
    st = state([ic])
    opts = movement.first_options(st, T, ic)
    assert {p.first for p in opts} == {0}  # Iron City has no turn at the first
    selma = ship("sel", "selma", x=36, y=24, heading=0, speed=6)
    st = state([selma])
    firsts = {p.first for p in movement.first_options(st, T, selma) if p.speed == 6}
    assert firsts == {0, 15, -15, 30, -30, 45, -45}


def test_the_turn_at_the_middle_is_any_angle_up_to_the_card() -> None:
    s = ship("ic", x=36, y=10, heading=0, speed=6)
    far = ship("sel", "selma", "confederate", x=0, y=0, heading=0, speed=6)  # out of reach
    st = state([s, far])
    st.phase, st.side_a, st.stage, st.unit = "move_a", "union", "plan", "ic"
    st.order = ["sel"]
    st.ask = {"kind": "plan", "seat": "union", "ship": "ic", "options": ["s8/0/0/0"]}
    rules.apply(st, T, "union", "s8/0/0/0", Dice([]).ctx)
    # the first half is made; fire is offered to nobody (no enemy); then the middle turn
    p = rules.prompt(st, T)
    assert p is not None and p.context["step"] == "turn" and p.context["point"] == "middle"
    assert p.option_ids() == ["t0", "t-15", "t15", "t-30", "t30", "t-45", "t45"]
    assert (s.x, s.y) == pytest.approx((36, 14))
    rules.apply(st, T, "union", "t30", Dice([]).ctx)
    assert (s.x, s.y, s.heading) == pytest.approx((38, 14 + 2 * math.sqrt(3), 30))
    p = rules.prompt(st, T)
    assert p is not None and p.context["point"] == "end"
    rules.apply(st, T, "union", "t-15", Dice([]).ctx)
    assert s.heading == pytest.approx(15)
    assert (s.x, s.y) == pytest.approx((38, 14 + 2 * math.sqrt(3)))  # the bow stays put


def test_a_finer_turn_step_is_a_house_rule() -> None:
    from quarterdeck.rulesets.flotilla.tables import tables_with

    fine = tables_with({"movement": {"turn_step": 5}})
    s = ship("sel", "selma", x=36, y=24, heading=0, speed=6)
    angles = movement.turn_options(s, "first", fine.movement.turn_step)
    assert len(angles) == 1 + 2 * 9 and 5 in angles and -45 in angles


def test_the_middle_turn_offers_only_legal_second_halves() -> None:
    s = ship("ic", x=36, y=20, heading=0, speed=8)
    land = [[(37.0, 20.0), (60.0, 20.0), (60.0, 40.0), (37.0, 40.0)]]  # to starboard
    st = state([s], land=land)
    st.plan = {"id": "s8/0/0/0", "start": [36, 20, 0]}
    s.y = 24
    angles = rules.later_turns(st, T, s, "middle")
    assert 0 in angles and -45 in angles and all(a <= 0 for a in angles)


def test_plans_walk_the_same_path_as_the_move() -> None:
    """``_plans`` walks each manoeuvre leg by leg (a first half once for all
    its middle turns); the move itself goes by :func:`movement.path`. At
    random poses, among land, a hulk and an enemy, a captain holding back or
    not, the manoeuvres it finds legal are exactly those whose path (as the
    move makes it) clears both legs."""
    import random

    rng = random.Random(14)
    counts = [0, 0]
    land = [[(30.0, 28.0), (42.0, 28.0), (42.0, 40.0), (30.0, 40.0)]]
    for _ in range(60):
        s = ship(
            "ic",
            "marmora" if rng.random() < 0.5 else "iron_city",
            x=rng.uniform(2, 70),
            y=rng.uniform(2, 46),
            heading=rng.choice([0.0, 359.5, rng.uniform(0, 360)]),
            speed=rng.choice([2, 6, 9, 16]),
            mood=rng.choice([None, "hold"]),
            extra_turn=rng.random() < 0.3,
            extra_inches=12,
        )
        hulk = ship("h", "selma", "confederate", x=40, y=15, heading=90, status="hulk")
        enemy = ship("e", "selma", "confederate", x=rng.uniform(0, 72), y=rng.uniform(0, 48))
        st = state([s, hulk, enemy], land=land)
        found = {p for p in movement.plans(st, T, s) if p.speed > 0}
        before = movement.distance_to_nearest_enemy(st, s) if s.mood else math.inf
        legs = movement._LegRules(st, T, s, before)
        gamble = T.extra_power.gamble_turn
        firsts, middles, ends = (
            movement.turn_options(s, p, gamble=gamble) for p in movement.POINTS
        )
        card = [s.turns.get(p, 0) for p in movement.POINTS]
        expected = set()
        for speed in movement.speed_options(s):
            for first in firsts if speed else ():
                for middle in middles:
                    for end in ends:
                        turns = (first, middle, end)
                        if sum(abs(a) > c for a, c in zip(turns, card, strict=True)) > 1:
                            continue
                        plan = Plan(speed, first, middle, end)
                        start, mid, fin = movement.path(s, plan)
                        if movement._two_legs_clear(st, s, start.point, mid.point, fin.point, legs):
                            expected.add(plan)
        assert found == expected
        counts[0] += len(expected)
        counts[1] += len(ends) * len(middles) * len(firsts) * len(movement.speed_options(s))
    assert 0 < counts[0] < counts[1]  # some legal, some not: the legs are tested


def test_the_move_prompt_offers_what_plans_and_the_legs_allow() -> None:
    """``first_options`` asks ``plans`` for a speed's whole manoeuvre only
    where the legs straight on are not found clear on its way: at random
    poses, among land, a hulk and an enemy, a captain holding back or not,
    near the edges, it offers exactly each speed that ``plans`` finds a
    manoeuvre at, with each stepped first turn whose first half is clear
    and after which some stepped middle turn is (or that leaves the table),
    then the move astern that ``plans`` finds."""
    import random

    from quarterdeck.core.geometry import Pose, turn_ahead

    rng = random.Random(23)
    land = [[(30.0, 28.0), (42.0, 28.0), (42.0, 40.0), (30.0, 40.0)]]
    step, gamble = T.movement.turn_step, T.extra_power.gamble_turn
    searched = 0
    for _ in range(80):
        s = ship(
            "ic",
            rng.choice(["marmora", "iron_city", "selma"]),
            x=rng.choice([rng.uniform(0.5, 71.5), rng.uniform(0, 3), rng.uniform(69, 72)]),
            y=rng.choice([rng.uniform(0.5, 47.5), rng.uniform(0, 3), rng.uniform(45, 48)]),
            heading=rng.choice([0.0, 359.5, rng.uniform(0, 360)]),
            speed=rng.choice([0, 2, 6, 9, 16]),
            mood=rng.choice([None, "hold"]),
            extra_turn=rng.random() < 0.3,
            extra_inches=12,
        )
        hulk = ship("h", "selma", "confederate", x=40, y=15, heading=90, status="hulk")
        enemy = ship("e", "selma", "confederate", x=rng.uniform(0, 72), y=rng.uniform(0, 48))
        st = state([s, hulk, enemy], land=land)
        whole = movement.plans(st, T, s, one_a_speed=True)
        before = movement.distance_to_nearest_enemy(st, s) if s.mood else math.inf
        firsts = movement.turn_options(s, "first", step, gamble=gamble)
        card = s.turns.get("first", 0)
        expected = [p for p in whole if not p.reverse and p.speed == 0]
        for speed in sorted({p.speed for p in whole if not p.reverse and p.speed > 0}):
            half = speed / 2
            start = Pose(s.x, s.y, s.heading)
            for first in movement.legal_turns(st, T, s, start, firsts, half, before):
                mx, my, mh = turn_ahead(s.x, s.y, s.heading, first, half)
                later = movement.turn_options(
                    s, "middle", step, extra=s.extra_turn and abs(first) <= card, gamble=gamble
                )
                if not movement.on_table(st, (mx, my)) or movement.legal_turns(
                    st, T, s, Pose(mx, my, mh), later, half, before
                ):
                    expected.append(Plan(speed, first))
        expected += [p for p in whole if p.reverse]
        assert movement.first_options(st, T, s) == (expected or [Plan(0)])
        searched += len(expected)
    assert searched > 0
