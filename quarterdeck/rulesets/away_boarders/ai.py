"""The heuristic player for Away, Boarders!: a captain who decides from his
seat's view only.

What it does, part by part of the rules:

- Crew (2.1): a man per standing mast aloft under sail (the sail crew when it
  means to change the setting this turn), the sweeps manned under oars, one
  boarding-party man to clear a friend it is fouled with or to break free of
  a stronger enemy, the whole party when it means to carry an enemy by
  boarding, a repair crew when out of the fight, the rest at the guns.
  Rallies when the pile is large or it is too short-handed to work the ship.
- Sail (2.3, 3.1, 3.2): rowing vessels (galleys, gondolas, gunboats, base
  speed 1) row whenever the enemy is near or the sweeps carry them toward
  her as well as the sails would, and set sail only to make a long passage
  faster; a ship short of hands rows rather than sail (under sail a crewless
  ship repeats her last move off the table; under oars she only drifts).
  Sailing ships make full sail far from the enemy, battle sail near her.
- Movement (3.0-3.3): each legal move is scored by where it leaves her and
  where two more moves can take her: guns bearing on the enemy within their
  range (bow guns dead ahead for the gondolas and gunboats), a rake, the
  range her guns like, out of the enemy's arcs; never onto a friend's point
  (a collision can foul two friends), onto an enemy's only to board her; off
  the edges and out of irons; a ship with too few hands for the yards keeps
  well away from the edges.
- Gunnery (4.2-4.4): fires at the target that gives most, a rake first;
  holds a long shot in the first two phases when a closer one may come;
  aims low (chain shot high); loads the battery facing the enemy, grape
  close aboard, double shot at short range.
- Boarding (2.3, 5.0): grapples and boards when its party outnumbers hers,
  unfouls friends and breaks free of stronger enemies, divides a party
  evenly between two boarders.
"""

from __future__ import annotations

import math
import random
from operator import itemgetter
from typing import Final

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.away_boarders.judge import (
    Judge,
    ShipView,
    View,
    helm_crew,
    judge_for,
    moved,
    pos_of,
    ranges_from,
    standing_masts,
)
from quarterdeck.rulesets.away_boarders.sailing import move_result, wind_angle
from quarterdeck.rulesets.away_boarders.tables import printed_tables

_ID: Final = itemgetter("id")

NEAR: Final = 5
"""Within this many points of an enemy a rowing vessel fights under oars."""

REPAIR_ORDER: Final[tuple[str, ...]] = (
    "repair_hull",
    "repair_guns",
    "repair_rigging",
    "guns",
    "boarders",
    "yards",
)
"""Which box a casualty comes from when the captain may choose: the repair
crews first, the yards last (without them she cannot manoeuvre)."""


_LAST_GRID: Final[list[tuple[int, int, list[list[int]], list[list[int]], pg.Grid]]] = []
"""The last field built from a view, with what it was built from: the
view's very ``blocked`` list and a copy of it (every move asks for the field
again, and it seldom changes; the view shows the same list while it is the
same, :func:`quarterdeck.rulesets.away_boarders.view._kept_field`)."""


def _grid(view: View) -> pg.Grid:
    field = view["field"]
    width, height, blocked = field["width"], field["height"], field["blocked"]
    if _LAST_GRID:
        w, h, shown, b, built = _LAST_GRID[0]
        if w == width and h == height and (shown is blocked or b == blocked):
            return built
    built = pg.Grid(width, height, frozenset(pg.from_column(c, r) for c, r in blocked))
    _LAST_GRID[:] = [(width, height, blocked, [list(b) for b in blocked], built)]
    return built


def _nearest(me: ShipView, ships: list[ShipView]) -> ShipView | None:
    """The ship nearest ``me``, the first of the nearest (as ``min``)."""
    if not ships:
        return None
    ranges = ranges_from(pos_of(me), ships)
    return ships[ranges.index(min(ranges))]


