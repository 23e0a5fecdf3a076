"""Flotilla's remembered "who may fire" answer (firers.any_ready, issue 14)
against asking every battery (5.0, firers.battery_ready), with one thing
changed at a time: a key that leaves out any one part of what the answer is
worked out from gives a stale answer here."""

from __future__ import annotations

import random

import pytest

from quarterdeck.rulesets.flotilla import fire, firers

from .helpers import T, ship, state

ISLAND = [[(30.0, 20.0), (40.0, 20.0), (40.0, 28.0), (30.0, 28.0)]]


def _walk(roster: str, seed: int, steps: int) -> set[str]:
    """A random walk of one ship among fixed enemies, each step changing one
    of her x, y, heading, a battery's fire, her turret (jammed, the engine
    turning it, where it points) or the land; at every step any_ready must
    answer as every battery asked. Returns the changes that flipped the
    answer."""
    rng = random.Random(seed)
    ours = ship("a", roster, "union", 36.0, 24.0, 0.0)
    theirs = [
        ship("e1", "arkansas", "confederate", 44.0, 24.0, 90.0),
        ship("e2", "carondelet", "confederate", 28.0, 30.0, 270.0),
    ]
    with_land, without = state([ours, *theirs], land=ISLAND), state([ours, *theirs])
    st = with_land
    firers._READY_KNOWN.clear()
    flipped: set[str] = set()
    last: bool | None = None
    for _ in range(steps):
        what = rng.choice(["x", "y", "heading", "fired", "land", "turret", "engine", "bearing"])
        if what == "x":
            ours.x = min(72.0, max(0.0, ours.x + rng.choice((-3.0, 3.0))))
        elif what == "y":
            ours.y = min(48.0, max(0.0, ours.y + rng.choice((-3.0, 3.0))))
        elif what == "heading":
            ours.heading = (ours.heading + rng.choice((45.0, 90.0, 180.0))) % 360
        elif what == "fired":
            b = rng.choice(ours.batteries)
            b.fired = not b.fired
        elif what == "land":
            st = without if st is with_land else with_land
        elif what == "turret":
            ours.turret = "" if ours.turret else "jammed"
        elif what == "engine":
            ours.engine_turns = 0 if ours.engine_turns else 1
        else:
            ours.turret_bearing = (ours.turret_bearing + rng.choice((60.0, 120.0, 180.0))) % 360
        seen = fire.marks(st, "union")
        plain = any(firers.battery_ready(st, T, ours, b, seen) for b in ours.batteries)
        assert firers.any_ready(st, T, ours, seen) == plain, what
        if last is not None and plain != last:
            flipped.add(what)
        last = plain
    return flipped


@pytest.mark.parametrize(
    ("roster", "turning"),
    [
        ("iron_city", {"x", "y", "heading", "fired", "land"}),
        ("tecumseh", {"x", "y", "heading", "fired", "turret", "engine", "bearing"}),  # a turret
    ],
)
def test_any_ready_follows_each_part_of_its_key_changed_alone(
    roster: str, turning: set[str]
) -> None:
    # (the walk reaches answers that each of these changes turns over)
    assert turning <= _walk(roster, 3, 3000)
