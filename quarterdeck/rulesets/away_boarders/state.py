"""Away, Boarders!: the game state as plain data; the scenario model
(models.py) is re-exported here.

Each :class:`Ship` is the printed Ship Display (1.4): sail/yard boxes per
mast, hull boxes, the six crew task boxes, the sail setting, the gun markers
(loaded or not), a load box per battery, the commanding officer and the
casualty pile; plus where she lies on the point grid (1.2, 3.0).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from quarterdeck.core.fields import field_names
from quarterdeck.rulesets.away_boarders.models import (  # re-exported: the scenario model
    AwayBoardersScenario as AwayBoardersScenario,
    DisplaySpec as DisplaySpec,
    FieldSpec as FieldSpec,
    GunSpec as GunSpec,
    MastSpec as MastSpec,
    Mount as Mount,
    Rig as Rig,
    SailSetting as SailSetting,
    ShipSpec as ShipSpec,
    VictorySpec as VictorySpec,
)

SAIL_SETTINGS: Final[tuple[str, ...]] = ("oars", "reef", "battle", "full")
"""Sail settings from least to most sail (1.4, 3.1)."""

TASK_BOXES: Final[tuple[str, ...]] = (
    "yards",
    "repair_rigging",
    "guns",
    "repair_guns",
    "repair_hull",
    "boarders",
)
"""The six crew task boxes, top of the display to bottom (1.4, 2.3)."""

BOX_LABELS: Final[dict[str, str]] = {
    "yards": "Man the yards / make-reef sail / sweeps",
    "repair_rigging": "Repair rigging",
    "guns": "Man the guns",
    "repair_guns": "Repair guns",
    "repair_hull": "Repair hull",
    "boarders": "Boarding party",
}

BATTERIES: Final[tuple[str, ...]] = ("port", "starboard", "bow")


# --------------------------------------------------------------------------
# The state


@dataclass(slots=True)
class Gun:
    """One gun marker (1.4): face up when loaded; ``side`` is where it bears
    (port, starboard, or bow); ``order`` is its number for gun hits (4.3)."""

    type: str
    mount: str
    side: str
    order: int
    loaded: bool = True
    fired: bool = False
    disabled: bool = False

    def __init__(
        self,
        type: str,
        mount: str,
        side: str,
        order: int,
        loaded: bool = True,
        fired: bool = False,
        disabled: bool = False,
    ) -> None:
        # (written out as the dataclass would make it: see core.prompts.Prompt)
        self.type = type
        self.mount = mount
        self.side = side
        self.order = order
        self.loaded = loaded
        self.fired = fired
        self.disabled = disabled

    def __deepcopy__(self, memo: dict[int, Any]) -> Gun:
        return Gun(
            self.type, self.mount, self.side, self.order, self.loaded, self.fired, self.disabled
        )


def _fallen(mast: list[int]) -> bool:
    """A mast is fallen when every box of it is an X (4.3; a box is 0 clear,
    1 slash, 2 X)."""
    # (a loop: it stops at the first box not an X, in the interpreter as
    # fast as min(), and the compiled build reads the boxes natively)
    for box in mast:  # noqa: SIM110
        if box < 2:
            return False
    return True


@dataclass(slots=True)
class Ship:
    """One Ship Display (1.4) and the ship's place on the field."""

    id: str
    key: str
    name: str
    side: str
    rig: str
    base_speed: int
    mast_names: list[str]
    masts: list[list[int]]  # per mast, per box: 0 clear, 1 slash, 2 X
    hull: list[int]  # per box: 0 clear, 1 slash, 2 X
    crew: dict[str, int]
    guns: list[Gun]
    load: dict[str, str]  # battery -> round / grape / double / chain
    sail: str
    q: int
    r: int
    facing: int
    value: int
    casualties: int = 0
    lost_for_good: int = 0
    co: str = "ok"  # ok / down (face down until the next crew assignment)
    status: str = "afloat"  # afloat / sunk / struck / left
    speed: int = 0
    drifting: bool = False
    last_move: str = ""
    backs_this_turn: int = 0
    advances_this_turn: int = 0
    backed_turns: int = 0  # consecutive turns spent backed, never advancing (3.1)
    repair: dict[str, int] = field(
        default_factory=lambda: {"repair_rigging": 0, "repair_guns": 0, "repair_hull": 0}
    )
    fouled: list[str] = field(default_factory=list)
    grappled: list[str] = field(default_factory=list)
    boarders_used: int = 0
    loaders_used: int = 0
    aground: bool = False
    abeam: dict[str, str] = field(default_factory=dict)  # ship on this point -> our side
    repel: dict[str, int] = field(default_factory=dict)  # attacker -> defenders facing her (5.0)

    def __deepcopy__(self, memo: dict[int, Any]) -> Ship:
        """A fast deep copy (the game copies the state on every answer)."""
        new = Ship.__new__(Ship)  # a compiled class (scripts/compile) refuses object's
        for name in field_names(Ship):
            object.__setattr__(new, name, getattr(self, name))
        new.mast_names = list(self.mast_names)
        new.masts = [list(m) for m in self.masts]
        new.hull = list(self.hull)
        new.crew = dict(self.crew)
        new.guns = [
            Gun(g.type, g.mount, g.side, g.order, g.loaded, g.fired, g.disabled) for g in self.guns
        ]
        new.load = dict(self.load)
        new.repair = dict(self.repair)
        new.fouled = list(self.fouled)
        new.grappled = list(self.grappled)
        new.abeam = dict(self.abeam)
        new.repel = dict(self.repel)
        return new

    @property
    def pos(self) -> tuple[int, int]:
        return (self.q, self.r)

    @property
    def active(self) -> bool:
        return self.status == "afloat"

    @property
    def crew_total(self) -> int:
        total = 0
        for men in self.crew.values():  # (a loop: the build sums a dict's values generically)
            total += men
        return total

    def mast_fallen(self, index: int) -> bool:
        """Every box of the mast is an X (4.3): :func:`_fallen`."""
        return _fallen(self.masts[index])

    @property
    def masts_standing(self) -> int:
        """Her masts not fallen (:func:`_fallen`; 3.1, 4.3)."""
        standing = 0
        for mast in self.masts:
            if not _fallen(mast):
                standing += 1
        return standing

    @property
    def masts_lost(self) -> int:
        return len(self.masts) - self.masts_standing

    @property
    def hull_left(self) -> int:
        return sum(2 - b for b in self.hull)

    def guns_on(self, battery: str) -> list[Gun]:
        return [g for g in self.guns if g.side == battery and not g.disabled]


