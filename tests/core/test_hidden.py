"""Hidden information in the core: rolls and cards that belong to a seat,
secret rolls, umpires, spectators, and the conformance checks that prove no
seat is shown what is hidden from it (each shown failing on a game that leaks
on purpose)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.conformance import conformance
from quarterdeck.core.dice import (
    Deck,
    DrawRequest,
    ManualDice,
    RandomDice,
    RollRequest,
    ScriptedDice,
    SeatDice,
    parse_card,
)
from quarterdeck.core.engine import Context, Game
from quarterdeck.core.errors import DiceError, RecordError, ScenarioError
from quarterdeck.core.hidden import EVERYTHING, Secret, perturb, scrambled, sees
from quarterdeck.core.record import Record
from quarterdeck.rulesets import register, unregister
from tests.core.guess_game import SCENARIO, Guess


@pytest.fixture
def guess() -> Iterator[Guess]:
    ruleset = Guess("test-guess")
    register(ruleset)
    yield ruleset
    unregister("test-guess")


def _scenario(umpire: bool = False) -> scenarios.Scenario:
    s = scenarios.build(dict(SCENARIO), "guess.toml")
    return s.with_umpire() if umpire else s


def _play(game: Game, answers: list[tuple[str, object]]) -> None:
    for seat, answer in answers:
        game.apply(seat, answer)


BETS = [("hider", {"stake": 2}), ("seeker", {"stake": 1})]


# -- rolls and cards belong to a seat ---------------------------------------------


def test_every_roll_and_draw_is_recorded_with_its_seat_and_secrecy(guess: Guess) -> None:
    game = Game.new(_scenario(), dice=ScriptedDice([5], cards=["storm"]))
    _play(game, BETS)
    rolls = game.record.rolls()
    assert rolls[0] == {
        "t": "c",
        "label": "The hider's omen",
        "rule": "Guess 1",
        "deck": "omens",
        "size": 3,
        "card": "storm",
        "seat": "hider",
        "secret": True,
    }
    assert rolls[1]["seat"] == "hider" and rolls[1]["secret"] is True
    assert rolls[1]["values"] == [5] and rolls[1]["sides"] == 6


def test_a_roll_for_nobody_in_particular_goes_to_the_umpire_else_the_acting_seat() -> None:
    dice = ScriptedDice([1, 2, 3])
    Context(dice, umpire="umpire", acting="british").roll("x", 1, "r")
    Context(dice, acting="british", first="spanish").roll("x", 1, "r")
    Context(dice, first="spanish").roll("x", 1, "r")
    assert [r.seat for r in dice.requests] == ["umpire", "british", "spanish"]


def test_a_secret_roll_is_logged_for_its_seat_and_the_umpire_only(guess: Guess) -> None:
    game = Game.new(_scenario(umpire=True), dice=ScriptedDice([5], cards=["gull"]))
    _play(game, BETS)
    line = next(e for e in game.log if e.kind == "roll")
    assert line.seats == ("hider", "umpire") and line.by == "hider"
    assert "rolled 5" in json.dumps(game.view("hider"))
    assert "rolled 5" in json.dumps(game.view("umpire"))
    assert "rolled 5" not in json.dumps(game.view("seeker"))
    assert "rolled 5" not in json.dumps(game.view(None))
    assert game.view("seeker")["die"] is None and game.view("umpire")["die"] == 5


def test_the_umpire_sees_everything_and_answers_the_umpire_calls(guess: Guess) -> None:
    game = Game.new(_scenario(umpire=True), dice=ScriptedDice([5], cards=["gull"]))
    assert game.viewer("umpire") == EVERYTHING
    assert game.view("umpire")["omen"] == "gull" and game.view("seeker")["omen"] is None
    _play(game, [*BETS, ("seeker", "high")])
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == "umpire"


def test_spectators_see_only_what_every_side_sees_until_the_end(guess: Guess) -> None:
    game = Game.new(_scenario(), dice=ScriptedDice([5, 2, 6], cards=["gull"]))
    _play(game, [("hider", {"stake": 3})])
    assert game.view(None)["bets"] == {"hider": "given"}
    assert game.view(None)["omen"] is None
    _play(game, [("seeker", {"stake": 1}), ("seeker", "high")])
    _play(game, [*BETS, ("seeker", "low"), *BETS, ("seeker", "high")])
    assert game.result() is not None
    assert game.view(None)["omen"] == "gull"  # revealed when the game ends
    assert any("rolled 6" in e["text"] for e in game.view(None)["log"])


def test_a_scenario_may_let_spectators_see_everything(guess: Guess) -> None:
    s = scenarios.build({**SCENARIO, "spectators": "everything"}, "guess.toml")
    game = Game.new(s, dice=ScriptedDice(cards=["storm"]))
    assert game.view(None)["omen"] == "storm"


def test_any_scenario_can_be_given_an_umpire_seat(guess: Guess) -> None:
    s = _scenario(umpire=True)
    assert s.umpire == "umpire" and s.combatants == ["hider", "seeker"]
    assert s.with_umpire() is s
    with pytest.raises(ScenarioError, match="at most one side"):
        scenarios.build(
            {
                **SCENARIO,
                "sides": [
                    *SCENARIO["sides"],
                    {"name": "u1", "title": "U", "role": "umpire"},
                    {"name": "u2", "title": "U", "role": "umpire"},
                ],
            },
            "guess.toml",
        )


def test_secret_rolls_of_the_computers_seats_are_rolled_by_the_program() -> None:
    table = ScriptedDice([1, 1])
    dice = SeatDice(table, RandomDice(3), program_seats=["spanish"])
    dice.roll(RollRequest("open", 1, "r", seat="spanish"))
    dice.roll(RollRequest("secret", 1, "r", seat="british", secret=True))
    dice.roll(RollRequest("secret", 1, "r", seat="spanish", secret=True))
    assert [r.label for r in table.requests] == ["open", "secret"]


# -- card decks ---------------------------------------------------------------------


def test_a_deck_is_drawn_from_the_seed_and_replays_exactly(guess: Guess) -> None:
    cards = {Game.new(_scenario(), seed=seed).state.omen for seed in range(20)}
    assert cards == {"gull", "storm"}
    game = Game.new(_scenario(), seed=11)
    _play(game, BETS)
    again = Game.replay(Record.from_json(json.loads(json.dumps(game.record.to_json()))))
    assert again.state.omen == game.state.omen
    assert again.state.omens.cards == game.state.omens.cards


def test_a_card_is_entered_by_hand_at_a_real_table(guess: Guess) -> None:
    asked: list[str] = []
    told: list[str] = []
    typed = iter(["kraken", "2"])

    def ask_card(request: DrawRequest) -> str:
        asked.append(request.instruction())
        return next(typed)

    dice = ManualDice(lambda r: "3", told.append, ask_card)
    game = Game.new(_scenario(), dice=dice, dice_mode="manual")
    assert game.state.omen == "storm"  # the second of gull, storm
    assert asked[0] == "The hider's omen: draw a card from the omens deck (Guess 1)"
    assert "'kraken' is not in the omens deck or was already drawn" in told[0]
    assert told[0].endswith("(the deck's cards: gull, storm)")
    assert game.state.omens.cards == ["gull", "gull"]


def test_a_card_already_drawn_is_refused() -> None:
    deck = Deck.of("omens", {"gull": 1, "storm": 1})
    deck.take("storm")
    request = DrawRequest("Omen", "omens", tuple(deck.cards), "r")
    with pytest.raises(DiceError, match=r"'storm' is not in the omens deck .* cards: gull"):
        parse_card(request, "storm")
    assert parse_card(request, "1") == "gull"


def test_a_deck_reshuffles_its_drawn_cards_back() -> None:
    deck = Deck.of("events", {"none": 2, "moon": 1})
    deck.take("moon")
    assert deck.cards == ["none", "none"] and deck.drawn == ["moon"]
    deck.reshuffle()
    assert deck.cards == ["moon", "none", "none"] and deck.drawn == []


def test_a_player_changes_the_mix_of_a_deck(guess: Guess) -> None:
    data = scenarios.with_card_counts(SCENARIO, {"omens": {"storm": 5}})
    s = scenarios.build(data, "guess.toml")
    assert s.deck("omens").counts() == {"gull": 2, "storm": 5}
    with pytest.raises(ScenarioError, match=r"no card 'kraken' in the deck \(cards: gull, storm\)"):
        scenarios.with_card_counts(SCENARIO, {"omens": {"kraken": 1}})


# -- records keep the truth and refuse what does not fit ----------------------------


def _record(game: Game) -> dict[str, object]:
    data: dict[str, object] = json.loads(json.dumps(game.record.to_json()))
    return data


def test_a_replay_refuses_a_roll_with_the_wrong_number_of_sides(guess: Guess) -> None:
    game = Game.new(_scenario(), dice=ScriptedDice([5], cards=["gull"]))
    _play(game, BETS)
    data = _record(game)
    entries = data["entries"]
    assert isinstance(entries, list)
    roll = next(e for e in entries if e["t"] == "r")
    roll["sides"] = 8
    with pytest.raises(RecordError, match=r"rules asked for 'The hider's die' with 1 d6"):
        Game.replay(Record.from_json(data))
    roll["sides"] = 2**70
    with pytest.raises(RecordError, match="a die has 2 to 100 sides"):
        Record.from_json(data)


def test_a_replay_refuses_a_roll_made_by_the_wrong_seat(guess: Guess) -> None:
    game = Game.new(_scenario(), dice=ScriptedDice([5], cards=["gull"]))
    _play(game, BETS)
    data = _record(game)
    entries = data["entries"]
    assert isinstance(entries, list)
    next(e for e in entries if e["t"] == "r")["seat"] = "seeker"
    with pytest.raises(RecordError, match="was rolled by 'seeker', but the rules give it"):
        Game.replay(Record.from_json(data))


def test_a_replay_refuses_a_card_that_is_not_in_the_deck(guess: Guess) -> None:
    game = Game.new(_scenario(), dice=ScriptedDice(cards=["gull"]))
    data = _record(game)
    entries = data["entries"]
    assert isinstance(entries, list)
    entries[0]["card"] = "kraken"
    with pytest.raises(RecordError, match="'kraken' from a deck of 3, cannot be drawn"):
        Game.replay(Record.from_json(data))


# -- the hidden-information checks, and a canary for each ---------------------------


def test_sees_and_perturb() -> None:
    assert sees("british", "british") and sees(EVERYTHING, "british")
    assert not sees(None, "british") and not sees("spanish", ("british",))
    assert sees(None, None)
    assert perturb({"a": [1, "x", True, None]}) == {"a": [2, "x~", False, None]}


def test_scrambled_changes_only_what_is_hidden_from_the_viewer() -> None:
    state = {"orders": {"a": {"go": 1}, "b": {"go": 2}}}
    out = scrambled(state, [Secret(("orders", "a"), ("a",))], "b")
    assert out == {"orders": {"a": {"go": 2}, "b": {"go": 2}}}
    assert state["orders"]["a"] == {"go": 1}


@pytest.mark.parametrize("umpire", [False, True])
def test_the_guess_game_conforms(guess: Guess, umpire: bool) -> None:
    assert conformance("test-guess", _scenario(umpire), games=6, seed=2) > 0


@pytest.mark.parametrize(
    ("leak", "message"),
    [
        ("view", r"seeker can see hidden values \[\('die',\)\]"),
        ("bet", "hider's secret order is visible to seeker"),
    ],
)
def test_the_conformance_check_catches_a_leak(guess: Guess, leak: str, message: str) -> None:
    guess.leaks = leak
    with pytest.raises(AssertionError, match=message):
        conformance("test-guess", _scenario(), games=6, seed=2)


def test_a_card_is_named_and_may_be_typed_by_the_title_its_rule_set_gives() -> None:
    """Card entry by hand: a deck whose rule set titles its cards lists them by
    title (the id kept as the value, and in brackets); typed, a title in any
    case, the id or the number all name the card; untitled cards keep their ids."""
    request = DrawRequest(
        "Omen", "omens", ("gull", "storm"), "r", titles=(("storm", "A storm at sea"),)
    )
    assert [request.named(c) for c in request.choices()] == ["gull", "A storm at sea (storm)"]
    assert parse_card(request, "a STORM at sea") == "storm"
    assert parse_card(request, "storm") == "storm"
    assert parse_card(request, "1") == "gull"
    with pytest.raises(DiceError, match=r"cards: gull, A storm at sea \(storm\)"):
        parse_card(request, "kraken")


def test_a_run_of_one_seats_secret_orders_is_announced_once() -> None:
    """However many orders a seat gives in secret in a row (a form, then a
    question for a boat alongside), the others read one 'secret order given':
    their number would tell them what is kept from them. A public line in
    between starts a new run; another seat's secret order is its own."""
    from quarterdeck.core.engine import LogEntry, _announced

    def order(seat: str) -> list[LogEntry]:
        return [
            LogEntry(f"{seat}: secret order given", "r", "secret", about=seat),
            LogEntry(f"{seat}: row -> east", "r", "decision", seats=(seat,)),
        ]

    log = order("british")
    log.append(LogEntry("british rolls 4", "r", "roll", seats=("british",)))
    assert [e.kind for e in _announced(log, order("british"))] == ["decision"]
    assert [e.kind for e in _announced(log, order("spanish"))] == ["secret", "decision"]
    log.append(LogEntry("a spotting roll", "r", "roll"))
    assert [e.kind for e in _announced(log, order("british"))] == ["secret", "decision"]
    public = [LogEntry("x: fire -> a", "r", "decision")]
    assert _announced(log, public) == public


def test_a_secret_question_asked_only_because_of_something_hidden_is_not_announced() -> None:
    """Unseen raiders in musket range are asked whether to fire: the
    defenders must not learn that a question was asked at all."""
    from quarterdeck.core.engine import _decision_log
    from quarterdeck.core.prompts import Option, Prompt

    ask = Prompt(
        "british",
        "the launch's crew: fire?",
        "Small Arms",
        (Option("hold", "hold fire"),),
        context={"secret": True, "unannounced": True},
    )
    lines = _decision_log(ask, "british", "hold fire")
    assert [(e.kind, e.seats) for e in lines] == [("decision", ("british",))]
    told = Prompt("british", "row", "Movement", (Option("a", "a"),), context={"secret": True})
    assert [e.kind for e in _decision_log(told, "british", "a")] == ["secret", "decision"]
