"""Fixed-seed games of every bundled scenario, stored in fixed_results.json so
that a test can prove that work on speed changes no outcome.

The file holds, for each scenario, the first games of the simulation run
seeded 2026 (AI against AI): each game's seed, winner, how it ended, turns,
decisions and a digest of its final state. When the rules or an AI are
changed on purpose, regenerate it (and say so in the commit):

    .venv/bin/python -m tests.sim.fixed_results [RULESET ...]

Naming rule sets (e.g. ``away-boarders``) regenerates only their scenarios'
games and keeps the rest of the file as it is.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets import get_ruleset
from quarterdeck.sim.games import game_seed, play_state

PATH = Path(__file__).with_name("fixed_results.json")
RUN_SEED = 2026
GAMES = 3  # per scenario, but for these
GAMES_OF = {
    "cape-st-vincent-1797": 30,
    "serapis-bonhomme-richard-1779": 30,
    "shannon-chesapeake-1813": 30,
    "speedy-el-gamo-1801": 30,
    "lake-erie-1813": 1,
    "valcour-island-1776": 1,
}


def digest(ruleset_id: str, state: Any) -> str:
    data = get_ruleset(ruleset_id).state_to_json(state)
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def games(scenario_id: str) -> list[dict[str, Any]]:
    """The stored fields of the scenario's fixed games, played now."""
    scenario = scenarios.load(scenario_id)
    out = []
    for i in range(GAMES_OF.get(scenario_id, GAMES)):
        o, state = play_state(scenario, game_seed(RUN_SEED, i))
        out.append(
            {
                "seed": o.seed,
                "winner": o.winner,
                "how": o.how,
                "turns": o.turns,
                "decisions": o.decisions,
                "state": digest(scenario.ruleset, state),
            }
        )
    return out


def main(argv: list[str] | None = None) -> None:
    only = set(sys.argv[1:] if argv is None else argv)
    known = {s.ruleset for s in scenarios.bundled()}
    if only - known:
        raise SystemExit(f"unknown rule set {sorted(only - known)}; known: {sorted(known)}")
    data: dict[str, Any] = json.loads(PATH.read_text()) if only else {}
    for s in scenarios.bundled():
        if not only or s.ruleset in only:
            data[s.id] = games(s.id)
    data = {s.id: data[s.id] for s in scenarios.bundled()}
    PATH.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {PATH}: {sum(len(v) for v in data.values())} games of {len(data)} scenarios")


if __name__ == "__main__":
    main()
