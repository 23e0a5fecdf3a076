"""The computer captain (ai.py) plays as a sensible captain would: rowing
vessels row in the fight (3.2), a fouled friend is cleared (2.3), friends
keep off each other's points (3.3), a short-handed ship rows rather than
sail off the table (3.1); the yardstick (ai_v1.py) is kept as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from quarterdeck.core import pointgrid as pg, scenario as scenarios
from quarterdeck.core.dice import RandomDice, ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets import get_ruleset
from quarterdeck.rulesets.away_boarders import ai_v1
from quarterdeck.rulesets.away_boarders.ai import NEAR, AwayBoardersAI
from quarterdeck.rulesets.away_boarders.sailing import move_result
from tests.rulesets.away_boarders.helpers import RecordedDice, keep_or_first, new_game, ship


def _at(p: pg.Point) -> tuple[int, int]:
    return (pg.column(p), p[1])


def _play_ai(
    game: Game, stop: Callable[[Game], bool], limit: int = 2000
) -> list[tuple[Prompt, Answer]]:
    """Let the AI answer every prompt until ``stop(game)``; the answers given."""
    players = {s: AwayBoardersAI(s, 1) for s in game.scenario.side_names}
    given: list[tuple[Prompt, Answer]] = []
    for _ in range(limit):
        prompt = game.prompt()
        if prompt is None or stop(game):
            return given
        answer = players[prompt.seat].decide(game.view(prompt.seat, log=False), prompt)
        given.append((prompt, answer))
        game.apply(prompt.seat, answer)
    raise AssertionError("the situation did not come")


def test_3_2_rowing_vessels_near_the_enemy_keep_to_their_oars() -> None:
    # Valcour Island, turn 1 played by the AI on both sides: no galley,
    # gondola or gunboat within five points of an enemy at the end of the
    # turn has set her sail (the old AI set full sail on every one of them)
    scn = scenarios.load("valcour-island-1776")
    game = Game.new(scn, dice=RandomDice(4))
    _play_ai(game, lambda g: g.state.turn == 2)
    rowers = [s for s in game.state.ships.values() if s.base_speed <= 1 and s.active]
    near = [
        s
        for s in rowers
        if any(
            o.side != s.side and o.active and pg.distance(s.pos, o.pos) <= 5
            for o in game.state.ships.values()
        )
    ]
    assert near and all(s.sail == "oars" for s in near)


def test_3_2_the_old_ai_set_full_sail_on_the_rowing_vessels() -> None:
    # the yardstick is kept as it was: the same turn, it makes full sail
    scn = scenarios.load("valcour-island-1776")
    game = Game.new(scn, dice=RandomDice(4))
    players = {s: ai_v1.ai(s, 1) for s in scn.side_names}
    while game.state.turn == 1 and (prompt := game.prompt()) is not None:
        game.apply(prompt.seat, players[prompt.seat].decide(game.view(prompt.seat), prompt))
    assert any(s.base_speed <= 1 and s.sail == "full" for s in game.state.ships.values())


def test_2_3_a_ship_fouled_with_a_friend_mans_the_boarding_box_and_clears_her() -> None:
    # two British gunboats fouled on one point: each captain puts a man in the
    # boarding party, and the first even die clears them (2.3)
    p = (6, 6)
    dice = RecordedDice([], then=RandomDice(2))
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(p), 1, sail="oars"),
            ship("g2", "british-gunboat-1776", "british", _at(p), 2, sail="oars"),
            ship("x", "royal-savage", "american", (13, 1), 3),
        ],
        dice,
        wind=0,
    )
    game.state.ships["g1"].fouled = ["g2"]
    game.state.ships["g2"].fouled = ["g1"]
    given = _play_ai(game, lambda g: not g.state.ships["g1"].fouled or g.state.turn == 4)
    assert not game.state.ships["g1"].fouled and not game.state.ships["g2"].fouled
    forms = [a for p, a in given if p.kind == "form" and p.context.get("ship") in ("g1", "g2")]
    assert forms and all(isinstance(a, dict) and a["boarders"] >= 1 for a in forms)
    tries = [a for p, a in given if p.context.get("step") == "grapple"]
    assert tries and all(str(a).startswith("unfoul:") for a in tries)


def test_3_3_a_gunboat_does_not_row_onto_a_friends_point() -> None:
    # a gunboat under oars with a friend dead ahead and the enemy beyond her:
    # the AI turns or holds rather than enter her friend's point
    here = (6, 6)
    friend = pg.step(here, 0)
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(here), 0, sail="oars"),
            ship("g2", "british-gunboat-1776", "british", _at(friend), 0, sail="oars"),
            ship("x", "royal-savage", "american", _at(pg.step(friend, 0, 4)), 3),
        ],
        RecordedDice([], then=RandomDice(1)),
        wind=1,
        width=20,
    )
    game.state.ships["g2"].crew["yards"] = 0  # she lies still
    given = _play_ai(game, lambda g: g.state.turn == 2 or g.state.ships["g1"].pos != here)
    moves = [a for p, a in given if p.context.get("step") == "move" and p.context["ship"] == "g1"]
    assert moves and moves[0] != "advance"
    assert game.state.ships["g1"].pos != friend


def test_3_1_a_short_handed_rowing_vessel_takes_to_her_oars() -> None:
    # a gunboat under full sail with one man left: at the sail task her
    # captain sets the sweeps (crewless under sail she would repeat her last
    # move off the table; under oars she only drifts)
    here = (6, 6)
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(here), 0, sail="full"),
            ship("x", "royal-savage", "american", (13, 1), 3),
        ],
        RecordedDice([], then=RandomDice(1)),
        wind=1,
    )
    g1 = game.state.ships["g1"]
    g1.crew = {"yards": 1, "repair_rigging": 0, "guns": 0, "repair_guns": 0}
    g1.crew.update(repair_hull=0, boarders=0)
    given = _play_ai(game, lambda g: g.state.turn == 2)
    sail = [a for p, a in given if p.context.get("step") == "sail" and p.context["ship"] == "g1"]
    assert sail == ["set:oars"] and game.state.ships["g1"].sail == "oars"


def test_the_old_ai_is_kept_for_measurement_and_not_offered_to_users() -> None:
    ruleset = get_ruleset("away-boarders")
    assert isinstance(ruleset.ai("british", 1), AwayBoardersAI)
    assert type(ai_v1.ai("british", 1)).__module__.endswith("ai_v1")


def test_3_1_the_ai_mans_the_yards_as_the_charts_in_play_ask() -> None:
    # Maria (two masts, nine crew): one man a mast aloft by the printed chart
    # (3.1); under a house rule of two a mast the AI sends four
    def aloft(house: dict[str, object] | None) -> int:
        game = new_game(
            [
                ship("m", "maria", "british", (4, 4), 1),
                ship("x", "royal-savage", "american", (12, 9), 3),
            ],
            RecordedDice([], then=RandomDice(1)),
            wind=0,
            house_rules=house,
        )
        given = _play_ai(game, lambda g: g.state.phase != "crew")
        (form,) = [a for p, a in given if p.kind == "form" and p.context.get("ship") == "m"]
        assert isinstance(form, dict)
        return int(form["yards"])

    assert aloft(None) == 2
    assert aloft({"crew": {"yards_per_mast": 2}}) == 4


# -- single decisions: a position built, the prompt reached, the answer read --


def _reach(
    game: Game, seat: str, step: str, ship_id: str | None, answer: Callable[[Prompt], Answer]
) -> Prompt:
    """Answer every prompt with ``answer`` until ``seat`` is asked ``step``
    (for ``ship_id`` when given); that prompt."""
    for _ in range(300):
        prompt = game.prompt()
        assert prompt is not None, "the game ended first"
        if (
            prompt.seat == seat
            and prompt.context.get("step") == step
            and (ship_id is None or prompt.context.get("ship") == ship_id)
        ):
            return prompt
        game.apply(prompt.seat, answer(prompt))
    raise AssertionError(f"{seat} was never asked {step!r}")


def _decide(game: Game, prompt: Prompt) -> tuple[Answer, Answer]:
    """The current AI's answer and the yardstick's, from the seat's view."""
    view = game.view(prompt.seat, log=False)
    return (
        AwayBoardersAI(prompt.seat, 1).decide(view, prompt),
        ai_v1.ai(prompt.seat, 1).decide(view, prompt),
    )


