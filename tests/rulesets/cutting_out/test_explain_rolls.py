"""Every Cutting Out Party roll explains itself (issue 15): how the dice are
read, the target, each modifier by name from the tables in force, the chart
a result is read off. The spotting distance is the raiders' secret: they
read the whole spotting roll, the defenders who throw it read it without."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.conformance import play_random_game
from quarterdeck.core.explain import explain
from quarterdeck.rulesets.cutting_out import (
    challenge,
    firing,
    harbour,
    melee,
    morale,
    small_arms,
    spotting,
)
from quarterdeck.rulesets.cutting_out.rigging import step_rigging

from .helpers import T, context, fresh, put_ashore, put_on_deck
from .test_challenge import alongside
from .test_firing import skirmish
from .test_melee import duel
from .test_morale import half
from .test_spotting import place_launch


def rolls(log: list[Any]) -> list[Any]:
    return [e for e in log if e.kind == "roll"]


def mods(out: dict[str, Any]) -> list[tuple[str, int]]:
    return [(m["what"], m["value"]) for m in out["modifiers"]]


def test_spotting_the_distance_is_a_secret_modifier_of_the_raiders() -> None:
    """Defender Attempts to Spot, the sample game's turn 4: the launch 9 in
    off is seen on 5-6; a 4 is not enough. The raiders read the die against
    the chart's best band (6) with +1 for a boat 6.1 to 12 in off; the
    French, who throw it, read a 4 and a secret modifier of the British."""
    s = fresh(random_events=False)
    s.turn = 4
    place_launch(s, 41.0)
    ctx, log, _ = context([4])
    spotting.step_spot(s, T, ctx)
    (entry,) = rolls(log)

    own = explain(entry.to_json("british"))
    assert own["modifiers"] == [
        {
            "what": "the nearest raider 9.0 in off: seen on 5-6",
            "value": 1,
            "to": "the result",
            "secret": ["british"],
        }
    ]
    assert (own["result"], own["success"], own["chance"]) == (5, False, "33.3%")
    assert own["outcome"] == "nothing is seen"

    french = entry.to_json("french")
    assert "9.0" not in str(french)
    told = explain(french)
    assert told["result"] == 4 and told["success"] is None and told["outcome"] == ""
    assert told["unseen"] == {"count": 1, "known_to": ["british"]}
    assert "Secret modifiers known only to british also went into it" in told["words"]
    assert explain(entry.to_json("*"))["result"] == 5  # an umpire reads it all


def test_spotting_with_every_boat_out_of_range_no_die_spots_one() -> None:
    s = fresh(random_events=False)
    ctx, log, _ = context([6])
    spotting.step_spot(s, T, ctx)
    own = explain(rolls(log)[0].to_json("british"))
    assert own["modifiers"][0]["what"] == "no raider within 24 in: no die spots one"
    assert own["success"] is False and own["chance"] == "0.0%"
    # the defenders are told of a secret modifier whether or not a boat is near
    assert explain(rolls(log)[0].to_json("french"))["unseen"]["count"] == 1


def test_small_arms_each_musket_die_against_its_own_target_number() -> None:
    """Small Arms Fire: British marines at 2-5 in hit on 4-6; four dice,
    each read alone: 4 kills, 5 kills, 1 and 3 miss."""
    s = fresh(random_events=False)
    s.detected, s.alarm_turn = True, 1
    party, _ = skirmish(s)
    for fid in ("battery-9", "battery-10"):
        put_ashore(s, fid, 31.5, 20.0)  # soldiers in the open, 4 in off
    ctx, log, _ = context([[4, 5, 1, 3]])
    small_arms.fire_small_arms(s, T, ctx, party, "battery")
    out = explain(rolls(log)[0].to_json())
    assert out["words"].startswith("Roll 4 dice: each die is read on its own")
    assert out["made"] == {"dice": 2, "of": 4} and "result" not in out
    assert [(d["value"], d["success"], d["outcome"]) for d in out["per_die"]] == [
        (4, True, "killed"),
        (5, True, "killed"),
        (1, False, "a miss"),
        (3, False, "a miss"),
    ]
    assert all(d["chance"] == "50.0%" and d["modifiers"] == [] for d in out["per_die"])
    assert {d["needs"] for d in out["per_die"]} == {"4 or more"}
    assert out["per_die"][0]["what"].startswith("marine at soldier, 4.")


def test_small_arms_from_a_boat_at_her_deck_each_die_says_why_it_needs_a_6() -> None:
    """Small Arms Fire, read with the challenge's shot at the guard
    (docs/rules-notes.md, Small arms): from a boat at figures on a ship's
    deck a musket hits on a 6 only, where the chart alone gives 5-6 at 2-5
    in; each die's explanation says so, not a bare "needs 6"."""
    s = fresh(random_events=False)
    s.detected, s.alarm_turn = True, 1
    alongside(s)
    for f in s.aboard("launch"):
        f.climbing = ""
    ctx, log, _ = context([[6, 5] + [1] * 10])
    small_arms.fire_small_arms(s, T, ctx, s.parties["launch"], "corvette-guard")
    out = explain(rolls(log)[0].to_json())
    first, second = out["per_die"][:2]
    assert first["what"] == "officer at sailor, 1.1 in, from a boat up at her deck: 6 only"
    assert (first["value"], first["needs"], first["success"]) == (6, "6 or more", True)
    assert second["what"].startswith("sailor at sailor, 3.6 in, from a boat up at her deck")
    assert (second["value"], second["success"]) == (5, False)
    assert out["made"] == {"dice": 1, "of": 12}


