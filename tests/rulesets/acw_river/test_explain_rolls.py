"""Every ACW River roll explains itself (issue 15): how the dice are read,
the target, each modifier by name from the tables in force, the chart a
result is read off; a commander's secret die is explained whole to his own
side and left out, with a note, for the other side."""

from __future__ import annotations

from typing import Any

from quarterdeck import rulesets
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.conformance import play_random_game
from quarterdeck.core.engine import LogEntry
from quarterdeck.core.explain import explain
from quarterdeck.rulesets.acw_river.boarding import melee
from quarterdeck.rulesets.acw_river.commanders import roll_commander
from quarterdeck.rulesets.acw_river.damage import gunfire_hit, mine_explodes
from quarterdeck.rulesets.acw_river.firing import fire_at, shots_at
from quarterdeck.rulesets.acw_river.hazards import stuck_test
from quarterdeck.rulesets.acw_river.morale import test_fort as fort_test, test_ship as morale_test
from quarterdeck.rulesets.acw_river.ramming import ram_test, rammer_effect
from quarterdeck.rulesets.acw_river.ruleset import AcwRiver
from quarterdeck.rulesets.acw_river.state import Party

from .helpers import T, context, position, ship
from .test_morale import FORT


def rolls(log: list[LogEntry]) -> list[LogEntry]:
    return [e for e in log if e.kind == "roll"]


def mods(out: dict[str, Any]) -> list[tuple[str, int]]:
    return [(m["what"], m["value"]) for m in out["modifiers"]]


def test_firing_method_the_laid_guns_yellow_die_is_explained_to_his_side_only() -> None:
    """Firing; Gunnery and Ramming: 9-inch smoothbores at 14 in are at long
    range and hit on a 6; the commander lays g13 and adds his yellow die
    (a 1: +3). Thrown 3: the union reads 3 + 3 = 6, a hit at 2 in 3; the
    confederates read a 3 and a secret modifier of the union's."""
    state = position(
        [
            ship("hartford", "hartford", "union", 20, 30, 0.0),
            ship("gaines", "gaines", "confederate", 35, 30.5, 0.0),
        ],
        dice={"cdr-union": (3, 3, 3, 1)},
    )
    state.sighted = {"union": ["gaines"], "confederate": ["hartford"]}
    state.commanders["cdr-union"].laying = "g13"
    shots = [
        s
        for s in shots_at(state, state.ships["hartford"], state.ships["gaines"], T)
        if s.gun in ("g13", "g14")
    ]
    ctx, _, log = context([3, 3])
    fire_at(state, state.ships["hartford"], state.ships["gaines"], shots, ctx, T)
    laid, plain = rolls(log)[:2]

    own = explain(laid.to_json("union"))
    assert own["words"].startswith("Roll 1 die: the die is read; the result needs 6 or more")
    assert own["modifiers"] == [
        {
            "what": "union commander lays the gun (his yellow die)",
            "value": 3,
            "to": "the result",
            "secret": ["union"],
        }
    ]
    assert (own["result"], own["success"], own["chance"]) == (6, True, "66.7%")

    other = explain(laid.to_json("confederate"))
    assert other["modifiers"] == [] and other["result"] == 3
    assert other["success"] is None and other["chance"] == ""
    assert other["unseen"] == {"count": 1, "known_to": ["union"]}
    assert "yellow" not in str(laid.to_json("confederate"))

    both = explain(plain.to_json("confederate"))
    assert (both["result"], both["success"], both["chance"]) == (3, False, "16.7%")


