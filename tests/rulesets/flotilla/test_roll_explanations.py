"""Every roll of Flotilla explains itself (issue 15): scripted dice in, the
logged roll's explanation out, with its modifiers, result, exact chance and
what the chart says, from the tables in force."""

from __future__ import annotations

from typing import Any

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.explain import explain
from quarterdeck.rulesets.flotilla import damage, fire, land, rules
from quarterdeck.rulesets.flotilla.state import Troop
from quarterdeck.rulesets.flotilla.tables import tables_with
from quarterdeck.sim.games import replay_game

from .helpers import Dice, T, ship, state
from .test_land import SHORE, troop


def _explained(d: Dice) -> list[dict[str, Any]]:
    return [explain(e.to_json()) for e in d.log if e.kind == "roll"]


def _mods(out: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(m["what"], m["value"], m["to"]) for m in out["modifiers"]]


def test_captains_morale_names_what_made_the_number_needed() -> None:
    """Morale 12, anchored -1: 11; one over still passes with a point of
    morale lost, so three dice pass on 12 or less (160 in 216); 4 4 4 is one
    over: shaken, a point of morale lost (Captain's Morale)."""
    s = ship("ic", anchored=True)
    d = Dice([[4, 4, 4]])
    assert damage.morale_check(state([s]), T, d.ctx, s, "test") == "shaken"
    (out,) = _explained(d)
    assert _mods(out) == [
        ("the captain's morale", 12, "the number needed"),
        ("anchored", -1, "the number needed"),
        ("1 over still passes (with morale lost)", 1, "the number needed"),
    ]
    assert out["result"] == 12 and out["success"] is True
    assert out["chance_exact"] == "20/27" and out["outcome"] == "shaken, morale -1"
    assert (
        "Without anchored (-1 to the number needed): 13 needed, chance 83.8% instead of "
        "74.1%; these dice would have succeeded." in out["changes"]
    )
    assert (
        "Without 1 over still passes (with morale lost) (+1 to the number needed): 11 "
        "needed, chance 62.5% instead of 74.1%; these dice would have failed." in out["changes"]
    )


def test_boarding_is_strength_times_a_die_against_the_others() -> None:
    """Iron City 86 x 2 = 172 against Selma 36 x 6 = 216 (Boarding): before
    Selma rolls, 86 a die beats 36 a die in 30 of 36; Selma then needs a 5."""
    a = ship("ic", x=10, y=10, heading=0, speed=6)
    b = ship("b", "selma", "confederate", x=10.8, y=10, heading=0, speed=6)
    d = Dice([2, 6, [3, 4]])
    rules.boarding(state([a, b]), T, d.ctx, a, b)
    iron_city, selma, _casualties = _explained(d)
    assert iron_city["result"] == 172 and iron_city["chance_exact"] == "5/6"
    assert iron_city["tie_exact"] == "0/1"  # 86 a = 36 b has no answer on two dice
    assert selma["result"] == 216 and selma["success"] is True
    assert selma["chance_exact"] == "1/3"
    # the strength each die is multiplied by is said, and what Selma's die
    # had to be: 36 x 5 = 180 beats 172, 36 x 4 = 144 does not
    assert iron_city["words"].startswith(
        "Roll 1 die: the die is multiplied by 86 and set against the other side's roll"
    )
    assert selma["changes"] == [
        "Against the other side's 172, a die of 5, 6 won, 1-4 lost (each pip counts 36)."
    ]


def test_initiative_a_die_and_its_modifiers_against_the_other_sides() -> None:
    """Union won last turn (+1): 4 + 1 = 5 against the Confederates' 4."""
    st = state([ship("ic", x=10, y=10), ship("sel", "selma", "confederate", x=30, y=30)])
    st.last_winner = "union"
    d = Dice([4, 4])
    rules.step_initiative(st, T, d.ctx)
    union, confederate = _explained(d)
    assert _mods(union) == [("won last turn", 1, "the result")]
    assert union["chance_exact"] == "7/12" and union["tie_exact"] == "5/36"
    assert confederate["success"] is False and confederate["chance_exact"] == "1/6"


