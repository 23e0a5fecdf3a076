"""ACW River and Coastal: the charts (tables.toml) as frozen, validated objects.

Every number the rules use comes from here; a house-rule file (``--tables``)
or a scenario's ``house_rules`` is merged over the printed tables and the
whole validated again (quarterdeck/core/tables.py).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.tables import TableSet

PRINTED = Path(__file__).with_name("tables.toml")

RamClass = Literal["torpedo", "gunboat", "small-ironclad", "frigate", "double"]
GunKind = Literal["howitzer", "smoothbore", "rifle", "mortar"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Fraction(_Frozen):
    """A fraction printed as ``[numerator, denominator]``."""

    n: int
    d: int

    @model_validator(mode="before")
    @classmethod
    def _pair(cls, data: Any) -> Any:
        if isinstance(data, list | tuple):
            if len(data) != 2:
                raise ValueError("a fraction is [numerator, denominator]")
            return {"n": data[0], "d": data[1]}
        return data

    @model_validator(mode="after")
    def _positive(self) -> Fraction:
        if self.d <= 0 or self.n < 0:
            raise ValueError("a fraction needs numerator >= 0 and denominator > 0")
        return self


# -- Definitions ------------------------------------------------------------


class Values(_Frozen):
    rule: str
    spv_per_tons: int = Field(ge=1)
    cpv_per_men: int = Field(ge=1)
    feet_per_inch: float = Field(gt=0)
    engine: int = Field(ge=0)
    boiler: int = Field(ge=0)
    captain: int = Field(ge=0)


class Penetration(_Frozen):
    label: str
    lose: Fraction
    example: int


class Hull(_Frozen):
    penetration: str
    ram_class: RamClass
    turning: float = Field(gt=0)
    turning_confederate: float | None = None
    ironclad: bool = False
    confederate_small: bool = False
    turrets: bool = False
    mortar_boat: bool = False
    tug: bool = False
    small_target: bool = False
    torpedo_craft: bool = False


class HullRules(_Frozen):
    small_ironclad_spv: int
    small_penetration: str
    small_ram_class: RamClass
    sidewheel_radius: float


# -- Commanders -------------------------------------------------------------


QUALITIES = ("intelligent", "stubborn", "reckless", "panicky", "fanatic")
"""The commanders' qualities the white die can give (Commanders)."""

TERRAIN_CARDS = (
    "shore-fort",
    "island-fort",
    "town",
    "port",
    "islands",
    "straight-sandbars",
    "curved-sandbars",
)
"""The terrain cards the random set-up knows how to lay (Table Set Up)."""


class Band(_Frozen):
    upto: int = Field(ge=1, le=6)
    value: int | str


class DiceTable(_Frozen):
    white: tuple[Band, ...]
    green: tuple[Band, ...]
    red: tuple[Band, ...]
    yellow: tuple[Band, ...]

    @model_validator(mode="after")
    def _kinds(self) -> DiceTable:
        """The white die reads a quality; the other three a number."""
        for colour in ("white", "green", "red", "yellow"):
            bands: tuple[Band, ...] = getattr(self, colour)
            if not bands:
                raise ValueError(f"{colour}: give at least one band")
            for band in bands:
                if colour == "white" and band.value not in QUALITIES:
                    raise ValueError(
                        f"white: {band.value!r} is not a quality; "
                        f"the legal values are {', '.join(QUALITIES)}"
                    )
                if colour != "white" and not isinstance(band.value, int):
                    raise ValueError(f"{colour}: {band.value!r} is not a whole number")
        return self

    @staticmethod
    def read(bands: tuple[Band, ...], die: int) -> int | str:
        """The value of the band the die falls in (a die above the last band
        reads as the last)."""
        for band in bands:
            if die <= band.upto:
                return band.value
        return bands[-1].value


class Commanders(_Frozen):
    rule: str
    captain: DiceTable
    fort: DiceTable
    fort_threshold: dict[str, Fraction]


class Flagship(_Frozen):
    rule: str
    reckless_leaves_on: int = Field(ge=1, le=6)


# -- Set-up -------------------------------------------------------------------


class Setup(_Frozen):
    rule: str
    table: tuple[float, float]
    bank: float = Field(ge=0)
    reconstructed: bool = False
    river_cards: tuple[str, ...]
    estuary_cards: tuple[str, ...]
    river_minefields: tuple[int, int]
    estuary_minefields: tuple[int, int]
    minefield_size: float
    lanes: tuple[int, ...]
    river_depth_dice: int
    estuary_depth_dice: int
    tide_dice: int
    tidal_current_less: dict[str, int]
    tide_effect: dict[str, float]
    island: tuple[float, float]
    channel: tuple[float, float]
    sandbar: tuple[float, float]
    fort: tuple[float, float]
    fort_kind: Literal["earthwork", "stonework"]
    fort_gun: str
    town: tuple[float, float]
    deploy_depth: float

    @model_validator(mode="after")
    def _decks(self) -> Setup:
        """Six squares each take a card: each deck needs six known cards."""
        for name in ("river_cards", "estuary_cards"):
            cards: tuple[str, ...] = getattr(self, name)
            for card in cards:
                if card not in TERRAIN_CARDS:
                    raise ValueError(
                        f"{name}: {card!r} is not a terrain card; "
                        f"the legal values are {', '.join(TERRAIN_CARDS)}"
                    )
            if len(cards) < 6:
                raise ValueError(f"{name}: the six squares need six cards, not {len(cards)}")
        return self


