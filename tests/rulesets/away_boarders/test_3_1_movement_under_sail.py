"""Movement under sail (3.0, 3.1) and the Movement Phases chart (2.2)."""

from __future__ import annotations

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.away_boarders import movement, rules, sailing
from quarterdeck.rulesets.away_boarders.state import Ship
from tests.rulesets.away_boarders.helpers import (
    RecordedDice,
    T,
    ctx,
    first_loads,
    keep_or_first,
    make_state,
    new_game,
    play_until,
    scenario,
    ship,
)


def _one(key: str = "carleton", wind: int = 0, facing: int = 1, **kw: object) -> Ship:
    state = make_state(
        [ship("a", key, "british", (2, 2), facing, **kw), ship("b", "maria", "american", (9, 9))],
        wind=wind,
    )
    return state.ships["a"]


def _speed(key: str, facing: int, sail: str = "battle") -> int:
    state = make_state(
        [
            ship("a", key, "british", (2, 2), facing, sail=sail),
            ship("b", "maria", "american", (9, 9)),
        ],
        wind=0,
    )
    return sailing.compute_speed(state.ships["a"], state, T)


def test_3_1_points_of_sailing_follow_the_wind_on_the_grid() -> None:
    assert [sailing.POINT_OF_SAILING[sailing.wind_angle(0, f)] for f in range(6)] == [
        "in irons",
        "close-hauled",
        "broad reach",
        "running",
        "broad reach",
        "close-hauled",
    ]


def test_3_1_speed_modifiers_for_point_of_sailing_and_rig() -> None:
    # Carleton: fore-and-aft, base speed 2; Lawrence: square, base speed 2
    assert _speed("carleton", 1) == 3  # fore-and-aft close-hauled +1
    assert _speed("lawrence", 1) == 2  # square close-hauled +0
    assert _speed("lawrence", 3) == 3  # running +1
    assert _speed("lawrence", 2) == 4  # broad reach +2


def test_3_1_speed_modifiers_for_sail_setting() -> None:
    assert _speed("lawrence", 2, "reef") == 3
    assert _speed("lawrence", 2, "full") == 5


def test_3_1_each_lost_mast_costs_a_point_of_base_speed() -> None:
    state = make_state(
        [ship("a", "lawrence", "british", (2, 2), 2), ship("b", "maria", "american", (9, 9))],
        wind=0,
    )
    a = state.ships["a"]
    a.masts[0] = [2, 2, 2, 2]
    assert sailing.compute_speed(a, state, T) == 3


def test_2_2_every_speed_makes_that_many_moves_over_the_three_phases() -> None:
    for speed in range(1, 6):
        assert sum(T.movement.moves(p, speed) for p in range(3)) == speed
    assert T.movement.moves(0, 5) == 2 and T.movement.moves(2, 1) == 0


def test_3_1_close_hauled_may_advance_bear_away_luff_or_back() -> None:
    assert sailing.legal_moves(0, 1, False, 0, True) == [
        "advance",
        "advance-port",
        "turn-starboard",
        "back",
    ]


def test_3_1_running_before_the_wind_may_not_back_sail() -> None:
    assert sailing.legal_moves(0, 3, False, 0, True) == ["advance", "turn-port", "turn-starboard"]


def test_3_1_broad_reach_may_back_sail_once_a_turn() -> None:
    assert "back" in sailing.legal_moves(0, 2, False, 0, True)
    assert "back" not in sailing.legal_moves(0, 2, False, 1, True)


def test_3_1_head_to_wind_no_headway_only_a_turn_downwind() -> None:
    assert sailing.legal_moves(0, 0, False, 0, True) == ["turn-port", "turn-starboard"]


def test_3_1_no_advance_onto_an_island() -> None:
    assert "advance" not in sailing.legal_moves(0, 1, False, 0, False)


def test_3_1_advance_and_turn_moves_then_turns() -> None:
    assert sailing.move_result((3, 3), 1, "advance-port") == (pg.step((3, 3), 1), 2)
    assert sailing.move_result((3, 3), 1, "turn-starboard") == ((3, 3), 0)


