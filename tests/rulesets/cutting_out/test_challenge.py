"""The ship's challenge: while the raiders are unseen and a boat is
alongside, a d6 of 3 or less fools the guard long enough for the climbers to
gain the deck; 4 or more sounds the alarm this turn and every boat's
climbers opposed by a guard must overcome him in the melee. Shooting the
guard needs a 6 and sounds the alarm (Ship's Challenge)."""

from __future__ import annotations

from typing import Any

from quarterdeck.rulesets.cutting_out import challenge, harbour

from .helpers import T, context, fresh, texts


def alongside(s: Any, boat: str = "launch", point: str = "starboard-waist", turn: int = 2) -> Any:
    """The boat made fast at ``point`` a turn ago; four of its men climbing."""
    b = s.boats[boat]
    ship = s.ships["corvette"]
    b.x, b.y, b.heading = harbour.alongside_spot(ship, T, point, b)
    b.alongside, b.alongside_turn = f"corvette:{point}", turn - 1
    s.turn = turn
    for f in s.aboard(boat)[:4]:
        f.climbing = point
    return b


def test_3_or_less_fools_the_guard_and_the_climbers_gain_the_deck() -> None:
    s = fresh(random_events=False)
    alongside(s)
    ctx, _log, dice = context([3])
    challenge.step_challenge(s, T, ctx)
    assert len(s.on_deck("corvette", "british")) == 4
    # the challenge is the raiding officer's bluff: the raiders roll it, in secret
    assert dice.requests[0].seat == "british" and dice.requests[0].secret
    # once on deck they are seen; the alarm follows the next turn (night)
    assert s.detected and s.alarm_turn == 3


def test_4_or_more_sounds_the_alarm_this_turn_and_the_guard_bars_the_way() -> None:
    s = fresh(random_events=False)
    alongside(s)
    ctx, log, _ = context([4])
    challenge.step_challenge(s, T, ctx)
    assert s.detected and s.alarm_turn == 2
    # the man of the guard posted at the starboard waist opposes them
    ship = s.ships["corvette"]
    barring = challenge.opposers(s, T, ship, "starboard-waist", "british")
    assert len(barring) == 1
    assert not s.on_deck("corvette", "british")
    assert len(challenge.climbers(s, ship)["starboard-waist"]) == 4
    assert "must fight their way past 1" in texts(log)


def test_a_guard_beyond_one_move_does_not_oppose_and_the_climbers_go_up() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    for g in challenge.guards(s, ship):
        g.x = 0.5  # every man of the guard at the taffrail, far from the fore chains
    alongside(s, point="starboard-fore")
    ctx, _, _ = context([6])
    challenge.step_challenge(s, T, ctx)
    assert s.alarm_turn == 2
    assert len(s.on_deck("corvette", "british")) == 4


def test_each_guard_opposes_one_boat() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    alongside(s, "launch", "starboard-waist")
    alongside(s, "cutter", "starboard-fore")
    for g in challenge.guards(s, ship):
        g.fate = "dead"
    lone = challenge.guards(s, ship)
    assert not lone
    s.figures["corvette-guard-2"].fate = ""  # the starboard waist's man alone
    ctx, _, _ = context([5])
    challenge.step_challenge(s, T, ctx)
    # he bars the larger party; the other boat's climbers go up unopposed
    assert len(s.on_deck("corvette", "british")) == 4
    assert challenge.climbers(s, ship).keys() == {"starboard-waist"}


def test_no_challenge_once_the_raiders_are_seen() -> None:
    s = fresh(random_events=False)
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 2
    alongside(s)
    ctx, _, dice = context([])
    challenge.step_challenge(s, T, ctx)
    assert dice.requests == []
    # the guard at the rail bars them still
    assert not s.on_deck("corvette", "british")


def test_shooting_the_guard_a_6_kills_him_and_sounds_the_alarm() -> None:
    s = fresh(random_events=False)
    alongside(s)
    s.challenge["shoot"] = ["launch"]
    aboard = len([f for f in s.aboard("launch")])
    ctx, log, _dice = context([[6] + [1] * (aboard - 1)])
    challenge.step_challenge(s, T, ctx)
    assert s.figures["corvette-guard-2"].fate == "dead"
    assert s.detected and s.alarm_turn == 2
    assert "shot dead" in texts(log)
    # the alarm brings the larboard waist's man across the deck to bar the way
    barring = challenge.opposers(s, T, s.ships["corvette"], "starboard-waist", "british")
    assert [f.id for f in barring] == ["corvette-guard-1"]


def test_shooting_the_guard_needs_a_6() -> None:
    s = fresh(random_events=False)
    alongside(s)
    s.challenge["shoot"] = ["launch"]
    aboard = len(s.aboard("launch"))
    ctx, _, _ = context([[5] * aboard])
    challenge.step_challenge(s, T, ctx)
    assert s.figures["corvette-guard-2"].active
    assert s.alarm_turn == 2


def test_a_guard_fooled_on_the_turn_of_contact_stays_fooled_for_the_climb() -> None:
    """Ship's Challenge: a 3 or less fools the guard "long enough for the
    raiders to gain the main deck"; contact comes one turn and the climb the
    next (Movement), so the bluff answered on the turn the launch comes
    alongside holds for her climb: no second challenge, and her boarders go
    up past the guard at the rail. Played through the engine."""
    from quarterdeck.core.dice import ScriptedDice

    from .helpers import game, rows

    # turn 1: the launch's rowing die, the others' (they lie still), the
    # challenge (a 3), the spotting die (a 1); turn 2: the climb (a 4, then 5
    # boarders), the others' rowing dice; and nothing more
    dice = ScriptedDice([6, 1, 1, 3, 1, 4, 5, 1, 1])
    g = game(random_events=False, dice=dice)
    s = g.state
    ship = s.ships["corvette"]
    launch = s.boats["launch"]
    x, y, _ = harbour.alongside_spot(ship, T, "larboard-waist", launch)
    launch.x, launch.y = x - 5.0, y
    g.apply(
        "british",
        rows(g.prompt(), {"launch": ("alongside:corvette:larboard-waist", 12)}, ("heading:90", 0)),
    )
    g.apply("british", "hold")  # the launch's muskets could reach the guard: they hold fire
    assert g.state.turn == 2 and not g.state.detected
    assert g.state.boats["launch"].alongside == "corvette:larboard-waist"
    guard = g.state.figures["corvette-guard-1"]  # posted at the larboard waist
    assert challenge.opposers(g.state, T, g.state.ships["corvette"], "larboard-waist", "british")
    g.apply("british", "climb")
    g.apply("british", rows(g.prompt(), {}, ("heading:90", 0)))  # the cutter, the jolly boat
    s = g.state
    challenges = [e for e in g.log if "hails the boats" in e.text]
    assert len(challenges) == 1
    assert len(s.on_deck("corvette", "british")) == 5
    assert guard.active and s.detected and s.alarm_turn == 3
    assert dice.remaining == 0
