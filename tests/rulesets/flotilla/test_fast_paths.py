"""The Flotilla rule set's remembered answers (issue 14) against their plain
definitions: a remembered answer is given again only while what it was
worked out from is unchanged."""

from __future__ import annotations

import importlib
import itertools
import math
import random
from typing import Any

from quarterdeck.core.geometry import Pose, turn_ahead
from quarterdeck.rulesets.flotilla import helm, movement
from quarterdeck.rulesets.flotilla.state import Ship
from quarterdeck.rulesets.flotilla.tables import state_tables, tables_with

from .helpers import T, ship, state


def test_state_tables_follows_the_house_rules() -> None:
    rules = {"fire": {"hit_on": 5}}
    assert state_tables(rules) is tables_with(rules)
    assert state_tables(rules).fire.hit_on == 5
    rules["fire"]["hit_on"] = 6  # the same object, changed in place
    assert state_tables(rules) is tables_with(rules)
    assert state_tables(rules).fire.hit_on == 6
    assert state_tables(None) is tables_with(None)
    assert state_tables({}) is tables_with({})
    assert state_tables(rules) is tables_with(rules)


def _plain_turn_options(
    ship: Ship, point: str, step: int | None, extra: bool, gamble: int
) -> list[int]:
    """turn_options as the rule reads, worked each time (the plain definition)."""
    if ship.no_turns > 0 or ship.catastrophic:
        return [0]
    out = movement.angles_up_to(ship.turns.get(point, 0), step)
    if ship.extra_turn and extra:
        out += movement.angles_up_to(gamble, step)
    if ship.turn_only == "right":
        out = [a for a in out if a >= 0]
    elif ship.turn_only == "left":
        out = [a for a in out if a <= 0]
    return sorted(set(out), key=lambda a: (abs(a), a))


def test_turn_options_remembered_match_the_plain_rule() -> None:
    s = ship("a")
    for turns in ({"first": 0, "middle": 45, "end": 45}, {"first": 30, "middle": 60, "end": 0}):
        s.turns = dict(turns)
        for extra_turn, turn_only, no_turns, catastrophic in itertools.product(
            (False, True), ("", "left", "right"), (0, 1), (False, True)
        ):
            s.extra_turn, s.turn_only = extra_turn, turn_only
            s.no_turns, s.catastrophic = no_turns, catastrophic
            for point, step, extra, gamble in itertools.product(
                movement.POINTS, (None, 15, 10), (False, True), (90, 60)
            ):
                got = movement.turn_options(s, point, step, extra=extra, gamble=gamble)
                assert got == _plain_turn_options(s, point, step, extra, gamble)
                got.append(999)  # the caller's own list: the remembered one is untouched
                again = movement.turn_options(s, point, step, extra=extra, gamble=gamble)
                assert 999 not in again


def test_legs_checked_without_land_out_of_reach_match_the_full_check() -> None:
    """A leg's check with the land left out where it lies beyond every leg's
    reach (movement._LegRules' reach) finds what the full check finds, for
    ships placed near and far from an island and every manoeuvre offered."""
    island = [(30.0, 20.0), (40.0, 20.0), (40.0, 28.0), (30.0, 28.0)]
    rng = random.Random(4)
    for _ in range(60):
        s = ship("a", x=rng.uniform(5, 67), y=rng.uniform(5, 43), heading=rng.uniform(0, 360))
        s.speed = rng.choice((4, 6, 8))
        st = state([s], land=[island])
        fastest = float(max(movement.speed_options(s)))
        reached = movement._LegRules(st, T, s, math.inf, (s.x, s.y, fastest))
        full = movement._LegRules(st, T, s, math.inf)
        assert full.land is not None
        for speed in movement.speed_options(s):
            for first in movement.turn_options(s, "first", 15):
                mx, my, mh = turn_ahead(s.x, s.y, s.heading, first, speed / 2)
                for middle in movement.turn_options(s, "middle", 15):
                    fx, fy, _ = turn_ahead(mx, my, mh, middle, speed / 2)
                    for a, b in (((s.x, s.y), (mx, my)), ((mx, my), (fx, fy))):
                        assert movement._leg_clear(st, s, a, b, reached) == (
                            movement._leg_clear(st, s, a, b, full)
                        )


