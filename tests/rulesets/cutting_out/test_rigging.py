"""Rigging: an accumulated score, a d10 a turn when the deck is swept, the
main hatch guarded and the ship not hit by cannon, a d6 otherwise; half
rigged at 20, fully at 40; a rigging hit rolled by the firing gun comes off
the score (Rigging, and its worked example)."""

from __future__ import annotations

from typing import Any

from quarterdeck.rulesets.cutting_out import firing, rigging

from .helpers import T, context, fresh, put_ashore, put_on_deck, texts


def boarded(s: Any) -> Any:
    """Raiders on the corvette's deck; her guard gone; a marine on the hatch."""
    ship = s.ships["corvette"]
    for g in ("corvette-guard-1", "corvette-guard-2", "corvette-guard-3"):
        s.figures[g].fate = "dead"
    put_on_deck(s, "launch-2", 4.0, 0.5)
    put_on_deck(s, "launch-3", 8.0, -0.5)
    put_on_deck(s, "launch-9", T.deck.hatch * ship.length + 0.7, 0.0)
    return ship


def test_the_worked_example_3_then_7_then_the_battery_takes_it_from_14_to_9() -> None:
    s = fresh(random_events=False)
    s.detected, s.alarm_turn = True, 1
    ship = boarded(s)
    # Turn 1: the ship not yet secure (a defender on deck): a d6, a 3
    s.turn = 1
    crewman = put_on_deck(s, "corvette-crew-1", 2.0, 0.0)
    ctx, log, dice = context([3])
    rigging.step_rigging(s, T, ctx)
    assert dice.requests[0].sides == 6 and dice.requests[0].seat == "british"
    assert ship.rig == 3  # 17 more to be half rigged
    # Turn 2: ship and hatch secured, no cannon hits: a d10, a 7
    crewman.fate = "dead"
    s.turn = 2
    ctx, log, dice = context([7])
    rigging.step_rigging(s, T, ctx)
    assert dice.requests[0].sides == 10
    assert ship.rig == 10  # 10 more to be half rigged
    # (the text repeats that sentence: a copying slip, as the 14 below shows)
    # Turn 3: the battery hits twice; the effects 2 (a hull hit) and 4 (anchored:
    # a rigging hit, its d10 a 5); the raiders roll a d6 for the hits, a 4
    s.turn = 3
    gunners = [f for f in s.figures.values() if f.kind == "gun-crew"]
    for n, gun_id in enumerate(("battery-gun-1", "battery-gun-2")):
        gun = s.guns[gun_id]
        for f in gunners[4 * n : 4 * n + 4]:
            put_ashore(s, f.id, gun.x + 0.3, gun.y)
    ctx, log, _ = context([[6], [2], [6], [4], [5], [4]])
    firing.fire_guns(s, T, ctx, "battery", "french", "ball:ship:corvette")
    assert ship.hull_hits == 1
    assert "rigging score 10 - 5 = 5" in texts(log)
    rigging.step_rigging(s, T, ctx)
    assert "a d6 (hit by cannon fire this turn)" in texts(log)
    # 3 + 7 + 4 = 14, less the 5 of the rigging hit: 9
    assert ship.rig == 9


def test_a_d6_while_the_hatch_is_unguarded() -> None:
    s = fresh(random_events=False)
    ship = boarded(s)
    s.figures["launch-9"].fate = "dead"
    assert rigging.unsecured(s, T, ship) == ["the main hatch is not under guard"]


def test_a_d6_in_a_turn_the_crew_tried_to_break_out() -> None:
    s = fresh(random_events=False)
    ship = boarded(s)
    ship.contested_turn = s.turn
    assert rigging.unsecured(s, T, ship) == ["active defenders on the main deck"]


def test_no_roll_without_raiders_aboard() -> None:
    s = fresh(random_events=False)
    ctx, _, dice = context([])
    rigging.step_rigging(s, T, ctx)
    assert dice.requests == [] and s.ships["corvette"].rig == 0


def test_half_rigged_at_20_fully_at_40() -> None:
    s = fresh(random_events=False)
    ship = boarded(s)
    ship.rig = 15
    ctx, log, _ = context([5])
    rigging.step_rigging(s, T, ctx)
    assert ship.rig == 20 and "half rigged: she can sail" in texts(log)
    ship.rig = 35
    ctx, log, _ = context([9])
    rigging.step_rigging(s, T, ctx)
    assert ship.rig == 44 and "fully rigged" in texts(log)