def _ship_of(ships: list[ShipView], name: str) -> ShipView | None:
    """The ship of the view's ``ships`` whose id is ``name`` (None if none
    is: the prompt names no ship)."""
    for s in ships:
        if s["id"] == name:
            return s
    return None


def _by_id(ships: list[ShipView]) -> dict[str, ShipView]:
    """The view's ``ships`` by id."""
    return dict(zip(map(_ID, ships), ships, strict=True))


def _rower(s: ShipView) -> bool:
    """A galley, gondola, gunboat or radeau: slow under sail, built to row."""
    return int(s["base_speed"]) <= 1


def _sail_crew(s: ShipView) -> int:
    """Men at the yards to make or reef sail (2.3), by the charts in play."""
    given = int(s.get("sail_crew_needed", -1))
    return given if given >= 0 else (2 if s["rig"] == "square" else 1) * standing_masts(s)


def _nearest_edge(grid: pg.Grid, p: pg.Point) -> pg.Point:
    """The point just off the field nearest ``p`` (where an escape ends)."""
    col, row = pg.column(p), p[1]
    offs = {
        (-1, row): col + 1,
        (grid.width, row): grid.width - col,
        (col, -1): row + 1,
        (col, grid.height): grid.height - row,
    }
    (c, r), _d = min(offs.items(), key=lambda kv: kv[1])
    return pg.from_column(c, r)


def _on_line(p: pg.Point, target: ShipView) -> bool:
    """Whether ``p`` lies on ``target``'s fore-and-aft line (a rake, 4.3)."""
    d = pg.direction_of(pos_of(target), p)
    return d is not None and d in (int(target["facing"]), (int(target["facing"]) + 3) % 6)