def _still(prompt: Prompt) -> Answer:
    """Every ship holds her place (backs her sails where she cannot hold)."""
    ids = prompt.option_ids()
    if prompt.context.get("step") == "move":
        for move in ("hold", "back"):
            if move in ids:
                return move
    return keep_or_first(prompt)


ROWERS = ["british-gunboat-1776", "congress-galley", "philadelphia-gondola"]


@pytest.mark.parametrize("key", ROWERS)
def test_3_2_a_rowing_vessel_under_oars_near_the_enemy_keeps_to_her_sweeps(key: str) -> None:
    # a gunboat, galley or gondola under oars three points from the enemy, at
    # the sail task (2.3): she keeps rowing; the first AI made full sail
    here = (6, 6)
    game = new_game(
        [
            ship("r", key, "british", _at(here), 0, sail="oars"),
            ship("x", "carleton", "american", _at(pg.step(here, 0, 3)), 0),
        ],
        ScriptedDice([]),
        wind=1,
    )
    prompt = _reach(game, "british", "sail", "r", _still)
    r, x = game.state.ships["r"], game.state.ships["x"]
    assert pg.distance(r.pos, x.pos) <= NEAR and r.sail == "oars"
    assert "set:full" in prompt.option_ids()
    assert _decide(game, prompt) == ("keep", "set:full")


