"""The gun-dice rule set's kept work (issue 14) checked against the plain
definitions it stands for: the same answers, whichever way they are found."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Prompt
from quarterdeck.rulesets import get_ruleset
from quarterdeck.rulesets.gundice_boarding import rules
from quarterdeck.rulesets.gundice_boarding.ai import GunDiceAI
from quarterdeck.rulesets.gundice_boarding.qualifying import contact_active
from quarterdeck.rulesets.gundice_boarding.state import Contact
from quarterdeck.rulesets.gundice_boarding.view import view
from tests.rulesets.gundice_boarding.conftest import duel
from tests.sim.ai_games import ai_decisions

SCENARIOS = [
    "shannon-chesapeake-1813",
    "speedy-el-gamo-1801",
    "cape-st-vincent-1797",
    "serapis-bonhomme-richard-1779",
]


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_opening_questions_kept_for_a_scenario_are_the_plain_ones(scenario_id: str) -> None:
    """new_state keeps who is asked what first for a scenario's next games:
    each game's first prompts are pending() and prompts() of its own state."""
    scenario = scenarios.load(scenario_id)
    ruleset = get_ruleset("gundice-boarding")
    for seed in (1, 2, 3):  # the first game works them out, the next ones reuse them
        state = ruleset.new_state(scenario, Context(RandomDice(seed)))
        tables = ruleset.tables(state)
        assert ruleset.prompts(state) == rules.prompts(state, tables)
        assert ruleset._after is not None
        assert ruleset._after[1] == rules.pending(state, tables)


def test_an_opening_that_runs_rules_first_is_not_kept() -> None:
    """Heavy seas end the game before anyone is asked: nothing is kept, and
    every game runs its opening rules."""
    scenario = duel(sea="heavy")
    ruleset = get_ruleset("gundice-boarding")
    for seed in (1, 2):
        state = ruleset.new_state(scenario, Context(RandomDice(seed)))
        assert state.result is not None
        assert ruleset.prompts(state) == ()
    assert ruleset._first is None or ruleset._first[0] is not scenario


@pytest.mark.parametrize("scenario_id", SCENARIOS[:2])
def test_a_result_read_again_is_the_plain_one(scenario_id: str) -> None:
    """result() hands back a result read before from the same words: it
    equals Result.from_json of the state's own result."""
    from quarterdeck.core.result import Result
    from quarterdeck.sim.games import play_state

    scenario = scenarios.load(scenario_id)
    ruleset = get_ruleset("gundice-boarding")
    for seed in range(20):
        _, state = play_state(scenario, seed)
        assert state.result is not None
        assert ruleset.result(state) == Result.from_json(state.result)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_prompts_handed_back_by_apply_are_the_plain_ones(scenario_id: str) -> None:
    """apply hands back the prompts it stopped at, keeping those still open
    and the declaring ships' targets the rules found on the way: at every
    step of AI games they are prompts() worked out afresh from the state."""
    for seed in range(6):
        for d in ai_decisions(scenario_id, seed, plain_views=True, limit=500):
            assert d.prompts == rules.prompts(d.state, d.ruleset.tables(d.state))
        assert d.state.result is not None


def test_the_ai_fights_on_unweighed_only_where_calling_off_cannot_win() -> None:
    """The AI fights on without weighing a fresh attack in full where the
    capture chance now is within 0.05 of certainty, or of the fresh
    attack's own capture chance (GunDiceAI._fight_on): the fresh attack's
    worth, the chance that an attempt gets across within the turns left
    (``again``) times the capture chance then (``fresh``), never passes
    1.0 nor ``fresh``, so the plain comparison (call off where it beats the
    chance now by 0.05) could never have called off there."""
    from quarterdeck.odds.gundice import attempt_odds, capture_chance

    starts = [float(p) for p in attempt_odds(10).values()] + [0.0, 1.0]
    fresh = [capture_chance(a, d) for a in range(1, 9) for d in range(1, 9)] + [0.0, 1.0]
    for start in starts:
        for turns_left in range(1, 30):
            again = 1 - (1 - start) ** turns_left
            assert 0.0 <= again <= 1.0
            assert all(again * f <= f <= 1.0 for f in fresh)
    # and the shortcuts are taken: 3 dice against 1 is within 0.05 of
    # certainty; 2 fresh dice against 3 do no better than 3 against 3 now
    assert capture_chance(3, 1) + 0.05 >= 1.0
    assert capture_chance(2, 3) <= capture_chance(3, 3) + 0.05


