"""The computer captain (ai.py), from positions on the bundled scenarios'
tables: more power only when it decides something, rams with a ram, the
spar torpedo when in reach, repairs only when worth the broadside, the
exit run only when the fighting is done or the passage is the point, a
garrison that holds its fort."""

from __future__ import annotations

from typing import Any

from quarterdeck.core.engine import Game
from quarterdeck.core.prompts import Prompt
from quarterdeck.core.scenario import load
from quarterdeck.rulesets.flotilla import RULESET, rules
from quarterdeck.rulesets.flotilla.ai import FlotillaAI
from quarterdeck.rulesets.flotilla.state import State

from .helpers import T, ship, state


def asked(st: State, ask: dict[str, Any]) -> tuple[dict[str, Any], Prompt]:
    """The seat's view and the prompt the rules put for ``ask``."""
    st.ask = ask
    prompt = rules.prompt(st, T)
    assert prompt is not None
    return RULESET.view(st, ask["seat"]), prompt


def decide(st: State, ask: dict[str, Any]) -> str:
    view, prompt = asked(st, ask)
    return str(FlotillaAI(ask["seat"]).decide(view, prompt))


def mobile_bay(turn: int = 1) -> State:
    game = Game.new(load("mobile-bay-1864"), seed=1)
    st: State = game.state
    st.turn = turn
    return st


def test_union_ships_at_mobile_bay_fight_before_they_run_for_the_bay() -> None:
    """Forcing the channel is worth 5 a ship; Tennessee, Selma and the fort
    are worth 15: the Union captains fight first and run for the north edge
    only when the turns left are just enough to get there."""
    st = mobile_bay(turn=1)
    ai = FlotillaAI("union")
    view = RULESET.view(st, "union")
    ships = {s["id"]: s for s in view["ships"]}
    assert ai.intent(view, ships["hartford"])["kind"] != "exit"
    st = mobile_bay(turn=7)
    view = RULESET.view(st, "union")
    ships = {s["id"]: s for s in view["ships"]}
    assert ai.intent(view, ships["hartford"])["kind"] == "exit"


def test_arkansas_runs_for_vicksburg_from_the_first_turn() -> None:
    """Arkansas's passage (10) is worth all her side can win by fighting
    (Carondelet and the tinclad, 5 each): she makes for the south edge."""
    game = Game.new(load("arkansas-yazoo-1862"), seed=1)
    view = RULESET.view(game.state, "confederate")
    ark = next(s for s in view["ships"] if s["id"] == "arkansas")
    assert FlotillaAI("confederate").intent(view, ark)["kind"] == "exit"


def test_more_power_only_when_the_inches_take_her_off_by_the_exit() -> None:
    st = mobile_bay(turn=8)
    hartford = st.ships["hartford"]
    hartford.y, hartford.speed = 48 - 21.0, 18  # 21 in to go, 18 her best: power
    assert decide(st, {"kind": "power", "seat": "union", "ship": "hartford"}) == "yes"
    hartford.y = 48 - 15.0  # within her speed: no need
    assert decide(st, {"kind": "power", "seat": "union", "ship": "hartford"}) == "no"
    hartford.y = 10.0  # too far to make it this turn anyway
    assert decide(st, {"kind": "power", "seat": "union", "ship": "hartford"}) == "no"


def test_an_ironclad_ram_rams_and_a_broadside_ship_fights_with_her_guns() -> None:
    """Tennessee's best two batteries are 4 dice each; the standing ruling at
    Mobile Bay gives a rammed ship 6 hits: she steers to ram Hartford. Iron
    City's 10-dice broadsides are worth more than a ram of 4."""
    st = mobile_bay()
    tn, hf = st.ships["tennessee"], st.ships["hartford"]
    tn.x, tn.y, tn.heading = 36.0, 20.0, 180.0
    hf.x, hf.y = 36.0, 12.0
    view = RULESET.view(st, "confederate")
    me = next(s for s in view["ships"] if s["id"] == "tennessee")
    assert FlotillaAI("confederate").intent(view, me)["kind"] == "ram"
    ic = ship("ic", x=10, y=10, heading=90)
    sel = ship("sel", "selma", "confederate", x=16, y=10)
    duel = state([ic, sel])
    view = RULESET.view(duel, "union")
    me = next(s for s in view["ships"] if s["id"] == "ic")
    assert FlotillaAI("union").intent(view, me)["kind"] == "gun"


def test_it_rams_when_the_ram_is_offered_and_explodes_the_spar_when_only_it_is() -> None:
    tn = ship("tn", "tennessee", "confederate", x=30, y=20.6, heading=180, speed=6)
    hf = ship("hf", "hartford", x=28, y=20, heading=270)  # her keel runs east from 28, 20
    st = state([tn, hf])
    st.game_master["ram_hits"] = 6
    assert "ram:hf" in [o.id for o in rules.close_options(st, T, tn)]
    assert decide(st, {"kind": "close", "seat": "confederate", "ship": "tn"}) == "ram:hf"
    bragg = ship("gb", "general_bragg", "confederate", x=30, y=21.7, heading=180, spar=True)
    st = state([bragg, ship("hf", "hartford", x=28, y=20, heading=270)])
    ids = [o.id for o in rules.close_options(st, T, bragg)]
    assert "spar:hf" in ids and "ram:hf" not in ids
    assert decide(st, {"kind": "close", "seat": "confederate", "ship": "gb"}) == "spar:hf"


def test_a_spar_ship_steers_for_her_spar_torpedo_target() -> None:
    bragg = ship("gb", "general_bragg", "confederate", x=30, y=30, heading=180, spar=True)
    hf = ship("hf", "hartford", x=30, y=20, heading=90)
    view = RULESET.view(state([bragg, hf]), "confederate")
    me = next(s for s in view["ships"] if s["id"] == "gb")
    plan = FlotillaAI("confederate").intent(view, me)
    assert plan["kind"] == "spar" and plan["target"]["id"] == "hf"


