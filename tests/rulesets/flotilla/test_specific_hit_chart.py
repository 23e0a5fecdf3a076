"""The specific hit chart, line by line (Specific Hit Chart: three dice,
modified by aimed fire and torpedoes; triples after a heavy shell at six
inches or less drop an armour class)."""

from __future__ import annotations

import pytest

from quarterdeck.rulesets.flotilla import damage
from quarterdeck.rulesets.flotilla.state import Ship

from .helpers import Dice, T, ship, state

# dice that make each total without triples
DICE = {
    4: (1, 1, 2),
    5: (1, 2, 2),
    6: (1, 2, 3),
    7: (1, 2, 4),
    8: (1, 3, 4),
    9: (2, 3, 4),
    10: (2, 3, 5),
    11: (2, 4, 5),
    12: (3, 4, 5),
    13: (3, 4, 6),
    14: (3, 5, 6),
    15: (4, 5, 6),
    16: (4, 6, 6),
    17: (5, 6, 6),
}


def roll_line(line: int, extra: tuple[int, ...] = ()) -> tuple[Ship, Dice, int]:
    """Read ``line`` on Iron City: lines 2, 3, 18 and 19 need a modifier."""
    if line == 2:
        dice, mod = (1, 1, 2), -2
    elif line == 3:
        dice, mod = (1, 1, 2), -1
    elif line in (18, 19):
        dice, mod = (5, 6, 6), line - 17
    else:
        dice, mod = DICE[line], 0
    s = ship("ic")
    st = state([s])
    d = Dice([*dice, *extra])
    got = damage.specific_hit(st, T, d.ctx, s, mod)
    assert d.left == 0, d.text()
    return s, d, got


def guns_hit(s: Ship) -> int:
    return sum(b.hits for b in s.batteries)


def crew_lost(s: Ship) -> int:
    return len(s.crew_track) - 1 - s.crew_pos


def test_line_2_waterline_catastrophic_fire() -> None:
    s, _, line = roll_line(2)
    assert line == 2
    assert (s.continuing, crew_lost(s), guns_hit(s)) == (3, 3, 8)
    assert s.catastrophic and s.fired  # the crew fights the blaze: no more this turn


def test_line_3_waterline_three_continuing() -> None:
    s, _, _ = roll_line(3)
    assert (s.continuing, crew_lost(s), guns_hit(s), s.catastrophic) == (3, 3, 6, False)


def test_line_4_waterline_two_continuing() -> None:
    s, _, _ = roll_line(4)
    assert (s.continuing, crew_lost(s), guns_hit(s)) == (2, 2, 4)


def test_line_5_waterline_one_continuing() -> None:
    s, _, _ = roll_line(5)
    assert (s.continuing, crew_lost(s), guns_hit(s)) == (1, 2, 2)


def test_line_6_rudder_hit_owner_strikes_a_turning_box() -> None:
    s = ship("ic")
    st = state([s])
    d = Dice(DICE[6])
    damage.specific_hit(st, T, d.ctx, s)
    assert s.no_turns == 3  # this turn and the next two
    assert (crew_lost(s), guns_hit(s)) == (2, 2)
    assert st.queue == [{"kind": "turn_box", "seat": "union", "ship": "ic"}]


def test_line_6_with_one_turning_box_strikes_it() -> None:
    s = ship("ic")
    s.turns = {"first": 0, "middle": 45, "end": 0}
    st = state([s])
    damage.specific_hit(st, T, Dice(DICE[6]).ctx, s)
    assert s.turns["middle"] == 0 and st.queue == []


def test_line_7_rudder_jammed_no_turns() -> None:
    s, _, _ = roll_line(7)
    assert (s.no_turns, crew_lost(s), guns_hit(s)) == (3, 2, 2)


@pytest.mark.parametrize(("die", "way"), [(1, "right"), (3, "right"), (4, "left"), (6, "left")])
def test_line_8_rudder_one_way_for_two_turns(die: int, way: str) -> None:
    s, _, _ = roll_line(8, (die,))
    assert (s.turn_only, s.turn_only_turns, crew_lost(s), guns_hit(s)) == (way, 3, 2, 2)


def test_line_9_fire_below_decks() -> None:
    s, _, _ = roll_line(9)
    assert (s.fire_below, s.no_repair, crew_lost(s), guns_hit(s)) == (3, 2, 2, 2)
    assert s.on_fire


