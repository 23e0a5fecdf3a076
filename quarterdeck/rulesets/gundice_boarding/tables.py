"""The gun-dice boarding charts (tables.toml) as frozen, validated objects."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.tables import TableSet

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
    attempt: int = Field(ge=-10, le=10)
    # The defender's dice in this sea instead of the Boarding Dice list's
    # ``defender`` (choppy seas: two instead of one); None keeps the list's.
    defender: int | None = Field(default=None, ge=0, le=10)


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


CHARTS = TableSet(Tables, PRINTED)
printed_tables = CHARTS.printed
tables_with = CHARTS.with_house_rules
