"""The damage box: ticked top to bottom, left to right (down each column,
the columns left to right); W, P and I letters
call for the specific hit chart by class; (c) boxes call a morale check; the
yellow line; sinking and the hulk marker; continuing damage and its repair;
catastrophic fire (Damage; Continuing Damage; Specific Hits)."""

from __future__ import annotations

import pytest

from quarterdeck.core.engine import Game
from quarterdeck.rulesets.flotilla import damage, rules

from .helpers import Dice, T, engine, said, ship, state


def test_protected_ship_rolls_on_p_boxes_only() -> None:
    s = ship("ic")  # Iron City, first column: . . . W P . . W . .
    d = Dice([[2, 3, 4]])  # the W box is nothing to her; the P box: line 9
    damage.apply_hits(state([s]), T, d.ctx, s, 5, "test")
    assert s.ticked == 5 and s.fire_below == 3
    assert d.left == 0


def test_ironclad_rolls_on_i_boxes() -> None:
    s = ship("ark", "arkansas", "confederate")
    # first column . . . W P . . W . . ; second . P . W I ...: the I is box 15
    d = Dice([[1, 2, 4]])
    damage.apply_hits(state([s]), T, d.ctx, s, 14, "test")
    assert s.ticked == 14 and d.left == 3 and s.no_turns == 0
    damage.apply_hits(state([s]), T, d.ctx, s, 1, "test")
    assert s.ticked == 15 and d.left == 0
    assert s.no_turns == 3  # line 7


def test_wooden_ship_first_specific_hit_is_the_fourth_box() -> None:
    """Ticked down the columns, a wooden ship reaches the W of the first
    column with her fourth hit (along the rows it was the nineteenth): the
    text's point that wooden ships often take critical hits."""
    s = ship("sel", "selma", "confederate")
    d = Dice([])
    damage.apply_hits(state([s]), T, d.ctx, s, 3, "test")
    assert s.ticked == 3
    # the W box: line 7; its two gun hits reach the (c) boxes of the bow
    # battery (4 dice to 2) and of the port battery (its one gun gone)
    d = Dice([[1, 2, 4], [1, 1, 1], [1, 1, 1]])
    damage.apply_hits(state([s]), T, d.ctx, s, 1, "test")
    assert s.no_turns == 3 and d.left == 0


def test_ironclad_first_specific_hit_is_the_fifteenth_box_and_protected_the_fifth() -> None:
    """The printed grid ticked down its columns: an ironclad first rolls at
    her 15th hit (along the rows, at her 5th and 6th), a protected ship at
    her 5th, a wooden ship at her 4th."""
    from quarterdeck.rulesets.flotilla.tables import rosters

    card = rosters()["iron_city"]
    boxes = card.boxes("columns")
    first = {c: next(i + 1 for i, b in enumerate(boxes) if c in b) for c in "WPI"}
    assert first == {"W": 4, "P": 5, "I": 15}
    rows = card.boxes("rows")
    assert {c: next(i + 1 for i, b in enumerate(rows) if c in b) for c in "WPI"} == {
        "W": 19,
        "P": 4,
        "I": 5,
    }


def test_the_order_is_a_table_option_house_rules_may_set_to_rows() -> None:
    from quarterdeck.rulesets.flotilla.tables import tables_with

    assert T.damage.tick_order == "columns"
    rows = tables_with({"damage": {"tick_order": "rows"}})
    s = ship("sel", "selma", "confederate")
    from quarterdeck.rulesets.flotilla import make_ship
    from quarterdeck.rulesets.flotilla.state import ShipSpec
    from quarterdeck.rulesets.flotilla.tables import rosters

    spec = ShipSpec(id="sel", roster="selma", side="confederate", x=0, y=0)
    s = make_ship(spec, rosters()["selma"], rows)
    d = Dice([[1, 1, 1]])  # along the rows: only the (c) of the first row in 18 hits
    damage.apply_hits(state([s]), rows, d.ctx, s, 18, "test")
    assert s.ticked == 18 and d.left == 0 and s.no_turns == 0


def test_letters_are_a_table_that_house_rules_can_widen() -> None:
    assert T.damage.letters == {"wooden": ("W",), "protected": ("P",), "ironclad": ("I",)}


