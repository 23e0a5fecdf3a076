"""The gun-dice boarding rule set object: the engine contract (what the engine,
the web table and the simulations call; the rules themselves are in
``rules.py`` and the modules it names). Apart from the package's
``__init__`` so that the compiled build (scripts/compile) compiles it: the
engine calls it on every decision."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Final

from quarterdeck.core.engine import Context, RulesetInfo, StateBasics, copy_state
from quarterdeck.core.errors import ScenarioError
from quarterdeck.core.hidden import Secret
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.result import Result
from quarterdeck.core.scenario import Scenario
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets import package_dir
from quarterdeck.rulesets.gundice_boarding import rules
from quarterdeck.rulesets.gundice_boarding.state import (
    Contact,
    GunDiceScenario,
    Ship,
    ShipSpec,
    State,
)
from quarterdeck.rulesets.gundice_boarding.tables import Tables, printed_tables, tables_with
from quarterdeck.rulesets.gundice_boarding.view import render, view

# What a game opens with, read from the scenario once: each ship's fields in
# Ship's order, each contact's, and the fighting sides (see GunDiceBoarding._open).
_Opening = tuple[list[tuple[Any, ...]], list[tuple[str, str, bool, float, str | None]], list[str]]
# What the last step left (see GunDiceBoarding.__init__).
_After = tuple[State, list[tuple[str, str, str]], tuple[Prompt, ...] | None, Tables]
# Who is asked what as a scenario opens, for the tables it is played with: the
# entries of pending() and their prompts (see GunDiceBoarding.new_state).
_First = tuple[Tables, list[tuple[str, str, str]], tuple[Prompt, ...]]
# A state frozen for the games of a batch (see GunDiceBoarding.freeze): a copy
# kept apart, each ship's and contact's fields in their classes' order, and
# who is asked what there (the tables, pending() and its prompts).
_Frozen = tuple[State, list[tuple[Any, ...]], list[tuple[Any, ...]], _First]


def size_points(gun_decks: int) -> int:
    """Size points from the gun decks: a three-decker is size 3 (5.2); a
    vessel with no covered gun deck counts as size 1."""
    return max(1, min(3, gun_decks))


def gun_dice(guns: int) -> int:
    """Gun dice from the guns carried: one die per gun of a broadside (half
    the guns), the reading recorded in docs/rules-notes.md."""
    return guns // 2


class GunDiceBoarding(StateBasics):
    """The gun-dice boarding rule set, registered as ``gundice-boarding``."""

    def __init__(self) -> None:
        # (set here, not as a class attribute: the compiled build keeps an
        # instance attribute, and takes no object as a class default)
        self.info = RulesetInfo(
            id="gundice-boarding",
            title="Gun-dice boarding (sections 5.1-5.3)",
            period="Age of sail, ship-to-ship boarding actions",
            playable=True,
            sections="5.1 Boarding; 5.2 Conducting a Boarding Action; 5.3 Advanced Boarding Rules",
            text="gun-dice-boarding.md",
        )
        # Who must answer what, as the last step that ran left it, with the
        # state it left, the prompts built for it (None until asked for) and
        # the state's tables: prompts computed once per step (see prompts()).
        self._after: _After | None = None
        # The scenario last opened, and what its games open with (see _open).
        self._opening: tuple[Scenario, _Opening] | None = None
        # Who its games are asked what first, where no rule runs before the
        # first question (see new_state), with the scenario it is for.
        self._first: tuple[Scenario, _First] | None = None
        self._ai: Any = None  # the computer player's class, once imported
        self._printed: Tables | None = None

    def scenario_dir(self) -> Path | None:
        return package_dir("quarterdeck.rulesets.gundice_boarding") / "scenarios"

    def tables(self, state: State) -> Tables:
        if state.house_rules:
            return tables_with(state.house_rules)
        printed = self._printed
        if printed is None:  # read when first needed, then kept (as CHARTS keeps it)
            printed = self._printed = printed_tables()
        return printed

    def parse_scenario(self, scenario: Scenario) -> GunDiceScenario:
        model = GunDiceScenario.model_validate(scenario.data)
        sides = scenario.combatants
        where = f"{scenario.path}: "
        for n, spec in enumerate(model.ships):
            if spec.side not in sides:
                raise ScenarioError(
                    f"{where}ships[{n}] ({spec.id}): field 'side' is {spec.side!r}; "
                    f"legal values: {', '.join(sides)}"
                )
            ship_facts(spec.ship, f"{where}ships[{n}] ({spec.id}): field 'ship': ")
        for side in sides:
            if not any(s.side == side for s in model.ships):
                raise ScenarioError(f"{where}side {side!r} has no ships")
        for n, c in enumerate(model.contacts):
            a, b = (next(s for s in model.ships if s.id == i) for i in c.ships)
            if a.side == b.side:
                raise ScenarioError(
                    f"{where}contacts[{n}]: {a.id} and {b.id} are on the same side; "
                    "a contact is between enemies"
                )
        tables_with(model.house_rules)  # refuse bad house rules before play
        scenario.summary = [self._summary(s) for s in model.ships]
        return model

    @staticmethod
    def _summary(spec: ShipSpec) -> str:
        facts = ship_facts(spec.ship)
        size = spec.size if spec.size is not None else size_points(facts.gun_decks)
        dice = spec.gun_dice if spec.gun_dice is not None else gun_dice(facts.guns_carried)
        return (
            f"{spec.side}: {facts.name} ({facts.type}, {facts.launched}), size {size}, "
            f"{dice} gun dice, {spec.crew} crew, {spec.sail_hits} sail hits, "
            f"{spec.gun_dice_hits} gun-dice hits"
        )

    def new_state(self, scenario: Scenario, ctx: Context) -> State:
        """The opening state, built from what was read from the scenario for
        its first game (every game of a scenario opens alike)."""
        opening = self._opening
        if opening is None or opening[0] is not scenario:
            opening = self._opening = (scenario, self._open(scenario))
        model: GunDiceScenario = scenario.model
        ships, contacts, sides = opening[1]
        state = State(
            list(sides),
            scenario.header.turn_limit,
            model.sea,
            {fields[0]: Ship(*fields) for fields in ships},
            [Contact(*c) for c in contacts],
            house_rules=model.house_rules,
        )
        if ctx.logging:  # the line's words are for the log alone
            ctx.log(f"{scenario.title}: turn 1 begins, {model.sea} seas", "scenario")
        tables = self.tables(state)
        first = self._first
        if first is not None and first[0] is scenario and first[1][0] is tables:
            # every game of the scenario opens alike, and asks the same first
            # (the list copied: the rules hand back a new one, never change it)
            _, waiting, built = first[1]
            self._after = (state, list(waiting), built, tables)
            return state
        waiting = rules.pending(state, tables)
        if waiting:  # the opening asks at once: kept for the scenario's next games
            built = rules.prompts(state, tables, waiting)
            self._first = (scenario, (tables, list(waiting), built))
            self._after = (state, waiting, built, tables)
        else:  # rules run before the first question (dice, the log): every game
            self._after = (state, rules.advance(state, tables, ctx), None, tables)
        return state

    @staticmethod
    def _open(scenario: Scenario) -> _Opening:
        """Each ship's opening state (her facts looked up and her size
        points and gun dice worked out), and each contact's."""
        model: GunDiceScenario = scenario.model
        ships = []
        for spec in model.ships:
            facts = ship_facts(spec.ship)
            opening = Ship(
                id=spec.id,
                name=facts.name,
                side=spec.side,
                size=spec.size if spec.size is not None else size_points(facts.gun_decks),
                gun_dice=spec.gun_dice
                if spec.gun_dice is not None
                else gun_dice(facts.guns_carried),
                crew=spec.crew,
                sail_hits=spec.sail_hits,
                gun_dice_hits=spec.gun_dice_hits,
                stationary=spec.stationary,
                failed_attacker=spec.failed_attacker,
                x_mm=spec.x_mm,
                y_mm=spec.y_mm,
                heading=spec.heading,
            )
            # her fields in Ship's order, for Ship(*fields): every game of the
            # scenario shares these values, so they must be immutable
            fields = tuple([getattr(opening, f.name) for f in dataclasses.fields(Ship)])
            if not all(v is None or isinstance(v, (str, int, float)) for v in fields):
                raise TypeError("gun-dice Ship fields must be plain values to share between games")
            ships.append(fields)
        contacts = [
            (c.ships[0], c.ships[1], c.fouled, c.distance_mm, c.via) for c in model.contacts
        ]
        return ships, contacts, scenario.combatants

    def freeze(self, state: State) -> _Frozen:
        """``state`` as values that :meth:`thaw` makes copies of, for the
        decisions every game of a batch opens with alike
        (quarterdeck.sim.games.Setup.find_opening): each ship's and contact's
        fields, in their classes' order (plain values, as :meth:`_open`
        checks), and a copy of the rest kept apart (thawed from the state)."""
        if tuple(f.name for f in dataclasses.fields(State)) != _STATE_FIELDS:
            raise TypeError("gun-dice State's fields changed: thaw() must copy them all")
        ships = [tuple([getattr(s, f) for f in _SHIP_FIELDS]) for s in state.ships.values()]
        contacts = [tuple([getattr(c, f) for f in _CONTACT_FIELDS]) for c in state.contacts]
        for fields in (*ships, *contacts):
            for v in fields:
                if not (v is None or isinstance(v, (str, int, float))):
                    raise TypeError("gun-dice Ship and Contact fields must be plain values")
        kept = _thawed(state, ships, contacts)
        # who is asked what there, kept as new_state keeps it for the opening
        tables = self.tables(state)
        waiting = rules.pending(state, tables)
        return kept, ships, contacts, (tables, waiting, rules.prompts(state, tables, waiting))

    def thaw(self, frozen: _Frozen) -> State:
        """A new state equal to the one :meth:`freeze` was given, sharing
        nothing that a game changes with it or with another thawed copy (the
        house rules, never changed, are shared as new_state shares them);
        who is asked what there is the one worked out by freeze (see
        prompts(): the list copied, as new_state copies it)."""
        kept, ships, contacts, (tables, waiting, built) = frozen
        state = _thawed(kept, ships, contacts)
        self._after = (state, list(waiting), built, tables)
        return state

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        """The open prompts. Where this state has just come from new_state or
        apply, the rules have already worked out who must answer what in
        running forward, and that is used (here and by the next apply)
        rather than worked out again: nothing but the rules changes a state
        between a step, its prompts and the answer to them."""
        after = self._after
        if after is None or after[0] is not state:
            return rules.prompts(state, self.tables(state))
        built = after[2]
        if built is None:
            built = rules.prompts(state, after[3], after[1])
            self._after = (state, after[1], built, after[3])
        return built

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> tuple[Prompt, ...]:
        """Play ``seat``'s answer; returns the open prompts it stopped at. A
        prompt still open from before (another side's secret order, which
        this answer cannot change: see rules.apply) is the one built then."""
        assert isinstance(answer, str)
        after, self._after = self._after, None
        waiting: list[tuple[str, str, str]] | None
        built: tuple[Prompt, ...] | None
        if after is not None and after[0] is state:
            # (the rules do not change a state's house rules: its tables hold)
            _, waiting, built, tables = after
        else:
            waiting = built = None
            tables = self.tables(state)
        # the declaring ships' targets the rules find on the way to the
        # state handed back, for their prompts (used at once, on that state)
        targets: dict[str, list[Ship]] = {}
        now = rules.apply(state, tables, seat, answer, ctx, waiting, targets)
        prompt_for = rules.prompt_for
        prompts: tuple[Prompt, ...]
        if built is None or waiting is None:
            prompts = tuple([prompt_for(state, tables, *w, targets) for w in now])
        else:
            found: list[Prompt] = []
            for w in now:
                # an entry handed back unchanged (the same object) keeps its
                # prompt (a side's entries are few: a plain search)
                for i, old in enumerate(waiting):
                    if old is w:
                        found.append(built[i])
                        break
                else:
                    found.append(prompt_for(state, tables, *w, targets))
            prompts = tuple(found)
        self._after = (state, now, prompts, tables)
        return prompts

    def result(self, state: State) -> Result | None:
        """The state's result (StateBasics.result); a result read before from
        the same words is the one made then (a Result is frozen: every game
        that ends alike shares it)."""
        data = state.result
        if data is None:
            return None
        key = (data["winner"], data["how"], data["turn"], data["detail"])
        found = _RESULTS.get(key)
        if found is None:
            if len(_RESULTS) >= 1024:
                _RESULTS.clear()  # flat memory over a long run
            found = _RESULTS[key] = Result.from_json(data)
        return found

    def hidden(self, state: State) -> list[Secret]:
        """Mobilisation and declarations are secret until both sides have
        given them (5.1): each side's orders are its own."""
        return [Secret(("orders", side), (side,)) for side in state.orders]

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def ai(self, seat: str, seed: int) -> Any:
        player = self._ai
        if player is None:  # imported when first asked for (it imports the odds)
            from quarterdeck.rulesets.gundice_boarding.ai import GunDiceAI

            player = self._ai = GunDiceAI
        return player(seat, seed)

    def render(self, state: State, seat: str | None) -> str:
        return render(state, seat)

    def invariants(self, state: State) -> list[str]:
        """What must always hold: no negative dice or gun dice, no more gun
        dice out of the guns than the ship has, no action with a captured ship."""
        broken = []
        for s in state.ships.values():
            used = s.gun_dice_hits + s.gun_dice_committed + s.gun_dice_lost
            if min(s.gun_dice_committed, s.gun_dice_lost, s.sail_hits, s.gun_dice_hits) < 0:
                broken.append(f"{s.id}: negative count")
            if s.gun_dice_committed + s.gun_dice_lost > max(0, s.gun_dice - s.gun_dice_hits):
                broken.append(f"{s.id}: {used} gun dice used of {s.gun_dice}")
        for a in state.actions:
            if a.attacker_dice <= 0 or a.defender_dice <= 0:
                dice = f"{a.attacker_dice}/{a.defender_dice}"
                broken.append(f"action {a.id} goes on with {dice} dice")
            if any(state.ships[x].captured_by for x in (*a.attackers, a.defender)):
                broken.append(f"action {a.id} involves a captured ship")
            if a.rounds_this_turn > self.tables(state).rounds.per_turn:
                broken.append(f"action {a.id}: {a.rounds_this_turn} rounds this turn")
        if state.result is None and state.turn > state.turn_limit:
            broken.append(f"turn {state.turn} beyond the limit {state.turn_limit}")
        return broken


