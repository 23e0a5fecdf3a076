"""The Ship Display (1.4) and the field of play (1.2) as built for a game."""

from __future__ import annotations

import pytest

from quarterdeck.core.errors import ScenarioError
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets.away_boarders import damage_dice, sailing
from quarterdeck.rulesets.away_boarders.displays import build_guns, display
from tests.rulesets.away_boarders.helpers import T, make_state, ship


def test_1_4_crew_markers_and_hull_boxes_derive_from_complement_and_tonnage() -> None:
    state = make_state(
        [ship("l", "lawrence", "american", (1, 1)), ship("d", "detroit-1813", "british", (5, 5))]
    )
    lawrence = state.ships["l"]
    assert lawrence.crew_total == 14  # 136 men, one marker per ten
    assert len(lawrence.hull) == 14  # 480 tons, one box per thirty, at most 14
    assert [len(m) for m in lawrence.masts] == [4, 4]


def test_1_4_broadside_guns_are_on_each_side_and_all_start_loaded() -> None:
    guns = build_guns(display("lawrence"))
    assert sum(1 for g in guns if g.side == "port") == 10
    assert sum(1 for g in guns if g.side == "starboard") == 10
    assert all(g.loaded and not g.fired for g in guns)


def test_1_4_bow_and_swivel_guns_bear_where_the_display_shows() -> None:
    guns = build_guns(display("congress-galley"))
    assert [g.side for g in guns if g.type == "18-pdr"] == ["bow", "bow"]
    caledonia = build_guns(display("caledonia"))
    assert {g.mount for g in caledonia} == {"swivel"}


def test_1_4_opening_crew_man_the_yards_for_sail_and_the_rest_the_guns() -> None:
    state = make_state(
        [ship("l", "lawrence", "american", (1, 1)), ship("c", "carleton", "british", (5, 5))]
    )
    assert state.ships["l"].crew["yards"] == 4  # square rig: two per mast
    assert state.ships["c"].crew["yards"] == 2  # fore-and-aft: one per mast
    assert state.ships["c"].crew["guns"] == 4


def test_1_2_a_ship_on_a_blocked_point_is_refused() -> None:
    with pytest.raises(ScenarioError, match="blocked"):
        make_state(
            [ship("a", "carleton", "british", (2, 2)), ship("b", "maria", "american", (5, 5))],
            blocked=[(2, 2)],
        )


def test_1_2_a_ship_off_the_field_is_refused() -> None:
    with pytest.raises(ScenarioError, match="off the field"):
        make_state(
            [ship("a", "carleton", "british", (20, 2)), ship("b", "maria", "american", (5, 5))]
        )


CHAMPLAIN_SWIVELS = {
    "royal-savage": 10,
    "revenge": 10,
    "enterprise-1776": 10,
    "congress-galley": 8,
    "washington-galley": 8,
    "trumbull-galley": 8,
    "lee-galley": 8,
    "philadelphia-gondola": 8,
    "boston-gondola": 8,
    "spitfire-gondola": 8,
}


@pytest.mark.parametrize(("key", "count"), sorted(CHAMPLAIN_SWIVELS.items()))
def test_1_4_the_champlain_boats_carry_their_small_swivels_half_on_each_side(
    key: str, count: int
) -> None:
    swivels = [g for g in build_guns(display(key)) if g.type == "swivel"]
    assert len(swivels) == count and all(g.mount == "swivel" for g in swivels)
    assert sum(1 for g in swivels if g.side == "port") == (count + 1) // 2
    assert f"{count} swivels" in ship_facts(key).note or key == "lee-galley"


def test_4_3_two_small_swivels_make_one_row_of_the_hit_table() -> None:
    assert damage_dice.damage_dice(T, "swivel", 5, 1, False, False).base == T.hit_table.rows[3][0]
    assert damage_dice.damage_dice(T, "swivel", 5, 1, False, False).caliber == 0


def test_3_2_small_swivels_are_not_counted_among_the_guns_for_the_sweeps() -> None:
    state = make_state(
        [
            ship("g", "philadelphia-gondola", "american", (1, 1)),
            ship("m", "maria", "british", (5, 5)),
        ]
    )
    gondola = state.ships["g"]
    assert len(gondola.guns) == 11  # 12-pdr, two 9-pdrs, eight swivels
    assert sailing.oar_crew_needed(gondola, T) == 1 and gondola.value == 3


def test_a_scenario_may_name_each_of_several_unnamed_boats() -> None:
    state = make_state(
        [
            ship("g1", "british-gunboat-1776", "british", (1, 1), name="Gunboat 1"),
            ship("g2", "british-gunboat-1776", "british", (2, 1)),
            ship("m", "maria", "american", (5, 5)),
        ]
    )
    assert state.ships["g1"].name == "Gunboat 1"
    assert state.ships["g2"].name == "British gunboat (Valcour Island)"
