"""Check that speed work changed no outcome: play the same seeded games of a
scenario in this checkout and in another one (with its own ``.venv``) and
compare each game's winner, how it ended, turns, decisions and a digest of its
final state.

    .venv/bin/python -m benchmarks.same_results --base ../base SCENARIO [--games 200] [--batch]

``--batch`` plays this checkout's games as ``simulate`` does, one batch from
one set-up (``sim.games.Setup``, with the opening every game plays alike
where the rule set has one: ``Setup.find_opening``); the base's are played
one by one from a new state, as before.

Exits 1 and names the first games that differ; the stored fixed-seed test
(tests/sim/test_fixed_results.py) checks a few games of every scenario, this
checks as many as you ask for.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.bench_simulate import run_child

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import hashlib, json, sys
from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets import get_ruleset
from quarterdeck.sim.games import game_seed, play_state
scenario = scenarios.load(sys.argv[1])
ruleset = get_ruleset(scenario.ruleset)
out = []
for i in range(int(sys.argv[2])):
    o, state = play_state(scenario, game_seed(int(sys.argv[3]), i))
    data = json.dumps(ruleset.state_to_json(state), sort_keys=True).encode()
    out.append([o.seed, o.winner, o.how, o.turns, o.decisions,
                hashlib.sha256(data).hexdigest()[:16]])
print(json.dumps(out))
"""

BATCH_CHILD = """
import hashlib, json, sys
from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets import get_ruleset
from quarterdeck.sim.games import BatchCollector, Setup, game_seed, play_setup
scenario = scenarios.load(sys.argv[1])
ruleset = get_ruleset(scenario.ruleset)
setup = Setup(scenario, None)
out = []
with BatchCollector():
    setup.find_opening()
    for i in range(int(sys.argv[2])):
        o, state = play_setup(setup, game_seed(int(sys.argv[3]), i), i)
        data = json.dumps(ruleset.state_to_json(state), sort_keys=True).encode()
        out.append([o.seed, o.winner, o.how, o.turns, o.decisions,
                    hashlib.sha256(data).hexdigest()[:16]])
print(json.dumps(out))
"""


def play(
    checkout: Path, scenario: str, games: int, seed: int, child: str = CHILD
) -> list[list[object]]:
    """The games' outcomes, played by the checkout's own virtual environment
    (one by one, or with ``child`` :data:`BATCH_CHILD` as one batch)."""
    result: list[list[object]] = json.loads(
        run_child(checkout, child, scenario, str(games), str(seed))
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("--base", type=Path, required=True, help="checkout with .venv")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--batch", action="store_true", help="play this checkout's games as simulate does"
    )
    args = parser.parse_args()
    ours = play(HERE, args.scenario, args.games, args.seed, BATCH_CHILD if args.batch else CHILD)
    theirs = play(args.base.resolve(), args.scenario, args.games, args.seed)
    differ = [(a, b) for a, b in zip(ours, theirs, strict=True) if a != b]
    for a, b in differ[:5]:
        print(f"game seed {a[0]}: here {a[1:]}, base {b[1:]}")
    print(f"{args.scenario}: {len(ours) - len(differ)} of {len(ours)} games the same")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