# The fields thaw() copies, in State's order (freeze() checks that they are all)
_STATE_FIELDS: tuple[str, ...] = (  # (not Final: a test replaces it)
    "sides",
    "turn_limit",
    "sea",
    "ships",
    "contacts",
    "turn",
    "phase",
    "stage",
    "orders",
    "actions",
    "current",
    "next_action_id",
    "declared_this_turn",
    "outcomes",
    "result",
    "house_rules",
)
_SHIP_FIELDS: Final = tuple(f.name for f in dataclasses.fields(Ship))
_CONTACT_FIELDS: Final = tuple(f.name for f in dataclasses.fields(Contact))


def _thawed(kept: State, ships: list[tuple[Any, ...]], contacts: list[tuple[Any, ...]]) -> State:
    """A new state equal to ``kept`` whose ships and contacts have ``ships``'
    and ``contacts``' fields (GunDiceBoarding.freeze and thaw)."""
    orders: dict[str, dict[str, str]] = {}
    for side, given in kept.orders.items():
        orders[side] = dict(given)
    # (positional, in State's order: _STATE_FIELDS)
    return State(
        list(kept.sides),
        kept.turn_limit,
        kept.sea,
        {fields[0]: Ship(*fields) for fields in ships},
        [Contact(*fields) for fields in contacts],
        kept.turn,
        kept.phase,
        kept.stage,
        orders,
        copy_state(kept.actions) if kept.actions else [],
        kept.current,
        kept.next_action_id,
        kept.declared_this_turn,
        copy_state(kept.outcomes) if kept.outcomes else [],
        copy_state(kept.result),
        kept.house_rules,
    )


# Results read from a state (GunDiceBoarding.result), by everything read of them.
_RESULTS: Final[dict[tuple[Any, ...], Result]] = {}
