"""Doing damage (4.3): Damage Dice, modifiers, the Damage Table, and the
effects of H, R, G and C results."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Context, Game
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.rulesets.away_boarders import damage, damage_dice, gunnery, rules
from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI
from quarterdeck.rulesets.away_boarders.state import Hit, Ship, State
from quarterdeck.rulesets.away_boarders.view import view
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


def _duel(target_at: pg.Point, target_facing: int = 0, firer_facing: int = 0) -> State:
    state = make_state(
        [ship("c", "carleton", "british", (1, 1)), ship("rs", "royal-savage", "american", (9, 1))],
        wind=3,
        width=20,
        height=16,
    )
    place(state.ships["c"], P, firer_facing)
    place(state.ships["rs"], target_at, target_facing)
    return state


def test_4_3_caliber_modifier_capped_by_guns_firing() -> None:
    # the rule's own example: a pair of 18-pounders gets +2, not their full +4
    assert T.caliber.of(18) > 2
    assert damage_dice.damage_dice(T, "18-pdr", 2, 3, False, False).caliber == 2
    assert damage_dice.damage_dice(T, "18-pdr", 5, 3, False, False).caliber == T.caliber.of(18)


def test_4_3_base_dice_from_the_hit_table_by_guns_and_range() -> None:
    count = damage_dice.damage_dice(T, "6-pdr", 6, 2, False, False)
    assert count.base == T.hit_table.rows[6][1]
    assert T.hit_table.base_dice(14, 1) == T.hit_table.rows[12][0] + T.hit_table.rows[2][0]


def test_4_3_initial_broadside_and_rake_each_add_two() -> None:
    plain = damage_dice.damage_dice(T, "6-pdr", 6, 2, False, False).total
    assert damage_dice.damage_dice(T, "6-pdr", 6, 2, True, False).total == plain + 2
    assert damage_dice.damage_dice(T, "6-pdr", 6, 2, True, True).total == plain + 4


def test_4_3_random_modifier_die() -> None:
    assert [damage_dice.random_modifier(T, f) for f in range(1, 7)] == [-1, -1, 0, 0, 1, 1]


def test_4_3_broadside_rolls_then_all_damage_lands_at_the_end_of_the_phase() -> None:
    state = _duel(pg.step(P, 1, 2))
    c, rs = state.ships["c"], state.ships["rs"]
    # 2 base (6 guns, range 2) + 1 shot weight + 2 initial = 5; random die 3: no change
    gunnery.open_fire(state, T, c, "port", rs, ctx(3))
    assert state.pending is not None and state.pending.dice == 5
    gunnery.resolve_aim(state, T, False, ctx(6, 6, 6, 5, 3))  # fired low: H H H G C
    assert rs.hull == [0, 0, 0, 0]  # nothing lands before the end of the phase
    assert all(not g.loaded and g.fired for g in c.guns if g.side == "port")
    (hit,) = state.hits
    assert (hit.hull, hit.guns, hit.crew, hit.side) == (3, 1, 1, "starboard")
    damage.apply_hits(state, T, ctx(3, 4))
    assert rs.hull == [2, 1, 0, 0]  # a slash, then an X, then the next box
    assert [g.order for g in rs.guns if g.disabled] == [3]  # first starboard gun
    assert rs.crew["guns"] == 2 and rs.casualties == 1 and rs.co == "ok"


def test_4_3_random_die_of_five_or_six_joins_the_damage_dice() -> None:
    state = _duel(pg.step(P, 1, 2))
    c, rs = state.ships["c"], state.ships["rs"]
    gunnery.open_fire(state, T, c, "port", rs, ctx(6))
    assert state.pending is not None and state.pending.dice == 6
    dice = ctx(1, 1, 1, 1, 1)  # five rolled; the 6 already showing is the sixth
    gunnery.resolve_aim(state, T, False, dice)
    assert state.hits[0].hull == 1


def test_4_3_low_stern_rake_adds_a_die_and_rigging_goes_on_the_nearest_mast() -> None:
    # Royal Savage heads east; Carleton lies dead astern of her, port guns bearing
    state = _duel(pg.step(P, 0, 2), target_facing=0, firer_facing=5)
    c, rs = state.ships["c"], state.ships["rs"]
    assert gunnery.rake_of(c.pos, rs) == "astern"
    gunnery.open_fire(state, T, c, "port", rs, ctx(3))
    assert state.pending is not None and state.pending.dice == 7  # 2 + 1 + 2 + 2 rake
    dice = ScriptedDice([1] * 8)
    gunnery.resolve_aim(state, T, False, Context(dice))
    assert dice.remaining == 0  # exactly eight Damage Dice were rolled
    state.hits = [Hit("rs", "c", "rake", "astern", True, 0, 3, 1, 0, 0)]
    damage.apply_hits(state, T, ctx())  # no location roll on a rake
    assert rs.masts[0] == [2, 1, 0] and rs.masts[1] == [0, 0, 0]


def test_4_3_rigging_dice_are_re_rolled_for_the_mast() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    state.hits = [Hit("rs", "c", "port", "", True, 0, 2, 1, 0, 0)]
    damage.apply_hits(state, T, ctx(2, 5))  # 1-3 main, 4-6 fore
    assert rs.masts == [[1, 0, 0], [1, 0, 0]]
    assert damage.masts_for(state.ships["c"], 0, "", ctx()) == []


def test_4_3_three_masted_ship_rolls_one_two_mizzen_three_four_main_five_six_fore() -> None:
    state = make_state(
        [ship("i", "inflexible", "british", (1, 1)), ship("m", "maria", "american", (9, 1))]
    )
    assert damage.masts_for(state.ships["i"], 6, "", ctx(1, 2, 3, 4, 5, 6)) == [0, 0, 1, 1, 2, 2]


def test_4_3_a_mast_falls_when_every_box_is_gone_and_speed_drops() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    rs.speed = 3
    state.hits = [Hit("rs", "c", "rake", "ahead", True, 0, 6, 1, 0, 0)]
    damage.apply_hits(state, T, ctx())
    assert rs.mast_fallen(1) and rs.masts_standing == 1 and rs.speed == 2


def test_4_3_gun_hits_on_a_rake_share_the_sides_odd_one_by_die() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    state.hits = [Hit("rs", "c", "rake", "ahead", False, 0, 0, 1, 3, 0)]
    damage.apply_hits(state, T, ctx(5))  # the odd hit: 4-6 starboard
    lost = [g.side for g in rs.guns if g.disabled]
    assert sorted(lost) == ["port", "starboard", "starboard"]


def test_4_3_gun_hits_move_to_the_other_side_when_one_side_is_silenced() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    for g in rs.guns:
        if g.side == "port":
            g.disabled = True
    state.hits = [Hit("rs", "c", "port", "", False, 0, 0, 1, 1, 0)]
    damage.apply_hits(state, T, ctx())
    assert sum(1 for g in rs.guns if g.side == "starboard" and g.disabled) == 1


def test_4_3_firing_high_casualties_come_from_the_rigging_boxes_first() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    assert rs.crew["yards"] == 2
    state.hits = [Hit("rs", "c", "port", "", True, 0, 0, 1, 0, 3)]
    damage.apply_hits(state, T, ctx(3, 3, 4, 4, 5, 5))
    assert rs.crew["yards"] == 0 and rs.crew["guns"] == 2 and rs.casualties == 3


def test_4_3_snake_eyes_on_a_casualty_strikes_down_the_captain() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    state.hits = [Hit("rs", "c", "port", "", False, 0, 0, 1, 0, 1)]
    damage.apply_hits(state, T, ctx(1, 1))
    assert rs.co == "down"


def test_4_3_she_sinks_when_every_hull_box_is_an_x() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    state.hits = [Hit("rs", "c", "port", "", False, 8, 0, 1, 0, 0)]
    damage.apply_hits(state, T, ctx())
    assert rs.status == "sunk"
    assert state.result is not None and state.result["winner"] == "british"
    assert state.result["how"] == "sunk"


def test_4_3_damage_table_high_and_low() -> None:
    # high: - - C R R R; low: - - C G G H (reconstructed, see the rules notes)
    assert damage_dice.read_damage(T, [1, 2, 3, 4, 5, 6], True, "round") == (0, 3, 1, 0, 1)
    assert damage_dice.read_damage(T, [1, 2, 3, 4, 5, 6], False, "round") == (1, 0, 1, 2, 1)


def test_house_rules_replace_a_reconstructed_chart() -> None:
    from quarterdeck.rulesets.away_boarders.tables import tables_with

    house = tables_with({"damage": {"low": ["H", "H", "H", "H", "H", "H"]}})
    assert damage_dice.read_damage(house, [1, 2, 3], False, "round")[0] == 3
    assert damage_dice.read_damage(T, [1, 2, 3], False, "round")[0] == 0


def _lower_crew(rs: Ship) -> None:
    rs.crew = {
        "yards": 2,
        "repair_rigging": 0,
        "guns": 2,
        "repair_guns": 1,
        "repair_hull": 0,
        "boarders": 1,
    }


def test_4_3_the_owner_chooses_the_box_each_casualty_comes_from() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    _lower_crew(rs)
    state.hits = [Hit("rs", "c", "port", "", False, 0, 0, 1, 0, 2)]  # fired low: 2 casualties
    damage.apply_hits(state, T, ctx())
    (prompt,) = rules.prompts(state, T)
    assert prompt.seat == "american" and prompt.context["step"] == "casualty"
    assert prompt.option_ids() == ["box:guns", "box:repair_guns", "box:boarders"]
    rules.apply(state, T, "american", "box:boarders", ctx())
    (prompt,) = rules.prompts(state, T)
    assert prompt.option_ids() == ["box:guns", "box:repair_guns"]  # the boarder is gone
    rules.apply(state, T, "american", "box:repair_guns", ctx(3, 4, 5, 6))
    assert (rs.crew["boarders"], rs.crew["repair_guns"], rs.crew["guns"]) == (0, 0, 2)
    assert rs.casualties == 2 and rs.crew["yards"] == 2 and state.casualty is None


def _one_low_casualty() -> tuple[State, Prompt]:
    """Royal Savage, crew in the lower boxes, takes one casualty fired low:
    the state and her owner's question where it comes from."""
    state = _duel(pg.step(P, 1, 2))
    _lower_crew(state.ships["rs"])
    state.hits = [Hit("rs", "c", "port", "", False, 0, 0, 1, 0, 1)]
    damage.apply_hits(state, T, ctx())
    (prompt,) = rules.prompts(state, T)
    return state, prompt


