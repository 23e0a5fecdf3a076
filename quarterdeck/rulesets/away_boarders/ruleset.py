"""The Away, Boarders! rule set object: the engine contract (what the
engine, the web table and the simulations call; the rules themselves are
in ``rules.py`` and the modules it names). Apart from the package's
``__init__`` so that the compiled build (scripts/compile) compiles it: the
engine calls it on every decision."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from quarterdeck.core.engine import Context, RulesetInfo, StateBasics
from quarterdeck.core.errors import ScenarioError
from quarterdeck.core.hidden import Secret
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.scenario import Scenario
from quarterdeck.rulesets import package_dir
from quarterdeck.rulesets.away_boarders import rules
from quarterdeck.rulesets.away_boarders.displays import build_ship
from quarterdeck.rulesets.away_boarders.state import AwayBoardersScenario, State, copied_apart
from quarterdeck.rulesets.away_boarders.tables import Tables, tables_with
from quarterdeck.rulesets.away_boarders.victory import points
from quarterdeck.rulesets.away_boarders.view import player_view, render, view


class AwayBoarders(StateBasics):
    """The "Away, Boarders!" rule set, registered as ``away-boarders``."""

    def __init__(self) -> None:
        # (set here, not as a class attribute: the compiled build keeps an
        # instance attribute, and takes no object as a class default)
        self.info = RulesetInfo(
            id="away-boarders",
            title="Away, Boarders! (v1.01 playtest, Jeffrey Knudsen)",
            period="Great Lakes sail, 18th and early 19th century",
            playable=True,
            sections=(
                "1.2 Field of Play; 1.4 Components; 2.0 Sequence of Play; 3.0 Movement; "
                "4.0 Gunnery; 5.0 Boarding Actions"
            ),
            text="away-boarders.md",
        )

    def scenario_dir(self) -> Path | None:
        return package_dir("quarterdeck.rulesets.away_boarders") / "scenarios"

    def tables(self, state: State) -> Tables:
        return tables_with(state.house_rules)

    def parse_scenario(self, scenario: Scenario) -> AwayBoardersScenario:
        model = AwayBoardersScenario.model_validate(scenario.data)
        sides = scenario.combatants
        where = f"{scenario.path}: "
        t = tables_with(model.house_rules)
        summary = []
        for n, spec in enumerate(model.ships):
            if spec.side not in sides:
                raise ScenarioError(
                    f"{where}ships[{n}] ({spec.id}): field 'side' is {spec.side!r}; "
                    f"legal values: {', '.join(sides)}"
                )
            ship = build_ship(spec, t, f"{where}ships[{n}] ({spec.id}): ")
            masts, guns, boxes = len(ship.masts), len(ship.guns), len(ship.hull)
            summary.append(
                f"{spec.side}: {ship.name} ({ship.rig}, {masts} mast{'' if masts == 1 else 's'}, "
                f"{guns} gun{'' if guns == 1 else 's'}, {ship.crew_total} crew, "
                f"{boxes} hull box{'' if boxes == 1 else 'es'})"
            )
        for side in model.victory.escape:
            if side not in sides:
                raise ScenarioError(
                    f"{where}field 'victory.escape': {side!r} is not a side; "
                    f"legal values: {', '.join(sides)}"
                )
        for side in sides:
            if not any(s.side == side for s in model.ships):
                raise ScenarioError(f"{where}side {side!r} has no ships")
        scenario.summary = summary
        return model

    def new_state(self, scenario: Scenario, ctx: Context) -> State:
        model: AwayBoardersScenario = scenario.model
        t = tables_with(model.house_rules)
        ships = {spec.id: build_ship(spec, t) for spec in model.ships}
        state = State(
            sides=scenario.combatants,
            turn_limit=scenario.header.turn_limit,
            width=model.field.width,
            height=model.field.height,
            blocked=[list(b) for b in model.field.blocked],
            wind=model.field.wind,
            ships=ships,
            victory=model.victory.model_dump(),
            house_rules=model.house_rules,
            phase="loads",
        )
        ctx.log(f"{scenario.title}: turn 1 begins", "scenario")
        rules.advance(state, t, ctx)
        return state

    def freeze(self, state: State) -> State:
        """``state`` kept apart for the decisions every game of a batch opens
        with alike (quarterdeck.sim.games.Setup.find_opening: the first
        loads and crew orders, 2.1, 4.1, before any die or a player's seed):
        a copy, refused (TypeError) unless it and a copy thawed from it are
        exact, each equal to what it was copied from and sharing nothing
        that a game changes with it (:func:`copied_apart`)."""
        frozen = state.__deepcopy__({})
        if not (copied_apart(frozen, state) and copied_apart(frozen.__deepcopy__({}), frozen)):
            raise TypeError("an Away, Boarders! state that its copy cannot copy exactly")
        return frozen

    def thaw(self, frozen: State) -> State:
        """A new state equal to the one :meth:`freeze` was given, sharing
        nothing that a game changes with it or with another thawed copy."""
        return frozen.__deepcopy__({})

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        return rules.prompts(state, self.tables(state))

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> tuple[Prompt, ...]:
        return rules.apply(state, self.tables(state), seat, answer, ctx)

    def hidden(self, state: State) -> list[Secret]:
        """Crew assignments and first loads are written in secret and revealed
        together (2.1): each side's orders are its own until then."""
        return [Secret(("orders", side), (side,)) for side in state.orders]

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def player_view(self, state: State, seat: str | None) -> dict[str, Any]:
        """:meth:`view` for a computer player, its ships' entries built only
        where it reads them (:mod:`quarterdeck.core.lazyview`)."""
        return player_view(state, seat)

    def tally(self, state: State) -> tuple[dict[str, int], dict[str, int]]:
        """Each side's ships lost (as :func:`quarterdeck.sim.tally.ships_lost`
        reads a loss: sunk or struck here; one that left the field is not
        lost) and its victory points (1.0), for a simulation's rows, without
        building the whole view."""
        from quarterdeck.sim.tally import ships_lost

        return ships_lost(state.ships.values(), state.sides), points(state)

    def ai(self, seat: str, seed: int) -> Any:
        from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI

        return AwayBoardersAI(seat, seed)

    def render(self, state: State, seat: str | None) -> str:
        return render(state, seat)