def test_3_1_without_a_man_per_mast_at_the_yards_she_repeats_her_last_move() -> None:
    state = make_state(
        [
            ship("a", "carleton", "british", (2, 2), 1, crew={"yards": 1}),
            ship("b", "maria", "american", (9, 9)),
        ],
        wind=0,
    )
    a = state.ships["a"]
    a.last_move = "advance-port"
    assert movement.forced_move(state, a, T) == "advance-port"
    a.crew["yards"] = 2
    assert movement.forced_move(state, a, T) is None


def test_3_1_drift_one_point_downwind_on_even_turns() -> None:
    state = make_state(
        [ship("a", "carleton", "british", (4, 4), 1), ship("b", "maria", "american", (9, 9))],
        wind=0,
    )
    a = state.ships["a"]
    a.backed_turns = 2
    start = a.pos
    state.turn = 2
    movement.segment_start(state, T, ctx())
    movement.drift_phase(state, T, ctx())
    assert a.pos == pg.step(start, 3)
    state.turn = 3
    movement.segment_start(state, T, ctx())
    movement.drift_phase(state, T, ctx())
    assert a.pos == pg.step(start, 3)


def test_3_1_a_ship_with_no_masts_drifts() -> None:
    state = make_state(
        [ship("a", "carleton", "british", (4, 4), 1), ship("b", "maria", "american", (9, 9))],
        wind=0,
    )
    a = state.ships["a"]
    a.masts = [[2, 2, 2], [2, 2, 2]]
    assert sailing.drift_reason(a, state) == "no masts standing"


def test_3_1_sailing_off_the_field_leaves_it() -> None:
    state = make_state(
        [ship("a", "carleton", "british", (13, 4), 0), ship("b", "maria", "american", (2, 9))],
        wind=3,
    )
    a = state.ships["a"]
    movement.execute_move(state, a, "advance", T, ctx())
    assert a.status == "left"
    assert state.result is not None and state.result["winner"] == "american"


def test_2_2_farthest_upwind_of_equal_speeds_may_defer() -> None:
    scn = scenario(
        [
            ship("a", "carleton", "british", (3, 5), 1),
            ship("b", "carleton", "american", (8, 5), 1),
        ],
        wind=0,
    )
    game = Game.new(scn, dice=ScriptedDice([], then=RandomDice(1)))
    first_loads(game)
    game.apply("british", "keep")
    game.apply("american", "keep")
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "order"
    assert prompt.context["ship"] == "b"  # further east, into the wind
    game.apply("american", "defer")
    prompt = game.prompt()
    assert prompt is not None and prompt.context == {"step": "move", "ship": "a"}


def test_3_1_with_nobody_aloft_backed_sails_stay_backed() -> None:
    state = make_state(
        [
            ship("a", "carleton", "british", (2, 2), 2, crew={"yards": 0}),
            ship("b", "maria", "american", (9, 9)),
        ],
        wind=0,
    )
    a = state.ships["a"]
    a.last_move, a.backs_this_turn = "back", 1  # broad reach, already backed once
    assert movement.forced_move(state, a, T) == "back"


def test_3_1_with_nobody_aloft_no_advance_head_to_wind() -> None:
    state = make_state(
        [
            ship("a", "carleton", "british", (2, 2), 0, crew={"yards": 0}),
            ship("b", "maria", "american", (9, 9)),
        ],
        wind=0,
    )
    a = state.ships["a"]
    a.last_move = "advance"
    assert movement.forced_move(state, a, T) == ""


def test_3_1_after_two_turns_lying_backed_she_drifts_on_even_turns_but_may_still_sail() -> None:
    state = make_state(
        [ship("a", "carleton", "british", (4, 4), 1), ship("b", "maria", "american", (9, 9))],
        wind=0,
    )
    a = state.ships["a"]  # close-hauled: she may back sail indefinitely
    for turn in (1, 2):
        state.turn = turn
        movement.segment_start(state, T, ctx())
        movement.execute_move(state, a, "back", T, ctx())
        rules.end_of_turn(state, T, ctx())
    assert a.backed_turns == 2
    start = a.pos
    state.turn = 3  # odd: no drift, and she is not stopped
    movement.segment_start(state, T, ctx())
    assert state.drifts == [] and not a.drifting and a.speed > 0
    assert "back" in movement.move_options(state, a, T)
    movement.execute_move(state, a, "back", T, ctx())
    rules.end_of_turn(state, T, ctx())
    movement.segment_start(state, T, ctx())  # turn 4, even: she drifts, then may move
    movement.drift_phase(state, T, ctx())
    assert a.pos == pg.step(start, 3) and not a.drifting and a.speed > 0
    assert "back" in movement.move_options(state, a, T)


