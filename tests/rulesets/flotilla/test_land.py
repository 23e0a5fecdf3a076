"""Land: landing parties (step 5), land movement and charges, melee dice and
results, artillery against forts and troops, small arms (Land Movement;
Melee Combat on Land; Artillery fire against land based batteries and
troops; Small arms fire)."""

from __future__ import annotations

import pytest

from quarterdeck.core.engine import Game
from quarterdeck.rulesets.flotilla import fire, land, rules
from quarterdeck.rulesets.flotilla.state import LandBattery, Troop

from .helpers import Dice, T, engine, said, ship, state

SHORE = [[(0.0, 30.0), (72.0, 30.0), (72.0, 48.0), (0.0, 48.0)]]


def troop(id: str, side: str, men: int, leaders: int = 1, **kw: object) -> Troop:
    t = Troop(id, id, side, men, leaders, "disciplined", False, 0.0, 0.0)
    for k, v in kw.items():
        setattr(t, k, v)
    return t


def fort(guns: int = 3, garrison: str | None = "gunners") -> LandBattery:
    return LandBattery(
        "fort",
        "Fort",
        "confederate",
        36,
        32,
        180.0,
        guns,
        guns,
        "normal",
        garrison,
        owner="confederate",
    )


@pytest.mark.parametrize(
    ("men", "leaders", "kw", "defending", "dice"),
    [
        (10, 1, {}, "", 3 + 5),  # two men a die, a leader three
        (11, 0, {}, "", 5),  # no rounding up: 5.5 -> 5
        (4, 0, {"mounted": True}, "", 8),  # a mounted man two dice
        (10, 0, {"quality": "rabble"}, "", 2),  # five rabble a die
        (7, 1, {}, "fort", 3 + 7),  # in a fortification a die a man
        (6, 0, {}, "cover", 4),  # light cover: three men two dice
    ],
)
def test_melee_dice(
    men: int, leaders: int, kw: dict[str, object], defending: str, dice: int
) -> None:
    assert land.melee_dice(T, troop("a", "union", men, leaders, **kw), defending) == dice


def test_melee_5_6_kill_and_a_difference_of_5_routs() -> None:
    att = troop("a", "union", 10, 1, x=10, y=40)  # 8 dice
    dfn = troop("d", "confederate", 2, 0, x=10, y=41)  # 1 die
    st = state([], troops=[att, dfn])
    d = Dice([[5, 5, 1, 1, 1, 1, 1, 1], [1], [3, 3, 3, 3], [1, 1]])
    land.fight(st, T, d.ctx, att, dfn, "", None)
    # defender loses both men: melee over
    assert dfn.men == 0 and att.men == 10


def test_difference_3_or_4_recoils_4_inches() -> None:
    att = troop("a", "union", 10, 1, x=10, y=40)
    dfn = troop("d", "confederate", 10, 1, x=10, y=41)
    st = state([], troops=[att, dfn])
    # attacker 8 dice: three 5s; defender 8 dice: none; then no attack again (3)
    d = Dice([[5, 5, 5, 1, 1, 1, 1, 1], [1] * 8, [3]])
    land.fight(st, T, d.ctx, att, dfn, "", None)
    assert dfn.men == 7 and (dfn.x, dfn.y) == pytest.approx((10, 45))
    assert d.left == 0


def test_charge_test_disciplined_fail_on_1_rabble_on_1_to_3() -> None:
    st = state(
        [], troops=[troop("a", "union", 10, x=10, y=40), troop("d", "confederate", 5, x=10, y=46)]
    )
    a = st.troops["a"]
    land.troop_move(st, T, Dice([1]).ctx, a, "charge:d")
    assert not a.charged and (a.x, a.y) == (10, 40)
    land.troop_move(st, T, Dice([2, 3, 4]).ctx, a, "charge:d")
    assert a.charged and a.contact == "d"  # 7 inches: reaches melee range
    r = troop("r", "union", 10, quality="rabble", x=10, y=40)
    land.troop_move(st, T, Dice([3]).ctx, r, "charge:d")
    assert not r.charged
    no_leader = troop("n", "union", 10, leaders=0, x=10, y=40)
    land.troop_move(st, T, Dice([3]).ctx, no_leader, "charge:d")  # 3 - 2 = 1: fails
    assert not no_leader.charged


