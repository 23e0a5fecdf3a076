"""The heuristic player (ai.py): what it plots and fires at, from its own
seat's view."""

from __future__ import annotations

from quarterdeck.core.geometry import distance
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.acw_river.ai import AcwRiverAI
from quarterdeck.rulesets.acw_river.orders import plot_prompt
from quarterdeck.rulesets.acw_river.view import view

from .helpers import T, position, ship


def test_a_ship_without_a_ram_closes_an_enemy_but_does_not_steer_into_her() -> None:
    # Effect on Ramming Ship: without a ram she loses 20 to 40 SPV for
    # running into him; Monitor engages Virginia 7 inches ahead at 4 knots
    state = position(
        [
            ship("m", "monitor", "union", 24.0, 30.0, 0.0, speed=4),
            ship("v", "virginia", "confederate", 24.0, 37.0, 180.0),
        ]
    )
    state.sighted = {"union": ["v"], "confederate": ["m"]}
    state.phase, state.stage, state.due = "plot", "plotting", ["m"]
    prompt = plot_prompt(state, "union", T)
    assert prompt is not None
    ai = AcwRiverAI("union", 1)
    answer = ai.decide(view(state, "union", T), prompt)
    me = view(state, "union", T)["ships"][0]
    x, y, _ = ai._project(me, answer["m/speed"], answer["m/helm"])
    gap = distance((x, y), (24.0, 37.0))
    assert 3.0 < gap < 7.0  # closer than she was, clear of Virginia's hull


def test_fire_goes_to_the_enemy_the_objective_cards_name() -> None:
    # Game Objectives: holding "destroy up to one enemy ironclad", she fires
    # at the ironclad rather than at a wooden ship with as many guns bearing
    ai = AcwRiverAI("union", 1)
    v = {
        "ships": [
            {"id": "w", "side": "confederate", "spv": 80, "pv": 27, "status": "active"},
            {
                "id": "i",
                "side": "confederate",
                "spv": 200,
                "pv": 67,
                "status": "active",
                "ironclad": True,
            },
        ],
        "sides": {"union": {"objectives": [{"id": "ironclad-1"}]}, "confederate": {}},
    }
    choices = [
        Option("hold", "hold fire"),
        Option("at:w", "CSS W: 2 gun(s) bear, 5 in, best 67% a gun"),
        Option("at:i", "CSS I: 2 gun(s) bear, 6 in, best 50% a gun"),
    ]
    assert ai._fire_one(v, choices) == "at:i"
    v["sides"]["union"]["objectives"] = []
    assert ai._fire_one(v, choices) == "at:w"
    # an abandoned ship is out of the fight: a live one before her
    v["ships"][0]["status"] = "abandoned"
    assert ai._fire_one(v, choices) == "at:i"


def test_a_fire_raft_is_set_alight_as_the_enemy_comes_down_on_her() -> None:
    # Fire ships: drifting with the current, her side sets her alight (4 to
    # 6); the AI does so once an enemy is within 15 inches
    state = position(
        [
            ship("raft", "fire_raft", "confederate", 24.0, 40.0, 180.0, fireship="fire"),
            ship("h", "hartford", "union", 24.0, 20.0, 0.0),
        ]
    )
    state.sighted = {"union": ["raft"], "confederate": ["h"]}
    state.phase, state.stage, state.due = "plot", "plotting", ["raft"]
    ai = AcwRiverAI("confederate", 1)
    prompt = plot_prompt(state, "confederate", T)
    assert prompt is not None
    assert ai.decide(view(state, "confederate", T), prompt)["raft/action"] == "none"
    state.ships["h"].y = 30.0
    prompt = plot_prompt(state, "confederate", T)
    assert prompt is not None
    assert ai.decide(view(state, "confederate", T), prompt)["raft/action"] == "ignite"
