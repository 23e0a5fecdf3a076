"""The first heuristic player, kept unchanged as the yardstick for the
current one (``python -m benchmarks.bench_ai``); not offered to users.

A heuristic player for gun-dice boarding, deciding from its seat's view only.

It weighs every decision with the exact capture odds of quarterdeck.odds:
it mobilises gun dice whenever the rules allow (the die is worth more than
the risk to five guns in a boarding fight), declares an attempt only where
its dice as attacker give it a fair chance against the enemy's dice as
defender, keeps fighting while the odds hold, and places unopposed dice
where they remove the most enemy dice.
"""

from __future__ import annotations

import random
from typing import Any

from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.odds.gundice import capture_odds
from quarterdeck.rulesets.gundice_boarding.rules import best_assignment, side_dice
from quarterdeck.rulesets.gundice_boarding.state import Ship
from quarterdeck.rulesets.gundice_boarding.tables import printed_tables


def capture_chance(attacker: int, defender: int) -> float:
    """The capture odds as this player knew them: unopposed dice placed for
    the round's best trade."""
    return float(capture_odds(attacker, defender, policy="round"))


DECLARE_AT = 0.45  # board when the capture chance is at least this
CALL_OFF_BELOW = 0.15  # call off an action when the chance falls below this


def _ship(data: dict[str, Any]) -> Ship:
    return Ship(
        id=data["id"],
        name=data["name"],
        side=data["side"],
        size=data["size"],
        gun_dice=data["gun_dice"],
        crew=data["crew"],
        sail_hits=data["sail_hits"],
        gun_dice_hits=data["gun_dice_hits"],
        failed_attacker=data["failed_attacker"],
    )


class GunDiceAI:
    """Decides well, from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        step = prompt.context.get("step")
        if step == "mobilise":
            return "yes"
        if step == "declare":
            return self._declare(view, prompt)
        if step == "decide":
            action = _action(view, prompt)
            chance = capture_chance(action["attacker_dice"], action["defender_dice"])
            return "call-off" if chance < CALL_OFF_BELOW else "fight"
        if step == "assign":
            action = _action(view, prompt)
            choice = best_assignment(
                action["last_attacker_roll"], action["last_defender_roll"], prompt.context["owner"]
            )
            answer = "-".join(str(t) for t in choice)
            return answer if answer in prompt.option_ids() else prompt.options[0].id
        return prompt.options[0].id

    def _declare(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        tables = printed_tables()
        ships = {s["id"]: s for s in view["ships"]}
        me = _ship(ships[prompt.context["ship"]])
        mob = _can_mobilise(ships[me.id], tables.boarding_dice.mobilise_gun_dice)
        best, best_chance = "none", DECLARE_AT
        for option in prompt.options:
            if not option.id.startswith("board:"):
                continue
            target = ships[option.id.split(":", 1)[1]]
            their_mob = _can_mobilise(target, tables.boarding_dice.mobilise_gun_dice)
            mine, _ = side_dice(tables, view["sea"], [me], False, mob)
            theirs, _ = side_dice(tables, view["sea"], [_ship(target)], True, their_mob)
            chance = capture_chance(mine, theirs)
            if chance > best_chance:
                best, best_chance = option.id, chance
        return best


def _can_mobilise(ship: dict[str, Any], cost: int) -> bool:
    """Mobilised this turn already, or has the gun dice to do it."""
    return bool(ship["mobilised"]) or ship["gun_dice_free"] >= cost


def _action(view: dict[str, Any], prompt: Prompt) -> dict[str, Any]:
    action: dict[str, Any] = next(a for a in view["actions"] if a["id"] == prompt.context["action"])
    return action


def ai(seat: str, seed: int) -> GunDiceAI:
    """The yardstick player for ``seat`` (benchmarks/bench_ai.py)."""
    return GunDiceAI(seat, seed)
