"""The Away, Boarders! AI's habits at sea, old (ai_v1) and new (ai), counted.

Run: .venv/bin/python benchmarks/away_ai_habits.py [--games N] [--scenario ID]

Plays games of one scenario (Valcour Island by default) with one AI on both
sides, then the other, and counts per game what issue 12 found wrong with the
first one: rowing vessels under sail with an enemy within five points (ship
turns, counted at each turn's end), entries onto a friend's point and
foulings between friends (3.3), ship turns spent fouled with a friend, and
ships gone off the field, with no crew left and in all.
"""

from __future__ import annotations

import argparse
import importlib
import time

from quarterdeck.core import pointgrid as pg, scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Game, Player, play_out

HABITS = (
    "rowers under sail near the enemy",
    "entries onto a friend's point",
    "friends fouled together",
    "ship turns fouled with a friend",
    "ships off the field",
    "crewless ships off the field",
)


def count(game: Game, tally: dict[str, float]) -> None:
    """Add the habits of one finished game to ``tally``, from its log."""
    side = {s.name: s.side for s in game.state.ships.values()}
    for entry in game.log:
        text = entry.text
        if "'s point (odd: collision): rolled" in text:
            mover, rest = text.split(" enters ", 1)
            other = rest.split("'s point", 1)[0]
            if side.get(mover) == side.get(other):
                tally["entries onto a friend's point"] += 1
        elif text.endswith(" foul each other"):
            a, b = text[: -len(" foul each other")].split(" and ", 1)
            if side.get(a) == side.get(b):
                tally["friends fouled together"] += 1
    for ship in game.state.ships.values():
        if ship.status == "left":
            tally["ships off the field"] += 1
            if ship.crew_total == 0:
                tally["crewless ships off the field"] += 1


def turn_end(game: Game, tally: dict[str, float]) -> None:
    """The habits seen at the end of a turn."""
    ships = [s for s in game.state.ships.values() if s.active]
    for s in ships:
        enemy_near = any(
            o.side != s.side and pg.distance(s.pos, o.pos) <= 5 for o in ships if o is not s
        )
        if s.base_speed <= 1 and s.sail != "oars" and enemy_near:
            tally["rowers under sail near the enemy"] += 1
        if any(game.state.ships[i].side == s.side for i in s.fouled):
            tally["ship turns fouled with a friend"] += 1


def run(scenario_id: str, games: int, which: str) -> dict[str, float]:
    scn = scenarios.load(scenario_id)
    module = importlib.import_module(f"quarterdeck.rulesets.away_boarders.{which}")
    tally = dict.fromkeys(HABITS, 0.0)
    for seed in range(games):
        game = Game.new(scn, dice=RandomDice(seed))
        players: dict[str, Player] = {
            side: module.AwayBoardersAI(side, seed * 7 + n) for n, side in enumerate(scn.side_names)
        }
        turn = game.state.turn

        def step(g: Game) -> None:
            nonlocal turn
            if g.state.turn != turn:
                turn = g.state.turn
                turn_end(g, tally)

        play_out(game, players, on_step=step)
        turn_end(game, tally)
        count(game, tally)
    return {k: v / games for k, v in tally.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--scenario", default="valcour-island-1776")
    args = parser.parse_args()
    start = time.perf_counter()
    old = run(args.scenario, args.games, "ai_v1")
    new = run(args.scenario, args.games, "ai")
    print(
        f"{args.scenario}: {args.games} games each, one AI on both sides "
        f"({time.perf_counter() - start:.0f} s); per game"
    )
    print(f"  {'':<36} {'old (ai_v1)':>12} {'new (ai)':>10}")
    for habit in HABITS:
        print(f"  {habit:<36} {old[habit]:>12.1f} {new[habit]:>10.1f}")


if __name__ == "__main__":
    main()