def test_difficult_targets_a_small_target_is_a_named_modifier() -> None:
    """Difficult targets: the Manassas is small: -1 on every die at her; a
    9-inch smoothbore at 5 in (close) needs a 4, so a 4 thrown misses and a
    5 or 6 hits, 1 in 3."""
    state = position(
        [
            ship("hartford", "hartford", "union", 20, 30, 0.0),
            ship("manassas", "manassas", "confederate", 25, 30, 0.0),
        ]
    )
    state.sighted["union"] = ["manassas"]
    shots = [
        s
        for s in shots_at(state, state.ships["hartford"], state.ships["manassas"], T)
        if s.gun == "g13"
    ]
    ctx, _, log = context([4])
    fire_at(state, state.ships["hartford"], state.ships["manassas"], shots, ctx, T)
    out = explain(rolls(log)[0].to_json("confederate"))
    assert mods(out) == [("a small target", -1)]
    assert out["words"].startswith("Roll 1 die: the die is read; the result needs 4 or more")
    assert (out["result"], out["success"], out["chance"]) == (3, False, "33.3%")


def test_morale_the_captains_green_die_is_secret_to_his_own_side() -> None:
    """Morale: 1, lost CPV -1, above SPV +1, green 3 (+2, the fleet
    commander's: she is his only ship), guns +1, moves +1 = 5; 1 or more
    fights on: her own side reads every modifier and a sure pass, the other
    side the roll without the green die."""
    state = position(
        [ship("t", "gaines", "confederate", 30, 40), ship("m", "monitor", "union", 30, 20)]
    )
    state.sighted = {"confederate": ["m"], "union": ["t"]}
    t = state.ships["t"]
    t.crew.lost = 1
    t.morale_due = ["lost CPV"]
    ctx, _, log = context([1])
    morale_test(state, t, ctx, T)
    (entry,) = rolls(log)
    own = explain(entry.to_json("confederate"))
    assert mods(own) == [
        ("lost CPV", -1),
        ("above her minimum SPV", 1),
        ("guns can still fire", 1),
        ("can still move", 1),
        ("confederate commander alive (green)", 2),
    ]
    assert (own["result"], own["success"], own["chance"]) == (5, True, "100.0%")
    assert own["outcome"] == "she fights on"
    # no one modifier taken away would have changed the chance: none is listed
    assert own["changes"] == [
        "The result 5 made the target 1 with 4 to spare: 5 less would have failed."
    ]
    other = explain(entry.to_json("union"))
    assert other["result"] == 3 and other["outcome"] == "" and other["success"] is None
    assert other["unseen"] == {"count": 1, "known_to": ["confederate"]}


def test_fort_commander_a_forts_morale_test_is_its_own_sides_alone() -> None:
    """Fort Commander: a fort's CPV is hidden from the enemy, and so is its
    commander's die: every modifier of its test is secret to its side. One
    CPV of three lost: a third -2, each CPV destroyed -2, green +2; a 4
    makes 2: it holds."""
    state = position([ship("m", "monitor", "union", 30, 20)], forts=[FORT])
    fort = state.forts["fort"]
    fort.cpv = [1, 1, 0, 0, 0, 0]  # one of three lost
    ctx, _, log = context([4])
    fort_test(state, fort, ctx, T, "CPV lost")
    (entry,) = rolls(log)
    own = explain(entry.to_json("confederate"))
    assert mods(own) == [
        ("lost a third of her CPV", -2),
        ("1 CPV destroyed", -2),
        ("Commander of Fort alive (green)", 2),
    ]
    assert (own["result"], own["success"], own["outcome"]) == (2, True, "the fort holds")
    other = explain(entry.to_json("union"))
    assert other["modifiers"] == [] and other["unseen"]["count"] == 1  # not how many
    assert "CPV" not in str(entry.to_json("union")["math"])


