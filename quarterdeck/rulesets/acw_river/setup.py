"""Building the game: fleets, forts, towns and terrain from a scenario, the
commanders rolled (Definitions; Determine Fleet commander and Captains
qualities; Fort Commander; Forts and Buildings; Smoke; Fog).

The random river and estuary set-up (roll-offs, terrain cards, minefields,
current, depth, tides) is ``randomtable.py``; this module builds what a
scenario states and what every game needs.
"""

from __future__ import annotations

import math

from quarterdeck.core.dice import Deck
from quarterdeck.core.engine import Context
from quarterdeck.core.errors import ScenarioError
from quarterdeck.core.explain import at_least, faces, total
from quarterdeck.core.scenario import Scenario
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets.acw_river.commanders import roll_commander
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.scenario import (
    AcwScenario,
    FeatureSpec,
    FortSpec,
    PlaceSpec,
    ShipSpec,
    TableSpec,
)
from quarterdeck.rulesets.acw_river.state import (
    Feature,
    Fort,
    Gun,
    Minefield,
    Order,
    Place,
    Ship,
    SideState,
    State,
    Table,
)
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.values import STEAM, allot, build_guns, ship_values

R_SMOKE = "Smoke"
R_FOG = "Fog"
R_FORTS = "Forts and Buildings"

ORDER_KINDS = ("engage", "proceed", "station", "hold", "land")


def parse_order(text: str) -> Order:
    """``engage``, ``engage:<ship>``, ``proceed:upstream``, ``station:<ship>``,
    ``hold``, ``land:<place>``."""
    kind, _, target = text.partition(":")
    if kind not in ORDER_KINDS:
        raise ValueError(f"order {text!r}: legal kinds are {', '.join(ORDER_KINDS)}")
    return Order(kind, target)  # type: ignore[arg-type]


def order_text(order: Order) -> str:
    return f"{order.kind}:{order.target}" if order.target else order.kind


def build_ship(spec: ShipSpec, heading: float, t: Tables, where: str = "") -> Ship:
    """A ship in her starting condition, her values computed from her facts."""
    facts = ship_facts(spec.ship, where)
    v = ship_values(facts, t, where)
    guns, turrets = build_guns(facts)
    crew = allot(v.cpv, guns, facts.propulsion in STEAM, t)
    hull_rules = t.hulls[facts.hull or ""]
    x = spec.x if spec.x is not None else 0.0
    y = spec.y if spec.y is not None else 0.0
    return Ship(
        id=spec.id,
        facts=spec.ship,
        name=spec.name or facts.name,
        side=spec.side,
        owner=spec.side,
        hull=facts.hull or "",
        length=v.length,
        beam=v.beam,
        x=x,
        y=y,
        heading=(spec.heading if spec.heading is not None else heading) % 360,
        speed=min(spec.speed, v.max_speed),
        max_speed=v.max_speed,
        reverse_max=v.reverse_max,
        double_ender=facts.double_ender,
        turning=v.turning,
        spv_start=v.spv,
        spv=v.spv,
        pv=v.pv,
        cpv_start=v.cpv,
        draught_start=v.draught,
        draught=v.draught,
        sloped=facts.armour_sloped,
        small=facts.low_profile or hull_rules.small_target,
        ram=facts.ram,
        spar=facts.spar if spec.spar is None else spec.spar,
        guns=guns,
        turrets=turrets,
        crew=crew,
        captain=f"cpt-{spec.id}",
        anchored=spec.anchored,
        balloon=spec.balloon,
        fireship=spec.fireship,
        ram_class=v.ram_class,
    )


def build_fort(spec: FortSpec, t: Tables) -> Fort:
    """A fort: FPV from its area (Forts and Buildings), guns by grid square."""
    per = t.forts.stonework if spec.kind == "stonework" else t.forts.earthwork
    fpv = round(spec.w * spec.h * per)
    guns: list[Gun] = []
    for g in spec.guns:
        if g.type not in t.gunfire.guns:
            raise ScenarioError(
                f"fort {spec.id}: gun type {g.type!r}; legal values: "
                + ", ".join(sorted(t.gunfire.guns))
            )
        for _ in range(g.count):
            guns.append(Gun(f"g{len(guns) + 1}", g.type, "fort", square=g.square))
    return Fort(
        id=spec.id,
        name=spec.name,
        side=spec.side,
        owner=spec.side,
        kind=spec.kind,
        x=spec.x,
        y=spec.y,
        w=spec.w,
        h=spec.h,
        fpv_start=fpv,
        fpv=fpv,
        commander=f"fcdr-{spec.id}",
        guns=guns,
        cpv=list(spec.cpv),
        cpv_start=sum(spec.cpv),
        commander_square=spec.commander_square,
    )


