"""Defender attempts to spot: once a turn, by the nearest boat's distance
(0-6" on 4-6, 6.1-12" on 5-6, 12.1-24" on 6), daytime +2 and the alarm at
once; the alarm the next turn, the response the turn after, fire the turn
after that; the crew up the main hatch at a d6 a turn until it is held
(Defender Attempts to Spot; Sample Game)."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.rulesets.cutting_out import harbour, spotting
from quarterdeck.rulesets.cutting_out.common import hatch_held

from .helpers import T, context, fresh, game, put_on_deck, rows as row_all, texts


def test_the_spotting_chart_by_the_nearest_boats_distance() -> None:
    assert T.spotting.need(6.0) == 4
    assert T.spotting.need(6.1) == 5
    assert T.spotting.need(12.0) == 5
    assert T.spotting.need(12.1) == 6
    assert T.spotting.need(24.0) == 6
    assert T.spotting.need(24.1) is None


def place_launch(state: object, x: float) -> None:
    """The launch due west of the corvette's bow, on the line y = 30 of her
    keel: 50 - x inches from her."""
    launch = state.boats["launch"]  # type: ignore[attr-defined]
    launch.x, launch.y = x, 30.0
    for other in ("cutter", "jolly-boat"):
        state.boats[other].x = 1.0  # type: ignore[attr-defined]


def test_sample_game_turn_3_a_boat_at_15_in_is_not_seen_on_a_5() -> None:
    s = fresh(random_events=False)
    s.turn = 3
    place_launch(s, 35.0)
    ctx, log, dice = context([5])
    spotting.step_spot(s, T, ctx)
    assert not s.detected
    assert "nearest raider 15.0 in away: needed 6, rolled 5" in texts(log)
    assert dice.requests[0].seat == "french" and not dice.requests[0].secret


def test_sample_game_turn_4_a_boat_at_9_in_is_not_seen_on_a_4() -> None:
    s = fresh(random_events=False)
    s.turn = 4
    place_launch(s, 41.0)
    ctx, log, _ = context([4])
    spotting.step_spot(s, T, ctx)
    assert not s.detected
    assert "needed 5-6, rolled 4" in texts(log)


def test_sample_game_turn_5_a_boat_at_3_in_is_seen_and_the_alarm_sounds_on_turn_6() -> None:
    s = fresh(random_events=False)
    s.turn = 5
    place_launch(s, 47.0)
    ctx, _, _ = context([4])
    spotting.step_spot(s, T, ctx)
    assert s.detected and s.spotted_turn == 5
    assert s.alarm_turn == 6
    assert spotting.respond_turn(s, T) == 7
    assert spotting.fire_turn(s, T) == 8


def test_how_near_the_boat_was_is_told_to_the_raiders_alone() -> None:
    s = fresh(random_events=False)
    place_launch(s, 35.0)
    ctx, log, _ = context([2])
    spotting.step_spot(s, T, ctx)
    private = [e for e in log if "in away" in e.text]
    assert private and all(e.seats == ("british",) for e in private)
    public = [e.text for e in log if e.seats is None and e.kind != "roll"]
    assert public == ["Nothing is seen"]


def test_the_die_is_rolled_every_turn_even_with_every_boat_far_off() -> None:
    s = fresh(random_events=False)
    ctx, _, dice = context([6])
    spotting.step_spot(s, T, ctx)
    assert len(dice.requests) == 1 and not s.detected


def test_daytime_adds_2_and_the_alarm_sounds_at_once() -> None:
    s = fresh(random_events=False, light="day")
    s.turn = 2
    place_launch(s, 41.0)  # 9 in: 5-6 needed, a 3 + 2 spots
    ctx, _, _ = context([3])
    spotting.step_spot(s, T, ctx)
    assert s.detected and s.alarm_turn == 2
    assert spotting.respond_turn(s, T) == 3


def test_the_moon_card_adds_1_to_spotting() -> None:
    s = fresh(random_events=False)
    s.event = "moon"
    place_launch(s, 41.0)
    ctx, _, _ = context([4])
    spotting.step_spot(s, T, ctx)
    assert s.detected


def test_a_sleeping_guard_leaves_the_spotting_to_the_battery() -> None:
    s = fresh(random_events=False)
    s.event = "asleep"
    place_launch(s, 47.0)  # 3 in from the ship, 26 in from the battery
    ctx, log, _ = context([6])
    spotting.step_spot(s, T, ctx)
    assert not s.detected
    assert "beyond spotting range" in texts(log)


def test_the_text_s_example_the_crew_comes_up_four_then_three() -> None:
    """Spotted on turn 1, the alarm on turn 2, on turn 3 four come out on a
    roll of 4; on turn 4 (when they may fire) three more on a 3."""
    s = fresh(random_events=False)
    s.turn = 1
    ctx, _, _ = context([])
    spotting.detect(s, T, ctx, "a lookout spots a boat")
    assert s.alarm_turn == 2
    s.turn = 2
    ctx, _, _ = context([])
    spotting.turn_out(s, T, ctx)
    assert len(s.on_deck("corvette", "french")) == 3  # the guard alone
    s.turn = 3
    ctx, _, _ = context([4])
    spotting.turn_out(s, T, ctx)
    assert len(s.on_deck("corvette", "french")) == 3 + 4
    assert len(s.below("corvette")) == 12
    s.turn = 4
    assert spotting.may_fire(s, T, s.parties["corvette-crew"])
    ctx, _, _ = context([3])
    spotting.turn_out(s, T, ctx)
    assert len(s.on_deck("corvette", "french")) == 3 + 4 + 3


def test_a_held_hatch_makes_the_crew_break_out_past_its_guard() -> None:
    s = fresh(random_events=False)
    s.detected, s.alarm_turn, s.turn = True, 1, 2
    ship = s.ships["corvette"]
    hx = T.deck.hatch * ship.length
    put_on_deck(s, "launch-12", hx + 0.7, 0.0)  # a marine on the hatch
    assert hatch_held(s, T, ship, "british")
    ctx, log, _ = context([2])
    spotting.turn_out(s, T, ctx)
    breaking = [f for f in s.below("corvette") if f.breaking_out]
    assert len(breaking) == 2
    assert "try to break out" in texts(log)


def test_raiders_who_fire_before_they_are_seen_give_the_alarm_that_turn() -> None:
    s = fresh(random_events=False)
    s.turn = 4
    ctx, _, _ = context([])
    spotting.detect(s, T, ctx, "the raiders open fire", alarm_now=True)
    assert s.alarm_turn == 4 and spotting.respond_turn(s, T) == 5


def test_the_sample_games_spotting_turns_through_the_engine() -> None:
    """Played through the engine with the text's rolls: the launch rows in
    while the other boats lie still; not seen at 15 in (a 5) on turn 3 nor at
    9 in (a 4) on turn 4, seen at 3 in (a 4) on turn 5."""
    rows = {1: 12, 2: 10, 3: 11, 4: 6, 5: 6}
    spot = {1: 1, 2: 1, 3: 5, 4: 4, 5: 4}
    values: list[int] = []
    for turn in rows:
        values += [6, 6, 6, spot[turn]]  # three boats row, then the spotting die
    values += [6, 6, 6]  # turn 6 begins with the boats' rowing dice
    g = game(random_events=False, dice=ScriptedDice(values))
    for turn in rows:
        form = g.prompt()
        assert form is not None and form.context["boats"] == ["launch", "cutter", "jolly-boat"]
        assert form.context.get("secret") is True
        g.apply("british", row_all(form, {"launch": ("heading:90", rows[turn])}, ("heading:90", 0)))
        assert g.state.detected == (turn == 5), turn
        launch_at = (g.state.boats["launch"].x, g.state.boats["launch"].y)
        near = harbour.distance_to_ship(g.state.ships["corvette"], launch_at)
        expected = {1: 36.0, 2: 26.0, 3: 15.0, 4: 9.0, 5: 3.0}[turn]
        assert abs(near - expected) < 0.05
    assert g.state.spotted_turn == 5 and g.state.alarm_turn == 6
    assert spotting.respond_turn(g.state, T) == 7
    assert spotting.fire_turn(g.state, T) == 8