def _plain_fight_on(ai: GunDiceAI, view: dict[str, Any], prompt: Prompt) -> str:
    """GunDiceAI._fight_on as it was before its early exits (3e9dd10,
    b6257dd): every fresh attack weighed in full."""
    from quarterdeck.odds.gundice import capture_chance

    action = next(a for a in view["actions"] if a["id"] == prompt.context["action"])
    now = capture_chance(action["attacker_dice"], action["defender_dice"])
    if "call-off" not in prompt.option_ids():
        return "fight"
    turns_left = int(view["turn_limit"]) - int(view["turn"])
    if turns_left < 1:
        return "fight"
    ships = {s["id"]: s for s in view["ships"]}
    if action["attacker_dice"] < action["attacker_start"]:
        attackers = [dict(ships[a], failed_attacker=True) for a in action["attackers"]]
    else:
        attackers = [ships[a] for a in action["attackers"]]
    target = ships[action["defender"]]
    fresh = capture_chance(*ai._dice(view, attackers, target))
    attacking = set(action["attackers"])
    fouled = any(
        c["fouled"] and target["id"] in c["ships"] and set(c["ships"]) & attacking
        for c in view["contacts"]
    )
    start = ai._attempt_chance(view["sea"], [*attackers, target], fouled)
    again = 1 - (1 - start) ** turns_left
    return "call-off" if again * fresh > now + 0.05 else "fight"


@pytest.mark.parametrize("scenario_id", ["cape-st-vincent-1797", "serapis-bonhomme-richard-1779"])
def test_the_ai_fights_on_as_the_plain_weighing_does(scenario_id: str) -> None:
    """GunDiceAI.decide at a fight-on question (its _fight_on, with the
    early exits) answers as the plain weighing written out above, on the
    views of AI games' actions with the attacker's and defender's dice set
    to each of 1..8 and the turns left to each of 0..7: the early exits
    never fight on where the full weighing would call off."""
    asked = 0
    answers = set()
    for seed in range(4):
        for d in ai_decisions(scenario_id, seed, plain_views=True, limit=500):
            if not d.prompts:
                break
            prompt = d.prompts[0]
            player = d.players[prompt.seat]
            if prompt.context.get("step") != "decide" or not isinstance(player, GunDiceAI):
                continue
            view = d.ruleset.view(d.state, prompt.seat)
            view["seat"] = prompt.seat
            wanted = prompt.context["action"]
            for a_dice in range(1, 9):
                for d_dice in range(1, 9):
                    for turns_left in range(8):
                        v = copy.deepcopy(view)
                        for a in v["actions"]:
                            if a["id"] == wanted:
                                a["attacker_dice"] = a_dice
                                a["defender_dice"] = d_dice
                        v["turn"] = int(v["turn_limit"]) - turns_left
                        answer = player.decide(v, prompt)
                        assert answer == _plain_fight_on(player, v, prompt)
                        answers.add(answer)
                        asked += 1
    assert asked
    assert answers == {"fight", "call-off"}


def test_dice_facts_keep_the_mobilised_flag_where_it_is_read() -> None:
    """_dice_facts puts whether a ship's mobilised gun dice would count at
    MOBILISED_COUNT, the place GunDiceAI._dice reads it from."""
    from quarterdeck.rulesets.gundice_boarding.ai import MOBILISED_COUNT, _dice_facts

    ship = {
        "size": 3,
        "crew": 2,
        "sail_hits": 1,
        "gun_dice_hits": 0,
        "failed_attacker": False,
        "mobilised": False,
        "gun_dice_free": 4,
    }
    assert _dice_facts(ship, 5)[MOBILISED_COUNT] is False
    assert _dice_facts(ship, 4)[MOBILISED_COUNT] is True
    assert _dice_facts(dict(ship, mobilised=True), 5)[MOBILISED_COUNT] is True
    assert len(_dice_facts(ship, 5)) == MOBILISED_COUNT + 1


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_a_thawed_state_is_the_frozen_one_and_its_own(scenario_id: str) -> None:
    """thaw(freeze(state)) equals the state at every step of AI games (actions,
    outcomes and orders included), with who is asked what there as pending()
    and prompts() work it out afresh; and a game that changes one thawed copy
    changes neither the frozen state nor another copy."""
    for seed in range(4):
        for d in ai_decisions(scenario_id, seed, limit=500):
            plain = copy.deepcopy(d.state)
            frozen = d.ruleset.freeze(d.state)
            first, second = d.ruleset.thaw(frozen), d.ruleset.thaw(frozen)
            assert first == plain and second == plain
            # who is asked what, kept by freeze for the last state thawed
            tables = d.ruleset.tables(second)
            assert d.ruleset._after[0] is second
            assert d.ruleset._after[1] == rules.pending(second, tables)
            assert d.ruleset.prompts(second) == rules.prompts(second, tables)
            assert d.ruleset.state_to_json(first) == d.ruleset.state_to_json(plain)
            for ship in first.ships.values():
                ship.gun_dice_committed += 5
                ship.captured_by = "nobody"
            first.orders.setdefault("x", {})["y"] = "z"
            first.sides.append("x")
            first.contacts[0].fouled = not first.contacts[0].fouled
            for action in first.actions:
                action.attackers.append("x")
                action.committed["x"] = 1
                action.last_attacker_roll.append(6)
            for outcome in first.outcomes:
                outcome.attackers.append("x")
            first.outcomes.append(first.outcomes[0] if first.outcomes else None)  # type: ignore[arg-type]
            if first.result is not None:
                first.result["x"] = "y"
            assert d.ruleset.thaw(frozen) == plain
            assert second == plain
            assert d.state == plain


