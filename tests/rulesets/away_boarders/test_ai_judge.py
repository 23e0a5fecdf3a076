"""The computer captain's look-ahead (judge.py) scores as its plain
definition does: each point's score (3.1, 4.2) worked out enemy by enemy
from the rules' geometry, the look-ahead move by move (3.1, 3.2), and a
judge kept from an earlier decision (judge_for) scores as a new one.

The judge keeps tables (rows of fire by offset, directions, each place's
moves, and the points two moves reach, judge._Plans, read where she has
no friend) and skips the enemies out of reach; these tests check those fast
paths against the plain definition over the decisions of real games."""

from __future__ import annotations

import math
from typing import Any

import pytest

from quarterdeck.core import pointgrid as pg, scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Game
from quarterdeck.rulesets.away_boarders import judge
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI, _grid
from quarterdeck.rulesets.away_boarders.judge import SHARE, Judge, bears, judge_for, judge_inputs
from quarterdeck.rulesets.away_boarders.sailing import legal_moves, move_result, wind_angle


def _fire(weights: judge.Weights, p: pg.Point, f: int, q: pg.Point) -> float:
    """The weight of fire of a ship at ``p`` facing ``f`` that bears on and
    reaches ``q`` (4.2), battery by battery in the weights' order."""
    d = pg.distance(p, q)
    total = 0.0
    for battery, by_range in weights.items():
        if d < len(by_range) and bears(p, f, battery, q):
            total += by_range[d] * SHARE[min(d, 8)]
    return total


def _place(j: Judge, p: pg.Point) -> tuple[float, ...]:
    """Judge._place's definition, enemy by enemy, with no table."""
    grid = j.grid
    if not grid.contains(p):
        return (-1000.0,) * 6
    score = 0.0
    col = pg.column(p)
    edge = min(col, p[1], grid.width - 1 - col, grid.height - 1 - p[1])
    if edge == 0:
        score -= 3.0
    if j.short and edge <= 3:
        score -= 4.0 * (4 - edge)
    if not j.others:
        return (score,) * 6
    reach = max((len(w) - 1 for w in j.mine.values()), default=0)
    far: dict[pg.Point, int] = {}
    for q, _f, _c, w in j.others:
        far[q] = max(far.get(q, -1), max((len(x) - 1 for x in w.values()), default=-1))
    d = min(pg.distance(p, q) for q, _f, _c, _w in j.others)
    weakest: Any = min(c for q, _f, c, _w in j.others if pg.distance(p, q) == d)
    threat = 0.0
    rows: list[list[float]] = []
    for q, facing, _c, w in j.others:
        dq = pg.distance(q, p)
        threat += _fire(w, q, facing, p) if dq <= 9 and dq <= far[q] else 0.0
        if dq <= reach and dq <= 9:
            row = [_fire(j.mine, p, f, q) for f in range(6)]
            if dq != 0 and pg.direction_of(q, p) in (facing, (facing + 3) % 6):
                row = [v * 1.4 if v else v for v in row]  # a rake (4.3)
            rows.append(row)
    if j.crew >= 4 and j.crew * 2 >= 3 * max(1, int(weakest)):
        score -= d * 1.5
        if d == 0:
            score += 8.0
    elif d == 0:
        score -= 5.0
    best = [max(r[f] for r in rows) for f in range(6)] if rows else [0.0] * 6
    half = 0.5 * threat
    closer = 0.8 * max(0, d - max(1, reach - 1))
    out = []
    for f in range(6):
        s = score - 3.0 if not j.oars and wind_angle(j.wind, f) == 0 else score
        s += best[f] - half
        if best[f] == 0.0:
            s -= closer
        out.append(s)
    return tuple(out)


def _lookahead(j: Judge, p: pg.Point, f: int, depth: int) -> float:
    """Judge.lookahead's definition: the best score ``depth`` moves on, every
    legal move but backing or resting tried (3.1, 3.2), none onto a
    friend's point by an advance, none from off the field."""
    if depth == 0:
        return _place(j, p)[f]
    best = -1e9
    if j.grid.contains(p):
        ahead = pg.step(p, f)
        open_ahead = not j.grid.contains(ahead) or j.grid.is_open(ahead)
        for move in legal_moves(j.wind, f, j.oars, 1, open_ahead):
            if move in ("back", "hold"):
                continue
            q, g = move_result(p, f, move)
            if move.startswith("advance") and q in j.friends:
                continue
            best = max(best, _lookahead(j, q, g, depth - 1))
    return best if best > -1e9 else _place(j, p)[f]


