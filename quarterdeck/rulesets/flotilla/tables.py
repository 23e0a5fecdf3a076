"""The Flotilla charts (tables.toml) and roster cards (rosters.toml) as
frozen, validated objects."""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from quarterdeck.core.errors import TableError
from quarterdeck.core.tables import TableSet

PRINTED = Path(__file__).with_name("tables.toml")
ROSTERS = Path(__file__).with_name("rosters.toml")

ArmourClass = Literal["wooden", "protected", "ironclad"]
Weight = Literal["light", "normal", "heavy", "mortar"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FireTable(_Frozen):
    rule: str
    hit_on: int
    six_only: int
    small_target_length: float
    stationary_bonus: int
    batteries_per_turn: int
    arc: float
    land_arc: float
    aimed_place_on: int
    aimed_low: int
    aimed_high: int


class Band(_Frozen):
    max: float
    divisor: int = Field(ge=1)


class RangeTable(_Frozen):
    bands: tuple[Band, ...]
    no_effect_on: tuple[ArmourClass, ...] = ()

    @property
    def max(self) -> float:
        return self.bands[-1].max

    def divisor(self, inches: float) -> int | None:
        """The hit divisor at ``inches``, or None beyond the longest band."""
        for band in self.bands:
            if inches <= band.max + 1e-9:
                return band.divisor
        return None


class Mortar(_Frozen):
    rule: str
    hit_on: int


class LandFire(_Frozen):
    rule: str
    battery_hit_on: int
    troops_cover_hit_on: int
    troops_open_hit_on: int
    casualty_dice: int
    leader_every: int
    leader_on: int


class SmallArms(_Frozen):
    rule: str
    range: float
    hit_on: int
    hits_per_gun: int


class Damage(_Frozen):
    rule: str
    yellow_speed_lost: int
    hulk_turns: int
    repair_on: int
    # "columns": down each column, the columns left to right (the text's
    # "top to bottom, left to right"); "rows": along each row, top row first
    tick_order: Literal["columns", "rows"] = "columns"
    letters: dict[ArmourClass, tuple[str, ...]]


class Line(_Frozen):
    """One line of the specific hit chart."""

    text: str
    continuing: int = 0
    crew: int = 0
    guns: int = 0
    crew_dice: int = 0
    fire: Literal["", "below", "above", "catastrophic"] = ""
    fire_turns: int = 0
    no_repair: int = 0
    no_turns: int = 0
    lose_turn_box: bool = False
    rudder_roll: int = 0
    engine_turns: int = 0
    speed_lost: int = 0
    turret: Literal["", "until5", "until6", "never"] = ""


class Specific(_Frozen):
    rule: str
    dice: int
    lowest: int
    highest: int
    triples_range: float
    class_drop: dict[ArmourClass, ArmourClass]
    catastrophic_tries: tuple[int, ...]
    lines: dict[int, Line]

    @model_validator(mode="after")
    def _every_line(self) -> Specific:
        missing = set(range(self.lowest, self.highest + 1)) - set(self.lines)
        if missing:
            raise ValueError(f"specific hit chart lacks lines {sorted(missing)}")
        return self

    def line(self, total: int) -> int:
        return max(self.lowest, min(self.highest, total))


# the morale results that pass (+1 over passes, a point of morale lost)
PASSING = ("pass", "shaken")


class MoraleBand(_Frozen):
    over: int
    result: Literal["pass", "shaken", "hold", "retire", "surrender", "abandon"]
    reduce: int


class Morale(_Frozen):
    rule: str
    dice: int
    flagship_range: float
    surrender_range: float
    anchored: int
    broadside_destroyed: int
    half_crew: int
    fire: int
    yellow: int
    batteries_destroyed: int
    three_quarter_crew: int
    catastrophic_fire: int
    sank_enemy: int
    near_flagship: int
    bands: tuple[MoraleBand, ...]

    def band(self, excess: int) -> MoraleBand:
        for band in self.bands:
            if excess <= band.over:
                return band
        return self.bands[-1]


class Initiative(_Frozen):
    rule: str
    won_last: int
    sank_more: int
    current: int
    adverse_morale: int
    max_rerolls: int


class MovementTable(_Frozen):
    rule: str
    turn_step: int = Field(ge=1, le=90)


class ExtraPower(_Frozen):
    rule: str
    explosion_hits: int
    explosion_continuing: int
    explosion_stop: int
    leak_stop: int
    gamble_dice: int
    gamble_survive: int
    gamble_turn: int


class Aground(_Frozen):
    rule: str
    danger: float
    free_on: int
    guns_per_die: int
    ironclad_guns_per_die: int


class ContactTable(_Frozen):
    rule: str
    reconstructed: bool
    ram: float
    collision: float
    grapple: float
    grapple_on: int
    hulk_clearance: float


class MineReach(_Frozen):
    rule: str
    reconstructed: bool
    radius: float


class Reach(_Frozen):
    rule: str
    reconstructed: bool
    landing: float
    melee: float
    shore: float
    figure_spacing: float
    screen: float


class ModelLength(_Frozen):
    """Model lengths in inches by roster key (reconstructed: the card does
    not print them)."""

    model_config = ConfigDict(extra="allow", frozen=True)
    rule: str
    reconstructed: bool

    def of(self, roster: str) -> float | None:
        extra = self.model_extra or {}
        value = extra.get(roster)
        return float(value) if isinstance(value, int | float) else None

    @model_validator(mode="after")
    def _positive(self) -> ModelLength:
        for key, value in (self.model_extra or {}).items():
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                raise ValueError(f"model_length.{key}: {value!r} is not a positive length")
        return self


class Spar(_Frozen):
    rule: str
    range: float
    detonate_on: int
    hit_on: int
    specific: int
    self_hits: dict[int, int]
    small_destroyed_max: int


class Torpedo(_Frozen):
    rule: str
    dud_max: int
    specific: int


class Boarding(_Frozen):
    rule: str
    casualty_dice: int
    prize_crew: int


class Land(_Frozen):
    rule: str
    move_dice: int
    charge_dice: int
    mounted_dice: int
    swim_range: float
    drown_on: int
    recoil: float
    rout_dice: int
    pursue_dice: int
    attack_again_on: int


class Melee(_Frozen):
    rule: str
    hit_on: int
    leader_dice: int
    men_per_die: int
    mounted_dice_per_man: int
    fort_men_per_die: int
    rabble_men_per_die: int
    cover_men: int
    cover_dice: int
    rear_men_per_die: int
    rear_arc: float
    disciplined_charge_fail: int
    rabble_charge_fail: int
    no_leader: int
    max_rounds: int


class Tables(_Frozen):
    title: str
    fire: FireTable
    ranges: dict[Weight, RangeTable]
    mortar: Mortar
    land_fire: LandFire
    small_arms: SmallArms
    damage: Damage
    specific: Specific
    morale: Morale
    initiative: Initiative
    visibility: dict[str, int]
    movement: MovementTable
    extra_power: ExtraPower
    aground: Aground
    contact: ContactTable
    mine: MineReach
    reach: Reach
    model_length: ModelLength
    spar: Spar
    torpedo: Torpedo
    boarding: Boarding
    land: Land
    melee: Melee


CHARTS = TableSet(Tables, PRINTED)
printed_tables = CHARTS.printed
tables_with = CHARTS.with_house_rules

_LAST: list[Any] = [None, None, printed_tables()]
"""The house rules :func:`state_tables` last looked up (the very object),
a deep copy of them as they were then, and their tables (one entry)."""


def state_tables(house_rules: dict[str, Any] | None) -> Tables:
    """:func:`tables_with` for a game's house rules, asked at every step: the
    last answer given again while they are the very same object and still
    equal to the copy taken when it was worked out (cheaper than the
    look-up's key, the house rules written out as JSON)."""
    last = _LAST
    if house_rules is last[0] and house_rules == last[1]:
        return last[2]  # type: ignore[no-any-return]
    tables = tables_with(house_rules)
    _LAST[:] = [house_rules, copy.deepcopy(house_rules), tables]
    return tables


# --------------------------------------------------------------------------
# Roster cards


class BatteryCard(_Frozen):
    """One battery on a roster card: its track of fire dice, top first."""

    name: Literal["port", "starboard", "bow", "stern", "turret", "mortar"]
    weight: Weight
    track: tuple[int, ...] = Field(min_length=1)
    checks: tuple[int, ...] = ()


class Turns(_Frozen):
    first: int = Field(ge=0, le=90)
    middle: int = Field(ge=0, le=90)
    end: int = Field(ge=0, le=90)


class Roster(_Frozen):
    """A roster card: engines, turning, batteries, crew, morale, damage boxes."""

    ship: str
    name: str
    class_: ArmourClass = Field(alias="class")
    reconstructed: bool
    speed: tuple[int, ...] = Field(min_length=1)
    reverse_dice: int = Field(ge=0)
    row_dice: int = Field(default=0, ge=0)
    increase: tuple[int, ...]
    decrease: tuple[int, ...]
    turns: Turns
    crew: tuple[int, ...] = Field(min_length=1)
    crew_checks: tuple[int, ...] = ()
    morale: tuple[int, ...] = Field(min_length=1)
    yellow_row: int = Field(ge=1)
    damage: tuple[tuple[str, ...], ...] = Field(min_length=1)
    batteries: tuple[BatteryCard, ...] = ()
    spar: bool = False

    @model_validator(mode="after")
    def _shape(self) -> Roster:
        if self.yellow_row > len(self.damage):
            raise ValueError(f"yellow_row {self.yellow_row} is below the last damage row")
        if list(self.speed) != sorted(self.speed):
            raise ValueError("the speed track must run slowest first")
        for row in self.damage:
            for box in row:
                if set(box) - set("WPI©"):
                    raise ValueError(f"damage box {box!r}: only W, P, I and © may appear")
        return self

    def cells(self, order: str = "columns") -> list[int]:
        """The damage boxes in the order they are ticked, as positions in the
        printed grid (counted along the rows, top row first). ``columns``:
        top to bottom down each column, the columns left to right (The
        Damage Box); ``rows``: each row left to right, top row first."""
        starts = [sum(len(r) for r in self.damage[:i]) for i in range(len(self.damage))]
        if order == "rows":
            return list(range(sum(len(r) for r in self.damage)))
        width = max(len(r) for r in self.damage)
        return [
            starts[r] + c
            for c in range(width)
            for r in range(len(self.damage))
            if c < len(self.damage[r])
        ]

    @property
    def grid(self) -> list[str]:
        """The damage boxes in printed order, along the rows, top row first."""
        return [box for row in self.damage for box in row]

    def boxes(self, order: str = "columns") -> list[str]:
        """The damage boxes' marks in the order they are ticked."""
        grid = self.grid
        return [grid[i] for i in self.cells(order)]

    @property
    def yellow_boxes(self) -> int:
        """How many boxes the yellow zone holds: those of the rows from
        ``yellow_row`` down. In either order they are the last ones ticked."""
        return sum(len(row) for row in self.damage[self.yellow_row - 1 :])

    @property
    def yellow_box(self) -> int:
        """Index, in the ticking order, of the first box of the yellow zone."""
        return len(self.grid) - self.yellow_boxes


@cache
def rosters() -> dict[str, Roster]:
    try:
        with ROSTERS.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TableError(f"{ROSTERS}: {exc}") from None
    out: dict[str, Roster] = {}
    for key, value in data.items():
        try:
            out[key] = Roster.model_validate(value)
        except ValidationError as exc:
            raise TableError(f"{ROSTERS}: roster {key!r}: {exc}") from None
    return out
