"""Every roll of Away, Boarders! explains itself (issue 15): scripted dice in,
the logged roll's explanation out, with its modifiers, result, exact chance
and what the chart says, from the tables in force."""

from __future__ import annotations

from typing import Any

from quarterdeck.core import pointgrid as pg, scenario as scenarios
from quarterdeck.core.engine import LogEntry
from quarterdeck.core.explain import explain
from quarterdeck.rulesets.away_boarders import boarding, crew, damage, gunnery, movement
from quarterdeck.rulesets.away_boarders.state import State
from quarterdeck.rulesets.away_boarders.tables import tables_with
from quarterdeck.sim.games import replay_game
from tests.rulesets.away_boarders.helpers import T, ctx, duel, make_state, place, ship

P = (6, 6)


def _rolls(log: list[LogEntry]) -> list[dict[str, Any]]:
    return [e.to_json() for e in log if e.kind == "roll"]


def _duel(target_at: pg.Point) -> State:
    state = make_state(
        [ship("c", "carleton", "british", (1, 1)), ship("rs", "royal-savage", "american", (9, 1))],
        wind=3,
        width=20,
        height=16,
    )
    place(state.ships["c"], P, 0)
    place(state.ships["rs"], target_at, 0)
    return state


def test_5_0_a_boarding_round_is_explained_as_a_die_and_markers_against_the_others() -> None:
    """Three boarders and a 3 (6) against one man repelling and a 4 (5): the
    boarders' die plus 3 beats the defenders' die plus 1 in 26 of 36 (5.0)."""
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)
    c.grappled, rs.grappled = ["savage"], ["carleton"]
    c.crew["boarders"], c.crew["guns"] = 3, 1
    rs.crew["boarders"], rs.crew["guns"] = 1, 2
    log: list[LogEntry] = []
    boarding.board(state, c, rs, False, ctx(3, 4, log=log))
    first, second = (explain(e) for e in _rolls(log))
    assert [(m["what"], m["value"]) for m in first["modifiers"]] == [("boarding party", 3)]
    assert first["result"] == 6 and first["success"] is None
    assert first["chance_exact"] == "13/18" and first["tie_exact"] == "1/9"
    assert [(m["what"], m["value"]) for m in second["modifiers"]] == [("men repelling boarders", 1)]
    # the defenders now need more than 6: a die of 6 only
    assert second["result"] == 5 and second["success"] is False
    assert second["chance_exact"] == "1/6"
    assert second["changes"][0] == (
        "The result 5 fell 1 short of the other side's 6: 1 more would have tied, 2 more won."
    )


def test_2_1_a_rally_is_even_half_the_time() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.casualties = 1
    log: list[LogEntry] = []
    crew.rally(c, "guns", ctx(4, log=log))
    (out,) = (explain(e) for e in _rolls(log))
    assert out["success"] is True and out["chance_exact"] == "1/2"
    assert out["outcome"] == "the man rallies"
    assert "the faces that count: 2, 4, 6" in out["words"]


def test_4_3_the_random_modifier_die_and_the_damage_dice_read_off_the_tables() -> None:
    """2 base (6 guns at range 2) + 1 shot weight + 2 initial broadside, the
    random die 3 (no change): five Damage Dice fired low, 6 6 6 5 3 read
    H H H G C off the Damage Table (4.3)."""
    state = _duel(pg.step(P, 1, 2))
    c, rs = state.ships["c"], state.ships["rs"]
    log: list[LogEntry] = []
    gunnery.open_fire(state, T, c, "port", rs, ctx(3, log=log))
    gunnery.resolve_aim(state, T, False, ctx(6, 6, 6, 5, 3, log=log))
    modifier, fired = (explain(e) for e in _rolls(log))
    assert modifier["outcome"] == "no change" and modifier["result"] == 3
    assert [(m["what"], m["value"]) for m in fired["modifiers"]] == [
        ("for 6 guns at range 2", 2),
        ("shot weight", 1),
        ("initial broadside", 2),
    ]
    assert fired["outcome"] == "6: hull hit; 6: hull hit; 6: hull hit; 5: gun hit; 3: crew hit"
    assert fired["distribution_of"] == "one die"