@pytest.mark.parametrize("key", ROWERS)
def test_3_2_a_rowing_vessel_under_sail_near_the_enemy_takes_to_her_oars(key: str) -> None:
    # the same vessel under full sail: she sets the sweeps for the fight; the
    # first AI kept her sails
    here = (6, 6)
    game = new_game(
        [
            ship("r", key, "british", _at(here), 0, sail="full"),
            ship("x", "carleton", "american", _at(pg.step(here, 0, 3)), 0),
        ],
        ScriptedDice([]),
        wind=1,
    )
    prompt = _reach(game, "british", "sail", "r", _still)
    assert pg.distance(game.state.ships["r"].pos, game.state.ships["x"].pos) <= NEAR
    assert _decide(game, prompt) == ("set:oars", "keep")


def _fouled_gunboats() -> Game:
    p = (6, 6)
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(p), 1, sail="oars"),
            ship("g2", "british-gunboat-1776", "british", _at(p), 2, sail="oars"),
            ship("x", "royal-savage", "american", (13, 1), 3),
        ],
        ScriptedDice([]),
        wind=0,
    )
    game.state.ships["g1"].fouled = ["g2"]
    game.state.ships["g2"].fouled = ["g1"]
    return game


def test_2_1_two_fouled_friends_each_put_a_man_in_the_boarding_box() -> None:
    # the side's crew orders come as one fleet form: both gunboats are placed
    # box by box, and each puts one man in the boarding party, the hand the
    # unfoul task needs (2.3); the first AI left the box empty
    game = _fouled_gunboats()
    fleet = _reach(game, "british", "crew", None, keep_or_first)
    assert fleet.context.get("fleet") and {f.name for f in fleet.fields} == {"g1", "g2"}
    new, _old = _decide(game, fleet)
    assert new == {"g1": "custom", "g2": "custom"}
    game.apply("british", new)
    for sid in ("g1", "g2"):
        form = _reach(game, "british", "crew", sid, keep_or_first)
        assert form.kind == "form"
        new, old = _decide(game, form)
        assert isinstance(new, dict) and isinstance(old, dict)
        assert (new["yards"], new["boarders"]) == (1, 1)
        assert old["boarders"] == 0
        game.apply("british", new)
    while game.state.phase == "crew" and (prompt := game.prompt()) is not None:
        game.apply(prompt.seat, keep_or_first(prompt))  # the Americans keep theirs
    assert game.state.ships["g1"].crew["boarders"] == 1
    assert game.state.ships["g2"].crew["boarders"] == 1