def build_place(spec: PlaceSpec, t: Tables) -> Place:
    """A town or port of six buildings, one to each grid square, each with its
    share of the BPV (5 a quarter-inch square)."""
    each = round(spec.w * spec.h * t.forts.building / 6)
    return Place(
        spec.id, spec.name, spec.kind, spec.x, spec.y, spec.w, spec.h, [each] * 6, [each] * 6
    )


def build_feature(spec: FeatureSpec) -> Feature:
    return Feature(
        spec.id, spec.kind, [(p[0], p[1]) for p in spec.polygon], spec.label, 0, spec.depth
    )


def build_table(spec: TableSpec) -> Table:
    return Table(
        width=spec.width,
        length=spec.length,
        kind=spec.kind,
        upstream=spec.upstream,
        depth=spec.depth,
        tidal=spec.tidal,
        tide_range=spec.tide_range,
        lanes=list(spec.lanes),
        river_x=(spec.bank, spec.width - spec.bank),
        wind=spec.wind or "none",
        early_morning=spec.early_morning,
    )


def banks(table: Table) -> list[Feature]:
    """Land along both long edges of the table (the river's banks)."""
    west, east = table.river_x
    out = []
    if west > 0:
        out.append(
            Feature(
                "bank-west",
                "land",
                [(0.0, 0.0), (west, 0.0), (west, table.length), (0.0, table.length)],
                "west bank",
            )
        )
    if east < table.width:
        w = table.width
        out.append(
            Feature(
                "bank-east",
                "land",
                [(east, 0.0), (w, 0.0), (w, table.length), (east, table.length)],
                "east bank",
            )
        )
    return out


def deploy(state: State, side: str, t: Tables) -> None:
    """Place a fleet that the scenario leaves unplaced at its own end, in
    line abreast across the river (Table Set Up: the fleets start at their
    ends of the table)."""
    table = state.table
    ships = [s for s in state.ships.values() if s.side == side and s.x == 0.0 and s.y == 0.0]
    if not ships:
        return
    up = state.sides[side].end == "upstream"
    west, east = table.river_x
    gap = (east - west) / (len(ships) + 1)
    for n, ship in enumerate(ships):
        ship.x = round(west + gap * (n + 1), 3)
        depth = t.setup.deploy_depth - ship.length / 2 - 0.5
        ship.y = round(table.length - depth if up else depth, 3)
        ship.heading = 180.0 if up else 0.0


def new_state(scenario: Scenario, ctx: Context, t: Tables) -> State:
    """The game at the start, before any set-up roll: fleets, forts, places,
    terrain and minefields as the scenario states them; commanders rolled."""
    model: AcwScenario = scenario.model
    fighting = scenario.combatants if hasattr(scenario, "combatants") else scenario.side_names
    umpire = next((s.name for s in scenario.header.sides if s.role == "umpire"), None)
    sides = {
        name: SideState(name, model.fleets[name].nation, model.fleets[name].end)
        for name in fighting
    }
    table = build_table(model.table)
    ships: dict[str, Ship] = {}
    for n, spec in enumerate(model.ships):
        heading = 180.0 if sides[spec.side].end == "upstream" else 0.0
        ships[spec.id] = build_ship(spec, heading, t, f"{scenario.path}: ships[{n}] ({spec.id}): ")
    features = banks(table) + [build_feature(f) for f in model.features]
    minefields = [
        Minefield(m.id, m.owner, m.x, m.y, m.w, m.h, m.real, [m.owner]) for m in model.minefields
    ]
    state = State(
        sides=sides,
        umpire=umpire,
        turn_limit=scenario.header.turn_limit,
        table=table,
        features=features,
        minefields=minefields,
        ships=ships,
        commanders={},
        forts={f.id: build_fort(f, t) for f in model.forts},
        places={p.id: build_place(p, t) for p in model.places},
        objective_deck=Deck("objectives", []),
        house_rules=model.house_rules,
        sighted={name: [] for name in sides},
        setup={"roll_wind": model.table.wind == ""},
    )
    for spec in model.ships:
        ship = ships[spec.id]
        if spec.order:
            sides[spec.side].orders[spec.id] = parse_order(spec.order)
        if spec.flagship and not sides[spec.side].flagship:
            sides[spec.side].flagship = spec.id
    for name in sides:
        for ship in ships.values():
            if ship.side == name and ship.id not in sides[name].orders:
                sides[name].orders[ship.id] = Order("engage")
        for fort in state.forts.values():
            if fort.side == name:
                sides[name].orders.setdefault(fort.id, Order("engage"))
        if not sides[name].flagship:
            own = [s.id for s in ships.values() if s.side == name]
            if own:
                sides[name].flagship = own[0]
    for name, cards in model.objectives.items():
        sides[name].objectives = list(cards)
    return state


