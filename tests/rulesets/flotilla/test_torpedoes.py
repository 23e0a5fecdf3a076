"""Spar torpedoes and torpedoes (mines) with their automatic specific hits
(Spar Torpedo; Torpedoes)."""

from __future__ import annotations

from quarterdeck.rulesets.flotilla import rules

from .helpers import Dice, T, ship, state


def spar_pair() -> tuple[rules.State, rules.Ship, rules.Ship]:
    a = ship("gb", "general_bragg", "confederate", x=40.5, y=18.5, heading=0, spar=True)
    b = ship("ic", x=40, y=20, heading=270)
    return state([a, b]), a, b


def test_spar_offered_within_2_inches() -> None:
    st, a, _ = spar_pair()
    assert "spar:ic" in [o.id for o in rules.close_options(st, T, a)]


def test_spar_dud_on_1_to_4() -> None:
    st, a, b = spar_pair()
    d = Dice([4])
    rules.spar_torpedo(st, T, d.ctx, a, b)
    assert b.ticked == 0 and not a.spar and d.left == 0


def test_spar_hit_damage_die_plus_specific_at_minus_4() -> None:
    st, a, b = spar_pair()
    # detonates (5), hits (6), 3 damage, specific 4+5+6-4 = 11: 2 guns + crew die;
    # the explosion costs the spar boat 1 hit on a 1
    d = Dice([5, 6, 3, [4, 5, 6], 2, 1])
    rules.spar_torpedo(st, T, d.ctx, a, b)
    assert b.ticked == 3 and sum(x.hits for x in b.batteries) == 2
    assert a.ticked == 1 and d.left == 0


def test_spar_miss_still_shakes_the_attacker() -> None:
    st, a, b = spar_pair()
    d = Dice([6, 4, 2])
    rules.spar_torpedo(st, T, d.ctx, a, b)
    assert b.ticked == 0 and a.ticked == 2


def test_a_small_spar_boat_is_destroyed_on_1_or_2() -> None:
    a = ship("mar", "marmora", x=36, y=18.5, heading=0, spar=True)
    b = ship("sel", "selma", "confederate", x=40, y=20, heading=270)
    st = state([a, b])
    rules.spar_torpedo(st, T, Dice([5, 1, 2]).ctx, a, b)
    assert a.status == "hulk"


def test_torpedo_2_to_8_is_a_dud_and_removed() -> None:
    s = ship("tec", "tecumseh", x=36, y=10, heading=0)
    st = state([s])
    st.torpedoes = [(36.0, 14.0)]
    rules.check_torpedoes(st, T, Dice([4, 4]).ctx, s, (36, 10), (36, 18))
    assert st.torpedoes == [] and s.ticked == 0


def test_torpedo_9_to_12_damage_die_plus_specific_at_minus_6() -> None:
    s = ship("tec", "tecumseh", x=36, y=10, heading=0)
    st = state([s])
    st.torpedoes = [(36.5, 14.0)]
    # 9: explodes; 2 hits; specific 3+3+4-6 = 4: waterline, 2 continuing, four
    # guns off the turret's track passing both its (c) boxes
    d = Dice([4, 5, 2, [3, 3, 4], [1, 1, 1], [1, 1, 1]])
    rules.check_torpedoes(st, T, d.ctx, s, (36, 10), (36, 18))
    assert s.ticked == 2 and s.continuing == 2 and d.left == 0


def test_a_torpedo_off_the_path_is_not_struck() -> None:
    s = ship("tec", "tecumseh", x=36, y=10, heading=0)
    st = state([s])
    st.torpedoes = [(40.0, 14.0)]
    rules.check_torpedoes(st, T, Dice([]).ctx, s, (36, 10), (36, 18))
    assert st.torpedoes == [(40.0, 14.0)]


def test_a_spar_torpedo_that_sinks_her_counts_as_sinking_an_enemy() -> None:
    """Captain's Morale Modifiers: +1 for a ship that has sunk an enemy ship,
    whatever sank her (here a spar torpedo), and the sinking counts for
    the attacker's side at the next initiative."""
    st, a, b = spar_pair()
    b.ticked = len(b.boxes) - 2  # the last two boxes, (c) (c): two morale checks
    d = Dice([5, 6, 3, [1, 1, 1], [1, 1, 1], 6])
    rules.spar_torpedo(st, T, d.ctx, a, b)
    assert b.status == "hulk" and a.sank_enemy
    assert st.sank == {"confederate": 1}


def test_a_spar_boat_destroyed_by_her_own_torpedo_credits_nobody() -> None:
    a = ship("mar", "marmora", x=36, y=18.5, heading=0, spar=True)
    b = ship("sel", "selma", "confederate", x=40, y=20, heading=270)
    st = state([a, b])
    rules.spar_torpedo(st, T, Dice([5, 1, 2]).ctx, a, b)
    assert a.status == "hulk" and st.sank == {} and not b.sank_enemy
