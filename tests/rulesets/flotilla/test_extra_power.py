"""Extra power: 1 boiler explosion, 2 steam leak, 3 the engineer refuses and
the captain may gamble on three dice, 4-6 that many extra inches (Movement:
Extra Power)."""

from __future__ import annotations

import pytest

from quarterdeck.rulesets.flotilla import movement, rules

from .helpers import Dice, T, ship, state


def test_1_boiler_explosion() -> None:
    s = ship("ic", speed=6)
    st = state([s])
    # six hits down the first column: the P box (the fifth) rolls the chart (line 9)
    d = Dice([1, [2, 3, 4]])
    rules.extra_power(st, T, d.ctx, s)
    assert s.ticked == 6 and s.continuing == 3 and s.stopped == 4
    assert s.speed == 0 and st.stage == "next" and d.left == 0


def test_2_steam_leak_stops_her_two_turns() -> None:
    s = ship("ic", speed=6)
    st = state([s])
    rules.extra_power(st, T, Dice([2]).ctx, s)
    assert s.stopped == 2 and s.speed == 0 and s.ticked == 0
    assert movement.speed_options(s) == [0]


def test_3_engineer_refuses_and_the_captain_is_asked() -> None:
    s = ship("ic", speed=6)
    st = state([s])
    rules.extra_power(st, T, Dice([3]).ctx, s)
    assert st.ask == {"kind": "gamble", "seat": "union", "ship": "ic"}


def test_gamble_11_or_under_is_total_destruction() -> None:
    s = ship("ic", speed=6)
    st = state([s])
    rules.gamble(st, T, Dice([3, 4, 4]).ctx, s)
    assert s.status == "hulk"


def test_gamble_12_or_more_moves_that_much_further_with_a_90_turn() -> None:
    s = ship("ic", speed=16)
    st = state([s])
    rules.gamble(st, T, Dice([4, 4, 4]).ctx, s)
    assert s.extra_inches == 12 and s.extra_turn
    assert max(movement.speed_options(s)) == 16 + 12
    assert 90 in movement.turn_options(s, "first")


@pytest.mark.parametrize("die", [4, 5, 6])
def test_4_5_6_add_that_many_inches(die: int) -> None:
    s = ship("ic", speed=16)
    st = state([s])
    rules.extra_power(st, T, Dice([die]).ctx, s)
    assert s.extra_inches == die
    assert max(movement.speed_options(s)) == 16 + die


def test_a_ship_that_blows_her_own_boilers_is_no_enemy_sinking() -> None:
    """Initiative: an ironclad destroyed by her own gamble was not sunk by
    the enemy: no outright initiative, no "sank more" for the other side."""
    s = ship("tn", "tennessee", "confederate", speed=6)
    st = state([s, ship("ic", x=60)])
    rules.gamble(st, T, Dice([3, 4, 4]).ctx, s)
    assert s.status == "hulk"
    assert st.sank == {} and st.auto_win == []


def test_a_boiler_explosion_that_sinks_her_credits_nobody() -> None:
    s = ship("tn", "tennessee", "confederate", speed=6)
    s.ticked = len(s.boxes) - 1  # the last box, a (c): a morale check, then she sinks
    st = state([s, ship("ic", x=60)])
    d = Dice([1, [1, 1, 2]])
    rules.extra_power(st, T, d.ctx, s)
    assert s.status == "hulk" and st.sank == {} and st.auto_win == []


def test_the_question_states_the_four_outcomes() -> None:
    s = ship("ic", speed=16)
    st = state([s])
    st.ask = {"kind": "power", "seat": "union", "ship": "ic"}
    p = rules.prompt(st, T)
    assert p is not None and "1 boiler explodes" in p.question and "4-6" in p.question


def gamble_at_the_start_of_her_move(house_rules: dict[str, object]) -> list[int]:
    """Iron City (no turn at the first of her move) calls for power, rolls a
    3, gambles and throws 6 6 6: the first turns her move prompt offers."""
    from .helpers import engine

    s = ship("ic", x=36, y=24, heading=0, speed=6)
    far = ship("sel", "selma", "confederate", x=70, y=45)
    st = state([s, far])
    st.phase, st.side_a = "move_a", "union"
    st.house_rules = house_rules
    game = engine(st, [[3], [6, 6, 6]])
    for step in ("power", "gamble"):
        prompt = game.prompt()
        assert prompt is not None and prompt.context["step"] == step
        game.apply("union", "yes")
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "plan"
    ic = game.state.ships["ic"]
    assert ic.extra_inches == 18 and ic.extra_turn
    return sorted({movement.Plan.parse(i).first for i in prompt.option_ids()})


def test_the_gambles_extra_turn_is_the_charts_gamble_turn() -> None:
    """Extra Power: 12 or more on the gamble gives one extra 90-degree turn
    (`extra_power.gamble_turn`); a house rule of 60 offers turns up to 60
    degrees at the first of her move, not 90."""
    printed = gamble_at_the_start_of_her_move({})
    assert max(printed) == 90 and min(printed) == -90
    house = gamble_at_the_start_of_her_move({"extra_power": {"gamble_turn": 60}})
    assert house == [-60, -45, -30, -15, 0, 15, 30, 45, 60]