def test_yellow_line_costs_two_speed_increments_and_a_morale_check() -> None:
    """The yellow zone is the last boxes ticked: Selma's last six (the foot
    of her last column), from her 43rd box."""
    s = ship("sel", "selma", "confederate", speed=18)
    s.ticked = 42
    d = Dice([[4, 4, 5]])  # 13 against 12 - 2 (in the yellow): retire
    damage.apply_hits(state([s]), T, d.ctx, s, 1, "test")
    assert s.yellow and s.max_speed == 16 and s.speed == 16
    assert s.mood == "retire" and s.morale == 12 - 3
    assert d.left == 0


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
    s.continuing = 5
    s.ticked = 40  # next: I(c) atop the fifth column, . . W, then P
    d = Dice([[1, 1, 1]])  # the (c) box still calls morale; the P box no chart
    rules.step_continuing(state([s]), T, d.ctx)
    assert s.ticked == 45 and d.left == 0 and s.fire_below == 0


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
    s = ship("sel", "selma", "confederate", ticked=4)  # past the W of the first column
    # the P box (the fifth) now rolls for a wooden ship: line 7; its two gun
    # hits take the bow and port batteries to their (c) boxes
    d = Dice([[1, 2, 4], [1, 1, 1], [1, 1, 1]])
    damage.apply_hits(state([s]), house, d.ctx, s, 1, "test")
    assert s.no_turns == 3 and d.left == 0
    plain = ship("sel", "selma", "confederate", ticked=4)
    damage.apply_hits(state([plain]), T, Dice([]).ctx, plain, 1, "test")
    assert plain.no_turns == 0


def test_a_ship_repairing_carries_a_marker_on_her_card() -> None:
    """Continuing Damage: a ship trying to repair is marked (her fired guns
    will not reload)."""
    from quarterdeck.rulesets.flotilla.view import card, ship_view

    s = ship("ic")
    assert not any("repairing" in line for line in card(s))
    s.repairing = True
    assert "repairing" in card(s)[0] and ship_view(s)["repairing"]


def broadside_at_selma(dice: list[list[int]], **selma: object) -> Game:
    """Iron City (heading north at 30, 20) fires her starboard battery, ten
    dice, at Selma ten inches abeam, at the start of the Union's movement:
    played through the engine's prompts."""
    ic = ship("ic", x=30, y=20, heading=0)
    sel = ship("sel", "selma", "confederate", x=40, y=20, heading=0, **selma)
    st = state([ic, sel])
    st.phase, st.side_a = "move_a", "union"
    game = engine(st, dice)
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "fire"
    game.apply("union", "ic")
    prompt = game.prompt()
    assert prompt is not None and prompt.context["battery"] == "starboard"
    game.apply("union", "sel")
    return game


def test_four_hits_reach_a_wooden_ships_first_specific_hit_in_play() -> None:
    """The Damage Box, played: four hits down Selma's first column reach its
    W box (the 4th); she rolls the chart (line 7: no turns), and its two gun
    hits take her bow and port batteries to (c) boxes: morale checks."""
    game = broadside_at_selma([[6, 6, 6, 6, 1, 1, 1, 1, 1, 1], [1, 2, 4], [1, 1, 1], [1, 1, 1]])
    sel = game.state.ships["sel"]
    assert sel.ticked == 4 and sel.no_turns == 3
    assert "specific hit 7 -> line 7" in said(game)
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_two_rudder_jams_in_one_turn_are_cumulative_in_play() -> None:
    """Specific Hits: more than one specific hit a turn, the effects are
    cumulative. Nine hits from box 4 take Selma through both W boxes of her
    first two columns (the 4th and the 12th); each reads line 7, no turns
    for 2 turns: together 4 turns without turning after this one (the
    counter holds this turn too: 1 + 2 + 2)."""
    game = broadside_at_selma(
        [
            [6, 6, 6, 6, 6, 6, 6, 6, 6, 1],
            [1, 2, 4],  # line 7; two gun hits:
            [1, 1, 1],  # the bow battery at its (c) box (4 dice to 2)
            [1, 1, 1],  # the port battery's one gun gone: its (c) box
            [1, 2, 4],  # line 7 again; two gun hits:
            [1, 1, 1],  # the starboard battery's gun gone: its (c) box
            [1, 1, 1],  # the bow battery's last gun gone: its (c) box
        ],
        ticked=3,
    )
    sel = game.state.ships["sel"]
    assert sel.ticked == 12 and sel.no_turns == 5
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_a_rudder_jam_in_a_later_turn_runs_the_longer_not_the_sum() -> None:
    s = ship("ic")
    st = state([s])
    damage.specific_hit(st, T, Dice([[1, 2, 4]]).ctx, s)
    assert s.no_turns == 3
    rules.step_passage(st, T, Dice([]).ctx)
    damage.specific_hit(st, T, Dice([[1, 2, 4]]).ctx, s)
    assert s.no_turns == 3  # max(2 left, 2 + this turn)


def test_opposite_rudder_jams_in_one_turn_leave_no_turn_at_all() -> None:
    """Line 8 twice in a turn, right only then left only: both hold, so she
    may turn neither way while they last."""
    s = ship("ic")
    st = state([s])
    damage.specific_hit(st, T, Dice([[2, 2, 4], [1]]).ctx, s)  # line 8, right only
    damage.specific_hit(st, T, Dice([[2, 2, 4], [6]]).ctx, s)  # line 8, left only
    assert s.no_turns == 3 and s.turn_only == "left"
    from quarterdeck.rulesets.flotilla import movement

    assert movement.turn_options(s, "end") == [0]