def test_helm_follows_options_best_cap_first_equal_caps_in_order() -> None:
    """Helm.choose's order (a reversed stable sort of the caps) is the order
    of the plain key, minus the cap, ascending: equal caps (0.0 and -0.0
    among them) in the options' order."""
    rng = random.Random(2)
    for _ in range(2000):
        n = rng.randint(1, 30)
        caps = [
            rng.choice([0.0, -0.0, 1.5, -3.0, math.inf, -math.inf, rng.random()]) for _ in range(n)
        ]
        plain = sorted(range(n), key=lambda k: -caps[k])
        assert sorted(range(n), key=caps.__getitem__, reverse=True) == plain


def _plain_nearest(
    targets: list[tuple[float, float]], x: float, y: float
) -> tuple[float, tuple[float, float] | None]:
    """helm.nearest as written before its one loop: min() of the ranges and
    the first target at it (index())."""
    gaps = [math.hypot(t[0] - x, t[1] - y) for t in targets]
    if not gaps:
        return math.inf, None
    gap = min(gaps)
    return gap, targets[gaps.index(gap)]


def test_helm_nearest_keeps_the_first_of_targets_at_the_same_range() -> None:
    # (3, 4) and (-3, 4) both lie 5 inches off: the first listed is taken
    assert helm.nearest([(3.0, 4.0), (-3.0, 4.0)], 0.0, 0.0) == (5.0, (3.0, 4.0))
    assert helm.nearest([(-3.0, 4.0), (3.0, 4.0)], 0.0, 0.0) == (5.0, (-3.0, 4.0))
    # a nearer one between them is taken whatever its place
    assert helm.nearest([(3.0, 4.0), (1.0, 1.0), (-3.0, 4.0)], 0.0, 0.0)[1] == (1.0, 1.0)
    # two equal targets: the first object, as min() and index() gave
    first, second = (2.0, 0.0), (2.0, 0.0)
    assert helm.nearest([first, second], 0.0, 0.0)[1] is first
    assert helm.nearest([], 1.0, 1.0) == (math.inf, None)
    # against the plain definition on a small grid, where equal ranges are many
    rng = random.Random(7)
    for _ in range(2000):
        targets = [
            (float(rng.randint(-3, 3)), float(rng.randint(-3, 3))) for _ in range(rng.randint(0, 6))
        ]
        x, y = float(rng.randint(-2, 2)), float(rng.randint(-2, 2))
        got, want = helm.nearest(targets, x, y), _plain_nearest(targets, x, y)
        assert got == want
        assert got[1] is want[1]


def test_helm_measures_the_shore_only_where_an_option_may_come_near_land() -> None:
    """helm.near_boxes (Helm.choose's test of an option before its endings):
    where it finds an option clear of every piece of land's box, no ending
    of it has its bow or stern within the grounding distance of a box (the
    test Helm.choose makes of each ending); checked to fail with the
    option's reach left out, and with her length. Turning points scattered round an island, with
    every reach and heading a move may have."""
    island = [(30.0, 20.0), (40.0, 20.0), (40.0, 28.0), (30.0, 28.0)]
    boxes = helm.land_boxes({"land": [[list(p) for p in island]]})
    rng = random.Random(11)
    near_seen = clear_seen = 0
    for _ in range(3000):
        mx, my = rng.uniform(0.0, 72.0), rng.uniform(0.0, 48.0)
        half = rng.choice((0.0, 1.0, 2.5, 4.0, 6.0))
        length, ground = rng.choice((3.0, 6.0, 9.0)), rng.choice((1.75, 1.25, 2.25))
        middles = None if half == 0.0 else (-45, -15, 0, 15, 45)
        start = None if rng.random() < 0.2 else (mx, my - half)
        option = helm.Choice("o", mx, my, rng.uniform(0.0, 360.0), start, (0,), middles, half)
        if helm.near_boxes(option, boxes, length, ground):
            near_seen += 1
            continue
        clear_seen += 1
        for x, y, heading, _, _ in option.fans():
            for h in (heading, heading + 45.0, heading - 90.0):
                stern = Pose(x, y, h).behind(length)
                for box in boxes:
                    assert helm.box_gap(x, y, box) > ground + helm.SLACK
                    assert helm.box_gap(stern[0], stern[1], box) > ground + helm.SLACK
    assert near_seen > 100 and clear_seen > 100