def test_repairs_only_when_they_are_worth_the_broadside() -> None:
    ic = ship("ic", x=10, y=10, heading=90, continuing=1)
    sel = ship("sel", "selma", "confederate", x=20, y=10)
    st = state([ic, sel])
    ask = {"kind": "repair", "seat": "union", "ship": "ic"}
    # no gun fired this turn: the repair costs nothing
    assert decide(st, ask) == "repair"
    # she fired and the enemy is ten inches off: keep the guns loaded
    ic.batteries[0].fired = True
    assert decide(st, ask) == "no"
    # the continuing damage would sink her before the end: repair
    ic.ticked, ic.continuing = len(ic.boxes) - 6, 1
    st.turn = st.turn_limit - 6
    assert decide(st, ask) == "repair"
    # nothing within reach to shoot at next turn: repair
    ic.ticked, ic.continuing, st.turn = 0, 1, 1
    sel.x = 70
    ic.x = 2
    assert decide(st, ask) == "repair"


def test_a_garrison_holds_its_fort_after_winning_a_round() -> None:
    from quarterdeck.rulesets.flotilla.state import LandBattery, Troop

    gunners = Troop("g", "gunners", "confederate", 10, 1, "disciplined", False, 36, 32)
    gunners.fort = "fort"
    fort = LandBattery("fort", "Fort", "confederate", 36, 32, 180.0, 2, 2, "normal", "g")
    marines = Troop("m", "marines", "union", 1, 0, "disciplined", False, 36, 28)
    st = state([ship("ic", x=70, y=2)], batteries=[fort], troops=[gunners, marines])
    for kind, hold in (("melee_again", "stop"), ("melee_follow", "stay")):
        ask = {"kind": kind, "seat": "confederate", "troop": "g", "enemy": "m"}
        assert decide(st, ask) == hold
        gunners.fort = None
        assert decide(st, ask) != hold  # out in the open, it presses on
        gunners.fort = "fort"


def test_a_landing_party_goes_ashore_where_it_outfights_the_garrison() -> None:
    """Haynes' Bluff: Marmora's fourteen bluejackets and a leader (10 melee
    dice) against ten rabble gunners and a leader in the battery (5 dice):
    Marmora steers to land them. Mobile Bay: Hartford's sixteen marines (11
    dice) against Fort Morgan's twelve gunners and a leader (15 dice in
    their works): Hartford keeps them aboard and fights."""
    game = Game.new(load("yazoo-landing"), seed=1)
    view = RULESET.view(game.state, "union")
    marmora = next(s for s in view["ships"] if s["id"] == "marmora")
    assert FlotillaAI("union").intent(view, marmora)["kind"] == "land"
    st = mobile_bay()
    view = RULESET.view(st, "union")
    hartford = next(s for s in view["ships"] if s["id"] == "hartford")
    assert FlotillaAI("union").intent(view, hartford)["kind"] != "land"


def test_a_struck_enemy_is_taken_only_where_her_capture_counts_or_men_are_plenty() -> None:
    mar = ship("mar", "marmora", x=10, y=10, heading=0)
    gb = ship("gb", "general_bragg", "confederate", x=10.8, y=10, status="surrendered")
    st = state([mar, gb])
    ask = {"kind": "close", "seat": "union", "ship": "mar"}
    assert "grapple:gb" in [o.id for o in rules.close_options(st, T, mar)]
    assert decide(st, ask) == "none"  # twelve men: ten away would cripple her
    st.victory = {
        "objectives": [{"side": "union", "what": "capture", "units": ["gb"], "points": 5}]
    }
    assert decide(st, ask) == "grapple:gb"


def test_the_yardstick_ai_never_answers_fire_with_the_standing_orders_form() -> None:
    """benchmarks/bench_ai.py plays the first AI (ai_v1) against the current
    one; the fire question now also offers standing fire orders (a form),
    which the yardstick must not pick for a unit, or the benchmark stops on
    a form it cannot fill. Its ship out of range passes, as before."""
    from quarterdeck.rulesets.flotilla.ai_v1 import ai as yardstick

    st = state([ship("ic", x=10, y=10), ship("selma", "selma", "confederate", x=10, y=40)])
    st.phase = "move_a"
    view, prompt = asked(st, {"kind": "fire", "seat": "union", "units": ["ic"], "point": ""})
    assert "standing" in prompt.option_ids()
    assert {str(yardstick("union", seed).decide(view, prompt)) for seed in range(20)} <= {
        "pass",
        "ic",
    }


def test_the_steps_decided_without_a_view_are_decided_the_same_with_one() -> None:
    """Where the player says it decides without the view (a step whose
    handler reads only the prompt), it answers the same as from the whole
    view, in every bundled Flotilla scenario's game."""
    from quarterdeck.sim.games import players_for

    blind = 0
    for sid in (
        "arkansas-yazoo-1862",
        "forts-jackson-1862",
        "iron-city-duel",
        "mobile-bay-1864",
        "yazoo-landing",
    ):
        scenario = load(sid)
        game = Game.new(scenario, seed=2)
        players = players_for(scenario, 2, None)
        for _ in range(5000):
            prompt = game.prompt()
            if prompt is None:
                break
            player = players[prompt.seat]
            full = player.decide(RULESET.view(game.state, prompt.seat), prompt)
            if not player.needs_view(prompt):  # type: ignore[attr-defined]
                blind += 1
                assert player.decide({"seat": prompt.seat}, prompt) == full, prompt.context
            game.apply(prompt.seat, full, prompt=prompt)
        assert game.result() is not None, sid
    assert blind > 0
