"""Gun-dice boarding: the scenario model (the rule-set part of a scenario
file), kept apart
from the state's dataclasses so that those compile as native classes under
mypyc (scripts/compile: mypyc cannot compile a pydantic model)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.scenario import SLUG

Sea = Literal["calm", "choppy", "heavy"]
Grade = Literal["A", "B", "C", "D", "E", "F"]


class ShipSpec(BaseModel):
    """A ship in a scenario: who she is (``ship`` names the historical data),
    whose she is, and her state when the scenario opens."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    ship: str
    side: str
    crew: Grade = "C"
    size: int | None = Field(default=None, ge=1, le=3)
    gun_dice: int | None = Field(default=None, ge=0)
    sail_hits: int = Field(default=0, ge=0)
    gun_dice_hits: int = Field(default=0, ge=0)
    stationary: bool = True
    failed_attacker: bool = False
    x_mm: float = 0.0
    y_mm: float = 0.0
    heading: float = 0.0


class ContactSpec(BaseModel):
    """Two ships within 10 mm of each other (5.1), fouled or not.

    ``via`` names a ship between them: the contact counts only once that ship
    has been captured, so that a boarding party can cross her (Nelson's
    "patent bridge" at Cape St Vincent).
    """

    model_config = ConfigDict(extra="forbid")
    ships: tuple[str, str]
    fouled: bool = False
    distance_mm: float = Field(default=0.0, ge=0)
    via: str | None = None


class GunDiceScenario(BaseModel):
    """The whole scenario as this rule set reads it."""

    model_config = ConfigDict(extra="allow")
    sea: Sea = "calm"
    house_rules: dict[str, Any] | None = None
    ships: list[ShipSpec] = Field(min_length=2)
    contacts: list[ContactSpec] = Field(min_length=1)

    @model_validator(mode="after")
    def _references(self) -> GunDiceScenario:
        ids = [s.id for s in self.ships]
        if len(set(ids)) != len(ids):
            raise ValueError(f"ship ids must be unique, got {ids}")
        for contact in self.contacts:
            for ship_id in (*contact.ships, *([contact.via] if contact.via else [])):
                if ship_id not in ids:
                    raise ValueError(
                        f"contact names ship {ship_id!r}, which is not in the scenario "
                        f"(ships: {', '.join(ids)})"
                    )
            if contact.ships[0] == contact.ships[1]:
                raise ValueError(f"a contact needs two different ships, got {contact.ships}")
        return self
