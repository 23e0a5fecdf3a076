"""Boarding actions (5.0)."""

from __future__ import annotations

from quarterdeck.rulesets.away_boarders import boarding, rules, tasks
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from quarterdeck.rulesets.away_boarders.state import State
from quarterdeck.rulesets.away_boarders.view import view
from tests.rulesets.away_boarders.helpers import T, ctx, duel, make_state, place, ship


def _alongside() -> State:
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)
    c.grappled, rs.grappled = ["savage"], ["carleton"]
    return state


def test_5_0_boarding_needs_the_ships_grappled_or_fouled_and_a_boarding_party() -> None:
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)
    c.crew["boarders"] = 2
    assert boarding.board_options(state, c) == []
    c.grappled, rs.grappled = ["savage"], ["carleton"]
    ids = [o.id for o in boarding.board_options(state, c)]
    assert ids == ["board:savage", "board-co:savage", "none"]


def test_5_0_free_attack_when_nobody_repels_takes_a_man_from_the_guns() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew["boarders"] = 2
    boarding.board(state, c, rs, False, ctx(4, 4))
    assert rs.crew["guns"] == 2 and rs.casualties == 1


def test_5_0_opposed_boarding_crew_plus_die_loser_loses_a_boarder() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew["boarders"], c.crew["guns"] = 3, 1
    rs.crew["boarders"], rs.crew["guns"] = 1, 2
    boarding.board(state, c, rs, False, ctx(2, 4))  # 3+2 = 5 against 1+4 = 5: drawn
    assert rs.crew["boarders"] == 1 and c.crew["boarders"] == 3
    boarding.board(state, c, rs, False, ctx(3, 4))  # 6 against 5
    assert rs.crew["boarders"] == 0 and rs.casualties == 1


def test_5_0_a_captain_leading_the_boarders_counts_and_may_fall() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew["boarders"], c.crew["guns"] = 1, 3
    rs.crew["boarders"], rs.crew["guns"] = 2, 1
    # 1 + captain + 1 = 3 against 2 + 4 = 6: boarders lose; snake eyes for the captain
    boarding.board(state, c, rs, True, ctx(1, 4, 1, 1))
    assert c.co == "down" and c.crew["boarders"] == 1


def _two_against_one() -> State:
    state = make_state(
        [
            ship("a", "carleton", "british", (4, 4)),
            ship("b", "maria", "british", (4, 4)),
            ship("d", "royal-savage", "american", (4, 4)),
        ]
    )
    a, b, d = (state.ships[i] for i in "abd")
    a.grappled, b.grappled, d.grappled = ["d"], ["d"], ["a", "b"]
    a.crew["boarders"] = b.crew["boarders"] = 1
    d.crew["boarders"] = 4
    state.phase = "tasks"
    state.tasks = [["a", "board"], ["b", "board"]]
    tasks.tasks_phase(state, T, ctx())
    return state


def test_5_0_one_ship_against_two_divides_her_boarding_party_as_she_chooses() -> None:
    state = _two_against_one()
    a, b, d = (state.ships[i] for i in "abd")
    rules.apply(state, T, "british", "board:d", ctx())
    (prompt,) = rules.prompts(state, T)
    assert prompt.seat == "american" and prompt.context["step"] == "split"
    assert prompt.option_ids() == ["face:0", "face:1", "face:2", "face:3", "face:4"]
    rules.apply(state, T, "american", "face:3", ctx())
    assert d.repel == {"a": 3}
    rules.apply(state, T, "american", "repel", ctx(2, 2))  # a 1+2 = 3 against d 3+2 = 5
    assert a.crew["boarders"] == 0 and d.crew["boarders"] == 4
    rules.apply(state, T, "british", "board:d", ctx())  # Maria meets the one man kept back
    rules.apply(state, T, "american", "repel", ctx(6, 1))  # b 1+6 = 7 against d 1+1 = 2
    assert d.crew["boarders"] == 3 and b.crew["boarders"] == 1


def test_5_0_a_defender_who_sets_nobody_against_a_boarder_suffers_a_free_attack() -> None:
    state = _two_against_one()
    d = state.ships["d"]
    rules.apply(state, T, "british", "board:d", ctx())
    guns = d.crew["guns"]
    rules.apply(state, T, "american", "face:0", ctx(4, 4))
    assert d.crew["guns"] == guns - 1 and d.casualties == 1


def test_5_0_the_ai_divides_her_boarding_party_evenly() -> None:
    state = _two_against_one()
    rules.apply(state, T, "british", "board:d", ctx())
    (prompt,) = rules.prompts(state, T)
    assert AwayBoardersAI("american").decide(view(state, "american"), prompt) == "face:2"


def test_5_0_three_to_one_boarders_take_the_ship() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew = dict.fromkeys(c.crew, 0) | {"boarders": 6}
    rs.crew = dict.fromkeys(rs.crew, 0) | {"guns": 2}
    state.boardings = [["carleton", "savage"]]
    rules.end_of_turn(state, T, ctx())
    assert rs.status == "struck"
    assert state.result is not None and state.result["how"] == "struck"


def test_5_0_two_to_one_suffices_when_her_captain_is_down() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew = dict.fromkeys(c.crew, 0) | {"boarders": 4}
    rs.crew = dict.fromkeys(rs.crew, 0) | {"guns": 2}
    state.boardings = [["carleton", "savage"]]
    rules.end_of_turn(state, T, ctx())
    assert rs.status == "afloat"
    rs.co = "down"
    state.boardings = [["carleton", "savage"]]
    rules.end_of_turn(state, T, ctx())
    assert rs.status == "struck"