def test_freeze_refuses_a_state_with_fields_thaw_does_not_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """thaw() names every State field: freeze() refuses to run where the
    State's fields are not the ones it names (a field added or renamed)."""
    import quarterdeck.rulesets.gundice_boarding.ruleset as package

    ruleset = get_ruleset("gundice-boarding")
    state = ruleset.new_state(scenarios.load(SCENARIOS[0]), Context(RandomDice(1)))
    monkeypatch.setattr(package, "_STATE_FIELDS", package._STATE_FIELDS[:-1])
    with pytest.raises(TypeError, match="thaw"):
        ruleset.freeze(state)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_games_from_the_batch_opening_are_the_games_played_from_new_state(
    scenario_id: str,
) -> None:
    """A batch's games start from the opening every game plays alike
    (Setup.find_opening: the decisions before the first die): each is the
    game played from new_state, to its outcome and its final state."""
    from quarterdeck.sim.games import Setup, game_seed, play_setup

    scenario = scenarios.load(scenario_id)
    batch, plain = Setup(scenario, None), Setup(scenario, None)
    batch.find_opening()
    assert batch.opening is not None and batch.opening[1] >= 3  # mobilised, one declared
    assert plain.opening is None
    ruleset = batch.ruleset
    for i in range(40):
        seed = game_seed(7, i)
        ours, our_state = play_setup(batch, seed, i)
        theirs, their_state = play_setup(plain, seed, i)
        assert ours == theirs
        assert ruleset.state_to_json(our_state) == ruleset.state_to_json(their_state)


def test_no_opening_is_kept_past_a_decision_that_drew_on_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player whose decision drew on its seed (its rng) ends the opening
    before that decision: where the first one does, nothing is kept."""
    from quarterdeck.sim.games import Setup

    def decide(self: GunDiceAI, view: dict[str, Any], prompt: Prompt) -> str:
        self.rng.random()
        return plain_decide(self, view, prompt)

    plain_decide = GunDiceAI.decide
    monkeypatch.setattr(GunDiceAI, "decide", decide)
    setup = Setup(scenarios.load(SCENARIOS[0]), None)
    setup.find_opening()
    assert setup.opening is None


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_the_views_contacts_are_active_as_contact_active_says(scenario_id: str) -> None:
    """Shown contacts (5.1): each entry's ``active`` is contact_active's for
    its pair, at every decision of AI games, for every seat and a spectator
    (the view tests the contact itself first and asks contact_active only
    where it is not open)."""
    across = 0
    for seed in range(3):
        for d in ai_decisions(scenario_id, seed, limit=400):
            state = d.state
            for seat in (*state.sides, None):
                for entry in view(state, seat)["contacts"]:
                    a, b = entry["ships"]
                    assert entry["active"] == contact_active(state, a, b)[0]
            across += sum(
                c.distance_mm <= 10 and c.via is not None and state.ships[c.via].captured_by is None
                for c in state.contacts
            )
    if scenario_id == "cape-st-vincent-1797":
        assert across > 10  # contacts within 10 mm but across a ship still afloat


def test_a_contact_is_shown_active_where_another_of_its_pair_is_open() -> None:
    """Hand-made contacts (5.1): one within 10 mm across a ship still afloat
    is not open, nor shown active, unless the ship between is taken or
    another contact of the same pair is open; a far one of a pair with an
    open one is shown active too."""
    scenario = scenarios.load("cape-st-vincent-1797")
    ruleset = get_ruleset(scenario.ruleset)
    state = ruleset.new_state(scenario, Context(RandomDice(1), None))
    a, b, c = list(state.ships)[:3]

    def shown(*contacts: Contact) -> list[bool]:
        state.contacts = list(contacts)
        return [entry["active"] for entry in view(state, None)["contacts"]]

    assert shown(Contact(a, b, distance_mm=5, via=c)) == [False]
    assert shown(Contact(a, b, distance_mm=5, via=c), Contact(a, c, distance_mm=30)) == [
        False,
        False,
    ]
    assert shown(Contact(a, b, distance_mm=5, via=c), Contact(b, a, distance_mm=8)) == [True, True]
    assert shown(Contact(a, b, distance_mm=30), Contact(a, b, distance_mm=10)) == [True, True]
    assert shown(Contact(a, b, distance_mm=30), Contact(a, c, distance_mm=10)) == [False, True]
    state.ships[c].captured_by = state.ships[a].side
    assert shown(Contact(a, b, distance_mm=5, via=c)) == [True]
