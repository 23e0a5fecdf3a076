"""The generic conformance check every registered rule set must pass.

Many complete games with random legal answers through the public API only:
each game must end, every view must be JSON, the rule set's own invariants
(``ruleset.invariants(state)``, if it has one: a list of broken ones) hold at
every step, an illegal answer must leave the game unchanged, and the record
must replay to the identical state. Hidden information never leaks:

- what the rule set declares hidden (``ruleset.hidden(state)``, see
  :mod:`quarterdeck.core.hidden`) is perturbed for each seat and for a
  spectator, and neither that viewer's view nor its prompt may change;
- a secret roll or card draw is logged for its seat and the umpire only, and
  whatever it shows changes nothing another seat or a spectator observes
  (view, log, terminal picture, prompts) by the end
  of its step, whatever ``hidden()`` says;
- another seat's secret answer (a choice or a form) changes nothing a seat or
  a spectator observes until the orders are revealed; simultaneous orders are
  given in a random order, so each seat's is tested while another's is open.

tests/test_conformance.py runs it for every playable rule set, and
tests/core/test_hidden.py shows on a rule set that leaks on purpose that each
check can fail.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from quarterdeck.core.dice import DrawRequest, RandomDice, RollRequest
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.hidden import scrambled
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.record import Record
from quarterdeck.core.scenario import Scenario
from quarterdeck.players import RandomPlayer, make_player
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
        open_prompts = game.prompts()
        if not open_prompts:
            break
        if check is not None:
            check(game)
        # simultaneous orders may be given in any order at a real table
        prompt = open_prompts[rng.randrange(len(open_prompts))]
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


def _viewers(game: Game) -> list[str | None]:
    """The seats that must not see each other's secrets, and a spectator."""
    umpires = set(game.umpires)
    return [s for s in game.scenario.side_names if s not in umpires] + [None]


def _seen(game: Game, state: Any, viewer: str | None) -> str:
    """Everything ``viewer`` is shown of ``state``: its view, its terminal
    picture and its prompts. (Whom the game waits for is public, as it is at
    a table where one sees the other side still writing its orders: a secret
    order may lead to a further secret question to the same side.)"""
    ruleset = game.ruleset
    prompts = ruleset.prompts(state)
    seen: dict[str, Any] = {
        "view": ruleset.view(state, game.viewer(viewer)),
        "picture": ruleset.render(state, game.viewer(viewer)),
    }
    if viewer is not None:
        seen["prompts"] = [p.to_json() for p in prompts if p.seat == viewer]
    return json.dumps(seen, sort_keys=True, default=str)


def _observed(game: Game, viewer: str | None) -> str:
    """What ``viewer`` observes of a game in play: ``_seen`` and its log."""
    log = [e.to_json(game.viewer(viewer)) for e in game.visible_log(viewer)]
    return _seen(game, game.state, viewer) + json.dumps(log, sort_keys=True)


def check_declared_hidden(game: Game) -> None:
    """No viewer's view or prompt depends on a value declared hidden from it."""
    hidden = getattr(game.ruleset, "hidden", None)
    if hidden is None or game.result() is not None:
        return
    secrets = list(hidden(game.state))
    if not secrets:
        return
    for viewer in _viewers(game):
        if game.viewer(viewer) != viewer:
            continue  # this viewer sees everything (spectators told to)
        concealed = [x for x in secrets if x.hidden_from(viewer)]
        if not concealed:
            continue
        real = _seen(game, game.state, viewer)
        other = scrambled(game.state, concealed, viewer)
        try:
            changed = _seen(game, other, viewer)
        except Exception as exc:
            raise AssertionError(
                f"{game.scenario.id}: what {viewer or 'a spectator'} is shown reads values "
                f"hidden from it ({[x.path for x in concealed]}): {exc!r}"
            ) from exc
        if real != changed:
            culprits = [
                x.path
                for x in concealed
                if _seen(game, scrambled(game.state, [x], viewer), viewer) != real
            ]
            raise AssertionError(
                f"{game.scenario.id}: {viewer or 'a spectator'} can see hidden values "
                f"{culprits or [x.path for x in concealed]}: {_first_difference(real, changed)}"
            )


def check_secret_rolls_private(game: Game) -> None:
    """Every secret roll and card draw in the record is logged for its seat
    (and the umpire) alone; no line another seat reads comes from one."""
    umpires = set(game.umpires)
    secret = sum(1 for e in game.record.rolls() if e.get("secret"))
    private = 0
    for entry in game.log:
        if entry.kind not in ("roll", "draw"):
            continue
        if entry.seats is None:
            continue
        private += 1
        allowed = {entry.by, *umpires}
        assert set(entry.seats) <= allowed, (
            f"{game.scenario.id}: the secret {entry.kind} {entry.text!r} of {entry.by} "
            f"is shown to {sorted(set(entry.seats) - allowed)}"
        )
    assert private == secret, (
        f"{game.scenario.id}: the record has {secret} secret rolls or draws but the log "
        f"keeps {private} of them private"
    )


class _SwapDice:
    """Replays one step's recorded rolls and draws, but gives roll or draw
    number ``target`` another value (when ``swap``) and answers everything
    after it from ``after``, the same source in both worlds compared."""

    def __init__(self, recorded: list[dict[str, Any]], target: int, swap: bool, seed: int) -> None:
        self.recorded = recorded
        self.target = target
        self.swap = swap
        self.after = RandomDice(seed)
        self.n = 0
        self.swapped = False

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        n, self.n = self.n, self.n + 1
        if n < self.target:
            return tuple(self.recorded[n]["values"])
        if n > self.target:
            return self.after.roll(request)
        values = list(self.recorded[n]["values"])
        if self.swap and request.sides > 1:
            values[0] = values[0] % request.sides + 1
            self.swapped = True
        return tuple(values)

    def draw(self, request: DrawRequest) -> str:
        n, self.n = self.n, self.n + 1
        if n < self.target:
            return str(self.recorded[n]["card"])
        if n > self.target:
            return self.after.draw(request)
        card = str(self.recorded[n]["card"])
        others = sorted(set(request.cards) - {card})
        if self.swap and others:
            self.swapped = True
            return others[0]
        return card