def test_cannon_red_die_with_its_modifiers_and_white_die_off_the_grape_roll() -> None:
    """Cannon Fire, the grape example: a ship's gun at 7 in, 3-6 to hit, -1
    at raiders' boats; a red 6 makes 5 and hits (chance 1 in 2); the white
    d10 halved: a 5 is two killed."""
    s = fresh(random_events=False)
    s.detected, s.alarm_turn, s.turn = True, 1, 3
    ship = s.ships["corvette"]
    gun = s.guns["corvette-gun-3"]
    for f in s.below("corvette")[:4]:
        put_on_deck(s, f.id, gun.x, gun.y - 0.3)
    here = harbour.deck_to_table(ship, gun.x, gun.y)
    s.boats["launch"].x, s.boats["launch"].y = here[0], here[1] + 7.0
    ctx, log, _ = context([[6], [5]])
    firing.fire_gun(s, T, ctx, gun, "boat:launch", "french", grape=True)
    red, white = (explain(e.to_json()) for e in rolls(log))
    assert mods(red) == [("at raiders' boats", -1)]
    assert (red["result"], red["success"], red["chance"], red["outcome"]) == (
        5,
        True,
        "50.0%",
        "a hit",
    )
    assert white["sides"] == 10 and white["outcome"] == "2 killed"


def test_cannon_round_shot_white_die_read_off_the_hit_chart_column() -> None:
    """Cannonball Hit Determination Chart, boats: 1-4 a hull hit, 5 a crew
    hit of a d6, 6 of a d10."""
    s = fresh(random_events=False)
    s.detected, s.alarm_turn, s.turn = True, 1, 3
    ship = s.ships["corvette"]
    gun = s.guns["corvette-gun-3"]
    for f in s.below("corvette")[:4]:
        put_on_deck(s, f.id, gun.x, gun.y - 0.3)
    here = harbour.deck_to_table(ship, gun.x, gun.y)
    s.boats["launch"].x, s.boats["launch"].y = here[0], here[1] + 7.0
    ctx, log, _ = context([[1], [5], [3]])
    firing.fire_gun(s, T, ctx, gun, "boat:launch", "french", grape=False)
    red, white = (explain(e.to_json()) for e in rolls(log)[:2])
    assert red["success"] is False
    assert white["outcome"] == "a crew hit: a d6 of her people"


def test_melee_each_figures_die_with_its_own_modifiers() -> None:
    """Melee: the British sailor +1 against the French; the French guard
    has nothing. Each side's roll names its figure and modifiers."""
    s = fresh(random_events=False)
    duel(s)
    ctx, log, _ = context([[3], [1]])
    melee.step_melee(s, T, ctx)
    british, french = (explain(e.to_json()) for e in rolls(log)[:2])
    (b,) = british["per_die"]
    assert b["what"] == "the cutter's crew sailor against the corvette's guard sailor"
    assert (
        b["modifiers"] == [{"what": "British against French", "value": 1, "to": "the result"}]
        and b["result"] == 4
    )
    (f,) = french["per_die"]
    assert f["modifiers"] == [] and f["result"] == 1
    # one figure a side: "a die for each of 1 figure", the nations by name
    assert rolls(log)[0].text.endswith("a die for each of 1 figure: rolled 3")


@pytest.mark.parametrize(
    ("die", "outcome"),
    [
        (1, "surrender (or retreat, with no enemy near)"),
        (2, "fall back until rallied"),
        (4, "carry on"),
    ],
)
def test_morale_the_band_the_modified_die_falls_in(die: int, outcome: str) -> None:
    """Morale: British +1 against the French; 2 or less surrenders (or
    retreats), 3-4 falls back, 5-6 carries on: a 1 makes 2, a 2 makes 3, a
    4 makes 5."""
    s = fresh(random_events=False)
    half(s)
    ctx, log, _ = context([die])
    morale.step_morale(s, T, ctx)
    out = explain(rolls(log)[0].to_json())
    assert mods(out) == [("British against French", 1)]
    assert out["result"] == die + 1 and out["outcome"] == outcome


def test_the_challenge_3_or_less_fools_the_guard() -> None:
    """Ship's Challenge: the raiders' secret roll, 3 or less fools him (1 in
    2); a 4 does not."""
    s = fresh(random_events=False)
    alongside(s)
    ctx, log, _ = context([4])
    challenge.step_challenge(s, T, ctx)
    entry = rolls(log)[0]
    assert entry.seats == ("british",)
    out = explain(entry.to_json("british"))
    assert out["words"].startswith("Roll 1 die: the die is read; the result needs 3 or less")
    assert (out["success"], out["chance"], out["outcome"]) == (
        False,
        "50.0%",
        "he is not fooled: the alarm",
    )


