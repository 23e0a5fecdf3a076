"""The "Away, Boarders!" chart sheet (tables.toml) as frozen, validated objects."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.tables import TableSet

PRINTED = Path(__file__).with_name("tables.toml")


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PhaseEntry(_Frozen):
    speed: int = Field(ge=1)
    moves: int = Field(ge=1)


class Movement(_Frozen):
    """Movement Phases chart (2.2)."""

    rule: str
    reconstructed: bool
    max_speed: int = Field(ge=1)
    phases: list[list[PhaseEntry]] = Field(min_length=1)

    def moves(self, phase: int, speed: int) -> int:
        """Moves a ship at ``speed`` makes in ``phase`` (0-based)."""
        return sum(e.moves for e in self.phases[phase] if e.speed == speed)


class Speed(_Frozen):
    """Speed modifiers (3.1) and oars (3.2)."""

    rule: str
    reconstructed: bool
    close_hauled_square: int
    close_hauled_fore_and_aft: int
    running: int
    broad_reach: int
    reef: int
    battle: int
    full: int
    per_mast_lost: int
    oars: int
    oars_downwind: int
    oars_upwind: int
    guns_per_oar_crew: int = Field(ge=1)


class Crew(_Frozen):
    """Crew task requirements (2.3)."""

    rule: str
    reconstructed: bool
    sail_per_square_mast: int = Field(ge=0)
    sail_per_fore_and_aft_mast: int = Field(ge=0)
    yards_per_mast: int = Field(ge=0)
    repair_points_per_box: int = Field(ge=1)
    rigging_boxes: list[str]
    lower_boxes: list[str]


class HitTable(_Frozen):
    """Hit Table (4.3): base Damage Dice by guns firing and range."""

    rule: str
    reconstructed: bool
    ranges: list[int]
    rows: dict[int, list[int]]

    @model_validator(mode="after")
    def _shape(self) -> HitTable:
        for n, row in self.rows.items():
            if len(row) != len(self.ranges):
                raise ValueError(
                    f"hit_table row {n} has {len(row)} columns, not {len(self.ranges)}"
                )
        if sorted(self.rows) != list(range(1, len(self.rows) + 1)):
            raise ValueError("hit_table rows must be numbered 1, 2, 3, ...")
        return self

    def base_dice(self, guns: int, rng: int) -> int:
        """Base Damage Dice for ``guns`` guns at range ``rng`` (range 0 reads
        column 1; more guns than rows add the rows together)."""
        col = max(0, min(len(self.ranges) - 1, self.ranges.index(max(1, rng))))
        top = max(self.rows)
        total = 0
        while guns > top:
            total += self.rows[top][col]
            guns -= top
        if guns > 0:
            total += self.rows[guns][col]
        return total


class GunType(_Frozen):
    pounds: int = Field(ge=1)
    max_range: int = Field(ge=1)
    label: str
    small: bool = False
    """A small swivel on the rail (1.4): two count as one gun on the Hit
    Table, and it is not one of the ship's guns for the sweeps (3.2) or her
    value."""

    def hit_table_guns(self, guns: int) -> int:
        """The Hit Table row for ``guns`` of this type firing together."""
        return -(-guns // 2) if self.small else guns


class Guns(_Frozen):
    rule: str
    reconstructed: bool
    types: dict[str, GunType]


class Caliber(_Frozen):
    rule: str
    reconstructed: bool
    modifier: dict[int, int]

    def of(self, pounds: int) -> int:
        """Modifier for a shot weight: the nearest listed weight not above it."""
        listed = [w for w in sorted(self.modifier) if w <= pounds]
        return self.modifier[listed[-1]] if listed else 0


class Modifiers(_Frozen):
    rule: str
    reconstructed: bool
    initial_broadside: int
    rake: int
    low_stern_rake: int
    random_add: list[int]
    random_none: list[int]
    random_remove: list[int]
    random_removes: int


class Damage(_Frozen):
    """Damage Table (4.3): a result per die face, firing high and low."""

    rule: str
    reconstructed: bool
    high: list[str] = Field(min_length=6, max_length=6)
    low: list[str] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _results(self) -> Damage:
        for r in (*self.high, *self.low):
            if r not in ("-", "H", "R", "G", "C"):
                raise ValueError(f"damage results are H, R, G, C or -, got {r!r}")
        return self


class Ammo(_Frozen):
    label: str
    max_range: int = Field(ge=0)
    range_divisor: int = Field(ge=1)
    round_up: bool
    hits_per_die: int = Field(ge=1)
    hull_factor: tuple[int, int]
    rigging_factor: int = Field(ge=0)
    crew_factor: int = Field(ge=0)

    def range_for(self, gun_range: int) -> int:
        """Maximum range of a gun of ``gun_range`` firing this round (4.4)."""
        if self.range_divisor > 1:
            d = self.range_divisor
            r = -(-gun_range // d) if self.round_up else gun_range // d
            gun_range = max(1, r)
        if self.max_range:
            gun_range = min(gun_range, self.max_range)
        return gun_range


class AmmoTable(_Frozen):
    rule: str
    reconstructed: bool
    round: Ammo
    grape: Ammo
    double: Ammo
    chain: Ammo

    def get(self, name: str) -> Ammo:
        ammo: Ammo = getattr(self, name)
        return ammo


class Derive(_Frozen):
    rule: str
    reconstructed: bool
    men_per_crew_marker: int = Field(ge=1)
    min_crew_markers: int = Field(ge=1)
    max_crew_markers: int = Field(ge=1)
    tons_per_hull_box: int = Field(ge=1)
    min_hull_boxes: int = Field(ge=1)
    max_hull_boxes: int = Field(ge=1)

    def crew_markers(self, complement: int) -> int:
        n = (complement + self.men_per_crew_marker // 2) // self.men_per_crew_marker
        return max(self.min_crew_markers, min(self.max_crew_markers, n))

    def hull_boxes(self, tons: int) -> int:
        n = (tons + self.tons_per_hull_box // 2) // self.tons_per_hull_box
        return max(self.min_hull_boxes, min(self.max_hull_boxes, n))


class Tables(_Frozen):
    title: str
    reconstructed: bool
    movement: Movement
    speed: Speed
    crew: Crew
    hit_table: HitTable
    guns: Guns
    caliber: Caliber
    modifiers: Modifiers
    damage: Damage
    ammo: AmmoTable
    derive: Derive


AMMO_TYPES = ("round", "grape", "double", "chain")


CHARTS = TableSet(Tables, PRINTED)
printed_tables = CHARTS.printed
tables_with = CHARTS.with_house_rules