def test_4_3_a_casualty_from_a_box_outside_the_group_hit_first_is_refused() -> None:
    _state, prompt = _one_low_casualty()
    with pytest.raises(IllegalAnswer):
        prompt.check("box:yards")  # fired low: the lower four boxes first


def test_4_3_the_ai_gives_up_a_repair_hand_before_a_gunner() -> None:
    state, prompt = _one_low_casualty()
    ai = AwayBoardersAI("american")
    assert "box:guns" in prompt.option_ids() and "box:repair_guns" in prompt.option_ids()
    assert ai.decide(view(state, "american"), prompt) == "box:repair_guns"


def test_4_3_only_when_the_group_is_empty_do_casualties_come_from_the_other() -> None:
    state = _duel(pg.step(P, 1, 2))
    rs = state.ships["rs"]
    _lower_crew(rs)
    rs.crew["repair_rigging"] = 1
    state.hits = [Hit("rs", "c", "port", "", True, 0, 0, 1, 0, 4)]  # fired high: 4 casualties
    damage.apply_hits(state, T, ctx())
    (prompt,) = rules.prompts(state, T)
    assert prompt.option_ids() == ["box:yards", "box:repair_rigging"]
    rules.apply(state, T, "american", "box:yards", ctx())
    rules.apply(state, T, "american", "box:yards", ctx())
    # the third is the last man aloft (no choice); only the fourth comes from below
    (prompt,) = rules.prompts(state, T)
    assert prompt.option_ids() == ["box:guns", "box:repair_guns", "box:boarders"]
    rules.apply(state, T, "american", "box:guns", ctx(3, 4, 3, 4, 3, 4, 3, 4))
    assert (rs.crew["yards"], rs.crew["repair_rigging"], rs.crew["guns"]) == (0, 0, 1)
    assert rs.casualties == 4