def test_advance_is_one_die() -> None:
    a = troop("a", "union", 10, x=10, y=31)
    st = state([], troops=[a, troop("d", "confederate", 5, x=10, y=46)])
    land.troop_move(st, T, Dice([4]).ctx, a, "advance:d")
    assert (a.x, a.y) == pytest.approx((10, 35)) and a.contact is None


def test_ships_hit_a_fort_only_on_6_one_gun_each() -> None:
    s = ship("ic", x=36, y=22, heading=90)  # fort abeam to port... to the north
    gunners = troop("gunners", "confederate", 10, fort="fort", x=36, y=32, cover=True)
    st = state([s], batteries=[fort()], troops=[gunners], land=SHORE)
    port = next(b for b in s.batteries if b.name == "port")
    (shot,) = fire.battery_shots(st, T, s, port)
    assert shot.target == "fort" and shot.kind == "battery"
    d = Dice([[6, 6, 5, 5, 4, 4, 1, 1, 1, 1]])
    fire.fire_at(st, T, d.ctx, side="union", name="ic", weight="normal", dice=10, shot=shot)
    assert st.batteries["fort"].guns == 1


def test_hits_beyond_the_guns_fall_on_the_men_and_an_empty_fort_is_destroyed() -> None:
    gunners = troop("gunners", "confederate", 3, leaders=0, fort="fort", x=36, y=32)
    st = state([], batteries=[fort(guns=1)], troops=[gunners], land=SHORE)
    d = Dice([[6, 6, 1], [2, 2]])  # two hits: one gun, then a die of men
    shot = fire.Shot("fort", "battery", 10.0, 1)
    fire.fire_at(st, T, d.ctx, side="union", name="x", weight="normal", dice=3, shot=shot)
    assert st.batteries["fort"].guns == 0 and gunners.men == 1
    d = Dice([[6], [3]])
    fire.fire_at(st, T, d.ctx, side="union", name="x", weight="normal", dice=1, shot=shot)
    assert not gunners.alive and st.batteries["fort"].destroyed
    assert "x fires 1 die" in d.text() and "1 dice" not in d.text()  # issue 15: plurals right


def test_artillery_against_troops_in_cover_hits_on_6_else_5_6() -> None:
    t = troop("t", "confederate", 20, x=36, y=35)
    st = state([], troops=[t], land=SHORE)
    shot = fire.Shot("t", "troop", 10.0, 1)
    fire.fire_at(
        st, T, Dice([[5, 1], [4]]).ctx, side="union", name="x", weight="normal", dice=2, shot=shot
    )
    assert t.men == 16
    t.cover = True
    fire.fire_at(
        st, T, Dice([[5, 1]]).ctx, side="union", name="x", weight="normal", dice=2, shot=shot
    )
    assert t.men == 16


def test_every_six_casualties_a_leader_check() -> None:
    t = troop("t", "confederate", 20, leaders=2)
    st = state([], troops=[t])
    fire.kill_troops(st, T, Dice([1, 4]).ctx, t, 12, "test")
    assert (t.men, t.leaders) == (9, 1)


def test_small_arms_four_hits_take_out_a_gun() -> None:
    a = troop("a", "union", 9, x=36, y=37)
    st = state([], batteries=[fort(guns=2, garrison=None)], troops=[a], land=SHORE)
    (shot,) = fire.small_arms_shots(st, T, a)
    fire.small_arms(st, T, Dice([[6, 6, 6, 6, 6, 1, 1, 1, 1]]).ctx, a, shot)
    assert st.batteries["fort"].guns == 1
    a.fired = False
    fire.small_arms(st, T, Dice([[6, 6, 6, 1, 1, 1, 1, 1, 1]]).ctx, a, shot)
    assert st.batteries["fort"].guns == 0  # one hit kept from before, and three


def test_small_arms_reach_six_inches() -> None:
    a = troop("a", "union", 9, x=36, y=40)
    near = troop("n", "confederate", 5, x=36, y=46)
    far = troop("f", "confederate", 5, x=50, y=40)
    st = state([], troops=[a, near, far], land=SHORE)
    assert [s.target for s in fire.small_arms_shots(st, T, a)] == ["n"]


def test_landing_party_lands_from_a_ship_close_inshore() -> None:
    s = ship("mar", "marmora", x=36, y=29, heading=90, party="p")
    p = troop("p", "union", 12, aboard="mar")
    st = state([s], troops=[p], land=SHORE)
    st.side_a = "union"
    rules.step_landing(st, T, Dice([]).ctx)
    assert st.ask == {"kind": "landing", "seat": "union", "troop": "p"}
    land.apply(st, T, st.ask, "land", Dice([]).ctx)
    assert p.aboard is None and s.party is None and p.y == pytest.approx(30)


