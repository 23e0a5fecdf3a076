"""Loading the shared historical ship data (quarterdeck/data/ships/*.toml)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from quarterdeck.core.errors import ScenarioError

SHIPS_DIR = Path(__file__).with_name("ships")


class ShipFacts(BaseModel):
    """Historical facts about one vessel, with the reference they come from."""

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
    length_ft: float | None = Field(default=None, gt=0)  # length of the gun deck
    beam_ft: float | None = Field(default=None, gt=0)  # extreme breadth
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