def _plain_cornered(plan: dict[str, Any], end: Pose) -> bool:
    """Helm.cornered as the rule reads: every turn tried, worked each time."""
    view, ship_ = plan["view"], plan["ship"]
    w, h = (float(v) for v in view["table"])
    ahead = max(0, int(ship_["speed"]) - int(ship_.get("decrease", 3))) / 2
    if ahead == 0:
        return False
    first = int(ship_["turns"].get("first", 0))
    exit_to = helm.exit_edge(view, ship_)
    for angle in {0, first, -first}:
        q = end.turn(angle).advance(ahead)
        if 0 <= q.x <= w and 0 <= q.y <= h:
            return False
        if exit_to is not None and helm.to_edge(view, exit_to, q.x, q.y) < 0:
            return False
    return True


def test_helm_cornered_with_its_inner_table_matches_every_turn_tried() -> None:
    """Helm.cornered's short way (an ending farther inside the table than
    she goes finds her on it whatever the turn) against trying each turn,
    for endings across the table and close to its edges; checked to fail
    with the margin cut to half of what she goes."""
    rng = random.Random(5)
    cornered = 0
    for _ in range(4000):
        speed, decrease = rng.choice((0, 2, 4, 8)), rng.choice((1, 3))
        ship_ = {
            "id": "a",
            "side": "union",
            "speed": speed,
            "decrease": decrease,
            "turns": {"first": rng.choice((0, 30, 45))},
        }
        view: dict[str, Any] = {"table": [72, 48], "victory": {}}
        if rng.random() < 0.3:
            view["victory"] = {
                "exits": {"union": rng.choice(("north", "south", "east", "west"))},
                "objectives": [{"side": "union", "what": "exit", "units": ["a"], "points": 1}],
            }
        x = rng.choice((rng.uniform(-1.0, 73.0), rng.uniform(0.0, 4.0), rng.uniform(68.0, 72.0)))
        y = rng.choice((rng.uniform(-1.0, 49.0), rng.uniform(0.0, 4.0), rng.uniform(44.0, 48.0)))
        end = Pose(x, y, rng.choice((0.0, 90.0, 180.0, 270.0, rng.uniform(0.0, 360.0))))
        helper = helm.Helm()
        plan = {"view": view, "ship": ship_}
        got = helper.cornered(plan, end)
        assert got == _plain_cornered({"view": view, "ship": ship_}, end)
        cornered += got
    assert cornered > 20


def test_first_options_in_open_water_match_every_leg_checked(monkeypatch: Any) -> None:
    """movement.first_options and movement.legal_turns (the middle's turns)
    with their open-water way (no leg checked where none can fail:
    movement._open_water) offer what checking every leg offers, for ships across the table and near its edges, by an island,
    with their extra turn or a captain who may not close; checked to fail
    with the margin from the edges cut to half her fastest speed."""
    island = [(30.0, 20.0), (40.0, 20.0), (40.0, 28.0), (30.0, 28.0)]
    rng = random.Random(9)
    cases, open_seen = [], 0
    for _ in range(400):
        x = rng.choice((rng.uniform(0.5, 71.5), rng.uniform(0.5, 9.0), rng.uniform(63.0, 71.5)))
        y = rng.choice((rng.uniform(0.5, 47.5), rng.uniform(0.5, 9.0), rng.uniform(39.0, 47.5)))
        s = ship("a", x=x, y=y, heading=rng.choice((0.0, 90.0, rng.uniform(0.0, 360.0))))
        s.speed = rng.choice((0, 2, 4, 6, 8))
        s.extra_turn = rng.random() < 0.2
        foe = ship("b", side="confederate", x=rng.uniform(0, 72), y=rng.uniform(0, 48))
        if rng.random() < 0.15:
            s.mood = "retire"
        st = state([s, foe], land=[island] if rng.random() < 0.3 else [])
        before = movement.distance_to_nearest_enemy(st, s) if s.mood else math.inf
        fastest = float(max(movement.speed_options(s)))
        legs = movement._LegRules(st, T, s, before, (s.x, s.y, fastest))
        open_seen += movement._open_water(s.x, s.y, legs, fastest)
        pose, half = Pose(s.x, s.y, s.heading), rng.choice((1.0, 2.5, 4.0))
        angles = movement.turn_options(s, "middle", 15)
        turns = movement.legal_turns(st, T, s, pose, angles, half, before)
        cases.append((st, s, movement.first_options(st, T, s), (pose, angles, half, before), turns))
    assert 50 < open_seen < 350
    monkeypatch.setattr(movement, "_open_water", lambda x, y, legs, inches: False)
    for st, s, got, (pose, angles, half, before), turns in cases:
        assert got == movement.first_options(st, T, s)
        assert turns == movement.legal_turns(st, T, s, pose, angles, half, before)


