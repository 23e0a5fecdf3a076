"""Seeded games of the computer players, played decision by decision
straight through a rule set as the batch runner plays them
(:func:`quarterdeck.sim.games.play_setup`), for tests that check something
at every decision (issue 14: a shortcut against its plain definition)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.prompts import Prompt
from quarterdeck.sim.games import Setup, _player_view


@dataclass
class Decision:
    """The game before one decision: its state, the prompts open (the first
    is answered next; none once the game is over), the seats' players and
    the rule set."""

    state: Any
    prompts: tuple[Prompt, ...]
    players: dict[str, Any]
    ruleset: Any


def ai_decisions(
    scenario_id: str, seed: int, plain_views: bool = False, limit: int = 10_000
) -> Iterator[Decision]:
    """Each :class:`Decision` of the game of ``scenario_id`` played with
    ``seed`` by the computer players, the last with no prompt open (the game
    over); the players shown the batch runner's views (lazy where the rule
    set gives them), or the plain ones with ``plain_views``."""
    scenario = scenarios.load(scenario_id)
    setup = Setup(scenario, None)
    ruleset = setup.ruleset
    ctx = setup.context(seed)
    state = ruleset.new_state(scenario, ctx)
    players = setup.players(seed)
    view_of = ruleset.view if plain_views else _player_view(ruleset)
    open_prompts: tuple[Prompt, ...] = ruleset.prompts(state)
    for _ in range(limit):
        yield Decision(state, open_prompts, players, ruleset)
        if not open_prompts:
            return
        prompt = open_prompts[0]
        view = view_of(state, prompt.seat)
        view["seat"] = prompt.seat
        answer = prompt.check(players[prompt.seat].decide(view, prompt))
        ctx.acting, ctx.prompt = prompt.seat, prompt
        # the rule set may hand back the prompts it stopped at (else None)
        handed = ruleset.apply(state, prompt.seat, answer, ctx)
        open_prompts = ruleset.prompts(state) if handed is None else handed
    raise AssertionError(f"{scenario_id}, seed {seed}: no end within {limit} decisions")
