"""Firing: fire dice, arcs of 45 degrees, ranges with hit fractions rounded
up, the 5-6 and 6-only conditions, +1 against a stationary ship, light guns
against ironclads, aimed fire, the two-battery limit (Firing; Aimed fire;
Reloading artillery)."""

from __future__ import annotations

import pytest

from quarterdeck.rulesets.flotilla import fire, firers, rules

from .helpers import Dice, T, ship, state


@pytest.mark.parametrize(
    ("weight", "inches", "divisor"),
    [
        ("normal", 12.0, 1),
        ("normal", 12.5, 2),
        ("normal", 24.0, 2),
        ("normal", 24.5, 3),
        ("normal", 36.0, 3),
        ("normal", 36.5, None),
        ("heavy", 16.0, 1),
        ("heavy", 32.0, 2),
        ("heavy", 48.0, 3),
        ("heavy", 48.5, None),
        ("light", 12.0, 1),
        ("light", 12.5, None),
    ],
)
def test_range_bands(weight: str, inches: float, divisor: int | None) -> None:
    assert T.ranges[weight].divisor(inches) == divisor  # type: ignore[index]


@pytest.mark.parametrize(
    ("dice", "divisor", "hits"),
    [
        ([4, 5, 6, 1, 2], 1, 3),  # short range: full hits
        ([4, 5, 6, 1, 2], 2, 2),  # medium: 3 / 2 = 1.5, rounded up
        ([4, 5, 6, 1, 2], 3, 1),  # long: 3 / 3 = 1
        ([4, 4, 4, 4, 1], 3, 2),  # long: 4 / 3 = 1.33, rounded up
        ([4, 1, 1, 1, 1], 2, 1),  # medium: one hit stays one hit
        ([1, 2, 3, 3, 2], 1, 0),
    ],
)
def test_hits_divided_by_range_rounded_up(dice: list[int], divisor: int, hits: int) -> None:
    assert fire.roll_hits(Dice(dice).ctx, "volley", 5, 4, divisor, fire.R_FIRE, "union") == hits


def test_a_logged_fire_roll_says_what_hits_and_how_the_range_divides_them() -> None:
    """Firing (battery firing aboard ships): the logged roll names the number
    each die must reach and, beyond the first range, that the hits are
    divided, rounded up; its explanation counts the fire dice against that
    number."""
    dice = Dice([[5, 4, 6, 1, 2]])
    assert fire.roll_hits(dice.ctx, "volley", 5, 4, 2, fire.R_FIRE, "union") == 2
    (entry,) = dice.log
    assert entry.goal == "each die of 4 or more hits; the hits are divided by 2, rounded up"
    assert entry.math is not None and entry.math.divisor == 2 and entry.math.target == 4
    dice = Dice([[5, 4, 6, 1, 2]])
    assert fire.roll_hits(dice.ctx, "volley", 5, 4, 1, fire.R_FIRE, "union") == 3
    assert dice.log[0].goal == "each die of 4 or more hits"


def two_ships(gap: float = 10.0, **target: object) -> tuple[rules.State, rules.Ship, rules.Ship]:
    a = ship("ic", x=10, y=10, heading=0, speed=6)
    b = ship("ark", "arkansas", "confederate", x=10 + gap, y=10, heading=0, speed=6, **target)
    return state([a, b]), a, b


def test_only_4_5_6_hit_normally() -> None:
    st, a, b = two_ships()
    assert fire.need_against_ship(st, T, a, b)[0] == 4


@pytest.mark.parametrize(
    ("visibility", "need"),
    [("reduced", 5), ("excessive-smoke", 6), ("fog", 6), ("dawn", 6), ("dusk", 6)],
)
def test_visibility_calls(visibility: str, need: int) -> None:
    st, a, b = two_ships()
    st.events = [visibility]
    assert fire.need_against_ship(st, T, a, b)[0] == need


def test_reduced_visibility_is_read_from_the_visibility_chart_alone() -> None:
    """The 5-6 of "reduced visibility" is the [visibility] chart's: a house
    rule there changes the number needed; the old duplicate
    ``fire.reduced_hit_on``, which nothing read, is refused by name."""
    from quarterdeck.core.errors import TableError
    from quarterdeck.rulesets.flotilla.tables import tables_with

    st, a, b = two_ships()
    st.events = ["reduced"]
    assert fire.need_against_ship(st, tables_with({"visibility": {"reduced": 6}}), a, b)[0] == 6
    with pytest.raises(TableError, match=r"'fire\.reduced_hit_on': unknown field"):
        tables_with({"fire": {"reduced_hit_on": 6}})