def test_ram_test_the_yellow_die_is_secret_and_every_other_modifier_is_named() -> None:
    """Controlled Ramming: Gaines (gunboat) on Tecumseh (frigate class) -4, lost
    no CPV +1, yellow 1 (+3), above SPV +1, no ram -2; a 2 makes 1: she rams."""
    state = position(
        [
            ship("r", "gaines", "confederate", 24, 40, 180.0),
            ship("t", "tecumseh", "union", 24, 30, 90.0),
        ],
        dice={"cpt-r": (3, 3, 3, 1)},
    )
    state.sides["confederate"].commander = ""
    ctx, _, log = context([2])
    ram_test(state, state.ships["r"], state.ships["t"], ctx, T)
    (entry,) = rolls(log)
    own = explain(entry.to_json("confederate"))
    assert mods(own) == [
        ("gunboat ramming frigate (the ram test table)", -4),
        ("lost no CPV", 1),
        ("no ram", -2),
        ("above SPV", 1),
        ("Captain of CSS Gaines aboard (yellow)", 3),
    ]
    assert (own["result"], own["success"], own["outcome"]) == (1, True, "she rams")
    assert own["chance"] == "83.3%"  # -1 overall: a 2 or more
    other = explain(entry.to_json("union"))
    assert other["result"] == -2 and other["success"] is None
    assert "yellow" not in str(entry.to_json("union"))


def test_commanders_four_coloured_dice_each_read_off_its_own_chart() -> None:
    """Determine Fleet commander, and Captains qualities: white 1
    intelligent, green 1-2 +3, red 5-6 -3, yellow 3-4 +2 (the tables in
    force); the whole roll is his own side's."""
    ctx, _, log = context([1, 2, 6, 4])
    roll_commander(ctx, "a", "A", "union", "captain", "x", T)
    (entry,) = rolls(log)
    assert entry.seats == ("union",)
    out = explain(entry.to_json("union"))
    assert [(d["what"], d["value"], d["outcome"]) for d in out["per_die"]] == [
        ("white: his quality", 1, "intelligent"),
        ("green: added to morale while he lives", 2, "+3"),
        ("red: taken off morale once he is dead", 6, "-3"),
        ("yellow: his gunnery", 4, "+2"),
    ]


def test_tables_the_first_die_picks_the_table_and_the_second_its_line() -> None:
    """Table 1 to 6 below the penetration value: table 3, line 6."""
    state = position(
        [
            ship("manassas", "manassas", "confederate", 20, 40),
            ship("marmora", "marmora", "union", 20, 30),
        ]
    )
    state.ships["manassas"].spv = 21
    ctx, _, log = context([3, 6])
    gunfire_hit(state, state.ships["manassas"], "32pdr-sb", "union", ctx, T)
    (entry,) = rolls(log)
    out = explain(entry.to_json())
    table, line = out["per_die"]
    assert table["what"] == "the table" and table["outcome"] == T.damage.tables["3"].title
    assert line["what"] == "the line of table 3"
    assert line["outcome"] == T.damage.tables["3"].lines[5].text


def test_torpedoes_the_printed_chart_1_fails_2_3_damage_4_6_sinks() -> None:
    state = position([ship("s", "selma", "confederate", 20, 40)])
    ctx, _, log = context([2])
    mine_explodes(state, state.ships["s"], "union", ctx, T)
    out = explain(rolls(log)[0].to_json())
    assert out["outcome"] == f"damage: {T.mines.damage[1]} SPV off"
    ctx, _, log = context([5])
    mine_explodes(state, state.ships["s"], "union", ctx, T)
    assert explain(rolls(log)[0].to_json())["outcome"] == "she sinks"


def test_navigational_hazards_stuck_on_the_limit_or_less() -> None:
    """Navigational hazards: the CSS Selma draws 6 ft (deep): a shoal holds
    her on 5 or less, 1 in 3... a 1 sticks her."""
    state = position([ship("s", "selma", "confederate", 20, 40)])
    assert state.ships["s"].draught > T.hazards.shallow_draught
    ctx, _, log = context([1])
    stuck_test(state, state.ships["s"], "shoal", "a shoal", ctx, T)
    out = explain(rolls(log)[0].to_json())
    need = T.hazards.shoal.stuck_deep
    assert out["words"].startswith(f"Roll 1 die: the die is read; the result needs {need} or less")
    assert out["success"] is True and out["outcome"] == "she sticks"
    assert out["chance"] == f"{need / 6:.1%}"


