"""Cutting Out Party: the scenario model (the rule-set part of a scenario
file), kept apart
from the state's dataclasses so that those compile as native classes under
mypyc (scripts/compile: mypyc cannot compile a pydantic model)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.scenario import SLUG, PolygonPoints
from quarterdeck.rulesets.cutting_out.tables import FigureType, Light

Point = tuple[float, float]
Edge = Literal["north", "south", "east", "west"]
Nation = Literal["british", "american", "french", "spanish", "dutch", "danish", "pirate", "other"]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FigureGroup(_Spec):
    """Figures of one type in a party: ``count`` of them."""

    type: FigureType
    count: int = Field(default=1, ge=1, le=400)
    nation: Nation | None = None  # default: the party's nation
    charismatic: bool = False  # a charismatic leader (Morale: modifiers)


class BoatSpec(_Spec):
    """A boat and the party in it (a boat's crew, Morale)."""

    id: str = Field(pattern=SLUG)
    name: str
    kind: str  # a key of the tables' [boats]
    side: str
    nation: Nation
    x: float
    y: float
    heading: float = 0.0
    hull_points: int | None = Field(default=None, ge=1)
    figures: list[FigureGroup] = Field(default_factory=list)
    task: str = ""  # what the computer player makes for: a ship, a battery or a landing
    at: str | None = None  # a landing place it starts made fast at (a mole, a beach)


class ShipGunSpec(_Spec):
    """A gun on a ship's deck: on which side, and where along her length."""

    kind: Literal["ship", "swivel"] = "ship"
    side: Literal["larboard", "starboard", "bow"]
    at: float = Field(ge=0, le=1)  # fraction of the deck's length from the stern


class GuardSpec(_Spec):
    """A man of the ship's guard (the anchor watch) and his post."""

    post: str  # a boarding point ("starboard-waist") or a post ("quarterdeck")
    type: FigureType = "sailor"
    count: int = Field(default=1, ge=1, le=20)


class ShipSpec(_Spec):
    """The ship at anchor (the prize), or another vessel that is not a boat.

    ``facts`` names her in quarterdeck/data/ships/; a ship that is not
    historical (the text's sample game) gives ``name``, ``length_ft`` and
    ``beam_ft`` instead. Hull points are set before the game (Firing)."""

    id: str = Field(pattern=SLUG)
    facts: str | None = None
    name: str | None = None
    length_ft: float | None = Field(default=None, gt=0)
    beam_ft: float | None = Field(default=None, gt=0)
    side: str
    nation: Nation
    x: float
    y: float
    heading: float = 0.0
    hull_points: int = Field(ge=1)
    rig: int = Field(default=0, ge=0)
    guns: list[ShipGunSpec] = Field(default_factory=list)
    guard: list[GuardSpec] = Field(default_factory=list)
    crew_below: list[FigureGroup] = Field(default_factory=list)
    # the way out to sea once she is rigged: points to sail through, then the exit
    route: list[Point] = Field(default_factory=list)


class LandGunSpec(_Spec):
    kind: Literal["land", "swivel"] = "land"
    x: float
    y: float
    facing: float = 0.0
    arc: float = Field(default=180.0, gt=0, le=360)
    crew: int | None = Field(default=None, ge=0, le=8)  # default: the tables' crew


class BatterySpec(_Spec):
    """A shore battery: its outline (a fort: -2 to small arms against those
    inside, +1 in melee to its defenders), its guns and crews, and its garrison."""

    id: str = Field(pattern=SLUG)
    name: str
    side: str
    nation: Nation
    outline: PolygonPoints
    guns: list[LandGunSpec] = Field(default_factory=list)
    garrison: list[FigureGroup] = Field(default_factory=list)


class LandPartySpec(_Spec):
    """Figures on land that are not a battery's garrison."""

    id: str = Field(pattern=SLUG)
    name: str
    side: str
    nation: Nation
    x: float
    y: float
    figures: list[FigureGroup] = Field(min_length=1)
    task: str = ""


class LandingSpec(_Spec):
    """A place where boats land figures: a beach (they move a d6 inland), or
    a mole or pier (they climb as if boarding)."""

    id: str = Field(pattern=SLUG)
    name: str
    kind: Literal["beach", "mole", "pier"]
    x: float
    y: float


class CuttingOutScenario(BaseModel):
    """The rule-set part of a Cutting Out Party scenario."""

    model_config = ConfigDict(extra="allow")
    table: tuple[Annotated[float, Field(gt=0)], Annotated[float, Field(gt=0)]] = (72.0, 48.0)
    light: Light = "night"
    random_events: bool = True
    men_per_figure: int = Field(default=1, ge=1)
    raiders: str = "raiders"
    defenders: str = "defenders"
    # the alarm given before the game begins (the defenders expect the raid):
    # crew and garrison have turned out and may fire from the first turn
    alarmed: bool = False
    exit: Edge = "south"
    prize: str | None = None
    land: list[PolygonPoints] = Field(default_factory=list)
    earthworks: list[PolygonPoints] = Field(default_factory=list)
    landings: list[LandingSpec] = Field(default_factory=list)
    ships: list[ShipSpec] = Field(min_length=1)
    batteries: list[BatterySpec] = Field(default_factory=list)
    boats: list[BoatSpec] = Field(default_factory=list)
    parties: list[LandPartySpec] = Field(default_factory=list)
    house_rules: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _unique(self) -> CuttingOutScenario:
        ids = [s.id for s in self.ships] + [b.id for b in self.batteries]
        ids += [b.id for b in self.boats] + [p.id for p in self.parties]
        ids += [landing.id for landing in self.landings]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(
                f"ids of ships, batteries, boats, parties and landings repeat: {dupes}"
            )
        if self.prize is not None and self.prize not in [s.id for s in self.ships]:
            raise ValueError(
                f"prize {self.prize!r} is not one of the ships "
                f"({', '.join(s.id for s in self.ships)})"
            )
        return self
