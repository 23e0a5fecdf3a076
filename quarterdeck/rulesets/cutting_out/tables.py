"""The Cutting Out Party charts (tables.toml) as frozen, validated objects.

Each model is shaped like the printed chart; the methods read a chart the
way the text reads it (the band a range falls in, the die a shot needs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.tables import TableSet
from quarterdeck.rulesets.cutting_out import charts

PRINTED = Path(__file__).with_name("tables.toml")

FigureType = Literal["sailor", "marine", "soldier", "officer", "gun-crew"]
FIGURE_TYPES: tuple[str, ...] = ("sailor", "marine", "soldier", "officer", "gun-crew")
Light = Literal["night", "moonless", "fog", "bright-moon", "day"]
GunKind = Literal["ship", "land", "swivel"]
HitResult = Literal[
    "figure",
    "silence-1",
    "destroy",
    "hull",
    "rigging-d6",
    "rigging-d10",
    "silence-game",
    "crew-d6",
    "crew-d10",
]
Grape = Literal["d10", "half-d10", "d6", "half-d6"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TypeRow(_Frozen):
    musket: bool
    arms: Literal["sailors", "marines"]


class Figures(_Frozen):
    rule: str
    reconstructed: bool = True
    base: float = Field(gt=0)
    contact_slack: float = Field(ge=0)
    feet_per_inch: float = Field(gt=0)
    types: dict[FigureType, TypeRow]

    @property
    def contact(self) -> float:
        """Centres this close or closer are in base-to-base contact."""
        return self.base + self.contact_slack

    @model_validator(mode="after")
    def _all_types(self) -> Figures:
        missing = set(FIGURE_TYPES) - set(self.types)
        if missing:
            raise ValueError(f"figures.types needs every type; missing {sorted(missing)}")
        return self


class Allowance(_Frozen):
    base: float = Field(ge=0)
    die: int = Field(ge=2)


class Movement(_Frozen):
    rule: str
    boat: Allowance
    ship_half: Allowance
    ship_full: Allowance
    land: Allowance
    formed: Allowance
    deck: float = Field(gt=0)
    climb_fails_on: int = Field(ge=0, le=6)
    climb_boarders_die: int = Field(ge=2)
    beach_die: int = Field(ge=2)
    reconstructed: bool = True
    alongside: float = Field(gt=0)
    coast_fraction: float = Field(ge=0, le=1)
    stopped_below: float = Field(ge=0)


class SpotBand(_Frozen):
    max: float = Field(gt=0)
    need: int = Field(ge=1, le=7)


class Spotting(_Frozen):
    rule: str
    bands: tuple[SpotBand, ...] = Field(min_length=1)

    def need(self, inches: float) -> int | None:
        """The d6 that spots the nearest boat at ``inches`` (None: too far)."""
        for band in self.bands:
            if inches <= band.max + 1e-9:
                return band.need
        return None

    @property
    def reach(self) -> float:
        return self.bands[-1].max


class Alarm(_Frozen):
    rule: str
    alarm_after: int = Field(ge=0)
    respond_after: int = Field(ge=0)
    fire_after: int = Field(ge=0)
    hatch_die: int = Field(ge=2)


class Challenge(_Frozen):
    rule: str
    fooled_on: int = Field(ge=0, le=6)
    shoot_guard_on: int = Field(ge=1, le=7)
    reach: float = Field(ge=0)


class LightRow(_Frozen):
    title: str
    spotting: int
    cannon: int
    alarm_at_once: bool


class NationBonus(_Frozen):
    bonus: int
    except_: tuple[str, ...] = Field(default=(), alias="except")


class Melee(_Frozen):
    rule: str
    kill_by: int = Field(ge=1)
    capture_by: int = Field(ge=1)
    retreat_by: int = Field(ge=1)
    retreat_die: int = Field(ge=2)
    defending_climb: int
    defending_battery: int
    guarding_hatch: int
    marine: int
    nations: dict[str, NationBonus] = Field(default_factory=dict)

    def nation_bonus(self, nation: str, enemy: str) -> int:
        """+1 British against anyone but American, and the reverse (Melee)."""
        row = self.nations.get(nation)
        if row is None or enemy in row.except_ or enemy == nation:
            return 0
        return row.bonus

    def result(self, difference: int) -> str:
        """What befalls the loser of a melee lost by ``difference`` (> 0)."""
        if difference >= self.kill_by:
            return "dies"
        if difference >= self.capture_by:
            return "captured"
        return "retreats"


class SmallArms(_Frozen):
    rule: str
    bands: tuple[float, ...] = Field(min_length=1)
    earthworks: int
    volley: int
    volley_count: int = Field(ge=1)
    chart: dict[str, tuple[int, ...]]
    nation_rows: dict[str, str] = Field(default_factory=dict)

    @property
    def reach(self) -> float:
        return self.bands[-1]

    def band(self, inches: float) -> int | None:
        return charts.small_arms_band(self, inches)

    def need(self, nation: str, arms: str, inches: float) -> int | None:
        """The lowest die that hits (Small Arms Chart); None out of range or n/a
        (:func:`charts.small_arms_need`)."""
        return charts.small_arms_need(self, nation, arms, inches)

    @model_validator(mode="after")
    def _rows(self) -> SmallArms:
        for name, needs in self.chart.items():
            if len(needs) != len(self.bands):
                raise ValueError(
                    f"small_arms.chart.{name} has {len(needs)} entries; "
                    f"the chart has {len(self.bands)} range columns"
                )
        return self


class GunRow(_Frozen):
    title: str
    hit: tuple[int, ...]
    grape: tuple[Grape, ...] = ()
    grape_only_at_figures: bool = False


class Cannon(_Frozen):
    rule: str
    crew: int = Field(ge=1)
    serve_within: float = Field(gt=0)
    ship_arc: float = Field(gt=0, le=360)
    swivel_arc: float = Field(gt=0, le=360)
    crew_lost: int
    at_boats: int
    bands: tuple[float, ...] = Field(min_length=1)
    guns: dict[GunKind, GunRow]

    def band(self, inches: float) -> int | None:
        return charts.cannon_band(self, inches)

    def need(self, kind: str, inches: float) -> int | None:
        """The lowest red die that hits (Cannon Firing Chart); None: out of
        range (:func:`charts.cannon_need`)."""
        return charts.cannon_need(self, kind, inches)

    def grape(self, kind: str, inches: float) -> str | None:
        """The grape roll at ``inches`` ("d10", "half-d10", ...); None: no
        grape (:func:`charts.cannon_grape`)."""
        return charts.cannon_grape(self, kind, inches)

    def reach(self, kind: str) -> float:
        row = self.guns.get(kind)  # type: ignore[call-overload]
        if row is None:
            return 0.0
        last = max((n for n, v in enumerate(row.hit) if v > 0), default=-1)
        return self.bands[last] if last >= 0 else 0.0

    @model_validator(mode="after")
    def _kinds(self) -> Cannon:
        missing = {"ship", "land", "swivel"} - set(self.guns)
        if missing:
            raise ValueError(f"cannon.guns needs ship, land and swivel; missing {sorted(missing)}")
        for name, row in self.guns.items():
            if len(row.hit) != len(self.bands):
                raise ValueError(
                    f"cannon.guns.{name}.hit has {len(row.hit)} entries; "
                    f"the chart has {len(self.bands)} range bands"
                )
        return self


class HitChart(_Frozen):
    rule: str
    fort: tuple[HitResult, ...] = Field(min_length=6, max_length=6)
    anchored: tuple[HitResult, ...] = Field(min_length=6, max_length=6)
    moving: tuple[HitResult, ...] = Field(min_length=6, max_length=6)
    boats: tuple[HitResult, ...] = Field(min_length=6, max_length=6)

    def result(self, target: str, die: int) -> str:
        column: tuple[str, ...] = getattr(self, target)
        return column[max(1, min(6, die)) - 1]


class Hull(_Frozen):
    rule: str
    half_speed_at: float = Field(gt=0, le=1)


class Rigging(_Frozen):
    rule: str
    half: int = Field(ge=1)
    full: int = Field(ge=1)
    secured_die: int = Field(ge=2)
    unsecured_die: int = Field(ge=2)


class MoraleNation(_Frozen):
    nation: str
    against: str
    bonus: int


class Morale(_Frozen):
    rule: str
    test_at: float = Field(gt=0, le=1)
    die: int = Field(ge=2)
    surrender_on: int
    fall_back_on: int
    rally_on: int
    surrender_within: float = Field(ge=0)
    charismatic: int
    nations: tuple[MoraleNation, ...] = ()

    def band(self, total: int) -> str:
        """The result of a morale die (with modifiers): surrender, fall-back or carry-on."""
        if total <= self.surrender_on:
            return "surrender"
        if total <= self.fall_back_on:
            return "fall-back"
        return "carry-on"

    def nation_bonus(self, nation: str, enemy: str) -> int:
        return sum(n.bonus for n in self.nations if n.nation == nation and n.against == enemy)


class Crew(_Frozen):
    rule: str
    break_out_turns: int = Field(ge=0)


class Events(_Frozen):
    rule: str
    reconstructed: bool = True
    moon_spotting: int
    moon_firing: int
    choppy_turns: int = Field(ge=0)
    ensign_directions: tuple[float, ...] = Field(min_length=2)
    party_delay: int = Field(ge=0)


class BoatKind(_Frozen):
    title: str
    length_ft: float = Field(gt=0)
    capacity: int = Field(ge=1)
    hull_points: int = Field(ge=1)


class Deck(_Frozen):
    reconstructed: bool = True
    hatch: float = Field(gt=0, lt=1)
    hatch_size: float = Field(gt=0)
    rail_inset: float = Field(ge=0)
    rail_reach: float = Field(gt=0)
    boarding_points: dict[str, float]
    posts: dict[str, float]


class Tables(_Frozen):
    title: str
    figures: Figures
    movement: Movement
    spotting: Spotting
    alarm: Alarm
    challenge: Challenge
    light: dict[Light, LightRow]
    melee: Melee
    small_arms: SmallArms
    cannon: Cannon
    hit_chart: HitChart
    hull: Hull
    rigging: Rigging
    morale: Morale
    crew: Crew
    events: Events
    boats: dict[str, BoatKind]
    deck: Deck

    @model_validator(mode="after")
    def _lights(self) -> Tables:
        missing = {"night", "moonless", "fog", "bright-moon", "day"} - set(self.light)
        if missing:
            raise ValueError(f"light needs every condition; missing {sorted(missing)}")
        return self


CHARTS = TableSet(Tables, PRINTED)
printed_tables = CHARTS.printed
tables_with = CHARTS.with_house_rules
