"""Flotilla: the game state as plain data; the scenario model
(models.py) is re-exported here.

Everything that changes during a game is here, as dataclasses that copy and
serialise plainly; the dice and the log belong to the game that wraps it.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.rulesets.flotilla.models import (  # re-exported: the scenario model
    BatterySpec as BatterySpec,
    FlotillaScenario as FlotillaScenario,
    GameMaster as GameMaster,
    Objective as Objective,
    ShipSpec as ShipSpec,
    Tide as Tide,
    TroopSpec as TroopSpec,
    Victory as Victory,
    Visibility as Visibility,
)

# --------------------------------------------------------------------------
# The state


@dataclass(slots=True)
class Battery:
    """A ship's battery: its printed track and how far down it has been hit."""

    name: str
    weight: str
    track: list[int]
    checks: list[int]
    hits: int = 0
    fired: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Battery:
        # the printed track and its checks never change: share them
        return copy.copy(self)

    @property
    def dice(self) -> int:
        return self.track[self.hits] if self.hits < len(self.track) else 0

    @property
    def destroyed(self) -> bool:
        return self.dice == 0

    @property
    def guns(self) -> int:
        """Guns left in the battery: each box of the track down to the last
        that fires is one gun (a gun hit or a gun thrown overboard ticks one
        box, however many fire dice the gun is worth)."""
        return sum(1 for v in self.track[self.hits :] if v > 0)


@dataclass(slots=True)
class Ship:
    id: str
    name: str
    side: str
    roster: str
    cls: str
    length: float
    x: float
    y: float
    heading: float
    speed: int
    speed_track: list[int]
    increase: int
    decrease: int
    reverse_dice: int
    turns: dict[str, int]
    batteries: list[Battery]
    crew_track: list[int]
    crew_checks: list[int]
    crew_pos: int
    morale: int
    morale_max: int
    boxes: list[str]  # the damage boxes' marks in the order they are ticked
    yellow_box: int  # index (in that order) of the first box of the yellow zone
    box_cells: list[int]  # each box's place in the printed grid (along the rows)
    flagship: bool = False
    spar: bool = False
    ticked: int = 0
    speed_lost: int = 0
    continuing: int = 0
    fire_below: int = 0
    fire_above: int = 0
    catastrophic: bool = False
    catastrophic_tries: int = 0
    catastrophic_turn: int = 0
    no_repair: int = 0
    no_turns: int = 0
    turn_only: str = ""
    turn_only_turns: int = 0
    engine_turns: int = 0
    turret: str = ""
    turret_bearing: float = 0.0
    stopped: int = 0
    status: str = "active"  # active, sunk, hulk, surrendered, abandoned, captured, exited
    hulk_turns: int = 0
    moved: bool = False
    moving: bool = True
    anchored: bool = False
    reversing: bool = False
    fired: bool = False
    no_fire: bool = False  # fired more than two batteries last turn: reloading
    reload_penalty: bool = False  # fired more than two batteries this turn
    repairing: bool = False
    mood: str = ""  # "", hold, retire, withdrawing (no fire yet), withdrawn
    mood_turn: int = 0
    sank_enemy: bool = False
    grappled: str | None = None
    aground: bool = False
    extra_inches: int = 0
    extra_turn: bool = False
    party: str | None = None
    captured_by: str | None = None  # the side holding her as a prize (or she struck to)
    owner: str = ""  # the side she began the game with
    row_dice: int = 0  # a row boat: one die of inches a turn
    buttoned_up: bool = False  # an ironclad closed up: no boarding her
    sent_away: int = 0  # men sent across as prize crews: gone, but not killed
    # the turn each lasting effect (no_turns, fire_below, ...) was last set by
    # a specific hit: a second one the same turn is cumulative
    effect_turns: dict[str, int] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> Ship:
        # the card's tracks and boxes never change in play: share them; copy
        # what does change (the turning boxes, the batteries)
        new = copy.copy(self)
        new.turns = dict(self.turns)
        new.effect_turns = dict(self.effect_turns)
        new.batteries = [copy.copy(b) for b in self.batteries]
        return new

    @property
    def crew(self) -> int:
        return self.crew_track[self.crew_pos] if self.crew_pos >= 0 else 0

    @property
    def crew_start(self) -> int:
        return self.crew_track[-1]

    @property
    def max_speed(self) -> int:
        usable = self.speed_track[: max(1, len(self.speed_track) - self.speed_lost)]
        return usable[-1]

    @property
    def afloat(self) -> bool:
        return self.status == "active"

    @property
    def yellow(self) -> bool:
        return self.ticked > self.yellow_box

    def grid(self) -> list[str]:
        """The damage boxes' marks in printed order (along the rows)."""
        out = [""] * len(self.boxes)
        for mark, cell in zip(self.boxes, self.box_cells, strict=True):
            out[cell] = mark
        return out

    @property
    def on_fire(self) -> bool:
        return self.fire_below > 0 or self.fire_above > 0 or self.catastrophic

    @property
    def guns(self) -> int:
        """Guns left aboard, every battery's (Boarding Actions: "number of
        remaining guns"; guns thrown overboard)."""
        return sum(b.guns for b in self.batteries)

    @property
    def fire_dice(self) -> int:
        return sum(b.dice for b in self.batteries)


