"""Firing: ranges and scores, the method, difficult targets, arcs of fire,
alternate moves, the rifled 32-pounder, the captain laying a gun."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.firing import (
    alternate_ok,
    fire_at,
    gun_bears,
    legal_arcs,
    shots_at,
)

from .helpers import T, context, position, ship


def duel(
    firer: str,
    facts: str,
    target: str,
    target_facts: str,
    dx: float,
    dy: float = 0.0,
    target_heading: float = 0.0,
):
    """``firer`` at (20, 30) heading north, the target dx inches east, dy north."""
    return position(
        [
            ship(firer, facts, "union", 20, 30, 0.0),
            ship(target, target_facts, "confederate", 20 + dx, 30 + dy, target_heading),
        ]
    )


def test_firing_example_11_inch_at_9_inches_a_5_hits_and_takes_4_spv() -> None:
    # the text's example: range 9", a 5 thrown, side target, sloping armour
    state = duel("monitor", "monitor", "arkansas", "arkansas", 9.0 + 0.83 / 2 + 0.7 / 2)
    state.sighted["union"] = ["arkansas"]
    state.ships["monitor"].turrets[0].arc = "starboard"
    monitor, arkansas = state.ships["monitor"], state.ships["arkansas"]
    shots = shots_at(state, monitor, arkansas, T)
    assert [s.gun for s in shots] == ["g1", "g2"]
    assert all(s.band == 1 and s.need == 5 and s.modifier == 0 for s in shots)  # medium: 5, 6
    ctx, dice, _ = context([5, 4])
    hits = fire_at(state, monitor, arkansas, shots, ctx, T)
    assert hits == 1
    assert arkansas.spv == arkansas.spv_start - 4
    assert [r.seat for r in dice.requests] == ["union", "union"]


def test_firing_ranges_by_kind_close_medium_long() -> None:
    sb, rifle, how = (
        T.firing.ranges["smoothbore"],
        T.firing.ranges["rifle"],
        T.firing.ranges["howitzer"],
    )
    assert [sb.band(x) for x in (8, 12, 20, 20.5)] == [0, 1, 2, None]
    assert [rifle.band(x) for x in (12, 20, 28, 29)] == [0, 1, 2, None]
    assert [how.band(x) for x in (4, 8, 12, 13)] == [0, 1, 2, None]
    assert rifle.hit_on == (3, 4, 5) and sb.hit_on == (4, 5, 6) and how.hit_on == (4, 5, 6)


def test_difficult_targets_manassas_is_minus_one() -> None:
    state = duel("hartford", "hartford", "manassas", "manassas", 5.0)
    state.sighted["union"] = ["manassas"]
    shots = shots_at(state, state.ships["hartford"], state.ships["manassas"], T)
    assert shots and all(s.modifier == -1 for s in shots)  # side-on, but a small target


def test_difficult_targets_a_bow_shot_is_minus_one() -> None:
    # the target lies north of the firer, heading south: the firer is dead ahead of her
    state = position(
        [
            ship("monitor", "monitor", "union", 20, 30, 0.0),
            ship("tennessee", "tennessee", "confederate", 20, 40, 180.0),
        ]
    )
    state.sighted["union"] = ["tennessee"]
    shots = shots_at(state, state.ships["monitor"], state.ships["tennessee"], T)
    assert shots and all(s.modifier == -1 for s in shots)


def test_arcs_broadside_guns_ten_degrees_either_side_of_the_beam() -> None:
    state = position([ship("hartford", "hartford", "union", 20, 30, 0.0)])
    h = state.ships["hartford"]
    starboard = next(g for g in h.guns if g.mount == "starboard")
    assert gun_bears(h, starboard, (30, 31.5), T)  # 8.5 degrees forward of the beam
    assert not gun_bears(h, starboard, (30, 33), T)  # 16.7 degrees: outside
    assert not gun_bears(h, starboard, (10, 30), T)  # the other side


def test_arcs_pivot_guns_150_degrees() -> None:
    state = position([ship("hartford", "hartford", "union", 20, 30, 0.0)])
    h = state.ships["hartford"]
    bow_pivot = next(g for g in h.guns if g.mount == "pivot-bow")
    assert gun_bears(h, bow_pivot, (29, 33), T)  # 71.6 degrees off the bow
    assert not gun_bears(h, bow_pivot, (29, 31), T)  # 83.7 degrees


def test_arcs_turrets_fire_into_their_plotted_arc_twin_turrets_restricted() -> None:
    state = position([ship("chickasaw", "chickasaw", "union", 20, 30, 0.0)])
    c = state.ships["chickasaw"]
    fwd, aft = c.turrets
    assert legal_arcs(fwd) == ("forward", "starboard", "port")
    assert legal_arcs(aft) == ("aft", "starboard", "port")
    gun = next(g for g in c.guns if g.turret == fwd.id)
    fwd.arc = "forward"
    assert gun_bears(c, gun, (20, 40), T) and not gun_bears(c, gun, (30, 30), T)
    fwd.arc = "starboard"
    assert gun_bears(c, gun, (30, 30), T)


def test_firing_note_11_inch_fires_on_alternate_moves() -> None:
    state = position([ship("monitor", "monitor", "union", 20, 30, 0.0)])
    gun = state.ships["monitor"].guns[0]
    gun.last_fired = 4
    assert not alternate_ok(gun, 5, T)
    assert alternate_ok(gun, 6, T)
    state2 = position([ship("hartford", "hartford", "union", 20, 30, 0.0)])
    nine = next(g for g in state2.ships["hartford"].guns if g.type == "9in-sb")
    nine.last_fired = 4
    assert alternate_ok(nine, 5, T)  # 9-in guns fire every move


def test_firing_method_rifled_32_pounder_bursts_on_two_ones() -> None:
    state = duel("beaufort", "beaufort", "congress", "congress", 3.0, 6.0)
    beaufort = state.ships["beaufort"]
    beaufort.side = "union"
    state.ships["congress"].side = "confederate"
    state.sighted["union"] = ["congress"]
    shots = shots_at(state, beaufort, state.ships["congress"], T)
    assert [s.gun for s in shots] == ["g1"]
    ctx, _, _ = context([1, 1])
    fire_at(state, beaufort, state.ships["congress"], shots, ctx, T)
    gun = beaufort.guns[0]
    assert gun.destroyed and gun.burst and beaufort.crew.lost == 1


def test_firing_method_rifled_32_pounder_a_one_then_not_a_one_is_only_a_miss() -> None:
    state = duel("beaufort", "beaufort", "congress", "congress", 3.0, 6.0)
    state.ships["congress"].side = "confederate"
    state.sighted["union"] = ["congress"]
    beaufort = state.ships["beaufort"]
    shots = shots_at(state, beaufort, state.ships["congress"], T)
    ctx, _, _ = context([1, 4])
    assert fire_at(state, beaufort, state.ships["congress"], shots, ctx, T) == 0
    assert not beaufort.guns[0].destroyed


def test_gunnery_the_captain_laying_a_gun_adds_his_yellow_die() -> None:
    state = position(
        [
            ship("hartford", "hartford", "union", 20, 30, 0.0),
            ship("gaines", "gaines", "confederate", 35, 30.5, 0.0),
        ],
        dice={"cdr-union": (3, 3, 3, 1)},  # yellow 1: +3
    )
    # the fleet commander is aboard his flagship: he commands her and lays the gun
    state.sighted["union"] = ["gaines"]
    state.commanders["cdr-union"].laying = "g13"
    shots = shots_at(state, state.ships["hartford"], state.ships["gaines"], T)
    laid = next(s for s in shots if s.gun == "g13")
    assert laid.modifier == 3
    assert all(s.modifier == 0 for s in shots if s.gun != "g13")


def test_crew_points_guns_without_a_cpv_do_not_fire() -> None:
    state = duel("hartford", "hartford", "gaines", "gaines", 15.0, 0.5)
    state.sighted["union"] = ["gaines"]
    h = state.ships["hartford"]
    for g in h.guns:
        if g.mount == "starboard":
            g.crewed = False
    assert shots_at(state, h, state.ships["gaines"], T) == []


def test_visibility_a_ship_behind_a_larger_ship_cannot_be_fired_upon() -> None:
    state = position(
        [
            ship("monitor", "monitor", "union", 20, 30, 0.0),
            ship("hartford", "hartford", "union", 26, 30, 0.0),
            ship("manassas", "manassas", "confederate", 32, 30, 0.0),
        ]
    )
    state.sighted["union"] = ["manassas"]
    state.ships["monitor"].turrets[0].arc = "starboard"
    assert shots_at(state, state.ships["monitor"], state.ships["manassas"], T) == []


def test_gunnery_the_goal_of_a_laid_gun_does_not_tell_the_yellow_die() -> None:
    # the captain lays one gun and adds his yellow die: the roll, read by
    # both sides, says his gunnery is added but not how much
    state = position(
        [
            ship("hartford", "hartford", "union", 20, 30, 0.0),
            ship("gaines", "gaines", "confederate", 35, 30.5, 0.0),
        ],
        dice={"cdr-union": (3, 3, 3, 1)},  # yellow 1: +3
    )
    state.sighted = {"union": ["gaines"], "confederate": ["hartford"]}
    state.commanders["cdr-union"].laying = "g13"
    shots = [
        s
        for s in shots_at(state, state.ships["hartford"], state.ships["gaines"], T)
        if s.gun in ("g13", "g14")
    ]
    # 9-inch smoothbores at 14 inches: long range, a 6 hits; g13 laid: a 3 hits
    ctx, _, log = context([3, 3])
    assert fire_at(state, state.ships["hartford"], state.ships["gaines"], shots, ctx, T) == 1
    goals = [e.goal for e in log if e.kind == "roll"]
    assert goals == [
        "6 or more hits, with her commander's gunnery added to the die",
        "6 or more hits",
    ]
