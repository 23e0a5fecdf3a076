"""The ACW River and Coastal rule set object: the engine contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from quarterdeck.core.engine import Context, RulesetInfo, StateBasics
from quarterdeck.core.errors import ScenarioError
from quarterdeck.core.hidden import Secret
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.scenario import Scenario
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets import package_dir
from quarterdeck.rulesets.acw_river import rules
from quarterdeck.rulesets.acw_river.scenario import AcwScenario, ShipSpec
from quarterdeck.rulesets.acw_river.setup import new_state, parse_order, roll_commanders
from quarterdeck.rulesets.acw_river.state import State
from quarterdeck.rulesets.acw_river.tables import Tables, tables_with
from quarterdeck.rulesets.acw_river.values import ship_values
from quarterdeck.rulesets.acw_river.view import hidden, player_view, render, view

R_SCENARIO: Final = "scenario"


def _check_order(model: AcwScenario, spec: ShipSpec, at: str) -> None:
    """A standing order's target must be on the table: an enemy ship to
    engage, a friend to keep station on, an end, a square, a town, port or
    fort (these last only where the scenario places them)."""
    kind, _, target = spec.order.partition(":")
    if not target:
        return
    enemies = [s.id for s in model.ships if s.side != spec.side]
    friends = [s.id for s in model.ships if s.side == spec.side and s.id != spec.id]
    ashore = [p.id for p in model.places] + [f.id for f in model.forts]
    legal: list[str]
    if kind == "engage":
        legal = enemies
    elif kind == "station":
        legal = friends
    elif kind == "proceed":
        legal = ["upstream", "downstream", *(f"sq{n}" for n in range(1, 7)), *ashore]
    elif kind == "land":
        legal = [p.id for p in model.places] + [f.id for f in model.forts if f.side != spec.side]
    else:
        legal = []
    if model.random is not None and kind in ("proceed", "land") and target not in legal:
        return  # the random set-up places the towns, ports and forts later
    if target not in legal:
        raise ScenarioError(
            f"{at}field 'order': {spec.order!r}: {target!r} is not a target for "
            f"{kind!r} here; legal values: {', '.join(legal) or 'none'}"
        )


def _check_pose(model: AcwScenario, spec: ShipSpec, best: int, at: str) -> None:
    """A ship placed by the scenario stands in the water of the table, at no
    more than her best speed."""
    if spec.speed > best:
        raise ScenarioError(
            f"{at}field 'speed': {spec.speed} knots is more than her best speed ({best} knots)"
        )
    if spec.x is None or spec.y is None:
        return
    table = model.table
    for name, value, high in (("x", spec.x, table.width), ("y", spec.y, table.length)):
        if not 0.0 <= value <= high:
            raise ScenarioError(
                f"{at}field '{name}': {value:g} is off the table (0 to {high:g} inches)"
            )
    west, east = table.bank, table.width - table.bank
    if not west <= spec.x <= east:
        raise ScenarioError(
            f"{at}field 'x': {spec.x:g} is on the bank; the water runs from "
            f"{west:g} to {east:g} inches"
        )
    from shapely.geometry import Point, Polygon

    for feature in model.features:
        if feature.kind == "land" and Polygon(feature.polygon).contains(Point(spec.x, spec.y)):
            raise ScenarioError(
                f"{at}fields 'x', 'y': ({spec.x:g}, {spec.y:g}) is on land ({feature.id})"
            )


class AcwRiver(StateBasics):
    """Rules for ACW River and Coastal Naval Actions 1861-65, ``acw-river``."""

    def __init__(self, playable: bool) -> None:
        self.info = RulesetInfo(
            id="acw-river",
            title="Rules for ACW River and Coastal Naval Actions 1861-65",
            period="American Civil War rivers and estuaries",
            playable=playable,
            sections=(
                "Definitions; Orders; Captains and Commanders; Table Set Up; Game Objectives; "
                "Movement; Navigational hazards; Visibility; Firing; Gunfire Damage Table; "
                "Table 1 - 6; Torpedoes and Anchored Mines; Spar Torpedoes; Mortar Boats; "
                "Forts and Buildings; Morale; Ramming; Boarding Ships; Landing Parties; Anchor"
            ),
            text="acw-river-coastal.md",
        )

    def scenario_dir(self) -> Path | None:
        return package_dir("quarterdeck.rulesets.acw_river") / "scenarios"

    def tables(self, state: State) -> Tables:
        return tables_with(state.house_rules)

    def parse_scenario(self, scenario: Scenario) -> AcwScenario:
        model = AcwScenario.model_validate(scenario.data)
        where = f"{scenario.path}: "
        fighting = [s.name for s in scenario.header.sides if s.role == "combatant"]
        if sorted(fighting) != sorted(model.fleets):
            raise ScenarioError(
                f"{where}field 'fleets': one fleet for each fighting side "
                f"({', '.join(fighting)}), got {', '.join(model.fleets)}"
            )
        t = tables_with(model.house_rules)
        summary = []
        for n, spec in enumerate(model.ships):
            at = f"{where}ships[{n}] ({spec.id}): "
            if spec.side not in fighting:
                raise ScenarioError(
                    f"{at}field 'side' is {spec.side!r}; legal values: {', '.join(fighting)}"
                )
            facts = ship_facts(spec.ship, f"{at}field 'ship': ")
            v = ship_values(facts, t, at)
            if spec.order:
                try:
                    parse_order(spec.order)
                except ValueError as exc:
                    raise ScenarioError(f"{at}field 'order': {exc}") from None
                _check_order(model, spec, at)
            _check_pose(model, spec, v.max_speed, at)
            summary.append(
                f"{spec.side}: {facts.name} ({facts.hull}; SPV {v.spv}, penetration {v.pv}, "
                f"CPV {v.cpv}, {v.max_speed} kn)"
            )
        cards = {c.id for c in t.objectives.cards}
        for side, held in model.objectives.items():
            if side not in fighting:
                raise ScenarioError(f"{where}objectives.{side}: not a fighting side")
            for card in held:
                if card not in cards:
                    raise ScenarioError(
                        f"{where}objectives.{side}: {card!r} is not an objective card "
                        f"(legal values: {', '.join(sorted(cards))})"
                    )
        for n, fort in enumerate(model.forts):
            if fort.side not in fighting:
                raise ScenarioError(f"{where}forts[{n}]: field 'side' is {fort.side!r}")
            for g in fort.guns:
                if g.type not in t.gunfire.guns:
                    raise ScenarioError(
                        f"{where}forts[{n}] ({fort.id}): gun type {g.type!r}; legal values: "
                        + ", ".join(sorted(t.gunfire.guns))
                    )
        for n, mf in enumerate(model.minefields):
            if mf.owner not in fighting:
                raise ScenarioError(f"{where}minefields[{n}]: field 'owner' is {mf.owner!r}")
        scenario.summary = summary
        return model

    def new_state(self, scenario: Scenario, ctx: Context) -> State:
        model: AcwScenario = scenario.model
        t = tables_with(model.house_rules)
        state = new_state(scenario, ctx, t)
        if model.random is not None:
            state.table.kind = model.random.kind
            state.table.tidal = model.random.kind == "estuary" and model.random.tidal
            state.setup["random"] = True
            state.setup["drop"] = {s.id: True for s in model.ships if s.drop_if_fort}
        ctx.log(f"{scenario.title}: the fleets assemble", R_SCENARIO)
        roll_commanders(state, scenario, ctx, t)
        for spec in model.ships:
            if spec.aground:
                from quarterdeck.rulesets.acw_river.state import Aground

                state.ships[spec.id].aground = Aground("shoal")
        rules.advance(state, t, ctx)
        return state

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        return rules.prompts(state, self.tables(state))

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> tuple[Prompt, ...]:
        return rules.apply(state, self.tables(state), seat, answer, ctx)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, seat, self.tables(state))

    def player_view(self, state: State, seat: str | None) -> dict[str, Any]:
        """:meth:`view` for a computer player, its costly parts built only
        when read (issue 14; view.player_view)."""
        return player_view(state, seat, self.tables(state))

    def table_view(self, state: State, view: dict[str, Any]) -> dict[str, Any]:
        """What the web table adds to ``view`` (the seat's own): where each
        ship of its open plot form would end for each speed and helm, for
        drag moves. Not part of ``view``: the program's players never need
        it, and working it out for every decision would slow them."""
        from quarterdeck.rulesets.acw_river.movement import table_view

        return table_view(state, self.tables(state), view)

    def hidden(self, state: State) -> list[Secret]:
        return hidden(state)

    def ai(self, seat: str, seed: int) -> Any:
        from quarterdeck.rulesets.acw_river.ai import AcwRiverAI

        return AcwRiverAI(seat, seed)

    def render(self, state: State, seat: str | None) -> str:
        return render(state, seat, self.tables(state))

    def invariants(self, state: State) -> list[str]:
        out = []
        for sid, ship in state.ships.items():
            if ship.spv < 0 or ship.spv > ship.spv_start:
                out.append(f"{sid}: SPV {ship.spv} out of 0..{ship.spv_start}")
            c = ship.crew
            if min(c.engine, c.boiler, c.reserve, c.away, c.lost) < 0:
                out.append(f"{sid}: negative crew {c}")
            if c.away > c.reserve:
                out.append(f"{sid}: more CPV away ({c.away}) than in reserve ({c.reserve})")
        return out