def test_six_only_against_a_target_6_inches_long_or_less() -> None:
    a = ship("ic", x=10, y=10, speed=6)
    b = ship("mar", "marmora", "confederate", x=20, y=10, speed=6)
    assert b.length <= 6
    assert fire.need_against_ship(state([a, b]), T, a, b)[0] == 6


@pytest.mark.parametrize(
    "condition",
    [{"fire_below": 2}, {"fire_above": 2}, {"catastrophic": True}, {"ticked": 55}, {"crew_pos": 0}],
)
def test_six_only_for_a_firer_on_fire_in_the_yellow_or_with_no_men(
    condition: dict[str, object],
) -> None:
    st, a, b = two_ships()
    for key, value in condition.items():
        setattr(a, key, value)
    assert fire.need_against_ship(st, T, a, b)[0] == 6


def test_plus_one_against_a_stationary_ship() -> None:
    st, a, b = two_ships(moving=False)
    assert fire.need_against_ship(st, T, a, b)[0] == 3
    st.events = ["fog"]
    assert fire.need_against_ship(st, T, a, b)[0] == 5


def test_broadside_arc_is_45_degrees() -> None:
    st, a, _b = two_ships(gap=10.0)  # abeam to starboard of Iron City
    starboard = next(x for x in a.batteries if x.name == "starboard")
    port = next(x for x in a.batteries if x.name == "port")
    bow = next(x for x in a.batteries if x.name == "bow")
    assert [s.target for s in fire.battery_shots(st, T, a, starboard)] == ["ark"]
    assert fire.battery_shots(st, T, a, port) == []
    assert fire.battery_shots(st, T, a, bow) == []


def test_bow_guns_fire_ahead_only() -> None:
    a = ship("ic", x=10, y=10, heading=90, speed=6)
    b = ship("ark", "arkansas", "confederate", x=30, y=10, heading=0, speed=6)
    st = state([a, b])
    bow = next(x for x in a.batteries if x.name == "bow")
    (shot,) = fire.battery_shots(st, T, a, bow)
    assert shot.target == "ark" and shot.divisor == 2  # heavy guns, 20 in: medium


def test_turret_fires_all_round_unless_jammed() -> None:
    a = ship("tec", "tecumseh", x=10, y=10, heading=0, speed=6)
    b = ship("sel", "selma", "confederate", x=10, y=0, speed=6)  # dead astern
    st = state([a, b])
    turret = a.batteries[0]
    assert [s.target for s in fire.battery_shots(st, T, a, turret)] == ["sel"]
    a.turret = "never"  # jammed pointing ahead
    assert fire.battery_shots(st, T, a, turret) == []


def test_light_guns_have_no_effect_on_ironclads() -> None:
    a = ship("mar", "marmora", "union", x=10, y=10, speed=6)
    ironclad = ship("ark", "arkansas", "confederate", x=18, y=10, speed=6)
    wooden = ship("sel", "selma", "confederate", x=2, y=10, speed=6)
    st = state([a, ironclad, wooden])
    starboard = next(x for x in a.batteries if x.name == "starboard")
    port = next(x for x in a.batteries if x.name == "port")
    assert fire.battery_shots(st, T, a, starboard) == []
    assert [s.target for s in fire.battery_shots(st, T, a, port)] == ["sel"]


def test_land_blocks_line_of_sight() -> None:
    a = ship("ic", x=10, y=10, speed=6)
    b = ship("ark", "arkansas", "confederate", x=30, y=10, speed=6)
    st = state([a, b], land=[[(18, 0), (22, 0), (22, 20), (18, 20)]])
    starboard = next(x for x in a.batteries if x.name == "starboard")
    assert fire.battery_shots(st, T, a, starboard) == []


def test_volley_ticks_one_box_per_hit() -> None:
    st, a, b = two_ships(gap=10.0)
    d = Dice([[6, 6, 5, 4, 1, 1, 1, 2, 3, 3]])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "ark"})
    assert b.ticked == 4 and a.fired
    assert d.left == 0


def test_aimed_fire_misses_on_1_to_4() -> None:
    st, a, b = two_ships(gap=10.0)
    d = Dice([4])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "ark:low"})
    assert b.ticked == 0 and d.left == 0