@dataclass(slots=True)
class LandBattery:
    id: str
    name: str
    side: str
    x: float
    y: float
    facing: float
    guns: int
    guns_max: int
    weight: str
    garrison: str | None = None
    fired: bool = False
    captured_by: str | None = None  # the side holding it by capture (None: its owner)
    crew_hits: int = 0  # small-arms hits on the gun crews, four to a gun
    owner: str = ""  # the side it began the game with
    destroyed: bool = False  # every man in it killed: removed

    def __deepcopy__(self, memo: dict[int, Any]) -> LandBattery:
        return copy.copy(self)

    @property
    def active(self) -> bool:
        return not self.destroyed and self.guns > 0


@dataclass(slots=True)
class Troop:
    id: str
    name: str
    side: str
    men: int
    leaders: int
    quality: str
    mounted: bool
    x: float
    y: float
    cover: bool = False
    aboard: str | None = None  # ship id
    fort: str | None = None  # land battery id it mans
    fired: bool = False
    moved: bool = False
    charged: bool = False
    contact: str | None = None  # enemy unit in melee contact
    from_rear: bool = False  # the attack on ``contact`` started in its rear
    facing: float = 0.0

    def __deepcopy__(self, memo: dict[int, Any]) -> Troop:
        return copy.copy(self)

    @property
    def alive(self) -> bool:
        return self.men + self.leaders > 0


@dataclass(slots=True)
class State:
    """The whole game. ``phase`` names the step of the turn (rules.PHASES);
    ``ask`` holds the open question, ``queue`` the questions waiting."""

    sides: list[str]
    gm: str | None
    turn_limit: int
    table: tuple[float, float]
    current: float | None
    land: list[list[tuple[float, float]]]
    torpedoes: list[tuple[float, float]]
    ships: dict[str, Ship]
    batteries: dict[str, LandBattery]
    troops: dict[str, Troop]
    game_master: dict[str, Any]
    house_rules: dict[str, Any] | None = None
    cover: list[list[tuple[float, float]]] = field(default_factory=list)  # polygons ashore
    victory: dict[str, Any] = field(default_factory=dict)  # Victory, dumped
    turn: int = 1
    phase: str = "environment"
    visibility: str = "clear"  # the events in force, for display
    events: list[str] = field(default_factory=list)  # reduced, fog, dawn, ...
    side_a: str = ""
    initiative_winner: str = ""
    last_winner: str = ""
    sank: dict[str, int] = field(default_factory=dict)  # this turn, by side
    sank_last: dict[str, int] = field(default_factory=dict)
    adverse: list[str] = field(default_factory=list)  # sides, this turn
    adverse_last: list[str] = field(default_factory=list)
    auto_win: list[str] = field(default_factory=list)  # sides: fort/ironclad this turn
    auto_win_last: list[str] = field(default_factory=list)
    grapples: list[list[str]] = field(default_factory=list)  # [grappler, grappled]
    order: list[str] = field(default_factory=list)  # units still to act this step
    unit: str = ""  # unit acting
    stage: str = ""  # where in that unit's step
    plan: dict[str, Any] = field(default_factory=dict)
    fire_seats: list[str] = field(default_factory=list)  # seats still to be asked
    firing: dict[str, Any] = field(default_factory=dict)  # a ship choosing targets
    held: list[str] = field(default_factory=list)  # units that held every gun at this point
    standing: dict[str, dict[str, str]] = field(default_factory=dict)  # standing.py, by seat
    reviewed: list[str] = field(default_factory=list)  # seats asked about them this step
    ask: dict[str, Any] | None = None
    queue: list[dict[str, Any]] = field(default_factory=list)
    out: dict[str, int] = field(default_factory=dict)  # enemy units put out, by side
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)
