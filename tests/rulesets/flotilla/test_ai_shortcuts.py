"""The Flotilla computer player's exact shortcuts (issue 14) against the
answers worked out in full, on positions made at random: more power asked
about without her aim (FlotillaAI._power_wanted, 3.0 extra power) and the
fire question's keels left unmeasured by her bow's range (5.0)."""

from __future__ import annotations

import math
import random
from typing import Any

from quarterdeck.core.geometry import point_segment_distance
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.flotilla import RULESET, movement
from quarterdeck.rulesets.flotilla.ai import FlotillaAI, keel_ends

from .helpers import ship, state

ROSTERS = ("iron_city", "arkansas", "carondelet", "tennessee", "tecumseh")
MOODS = ("", "", "hold", "retire", "withdrawing")
POWER = Prompt(
    "union",
    "more power?",
    movement.R_POWER,
    (Option("yes", "yes"), Option("no", "no")),
    context={"ship": "a"},
)


def _position(rng: random.Random) -> Any:
    """A view of a Union ship among one to three Confederates, near enough
    that her rams and her power are in question, with a random mood."""
    x, y = rng.uniform(10, 62), rng.uniform(8, 40)
    ours = ship("a", rng.choice(ROSTERS), "union", x, y, rng.uniform(0, 360))
    ours.mood = rng.choice(MOODS)
    theirs = []
    for k in range(rng.randint(1, 3)):
        gap, bearing = rng.uniform(0, 14), rng.uniform(0, 2 * math.pi)
        theirs.append(
            ship(
                f"e{k}",
                rng.choice(ROSTERS),
                "confederate",
                x + gap * math.cos(bearing),
                y + gap * math.sin(bearing),
                rng.uniform(0, 360),
            )
        )
    view = RULESET.view(state([ours, *theirs]), "union")
    view["seat"] = "union"
    return view


def test_power_without_her_aim_answers_as_with_it_on_random_positions() -> None:
    """Wherever _power_wanted says no mark could make her say yes, _power
    with her aim worked out says no too; both answers are met, and so are
    retiring captains and keels between one and five inches past her speed."""
    rng = random.Random(17)
    answers: set[str] = set()
    retiring_yes = 0
    for n in range(600):
        view = _position(rng)
        ai = FlotillaAI("union", n)
        fast = ai._power(view, POWER)
        ai._power_wanted = lambda *_: True  # type: ignore[method-assign]
        assert fast == ai._power(view, POWER)
        answers.add(fast)
        me = next(s for s in view["ships"] if s["id"] == "a")
        retiring_yes += fast == "yes" and me["mood"] in ("retire", "withdrawing")
    assert answers == {"yes", "no"}
    assert retiring_yes > 0


def test_a_keel_is_no_nearer_than_her_bow_less_her_length() -> None:
    """What the fire question's shortcut (FlotillaAI._close) leaves keels
    unmeasured by: no point of a ship's keel lies nearer a point than her
    bow less her length, for every card and heading."""
    rng = random.Random(23)
    for _ in range(3000):
        e = ship("e", rng.choice(ROSTERS), "confederate", 36.0, 24.0, rng.uniform(0, 360))
        view = RULESET.view(state([e]), "union")
        record = view["ships"][0]
        here = (rng.uniform(0, 72), rng.uniform(0, 48))
        bow = math.hypot(record["x"] - here[0], record["y"] - here[1])
        assert point_segment_distance(here, *keel_ends(record)) >= bow - record["length"] - 1e-9
