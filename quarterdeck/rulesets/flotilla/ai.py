"""A heuristic Flotilla player that plays as a sensible captain would,
deciding from its seat's view only.

Each ship has an intent for the turn, chosen from the view:

- run for the exit edge, if the scenario scores her leaving by it, once the
  fighting is done: in the last turns the game leaves her to get there, when
  she is badly hurt, or when no enemy ship is left afloat. Before that she
  fights like any other ship (forcing the channel at Mobile Bay means
  fighting through it, not steaming past);
- ram, if the standing ruling makes a ram pay (the rammed ship takes at least
  twice the rammer's hits) and an enemy keel is within reach this turn,
  steering her bow onto it (an ironclad rams anything, another ship only
  ships no better armoured than she is);
- explode her spar torpedo, steering within its reach of an enemy;
- land her landing party, if she carries one and her side is to take a
  fort whose garrison the party outfights: her middle within boat reach of
  the shore near the fort;
- otherwise fight with her guns: close to the range where her batteries hit
  in full, the nearest enemy abeam; shell a fort only where her side is to
  take it, and stay out of reach of the others' guns;
- keep her distance when her captain may not close.

Every manoeuvre keeps clear of visible torpedoes, of the shore where she would
run aground, and of her friends' keels.

Fire: when a battery has a target in full-hit range, when an enemy is about
to leave by its exit, or at the last point of the turn; each battery at the
target where its expected hits are worth most (a ship near sinking or in
the yellow, a unit her side is to disable or take). Never a third battery
(it costs next turn's fire).

Extra power: only when the inches decide something this turn: to leave by
the exit, to reach a ram or spar target, or to get clear when her captain
is retiring. The engineer's gamble (one chance in three of blowing up) only
for a ship that will sink anyway.

Repairs: when her guns did not fire this turn (then the repair costs
nothing), when her continuing damage would sink her before the game ends,
or when no enemy is in reach to be shot at next turn; never at the price of
next turn's broadside otherwise.

Boarding: grapple and board when the odds of the boarding action (crew +
morale + guns times a die, ties again) are at least 60%; take a struck or
abandoned enemy (already out of action) only where her capture scores or
the crew can spare the ten men. A fort's garrison holds its fort after a melee; other
winners press on when they have the dice. As game master it rules a quiet
day and fair damage.

The first version (ai_v1.py) never called for power, rammed only by chance,
never steered for a spar torpedo, always repaired, and ran for an exit from
the first turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, Final

from quarterdeck.core.geometry import (
    Pose,
    Vec,
    distance,
    norm_heading,
    point_segment_distance,
    point_segment_xy,
    segment_distance,
    turn_ahead,
    turned_unit,
)
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.flotilla.helm import (
    Choice,
    Helm,
    exit_edge,
    keel_ends,
    to_edge,
    turn_angles,
)
from quarterdeck.rulesets.flotilla.movement import Plan, path_from
from quarterdeck.rulesets.flotilla.tables import Tables, printed_tables

EDGE: Final[tuple[str, ...]] = ("north", "south", "east", "west")


def _ships(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {s["id"]: s for s in view["ships"]}


def _ship(view: Mapping[str, Any], ship_id: str) -> Mapping[str, Any]:
    """The view's ship ``ship_id`` (ids are the state's keys: one each),
    found without a table of them all (:func:`_ships`)."""
    for s in view["ships"]:
        if s["id"] == ship_id:
            return s  # type: ignore[no-any-return]
    raise KeyError(ship_id)


def boarding_chance(mine: int, theirs: int) -> float:
    """P(a side scoring ``mine`` x a die beats ``theirs`` x a die), ties
    rolled again (Boarding Actions)."""
    win = lose = 0
    for a in range(1, 7):
        for b in range(1, 7):
            win += mine * a > theirs * b
            lose += mine * a < theirs * b
    return win / (win + lose) if win + lose else 0.5


def boarding_score(s: Mapping[str, Any]) -> int:
    guns = sum(int(b.get("guns", b["dice"])) for b in s["batteries"])
    return int(s["crew"]) + int(s["morale"]) + guns


def turns_to_cover(ship: Mapping[str, Any], inches: float) -> int:
    """Turns she needs to steam ``inches``, gathering speed as her card allows."""
    speed, top = int(ship["speed"]), max(1, int(ship["max_speed"]))
    step = max(1, int(ship.get("increase", 2)))
    turns, gone = 0, 0.0
    while gone < inches and turns < 50:
        speed = min(top, speed + step)
        gone += speed
        turns += 1
    return turns


def exit_points(view: Mapping[str, Any], ship: Mapping[str, Any]) -> int:
    """Points the scenario gives her side for her leaving by its exit."""
    return sum(
        int(obj["points"])
        for obj in (view.get("victory") or {}).get("objectives", [])
        if obj["side"] == ship["side"] and obj["what"] == "exit" and ship["id"] in obj["units"]
    )


def fight_points(view: Mapping[str, Any], side: str) -> int:
    """Points still to be won by fighting: enemy ships afloat that the side
    is to sink, take or disable, and forts it is to take that still fire."""
    ships = {s["id"]: s for s in view["ships"]}
    forts = {b["id"]: b for b in view["batteries"]}
    total = 0
    for obj in (view.get("victory") or {}).get("objectives", []):
        if obj["side"] != side:
            continue
        for unit in obj["units"]:
            if obj["what"] in ("sink", "capture", "disable") and unit in ships:
                total += int(obj["points"]) * (ships[unit]["status"] == "active")
            elif obj["what"] == "take" and unit in forts:
                fort = forts[unit]
                total += int(obj["points"]) * (fort["side"] != side and fort["guns"] > 0)
    return total


def objective_units(view: Mapping[str, Any], side: str, *kinds: str) -> set[str]:
    out: set[str] = set()
    for obj in (view.get("victory") or {}).get("objectives", []):
        if obj["side"] == side and obj["what"] in kinds:
            out.update(obj["units"])
    return out


_BLIND: Final = frozenset(
    (
        "pitch",
        "turn_box",
        "prize_crew",
        "side_a",
        "environment",
        "gm_aground",
        "gm_ram",
        "gm_collision",
        "landing",
        "embark",
        "troop",
        "melee_follow",
    )
)
"""The steps whose handlers decide from the prompt alone (its options and
context), never reading the view."""


class FlotillaAI(Helm):
    """Decides from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.tables: Tables = printed_tables()
        self._aim_key: tuple[int, str] | None = None
        self._aim: dict[str, Any] = {}

    def needs_view(self, prompt: Prompt) -> bool:
        """Whether deciding ``prompt`` reads the view: not for a step it has
        no handler for (the first option), one its handler decides from the
        prompt alone (:data:`_BLIND`), nor a fire prompt with no unit to
        choose or only the last."""
        step = prompt.context.get("step")
        if step in _BLIND or getattr(self, f"_{step}", None) is None:
            return False
        if step == "fire":
            if prompt.context.get("last"):
                return False
            for o in prompt.options:  # noqa: SIM110 (a loop, no generator: every fire prompt)
                if o.id not in ("pass", "orders", "standing"):
                    return True
            return False
        return True

    def decide(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        """The handler's answer for the prompt's step, where it is one of the
        options (looked for among them, no list of their ids made); else the
        first option."""
        step = prompt.context.get("step")
        handler = getattr(self, f"_{step}", None)
        if handler is not None:
            answer: str = handler(view, prompt)
            for option in prompt.options:
                if option.id == answer:
                    return answer
        return prompt.options[0].id

    # -- the situation ---------------------------------------------------------

    def enemies(self, view: Mapping[str, Any], side: str) -> list[Mapping[str, Any]]:
        return [s for s in view["ships"] if s["side"] != side and s["status"] == "active"]

    def intent(self, view: Mapping[str, Any], ship: Mapping[str, Any]) -> dict[str, Any]:
        """What the ship is about this turn, with what the move look-ahead
        steers by (:class:`Helm`): her friends' keels, the torpedoes, how
        close to the shore, and where her guns aim and at what range for a
        move of her guns or keeping her distance, the only kinds of move
        steered by them (cached for one decision)."""
        plan = self.aim(view, ship)
        if "friends" in plan:
            return plan
        side = ship["side"]
        plan["friends"] = [  # their keels' bows and sterns
            keel_ends(s)
            for s in view["ships"]
            if s["side"] == side and s["id"] != ship["id"] and s["status"] == "active"
        ]
        plan["mines"] = [tuple(p) for p in view["torpedoes"]]
        rulings = view.get("rulings") or {}
        plan["ground"] = float(rulings.get("aground_within", 1.0)) + 0.75
        if plan["kind"] not in ("gun", "keep_off"):
            # her exit, a ram, a spar or a landing: the helm steers by its
            # own mark (Helm.merit, Helm.cap), never by her guns' targets
            # (aim's empty list) or range, so neither is worked out
            return plan
        # what her guns are for: enemy ships, led if they run for an exit;
        # with none left, the forts her side must take (a fort hit only on a
        # six is no match for a ship's guns while there are ships to fight)
        plan["targets"] = [self.lead(view, e) for e in plan["enemies"]]
        if not plan["targets"]:
            plan["targets"] = [(b["x"], b["y"]) for b in plan["forts"] if b["id"] in plan["take"]]
        weights = [b["weight"] for b in ship["batteries"] if b["dice"] > 0]
        plan["best_range"] = 14.0 if "heavy" in weights else 8.0
        return plan

    def aim(self, view: Mapping[str, Any], ship: Mapping[str, Any]) -> dict[str, Any]:
        """What the ship is about this turn: her kind of move (fight with
        her guns, exit, keep off, land her party, ram or spar) and its mark,
        all that :meth:`_power` asks (cached for one decision; :meth:`intent`
        adds the rest to the same plan)."""
        key = (id(view), ship["id"])
        if self._aim_key == key:
            return self._aim
        side = ship["side"]
        enemies = self.enemies(view, side)
        rulings = view.get("rulings") or {}
        plan: dict[str, Any] = {"view": view, "ship": ship, "kind": "gun", "targets": []}
        plan["enemies"] = enemies
        plan["forts"] = [
            b
            for b in view["batteries"]
            if b["side"] != side and not b["destroyed"] and b["guns"] > 0
        ]
        # the forts among them her side is to take (none to look for where
        # no enemy fort is left)
        plan["take"] = (
            objective_units(view, side, "take") & {b["id"] for b in plan["forts"]}
            if plan["forts"]
            else set()
        )
        plan["shelling"] = not enemies  # no ships left to fight: the forts are the targets
        edge = exit_edge(view, ship)
        if edge is not None:
            turns_left = int(view["turn_limit"]) - int(view["turn"])
            # (her damage boxes counted by box_order, one entry a box: the
            # view's "boxes" lays out the whole grid to be read)
            hurt = (
                ship["yellow"]
                or bool(ship["mood"])
                or ship["ticked"] >= 0.6 * len(ship["box_order"])
            )
            # she runs for it hurt, with no enemy left, with barely the turns
            # left to get there, or where her passage is the scenario's point
            # (worth as much as all that is left to win by fighting); the
            # cheaper questions asked first
            if (
                hurt
                or not enemies
                or turns_left <= turns_to_cover(ship, to_edge(view, edge, ship["x"], ship["y"])) + 2
                or exit_points(view, ship) >= fight_points(view, side)
            ):
                plan.update(kind="exit", edge=edge)
        if plan["kind"] == "gun" and (ship["mood"] or ship["yellow"]):
            plan["kind"] = "keep_off"
        fort = self.assault(view, ship, plan["take"])
        if plan["kind"] == "gun" and fort is not None:
            plan.update(kind="land", fort=(float(fort["x"]), float(fort["y"])))
        if plan["kind"] == "gun" and enemies:
            reach = float(ship["max_speed"]) + 6.0
            # her keel's ends, once: Hull.range_to_point and Hull.range_to
            # are these sums on them (a Hull works her stern at each)
            (bx, by), stern = keel_ends(ship)
            length = float(ship["length"])
            ram_hits = int(rulings.get("ram_hits", 4))
            self_hits = int(rulings.get("ram_self_hits", 1))
            armour = {"wooden": 0, "protected": 1, "ironclad": 2}
            guns: float | None = None
            # the enemies by the range from their bow to her keel (kept: no
            # less than the range between the keels, so one within reach by
            # it is within reach, its keel's range unmeasured)
            sx, sy = stern
            bows = [point_segment_xy(e["x"], e["y"], bx, by, sx, sy) for e in enemies]
            close = [
                (bows[i], enemies[i]) for i in sorted(range(len(enemies)), key=bows.__getitem__)
            ]
            for bow_range, e in close:
                # the keels lie no closer than their bows less both lengths:
                # beyond reach by that (and a margin over rounding), without
                # the keels' range
                ex, ey, el = float(e["x"]), float(e["y"]), float(e["length"])
                if math.hypot(ex - bx, ey - by) - length - el > reach + 1e-6:
                    break
                if bow_range > reach:
                    their_bow, their_stern = keel_ends(e)
                    if segment_distance((bx, by), stern, their_bow, their_stern) > reach:
                        break
                if ship["spar"]:
                    plan.update(kind="spar", target=e)
                    break
                rams = ship["class"] == "ironclad" or armour[ship["class"]] >= armour[e["class"]]
                # a ram is worth more than her guns' likely hits in a turn
                # (her two strongest batteries: worked once, not per enemy)
                if guns is None:
                    dice = sorted((b["dice"] for b in ship["batteries"]), reverse=True)[:2]
                    guns = 0.4 * sum(dice)
                if rams and ram_hits >= 2 * max(1, self_hits) and ram_hits > guns:
                    plan.update(kind="ram", target=e)
                    break
        self._aim_key, self._aim = key, plan
        return plan

    def assault(
        self, view: Mapping[str, Any], ship: Mapping[str, Any], take: set[str]
    ) -> dict[str, Any] | None:
        """The fort her landing party should go ashore against: one her side
        is to take, whose garrison the party outfights in melee (a leader
        three dice, two men a die, rabble five; the garrison a die a man in
        its works)."""
        if not ship["party"] or not take:
            return None  # no party aboard, or no fort to take
        troops = {t["id"]: t for t in view["troops"]}
        party = troops.get(ship["party"])
        if party is None:
            return None
        ours = 3 * party["leaders"] + party["men"] // (5 if party["quality"] == "rabble" else 2)
        best = None
        for fort in view["batteries"]:
            if fort["id"] not in take:
                continue
            g = troops.get(fort["garrison"] or "")
            theirs = 0
            if g is not None and g["men"] + g["leaders"] > 0:
                theirs = 3 * g["leaders"] + g["men"] // (5 if g["quality"] == "rabble" else 1)
            if ours >= 1.2 * theirs:
                best = fort
        return best

    def lead(self, view: Mapping[str, Any], enemy: Mapping[str, Any]) -> tuple[float, float]:
        """Where to meet an enemy: ahead of her on the way to her exit."""
        edge = exit_edge(view, enemy)
        x, y = float(enemy["x"]), float(enemy["y"])
        if edge is None:
            return (x, y)
        tw, th = view["table"]
        w, h = float(tw), float(th)
        lead = min(12.0, float(enemy["speed"]) + 4.0)
        dx, dy = {"north": (0, lead), "south": (0, -lead), "east": (lead, 0), "west": (-lead, 0)}[
            edge
        ]
        return (min(max(x + dx, 0.0), w), min(max(y + dy, 0.0), h))

    # -- moving ------------------------------------------------------------------

    def _plan(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ship = _ship(view, prompt.context["ship"])
        plan = self.intent(view, ship)
        if self.mortar_anchors(view, ship) and any(o.id == "s0/0/0/0" for o in prompt.options):
            return "s0/0/0/0"
        pose = Pose(ship["x"], ship["y"], ship["heading"])
        start = pose.point
        middles, ends = turn_angles(ship, "middle"), turn_angles(ship, "end")
        here = (float(ship["x"]), float(ship["y"]))
        options: list[Choice] = []
        x, y, heading = pose.x, pose.y, pose.heading
        # each first turn's heading and unit vector, once for every speed
        units: dict[int, tuple[float, float, float]] = {}
        for option in prompt.options:
            if option.id == "reverse":
                continue
            p = Plan.parse(option.id)
            if p.reverse or p.row or p.speed == 0:
                end = path_from(pose, p)[2]
                options.append(Choice(option.id, end.x, end.y, end.heading, start))
            else:
                half = p.speed / 2
                # pose.turn(p.first).advance(half): turn_ahead's sums
                unit = units.get(p.first)
                if unit is None:
                    unit = units[p.first] = turned_unit(heading, p.first)
                mh, ux, uy = unit
                mx, my = x + ux * half, y + uy * half
                options.append(Choice(option.id, mx, my, mh, here, ends, middles, half))
        return self.choose(plan, ship, options, prompt.options[0].id)

    def mortar_anchors(self, view: Mapping[str, Any], ship: Mapping[str, Any]) -> bool:
        """A mortar vessel with a land target in reach stays at anchor and
        shells it (mortars have no range modifier)."""
        mortars = [b for b in ship["batteries"] if b["weight"] == "mortar" and b["dice"] > 0]
        if not mortars or ship["mood"]:
            return False
        reach = self.tables.ranges["mortar"].max
        return any(
            distance((ship["x"], ship["y"]), (b["x"], b["y"])) <= reach
            for b in view["batteries"]
            if b["side"] != ship["side"] and not b["destroyed"]
        )

    def _turn(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ship = _ship(view, prompt.context["ship"])
        plan = self.intent(view, ship)
        pose = Pose(ship["x"], ship["y"], ship["heading"])
        ahead = float(prompt.context.get("ahead", 0.0))
        middle = prompt.context.get("point") == "middle"
        ends = turn_angles(ship, "end")
        here = (float(ship["x"]), float(ship["y"]))
        options: list[Choice] = []
        x, y, heading = pose.x, pose.y, pose.heading
        for option in prompt.options:
            angle = int(option.id[1:])
            if middle:
                # pose.turn(angle).advance(ahead), as numbers
                mx, my, mh = turn_ahead(x, y, heading, angle, ahead)
                options.append(Choice(option.id, mx, my, mh, here, ends))
            else:  # norm_heading(heading + angle), called only beyond [0, 360)
                h = heading + angle
                options.append(
                    Choice(option.id, x, y, h if 0.0 <= h < 360.0 else norm_heading(h), None)
                )
        return self.choose(plan, ship, options, prompt.options[0].id)

    def _power(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        """More power only when the extra inches decide something now. Her
        aim is worked out only where one of its marks lies where it could
        say yes (:meth:`_power_wanted`): else no, whatever she is about."""
        ship = _ship(view, prompt.context["ship"])
        top = float(ship["max_speed"])
        if not self._power_wanted(view, ship, top):
            return "no"
        plan = self.aim(view, ship)
        if plan["kind"] == "exit":
            gap = to_edge(view, plan["edge"], ship["x"], ship["y"])
            return "yes" if top < gap <= top + 5 else "no"
        if plan["kind"] in ("ram", "spar"):
            # keel_of(target).range_to_point: the same sums on her keel's ends
            gap = point_segment_distance((ship["x"], ship["y"]), *keel_ends(plan["target"]))
            return "yes" if top + 1 < gap <= top + 5 else "no"
        if plan["kind"] == "keep_off" and ship["mood"] in ("retire", "withdrawing"):
            here = (ship["x"], ship["y"])
            near = min(
                (
                    point_segment_distance(here, *keel_ends(e))
                    for e in self.enemies(view, ship["side"])
                ),
                default=math.inf,
            )
            return "yes" if near <= 12 else "no"
        return "no"

    def _power_wanted(self, view: Mapping[str, Any], ship: Mapping[str, Any], top: float) -> bool:
        """Whether :meth:`_power` might say yes, whatever her aim: her exit
        edge (if she has one) between ``top`` and five inches more away, an
        enemy keel (any may be her ram or spar target) between an inch
        more and five more, or her captain retiring (the same sums as
        :meth:`_power`'s). False: each kind of move it asks about says no."""
        if ship["mood"] in ("retire", "withdrawing"):
            return True
        edge = exit_edge(view, ship)
        if edge is not None and top < to_edge(view, edge, ship["x"], ship["y"]) <= top + 5:
            return True
        here = (ship["x"], ship["y"])
        for e in self.enemies(view, ship["side"]):
            # keel_of(e).range_to_point(here): the same sums on her keel's ends
            if top + 1 < point_segment_distance(here, *keel_ends(e)) <= top + 5:
                return True
        return False

    def _gamble(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ship = _ship(view, prompt.context["ship"])
        left = len(ship["box_order"]) - int(ship["ticked"])
        doomed = ship["continuing"] * max(1, int(view["turn_limit"]) - int(view["turn"])) >= left
        return "yes" if doomed and ship["continuing"] >= 2 else "no"

    def _pitch(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        """Enough dice for a fair chance of getting off, keeping most guns."""
        options = [o.id for o in prompt.options]
        return options[min(2, len(options) - 1)]

    def _close(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ships = _ships(view)
        me = ships[prompt.context["ship"]]
        rulings = view.get("rulings") or {}
        ram_pays = int(rulings.get("ram_hits", 4)) >= 2 * max(
            1, int(rulings.get("ram_self_hits", 1))
        )
        armour = {"wooden": 0, "protected": 1, "ironclad": 2}
        choices: list[tuple[float, str]] = []
        for option in prompt.options:
            what, _, target = option.id.partition(":")
            if not target:
                continue
            them = ships[target]
            if what == "grapple" and them["status"] != "active":
                # a struck or abandoned enemy is already out of action: taking
                # her costs ten men, worth it where she counts as a capture
                # or the crew can spare them
                wanted = them["id"] in objective_units(view, me["side"], "capture")
                if wanted or me["crew"] >= 30:
                    choices.append((3.0, option.id))
            elif what == "spar":
                choices.append((2.0, option.id))
            elif (
                what == "ram"
                and ram_pays
                and (me["class"] == "ironclad" or armour[me["class"]] >= armour[them["class"]])
            ):
                choices.append((2.5, option.id))
            elif what == "grapple":
                p = boarding_chance(boarding_score(me), boarding_score(them))
                if p >= 0.6 and me["crew"] >= 14:
                    choices.append((1.0 + p, option.id))
        return max(choices)[1] if choices else "none"

    # -- firing ---------------------------------------------------------------

    def need(
        self, view: Mapping[str, Any], firer: Mapping[str, Any] | None, target: Mapping[str, Any]
    ) -> int:
        """The face a fire die needs against a ship, from the view (Firing)."""
        f = self.tables.fire
        need = max([f.hit_on] + [self.tables.visibility.get(e, f.hit_on) for e in view["events"]])
        six = float(target["length"]) <= f.small_target_length
        if firer is not None:
            on_fire = firer["fire_below"] or firer["fire_above"] or firer["catastrophic"]
            six = six or bool(on_fire) or firer["yellow"] or firer["crew"] <= 0
        if six:
            need = max(need, f.six_only)
        if not target["moving"]:
            need -= f.stationary_bonus
        return need

    def _fire(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        units = [o.id for o in prompt.options if o.id not in ("pass", "orders", "standing")]
        if not units:
            return "pass"
        if prompt.context.get("last"):
            return units[0]
        ships = _ships(view)
        runners: list[Mapping[str, Any]] | None = None  # worked out where asked
        # each enemy's keel, its bow and stern worked out once (the range to
        # it is Hull.range_to_point's sums on them), and each side's enemies'
        # keels, in the view's order
        keels: dict[str, tuple[Vec, Vec]] = {}
        foes: dict[str, list[Mapping[str, Any]]] = {}

        def keel(e: Mapping[str, Any]) -> tuple[Vec, Vec]:
            ends = keels.get(e["id"])
            if ends is None:
                ends = keels[e["id"]] = keel_ends(e)
            return ends

        for unit_id in units:
            if unit_id not in ships:
                return unit_id  # forts and men: they fire where they stand
            s = ships[unit_id]
            here = (s["x"], s["y"])
            if s["side"] not in foes:
                foes[s["side"]] = self.enemies(view, s["side"])
            # her guns' reach: 12 inches, 16 with a heavy battery (her
            # batteries read only where the nearest enemy lies between): an
            # enemy within 12 answers at once, the rest's keels unmeasured;
            # a keel lies no nearer than its bow less its length, so one
            # beyond 16 by that (and a margin over rounding) is not measured
            near = math.inf
            for e in foes[s["side"]]:
                if math.hypot(e["x"] - here[0], e["y"] - here[1]) - e["length"] > 16.0 + 1e-6:
                    continue
                (ax, ay), (sx, sy) = keel(e)
                gap = point_segment_xy(here[0], here[1], ax, ay, sx, sy)
                if gap <= 12.0:
                    return unit_id
                if gap < near:
                    near = gap
            if near <= 16.0 and any(b["weight"] == "heavy" for b in s["batteries"]):
                return unit_id
            if runners is None:  # enemies about to leave by their exit
                runners = [
                    e
                    for e in self.enemies(view, self.seat)
                    if (edge := exit_edge(view, e)) is not None
                    and to_edge(view, edge, e["x"], e["y"]) <= float(e["max_speed"]) + 6
                ]
            # (loops, no generators: asked of each unit at each fire prompt)
            for e in runners:
                if point_segment_distance(here, *keel(e)) <= 36:
                    return unit_id
            for b in view["batteries"]:
                if b["side"] != s["side"] and distance(here, (b["x"], b["y"])) <= 16:
                    return unit_id
        return "pass"

    def _target(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ships = _ships(view)
        unit_id = prompt.context["unit"]
        firer = ships.get(unit_id)
        dice = 0
        if firer is not None:
            # the two strongest batteries that bear: a third costs next turn's fire
            by_name = {b["name"]: b for b in firer["batteries"]}
            volley = prompt.context.get("volley", [])
            strongest = sorted(volley, key=lambda name: -by_name[name]["dice"])[:2]
            if prompt.context["battery"] not in strongest:
                return "hold"
            dice = int(by_name[prompt.context["battery"]]["dice"])
        side = self.seat
        # the objectives, forts and troops read only for a target of their
        # kind, each once
        disable: set[str] | None = None
        take: set[str] | None = None
        forts: dict[str, Mapping[str, Any]] | None = None
        troops: dict[str, Mapping[str, Any]] | None = None
        shots: dict[str, list[Any]] = prompt.context.get("shots", {})
        best, best_value = "hold", 0.0
        for target, (inches, divisor, kind) in shots.items():
            if kind == "ship":
                them = ships[target]
                p = max(0, 7 - self.need(view, firer, them)) / 6
                value = p / divisor
                left = len(them["box_order"]) - int(them["ticked"])
                if them["yellow"] or left <= max(4, dice * p / divisor * 1.5):
                    value *= 2.0
                if disable is None:
                    disable = objective_units(view, side, "disable", "sink", "capture")
                if target in disable:
                    value *= 1.3
            elif kind == "battery":
                if take is None or forts is None:
                    take = objective_units(view, side, "take")
                    forts = {b["id"]: b for b in view["batteries"]}
                value = (1 / 6) / divisor * (2.0 if target in take else 1.0)
                if forts[target]["guns"] <= 0:
                    value *= 0.5
            else:
                if troops is None:
                    troops = {t["id"]: t for t in view["troops"]}
                t = troops[target]
                value = (2 / 6) / divisor * 1.5 * (0.5 if t.get("fort") else 1.0)
            value -= float(inches) / 1000
            if value > best_value:
                best, best_value = target, value
        return best

    # -- administration ---------------------------------------------------------

    def _repair(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        """Repair when it costs nothing (no gun fired this turn), when the
        continuing damage would sink her before the end, or when there is
        nothing to shoot at next turn; else keep the guns loaded."""
        ship = _ship(view, prompt.context["ship"])
        if not any(b["fired"] for b in ship["batteries"]):
            return "repair"
        turns_left = max(0, int(view["turn_limit"]) - int(view["turn"]))
        left = len(ship["box_order"]) - int(ship["ticked"])
        if ship["continuing"] * turns_left >= left:
            return "repair"
        here = (ship["x"], ship["y"])
        near = min(
            (point_segment_distance(here, *keel_ends(e)) for e in self.enemies(view, ship["side"])),
            default=math.inf,
        )
        forts = [
            distance(here, (b["x"], b["y"]))
            for b in view["batteries"]
            if b["side"] != ship["side"] and not b["destroyed"]
        ]
        reach = 24.0 + float(ship["max_speed"])
        if near > reach and min(forts, default=math.inf) > reach:
            return "repair"
        return "no"

    def _turn_box(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        # keep the turn at the middle of the move: it steers the second half
        ids = prompt.option_ids()
        for keep in ("middle", "end", "first"):
            rest = [i for i in ids if i != keep]
            if keep in ids and rest:
                return rest[0]
        return ids[0]

    def _board(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        ships = _ships(view)
        me, them = ships[prompt.context["ship"]], ships[prompt.context["target"]]
        if them["status"] != "active":
            return "board"
        p = boarding_chance(boarding_score(me), boarding_score(them))
        return "board" if p >= 0.55 else "release"

    def _prize_crew(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return prompt.options[0].id  # the least the text allows: ten men

    def _side_a(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return "second"  # moving second answers the enemy's move

    # -- the game master -------------------------------------------------------

    def _environment(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return prompt.options[0].id  # a quiet day: full day, clear, no smoke, current as is

    def _gm_aground(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        gap = float(prompt.context.get("gap", 99.0))
        length = float(prompt.context.get("length", 0.0))
        return "yes" if gap <= 1.0 or (gap <= 2.0 and length >= 9) else "no"

    def _gm_ram(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return "4-0"

    def _gm_collision(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return "2-2"

    # -- land -----------------------------------------------------------------

    def _landing(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return "land" if "land" in prompt.option_ids() else "stay"

    def _embark(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return "stay"

    def _troop(self, view: Mapping[str, Any], prompt: Prompt) -> str:
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

    def _melee_again(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        """A garrison holds its fort; others attack again with the dice."""
        if prompt.context.get("garrison"):
            return "stop"
        troops = {t["id"]: t for t in view["troops"]}
        me = troops[prompt.context["troop"]]
        them = troops.get(prompt.context.get("enemy", ""))
        if them is None:
            return "press"
        mine = 3 * me["leaders"] + me["men"] // 2
        theirs = 3 * them["leaders"] + them["men"] // 2
        return "press" if mine >= theirs else "stop"

    def _melee_follow(self, view: Mapping[str, Any], prompt: Prompt) -> str:
        return "stay" if prompt.context.get("garrison") else "follow"
