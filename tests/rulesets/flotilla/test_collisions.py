"""Collisions, ramming and running aground are the game master's: a seat
named gm is asked, else the scenario's standing rulings apply; guns go over
the side to get off, a 6 per die, three guns a die for an ironclad
(Collisions, Ramming, and Running Aground)."""

from __future__ import annotations

from quarterdeck.core.engine import Game
from quarterdeck.rulesets.flotilla import rules

from .helpers import Dice, T, engine, ship, state

SHORE = [[(0.0, 30.0), (72.0, 30.0), (72.0, 48.0), (0.0, 48.0)]]


def test_ram_offered_with_the_bow_on_an_enemy_keel() -> None:
    a = ship("ark", "arkansas", "confederate", x=40.5, y=19.5, heading=0)
    b = ship("ic", x=40, y=20, heading=270)  # keel from (40,20) to (48,20)
    st = state([a, b])
    assert "ram:ic" in [o.id for o in rules.close_options(st, T, a)]


def test_ram_asks_the_game_master_seat() -> None:
    a = ship("ark", "arkansas", "confederate", x=36, y=19.5, heading=0)
    b = ship("ic", x=40, y=20, heading=270)
    st = state([a, b], gm="gm")
    rules.resolve_close(st, T, Dice([]).ctx, a, "ram:ic")
    assert st.queue == [{"kind": "gm_ram", "seat": "gm", "ship": "ark", "target": "ic"}]
    st.ask = st.queue.pop()
    p = rules.prompt(st, T)
    assert p is not None and p.seat == "gm" and "4-2" in p.option_ids()


def test_without_a_gm_seat_the_scenario_ruling_applies() -> None:
    a = ship("ark", "arkansas", "confederate", x=36, y=19.5, heading=0)
    b = ship("ic", x=40, y=20, heading=270)  # her first four boxes call for no roll
    st = state([a, b])
    d = Dice([])
    rules.resolve_close(st, T, d.ctx, a, "ram:ic")
    assert (b.ticked, a.ticked) == (4, 1)


def test_within_4_inches_of_land_the_gm_is_asked_about_grounding() -> None:
    s = ship("ic", x=36, y=27, heading=90, moving=True)
    st = state([s], land=SHORE, gm="gm")
    rules.grounding(st, T, Dice([]).ctx, s)
    assert st.queue == [{"kind": "gm_aground", "seat": "gm", "ship": "ic"}]
    s2 = ship("ic", x=36, y=20, heading=90, moving=True)
    st2 = state([s2], land=SHORE, gm="gm")
    rules.grounding(st2, T, Dice([]).ctx, s2)
    assert st2.queue == []


def test_scenario_ruling_runs_her_aground_close_in() -> None:
    s = ship("ic", x=36, y=29.5, heading=90, moving=True)
    st = state([s], land=SHORE)
    rules.grounding(st, T, Dice([]).ctx, s)
    assert s.aground and s.speed == 0
    s = ship("ic", x=36, y=27, heading=90, moving=True)
    st = state([s], land=SHORE)
    rules.grounding(st, T, Dice([]).ctx, s)
    assert not s.aground


def test_pitching_guns_a_6_per_die_frees_her() -> None:
    s = ship("ic", aground=True)
    st = state([s])
    rules.pitch_guns(st, T, Dice([5, 5]).ctx, s, 2)
    assert s.aground and sum(b.hits for b in s.batteries) == 2
    rules.pitch_guns(st, T, Dice([6]).ctx, s, 1)
    assert not s.aground


def test_an_ironclad_pitches_three_guns_a_die() -> None:
    s = ship("ark", "arkansas", "confederate", aground=True)
    st = state([s])
    # six guns of her ten, a box each: the broadsides lose one each, then
    # all four batteries one more, each reaching its (c) box; then two dice
    d = Dice([[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], 2, 2])
    rules.pitch_guns(st, T, d.ctx, s, 2)
    assert sum(b.hits for b in s.batteries) == 6 and s.guns == 4
    assert d.left == 0


def test_collision_between_touching_keels() -> None:
    a = ship("ic", x=36, y=20, heading=90, moving=True)
    b = ship("sel", "selma", "confederate", x=36, y=20.1, heading=90)
    st = state([a, b], gm="gm")
    rules.collisions(st, T, Dice([]).ctx, a)
    assert st.queue == [{"kind": "gm_collision", "seat": "gm", "ship": "ic", "target": "sel"}]


def test_a_ship_that_rams_an_enemy_under_has_sunk_an_enemy_ship() -> None:
    """Captain's Morale Modifiers: +1 if your ship has sunk an enemy ship,
    also by ramming (the game master's hits sink her)."""
    a = ship("ark", "arkansas", "confederate", x=36, y=19.5, heading=0)
    b = ship("sel", "selma", x=40, y=20, heading=270)
    b.ticked = len(b.boxes) - 1
    st = state([a, b])
    rules.resolve_close(st, T, Dice([[1, 1, 1]]).ctx, a, "ram:sel")
    assert b.status == "hulk" and a.sank_enemy