@dataclass(slots=True)
class Hit:
    """Damage from one roll, held until the end of the phase (2.2)."""

    target: str
    firer: str
    side: str  # the side of the target the fire came from, or "rake"
    rake_from: str  # "", "ahead" or "astern"
    high: bool
    hull: int
    rigging_dice: int
    rigging_per_die: int
    guns: int
    crew: int


@dataclass(slots=True)
class PendingFire:
    """A broadside being resolved: its groups by caliber (4.3)."""

    ship: str
    battery: str
    target: str
    groups: list[str]
    index: int = 0
    dice: int = 0
    kept_face: int = 0  # the random modifier die, when it joined the Damage Dice
    count: int = 0  # fire only this many guns of the one caliber (0: all)


@dataclass(slots=True)
class CasualtyPick:
    """Crew casualties the owning player places box by box (4.3, 5.0):
    ``groups`` are the boxes in order of preference (a later group only when
    the earlier ones are empty); ``boxes`` the markers already chosen."""

    ship: str
    left: int
    groups: list[list[str]]
    rule: str
    boxes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class State:
    """The whole game. ``phase`` names the step of the sequence of play (2.0)."""

    sides: list[str]
    turn_limit: int
    width: int
    height: int
    blocked: list[list[int]]
    wind: int
    ships: dict[str, Ship]
    victory: dict[str, Any]
    house_rules: dict[str, Any] | None = None
    turn: int = 1
    phase: str = "crew"
    action: int = 0  # 0, 1, 2: the three action phases
    entry: int = -1  # index into the Movement Phases chart row
    queue: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    group: list[str] = field(default_factory=list)  # equal speeds awaiting the upwind choice
    fire_queue: list[list[str]] = field(default_factory=list)
    pending: PendingFire | None = None
    hits: list[Hit] = field(default_factory=list)
    tasks: list[list[str]] = field(default_factory=list)
    boardings: list[list[str]] = field(default_factory=list)
    grapples: list[list[str]] = field(default_factory=list)  # pairs grappled this segment (2.3)
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    casualty: CasualtyPick | None = None
    incident: list[str] = field(default_factory=list)  # [kind, mover, other] awaiting the mover
    drifts: list[str] = field(default_factory=list)
    fired: list[list[str]] = field(default_factory=list)  # [ship, battery, target, caliber]
    result: dict[str, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """A fast deep copy (the game copies the state on every answer)."""
        new = State.__new__(State)  # a compiled class (scripts/compile) refuses object's
        for name in field_names(State):
            object.__setattr__(new, name, getattr(self, name))
        new.sides = list(self.sides)
        new.blocked = [list(b) for b in self.blocked]
        new.ships = {k: v.__deepcopy__(memo) for k, v in self.ships.items()}
        new.victory = {k: dict(v) if isinstance(v, dict) else v for k, v in self.victory.items()}
        new.house_rules = copy.deepcopy(self.house_rules)
        new.queue = list(self.queue)
        new.moved = list(self.moved)
        new.group = list(self.group)
        new.fire_queue = [list(f) for f in self.fire_queue]
        new.pending = (
            dataclasses.replace(self.pending, groups=list(self.pending.groups))
            if self.pending
            else None
        )
        new.hits = [dataclasses.replace(h) for h in self.hits]
        new.tasks = [list(x) for x in self.tasks]
        new.boardings = [list(x) for x in self.boardings]
        new.grapples = [list(x) for x in self.grapples]
        new.orders = {
            seat: {k: dict(v) if isinstance(v, dict) else v for k, v in given.items()}
            for seat, given in self.orders.items()
        }
        new.casualty = (
            CasualtyPick(
                self.casualty.ship,
                self.casualty.left,
                [list(g) for g in self.casualty.groups],
                self.casualty.rule,
                list(self.casualty.boxes),
            )
            if self.casualty is not None
            else None
        )
        new.incident = list(self.incident)
        new.drifts = list(self.drifts)
        new.fired = [list(f) for f in self.fired]
        new.result = dict(self.result) if self.result is not None else None
        return new

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


_ATOMS = (str, int, float, bool, type(None))
"""Values a copy may share with its original: none of them changes."""


def _mutable_ids(value: Any, found: set[int]) -> bool:
    """Add to ``found`` the id of every list, dict, set and record (a
    dataclass) under ``value``; False where something else (neither one of
    these, a tuple or frozenset of them, nor a plain value) is found."""
    if isinstance(value, _ATOMS):
        return True
    if isinstance(value, (list, set)):
        found.add(id(value))
        return all(_mutable_ids(v, found) for v in value)
    if isinstance(value, dict):
        found.add(id(value))
        return all(_mutable_ids(k, found) and _mutable_ids(v, found) for k, v in value.items())
    if isinstance(value, (tuple, frozenset)):
        return all(_mutable_ids(v, found) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found.add(id(value))
        return all(_mutable_ids(getattr(value, name), found) for name in field_names(type(value)))
    return False


def copied_apart(copied: Any, original: Any) -> bool:
    """Whether ``copied`` is an exact copy of ``original``: equal to it, made
    of plain values, lists, dicts, sets and records only, and sharing none
    of those that a game may change (Away, Boarders!' freeze and thaw)."""
    if copied != original:
        return False
    mine: set[int] = set()
    theirs: set[int] = set()
    return _mutable_ids(original, mine) and _mutable_ids(copied, theirs) and not mine & theirs
