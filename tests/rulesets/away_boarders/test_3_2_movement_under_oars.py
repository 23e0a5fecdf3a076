"""Movement under oars (3.2)."""

from __future__ import annotations

from quarterdeck.rulesets.away_boarders import sailing
from tests.rulesets.away_boarders.helpers import T, make_state, ship


def _galley(facing: int, yards: int, turn: int = 1) -> int:
    state = make_state(
        [
            ship(
                "g",
                "congress-galley",
                "american",
                (5, 5),
                facing,
                sail="oars",
                crew={"yards": yards},
            ),
            ship("b", "maria", "british", (12, 10)),
        ],
        wind=0,
    )
    state.turn = turn
    return sailing.compute_speed(state.ships["g"], state, T)


def test_3_2_oars_speed_one_across_the_wind() -> None:
    assert _galley(1, 4) == 1


def test_3_2_oars_speed_two_straight_downwind() -> None:
    assert _galley(3, 4) == 2


def test_3_2_oars_straight_upwind_only_on_even_turns() -> None:
    assert _galley(0, 4, turn=1) == 0
    assert _galley(0, 4, turn=2) == 1


def test_3_2_one_crew_per_three_guns_to_row_efficiently() -> None:
    # Congress carries 10 guns: four men needed at the sweeps
    state = make_state(
        [
            ship("g", "congress-galley", "american", (5, 5), 1, sail="oars"),
            ship("b", "maria", "british", (12, 10)),
        ]
    )
    assert sailing.oar_crew_needed(state.ships["g"], T) == 4
    assert _galley(1, 3) == 0
    assert _galley(3, 3) == 1


def test_3_2_nobody_at_the_sweeps_the_galley_drifts() -> None:
    state = make_state(
        [
            ship("g", "congress-galley", "american", (5, 5), 1, sail="oars", crew={"yards": 0}),
            ship("b", "maria", "british", (12, 10)),
        ]
    )
    assert sailing.drift_reason(state.ships["g"], state) == "under oars with nobody at the sweeps"


def test_3_2_under_oars_she_may_turn_either_way_or_rest() -> None:
    assert sailing.legal_moves(0, 0, True, 0, True) == [
        "advance",
        "advance-port",
        "advance-starboard",
        "turn-port",
        "turn-starboard",
        "hold",
    ]
