"""A tiny game with every kind of hidden information, for testing the core.

The hider draws a secret omen card at the start. Each of three turns both
sides bet in secret (a form), the hider rolls a secret die, the seeker guesses
high (4-6) or low (1-3), and the die is revealed; an umpire seat, if there is
one, then rules on the turn. The seeker wins with two right guesses.

``leaks`` selects a deliberate leak, so that the tests can show each
conformance check failing: ``"view"`` shows the die to everyone, ``"bet"``
writes each secret bet in a public log line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quarterdeck.core.dice import Deck
from quarterdeck.core.engine import Context, RulesetInfo, StateBasics
from quarterdeck.core.hidden import Secret, sees
from quarterdeck.core.prompts import Answer, Field, Option, Prompt
from quarterdeck.core.result import Result, Termination
from quarterdeck.core.scenario import Scenario

RULE = "Guess 1"


@dataclass
class State:
    hider: str
    seeker: str
    umpire: str | None
    omens: Deck
    omen: str = ""
    turn: int = 1
    stage: str = "bet"
    die: int = 0
    revealed: bool = False
    bets: dict[str, int] = field(default_factory=dict)
    right: int = 0
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


class Guess(StateBasics):
    leaks = ""

    def __init__(self, ruleset_id: str) -> None:
        self.info = RulesetInfo(ruleset_id, "Guess (a test game)", "tests", playable=True)

    def scenario_dir(self) -> Path | None:
        return None

    def parse_scenario(self, scenario: Scenario) -> None:
        scenario.deck("omens")

    def new_state(self, scenario: Scenario, ctx: Context) -> State:
        hider, seeker = scenario.combatants
        omens = Deck.of("omens", scenario.deck("omens").counts())
        state = State(hider, seeker, scenario.umpire, omens)
        state.omen = ctx.draw(state.omens, "The hider's omen", RULE, seat=hider, secret=True)
        return state

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        if state.result is not None:
            return ()
        if state.stage == "bet":
            return tuple(
                Prompt(
                    seat,
                    "Your secret bet",
                    RULE,
                    kind="form",
                    fields=(Field("stake", "Stake", low=1, high=3),),
                    context={"secret": True, "step": "bet"},
                )
                for seat in (state.hider, state.seeker)
                if seat not in state.bets
            )
        if state.stage == "guess":
            return (
                Prompt(
                    state.seeker,
                    "High or low?",
                    RULE,
                    (Option("high", "high (4-6)"), Option("low", "low (1-3)")),
                ),
            )
        assert state.umpire is not None
        return (Prompt(state.umpire, "Does the turn stand?", RULE, (Option("yes", "yes"),)),)

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> None:
        if state.stage == "bet":
            assert isinstance(answer, dict)
            state.bets[seat] = int(answer["stake"])
            if self.leaks == "bet":
                ctx.log(f"{seat} stakes {answer['stake']}", RULE)
            if len(state.bets) < 2:
                return
            ctx.log(f"Bets: {state.bets[state.hider]} against {state.bets[state.seeker]}", RULE)
            (state.die,) = ctx.roll("The hider's die", 1, RULE, seat=state.hider, secret=True)
            state.revealed = False
            state.stage = "guess"
            return
        if state.stage == "guess":
            high = state.die >= 4
            if (answer == "high") == high:
                state.right += 1
            state.revealed = True
            ctx.log(f"The die was {state.die}: the guess was {answer}", RULE)
            if state.umpire is not None:
                state.stage = "umpire"
                return
        self._next_turn(state, ctx)

    def _next_turn(self, state: State, ctx: Context) -> None:
        state.bets = {}
        state.stage = "bet"
        if state.turn == 3:
            winner = state.seeker if state.right >= 2 else state.hider
            state.result = Result(winner, Termination.OBJECTIVES, state.turn, "guesses").to_json()
            ctx.log(f"The hider's omen was {state.omen}", RULE)
            return
        state.turn += 1

    def hidden(self, state: State) -> list[Secret]:
        out = [Secret(("omen",), (state.hider,)), Secret(("omens", "cards"), (state.hider,))]
        out += [Secret(("bets", seat), (seat,)) for seat in state.bets]
        if not state.revealed:
            out.append(Secret(("die",), (state.hider,)))
        return out

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        shown_die = state.revealed or sees(seat, state.hider) or self.leaks == "view"
        return {
            "turn": state.turn,
            "stage": state.stage,
            "die": state.die if shown_die else None,
            "omen": state.omen if sees(seat, state.hider) else None,
            "bets": {s: (b if sees(seat, s) else "given") for s, b in state.bets.items()},
            "right": state.right,
        }

    def ai(self, seat: str, seed: int) -> Any:
        from quarterdeck.players import RandomPlayer

        return RandomPlayer(seed)

    def render(self, state: State, seat: str | None) -> str:
        return str(self.view(state, seat))


SCENARIO: dict[str, Any] = {
    "id": "guess",
    "ruleset": "test-guess",
    "title": "Guess",
    "sides": [{"name": "hider", "title": "Hider"}, {"name": "seeker", "title": "Seeker"}],
    "decks": {
        "omens": {
            "title": "Omens",
            "cards": [
                {"id": "gull", "title": "A gull", "count": 2},
                {"id": "storm", "title": "A storm", "count": 1},
            ],
        }
    },
}
