"""A ship's crew orders (2.1) are read off what is kept for her
(crew.crew_options: the plans by what they depend on (crew._plan_inputs), the
whole orders by each spread): they are the orders worked out in full
(crew._crew_options), whatever her crew, sail, masts, hull and guns, and
whichever orders were kept before."""

from __future__ import annotations

import random

from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets.away_boarders import crew
from quarterdeck.rulesets.away_boarders.state import SAIL_SETTINGS, TASK_BOXES
from quarterdeck.sim import games
from tests.rulesets.away_boarders.helpers import T, mixed_fleet


def test_kept_crew_orders_are_the_plain_ones_over_random_ships() -> None:
    rnd = random.Random(21)
    state = mixed_fleet()
    for _ in range(400):
        for s in state.ships.values():
            total = rnd.randint(0, 14)
            spread = dict.fromkeys(TASK_BOXES, 0)
            for _ in range(total):
                spread[rnd.choice(TASK_BOXES)] += 1
            if rnd.random() < 0.3:  # a spread that is one of her plans
                plans = crew._all_plans(s, T)
                if plans:
                    spread = dict(rnd.choice(list(plans.values())))
            s.crew = spread
            s.sail = rnd.choice(SAIL_SETTINGS)
            s.casualties = rnd.choice((0, 0, 1, 2, 5))
            for m in s.masts:
                for i in range(len(m)):
                    m[i] = rnd.choice((0, 0, 0, 1, 2))
            for i in range(len(s.hull)):
                s.hull[i] = rnd.choice((0, 0, 1, 2))
            for g in s.guns:
                g.disabled = rnd.random() < 0.15
            assert crew.crew_options(s, T) == crew._crew_options(s, T)


def test_kept_crew_orders_are_the_plain_ones_at_every_crew_prompt_of_games() -> None:
    """At every crew order asked in a few played games (the spreads a game
    really makes), the kept orders are the plain ones."""
    seen = 0
    original = crew.crew_options

    def checked(s: crew.Ship, t: crew.Tables) -> tuple[crew.Option, ...]:
        nonlocal seen
        seen += 1
        got = original(s, t)
        assert got == crew._crew_options(s, t)
        return got

    crew.crew_options = checked  # type: ignore[assignment]
    try:
        for sid in ("champlain-duel-1776", "valcour-island-1776"):
            setup = games.Setup(scenarios.load(sid), None)
            for seed in (1, 2):
                games.play_setup(setup, seed)
    finally:
        crew.crew_options = original  # type: ignore[assignment]
    assert seen > 20