def test_3_1_a_turn_in_which_she_also_advanced_is_not_a_turn_lying_backed() -> None:
    state = make_state(
        [ship("a", "carleton", "british", (4, 4), 1), ship("b", "maria", "american", (9, 9))],
        wind=0,
    )
    a = state.ships["a"]
    for turn in (1, 2):
        state.turn = turn
        movement.segment_start(state, T, ctx())
        movement.execute_move(state, a, "back", T, ctx())
        movement.execute_move(state, a, "advance", T, ctx())
        rules.end_of_turn(state, T, ctx())
    assert a.backed_turns == 0
    movement.segment_start(state, T, ctx())
    assert state.drifts == []


def _at(p: pg.Point) -> tuple[int, int]:
    """A scenario's printed (column, row) for the axial point ``p``."""
    return (pg.column(p), p[1])


def _fire_high(prompt: Prompt) -> Answer:
    """Fire every battery that bears, high; anything else the plain answer."""
    if prompt.context.get("step") == "fire":
        return next(i for i in prompt.option_ids() if i.startswith("fire:"))
    if prompt.context.get("step") == "aim":
        return "high"
    return keep_or_first(prompt)


def test_3_1_a_ship_whose_last_mast_falls_in_the_turn_moves_no_more_and_drifts() -> None:
    # wind from the east; the gunboat (one mast of one box, already slashed)
    # on a broad reach at speed 3 moves once in phase 1, twice in phase 2.
    # Carleton lies still (oars, nobody at the sweeps) with her port broadside
    # on the gunboat's track; her phase 1 broadside brings the mast down.
    carleton, gunboat = (6, 6), (7, 5)
    n = T.hit_table.rows[6][1] + 1 + 2  # 6 x 6-pdr at range 2, initial broadside
    dice = RecordedDice([3, (6,) + (1,) * (n - 1)])  # random die 3; one R, firing high
    game = new_game(
        [
            ship("a", "carleton", "american", _at(carleton), 0, sail="oars", crew={"yards": 0}),
            ship("b", "british-gunboat-1776", "british", _at(gunboat), 2),
        ],
        dice,
        wind=0,
    )
    b = game.state.ships["b"]
    b.masts = [[1]]
    play_until(game, lambda g: g.state.phase.startswith("tasks"), _fire_high)
    b = game.state.ships["b"]
    assert b.masts == [[2]] and b.masts_standing == 0
    assert b.pos == pg.step(gunboat, 2)  # her phase 1 move only
    assert b.drifting and b.speed == 0
    moves = [e.text for e in game.log if "British gunboat" in e.text and "her move" in e.text]
    assert len(moves) == 1 and "Action phase 1" in moves[0]
    assert dice.remaining == 0


def test_3_2_under_oars_a_ship_whose_last_mast_falls_rows_on() -> None:
    # the same shot at a gunboat rowing (speed 1: she moves in phase 2 only)
    carleton, gunboat = (6, 6), (7, 4)
    n = T.hit_table.rows[6][1] + 1 + 2
    dice = RecordedDice([3, (6,) + (1,) * (n - 1)])
    game = new_game(
        [
            ship("a", "carleton", "american", _at(carleton), 0, sail="oars", crew={"yards": 0}),
            ship("b", "british-gunboat-1776", "british", _at(gunboat), 2, sail="oars"),
        ],
        dice,
        wind=0,
    )
    game.state.ships["b"].masts = [[1]]
    play_until(game, lambda g: g.state.phase.startswith("tasks"), _fire_high)
    b = game.state.ships["b"]
    assert b.masts_standing == 0 and not b.drifting and b.speed == 1
    assert b.pos == pg.step(gunboat, 2)  # her one move, in phase 2
    assert dice.remaining == 0


