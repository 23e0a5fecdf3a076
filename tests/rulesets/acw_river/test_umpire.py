"""The umpire seat: asked each move whether the current changes; the
program answers for it when nobody takes the seat."""

from __future__ import annotations

from quarterdeck.core.engine import Game
from quarterdeck.rulesets.acw_river.ai import AcwRiverAI

from .helpers import load, playable


def to_umpire(game: Game) -> None:
    ai = {s: AcwRiverAI(s, 1) for s in game.scenario.side_names}
    for _ in range(50):
        p = game.prompt()
        assert p is not None
        if p.seat == "umpire":
            return
        game.apply(p.seat, ai[p.seat].decide(game.view(p.seat), p))
    raise AssertionError("the umpire was never asked")


def test_the_umpire_calls_the_current_each_move_a_flood_tide_grows_upstream() -> None:
    with playable():
        game = Game.new(load("mobile-bay-torpedoes-1864"), seed=4)
        to_umpire(game)
        prompt = game.prompt()
        assert prompt is not None and prompt.option_ids() == ["same", "up", "down"]
        assert game.view("umpire")["ships"] and len(game.view("umpire")["ships"]) == 8
        game.apply("umpire", "up")
        assert game.state.table.lanes == [-2, -2, -2, -2, -2]


def test_the_program_umpires_unchanged_when_nobody_takes_the_seat() -> None:
    with playable():
        game = Game.new(load("mobile-bay-torpedoes-1864"), seed=4)
        to_umpire(game)
        prompt = game.prompt()
        assert prompt is not None
        game.apply("umpire", AcwRiverAI("umpire", 1).decide(game.view("umpire"), prompt))
        assert game.state.table.lanes == [-1, -1, -1, -1, -1]