def test_helm_caps_in_one_loop_match_each_options_cap() -> None:
    """Helm.caps (one loop, the nearest target worked once for options that
    turn at one point) gives each option's Helm.cap, for her guns, an exit,
    a ram and a spar, with options that share their turning point (the
    turns at the end of a move) and options that do not; checked to fail
    with the shared turning point's range kept for the next option."""
    helper = helm.Helm()
    helper.tables = T
    rng = random.Random(3)
    for _ in range(300):
        kind = rng.choice(("gun", "exit", "ram", "spar", "keep_off"))
        targets = [(rng.uniform(0, 72), rng.uniform(0, 48)) for _ in range(rng.randint(0, 4))]
        target = {"x": rng.uniform(0, 72), "y": rng.uniform(0, 48), "heading": 90.0, "length": 6}
        plan: dict[str, Any] = {
            "kind": kind,
            "view": {"table": [72, 48]},
            "edge": rng.choice(("north", "south", "east", "west")),
            "targets": targets,
            "target": target,
            "best_range": rng.choice((8.0, 14.0)),
        }
        x, y = rng.uniform(0, 72), rng.uniform(0, 48)
        options = []
        for k in range(rng.randint(1, 8)):
            if rng.random() < 0.5:  # the end's turns: one turning point
                options.append(helm.Choice(f"t{k}", x, y, rng.uniform(0, 360), None))
            else:
                mx, my = rng.uniform(0, 72), rng.uniform(0, 48)
                options.append(helm.Choice(f"m{k}", mx, my, 0.0, (x, y), (0,), (0, 45), 3.0))
        assert helper.caps(plan, options) == [helper.cap(plan, o) for o in options]


def test_view_layout_holds_every_entry_of_the_ready_parts_and_the_rest_once() -> None:
    """The plain view is laid out by view._LAYOUT from the cheap entries
    (view._ready, the computer player's view as made) and the parts built
    where read (view._parts): each entry of either is in the layout once,
    and nothing else is (else view() would drop or lose one); the plain
    view keeps the order it had before the layout."""
    # the module (the package's name "view" is its function)
    flotilla_view = importlib.import_module("quarterdeck.rulesets.flotilla.view")
    st = state([ship("a")])
    ready = flotilla_view._ready(st, "union", [])
    parts = flotilla_view._parts(st)
    assert not set(ready) & set(parts)
    assert sorted(flotilla_view._LAYOUT) == sorted([*ready, *parts])
    assert list(flotilla_view.view(st, "union")) == list(flotilla_view._LAYOUT)
    assert [k for k in flotilla_view._LAYOUT if k in ready] == list(ready)
    # the plain view's order, as it was before the layout (the web table and
    # the records show its entries in this order)
    assert list(flotilla_view.view(st, "union")) == [
        "ruleset",
        "seat",
        "turn",
        "turn_limit",
        "phase",
        "sides",
        "gm",
        "side_a",
        "visibility",
        "events",
        "table",
        "current",
        "land",
        "cover",
        "torpedoes",
        "standing",
        "ships",
        "batteries",
        "troops",
        "grapples",
        "victory",
        "points",
        "rulings",
    ]


def test_helm_choice_without_gun_targets_for_moves_not_steered_by_them(monkeypatch: Any) -> None:
    """FlotillaAI.intent leaves her guns' targets (aim's empty list) and
    best range unworked for an exit, a ram, a spar or a landing: at every
    such move of four seeded Mobile Bay games the helm chooses as it does
    with them worked out as for her guns (the same draws for its noise);
    for a move of her guns or keeping her distance they are worked out."""
    from quarterdeck.core import scenario as scenarios
    from quarterdeck.rulesets.flotilla.ai import FlotillaAI
    from quarterdeck.sim.runner import simulate

    plain = FlotillaAI.choose
    kinds: set[str] = set()

    def checked(
        self: FlotillaAI, plan: dict[str, Any], ship: Any, options: Any, default: str
    ) -> str:
        kinds.add(plan["kind"])
        view = plan["view"]
        full = dict(plan)
        full["targets"] = [self.lead(view, e) for e in plan["enemies"]] or [
            (b["x"], b["y"]) for b in plan["forts"] if b["id"] in plan["take"]
        ]
        weights = [b["weight"] for b in ship["batteries"] if b["dice"] > 0]
        full["best_range"] = 14.0 if "heavy" in weights else 8.0
        if plan["kind"] in ("gun", "keep_off"):
            # the moves her guns steer: their targets and range worked out
            assert plan["targets"] == full["targets"]
            assert plan["best_range"] == full["best_range"]
            return plain(self, plan, ship, options, default)
        drawn = self.rng.getstate()
        with_targets = plain(self, full, ship, options, default)
        self.rng.setstate(drawn)
        answer = plain(self, plan, ship, options, default)
        assert answer == with_targets
        return answer

    monkeypatch.setattr(FlotillaAI, "choose", checked)
    simulate(scenarios.load("mobile-bay-1864"), 4, seed=7, workers=1)
    assert {"exit", "ram", "gun", "keep_off"} <= kinds