def _move_decisions(scenario: str, seed: int, turns: range, limit: int) -> list[tuple[Any, ...]]:
    """The judge's inputs at the computer players' move decisions of a game
    played by them, in the turns ``turns`` (at most ``limit``)."""
    game = Game.new(scenarios.load(scenario), dice=RandomDice(seed))
    players = {s: AwayBoardersAI(s, 1) for s in game.scenario.side_names}
    found: list[tuple[Any, ...]] = []
    while len(found) < limit and (prompt := game.prompt()) is not None:
        view = game.view(prompt.seat, log=False)
        if prompt.context.get("step") == "move" and game.state.turn in turns:
            me = next(s for s in view["ships"] if s["id"] == prompt.context["ship"])
            ships = [s for s in view["ships"] if s["status"] == "afloat"]
            enemies = [s for s in ships if s["side"] != me["side"]]
            friends = {
                (s["q"], s["r"]) for s in ships if s["side"] == me["side"] and s["id"] != me["id"]
            }
            found.append((_grid(view), int(view["field"]["wind"]), me, enemies, friends))
        game.apply(prompt.seat, players[prompt.seat].decide(view, prompt))
    return found


@pytest.mark.parametrize(
    ("scenario", "seed", "turns"),
    [("champlain-duel-1776", 3, range(1, 99)), ("valcour-island-1776", 4, range(3, 8))],
)
def test_3_1_4_2_the_look_ahead_scores_as_its_plain_definition(
    scenario: str, seed: int, turns: range
) -> None:
    decisions = _move_decisions(scenario, seed, turns, 40)
    assert len(decisions) >= 20
    kept: dict[str, Judge] = {}
    reused = 0
    for grid, wind, me, enemies, friends in decisions:
        before = kept.get(me["id"])
        j = kept[me["id"]] = judge_for(grid, wind, me, enemies, friends, before)
        fresh = Judge(judge_inputs(grid, wind, me, enemies, friends))
        assert j.inputs == fresh.inputs
        reused += j is before
        here = (int(me["q"]), int(me["r"]))
        near = [p for p in grid.points() if pg.distance(here, p) <= 3]
        for p in [*near, pg.step(here, 0, 6), (-1, 0)]:
            assert tuple(j.score(p, f) for f in range(6)) == _place(fresh, p)
        weighed = Judge(fresh.inputs)  # each move's two scores asked first (the player's way)
        for p in near[:: max(1, len(near) // 6)]:
            for f in range(6):
                plain = _lookahead(fresh, p, f, 2)
                assert weighed.option(p, f) == (_place(fresh, p)[f], plain)
                assert j.lookahead(p, f, 2) == plain
        facing = int(me["facing"])
        assert j.lookahead(here, facing, 3) == _lookahead(fresh, here, facing, 3)
    if scenario == "champlain-duel-1776":
        assert reused  # a duel's faster ship judges the same places again


def test_3_1_a_judge_is_used_again_for_its_very_inputs_only() -> None:
    """judge_for hands back the ship's earlier judge only where every input
    is the same, and otherwise makes a new one (never one of another
    decision's): an enemy loaded otherwise on the same point is judged anew."""
    decisions = _move_decisions("champlain-duel-1776", 5, range(1, 99), 12)
    assert len(decisions) >= 10
    for grid, wind, me, enemies, friends in decisions:
        j = judge_for(grid, wind, me, enemies, friends, None)
        assert j.inputs == judge_inputs(grid, wind, me, enemies, friends)
        assert judge_for(grid, wind, me, enemies, friends, j) is j
        fresh = judge_for(grid, wind, me, enemies, friends, None)
        assert fresh is not j and fresh.inputs == j.inputs
        other = dict(enemies[0])
        other["load"] = {b: "chain" for b in ("port", "starboard", "bow")}
        changed = judge_for(grid, wind, me, [other], friends, j)
        assert changed is not j
        assert changed.inputs == judge_inputs(grid, wind, me, [other], friends)
        assert changed.inputs != j.inputs


def test_4_2_each_ships_weight_of_fire_is_its_guns_summed_range_by_range() -> None:
    """judge._weights_of (kept by armament and load, battery by battery) is
    each battery's guns not disabled, each reaching as its load allows
    (4.4), summed in the battery's order for every range it reaches."""
    from quarterdeck.rulesets.away_boarders.tables import printed_tables

    t = printed_tables()
    game = Game.new(scenarios.load("valcour-island-1776"), dice=RandomDice(2))
    loads = ("round", "grape", "double", "chain")
    for n, s in enumerate(game.view("american", log=False)["ships"]):
        s = dict(s)
        s["load"] = {b: loads[(n + k) % 4] for k, b in enumerate(("port", "starboard", "bow"))}
        s["guns"] = [
            dict(g, disabled=g["disabled"] or k % 5 == n % 5) for k, g in enumerate(s["guns"])
        ]
        plain: dict[str, tuple[float, ...]] = {}
        for battery in ("port", "starboard", "bow"):
            ammo = t.ammo.get(s["load"][battery])
            guns = [
                (ammo.range_for(kind.max_range), 1.0 + math.sqrt(kind.pounds) / 3)
                for g in s["guns"]
                if g["side"] == battery and not g["disabled"]
                for kind in [t.guns.types[g["type"]]]
            ]
            if guns:
                top = max(reach for reach, _w in guns)
                plain[battery] = tuple(
                    sum(w for reach, w in guns if d <= reach) for d in range(top + 1)
                )
        assert judge._weights_of(s) == plain
        assert list(judge._weights_of(s)) == list(plain)
