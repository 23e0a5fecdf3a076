"""Who rolls each roll: the firer his fire dice, the owner his specific hits,
morale and damage rolls, each side its initiative and melee dice, the
spar-armed ship the detonation, the hit and its damage (the text's voice),
the game master (nobody in particular) the drift of an abandoned ship."""

from __future__ import annotations

from collections.abc import Sequence

from quarterdeck.core.dice import RollRequest, ScriptedDice
from quarterdeck.core.engine import Context
from quarterdeck.rulesets.flotilla import rules
from quarterdeck.rulesets.flotilla.state import LandBattery, Troop

from .helpers import T, engine, ship, state


class OwnedDice:
    """Scripted dice that keep, for every roll asked, its label and seat."""

    def __init__(self, values: Sequence[Sequence[int]]) -> None:
        self.source = ScriptedDice(values)
        self.asked: list[tuple[str, str | None]] = []

    def roll(self, request: RollRequest) -> tuple[int, ...]:
        self.asked.append((request.label, request.seat))
        return self.source.roll(request)


def test_a_broadside_is_the_firers_the_damage_rolls_are_the_victims() -> None:
    """Iron City's broadside: her fire dice; Selma's specific hit and the
    morale checks its gun hits call for are Selma's (the Confederates')."""
    ic = ship("ic", x=30, y=20, heading=0)
    sel = ship("sel", "selma", "confederate", x=40, y=20, heading=0)
    st = state([ic, sel])
    st.phase, st.side_a = "move_a", "union"
    dice = OwnedDice([[6, 6, 6, 6, 1, 1, 1, 1, 1, 1], [1, 2, 4], [1, 1, 1], [1, 1, 1]])
    game = engine(st, dice)
    game.apply("union", "ic")
    game.apply("union", "sel")
    assert [seat for _, seat in dice.asked] == [
        "union",
        "confederate",
        "confederate",
        "confederate",
    ]
    assert dice.asked[1][0] == "Specific hit on CSS Selma"


def test_initiative_each_side_its_own_die() -> None:
    st = state([ship("ic", x=10, y=10), ship("sel", "selma", "confederate", x=60, y=40)])
    dice = OwnedDice([[3], [5]])
    engine(st, dice)
    assert dice.asked == [
        ("Initiative, union", "union"),
        ("Initiative, confederate", "confederate"),
    ]


def test_a_spar_torpedo_is_the_attackers_but_for_her_victims_specific_hit() -> None:
    a = ship("a", "general_bragg", "confederate", x=10, y=10)
    b = ship("b", "iron_city", "union", x=11, y=10)
    dice = OwnedDice([[5], [6], [1], [1, 1, 2], [6]])
    rules.spar_torpedo(state([a, b]), T, Context(dice), a, b)
    assert dice.asked == [
        ("Spar torpedo of CSS General Bragg: detonates on 5+", "confederate"),
        ("Spar torpedo against USS Iron City: hits on 5+", "confederate"),
        ("Spar torpedo damage to USS Iron City", "confederate"),
        ("Spar torpedo specific hit on USS Iron City", "union"),
        ("Force of the explosion on CSS General Bragg", "confederate"),
    ]


def test_melee_each_side_its_dice_and_the_side_that_suffers_its_leader_check() -> None:
    gunners = Troop("g", "gunners", "confederate", 2, 0, "disciplined", False, 36, 32)
    gunners.fort = "fort"
    fort = LandBattery("fort", "Fort", "confederate", 36, 32, 180.0, 1, 1, "normal", "g")
    marines = Troop("m", "marines", "union", 12, 1, "disciplined", False, 36, 33)
    marines.contact = "fort"
    st = state(
        [ship("ic", x=70, y=2), ship("sel", "selma", "confederate", x=2, y=2)],
        batteries=[fort],
        troops=[gunners, marines],
    )
    st.phase, st.turn = "combat", st.turn_limit
    # marines 3 + 6 = 9 dice, six of them hits: a leader check for the
    # gunners (their side suffers it); gunners 2 dice
    dice = OwnedDice([[6, 6, 6, 6, 6, 6, 1, 1, 1], [4], [1, 1]])
    engine(st, dice)
    assert dice.asked == [
        ("Melee: marines (9 dice)", "union"),
        ("Leader casualty check, gunners", "confederate"),
        ("Melee: gunners (2 dice)", "confederate"),
    ]


def test_an_abandoned_ship_adrift_is_nobodys_roll() -> None:
    s = ship("s", "selma", "confederate", x=30, y=20, status="abandoned")
    st = state([s, ship("ic", x=70, y=2)], current=0.0)
    dice = OwnedDice([[3]])
    rules.drift(st, T, Context(dice), s)
    assert dice.asked == [("CSS Selma adrift", None)]