def test_aimed_low_takes_4_off_the_specific_roll() -> None:
    # Arkansas is an ironclad: her 15th box (the I of the second column)
    # calls for the chart
    st, a, b = two_ships(gap=10.0)
    b.ticked = 10
    d = Dice([5, [6, 6, 6, 6, 6, 1, 1, 1, 1, 1], [3, 3, 4]])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "ark:low"})
    # 10 - 4 = 6: rudder hit (line 6)
    assert b.ticked == 15 and b.no_turns == 3
    assert d.left == 0


def test_more_than_two_batteries_lose_next_turns_fire() -> None:
    a = ship("ic", x=30, y=20, heading=0, speed=6)
    b = ship("sel", "selma", "confederate", x=40, y=20, speed=6)
    c = ship("ark", "arkansas", "confederate", x=20, y=20, speed=6)
    e = ship("gb", "general_bragg", "confederate", x=30, y=40, speed=6)
    st = state([a, b, c, e])
    d = Dice([[1] * 10, [1] * 10, [1] * 4])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "sel", "port": "ark", "bow": "gb"})
    rules.step_reload(st, T, d.ctx)
    assert a.no_fire and not firers.can_fire_ship(a)
    rules.step_reload(st, T, d.ctx)
    assert not a.no_fire


def test_two_batteries_keep_next_turns_fire() -> None:
    st, a, _b = two_ships(gap=10.0)
    d = Dice([[1] * 10])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "ark"})
    rules.step_reload(st, T, d.ctx)
    assert not a.no_fire and not any(x.fired for x in a.batteries)


def test_no_reload_while_repairing_or_with_a_catastrophic_fire() -> None:
    st, a, _b = two_ships(gap=10.0)
    d = Dice([[1] * 10])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "ark"})
    a.repairing = True
    rules.step_reload(st, T, d.ctx)
    assert next(x for x in a.batteries if x.name == "starboard").fired


def test_guns_without_crew_are_not_reloaded() -> None:
    st, a, _b = two_ships(gap=10.0)
    d = Dice([[1] * 10])
    fire.ship_volleys(st, T, d.ctx, a, {"starboard": "ark"})
    a.crew_pos = 0
    rules.step_reload(st, T, d.ctx)
    assert next(x for x in a.batteries if x.name == "starboard").fired


def test_mortars_fire_only_at_land_targets_or_docked_ships_hitting_on_6() -> None:
    from quarterdeck.rulesets.flotilla.state import LandBattery

    mortar = LandBattery("m", "Mortar", "union", 10, 10, 90.0, 2, 2, "mortar")
    under_way = ship("sel", "selma", "confederate", x=50, y=10, heading=0, speed=6)
    st = state([under_way], batteries=[mortar])
    assert fire.fort_shots(st, T, mortar) == []
    under_way.anchored, under_way.moving = True, False
    (shot,) = fire.fort_shots(st, T, mortar)
    assert shot.divisor == 1  # 40 inches: no range modifier
    d = Dice([[6, 5]])
    fire.fort_volley(st, T, d.ctx, mortar, "sel")
    assert under_way.ticked == 1  # the 5 misses even against a stationary ship


def test_land_battery_arc_is_45_degrees_either_side() -> None:
    from quarterdeck.rulesets.flotilla.state import LandBattery

    fort = LandBattery("f", "Fort", "confederate", 36, 30, 180.0, 3, 3, "normal")
    inside = ship("a", x=36 + 9, y=21)  # 45 degrees off the facing
    outside = ship("b", x=36 + 11, y=21, heading=0)
    st = state([inside, outside], batteries=[fort])
    assert [s.target for s in fire.fort_shots(st, T, fort)] == ["a"]


def test_a_mortar_schooner_fires_all_round_at_a_fort() -> None:
    from quarterdeck.rulesets.flotilla.state import LandBattery

    jones = ship("jones", "sidney_c_jones", x=30, y=10, heading=0)
    fort = LandBattery("f", "Fort", "confederate", 30, 0, 0.0, 3, 3, "normal")  # astern
    st = state([jones], batteries=[fort])
    mortar = jones.batteries[0]
    assert [s.target for s in fire.battery_shots(st, T, jones, mortar)] == ["f"]


