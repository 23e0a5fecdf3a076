"""Crew tasks (2.3) and loading the guns (4.1)."""

from __future__ import annotations

from quarterdeck.rulesets.away_boarders import boarding, rules, sailing, tasks
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from quarterdeck.rulesets.away_boarders.state import State
from quarterdeck.rulesets.away_boarders.view import view
from tests.rulesets.away_boarders.helpers import T, ctx, duel, make_state, place, ship


def test_2_3_make_or_reef_sail_needs_two_men_per_square_mast() -> None:
    state = make_state(
        [
            ship("l", "lawrence", "american", (2, 2), 1, crew={"yards": 3}),
            ship("m", "maria", "british", (9, 9)),
        ]
    )
    lawrence = state.ships["l"]
    assert tasks.task_options(state, lawrence, "sail", T) == []
    lawrence.crew["yards"] = 4
    ids = [o.id for o in tasks.task_options(state, lawrence, "sail", T)]
    assert ids == ["keep", "set:oars", "set:reef", "set:full"]


def test_2_3_make_or_reef_sail_needs_one_man_per_fore_and_aft_mast() -> None:
    state = duel()
    carleton = state.ships["carleton"]
    carleton.crew["yards"] = 2
    assert len(tasks.task_options(state, carleton, "sail", T)) == 4


def test_2_3_the_sail_setting_may_be_adjusted_to_any_setting_the_player_desires() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.crew["yards"] = 2
    assert c.sail == "battle"
    state.tasks = [["carleton", "sail"]]
    tasks.do_task(state, T, c, "sail", "set:oars", ctx())
    assert c.sail == "oars" and state.tasks == []


def test_4_1_each_man_at_the_guns_loads_one_gun() -> None:
    state = duel()
    c = state.ships["carleton"]
    for g in c.guns:
        g.loaded = False
    c.crew["guns"] = 3
    ids = [o.id for o in tasks.load_options(c)]
    assert "load:port:grape:3" in ids and "load:port:round:1" in ids
    tasks.do_task(state, T, c, "load", "load:port:grape:3", ctx())
    assert sum(1 for g in c.guns if g.loaded) == 3 and c.load["port"] == "grape"
    assert tasks.load_options(c) == []


def test_4_4_double_shot_is_a_second_ball_in_a_round_shotted_gun() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.crew["guns"] = 2
    ids = [o.id for o in tasks.load_options(c)]
    assert "double:port" in ids  # loaded with round shot
    assert not any(i.startswith("load:port") for i in ids)  # nothing to load
    for g in c.guns:
        if g.side == "port":
            g.loaded = False
    ids = [o.id for o in tasks.load_options(c)]
    assert "double:port" not in ids and not any(":double:" in i for i in ids)
    tasks.do_task(state, T, c, "load", "load:port:round:1", ctx())
    tasks.do_task(state, T, c, "load", "double:port", ctx())
    assert c.load["port"] == "double" and c.loaders_used == 2
    c.loaders_used = 0
    assert "double:starboard" in [o.id for o in tasks.load_options(c)]
    c.load["starboard"] = "grape"
    assert "double:starboard" not in [o.id for o in tasks.load_options(c)]


def test_4_1_a_man_may_shift_the_swivel_gun_instead_of_loading() -> None:
    state = make_state(
        [ship("c", "caledonia", "american", (2, 2)), ship("m", "maria", "british", (9, 9))]
    )
    cal = state.ships["c"]
    index = next(i for i, g in enumerate(cal.guns) if g.type == "32-pdr-carronade")
    assert cal.guns[index].side == "starboard"
    tasks.do_task(state, T, cal, "load", f"swivel:{index}", ctx())
    assert cal.guns[index].side == "port" and cal.loaders_used == 1


def _repair_turn(state: State, ship_id: str) -> None:
    """Run the crew task segment's repair task of one ship."""
    state.phase = "tasks"
    state.tasks = [[ship_id, "repair"]]
    tasks.tasks_phase(state, T, ctx())


