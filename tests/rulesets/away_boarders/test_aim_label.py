"""Damage Dice (4.3): the aim question names the ship and the guns of the
roll being resolved as the roll of its random modifier die, just before it,
named them (both read ``gunnery._roll_guns``), at every aim question of
seeded computer games played with a log; fails with the question naming
the battery's first gun (review: no test read the question's guns)."""

from __future__ import annotations

import re

from quarterdeck.core.engine import Game
from quarterdeck.core.scenario import load
from quarterdeck.sim.games import players_for, view_for

QUESTION = re.compile(r"^(?P<ship>.+?)'s (?P<label>.+)s have (?P<dice>\d+) Damage Dice against ")
MODIFIER = re.compile(r"^(?P<ship>.+), (?P<guns>\d+) x (?P<label>.+): random modifier die")


def test_the_aim_question_names_the_guns_the_roll_named() -> None:
    asked = 0
    for scenario_id, seed in (
        ("champlain-duel-1776", 1),
        ("champlain-duel-1776", 2),
        ("valcour-carleton-1776", 1),
    ):
        scenario = load(scenario_id)
        game = Game.new(scenario, seed=seed)
        players = players_for(scenario, seed, None)
        for _ in range(5000):
            prompt = game.prompt()
            if prompt is None:
                break
            if prompt.context.get("step") == "aim":
                q = QUESTION.match(prompt.question)
                assert q is not None, prompt.question
                rolled = [m for e in game.log if (m := MODIFIER.match(e.text))]
                assert rolled[-1]["ship"] == q["ship"], (prompt.question, rolled[-1].string)
                assert rolled[-1]["label"] == q["label"], (prompt.question, rolled[-1].string)
                asked += 1
            player = players[prompt.seat]
            view = view_for(player, game.ruleset, game.state, prompt, frozenset())
            game.apply(prompt.seat, player.decide(view, prompt), prompt=prompt)
    assert asked > 20