def test_the_target_question_names_the_range_share_and_aimed_fire_odds() -> None:
    """Firing: a wargamer choosing a target sees the range band's share of
    the hits (rounded up) and what aimed fire risks and gains."""
    a = ship("ic", x=10, y=24, heading=90)
    b = ship("sel", "selma", "confederate", x=55, y=24, heading=270)
    st = state([a, b])
    st.phase, st.side_a, st.stage = "move_a", "union", "next"
    shots = rules.target_shots(st, T, "ic", "bow")
    st.ask = {
        "kind": "target",
        "seat": "union",
        "unit": "ic",
        "battery": "bow",
        "shots": [[s.target, s.inches, s.divisor, s.kind] for s in shots],
    }
    p = rules.prompt(st, T)
    assert p is not None
    labels = {o.id: o.label for o in p.options}
    assert "a third of the hits, rounded up" in labels["sel"]
    assert "1-4 misses altogether" in labels["sel:low"] and "-4" in labels["sel:low"]
    assert "+4" in labels["sel:high"]
    st.ask = {"kind": "fire", "seat": "union", "units": ["ic"], "point": "next"}
    p = rules.prompt(st, T)
    assert p is not None and "union's movement" in p.question


def test_the_guns_see_every_target_as_the_hull_measures_it() -> None:
    """fire.shots, which works each gun's range, arc and sight out once (issue
    14), offers what the keel's own geometry gives: for every battery of
    every ship, at many headings, near land, each target in its 45 degrees,
    in range and in sight, at the Hull's range to its keel."""
    import random

    from quarterdeck.core.geometry import Pose, in_arc

    land = [[(30.0, 18.0), (34.0, 18.0), (34.0, 30.0), (30.0, 30.0)]]
    rng = random.Random(14)
    for _ in range(60):
        a = ship("ic", x=rng.uniform(0, 60), y=rng.uniform(0, 48), heading=rng.uniform(0, 360))
        foes = [
            ship(
                f"e{n}",
                "arkansas",
                "confederate",
                x=rng.uniform(0, 72),
                y=rng.uniform(0, 48),
                heading=rng.uniform(0, 360),
            )
            for n in range(3)
        ]
        st = state([a, *foes], land=land)
        terrain = fire.terrain(st)
        for battery in a.batteries:
            origin = fire.battery_origin(a, battery)
            table = T.ranges[battery.weight]  # type: ignore[index]
            expected = []
            for e in foes:
                h = fire.hull(e)
                inches = h.range_to_point(origin)
                point = fire.target_point(st, e.id, origin)
                centre = fire.ARC_CENTRE.get(battery.name)
                arc = centre is None or in_arc(
                    Pose(origin[0], origin[1], a.heading + centre), point, 0.0, T.fire.arc
                )
                divisor = table.divisor(inches)
                if divisor is not None and arc and terrain.line_of_sight(origin, point):
                    expected.append((e.id, inches, divisor))
            for _again in range(2):  # worked out, then remembered
                found = fire.battery_shots(st, T, a, battery)
                assert [(s.target, s.inches, s.divisor) for s in found] == expected


def test_small_arms_count_each_man_as_alone() -> None:
    """fire.firing_men checks the men aiming at one point together (issue
    14): the count is that of each man checked alone, in range, in sight
    over land, with no other men across his line; enough=1 stops at one."""
    import math
    import random

    from quarterdeck.core.geometry import clear_sight_lines
    from quarterdeck.rulesets.flotilla.state import Troop

    land = [[(20.0, 0.0), (22.0, 0.0), (22.0, 9.0), (20.0, 9.0)]]
    rng = random.Random(6)
    checked = 0
    for _ in range(40):

        def unit(id: str, side: str) -> Troop:
            return Troop(
                id, id, side, rng.randint(4, 12), 1, "disciplined", False,
                rng.uniform(10, 30), rng.uniform(0, 20), facing=rng.uniform(0, 360),
            )  # fmt: skip

        mine, theirs, between = unit("a", "union"), unit("b", "confederate"), unit("c", "union")
        st = state([], troops=[mine, theirs, between], land=land)
        terrain = fire.terrain(st)
        aims = fire.figures(T, theirs)
        screens = [fire.figures(T, between)]
        want = 0
        for man in fire.figures(T, mine):
            near = min(aims, key=lambda p, m=man: math.hypot(p[0] - m[0], p[1] - m[1]))
            d = math.hypot(near[0] - man[0], near[1] - man[1])
            if d > T.small_arms.range + 1e-9 or not terrain.line_of_sight(man, near):
                continue
            want += clear_sight_lines([man], near, screens, T.reach.screen)[0]
        checked += want > 0
        assert fire.firing_men(st, T, mine, "b") == want
        assert (fire.firing_men(st, T, mine, "b", enough=1) > 0) == (want > 0)
    assert checked > 5
