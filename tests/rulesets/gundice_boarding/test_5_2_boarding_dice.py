"""5.2 Boarding Dice: every entry of the list, cumulative."""

from __future__ import annotations

from quarterdeck.rulesets.gundice_boarding.rules import side_dice
from quarterdeck.rulesets.gundice_boarding.state import Ship
from quarterdeck.rulesets.gundice_boarding.tables import printed_tables

T = printed_tables()


def ship(
    size: int = 2, crew: str = "C", sail: int = 0, gd_hits: int = 0, failed: bool = False
) -> Ship:
    return Ship("s", "S", "a", size, 30, crew, sail, gd_hits, failed_attacker=failed)


def dice(
    ships: list[Ship], defender: bool = False, mobilised: bool = False, sea: str = "calm"
) -> int:
    return side_dice(T, sea, ships, defender, mobilised)[0]


def test_5_2_one_die_per_size_point() -> None:
    assert dice([ship(3)]) == 3
    assert dice([ship(1)]) == 1


def test_5_2_two_size_two_ships_against_a_size_three_ship_start_four_and_three() -> None:
    assert dice([ship(2), ship(2)]) == 4
    assert dice([ship(3)]) == 3


def test_5_2_defender_adds_one() -> None:
    assert dice([ship(3)], defender=True) == 4


def test_5_2_mobilised_five_gun_dice_add_one() -> None:
    assert dice([ship(2)], mobilised=True) == 3


def test_5_2_a_crew_adds_one_and_f_crew_subtracts_one() -> None:
    assert dice([ship(2, "A")]) == 3
    assert dice([ship(2, "F")]) == 1
    assert dice([ship(2, "B")]) == 2


def test_5_2_defender_with_a_crew_gets_both_dice() -> None:
    assert dice([ship(2, "A")], defender=True) == 4


def test_5_2_fifty_sail_hits_cost_one_die() -> None:
    assert dice([ship(2, sail=49)]) == 2
    assert dice([ship(2, sail=50)]) == 1


def test_5_2_each_five_gun_dice_hits_cost_one_die() -> None:
    assert dice([ship(3, gd_hits=4)]) == 3
    assert dice([ship(3, gd_hits=5)]) == 2
    assert dice([ship(3, gd_hits=14)]) == 1


def test_5_2_several_attackers_use_the_least_damaged_ship() -> None:
    damaged = ship(2, sail=80, gd_hits=12)
    fresh = ship(2, sail=10, gd_hits=3)
    assert dice([damaged, fresh]) == 4
    assert dice([damaged, ship(2, sail=60, gd_hits=5)]) == 4 - 1 - 1


def test_5_2_failed_attacker_loses_one() -> None:
    assert dice([ship(2, failed=True)]) == 1


def test_5_2_dice_never_below_zero() -> None:
    assert dice([ship(1, "F", sail=60, gd_hits=20, failed=True)]) == 0


def test_5_3_choppy_seas_give_the_defender_two_dice() -> None:
    assert dice([ship(2)], defender=True, sea="choppy") == 4