def test_specific_hit_reads_the_line_of_the_chart_with_the_aimed_fire_modifier() -> None:
    s = ship("ic")
    d = Dice([5, 6, 6])
    assert damage.specific_hit(state([s]), T, d.ctx, s, 1) == 18
    (out,) = _explained(d)
    assert _mods(out) == [("aimed fire", 1, "the result")]
    assert out["result"] == 18
    assert out["outcome"] == f"line 18: {T.specific.lines[18].text}"


def test_specific_hit_below_the_chart_reads_its_lowest_line() -> None:
    s = ship("ic")
    d = Dice([1, 1, 2])
    damage.specific_hit(state([s]), T, d.ctx, s, -4, label="Spar torpedo specific hit")
    (out,) = _explained(d)
    assert _mods(out)[0][:2] == ("spar torpedo", -4)
    assert out["result"] == 0 and out["outcome"] == f"line 2: {T.specific.lines[2].text}"


def test_extra_power_is_read_off_its_chart_by_the_face() -> None:
    s = ship("ic")
    d = Dice([2])
    rules.extra_power(state([s]), T, d.ctx, s)
    (out,) = _explained(d)
    assert out["outcome"] == f"steam lines leak: stopped {T.extra_power.leak_stop} turns"


def test_a_house_rule_extra_power_chart_is_what_the_explanation_reads() -> None:
    house = tables_with({"extra_power": {"leak_stop": 5}})
    s = ship("ic")
    d = Dice([2])
    rules.extra_power(state([s]), house, d.ctx, s)
    (out,) = _explained(d)
    assert out["outcome"] == "steam lines leak: stopped 5 turns"


def test_fire_at_a_stationary_ship_names_the_bonus_to_the_number_needed() -> None:
    """Four dice at a stationary ship: 4+ less one, so 3+; 1 2 3 6 is two hits."""
    a = ship("ic", x=10, y=10)
    b = ship("sel", "selma", "confederate", x=10, y=20, moving=False)
    d = Dice([[1, 2, 3, 6]])
    shot = fire.Shot(target="sel", kind="ship", inches=10.0, divisor=1)
    fire.fire_at(
        state([a, b]),
        T,
        d.ctx,
        side="union",
        name="Iron City",
        weight="normal",
        dice=4,
        shot=shot,
        firer=a,
    )
    out = _explained(d)[0]
    assert _mods(out) == [
        ("fire dice", 4, "the number of dice"),
        ("a die hits on", T.fire.hit_on, "the number needed"),
        ("stationary target", -T.fire.stationary_bonus, "the number needed"),
    ]
    assert out["result"] == 2


def test_fire_at_long_range_explains_the_hits_after_dividing_by_three() -> None:
    """Two dice at a stationary ship at long range (Firing: a third of the
    hits, rounded up): 3+ to hit, 5 and 3 are two dice that hit, one hit.
    Any die that hits makes a hit, 8 times in 9; without the stationary
    bonus (4+) 3 times in 4, and these dice would still have made one."""
    a = ship("ic", x=10, y=10)
    b = ship("sel", "selma", "confederate", x=10, y=38, moving=False)
    d = Dice([[5, 3]])
    shot = fire.Shot(target="sel", kind="ship", inches=28.0, divisor=3)
    fire.fire_at(
        state([a, b]),
        T,
        d.ctx,
        side="union",
        name="Iron City",
        weight="normal",
        dice=2,
        shot=shot,
        firer=a,
    )
    out = _explained(d)[0]
    assert out["result"] == 1 and out["made_dice"] == 2 and out["divisor"] == 3
    assert [(r["value"], r["exact"]) for r in out["distribution"]] == [(0, "1/9"), (1, "8/9")]
    assert out["changes"] == [
        "2 successes, 1 hit against 0.89 hits on average.",
        "Without stationary target (-1 to the number needed): 0.75 hits on average instead of "
        "0.89; these dice would have made 1 success, 1 hit.",
    ]
    from quarterdeck.web.render.explain import explanation

    assert "2 dice made the target: 1 hit once divided by 3, rounded up." in explanation(out)


