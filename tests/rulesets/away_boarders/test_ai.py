"""The computer captain (ai.py) plays as a sensible captain would: rowing
vessels row in the fight (3.2), a fouled friend is cleared (2.3), friends
keep off each other's points (3.3), a short-handed ship rows rather than
sail off the table (3.1); the yardstick (ai_v1.py) is kept as it was."""

from __future__ import annotations

from collections.abc import Callable

from quarterdeck.core import pointgrid as pg
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Game
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets import get_ruleset
from quarterdeck.rulesets.away_boarders import ai_v1
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from tests.rulesets.away_boarders.helpers import RecordedDice, new_game, ship


def _at(p: pg.Point) -> tuple[int, int]:
    return (pg.column(p), p[1])


def _play_ai(
    game: Game, stop: Callable[[Game], bool], limit: int = 2000
) -> list[tuple[Prompt, Answer]]:
    """Let the AI answer every prompt until ``stop(game)``; the answers given."""
    players = {s: AwayBoardersAI(s, 1) for s in game.scenario.side_names}
    given: list[tuple[Prompt, Answer]] = []
    for _ in range(limit):
        prompt = game.prompt()
        if prompt is None or stop(game):
            return given
        answer = players[prompt.seat].decide(game.view(prompt.seat, log=False), prompt)
        given.append((prompt, answer))
        game.apply(prompt.seat, answer)
    raise AssertionError("the situation did not come")


def test_3_2_rowing_vessels_near_the_enemy_keep_to_their_oars() -> None:
    # Valcour Island, turn 1 played by the AI on both sides: no galley,
    # gondola or gunboat within five points of an enemy at the end of the
    # turn has set her sail (the old AI set full sail on every one of them)
    scn = scenarios.load("valcour-island-1776")
    game = Game.new(scn, dice=RandomDice(4))
    _play_ai(game, lambda g: g.state.turn == 2)
    rowers = [s for s in game.state.ships.values() if s.base_speed <= 1 and s.active]
    near = [
        s
        for s in rowers
        if any(
            o.side != s.side and o.active and pg.distance(s.pos, o.pos) <= 5
            for o in game.state.ships.values()
        )
    ]
    assert near and all(s.sail == "oars" for s in near)


def test_3_2_the_old_ai_set_full_sail_on_the_rowing_vessels() -> None:
    # the yardstick is kept as it was: the same turn, it makes full sail
    scn = scenarios.load("valcour-island-1776")
    game = Game.new(scn, dice=RandomDice(4))
    players = {s: ai_v1.ai(s, 1) for s in scn.side_names}
    while game.state.turn == 1 and (prompt := game.prompt()) is not None:
        game.apply(prompt.seat, players[prompt.seat].decide(game.view(prompt.seat), prompt))
    assert any(s.base_speed <= 1 and s.sail == "full" for s in game.state.ships.values())


def test_2_3_a_ship_fouled_with_a_friend_mans_the_boarding_box_and_clears_her() -> None:
    # two British gunboats fouled on one point: each captain puts a man in the
    # boarding party, and the first even die clears them (2.3)
    p = (6, 6)
    dice = RecordedDice([], then=RandomDice(2))
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(p), 1, sail="oars"),
            ship("g2", "british-gunboat-1776", "british", _at(p), 2, sail="oars"),
            ship("x", "royal-savage", "american", (13, 1), 3),
        ],
        dice,
        wind=0,
    )
    game.state.ships["g1"].fouled = ["g2"]
    game.state.ships["g2"].fouled = ["g1"]
    given = _play_ai(game, lambda g: not g.state.ships["g1"].fouled or g.state.turn == 4)
    assert not game.state.ships["g1"].fouled and not game.state.ships["g2"].fouled
    forms = [a for p, a in given if p.kind == "form" and p.context.get("ship") in ("g1", "g2")]
    assert forms and all(isinstance(a, dict) and a["boarders"] >= 1 for a in forms)
    tries = [a for p, a in given if p.context.get("step") == "grapple"]
    assert tries and all(str(a).startswith("unfoul:") for a in tries)


def test_3_3_a_gunboat_does_not_row_onto_a_friends_point() -> None:
    # a gunboat under oars with a friend dead ahead and the enemy beyond her:
    # the AI turns or holds rather than enter her friend's point
    here = (6, 6)
    friend = pg.step(here, 0)
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(here), 0, sail="oars"),
            ship("g2", "british-gunboat-1776", "british", _at(friend), 0, sail="oars"),
            ship("x", "royal-savage", "american", _at(pg.step(friend, 0, 4)), 3),
        ],
        RecordedDice([], then=RandomDice(1)),
        wind=1,
        width=20,
    )
    game.state.ships["g2"].crew["yards"] = 0  # she lies still
    given = _play_ai(game, lambda g: g.state.turn == 2 or g.state.ships["g1"].pos != here)
    moves = [a for p, a in given if p.context.get("step") == "move" and p.context["ship"] == "g1"]
    assert moves and moves[0] != "advance"
    assert game.state.ships["g1"].pos != friend


def test_3_1_a_short_handed_rowing_vessel_takes_to_her_oars() -> None:
    # a gunboat under full sail with one man left: at the sail task her
    # captain sets the sweeps (crewless under sail she would repeat her last
    # move off the table; under oars she only drifts)
    here = (6, 6)
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(here), 0, sail="full"),
            ship("x", "royal-savage", "american", (13, 1), 3),
        ],
        RecordedDice([], then=RandomDice(1)),
        wind=1,
    )
    g1 = game.state.ships["g1"]
    g1.crew = {"yards": 1, "repair_rigging": 0, "guns": 0, "repair_guns": 0}
    g1.crew.update(repair_hull=0, boarders=0)
    given = _play_ai(game, lambda g: g.state.turn == 2)
    sail = [a for p, a in given if p.context.get("step") == "sail" and p.context["ship"] == "g1"]
    assert sail == ["set:oars"] and game.state.ships["g1"].sail == "oars"


def test_the_old_ai_is_kept_for_measurement_and_not_offered_to_users() -> None:
    ruleset = get_ruleset("away-boarders")
    assert isinstance(ruleset.ai("british", 1), AwayBoardersAI)
    assert type(ai_v1.ai("british", 1)).__module__.endswith("ai_v1")


def test_3_1_the_ai_mans_the_yards_as_the_charts_in_play_ask() -> None:
    # Maria (two masts, nine crew): one man a mast aloft by the printed chart
    # (3.1); under a house rule of two a mast the AI sends four
    def aloft(house: dict[str, object] | None) -> int:
        game = new_game(
            [
                ship("m", "maria", "british", (4, 4), 1),
                ship("x", "royal-savage", "american", (12, 9), 3),
            ],
            RecordedDice([], then=RandomDice(1)),
            wind=0,
            house_rules=house,
        )
        given = _play_ai(game, lambda g: g.state.phase != "crew")
        (form,) = [a for p, a in given if p.kind == "form" and p.context.get("ship") == "m"]
        assert isinstance(form, dict)
        return int(form["yards"])

    assert aloft(None) == 2
    assert aloft({"crew": {"yards_per_mast": 2}}) == 4
