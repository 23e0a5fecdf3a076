"""How the game ends: the prize taken out to sea (raiders), sunk or
retaken (defenders); the raiders all gone (defenders); dawn, the scenario's
turn limit (defenders) (Sample Game: play continues until the ship has put
out to sea, is sunk or is recaptured)."""

from __future__ import annotations

from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.cutting_out import victory

from .helpers import T, context, fresh, put_on_deck


def result(s: object) -> Result:
    assert s.result is not None  # type: ignore[attr-defined]
    return Result.from_json(s.result)  # type: ignore[attr-defined]


def test_out_to_sea_the_raiders_win() -> None:
    s = fresh(random_events=False)
    s.ships["corvette"].status = "at-sea"
    ctx, _, _ = context([])
    victory.check_end(s, T, ctx)
    r = result(s)
    assert r.winner == "british" and r.how is Termination.CAPTURED


def test_sunk_the_defenders_win() -> None:
    s = fresh(random_events=False)
    s.ships["corvette"].status = "sunk"
    ctx, _, _ = context([])
    victory.check_end(s, T, ctx)
    assert result(s).winner == "french" and result(s).how is Termination.SUNK


def test_retaken_after_the_raiders_held_her_deck() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    ship.boarded_turn = 3
    ctx, _, _ = context([])
    victory.end_of_turn(s, T, ctx)  # defenders on her deck, no raider aboard
    r = result(s)
    assert r.winner == "french" and r.how is Termination.REPELLED and "retaken" in r.detail


def test_not_retaken_while_raiders_stand_on_her_deck() -> None:
    s = fresh(random_events=False)
    s.ships["corvette"].boarded_turn = 3
    put_on_deck(s, "cutter-1", 2.0, 0.0)
    ctx, _, _ = context([])
    victory.end_of_turn(s, T, ctx)
    assert s.result is None


def test_every_raider_gone_the_defenders_win() -> None:
    s = fresh(random_events=False)
    for f in s.figures.values():
        if f.side == "british":
            f.fate = "dead"
    ctx, _, _ = context([])
    victory.check_end(s, T, ctx)
    assert result(s).winner == "french" and result(s).how is Termination.REPELLED


def test_dawn_ends_the_game_with_the_prize_still_in_harbour() -> None:
    s = fresh(random_events=False)
    s.turn = s.turn_limit
    ctx, _, _ = context([])
    victory.end_of_turn(s, T, ctx)
    r = result(s)
    assert r.winner == "french" and r.how is Termination.TURN_LIMIT and "dawn" in r.detail


def test_simulate_counts_the_prize_carried_out_to_sea_as_the_defenders_loss() -> None:
    """Victory: the raiders win by putting out to sea with the prize, so
    `simulate` counts her lost to the defenders (the shared tally took a ship
    gone off the table for one that escaped), and a sunk boat lost to her
    side. The corvette sails out; the jolly boat is holed until she sinks."""
    from quarterdeck.rulesets.cutting_out import RULESET, firing, movement
    from quarterdeck.sim.tally import tally

    s = fresh(random_events=False)
    ctx, _, _ = context([])
    movement.sail(s, T, ctx, s.ships["corvette"], 100.0)
    assert s.ships["corvette"].status == "at-sea"
    boat = s.boats["jolly-boat"]
    while boat.afloat:
        firing.hull_hit_boat(s, T, ctx, boat)
    victory.check_end(s, T, ctx)
    assert result(s).how is Termination.CAPTURED
    assert tally(RULESET, s, ["british", "french"])[0] == {"british": 1, "french": 1}