def test_an_aground_ship_may_pitch_as_many_guns_as_she_has() -> None:
    """Collisions, Ramming, and Running Aground: she chooses in advance how
    many guns go over the side; the text sets no limit but her guns."""
    s = ship("ic", aground=True)
    st = state([s])
    st.ask = {"kind": "pitch", "seat": "union", "ship": "ic"}
    p = rules.prompt(st, T)
    assert p is not None and p.option_ids()[-1] == str(s.guns) and len(p.option_ids()) == 25
    a = ship("ark", "arkansas", "confederate", aground=True)
    st = state([a])
    st.ask = {"kind": "pitch", "seat": "confederate", "ship": "ark"}
    p = rules.prompt(st, T)
    assert p is not None and p.option_ids()[-1] == str(a.guns // 3)


def aground_at_the_start_of_her_move(roster: str) -> Game:
    """Her side moves first; she is aground, the enemy far off: the first
    question of her move is how many guns to pitch (Running Aground)."""
    s = ship("s", roster, "confederate", x=5, y=5, heading=90, aground=True)
    far = ship("ic", x=70, y=45)
    st = state([s, far])
    st.phase, st.side_a = "move_a", "confederate"
    return engine(st, [[1, 1, 1], [1, 1, 1], [6, 1]])


def test_each_gun_pitched_takes_its_fire_dice_with_it_in_play() -> None:
    """Selma's battery tracks have a box a gun (two fire dice each; the bow
    battery's two guns 4 dice). Pitching two guns takes two boxes: the
    bow battery down to its last gun and the port battery's one gun,
    four fire dice of her eight, both to their (c) boxes; two dice, a 6."""
    game = aground_at_the_start_of_her_move("selma")
    prompt = game.prompt()
    assert prompt is not None and prompt.context["step"] == "pitch"
    assert prompt.option_ids() == ["0", "1", "2", "3", "4"]  # four guns, a die each
    game.apply("confederate", "2")
    s = game.state.ships["s"]
    assert s.guns == 2 and s.fire_dice == 4
    assert [b.dice for b in s.batteries] == [0, 2, 2]
    assert not s.aground
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_a_two_gun_monitor_cannot_pitch_the_three_guns_a_die_costs() -> None:
    """An ironclad pitches three guns for each die; Tecumseh has two (one
    turret, two 15-inch Dahlgrens): she is not asked, and keeps her guns."""
    game = aground_at_the_start_of_her_move("tecumseh")
    prompt = game.prompt()
    assert prompt is None or prompt.context["step"] != "pitch"
    s = game.state.ships["s"]
    assert s.guns == 2 and s.fire_dice == 4 and s.aground


def test_a_keel_clear_of_the_lands_boxes_is_clear_of_land() -> None:
    """collisions.clear_of_land, which spares measuring the gap to land far
    from it (issue 14), never says clear where land_gap is within reach."""
    import random

    from quarterdeck.rulesets.flotilla.collisions import clear_of_land, land_gap

    rng = random.Random(4)
    land = [
        [(30.0, 18.0), (34.0, 18.0), (34.0, 30.0), (30.0, 30.0)],
        [(50, 40), (60, 44), (52, 47)],
    ]
    clear = 0
    for _ in range(400):
        s = ship("ic", x=rng.uniform(0, 72), y=rng.uniform(0, 48), heading=rng.uniform(0, 360))
        st = state([s], land=land)
        for reach in (0.5, T.aground.danger, 8.0):
            if clear_of_land(st, s, reach):
                clear += 1
                assert land_gap(st, s) > reach
    assert clear > 100
    assert clear_of_land(state([ship("ic")]), ship("ic"), 4.0)  # no land at all


def test_keels_beyond_reach_by_their_bows_are_beyond_it_measured() -> None:
    """``keels_beyond`` spares the measuring of two keels only where they lie
    beyond the reach measured too: at random headings, the bows placed about
    both lengths and the reach apart (the bound's edge), and nearer, each
    pair it calls beyond is, keel to keel (so close_options and collisions
    offer and find what measuring every pair would)."""
    import math
    import random

    from quarterdeck.rulesets.flotilla import fire
    from quarterdeck.rulesets.flotilla.collisions import keels_beyond

    rng = random.Random(5)
    beyond = 0
    for _ in range(3000):
        a = ship("a", x=rng.uniform(20, 50), y=rng.uniform(20, 30), heading=rng.uniform(0, 360))
        b = ship("b", "selma", "confederate", heading=rng.choice([0.0, rng.uniform(0, 360)]))
        reach = rng.choice([T.contact.ram, T.contact.grapple, T.contact.collision, T.spar.range])
        apart = a.length + b.length + reach + rng.choice([0.0, 1e-7, 2e-6, rng.uniform(-8, 1)])
        angle = rng.uniform(0, 2 * math.pi)
        b.x, b.y = a.x + apart * math.sin(angle), a.y + apart * math.cos(angle)
        if keels_beyond(a, b, reach):
            beyond += 1
            assert fire.hull(a).range_to(fire.hull(b)) > reach
    assert 0 < beyond < 3000