def test_2_3_a_ship_fouled_with_a_friend_tries_to_unfoul_her() -> None:
    # at the grapple task the fouled gunboat works to clear her friend
    game = _fouled_gunboats()

    def ai_british(prompt: Prompt) -> Answer:
        if prompt.seat == "british":
            return AwayBoardersAI("british", 1).decide(game.view("british", log=False), prompt)
        return keep_or_first(prompt)

    prompt = _reach(game, "british", "grapple", "g1", ai_british)
    assert prompt.option_ids() == ["unfoul:g2", "none"]
    assert _decide(game, prompt)[0] == "unfoul:g2"


def test_3_3_a_gunboat_among_friends_rows_onto_none_of_their_points() -> None:
    # a gunboat with a friend on each point her advances lead to and the enemy
    # beyond them: she turns or holds; every advance would enter a friend's
    # point and may foul the two of them (3.3)
    here = (6, 6)
    ahead = [move_result(here, 0, m)[0] for m in ("advance", "advance-port", "advance-starboard")]
    friends = [
        ship(f"f{n}", "british-gunboat-1776", "british", _at(p), 0, sail="oars")
        for n, p in enumerate(ahead)
    ]
    game = new_game(
        [
            ship("g1", "british-gunboat-1776", "british", _at(here), 0, sail="oars"),
            *friends,
            ship("x", "royal-savage", "american", _at(pg.step(here, 0, 5)), 3),
        ],
        ScriptedDice([]),
        wind=1,
        width=20,
    )

    prompt = _reach(game, "british", "move", "g1", _still)
    g1 = game.state.ships["g1"]
    taken = {s.pos for s in game.state.ships.values() if s.side == "british" and s.id != "g1"}
    advances = [m for m in prompt.option_ids() if m.startswith("advance")]
    assert advances and all(move_result(g1.pos, g1.facing, m)[0] in taken for m in advances)
    new, _old = _decide(game, prompt)
    assert not str(new).startswith("advance")


def _edge(p: pg.Point, width: int = 14, height: int = 12) -> int:
    """Points between ``p`` and the nearest edge of the field."""
    col = pg.column(p)
    return min(col, p[1], width - 1 - col, height - 1 - p[1])


def _first_move(wind: int, men: int) -> tuple[pg.Point, pg.Point]:
    """Royal Savage two points from the west edge, heading for it, the enemy
    inshore of her; with ``men`` hands (two at the yards): where she is and
    where the AI's first move takes her."""
    game = new_game(
        [
            ship("s", "royal-savage", "american", (2, 6), 3, sail="full"),
            ship("x", "carleton", "british", (6, 6), 3),
        ],
        ScriptedDice([]),
        wind=wind,
    )
    s = game.state.ships["s"]
    if men:
        s.crew = {"yards": 2, "repair_rigging": 0, "guns": men - 2, "repair_guns": 0}
        s.crew.update(repair_hull=0, boarders=0)
    prompt = _reach(game, "american", "move", "s", keep_or_first)
    answer = AwayBoardersAI("american", 1).decide(game.view("american", log=False), prompt)
    return s.pos, move_result(s.pos, s.facing, str(answer))[0]


@pytest.mark.parametrize("wind", [2, 4])
def test_3_1_a_short_handed_ship_by_the_edge_does_not_stand_toward_it(wind: int) -> None:
    # with her full crew she stands on toward the edge to bring her guns to
    # bear; with three men left (two at the yards) she keeps her distance: a
    # ship with nobody at the yards under sail repeats her last move, and off
    # the table she goes (3.1)
    here, there = _first_move(wind, 0)
    assert _edge(there) < _edge(here) == 2
    here, there = _first_move(wind, 3)
    assert _edge(there) >= _edge(here) == 2


