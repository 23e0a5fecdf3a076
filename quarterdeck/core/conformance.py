"""The generic conformance check every registered rule set must pass.

Many complete games with random legal answers through the public API only:
each game must end, every view must be JSON, the rule set's own invariants
(``ruleset.invariants(state)``, if it has one: a list of broken ones) hold at
every step, an illegal answer must leave the
game unchanged, the record must replay to the identical state, and a seat's
view must not change with another seat's secret order (hidden information
never leaks). tests/test_conformance.py runs it for every playable rule set.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable

from quarterdeck.core.engine import Game
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.record import Record
from quarterdeck.core.scenario import Scenario
from quarterdeck.players import make_player
from quarterdeck.rulesets import get_ruleset


def play_random_game(
    scenario: Scenario,
    seed: int,
    kinds: dict[str, str] | None = None,
    max_steps: int = 20_000,
    check: Callable[[Game], None] | None = None,
) -> Game:
    """Play one game with random (or AI) answers, checking as it goes."""
    game = Game.new(scenario, seed=seed)
    rng = random.Random(seed)
    kinds = kinds or {}
    players = {
        side: make_player(kinds.get(side, "random"), scenario.ruleset, side, rng.randrange(2**31))
        for side in scenario.side_names
    }
    for _ in range(max_steps):
        prompt = game.prompt()
        if prompt is None:
            break
        if check is not None:
            check(game)
        answer = players[prompt.seat].decide(game.view(prompt.seat, log=False), prompt)
        game.apply(prompt.seat, answer)
    else:
        raise AssertionError(f"{scenario.id} seed {seed}: no end after {max_steps} decisions")
    return game


def check_illegal_answer_changes_nothing(game: Game) -> None:
    prompt = game.prompt()
    assert prompt is not None
    before = json.dumps(game.ruleset.state_to_json(game.state), sort_keys=True)
    entries = len(game.record.entries)
    for bad in ("--not-an-answer--", {"bogus": 1}, 17):
        try:
            game.apply(prompt.seat, bad)
        except IllegalAnswer:
            pass
        else:  # pragma: no cover - a failure path
            raise AssertionError(f"illegal answer {bad!r} was accepted")
    after = json.dumps(game.ruleset.state_to_json(game.state), sort_keys=True)
    assert before == after, "an illegal answer changed the state"
    assert len(game.record.entries) == entries, "an illegal answer changed the record"


def check_secret_orders_hidden(game: Game) -> None:
    """Another seat's view must not depend on which secret order was given,
    as long as the orders have not been revealed.

    Secret prompts carry ``context["secret"] = True`` and a ``context["step"]``
    naming the round of orders; the round is open while any prompt of the same
    step and turn is still waiting."""
    prompt = game.prompt()
    if prompt is None or not prompt.context.get("secret") or prompt.kind != "choice":
        return
    if len(prompt.options) < 2:
        return
    others = [s for s in game.scenario.side_names if s != prompt.seat]
    views = []
    for option in prompt.options[:2]:
        trial = Game.replay(Record.from_json(copy.deepcopy(game.record.to_json())))
        trial.apply(prompt.seat, option.id)
        still_secret = trial.turn == game.turn and any(
            p.context.get("secret") and p.context.get("step") == prompt.context.get("step")
            for p in trial.prompts()
        )
        if not still_secret:
            return  # that answer completed the orders, which are now revealed
        views.append({o: trial.view(o) for o in others})
    assert views[0] == views[1], (
        f"{prompt.seat}'s secret order is visible to {others}: "
        f"{json.dumps(views[0])[:300]} vs {json.dumps(views[1])[:300]}"
    )


def check_replay(game: Game) -> None:
    again = Game.replay(Record.from_json(json.loads(json.dumps(game.record.to_json()))))
    a = json.dumps(game.ruleset.state_to_json(game.state), sort_keys=True)
    b = json.dumps(again.ruleset.state_to_json(again.state), sort_keys=True)
    assert a == b, "the record does not replay to the same state"
    assert game.result() == again.result()


class _Checker:
    """The checks made before each decision of a conformance game."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.step = 0

    def invariants(self, game: Game) -> None:
        invariants = getattr(game.ruleset, "invariants", None)
        if invariants is not None:
            problems = invariants(game.state)
            assert not problems, f"{self.scenario.id} step {self.step}: {problems}"

    def __call__(self, game: Game) -> None:
        self.step += 1
        self.invariants(game)
        with_log = self.step % 10 == 1
        json.dumps(game.view(None, log=with_log))
        for side in self.scenario.side_names:
            json.dumps(game.view(side, log=with_log))
        if self.step % 7 == 1:
            check_illegal_answer_changes_nothing(game)
        if self.step % 5 == 2:
            check_secret_orders_hidden(game)


def conformance(ruleset_id: str, scenario: Scenario, games: int, seed: int = 0) -> int:
    """Run the whole check on ``games`` games of ``scenario``; returns decisions made."""
    assert get_ruleset(ruleset_id).info.playable
    decisions = 0
    for n in range(games):
        kinds = None if n % 3 else {s: "ai" for s in scenario.side_names[:1]}
        game = play_random_game(scenario, seed * 1000 + n, kinds, check=_Checker(scenario))
        assert game.result() is not None
        _Checker(scenario).invariants(game)  # they hold at the end too
        check_replay(game)
        decisions += len(game.record.decisions())
    return decisions