def test_5_0_the_defenders_captain_may_join_and_counts_as_a_man() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew["boarders"], c.crew["guns"] = 2, 2
    rs.crew["boarders"], rs.crew["guns"] = 1, 2
    state.tasks = [["carleton", "board"]]
    tasks.do_task(state, T, c, "board", "board:savage", ctx())
    assert state.tasks == [["savage", "repel:carleton:0"]]
    options = [o.id for o in tasks.task_options(state, rs, "repel:carleton:0", T)]
    assert options == ["repel", "repel-co"]
    # 2 + 3 = 5 against 1 + captain + 4 = 6: the boarders lose a man
    tasks.do_task(state, T, rs, "repel:carleton:0", "repel-co", ctx(3, 4))
    assert c.crew["boarders"] == 1 and rs.crew["boarders"] == 1 and state.tasks == []


def test_5_0_free_attack_the_defender_chooses_between_the_gun_crews() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew["boarders"] = 2
    rs.crew["repair_guns"] = 1
    boarding.board(state, c, rs, False, ctx())
    (prompt,) = rules.prompts(state, T)
    assert prompt.seat == "american" and prompt.option_ids() == ["box:guns", "box:repair_guns"]
    rules.apply(state, T, "american", "box:repair_guns", ctx(4, 4))
    assert rs.crew["repair_guns"] == 0 and rs.casualties == 1


def test_5_0_two_ships_both_boarding_fight_one_round_not_one_each_way() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew["boarders"], c.crew["guns"] = 2, 2
    rs.crew["boarders"], rs.crew["guns"] = 2, 1
    state.phase = "tasks"
    state.tasks = [["carleton", "board"], ["savage", "board"]]
    tasks.tasks_phase(state, T, ctx())
    rules.apply(state, T, "british", "board:savage", ctx())
    rules.apply(state, T, "american", "repel", ctx(6, 1))  # 8 against 3
    assert rs.crew["boarders"] == 1
    # the round between them is fought: Royal Savage is not asked to board back
    assert all(p.context.get("step") != "board" for p in rules.prompts(state, T))
    assert c.crew["boarders"] == 2 and state.turn == 2


def test_5_0_a_ship_that_met_her_enemy_in_a_boarding_round_may_not_board_her_again() -> None:
    state = _alongside()
    rs = state.ships["savage"]
    rs.crew["boarders"], rs.crew["guns"] = 2, 1
    state.boardings = [["carleton", "savage"]]
    assert boarding.board_options(state, rs) == []


def test_5_0_surrender_is_checked_at_the_end_of_any_turn_not_only_after_a_round() -> None:
    state = _alongside()
    c, rs = state.ships["carleton"], state.ships["savage"]
    c.crew = dict.fromkeys(c.crew, 0) | {"boarders": 6}
    rs.crew = dict.fromkeys(rs.crew, 0) | {"guns": 2}
    assert state.boardings == []  # grappled, but nobody boarded this turn
    rules.end_of_turn(state, T, ctx())
    assert rs.status == "struck"


def test_5_0_surrender_ratio_counts_the_parties_of_two_boarding_ships_together() -> None:
    state = _two_against_one()
    a, b, d = (state.ships[i] for i in "abd")
    a.crew = dict.fromkeys(a.crew, 0) | {"boarders": 2}
    b.crew = dict.fromkeys(b.crew, 0) | {"boarders": 2}
    d.crew = dict.fromkeys(d.crew, 0) | {"guns": 1}
    state.tasks = []
    rules.end_of_turn(state, T, ctx())  # 2 + 2 against 1: more than 3:1
    assert d.status == "struck"


def test_5_0_no_surrender_to_ships_not_locked_with_her() -> None:
    state = duel()
    c, rs = state.ships["carleton"], state.ships["savage"]
    place(rs, c.pos)  # same point, neither grappled nor fouled
    c.crew = dict.fromkeys(c.crew, 0) | {"boarders": 6}
    rs.crew = dict.fromkeys(rs.crew, 0) | {"guns": 1}
    rules.end_of_turn(state, T, ctx())
    assert rs.status == "afloat"


def test_5_0_a_ship_that_divided_her_party_boards_the_other_only_with_the_part_kept() -> None:
    state = _two_against_one()
    b, d = (state.ships[i] for i in "bd")
    d.repel = {"a": 2}  # she set 2 of her 4 against a; 2 kept for b
    b.crew["boarders"] = 1
    b.grappled = ["d"]
    boarding.board(state, d, b, False, ctx(1, 4))  # 2 + 1 = 3 against 1 + 4 = 5
    assert d.crew["boarders"] == 3 and b.crew["boarders"] == 1


def test_5_0_a_ship_whose_whole_party_faces_one_enemy_is_not_offered_to_board_the_other() -> None:
    state = _two_against_one()
    b, d = (state.ships[i] for i in "bd")
    b.crew["boarders"] = 1
    d.repel = {"a": 4}  # every man of her 4 set against a
    assert "board:b" not in [o.id for o in boarding.board_options(state, d)]
    assert "board:a" in [o.id for o in boarding.board_options(state, d)]
    d.repel = {"a": 3}  # one kept for b
    assert "board:b" in [o.id for o in boarding.board_options(state, d)]
