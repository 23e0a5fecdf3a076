"""Firing the guns (4.2): arcs, ranges and line of sight."""

from __future__ import annotations

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.away_boarders import gunnery, rules
from quarterdeck.rulesets.away_boarders.state import State
from tests.rulesets.away_boarders.helpers import (
    RecordedDice,
    T,
    ctx,
    keep_or_first,
    make_state,
    new_game,
    place,
    play_until,
    ship,
)

P = (6, 6)


def _state(*others: tuple[str, str, str, pg.Point], firer: str = "carleton") -> State:
    specs = [ship("f", firer, "british", (1, 1), 0)]
    for n, (sid, key, side, _p) in enumerate(others):
        specs.append(ship(sid, key, side, (10, 1 + n), 3))
    state = make_state(specs, wind=3, width=20, height=16)
    place(state.ships["f"], P, 0)
    for sid, _key, _side, p in others:
        place(state.ships[sid], p)
    return state


def _ids(state: State, battery: str) -> list[str]:
    return [s.id for s in gunnery.targets(state, state.ships["f"], battery, T)]


def test_4_2_broadside_bears_within_thirty_degrees_of_the_beam() -> None:
    for p in (pg.step(P, 1, 2), (P[0] + 1, P[1] - 2), pg.step(P, 2, 3)):
        state = _state(("t", "maria", "american", p))
        assert _ids(state, "port") == ["t"] and _ids(state, "starboard") == []
    state = _state(("t", "maria", "american", pg.step(P, 5, 2)))
    assert _ids(state, "starboard") == ["t"]


def test_4_2_nothing_bears_dead_ahead_but_the_bow_guns() -> None:
    state = _state(("t", "maria", "american", pg.step(P, 0, 2)))
    assert _ids(state, "port") == [] and _ids(state, "starboard") == []
    galley = _state(("t", "maria", "american", pg.step(P, 0, 2)), firer="congress-galley")
    assert _ids(galley, "bow") == ["t"]
    off_line = _state(("t", "maria", "american", (P[0] + 2, P[1] - 1)), firer="congress-galley")
    assert _ids(off_line, "bow") == []


def test_4_2_target_must_be_within_the_guns_maximum_range() -> None:
    # Carleton's 6-pdrs reach 6 points
    assert _ids(_state(("t", "maria", "american", pg.step(P, 1, 6))), "port") == ["t"]
    assert _ids(_state(("t", "maria", "american", pg.step(P, 1, 7))), "port") == []


def test_4_2_no_fire_without_crew_manning_the_guns() -> None:
    state = _state(("t", "maria", "american", pg.step(P, 1, 2)))
    state.ships["f"].crew["guns"] = 0
    assert _ids(state, "port") == []


def test_4_2_unloaded_guns_do_not_fire() -> None:
    state = _state(("t", "maria", "american", pg.step(P, 1, 2)))
    for g in state.ships["f"].guns:
        g.loaded = False
    assert _ids(state, "port") == []


def test_4_2_a_friendly_ship_in_between_blocks_the_fire() -> None:
    state = _state(
        ("t", "maria", "american", pg.step(P, 1, 3)),
        ("friend", "maria", "british", pg.step(P, 1, 1)),
    )
    assert _ids(state, "port") == []


def test_4_2_an_enemy_in_between_is_the_eligible_target() -> None:
    state = _state(
        ("far", "maria", "american", pg.step(P, 1, 3)),
        ("near", "revenge", "american", pg.step(P, 1, 1)),
    )
    assert _ids(state, "port") == ["near"]


def test_4_2_an_island_blocks_the_line_of_sight() -> None:
    target = pg.step(P, 1, 3)
    specs = [ship("f", "carleton", "british", (1, 1), 0), ship("t", "maria", "american", (9, 1))]
    island = pg.step(P, 1, 1)
    state = make_state(specs, wind=3, width=20, height=16, blocked=[(pg.column(island), island[1])])
    place(state.ships["f"], P, 0)
    place(state.ships["t"], target)
    assert _ids(state, "port") == []


def test_4_2_any_or_all_of_the_guns_may_fire_one_caliber_at_a_time() -> None:
    from tests.rulesets.away_boarders.helpers import ctx

    state = _state(("t", "maria", "american", pg.step(P, 1, 2)), firer="royal-savage")
    f, target = state.ships["f"], state.ships["t"]
    assert gunnery.groups_in_range(state, T, f, "port", target) == ["6-pdr", "4-pdr", "swivel"]
    gunnery.open_fire(state, T, f, "port", target, ctx(3), only="4-pdr")
    assert state.pending is not None and state.pending.groups == ["4-pdr"]


def test_4_2_some_guns_of_a_caliber_may_fire_and_the_rest_stay_loaded() -> None:
    from tests.rulesets.away_boarders.helpers import ctx

    state = _state(("t", "maria", "american", pg.step(P, 1, 2)))
    f, target = state.ships["f"], state.ships["t"]
    # 2 guns at range 2: Hit Table 2, shot weight +1, initial +2 = 5; random die 3
    gunnery.open_fire(state, T, f, "port", target, ctx(3), only="6-pdr", count=2)
    assert state.pending is not None and state.pending.dice == T.hit_table.rows[2][1] + 3
    gunnery.resolve_aim(state, T, False, ctx(1, 1, 1, 1, 1))
    port = [g for g in f.guns if g.side == "port"]
    assert sum(1 for g in port if g.fired) == 2 and sum(1 for g in port if g.loaded) == 4


