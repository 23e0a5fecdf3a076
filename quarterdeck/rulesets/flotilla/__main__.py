"""Play Flotilla in the terminal (until the `quarterdeck` command serves it).

    python -m quarterdeck.rulesets.flotilla iron-city-duel union=human confederate=ai

Each seat is ``human``, ``ai`` or ``random`` (default ``ai``); a seat named
``gm`` may be played too. ``--seed N`` fixes the dice.
"""

from __future__ import annotations

import sys

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.core.prompts import Prompt
from quarterdeck.players import make_player
from quarterdeck.rulesets.flotilla import RULESET


def ask_human(game: Game, prompt: Prompt) -> str:
    print()
    print(RULESET.render(game.state, prompt.seat))
    print(f"\n{prompt.seat}: {prompt.question}  ({prompt.rule})")
    for n, option in enumerate(prompt.options, 1):
        print(f"  {n:>3}. {option.label}")
    while True:
        text = input("> ").strip()
        if text.isdigit() and 1 <= int(text) <= len(prompt.options):
            return prompt.options[int(text) - 1].id
        if text in prompt.option_ids():
            return text
        print(f"answer 1 to {len(prompt.options)}")


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    seed = None
    kinds: dict[str, str] = {}
    rest = []
    args = iter(argv)
    for arg in args:
        if arg == "--seed":
            seed = int(next(args))
        elif "=" in arg:
            seat, kind = arg.split("=", 1)
            kinds[seat] = kind
        else:
            rest.append(arg)
    scen = scenarios.load(rest[0])
    game = Game.new(scen, seed=seed)
    players = {
        s: make_player(kinds.get(s, "ai"), "flotilla", s, n)
        for n, s in enumerate(scen.side_names)
        if kinds.get(s, "ai") != "human"
    }
    shown = 0
    while (prompt := game.prompt()) is not None:
        if prompt.seat in players:
            answer = players[prompt.seat].decide(game.view(prompt.seat), prompt)
        else:
            answer = ask_human(game, prompt)
        game.apply(prompt.seat, answer)
        for entry in game.log[shown:]:
            print(entry)
        shown = len(game.log)
    print()
    print(RULESET.render(game.state, None))
    print(game.result())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
