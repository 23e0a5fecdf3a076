"""The random events deck of a solo game: a card at the start of every
turn, the text's five ideas and "no event" cards in the numbers the
scenario gives, which a player may change (Card Events Ideas)."""

from __future__ import annotations

from quarterdeck.core.dice import DrawRequest, ScriptedDice
from quarterdeck.core.scenario import with_card_counts
from quarterdeck.rulesets.cutting_out import events

from .helpers import T, context, fresh, game, scenario, scenario_data, texts


def test_the_deck_is_the_scenarios_cards_and_counts() -> None:
    s = fresh()
    assert s.events is not None
    assert len(s.events.cards) == 15
    assert s.events.cards.count("no-event") == 10
    assert {"moon", "choppy", "ensign", "asleep", "party"} <= set(s.events.cards)


def test_a_player_may_change_the_deck() -> None:
    data = with_card_counts(scenario_data("sample-game"), {"events": {"no-event": 0, "moon": 3}})
    sc = scenario("sample-game", decks=data["decks"])
    from quarterdeck.rulesets.cutting_out import setup

    s = setup.build(sc, sc.model, T)
    assert s.events is not None and sorted(set(s.events.cards)) == [
        "asleep",
        "choppy",
        "ensign",
        "moon",
        "party",
    ]
    assert s.events.cards.count("moon") == 3


def test_a_card_is_drawn_at_the_start_of_each_turn_by_the_umpire_or_defender() -> None:
    dice = ScriptedDice([6, 6, 6], cards=["no-event"])
    g = game(dice=dice)
    request = dice.requests[0]
    assert isinstance(request, DrawRequest)
    assert request.deck == "events" and request.seat == "french"
    assert g.state.event == "no-event"
    assert g.state.events is not None and g.state.events.drawn == ["no-event"]


def test_the_deck_is_shuffled_again_when_it_runs_out() -> None:
    s = fresh()
    assert s.events is not None
    s.events.drawn, s.events.cards = list(s.events.cards), []
    ctx, log, _ = context([], cards=["asleep"])
    events.draw_event(s, T, ctx)
    assert s.event == "asleep" and len(s.events.cards) == 14
    assert "shuffled again" in texts(log)


def test_the_moon_adds_1_to_spotting_and_firing() -> None:
    s = fresh()
    ctx, _, _ = context([], cards=["moon"])
    events.draw_event(s, T, ctx)
    assert events.spotting_bonus(s, T) == 1
    assert events.firing_bonus(s, T) == 1


def test_choppy_seas_wet_the_muskets_of_the_raiders_in_the_boats() -> None:
    s = fresh()
    s.turn = 4
    ctx, _, _ = context([], cards=["choppy"])
    events.draw_event(s, T, ctx)
    wet = [f for f in s.figures.values() if f.side == "british" and f.wet_until == 5]
    assert len(wet) == 26
    assert all(f.wet_until == 0 for f in s.figures.values() if f.side == "french")


def test_a_party_ashore_delays_the_garrison_one_turn() -> None:
    s = fresh()
    ctx, _, _ = context([], cards=["party"])
    events.draw_event(s, T, ctx)
    assert s.garrison_delay == 1
    s.alarm_turn = 3
    from quarterdeck.rulesets.cutting_out.spotting import respond_turn

    assert respond_turn(s, T) == 4 and respond_turn(s, T, garrison=True) == 5


def test_a_party_after_the_garrison_has_turned_out_changes_nothing() -> None:
    s = fresh()
    s.alarm_turn, s.turn = 2, 6
    ctx, log, _ = context([], cards=["party"])
    events.draw_event(s, T, ctx)
    assert s.garrison_delay == 0 and "too late" in texts(log)


def test_a_lost_ensign_the_boat_chosen_by_a_die_in_secret() -> None:
    s = fresh()
    ctx, log, dice = context([2], cards=["ensign"])
    events.draw_event(s, T, ctx)
    assert s.ensign_boat == "cutter"
    roll = dice.requests[1]
    assert roll.seat == "british" and roll.secret and roll.sides == 3
    public = [e.text for e in log if e.seats is None and e.kind == "event"]
    assert all("cutter" not in t for t in public)


def test_without_random_events_no_card_is_drawn() -> None:
    dice = ScriptedDice([6, 6, 6])
    g = game(random_events=False, dice=dice)
    assert not any(getattr(r, "deck", None) for r in dice.requests)
    assert g.state.event == ""


def test_the_cards_are_named_at_the_table_as_every_scenarios_deck_prints_them() -> None:
    # Card Events Ideas: a player drawing by hand is asked for the card by the
    # title the start page showed him for the scenario's deck
    import tomllib
    from pathlib import Path

    folder = Path(events.__file__).with_name("scenarios")
    for path in sorted(folder.glob("*.toml")):
        cards = tomllib.loads(path.read_text("utf-8"))["decks"]["events"]["cards"]
        assert {c["id"]: c["title"] for c in cards} == events.TITLES, path.name