def test_4_2_any_or_all_guns_may_fire_so_the_rest_may_fire_on_another_target() -> None:
    state = _state(
        ("t", "maria", "american", pg.step(P, 1, 2)),
        ("u", "revenge", "american", pg.step(P, 2, 2)),
    )
    f = state.ships["f"]
    state.phase = "fire-setup"
    gunnery.fire_setup(state, T, ctx())
    assert state.fire_queue[0] == ["f", "port"]
    (prompt,) = rules.prompts(state, T)
    assert "fire:t:6-pdr:2" in prompt.option_ids()
    rules.apply(state, T, "british", "fire:t:6-pdr:2", ctx(3))
    rules.apply(state, T, "british", "low", ctx(1, 1, 1, 1, 1))
    # two guns fired on Maria; the four still loaded may fire on Revenge
    assert sum(1 for g in f.guns if g.side == "port" and g.loaded) == 4
    (prompt,) = rules.prompts(state, T)
    ids = prompt.option_ids()
    assert prompt.context["step"] == "fire" and "fire:u" in ids
    assert not any(i.startswith("fire:t") for i in ids)  # one roll per caliber and target
    rules.apply(state, T, "british", "hold", ctx())
    assert state.fire_queue == [] or state.fire_queue[0] != ["f", "port"]


def test_4_2_ships_fouled_on_one_point_lie_alongside_one_broadside_each() -> None:
    # Carleton (facing NE) and Royal Savage (facing SW) fouled on one point,
    # both lying still. Carleton fires her port 6-pdrs (6 guns at range 0:
    # 3 base +1 shot weight +2 initial = 6 dice, random die 3): her starboard
    # 6-pdrs then do not bear on her too (4.2, 4.3: one roll a caliber).
    # Heading the other way, Royal Savage lies port to port: her port 6-pdrs
    # (2 guns: 1 +1 +2 = 4 dice, random die 3) answer, her starboard ones do
    # not, and her one G (a 4, fired low) lands on Carleton's port side.
    p = (6, 6)
    dice = RecordedDice([3, (1, 1, 1, 1, 1, 1), 3, (4, 1, 1, 1)])
    game = new_game(
        [
            ship(
                "c", "carleton", "british", (pg.column(p), p[1]), 0, sail="oars", crew={"yards": 0}
            ),
            ship("r", "royal-savage", "american", (pg.column(p), p[1]), 3, sail="oars"),
        ],
        dice,
        wind=0,
    )
    c, r = game.state.ships["c"], game.state.ships["r"]
    r.crew = dict.fromkeys(r.crew, 0) | {"guns": r.crew_total}
    c.fouled, r.fouled = ["r"], ["c"]
    asked: list[tuple[str, str]] = []

    def answer(prompt: Prompt) -> Answer:
        if prompt.context.get("step") == "fire":
            asked.append((prompt.context["ship"], prompt.context["battery"]))
            wanted = "fire:r" if prompt.context["ship"] == "c" else "fire:c:6-pdr"
            return wanted if wanted in prompt.option_ids() else "hold"
        if prompt.context.get("step") == "aim":
            return "low"
        return keep_or_first(prompt)

    play_until(game, lambda g: g.state.action == 1, answer)
    assert asked == [("c", "port"), ("r", "port"), ("r", "port")]  # then she holds
    c, r = game.state.ships["c"], game.state.ships["r"]
    assert [g.fired for g in c.guns if g.type == "6-pdr" and g.side == "starboard"] == [False] * 6
    assert [g.side for g in c.guns if g.disabled] == ["port"]
    assert c.abeam == {"r": "port"} and r.abeam == {"c": "port"}
    assert dice.remaining == 0


def test_3_3_ships_lying_alongside_drift_together_and_lie_as_they_lay() -> None:
    # fouled, port to port, on turn 2: they drift one point downwind together
    # and still lie port to port (no dice: no new entry between them)
    p = (6, 6)
    dice = RecordedDice([])
    game = new_game(
        [
            ship("c", "carleton", "british", (pg.column(p), p[1]), 0),
            ship("r", "royal-savage", "american", (pg.column(p), p[1]), 3),
        ],
        dice,
        wind=0,
    )
    c, r = game.state.ships["c"], game.state.ships["r"]
    c.fouled, r.fouled = ["r"], ["c"]
    c.abeam, r.abeam = {"r": "port"}, {"c": "port"}
    game.state.turn = 2
    play_until(game, lambda g: g.state.phase not in ("crew", "segment", "drift"), keep_or_first)
    c, r = game.state.ships["c"], game.state.ships["r"]
    assert c.pos == r.pos == pg.step(p, 3)
    assert c.abeam == {"r": "port"} and r.abeam == {"c": "port"}
