"""Games per second for Away, Boarders!: AI against AI in the duel scenario.

Run: .venv/bin/python benchmarks/bench_away_boarders.py [--games N] [--scenario ID]

Plays whole games through the public engine (Game, play_out) exactly as a
batch simulation does (program dice, one seed per game), and reports games
per second, decisions per game and the share of each result.
"""

from __future__ import annotations

import argparse
import collections
import time

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game, play_out
from quarterdeck.players import make_player


def run(scenario_id: str, games: int) -> dict[str, float]:
    scn = scenarios.load(scenario_id)
    outcomes: collections.Counter[str] = collections.Counter()
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(scn, seed=seed)
        players = {
            side: make_player("ai", scn.ruleset, side, seed * 7 + n)
            for n, side in enumerate(scn.side_names)
        }
        result = play_out(game, players)
        outcomes[f"{result.winner or 'draw'} ({result.how.value})"] += 1
        decisions += len(game.record.decisions())
    elapsed = time.perf_counter() - start
    print(f"{scenario_id}: {games} games in {elapsed:.2f} s = {games / elapsed:.1f} games/s")
    print(f"  {decisions / games:.0f} decisions per game")
    for outcome, n in outcomes.most_common():
        print(f"  {outcome}: {n / games:.0%}")
    return {"games_per_second": games / elapsed, "decisions_per_game": decisions / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--scenario", default="champlain-duel-1776")
    args = parser.parse_args()
    run(args.scenario, args.games)


if __name__ == "__main__":
    main()
