"""How many Damage Dice one roll of Away, Boarders! asks for, in AI games.

Run: .venv/bin/python benchmarks/away_damage_dice.py [--games N] [--big-games M]
     [--tables FILE] [--ai ai|ai_v1] [--scenario ID ...]

The text (1.3) wants about six dice near each player and says more will very
rarely be needed. Every Damage Dice roll of a game played through the engine
is counted here: the dice a player must have in front of him for it (the dice
rolled, plus the random modifier die when a 5 or 6 makes it one of them).
Prints, per bundled scenario, the share of rolls that need 1-6 dice and 7 or
more, the largest roll and the mean; then who won and how many ships were
sunk or struck a game (how deadly the charts are). ``--tables`` measures a house-rules
chart file instead of the printed reconstruction.
"""

from __future__ import annotations

import argparse
import collections
import importlib
from pathlib import Path
from typing import Any

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import DrawRequest, RandomDice, RollRequest
from quarterdeck.core.engine import Game, play_out
from quarterdeck.core.scenario import build
from quarterdeck.core.tables import read_toml

BIG = {"valcour-island-1776", "lake-erie-1813"}
ALL = (
    "champlain-duel-1776",
    "valcour-carleton-1776",
    "split-rock-1776",
    "lake-erie-lawrence-1813",
    "lake-erie-1813",
    "valcour-island-1776",
)


class Counting:
    """Program dice that count the Damage Dice of every roll."""

    def __init__(self, seed: int, sizes: collections.Counter[int]) -> None:
        self.inner = RandomDice(seed)
        self.sizes = sizes
        self.kept = 0

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        values = self.inner.roll(request)
        if "random modifier die" in request.label:
            self.kept = 1 if values[0] >= 5 else 0
        elif "Damage Dice" in request.label:
            self.sizes[request.count + self.kept] += 1
            self.kept = 0
        return values

    def draw(self, request: DrawRequest) -> str:
        return self.inner.draw(request)


def measure(scenario_id: str, games: int, tables: dict[str, Any] | None, ai: str) -> None:
    scn = scenarios.load(scenario_id)
    if tables is not None:
        data = dict(scn.data)
        data["house_rules"] = tables
        scn = build(data, scenario_id)
    module = importlib.import_module(f"quarterdeck.rulesets.away_boarders.{ai}")
    sizes: collections.Counter[int] = collections.Counter()
    outcomes: collections.Counter[str] = collections.Counter()
    lost = 0
    for seed in range(games):
        game = Game.new(scn, dice=Counting(seed, sizes))
        players = {
            side: module.AwayBoardersAI(side, seed * 7 + n) for n, side in enumerate(scn.side_names)
        }
        result = play_out(game, players)
        outcomes[result.winner or "draw"] += 1
        lost += sum(1 for s in game.state.ships.values() if s.status in ("sunk", "struck"))
    rolls = sum(sizes.values())
    if not rolls:
        print(f"{scenario_id}: no Damage Dice rolled in {games} games")
        return
    many = sum(n for k, n in sizes.items() if k >= 7)
    mean = sum(k * n for k, n in sizes.items()) / rolls
    shares = " ".join(f"{k}:{sizes[k] / rolls:.1%}" for k in range(1, 7))
    print(
        f"{scenario_id}: {games} games, {rolls} rolls, mean {mean:.1f} dice, largest "
        f"{max(sizes)}; 7+ dice {many / rolls:.1%}  [{shares}]"
    )
    won = ", ".join(f"{k} {n / games:.0%}" for k, n in outcomes.most_common())
    print(f"  results: {won}; ships sunk or struck per game {lost / games:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--big-games", type=int, default=20, help="games of the two big battles")
    parser.add_argument("--tables", type=Path, default=None, help="a house-rules chart file")
    parser.add_argument("--ai", default="ai", choices=("ai", "ai_v1"))
    parser.add_argument("--scenario", nargs="*", default=list(ALL))
    args = parser.parse_args()
    tables = read_toml(args.tables) if args.tables else None
    for sid in args.scenario:
        measure(sid, args.big_games if sid in BIG else args.games, tables, args.ai)


if __name__ == "__main__":
    main()