def test_melee_against_an_empty_fort_captures_it() -> None:
    a = troop("a", "union", 9, x=36, y=33, contact="fort")
    st = state([], batteries=[fort(garrison=None)], troops=[a], land=SHORE)
    land.melees(st, T, Dice([]).ctx)
    fort_ = st.batteries["fort"]
    assert fort_.captured_by == "union" and fort_.side == "union" and st.auto_win == ["union"]
    assert fort_.garrison == "a" and a.fort == "fort" and a.cover


def test_a_firer_in_the_yellow_hits_troops_only_on_6() -> None:
    t = troop("t", "confederate", 20, x=36, y=35)
    s = ship("ic", ticked=55)
    st = state([s], troops=[t], land=SHORE)
    shot = fire.Shot("t", "troop", 10.0, 1)
    fire.fire_at(
        st,
        T,
        Dice([[5, 5]]).ctx,
        side="union",
        name="x",
        weight="normal",
        dice=2,
        shot=shot,
        firer=s,
    )
    assert t.men == 20


def test_swimmers_drown_on_a_1_and_turn_back_if_short() -> None:
    s = ship("mar", "marmora", x=36, y=25, heading=90, party="p")  # 5 inches out
    s.crew_pos = 5
    p = troop("p", "union", 5, leaders=1, aboard="mar")
    st = state([s], troops=[p], land=SHORE)
    st.side_a = "union"
    rules.step_landing(st, T, Dice([]).ctx)
    assert st.ask is not None
    prompt = rules.prompt(st, T)
    assert prompt is not None and prompt.option_ids() == ["stay", "swim"]
    # leader 6 ashore; men: 1 drowns, 5 and 6 ashore, 2 and 4 turn back
    land.apply(st, T, st.ask, "swim", Dice([6, 1, 5, 6, 2, 4]).ctx)
    assert (p.men, p.leaders, p.aboard) == (2, 1, None)
    assert s.crew_pos == 7 and s.party is None


def test_troops_do_not_walk_into_the_river() -> None:
    a = troop("a", "union", 10, x=10, y=31)
    st = state([], troops=[a, troop("d", "confederate", 5, x=10, y=10)], land=SHORE)
    land.troop_move(st, T, Dice([4]).ctx, a, "advance:d")
    assert (a.x, a.y) == (10, 31)


def test_the_winner_chooses_whether_to_attack_again_after_a_recoil() -> None:
    att = troop("a", "union", 10, 1, x=10, y=40, contact="d")
    dfn = troop("d", "confederate", 10, 1, x=10, y=41)
    st = state([], troops=[att, dfn])
    # attacker 8 dice: three 5s; defender 8: none; the attack-again die a 5
    d = Dice([[5, 5, 5, 1, 1, 1, 1, 1], [1] * 8, 5])
    assert not land.melees(st, T, d.ctx)
    assert st.ask == {"kind": "melee_again", "seat": "union", "troop": "a", "enemy": "d"}
    p = land.prompt(st, T, st.ask, {"step": "melee_again"})
    assert p.option_ids() == ["press", "stop"]
    land.apply(st, T, st.ask, "stop", d.ctx)
    st.ask = None
    assert land.melees(st, T, d.ctx) and "melee" not in st.plan
    assert dfn.y == pytest.approx(45) and att.y == 40  # recoiled 4; not followed


def test_pressing_the_attack_fights_another_round() -> None:
    att = troop("a", "union", 10, 1, x=10, y=40, contact="d")
    dfn = troop("d", "confederate", 10, 1, x=10, y=41)
    st = state([], troops=[att, dfn])
    d = Dice([[5, 5, 5, 1, 1, 1, 1, 1], [1] * 8, 6])
    land.melees(st, T, d.ctx)
    land.apply(st, T, st.ask or {}, "press", d.ctx)
    st.ask = None
    # the second round: attacker 3 + 5 dice, the seven defenders 3 + 3
    d2 = Dice([[1] * 8, [1] * 6])
    st.plan["melee"]["rounds"] = 29  # the last round allowed
    assert land.melees(st, T, d2.ctx)
    assert att.y == pytest.approx(44) and d2.left == 0  # moved up to contact


