"""The view's places and headings: rounded to the thousandth, as ``round``
does, whether or not the value was rounded before (issue 14)."""

from __future__ import annotations

import math
import random
import sys

import quarterdeck.rulesets.flotilla  # noqa: F401 - the module below is its own

from . import helpers

view = sys.modules["quarterdeck.rulesets.flotilla.view"]


def test_shown_is_round_to_three_places() -> None:
    rng = random.Random(14)
    values = [rng.uniform(-400, 400) for _ in range(500)] + [0.0, -0.0, 2.0005, 1e-12, 72.0]
    for _twice in range(2):  # worked out, then remembered
        for v in values:
            got, want = view.shown(v), round(v, 3)
            assert got == want and type(got) is type(want)
            assert math.copysign(1.0, got) == math.copysign(1.0, want)
    assert view.shown(-0.0) == 0.0 and math.copysign(1.0, view.shown(-0.0)) == -1.0
    assert type(view.shown(5)) is int


def test_a_kept_record_is_shown_again_only_for_the_same_numbers() -> None:
    """A lazy ship record is shown again for the same numbers (equal, not
    necessarily the same object: a compiled ship keeps them unboxed), never
    where one would be shown apart (0.0 and -0.0, 3 and 3.0, a NaN)."""
    same = view._same
    x = float("1.25")
    assert same(x, float("1.25")) and same(x, x) and same(0.0, 0.0) and same(-0.0, -0.0)
    assert not same(0.0, -0.0) and not same(-0.0, 0.0)
    assert not same(3, 3.0) and not same(3.0, 3)
    assert not same(1.25, 1.2500001) and not same(float("nan"), float("nan"))


def test_lazy_records_follow_the_ship() -> None:
    """The kept record is the same object while the ship's ready numbers are
    equal (a new float object of the same value), and new where her heading
    turns to -0.0 from 0.0: each shows what a new record would."""
    ship = helpers.ship("a", x=12.5, y=7.25, heading=90.0)
    first = view._lazy_ships([ship])[0]
    ship.x = float(repr(ship.x))  # equal, another object
    assert view._lazy_ships([ship])[0] is first
    ship.heading = 0.0
    zero = view._lazy_ships([ship])[0]
    assert zero is not first
    ship.heading = -0.0
    turned = view._lazy_ships([ship])[0]
    assert turned is not zero
    assert math.copysign(1.0, turned["heading"]) == -1.0
    assert dict(turned) == view.ship_view(ship)
