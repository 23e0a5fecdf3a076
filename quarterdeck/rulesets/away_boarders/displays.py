"""The Ship Displays (1.4), reconstructed in displays.toml, and the ship
built from a display and the shared historical facts."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.errors import ScenarioError
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets.away_boarders.state import (
    BATTERIES,
    TASK_BOXES,
    DisplaySpec,
    Gun,
    Ship,
    ShipSpec,
)
from quarterdeck.rulesets.away_boarders.tables import Tables

DISPLAYS = Path(__file__).with_name("displays.toml")


@cache
def displays() -> dict[str, DisplaySpec]:
    with DISPLAYS.open("rb") as fh:
        data = tomllib.load(fh)
    out: dict[str, DisplaySpec] = {}
    for key, value in data.items():
        try:
            out[key] = DisplaySpec.model_validate(value)
        except ValidationError as exc:
            raise ScenarioError(f"{DISPLAYS}: display {key!r}: {exc}") from None
    return out


def display(key: str, where: str = "") -> DisplaySpec:
    known = displays()
    if key not in known:
        raise ScenarioError(
            f"{where}no Away, Boarders! ship display for {key!r}; "
            f"displays: {', '.join(sorted(known))}"
        )
    return known[key]


def crew_markers(key: str, t: Tables) -> int:
    spec = display(key)
    if spec.crew_markers is not None:
        return spec.crew_markers
    return t.derive.crew_markers(ship_facts(key).complement)


def hull_boxes(key: str, t: Tables) -> int:
    spec = display(key)
    if spec.hull_boxes is not None:
        return spec.hull_boxes
    tons = ship_facts(key).tons_burthen
    return t.derive.hull_boxes(tons if tons is not None else 0)


def build_guns(spec: DisplaySpec) -> list[Gun]:
    guns: list[Gun] = []
    for g in spec.guns:
        if g.mount == "broadside":
            sides = ["port", "starboard"]
        elif g.mount == "bow":
            sides = ["bow"]
        else:
            sides = [g.side]
        for side in sides:
            for _ in range(g.count):
                guns.append(Gun(g.type, g.mount, side, len(guns) + 1))
    return guns


def default_crew(ship: Ship, total: int, t: Tables) -> dict[str, int]:
    """Opening assignment: enough at the yards to make sail, the rest at the guns."""
    per = t.crew.sail_per_square_mast if ship.rig == "square" else t.crew.sail_per_fore_and_aft_mast
    yards = min(total, per * len(ship.masts))
    crew = dict.fromkeys(TASK_BOXES, 0)
    crew["yards"] = yards
    crew["guns"] = total - yards
    return crew


def build_ship(spec: ShipSpec, t: Tables, where: str = "") -> Ship:
    facts = ship_facts(spec.ship, where)
    d = display(spec.ship, where)
    guns = build_guns(d)
    for g in guns:
        if g.type not in t.guns.types:
            raise ScenarioError(
                f"{where}gun type {g.type!r} is not on the Hit Table "
                f"(legal values: {', '.join(t.guns.types)})"
            )
    q, r = pg.from_column(*spec.at)
    ship = Ship(
        id=spec.id,
        key=spec.ship,
        name=spec.name or facts.name,
        side=spec.side,
        rig=d.rig,
        base_speed=d.base_speed,
        mast_names=[m.name for m in d.masts],
        masts=[[0] * m.boxes for m in d.masts],
        hull=[0] * hull_boxes(spec.ship, t),
        crew={},
        guns=guns,
        load=dict.fromkeys(BATTERIES, spec.load),
        sail=spec.sail,
        q=q,
        r=r,
        facing=spec.facing,
        value=spec.value
        if spec.value is not None
        else sum(1 for g in guns if not t.guns.types[g.type].small),
    )
    total = crew_markers(spec.ship, t)
    if spec.crew is None:
        ship.crew = default_crew(ship, total, t)
    else:
        placed = sum(spec.crew.values())
        if placed > total:
            raise ScenarioError(
                f"{where}field 'crew' places {placed} crew markers; {facts.name} has {total}"
            )
        ship.crew = {b: spec.crew.get(b, 0) for b in TASK_BOXES}
        ship.crew["guns"] += total - placed
    return ship
