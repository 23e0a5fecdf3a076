"""A heuristic player for either side of ACW River and Coastal.

It decides from its own seat's view only. Its fleet commander writes orders
from his objective cards (get a ship through, destroy ironclads, land a
party); each ship then steers for her order's goal or the nearest enemy in
sight, keeping off land, shoals too shallow for her and mined areas her side
does not know to be dummies, at the best speed her captain's quality allows
(a reckless captain steams for the enemy; a stubborn one keeps to his order;
the program would overrule anything else at the reveal). Turrets face the
nearest enemy; the captain lays the heaviest gun. It rams with a ram fitted
when the enemy lies close ahead, boards a beaten ship alongside, fires at the
target it has the best chance of hitting.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Mapping
from typing import Any, Final

from quarterdeck.core.geometry import angle_diff, bearing, distance
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.players import RandomPlayer
from quarterdeck.rulesets.acw_river.movement import HELM_SHARE, arc_step

Vec = tuple[float, float]


Box = tuple[float, float, float, float]
Shape = tuple[Box, list[list[float]]]

Move = tuple[float, int, int, str, float, float, float, float]
"""A move the AI weighs: its score without the danger, its place in the
form, speed, helm, where it ends (x, y), how far from her goal, and how far
she keeps from the enemy (weighted)."""
Read = tuple[dict[str, Mapping[str, Any]], list[Mapping[str, Any]], tuple[set[str], set[Any]]]
"""What a plot reads of the view once for all its ships (``AcwRiverAI._read``)."""

_REACH_MARGIN: Final = 1e-6
"""Inches added to how far a move may take her, and taken off a speed's
least score, so that rounding never prunes a speed that could win."""

_MARGIN: Final = 1e-6
"""Inches beyond a polygon's box a point must lie, across the river, to be
judged outside it without the crossing count (rounding is far smaller)."""


def _shape(poly: list[list[float]]) -> Shape:
    """A polygon with its bounding box: below its lowest corner or at or
    above its highest no edge straddles a point's row; well to the west of
    it every straddling edge counts, to the east none does, and the
    straddling edges of a closed polygon are even in number. Either way the
    point is outside, as :func:`_inside`'s crossing count would find."""
    xs = [float(q[0]) for q in poly]
    ys = [float(q[1]) for q in poly]
    return ((min(xs), min(ys), max(xs), max(ys)), poly)