def test_the_winner_of_a_rout_chooses_to_follow_2d6() -> None:
    att = troop("a", "union", 10, 1, x=10, y=40, contact="d")  # 3 + 5 dice
    dfn = troop("d", "confederate", 6, 0, x=10, y=41)  # 3 dice
    st = state([], troops=[att, dfn])
    d = Dice([[5, 5, 5, 5, 5, 1, 1, 1], [1, 1, 1], [1, 1, 1, 1]])  # five down: a rout
    assert not land.melees(st, T, d.ctx)
    assert st.ask == {"kind": "melee_follow", "seat": "union", "troop": "a", "enemy": "d"}
    assert dfn.y == pytest.approx(45) and dfn.facing == 0.0  # ran 4, backs to the enemy
    land.apply(st, T, st.ask, "follow", d.ctx)
    st.ask = None
    d2 = Dice([[2, 2]])
    assert land.melees(st, T, d2.ctx) and d2.left == 0
    assert att.y == pytest.approx(44)  # followed 4 inches, to within a charge of them


def test_the_move_question_states_the_dice_and_the_charge_test() -> None:
    """Land Movement; Melee Combat on Land: the player sees one die to
    advance, the charge test (1, or 1-3 for rabble, -2 without a leader)
    and the charge dice (two, three mounted)."""
    rabble = troop("r", "union", 10, quality="rabble", leaders=0, x=10, y=40)
    st = state([], troops=[rabble, troop("d", "confederate", 5, x=10, y=46)])
    st.ask = {"kind": "troop", "seat": "union", "troop": "r"}
    p = rules.prompt(st, T)
    assert p is not None
    labels = {o.id: o.label for o in p.options}
    assert "1d6 in" in labels["advance:d"]
    assert "balks on 1-3, -2 with no leader" in labels["charge:d"]
    assert "2d6 in" in labels["charge:d"]


def silenced_fort_under_small_arms() -> Game:
    """The fort's guns are all out of action; its garrison (five men and a
    leader) is still in it. The Union's shore party, nine men five inches
    off, is the first unit of its side to move: fire is offered first."""
    gunners = troop("gunners", "confederate", 5, fort="fort", x=36, y=32, cover=True)
    a = troop("a", "union", 9, x=36, y=37, facing=180.0)
    far = [ship("ic", x=70, y=2), ship("sel", "selma", "confederate", x=2, y=2)]
    st = state(far, batteries=[fort(guns=0)], troops=[gunners, a], land=SHORE)
    st.phase, st.side_a = "move_a", "union"
    return engine(st, [[6, 6, 1, 1, 1, 1, 1, 1, 1]])


def test_small_arms_fire_on_the_garrison_of_a_silenced_fort_in_play() -> None:
    """Small arms fire: groups of infantry fire on each other; a silenced
    fort's garrison is such a group, so the shore party may fire on it: two
    sixes, two of the gunners dead."""
    game = silenced_fort_under_small_arms()
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "fire"
    assert "a" in prompt.option_ids()
    game.apply("union", "a")
    game.apply("union", "fort")
    assert game.state.troops["gunners"].men == 3
    assert not game.state.batteries["fort"].destroyed
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_small_arms_hits_beyond_the_last_gun_fall_on_the_garrison() -> None:
    a = troop("a", "union", 9, x=36, y=37)
    gunners = troop("gunners", "confederate", 1, leaders=0, fort="fort", x=36, y=32)
    st = state([], batteries=[fort(guns=1)], troops=[a, gunners], land=SHORE)
    st.batteries["fort"].crew_hits = 3
    (shot,) = fire.small_arms_shots(st, T, a)
    fire.small_arms(st, T, Dice([[6, 6, 1, 1, 1, 1, 1, 1, 1]]).ctx, a, shot)
    # the fourth hit on the last gun's crew, the next on the one gunner left
    assert st.batteries["fort"].guns == 0 and not gunners.alive
    assert st.batteries["fort"].destroyed


def marines_against_the_fort() -> Game:
    """Six marines (no leader) reached the fort; ten gunners and a leader
    hold it (a die a man in a fort, three for the leader: 13 dice). Step 6
    of the last turn: the melee is fought through the engine."""
    gunners = troop("gunners", "confederate", 10, fort="fort", x=36, y=32, cover=True)
    marines = troop("marines", "union", 6, leaders=0, x=36, y=33, contact="fort")
    far = [ship("ic", x=70, y=2), ship("sel", "selma", "confederate", x=2, y=2)]
    st = state(far, batteries=[fort(guns=2)], troops=[gunners, marines], land=SHORE)
    st.phase, st.turn = "combat", st.turn_limit
    return engine(
        st,
        [
            [1, 1, 1],  # marines, 3 dice: nothing
            [6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1],  # gunners, 13 dice: 5 marines down
            [1, 1, 1, 1],  # the last marine runs 4 inches
            [1, 1],  # the gunners follow 2 inches
        ],
    )


