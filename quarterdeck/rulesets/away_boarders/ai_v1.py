"""The first heuristic player for Away, Boarders!, kept unchanged as the
yardstick the current one (ai.py) is measured against (benchmarks/bench_ai.py).
Not offered to users.

It decides from its seat's view only.

It sails for a position where an enemy lies in a broadside arc at short
range (a rake if it can get one), fires whenever a battery bears, aims low
with round and grape and high with chain, loads the battery that faces the
enemy (grape when close), keeps enough hands aloft to handle the ship, and
grapples and boards when its crew outnumbers the enemy's.
"""

from __future__ import annotations

import random
from typing import Any

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.away_boarders.sailing import legal_moves, move_result, wind_angle


def _pos(s: dict[str, Any]) -> pg.Point:
    return (int(s["q"]), int(s["r"]))


class AwayBoardersAI:
    """Decides sensibly, from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        ships = {s["id"]: s for s in view["ships"]}
        me = ships.get(str(prompt.context.get("ship", "")))
        step = prompt.context.get("step")
        ids = prompt.option_ids()
        if prompt.kind == "form" and prompt.context.get("fleet") and step == "crew":
            # the fleet form of crew orders (added after this player was
            # frozen, so that it can still play): each row as if asked alone
            return {f.name: self._ship_crew(view, ships[f.name], f) for f in prompt.fields}
        if prompt.kind == "form" and prompt.context.get("step") == "loads":
            # round shot for the long first broadside (the initial bonus is
            # best spent where the guns reach furthest)
            return {f.name: "round" for f in prompt.fields}
        if prompt.kind == "form" and prompt.context.get("form") == "rally":
            return self._rally_form(me, prompt)
        if prompt.kind == "form":
            return self._crew_form(me, prompt)
        if me is None:
            return ids[0]
        enemies = [s for s in view["ships"] if s["side"] != me["side"] and s["status"] == "afloat"]
        nearest = min(enemies, key=lambda e: pg.distance(_pos(me), _pos(e)), default=None)
        if step == "casualty":
            # the fullest box first (the old fixed rule, now the AI's preference)
            crew = prompt.context.get("crew", {})
            return max(ids, key=lambda i: (int(crew.get(i.split(":", 1)[1], 0)), -ids.index(i)))
        if step == "incident":
            return self._pass_side(me, ships.get(str(prompt.context.get("other", ""))), ids)
        if step == "brush":
            fair = [o.id for o in prompt.options if "in irons" not in o.label]
            return (fair or ids)[0]
        if step == "split":
            even = f"face:{prompt.context.get('even', 0)}"
            return even if even in ids else ids[-1]
        if step == "fix":
            return self._fix(me, ids)
        if step == "crew":
            return self._crew(me, nearest, ids)
        if step == "order":
            return "first"
        if step == "move":
            return self._move(view, me, enemies, ids)
        if step == "fire":
            fire = [i for i in ids if i.startswith("fire:")]
            raking = [o.id for o in prompt.options if o.id in fire and "raking" in o.label]
            return (raking or fire or ids)[0]
        if step == "aim":
            battery = prompt.context.get("battery")
            chain = any(me["load"][b] == "chain" for b in ([battery] if battery else me["load"]))
            return "high" if chain else "low"
        if step == "sail":
            if me["sail"] in ("oars", "reef") and any(
                any(b < 2 for b in m["boxes"]) for m in me["masts"]
            ):
                up = [i for i in ids if i.startswith("set:") and i != "set:oars"]
                return up[-1] if up else "keep"
            return "keep"
        if step == "load":
            return self._load(me, nearest, ids)
        if step == "grapple":
            return self._grapple(me, ships, ids)
        if step == "repel":
            return "repel-co" if "repel-co" in ids and me["crew"]["boarders"] <= 1 else ids[0]
        if step == "board":
            for i in ids:
                if i.startswith("board:"):
                    other = ships[i.split(":", 1)[1]]
                    if me["crew"]["boarders"] > other["crew"]["boarders"]:
                        return i
            return "none"
        return ids[0]

    @staticmethod
    def _fix(me: dict[str, Any], ids: list[str]) -> str:
        """The worst damage first: a fallen mast, then an X, then a slash."""

        def worst(i: str) -> tuple[int, int]:
            kind, *where = i.split(":")
            if kind == "hull":
                return (0, int(me["hull"][int(where[0])]))
            if kind == "rig":
                boxes = me["masts"][int(where[0])]["boxes"]
                fallen = all(b >= 2 for b in boxes)
                return (int(fallen), int(boxes[int(where[1])]))
            return (0, 2)

        return max(ids, key=lambda i: (worst(i), -ids.index(i)))

    @staticmethod
    def _pass_side(me: dict[str, Any], other: dict[str, Any] | None, ids: list[str]) -> str:
        """Pass so that the battery with more loaded guns bears on an enemy,
        or the emptier one faces a friend."""
        if other is None:
            return ids[0]
        d = (int(other["facing"]) - int(me["facing"])) % 6
        mine_if_port = "port" if d in (2, 3, 4) else "starboard"

        def loaded(side: str) -> int:
            return sum(
                1 for g in me["guns"] if g["side"] == side and g["loaded"] and not g["disabled"]
            )

        other_side = "starboard" if mine_if_port == "port" else "port"
        want_port = loaded(mine_if_port) >= loaded(other_side)
        if other["side"] == me["side"]:
            want_port = not want_port
        choice = "pass-port" if want_port else "pass-starboard"
        return choice if choice in ids else ids[0]

    def _ship_crew(self, view: dict[str, Any], me: dict[str, Any], field: Any) -> str:
        """One ship's row of the fleet's crew form: as if she were asked alone."""
        enemies = [s for s in view["ships"] if s["side"] != me["side"] and s["status"] == "afloat"]
        nearest = min(enemies, key=lambda e: pg.distance(_pos(me), _pos(e)), default=None)
        return self._crew(me, nearest, [c.id for c in field.choices])

    def _crew(self, me: dict[str, Any], nearest: dict[str, Any] | None, ids: list[str]) -> str:
        if (
            nearest is not None
            and _pos(nearest) == _pos(me)
            and me["crew_total"] > nearest["crew_total"]
            and "plan:board" in ids
        ):
            return "plan:board"
        damaged = sum(me["hull"]) >= len(me["hull"]) or any(g["disabled"] for g in me["guns"])
        far = nearest is None or pg.distance(_pos(me), _pos(nearest)) > 5
        if damaged and far and "plan:repair" in ids:
            return "plan:repair"
        need = sum(1 for m in me["masts"] if any(b < 2 for b in m["boxes"]))
        if me["sail"] == "oars":
            need = int(me.get("oar_crew_needed", 1))
        if me["crew_total"] < need and "rally:yards" in ids:
            return "rally:yards"  # too few hands to work the ship: bring one back aloft
        if me["casualties"] >= 3 and "rally" in ids:
            return "rally"  # rally them all
        if me["casualties"] >= 2 and me["crew"]["yards"] >= need and "rally:guns" in ids:
            return "rally:guns"
        return "custom" if "custom" in ids else ids[0]

    @staticmethod
    def _rally_form(me: dict[str, Any] | None, prompt: Prompt) -> dict[str, int]:
        """Every casualty tries to come back: one aloft if the yards are short,
        the rest to the guns."""
        answer = {f.name: 0 for f in prompt.fields}
        if me is None or not prompt.fields:
            return answer
        n = int(me["casualties"])
        aloft = 1 if me["crew"]["yards"] < len(me["masts"]) else 0
        answer["yards"] = min(n, aloft)
        answer["guns"] = n - answer["yards"]
        return answer

    @staticmethod
    def _crew_form(me: dict[str, Any] | None, prompt: Prompt) -> dict[str, int]:
        """One spare hand aloft (casualties there make the ship repeat her last
        move), everyone else at the guns."""
        answer = {f.name: 0 for f in prompt.fields}
        if me is None:
            return answer
        if not prompt.fields:
            answer = {"yards": 0}
        total = int(me["crew_total"])
        if me["sail"] == "oars":
            need = int(me.get("oar_crew_needed", 1))
        else:
            need = sum(1 for m in me["masts"] if any(b < 2 for b in m["boxes"]))
        answer["yards"] = min(total, need + 1 if total > need + 1 else need)
        return answer

    def _move(
        self,
        view: dict[str, Any],
        me: dict[str, Any],
        enemies: list[dict[str, Any]],
        ids: list[str],
    ) -> str:
        field = view["field"]
        grid = pg.Grid(
            field["width"],
            field["height"],
            frozenset(pg.from_column(c, r) for c, r in field["blocked"]),
        )
        best, best_score = ids[0], -1e9
        oars = me["sail"] == "oars"
        if view.get("victory", {}).get("escape", {}).get(me["side"], 0) > 0:
            return self._escape(grid, field["wind"], me, ids)
        for move in ids:
            p, f = move_result(_pos(me), int(me["facing"]), move)
            now = self._score(grid, field["wind"], p, f, enemies, me)
            later = self._lookahead(grid, field["wind"], p, f, enemies, me, oars, 2)
            score = 0.5 * now + 0.5 * max(now, later)
            if move in ("back", "hold"):
                score -= 1.0 + (10.0 if me["backed_turns"] >= 1 else 0.0)
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = move, score
        return best

    def _escape(self, grid: pg.Grid, wind: int, me: dict[str, Any], ids: list[str]) -> str:
        """Run for the nearest edge of the field (the scenario scores escapes)."""

        def edge(p: pg.Point) -> int:
            if not grid.contains(p):
                return -1
            col = pg.column(p)
            return min(col, grid.width - 1 - col, p[1], grid.height - 1 - p[1])

        def value(move: str) -> float:
            p, f = move_result(_pos(me), int(me["facing"]), move)
            score = -float(edge(p)) * 2
            if me["sail"] != "oars" and wind_angle(wind, f) == 0:
                score -= 3.0
            if move in ("back", "hold"):
                score -= 2.0
            return score + self.rng.random() * 0.01

        return max(ids, key=value)

    def _lookahead(
        self,
        grid: pg.Grid,
        wind: int,
        p: pg.Point,
        f: int,
        enemies: list[dict[str, Any]],
        me: dict[str, Any],
        oars: bool,
        depth: int,
    ) -> float:
        """The best score reachable in ``depth`` more moves (enemies still)."""
        if depth == 0 or not grid.contains(p):
            return self._score(grid, wind, p, f, enemies, me)
        ahead = pg.step(p, f)
        open_ahead = not grid.contains(ahead) or grid.is_open(ahead)
        best = -1e9
        for move in legal_moves(wind, f, oars, 1, open_ahead):
            if move in ("back", "hold"):
                continue
            q, g = move_result(p, f, move)
            best = max(best, self._lookahead(grid, wind, q, g, enemies, me, oars, depth - 1))
        return best if best > -1e9 else self._score(grid, wind, p, f, enemies, me)

    @staticmethod
    def _score(
        grid: pg.Grid,
        wind: int,
        p: pg.Point,
        f: int,
        enemies: list[dict[str, Any]],
        me: dict[str, Any],
    ) -> float:
        if not grid.contains(p):
            return -1000.0
        score = 0.0
        if me["sail"] != "oars" and wind_angle(wind, f) == 0:
            score -= 3.0
        # stay off the edges
        col = pg.column(p)
        if col <= 0 or p[1] <= 0 or col >= grid.width - 1 or p[1] >= grid.height - 1:
            score -= 2.0
        if not enemies:
            return score
        target = min(enemies, key=lambda e: pg.distance(p, _pos(e)))
        tp = _pos(target)
        d = pg.distance(p, tp)
        if me["crew_total"] >= 2 * max(1, target["crew_total"]):
            # twice her numbers: run her aboard, foul her and carry her
            score -= d * 1.5
            if d == 0:
                score += 8.0
        else:
            score -= abs(d - 2) * 1.5
        if d > 0 and (pg.in_arc(p, f, tp, 90.0, 30.0) or pg.in_arc(p, f, tp, 270.0, 30.0)):
            score += 6.0 if d <= 4 else 2.0
        line = pg.direction_of(tp, p)
        if line is not None and line in (target["facing"], (target["facing"] + 3) % 6):
            score += 2.0
        # do not offer our own stern or bow to the enemy's broadside
        if d > 0 and (
            pg.in_arc(tp, target["facing"], p, 90.0, 30.0)
            or pg.in_arc(tp, target["facing"], p, 270.0, 30.0)
        ):
            score -= 1.0
        return score

    @staticmethod
    def _load(me: dict[str, Any], nearest: dict[str, Any] | None, ids: list[str]) -> str:
        loads = [i for i in ids if i.startswith("load:")]
        doubles = [i for i in ids if i.startswith("double:")]
        if nearest is not None and 0 < pg.distance(_pos(me), _pos(nearest)) <= 3:
            # close: a second ball in the round-shotted battery that is full
            full = [i for i in doubles if not any(x.startswith(f"load:{i[7:]}:") for x in loads)]
            if full:
                return full[0]
        if not loads:
            return "done" if "done" in ids else ids[0]
        want = "round"
        order = ["port", "starboard", "bow"]
        if nearest is not None:
            d = pg.distance(_pos(me), _pos(nearest))
            if d <= 1:
                want = "grape"
            elif d <= 3:
                want = "double"
            if d > 0:
                rel = pg.relative_bearing(_pos(me), int(me["facing"]), _pos(nearest))
                order = ["port", "starboard", "bow"] if rel < 180 else ["starboard", "port", "bow"]
        for battery in order:
            for i in loads:
                _, b, ammo, _n = i.split(":")
                if b == battery and ammo == want:
                    return i
            for i in loads:
                if i.split(":")[1] == battery and i.split(":")[2] == "round":
                    return i
        return loads[0]

    @staticmethod
    def _grapple(me: dict[str, Any], ships: dict[str, dict[str, Any]], ids: list[str]) -> str:
        for i in ids:
            kind, _, other_id = i.partition(":")
            if not other_id:
                continue
            other = ships[other_id]
            stronger = me["crew_total"] > other["crew_total"]
            if kind == "grapple" and stronger:
                return i
            if kind in ("ungrapple", "unfoul") and (not stronger or other["side"] == me["side"]):
                return i
        return "none"


def ai(seat: str, seed: int) -> AwayBoardersAI:
    """The yardstick player for ``seat`` (benchmarks/bench_ai.py)."""
    return AwayBoardersAI(seat, seed)
