"""Commanders: the four coloured dice, their secrecy, and the captains'
qualities enforced on plotted moves; flag ships; fort commanders."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.commanders import (
    enforce,
    flagship_lost,
    gunnery,
    in_command,
    morale_minus,
    morale_plus,
    quality,
    roll_commander,
)
from quarterdeck.rulesets.acw_river.state import Order, Plot

from .helpers import T, context, position, ship


def test_four_dice_white_quality_green_red_yellow_values() -> None:
    ctx, _dice, _log = context([1, 1, 1, 1, 3, 4, 3, 4, 6, 6, 6, 6])
    a = roll_commander(ctx, "a", "A", "union", "captain", "x", T)
    b = roll_commander(ctx, "b", "B", "union", "captain", "x", T)
    c = roll_commander(ctx, "c", "C", "union", "captain", "x", T)
    assert [quality(x, T) for x in (a, b, c)] == ["intelligent", "stubborn", "reckless"]
    assert [morale_plus(x, T) for x in (a, b, c)] == [3, 2, 1]
    assert [morale_minus(x, T) for x in (a, b, c)] == [-1, -2, -3]
    assert [gunnery(x, T) for x in (a, b, c)] == [3, 2, 1]


def test_the_dice_are_thrown_in_secret_for_the_commanders_own_side() -> None:
    ctx, dice, log = context([2, 2, 2, 2])
    roll_commander(ctx, "a", "A", "union", "captain", "x", T)
    (request,) = dice.requests
    assert request.seat == "union" and request.secret
    assert all(entry.seats is not None and "confederate" not in entry.seats for entry in log)


def test_fort_commander_white_1_panicky_2_to_5_stubborn_6_fanatic() -> None:
    ctx, _, _ = context([1, 1, 1, 1, 5, 1, 1, 1, 6, 1, 1, 1])
    found = [
        quality(roll_commander(ctx, f"f{n}", "F", "confederate", "fort", "fort", T), T)
        for n in range(3)
    ]
    assert found == ["panicky", "stubborn", "fanatic"]


def test_the_fleet_commander_aboard_overrides_the_captain() -> None:
    state = position(
        [
            ship("hartford", "hartford", "union", 24, 30),
            ship("brooklyn", "brooklyn", "union", 30, 30),
        ]
    )
    assert in_command(state, state.ships["hartford"]).id == "cdr-union"
    assert in_command(state, state.ships["brooklyn"]).id == "cpt-brooklyn"


def reckless_position():
    return position(
        [
            ship("gaines", "gaines", "confederate", 24, 50, 180.0, speed=4),
            ship("monitor", "monitor", "union", 24, 30, 0.0),
        ],
        dice={"cdr-confederate": (6, 3, 3, 3), "cpt-gaines": (6, 3, 3, 3)},
    )


def test_reckless_captain_steams_for_a_sighted_enemy_whatever_his_plot() -> None:
    state = reckless_position()
    gaines = state.ships["gaines"]
    state.sides["confederate"].orders["gaines"] = Order("hold")
    final = enforce(state, gaines, Plot(speed=2, helm="hard-port"), T)
    assert final.override.startswith("reckless")
    assert final.speed == 6 and final.helm == "ahead"


def test_reckless_captain_plot_that_closes_the_enemy_stands() -> None:
    state = reckless_position()
    plot = Plot(speed=6, helm="ahead")
    assert enforce(state, state.ships["gaines"], plot, T) is plot


def test_reckless_captain_reacts_only_to_enemies_visible_from_his_ship() -> None:
    state = position(
        [
            ship("gaines", "gaines", "confederate", 24, 50, 180.0, speed=4),
            ship("monitor", "monitor", "union", 24, 30, 0.0),
        ],
        dice={"cdr-confederate": (6, 3, 3, 3)},
        features=[
            {"id": "isle", "kind": "land", "polygon": [[20, 38], [28, 38], [28, 42], [20, 42]]}
        ],
    )
    plot = Plot(speed=2, helm="hard-port")
    assert enforce(state, state.ships["gaines"], plot, T) is plot


def test_stubborn_captain_keeps_to_his_orders_to_the_letter() -> None:
    state = position(
        [
            ship("gaines", "gaines", "confederate", 24, 50, 180.0, speed=4),
            ship("monitor", "monitor", "union", 24, 30, 0.0),
        ]
    )
    gaines = state.ships["gaines"]
    state.sides["confederate"].orders["gaines"] = Order("proceed", "upstream")
    final = enforce(state, gaines, Plot(speed=6, helm="ahead", action="ram:monitor"), T)
    assert final.override.startswith("stubborn")
    assert final.action == ""  # no ram unless his order is to engage
    assert final.helm == "hard-port" or final.helm == "hard-starboard"  # he turns for his goal


def test_stubborn_captain_holding_his_position_stops() -> None:
    state = position([ship("gaines", "gaines", "confederate", 24, 50, 180.0, speed=4)])
    state.sides["confederate"].orders["gaines"] = Order("hold")
    final = enforce(state, state.ships["gaines"], Plot(speed=6, helm="ahead"), T)
    assert final.speed == 2 and final.override.startswith("stubborn")


def test_intelligent_captain_adapts_his_plot_stands() -> None:
    state = position(
        [
            ship("gaines", "gaines", "confederate", 24, 50, 180.0, speed=4),
            ship("monitor", "monitor", "union", 24, 30, 0.0),
        ],
        dice={"cdr-confederate": (1, 3, 3, 3)},
    )
    state.sides["confederate"].orders["gaines"] = Order("hold")
    plot = Plot(speed=2, helm="hard-port", action="ram:monitor")
    assert enforce(state, state.ships["gaines"], plot, T) is plot


def test_flag_ships_intelligent_commander_leaves_a_sinking_flagship() -> None:
    state = position(
        [
            ship("hartford", "hartford", "union", 24, 30),
            ship("brooklyn", "brooklyn", "union", 30, 30),
        ],
        dice={"cdr-union": (1, 3, 3, 3)},
    )
    ctx, dice, _ = context([])
    flagship_lost(state, state.ships["hartford"], ctx, T)
    assert state.commanders["cdr-union"].post == "brooklyn"
    assert state.sides["union"].flagship == "brooklyn" and dice.requests == []


def test_flag_ships_stubborn_commander_stays_with_her() -> None:
    state = position(
        [
            ship("hartford", "hartford", "union", 24, 30),
            ship("brooklyn", "brooklyn", "union", 30, 30),
        ],
        dice={"cdr-union": (3, 3, 3, 3)},
    )
    ctx, _, _ = context([])
    flagship_lost(state, state.ships["hartford"], ctx, T)
    assert state.commanders["cdr-union"].lost


def test_flag_ships_reckless_commander_leaves_only_on_5_or_6() -> None:
    for die, leaves in ((4, False), (5, True)):
        state = position(
            [
                ship("hartford", "hartford", "union", 24, 30),
                ship("brooklyn", "brooklyn", "union", 30, 30),
            ],
            dice={"cdr-union": (5, 3, 3, 3)},
        )
        ctx, _, _ = context([die])
        flagship_lost(state, state.ships["hartford"], ctx, T)
        assert (state.commanders["cdr-union"].post == "brooklyn") is leaves


def test_a_plot_overruled_by_a_reckless_captain_is_explained_to_his_own_side_only() -> None:
    # Orders; Determine captains' qualities: the white die is secret from all
    # but its owner, so the reason a plot was changed ("reckless") is not
    # told to the other side, which sees only where she goes
    from quarterdeck.rulesets.acw_river import rules

    state = reckless_position()
    state.sighted = {"confederate": ["monitor"], "union": ["gaines"]}
    state.sides["confederate"].orders["gaines"] = Order("hold")
    state.plots = {
        "confederate": {"gaines": Plot(speed=2, helm="hard-port")},
        "union": {"monitor": Plot(speed=0)},
    }
    ctx, dice, log = context([])
    rules.reveal(state, T, ctx)
    assert state.plots["confederate"]["gaines"].speed == 6  # steams for Monitor
    told = [e for e in log if "reckless" in e.text]
    assert told and all(e.seats == ("confederate",) for e in told)
    assert dice.requests == []


def test_a_reckless_commander_throws_to_leave_his_sinking_flagship_in_secret() -> None:
    # Flag ships: only a reckless commander throws (a 5 or 6 to leave); were
    # the throw public, the other side would learn his white die
    state = position(
        [
            ship("hartford", "hartford", "union", 24, 30),
            ship("brooklyn", "brooklyn", "union", 30, 30),
            ship("gaines", "gaines", "confederate", 24, 40),
        ],
        dice={"cdr-union": (6, 3, 3, 3)},
    )
    state.sighted = {"union": ["gaines"], "confederate": ["hartford", "brooklyn"]}
    ctx, dice, log = context([5])
    flagship_lost(state, state.ships["hartford"], ctx, T)
    (request,) = dice.requests
    assert request.seat == "union" and request.secret
    assert state.commanders["cdr-union"].post == "brooklyn"
    public = [e.text for e in log if e.seats is None]
    assert any("shifts his flag to USS Brooklyn" in text for text in public)


def test_reckless_captain_overruled_keeps_his_ram_attack_on_the_enemy_he_steams_for() -> None:
    # Reckless captain: he steams ahead for the enemy he has sighted; a Ram
    # Attack he plotted on that enemy still stands when his speed is overruled
    state = reckless_position()
    gaines = state.ships["gaines"]
    final = enforce(state, gaines, Plot(speed=2, helm="ahead", action="ram:monitor"), T)
    assert final.override.startswith("reckless")
    assert (final.speed, final.action) == (6, "ram:monitor")