def test_fire_in_reduced_visibility_names_the_call_as_a_player_says_it() -> None:
    """The game master calls reduced visibility: 5 or 6 to hit (Firing)."""
    a = ship("ic", x=10, y=10)
    b = ship("sel", "selma", "confederate", x=10, y=20)
    st = state([a, b])
    rules.set_events(st, ["reduced"])
    d = Dice([[5, 4]])
    shot = fire.Shot(target="sel", kind="ship", inches=10.0, divisor=1)
    fire.fire_at(
        st, T, d.ctx, side="union", name="Iron City", weight="normal", dice=2, shot=shot, firer=a
    )
    out = _explained(d)[0]
    assert _mods(out)[1] == ("a die hits on (reduced visibility)", 5, "the number needed")
    assert out["result"] == 1


def test_every_roll_of_whole_games_carries_its_reading() -> None:
    for sid in ("iron-city-duel", "yazoo-landing"):
        game = replay_game(scenarios.load(sid), 0)
        rolls = [e.to_json() for e in game.log if e.kind == "roll"]
        assert rolls
        assert [r["text"] for r in rolls if "math" not in r] == []
        for r in rolls:
            out = explain(r)
            assert out["distribution"] or out["chart"]  # the odds, as a total or a chart


def test_fire_at_troops_in_the_open_from_a_ship_fighting_a_fire_needs_a_six() -> None:
    """Troops in the open are hit on 5, but a firer fighting a fire hits on 6
    only; three dice 5 5 6: one hit, and then the casualty dice (Firing)."""
    a = ship("ic", x=10, y=10, fire_below=2)
    men = Troop("m", "marines", "confederate", 10, 1, "disciplined", False, 10.0, 20.0)
    d = Dice([[5, 5, 6], [3]])
    shot = fire.Shot(target="m", kind="troop", inches=10.0, divisor=1)
    fire.fire_at(
        state([a], troops=[men]),
        T,
        d.ctx,
        side="union",
        name="Iron City",
        weight="normal",
        dice=3,
        shot=shot,
        firer=a,
    )
    volley, casualties = _explained(d)[:2]
    assert _mods(volley)[1:] == [
        ("troops in the open are hit on", T.land_fire.troops_open_hit_on, "the number needed"),
        (
            "fighting a fire, in the yellow or nobody below: 6 only",
            T.fire.six_only - T.land_fire.troops_open_hit_on,
            "the number needed",
        ),
    ]
    assert volley["result"] == 1
    assert _mods(casualties) == [("1 for each of 1 hits", 1, "the number of dice")]
    assert casualties["result"] == 3


def test_swimmers_each_die_is_read_drowned_back_or_ashore() -> None:
    """Five inches out: a 1 drowns, 2-4 turn back, 5 or 6 reach the shore
    (Non-Sailing Vessels and Swimming)."""
    s = ship("mar", "marmora", x=36, y=25, heading=90, party="p")
    s.crew_pos = 5
    p = troop("p", "union", 5, leaders=1, aboard="mar")
    st = state([s], troops=[p], land=SHORE)
    st.side_a = "union"
    rules.step_landing(st, T, Dice([]).ctx)
    assert st.ask is not None
    d = Dice([6, 1, 5, 6, 2, 4])
    land.apply(st, T, st.ask, "swim", d.ctx)
    (out,) = _explained(d)
    assert [(r["results"], r["words"], r["exact"]) for r in out["chart"]] == [
        ("1", "drowns", "1/6"),
        ("2-4", "turns back", "1/2"),
        ("5-6", "reaches the shore", "1/3"),
    ]
    assert out["outcome"].startswith("6: reaches the shore; 1: drowns; 5: reaches the shore")