def _detroit_and_target(dice: RecordedDice, rng: int) -> Game:
    """Detroit lying still with Maria abeam to port at ``rng`` points, both
    with nobody at the sweeps (neither moves)."""
    detroit = (6, 6)
    target = pg.step(pg.step(detroit, 1, rng - rng // 2), 2, rng // 2)  # on the port beam
    return new_game(
        [
            ship("d", "detroit-1813", "british", _at(detroit), 0, sail="oars", crew={"yards": 0}),
            ship("t", "maria", "american", _at(target), 0, sail="oars", crew={"yards": 0}),
        ],
        dice,
        wind=3,
        width=20,
        height=16,
    )


def _fire(calibers: str) -> Callable[[Prompt], Answer]:
    """Detroit fires ``fire:t:<calibers>`` once and aims low; all else holds."""

    def answer(prompt: Prompt) -> Answer:
        if prompt.context.get("step") == "fire" and prompt.context["ship"] == "d":
            wanted = f"fire:t:{calibers}"
            return wanted if wanted in prompt.option_ids() else "hold"
        if prompt.context.get("step") == "aim":
            return "low"
        return keep_or_first(prompt)

    return answer


def test_4_3_guns_of_one_caliber_make_one_roll_whatever_their_kind() -> None:
    # Detroit's port 24-pdr long gun and 24-pdr carronade at range 2: one roll
    # of two guns, one random modifier die, one initial broadside bonus
    dice = RecordedDice([3, (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)[: _dice_for(2, 2)]])
    game = _detroit_and_target(dice, 2)
    play_until(game, lambda g: g.state.phase == "move" and g.state.action == 1, _fire("24-pdr"))
    assert [r.label for r in dice.requests] == [
        "HMS Detroit, 2 x 24-pdr long gun and 24-pdr carronade: random modifier die",
        "HMS Detroit Damage Dice, firing low",
    ]
    assert dice.requests[1].count == _dice_for(2, 2)
    fired = [g for g in game.state.ships["d"].guns if g.side == "port" and g.fired]
    assert sorted(g.type for g in fired) == ["24-pdr", "24-pdr-carronade"]


def test_4_2_out_of_a_carronades_range_only_the_long_guns_of_the_caliber_fire() -> None:
    # at range 5 the 24-pdr carronade (4 points) does not reach: the long gun
    # fires alone and the carronade stays loaded for a closer target
    dice = RecordedDice([3, (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)[: _dice_for(1, 5)]])
    game = _detroit_and_target(dice, 5)
    play_until(game, lambda g: g.state.phase == "move" and g.state.action == 1, _fire("24-pdr"))
    assert dice.requests[0].label == "HMS Detroit, 1 x 24-pdr long gun: random modifier die"
    port = {g.type: g for g in game.state.ships["d"].guns if g.side == "port"}
    assert port["24-pdr"].fired and port["24-pdr-carronade"].loaded


def _dice_for(guns: int, rng: int) -> int:
    """Damage Dice of ``guns`` 24-pounders' first broadside at ``rng`` (4.3)."""
    return T.hit_table.rows[guns][rng - 1] + min(T.caliber.of(24), guns) + 2


def _at(p: pg.Point) -> tuple[int, int]:
    return (pg.column(p), p[1])


def test_1_3_inflexibles_broadside_at_two_points_needs_six_dice_at_most() -> None:
    # six dice near each player, very rarely more (1.3): Inflexible's nine
    # 12-pounders, already fired once, at 2 points: 2 base + 3 shot weight,
    # and a random die of 6 that joins them makes six, five of them rolled
    inflexible, target = (6, 6), (7, 4)
    dice = RecordedDice([6, (1, 1, 1, 1, 1)])
    game = new_game(
        [
            ship("i", "inflexible", "british", _at(inflexible), 0, sail="oars", crew={"yards": 0}),
            ship("t", "maria", "american", _at(target), 0, sail="oars", crew={"yards": 0}),
        ],
        dice,
        wind=3,
        width=20,
        height=16,
    )
    for g in game.state.ships["i"].guns:
        g.fired = True  # her initial broadside is spent
    play_until(
        game,
        lambda g: g.state.phase == "move" and g.state.action == 1,
        lambda p: (
            "fire:t"
            if p.context.get("step") == "fire" and p.context["ship"] == "i"
            else "low"
            if p.context.get("step") == "aim"
            else keep_or_first(p)
        ),
    )
    (modifier, damage_roll) = dice.requests
    assert modifier.label == "HMS Inflexible, 9 x 12-pdr long gun: random modifier die"
    assert damage_roll.count == 5 and dice.remaining == 0
    line = next(e.text for e in game.log if e.text.endswith("Damage Dice"))
    assert "2 base (9 guns at range 2), +3 shot weight" in line and line.endswith("= 6 Damage Dice")
