"""Captain's morale: three dice against the current value with modifiers;
five bands of result by the excess (Captain's Morale; modifiers)."""

from __future__ import annotations

import pytest

from quarterdeck.rulesets.flotilla import damage, firers, rules

from .helpers import Dice, T, ship, state


@pytest.mark.parametrize(
    ("dice", "result", "morale", "mood"),
    [
        ([4, 4, 4], "pass", 12, ""),
        ([4, 4, 5], "shaken", 11, ""),
        ([4, 5, 5], "hold", 10, "hold"),
        ([5, 5, 5], "retire", 9, "retire"),
        ([5, 5, 6], "retire", 9, "retire"),
    ],
)
def test_result_bands(dice: list[int], result: str, morale: int, mood: str) -> None:
    s = ship("ic")
    st = state([s])
    assert damage.morale_check(st, T, Dice([dice]).ctx, s, "test") == result
    assert (s.morale, s.mood) == (morale, mood)
    assert (st.adverse == ["union"]) == (result not in ("pass", "shaken"))


def test_plus_5_surrenders_within_24_inches_of_the_enemy() -> None:
    s = ship("ic", x=0, y=0)
    enemy = ship("sel", "selma", "confederate", x=20, y=0)
    st = state([s, enemy])
    assert damage.morale_check(st, T, Dice([[5, 6, 6]]).ctx, s, "test") == "surrender"
    assert s.status == "surrendered" and s.captured_by == "confederate"


def test_plus_5_beyond_24_inches_withdraws_for_good() -> None:
    s = ship("ic", x=0, y=0)
    enemy = ship("sel", "selma", "confederate", x=40, y=0)
    st = state([s, enemy])
    assert damage.morale_check(st, T, Dice([[5, 6, 6]]).ctx, s, "test") == "withdraw"
    assert s.afloat and s.mood == "withdrawing" and s.morale == 9
    assert not firers.can_fire_ship(s)  # no firing while she goes
    rules.step_end(st, T, Dice([]).ctx)
    assert s.mood == "withdrawing"  # all this turn and the next she is on her way
    st.turn = 2
    rules.step_end(st, T, Dice([]).ctx)
    assert s.mood == "withdrawn" and firers.can_fire_ship(s)  # there: she may fire


def test_plus_7_abandons_ship() -> None:
    s = ship("ic", morale=10)
    assert damage.morale_check(state([s]), T, Dice([[5, 6, 6]]).ctx, s, "test") == "abandon"
    assert s.status == "abandoned"


def mods(**kw: object) -> int:
    s = ship("ic", **kw)
    return damage.morale_modifier(state([s]), T, s)[0]


def test_modifiers() -> None:
    assert mods() == 0
    assert mods(anchored=True) == -1
    assert mods(crew_pos=24) == -1  # 25 of 50 left: half killed
    assert mods(crew_pos=12) == -1 - 3  # three quarters killed: both apply
    assert mods(fire_below=1) == -2
    assert mods(ticked=55) == -2
    assert mods(catastrophic=True) == -5
    assert mods(sank_enemy=True) == 1


def test_broadside_and_battery_losses() -> None:
    s = ship("ic")
    s.batteries[0].hits = 11  # port destroyed
    assert damage.morale_modifier(state([s]), T, s)[0] == -1
    s = ship("ark", "arkansas", "confederate")
    for b in s.batteries[1:]:
        b.hits = len(b.track)  # starboard, bow, stern destroyed
    assert damage.morale_modifier(state([s]), T, s)[0] == -1 - 3


def test_plus_2_within_24_inches_of_the_flagship() -> None:
    s = ship("ic", x=0, y=0)
    flag = ship("ark", "carondelet", x=20, y=0, flagship=True)
    assert damage.morale_modifier(state([s, flag]), T, s)[0] == 2
    far = ship("ark", "carondelet", x=30, y=0, flagship=True)
    assert damage.morale_modifier(state([s, far]), T, s)[0] == 0


def test_modified_value_is_the_target() -> None:
    s = ship("ic", anchored=True)  # 12 - 1 = 11
    assert damage.morale_check(state([s]), T, Dice([[4, 4, 3]]).ctx, s, "t") == "pass"
    s = ship("ic", anchored=True)
    assert damage.morale_check(state([s]), T, Dice([[4, 4, 4]]).ctx, s, "t") == "shaken"


def test_crew_c_box_calls_a_check() -> None:
    s = ship("ic")
    d = Dice([[1, 1, 1]])
    damage.kill_crew(state([s]), T, d.ctx, s, 26, "test")  # 50 -> 24 passes 25 (c)
    assert s.crew == 23 and d.left == 0