def test_4_2_the_look_ahead_reckons_which_batteries_bear_as_the_rules_do() -> None:
    """judge._sight works out from one bearing of a point which of her
    batteries bear on it from each facing: the same as the rules' bears()
    (4.2), for every offset within 12 points, alongside included."""
    from quarterdeck.rulesets.away_boarders import judge

    for dq in range(-12, 13):
        for dr in range(-12, 13):
            if pg.distance((0, 0), (dq, dr)) > 12:
                continue
            d, share, facings = judge._sight(dq, dr)
            assert d == pg.distance((0, 0), (dq, dr))
            assert share == judge.SHARE[min(d, 8)]
            for battery in ("port", "starboard", "bow"):
                want = tuple(f for f in range(6) if judge.bears((0, 0), f, battery, (dq, dr)))
                assert facings[battery] == want, (dq, dr, battery)
    assert judge._sight(0, 0)[2] == {
        "port": (0, 1, 2, 3, 4, 5),
        "starboard": (0, 1, 2, 3, 4, 5),
        "bow": (),
    }
    # a point two east: the bow bears facing it (0), the port battery facing 4
    # or 5 and the starboard facing 1 or 2, where it lies within 30 of the beam (4.2)
    assert judge._sight(2, 0)[2] == {"port": (4, 5), "starboard": (1, 2), "bow": (0,)}


def test_4_2_a_row_table_keeps_each_offset_at_its_own_place() -> None:
    """judge._Rows keeps the rows within 9 points by place in a list (the
    opposite offset at ROW_LAST less the place): each row the one worked out
    for its offset, within the table and beyond it."""
    from quarterdeck.rulesets.away_boarders import judge

    weights = judge._weights_for(
        ("round", "grape", "double"),
        (("24-pdr", "port"), ("6-pdr", "starboard"), ("12-pdr", "bow")),
    )
    table = judge._Rows(weights)
    places = set()
    for dq in range(-12, 13):
        for dr in range(-12, 13):
            assert table.row(dq, dr) == judge._row(weights, -dq, -dr)
            if abs(dq) <= judge.ROW_RADIUS and abs(dr) <= judge.ROW_RADIUS:
                i = judge.row_index(dq, dr)
                places.add(i)
                assert table.rows[i] == table.row(dq, dr)
                assert judge.ROW_LAST - i == judge.row_index(-dq, -dr)
    assert places == set(range(judge.ROW_LAST + 1))


def test_4_2_the_fire_that_bears_depends_only_on_the_offset_between_the_points() -> None:
    """The look-ahead keeps each armament's fire by the target's offset and
    the ship's facing (judge._row_table, judge._sight, judge._direction): the range, the line
    between the points and which batteries bear (4.2) are the same from
    every point of any field in play, for every offset within the longest
    reach."""
    from quarterdeck.rulesets.away_boarders import judge

    def bearing_of(p: pg.Point, f: int, q: pg.Point) -> tuple[int, int | None, bool, bool]:
        if p == q:
            return (0, None, False, False)
        return (
            pg.distance(p, q),
            pg.direction_of(p, q),
            pg.in_arc(p, f, q, 90.0, 30.0),
            pg.in_arc(p, f, q, 270.0, 30.0),
        )

    offsets = [(dq, dr) for dq in range(-9, 10) for dr in range(-9, 10) if abs(dq + dr) <= 9]
    origin = {(o, f): bearing_of((0, 0), f, o) for o in offsets for f in range(6)}
    for r in range(0, 40, 3):
        for q in range(-20, 40, 3):
            for (dq, dr), f in origin:
                p = (q, r)
                assert bearing_of(p, f, (q + dq, r + dr)) == origin[((dq, dr), f)]
                assert pg.direction_of((q + dq, r + dr), p) == judge._direction(-dq, -dr)
    # and the firepower itself, for guns in every battery
    guns = (("24-pdr", "port"), ("6-pdr", "starboard"), ("12-pdr", "bow"))
    weights = judge._weights_for(("round", "grape", "double"), guns)
    for (dq, dr), f in list(origin)[::7]:
        here = judge._firepower(weights, (0, 0), f, (dq, dr))
        assert judge._firepower(weights, (11, 17), f, (11 + dq, 17 + dr)) == here