def test_4_2_one_gun_fired_alone_is_named_as_one_gun() -> None:
    """One 6-pdr of the broadside at range 2: the Hit Table's base for 1 gun
    (4.2 any or all of the guns; 4.3)."""
    state = _duel(pg.step(P, 1, 2))
    c, rs = state.ships["c"], state.ships["rs"]
    log: list[LogEntry] = []
    gunnery.open_fire(state, T, c, "port", rs, ctx(3, log=log), only="6-pdr", count=1)
    gunnery.resolve_aim(state, T, False, ctx(6, 6, 6, 6, 6, log=log))
    _modifier, fired = (explain(e) for e in _rolls(log))
    assert fired["modifiers"][0]["what"] == "for 1 gun at range 2"


def test_4_3_a_kept_random_die_is_named_among_the_damage_dice() -> None:
    """The random die's 6 is kept as a Damage Die (4.3): fired high, the
    Damage Table reads it as a rigging hit, and the explanation says so."""
    state = _duel(pg.step(P, 1, 2))
    c, rs = state.ships["c"], state.ships["rs"]
    log: list[LogEntry] = []
    gunnery.open_fire(state, T, c, "port", rs, ctx(6, log=log))
    gunnery.resolve_aim(state, T, True, ctx(1, 1, 1, 1, 1, log=log))
    modifier, fired = (explain(e) for e in _rolls(log))
    assert modifier["outcome"] == "one Damage Die more (this die, kept)"
    assert [(m["what"], m["value"]) for m in fired["modifiers"]][-2:] == [
        ("random modifier die", 1),
        ("the random die's 6, kept as one of them (rigging hit)", -1),
    ]
    assert fired["outcome"].startswith("1: no effect")


def test_4_4_house_rules_damage_table_and_grape_shot_are_what_the_explanation_reads() -> None:
    house = tables_with({"damage": {"low": ["H", "H", "H", "H", "H", "C"]}})
    state = _duel(pg.step(P, 1, 2))
    c, rs = state.ships["c"], state.ships["rs"]
    c.load["port"] = "grape"
    log: list[LogEntry] = []
    gunnery.open_fire(state, house, c, "port", rs, ctx(3, log=log))
    gunnery.resolve_aim(state, house, False, ctx(1, 6, 1, 1, 1, log=log))
    fired = explain(_rolls(log)[-1])
    assert fired["outcome"].startswith("1: no hull hit (grape shot); 6: 2 crew hits (grape shot)")


def test_4_3_casualty_pairs_snake_eyes_in_either_pair_is_71_in_1296() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    log: list[LogEntry] = []
    damage.casualties(rs, ["guns", "guns"], ctx(1, 1, 3, 4, log=log))
    (out,) = (explain(e) for e in _rolls(log))
    assert out["result"] == 1 and out["success"] is True
    assert out["chance_exact"] == "71/1296" and out["outcome"] == "the captain is hit"
    assert [(m["what"], m["value"]) for m in out["modifiers"]] == [("two for each casualty", 4)]


def test_4_3_which_mast_and_which_side_are_read_by_the_face() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    log: list[LogEntry] = []
    assert damage.masts_for(rs, 2, "", ctx(2, 5, log=log)) == [0, 1]
    (out,) = (explain(e) for e in _rolls(log))
    names = rs.mast_names
    assert out["outcome"] == f"2: {names[0]}; 5: {names[1]}"


def test_3_3_a_collision_is_odd_and_fouling_damage_is_the_difference() -> None:
    """Odd (collision), odd again (fouled), then 5 and 2 for the mover (three
    rigging hits) and 4 and 4 for the other (none) (3.3)."""
    state = _duel(pg.step(P, 1, 1))
    c, rs = state.ships["c"], state.ships["rs"]
    log: list[LogEntry] = []
    movement.incident(state, c, rs, T, ctx(1, 3, 5, 2, 1, 2, 3, 4, 4, log=log))
    rolls = [explain(e) for e in _rolls(log)]
    assert [r["outcome"] for r in rolls[:3]] == [
        "collision",
        "the ships foul each other",
        "3 rigging hits",
    ]
    assert rolls[2]["result"] == 3
    rolled = [(r["results"], r["exact"]) for r in rolls[2]["chart"] if r["rolled"]]
    assert rolled == [("3", "1/6")]  # a difference of 3: 6 of the 36 throws
    assert rolls[-1]["outcome"] == "no rigging hit"


def test_every_roll_of_a_whole_game_carries_its_reading() -> None:
    for seed in (0, 1):
        game = replay_game(scenarios.load("champlain-duel-1776"), seed)
        rolls = [e.to_json() for e in game.log if e.kind == "roll"]
        assert rolls
        assert [r["text"] for r in rolls if "math" not in r] == []
        for r in rolls:
            out = explain(r)
            assert out["distribution"] or out["chart"]  # the odds, as a total or a chart
