"""Victory is the scenario's, not the text's: objectives in the scenario file
(sink, capture, disable, survive, exit, hold, take) scored at the turn limit
or when a side has nothing left in action; ships leave by their side's exit
edge (scenario victory conditions; docs/rules-notes.md, Flotilla, Victory)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.errors import ScenarioError
from quarterdeck.core.result import Termination
from quarterdeck.rulesets.flotilla import movement, rules
from quarterdeck.rulesets.flotilla.movement import Plan
from quarterdeck.rulesets.flotilla.state import LandBattery

from .helpers import Dice, T, ship, state


def objectives(*objs: tuple[str, str, list[str], int]) -> dict[str, Any]:
    return {
        "exits": {"union": "north"},
        "objectives": [
            {"side": s, "what": w, "units": u, "points": p, "text": ""} for s, w, u, p in objs
        ],
    }


def duel() -> rules.State:
    a = ship("ic", x=10, y=10, heading=0)
    b = ship("sel", "selma", "confederate", x=30, y=30, heading=180)
    fort = LandBattery(
        "fort", "Fort", "confederate", 60, 40, 180.0, 2, 2, "normal", None, owner="confederate"
    )
    st = state([a, b], batteries=[fort])
    st.victory = objectives(
        ("union", "sink", ["sel"], 10),
        ("union", "take", ["fort"], 5),
        ("union", "exit", ["ic"], 3),
        ("confederate", "disable", ["ic"], 10),
        ("confederate", "hold", ["fort"], 4),
        ("confederate", "survive", ["sel"], 2),
    )
    return st


def test_no_objectives_met_is_scored_as_held_and_survived() -> None:
    st = duel()
    assert rules.score(st, "union") == 0
    assert rules.score(st, "confederate") == 4 + 2
    result = rules.score_result(st, Termination.TURN_LIMIT)
    assert result.winner == "confederate" and "union 0 points, confederate 6" in result.detail


def test_each_objective_scores_when_met() -> None:
    st = duel()
    st.ships["sel"].status = "hulk"
    st.batteries["fort"].guns = 0  # silenced
    assert rules.score(st, "union") == 15
    assert rules.score(st, "confederate") == 0
    st.ships["ic"].status = "exited"
    assert rules.score(st, "union") == 18


def test_a_prize_counts_as_disabled_and_captured() -> None:
    st = duel()
    ic = st.ships["ic"]
    ic.side = "confederate"  # taken as a prize
    assert rules.objective_met(st, "confederate", "disable", "ic")
    assert rules.objective_met(st, "confederate", "capture", "ic")
    assert not rules.objective_met(st, "union", "exit", "ic")


def test_without_objectives_the_turn_limit_is_a_draw() -> None:
    st = duel()
    st.victory = {}
    result = rules.score_result(st, Termination.TURN_LIMIT)
    assert result.winner is None and "no objectives" in result.detail


def test_a_side_with_nothing_left_ends_the_game_and_objectives_decide() -> None:
    st = duel()
    st.ships["sel"].status = "hulk"
    rules.check_end(st, T, Dice([]).ctx)
    assert st.result is None  # the fort still fights
    st.ships["ic"].status = "exited"  # 10 + 3 points against the fort's 4
    rules.check_end(st, T, Dice([]).ctx)
    assert st.result is not None
    assert st.result["how"] == "objectives" and st.result["winner"] == "union"


def test_a_ship_may_leave_by_her_sides_exit_edge_only() -> None:
    a = ship("ic", x=36, y=44, heading=0, speed=6)
    st = state([a])
    assert all(
        movement.on_table(st, movement.path(a, p)[2].point) for p in movement.plans(st, T, a)
    )
    st.victory = {"exits": {"union": "north"}, "objectives": []}
    off = [
        p
        for p in movement.plans(st, T, a)
        if not movement.on_table(st, movement.path(a, p)[2].point)
    ]
    assert off and all(movement.path(a, p)[2].y > 48 for p in off)
    plan = Plan(9)
    st.plan = {"id": plan.id, "start": [a.x, a.y, a.heading], "middle": 0}
    rules.move_first_half(st, T, Dice([]).ctx, a, plan)
    rules.move_second_half(st, T, Dice([]).ctx, a, plan)
    assert a.status == "exited" and not a.afloat


def data() -> dict[str, Any]:
    return copy.deepcopy(scenarios.load("mobile-bay-1864").data)


def test_every_bundled_scenario_states_its_objectives() -> None:
    for sid in (
        "iron-city-duel",
        "mobile-bay-1864",
        "forts-jackson-1862",
        "arkansas-yazoo-1862",
        "yazoo-landing",
    ):
        scen = scenarios.load(sid)
        victory = scen.data["victory"]
        assert victory["note"] and victory["objectives"], sid
        assert all(o["text"] for o in victory["objectives"]), sid


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"units": ["hartford"]},
            r"field 'victory.objectives\[1\].units': unit 'hartford' is not allowed .*legal values: selma, tennessee",
        ),
        ({"what": "conquer"}, r"what"),
        ({"side": "french"}, r"legal values: union, confederate"),
    ],
)
def test_bad_objectives_are_refused_before_play(change: dict[str, Any], message: str) -> None:
    d = data()
    obj = next(
        o for o in d["victory"]["objectives"] if o["what"] == "disable" and o["side"] == "union"
    )
    obj.update(change)
    with pytest.raises(ScenarioError, match=message):
        scenarios.build(d, "test.toml")


def test_an_exit_objective_needs_an_exit_edge() -> None:
    d = data()
    d["victory"]["exits"] = {}
    with pytest.raises(ScenarioError, match=r"no edge in victory\.exits"):
        scenarios.build(d, "test.toml")


def test_a_bad_objective_in_a_file_is_refused_with_its_line(tmp_path: Any) -> None:
    path = scenarios.bundled_paths()["mobile-bay-1864"]
    text = path.read_text().replace('units = ["tennessee", "selma"]', 'units = ["hartford"]')
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t == 'units = ["hartford"]')
    with pytest.raises(ScenarioError, match=rf"bad.toml, line {line}: field 'victory"):
        scenarios.load_file(bad)


def test_the_end_check_is_not_fooled_by_the_ship_it_last_found_afloat() -> None:
    """check_end looks first at the ship it last found afloat for a side: a
    copy of the state, that ship sunk, or her struck colours in the same
    state still end the game as side_alive says."""
    from quarterdeck.rulesets.flotilla.victory import check_end, side_alive

    for change in ("copy", "same"):
        st = state([ship("ic", x=10, y=10), ship("sel", "selma", "confederate", x=30, y=30)])
        check_end(st, T, Dice([]).ctx)
        assert st.result is None
        if change == "copy":
            st = copy.deepcopy(st)
        st.ships["sel"].status = "sunk" if change == "copy" else "surrendered"
        assert not side_alive(st, "confederate")
        check_end(st, T, Dice([]).ctx)
        assert st.result is not None and st.result["winner"] == "union", change
