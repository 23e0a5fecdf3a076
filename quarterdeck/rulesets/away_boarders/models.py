"""Away, Boarders!: the scenario model (the rule-set part of a scenario
file), kept apart
from the state's dataclasses so that those compile as native classes under
mypyc (scripts/compile: mypyc cannot compile a pydantic model)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from quarterdeck.core.scenario import SLUG

Rig = Literal["square", "fore-and-aft"]
Mount = Literal["broadside", "bow", "swivel"]
SailSetting = Literal["oars", "reef", "battle", "full"]


class GunSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: str
    mount: Mount
    count: int = Field(ge=1)
    side: Literal["port", "starboard"] = "port"


class MastSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    boxes: int = Field(ge=1, le=8)


class DisplaySpec(BaseModel):
    """One printed Ship Display (1.4), reconstructed."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    rig: Rig
    masts: list[MastSpec] = Field(min_length=1, max_length=3)
    base_speed: int = Field(ge=0, le=5)
    guns: list[GunSpec] = Field(min_length=1)
    crew_markers: int | None = Field(default=None, ge=1)
    hull_boxes: int | None = Field(default=None, ge=1)


class ShipSpec(BaseModel):
    """A ship in a scenario: which display, whose, where, and how she starts."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    ship: str
    name: str | None = Field(
        default=None, description="her name in this scenario (one of several unnamed boats)"
    )
    side: str
    at: tuple[int, int]
    facing: int = Field(ge=0, le=5)
    sail: SailSetting = "battle"
    crew: dict[str, int] | None = None
    load: Literal["round", "grape", "double", "chain"] = "round"
    value: int | None = Field(default=None, ge=0)


class FieldSpec(BaseModel):
    """The field of play (1.2): columns x rows of points, islands and coast."""

    model_config = ConfigDict(extra="forbid")
    width: int = Field(ge=3, le=60)
    height: int = Field(ge=3, le=60)
    wind: int = Field(ge=0, le=5, description="direction the wind blows from")
    blocked: list[tuple[int, int]] = Field(default_factory=list)


class VictorySpec(BaseModel):
    """Victory conditions the scenario states: what each enemy ship lost is
    worth to the other side (as a share of her value, in percent), what a
    ship that leaves the field is worth to her own side (``escape``, by side),
    and the lead in points that wins."""

    model_config = ConfigDict(extra="forbid")
    sunk: int = Field(default=100, ge=0)
    struck: int = Field(default=100, ge=0)
    left_field: int = Field(default=50, ge=0)
    escape: dict[str, int] = Field(default_factory=dict)
    margin: int = Field(default=1, ge=1)


class AwayBoardersScenario(BaseModel):
    model_config = ConfigDict(extra="allow")
    field: FieldSpec
    ships: list[ShipSpec] = Field(min_length=2)
    victory: VictorySpec = Field(default_factory=VictorySpec)
    house_rules: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> AwayBoardersScenario:
        """Unique ship ids (1.1), every ship on an open point of the field (1.2)
        and her crew boxes among those of the display (2.1)."""
        ids = [s.id for s in self.ships]
        if len(set(ids)) != len(ids):
            raise ValueError(f"ship ids must be unique, got {ids}")
        for s in self.ships:
            col, row = s.at
            if not (0 <= col < self.field.width and 0 <= row < self.field.height):
                raise ValueError(
                    f"ship {s.id!r} at {list(s.at)} is off the field "
                    f"({self.field.width} columns x {self.field.height} rows)"
                )
            if [col, row] in [list(b) for b in self.field.blocked]:
                raise ValueError(f"ship {s.id!r} at {list(s.at)} is on a blocked point")
            if s.crew is not None:
                # the state module re-exports this one: imported here, not above
                from quarterdeck.rulesets.away_boarders.state import TASK_BOXES

                unknown = set(s.crew) - set(TASK_BOXES)
                if unknown:
                    raise ValueError(
                        f"ship {s.id!r}: unknown crew box(es) {sorted(unknown)}; "
                        f"legal values: {', '.join(TASK_BOXES)}"
                    )
        return self