def test_a_garrison_that_follows_the_routed_attackers_does_not_hand_them_the_fort() -> None:
    """Melee Combat on Land: a difference of 5 routs the marines; the
    gunners may follow (2d6). Following, they leave the fort, which stands
    empty and theirs: the one marine left does not take it."""
    game = marines_against_the_fort()
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "melee_follow"
    assert prompt.options[0].label == "follow them, leaving Fort empty"
    game.apply("confederate", "follow")
    fort_now = game.state.batteries["fort"]
    assert fort_now.side == "confederate" and fort_now.garrison is None
    assert game.state.troops["marines"].men == 1
    assert game.state.troops["gunners"].fort is None
    assert "union" not in game.state.auto_win
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_attackers_who_drive_the_garrison_out_occupy_the_fort_at_once() -> None:
    """Melee Combat on Land: eight marines and a leader (7 dice) against
    five gunners in their fort (a die a man, 5 dice): three gunners fall,
    no marine; a difference of 3 drives the gunners back 4 inches. The
    fort changes hands (Prizes and forts changing hands): the marines
    occupy it rather than roll to attack again, so no further die is rolled
    and nobody is asked."""
    gunners = troop("gunners", "confederate", 5, leaders=0, fort="fort", x=36, y=32, cover=True)
    marines = troop("marines", "union", 8, x=36, y=33, contact="fort")
    far = [ship("ic", x=70, y=2), ship("sel", "selma", "confederate", x=2, y=2)]
    st = state(far, batteries=[fort(guns=2)], troops=[gunners, marines], land=SHORE)
    st.phase, st.turn = "combat", st.turn_limit
    game = engine(st, [[6, 6, 6, 1, 1, 1, 1], [1, 1, 1, 1, 1]])
    assert game.dice.remaining == 0  # type: ignore[attr-defined]
    assert "gunners recoils 4 inches" in said(game)
    taken = game.state.batteries["fort"]
    assert taken.side == "union" and taken.garrison == "marines"
    assert game.state.troops["gunners"].fort is None
    assert game.state.troops["gunners"].men == 2
    assert "attack again" not in said(game)


def test_a_garrison_that_stays_keeps_its_fort() -> None:
    game = marines_against_the_fort()
    game.apply("confederate", "stay")
    fort_now = game.state.batteries["fort"]
    assert fort_now.side == "confederate" and fort_now.garrison == "gunners"
    assert game.state.troops["gunners"].fort == "fort"


def test_a_garrison_that_presses_the_attack_fights_in_the_open() -> None:
    """A difference of 3 drives the marines back 4 inches; the gunners roll
    a 5 and attack again: out of their fort they are ten men and a
    leader at two men a die, 8 dice, not the fort's 13; the marines, three
    left, fight where they stand."""
    gunners = troop("gunners", "confederate", 10, fort="fort", x=36, y=32, cover=True)
    marines = troop("marines", "union", 6, leaders=0, x=36, y=33, contact="fort")
    far = [ship("ic", x=70, y=2), ship("sel", "selma", "confederate", x=2, y=2)]
    st = state(far, batteries=[fort(guns=2)], troops=[gunners, marines], land=SHORE)
    st.phase, st.turn = "combat", st.turn_limit
    game = engine(
        st,
        [
            [1, 1, 1],  # marines: nothing
            [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],  # gunners: 3 marines down
            [5],  # the gunners may attack again
        ],
    )
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "melee_again"
    game.dice = type(game.dice)(
        [
            [6, 6, 6, 6, 6, 6, 6, 6],  # gunners attacking: 8 dice, every marine down
            [4],  # six casualties or more: a die, no leader among them
            [1],  # marines, 3 men: one die
        ]
    )
    game.apply("confederate", "press")
    assert "Melee: gunners (8 dice)" in said(game)
    assert not game.state.troops["marines"].alive
    fort_now = game.state.batteries["fort"]
    assert fort_now.side == "confederate" and fort_now.garrison is None
