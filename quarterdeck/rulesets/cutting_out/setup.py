"""Cutting Out Party: checking a scenario and setting out the table.

A scenario names the raiders' and the defenders' sides, the ship at anchor
(the prize), the shore batteries, the boats and parties, and the figures in
each by type and nationality. The deck cut-out of a ship is drawn from her
length and beam in quarterdeck/data/ships/ at the figures' scale.
"""

from __future__ import annotations

import math

from quarterdeck.core.dice import Deck
from quarterdeck.core.errors import ScenarioError
from quarterdeck.core.scenario import Scenario
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.state import (
    Battery,
    Boat,
    CuttingOutScenario,
    Figure,
    FigureGroup,
    Gun,
    Landing,
    Party,
    Ship,
    ShipSpec,
    State,
)
from quarterdeck.rulesets.cutting_out.tables import Tables, tables_with

EVENT_CARDS = ("moon", "choppy", "ensign", "asleep", "party", "no-event")


def ship_size(spec: ShipSpec, t: Tables, where: str = "") -> tuple[str, float, float]:
    """A ship's name and deck length and beam in table inches, from her facts
    (or the scenario's own figures for a ship that is not historical)."""
    name: str | None
    if spec.facts is not None:
        facts = ship_facts(spec.facts, f"{where}field 'facts': ")
        length_ft = spec.length_ft or facts.length_ft
        beam_ft = spec.beam_ft or facts.beam_ft
        name = spec.name or facts.name
    else:
        length_ft, beam_ft, name = spec.length_ft, spec.beam_ft, spec.name
    if length_ft is None or beam_ft is None or not name:
        raise ScenarioError(
            f"{where}a ship needs 'facts' (a ship in quarterdeck/data/ships/ with "
            "length_ft and beam_ft), or 'name', 'length_ft' and 'beam_ft'"
        )
    scale = t.figures.feet_per_inch
    return name, length_ft / scale, beam_ft / scale


def check(scenario: Scenario, model: CuttingOutScenario, t: Tables) -> list[str]:
    """Refuse what the model cannot: sides, kinds, posts, references. Returns
    the forces, one line each, for ``quarterdeck scenarios show``."""
    where = f"{scenario.path}: "
    fighting = scenario.combatants
    for name, value in (("raiders", model.raiders), ("defenders", model.defenders)):
        if value not in fighting:
            raise ScenarioError(
                f"{where}field '{name}': {value!r} is not a fighting side "
                f"(legal values: {', '.join(fighting)})"
            )
    if model.raiders == model.defenders:
        raise ScenarioError(f"{where}fields 'raiders' and 'defenders' must name different sides")
    sides = (model.raiders, model.defenders)

    def side_ok(field: str, value: str) -> None:
        if value not in sides:
            raise ScenarioError(
                f"{where}field '{field}': {value!r} is not a side (legal values: "
                f"{', '.join(sides)})"
            )

    summary: list[str] = []
    for n, s in enumerate(model.ships):
        side_ok(f"ships[{n}].side", s.side)
        name, length, beam = ship_size(s, t, f"{where}ships[{n}] ({s.id}): ")
        for k, post in enumerate(s.guard):
            pos = harbour.post(_probe_ship(s, length, beam), t, post.post)
            if pos is None:
                legal = [*harbour.boarding_points(_probe_ship(s, length, beam), t), *t.deck.posts]
                raise ScenarioError(
                    f"{where}field 'ships[{n}].guard[{k}].post': {post.post!r} is not a post "
                    f"(legal values: {', '.join(legal)})"
                )
        guard = sum(x.count for x in s.guard)
        below = sum(x.count for x in s.crew_below)
        summary.append(
            f"{s.side}: {name} at anchor, {length:.1f} x {beam:.1f} in deck, "
            f"{s.hull_points} hull points, {len(s.guns)} gun{'s' if len(s.guns) != 1 else ''}; "
            f"guard {guard}, "
            f"{below} below"
        )
    prize = model.prize or model.ships[0].id
    if next(s for s in model.ships if s.id == prize).side != model.defenders:
        raise ScenarioError(f"{where}field 'prize': the prize {prize!r} must be the defenders'")
    for n, b in enumerate(model.batteries):
        side_ok(f"batteries[{n}].side", b.side)
        men = sum(g.count for g in b.garrison)
        gunners = sum(t.cannon.crew if g.crew is None else g.crew for g in b.guns)
        summary.append(
            f"{b.side}: {b.name}, {len(b.guns)} guns with {gunners} gun crew, garrison {men}"
        )
    for n, boat in enumerate(model.boats):
        side_ok(f"boats[{n}].side", boat.side)
        if boat.kind not in t.boats:
            raise ScenarioError(
                f"{where}field 'boats[{n}].kind': {boat.kind!r} is not a kind of boat "
                f"(legal values: {', '.join(t.boats)})"
            )
        kind = t.boats[boat.kind]
        men = sum(g.count for g in boat.figures)
        if men > kind.capacity:
            raise ScenarioError(
                f"{where}field 'boats[{n}].figures': {men} figures; a {kind.title} "
                f"carries at most {kind.capacity}"
            )
        summary.append(f"{boat.side}: {boat.name} ({kind.title}), {_men(boat.figures)}")
    landings = {lg.id for lg in model.landings}
    for n, boat in enumerate(model.boats):
        if boat.at is not None and boat.at not in landings:
            raise ScenarioError(
                f"{where}field 'boats[{n}].at': {boat.at!r} is not a landing place "
                f"(legal values: {', '.join(sorted(landings)) or 'none'})"
            )
    for n, p in enumerate(model.parties):
        side_ok(f"parties[{n}].side", p.side)
        summary.append(f"{p.side}: {p.name} on land, {_men(p.figures)}")
    if "events" in scenario.header.decks:
        ids = [c for c, _ in _event_cards(scenario)]
        unknown = [i for i in ids if i not in EVENT_CARDS]
        if unknown:
            raise ScenarioError(
                f"{where}field 'decks.events.cards': {unknown[0]!r} is not an event card "
                f"(legal values: {', '.join(EVENT_CARDS)})"
            )
    if model.random_events and "events" not in scenario.header.decks:
        raise ScenarioError(
            f"{where}field 'random_events': the scenario draws event cards but has no "
            "[decks.events]"
        )
    return summary


