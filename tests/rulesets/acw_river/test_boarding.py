"""Boarding Ships; Landing Parties on towns, ports and forts; Anchor."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.boarding import anchor, board, land_party, parties_ashore
from quarterdeck.rulesets.acw_river.movement import speed_limits

from .helpers import T, context, position, ship

TOWN = {"id": "town", "name": "Town", "kind": "town", "x": 2.0, "y": 30.0, "w": 4.0, "h": 3.0}
FORT = {
    "id": "fort",
    "name": "Fort",
    "side": "confederate",
    "x": 2.0,
    "y": 40.0,
    "w": 4.0,
    "h": 2.0,
    "cpv": [1, 0, 0, 0, 0, 0],
    "guns": [{"type": "8in-sb", "square": 1}],
}


def alongside():
    return position(
        [ship("b", "hartford", "union", 24, 30), ship("p", "selma", "confederate", 25.0, 30)]
    )


def test_boarding_4_to_6_gets_aboard_then_highest_die_wins_and_takes_her() -> None:
    state = alongside()
    b, p = state.ships["b"], state.ships["p"]
    ctx, dice, _ = context([4, 6, 3, 5, 2])  # board on 4; two parties 6 3 v two defenders 5 2
    board(state, b, p, ctx, T)
    assert p.status == "captured" and p.side == "union"
    assert p.prize_move == state.turn + 1  # a move to get under way and fire
    assert (p.crew.engine, p.crew.boiler) == (1, 1)  # the two parties work her
    assert dice.requests[1].seat == "union" and dice.requests[2].seat == "confederate"


def test_boarding_fails_on_1_to_3() -> None:
    state = alongside()
    ctx, _, _ = context([3])
    board(state, state.ships["b"], state.ships["p"], ctx, T)
    assert state.ships["p"].status == "active" and state.parties == {}


def test_boarding_a_draw_fights_on_into_the_next_move() -> None:
    state = alongside()
    b, p = state.ships["b"], state.ships["p"]
    ctx, _, _ = context([5, 4, 3, 4, 2])
    board(state, b, p, ctx, T)
    assert p.status == "active" and len(state.parties) == 1
    ctx, _, _ = context([1, 1, 6, 2])  # next move: the defenders win, the boarders are lost
    parties_ashore(state, ctx, T)
    assert state.parties == {} and b.crew.lost == 2


def test_boarding_up_to_two_parties_a_move() -> None:
    state = alongside()
    ctx, dice, _ = context([6, 6, 6, 1, 1])
    board(state, state.ships["b"], state.ships["p"], ctx, T)
    assert dice.requests[1].count == 2


def test_landing_parties_a_move_to_land_an_inch_a_move_then_a_6_takes_the_town() -> None:
    state = position([ship("b", "metacomet", "union", 5.5, 33)], places=[TOWN])
    b = state.ships["b"]
    ctx, _, _ = context([])
    land_party(state, b, "town", ctx, T)
    (party,) = state.parties.values()
    assert party.stage == "landing" and b.crew.away == 1
    state.turn += 1
    parties_ashore(state, ctx, T)  # ashore now
    assert party.stage == "marching"
    moves = 0
    while party.stage == "marching":
        ctx, _, _ = context([5])
        parties_ashore(state, ctx, T)
        moves += 1
        assert moves < 10
    ctx, _, _ = context([6])
    if state.parties:
        parties_ashore(state, ctx, T)
    assert state.places["town"].secured_by == "union"


def test_landing_parties_at_a_fort_fight_it_out_highest_die() -> None:
    state = position([ship("b", "metacomet", "union", 5.5, 40)], forts=[FORT])
    b = state.ships["b"]
    ctx, _, _ = context([])
    land_party(state, b, "fort", ctx, T)
    state.turn += 1
    parties_ashore(state, ctx, T)
    ctx, _, _ = context([6, 2] * 5)
    for _ in range(5):
        if state.parties:
            parties_ashore(state, ctx, T)
    fort = state.forts["fort"]
    assert fort.captured_by == "union" and fort.status == "captured"


def test_anchor_only_when_stopped_and_then_no_speed() -> None:
    state = position([ship("b", "hartford", "union", 24, 30, speed=2)])
    b = state.ships["b"]
    ctx, _, _ = context([])
    anchor(state, b, True, ctx)
    assert not b.anchored
    b.speed = 0
    anchor(state, b, True, ctx)
    assert b.anchored and speed_limits(b, T) == (0, 0)


def test_boarding_a_ship_her_crew_abandoned_meets_no_defenders() -> None:
    # Morale: a ship that fails is abandoned; Boarding Ships: boarders who
    # get aboard her (4 to 6) find nobody to fight and take her
    state = alongside()
    b, p = state.ships["b"], state.ships["p"]
    p.status = "abandoned"
    ctx, dice, _ = context([4])
    board(state, b, p, ctx, T)
    assert len(dice.requests) == 1  # the boarding die only: no fight
    assert p.status == "captured" and p.side == "union"
