"""Troops face a way: an attack that starts in the defenders' rear fights
four of their men to a die; recoils end facing the enemy, routs with backs
to it. Small arms: only men within six inches with a direct line of sight
that no other men block cast a die (Melee Combat on Land; Small arms fire)."""

from __future__ import annotations

import pytest

from quarterdeck.core.geometry import clear_sight_lines, frontage
from quarterdeck.rulesets.flotilla import fire, land
from quarterdeck.rulesets.flotilla.state import Troop

from .helpers import Dice, T, state


def troop(id: str, side: str, men: int, leaders: int = 1, **kw: object) -> Troop:
    t = Troop(id, id, side, men, leaders, "disciplined", False, 0.0, 0.0)
    for k, v in kw.items():
        setattr(t, k, v)
    return t


def test_a_rank_of_men_stands_across_its_facing() -> None:
    pts = frontage((10.0, 10.0), 0.0, 3, 0.5)
    assert [tuple(round(c, 6) for c in p) for p in pts] == [(9.5, 10), (10, 10), (10.5, 10)]


def test_men_in_the_way_block_a_sight_line() -> None:
    screen = [[(9.0, 12.0), (11.0, 12.0)]]
    assert clear_sight_lines([(10.0, 10.0), (14.0, 10.0)], (10.0, 14.0), screen, 0.25) == [
        False,
        True,
    ]


@pytest.mark.parametrize(
    ("start", "rear"),
    [((10.0, 14.0), False), ((14.0, 10.5), False), ((10.0, 6.0), True), ((13.0, 8.0), True)],
)
def test_the_rear_is_the_half_behind_the_defenders_front(
    start: tuple[float, float], rear: bool
) -> None:
    dfn = troop("d", "confederate", 8, x=10, y=10, facing=0.0)  # facing north
    assert land.in_rear(T, dfn, start) is rear


def test_defenders_attacked_from_the_rear_fight_four_men_to_a_die() -> None:
    dfn = troop("d", "confederate", 8, leaders=1)
    assert land.melee_dice(T, dfn) == 3 + 4
    assert land.melee_dice(T, dfn, "rear") == 3 + 2
    rabble = troop("r", "confederate", 10, leaders=0, quality="rabble")
    assert land.melee_dice(T, rabble, "rear") == 2  # their own rate is worse


def test_a_charge_from_behind_is_fought_at_the_rear_rate() -> None:
    att = troop("a", "union", 10, x=10, y=4)
    dfn = troop("d", "confederate", 8, x=10, y=10, facing=0.0)
    st = state([], troops=[att, dfn])
    d = Dice([2, [3, 3]])  # charge test passes; 6 inches: contact
    land.troop_move(st, T, d.ctx, att, "charge:d")
    assert att.contact == "d" and att.from_rear
    assert att.facing == 0.0  # the attackers face their enemy
    # attacker 3 + 5 dice, defender 3 + 8 // 4 = 5 dice
    d = Dice([[5, 5, 5, 5, 5, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1]])
    assert not land.melees(st, T, d.ctx)  # five down: routed, runs 4; follow?
    assert st.ask is not None and st.ask["kind"] == "melee_follow"
    assert dfn.men == 3 and d.left == 0
    assert (dfn.y, dfn.facing) == (14.0, 0.0)  # ran north, backs to the enemy
    assert not att.from_rear


def test_a_recoil_ends_facing_the_enemy_and_a_rout_backs_to_it() -> None:
    t = troop("t", "union", 4, x=10, y=10, facing=0.0)
    st = state([], troops=[t])
    land.retreat(st, t, (10.0, 12.0), 4.0, face_enemy=True)
    assert (round(t.y, 6), t.facing) == (6.0, 0.0)
    assert land.rout(st, t, (10.0, 12.0), 4.0) == "away from the enemy"  # no cover on the table
    assert (round(t.y, 6), t.facing) == (2.0, 180.0)


WOOD = [(20.0, 0.0), (30.0, 0.0), (30.0, 6.0), (20.0, 6.0)]
HOUSE = [(0.0, 20.0), (2.0, 20.0), (2.0, 22.0), (0.0, 22.0)]


