"""terrain.keel_range, the range between two keels kept on the keel, against
the plain Hull.range_to, as the ships move and come back to where they were."""

from __future__ import annotations

import random

from quarterdeck.rulesets.acw_river import terrain
from quarterdeck.rulesets.acw_river.terrain import hull, keel_range

from .helpers import position, ship


def test_keel_range_is_the_plain_range_as_the_ships_move() -> None:
    state = position(
        [
            ship("monitor", "monitor", "union", 20.0, 30.0, 0.0),
            ship("arkansas", "arkansas", "confederate", 30.0, 30.0, 90.0),
        ]
    )
    a, b = state.ships["monitor"], state.ships["arkansas"]
    rng = random.Random(3)
    spots = [(rng.uniform(0, 40), rng.uniform(0, 60), rng.uniform(0, 360)) for _ in range(30)]
    for n in range(600):
        # poses drawn again and again from a few, so that kept ranges are read
        a.x, a.y, a.heading = spots[rng.randrange(len(spots))]
        b.x, b.y, b.heading = spots[rng.randrange(len(spots))]
        if n % 7 == 0:
            b.x, b.y = a.x, a.y  # the same spot: keels crossing
        plain = hull(a).range_to(hull(b))
        assert keel_range(a, b) == plain
        assert keel_range(a, b) == plain
        assert keel_range(b, a) == hull(b).range_to(hull(a))


def test_keel_range_keeps_few_ranges_a_keel() -> None:
    state = position([ship("monitor", "monitor", "union", 20.0, 30.0, 0.0)])
    a = state.ships["monitor"]
    b = position([ship("arkansas", "arkansas", "confederate", 30.0, 30.0, 0.0)]).ships["arkansas"]
    for n in range(100):
        b.x, b.y = 5.0 + n * 0.3, 40.0  # another keel each time
        assert keel_range(a, b) == hull(a).range_to(hull(b))
    assert len(hull(a).ranges) <= terrain._RANGES_KEPT
