"""The Cutting Out Party rule set object: the engine contract (what the engine,
the web table and the simulations call; the rules themselves are in
``rules.py`` and the modules it names). Apart from the package's
``__init__`` so that the compiled build (scripts/compile) compiles it: the
engine calls it on every decision."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from quarterdeck.core.engine import Context, RulesetInfo, StateBasics
from quarterdeck.core.hidden import Secret
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.scenario import Scenario
from quarterdeck.rulesets import package_dir
from quarterdeck.rulesets.cutting_out import rules, setup
from quarterdeck.rulesets.cutting_out.state import CuttingOutScenario, State
from quarterdeck.rulesets.cutting_out.tables import Tables, tables_with
from quarterdeck.rulesets.cutting_out.view import hidden, player_view, render, view


class CuttingOut(StateBasics):
    """The Cutting Out Party rule set, registered as ``cutting-out``."""

    def __init__(self) -> None:
        # (set here, not as a class attribute: the compiled build keeps an
        # instance attribute, and takes no object as a class default)
        self.info = RulesetInfo(
            id="cutting-out",
            title="Cutting Out Party (Henry Lubbers)",
            period="Napoleonic boat raid on an anchored ship, 15 mm figures, inches",
            playable=True,
            sections=(
                "Turn Sequence; Movement; Defender Attempts to Spot; Ship's Challenge; Melee; "
                "Firing: Small Arms Fire, Cannon Fire, Cannonball Hit Determination Chart; "
                "Rigging; Morale; Sample Game; Card Events Ideas"
            ),
            text="cutting-out-party.md",
        )

    def scenario_dir(self) -> Path | None:
        return package_dir("quarterdeck.rulesets.cutting_out") / "scenarios"

    def tables(self, state: State) -> Tables:
        return tables_with(state.house_rules)

    def parse_scenario(self, scenario: Scenario) -> CuttingOutScenario:
        model = CuttingOutScenario.model_validate(scenario.data)
        scenario.summary = setup.check(scenario, model, tables_with(model.house_rules))
        return model

    def new_state(self, scenario: Scenario, ctx: Context) -> State:
        model: CuttingOutScenario = scenario.model
        t = tables_with(model.house_rules)
        state = setup.build(scenario, model, t)
        ctx.log(f"{scenario.title}: {t.light[model.light].title}", "scenario")
        rules.advance(state, t, ctx)
        return state

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        p = rules.prompt(state, self.tables(state))
        return () if p is None else (p,)

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> None:
        rules.apply(state, self.tables(state), seat, answer, ctx)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, self.tables(state), seat)

    def player_view(self, state: State, seat: str | None) -> dict[str, Any]:
        """:meth:`view` for a computer player, its costly parts built only
        where it reads them (:class:`quarterdeck.core.lazyview.LazyView`)."""
        return player_view(state, self.tables(state), seat)

    def table_view(self, state: State, view: dict[str, Any]) -> dict[str, Any]:
        """What the web table adds to ``view`` (the seat's own): where each
        boat of its open rowing form would end for the form's sensible rows,
        for drag moves. Not part of ``view``: the program's players never
        need it, and working it out for every decision would slow them."""
        from quarterdeck.rulesets.cutting_out.rowing import table_view

        return table_view(state, self.tables(state), view)

    def hidden(self, state: State) -> list[Secret]:
        return hidden(state)

    def ai(self, seat: str, seed: int) -> Any:
        from quarterdeck.rulesets.cutting_out.ai import CuttingOutAI

        return CuttingOutAI(seat, seed)

    def render(self, state: State, seat: str | None) -> str:
        return render(state, self.tables(state), seat)

    def tally(self, state: State) -> tuple[dict[str, int], dict[str, int]]:
        """Each side's vessels lost, for ``simulate``: a ship sunk or carried
        out to sea by the raiders (the prize taken: Sample Game, "put out to
        sea as a prize"), a boat sunk. A boat that rows away is not lost. The
        text has no victory points."""
        lost = {state.raiders: 0, state.defenders: 0}
        for ship in state.ships.values():
            if ship.status in ("sunk", "at-sea"):
                lost[ship.side] = lost.get(ship.side, 0) + 1
        for boat in state.boats.values():
            if boat.status == "sunk":
                lost[boat.side] = lost.get(boat.side, 0) + 1
        return lost, {}

    def invariants(self, state: State) -> list[str]:
        """What must always hold: figures where they can be, boats within
        their capacity, scores and hits within bounds."""
        broken = []
        for f in state.figures.values():
            if not f.active:
                continue
            if f.where == "boat" and (
                f.place not in state.boats or not state.boats[f.place].afloat
            ):
                broken.append(f"{f.id} is in a boat that is not afloat ({f.place})")
            if f.where in ("deck", "below") and f.place not in state.ships:
                broken.append(f"{f.id} is on a ship that does not exist ({f.place})")
            if f.where == "deck":
                ship = state.ships[f.place]
                if not (-0.01 <= f.x <= ship.length + 0.01 and abs(f.y) <= ship.beam / 2 + 0.01):
                    broken.append(f"{f.id} stands off {ship.name}'s deck at ({f.x:.2f}, {f.y:.2f})")
        for b in state.boats.values():
            n = len(state.aboard(b.id))
            if n > b.capacity:
                broken.append(f"{b.name} carries {n}, more than {b.capacity}")
            if b.hull_hits > b.hull_points:
                broken.append(f"{b.name} has {b.hull_hits} hull hits of {b.hull_points}")
        for s in state.ships.values():
            if s.rig < 0:
                broken.append(f"{s.name}'s rigging score is {s.rig}")
        if state.result is None and state.turn > state.turn_limit:
            broken.append(f"turn {state.turn} beyond dawn ({state.turn_limit})")
        return broken