def test_effect_on_ramming_ship_read_off_the_speed_bands_chart() -> None:
    """Effect on Ramming Ship, the fastest band: 1-2 nothing, 3 she loses
    her ram, 4 her stack, 5 the steam pipe, 6 the ships may lock; a 6, then
    a 1 on the jammed chart."""
    state = position(
        [
            ship("r", "tennessee", "confederate", 24, 40, 180.0),
            ship("t", "hartford", "union", 24, 30, 90.0),
        ]
    )
    ctx, _, log = context([6, 1])
    rammer_effect(state, state.ships["r"], state.ships["t"], 2, ctx, T)
    effect, jammed = (explain(e.to_json()) for e in rolls(log))
    assert effect["outcome"] == "the two ships may lock together (the jammed chart)"
    assert effect["distribution_of"] == "the total"
    assert jammed["outcome"] == "they come apart"  # the jammed chart: 1-3 none
    assert jammed["success"] is None


def test_boarding_both_sides_a_die_a_party_the_highest_counts() -> None:
    state = position(
        [
            ship("a", "gaines", "confederate", 24, 40),
            ship("b", "selma", "union", 25, 40),
        ]
    )
    state.parties["p"] = Party("p", "confederate", "a", 2, 25.0, 40.0, "b", "boarding", 1)
    ctx, _, log = context([2, 5, 4, 3])
    melee(state, state.parties["p"], ctx, T)
    ours, theirs = (explain(e.to_json()) for e in rolls(log)[:2])
    assert ours["distribution_of"] == "the highest die" and ours["result"] == 5
    assert ours["modifiers"][0]["what"] == "a die for each of the parties"
    assert ours["modifiers"][0]["value"] == 2
    assert theirs["result"] == 4


def test_every_roll_of_a_played_game_carries_its_math() -> None:
    """A random game of the random river (set-up rolls, forts, weather) and
    an AI game at Hampton Roads: every roll logged has its math, and every
    seat's explanation of it builds."""
    rulesets.register(AcwRiver(playable=True))
    try:
        for sid, turns, kinds in (("random-river", 4, None), ("hampton-roads-1862", 6, "ai")):
            scenario = scenarios.load(sid)
            scenario = scenarios.build({**scenario.data, "turn_limit": turns}, sid)
            k = {side: kinds for side in scenario.side_names} if kinds else None
            game = play_random_game(scenario, 3, kinds=k)
            logged = rolls(game.log)
            assert len(logged) > 20
            assert [e.text for e in logged if e.math is None] == []
            for e in logged:
                for seat in (*scenario.side_names, None):
                    if e.visible_to(seat):
                        assert "words" in explain(e.to_json(seat))
    finally:
        rulesets.unregister("acw-river")


def test_table_4_fire_each_try_says_how_many_are_left_the_fourth_abandons() -> None:
    """Table 4, fire: a 6 puts it out; four failures and she is abandoned."""
    from quarterdeck.rulesets.acw_river.damage import apply_effect, fight_fires

    state = position([ship("selma", "selma", "confederate", 20, 40)])
    s = state.ships["selma"]
    ctx, _, log = context([5, 5, 5, 5])
    apply_effect(state, s, "fire", ctx, T)
    for _ in range(4):
        fight_fires(state, s, ctx, T)
    outs = [explain(e.to_json()) for e in rolls(log)]
    assert [o["outcome"] for o in outs] == [
        "the fire burns on (3 more tries)",
        "the fire burns on (2 more tries)",
        "the fire burns on (1 more try)",
        "the fire is out of hand: she is abandoned",
    ]
    assert {o["chance"] for o in outs} == {"16.7%"}


