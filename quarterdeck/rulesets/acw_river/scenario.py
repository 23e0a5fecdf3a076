"""ACW River and Coastal: the rule-set part of a scenario file.

A scenario is either historical (every ship, fort, town, sandbar and mined
area placed by the file, the objectives stated) or random (``[random]``: the
table set up by the rules' roll-offs and terrain cards, the objective cards
dealt). Errors name the file, the line, the field and the legal values.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.scenario import SLUG, PolygonPoints

Vec = tuple[float, float]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FleetSpec(_Model):
    """One side's fleet: its nation, its end of the table, its commander."""

    nation: Literal["union", "confederate"]
    end: Literal["upstream", "downstream"]
    commander: str = "Fleet commander"


class ShipSpec(_Model):
    """A vessel: her facts (a key of quarterdeck/data/ships/*.toml), side and
    pose; x and y may be left out in a random set-up (the fleet deploys at
    its end of the table)."""

    id: str = Field(pattern=SLUG)
    ship: str
    side: str
    x: float | None = None
    y: float | None = None
    heading: float | None = None
    speed: int = Field(default=0, ge=0)
    name: str = ""  # her name at the table, where two share the facts' (two fire rafts)
    captain: str = ""
    flagship: bool = False  # the fleet commander is aboard
    order: str = ""  # her standing order to start with, e.g. "engage", "proceed:upstream"
    spar: bool | None = None  # fitted with a spar torpedo (else as her facts say)
    anchored: bool = False
    aground: bool = False  # stuck on the shoal or shore where she stands
    balloon: bool = False
    fireship: Literal["", "fire", "explosive"] = ""
    drop_if_fort: bool = False  # random set-up: left out when a fort is dealt


class FortGunSpec(_Model):
    type: str
    count: int = Field(default=1, ge=1)
    square: int = Field(default=1, ge=1, le=6)


class FortSpec(_Model):
    """A fort: a rectangle of earthwork or stonework, its guns and CPV by
    grid square (1 to 6), its commander's square."""

    id: str = Field(pattern=SLUG)
    name: str
    side: str
    kind: Literal["earthwork", "stonework"] = "earthwork"
    x: float
    y: float
    w: float = Field(gt=0)
    h: float = Field(gt=0)
    guns: list[FortGunSpec] = Field(default_factory=list)
    cpv: list[int] = Field(default_factory=lambda: [1, 1, 1, 1, 1, 1], min_length=6, max_length=6)
    commander: str = "Fort commander"
    commander_square: int = Field(default=1, ge=1, le=6)


class PlaceSpec(_Model):
    """A town or a port ashore."""

    id: str = Field(pattern=SLUG)
    name: str
    kind: Literal["town", "port"]
    x: float
    y: float
    w: float = Field(default=4.0, gt=0)
    h: float = Field(default=3.0, gt=0)


class FeatureSpec(_Model):
    """Terrain placed by the scenario: land (a polygon), a shoal with its
    depth, stakes, rocks, a spar chain (a line given as a thin polygon), a
    wreck."""

    id: str = Field(pattern=SLUG)
    kind: Literal["land", "shoal", "stakes", "rocks", "chain", "wreck"]
    polygon: PolygonPoints
    label: str = ""
    depth: int | None = Field(default=None, ge=0)


class MinefieldSpec(_Model):
    id: str = Field(pattern=SLUG)
    owner: str
    x: float
    y: float
    w: float = Field(default=4.0, gt=0)
    h: float = Field(default=4.0, gt=0)
    real: bool = True


class TableSpec(_Model):
    """The table: size in inches (x across, y along the river, upstream at
    the top), river or estuary, depth in feet, the five current lanes in
    knots west to east, the tide, the weather."""

    width: float = Field(default=48.0, gt=0)
    length: float = Field(default=72.0, gt=0)
    kind: Literal["river", "estuary", "sea"] = "river"
    upstream: Literal["north", "south"] = "north"
    bank: float = Field(default=4.0, ge=0)  # land along each long edge
    depth: int = Field(default=12, ge=1)
    tidal: bool = False
    tide_range: int = Field(default=0, ge=0)
    lanes: list[int] = Field(default_factory=lambda: [0, 0, 0, 0, 0], min_length=5, max_length=5)
    early_morning: bool = False
    wind: Literal["", "none", "north", "east", "west", "south"] = ""  # "": rolled


class RandomSpec(_Model):
    """A random set-up by the rules (Table Set Up): river or estuary battle."""

    kind: Literal["river", "estuary"]
    tidal: bool = True  # an estuary subject to tides


class AcwScenario(_Model):
    """The rule-set part of an ACW river and coastal scenario."""

    model_config = ConfigDict(extra="allow")
    fleets: dict[str, FleetSpec]
    table: TableSpec = Field(default_factory=TableSpec)
    ships: list[ShipSpec] = Field(min_length=1)
    forts: list[FortSpec] = Field(default_factory=list)
    places: list[PlaceSpec] = Field(default_factory=list)
    features: list[FeatureSpec] = Field(default_factory=list)
    minefields: list[MinefieldSpec] = Field(default_factory=list)
    random: RandomSpec | None = None
    # historical: each side's objective cards (ids of tables' objectives);
    # left out in a random set-up, where they are dealt
    objectives: dict[str, list[str]] = Field(default_factory=dict)
    house_rules: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _references(self) -> AcwScenario:
        ids = [s.id for s in self.ships] + [f.id for f in self.forts] + [p.id for p in self.places]
        if len(set(ids)) != len(ids):
            raise ValueError(f"ship, fort and place ids must be unique, got {ids}")
        nations = sorted(f.nation for f in self.fleets.values())
        if nations != ["confederate", "union"]:
            raise ValueError("fleets: one union and one confederate fleet are needed")
        ends = sorted(f.end for f in self.fleets.values())
        if ends != ["downstream", "upstream"]:
            raise ValueError("fleets: one fleet upstream and one downstream")
        if self.random is None:
            for n, s in enumerate(self.ships):
                if s.x is None or s.y is None:
                    raise ValueError(f"ships[{n}] ({s.id}): x and y are needed without [random]")
        return self
