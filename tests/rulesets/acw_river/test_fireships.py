"""Fire ships, explosive ships, towing and balloons."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.damage import fight_fires
from quarterdeck.rulesets.acw_river.fireships import (
    cast_off,
    detonate,
    follow,
    ignite,
    spread,
    take_in_tow,
)
from quarterdeck.rulesets.acw_river.movement import drift_for, speed_limits

from .helpers import T, context, position, ship


def raft_beside(target: str, kind: str = "fire"):
    return position(
        [
            ship("raft", "fire_raft", "confederate", 24, 30.0, 0.0, fireship=kind),
            ship("t", target, "union", 24.75, 30.0, 0.0),
        ],
        table={"lanes": [3, 3, 3, 3, 3], "wind": "south"},
    )


def test_fire_ships_drift_at_the_current_speed() -> None:
    state = raft_beside("hartford")
    raft = state.ships["raft"]
    assert speed_limits(raft, T) == (0, 0)
    assert drift_for(state, raft, 0, T) == (0.0, -3.0)


def test_fire_ships_ignite_on_4_5_or_6() -> None:
    state = raft_beside("hartford")
    raft = state.ships["raft"]
    ctx, dice, _ = context([3, 4])
    assert not ignite(state, raft, ctx, T)
    assert ignite(state, raft, ctx, T) and raft.alight
    assert all(r.seat == "confederate" for r in dice.requests)


def test_a_ship_touching_a_fire_ship_catches_fire_on_4_to_6_an_ironclad_on_a_6() -> None:
    state = raft_beside("hartford")
    state.ships["raft"].alight = True
    ctx, _, _ = context([4])
    spread(state, ctx, T)
    (fire,) = state.ships["t"].fires
    assert (fire.kind, fire.tries, fire.need) == ("fireship", 4, 6)
    clad = raft_beside("tennessee")
    clad.ships["raft"].alight = True
    clad.ships["t"].side = "union"
    ctx, _, _ = context([5])
    spread(clad, ctx, T)
    assert clad.ships["t"].fires == []


def test_a_fire_ship_fire_is_put_out_on_4_to_6_in_an_ironclad_four_tries() -> None:
    state = raft_beside("tecumseh")
    state.ships["raft"].alight = True
    ctx, _, _ = context([6, 1, 4])
    spread(state, ctx, T)
    t = state.ships["t"]
    assert t.fires[0].need == 4
    fight_fires(state, t, ctx, T)
    fight_fires(state, t, ctx, T)
    assert t.fires == [] and t.status == "active"


def test_explosive_ships_detonate_on_a_6_sinking_every_ship_touching() -> None:
    state = raft_beside("hartford", "explosive")
    ctx, _, _ = context([5, 6])
    assert not detonate(state, state.ships["raft"], ctx, T)
    assert detonate(state, state.ships["raft"], ctx, T)
    assert state.ships["raft"].status == "exploded" and state.ships["t"].status == "sunk"


def test_towing_stopped_and_alongside_the_tow_follows_in_the_wake() -> None:
    state = position(
        [
            ship("tug", "beaufort", "confederate", 24, 30, 0.0),
            ship("raft", "fire_raft", "confederate", 24.8, 30, 0.0, fireship="fire"),
        ],
        table={"lanes": [3, 3, 3, 3, 3], "wind": "south"},
    )
    tug, raft = state.ships["tug"], state.ships["raft"]
    ctx, _, _ = context([])
    assert take_in_tow(state, tug, raft, ctx, T)
    assert drift_for(state, raft, 0, T) == (0.0, 0.0)
    tug.y = 40.0
    follow(state, tug, T)
    assert raft.y == 40.0 - (tug.length / 2 + raft.length / 2 + 1.0) and raft.x == 24.0
    cast_off(state, tug, ctx)
    assert raft.towed_by == "" and drift_for(state, raft, 0, T) == (0.0, -3.0)


def test_towing_balloons_three_knots_at_most_once_it_is_up() -> None:
    state = position([ship("s", "hartford", "union", 24, 30, 0.0, speed=4, balloon=True)])
    s = state.ships["s"]
    assert speed_limits(s, T) == (2, 6)
    s.balloon_up = 2
    assert speed_limits(s, T)[1] == 3