def test_any_ready_asking_the_last_ready_battery_first_matches_every_battery_asked() -> None:
    """firers.any_ready as worked out (firers._any_ready: the battery last found
    ready asked first, a witness from any earlier state, in reach of her
    list or not) answers as asking each battery in order does
    (firers.battery_ready), and so does any_ready, for ships of several
    cards at random places, headings and fired batteries, with an island
    between some of them."""
    from quarterdeck.rulesets.flotilla import fire, firers

    rng = random.Random(11)
    island = [[(30.0, 20.0), (40.0, 20.0), (40.0, 28.0), (30.0, 28.0)]]
    rosters = ("iron_city", "arkansas", "carondelet", "tennessee", "tecumseh")
    answers = set()
    for n in range(400):
        ours = ship(
            "a",
            rng.choice(rosters),
            "union",
            rng.uniform(0, 72),
            rng.uniform(0, 48),
            rng.uniform(0, 360),
        )
        theirs = [
            ship(
                f"e{k}",
                rng.choice(rosters),
                "confederate",
                rng.uniform(0, 72),
                rng.uniform(0, 48),
                rng.uniform(0, 360),
            )
            for k in range(rng.randint(1, 3))
        ]
        for b in ours.batteries:
            b.fired = rng.random() < 0.3
        st = state([ours, *theirs], land=island if n % 2 else ())
        seen = fire.marks(st, "union")
        plain = any(firers.battery_ready(st, T, ours, b, seen) for b in ours.batteries)
        firers._READY_AT["a"] = rng.randint(0, len(ours.batteries) + 1)
        assert firers._any_ready(st, T, ours, seen) == plain
        assert firers.any_ready(st, T, ours, seen) == plain
        answers.add(plain)
    assert answers == {True, False}


def _every_ending_scored(
    ai: Any, plan: dict[str, Any], ship_: Any, options: list[helm.Choice], default: str
) -> str:
    """Helm.choose as its docstring defines it: every ending of every option
    scored in full (its merit less its penalty, the shore always measured),
    in order, the option whose best ending plus its draw is highest (the
    first of equals), ``default`` where none beats minus infinity."""
    noise = [ai.rng.random() * 0.01 for _ in options]
    land, length = helm.land_of(plan["view"]), float(ship_["length"])
    best_at, best = -1, -math.inf
    for i, option in enumerate(options):
        top = -math.inf
        for x, y, heading, legs, turns in option.fans():
            for turn in (0,) if turns is None else turns:
                end = Pose(x, y, heading).turn(turn)
                shore = helm.gaps_to(land, [end], length)[0]
                score = ai.merit(plan, option.mid, end, legs) - ai.penalty(plan, end, legs, shore)
                top = max(top, score)
        top += noise[i]
        if top > best:
            best_at, best = i, top
    return default if best_at < 0 else options[best_at].option_id


