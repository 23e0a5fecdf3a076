"""A heuristic player for Cutting Out Party, for the raiders, the defenders
and the umpire, deciding from its seat's view only (it never peeks: until
the raiders are seen, the defenders' view has no raiders in it).

Raiders: each boat rows for its own boarding point on the prize (or for the
landing nearest its task, a battery), comes alongside, climbs; on deck the
first party puts two men (marines first) on the main hatch and the rest
sweep the deck; the prize sails as soon as she is half rigged and her deck
is clear. They hold their fire until they are seen.

Defenders: the guard and crew repel boarders at the rail where boats lie,
then fight whatever stands on their deck; the guns fire round shot at the
prize once the raiders hold her (her rigging suffers), grape at boats in
grape range, round shot at boats beyond; boats of the garrison row to retake
the prize once the raiders hold her.

Umpire: the scenario's hull points for every ship and boat (a boat's kind's
where the scenario gives none).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Final

from quarterdeck.core.prompts import Answer, Prompt


@lru_cache(maxsize=4096)
def _pull(
    start: tuple[float, float],
    keel: tuple[str, float, float, float, float, float],
    spot: tuple[float, float],
) -> float:
    """:meth:`CuttingOutAI._pull`, remembered: a boat lying still asks the
    same question of a ship at anchor decision after decision."""
    from quarterdeck.rulesets.cutting_out.harbour import around_ship
    from quarterdeck.rulesets.cutting_out.state import Ship

    sid, x, y, heading, length, beam = keel
    hull = Ship(sid, "", "", "", x, y, heading, length, beam, 1)
    way = around_ship(hull, start, spot)
    return sum(math.dist(a, b) for a, b in zip([start, *way], way, strict=False))


_ROUNDING: Final = 1e-9
"""Inches (and a part of the length) by which a boat's row round a hull
may come out shorter than the straight line to its spot through rounding
alone (the sums of a few legs of tens of inches: far less)."""


def _by_id(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(i["id"]): i for i in items}


class CuttingOutAI:
    """Decides from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def needs_view(self, prompt: Prompt) -> bool:
        """False where the answer comes from the prompt alone (the umpire's
        hull points, a boat's climb or landing): no view is built for it."""
        step = prompt.context.get("step")
        return not (step == "hull" or (step == "move" and prompt.kind != "form"))

    def decide(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        step = prompt.context.get("step")
        ids = prompt.option_ids()
        if step == "hull":
            wanted = str(prompt.context.get("scenario", ""))
            return wanted if wanted in ids else ids[len(ids) // 2]
        if prompt.kind == "form":
            return self._row(view, prompt)
        if step == "move":
            for choice in ("climb", "land"):
                if choice in ids:
                    return choice
            return ids[0]
        if step == "prize":
            ship = next(s for s in view["ships"] if s["prize"])
            mine = [f for f in view["figures"] if f["where"] == "deck" and f["place"] == ship["id"]]
            clear = all(f["side"] == self.seat for f in mine)
            return "sail" if clear or ship["fully_rigged"] or self._late(view) else "stay"
        if step == "deck":
            return self._deck(view, prompt)
        if step == "land":
            return self._land(view, prompt)
        if step == "fire":
            return self._fire(view, prompt)
        if step == "guns":
            return self._guns(view, prompt)
        return ids[0]

    @staticmethod
    def _late(view: Mapping[str, Any]) -> bool:
        return int(view["turn"]) >= int(view["turn_limit"]) - 2

    # -- boats ------------------------------------------------------------------

    def _row(self, view: Mapping[str, Any], prompt: Prompt) -> dict[str, Any]:
        """The whole rowing form, a boat at a time in the form's order; a
        boarding point chosen for one boat is not given to the next."""
        fields = {f.name: f for f in prompt.fields}
        boats = _by_id(view["boats"])
        taken: set[str] = set()
        answer: dict[str, Any] = {}
        for bid in prompt.context.get("boats", []):
            toward = fields[f"{bid}/toward"]
            inches = fields[f"{bid}/inches"]
            where, far = self._one_row(
                view, boats.get(str(bid), {}), [c.id for c in toward.choices], inches.high, taken
            )
            if where.startswith("alongside:"):
                taken.add(where.rsplit(":", 1)[1])
            answer[f"{bid}/toward"] = where
            answer[f"{bid}/inches"] = far
        return answer

    def _one_row(
        self,
        view: Mapping[str, Any],
        boat: dict[str, Any],
        choices: list[str],
        full: int,
        taken: set[str],
    ) -> tuple[str, int]:
        prize = next(s for s in view["ships"] if s["prize"])
        if self.seat == view["raiders"]:
            if prize["status"] == "under-way" or (self._late(view) and not boat.get("alongside")):
                return "exit", full
            task = str(boat.get("task") or prize["id"])
            batteries = _by_id(view["batteries"])
            if task in batteries:
                landing = self._landing_near(view, batteries[task])
                if landing is not None and f"landing:{landing}" in choices:
                    return f"landing:{landing}", full
            point = self._free_point(view, prize, boat, taken)
            key = f"alongside:{prize['id']}:{point}"
            if key in choices:
                return key, full
            return choices[0], full
        # defenders: row to retake the prize once the raiders stand on her deck
        raiders_aboard = any(
            f["side"] == view["raiders"] and f["where"] == "deck" and f["place"] == prize["id"]
            for f in view["figures"]
        )
        if raiders_aboard:
            point = self._free_point(view, prize, boat, taken)
            key = f"alongside:{prize['id']}:{point}"
            if key in choices:
                return key, full
        return choices[0], 0

    def _free_point(
        self,
        view: Mapping[str, Any],
        ship: dict[str, Any],
        boat: dict[str, Any],
        chosen: Iterable[str] = (),
    ) -> str:
        """The boarding point nearest the boat that no friendly boat has
        taken (lies at, or is rowing for in this form)."""
        taken = set(chosen) | {
            str(b["alongside"]).split(":", 1)[1]
            for b in view["boats"]
            if b["side"] == self.seat and b["alongside"] and b["id"] != boat.get("id")
        }
        heading = math.radians(float(ship["heading"]))
        bx, by = float(boat.get("x", 0.0)), float(boat.get("y", 0.0))

        def where(p: list[float]) -> tuple[float, float]:
            along = p[0] - ship["length"] / 2
            fx, fy = math.sin(heading), math.cos(heading)
            sx, sy = math.cos(heading), -math.sin(heading)
            return (ship["x"] + fx * along + sx * p[1], ship["y"] + fy * along + sy * p[1])

        # the side where the ship's guns are manned is the side to keep off
        guns = {"larboard": 0, "starboard": 0}
        for g in view.get("guns", []):
            if g.get("owner") == ship["id"] and g.get("ready") and g.get("deck_y") is not None:
                guns["starboard" if g["deck_y"] > 0 else "larboard"] += int(g.get("serving", 0) > 0)
        off = float(ship["beam"]) / 2 + 0.5  # where a boat lies beside a point

        def pull(kv: tuple[str, list[float]]) -> float:
            return self._pull((bx, by), ship, where([kv[1][0], math.copysign(off, kv[1][1])]))

        # the first point by (taken, guns on her side, how far she rows),
        # as a stable sort puts it first: only the points first by the first
        # two are measured, and the first of those that rows least wins
        items = list(ship["points"].items())
        if not items:
            raise IndexError("a ship without boarding points")  # as points[0] did
        firsts = [(kv[0] in taken, guns.get(kv[0].split("-")[0], 0)) for kv in items]
        least = min(firsts)
        near = [kv for kv, first in zip(items, firsts, strict=True) if first == least]
        # no way round the hull is shorter than the straight line to the
        # spot: measured nearest first by that line, a point whose line is
        # longer (by more than rounding) than the shortest row found so far
        # rows further than it, and neither wins nor ties (nor does any after)
        spots = [where([kv[1][0], math.copysign(off, kv[1][1])]) for kv in near]
        lines = [math.dist((bx, by), spot) for spot in spots]
        rows: dict[int, float] = {}
        if all(math.isfinite(d) for d in lines):
            best = math.inf
            for i in sorted(range(len(near)), key=lines.__getitem__):
                if lines[i] > best + _ROUNDING * (1.0 + best):
                    break
                rows[i] = self._pull((bx, by), ship, spots[i])
                best = min(best, rows[i])
        else:
            rows = {i: self._pull((bx, by), ship, spot) for i, spot in enumerate(spots)}
        if any(r != r for r in rows.values()):  # a NaN: the whole sort, as it always was
            points = sorted(
                items, key=lambda kv: (kv[0] in taken, guns.get(kv[0].split("-")[0], 0), pull(kv))
            )
            return str(points[0][0])
        return str(near[min(rows, key=lambda i: (rows[i], i))][0])

    @staticmethod
    def _pull(start: tuple[float, float], ship: dict[str, Any], spot: tuple[float, float]) -> float:
        """How far a boat rows to ``spot`` beside the ship: round her bow or
        stern when the spot is on her far side (Movement)."""
        keel = (
            str(ship["id"]),
            float(ship["x"]),
            float(ship["y"]),
            float(ship["heading"]),
            float(ship["length"]),
            float(ship["beam"]),
        )
        return _pull(start, keel, spot)

    @staticmethod
    def _landing_near(view: Mapping[str, Any], battery: dict[str, Any]) -> str | None:
        landings = view["landings"]
        if not landings:
            return None
        best = min(
            landings, key=lambda lg: math.dist((lg["x"], lg["y"]), (battery["x"], battery["y"]))
        )
        return str(best["id"])

    # -- parties ------------------------------------------------------------------

    def _deck(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ids = prompt.option_ids()
        ship = _by_id(view["ships"])[str(prompt.context.get("ship"))]
        if self.seat == view["raiders"]:
            # a guard for the hatch where one is offered: her hatch and the
            # crew below (lazy entries, built when read) are read only then
            guard = [n for n in ("hatch-2", "hatch-1") if n in ids]
            if guard and ship["hatch_held_by"] != self.seat and ship["crew_below"]:
                return guard[0]
            return "attack" if "attack" in ids else "hold"
        if "attack" in ids:
            return "attack"
        repel = [i for i in ids if i.startswith("repel:")]
        if repel:
            return repel[0]
        if "guns" in ids and any(b["side"] != self.seat for b in view["boats"]):
            return "guns"
        return "hold"

    def _land(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ids = prompt.option_ids()
        spike = [i for i in ids if i.startswith("spike:")]
        if spike:
            return spike[0]
        batteries = _by_id(view["batteries"])
        for bid, b in batteries.items():
            held = b["captured_by"] or b["side"]
            if (
                held != self.seat
                and f"advance:{bid}" in ids
                and (self.seat == view["raiders"] or b["side"] == self.seat)
            ):
                formed = f"formed:{bid}"
                # the view's parties are read only here (a lazy part, built when read)
                party = _by_id(view["parties"]).get(str(prompt.context.get("party")), {})
                if party.get("formed") and formed in ids:
                    return formed
                return f"advance:{bid}"
        if self.seat == view["raiders"]:
            embark = [i for i in ids if i.startswith("embark:")]
            if embark and not spike and self._late(view):
                return embark[0]
            return "attack" if "attack" in ids else "hold"
        return "hold"

    # -- fire ---------------------------------------------------------------------

    def _fire(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        if self.seat == view["raiders"] and not view["alarm"]["detected"]:
            return "hold"  # no shot before the raiders are seen: it gives the alarm
        best, most = "hold", 0
        for o in prompt.options:
            found = re.search(r"\((\d+) in range\)", o.label)
            if o.id.startswith("fire:") and found and int(found.group(1)) > most:
                best, most = o.id, int(found.group(1))
        return best

    def _guns(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ids = prompt.option_ids()
        if self.seat == view["raiders"] and not view["alarm"]["detected"]:
            return "hold"
        for prefix in (
            "ball:ship:",
            "grape:boat:",
            "grape:party:",
            "ball:boat:",
            "ball:fort:",
            "grape:",
        ):
            found = [i for i in ids if i.startswith(prefix)]
            if found:
                return found[0]
        return "hold"
