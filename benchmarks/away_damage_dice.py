"""How many Damage Dice one roll of Away, Boarders! asks for, in AI games.

Run: .venv/bin/python benchmarks/away_damage_dice.py [--games N] [--big-games M]
     [--tables FILE] [--ai ai|ai_v1] [--scenario ID ...]

The text (1.3) wants about six dice near each player and says more will very
rarely be needed. Every Damage Dice roll of a game played through the engine
is counted here, from the game's log: the dice a player must have in front of
him for it (the dice rolled, plus the random modifier die when a 5 or 6 makes
it one of them, plus the low stern rake die).
Prints, per bundled scenario, the share of rolls that need 1-6 dice and 7 or
more, the largest roll and the mean, the share of 7 or more among the rolls
with no initial broadside and no rake bonus; then who won and how many ships were
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
from quarterdeck.core.dice import RandomDice
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


def rolls_of(game: Game) -> list[tuple[int, bool]]:
    """Each Damage Dice roll of a game from its log (4.3): the dice a player
    needs for it (with the random die when it joins them, and the low stern
    rake die), and whether an initial broadside or rake bonus is among them."""
    out: list[tuple[int, bool]] = []
    for entry in game.log:
        text = entry.text
        if text.endswith(" Damage Dice") and "random die" in text:
            dice = int(text.rsplit("= ", 1)[1].split()[0])
            out.append((dice, "initial broadside" in text or "+2 rake" in text))
        elif text.startswith("Low stern rake") and out:
            out[-1] = (out[-1][0] + 1, out[-1][1])
    return [(n, bonus) for n, bonus in out if n > 0]


def measure(scenario_id: str, games: int, tables: dict[str, Any] | None, ai: str) -> None:
    scn = scenarios.load(scenario_id)
    if tables is not None:
        data = dict(scn.data)
        data["house_rules"] = tables
        scn = build(data, scenario_id)
    module = importlib.import_module(f"quarterdeck.rulesets.away_boarders.{ai}")
    sizes: collections.Counter[int] = collections.Counter()
    plain: collections.Counter[int] = collections.Counter()
    outcomes: collections.Counter[str] = collections.Counter()
    lost = 0
    for seed in range(games):
        game = Game.new(scn, dice=RandomDice(seed))
        players = {
            side: module.AwayBoardersAI(side, seed * 7 + n) for n, side in enumerate(scn.side_names)
        }
        result = play_out(game, players)
        for n, bonus in rolls_of(game):
            sizes[n] += 1
            if not bonus:
                plain[n] += 1
        outcomes[result.winner or "draw"] += 1
        lost += sum(1 for s in game.state.ships.values() if s.status in ("sunk", "struck"))
    rolls = sum(sizes.values())
    if not rolls:
        print(f"{scenario_id}: no Damage Dice rolled in {games} games")
        return
    many = sum(n for k, n in sizes.items() if k >= 7)
    plain_many = sum(n for k, n in plain.items() if k >= 7)
    mean = sum(k * n for k, n in sizes.items()) / rolls
    shares = " ".join(f"{k}:{sizes[k] / rolls:.1%}" for k in range(1, 7))
    print(
        f"{scenario_id}: {games} games, {rolls} rolls, mean {mean:.1f} dice, largest "
        f"{max(sizes)}; 7+ dice {many / rolls:.1%}  [{shares}]"
    )
    print(
        f"  without an initial broadside or rake bonus: {sum(plain.values())} rolls, "
        f"7+ dice {plain_many / max(1, sum(plain.values())):.1%}"
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