def test_helm_choice_matches_every_ending_scored(monkeypatch: Any) -> None:
    """Helm.choose (options best cap first, endings and headings followed
    only where their bound could win, the shore measured only near land)
    chooses at every move and turn of
    seeded Mobile Bay and Iron City games as scoring every ending of every
    option in full does, with the same draws (checked to fail with the
    penalties left out of the full scoring, and with the draws)."""
    from quarterdeck.core import scenario as scenarios
    from quarterdeck.rulesets.flotilla.ai import FlotillaAI
    from quarterdeck.sim.runner import simulate

    fast = FlotillaAI.choose
    asked = [0]

    def checked(
        self: FlotillaAI, plan: dict[str, Any], ship_: Any, options: Any, default: str
    ) -> str:
        drawn = self.rng.getstate()
        plain = _every_ending_scored(self, dict(plan), ship_, options, default)
        self.rng.setstate(drawn)
        answer = fast(self, plan, ship_, options, default)
        assert answer == plain
        asked[0] += 1
        return answer

    monkeypatch.setattr(FlotillaAI, "choose", checked)
    simulate(scenarios.load("mobile-bay-1864"), 3, seed=7, workers=1)
    simulate(scenarios.load("iron-city-duel"), 3, seed=7, workers=1)
    assert asked[0] > 100


def test_power_asked_without_her_aim_answers_as_with_it(monkeypatch: Any) -> None:
    """FlotillaAI._power (her aim worked out only where _power_wanted finds
    a mark that could say yes) answers at every power prompt of seeded
    Mobile Bay and Iron City games as with her aim always worked out; both
    kinds of prompt are met."""
    from quarterdeck.core import scenario as scenarios
    from quarterdeck.rulesets.flotilla.ai import FlotillaAI
    from quarterdeck.sim.runner import simulate

    fast, wanted = FlotillaAI._power, FlotillaAI._power_wanted
    seen: set[bool] = set()

    def checked(self: FlotillaAI, view: Any, prompt: Any) -> str:
        ship_ = next(s for s in view["ships"] if s["id"] == prompt.context["ship"])
        seen.add(wanted(self, view, ship_, float(ship_["max_speed"])))
        answer = fast(self, view, prompt)
        monkeypatch.setattr(FlotillaAI, "_power_wanted", lambda *_: True)
        try:
            assert fast(self, view, prompt) == answer
        finally:
            monkeypatch.setattr(FlotillaAI, "_power_wanted", wanted)
        return answer

    monkeypatch.setattr(FlotillaAI, "_power", checked)
    simulate(scenarios.load("mobile-bay-1864"), 4, seed=7, workers=1)
    simulate(scenarios.load("iron-city-duel"), 4, seed=7, workers=1)
    assert seen == {True, False}


def test_any_ready_given_again_matches_every_battery_asked(monkeypatch: Any) -> None:
    """firers.any_ready (its last answer for a ship given again while its key,
    firers._ready_key, is unchanged) answers at every point of seeded Mobile
    Bay and Iron City games as asking each battery does
    (firers.battery_ready); answers are given again (checked to fail with a
    key that leaves her place out)."""
    from quarterdeck.core import scenario as scenarios
    from quarterdeck.rulesets.flotilla import fire, firers
    from quarterdeck.sim.runner import simulate

    fast = firers.any_ready
    again = [0, 0]

    def checked(st: Any, t: Any, ship_: Ship, seen: Any) -> bool:
        known = firers._READY_KNOWN.get(ship_.id)
        key = firers._ready_key(ship_, fire.terrain(st), seen)
        again[0] += known is not None and known[1] is t and known[0] == key
        again[1] += 1
        answer = fast(st, t, ship_, seen)
        assert answer == any(firers.battery_ready(st, t, ship_, b, seen) for b in ship_.batteries)
        return answer

    monkeypatch.setattr(firers, "any_ready", checked)
    simulate(scenarios.load("mobile-bay-1864"), 3, seed=7, workers=1)
    simulate(scenarios.load("iron-city-duel"), 3, seed=7, workers=1)
    assert 0 < again[0] < again[1]


def test_point_segment_on_plain_numbers_matches_point_segment_distance() -> None:
    """geometry.point_segment_xy (asked by the helm and the AI for a keel's
    range) gives point_segment_distance's very numbers, for points on
    either side of, beyond and on segments of any length (none too)."""
    from quarterdeck.core.geometry import point_segment_distance, point_segment_xy

    rng = random.Random(5)
    for n in range(5000):
        p = (rng.uniform(-10, 80), rng.uniform(-10, 60))
        a = (rng.uniform(0, 72), rng.uniform(0, 48))
        b = a if n % 50 == 0 else (a[0] + rng.uniform(-9, 9), a[1] + rng.uniform(-9, 9))
        if n % 7 == 0:
            p = a
        assert point_segment_xy(p[0], p[1], a[0], a[1], b[0], b[1]) == point_segment_distance(
            p, a, b
        )
