"""Environment: the game master's calls for the turn (visibility, weather and
special events: dawn, dusk, fog, reduced visibility, excessive smoke, the
current), by the game master seat or the scenario's schedule, and their
effect on fire and drift (Environment; Firing; Movement: Adrift)."""

from __future__ import annotations

import pytest

from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.rulesets.flotilla import fire, rules

from .helpers import Dice, T, ship, state


def gm_game() -> rules.State:
    st = state([ship("ic", x=10, y=10), ship("sel", "selma", "confederate", x=20, y=10)], gm="gm")
    rules.advance(st, T, Dice([]).ctx)
    return st


def answer_all(st: rules.State, *answers: str) -> None:
    for a in answers:
        p = rules.prompt(st, T)
        assert p is not None and p.seat == "gm" and p.context["step"] == "environment"
        p.check(a)
        rules.apply(st, T, "gm", a, Dice([6, 1]).ctx)


def test_the_gm_seat_is_asked_time_of_day_weather_smoke_and_current() -> None:
    st = gm_game()
    asked = []
    for a in ("dusk", "fog", "reduced", "90"):
        p = rules.prompt(st, T)
        assert p is not None
        asked.append(p.context["what"])
        rules.apply(st, T, "gm", a, Dice([6, 1]).ctx)
    assert asked == ["time", "weather", "smoke", "current"]
    assert st.events == ["dusk", "fog", "reduced"]
    assert st.visibility == "dusk, fog, reduced"
    assert st.current == 90.0
    assert st.phase == "initiative" or st.phase.startswith("move")


def test_gm_calls_set_the_number_needed_to_hit() -> None:
    st = gm_game()
    answer_all(st, "day", "clear", "reduced", "unchanged")
    a, b = st.ships["ic"], st.ships["sel"]
    assert fire.need_against_ship(st, T, a, b)[0] == 5
    st.events = []
    assert fire.need_against_ship(st, T, a, b)[0] == 4


@pytest.mark.parametrize("event", ["dawn", "dusk", "fog", "excessive-smoke"])
def test_dawn_dusk_fog_and_excessive_smoke_hit_only_on_a_six(event: str) -> None:
    st = state([ship("ic", x=10, y=10), ship("sel", "selma", "confederate", x=20, y=10)])
    st.events = [event, "reduced"]
    assert fire.visibility_need(st, T) == 6


def test_an_answer_not_offered_is_refused() -> None:
    st = gm_game()
    p = rules.prompt(st, T)
    assert p is not None
    with pytest.raises(IllegalAnswer):
        p.check("night")


def test_slack_water_stops_drift_and_a_tide_makes_it() -> None:
    st = gm_game()
    answer_all(st, "day", "clear", "none", "slack")
    assert st.current is None
    hulk = st.ships["ic"]
    hulk.status = "abandoned"
    rules.drift(st, T, Dice([]).ctx, hulk)
    assert (hulk.x, hulk.y) == (10, 10)
    rules.set_current(st, "0")
    rules.drift(st, T, Dice([3]).ctx, hulk)
    assert (round(hulk.x, 6), round(hulk.y, 6)) == (10, 13)


def test_the_scenario_schedule_sets_several_events_and_the_tide() -> None:
    st = state([ship("ic"), ship("sel", "selma", "confederate", x=30)])
    st.game_master["visibility"] = {"1": ["dawn", "reduced"], "2": "clear"}
    st.game_master["current"] = {"1": 180.0, "3": "slack"}
    rules.step_environment(st, T, Dice([]).ctx)
    assert st.events == ["dawn", "reduced"] and st.current == 180.0
    st.turn = 3
    rules.step_environment(st, T, Dice([]).ctx)
    assert st.events == [] and st.visibility == "clear" and st.current is None