def test_2_3_six_repair_points_erase_one_box() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.hull = [1, 0, 0, 0]
    c.crew["repair_hull"] = 4
    _repair_turn(state, "carleton")
    assert c.hull == [1, 0, 0, 0] and c.repair["repair_hull"] == 4
    _repair_turn(state, "carleton")
    assert c.hull == [0, 0, 0, 0] and c.repair["repair_hull"] == 2


def test_2_3_the_player_chooses_which_box_the_repair_erases() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.hull = [2, 1, 0, 0]
    c.crew["repair_hull"] = 6
    _repair_turn(state, "carleton")
    (prompt,) = rules.prompts(state, T)
    assert prompt.seat == "british" and prompt.context["step"] == "fix"
    assert prompt.option_ids() == ["hull:0", "hull:1"]  # the X or the slash
    rules.apply(state, T, "british", "hull:1", ctx())
    assert c.hull == [2, 0, 0, 0] and c.repair["repair_hull"] == 0


def test_2_3_the_ai_repairs_the_worst_damage_first() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.hull = [1, 2, 0, 0]
    c.crew["repair_hull"] = 6
    _repair_turn(state, "carleton")
    (prompt,) = rules.prompts(state, T)
    assert AwayBoardersAI("british").decide(view(state, "british"), prompt) == "hull:1"


def test_2_3_a_fallen_mast_is_set_up_again_by_rigging_repairs() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.masts = [[2, 2, 2], [0, 0, 0]]
    assert c.masts_lost == 1
    c.crew["repair_rigging"] = 6
    _repair_turn(state, "carleton")
    assert c.masts == [[0, 2, 2], [0, 0, 0]] and c.masts_lost == 0
    assert sailing.compute_speed(c, state, T) > 0


def test_2_3_rigging_repairs_ask_which_mast_when_two_are_damaged() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.masts = [[2, 2, 2], [1, 0, 0]]
    c.crew["repair_rigging"] = 6
    _repair_turn(state, "carleton")
    (prompt,) = rules.prompts(state, T)
    assert prompt.option_ids() == ["rig:0:0", "rig:1:0"]
    assert "stands again" in prompt.options[0].label
    assert AwayBoardersAI("british").decide(view(state, "british"), prompt) == "rig:0:0"
    rules.apply(state, T, "british", "rig:1:0", ctx())
    assert c.masts == [[2, 2, 2], [0, 0, 0]]


def test_2_3_repairing_the_guns_restores_a_gun() -> None:
    state = duel()
    c = state.ships["carleton"]
    c.guns[0].disabled = True
    c.crew["repair_guns"] = 6
    _repair_turn(state, "carleton")
    assert not c.guns[0].disabled


def test_2_3_grapple_succeeds_on_an_even_roll() -> None:
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)
    c.crew["boarders"] = 1
    assert [o.id for o in tasks.grapple_options(state, c)] == ["grapple:savage", "none"]
    tasks.do_task(state, T, c, "grapple", "grapple:savage", ctx(3))
    assert c.grappled == []
    state.tasks = [["carleton", "grapple"]]
    tasks.do_task(state, T, c, "grapple", "grapple:savage", ctx(6))
    assert c.grappled == ["savage"] and rs.grappled == ["carleton"]


def test_2_3_the_man_who_unfouls_may_not_also_board() -> None:
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)
    c.fouled, rs.fouled = ["savage"], ["carleton"]
    c.crew["boarders"] = 1
    tasks.do_task(state, T, c, "grapple", "unfoul:savage", ctx(2))
    assert c.fouled == [] and rs.fouled == []
    assert boarding.board_options(state, c) == []


def test_2_3_a_grapple_thrown_this_turn_cannot_be_cast_off_until_a_later_turn() -> None:
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)
    c.crew["boarders"] = rs.crew["boarders"] = 1
    tasks.tasks_setup(state, T, ctx())
    tasks.do_task(state, T, c, "grapple", "grapple:savage", ctx(4))
    assert c.grappled == ["savage"]
    # Royal Savage's grapple task comes after: no ungrapple of a grapple just thrown
    assert tasks.grapple_options(state, rs) == []
    tasks.tasks_setup(state, T, ctx())  # the next turn's crew task segment
    assert [o.id for o in tasks.grapple_options(state, rs)] == ["ungrapple:carleton", "none"]