def _inside(p: Vec, poly: list[list[float]]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / ((y2 - y1) or 1e-12) + x1:
            inside = not inside
    return inside


def _kind(step: object) -> str:
    """A step's kind for the player: every fire step (``fire``,
    ``fire-order``, ...) is "fire"."""
    text = str(step)
    return "fire" if text.startswith("fire") else text


class AcwRiverAI:
    """Answers every prompt of the rule set from the seat's view."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.fallback = RandomPlayer(seed)
        # the steps decided from the view, by kind (:func:`_kind`): one table
        # for both needs_view and decide, so a step that reads the view is
        # never handed none
        self._from_view: dict[str, Callable[[Mapping[str, Any], Prompt], Any]] = {
            "plot": self._plot,
            "fire": self._fire,
            "orders": self._orders,
        }

    # -- helpers -------------------------------------------------------------

    def _ships(self, view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        return {s["id"]: s for s in view.get("ships", [])}

    def _enemies(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return [
            s
            for s in view.get("ships", [])
            if s["side"] != self.seat and s["status"] in ("active", "captured")
        ]

    def _read(self, view: Mapping[str, Any]) -> Read:
        """The view's ships by id, its enemies and the side's aims, read
        once for every ship a plot weighs (:meth:`_ships`, :meth:`_enemies`,
        :meth:`_aims`: the view does not change while the AI decides)."""
        return self._ships(view), self._enemies(view), self._aims(view)

    def _aims(self, view: Mapping[str, Any]) -> tuple[set[str], set[Any]]:
        """The side's objective cards and the enemy flagships, for
        :meth:`_wanted` (read once for all the enemies it weighs)."""
        cards = {o["id"] for o in view["sides"].get(self.seat, {}).get("objectives", [])}
        flags = {s.get("flagship") for n, s in view["sides"].items() if n != self.seat}
        return cards, flags

    def _wanted(
        self,
        view: Mapping[str, Any],
        enemy: Mapping[str, Any],
        aims: tuple[set[str], set[Any]] | None = None,
    ) -> bool:
        """Whether sinking this enemy meets one of the side's objective
        cards (an ironclad, the enemy flagship, the whole fleet). ``aims``:
        :meth:`_aims` of the view, where the caller has it."""
        cards, flags = aims if aims is not None else self._aims(view)
        if "fleet" in cards:
            return True
        if enemy.get("ironclad") and cards & {"ironclad-1", "ironclad-2"}:
            return True
        return "flagship" in cards and enemy["id"] in flags

    def _goal(
        self,
        view: Mapping[str, Any],
        ship: Mapping[str, Any],
        read: Read | None = None,
    ) -> Vec:
        """Where she steers for. ``read``: the view's ships by id, its
        enemies and its aims (:meth:`_read`), where the caller has them."""
        ships, enemies, aims = read if read is not None else self._read(view)
        table = view["table"]
        side = view["sides"].get(self.seat, {})
        order = side.get("orders", {}).get(ship["id"], "engage")
        kind, _, target = order.partition(":")
        pos = (ship["x"], ship["y"])
        if kind == "proceed" and target in ("upstream", "downstream"):
            return (ship["x"], table["length"] + 3 if target == "upstream" else -3.0)
        if kind in ("proceed", "land"):
            for p in view.get("places", []) + view.get("forts", []):
                if p["id"] == target:
                    return (p["x"], p["y"])
        if kind == "station":
            leader = ships.get(target)
            if leader is not None:
                r = math.radians(leader["heading"] + 180)
                return (leader["x"] + 4 * math.sin(r), leader["y"] + 4 * math.cos(r))
        if kind == "hold":
            return pos
        if enemies:
            # the enemies the cards name first, unless another is far nearer
            near = min(
                enemies,
                key=lambda e: (
                    distance(pos, (e["x"], e["y"])) - (12 if self._wanted(view, e, aims) else 0)
                ),
            )
            return (near["x"], near["y"])
        end = side.get("end", "downstream")
        return (table["width"] / 2, 4.0 if end == "upstream" else table["length"] - 4.0)

    def _danger(self, view: Mapping[str, Any], ship: Mapping[str, Any], p: Vec) -> float:
        return self._hazards(view, ship)(p)

    def _hazards(
        self,
        view: Mapping[str, Any],
        ship: Mapping[str, Any],
        shapes: list[tuple[str, float, Shape]] | None = None,
    ) -> Callable[[Vec], float]:
        """The risk of ending a move at a point (100: off the table or on
        land), as a function of the point: what the view holds for this
        ship (hazards, shoals too shallow for her, hulls to keep off,
        mined areas) sorted out once for all the points she weighs.
        ``shapes``: :func:`_feature_shapes` of the view, where the caller
        has them (the same for every ship it plots)."""
        width = view["table"]["width"]
        land: list[Shape] = []
        risks: list[tuple[float, Shape]] = []
        for kind, depth, shape in shapes if shapes is not None else _feature_shapes(view):
            if kind == "land":
                land.append(shape)
            if kind in ("stakes", "rocks", "wreck", "chain"):
                risks.append((30.0, shape))
            if kind == "shoal" and depth < ship["draught"]:
                risks.append((25.0, shape))
        # keep off other hulls: a friend stops her short, and an enemy met
        # without a ram costs her more than him (Effect on Ramming Ship)
        hulls: list[tuple[Vec, float]] = []
        for other in view.get("ships", []):
            if other["id"] == ship["id"] or other["status"] in ("sunk", "exploded", "exited"):
                continue
            if other["side"] != self.seat and not ship["ram"]:
                clear = (ship["length"] + other["length"]) / 4 + 1.0
                hulls.append(((other["x"], other["y"]), clear))
        reckless = (ship.get("captain") or {}).get("quality") == "reckless"
        mines: list[tuple[float, float, float, float]] = [
            (m["x"], m["y"], m["w"] / 2 + 1, m["h"] / 2 + 1)
            for m in view.get("minefields", [])
            if m["real"] is not False
        ]
        mine_risk = 5.0 if reckless else 40.0

        hypot = math.hypot

        def danger(p: Vec) -> float:
            # each shape's box looked at first (_shape), distance written out
            x, y = p
            if not (0 <= x <= width):
                return 100.0
            for (x0, y0, x1, y1), poly in land:
                if y < y0 or y >= y1 or x < x0 - _MARGIN or x > x1 + _MARGIN:
                    continue
                if _inside(p, poly):
                    return 100.0
            risk = 0.0
            for value, ((x0, y0, x1, y1), poly) in risks:
                if y < y0 or y >= y1 or x < x0 - _MARGIN or x > x1 + _MARGIN:
                    continue
                if _inside(p, poly):
                    risk += value
            for (ax, ay), clear in hulls:
                if hypot(ax - x, ay - y) < clear:
                    risk += 20.0
            for mx, my, hw, hh in mines:
                if abs(x - mx) <= hw and abs(y - my) <= hh:
                    risk += mine_risk
            return risk

        return danger

    def _project(
        self, ship: Mapping[str, Any], speed: int, helm: str
    ) -> tuple[float, float, float]:
        most = math.degrees(abs(speed) / ship["turning"]) if ship["turning"] > 0 else 0.0
        turn = HELM_SHARE.get(helm, 0.0) * min(most, 180.0)
        x, y, h = arc_step(ship["x"], ship["y"], ship["heading"], speed, turn)
        return (x, y - ship.get("current", 0), h)

    # -- prompts ------------------------------------------------------------------

    def needs_view(self, prompt: Prompt) -> bool:
        """Whether deciding ``prompt`` reads the view: only the steps of
        ``_from_view`` (the plot, fire and orders forms) do. The umpire's
        current (always "same"), a discard (from the prompt alone) and every
        other step (the random fallback, which never looks) decide without
        one, so the batch runner builds none for them (the umpire's is the
        whole game)."""
        return _kind(prompt.context.get("step")) in self._from_view

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        kind = _kind(prompt.context.get("step"))
        try:
            from_view = self._from_view.get(kind)
            if from_view is not None:
                return prompt.check(from_view(view, prompt))
            if kind == "discard":
                return prompt.check(self._discard(prompt))
            if kind == "umpire":
                return "same"
        except Exception:
            pass
        return self.fallback.decide(view, prompt)

    def _orders(self, view: Mapping[str, Any], prompt: Prompt) -> dict[str, Any]:
        ships = self._ships(view)
        own = [s for s in ships.values() if s["side"] == self.seat]
        side = view["sides"].get(self.seat, {})
        cards = [o["id"] for o in side.get("objectives", [])]
        answer: dict[str, Any] = {}
        flag = max(own, key=lambda s: s["spv_start"]) if own else None
        for f in prompt.fields:
            ids = [c.id for c in f.choices]
            if f.name == "flagship":
                answer[f.name] = flag["id"] if flag is not None and flag["id"] in ids else ids[0]
                continue
            sid = f.name.split(":", 1)[1]
            ship = ships.get(sid)
            far = "proceed:downstream" if side.get("end") == "upstream" else "proceed:upstream"
            wanted = "engage"
            if ship is not None and ship["best_speed"] == 0:
                wanted = "hold"
            elif any(c.startswith("through") for c in cards) and ship is not None:
                fastest = max(own, key=lambda s: (s["max_speed"], s["spv"]))
                if fastest["id"] == sid or "through-2" in cards:
                    wanted = far
            for c in ("town", "port", "fort"):
                if c in cards:
                    target = next((o for o in ids if o.startswith("land:")), None)
                    if (
                        target
                        and ship is not None
                        and ship["hull"] in ("wooden-gunboat", "tug", "tinclad")
                    ):
                        wanted = target
            answer[f.name] = wanted if wanted in ids else ids[0]
        return answer

    def _discard(self, prompt: Prompt) -> str:
        worst = ("retrieve", "islands", "fleet", "through-2", "ironclad-2", "fort", "port", "town")
        for card in worst:
            if card in prompt.option_ids():
                return card
        return prompt.option_ids()[-1]

    def _plot(self, view: Mapping[str, Any], prompt: Prompt) -> dict[str, Any]:
        answer: dict[str, Any] = {}
        shapes = _feature_shapes(view)
        ships = [str(sid) for sid in prompt.context["ships"]]
        by_ship = _fields_by_unit(prompt, ships)
        read = self._read(view)
        for sid in ships:
            head = f"{sid}/"
            for name, value in self._plot_one(view, sid, by_ship[sid], shapes, read).items():
                answer[head + name] = value
        return _as_they_stand(prompt, answer)

    def _plot_one(
        self,
        view: Mapping[str, Any],
        sid: str,
        fields: dict[str, Any],
        shapes: list[tuple[str, float, Shape]] | None = None,
        read: Read | None = None,
    ) -> dict[str, Any]:
        if read is None:
            read = self._read(view)
        ships, enemies, _ = read
        ship = ships[sid]
        goal = self._goal(view, ship, read)
        pos = (ship["x"], ship["y"])
        quality = (ship.get("captain") or {}).get("quality", "intelligent")
        speed_f = fields["speed"]
        near_enemy = min((distance(pos, (e["x"], e["y"])) for e in enemies), default=99.0)
        danger = self._hazards(view, ship, shapes)
        # a thin-skinned ship near the enemy keeps her distance
        wary = (
            quality != "reckless"
            and ship["hull"]
            not in (
                "casemate-ironclad",
                "monitor",
                "double-turret-monitor",
                "turtleback-ironclad",
            )
            and near_enemy < 6
        )
        helms = [c.id for c in fields["helm"].choices]
        # each speed and helm projected as _project does, its sums unchanged
        turning, current = ship["turning"], ship.get("current", 0)
        x0, y0, h0 = ship["x"], ship["y"], ship["heading"]
        shares = [(helm, HELM_SHARE.get(helm, 0.0)) for helm in helms]
        # distance(), written out: the goal's and the enemies' offsets
        gx, gy = goal
        spots = [(e["x"], e["y"]) for e in enemies]
        hypot = math.hypot
        per = len(shares)

        def moves_at(speed: int) -> list[Move]:
            """Her moves at one speed, in the form's order (``n``: the
            move's place in the whole form), with the score without the
            danger (``least``)."""
            most = math.degrees(abs(speed) / turning) if turning > 0 else 0.0
            cap = min(most, 180.0)
            turns: list[float] = []
            out: list[Move] = []
            for k, (helm, share) in enumerate(shares):
                turn = share * cap
                if turn in turns:
                    # the same speed and turn as a helm before it (stopped,
                    # or no turning circle): the same point and score, and
                    # only a lower score takes the place of the best
                    continue
                turns.append(turn)
                x, y, _ = arc_step(x0, y0, h0, speed, turn)
                y = y - current
                away = hypot(gx - x, gy - y)
                keep = 0.3 * min(hypot(ex - x, ey - y) for ex, ey in spots) if wary else 0.0
                least = (away - keep if wary else away) - 0.05 * speed
                out.append((least, (speed - speed_f.low) * per + k, speed, helm, x, y, away, keep))
            return out

        # the best: the lowest score, the first in the form's order of those
        # as low. The danger is never negative, so a move's score is never
        # below its ``least`` (each sum only grows with it, rounding too),
        # and a move at a speed ends within that many inches of where the
        # current alone would take her (an arc's chord is no longer than
        # the arc), so no move at a speed scores below ``bound``. Looked at
        # from the lowest bound up, and at each speed from the lowest
        # ``least`` up, a speed or a move above the best score so far (or,
        # a move, as low and later in the form) cannot take its place, nor
        # can any after it; only the moves before that are made and their
        # danger weighed
        cx, cy = x0, y0 - current
        to_goal = hypot(gx - cx, gy - cy)
        to_enemy = min((hypot(ex - cx, ey - cy) for ex, ey in spots), default=0.0)
        speeds: list[tuple[float, int]] = []
        for speed in range(speed_f.low, speed_f.high + 1):
            reach = abs(speed) + _REACH_MARGIN
            bound = max(0.0, to_goal - reach) - (0.3 * (to_enemy + reach) if wary else 0.0)
            speeds.append((bound - 0.05 * speed - _REACH_MARGIN, speed))
        best: tuple[float, int, str] | None = None
        first = 0
        ranked = all(b == b for b, _ in speeds)  # a NaN: every move, in order
        if ranked:
            speeds.sort()
        for bound, speed in speeds:
            if ranked and best is not None and bound > best[0]:
                break
            moves = moves_at(speed)
            if ranked and any(m[0] != m[0] for m in moves):
                ranked, best = False, None  # a NaN: every move, in order
                break
            for least, n, v, helm, x, y, away, keep in sorted(moves) if ranked else moves:
                if best is not None and (least > best[0] or (least == best[0] and n > first)):
                    if ranked:
                        break
                    continue
                score = away + danger((x, y))
                if wary:
                    score -= keep
                score -= 0.05 * v
                if best is None or score < best[0] or (score == best[0] and n < first):
                    best, first = (score, v, helm), n
        if not ranked and best is None:
            # the form's order, move by move, as the score was always found
            for speed in range(speed_f.low, speed_f.high + 1):
                for least, _n, v, helm, x, y, away, keep in moves_at(speed):
                    if best is not None and least >= best[0]:
                        continue
                    score = away + danger((x, y))
                    if wary:
                        score -= keep
                    score -= 0.05 * v
                    if best is None or score < best[0]:
                        best = (score, v, helm)
        assert best is not None
        answer: dict[str, Any] = {"speed": best[1], "helm": best[2]}
        target = min(enemies, key=lambda e: distance(pos, (e["x"], e["y"])), default=None)
        for name, f in fields.items():
            if name.startswith("turret:"):
                ids = [c.id for c in f.choices]
                pick = ids[0]
                if target is not None:
                    rel = angle_diff(ship["heading"], bearing(pos, (target["x"], target["y"])))
                    arc = (
                        "forward"
                        if abs(rel) <= 45
                        else "aft"
                        if abs(rel) >= 135
                        else "starboard"
                        if rel > 0
                        else "port"
                    )
                    if arc in ids:
                        pick = arc
                answer[name] = pick
        action = "none"
        ids = [c.id for c in fields["action"].choices]
        if "reverse-off" in ids:
            action = "reverse-off"
        elif target is not None and ship["ram"] and f"ram:{target['id']}" in ids:
            rel = angle_diff(ship["heading"], bearing(pos, (target["x"], target["y"])))
            if distance(pos, (target["x"], target["y"])) < ship["max_speed"] + 2 and abs(rel) < 30:
                action = f"ram:{target['id']}"
        near = min((distance(pos, (e["x"], e["y"])) for e in enemies), default=99.0)
        if "ignite" in ids and near < 15:
            action = "ignite"  # a fire ship lit as the enemy comes within her drift
        elif "detonate" in ids and near < ship["length"] / 2 + 1.5:
            action = "detonate"
        if action == "none":
            for a in ids:
                if a.startswith("board:"):
                    other = self._ships(view).get(a[6:])
                    if other is not None and other["spv"] < other["pv"]:
                        action = a
                if a.startswith("land:") and any(
                    o.startswith("land")
                    for o in [view["sides"].get(self.seat, {}).get("orders", {}).get(sid, "")]
                ):
                    action = a
        answer["action"] = action
        if "laying" in fields:
            guns = [c.id for c in fields["laying"].choices if c.id != "none"]
            answer["laying"] = guns[0] if guns else "none"
        if "quarter" in fields:
            answer["quarter"] = 4
        if "order" in fields:
            answer["order"] = fields["order"].choices[0].id
        return answer

    def _fire(self, view: Mapping[str, Any], prompt: Prompt) -> dict[str, Any]:
        units = prompt.context.get("units", [])
        ships = self._ships(view)
        aims = self._aims(view)
        answer = {
            f.name: self._fire_one(view, f.choices, ships, aims)
            for f in prompt.fields
            if f.name in units
        }
        return _as_they_stand(prompt, answer)

    def _fire_one(
        self,
        view: Mapping[str, Any],
        choices: Any,
        ships: dict[str, Mapping[str, Any]] | None = None,
        aims: tuple[set[str], set[Any]] | None = None,
    ) -> str:
        ids = [c.id for c in choices]
        if ships is None:
            ships = self._ships(view)
        best, score = "hold", 0.0
        for option in choices:
            if option.id.startswith("at:"):
                tid = option.id[3:]
                guns = 1.0
                with contextlib.suppress(IndexError, ValueError):
                    guns = float(option.label.split(": ", 1)[1].split(" gun")[0])
                weight = 2.0 if tid in ships else 0.5
                if tid in ships and ships[tid]["status"] not in ("active", "captured"):
                    weight = 0.2  # abandoned: out of the fight already
                if tid in ships and ships[tid]["spv"] < ships[tid]["pv"]:
                    weight *= 1.5
                if tid in ships and self._wanted(view, ships[tid], aims):
                    weight *= 2.0
                if guns * weight > score:
                    best, score = option.id, guns * weight
            elif option.id.startswith("mortar:") and score < 1.0:
                best, score = option.id, 1.0
        return best if best in ids else ids[0]


def _feature_shapes(view: Mapping[str, Any]) -> list[tuple[str, float, Shape]]:
    """Each feature of the view that a ship keeps off (land, hazards,
    shoals), in the view's order: its kind, its depth (0 if none) and its
    shape (:func:`_shape`), for :meth:`AcwRiverAI._hazards`."""
    return [
        (f["kind"], f.get("depth") or 0, _shape(f["polygon"]))
        for f in view.get("features", [])
        if f["kind"] in ("land", "stakes", "rocks", "wreck", "chain", "shoal")
    ]


def _fields_by_unit(prompt: Prompt, uids: list[str]) -> dict[str, dict[str, Any]]:
    """Each unit's fields of a side's form by their names after the unit's
    id and a slash, in the form's order, in one pass over the form (a
    name's unit is what comes before its first slash; where an id holds a
    slash itself, unit by unit, each name that begins with it)."""
    if any("/" in uid for uid in uids):
        return {
            uid: {f.name[len(uid) + 1 :]: f for f in prompt.fields if f.name.startswith(f"{uid}/")}
            for uid in uids
        }
    out: dict[str, dict[str, Any]] = {uid: {} for uid in uids}
    for f in prompt.fields:
        uid, slash, name = f.name.partition("/")
        if slash and uid in out:
            out[uid][name] = f
    return out


def _as_they_stand(prompt: Prompt, answer: dict[str, Any]) -> dict[str, Any]:
    """The fields the player leaves as the form offers them: the standing
    fire orders (standing.py; the AI gives none, so it is asked every time)."""
    defaults = prompt.context.get("defaults", {})
    for f in prompt.fields:
        if f.name not in answer:
            first = f.choices[0].id if f.choices else f.low
            answer[f.name] = defaults.get(f.name, first)
    return answer
