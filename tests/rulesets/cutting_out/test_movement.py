"""Movement: boats 6" plus their own d6, slowing by half their last move
once no longer rowed; contact with the ship one turn, climbing the next (a
d6: 1-2 fails, 3-6 then a d6 of boarders); a mole as a ship's side; a beach
a d6 inland; figures on land 6" plus a d6 (formed 3" plus a d6); on deck 6";
a half rigged ship 6" plus a d6, fully rigged 12" plus a d10, half speed at
half her hull points (Movement)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.rulesets.cutting_out import harbour, movement

from .helpers import T, context, fresh, game, put_on_deck, rows, texts


def test_a_boat_rows_6_in_plus_its_own_die_and_may_row_less() -> None:
    """Movement: each boat 6 in plus her own d6; she may row less. The
    raiders' boats are asked in one form, a row a boat: one submit moves
    every boat as asked (the launch 7 of her 10 in east, the cutter her full
    12 north, the jolly boat nothing); then the spotting die (a 1)."""
    dice = ScriptedDice([4, 6, 2, 1, 1, 1, 1])  # and turn 2's rowing dice
    g = game(random_events=False, dice=dice)
    p = g.prompt()
    assert p is not None and p.kind == "form"
    assert p.context["boats"] == ["launch", "cutter", "jolly-boat"]
    highs = {f.name: f.high for f in p.fields if f.type == "int"}
    assert highs == {"launch/inches": 10, "cutter/inches": 12, "jolly-boat/inches": 8}
    s0 = g.state
    cutter0 = (s0.boats["cutter"].x, s0.boats["cutter"].y)
    jolly0 = (s0.boats["jolly-boat"].x, s0.boats["jolly-boat"].y)
    g.apply(
        "british",
        {
            "launch/toward": "heading:90",
            "launch/inches": 7,
            "cutter/toward": "heading:0",
            "cutter/inches": 12,
            "jolly-boat/toward": "heading:90",
            "jolly-boat/inches": 0,
        },
    )
    s = g.state
    launch, cutter, jolly = s.boats["launch"], s.boats["cutter"], s.boats["jolly-boat"]
    assert (launch.x, launch.y) == pytest.approx((9.0, 30.0))
    assert launch.last_move == pytest.approx(7.0)
    assert (cutter.x, cutter.y) == pytest.approx((cutter0[0], cutter0[1] + 12.0))
    assert (jolly.x, jolly.y) == pytest.approx(jolly0) and jolly.last_move == 0
    assert (launch.toward, cutter.toward) == ("heading:90", "heading:0")
    assert dice.remaining == 0


def test_the_rowing_form_starts_each_boat_on_her_last_course_at_her_full_allowance() -> None:
    """The form's defaults (the program's, not the text's): each boat's
    course of last turn while she may still take it, her whole allowance."""
    g = game(random_events=False, dice=ScriptedDice([4, 6, 2, 1, 5, 3, 3]))
    p = g.prompt()
    assert p is not None
    g.apply("british", rows(p, {"launch": ("alongside:corvette:starboard-waist", 2)}, ("exit", 0)))
    while (p := g.prompt()) is not None and not p.context.get("boats"):
        g.apply(p.seat, "hold")
    assert p is not None and g.state.turn == 2
    d = p.context["defaults"]
    assert d["launch/toward"] == "alongside:corvette:starboard-waist"
    assert d["cutter/toward"] == "exit"
    assert (d["launch/inches"], d["cutter/inches"], d["jolly-boat/inches"]) == (11, 9, 9)


def test_a_boat_that_casts_off_is_not_offered_the_ship_she_left_as_her_row() -> None:
    """Movement: a boat alongside may cast off and row away; she rolls her
    6 in plus a d6 (a 3) and joins the side's rowing form. The form's
    suggested row (the program's) starts her on her heading, not back to the
    boarding point she has just left (accepted, that row put her alongside
    again, a turn from climbing); likewise a boat pushing off from a landing."""
    from quarterdeck.rulesets.cutting_out import rowing

    s = fresh(random_events=False)
    s.turn = 2
    ship = s.ships["corvette"]
    launch, jolly = s.boats["launch"], s.boats["jolly-boat"]
    launch.x, launch.y, launch.heading = harbour.alongside_spot(ship, T, "larboard-waist", launch)
    launch.alongside, launch.alongside_turn = "corvette:larboard-waist", 1
    launch.toward = "alongside:corvette:larboard-waist"
    jolly.landed, jolly.landed_turn, jolly.toward = "south-beach", 1, "landing:south-beach"
    ctx, _, dice = context([3, 5])
    ask = {"kind": "alongside", "seat": "british", "boat": "launch"}
    movement.apply_alongside(s, T, ctx, ask, "cast-off")
    movement.apply_landed(s, T, ctx, {**ask, "kind": "landed", "boat": "jolly-boat"}, "push-off")
    assert dice.remaining == 0 and s.rowing == ["launch", "jolly-boat"]
    p = rowing.rowing_prompt(s, T, rowing.rowing_ask(s, "british", s.rowing))
    d = p.context["defaults"]
    assert (d["launch/inches"], d["jolly-boat/inches"]) == (9, 11)
    assert d["launch/toward"] == f"heading:{round(ship.heading) % 360}"
    assert d["jolly-boat/toward"].startswith("heading:")


def test_a_row_over_its_boats_allowance_is_refused_and_changes_nothing() -> None:
    """Movement: no boat rows more than her 6 in plus her die. A form with
    one row over its allowance is refused whole, with an error naming the
    field and the legal values; no boat moves."""
    from quarterdeck.core.errors import IllegalAnswer

    g = game(random_events=False, dice=ScriptedDice([4, 6, 2]))
    p = g.prompt()
    before = {b.id: (b.x, b.y) for b in g.state.boats.values()}
    answer = rows(p, {"launch": ("heading:90", 10), "cutter": ("heading:0", 13)}, ("exit", 8))
    with pytest.raises(
        IllegalAnswer, match=r"'cutter/inches': 13 is out of range \(legal values 0 to 12\)"
    ):
        g.apply("british", answer)
    assert {b.id: (b.x, b.y) for b in g.state.boats.values()} == before
    assert g.prompt() == p


def test_an_unrowed_boat_carries_half_its_last_move_until_it_stops() -> None:
    s = fresh(random_events=False)
    boat = s.boats["cutter"]
    for f in s.aboard("cutter"):
        f.fate = "dead"
    boat.heading, boat.last_move = 90.0, 8.0
    ctx, _, _ = context([])
    for expected in (4.0, 2.0, 1.0):
        x = boat.x
        movement.coast(s, T, ctx, boat)
        assert boat.x - x == pytest.approx(expected)
    x = boat.x
    movement.coast(s, T, ctx, boat)  # half of 1 is under an inch: stopped
    assert boat.x == x and boat.last_move == 0


def test_contact_one_turn_climbing_the_next() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    boat = s.boats["launch"]
    x, y, _ = harbour.alongside_spot(ship, T, "starboard-quarter", boat)
    boat.x, boat.y = x - 5, y
    ctx, _log, _ = context([])
    movement.row(s, T, ctx, boat, "alongside:corvette:starboard-quarter", 6)
    assert boat.alongside == "corvette:starboard-quarter" and boat.alongside_turn == s.turn
    assert movement.boat_step(s, T, ctx, boat) is None  # no climbing the turn contact is made
    s.turn += 1
    ask = movement.boat_step(s, T, ctx, boat)
    assert ask is not None and ask["kind"] == "alongside"


@pytest.mark.parametrize(("first", "boarders"), [(1, 0), (2, 0), (3, 5), (6, 2)])
def test_climbing_1_or_2_fails_3_to_6_then_a_d6_of_boarders(first: int, boarders: int) -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    boat = s.boats["launch"]
    boat.alongside = "corvette:starboard-waist"
    ctx, _log, dice = context([first, boarders or 1])
    movement.climb(s, T, ctx, boat, ship, "starboard-waist")
    climbing = [f for f in s.aboard("launch") if f.climbing]
    assert len(climbing) == boarders
    assert all(r.seat == "british" for r in dice.requests)


def test_no_more_climb_than_are_in_the_boat() -> None:
    s = fresh(random_events=False)
    boat = s.boats["jolly-boat"]
    boat.alongside = "corvette:larboard-waist"
    for f in s.aboard("jolly-boat")[2:]:
        f.fate = "dead"
    ctx, _, _ = context([5, 6])
    movement.climb(s, T, ctx, boat, s.ships["corvette"], "larboard-waist")
    assert len([f for f in s.aboard("jolly-boat") if f.climbing]) == 2


def test_a_mole_is_climbed_as_a_ships_side() -> None:
    s = fresh(random_events=False)
    boat = s.boats["cutter"]
    boat.landed = "town-mole"
    ctx, log, _ = context([2])
    movement.land_party(s, T, ctx, boat)
    assert "fail to climb the town mole" in texts(log)
    ctx, _, _ = context([4, 3])
    movement.land_party(s, T, ctx, boat)
    # three climb; they reach the top in the challenge step (or fight for it)
    assert len([f for f in s.aboard("cutter") if f.climbing == "town-mole"]) == 3


def test_a_beach_landing_moves_a_d6_inland_that_turn() -> None:
    s = fresh(random_events=False)
    boat = s.boats["jolly-boat"]
    boat.landed = "south-beach"
    ctx, _, dice = context([4])
    movement.land_party(s, T, ctx, boat)
    ashore = [f for f in s.party_figures("jolly-boat") if f.where == "land"]
    assert len(ashore) == 6
    assert dice.requests[0].sides == 6
    beach = s.landings["south-beach"]
    cx = sum(f.x for f in ashore) / 6
    cy = sum(f.y for f in ashore) / 6
    start = harbour.ashore_point(s, (beach.x, beach.y))
    assert math.dist((cx, cy), start) == pytest.approx(4.0, abs=0.3)
    assert all(harbour.on_land(s, (f.x, f.y)) for f in ashore)


@pytest.mark.parametrize(("formed", "die", "inches"), [(False, 3, 9.0), (True, 3, 6.0)])
def test_land_6_in_plus_a_d6_formed_3_in_plus_a_d6(formed: bool, die: int, inches: float) -> None:
    s = fresh(random_events=False)
    party = s.parties["launch"]
    ctx, _, _ = context([die])
    assert movement.land_allowance(s, T, ctx, party, formed) == inches


def test_on_deck_a_figure_moves_no_more_than_6_in() -> None:
    s = fresh(random_events=False)
    s.detected = True
    raider = put_on_deck(s, "cutter-2", 0.5, 0.0)
    guard = s.figures["corvette-guard-3"]  # on the quarterdeck, 1.3 in from the stern
    for g in ("corvette-guard-1", "corvette-guard-2"):
        s.figures[g].fate = "dead"
    guard.x = 11.5
    ctx, _, _ = context([])
    movement.apply_deck(s, T, ctx, {"party": "cutter", "ship": "corvette"}, "attack")
    assert raider.x == pytest.approx(6.5)
    guard.x = 7.0
    movement.apply_deck(s, T, ctx, {"party": "cutter", "ship": "corvette"}, "attack")
    assert math.dist((raider.x, raider.y), (guard.x, guard.y)) <= T.figures.contact


def test_the_prize_half_rigged_6_plus_d6_full_12_plus_d10_half_speed_when_holed() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    ship.rig = 25
    ctx, _, dice = context([5])
    assert movement.ship_allowance(s, T, ctx, ship) == 11
    ship.rig = 40
    ctx, _, dice = context([7])
    assert movement.ship_allowance(s, T, ctx, ship) == 19
    assert dice.requests[0].sides == 10
    ship.hull_hits = 6
    ctx, _, _ = context([7])
    assert movement.ship_allowance(s, T, ctx, ship) == 9  # half of 19, rounded down


def test_boats_alongside_are_towed_and_the_prize_reaches_the_sea() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    boat = s.boats["cutter"]
    boat.alongside = "corvette:larboard-waist"
    ctx, log, _ = context([])
    movement.sail(s, T, ctx, ship, 14.0)
    assert ship.status == "under-way"
    spot = harbour.alongside_spot(ship, T, "larboard-waist", boat)
    assert (boat.x, boat.y) == pytest.approx(spot[:2])
    movement.sail(s, T, ctx, ship, 60.0)
    assert ship.status == "at-sea"
    assert "is out of the harbour" in texts(log)


def test_a_boat_that_rows_off_the_sea_edge_has_left_the_game() -> None:
    s = fresh(random_events=False)
    boat = s.boats["cutter"]
    ctx, _, _ = context([])
    movement.row(s, T, ctx, boat, "exit", 6)
    assert boat.status == "escaped"
    assert all(f.fate == "escaped" for f in s.figures.values() if f.party == "cutter")


def test_boats_do_not_row_through_the_land() -> None:
    s = fresh(random_events=False)
    boat = s.boats["jolly-boat"]
    boat.x, boat.y = 40.0, 20.0
    ctx, _, _ = context([])
    movement.row(s, T, ctx, boat, "heading:180", 12)  # due south, into the shore
    assert not harbour.on_land(s, (boat.x, boat.y))
    assert boat.y > 13.0 - 0.5


def test_the_lost_ensigns_boat_rows_its_full_move_where_the_die_says() -> None:
    s = fresh(random_events=False)
    boat = s.boats["cutter"]
    boat.x, boat.y = 30.0, 25.0
    s.ensign_boat = "cutter"
    ctx, log, _ = context([5, 3])  # 6 + 5 = 11 in; the third direction: 120 degrees off
    assert movement.boat_step(s, T, ctx, boat) is None  # no choice for the lost boat
    assert boat.heading == pytest.approx(210.0)
    assert math.dist((boat.x, boat.y), (30.0, 25.0)) == pytest.approx(11.0)
    assert any("wanders" in e.text and e.seats == ("british",) for e in log)


def test_going_up_the_side_of_a_prize_her_raiders_hold_needs_no_climbing_roll() -> None:
    """Movement: only boarding a hostile vessel takes the climbing die. Played
    through the engine: the cutter's people hold the corvette's deck; the
    launch, alongside since last turn, sends her people up unopposed, and
    the only dice of the turn after the boats' rowing dice are the prize's
    rigging roll (a d6: the hatch is not yet guarded)."""
    dice = ScriptedDice([6, 1, 1, 4])
    g = game(random_events=False, dice=dice)
    s = g.state
    assert s.ask is not None and s.ask["boats"] == ["launch", "cutter", "jolly-boat"]
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 1  # the crew turn out on turn 2
    for gid in ("corvette-guard-1", "corvette-guard-2", "corvette-guard-3"):
        s.figures[gid].fate = "dead"
    for n, f in enumerate(s.aboard("cutter")):
        put_on_deck(s, f.id, 2.0 + n * 0.8, 0.0)
    for f in s.aboard("jolly-boat"):
        f.fate = "escaped"
    launch = s.boats["launch"]
    launch.alongside, launch.alongside_turn = "corvette:starboard-quarter", 0
    launch.x, launch.y, launch.heading = harbour.alongside_spot(
        s.ships["corvette"], T, "starboard-quarter", launch
    )
    s.ask = {"kind": "alongside", "seat": "british", "boat": "launch", "secret": False}
    g.apply("british", "climb")
    while (p := g.prompt()) is not None and p.seat == "british" and g.state.turn == 1:
        g.apply("british", "hold")  # the cutter's people at the prize's guns hold fire
    s = g.state
    assert dice.remaining == 0  # the rowing dice and the rigging die, no climbing dice
    assert not any("climbing the side" in e.text for e in g.log)
    assert len(s.on_deck("corvette", "british")) == 8 + 12
    assert not s.aboard("launch")


def test_a_boat_rows_round_the_ship_to_her_far_side_not_through_her_hull() -> None:
    """Movement: a boat making for a boarding point on the ship's far side
    goes round her stern (or bow), never across her hull. Played through the
    engine: the launch, 6 in off the corvette's larboard side, makes for her
    starboard waist, 8 in away as the crow flies but 13 round the stern: with
    12 in she ends the turn clear of the hull, and comes alongside the next."""
    dice = ScriptedDice([6, 1, 1, 6, 1, 1])  # each turn: the launch, the cutter, the jolly boat

    def others(g: Any, turn: int) -> None:
        while (p := g.prompt()) is not None and g.state.turn == turn:
            g.apply(p.seat, "hold")  # the guard stands; no one fires

    g = game(random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 10  # seen; the crew not yet called
    ship = s.ships["corvette"]
    launch = s.boats["launch"]
    launch.x, launch.y = ship.x, ship.y - 6.0  # she lies heading west: larboard is south
    g.apply(
        "british",
        rows(g.prompt(), {"launch": ("alongside:corvette:starboard-waist", 12)}, ("heading:90", 0)),
    )
    launch = g.state.boats["launch"]
    assert launch.alongside == ""
    assert harbour.distance_to_ship(g.state.ships["corvette"], (launch.x, launch.y)) > 0.5
    assert launch.x > ship.x + ship.length / 2  # round by her stern (east)
    others(g, 1)
    assert g.state.turn == 2
    g.apply(
        "british",
        rows(g.prompt(), {"launch": ("alongside:corvette:starboard-waist", 12)}, ("heading:90", 0)),
    )
    assert g.state.boats["launch"].alongside == "corvette:starboard-waist"
    others(g, 2)
    assert dice.remaining == 0


def test_the_lost_ensigns_boat_stops_at_the_sea_edge_rather_than_leave_the_game() -> None:
    """Card Events Ideas: the ensign gets confused in the dark; his boat
    wanders, it does not desert. Played through the engine: turn 1's card is
    the lost ensign, the die picks the launch (2 in from the sea edge) and
    sends her back the way she came; she stops at the edge, still in the game."""
    # the boat, her move, her way; the cutter's and the jolly boat's rowing dice
    dice = ScriptedDice([1, 6, 4, 1, 1], cards=["ensign"])
    g = game(random_events=True, dice=dice)
    launch = g.state.boats["launch"]
    assert launch.afloat and launch.x == pytest.approx(0.0)
    assert all(f.active for f in g.state.party_figures("launch"))
    assert dice.remaining == 0


def _row_launch(start: tuple[float, float], toward: str, inches: int) -> Any:
    """Played through the engine: the raiders seen, the crew not yet called;
    the launch at ``start`` rows ``toward`` (rowing die 6: up to 12 in); the
    cutter and jolly boat lie still; nobody fires. The state after turn 1
    (the last three dice are the boats' rowing dice of turn 2)."""
    dice = ScriptedDice([6, 1, 1, 1, 1, 1])
    g = game(random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 10
    s.boats["launch"].x, s.boats["launch"].y = start
    g.apply("british", rows(g.prompt(), {"launch": (toward, inches)}, ("heading:90", 0)))
    while (p := g.prompt()) is not None and g.state.turn == 1:
        if p.kind == "form":
            g.apply(p.seat, rows(p, {}, ("heading:90", 0)))
        else:
            g.apply(p.seat, "hold")
    assert dice.remaining == 0
    return g.state


def _crossed(ship: Any, a: tuple[float, float], b: tuple[float, float]) -> bool:
    from shapely.geometry import LineString, Polygon

    return bool(Polygon(harbour.outline(ship)).intersects(LineString([a, b])))


def test_a_boat_on_a_compass_heading_rows_round_the_ships_hull_not_through_it() -> None:
    """Movement: boats keep out of a ship's hull whatever their order. The
    launch, 6 in off the corvette's larboard (south) side, rows 12 in on a
    heading north: straight on would cross the hull, so she goes round the
    ship's nearer end and ends her 12 in clear of the hull."""
    s0 = fresh(random_events=False)
    ship = s0.ships["corvette"]
    start = (ship.x, ship.y - 6.0)
    s = _row_launch(start, "heading:0", 12)
    launch = s.boats["launch"]
    assert harbour.distance_to_ship(ship, (launch.x, launch.y)) > 0.5
    assert launch.last_move == pytest.approx(12.0)
    # round one end of her, an inch clear, not straight on to 6 in north of her
    assert abs(launch.x - ship.x) == pytest.approx(ship.length / 2 + 1.0)
    way = harbour.boat_way(s, start, (ship.x, ship.y + 6.0))
    assert not any(_crossed(ship, p, q) for p, q in zip([start, *way], way, strict=False))


def test_a_compass_heading_into_the_ships_side_stops_the_boat_at_her_side() -> None:
    """A heading whose end lies in the hull: the launch stops half an inch
    off the corvette's side instead of rowing into her."""
    s0 = fresh(random_events=False)
    ship = s0.ships["corvette"]
    s = _row_launch((ship.x, ship.y - 6.0), "heading:0", 6)
    launch = s.boats["launch"]
    assert harbour.distance_to_ship(ship, (launch.x, launch.y)) == pytest.approx(0.5)
    assert launch.x == pytest.approx(ship.x)


def test_a_boat_making_for_the_exit_rows_round_the_ship_in_her_way() -> None:
    """The sample game's sea edge is west; the launch lies 8 in east of the
    corvette's centre, on her line: the straight way out crosses the hull.
    She rows her 12 in round the ship instead, and is clear of the hull."""
    s0 = fresh(random_events=False)
    ship = s0.ships["corvette"]
    start = (ship.x + 8.0, ship.y)
    s = _row_launch(start, "exit", 12)
    launch = s.boats["launch"]
    assert harbour.distance_to_ship(ship, (launch.x, launch.y)) > 0.5
    assert launch.last_move == pytest.approx(12.0)
    # round her stern (the east end), and now beside her, clear of her side
    assert abs(launch.y - ship.y) > ship.beam / 2
    assert launch.x < ship.x + ship.length / 2


def test_a_boat_making_for_a_landing_rows_round_the_ship_in_her_way() -> None:
    """The launch lies 3 in south of the corvette; the town mole is north of
    her: the straight way crosses the hull, so she goes round it, and her
    12 in do not bring her to the mole that turn."""
    s0 = fresh(random_events=False)
    ship = s0.ships["corvette"]
    start = (ship.x + 4.0, ship.y - 3.0)
    s = _row_launch(start, "landing:town-mole", 12)
    launch = s.boats["launch"]
    assert launch.landed == ""
    assert harbour.distance_to_ship(ship, (launch.x, launch.y)) > 0.5
    # round her stern (the nearer end, east), and past her to the north
    assert launch.y > ship.y + ship.beam / 2 and launch.x > start[0] + 1.0
    way = harbour.boat_way(s, start, (60.0, 41.8))
    assert len(way) > 1
    assert not any(_crossed(ship, p, q) for p, q in zip([start, *way], way, strict=False))


def test_a_boat_going_round_one_ship_does_not_cross_another_beside_her() -> None:
    """Movement: no boat crosses a hull, with two ships close together. At
    Puerto Cabello the east guard boat is moved to lie 2.7 in off the
    Hermione's bow quarter; the pinnace, west of them, rows 12 in due east:
    straight on she would hit the guard boat, and the way round the guard
    boat's south end runs across the Hermione's bow, so she goes round the
    frigate's bow as well (an inch clear) and comes down the gap between
    them, ending an inch off the guard boat's end (her 12 in spent)."""
    dice = ScriptedDice([6] + [1] * 11)  # the six boats' rowing dice, turns 1 and 2
    g = game("hermione-puerto-cabello-1799", random_events=False, dice=dice)
    s = g.state
    s.detected, s.spotted_turn, s.alarm_turn = True, 1, 10
    s.ships["guard-boat-east"].x, s.ships["guard-boat-east"].y = 41.5, 26.0
    start = (31.0, 26.0)
    s.boats["pinnace"].x, s.boats["pinnace"].y = start
    g.apply("british", rows(g.prompt(), {"pinnace": ("heading:90", 12)}, ("heading:90", 0)))
    while (p := g.prompt()) is not None and g.state.turn == 1:
        if p.kind == "form":
            g.apply(p.seat, rows(p, {}, ("heading:90", 0)))
        else:
            g.apply(p.seat, "hold")
    assert dice.remaining == 0
    s = g.state
    pinnace = s.boats["pinnace"]
    assert pinnace.last_move == pytest.approx(12.0)
    assert (pinnace.x, pinnace.y) == pytest.approx((40.447, 22.600), abs=1e-3)
    way = harbour.boat_way(s, start, (43.0, 26.0))
    for ship in s.ships.values():
        assert not any(_crossed(ship, p, q) for p, q in zip([start, *way], way, strict=False))


def test_a_boat_between_two_ships_lying_close_together_goes_round_both_through_neither() -> None:
    """Movement: no boat crosses a hull, even where two ships lie under two
    inches apart, so that the turning points an inch clear of one fall in
    the other. At Puerto Cabello the east guard boat lies crosswise 0.3 in
    off the Hermione's bow; a boat west of them rows for a point east of the
    gap: her way turns only at corners clear of both hulls."""
    g = game("hermione-puerto-cabello-1799", random_events=False, dice=ScriptedDice([6] * 20))
    s = g.state
    h, guard = s.ships["hermione"], s.ships["guard-boat-east"]
    guard.x, guard.y = harbour.deck_to_table(h, h.length + 0.3 + guard.beam / 2, 0.0)
    guard.heading = 0.0
    start, goal = (20.0, 22.766), (40.0, 26.066)
    way = harbour.boat_way(s, start, goal)
    assert way[-1] == goal
    legs = list(zip([start, *way], way, strict=False))
    for ship in (h, guard, s.ships["guard-boat-west"]):
        assert not any(_crossed(ship, p, q) for p, q in legs), ship.id
    # the way is the shortest by the corners, not a zig-zag
    assert len(way) <= 4


def test_the_drag_ends_are_where_the_rules_row_her_and_move_nothing() -> None:
    """The web table's drag ends for a boat of the rowing form are the rules'
    own rows: the launch 5 in off the corvette's larboard waist with 12 in
    comes alongside there (the end lies where contact puts her), each
    compass heading at 4, 8 and 12 in, the sea exit; working them out moves
    nobody and logs nothing."""
    from quarterdeck.rulesets.cutting_out import rowing

    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    launch = s.boats["launch"]
    x, y, _ = harbour.alongside_spot(ship, T, "larboard-waist", launch)
    launch.x, launch.y = x - 5.0, y
    s.allowance["launch"] = 12.0
    before = (launch.x, launch.y, launch.heading, launch.last_move, launch.alongside)
    fates = {f.id: f.fate for f in s.figures.values()}
    ends = rowing.rowing_ends(s, T, "launch")
    assert (launch.x, launch.y, launch.heading, launch.last_move, launch.alongside) == before
    assert {f.id: f.fate for f in s.figures.values()} == fates
    by = {(e["toward"], e["inches"]): e for e in ends}
    waist = by[("alongside:corvette:larboard-waist", 12)]
    assert waist["how"] == "alongside"
    assert (waist["x"], waist["y"]) == pytest.approx((x, y), abs=0.01)
    assert waist["rowed"] == pytest.approx(5.0, abs=0.05)
    assert by[("exit", 12)]["how"] in ("row", "out")
    south = by[("heading:180", 4)]  # away from her larboard side: open water
    assert (south["x"], south["y"]) == pytest.approx((launch.x, launch.y - 4.0), abs=0.01)
    assert {i for (tw, i) in by if tw == "heading:180"} == {4, 8, 12}
    # the same rows, rowed by the rules for real, end where the ends say
    ctx, _, _ = context([])
    movement.row(s, T, ctx, launch, "alongside:corvette:larboard-waist", 12)
    assert (launch.x, launch.y) == pytest.approx((waist["x"], waist["y"]), abs=0.01)


def test_only_the_seat_asked_to_row_gets_drag_ends_for_its_web_table() -> None:
    """The drag ends are worked out for the seat whose rowing form is open,
    for its own boats; the other seat's table gets none."""
    g = game(random_events=False, dice=ScriptedDice([4, 6, 2]))
    british = g.view("british")
    extra = g.ruleset.table_view(g.state, british)
    assert sorted(extra["row_ends"]) == ["cutter", "jolly-boat", "launch"]
    assert all(extra["row_ends"][b] for b in extra["row_ends"])
    assert g.ruleset.table_view(g.state, g.view("french")) == {}
    assert g.ruleset.table_view(g.state, g.view(None)) == {}


def test_the_program_answers_the_whole_rowing_form_a_boarding_point_a_boat() -> None:
    """The heuristic raiders answer every row of the form at once, each boat
    at her whole allowance, and no two boats making for the prize are sent
    to the same boarding point (it once saw only boats already alongside)."""
    from quarterdeck.rulesets.cutting_out.ai import CuttingOutAI

    g = game(random_events=False, dice=ScriptedDice([6, 5, 4]))
    p = g.prompt()
    assert p is not None
    answer = CuttingOutAI("british").decide(g.view("british"), p)
    assert p.check(answer) == answer
    assert [answer[f"{b}/inches"] for b in ("launch", "cutter", "jolly-boat")] == [12, 11, 10]
    points = [v for k, v in answer.items() if k.endswith("/toward") and v.startswith("alongside:")]
    assert points and len(points) == len(set(points))