@pytest.mark.parametrize(("line", "guns"), [(10, 4), (11, 2), (12, 4)])
def test_lines_10_to_12_gun_hits_and_a_die_of_crew(line: int, guns: int) -> None:
    s, _, _ = roll_line(line, (5,))
    assert (guns_hit(s), crew_lost(s), s.continuing) == (guns, 5, 0)


def test_line_13_fire_above_deck() -> None:
    s, _, _ = roll_line(13)
    assert (s.fire_above, s.no_repair, crew_lost(s), guns_hit(s)) == (3, 3, 6, 4)


@pytest.mark.parametrize(("line", "turns", "crew", "guns"), [(14, 2, 2, 2), (15, 3, 3, 3)])
def test_lines_14_15_engine_cannot_change_speed(
    line: int, turns: int, crew: int, guns: int
) -> None:
    s, _, _ = roll_line(line)
    assert (s.engine_turns, crew_lost(s), guns_hit(s)) == (turns + 1, crew, guns)


@pytest.mark.parametrize(
    ("line", "lost", "turret", "crew", "guns"),
    [(16, 2, "until5", 4, 4), (17, 3, "until5", 6, 4), (18, 4, "until6", 8, 6)],
)
def test_lines_16_to_18_engine_loses_speed_increments(
    line: int, lost: int, turret: str, crew: int, guns: int
) -> None:
    s, _, _ = roll_line(line)
    assert (s.speed_lost, s.turret, crew_lost(s), guns_hit(s)) == (lost, turret, crew, guns)
    assert s.max_speed == s.speed_track[-1 - lost]


def test_line_19_engine_wrecked_turret_never_and_catastrophic_fire() -> None:
    s, _, _ = roll_line(19)
    assert (s.speed_lost, s.turret, s.catastrophic) == (5, "never", True)
    assert (crew_lost(s), guns_hit(s)) == (12, 8)


def test_rolls_below_2_read_line_2_and_above_19_read_19() -> None:
    s = ship("ic")
    assert damage.specific_hit(state([s]), T, Dice([1, 1, 2]).ctx, s, -6) == 2
    s = ship("ic")
    assert damage.specific_hit(state([s]), T, Dice([5, 6, 6]).ctx, s, 4) == 19


def test_aimed_low_subtracts_4() -> None:
    s = ship("ic")
    # 3 + 4 + 4 = 11 reads line 7 with the -4 of fire aimed low
    assert damage.specific_hit(state([s]), T, Dice([3, 4, 4]).ctx, s, T.fire.aimed_low) == 7


def test_triples_from_heavy_shell_close_drop_a_class() -> None:
    s = ship("ark", "arkansas", "confederate")
    # line 12 (4 gun hits, crew dice) takes both broadsides to their (c) boxes
    damage.specific_hit(state([s]), T, Dice([4, 4, 4, 1, *[1] * 6]).ctx, s, heavy_close=True)
    assert s.cls == "protected"
    damage.specific_hit(state([s]), T, Dice([3, 3, 3, *[1] * 12]).ctx, s, heavy_close=True)
    assert s.cls == "wooden"


def test_triples_without_heavy_shell_close_change_nothing() -> None:
    s = ship("ark", "arkansas", "confederate")
    damage.specific_hit(state([s]), T, Dice([4, 4, 4, 1, *[1] * 6]).ctx, s, heavy_close=False)
    assert s.cls == "ironclad"


def test_wooden_stays_wooden() -> None:
    s = ship("sel", "selma", "confederate")
    damage.specific_hit(state([s]), T, Dice([2, 2, 2, *[1] * 9]).ctx, s, heavy_close=True)
    assert s.cls == "wooden"


def test_a_rudder_box_question_lapses_when_no_box_is_left() -> None:
    from quarterdeck.rulesets.flotilla import rules

    s = ship("ic")
    st = state([s])
    st.queue = [{"kind": "turn_box", "seat": "union", "ship": "ic"}] * 2
    s.turns = {"first": 0, "middle": 0, "end": 45}
    st.phase = "passage"
    st.turn = st.turn_limit
    rules.advance(st, T, Dice([]).ctx)  # one box left: asked
    assert st.ask is not None and st.ask["kind"] == "turn_box"
    rules.apply(st, T, "union", "end", Dice([]).ctx)
    assert s.turns["end"] == 0
    assert st.ask is None or st.ask["kind"] != "turn_box"