def _steps(record: Record) -> list[tuple[int, list[dict[str, Any]]]]:
    """Each step of a record (-1: the setup, then each decision's index) with
    the rolls and draws made in it."""
    out: list[tuple[int, list[dict[str, Any]]]] = [(-1, [])]
    for entry in record.entries:
        if entry["t"] == "d":
            out.append((len(out) - 1, []))
        else:
            out[-1][1].append(entry)
    return out


def check_secret_rolls_change_nothing_seen(game: Game, samples: int = 3) -> None:
    """A secret roll or card, whatever it shows, changes nothing that a seat
    who may not see it observes (view, log, picture, prompts), nor what a
    spectator observes, by the end of its step. This
    does not trust the rule set's ``hidden()``: the step is played twice from
    the record, once with the secret's recorded value and once with another."""
    umpires = set(game.umpires)
    decisions = game.record.decisions()
    tried = 0
    for index, rolls in _steps(game.record):
        for target, entry in enumerate(rolls):
            if not entry.get("secret") or tried >= samples:
                continue
            tried += 1
            worlds = []
            for swap in (False, True):
                dice = _SwapDice(rolls, target, swap, seed=index + 7)
                if index < 0:
                    trial = Game.new(game.scenario, dice=dice, seed=game.record.seed)
                else:
                    trial = Game.replay(
                        Record.from_json(copy.deepcopy(game.record.to_json())), upto=index
                    )
                    trial.dice = dice
                    trial.apply(*decisions[index])
                trial.spectators_see_all = game.spectators_see_all
                if swap and not dice.swapped:
                    break
                worlds.append(trial)
            if len(worlds) < 2:
                continue
            owners = {entry.get("seat"), *umpires}
            for viewer in _viewers(game):
                if viewer in owners or worlds[0].viewer(viewer) != viewer:
                    continue
                a, b = (_observed(w, viewer) for w in worlds)
                if a != b:
                    raise AssertionError(
                        f"{game.scenario.id}: the secret {entry['label']!r} of "
                        f"{entry.get('seat')} changes what {viewer or 'a spectator'} sees: "
                        + _first_difference(a, b)
                    )


def _two_answers(game: Game, prompt: Prompt) -> list[Answer]:
    """Two different legal answers to ``prompt``, if it has two."""
    if prompt.kind == "choice":
        return [o.id for o in prompt.options[:2]]
    view = game.view(prompt.seat, log=False)
    first = RandomPlayer(1).decide(view, prompt)
    for seed in range(2, 12):
        second = RandomPlayer(seed).decide(view, prompt)
        if second != first:
            return [first, second]
    return [first]


def check_secret_orders_hidden(game: Game) -> None:
    """Another seat's view, log and prompt, and a spectator's, must not depend
    on which secret order (a choice or a form) was given, as long as the
    orders have not been revealed.

    Secret prompts carry ``context["secret"] = True`` and a ``context["step"]``
    naming the round of orders; the round is open while any prompt of the same
    step and turn is still waiting."""
    for prompt in game.prompts():
        if prompt.context.get("secret"):
            _check_secret_order(game, prompt)


def _check_secret_order(game: Game, prompt: Prompt) -> None:
    answers = _two_answers(game, prompt)
    if len(answers) < 2:
        return
    others = [v for v in _viewers(game) if v != prompt.seat]
    seen = []
    for answer in answers:
        trial = Game.replay(Record.from_json(copy.deepcopy(game.record.to_json())))
        trial.spectators_see_all = game.spectators_see_all
        trial.apply(prompt.seat, answer)
        still_secret = trial.turn == game.turn and any(
            p.context.get("secret") and p.context.get("step") == prompt.context.get("step")
            for p in trial.prompts()
        )
        if not still_secret:
            return  # that answer completed the orders, which are now revealed
        seen.append({str(o): _observed(trial, o) for o in others if trial.viewer(o) == o})
    for who in seen[0]:
        if seen[0][who] != seen[1][who]:
            raise AssertionError(
                f"{game.scenario.id}: {prompt.seat}'s secret order is visible to "
                f"{'a spectator' if who == 'None' else who}: "
                + _first_difference(seen[0][who], seen[1][who])
            )


def _first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    lo = max(0, n - 120)
    return f"...{a[lo : n + 120]}... vs ...{b[lo : n + 120]}..."


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
        if self.step % 3 == 1:
            check_declared_hidden(game)


def conformance(
    ruleset_id: str,
    scenario: Scenario,
    games: int,
    seed: int = 0,
    require_playable: bool = True,
) -> int:
    """Run the whole check on ``games`` games of ``scenario``; returns decisions made."""
    if require_playable:
        assert get_ruleset(ruleset_id).info.playable
    decisions = 0
    for n in range(games):
        kinds = None if n % 3 else {s: "ai" for s in scenario.side_names[:1]}
        game = play_random_game(scenario, seed * 1000 + n, kinds, check=_Checker(scenario))
        assert game.result() is not None
        _Checker(scenario).invariants(game)  # they hold at the end too
        check_secret_rolls_private(game)
        check_secret_rolls_change_nothing_seen(game)
        check_replay(game)
        decisions += len(game.record.decisions())
    return decisions
