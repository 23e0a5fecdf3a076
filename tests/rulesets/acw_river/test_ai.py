"""The heuristic player (ai.py): what it plots and fires at, from its own
seat's view."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.core.geometry import distance
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.acw_river.ai import AcwRiverAI
from quarterdeck.rulesets.acw_river.orders import plot_prompt
from quarterdeck.rulesets.acw_river.view import view
from quarterdeck.sim.games import replay_game

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


def _full_search(ai: AcwRiverAI, v: dict[str, Any], prompt: Prompt) -> dict[str, tuple[int, str]]:
    """Each ship's speed and helm as a search of every move in the form's
    order finds them: the lowest score, the first of those as low."""
    ships = {s["id"]: s for s in v["ships"]}
    out = {}
    for sid in prompt.context["ships"]:
        me = ships[sid]
        goal = ai._goal(v, me)
        enemies = ai._enemies(v)
        pos = (me["x"], me["y"])
        near = min((distance(pos, (e["x"], e["y"])) for e in enemies), default=99.0)
        quality = (me.get("captain") or {}).get("quality", "intelligent")
        wary = quality != "reckless" and not v_ironclad(me["hull"]) and near < 6
        speed_f = next(f for f in prompt.fields if f.name == f"{sid}/speed")
        helm_f = next(f for f in prompt.fields if f.name == f"{sid}/helm")
        best: tuple[float, int, str] | None = None
        for speed in range(speed_f.low, speed_f.high + 1):
            for helm in [c.id for c in helm_f.choices]:
                x, y, _ = ai._project(me, speed, helm)
                away = distance((x, y), goal)
                score = away + ai._danger(v, me, (x, y))
                if wary:
                    score -= 0.3 * min(distance((x, y), (e["x"], e["y"])) for e in enemies)
                score -= 0.05 * speed
                if best is None or score < best[0]:
                    best = (score, speed, helm)
        assert best is not None
        out[sid] = (best[1], best[2])
    return out


def v_ironclad(hull: str) -> bool:
    return hull in (
        "casemate-ironclad",
        "monitor",
        "double-turret-monitor",
        "turtleback-ironclad",
    )


@pytest.mark.parametrize("scenario", ["mobile-bay-torpedoes-1864", "hampton-roads-1862"])
def test_the_plot_weighs_few_moves_and_picks_what_a_full_search_picks(scenario: str) -> None:
    """The AI looks at the speeds and moves that can still beat the best
    (issue 14): every plot form of two whole games, each side, gets the
    speed and helm a search of every move in the form's order gets."""
    forms = 0
    for seed in (1, 2):
        record = replay_game(scenarios.load(scenario), seed).record
        game = Game.replay(record, upto=0)
        for seat, answer in record.decisions():
            for prompt in game.ruleset.prompts(game.state):
                if prompt.context.get("step") != "plot":
                    continue
                ai = AcwRiverAI(prompt.seat, 0)
                v = game.ruleset.view(game.state, prompt.seat)
                v["seat"] = prompt.seat
                got = ai.decide(v, prompt)
                assert isinstance(got, dict)
                for sid, (speed, helm) in _full_search(ai, v, prompt).items():
                    assert (got[f"{sid}/speed"], got[f"{sid}/helm"]) == (speed, helm)
                forms += 1
            game.apply(seat, answer)
    assert forms > 10


class _Unread(dict[str, Any]):
    """A view that fails the test if anything reads it."""

    def _read(self, *_: Any) -> Any:
        raise AssertionError("a step said to need no view read it")

    __getitem__ = get = __contains__ = __iter__ = __len__ = keys = values = items = _read


@pytest.mark.parametrize("scenario", ["mobile-bay-torpedoes-1864", "random-river"])
def test_a_step_the_player_decides_without_a_view_reads_none_and_answers_the_same(
    scenario: str,
) -> None:
    """``needs_view`` and ``decide`` read one table: where the player says a
    step needs no view (the batch runner then builds none), a twin of the
    player (the same dice drawn so far) answers it from a view that must not
    be read exactly as the player answers it from the whole view."""
    import copy

    from quarterdeck.rulesets.acw_river import RULESET
    from quarterdeck.sim.games import players_for

    sc = scenarios.load(scenario)
    game = Game.new(sc, seed=4)
    players = players_for(sc, 4, None)
    blind = seen = 0
    for _ in range(3000):
        prompt = game.prompt()
        if prompt is None:
            break
        player = players[prompt.seat]
        twin = copy.deepcopy(player)
        full = player.decide(RULESET.view(game.state, prompt.seat), prompt)
        seen += 1
        if not player.needs_view(prompt):  # type: ignore[attr-defined]
            blind += 1
            assert twin.decide(_Unread(), prompt) == full, prompt.context
        game.apply(prompt.seat, full, prompt=prompt)
    assert game.result() is not None
    assert 0 < blind < seen