def test_mortar_boats_a_second_shot_at_the_same_target_is_plus_1_then_the_chart() -> None:
    """Mortar Boats: a first shot hits on a 6, a further one at the same
    target on 5 or 6 (explained as +1 to the die); then a die for the grid
    square and one on the mortar table (13-inch: heavy): a 6 is the
    commander's line."""
    from quarterdeck.rulesets.acw_river.forts import mortar_fire

    from .test_forts import FORT as MORTARED

    state = position([ship("m", "sidney_c_jones", "union", 30.0, 40)], forts=[MORTARED])
    m = state.ships["m"]
    ctx, _, log = context([5])
    mortar_fire(state, m, "fort", 0, ctx, T)
    first = explain(rolls(log)[0].to_json())
    assert first["modifiers"] == [] and first["success"] is False and first["chance"] == "16.7%"
    state.turn += 1
    ctx, _, log = context([5, 2, 6])
    mortar_fire(state, m, "fort", 0, ctx, T)
    hit, square, effect = (explain(e.to_json()) for e in rolls(log))
    assert mods(hit) == [("again at the same target", 1)]
    assert (hit["result"], hit["success"], hit["chance"], hit["outcome"]) == (
        6,
        True,
        "33.3%",
        "a hit",
    )
    assert square["outcome"] == "square 2"
    line = T.mortar.lines[5]
    assert effect["outcome"] == (
        f"{line.heavy} points off the fort, and its commander killed if he is in the square"
    )


def test_ramming_chart_the_dice_by_speed_and_one_more_for_a_controlled_ram() -> None:
    """Ramming Chart, 4 to 7 knots: 2 dice, and 1 more ordered (3 in all)."""
    from quarterdeck.rulesets.acw_river.ramming import resolve_ram

    state = position(
        [
            ship("r", "tennessee", "confederate", 24, 40, 180.0),
            ship("t", "hartford", "union", 24, 30, 90.0),
        ]
    )
    ctx, _, log = context([3, 4, 2, 1])
    resolve_ram(state, state.ships["r"], state.ships["t"], 5, True, ctx, T)
    out = explain(rolls(log)[0].to_json())
    assert [(m["what"], m["value"]) for m in out["modifiers"]] == [
        ("the ramming chart at 5 knots", 2),
        ("a controlled ram", 1),
    ]
    assert out["result"] == 9 and out["goal"] == "10 SPV a pip"


def test_landing_parties_any_die_of_the_party_takes_the_town() -> None:
    """Landing parties: a die for each CPV of the party, a 6 takes it."""
    from quarterdeck.rulesets.acw_river.boarding import land_party, parties_ashore

    from .test_boarding import TOWN

    state = position([ship("b", "metacomet", "union", 5.5, 33)], places=[TOWN])
    ctx, _, _ = context([])
    land_party(state, state.ships["b"], "town", ctx, T)
    (party,) = state.parties.values()
    party.stage, party.x, party.y = "assault", TOWN["x"], TOWN["y"]
    ctx, _, log = context([6])
    parties_ashore(state, ctx, T)
    out = explain(rolls(log)[0].to_json())
    assert out["words"].startswith("Roll 1 die: any die that makes the target succeeds")
    assert out["modifiers"][0]["what"] == "a die for each CPV of the party"
    assert (out["success"], out["chance"]) == (True, "16.7%")


def test_weather_wind_on_3_or_more_then_its_direction_off_the_chart() -> None:
    """Smoke: wind on 3 to 6; the direction die read off the tables' chart
    (1-2 north, 3 east, 4 west, 5-6 south)."""
    from quarterdeck.rulesets.acw_river.setup import roll_weather

    state = position([ship("s", "selma", "confederate", 20, 40)])
    state.setup["roll_wind"] = True
    ctx, _, log = context([4, 2])
    roll_weather(state, ctx, T)
    wind, way = (explain(e.to_json()) for e in rolls(log)[:2])
    assert (wind["success"], wind["chance"], wind["outcome"]) == (True, "66.7%", "a wind blows")
    assert way["outcome"] == "from the north"
    assert [r["words"] for r in way["chart"]] == [
        "from the north",
        "from the east",
        "from the west",
        "from the south",
    ]
