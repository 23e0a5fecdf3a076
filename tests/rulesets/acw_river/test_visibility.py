"""Visibility: 50 inches, islands and larger ships hide, unseen ships absent
from the other side's view and log; fog and its lifting; smoke."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.rules import make_smoke
from quarterdeck.rulesets.acw_river.setup import lift_fog, roll_weather
from quarterdeck.rulesets.acw_river.view import view
from quarterdeck.rulesets.acw_river.visibility import say, ship_sees, side_sees, update_sightings

from .helpers import T, context, position, ship


def test_line_of_sight_is_50_inches() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 2), ship("b", "tennessee", "confederate", 24, 56.5)]
    )
    # keels: Hartford to y 4.25, Tennessee from y 54.41: just over 50 inches
    assert not side_sees(state, "union", state.ships["b"], T)
    state.ships["b"].y = 55.0
    assert side_sees(state, "union", state.ships["b"], T)


def test_ships_behind_islands_cannot_be_seen() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 20), ship("b", "tennessee", "confederate", 24, 40)],
        features=[
            {"id": "isle", "kind": "land", "polygon": [[18, 28], [30, 28], [30, 32], [18, 32]]}
        ],
    )
    assert not side_sees(state, "union", state.ships["b"], T)


def test_a_larger_ship_hides_a_smaller_one_not_the_other_way() -> None:
    state = position(
        [
            ship("m", "monitor", "union", 24, 20, 90.0),
            ship("h", "minnesota", "union", 24, 30, 90.0),
            ship("s", "selma", "confederate", 24, 40, 90.0),
        ]
    )
    # Selma (32 SPV) behind Minnesota (483 SPV) from the monitor: hidden from her
    assert not ship_sees(state, state.ships["m"], state.ships["s"], T)
    # a small ship in front does not hide a larger one behind it
    big = position(
        [
            ship("m", "monitor", "union", 24, 20, 90.0),
            ship("s", "selma", "union", 24, 30, 90.0),
            ship("v", "virginia", "confederate", 24, 40, 90.0),
        ]
    )
    assert ship_sees(big, big.ships["m"], big.ships["v"], T)


def test_unsighted_ships_are_absent_from_the_other_sides_view_until_seen() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 2), ship("b", "tennessee", "confederate", 24, 66)]
    )
    ctx, _, log = context([])
    update_sightings(state, T, ctx)
    union_view = view(state, "union", T)
    assert [s["id"] for s in union_view["ships"]] == ["a"]
    assert [s["id"] for s in view(state, None, T)["ships"]] == []
    assert {s["id"] for s in view(state, "*", T)["ships"]} == {"a", "b"}
    say(state, ctx, "Tennessee gets up steam", "test", state.ships["b"])
    assert log[-1].seats == ("confederate",)
    state.ships["b"].y = 40.0
    update_sightings(state, T, ctx)
    assert {s["id"] for s in view(state, "union", T)["ships"]} == {"a", "b"}
    assert log[-1].seats is None and "comes into sight" in log[-1].text


def test_fog_two_dice_visibility_lifting_a_quarter_each_move() -> None:
    state = position(
        [ship("a", "hartford", "union", 24, 2)], table={"early_morning": True, "wind": "north"}
    )
    state.setup["roll_wind"] = False
    ctx, _, _ = context([3, 4, 4])  # fog on 3 to 6; 4 + 4 = 8 inches
    roll_weather(state, ctx, T)
    assert state.table.fog == 8.0
    lift_fog(state, ctx, T)
    assert state.table.fog == 10.0
    lift_fog(state, ctx, T)
    assert state.table.fog == 12.5


def test_smoke_no_wind_a_half_inch_cube_growing_while_she_fires_standing_still() -> None:
    state = position([ship("a", "hartford", "union", 24, 20)], table={"wind": "none"})
    a = state.ships["a"]
    make_smoke(state, a, T)
    make_smoke(state, a, T)
    (cloud,) = state.smoke
    assert cloud.size == 1.0 and cloud.clears == state.turn + 4
    windy = position([ship("a", "hartford", "union", 24, 20)], table={"wind": "east"})
    make_smoke(windy, windy.ships["a"], T)
    assert windy.smoke == []


def test_smoke_wind_on_3_to_6_direction_by_die() -> None:
    state = position([ship("a", "hartford", "union", 24, 2)])
    state.setup["roll_wind"] = True  # the scenario leaves the wind to the dice
    ctx, _, _ = context([3, 4])
    roll_weather(state, ctx, T)
    assert state.table.wind == "west"
    ctx, _, _ = context([2])
    roll_weather(state, ctx, T)
    assert state.table.wind == "none"


def test_a_party_landed_by_an_unsighted_ship_is_absent_from_the_other_sides_view() -> None:
    # Visibility: a ship not yet in sight of the enemy is not on its table;
    # nor is the landing party she puts ashore
    from quarterdeck.rulesets.acw_river.boarding import land_party
    from quarterdeck.rulesets.acw_river.view import view

    town = {"id": "town", "name": "Town", "kind": "town", "x": 2.0, "y": 30.0, "w": 4.0, "h": 3.0}
    state = position(
        [
            ship("h", "hartford", "union", 5.5, 30.0, 0.0),
            ship("g", "gaines", "confederate", 40.0, 70.0, 180.0),
        ],
        places=[town],
    )
    state.sighted = {"union": [], "confederate": []}
    ctx, _, log = context([])
    land_party(state, state.ships["h"], "town", ctx, T)
    assert [e.seats for e in log] == [("union",)]  # "USS Hartford lands a party"
    assert len(view(state, "union", T)["parties"]) == 1
    assert view(state, "confederate", T)["parties"] == []
    assert view(state, None, T)["parties"] == []
    state.sighted["confederate"] = ["h"]
    assert len(view(state, "confederate", T)["parties"]) == 1


def test_smoke_a_forts_batteries_firing_on_a_windless_day_smoke_as_a_ship_does() -> None:
    # Smoke: with no wind the smoke gathers round the gun firing, any gun,
    # a fort's battery as well as a ship's: a half-inch cube that grows half
    # an inch each move the guns keep firing from where they stand, and it
    # hides what lies behind it; the fort sees through its own, as a ship does
    from quarterdeck.rulesets.acw_river.rules import resolve_fire
    from quarterdeck.rulesets.acw_river.visibility import fort_sees

    fort = {
        "id": "fort",
        "name": "Fort",
        "side": "confederate",
        "kind": "earthwork",
        "x": 3.8,
        "y": 40.0,
        "w": 4.0,
        "h": 2.0,
        "cpv": [1, 2, 0, 0, 0, 0],
        "commander_square": 2,
        "guns": [{"type": "8in-sb", "square": 1}, {"type": "8in-sb", "square": 2}],
    }
    ships = [
        ship("h", "hartford", "union", 9.0, 40.0, 0.0),
        ship("m", "monitor", "union", 4.2, 30.0, 0.0),
        ship("g", "gaines", "confederate", 4.2, 50.0, 0.0),
    ]
    state = position(ships, table={"lanes": [0, 0, 0, 0, 0], "wind": "none"}, forts=[fort])
    state.sighted = {"confederate": ["h", "m"], "union": []}
    m, g, h = state.ships["m"], state.ships["g"], state.ships["h"]
    assert ship_sees(state, m, g, T)  # nothing yet between Monitor and Gaines
    state.turn = 2
    state.fire_orders = {"confederate": {"fort": "at:h"}}
    ctx, _, _ = context([6, 6])
    resolve_fire(state, T, ctx)
    assert h.spv < h.spv_start
    (cloud,) = state.smoke
    assert (cloud.ship, cloud.x, cloud.y, cloud.size, cloud.clears) == ("fort", 3.8, 40.0, 0.5, 4)
    assert not ship_sees(state, m, g, T)  # the fort's smoke hides Gaines from Monitor
    assert fort_sees(state, state.forts["fort"], h, T)  # not the fort from Hartford
    state.turn, state.fired = 4, []
    state.fire_orders = {"confederate": {"fort": "at:h"}}
    ctx, _, _ = context([6, 6])
    resolve_fire(state, T, ctx)
    (cloud,) = state.smoke
    assert cloud.size == 1.0 and cloud.clears == 6
    # with a wind the same fire leaves no smoke
    windy = position(ships, table={"lanes": [0, 0, 0, 0, 0], "wind": "east"}, forts=[fort])
    windy.sighted = {"confederate": ["h", "m"], "union": []}
    windy.turn = 2
    windy.fire_orders = {"confederate": {"fort": "at:h"}}
    ctx, _, _ = context([6, 6])
    resolve_fire(windy, T, ctx)
    assert windy.ships["h"].spv < windy.ships["h"].spv_start and windy.smoke == []


def test_the_look_past_far_poses_agrees_with_the_keel_range() -> None:
    """ship_sees passes over a ship whose pose lies further off than the
    reach and both half lengths before it measures the keels: wherever the
    two lie and head, the same answer as from the keel range itself
    (Visibility: 50 inches between the hulls)."""
    import random

    from quarterdeck.rulesets.acw_river.terrain import keel_range

    rng = random.Random(5)
    state = position(
        [ship("a", "hartford", "union", 24, 2), ship("b", "tennessee", "confederate", 24, 56.5)]
    )
    a, b = state.ships["a"], state.ships["b"]
    for _ in range(400):
        b.x = 24 + rng.uniform(-8, 8)
        b.y = a.y + rng.choice([50.0, 51.0, 52.0, 53.0, 54.0, 55.0]) + rng.uniform(-1, 1)
        a.heading, b.heading = rng.uniform(0, 360), rng.choice([0.0, 90.0, rng.uniform(0, 360)])
        assert ship_sees(state, a, b, T) == ship_sees(state, a, b, T, gap=keel_range(a, b))
