"""The Flotilla: ACW Ironclads rule set object: the engine contract (what the engine,
the web table and the simulations call; the rules themselves are in
``rules.py`` and the modules it names). Apart from the package's
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
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets import package_dir
from quarterdeck.rulesets.flotilla import land, rules
from quarterdeck.rulesets.flotilla.state import (
    Battery,
    FlotillaScenario,
    LandBattery,
    Ship,
    ShipSpec,
    State,
    Troop,
)
from quarterdeck.rulesets.flotilla.tables import (
    Roster,
    Tables,
    printed_tables,
    rosters,
    state_tables,
    tables_with,
)
from quarterdeck.rulesets.flotilla.view import player_view, render, view


def make_ship(spec: ShipSpec, card: Roster, t: Tables | None = None) -> Ship:
    """A ship in her starting condition, from her roster card; her model
    length from the (reconstructed) ``model_length`` table."""
    t = t or printed_tables()
    length = t.model_length.of(spec.roster)
    if length is None:
        raise ScenarioError(
            f"ship {spec.id}: roster {spec.roster!r} has no entry in the tables' "
            "[model_length] (the model's length in inches)"
        )
    top = card.morale[-1]
    morale = top if spec.morale is None else min(spec.morale, top)
    speed = max([v for v in card.speed if v <= spec.speed] or [0])
    return Ship(
        id=spec.id,
        name=card.name,
        side=spec.side,
        roster=spec.roster,
        cls=card.class_,
        length=length,
        x=spec.x,
        y=spec.y,
        heading=spec.heading % 360,
        speed=speed,
        speed_track=list(card.speed),
        increase=max(card.increase, default=0),
        decrease=max(card.decrease, default=0),
        reverse_dice=card.reverse_dice,
        row_dice=card.row_dice,
        turns={"first": card.turns.first, "middle": card.turns.middle, "end": card.turns.end},
        batteries=[
            Battery(b.name, b.weight, list(b.track), list(b.checks)) for b in card.batteries
        ],
        crew_track=list(card.crew),
        crew_checks=list(card.crew_checks),
        crew_pos=len(card.crew) - 1,
        morale=morale,
        morale_max=top,
        boxes=card.boxes(t.damage.tick_order),
        yellow_box=card.yellow_box,
        box_cells=card.cells(t.damage.tick_order),
        flagship=spec.flagship,
        spar=card.spar if spec.spar is None else spec.spar,
        moving=speed > 0,
        anchored=speed == 0,
        party=spec.party,
        owner=spec.side,
        buttoned_up=card.class_ == "ironclad" if spec.buttoned_up is None else spec.buttoned_up,
    )


class Flotilla(StateBasics):
    """The Flotilla rule set, registered as ``flotilla``."""

    def __init__(self) -> None:
        # (set here, not as a class attribute: the compiled build keeps an
        # instance attribute, and takes no object as a class default)
        self.info = RulesetInfo(
            id="flotilla",
            title="Flotilla: American Civil War Ironclads (David Raybin)",
            period="American Civil War ironclads, 15 mm, inches",
            playable=True,
            sections=(
                "Environment; Movement; Extra Power; Collisions, Ramming, and Running Aground; "
                "Spar Torpedo; Torpedoes; Damage; Specific Hit Chart; Firing; Aimed fire; "
                "Artillery fire against land based batteries and troops; Reloading; Mortars; "
                "Captain's Morale; Boarding Actions; Melee Combat on Land; Small arms fire"
            ),
            text="flotilla-acw-ironclads.md",
        )

    def scenario_dir(self) -> Path | None:
        return package_dir("quarterdeck.rulesets.flotilla") / "scenarios"

    def tables(self, state: State) -> Tables:
        return state_tables(state.house_rules)

    def parse_scenario(self, scenario: Scenario) -> FlotillaScenario:
        model = FlotillaScenario.model_validate(scenario.data)
        where = f"{scenario.path}: "
        fighting = scenario.combatants
        if len(fighting) != 2:
            raise ScenarioError(
                f"{where}field 'sides': Flotilla needs two fighting sides "
                f'(and optionally a game master, role = "umpire"), got {scenario.side_names}'
            )
        cards = rosters()
        for n, spec in enumerate(model.ships):
            if spec.side not in fighting:
                raise ScenarioError(
                    f"{where}ships[{n}] ({spec.id}): field 'side' is {spec.side!r}; "
                    f"legal values: {', '.join(fighting)}"
                )
            if spec.roster not in cards:
                raise ScenarioError(
                    f"{where}ships[{n}] ({spec.id}): field 'roster' is {spec.roster!r}; "
                    f"legal values: {', '.join(sorted(cards))}"
                )
            ship_facts(cards[spec.roster].ship, f"{where}ships[{n}] ({spec.id}): ")
        charts = tables_with(model.house_rules)
        for n, spec in enumerate(model.ships):
            if charts.model_length.of(spec.roster) is None:
                raise ScenarioError(
                    f"{where}ships[{n}] ({spec.id}): roster {spec.roster!r} has no model "
                    "length: add it to the tables' [model_length]"
                )
        others = [(b.id, b.side) for b in model.batteries] + [(u.id, u.side) for u in model.troops]
        others += [
            (f"victory.objectives[{n}]", o.side) for n, o in enumerate(model.victory.objectives)
        ]
        others += [(f"victory.exits.{side}", side) for side in model.victory.exits]
        for unit_id, side in others:
            if side not in fighting:
                raise ScenarioError(
                    f"{where}{unit_id}: field 'side' is {side!r}; "
                    f"legal values: {', '.join(fighting)}"
                )
        tables_with(model.house_rules)
        scenario.summary = [
            f"{s.side}: {cards[s.roster].name} ({cards[s.roster].class_})" for s in model.ships
        ]
        return model

    def new_state(self, scenario: Scenario, ctx: Context) -> State:
        model: FlotillaScenario = scenario.model
        cards = rosters()
        charts = tables_with(model.house_rules)
        ships = {s.id: make_ship(s, cards[s.roster], charts) for s in model.ships}
        troops = {
            tr.id: Troop(
                id=tr.id,
                name=tr.name,
                side=tr.side,
                men=tr.men,
                leaders=tr.leaders,
                quality=tr.quality,
                mounted=tr.mounted,
                x=tr.x,
                y=tr.y,
                cover=tr.cover,
                facing=tr.facing % 360,
            )
            for tr in model.troops
        }
        batteries = {}
        for b in model.batteries:
            batteries[b.id] = LandBattery(
                b.id,
                b.name,
                b.side,
                b.x,
                b.y,
                b.facing,
                b.guns,
                b.guns,
                b.weight,
                b.garrison,
                owner=b.side,
            )
            if b.garrison is not None:
                g = troops[b.garrison]
                g.fort, g.x, g.y, g.cover, g.facing = b.id, b.x, b.y, True, b.facing
        for s in ships.values():
            if s.party is not None:
                troops[s.party].aboard = s.id
        gm = model.game_master.model_dump()
        gm["visibility"] = {str(k): v for k, v in model.game_master.visibility.items()}
        gm["current"] = {str(k): v for k, v in model.game_master.current.items()}
        state = State(
            sides=scenario.combatants,
            gm=scenario.umpire,
            turn_limit=scenario.header.turn_limit,
            table=model.table,
            current=model.current,
            land=[list(p) for p in model.land],
            cover=[list(p) for p in model.cover],
            torpedoes=[(p[0], p[1]) for p in model.torpedoes],
            ships=ships,
            batteries=batteries,
            troops=troops,
            game_master=gm,
            house_rules=model.house_rules,
            victory=model.victory.model_dump(),
        )
        for troop in state.troops.values():  # men placed in a house or wood
            troop.cover = troop.cover or land.in_cover(state, (troop.x, troop.y))
        ctx.log(f"{scenario.title}: turn 1 begins", "scenario")
        rules.advance(state, self.tables(state), ctx)
        return state

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        p = rules.prompt(state, self.tables(state))
        return () if p is None else (p,)

    def apply(self, state: State, seat: str, answer: Answer, ctx: Context) -> None:
        rules.apply(state, self.tables(state), seat, answer, ctx)

    def hidden(self, state: State) -> list[Secret]:
        """Both sides see the whole table (torpedoes included; see
        docs/rules-notes.md); a side's standing fire orders are its own."""
        return [
            Secret(
                ("standing", seat),
                (seat,),
                decoy={k: "first" if v != "first" else "hold" for k, v in orders.items()},
            )
            for seat, orders in state.standing.items()
        ]

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def player_view(self, state: State, seat: str | None) -> dict[str, Any]:
        """:meth:`view` for a computer player, the parts it seldom reads
        built only where it reads them (:class:`quarterdeck.core.lazyview.LazyView`)."""
        return player_view(state, seat)

    def ai(self, seat: str, seed: int) -> Any:
        from quarterdeck.rulesets.flotilla.ai import FlotillaAI

        return FlotillaAI(seat, seed)

    def render(self, state: State, seat: str | None) -> str:
        return render(state, seat)
