"""Loading the shared historical ship data (quarterdeck/data/ships/*.toml)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from quarterdeck.core.errors import ScenarioError

SHIPS_DIR = Path(__file__).with_name("ships")


class GunFact(BaseModel):
    """Guns of one type on one mount: ``type`` is the gun (e.g. ``9in-sb``,
    ``6.4in-rifle``, ``12pdr-howitzer``), ``mount`` where it stands (bow,
    stern, port, starboard, pivot-bow, pivot-stern, pivot, turret, mortar),
    ``turret`` which turret (single, forward, aft, centre) for mount turret."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: str
    mount: Literal[
        "bow", "stern", "port", "starboard", "pivot-bow", "pivot-stern", "pivot", "turret", "mortar"
    ]
    count: int = Field(default=1, ge=1)
    turret: Literal["", "single", "forward", "aft", "centre"] = ""


class ShipFacts(BaseModel):
    """Historical facts about one vessel, with the reference they come from.
    The fields after ``tons_burthen`` are optional; the ACW river rules read
    them (dimensions in feet, speed in knots, armour in inches)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    nation: str
    type: str
    launched: int | None = None
    rated_guns: int = Field(ge=0)
    guns_carried: int = Field(ge=0)
    gun_decks: int = Field(ge=0, le=3)
    complement: int = Field(ge=1)
    tons_burthen: int | None = None
    displacement: int | None = None
    length_ft: float | None = None
    beam_ft: float | None = None
    draught_ft: float | None = None
    speed_kn: float | None = None
    propulsion: (
        Literal["screw", "sidewheel", "sternwheel", "centrewheel", "sail", "oars"] | None
    ) = None
    double_ender: bool = False
    hull: str | None = None  # kind of vessel: casemate-ironclad, monitor, tinclad, sloop, ...
    armour_in: float | None = None
    armour_sloped: bool = False
    low_profile: bool = False
    ram: bool = False
    spar: bool = False
    guns: tuple[GunFact, ...] = ()
    note: str = ""
    source: str = Field(min_length=3)


@cache
def all_ships() -> dict[str, ShipFacts]:
    ships: dict[str, ShipFacts] = {}
    for path in sorted(SHIPS_DIR.glob("*.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for key, value in data.items():
            try:
                ships[key] = ShipFacts.model_validate(value)
            except ValidationError as exc:
                raise ScenarioError(f"{path}: ship {key!r}: {exc}") from None
    return ships


def ship(key: str, where: str = "") -> ShipFacts:
    ships = all_ships()
    if key not in ships:
        raise ScenarioError(
            f"{where}unknown ship {key!r}; ships in the data files: {', '.join(sorted(ships))}"
        )
    return ships[key]
