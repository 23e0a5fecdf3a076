"""Games per second of Cutting Out Party, AI against AI through the full
engine (prompts, answers, views, dice, record), for the text's sample game
and the largest scenario (the Chevrette: fifteen boats, some 190 figures).

    .venv/bin/python benchmarks/bench_cutting_out.py [sample games] [largest games]
"""

from __future__ import annotations

import sys
import time

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game, play_out
from quarterdeck.players import make_player

SAMPLE = "sample-game"
LARGEST = "chevrette-camaret-1801"


def run(scenario_id: str, games: int) -> tuple[float, float, dict[str, int]]:
    """(games/s, decisions/s, how the games ended)."""
    scen = scenarios.load(scenario_id)
    ended: dict[str, int] = {}
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(scen, seed=seed)
        players = {s: make_player("ai", "cutting-out", s, seed) for s in scen.side_names}
        result = play_out(game, players)
        key = f"{result.winner} {result.how.value}"
        ended[key] = ended.get(key, 0) + 1
        decisions += len(game.record.decisions())
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, ended


def main() -> None:
    sample_games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    largest_games = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for scenario_id, games in ((SAMPLE, sample_games), (LARGEST, largest_games)):
        per_game, per_decision, ended = run(scenario_id, games)
        print(
            f"{scenario_id}, ai v ai: {per_game:.2f} games/s, {per_decision:.0f} decisions/s "
            f"over {games} games; ended {ended}"
        )


if __name__ == "__main__":
    main()
