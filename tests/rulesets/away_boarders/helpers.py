"""Building Away, Boarders! positions for the rule tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.dice import DiceSource, DrawRequest, RollRequest, ScriptedDice
from quarterdeck.core.engine import Context, Game, LogEntry
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.scenario import Scenario, build
from quarterdeck.rulesets.away_boarders import RULESET, rules
from quarterdeck.rulesets.away_boarders.state import Ship, State
from quarterdeck.rulesets.away_boarders.tables import printed_tables

T = printed_tables()


def ship(
    id: str, key: str, side: str, at: tuple[int, int] = (1, 1), facing: int = 0, **kw: Any
) -> dict[str, Any]:
    return {"id": id, "ship": key, "side": side, "at": list(at), "facing": facing, **kw}


def scenario(
    ships: list[dict[str, Any]],
    wind: int = 1,
    width: int = 14,
    height: int = 12,
    blocked: Iterable[tuple[int, int]] = (),
    turn_limit: int = 10,
    house_rules: dict[str, Any] | None = None,
) -> Scenario:
    data = {
        "id": "test",
        "ruleset": "away-boarders",
        "title": "test position",
        "turn_limit": turn_limit,
        "sides": [{"name": "british", "title": "B"}, {"name": "american", "title": "A"}],
        "field": {
            "width": width,
            "height": height,
            "wind": wind,
            "blocked": [list(b) for b in blocked],
        },
        "ships": ships,
    }
    if house_rules is not None:
        data["house_rules"] = house_rules
    return build(data, "test")


def make_state(ships: list[dict[str, Any]], **kw: Any) -> State:
    """A new game past the first loads (the scenario's suggested loads)."""
    state: State = RULESET.new_state(scenario(ships, **kw), Context(ScriptedDice([])))
    while state.phase == "loads":
        prompt = rules.prompts(state, T)[0]
        rules.apply(state, T, prompt.seat, dict(prompt.context["suggested"]), ctx())
    return state


MIXED = ("carleton", "inflexible", "lawrence", "royal-savage", "lee-galley", "niagara")
"""Six ships of different rigs and armaments from the bundled lists, for
tests that vary them at random."""


def mixed_fleet() -> State:
    """The six :data:`MIXED` ships in a row on a 20 x 16 field, sides turn
    about, past the first loads."""
    sides = ("british", "american")
    specs = [ship(f"s{n}", key, sides[n % 2], (1 + n, 1), 0) for n, key in enumerate(MIXED)]
    return make_state(specs, width=20, height=16)


def first_loads(game: Game) -> None:
    """Answer every first-load order of a new game with the suggested loads (4.1)."""
    while (prompt := game.prompt()) is not None and prompt.context.get("step") == "loads":
        game.apply(prompt.seat, dict(prompt.context["suggested"]))


def ctx(*values: int, log: list[LogEntry] | None = None) -> Context:
    return Context(ScriptedDice(list(values)), log.append if log is not None else None)


def place(s: Ship, p: pg.Point, facing: int | None = None) -> None:
    s.q, s.r = p
    if facing is not None:
        s.facing = facing


def duel(wind: int = 1) -> State:
    """Carleton (12 x 6-pdr, 6 crew) and Royal Savage (6-pdr/4-pdr, 5 crew)."""
    return make_state(
        [
            ship("carleton", "carleton", "british", (2, 6), 0),
            ship("savage", "royal-savage", "american", (9, 2), 3),
        ],
        wind=wind,
    )


class RecordedDice:
    """Scripted dice that keep every request they answer, so that a test can
    read who was asked to roll what (``RollRequest.seat``, ``label``)."""

    def __init__(self, values: Iterable[int | Sequence[int]], then: DiceSource | None = None):
        self.inner = ScriptedDice(values, then=then)
        self.requests: list[RollRequest] = []

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        self.requests.append(request)
        return self.inner.roll(request)

    def draw(self, request: DrawRequest) -> str:
        return self.inner.draw(request)

    @property
    def remaining(self) -> int:
        return self.inner.remaining


def new_game(ships: list[dict[str, Any]], dice: DiceSource, **kw: Any) -> Game:
    """A game through the engine, past the first loads (the suggested ones)."""
    game = Game.new(scenario(ships, **kw), dice=dice)
    first_loads(game)
    return game


def play_until(
    game: Game,
    stop: Callable[[Game], bool],
    answer: Callable[[Prompt], Answer],
    limit: int = 500,
) -> None:
    """Answer every prompt with ``answer`` until ``stop`` says the situation
    the test wants has come (checked before each answer)."""
    for _ in range(limit):
        prompt = game.prompt()
        if prompt is None or stop(game):
            return
        game.apply(prompt.seat, answer(prompt))
    raise AssertionError(f"the situation did not come within {limit} answers")


def keep_or_first(prompt: Prompt) -> Answer:
    """A plain answer to anything: keep the crew, advance, hold fire, no task
    (a side's fleet form of crew orders: every ship keeps hers)."""
    if prompt.kind == "form" and prompt.context.get("fleet"):
        return dict(prompt.context["defaults"])
    ids = prompt.option_ids()
    for pick in ("keep", "advance", "hold", "done", "none"):
        if pick in ids:
            return pick
    return ids[0]