def roll_commanders(state: State, scenario: Scenario, ctx: Context, t: Tables) -> None:
    """Four coloured dice for every captain, fleet commander and fort
    commander, each in secret for his side."""
    model: AcwScenario = scenario.model
    captains = {s.id: s.captain for s in model.ships}
    for side in state.sides.values():
        fleet = next((f for n, f in model.fleets.items() if n == side.name), None)
        name = fleet.commander if fleet is not None else "Fleet commander"
        c = roll_commander(ctx, f"cdr-{side.name}", name, side.name, "fleet", side.flagship, t)
        state.commanders[c.id] = c
        side.commander = c.id
    for ship in state.ships.values():
        name = captains.get(ship.id) or f"Captain of {ship.name}"
        c = roll_commander(ctx, ship.captain, name, ship.side, "captain", ship.id, t)
        state.commanders[c.id] = c
    for spec in model.forts:
        fort = state.forts[spec.id]
        c = roll_commander(ctx, fort.commander, spec.commander, fort.side, "fort", fort.id, t)
        state.commanders[c.id] = c


def roll_weather(state: State, ctx: Context, t: Tables) -> None:
    """Smoke: is there wind, and from where (one die, then one for the
    direction). Fog: in the early morning, one die for fog, then two dice
    for the visibility in inches."""
    table = state.table
    if not state.setup.get("roll_wind", True):
        ctx.log(f"Wind: {table.wind} (the scenario's)", R_SMOKE)
        die = 0
    else:
        die = roll(
            ctx,
            "Wind",
            1,
            R_SMOKE,
            seat=None,
            goal=f"{t.smoke.wind_on} or more: wind",
            math=at_least(
                t.smoke.wind_on, outcomes=((1, "no wind"), (t.smoke.wind_on, "a wind blows"))
            ),
        )[0]
    if not state.setup.get("roll_wind", True):
        pass
    elif die >= t.smoke.wind_on:
        way = roll(
            ctx,
            "Wind direction",
            1,
            R_SMOKE,
            seat=None,
            math=faces(f"from the {t.smoke.wind[str(n)]}" for n in range(1, 7)),
        )[0]
        table.wind = t.smoke.wind[str(way)]
        ctx.log(f"Wind from the {table.wind}: smoke clears at once", R_SMOKE)
    else:
        table.wind = "none"
        ctx.log("No wind: gun smoke hangs about the guns", R_SMOKE)
    if table.early_morning:
        fog = roll(
            ctx,
            "Early morning fog",
            1,
            R_FOG,
            seat=None,
            goal=f"{t.fog.fog_on} or more: fog",
            math=at_least(t.fog.fog_on, outcomes=((1, "clear"), (t.fog.fog_on, "fog"))),
        )[0]
        if fog >= t.fog.fog_on:
            seen = sum(
                roll(ctx, "Visibility in the fog", t.fog.dice, R_FOG, seat=None, math=total())
            )
            table.fog = float(seen)
            ctx.log(f"Fog: visibility {seen} inches, lifting as the morning goes on", R_FOG)


def lift_fog(state: State, ctx: Context, t: Tables) -> None:
    """Fog: visibility grows by a quarter each move, up to full."""
    if state.table.fog is None:
        return
    seen = state.table.fog * t.fog.lift
    if seen >= t.visibility.range:
        state.table.fog = None
        ctx.log("The fog has lifted", R_FOG)
    else:
        state.table.fog = round(seen, 3)
        ctx.log(f"The fog thins: visibility {state.table.fog:g} inches", R_FOG)


def fort_area(fort: Fort) -> list[tuple[float, float]]:
    from quarterdeck.rulesets.acw_river.terrain import rect

    return rect(fort.x, fort.y, fort.w, fort.h)


def circle(cx: float, cy: float, r: float, n: int = 12) -> list[tuple[float, float]]:
    return [
        (
            round(cx + r * math.sin(2 * math.pi * k / n), 3),
            round(cy + r * math.cos(2 * math.pi * k / n), 3),
        )
        for k in range(n)
    ]
