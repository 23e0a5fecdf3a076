"""Exact odds for single resolutions (a melee bout, one against several, a
cannon shot, the spotting die), checked against the rules played out with
random dice: the two must agree."""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction

from typer.testing import CliRunner

from quarterdeck.cli.main import app
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context
from quarterdeck.odds.cutting_out import cannon_shot, melee_lone, melee_pair, spotting
from quarterdeck.rulesets.cutting_out import melee

from .helpers import T, fresh, put_on_deck


def test_an_even_bout_each_result_by_the_difference() -> None:
    odds = melee_pair(0, 0)
    assert odds["tie"] == Fraction(1, 6)
    assert odds["b dies"] == odds["a dies"] == Fraction(1, 6)  # a difference of 3 or more
    assert odds["b captured"] == Fraction(4, 36)  # exactly 2
    assert odds["b retreats"] == Fraction(5, 36)  # exactly 1
    assert sum(odds.values()) == 1


def test_a_climber_who_loses_always_dies() -> None:
    odds = melee_pair(0, 1, climbing=True)
    assert odds["a captured"] == odds["a retreats"] == 0
    assert odds["a dies"] == Fraction(21, 36)  # he loses whenever his die is not higher


def test_one_against_one_is_the_pair_seen_from_one_side() -> None:
    fate, beaten = melee_lone(1, 1, 0)
    pair = melee_pair(0, 1)  # a is the enemy, b the lone figure
    assert fate["dies"] == pair["b dies"]
    assert fate["captured"] == pair["b captured"]
    assert fate["retreats"] == pair["b retreats"]
    assert beaten[1] == pair["a dies"] + pair["a captured"] + pair["a retreats"]


def test_the_spotting_odds() -> None:
    assert spotting(15.0) == Fraction(1, 6)
    assert spotting(9.0) == Fraction(1, 3)
    assert spotting(3.0) == Fraction(1, 2)
    assert spotting(3.0, bonus=2) == Fraction(5, 6)
    assert spotting(30.0) == 0


def test_the_grape_example_as_odds() -> None:
    hit, effects = cannon_shot("ship", 7.0, grape=True)
    assert hit == Fraction(2, 3)
    assert effects["2 figures"] == Fraction(1, 5)  # a d10 of 4 or 5, halved
    hit, effects = cannon_shot("land", 7.0, grape=True)
    assert hit == Fraction(5, 6) and effects["10 figures"] == Fraction(1, 10)
    hit, effects = cannon_shot("land", 30.0, target="anchored")
    assert hit == Fraction(1, 2)
    assert effects == {
        "hull": Fraction(1, 3),
        "rigging-d10": Fraction(1, 3),
        "silence-game": Fraction(1, 3),
    }


def test_the_rules_played_with_random_dice_agree_with_the_exact_odds() -> None:
    """A British marine (+2 against the French) against a French sailor of
    the guard, fought 2400 times through the melee procedure."""
    base = fresh(random_events=False)
    for g in ("corvette-guard-1", "corvette-guard-3"):
        base.figures[g].fate = "dead"
    put_on_deck(base, "launch-9", 6.0, 0.0)
    put_on_deck(base, "corvette-guard-2", 6.0 + T.figures.base, 0.0)
    dice = RandomDice(2024)
    seen: Counter[str] = Counter()
    games = 2400
    for _ in range(games):
        s = copy.deepcopy(base)
        melee.step_melee(s, T, Context(dice))
        marine, guard = s.figures["launch-9"], s.figures["corvette-guard-2"]
        if guard.fate == "dead":
            seen["b dies"] += 1
        elif guard.fate == "captured":
            seen["b captured"] += 1
        elif marine.fate == "dead":
            seen["a dies"] += 1
        elif marine.fate == "captured":
            seen["a captured"] += 1
        elif guard.fate == "out" or guard.x != base.figures["corvette-guard-2"].x:
            seen["b retreats"] += 1  # back along the deck, or off it
        elif marine.fate == "out" or marine.x != base.figures["launch-9"].x:
            seen["a retreats"] += 1
        else:
            seen["tie"] += 1
    for outcome, p in melee_pair(2, 0).items():
        expected = float(p) * games
        sigma = (games * float(p) * (1 - float(p))) ** 0.5
        assert abs(seen[outcome] - expected) <= 4 * sigma + 1, (outcome, seen[outcome], expected)


def test_the_odds_commands() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["odds", "cutting-out", "melee", "1", "0", "--json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout)["tie"]["fraction"] == "5/36"
    out = runner.invoke(app, ["odds", "cutting-out", "cannon", "ship", "7", "--grape"])
    assert out.exit_code == 0 and "hits 66.67%" in out.stdout
    out = runner.invoke(app, ["odds", "cutting-out", "spotting", "15"])
    assert out.exit_code == 0 and "exactly 1/6" in out.stdout
    out = runner.invoke(app, ["odds", "cutting-out", "melee", "0", "0", "--against", "3", "--json"])
    fate = json.loads(out.stdout)["fate"]
    assert abs(sum(fate.values()) - 1) < 1e-9