class Card(_Frozen):
    id: str
    title: str
    needs: Literal["", "islands", "town", "port", "fort", "sandbar"] = ""


class Objectives(_Frozen):
    rule: str
    dealt: int = Field(ge=1)
    discard: int = Field(ge=0)
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        """The card of that id (one not in the tables reads as its id)."""
        for c in self.cards:
            if c.id == card_id:
                return c
        return Card(id=card_id, title=card_id)


# -- Movement ----------------------------------------------------------------


class Movement(_Frozen):
    rule: str
    accelerate: int = Field(ge=1)
    reverse_share: Fraction
    drift_heavy_spv: int
    quarters: int = Field(ge=1)
    anchor_cpv: int
    anchor_swing_spv: int
    anchor_swing: float
    balloon_speed: int
    balloon_setup: int
    tug_radius: float
    launch_radius: float


class Stuck(_Frozen):
    stuck_shallow: int
    stuck_deep: int
    off_on: int
    tries: int
    tries_assisted: int
    off_on_assisted: int


class Chain(_Frozen):
    min_speed: int
    cross_on: int


class Wreck(_Frozen):
    off_on: int
    tries: int
    open_sea_moves: int


class Hazards(_Frozen):
    rule: str
    # "crossing": one die for crossing a shoal, stakes or rocks (the text's
    # first way); "per-inch": one die for each inch made through them (its
    # alternative)
    method: Literal["crossing", "per-inch"] = "crossing"
    shallow_draught: float
    shore: float
    shoal: Stuck
    stakes: Stuck
    chain: Chain
    wreck: Wreck


# -- Visibility ----------------------------------------------------------------


class Visibility(_Frozen):
    rule: str
    range: float = Field(gt=0)


class Fog(_Frozen):
    rule: str
    fog_on: int
    dice: int
    lift: float = Field(gt=1)


class SmokeTable(_Frozen):
    rule: str
    wind_on: int
    wind: dict[str, str]
    cube: float
    grow: float
    clears_per_move: int


class FireShips(_Frozen):
    rule: str
    ignite_on: int
    catch_ironclad_on: int
    catch_other_on: int
    tries: int
    out_ship_on: int
    out_ironclad_on: int
    explode_on: int


# -- Firing ----------------------------------------------------------------------


class RangeBands(_Frozen):
    max: tuple[float, float, float]
    hit_on: tuple[int, int, int]

    def band(self, inches: float) -> int | None:
        """0 close, 1 medium, 2 long, None out of range."""
        for n, top in enumerate(self.max):
            if inches <= top + 1e-9:
                return n
        return None


class Firing(_Frozen):
    rule: str
    small_target: int
    bow_stern: int
    burst_gun: str
    burst_first: int
    burst_second: int
    broadside_half_arc: float
    pivot_arc: float
    turret_arc: float
    bands: tuple[str, str, str]
    ranges: dict[str, RangeBands]


class GunType(_Frozen):
    kind: GunKind
    damage: int = Field(ge=0)
    alternate: bool = False
    printed: bool = True
    mortar_range: float = 0.0


class Gunfire(_Frozen):
    rule: str
    reconstructed: bool = False
    sloped: Fraction
    guns: dict[str, GunType]


# -- Damage -------------------------------------------------------------------------


class Line(_Frozen):
    effect: str
    text: str


class HitTable(_Frozen):
    title: str
    lines: tuple[Line, Line, Line, Line, Line, Line]


class EffectSize(_Frozen):
    speed: int = 0
    max_speed: int = 0


class DamageEffects(_Frozen):
    model_config = ConfigDict(extra="allow", frozen=True)
    fire_need: int
    magazine_fire_need: int
    captain_dead_cpv: int

    def size(self, key: str) -> EffectSize:
        extra = self.model_extra or {}
        raw = extra.get(key)
        return EffectSize.model_validate(raw) if raw is not None else EffectSize()


class Damage(_Frozen):
    rule: str
    repair_moves: int
    sink_draught: Fraction
    fire_tries: int
    tables: dict[str, HitTable]
    effects: DamageEffects


class Mines(_Frozen):
    rule: str
    damage: tuple[int, int, int, int, int, int]


class Spar(_Frozen):
    rule: str
    damage: tuple[int, int, int, int, int, int]
    craft_sink_upto: int


class MortarLine(_Frozen):
    effect: Literal["none", "damage", "gun-cpv", "commander"]
    heavy: int
    light: int


