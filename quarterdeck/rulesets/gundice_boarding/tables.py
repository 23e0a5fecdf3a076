"""The gun-dice boarding charts (tables.toml) as frozen, validated objects."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.tables import load_tables

PRINTED = Path(__file__).with_name("tables.toml")


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AttemptTable(_Frozen):
    """Boarding Attempt table (5.2)."""

    rule: str
    starting_dice: int = Field(ge=1)
    fouled: int
    size_difference: int
    min_dice: int = Field(ge=1)
    max_dice: int = Field(ge=1, le=10)
    success_face: int = Field(ge=1, le=6)


class BoardingDiceList(_Frozen):
    """Boarding Dice list (5.2)."""

    rule: str
    per_size_point: int = Field(ge=0)
    defender: int
    mobilised: int = Field(ge=0)
    mobilise_gun_dice: int = Field(ge=1)
    mobilised_per_turn: int = Field(ge=0)
    sail_hits_threshold: int = Field(ge=1)
    sail_hits: int
    gun_dice_hits_step: int = Field(ge=1)
    gun_dice_hits: int
    failed_attacker: int
    crew: dict[str, int]


class Rounds(_Frozen):
    rule: str
    per_turn: int = Field(ge=1)
    compared: int = Field(ge=1, le=6)


class Weather(_Frozen):
    """Weather effects (5.3)."""

    boarding_allowed: bool
    attempt: int
    defender: int


class Tables(_Frozen):
    title: str
    reconstructed: bool
    attempt: AttemptTable
    boarding_dice: BoardingDiceList
    rounds: Rounds
    weather: dict[str, Weather]

    @model_validator(mode="after")
    def _seas(self) -> Tables:
        missing = {"calm", "choppy", "heavy"} - set(self.weather)
        if missing:
            raise ValueError(f"weather needs calm, choppy and heavy; missing {sorted(missing)}")
        return self


@cache
def printed_tables() -> Tables:
    return load_tables(Tables, PRINTED)


def tables_with(house_rules: dict[str, Any] | None) -> Tables:
    """The printed tables with a scenario's ``house_rules`` merged over them."""
    if not house_rules:
        return printed_tables()
    return _with(json.dumps(house_rules, sort_keys=True))


@cache
def _with(key: str) -> Tables:
    return load_tables(Tables, PRINTED, [json.loads(key)])
