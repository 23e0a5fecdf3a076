"""The first heuristic player, kept unchanged as the yardstick for the
current one (``python -m benchmarks.bench_ai``); not offered to users.

A heuristic Flotilla player, deciding from its seat's view only.

- Movement: close to short range of the enemy and bring a broadside to bear
  (the speed and first turn chosen looking ahead through the middle and end
  turns); a captain who may not advance keeps his distance; a ship the
  scenario scores for leaving by an edge runs for it, and the enemy steers
  to meet her on her way.
- Reaction fire: fire when a target is at full-hit range, or at the last
  point of the turn where fire is offered, rather than waste the guns.
- Targets: each battery on the target it hurts most; never more than two
  batteries (a third costs next turn's fire).
- Extra power: only to escape, when far from the enemy and badly damaged,
  never the engineer's gamble unless already in the yellow.
- Ramming with an ironclad, grappling and boarding when the crew is the
  stronger; repair whenever the ship is out of immediate danger.
- As game master: a quiet day (clear, no smoke, the current as it is), no
  grounding unless close in, moderate ram damage.
- Prize crews: the least the text allows (ten); melee winners press on and
  follow a beaten enemy.
"""

from __future__ import annotations

import math
import random
from typing import Any

from quarterdeck.core.geometry import Pose
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.flotilla.movement import Plan, path_from


def _ships(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in view["ships"]}


def _enemy_points(view: dict[str, Any], side: str) -> list[tuple[float, float]]:
    out = [(s["x"], s["y"]) for s in view["ships"] if s["side"] != side and s["status"] == "active"]
    out += [
        (b["x"], b["y"])
        for b in view["batteries"]
        if b["side"] != side and not b["destroyed"] and b["guns"] > 0
    ]
    return out


def _nearest(point: tuple[float, float], others: list[tuple[float, float]]) -> float:
    return min((math.hypot(p[0] - point[0], p[1] - point[1]) for p in others), default=math.inf)


def _exit_edge(view: dict[str, Any], ship: dict[str, Any]) -> str | None:
    """The edge this ship should make for: her side's exit, if the scenario
    scores her leaving by it."""
    victory = view.get("victory") or {}
    edge = victory.get("exits", {}).get(ship["side"])
    if edge is None:
        return None
    for obj in victory.get("objectives", []):
        if obj["side"] == ship["side"] and obj["what"] == "exit" and ship["id"] in obj["units"]:
            return str(edge)
    return None


def _intercept(view: dict[str, Any], enemy: dict[str, Any]) -> tuple[float, float]:
    edge = _exit_edge(view, enemy)
    x, y = enemy["x"], enemy["y"]
    if edge is None:
        return (x, y)
    w, h = view["table"]
    lead = min(12.0, float(enemy["speed"]) + 4.0)
    dx, dy = {"north": (0, lead), "south": (0, -lead), "east": (lead, 0), "west": (-lead, 0)}[edge]
    return (min(max(x + dx, 0.0), w), min(max(y + dy, 0.0), h))


def _toward_edge(view: dict[str, Any], edge: str, x: float, y: float) -> float:
    w, h = (float(v) for v in view["table"])
    ahead = {"north": y, "south": -y, "east": x, "west": -x}[edge]
    aside = (x - w / 2) if edge in ("north", "south") else (y - h / 2)
    return ahead - 0.05 * abs(aside)