def test_shooting_the_guard_any_six_of_the_boats_muskets_kills_him() -> None:
    """Ship's Challenge: every dry musket in the boat a die, any 6 kills."""
    s = fresh(random_events=False)
    alongside(s)
    s.challenge["shoot"] = ["launch"]
    aboard = len(s.aboard("launch"))
    ctx, log, _ = context([[6] + [1] * (aboard - 1)])
    challenge.step_challenge(s, T, ctx)
    out = explain(rolls(log)[0].to_json())
    assert out["words"].startswith(f"Roll {aboard} dice: any die that makes the target succeeds")
    assert out["success"] is True and out["result"] == 1
    assert out["modifiers"][0]["what"] == "a die for each dry musket in the boat"
    assert out["modifiers"][0]["value"] == aboard


def test_rigging_the_die_is_added_to_her_rigging_score() -> None:
    s = fresh(random_events=False)
    s.detected = True
    for n, f in enumerate(s.party_figures("cutter")[:3]):
        put_on_deck(s, f.id, 5.0 + n, 0.5)
    for f in s.below("corvette"):
        f.fate = "dead"
    for g in ("corvette-guard-1", "corvette-guard-2", "corvette-guard-3"):
        s.figures[g].fate = "dead"
    ctx, log, _ = context([[4]])
    step_rigging(s, T, ctx)
    out = explain(rolls(log)[0].to_json())
    assert out["distribution_of"] == "the total" and out["result"] == 4
    assert out["goal"].startswith("the die is added to her rigging score")


@pytest.mark.parametrize("sid", ["sample-game", "hermione-puerto-cabello-1799"])
def test_every_roll_of_a_played_game_carries_its_math(sid: str) -> None:
    """A whole AI game: every roll logged has its math, and each seat's
    explanation of each roll it may read builds; no seat's copy names a
    secret modifier it may not know."""
    scenario = scenarios.load(sid)
    game = play_random_game(scenario, 3, kinds={side: "ai" for side in scenario.side_names})
    logged = rolls(game.log)
    assert len(logged) > 50
    assert [e.text for e in logged if e.math is None] == []
    spots = [e for e in logged if e.rule == spotting.R_SPOT and "Spotting die" in e.text]
    assert spots
    for e in logged:
        for seat in (*scenario.side_names, None):
            if not e.visible_to(seat):
                continue
            data = e.to_json(seat)
            assert "words" in explain(data)
            for _what, _value, knowers in e.math.secret:
                assert (seat in knowers) == (_what in str(data))


def test_a_boat_rows_6_in_plus_her_own_die_the_base_named() -> None:
    """Movement: 6 in plus a d6, each boat her own roll: a 4 is 10 in; the
    raiders' roll, secret while they are unseen."""
    from quarterdeck.core.dice import ScriptedDice

    from .helpers import game

    g = game(random_events=False, dice=ScriptedDice([4, 6, 2]))
    entry = rolls(g.log)[0]
    assert entry.seats is not None and "french" not in entry.seats
    out = explain(entry.to_json("british"))
    assert mods(out) == [("the boat's base move (in)", 6)]
    assert out["result"] == 10 and out["success"] is None
    assert out["goal"] == "half that, rounded down, once half her hull points are gone"


def test_climbing_1_or_2_fails_then_the_boarders_die_is_a_count() -> None:
    """Movement (boarding): a d6, 1-2 fails (2 in 3 to climb); then a d6 is
    how many of the boat's people climb."""
    from quarterdeck.rulesets.cutting_out import movement

    s = fresh(random_events=False)
    boat = s.boats["launch"]
    boat.alongside = "corvette:starboard-waist"
    ctx, log, _ = context([3, 5])
    movement.climb(s, T, ctx, boat, s.ships["corvette"], "starboard-waist")
    climb, count = (explain(e.to_json("british")) for e in rolls(log))
    assert (climb["success"], climb["chance"], climb["outcome"]) == (True, "66.7%", "they climb")
    assert [r["words"] for r in climb["chart"]] == ["they fail to climb", "they climb"]
    assert (
        count["result"] == 5 and count["goal"] == "the die is how many of the boat's people climb"
    )


def test_melee_retreats_each_die_the_inches_of_its_figure() -> None:
    """Melee: beaten by 1, the French guard falls back a d6 of inches: 3."""
    s = fresh(random_events=False)
    duel(s)
    ctx, log, _ = context([[2], [2], [3]])
    melee.step_melee(s, T, ctx)
    retreat = explain(rolls(log)[-1].to_json())
    assert retreat["per_die"] == [
        {
            "what": "the corvette's guard sailor falls back (inches)",
            "value": 3,
            "words": "Roll 1 die: the die is read.",
            "modifiers": [],
            "result": 3,
            "outcome": "",
            "success": None,
            "chance": "",
            "changes": [],
        }
    ]
