"""Gun-dice boarding: the game state as plain data; the scenario model
(models.py) is re-exported here.

Everything that changes during a game is here, as dataclasses that copy and
serialise plainly. The dice source and the log are not: they belong to the
game that wraps the state.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.rulesets.gundice_boarding.models import (  # re-exported: the scenario model
    ContactSpec as ContactSpec,
    Grade as Grade,
    GunDiceScenario as GunDiceScenario,
    Sea as Sea,
    ShipSpec as ShipSpec,
)

# --------------------------------------------------------------------------
# The state


@dataclass(slots=True)
class Ship:
    """One ship's boarding-relevant state (5.2 Boarding Dice list)."""

    id: str
    name: str
    side: str
    size: int
    gun_dice: int
    crew: str
    sail_hits: int = 0
    gun_dice_hits: int = 0
    stationary: bool = True
    failed_attacker: bool = False
    gun_dice_committed: int = 0  # mobilised for boarding: out of the guns for now
    gun_dice_lost: int = 0  # mobilised and lost with the action: gone for good
    mobilised: bool = False  # mobilised this turn and not yet used
    captured_by: str | None = None
    x_mm: float = 0.0
    y_mm: float = 0.0
    heading: float = 0.0

    @property
    def gun_dice_free(self) -> int:
        free = self.gun_dice - self.gun_dice_hits - self.gun_dice_committed - self.gun_dice_lost
        return free if free > 0 else 0  # (no call of max: read for most decisions)


@dataclass(slots=True)
class Contact:
    a: str
    b: str
    fouled: bool = False
    distance_mm: float = 0.0
    via: str | None = None


@dataclass(slots=True)
class Action:
    """A boarding action in progress: attackers against one defender (5.2)."""

    id: int
    attackers: list[str]
    defender: str
    attacker_side: str
    defender_side: str
    attacker_dice: int
    defender_dice: int
    attacker_start: int
    defender_start: int
    started_turn: int
    attacker_lost: int = 0
    defender_lost: int = 0
    rounds_this_turn: int = 0
    committed: dict[str, int] = field(default_factory=dict)  # ship -> gun dice
    last_attacker_roll: list[int] = field(default_factory=list)
    last_defender_roll: list[int] = field(default_factory=list)
    last_attacker_effective: list[int] = field(default_factory=list)
    last_defender_effective: list[int] = field(default_factory=list)
    rounds_fought: int = 0


@dataclass(slots=True)
class Outcome:
    """An action that ended, for the result and the designers' statistics."""

    action: int
    turn: int
    how: str  # captured, repelled, called off
    attackers: list[str]
    defender: str
    winner_side: str


@dataclass(slots=True)
class State:
    """The whole game state. ``phase`` and ``stage`` say where in the turn
    sequence the game stands; ``orders`` holds secret orders not yet revealed."""

    sides: list[str]
    turn_limit: int
    sea: str
    ships: dict[str, Ship]
    contacts: list[Contact]
    turn: int = 1
    phase: str = "command"
    stage: str = ""
    orders: dict[str, dict[str, str]] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    current: int = 0  # index into actions during the fight
    next_action_id: int = 1
    declared_this_turn: bool = False
    outcomes: list[Outcome] = field(default_factory=list)
    result: dict[str, Any] | None = None
    house_rules: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)
