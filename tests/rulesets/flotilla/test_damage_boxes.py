"""The damage box: ticked top to bottom, left to right; W, P and I letters
call for the specific hit chart by class; (c) boxes call a morale check; the
yellow line; sinking and the hulk marker; continuing damage and its repair;
catastrophic fire (Damage; Continuing Damage; Specific Hits)."""

from __future__ import annotations

import pytest

from quarterdeck.rulesets.flotilla import damage, rules

from .helpers import Dice, T, ship, state


def test_protected_ship_rolls_on_p_boxes_only() -> None:
    s = ship("ic")  # Iron City: first row . . . P I(c) I
    d = Dice([[2, 3, 4], [1, 1, 1]])  # the P box: line 9; the I(c) box: morale only
    damage.apply_hits(state([s]), T, d.ctx, s, 5, "test")
    assert s.ticked == 5 and s.fire_below == 3
    assert d.left == 0


def test_ironclad_rolls_on_i_boxes() -> None:
    s = ship("ark", "arkansas", "confederate")
    d = Dice([[2, 3, 4], [1, 1, 1], [1, 2, 4]])  # I(c): chart and morale; I: chart
    damage.apply_hits(state([s]), T, d.ctx, s, 6, "test")
    assert s.ticked == 6 and d.left == 0
    assert s.no_turns == 3  # line 7 from the second I box


def test_wooden_ship_first_specific_hit_is_the_w_row() -> None:
    s = ship("sel", "selma", "confederate")
    d = Dice([[1, 1, 1]])  # only the (c) of the first row until the W row
    damage.apply_hits(state([s]), T, d.ctx, s, 18, "test")
    assert s.ticked == 18 and d.left == 0
    d = Dice([[1, 2, 4], [1, 1, 1]])  # first W box: line 7; the bow battery's (c)
    damage.apply_hits(state([s]), T, d.ctx, s, 1, "test")
    assert s.no_turns == 3 and d.left == 0


def test_letters_are_a_table_that_house_rules_can_widen() -> None:
    assert T.damage.letters == {"wooden": ("W",), "protected": ("P",), "ironclad": ("I",)}


def test_yellow_line_costs_two_speed_increments_and_a_morale_check() -> None:
    s = ship("ic", speed=16)
    s.ticked = 54
    d = Dice([[4, 4, 5]])  # 13 against 12 - 2 (in the yellow): retire
    damage.apply_hits(state([s]), T, d.ctx, s, 1, "test")
    assert s.yellow and s.max_speed == 14 and s.speed == 14
    assert s.mood == "retire" and s.morale == 12 - 3


def test_last_box_sinks_her_and_the_hulk_stays_three_turns() -> None:
    s = ship("ic")
    other = ship("sel", "selma", "confederate", x=30)
    st = state([s, other])
    s.ticked = 59
    damage.apply_hits(st, T, Dice([[1, 1, 1]]).ctx, s, 1, "test", by="confederate")
    assert s.status == "hulk" and s.hulk_turns == 3
    assert st.sank == {"confederate": 1}
    for _ in range(2):
        rules.step_end(st, T, Dice([]).ctx)
        assert s.status == "hulk"
    rules.step_end(st, T, Dice([]).ctx)
    assert s.status == "sunk"


def test_sinking_an_ironclad_wins_next_initiative_outright() -> None:
    s = ship("ark", "arkansas", "confederate")
    st = state([s])
    s.ticked = len(s.boxes) - 1
    damage.apply_hits(st, T, Dice([[1, 1, 1]]).ctx, s, 1, "test", by="union")
    assert st.auto_win == ["union"]


def test_continuing_damage_ticks_boxes_without_specific_rolls() -> None:
    s = ship("ic")
    s.continuing = 2
    s.ticked = 3  # next: the P box, then I(c)
    d = Dice([[1, 1, 1]])  # the (c) box still calls morale
    rules.step_continuing(state([s]), T, d.ctx)
    assert s.ticked == 5 and d.left == 0 and s.fire_below == 0


@pytest.mark.parametrize(("die", "left"), [(4, 2), (5, 1), (6, 1)])
def test_repair_reduces_future_damage_on_5_or_6(die: int, left: int) -> None:
    s = ship("ic")
    s.continuing = 2
    st = state([s])
    rules.step_repair(st, T, Dice([]).ctx)
    assert st.ask == {"kind": "repair", "seat": "union", "ship": "ic"}
    rules.repair(st, T, Dice([die]).ctx, s)
    assert s.continuing == left and s.repairing


def test_no_repair_during_a_fire() -> None:
    s = ship("ic", continuing=2, fire_above=2)
    st = state([s])
    rules.step_repair(st, T, Dice([]).ctx)
    assert st.ask is None


@pytest.mark.parametrize(
    ("dice", "out", "sunk"),
    [([3], True, False), ([4, 2], True, False), ([4, 3, 1], True, False), ([4, 3, 2], False, True)],
)
def test_catastrophic_fire_three_tries(dice: list[int], out: bool, sunk: bool) -> None:
    s = ship("ic", catastrophic=True)
    st = state([s])
    for value in dice:
        st.stage = "fires"
        rules.step_repair(st, T, Dice([value]).ctx)
    assert (not s.catastrophic) == out
    assert (s.status == "hulk") == sunk


def test_house_rules_can_make_the_letters_cumulative() -> None:
    from quarterdeck.rulesets.flotilla.tables import tables_with

    house = tables_with({"damage": {"letters": {"wooden": ["W", "P", "I"]}}})
    s = ship("sel", "selma", "confederate")
    # the P box now rolls for a wooden ship: line 7; its two gun hits take the
    # bow battery to its (c) box
    d = Dice([[1, 2, 4], [1, 1, 1]])
    damage.apply_hits(state([s]), house, d.ctx, s, 4, "test")
    assert s.no_turns == 3 and d.left == 0
    plain = ship("sel", "selma", "confederate")
    damage.apply_hits(state([plain]), T, Dice([]).ctx, plain, 4, "test")
    assert plain.no_turns == 0


def test_a_ship_repairing_carries_a_marker_on_her_card() -> None:
    """Continuing Damage: a ship trying to repair is marked (her fired guns
    will not reload)."""
    from quarterdeck.rulesets.flotilla.view import card, ship_view

    s = ship("ic")
    assert not any("repairing" in line for line in card(s))
    s.repairing = True
    assert "repairing" in card(s)[0] and ship_view(s)["repairing"]
