"""The view's places and headings: rounded to the thousandth, as ``round``
does, whether or not the value was rounded before (issue 14)."""

from __future__ import annotations

import math
import random
import sys

import quarterdeck.rulesets.flotilla  # noqa: F401 - the module below is its own

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
