"""Morale: the triggers, every modifier, the two results; fort commanders'
thresholds."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.morale import (
    fort_due,
    morale_phase,
    ship_modifiers,
    test_ship as morale_test,
)
from quarterdeck.rulesets.acw_river.state import Aground, Effect

from .helpers import T, context, position, ship

FORT = {
    "id": "fort",
    "name": "Fort",
    "side": "confederate",
    "x": 44.0,
    "y": 36.0,
    "w": 4.0,
    "h": 4.0,
    "cpv": [2, 1, 0, 0, 0, 0],
    "guns": [{"type": "8in-sb", "count": 2, "square": 1}],
}


def mods(state, sid):
    return {m.why: m.value for m in ship_modifiers(state, state.ships[sid], T)}


def test_morale_a_fresh_ship_adds_every_bonus() -> None:
    state = position([ship("s", "selma", "confederate", 24, 40)])
    assert mods(state, "s") == {
        "lost no CPV": 1,
        "above her minimum SPV": 1,
        "confederate commander alive (green)": 2,
        "guns can still fire": 1,
        "can still move": 1,
    }


def test_morale_losses_below_pv_aground_under_fire_steering_captain_dead() -> None:
    state = position(
        [ship("s", "selma", "confederate", 24, 40), ship("t", "gaines", "confederate", 30, 40)]
    )
    s = state.ships["t"]  # a ship without the fleet commander aboard
    s.crew.lost = 5  # of 13: over a third
    s.spv = s.pv - 1
    s.aground = Aground("shoal")
    s.fired_on_by = ["x"]
    s.effects.append(Effect("hard-left-4", work=4))
    state.commanders[s.captain].alive = False
    m = mods(state, "t")
    assert m == {
        "lost a third of her CPV": -2,
        "below her minimum SPV": -3,
        "Captain of CSS Gaines dead (red)": -2,
        "guns can still fire": 1,
        "can still move": 1,
        "aground and under fire": -2,
        "steering jammed": -2,
    }


def test_morale_result_0_or_less_abandon_ship_1_or_more_fight_on() -> None:
    state = position(
        [ship("s", "selma", "confederate", 24, 40), ship("t", "gaines", "confederate", 30, 40)]
    )
    t = state.ships["t"]
    t.crew.lost = 10  # two thirds and more: -3
    t.spv = t.pv - 1  # -3
    t.morale_due = ["lost CPV"]
    # total: -3 -3 +2 (green) +1 (guns) +1 (moves) = -2; a 2 gives 0: abandon
    ctx, _, _ = context([2])
    assert not morale_test(state, t, ctx, T)
    assert t.status == "abandoned"
    state2 = position(
        [ship("s", "selma", "confederate", 24, 40), ship("t", "gaines", "confederate", 30, 40)]
    )
    t2 = state2.ships["t"]
    t2.crew.lost, t2.spv = 10, t2.pv - 1
    ctx, _, _ = context([3])
    assert morale_test(state2, t2, ctx, T) and t2.status == "active"


def test_morale_one_test_a_move_whatever_the_number_of_reasons() -> None:
    state = position([ship("s", "selma", "confederate", 24, 40)])
    s = state.ships["s"]
    s.morale_due = ["lost CPV", "run aground", "steering jammed"]
    ctx, dice, _ = context([6])
    morale_phase(state, ctx, T)
    assert len(dice.requests) == 1 and s.morale_due == []


def test_fort_commander_panicky_tests_after_one_cpv_lost() -> None:
    state = position(
        [ship("s", "selma", "confederate", 24, 40)], forts=[FORT], dice={"fcdr-fort": (1, 3, 3, 3)}
    )
    fort = state.forts["fort"]
    assert not fort_due(state, fort, T)
    fort.cpv[0] -= 1
    assert fort_due(state, fort, T)


def test_fort_commander_stubborn_at_a_third_fanatic_at_two_thirds() -> None:
    for white, lost, due in ((3, 0, False), (3, 1, True), (6, 1, False), (6, 2, True)):
        state = position(
            [ship("s", "selma", "confederate", 24, 40)],
            forts=[FORT],
            dice={"fcdr-fort": (white, 3, 3, 3)},
        )
        fort = state.forts["fort"]
        for _ in range(lost):
            fort.cpv[0] -= 1
        assert fort_due(state, fort, T) is due, (white, lost)


def test_morale_test_sum_with_the_captains_green_die_is_for_her_own_side() -> None:
    # Morale: the captain's green die is added; his dice are secret from the
    # other side, which learns only whether she fights on
    state = position(
        [ship("t", "gaines", "confederate", 30, 40), ship("m", "monitor", "union", 30, 20)]
    )
    state.sighted = {"confederate": ["m"], "union": ["t"]}
    t = state.ships["t"]
    t.crew.lost = 1
    t.morale_due = ["lost CPV"]
    ctx, _dice, log = context([1])
    # 1, lost CPV -1, above +1, green 3 (+2), guns +1, moves +1 = 5: fights on
    assert morale_test(state, t, ctx, T)
    detail = [e for e in log if "(green)" in e.text]
    assert len(detail) == 1 and detail[0].seats == ("confederate",)
    assert detail[0].text.endswith("= 5: fights on")
    public = [e for e in log if e.seats is None]
    assert [e.text for e in public if e.kind != "roll"] == [
        "CSS Gaines passes her morale test and fights on"
    ]
    (roll,) = [e for e in public if e.kind == "roll"]
    assert roll.goal == "with the modifiers, 1 or more to fight on"


def test_morale_run_aground_with_her_engine_sound_is_minus_1_not_no_speed_as_well() -> None:
    # Morale: "Run aground" (-1) is its own modifier; "No speed available"
    # (-3) is for a ship her engine or boiler cannot move
    state = position(
        [ship("s", "selma", "confederate", 24, 40), ship("t", "gaines", "confederate", 30, 40)]
    )
    t = state.ships["t"]
    t.aground = Aground("shoal")
    t.morale_due = ["run aground"]
    assert mods(state, "t") == {
        "lost no CPV": 1,
        "above her minimum SPV": 1,
        "Captain of CSS Gaines alive (green)": 2,
        "guns can still fire": 1,
        "can still move": 1,
        "run aground": -1,
    }
    # 5 in all: a 1 on the die and she fights on (0 or less abandons)
    ctx, _, _ = context([1])
    assert morale_test(state, t, ctx, T) and t.status == "active"
    t.crew.boiler = 0  # nobody in the boiler room: no speed at all
    assert mods(state, "t")["no speed available"] == -3


def test_morale_no_speed_available_is_a_steamers_lost_speed_not_a_sailing_ships() -> None:
    # Morale: "no speed left" (the trigger) and "no speed available" (-3)
    # are a ship's that has lost her speed, as "unable to fire" is one's that
    # has lost her guns; a ship under sail alone never had steam to lose and
    # takes neither it nor "can still move". Cumberland (sail) and Minnesota
    # (screw, her engine shot away) have lost a third of their CPV and fallen
    # below their minimum SPV; each throws a 3 in the morale step: Cumberland
    # fights on (3 - 2 - 3 + 2 + 1 = 1), Minnesota is abandoned (-3 more: -2)
    from .helpers import engine_game

    state = position(
        [
            ship("c", "cumberland", "union", 20.0, 30.0, 0.0),
            ship("m", "minnesota", "union", 30.0, 30.0, 0.0),
            ship("v", "virginia", "confederate", 25.0, 50.0, 180.0),
        ],
    )
    c, m = state.ships["c"], state.ships["m"]
    assert (c.max_speed, m.max_speed) == (0, 12)
    c.crew.lost, c.spv = 13, c.pv - 1  # 13 of 38 CPV: a third
    m.crew.lost, m.spv, m.speed_lost = 22, m.pv - 1, 12  # 22 of 65; no speed left
    c.morale_due = ["lost CPV", "below minimum SPV"]
    m.morale_due = ["lost CPV", "below minimum SPV", "no speed left"]
    assert "no speed available" not in mods(state, "c") and "can still move" not in mods(state, "c")
    state.phase, state.stage = "morale", ""
    game = engine_game(state, [3, 3])
    assert [r.label for r in game.dice.requests] == [
        "USS Cumberland tests morale (lost CPV, below minimum SPV)",
        "USS Minnesota tests morale (lost CPV, below minimum SPV, no speed left)",
    ]
    assert (c.status, m.status) == ("active", "abandoned")
    text = "\n".join(e.text for e in game.log)
    assert "guns can still fire +1 = 1: fights on" in text
    assert "no speed available -3 = -2: is abandoned" in text
    # rammed with her engine sound or under sail: no "rammed with no speed left"
    c.rammed = True
    assert "rammed with no speed left" not in mods(state, "c")
    m.rammed = True
    assert mods(state, "m")["rammed with no speed left"] == -2
