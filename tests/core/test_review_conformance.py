"""Review of issue 9: rule sets that leak on purpose and still pass the
generic conformance check (quarterdeck.core.conformance). The issue asks the
check to prove that "no seat's view, log, prompt or message, and no spectator
or replay view of an unfinished game, contains anything hidden from that
seat"; each canary below leaks in one of those ways. They are strict xfails:
each starts to pass when the check catches its leak (then remove the mark).

All are variants of tests/core/guess_game.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.conformance import conformance
from quarterdeck.core.engine import Context
from quarterdeck.core.hidden import Secret
from quarterdeck.core.prompts import Answer
from quarterdeck.rulesets import register, unregister
from tests.core.guess_game import SCENARIO, Guess, State


def _check(ruleset: Guess) -> None:
    register(ruleset)
    try:
        scenario = scenarios.build(dict(SCENARIO), "guess.toml")
        with pytest.raises(AssertionError):
            conformance("test-guess", scenario, games=6, seed=2)
    finally:
        unregister("test-guess")


@pytest.fixture(autouse=True)
def _clean() -> Iterator[None]:
    yield
    unregister("test-guess")


class OmenInPublicLog(Guess):
    """Writes the hider's secret omen card in a public log line."""

    def new_state(self, scenario: scenarios.Scenario, ctx: Context) -> State:
        state = super().new_state(scenario, ctx)
        ctx.log(f"The sky shows {state.omen}", "Guess 1")
        return state


def test_a_hidden_value_written_in_a_public_log_line_fails_the_check() -> None:
    """The omen is declared hidden from the seeker (hidden() says so) and is
    absent from every view, yet a public log line names it: the seeker's log,
    page, socket and the spectator's all carry it. check_declared_hidden
    compares views without the log; check_secret_rolls_private looks only at
    the roll and draw lines themselves."""
    _check(OmenInPublicLog("test-guess"))


class UndeclaredDie(Guess):
    """Shows the hider's secret die to everyone and does not declare it."""

    leaks = "view"

    def hidden(self, state: State) -> list[Secret]:
        return [Secret(("omen",), (state.hider,))]


def test_a_secret_roll_shown_to_everyone_fails_even_if_not_declared() -> None:
    """The die is rolled with secret=True for the hider, and the view shows
    it to the seeker and to spectators. The check only perturbs what hidden()
    declares, so leaving the die out of hidden() passes. A check that does not
    trust the declaration: replay the record with a secret roll's (or card's)
    value changed and compare what the other seats see until it is revealed,
    as check_secret_orders_hidden already does for secret answers."""
    _check(UndeclaredDie("test-guess"))


class RenderLeaks(Guess):
    """Its terminal picture shows the omen whoever looks."""

    def render(self, state: State, seat: str | None) -> str:
        return f"turn {state.turn}, omen {state.omen}"


def test_a_terminal_picture_that_shows_a_secret_fails_the_check() -> None:
    """The terminal draws ruleset.render(state, viewer) from the state itself
    (cli/play.py, HumanPlayer.decide), not from the view, so a render that
    ignores its seat shows every secret on the terminal. The check never calls
    render."""
    _check(RenderLeaks("test-guess"))


class SecondSeatLeaks(Guess):
    """Writes the seeker's bet in a public line when the seeker bets first."""

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> None:
        if state.stage == "bet" and seat == state.seeker and state.hider not in state.bets:
            assert isinstance(answer, dict)
            ctx.log(f"The seeker stakes {answer['stake']}", "Guess 1")
        super().apply(state, seat, answer, ctx)


def test_the_second_seats_secret_order_given_first_is_checked() -> None:
    """Both sides bet at once; at a real table either may answer first. The
    random games of play_random_game always answer game.prompt(), the first
    open prompt (the hider's), so the seeker never bets while the hider's bet
    is still open and this leak is never played."""
    _check(SecondSeatLeaks("test-guess"))