class FlotillaAI:
    """Decides from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self._aim_key: tuple[int, str] | None = None
        self._aim_cache: tuple[Any, ...] = ()

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        step = prompt.context.get("step")
        ids = prompt.option_ids()
        handler = getattr(self, f"_{step}", None)
        if handler is not None:
            answer: str = handler(view, prompt)
            if answer in ids:
                return answer
        return ids[0]

    # -- environment ------------------------------------------------------

    def _environment(self, view: dict[str, Any], prompt: Prompt) -> str:
        # a quiet umpire: full day, clear, no smoke, the current as it is
        return prompt.options[0].id

    def _side_a(self, view: dict[str, Any], prompt: Prompt) -> str:
        return "second"  # moving second lets us answer the enemy's move

    # -- movement -----------------------------------------------------------

    def _power(self, view: dict[str, Any], prompt: Prompt) -> str:
        ship = _ships(view)[prompt.context["ship"]]
        far = _nearest((ship["x"], ship["y"]), _enemy_points(view, ship["side"]))
        fleeing = ship["mood"] in ("retire", "withdrawing", "withdrawn") or ship["yellow"]
        return "yes" if fleeing and far < 24 else "no"

    def _gamble(self, view: dict[str, Any], prompt: Prompt) -> str:
        ship = _ships(view)[prompt.context["ship"]]
        return "yes" if ship["yellow"] and ship["continuing"] >= 3 else "no"

    def _plan(self, view: dict[str, Any], prompt: Prompt) -> str:
        ship = _ships(view)[prompt.context["ship"]]
        pose = Pose(ship["x"], ship["y"], ship["heading"])
        best, best_score = prompt.options[0].id, -math.inf
        for option in prompt.options:
            if option.id == "reverse":
                continue
            plan = Plan.parse(option.id)
            if plan.reverse or plan.row or plan.speed == 0:
                end = path_from(pose, plan)[2]
                score = self._score(self._aim(view, ship), end.x, end.y, end.heading)
            else:
                mid = pose.turn(plan.first).advance(plan.speed / 2)
                score = self._best_after(view, ship, mid, plan.speed / 2, ("middle", "end"))
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = option.id, score
        return best

    def _turn(self, view: dict[str, Any], prompt: Prompt) -> str:
        ship = _ships(view)[prompt.context["ship"]]
        pose = Pose(ship["x"], ship["y"], ship["heading"])
        ahead = float(prompt.context.get("ahead", 0.0))
        later = ("end",) if prompt.context.get("point") == "middle" else ()
        best, best_score = prompt.options[0].id, -math.inf
        for option in prompt.options:
            turned = pose.turn(int(option.id[1:])).advance(ahead)
            score = self._best_after(view, ship, turned, 0.0, later)
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = option.id, score
        return best

    def _best_after(
        self,
        view: dict[str, Any],
        ship: dict[str, Any],
        pose: Pose,
        half: float,
        points: tuple[str, ...],
    ) -> float:
        """The best score reachable from ``pose`` turning at ``points`` (none
        or the card's full angle either way) with ``half`` inches after the
        middle."""
        aim = self._aim(view, ship)
        poses = [pose]
        for point in points:
            limit = int(ship["turns"].get(point, 0))
            step = half if point == "middle" else 0.0
            angles = (0, limit, -limit) if limit else (0,)
            poses = [p.turn(a).advance(step) for p in poses for a in angles]
        return max(self._score(aim, p.x, p.y, p.heading) for p in poses)

    def _aim(self, view: dict[str, Any], ship: dict[str, Any]) -> tuple[Any, ...]:
        """What the ship steers by this decision: her exit edge, or the enemy
        points and whether her captain keeps off (cached per view)."""
        key = (id(view), ship["id"])
        if self._aim_key != key:
            edge = _exit_edge(view, ship)
            enemies = [
                s for s in view["ships"] if s["side"] != ship["side"] and s["status"] == "active"
            ]
            # an enemy running for an exit is met on her way to it
            targets = [_intercept(view, e) for e in enemies] or _enemy_points(view, ship["side"])
            keep_off = bool(ship["mood"]) or bool(ship["yellow"])
            self._aim_cache = (view, edge, targets, keep_off)
            self._aim_key = key
        return self._aim_cache

    def _score(self, aim: tuple[Any, ...], x: float, y: float, heading: float) -> float:
        """How good it is to end the move at ``x, y, heading``: near the exit
        if she is running for one; else at short range with the nearest enemy
        abeam; far off if her captain may not close."""
        view, edge, targets, keep_off = aim
        if edge is not None:
            return _toward_edge(view, edge, x, y)  # run for the exit
        gap = _nearest((x, y), targets)
        if keep_off:
            return gap
        score = -abs(gap - 8.0)
        # reward a broadside: the nearest enemy abeam
        if targets and math.isfinite(gap):
            tx, ty = min(targets, key=lambda p: math.hypot(p[0] - x, p[1] - y))
            rel = (math.degrees(math.atan2(tx - x, ty - y)) - heading + 540) % 360 - 180
            score += 4.0 - abs(abs(rel) - 90) / 22.5
        return float(score)

    def _pitch(self, view: dict[str, Any], prompt: Prompt) -> str:
        return prompt.options[min(1, len(prompt.options) - 1)].id

    def _close(self, view: dict[str, Any], prompt: Prompt) -> str:
        ships = _ships(view)
        me = ships[prompt.context["ship"]]
        for option in prompt.options:
            what, _, target = option.id.partition(":")
            if not target:
                continue
            them = ships[target]
            if what == "spar":
                return option.id
            if what == "ram" and me["class"] == "ironclad" and them["class"] != "ironclad":
                return option.id
            mine = me["crew"] + me["morale"] + sum(b["dice"] for b in me["batteries"])
            theirs = them["crew"] + them["morale"] + sum(b["dice"] for b in them["batteries"])
            if what == "grapple" and mine > 1.3 * theirs:
                return option.id
        return "none"

    # -- firing ---------------------------------------------------------------

    def _fire(self, view: dict[str, Any], prompt: Prompt) -> str:
        # "orders" and "standing" (standing fire orders, a convenience added
        # after this player was written) are not units: it never uses them
        units = [o.id for o in prompt.options if o.id not in ("pass", "orders", "standing")]
        if not units:
            return "pass"
        if prompt.context.get("last") or self.rng.random() < 0.35:
            return units[0]
        ships = _ships(view)
        for unit_id in units:
            if unit_id in ships:
                s = ships[unit_id]
                if _nearest((s["x"], s["y"]), _enemy_points(view, s["side"])) <= 12:
                    return unit_id
            else:
                return unit_id
        return "pass"

    def _target(self, view: dict[str, Any], prompt: Prompt) -> str:
        ships = _ships(view)
        unit_id = prompt.context["unit"]
        if unit_id in ships:
            # fire the two strongest batteries that bear: a third would cost
            # next turn's fire
            dice = {b["name"]: b["dice"] for b in ships[unit_id]["batteries"]}
            volley = prompt.context.get("volley", [])
            strongest = sorted(volley, key=lambda name: -dice.get(name, 0))[:2]
            if prompt.context["battery"] not in strongest:
                return "hold"
        shots: dict[str, list[Any]] = prompt.context.get("shots", {})
        best, best_value = "hold", 0.0
        for target, (inches, divisor, kind) in shots.items():
            value = 1.0 / divisor
            if kind == "ship":
                them = ships[target]
                value *= 2.0 if them["yellow"] else 1.0
            elif kind == "battery":
                value *= 0.6
            else:
                value *= 0.4
            value -= inches / 1000
            if value > best_value:
                best, best_value = target, value
        return best

    # -- administration ---------------------------------------------------------

    def _repair(self, view: dict[str, Any], prompt: Prompt) -> str:
        return "repair"

    def _turn_box(self, view: dict[str, Any], prompt: Prompt) -> str:
        return prompt.options[0].id

    def _board(self, view: dict[str, Any], prompt: Prompt) -> str:
        ships = _ships(view)
        me, them = ships[prompt.context["ship"]], ships[prompt.context["target"]]
        mine = me["crew"] + me["morale"] + sum(b["dice"] for b in me["batteries"])
        theirs = them["crew"] + them["morale"] + sum(b["dice"] for b in them["batteries"])
        return "board" if mine >= theirs else "release"

    def _gm_aground(self, view: dict[str, Any], prompt: Prompt) -> str:
        # a fair umpire: close in, or a big ship near the shore, goes aground
        gap = float(prompt.context.get("gap", 99.0))
        length = float(prompt.context.get("length", 0.0))
        return "yes" if gap <= 1.0 or (gap <= 2.0 and length >= 9) else "no"

    def _gm_ram(self, view: dict[str, Any], prompt: Prompt) -> str:
        return "4-0"

    def _gm_collision(self, view: dict[str, Any], prompt: Prompt) -> str:
        return "2-2"

    # -- land ---------------------------------------------------------------

    def _landing(self, view: dict[str, Any], prompt: Prompt) -> str:
        return "land" if "land" in prompt.option_ids() else "stay"

    def _embark(self, view: dict[str, Any], prompt: Prompt) -> str:
        return "stay"

    def _troop(self, view: dict[str, Any], prompt: Prompt) -> str:
        charges = [o.id for o in prompt.options if o.id.startswith("charge:")]
        advances = [o.id for o in prompt.options if o.id.startswith("advance:")]
        for option in prompt.options:
            if option.id.startswith("charge:") and "(" in option.label:
                gap = float(option.label.rsplit("(", 1)[1].split(" ")[0])
                if gap <= 7:
                    return option.id
        if advances:
            return advances[0]
        return charges[0] if charges else "hold"


def ai(seat: str, seed: int) -> FlotillaAI:
    """The yardstick player for ``seat`` (benchmarks/bench_ai.py)."""
    return FlotillaAI(seat, seed)
