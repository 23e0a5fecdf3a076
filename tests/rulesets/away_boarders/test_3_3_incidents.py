"""Incidents during movement (3.3): near miss, collision, fouling, brush."""

from __future__ import annotations

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders import rules
from tests.rulesets.away_boarders.helpers import T, ctx, make_state, place, ship


def _pair() -> rules.State:
    state = make_state(
        [
            ship("m", "philadelphia-gondola", "american", (4, 4), 1),
            ship("o", "philadelphia-gondola", "british", (8, 8), 4),
        ],
        wind=0,
    )
    place(state.ships["o"], pg.step(state.ships["m"].pos, 1))
    state.ships["m"].speed = 3
    state.ships["o"].speed = 2
    return state


def test_3_3_even_roll_is_a_near_miss() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    rules.execute_move(state, m, "advance", T, ctx(4))
    assert m.pos == o.pos and not m.fouled and m.speed == 3


def test_3_3_collision_then_odd_fouls_and_the_dice_difference_is_rigging_hits() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    # odd: collision; odd: fouled; mover 6-4 = 2 hits; other 3-3 = none
    rules.execute_move(state, m, "advance", T, ctx(1, 3, 6, 4, 3, 3))
    assert m.fouled == ["o"] and o.fouled == ["m"]
    assert m.masts == [[2, 0]] and o.masts == [[0, 0]]
    assert rules.drift_reason(m, state) == "grappled or fouled"


def test_3_3_collision_then_even_brushes_both_lose_speed_and_mover_turns_parallel() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    o.facing = 2
    rules.execute_move(state, m, "advance", T, ctx(5, 2))
    assert (m.speed, o.speed) == (2, 1)
    assert m.facing == 2  # one point to port, parallel to her
    assert not m.fouled