def _maria_moves(game: Game) -> list[str]:
    return [e.text for e in game.log if "HMS Maria (speed" in e.text or "HMS Maria: adv" in e.text]


def test_3_1_the_crew_the_yards_need_per_mast_is_the_charts() -> None:
    # Maria (two masts) with two men aloft manoeuvres under the printed chart
    # (one a mast, 3.1); a house rule asking two a mast leaves her short, and
    # she repeats her last move (an advance) without being asked
    def play(house: dict[str, object] | None) -> list[str]:
        game = new_game(
            [
                ship("a", "carleton", "american", (1, 10), 0, sail="oars", crew={"yards": 0}),
                ship("b", "maria", "british", _at((7, 5)), 2, crew={"yards": 2}),
            ],
            RecordedDice([]),
            wind=0,
            house_rules=house,
        )
        play_until(game, lambda g: g.state.phase.startswith("tasks"), keep_or_first)
        return _maria_moves(game)

    asked = play(None)
    assert len(asked) == 4 and all("her move" in m for m in asked)
    forced = play({"crew": {"yards_per_mast": 2}})
    assert len(forced) == 4 and all("she repeats her last move" in m for m in forced)


def test_4_3_a_mast_falling_mid_turn_costs_the_charts_speed_at_once() -> None:
    # Maria on a broad reach (speed 4: moves 1, 2 and 1 in the three phases),
    # her main mast one slash from falling; Carleton's phase 1 broadside at
    # range 2 (2 base +1 +2 initial = 5 dice, random die 3) fired high gives
    # one R (a 4), the re-roll 1 puts it on the main mast and it falls. A
    # house rule of -2 a mast lost leaves her speed 2: one move in phase 2
    # and none in phase 3 (the printed -1 would leave 3: two in phase 2).
    def fire(prompt: Prompt) -> Answer:
        if prompt.context.get("step") == "fire":
            return "fire:b" if prompt.context["ship"] == "a" else "hold"
        if prompt.context.get("step") == "aim":
            return "high"
        return keep_or_first(prompt)

    def play(house: dict[str, object] | None) -> Game:
        dice = RecordedDice([3, (4, 1, 1, 1, 1), 1])
        game = new_game(
            [
                ship("a", "carleton", "american", _at((6, 6)), 0, sail="oars", crew={"yards": 0}),
                ship("b", "maria", "british", _at((7, 5)), 2),
            ],
            dice,
            wind=0,
            house_rules=house,
        )
        game.state.ships["b"].masts = [[2, 2, 1], [0, 0, 0]]
        play_until(game, lambda g: g.state.phase.startswith("tasks"), fire)
        assert dice.remaining == 0
        return game

    house = play({"speed": {"per_mast_lost": -2}})
    assert house.state.ships["b"].masts_standing == 1 and house.state.ships["b"].speed == 2
    assert len(_maria_moves(house)) == 2
    printed = play(None)
    assert printed.state.ships["b"].speed == 3 and len(_maria_moves(printed)) == 3


def test_3_1_head_to_wind_with_nobody_at_the_yards_she_drifts_on_even_turns() -> None:
    # Carleton in irons with nobody aloft: on turn 2 she drifts one point
    # downwind (3.1), facing unchanged, and makes no move of her own
    p = (6, 6)
    game = new_game(
        [
            ship("a", "carleton", "british", _at(p), 0, crew={"yards": 0}),
            ship("b", "maria", "american", (1, 10), 0, sail="oars", crew={"yards": 0}),
        ],
        RecordedDice([]),
        wind=0,
    )
    game.state.turn = 2
    play_until(game, lambda g: g.state.phase.startswith("tasks"), keep_or_first)
    a = game.state.ships["a"]
    assert a.pos == pg.step(p, 3) and a.facing == 0
    texts = [e.text for e in game.log]
    assert "HMS Carleton cannot move (head to wind with nobody manning the yards)" in texts
    assert not [t for t in texts if "HMS Carleton (speed" in t]
