"""Games per second of ACW River and Coastal, AI against AI and random against
random, through the full engine (prompts, secret plots, dice, record): the
smallest scenario (Arkansas past the fleet, 1862: one ship against four)
and Mobile Bay 1864 (eight ships, a fort, a torpedo field, an umpire).

    .venv/bin/python benchmarks/bench_acw_river.py [games]
"""

from __future__ import annotations

import sys
import time

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game, play_out
from quarterdeck.players import make_player

SCENARIOS = ("arkansas-vicksburg-1862", "mobile-bay-torpedoes-1864")


def run(scenario_id: str, games: int, kind: str) -> tuple[float, float, dict[str | None, int]]:
    scen = scenarios.load(scenario_id)
    wins: dict[str | None, int] = {}
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(scen, seed=seed)
        players = {s: make_player(kind, "acw-river", s, seed) for s in scen.side_names}
        result = play_out(game, players)
        wins[result.winner] = wins.get(result.winner, 0) + 1
        decisions += len(game.record.decisions())
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, wins


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for scenario_id in SCENARIOS:
        for kind in ("ai", "random"):
            per_game, per_decision, wins = run(scenario_id, games, kind)
            print(
                f"{scenario_id}, {kind} v {kind}: {per_game:.2f} games/s, "
                f"{per_decision:.0f} decisions/s over {games} games; wins {wins}"
            )


if __name__ == "__main__":
    main()