class Mortar(_Frozen):
    rule: str
    min_range: float
    hit_on: int
    again_hit_on: int
    lines: tuple[MortarLine, MortarLine, MortarLine, MortarLine, MortarLine, MortarLine]


class Forts(_Frozen):
    rule: str
    earthwork: int
    stonework: int
    building: int
    silenced: Fraction
    rubble: Fraction
    random_gun_dice: int
    random_cpv_dice: int


class Morale(_Frozen):
    rule: str
    continue_on: int
    lost_none: int
    above_pv: int
    guns_fire: int
    can_move: int
    lost_any: int
    lost_third: int
    lost_two_thirds: int
    cannot_fire: int
    no_speed: int
    aground: int
    aground_under_fire: int
    rammed_no_speed: int
    steering: int
    below_pv: int
    fort_cpv_each: int


class RamBand(_Frozen):
    upto: int
    spv: int
    dice: int


class RamEffect(_Frozen):
    bands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    no_ram_spv: tuple[int, int, int]
    steam_pipe_cpv: int
    steam_pipe_knots: int
    stack_knots: int
    jammed: tuple[int, int, int, int, int, int]


class Ramming(_Frozen):
    rule: str
    min_angle: float
    classes: tuple[RamClass, ...]
    test: tuple[tuple[str, ...], ...]
    continue_on: int
    lost_none: int
    fired_on: int
    lost_any: int
    no_ram: int
    above_pv: int
    below_pv: int
    order_die: int
    chart: tuple[RamBand, ...]
    effect: RamEffect

    def band(self, speed: int) -> int:
        for n, b in enumerate(self.chart):
            if speed <= b.upto:
                return n
        return len(self.chart) - 1

    def test_for(self, attacker: RamClass, target: RamClass) -> str:
        return self.test[self.classes.index(attacker)][self.classes.index(target)]


class Boarding(_Frozen):
    rule: str
    parties: int
    board_on: int


class Landing(_Frozen):
    rule: str
    march: float
    take_on: int


class Turning(_Frozen):
    """Turning Ships: the helm's share of her tightest turn (reconstructed)."""

    rule: str
    reconstructed: bool = False
    half: Fraction
    helm: Fraction
    hard: Fraction


class Aspect(_Frozen):
    """Difficult targets: the bow and stern sector (reconstructed)."""

    rule: str
    reconstructed: bool = False
    angle: float = Field(gt=0, le=90)


class Distances(_Frozen):
    """Distances the text does not give (reconstructed)."""

    rule: str
    reconstructed: bool = False
    alongside: float = Field(ge=0)
    landing_reach: float = Field(ge=0)
    landing_range: float = Field(ge=0)
    touching: float = Field(ge=0)
    tow_gap: float = Field(ge=0)
    station_astern: float = Field(ge=0)


class Tables(_Frozen):
    """Every chart of the rule set."""

    title: str
    values: Values
    penetration: dict[str, Penetration]
    hull_rules: HullRules
    hulls: dict[str, Hull]
    commanders: Commanders
    flagship: Flagship
    setup: Setup
    objectives: Objectives
    movement: Movement
    hazards: Hazards
    turning: Turning
    aspect: Aspect
    distances: Distances
    visibility: Visibility
    fog: Fog
    smoke: SmokeTable
    fire_ships: FireShips
    firing: Firing
    gunfire: Gunfire
    damage: Damage
    mines: Mines
    spar: Spar
    mortar: Mortar
    forts: Forts
    morale: Morale
    ramming: Ramming
    boarding: Boarding
    landing: Landing

    @model_validator(mode="after")
    def _references(self) -> Tables:
        for name, hull in self.hulls.items():
            if hull.penetration not in self.penetration:
                raise ValueError(
                    f"hulls.{name}.penetration: {hull.penetration!r} is not a penetration "
                    f"class (legal values: {', '.join(self.penetration)})"
                )
        if self.hull_rules.small_penetration not in self.penetration:
            raise ValueError("hull_rules.small_penetration is not a penetration class")
        if set(self.damage.tables) != {"1", "2", "3", "4", "5", "6"}:
            raise ValueError("damage.tables must be the six tables 1 to 6")
        for kind in ("howitzer", "smoothbore", "rifle"):
            if kind not in self.firing.ranges:
                raise ValueError(f"firing.ranges lacks {kind!r}")
        if self.firing.burst_gun not in self.gunfire.guns:
            raise ValueError("firing.burst_gun is not a gun of gunfire.guns")
        if self.setup.fort_gun not in self.gunfire.guns:
            raise ValueError("setup.fort_gun is not a gun of gunfire.guns")
        return self


_TABLES = TableSet(Tables, PRINTED)


@cache
def printed_tables() -> Tables:
    return _TABLES.printed()


def tables_with(house_rules: dict[str, Any] | None) -> Tables:
    """The printed tables with a scenario's house rules merged over them."""
    return _TABLES.with_house_rules(house_rules)