def test_a_rout_runs_to_the_nearest_cover_backs_to_the_enemy() -> None:
    t = troop("t", "union", 4, x=16, y=3, facing=90.0)
    st = state([], troops=[t], cover=[WOOD, HOUSE])
    # the wood's edge is 4 in east; a run of 7 takes them in (half an inch past the edge)
    assert land.rout(st, t, (14.0, 3.0), 7.0) == "into cover"
    assert (round(t.x, 6), round(t.y, 6)) == (20.5, 3.0)
    assert t.cover and t.facing == 90.0  # backs to the enemy in the west


def test_a_short_rout_stops_on_the_way_to_cover_in_the_open() -> None:
    t = troop("t", "union", 4, x=10, y=3, facing=90.0)
    st = state([], troops=[t], cover=[WOOD])
    assert land.rout(st, t, (8.0, 3.0), 4.0) == "toward the nearest cover"
    assert (round(t.x, 6), t.cover) == (14.0, False)


def test_cover_they_stand_in_is_no_refuge_from_a_rout() -> None:
    t = troop("t", "union", 4, x=25, y=3, facing=0.0, cover=True)
    st = state([], troops=[t], cover=[WOOD, HOUSE])
    land.rout(st, t, (25.0, 6.0), 30.0)  # driven out of the wood, to the house
    assert t.cover and 0.0 <= t.x <= 2.0 and 20.0 <= t.y <= 22.0


def test_men_who_move_into_a_wood_are_in_cover_and_out_of_it_in_the_open() -> None:
    a = troop("a", "union", 6, x=14, y=3)
    b = troop("b", "confederate", 6, x=40, y=3)
    st = state([], troops=[a, b], cover=[WOOD])
    land.troop_move(st, T, Dice([6]).ctx, a, "advance:b")  # 1d6 inches: into the wood
    assert (a.x, a.cover) == (20.0, True)
    a.x = 29.0
    land.troop_move(st, T, Dice([6]).ctx, a, "advance:b")  # out the far side
    assert (a.x, a.cover) == (35.0, False)


def test_turning_to_face_an_enemy_is_a_move_choice() -> None:
    a = troop("a", "union", 6, x=10, y=10, facing=0.0)
    b = troop("b", "confederate", 6, x=20, y=10)
    st = state([], troops=[a, b])
    ask = {"kind": "troop", "seat": "union", "troop": "a"}
    p = land.prompt(st, T, ask, {"step": "troop"})
    assert "face:b" in p.option_ids()
    land.troop_move(st, T, Dice([]).ctx, a, "face:b")
    assert a.facing == 90.0 and (a.x, a.y) == (10, 10)


def test_only_men_in_range_fire() -> None:
    # nine men in a rank facing north, 0.6 in apart: x from 7.6 to 12.4
    a = troop("a", "union", 9, x=10, y=10, facing=0.0)
    b = troop("b", "confederate", 1, leaders=0, x=17.5, y=10)
    st = state([], troops=[a, b])
    # men at x >= 11.5 are within six inches of b: 11.8 and 12.4
    assert fire.firing_men(st, T, a, "b") == 2
    (shot,) = fire.small_arms_shots(st, T, a)
    d = Dice([[6, 1]])
    fire.small_arms(st, T, d.ctx, a, shot)
    assert not b.alive and d.left == 0


def test_men_standing_between_block_the_shot() -> None:
    a = troop("a", "union", 3, leaders=0, x=10, y=10, facing=0.0)
    b = troop("b", "confederate", 3, leaders=0, x=10, y=15, facing=180.0)
    st = state([], troops=[a, b])
    assert fire.firing_men(st, T, a, "b") == 3
    # friends standing across the line, in a rank between the two
    st.troops["f"] = troop("f", "union", 5, leaders=0, x=10, y=12.5, facing=0.0)
    assert fire.firing_men(st, T, a, "b") == 0
    assert fire.small_arms_shots(st, T, a) == []


def test_men_placed_in_a_cover_polygon_start_in_cover() -> None:
    from quarterdeck.core.engine import Game
    from quarterdeck.core.scenario import build, load

    data = load("yazoo-landing").data
    data["troops"] = [
        *data["troops"],
        *(
            {"id": id, "name": id, "side": "confederate", "men": 6, "x": x, "y": 43.0}
            for id, x in (("timber", 24.0), ("field", 10.0))  # in the timber; in the open
        ),
    ]
    game = Game.new(build(data, "test"), seed=1)
    assert game.state.troops["timber"].cover
    assert not game.state.troops["field"].cover
