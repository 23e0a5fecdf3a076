"""Cutting Out Party: the game state as plain data; the scenario model
(models.py) is re-exported here.

The harbour is an inch table (x east, y north). Every figure stands on the
harbour table, in a boat, below decks, or on a ship's deck; a figure on a
deck has deck coordinates (``x`` inches from the stern along the keel, ``y``
inches across, starboard positive), the text's deck cut-out, drawn at the
same scale as the table so that every range is measured the same way.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from quarterdeck.core.dice import Deck
from quarterdeck.core.fields import field_names
from quarterdeck.rulesets.cutting_out.models import (  # re-exported: the scenario model
    BatterySpec as BatterySpec,
    BoatSpec as BoatSpec,
    CuttingOutScenario as CuttingOutScenario,
    Edge as Edge,
    FigureGroup as FigureGroup,
    GuardSpec as GuardSpec,
    LandGunSpec as LandGunSpec,
    LandingSpec as LandingSpec,
    LandPartySpec as LandPartySpec,
    Nation as Nation,
    Point as Point,
    ShipGunSpec as ShipGunSpec,
    ShipSpec as ShipSpec,
)

NATIONS: Final[tuple[str, ...]] = (
    "british",
    "american",
    "french",
    "spanish",
    "dutch",
    "danish",
    "pirate",
    "other",
)

# --------------------------------------------------------------------------
# The state


@dataclass(slots=True)
class Figure:
    """One figure. ``where`` is boat, deck, land or below (in ``place``:
    the boat or ship id); ``fate`` is empty while it is in the game, else
    dead, captured, out (off the ship or fled) or escaped (left by the sea)."""

    id: str
    side: str
    party: str
    kind: str
    nation: str
    where: str
    place: str = ""
    x: float = 0.0
    y: float = 0.0
    fate: str = ""
    charismatic: bool = False
    climbing: str = ""  # a boarding point it is climbing at this turn
    breaking_out: bool = False  # coming up a guarded hatch this turn
    wet_until: int = 0  # choppy seas: its musket is useless to this turn

    def __deepcopy__(self, memo: dict[int, Any]) -> Figure:
        return copy.copy(self)

    @property
    def active(self) -> bool:
        return not self.fate


@dataclass(slots=True)
class Party:
    """A boat's crew, a ship's guard or crew, a garrison, a party on land.
    ``morale`` is steady, shaken (falls back until rallied), routed (leaves
    the game) or surrendered."""

    id: str
    name: str
    side: str
    kind: str  # boat, guard, crew, garrison, land
    nation: str
    start: int
    boat: str = ""
    ship: str = ""
    battery: str = ""
    task: str = ""
    morale: str = "steady"
    formed: bool = False
    order: str = ""  # the order it moved under this turn

    def __deepcopy__(self, memo: dict[int, Any]) -> Party:
        return copy.copy(self)


@dataclass(slots=True)
class Boat:
    """A boat on the harbour table: its centre and heading, and where it lies."""

    id: str
    name: str
    kind: str
    side: str
    x: float
    y: float
    heading: float
    length: float
    capacity: int
    hull_points: int
    hull_hits: int = 0
    last_move: float = 0.0
    alongside: str = ""  # "<ship id>:<boarding point>" when made fast
    alongside_turn: int = 0
    landed: str = ""  # the landing place it lies at
    landed_turn: int = 0
    status: str = "afloat"  # afloat, sunk, escaped
    moved: bool = False  # moved this turn
    task: str = ""
    toward: str = ""  # where she was last rowed (a rowing form's option id)

    def __deepcopy__(self, memo: dict[int, Any]) -> Boat:
        return copy.copy(self)

    @property
    def afloat(self) -> bool:
        return self.status == "afloat"


@dataclass(slots=True)
class Gun:
    """A gun on a ship (deck coordinates) or in a battery (table coordinates).
    A ship's gun faces her ``facing`` side ("larboard" or "starboard" as
    -90 or +90 degrees off her heading); a land gun faces a compass bearing."""

    id: str
    name: str
    kind: str  # ship, land, swivel
    platform: str  # "ship" or "battery"
    owner: str  # ship or battery id
    x: float
    y: float
    facing: float
    arc: float
    crew: int  # a full crew
    silenced_until: int = 0  # silenced through this turn
    silenced_game: bool = False
    destroyed: bool = False
    spiked: bool = False
    fired: int = 0  # the last turn it fired

    def __deepcopy__(self, memo: dict[int, Any]) -> Gun:
        return copy.copy(self)


@dataclass(slots=True)
class Ship:
    """A ship: her centre, heading, size, hull, rigging score, and the
    state of her deck (swept since, the crew docile)."""

    id: str
    name: str
    side: str  # the side she belongs to at the start
    nation: str
    x: float
    y: float
    heading: float
    length: float  # deck length in table inches
    beam: float
    hull_points: int
    hull_hits: int = 0
    rig: int = 0
    status: str = "anchored"  # anchored, under-way, sunk, at-sea
    route: list[Point] = field(default_factory=list)
    hit_turn: int = 0  # the last turn cannon fire hit her
    contested_turn: int = 0  # the last turn defenders stood on her deck
    swept_since: int = 0  # deck clear of defenders since the end of this turn
    docile: bool = False
    boarded_turn: int = 0  # the first turn raiders gained her deck
    facts: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Ship:
        new = copy.copy(self)
        new.route = list(self.route)
        return new

    @property
    def afloat(self) -> bool:
        return self.status in ("anchored", "under-way")


@dataclass(slots=True)
class Battery:
    id: str
    name: str
    side: str
    nation: str
    outline: list[Point]
    x: float
    y: float
    captured_by: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Battery:
        return copy.copy(self)


@dataclass(slots=True)
class Landing:
    id: str
    name: str
    kind: str
    x: float
    y: float


@dataclass(slots=True)
class State:
    """The whole game. ``phase`` names the step of the turn (rules.PHASES);
    ``ask`` is the open question, ``order`` the units still to act in it."""

    raiders: str
    defenders: str
    umpire: str | None
    table: tuple[float, float]
    light: str
    exit: str
    prize: str
    turn_limit: int
    men_per_figure: int
    land: list[list[Point]]
    earthworks: list[list[Point]]
    landings: dict[str, Landing]
    ships: dict[str, Ship]
    batteries: dict[str, Battery]
    guns: dict[str, Gun]
    boats: dict[str, Boat]
    parties: dict[str, Party]
    figures: dict[str, Figure]
    events: Deck | None = None
    random_events: bool = False
    house_rules: dict[str, Any] | None = None
    turn: int = 1
    phase: str = "setup"
    started: str = ""  # the step whose units (``order``) have been listed
    ask: dict[str, Any] | None = None
    order: list[str] = field(default_factory=list)
    allowance: dict[str, float] = field(default_factory=dict)  # rolled moves this turn
    rowing: list[str] = field(default_factory=list)  # boats waiting for the rowing form
    # detection and the alarm sequence (Defender attempts to spot)
    detected: bool = False
    spotted_turn: int = 0
    alarm_turn: int = 0
    alarm_reason: str = ""
    garrison_delay: int = 0
    # the event card of this turn, and the lasting effects of earlier cards
    event: str = ""
    ensign_boat: str = ""
    # this turn's doings
    challenge: dict[str, Any] = field(default_factory=dict)
    fired_unspotted: bool = False
    prisoners: dict[str, int] = field(default_factory=dict)  # by capturing side
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _STATE_FIELDS:
            value = getattr(self, name)
            if name in ("ships", "batteries", "guns", "boats", "parties", "figures", "landings"):
                out[name] = {k: _plain(v) for k, v in value.items()}
            elif dataclasses.is_dataclass(value) and not isinstance(value, type):
                out[name] = dataclasses.asdict(value)
            else:
                out[name] = copy.deepcopy(value)
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """A copy to play forward: what changes is copied, the layout of the
        harbour (land, landings, the table, house rules) is shared."""
        new = copy.copy(self)
        new.ships = {k: v.__deepcopy__(memo) for k, v in self.ships.items()}
        new.batteries = {k: copy.copy(v) for k, v in self.batteries.items()}
        new.guns = {k: _clone(v) for k, v in self.guns.items()}
        new.boats = {k: _clone(v) for k, v in self.boats.items()}
        new.parties = {k: _clone(v) for k, v in self.parties.items()}
        new.figures = {k: _clone(v) for k, v in self.figures.items()}
        new.events = copy.deepcopy(self.events, memo)
        new.ask = copy.deepcopy(self.ask, memo)
        new.order = list(self.order)
        new.allowance = dict(self.allowance)
        new.rowing = list(self.rowing)
        new.challenge = copy.deepcopy(self.challenge, memo)
        new.prisoners = dict(self.prisoners)
        new.result = copy.deepcopy(self.result, memo)
        return new

    # -- plain look-ups -------------------------------------------------------------

    def other(self, side: str) -> str:
        return self.defenders if side == self.raiders else self.raiders

    def party_figures(self, party: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.party == party and not f.fate]

    def aboard(self, boat: str) -> list[Figure]:
        # the place first: it rules out most figures at once
        return [
            f for f in self.figures.values() if f.place == boat and f.where == "boat" and not f.fate
        ]

    def on_deck(self, ship: str, side: str | None = None) -> list[Figure]:
        if side is None:
            return [
                f
                for f in self.figures.values()
                if f.place == ship and f.where == "deck" and not f.fate
            ]
        return [
            f
            for f in self.figures.values()
            if f.place == ship and f.where == "deck" and not f.fate and f.side == side
        ]

    def below(self, ship: str) -> list[Figure]:
        return [
            f
            for f in self.figures.values()
            if f.place == ship and f.where == "below" and not f.fate
        ]

    @property
    def prize_ship(self) -> Ship:
        return self.ships[self.prize]


def _clone(obj: Any) -> Any:
    """A shallow copy of a slotted dataclass whose fields are all plain values."""
    cls = obj.__class__
    new = cls.__new__(cls)  # a compiled class (scripts/compile) refuses object's
    for name in field_names(cls):
        object.__setattr__(new, name, getattr(obj, name))
    return new


def _plain(obj: Any) -> dict[str, Any]:
    """A slotted dataclass of plain values (and lists of points) as a dict."""
    out: dict[str, Any] = {}
    for name in field_names(obj.__class__):
        value = getattr(obj, name)
        out[name] = list(value) if isinstance(value, list) else value
    return out


_STATE_FIELDS: Final = tuple(f.name for f in dataclasses.fields(State))
