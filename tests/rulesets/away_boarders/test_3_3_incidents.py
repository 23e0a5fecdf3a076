"""Incidents during movement (3.3): near miss, collision, fouling, brush."""

from __future__ import annotations

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders import gunnery, movement, rules, sailing
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from quarterdeck.rulesets.away_boarders.state import State
from quarterdeck.rulesets.away_boarders.view import view
from tests.rulesets.away_boarders.helpers import (
    RecordedDice,
    T,
    ctx,
    keep_or_first,
    make_state,
    new_game,
    place,
    play_until,
    ship,
)


def _pair() -> State:
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
    movement.execute_move(state, m, "advance", T, ctx(4))
    assert m.pos == o.pos and not m.fouled and m.speed == 3


def test_3_3_collision_then_odd_fouls_and_the_dice_difference_is_rigging_hits() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    # odd: collision; odd: fouled; mover 6-4 = 2 hits; other 3-3 = none
    movement.execute_move(state, m, "advance", T, ctx(1, 3, 6, 4, 3, 3))
    assert m.fouled == ["o"] and o.fouled == ["m"]
    assert m.masts == [[2, 0]] and o.masts == [[0, 0]]
    assert sailing.drift_reason(m, state) == "grappled or fouled"


def test_3_3_collision_then_even_brushes_both_lose_speed_and_mover_turns_parallel() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    o.facing = 2
    movement.execute_move(state, m, "advance", T, ctx(5, 2))
    assert (m.speed, o.speed) == (2, 1)
    assert m.facing == 2  # one point to port, parallel to her
    assert not m.fouled


def test_3_3_near_miss_the_mover_chooses_which_side_of_her_to_pass() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]  # head on: m faces NE, o faces SW
    movement.execute_move(state, m, "advance", T, ctx(4))
    (prompt,) = rules.prompts(state, T)
    assert prompt.seat == "american" and prompt.option_ids() == ["pass-port", "pass-starboard"]
    rules.apply(state, T, "american", "pass-port", ctx())
    # head on, passing along her port side leaves each with the other to port
    assert m.abeam == {"o": "port"} and o.abeam == {"m": "port"}
    assert state.incident == []


def test_3_3_after_a_near_miss_only_the_broadside_on_her_side_bears() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    o.facing = 1  # the same heading: passing her starboard side puts her to our port
    movement.execute_move(state, m, "advance", T, ctx(2))
    rules.apply(state, T, "american", "pass-starboard", ctx())
    assert m.abeam == {"o": "port"} and o.abeam == {"m": "starboard"}
    assert gunnery.in_arc(m, "port", o.pos, "o") and not gunnery.in_arc(m, "starboard", o.pos, "o")
    assert gunnery.hit_side(m.pos, o, "port", "m") == "starboard"


def test_3_3_moving_off_the_point_ends_the_near_miss() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    movement.execute_move(state, m, "advance", T, ctx(4))
    rules.apply(state, T, "american", "pass-port", ctx())
    movement.execute_move(state, m, "advance", T, ctx())
    assert m.abeam == {} and o.abeam == {}


def test_3_3_brush_when_no_turn_makes_her_parallel_the_mover_chooses() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    o.facing = 1  # already parallel: either turn is one point off
    movement.execute_move(state, m, "advance", T, ctx(5, 2))
    assert (m.speed, o.speed) == (2, 1)
    (prompt,) = rules.prompts(state, T)
    assert prompt.context["step"] == "brush"
    assert prompt.option_ids() == ["turn-port", "turn-starboard"]
    rules.apply(state, T, "american", "turn-starboard", ctx())
    assert m.facing == 0 and state.incident == []


def _drifter(blocked: tuple[tuple[int, int], ...] = ()) -> State:
    state = make_state(
        [ship("a", "carleton", "british", (4, 4), 1), ship("b", "maria", "american", (9, 9), 1)],
        wind=0,
        blocked=blocked,
    )
    state.ships["a"].backed_turns = 2  # she drifts
    state.turn = 2
    return state


def test_3_3_drift_onto_an_occupied_point_is_a_collision_that_may_foul() -> None:
    state = _drifter()
    a, b = state.ships["a"], state.ships["b"]
    place(b, pg.step(a.pos, 3))  # downwind of her (wind from the east)
    movement.segment_start(state, T, ctx())
    # odd: collision; odd: fouled; a 6-4 = 2 rigging hits, b 3-3 = none
    movement.drift_phase(state, T, ctx(1, 3, 6, 4, 5, 5, 3, 3))
    assert a.pos == b.pos and a.fouled == ["b"] and b.fouled == ["a"]
    assert sum(map(sum, a.masts)) == 2 and sum(map(sum, b.masts)) == 0
    assert state.phase == "move"


def test_3_3_drift_onto_an_occupied_point_may_be_a_near_miss() -> None:
    state = _drifter()
    a, b = state.ships["a"], state.ships["b"]
    place(b, pg.step(a.pos, 3))
    movement.segment_start(state, T, ctx())
    movement.drift_phase(state, T, ctx(2))
    assert a.pos == b.pos and state.phase == "drift"
    (prompt,) = rules.prompts(state, T)
    assert prompt.seat == "british" and prompt.context["step"] == "incident"


