"""Melee: a d6 a figure; the loser by 3 dies, by 2 is captured, by 1
retreats a d6 of inches (off the ship: out of the game); a boarder who loses
while climbing dies whatever the difference. Modifiers: +1 the defender
against climbers, +1 defending a shore battery, +1 guarding the hatch
against the crew, +1 a marine, +1 British against anyone but American, +1
American against anyone but British (Melee). Unequal numbers and ties are
this project's readings (docs/rules-notes.md)."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.rulesets.cutting_out import harbour, melee

from .helpers import T, context, fresh, game, put_ashore, put_on_deck, rows, texts


def duel(s: Any, raider: str = "cutter-2", defender: str = "corvette-guard-2") -> tuple[Any, Any]:
    """A British sailor and a French sailor of the guard face to face amidships."""
    a = put_on_deck(s, raider, 6.0, 0.5)
    b = put_on_deck(s, defender, 6.0 + T.figures.base, 0.5)
    for g in ("corvette-guard-1", "corvette-guard-3"):
        if g != defender:
            s.figures[g].fate = "dead"
    return a, b


@pytest.mark.parametrize(("british", "french", "result"), [(3, 1, "dies"), (2, 1, "captured")])
def test_the_loser_by_3_dies_by_2_is_captured(british: int, french: int, result: str) -> None:
    # British +1 against the French: 3+1 against 1 wins by 3, 2+1 against 1 by 2
    s = fresh(random_events=False)
    _, b = duel(s)
    ctx, log, _ = context([[british], [french]])
    melee.step_melee(s, T, ctx)
    expected = {"dies": "dead", "captured": "captured"}[result]
    assert b.fate == expected
    assert f"corvette's guard sailor {result}" in texts(log)


def test_the_loser_by_1_retreats_a_d6_of_inches_straight_away() -> None:
    s = fresh(random_events=False)
    _a, b = duel(s)
    ctx, log, _ = context([[2], [2], [3]])  # 2+1 against 2; the retreat die: 3
    melee.step_melee(s, T, ctx)
    assert b.active and b.fate == ""
    assert b.x == pytest.approx(6.0 + T.figures.base + 3.0)
    assert "retreats" in texts(log)


def test_retreating_off_the_deck_puts_him_out_of_the_game() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    a = put_on_deck(s, "cutter-2", 11.0 - T.figures.base, 0.0)
    b = put_on_deck(s, "corvette-guard-2", 11.0, 0.0)  # a foot from the bow
    for g in ("corvette-guard-1", "corvette-guard-3"):
        s.figures[g].fate = "dead"
    ctx, _, _ = context([[2], [2], [4]])
    melee.step_melee(s, T, ctx)
    assert not harbour.on_deck(ship, b.x + 4, b.y)
    assert b.fate == "out"
    assert a.active


def test_a_tie_leaves_both_standing_to_fight_on() -> None:
    s = fresh(random_events=False)
    a, b = duel(s)
    ctx, log, _ = context([[3], [4]])  # 3+1 = 4 against 4
    melee.step_melee(s, T, ctx)
    assert a.active and b.active
    assert "a tie, they fight on" in texts(log)


def test_a_climbing_boarder_who_loses_dies_whatever_the_difference() -> None:
    s = fresh(random_events=False, raiders="british")
    ship = s.ships["corvette"]
    boat = s.boats["cutter"]
    boat.x, boat.y, boat.heading = harbour.alongside_spot(ship, T, "starboard-waist", boat)
    boat.alongside = "corvette:starboard-waist"
    climber = s.aboard("cutter")[1]
    climber.climbing = "starboard-waist"
    # the guard at the starboard waist bars him: +1 defending against climbers
    ctx, log, _ = context([[4], [4]])  # 4+1 (British) against 4+1: a tie
    melee.step_melee(s, T, ctx)
    assert climber.active and climber.climbing == ""  # held off: back in the boat
    ctx, log, _ = context([[4], [5]])  # 4+1 against 5+1: lost by 1, and dies for it
    climber.climbing = "starboard-waist"
    melee.step_melee(s, T, ctx)
    assert climber.fate == "dead"
    assert "sailor dies" in texts(log)


def test_climbers_who_beat_the_guard_gain_the_deck() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    boat = s.boats["cutter"]
    boat.alongside = "corvette:starboard-waist"
    climber = s.aboard("cutter")[1]
    climber.climbing = "starboard-waist"
    ctx, _, _ = context([[6], [2]])  # 6+1 against 2+1: the guard dies
    melee.step_melee(s, T, ctx)
    assert s.figures["corvette-guard-2"].fate == "dead"
    assert climber.where == "deck" and climber.place == "corvette"
    assert ship.boarded_turn == s.turn


def test_modifiers_marine_nation_hatch_climb_and_battery() -> None:
    s = fresh(random_events=False)
    marine = s.figures["launch-9"]
    assert marine.kind == "marine" and marine.nation == "british"
    sailor = s.figures["corvette-guard-1"]
    assert dict(melee.modifiers(s, T, marine, sailor, "contact", False)) == {
        "a marine": 1,
        "British against French": 1,
    }
    assert dict(melee.modifiers(s, T, marine, sailor, "hatch", True))["guarding the hatch"] == 1
    assert dict(melee.modifiers(s, T, sailor, marine, "climb", True)) == {
        "defending against boarders climbing": 1
    }
    soldier = put_ashore(s, "battery-9", 30.0, 5.0)  # inside the battery's outline
    assert soldier.kind == "soldier"
    assert dict(melee.modifiers(s, T, soldier, marine, "contact", False)) == {
        "defending a shore battery": 1
    }


def test_british_and_american_get_nothing_against_each_other() -> None:
    assert T.melee.nation_bonus("british", "american") == 0
    assert T.melee.nation_bonus("american", "british") == 0
    assert T.melee.nation_bonus("american", "french") == 1
    assert T.melee.nation_bonus("british", "spanish") == 1
    assert T.melee.nation_bonus("french", "british") == 0


def test_one_die_against_several_the_worst_result_taken() -> None:
    """A guard with three boarders on him rolls once; each boarder's die is
    compared with it; he suffers the worst result dealt him."""
    s = fresh(random_events=False)
    guard = put_on_deck(s, "corvette-guard-2", 6.0, 0.0)
    for g in ("corvette-guard-1", "corvette-guard-3"):
        s.figures[g].fate = "dead"
    b = T.figures.base
    put_on_deck(s, "cutter-2", 6.0 - b, 0.0)
    put_on_deck(s, "cutter-3", 6.0 + b, 0.0)
    put_on_deck(s, "cutter-4", 6.0, b)
    # British +1 each: 1+1, 3+1, 5+1 against the guard's 3: lost by 1 and by 3
    ctx, log, _ = context([[1, 3, 5], [3], [2]])
    melee.step_melee(s, T, ctx)
    assert guard.fate == "dead"
    assert s.figures["cutter-2"].fate == ""  # lost by 1 to the guard: retreated
    assert texts(log).count("against") == 3


def test_the_sample_games_marine_on_the_hatch_holds_two_crewmen() -> None:
    """Turn 8: the marine guarding the hatch gets +2 (defending the hatch,
    a marine); the two crewmen who come up do not break out. (The sample
    gives no nations: a Dutch marine has no national bonus.)"""
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    for g in ("corvette-guard-1", "corvette-guard-2", "corvette-guard-3"):
        s.figures[g].fate = "dead"
    hx = T.deck.hatch * ship.length
    marine = put_on_deck(s, "launch-9", hx + 0.7, 0.0)
    marine.nation = "dutch"
    up = s.below("corvette")[:2]
    for f in up:
        f.breaking_out = True
    ctx, log, _ = context([[3], [4, 5], [2]])  # 3+2 = 5 against 4 and 5; a retreat die
    melee.step_melee(s, T, ctx)
    assert marine.active
    assert all(f.where == "below" and not f.breaking_out for f in up if f.active)
    assert "fail to break out" in texts(log)
    assert not s.on_deck("corvette", "french")


def test_a_battery_is_captured_when_only_the_enemy_stands_in_it() -> None:
    s = fresh(random_events=False)
    battery = s.batteries["battery"]
    for f in s.party_figures("battery"):
        f.fate = "dead"
    last = s.figures["battery-12"]
    last.fate = ""
    put_ashore(s, "battery-12", 30.0, 5.0)
    put_ashore(s, "launch-9", 30.0 - T.figures.base, 5.0)
    # marine +1, British +1 against the soldier's +1 in his battery: 4+2 vs 1+1
    ctx, _, _ = context([[4], [1]])
    melee.step_melee(s, T, ctx)
    assert last.fate == "dead"
    assert battery.captured_by == "british"


def test_unseen_raiders_who_come_to_blows_give_the_alarm_that_turn() -> None:
    s = fresh(random_events=False)
    s.turn = 3
    for f in s.party_figures("battery"):
        f.fate = "dead"
    s.figures["battery-12"].fate = ""
    put_ashore(s, "battery-12", 30.0, 5.0)
    put_ashore(s, "launch-9", 30.0 - T.figures.base, 5.0)
    ctx, log, _ = context([[4], [4], [3]])  # 4+2 against 4+1: the soldier falls back 3 in
    melee.step_melee(s, T, ctx)
    assert s.detected and s.alarm_turn == 3
    assert "fall on the defenders" in texts(log)


def test_a_guard_beaten_by_1_at_the_rail_falls_back_inboard_not_over_the_side() -> None:
    """Melee: the loser by 1 retreats a d6 of inches straight away from the
    winner. A guard at the larboard fore chains beaten by a boarder on the
    climb falls back away from that rail, into the ship, and the boarder,
    with nobody left barring the rail, gains the deck. Played through the
    engine: the raiders are seen, the launch alongside since last turn."""
    dice = ScriptedDice(
        # the launch's, cutter's and jolly boat's rowing dice (the launch's
        # unused: she is alongside; the others lie still), her climb (a 4,
        # then 1 boarder); the melee (the officer a 5 +1, the guard a 4 +1),
        # the guard's retreat (2 in), the rigging die
        [6, 1, 1, 4, 1, 5, 4, 2, 1]
    )
    g = game(random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 1
    ship = s.ships["corvette"]
    px, py = harbour.boarding_points(ship, T)["larboard-fore"]
    guard = put_on_deck(s, "corvette-guard-1", px, py)
    launch = s.boats["launch"]
    launch.alongside, launch.alongside_turn = "corvette:larboard-fore", 0
    launch.x, launch.y, launch.heading = harbour.alongside_spot(ship, T, "larboard-fore", launch)
    s.ask = {"kind": "alongside", "seat": "british", "boat": "launch", "secret": False}
    g.apply("british", "climb")
    while (p := g.prompt()) is not None and g.state.turn == 1:
        g.apply(p.seat, "hold")  # the guard stands; the launch's muskets hold fire
    s = g.state
    guard = s.figures["corvette-guard-1"]
    assert any("against" in e.text and "retreats" in e.text for e in g.log)
    assert guard.active and guard.where == "deck"
    assert guard.y == pytest.approx(py + 2.0)  # two inches inboard of the larboard rail
    assert s.figures["launch-1"].where == "deck"
    assert dice.remaining == 0


def _climb_the_mole(dice: ScriptedDice) -> tuple[Any, Any]:
    """Played through the engine: the raiders are seen (the garrison not yet
    called out); the launch has lain at the town mole since last turn and a
    French soldier stands at its top. The launch's people climb; the cutter
    and the jolly boat lie still; nobody fires."""
    g = game(random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 10
    launch = s.boats["launch"]
    mole = s.landings["town-mole"]
    launch.x, launch.y = mole.x, mole.y
    launch.landed, launch.landed_turn = "town-mole", 0
    tx, ty = harbour.ashore_point(s, (mole.x, mole.y))
    soldier = put_ashore(s, "battery-9", tx, ty)
    s.ask = {"kind": "landed", "seat": "british", "boat": "launch", "secret": False}
    g.apply("british", "land")
    while (p := g.prompt()) is not None and g.state.turn == 1:
        if p.kind == "form":
            g.apply(p.seat, rows(p, {}, ("heading:90", 0)))
        else:
            g.apply(p.seat, "hold")
    return g, soldier


def test_landing_on_a_mole_the_defender_at_the_top_gets_plus_1_and_a_beaten_climber_dies() -> None:
    """Movement: figures landing on a mole or pier use the rules for boarding
    a vessel; Melee: +1 to the defender against climbers, and a boarder who
    loses while climbing dies whatever the difference. The launch climbs (a
    4, then 2 of her people); the soldier at the top rolls 5 (+1): the
    officer's 4 (+1 British) loses by 1 and dies for it, the sailor's 1 (+1)
    by 4; nobody gets onto the mole."""
    # the launch's, the cutter's and the jolly boat's rowing dice, her climb
    # (4) and climbers (2); the melee: the climbers 4 and 1, the soldier 5
    dice = ScriptedDice([6, 1, 1, 4, 2, 4, 1, 5])
    g, _ = _climb_the_mole(dice)
    s = g.state
    log = "\n".join(e.text for e in g.log)
    assert "must fight their way past 1 at the top" in log
    assert s.figures["launch-1"].fate == "dead" and s.figures["launch-2"].fate == "dead"
    assert s.figures["battery-9"].active
    assert not [f for f in s.party_figures("launch") if f.where == "land"]
    assert (
        "the launch's crew officer 4+1 against the shore battery garrison soldier 5+1" in log
    )  # the soldier's +1: defending against boarders climbing
    assert dice.remaining == 0


def test_climbers_who_beat_the_defender_at_the_top_of_the_mole_get_ashore() -> None:
    """The same climb: the officer's 6 (+1) against the soldier's 2 (+1) kills
    him; nobody is left barring the top, so both climbers stand on the mole."""
    dice = ScriptedDice([6, 1, 1, 4, 2, 6, 4, 2])
    g, _ = _climb_the_mole(dice)
    s = g.state
    assert s.figures["battery-9"].fate == "dead"
    assert s.figures["launch-1"].where == "land" and s.figures["launch-2"].where == "land"
    assert len(s.aboard("launch")) == 10
    assert dice.remaining == 0


def test_climbers_onto_an_empty_mole_are_ashore_without_a_fight() -> None:
    """Nobody at the top: the climbers come up in the challenge step, and no
    melee die is rolled."""
    dice = ScriptedDice([6, 1, 1, 3, 5])
    g = game(random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 10
    launch = s.boats["launch"]
    mole = s.landings["town-mole"]
    launch.x, launch.y = mole.x, mole.y
    launch.landed, launch.landed_turn = "town-mole", 0
    s.ask = {"kind": "landed", "seat": "british", "boat": "launch", "secret": False}
    g.apply("british", "land")
    while (p := g.prompt()) is not None and g.state.turn == 1:
        if p.kind == "form":
            g.apply(p.seat, rows(p, {}, ("heading:90", 0)))
        else:
            g.apply(p.seat, "hold")
    s = g.state
    assert len([f for f in s.party_figures("launch") if f.where == "land"]) == 5
    assert dice.remaining == 0


def test_defenders_ashore_may_go_to_bar_the_top_of_a_mole_where_a_boat_lies() -> None:
    """Landing on a mole is boarding, so those at its top bar the way. Played
    through the engine: the garrison, turned out, stands a few inches from
    the town mole where the launch lies; the launch's people climb (a 4, then
    2); in the defenders' move the garrison is ordered to bar the top (its
    die a 3: 9 in); the climbers must fight the men there, tie, and are held
    off."""
    dice = ScriptedDice([6, 1, 1, 4, 2, 3, 3, 3, 3, 3])
    g = game(random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 0, -1  # the garrison may act
    for f in s.below("corvette"):
        f.fate = "dead"  # no crew to come up the hatch
    launch = s.boats["launch"]
    mole = s.landings["town-mole"]
    launch.x, launch.y = mole.x, mole.y
    launch.landed, launch.landed_turn = "town-mole", 0
    for n, f in enumerate(s.party_figures("battery")):
        put_ashore(s, f.id, 56.0 + 0.8 * (n % 4), 45.0 + 0.8 * (n // 4))
    s.ask = {"kind": "landed", "seat": "british", "boat": "launch", "secret": False}
    g.apply("british", "land")
    offered = []
    while (p := g.prompt()) is not None and g.state.turn == 1:
        if p.kind == "form":
            g.apply(p.seat, rows(p, {}, ("heading:90", 0)))
        elif p.context.get("step") == "land":
            offered = p.option_ids()
            g.apply(p.seat, "bar:town-mole")
        else:
            g.apply(p.seat, "hold")
    s = g.state
    assert "bar:town-mole" in offered
    tx, ty = harbour.ashore_point(s, (mole.x, mole.y))
    at_top = [
        f
        for f in s.party_figures("battery")
        if ((f.x - tx) ** 2 + (f.y - ty) ** 2) ** 0.5 <= T.deck.rail_reach
    ]
    assert at_top
    log = "\n".join(e.text for e in g.log)
    assert f"must fight their way past {len(at_top)} at the top" in log
    assert "The boarders at the town mole are held off" in log
    assert len(s.aboard("launch")) == 12 and not any(f.climbing for f in s.aboard("launch"))
    assert dice.remaining == 0