def _event_cards(scenario: Scenario) -> list[tuple[str, int]]:
    """The scenario's events deck: each card and how many of it."""
    return [(c.id, c.count) for c in scenario.deck("events").cards]


def _men(groups: list[FigureGroup]) -> str:
    return ", ".join(f"{g.count} {g.type}{'s' if g.count > 1 else ''}" for g in groups)


def _probe_ship(spec: ShipSpec, length: float, beam: float) -> Ship:
    return Ship(spec.id, "", spec.side, spec.nation, spec.x, spec.y, spec.heading, length, beam, 1)


def spread(centre: tuple[float, float], count: int, spacing: float) -> list[tuple[float, float]]:
    """``count`` places in a small square block around ``centre``."""
    cols = max(1, math.ceil(math.sqrt(count)))
    rows = math.ceil(count / cols)
    out = []
    for n in range(count):
        r, c = divmod(n, cols)
        out.append(
            (
                centre[0] + (c - (cols - 1) / 2) * spacing,
                centre[1] + (r - (rows - 1) / 2) * spacing,
            )
        )
    return out


def build(scenario: Scenario, model: CuttingOutScenario, t: Tables) -> State:
    """The table as the scenario sets it out."""
    figures: dict[str, Figure] = {}
    parties: dict[str, Party] = {}
    guns: dict[str, Gun] = {}
    spacing = t.figures.base * 1.05

    def add(party: Party, groups: list[FigureGroup], where: str, place: str = "") -> list[Figure]:
        made = []
        for g in groups:
            for _ in range(g.count):
                fid = f"{party.id}-{len([f for f in figures.values() if f.party == party.id]) + 1}"
                fig = Figure(
                    fid,
                    party.side,
                    party.id,
                    g.type,
                    g.nation or party.nation,
                    where,
                    place,
                    charismatic=g.charismatic,
                )
                figures[fid] = fig
                made.append(fig)
        party.start += len(made)
        return made

    ships: dict[str, Ship] = {}
    for spec in model.ships:
        name, length, beam = ship_size(spec, t)
        ship = Ship(
            spec.id,
            name,
            spec.side,
            spec.nation,
            spec.x,
            spec.y,
            spec.heading % 360,
            length,
            beam,
            spec.hull_points,
            rig=spec.rig,
            route=[(float(x), float(y)) for x, y in spec.route],
            facts=spec.facts or "",
        )
        ships[spec.id] = ship
        guard = Party(f"{spec.id}-guard", f"{name}'s guard", spec.side, "guard", spec.nation, 0)
        guard.ship = spec.id
        crew = Party(f"{spec.id}-crew", f"{name}'s crew", spec.side, "crew", spec.nation, 0)
        crew.ship = spec.id
        parties[guard.id] = guard
        parties[crew.id] = crew
        for watch in spec.guard:
            at = harbour.post(ship, t, watch.post)
            assert at is not None
            made = add(guard, [FigureGroup(type=watch.type, count=watch.count)], "deck", spec.id)
            for fig, (x, y) in zip(made, spread(at, len(made), spacing), strict=True):
                fig.x, fig.y = harbour.clamp_to_deck(ship, x, y)
        add(crew, spec.crew_below, "below", spec.id)
        for n, sg in enumerate(spec.guns):
            sign = {"starboard": 1.0, "larboard": -1.0, "bow": 0.0}[sg.side]
            gid = f"{spec.id}-gun-{n + 1}"
            guns[gid] = Gun(
                gid,
                f"{name} {sg.side} {'swivel' if sg.kind == 'swivel' else 'gun'} {n + 1}",
                sg.kind,
                "ship",
                spec.id,
                sg.at * length,
                sign * max(0.0, beam / 2 - 0.5),
                sign * 90.0,  # the bow: dead ahead
                t.cannon.swivel_arc if sg.kind == "swivel" else t.cannon.ship_arc,
                t.cannon.crew,
            )
    batteries: dict[str, Battery] = {}
    for spec_b in model.batteries:
        cx = sum(p[0] for p in spec_b.outline) / len(spec_b.outline)
        cy = sum(p[1] for p in spec_b.outline) / len(spec_b.outline)
        battery = Battery(
            spec_b.id,
            spec_b.name,
            spec_b.side,
            spec_b.nation,
            [(float(x), float(y)) for x, y in spec_b.outline],
            cx,
            cy,
        )
        batteries[spec_b.id] = battery
        party = Party(
            spec_b.id, f"{spec_b.name} garrison", spec_b.side, "garrison", spec_b.nation, 0
        )
        party.battery = spec_b.id
        parties[party.id] = party
        for n, lg in enumerate(spec_b.guns):
            gid = f"{spec_b.id}-gun-{n + 1}"
            crew_n = t.cannon.crew if lg.crew is None else lg.crew
            guns[gid] = Gun(
                gid,
                f"{spec_b.name} {'swivel' if lg.kind == 'swivel' else 'gun'} {n + 1}",
                lg.kind,
                "battery",
                spec_b.id,
                lg.x,
                lg.y,
                lg.facing % 360,
                lg.arc,
                crew_n,
            )
            if crew_n:
                made = add(party, [FigureGroup(type="gun-crew", count=crew_n)], "land")
                ring = [
                    (
                        lg.x + 0.6 * math.cos(2 * math.pi * k / crew_n),
                        lg.y + 0.6 * math.sin(2 * math.pi * k / crew_n),
                    )
                    for k in range(crew_n)
                ]
                for fig, (x, y) in zip(made, ring, strict=True):
                    fig.x, fig.y = x, y
        if spec_b.garrison:
            made = add(party, spec_b.garrison, "land")
            for fig, (x, y) in zip(made, spread((cx, cy), len(made), spacing), strict=True):
                fig.x, fig.y = x, y
    boats: dict[str, Boat] = {}
    for spec_boat in model.boats:
        kind = t.boats[spec_boat.kind]
        boats[spec_boat.id] = Boat(
            spec_boat.id,
            spec_boat.name,
            spec_boat.kind,
            spec_boat.side,
            spec_boat.x,
            spec_boat.y,
            spec_boat.heading % 360,
            kind.length_ft / t.figures.feet_per_inch,
            kind.capacity,
            spec_boat.hull_points or kind.hull_points,
            task=spec_boat.task,
        )
        if spec_boat.at is not None:
            spot = next(lg for lg in model.landings if lg.id == spec_boat.at)
            boat = boats[spec_boat.id]
            boat.x, boat.y, boat.landed, boat.landed_turn = spot.x, spot.y, spot.id, 0
        party = Party(
            spec_boat.id,
            f"{spec_boat.name}'s crew",
            spec_boat.side,
            "boat",
            spec_boat.nation,
            0,
            boat=spec_boat.id,
            task=spec_boat.task,
        )
        parties[party.id] = party
        add(party, spec_boat.figures, "boat", spec_boat.id)
    for spec_p in model.parties:
        party = Party(
            spec_p.id, spec_p.name, spec_p.side, "land", spec_p.nation, 0, task=spec_p.task
        )
        parties[party.id] = party
        made = add(party, spec_p.figures, "land")
        for fig, (x, y) in zip(made, spread((spec_p.x, spec_p.y), len(made), spacing), strict=True):
            fig.x, fig.y = x, y
    deck = None
    if model.random_events and "events" in scenario.header.decks:
        deck = Deck.of("events", dict(_event_cards(scenario)))
    umpire = scenario.umpire
    return State(
        raiders=model.raiders,
        defenders=model.defenders,
        umpire=umpire,
        table=(float(model.table[0]), float(model.table[1])),
        light=model.light,
        exit=model.exit,
        prize=model.prize or model.ships[0].id,
        turn_limit=scenario.header.turn_limit,
        men_per_figure=model.men_per_figure,
        land=[[(float(x), float(y)) for x, y in p] for p in model.land],
        earthworks=[[(float(x), float(y)) for x, y in p] for p in model.earthworks],
        landings={
            s.id: Landing(s.id, s.name, s.kind, float(s.x), float(s.y)) for s in model.landings
        },
        ships=ships,
        batteries=batteries,
        guns=guns,
        boats=boats,
        parties=parties,
        figures=figures,
        events=deck,
        random_events=deck is not None,
        house_rules=model.house_rules,
        prisoners={model.raiders: 0, model.defenders: 0},
        alarm_turn=-1 if model.alarmed else 0,
        alarm_reason="the defenders expect the raid" if model.alarmed else "",
    )


def tables_for(model: CuttingOutScenario) -> Tables:
    return tables_with(model.house_rules)