def test_3_1_a_ship_drifting_onto_the_shore_runs_aground() -> None:
    start = pg.from_column(4, 4)
    shore = pg.step(start, 3)
    state = _drifter(blocked=((pg.column(shore), shore[1]),))
    a = state.ships["a"]
    movement.segment_start(state, T, ctx())
    movement.drift_phase(state, T, ctx())
    assert a.aground and a.pos == start
    assert sailing.drift_reason(a, state) == "aground"
    state.turn = 4
    a.backed_turns = 0
    movement.segment_start(state, T, ctx())
    assert a.speed == 0 and state.drifts == []


def test_3_1_repeating_an_advance_onto_the_shore_runs_her_aground() -> None:
    start = pg.from_column(4, 4)
    shore = pg.step(start, 1)
    state = _drifter(blocked=((pg.column(shore), shore[1]),))
    a = state.ships["a"]
    a.facing, a.last_move, a.crew["yards"] = 1, "advance", 0
    assert movement.forced_move(state, a, T) == "advance"
    movement.execute_move(state, a, "advance", T, ctx(), forced=True)
    assert a.aground and a.pos == start


def test_3_3_the_ai_passes_so_that_her_loaded_battery_bears_on_an_enemy() -> None:
    state = _pair()
    m = state.ships["m"]
    for g in m.guns:
        g.loaded = g.side != "port"  # only her starboard gun is loaded
    movement.execute_move(state, m, "advance", T, ctx(4))
    (prompt,) = rules.prompts(state, T)
    answer = AwayBoardersAI("american").decide(view(state, "american"), prompt)
    rules.apply(state, T, "american", answer, ctx())
    assert m.abeam == {"o": "starboard"}


def test_3_3_the_ai_turns_a_brush_away_from_the_wind() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    o.facing = 1
    movement.execute_move(state, m, "advance", T, ctx(5, 2))
    (prompt,) = rules.prompts(state, T)
    answer = AwayBoardersAI("american").decide(view(state, "american"), prompt)
    rules.apply(state, T, "american", answer, ctx())
    assert sailing.wind_angle(state.wind, m.facing) != 0


def test_3_3_a_ship_brushed_before_her_move_moves_later_in_the_phase_at_her_new_speed() -> None:
    state = _pair()
    m, o = state.ships["m"], state.ships["o"]
    o.facing, o.speed = 2, 3
    # first action phase, the speed-3 entry: m moves first, then o
    state.phase, state.action = "move", 0
    state.entry = [e.speed for e in T.movement.phases[0]].index(3)
    state.queue, state.moved = ["m", "o"], ["m", "o"]
    state.queue.pop(0)
    movement.execute_move(state, m, "advance", T, ctx(5, 2))  # collision, then a brush
    assert (m.speed, o.speed) == (2, 2)
    # she lost a point of speed for the turn, not her move: the speed-2 entry
    # of this phase still moves her
    assert "o" not in state.queue
    assert movement.movers(state, 2) == [o]
    assert m not in movement.movers(state, 2)


def test_3_3_a_chain_of_fouled_ships_drifts_as_one_and_rolls_no_new_collision() -> None:
    # A fouled with B, B fouled with C (A and C not with each other), turn 2:
    # the three drift together one point downwind (3.1, 3.3); no dice
    p = (6, 6)
    dice = RecordedDice([])
    game = new_game(
        [
            ship("a", "philadelphia-gondola", "british", (pg.column(p), p[1]), 1),
            ship("b", "philadelphia-gondola", "american", (pg.column(p), p[1]), 2),
            ship("c", "philadelphia-gondola", "british", (pg.column(p), p[1]), 0),
        ],
        dice,
        wind=0,
    )
    a, b, c = (game.state.ships[i] for i in "abc")
    a.fouled, b.fouled, c.fouled = ["b"], ["a", "c"], ["b"]
    game.state.turn = 2
    play_until(game, lambda g: g.state.phase not in ("crew", "segment", "drift"), keep_or_first)
    dest = pg.step(p, 3)
    assert [s.pos for s in game.state.ships.values()] == [dest, dest, dest]
    assert dice.requests == []
    drifts = [e.text for e in game.log if "drift one point downwind" in e.text]
    assert len(drifts) == 1 and all(s.name in drifts[0] for s in game.state.ships.values())


def test_3_3_a_brush_that_turns_her_into_the_wind_leaves_her_speed_at_0() -> None:
    # wind from the north-east (0); Maria close-hauled (speed 3: one move in
    # phase 1, two in phase 2) enters the point of Royal Savage, who lies
    # head to wind. Odd: collision; even: a brush. Turning parallel to her
    # puts Maria head to wind: her speed becomes 0 and she moves no more this
    # turn (3.3), where the brush alone would have left her 2.
    p = (6, 6)
    dice = RecordedDice([1, 2])
    game = new_game(
        [
            ship("m", "maria", "british", (pg.column(p), p[1]), 1),
            ship("r", "royal-savage", "american", (4, 4), 0, sail="oars", crew={"yards": 0}),
        ],
        dice,
        wind=0,
    )
    place(game.state.ships["r"], pg.step(p, 1))
    play_until(game, lambda g: g.state.phase.startswith("tasks"), keep_or_first)
    m = game.state.ships["m"]
    assert sailing.wind_angle(0, 1) == 1 and T.speed.close_hauled_fore_and_aft == 1
    assert m.pos == pg.step(p, 1) and m.facing == 0 and m.speed == 0
    assert not m.fouled and dice.remaining == 0
    moves = [e.text for e in game.log if "HMS Maria (speed" in e.text]
    assert len(moves) == 1 and "Action phase 1" in moves[0]
