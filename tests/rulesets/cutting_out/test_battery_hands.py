"""Melee, a battery taken (Cutting Out Party): ``melee._settle_batteries``
skips a battery when nobody but her holders stands ashore. These states are
built by hand so that every case of the rule is met, including the ones a
played game reaches only now and then: only the enemy ashore (inside the
battery or outside it), only her holders, both, and a battery the enemy holds
that her own side walks back into."""

from __future__ import annotations

from typing import Any

import pytest
from shapely.geometry import Point, Polygon

from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context, Game
from quarterdeck.core.scenario import load
from quarterdeck.rulesets.cutting_out import melee


def plain_holders(state: Any) -> dict[str, str]:
    """Each battery's holder by the plain rule: every figure ashore tested
    against every outline; a battery with one side alone inside it is that
    side's."""
    ashore = [f for f in state.figures.values() if f.active and f.where == "land"]
    out = {}
    for b in state.batteries.values():
        inside = {f.side for f in ashore if Polygon(b.outline).intersects(Point(f.x, f.y))}
        held, captured = b.captured_by or b.side, b.captured_by
        if len(inside) == 1 and (side := next(iter(inside))) != held:
            captured = "" if side == b.side else side
        out[b.id] = captured
    return out


# who stands ashore inside the fort, who ashore outside it, and who held it
CASES = [
    ({"americans"}, set(), ""),  # the raiders alone ashore, in the fort: taken
    (set(), {"americans"}, ""),  # the raiders alone ashore, outside it: still the defenders'
    ({"defenders"}, set(), ""),  # the holders alone: unchanged
    ({"americans", "defenders"}, set(), ""),  # both inside: unchanged
    ({"americans"}, {"defenders"}, ""),  # raiders inside, defenders ashore elsewhere: taken
    ({"defenders"}, set(), "americans"),  # the defenders walk back in: retaken
    ({"americans"}, set(), "americans"),  # the captors alone: unchanged
    (set(), {"defenders"}, "americans"),  # the defenders ashore outside it: still the captors'
    (set(), set(), "americans"),  # nobody ashore
]


@pytest.mark.parametrize(("inside", "outside", "held"), CASES)
def test_a_battery_is_held_as_the_figures_ashore_say(
    inside: set[str], outside: set[str], held: str
) -> None:
    game = Game.new(load("sandwich-puerto-plata-1800"), seed=1)
    state: Any = game.state
    fort = state.batteries["fort"]
    fort.captured_by = held
    xs = [x for x, _ in fort.outline]
    ys = [y for _, y in fort.outline]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    far = (max(xs) + 20.0, max(ys) + 20.0)
    for f in state.figures.values():  # nobody ashore but the figures placed below
        if f.where == "land":
            f.where = "boat"
    placed = {side: 0 for side in ("americans", "defenders")}
    for f in state.figures.values():
        for where, sides in ((middle, inside), (far, outside)):
            if f.side in sides and placed[f.side] < 2 * (1 + (where is far)):
                f.where, (f.x, f.y) = "land", where
                placed[f.side] += 1
                break
    want = plain_holders(state)
    melee._settle_batteries(state, Context(RandomDice(1)))
    assert {b.id: b.captured_by for b in state.batteries.values()} == want
    taken = inside == {"americans"} and held == ""
    retaken = inside == {"defenders"} and held == "americans"
    assert want["fort"] == ("americans" if taken else "" if retaken else held)
