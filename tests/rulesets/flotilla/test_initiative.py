"""Environment: visibility from the game master or the scenario; initiative
with its modifiers, automatic wins and re-rolled ties; the winner chooses
side A (Environment; Initiative)."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core.engine import Game
from quarterdeck.core.scenario import load
from quarterdeck.players import RandomPlayer
from quarterdeck.rulesets.flotilla import rules

from .helpers import Dice, T, engine, said, ship, state


def two() -> rules.State:
    return state([ship("ic", x=10, y=10), ship("sel", "selma", "confederate", x=30, y=30)])


def test_high_die_wins_and_the_winner_is_asked_who_moves_first() -> None:
    st = two()
    d = Dice([2, 5])
    rules.step_initiative(st, T, d.ctx)
    assert st.initiative_winner == "confederate"
    assert st.ask == {"kind": "side_a", "seat": "confederate"}


def test_ties_roll_again() -> None:
    st = two()
    rules.step_initiative(st, T, Dice([3, 3, 4, 4, 6, 1]).ctx)
    assert st.initiative_winner == "union"


def test_won_last_turn_adds_one() -> None:
    st = two()
    st.last_winner = "union"
    rules.step_initiative(st, T, Dice([4, 5, 6, 1]).ctx)  # 5 v 5 tie, then 7 v 1
    assert st.initiative_winner == "union"
    st = two()
    st.last_winner = "union"
    rules.step_initiative(st, T, Dice([4, 4]).ctx)  # 5 v 4
    assert st.initiative_winner == "union"


def test_modifiers_add_up() -> None:
    st = two()
    st.last_winner = "union"
    st.sank_last = {"union": 1}
    st.adverse_last = ["union"]
    assert rules.initiative_modifier(st, T, "union")[0] == 1 + 1 - 1
    assert rules.initiative_modifier(st, T, "confederate")[0] == 0


def test_flagship_with_the_advantage_of_the_current() -> None:
    a = ship("ic", x=10, y=10, flagship=True)
    b = ship("sel", "selma", "confederate", x=30, y=30, flagship=True)
    st = state([a, b], current=0.0)  # flowing north: the southern flagship is upstream
    assert rules.flagship_upstream(st) == "union"
    st = state([a, b], current=180.0)
    assert rules.flagship_upstream(st) == "confederate"
    assert rules.flagship_upstream(state([a, b])) is None  # no current


def test_fort_captured_or_ironclad_sunk_wins_outright() -> None:
    st = two()
    st.auto_win_last = ["confederate"]
    d = Dice([])
    rules.step_initiative(st, T, d.ctx)
    assert st.initiative_winner == "confederate"


def test_winner_chooses_side_a_and_side_a_moves_first() -> None:
    st = two()
    rules.step_initiative(st, T, Dice([6, 1]).ctx)
    st.phase = "initiative"
    rules.apply(st, T, "union", "second", Dice([]).ctx)
    assert st.side_a == "confederate"
    assert st.phase == "move_a"
    assert st.ask == {"kind": "power", "seat": "confederate", "ship": "sel"}


def test_visibility_from_the_scenario_schedule() -> None:
    st = two()
    st.game_master["visibility"] = {"1": "dawn", "3": "clear"}
    rules.step_environment(st, T, Dice([]).ctx)
    assert st.visibility == "dawn"
    st.turn = 3
    rules.step_environment(st, T, Dice([]).ctx)
    assert st.visibility == "clear"


def test_a_gm_seat_sets_the_visibility() -> None:
    st = state([ship("ic"), ship("sel", "selma", "confederate", x=30)], gm="gm")
    rules.step_environment(st, T, Dice([]).ctx)
    assert st.ask == {"kind": "environment", "seat": "gm", "what": "time"}
    p = rules.prompt(st, T)
    assert p is not None and p.option_ids() == ["day", "dawn", "dusk"]


def test_the_turn_is_the_eleven_steps_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole turn, played through the engine, runs the steps in the text's
    order: environment, initiative, side A moves, side B moves, landings,
    combat, continuing damage, repairs, reloading, end of turn, passage."""
    seen: list[str] = []
    for name, step in list(rules.STEPS.items()):

        def record(st: Any, t: Any, ctx: Any, name: str = name, step: Any = step) -> bool:
            if not seen or seen[-1] != name:
                seen.append(name)
            return bool(step(st, t, ctx))

        monkeypatch.setitem(rules.STEPS, name, record)
    game = Game.new(load("iron-city-duel"), seed=3)
    players = {side: RandomPlayer(7) for side in game.scenario.side_names}
    while game.turn == 1 and game.result() is None:
        prompt = game.prompt()
        assert prompt is not None
        game.apply(prompt.seat, players[prompt.seat].decide(game.view(prompt.seat), prompt))
    first_turn = seen[: seen.index("environment", 1)]
    assert first_turn == [
        "environment",
        "initiative",
        "move_a",
        "move_b",
        "landing",
        "combat",
        "continuing",
        "repair",
        "reload",
        "end",
        "passage",
    ]


def test_both_sides_with_an_outright_win_roll_as_usual() -> None:
    """Initiative: when both sides captured a fort or sank an ironclad last
    turn neither wins outright; the dice decide (this project's reading)."""
    st = two()
    st.auto_win_last = ["union", "confederate"]
    d = Dice([1, 6])
    rules.step_initiative(st, T, d.ctx)
    assert st.initiative_winner == "confederate" and d.left == 0


def test_a_morale_failure_costs_one_at_the_next_initiative() -> None:
    """Initiative: -1 for a side whose captain suffered an adverse morale
    result last turn, carried over at the passage of the turn."""
    st = two()
    st.adverse = ["union"]
    rules.step_passage(st, T, Dice([]).ctx)
    assert rules.initiative_modifier(st, T, "union")[0] == -1
    d = Dice([5, 4, 6, 1])  # 5 - 1 = 4 against 4: a tie, roll again; 5 against 1
    rules.step_initiative(st, T, d.ctx)
    assert st.initiative_winner == "union" and d.left == 0


def test_a_morale_roll_one_over_passes_and_costs_nothing_at_the_next_initiative() -> None:
    """Captain's Morale: +1 "passes" (morale down one); it is no adverse
    result, so next turn's initiative has no -1. Played through the turn:
    continuing damage ticks Iron City's (c) box (the 41st, at the top of the
    fifth column), the captain rolls 13
    against 12, she declines to repair, and at turn 2's initiative 4 against
    4 is a tie rolled again (with the -1 the Confederates would win 4 to 3)."""
    ic = ship("ic", x=10, y=10, ticked=40, continuing=1)
    st = state([ic, ship("sel", "selma", "confederate", x=60, y=40)])
    st.phase = "continuing"
    game = engine(st, [[4, 4, 5], [4], [4], [6], [1]])
    assert ic.morale == 11 and game.state.adverse == []
    assert "morale 13 against 12" in said(game) and "shaken" in said(game)
    game.apply("union", "no")  # no repair
    assert game.state.turn == 2
    assert game.state.initiative_winner == "union"
    assert "Initiative tied at 4: roll again" in said(game)
    assert game.dice.remaining == 0  # type: ignore[attr-defined]
