"""Flotilla: the scenario model (the rule-set part of a scenario
file), kept apart
from the state's dataclasses so that those compile as native classes under
mypyc (scripts/compile: mypyc cannot compile a pydantic model)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from quarterdeck.core.scenario import SLUG, PolygonPoints

Visibility = Literal["clear", "reduced", "excessive-smoke", "fog", "dawn", "dusk"]
Tide = float | Literal["slack"]


class ShipSpec(BaseModel):
    """A vessel in a scenario: her roster card, side, pose and condition."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    roster: str
    side: str
    x: float
    y: float
    heading: float = 0.0
    speed: int = Field(default=0, ge=0)
    morale: int | None = Field(default=None, ge=0)
    flagship: bool = False
    spar: bool | None = None
    party: str | None = None  # a troop unit aboard
    # Boarding Actions: an ironclad is "buttoned up" (cannot be boarded)
    # unless the scenario says otherwise (hatches open, at anchor, ...)
    buttoned_up: bool | None = None


class BatterySpec(BaseModel):
    """A land battery (fort or emplacement) with its own small roster."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    name: str
    side: str
    x: float
    y: float
    facing: float = 0.0
    guns: int = Field(ge=1)
    weight: Literal["light", "normal", "heavy", "mortar"] = "normal"
    garrison: str | None = None  # a troop unit manning the fort


class TroopSpec(BaseModel):
    """Men on land, or a landing party aboard a ship."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    name: str
    side: str
    men: int = Field(ge=0)
    leaders: int = Field(default=1, ge=0)
    quality: Literal["disciplined", "rabble"] = "disciplined"
    mounted: bool = False
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0  # the way the men face (a fort's garrison faces as the fort)
    cover: bool = False


class GameMaster(BaseModel):
    """The game master's standing rulings, used when no seat named ``gm``
    plays the game master (Collisions, Ramming, and Running Aground;
    Environment). Every number here is the scenario's call, not the text's."""

    model_config = ConfigDict(extra="forbid")
    # turn -> the conditions from then on: one event or a list of them
    visibility: dict[int, Visibility | list[Visibility]] = Field(default_factory=dict)
    # turn -> the current (tide) from then on: the heading it flows towards, or slack
    current: dict[int, Tide] = Field(default_factory=dict)
    aground_within: float = Field(default=1.0, ge=0)
    ram_hits: int = Field(default=4, ge=0)
    ram_self_hits: int = Field(default=1, ge=0)
    collision_hits: int = Field(default=1, ge=0)


Edge = Literal["north", "south", "east", "west"]
ObjectiveKind = Literal["sink", "capture", "disable", "survive", "exit", "hold", "take"]


class Objective(BaseModel):
    """One of a side's objectives, scored at the end (a scenario designer's
    choice: the text has no victory rules). ``units`` are ship or fort ids;
    each one that meets the objective scores ``points``.

    - sink: the enemy ship is sunk; capture: taken by this side (captured or
      struck); disable: out of action any way (sunk, taken, abandoned)
    - survive: this side's ship is still afloat and in action
    - exit: this side's ship has left the table by the side's exit edge
    - hold: this side's fort is still held with guns in action; take: the
      enemy fort is captured, destroyed or has every gun out of action"""

    model_config = ConfigDict(extra="forbid")
    side: str
    what: ObjectiveKind
    units: list[str] = Field(min_length=1)
    points: int = Field(default=1, ge=1)
    text: str = ""


class Victory(BaseModel):
    """The scenario's victory conditions (not in the text): objectives, and
    the table edge each side's ships may leave by."""

    model_config = ConfigDict(extra="forbid")
    note: str = ""
    exits: dict[str, Edge] = Field(default_factory=dict)
    objectives: list[Objective] = Field(default_factory=list)


class FlotillaScenario(BaseModel):
    """The rule-set part of a Flotilla scenario."""

    model_config = ConfigDict(extra="allow")
    table: tuple[Annotated[float, Field(gt=0)], Annotated[float, Field(gt=0)]] = (72.0, 48.0)
    current: float | None = None  # heading the current flows towards
    land: list[PolygonPoints] = Field(default_factory=list)
    # houses, woods, field works ashore: men inside are in cover
    cover: list[PolygonPoints] = Field(default_factory=list)
    torpedoes: list[tuple[float, float]] = Field(default_factory=list)
    ships: list[ShipSpec] = Field(min_length=1)
    batteries: list[BatterySpec] = Field(default_factory=list)
    troops: list[TroopSpec] = Field(default_factory=list)
    game_master: GameMaster = Field(default_factory=GameMaster)
    victory: Victory = Field(default_factory=Victory)
    house_rules: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _references(self) -> FlotillaScenario:
        ids = [s.id for s in self.ships] + [b.id for b in self.batteries]
        ids += [t.id for t in self.troops]
        if len(set(ids)) != len(ids):
            raise ValueError(f"ship, battery and troop ids must be unique, got {ids}")
        troops = {t.id for t in self.troops}
        used: list[str] = []
        refs = [(s.id, s.party) for s in self.ships] + [(b.id, b.garrison) for b in self.batteries]
        for holder, ref in refs:
            if ref is None:
                continue
            if ref not in troops:
                raise ValueError(f"{holder} names troop unit {ref!r}, which is not defined")
            used.append(ref)
        if len(set(used)) != len(used):
            raise ValueError("a troop unit can be aboard or in garrison only once")
        errors: list[InitErrorDetails] = []
        ships = {s.id: s.side for s in self.ships}
        forts = {b.id: b.side for b in self.batteries}
        for n, obj in enumerate(self.victory.objectives):
            pool = forts if obj.what in ("hold", "take") else ships
            own = obj.what in ("survive", "exit", "hold")
            legal = sorted(k for k, side in pool.items() if (side == obj.side) == own)
            for unit_id in obj.units:
                if unit_id not in legal:
                    errors.append(
                        InitErrorDetails(
                            type=PydanticCustomError(
                                "objective_unit",
                                "unit {unit} is not allowed for {what} by {side}; "
                                "legal values: {legal}",
                                {
                                    "unit": repr(unit_id),
                                    "what": obj.what,
                                    "side": obj.side,
                                    "legal": ", ".join(legal) or "none",
                                },
                            ),
                            loc=("victory", "objectives", n, "units"),
                            input=unit_id,
                        )
                    )
            if obj.what == "exit" and obj.side not in self.victory.exits:
                errors.append(
                    InitErrorDetails(
                        type=PydanticCustomError(
                            "objective_exit",
                            "side {side} has no edge in victory.exits",
                            {"side": repr(obj.side)},
                        ),
                        loc=("victory", "objectives", n, "what"),
                        input=obj.what,
                    )
                )
        if errors:
            raise ValidationError.from_exception_data("FlotillaScenario", errors)
        return self
