"""Boarding actions: grapple at the end of a move (never a buttoned-up
ironclad), the ships stop, and in the combat phase crew + morale + guns
times a die, high wins; the winner loses two dice of men and needs ten for
a prize crew (Boarding Actions)."""

from __future__ import annotations

from quarterdeck.rulesets.flotilla import rules

from .helpers import Dice, T, ship, state


def alongside(target_roster: str = "selma") -> tuple[rules.State, rules.Ship, rules.Ship]:
    a = ship("ic", x=10, y=10, heading=0, speed=6)
    b = ship("b", target_roster, "confederate", x=10.8, y=10, heading=0, speed=6)
    return state([a, b]), a, b


def test_grapple_offered_alongside_but_never_against_an_ironclad() -> None:
    st, a, _ = alongside()
    assert "grapple:b" in [o.id for o in rules.close_options(st, T, a)]
    st, a, _ = alongside("arkansas")
    assert "grapple:b" not in [o.id for o in rules.close_options(st, T, a)]


def test_a_scenario_may_leave_an_ironclad_unbuttoned() -> None:
    """Boarding Actions forbid boarding only an ironclad that is buttoned up:
    a scenario entry ``buttoned_up = false`` (hatches open, at her moorings)
    lets her be grappled and boarded."""
    from quarterdeck.rulesets.flotilla import make_ship
    from quarterdeck.rulesets.flotilla.state import ShipSpec
    from quarterdeck.rulesets.flotilla.tables import rosters

    st, a, b = alongside("arkansas")
    assert b.buttoned_up and not a.buttoned_up  # ironclads are, by default
    spec = ShipSpec(id="b", roster="arkansas", side="confederate", x=10.8, y=10, buttoned_up=False)
    open_b = make_ship(spec, rosters()["arkansas"])
    st.ships["b"] = open_b
    assert "grapple:b" in [o.id for o in rules.close_options(st, T, a)]


def test_an_ironclad_dropped_to_protected_can_be_boarded() -> None:
    """Specific Hit Chart triples: an ironclad dropped a class is no longer
    an ironclad, so no longer buttoned up."""
    st, a, b = alongside("arkansas")
    b.cls = "protected"
    assert "grapple:b" in [o.id for o in rules.close_options(st, T, a)]


def test_a_successful_grapple_stops_both_ships() -> None:
    st, a, b = alongside()
    rules.resolve_close(st, T, Dice([4]).ctx, a, "grapple:b")
    assert st.grapples == [["ic", "b"]]
    assert (a.speed, b.speed, a.moving, b.moving) == (0, 0, False, False)


def test_grapple_misses_below_4() -> None:
    st, a, _ = alongside()
    rules.resolve_close(st, T, Dice([3]).ctx, a, "grapple:b")
    assert st.grapples == [] and a.grappled is None


def test_boarding_is_crew_plus_morale_plus_guns_times_a_die() -> None:
    st, a, b = alongside()
    # Iron City 50 + 12 + 24 = 86 x 2 = 172; Selma 20 + 12 + 4 guns = 36 x 6 = 216
    d = Dice([2, 6, [3, 4]])
    rules.boarding(st, T, d.ctx, a, b)
    st.queue.pop()  # Selma's captain chooses the prize crew: the least, ten
    rules.take_prize(st, T, d.ctx, b, a, 10)
    # Iron City is Selma's prize now: ten men of Selma's crew sail her
    assert a.status == "active" and a.side == "confederate" and a.captured_by == "confederate"
    assert a.crew == 10
    # Selma: 7 casualties, then 10 men away as the prize crew (no morale check:
    # they are not lost)
    assert b.crew_pos == 20 - 7 - 10
    assert d.left == 0


def test_ties_roll_again() -> None:
    st, a, b = alongside()
    a.crew_pos, a.morale = 4, 8  # 4 + 8 + 24 = 36, as Selma's 20 + 12 + 4
    d = Dice([3, 3, 5, 2, [1, 1]])  # 108 v 108: again; 180 v 72
    rules.boarding(st, T, d.ctx, a, b)
    assert a.crew == 2 and b.crew == 0
    assert b.status == "abandoned"  # two men cannot crew a prize
    assert d.left == 0


def test_winner_without_ten_men_cannot_take_the_prize() -> None:
    st, a, b = alongside()
    a.crew_pos = 11  # 11 men
    d = Dice([6, 1, [1, 1], [1, 1, 1]])  # 47 x 6 against 36 x 1; loses 2 -> 9
    rules.boarding(st, T, d.ctx, a, b)
    assert b.status == "abandoned" and a.crew == 9


def test_combat_phase_asks_the_grappler_to_board() -> None:
    st, a, b = alongside()
    st.grapples = [["ic", "b"]]
    a.grappled, b.grappled = "b", "ic"
    rules.step_combat(st, T, Dice([]).ctx)
    assert st.ask == {"kind": "board", "seat": "union", "ship": "ic", "target": "b"}


def test_no_boarding_by_a_ship_fighting_a_catastrophic_fire() -> None:
    """Specific Hit Chart 2: the whole crew fights the blaze, so the grappler
    does not board that turn (the grapple holds)."""
    st, a, b = alongside()
    st.grapples = [["ic", "b"]]
    a.grappled, b.grappled = "b", "ic"
    a.catastrophic = True
    st.stage = ""
    rules.step_combat(st, T, Dice([]).ctx)
    assert st.ask is None and st.grapples == [["ic", "b"]]


def test_a_grapple_may_be_made_at_the_middle_of_the_move_and_stops_her() -> None:
    a = ship("ic", x=10, y=10, heading=0, speed=6)
    b = ship("b", "selma", "confederate", x=10.8, y=13, heading=0, speed=0)
    st = state([a, b])
    st.phase, st.side_a, st.stage, st.unit = "move_a", "union", "plan", "ic"
    st.order = []
    st.ask = {"kind": "plan", "seat": "union", "ship": "ic", "options": ["s6/0/0/0"]}
    rules.apply(st, T, "union", "s6/0/0/0", Dice([]).ctx)
    # after the first half (fire declined by both), she is alongside Selma
    while st.ask is not None and st.ask["kind"] == "fire":
        rules.apply(st, T, st.ask["seat"], "pass", Dice([]).ctx)
    assert st.ask is not None and st.ask["kind"] == "close"
    p = rules.prompt(st, T)
    assert p is not None and "grapple:b" in p.option_ids()
    rules.apply(st, T, "union", "grapple:b", Dice([5]).ctx)
    assert a.grappled == "b" and (a.x, a.y) == (10, 13)  # stopped at the middle
    assert st.plan.get("middle") is None


def test_no_grappling_while_a_catastrophic_fire_rages() -> None:
    """Specific Hit Chart 2: the whole crew fights a catastrophic fire, so
    nobody is free to throw the grapnels."""
    st, a, _ = alongside()
    a.catastrophic = True
    assert "grapple:b" not in [o.id for o in rules.close_options(st, T, a)]


def test_a_fire_that_forbids_grappling_also_spares_a_struck_enemy() -> None:
    """Specific Hit Chart 9 and 13: no grappling while the fire forbids it,
    not even to take a ship that has struck."""
    st, a, b = alongside()
    b.status = "surrendered"
    assert "grapple:b" in [o.id for o in rules.close_options(st, T, a)]
    a.no_repair = 2
    assert "grapple:b" not in [o.id for o in rules.close_options(st, T, a)]