class AwayBoardersAI:
    """Decides as a sensible captain would, from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed
        self._rng: random.Random | None = None
        # each ship's last look-ahead, kept while nothing it judged from changes
        self._judges: dict[str, Judge] = {}

    @property
    def rng(self) -> random.Random:
        """The player's own randomness (a hair's breadth between equal
        moves, 3.0), seeded from ``seed`` when first needed: the crew orders
        and first loads a game opens with draw none."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def drew_on_seed(self) -> bool:
        """Whether a decision so far drew on the seed (:attr:`rng`): until
        one does, the player decides from the view and the prompt alone
        (``_judges`` keeps only look-aheads, each used again only where it
        judged from the very same inputs), so games of other seeds decide alike
        (quarterdeck.sim.games.Setup.find_opening)."""
        return self._rng is not None

    # -- the prompt -----------------------------------------------------------

    def needs_view(self, prompt: Prompt) -> bool:
        """Where to aim (the prompt names the battery's load), which box a
        casualty comes from, how to split the defenders and which way to
        turn past a ship are decided from the prompt alone."""
        step = prompt.context.get("step")
        if step == "aim":
            return "load" not in prompt.context
        return step not in ("casualty", "split", "brush")

    def decide(self, view: View, prompt: Prompt) -> Answer:
        step = prompt.context.get("step")
        ids = prompt.option_ids()
        if prompt.kind == "choice" and not self.needs_view(prompt):
            if step == "aim":
                return "high" if prompt.context["load"] == "chain" else "low"
            if step == "casualty":
                return self._casualty(ids)
            if step == "brush":
                fair = [o.id for o in prompt.options if "in irons" not in o.label]
                return (fair or ids)[0]
            even = f"face:{prompt.context.get('even', 0)}"  # split
            return even if even in ids else ids[-1]
        everyone: list[ShipView] = view["ships"]
        me = _ship_of(everyone, str(prompt.context.get("ship", "")))
        if prompt.kind == "form" and prompt.context.get("fleet") and step == "crew":
            ships = _by_id(everyone)
            # the whole side's crew orders in one form (2.1): each row as if
            # the ship were asked alone
            enemies_of: dict[str, list[ShipView]] = {}  # by side: the same for each row
            answer: dict[str, str] = {}
            for f in prompt.fields:
                ship = ships[f.name]
                theirs = enemies_of.get(ship["side"])
                if theirs is None:
                    theirs = enemies_of[ship["side"]] = self._enemies(view, ship)
                answer[f.name] = self._crew(view, ship, theirs, [c.id for c in f.choices])
            return answer
        if prompt.kind == "form" and step == "loads":
            return {f.name: "round" for f in prompt.fields}
        if prompt.kind == "form" and prompt.context.get("form") == "rally":
            return self._rally_form(me, prompt)
        if prompt.kind == "form":
            return self._crew_form(view, me, prompt)
        if me is None:
            return ids[0]
        if step in ("crew", "sail", "load"):
            enemies = self._enemies(view, me)
        if step in ("sail", "load"):
            nearest = _nearest(me, enemies)
        if step == "incident":
            other = _ship_of(everyone, str(prompt.context.get("other", "")))
            return self._pass_side(me, other, ids)
        if step == "fix":
            return self._fix(me, ids)
        if step == "crew":
            return self._crew(view, me, enemies, ids)
        if step == "order":
            return self._order(view, me)
        if step == "move":
            return self._move(view, me, ids)
        if step == "fire":
            return self._fire(view, me, prompt)
        if step == "aim":
            battery = prompt.context.get("battery")
            chain = any(me["load"][b] == "chain" for b in ([battery] if battery else me["load"]))
            return "high" if chain else "low"
        if step == "sail":
            return self._sail(view, me, nearest, ids)
        if step == "load":
            return self._load(me, nearest, ids)
        if step == "grapple":
            return self._grapple(me, _by_id(everyone), ids)
        if step == "repel":
            return "repel-co" if "repel-co" in ids and me["crew"]["boarders"] <= 1 else ids[0]
        if step == "board":
            return self._board(me, _by_id(everyone), ids)
        return ids[0]

    # -- who is who -----------------------------------------------------------

    @staticmethod
    def _enemies(view: View, me: ShipView) -> list[ShipView]:
        side = me["side"]
        return [s for s in view["ships"] if s["side"] != side and s["status"] == "afloat"]

    @staticmethod
    def _stronger(me: ShipView, other: ShipView) -> bool:
        """Enough men to carry her by boarding: half as many again as hers."""
        return int(me["crew_total"]) * 2 >= 3 * max(1, int(other["crew_total"]))

    # -- crew (2.1) -----------------------------------------------------------

    def _want_oars(self, view: View, me: ShipView, nearest: ShipView | None) -> bool:
        """Whether this ship means to be under oars next turn (3.2)."""
        if not _rower(me):
            return False
        if int(me["crew_total"]) <= helm_crew(me, False) or standing_masts(me) == 0:
            return True  # short-handed or dismasted: the sweeps, not the sails
        if view.get("victory", {}).get("escape", {}).get(me["side"], 0) > 0:
            goal = _nearest_edge(_grid(view), pos_of(me))  # the faster way off the field
            return self._progress(view, me, goal, True) >= self._progress(view, me, goal, False)
        if nearest is None:
            return bool(me["sail"] == "oars")
        if pg.distance(pos_of(me), pos_of(nearest)) <= NEAR:
            return True
        return self._progress(view, me, pos_of(nearest), True) >= self._progress(
            view, me, pos_of(nearest), False
        )

    @staticmethod
    def _progress(view: View, me: ShipView, goal: pg.Point, oars: bool) -> float:
        """Points a turn she makes toward ``goal`` on her best heading, under
        oars (3.2) or under full sail (3.1)."""
        wind = int(view["field"]["wind"])
        sp = printed_tables().speed
        here = pos_of(me)
        if here == goal:
            return 0.0
        want = pg.bearing(here, goal)
        best = 0.0
        for f in range(6):
            angle = wind_angle(wind, f)
            speed: float
            if oars:
                speed = float(sp.oars_downwind if angle == 3 else sp.oars)
                speed = sp.oars_upwind / 2 if angle == 0 else speed
            else:
                if angle == 0:
                    continue
                mod = {1: sp.close_hauled_fore_and_aft, 2: sp.broad_reach, 3: sp.running}[angle]
                if angle == 1 and me["rig"] == "square":
                    mod = sp.close_hauled_square
                lost = len(me["masts"]) - standing_masts(me)
                speed = float(
                    max(0, int(me["base_speed"]) + sp.per_mast_lost * lost + mod + sp.full)
                )
            off = math.radians((60.0 * f - want + 180.0) % 360.0 - 180.0)
            best = max(best, speed * math.cos(off))
        return best

    def _crew(self, view: View, me: ShipView, enemies: list[ShipView], ids: list[str]) -> str:
        """Her crew order (2.1) among ``ids``, ``enemies`` the ships she
        fights (worked out once for a fleet form's rows)."""
        need = helm_crew(me, me["sail"] == "oars")
        if me["crew_total"] < need and "rally:yards" in ids:
            return "rally:yards"  # too few hands to work the ship: bring one back aloft
        if me["casualties"] >= 3 and "rally" in ids:
            return "rally"
        if me["casualties"] >= 2 and "rally" in ids:
            nearest = _nearest(me, enemies)
            if nearest is not None and pg.distance(pos_of(me), pos_of(nearest)) > NEAR:
                return "rally"  # out of the fight: the time to bring men back
        return "custom" if "custom" in ids else ids[0]

    def _crew_form(self, view: View, me: ShipView | None, prompt: Prompt) -> dict[str, int]:
        """The crew box by box (the men not placed man the guns)."""
        answer = {f.name: 0 for f in prompt.fields}
        if me is None:
            return answer
        total = int(me["crew_total"])
        enemies = self._enemies(view, me)
        nearest = _nearest(me, enemies)
        oars_next = self._want_oars(view, me, nearest)
        now_oars = me["sail"] == "oars"
        aloft = helm_crew(me, now_oars)
        if oars_next != now_oars or (
            not oars_next and self._sail_wanted(me, nearest) != me["sail"]
        ):
            aloft = max(aloft, _sail_crew(me))  # to change the setting at the end of the turn
        held = (*me["fouled"], *me["grappled"])
        ships = {s["id"]: s for s in view["ships"]} if held else {}
        locked = [ships[i] for i in held if i in ships]
        boarders = 0
        for other in locked:
            if other["side"] == me["side"] or not self._stronger(me, other):
                boarders = max(boarders, 1)  # a hand to clear her or cast off
        at = pos_of(me)
        here = [e for e in enemies if pos_of(e) == at]
        prey = [e for e in here if self._stronger(me, e)]
        if prey:
            boarders = max(boarders, total - aloft - 1)  # carry her
        far = nearest is None or pg.distance(pos_of(me), pos_of(nearest)) > NEAR + 2
        aloft = min(total, aloft)
        boarders = max(0, min(boarders, total - aloft))
        answer["yards"] = aloft
        answer["boarders"] = boarders
        spare = total - aloft - boarders
        if far and not prey:
            damage = {
                "repair_hull": sum(me["hull"]) > 0,
                "repair_rigging": any(sum(m["boxes"]) > 0 for m in me["masts"]),
                "repair_guns": any(g["disabled"] for g in me["guns"]),
            }
            wanted = [b for b, hurt in damage.items() if hurt]
            loaders = sum(1 for g in me["guns"] if not g["loaded"] and not g["disabled"])
            free = max(0, spare - min(loaders, spare))
            for n, box in enumerate(wanted):
                answer[box] = free // len(wanted) + (1 if n < free % len(wanted) else 0)
        return {k: v for k, v in answer.items() if k in {f.name for f in prompt.fields}}

    @staticmethod
    def _rally_form(me: ShipView | None, prompt: Prompt) -> dict[str, int]:
        """Every casualty tries to come back: one aloft if the yards are short,
        the rest to the guns."""
        answer = {f.name: 0 for f in prompt.fields}
        if me is None or not prompt.fields:
            return answer
        n = int(me["casualties"])
        aloft = 1 if me["crew"]["yards"] < helm_crew(me, me["sail"] == "oars") else 0
        answer["yards"] = min(n, aloft)
        answer["guns"] = n - answer["yards"]
        return answer

    @staticmethod
    def _casualty(ids: list[str]) -> str:
        """The least needed hand goes first; never the last man aloft if others will do."""
        boxes = [i.split(":", 1)[1] for i in ids]
        ranked = sorted(boxes, key=lambda b: REPAIR_ORDER.index(b) if b in REPAIR_ORDER else 9)
        return f"box:{ranked[0]}"

    # -- sail (2.3) -----------------------------------------------------------

    @staticmethod
    def _sail_wanted(me: ShipView, nearest: ShipView | None) -> str:
        if nearest is not None and pg.distance(pos_of(me), pos_of(nearest)) <= NEAR - 1:
            return "battle"
        return "full"

    def _sail(self, view: View, me: ShipView, nearest: ShipView | None, ids: list[str]) -> str:
        if self._want_oars(view, me, nearest):
            return "set:oars" if "set:oars" in ids else "keep"
        if standing_masts(me) == 0:
            return "keep"
        want = f"set:{self._sail_wanted(me, nearest)}"
        return want if want in ids else "keep"

    # -- movement (3.0-3.3) ---------------------------------------------------

    def _order(self, view: View, me: ShipView) -> str:
        """Move last where an enemy moves in the same step: she must show
        her hand first (2.2)."""
        same = [e for e in self._enemies(view, me) if e["speed"] == me["speed"]]
        return "defer" if same else "first"

    def _move(self, view: View, me: ShipView, ids: list[str]) -> str:
        grid = _grid(view)
        wind: int = view["field"]["wind"]
        if view.get("victory", {}).get("escape", {}).get(me["side"], 0) > 0:
            return self._escape(grid, wind, me, ids)
        side, name = me["side"], me["id"]
        # the enemies afloat (:meth:`_enemies`), and her friends afloat: where they lie
        enemies: list[ShipView] = []
        friends: set[pg.Point] = set()
        for s in view["ships"]:
            if s["status"] == "afloat":
                if s["side"] != side:
                    enemies.append(s)
                elif s["id"] != name:
                    friends.add(pos_of(s))
        judge = judge_for(grid, wind, me, enemies, friends, self._judges.get(me["id"]))
        self._judges[me["id"]] = judge
        best, best_score = ids[0], -1e9
        here = pos_of(me)
        facing: int = me["facing"]
        jitter = self.rng.random
        for move in ids:
            p, f = moved(here, facing, move)
            now, later = judge.option(p, f)
            if move.startswith("advance") and p in judge.friends:
                now -= 12.0  # a collision may foul two friends together (3.3)
            score = 0.6 * now + 0.4 * max(now, later)
            if move in ("back", "hold"):
                score -= 0.5 + (10.0 if me["backed_turns"] >= 1 else 0.0)
            score += jitter() * 0.01
            if score > best_score:
                best, best_score = move, score
        return best

    def _escape(self, grid: pg.Grid, wind: int, me: ShipView, ids: list[str]) -> str:
        """Run for the nearest edge of the field (the scenario scores escapes)."""

        def edge(p: pg.Point) -> int:
            if not grid.contains(p):
                return -1
            col = pg.column(p)
            return min(col, grid.width - 1 - col, p[1], grid.height - 1 - p[1])

        def value(move: str) -> float:
            p, f = move_result(pos_of(me), int(me["facing"]), move)
            score = -float(edge(p)) * 2
            if me["sail"] != "oars" and wind_angle(wind, f) == 0:
                score -= 3.0
            if move in ("back", "hold"):
                score -= 2.0
            return score + self.rng.random() * 0.01

        return max(ids, key=value)

    # -- gunnery (4.2-4.4) ----------------------------------------------------

    def _fire(self, view: View, me: ShipView, prompt: Prompt) -> str:
        """Fire on the best target: a rake, then the closest and weakest; a long
        shot in the first phase waits for a closer one later in the turn."""
        ships = {s["id"]: s for s in view["ships"]}
        choices = [o for o in prompt.options if o.id.startswith("fire:") and o.id.count(":") == 1]
        if not choices:
            return "hold"

        def value(option_id: str, label: str) -> float:
            target = ships[option_id.split(":", 1)[1]]
            d = pg.distance(pos_of(me), pos_of(target))
            score = 10.0 - d
            if "raking" in label:
                score += 4.0
            score -= 0.2 * int(target["crew_total"])
            return score

        best = max(choices, key=lambda o: value(o.id, o.label))
        target = ships[best.id.split(":", 1)[1]]
        d = pg.distance(pos_of(me), pos_of(target))
        if d > 4 and int(view.get("action", 3)) == 1 and "raking" not in best.label:
            return "hold"
        return best.id

    @staticmethod
    def _load(me: ShipView, nearest: ShipView | None, ids: list[str]) -> str:
        loads = [i for i in ids if i.startswith("load:")]
        doubles = [i for i in ids if i.startswith("double:")]
        if nearest is not None and 0 < pg.distance(pos_of(me), pos_of(nearest)) <= 3:
            # close: a second ball in the round-shotted battery that is full
            full = [i for i in doubles if not any(x.startswith(f"load:{i[7:]}:") for x in loads)]
            if full:
                return full[0]
        if not loads:
            return "done" if "done" in ids else ids[0]
        want = "round"
        order = ["port", "starboard", "bow"]
        if nearest is not None:
            d = pg.distance(pos_of(me), pos_of(nearest))
            if d <= 1:
                want = "grape"
            elif d <= 3:
                want = "double"
            if d > 0:
                rel = pg.relative_bearing(pos_of(me), int(me["facing"]), pos_of(nearest))
                order = ["port", "starboard", "bow"] if rel < 180 else ["starboard", "port", "bow"]
                if rel < 30 or rel > 330:
                    order = ["bow", *order[:2]]
        for battery in order:
            for i in loads:
                _, b, ammo, _n = i.split(":")
                if b == battery and ammo == want:
                    return i
            for i in loads:
                if i.split(":")[1] == battery and i.split(":")[2] == "round":
                    return i
        return loads[0]

    # -- tasks and boarding (2.3, 5.0) ----------------------------------------

    @staticmethod
    def _fix(me: ShipView, ids: list[str]) -> str:
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
    def _pass_side(me: ShipView, other: ShipView | None, ids: list[str]) -> str:
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

    def _grapple(self, me: ShipView, ships: dict[str, ShipView], ids: list[str]) -> str:
        """Clear a friend first, then cast off a stronger enemy, then grapple
        a weaker one."""
        ranked: list[tuple[int, str]] = []
        for i in ids:
            kind, _, other_id = i.partition(":")
            if not other_id:
                continue
            other = ships[other_id]
            if other["side"] == me["side"] and kind == "unfoul":
                ranked.append((0, i))
            elif kind in ("ungrapple", "unfoul") and not self._stronger(me, other):
                ranked.append((1, i))
            elif kind == "grapple" and self._stronger(me, other):
                ranked.append((2, i))
        return min(ranked)[1] if ranked else "none"

    @staticmethod
    def _board(me: ShipView, ships: dict[str, ShipView], ids: list[str]) -> str:
        for i in ids:
            if i.startswith("board:"):
                other = ships[i.split(":", 1)[1]]
                if me["crew"]["boarders"] > other["crew"]["boarders"]:
                    return i
        return "none"
