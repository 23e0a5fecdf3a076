"""ACW River and Coastal: the game state as plain data.

Everything that changes during a game is here, as dataclasses that copy with
``copy.deepcopy`` and serialise with ``dataclasses.asdict``; the dice, the
card draws and the log belong to the Game that wraps the state. Values the
rules derive from historical facts (SPV, penetration value, CPV) are computed
once at set-up by ``values.py`` and stored here as the ship's starting
values; the facts themselves stay in quarterdeck/data/ships/acw.toml.

Table conventions (quarterdeck/core/geometry.py): inches, x across the river
(west to east), y along it, heading in degrees clockwise from north. The
upstream end of the table is always the top (y = length); which compass end
that is (``Table.upstream``) is the set-up roll-off winner's choice. A ship's
pose is her smokestack or pilot house (Movement: "measure all moves from
smokestack or pilot house"), the middle of her model.

What is hidden from whom is declared, path by path, by
``view.hidden(state)``: the four coloured dice of every commander, standing
orders, plotted moves and fire orders until revealed, objective cards, which
minefields are real, fort gun and crew positions, and every ship a side has
not sighted.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from quarterdeck.core.dice import Deck

Vec = tuple[float, float]

# --------------------------------------------------------------------------
# Vocabulary (the values the rules use; the tables give their numbers)

Quality = Literal["intelligent", "stubborn", "reckless", "panicky", "fanatic"]
Role = Literal["captain", "fleet", "fort"]
Arc = Literal["forward", "port", "starboard", "aft"]
Mount = Literal[
    "bow",  # casemate bow port: 10 degrees each side of ahead
    "stern",  # casemate stern port
    "port",  # broadside gun, 10 degrees each side of abeam
    "starboard",
    "pivot-bow",  # pivot in the open, 150 degrees centred ahead
    "pivot-stern",  # 150 degrees centred astern
    "pivot",  # midships pivot: 150 degrees on either beam
    "turret",  # in a turret: the turret's plotted arc, 90 degrees
    "mortar",  # mortar: 360 degrees, shore targets only
    "fort",  # a fort gun: fires all round from its battery
]
Helm = Literal[
    "hard-port", "port", "half-port", "ahead", "half-starboard", "starboard", "hard-starboard"
]
ShipStatus = Literal["active", "sunk", "exploded", "abandoned", "captured", "exited"]
FortStatus = Literal["active", "silenced", "abandoned", "captured"]

HELMS: Final[tuple[Helm, ...]] = (
    "hard-port",
    "port",
    "half-port",
    "ahead",
    "half-starboard",
    "starboard",
    "hard-starboard",
)
ARCS: Final[tuple[Arc, ...]] = ("forward", "starboard", "aft", "port")


# --------------------------------------------------------------------------
# Commanders (Determine fleet commander and captains qualities; Fort Commander)


@dataclass(slots=True)
class Dice:
    """The four coloured dice a commander is rolled on: white (quality),
    green (added to morale), red (subtracted from morale when he is dead),
    yellow (gunnery and ramming). Secret from every other side."""

    white: int
    green: int
    red: int
    yellow: int

    def __deepcopy__(self, memo: dict[int, Any]) -> Dice:
        return self  # rolled once, never changed


@dataclass(slots=True)
class Commander:
    """A ship's captain, a fleet commander or a fort commander. ``post`` is
    the ship or fort he is on; a fleet commander overrides the captain of the
    ship he is on. His quality and his three values are read from ``dice``
    through the tables (``commanders.py``), never stored twice."""

    id: str
    name: str
    side: str
    role: Role
    post: str
    dice: Dice
    alive: bool = True
    lost: bool = False  # went down with his ship, or taken with her
    laying: str = ""  # the gun he has taken charge of this move (captains)

    def __deepcopy__(self, memo: dict[int, Any]) -> Commander:
        return copy.copy(self)  # his dice never change: shared


# --------------------------------------------------------------------------
# Ships


@dataclass(slots=True)
class Gun:
    """One gun: its type (a key of the tables' gun types), where it is
    mounted, and its condition. A gun fires only with a CPV allotted
    (``crewed``)."""

    id: str
    type: str
    mount: Mount
    turret: str = ""  # the turret it is in (mount "turret")
    square: int = 0  # a fort gun's grid square, 1 to 6 (Forts)
    crewed: bool = True
    destroyed: bool = False
    last_fired: int = -99  # the move it last fired (guns that fire on alternate moves)
    burst: bool = False  # a rifled 32-pounder that exploded

    def __deepcopy__(self, memo: dict[int, Any]) -> Gun:
        return copy.copy(self)


@dataclass(slots=True)
class Turret:
    """A turret: where it stands (single, forward, aft, centre) and the arc
    plotted for it this move (Arcs of Fire)."""

    id: str
    position: Literal["single", "forward", "aft", "centre"]
    arc: Arc = "forward"

    def __deepcopy__(self, memo: dict[int, Any]) -> Turret:
        return copy.copy(self)


@dataclass(slots=True)
class Crew:
    """The CPV allotment (Crew Points Value): one CPV on each crewed gun
    (``Gun.crewed``), one for the engine (E), one for the boiler room (B),
    one for the captain (C), the rest in reserve for replacements, repairs,
    boarding and landing parties."""

    engine: int
    boiler: int
    captain: int
    reserve: int
    lost: int = 0  # CPV lost in all (for morale: any, a third, two thirds)
    away: int = 0  # reserve CPV away in boarding or landing parties
    repairing: int = 0  # reserve CPV at work on repairs this move

    def __deepcopy__(self, memo: dict[int, Any]) -> Crew:
        return copy.copy(self)


@dataclass(slots=True)
class Effect:
    """A damage effect in force on a ship (Tables 1 to 6, the ramming
    charts). ``work`` is the repair still needed in CPV-moves (four for each
    hit on the same thing: "hit twice, 8 moves"); a permanent effect lasts
    the game; ``until`` ends a fixed-length effect (locked together)."""

    kind: str
    target: str = ""  # the gun or turret it is on
    work: int = 0
    hits: int = 1
    permanent: bool = False
    until: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Effect:
        return copy.copy(self)


@dataclass(slots=True)
class Fire:
    """A fire aboard (Table 4, Table 6, fire ships): attempts left to put it
    out and the lowest die that does; when none are left she is abandoned."""

    kind: Literal["fire", "magazine", "fireship"]
    tries: int
    need: int

    def __deepcopy__(self, memo: dict[int, Any]) -> Fire:
        return copy.copy(self)


@dataclass(slots=True)
class Aground:
    """A ship stuck on a hazard (Navigational hazards): the attempts she has
    made to reverse off; once they reach the most allowed she is stuck for
    the rest of the game (``fast``)."""

    hazard: Literal["shoal", "shore", "stakes", "rocks", "wreck"]
    tries: int = 0
    fast: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Aground:
        return copy.copy(self)


@dataclass(slots=True)
class Ship:
    """A vessel in play: her derived values at the start, her condition now,
    and her pose (the smokestack, mid-model)."""

    id: str
    facts: str  # key in quarterdeck/data/ships/*.toml
    name: str
    side: str  # the side that has her now
    owner: str  # the side she began with
    hull: str  # hull class key (tables: hulls): penetration, turning, ram class
    length: float  # model length, inches
    beam: float
    x: float
    y: float
    heading: float
    speed: int  # knots the last move, negative astern
    max_speed: int  # from her facts
    reverse_max: int
    double_ender: bool
    turning: float  # turning radius, inches
    spv_start: int
    spv: int
    pv: int  # penetration value: below it, the tables 1 to 6
    cpv_start: int
    draught_start: float  # feet
    draught: float
    sloped: bool  # angled or curved armour: gunfire effect halved
    small: bool  # a small target: -1 to hit
    ram: bool  # a ram fitted and not lost
    spar: bool  # a spar torpedo fitted and not used
    guns: list[Gun]
    turrets: list[Turret]
    crew: Crew
    captain: str  # commander id
    status: ShipStatus = "active"
    anchored: bool = False
    aground: Aground | None = None
    effects: list[Effect] = field(default_factory=list)
    fires: list[Fire] = field(default_factory=list)
    speed_lost: int = 0  # knots lost for the rest of the game (engine, stack)
    dying: bool = False  # boiler destroyed: slows 2 knots a move to a stop
    locked: str = ""  # the ship she is jammed with after a ram
    locked_until: int = 0  # the last move they stay jammed together
    ram_class: str = "gunboat"  # her class on the ram test chart
    towing: str = ""  # the ship she tows
    towed_by: str = ""
    balloon: bool = False  # tows an inflated balloon
    balloon_up: int = 0  # the move the balloon is up (one move to set up)
    fireship: Literal["", "fire", "explosive"] = ""
    alight: bool = False
    prize_move: int = 0  # taken this move: no move or fire until the next
    mortar_target: str = ""  # the shore target her mortar has fired on
    mortar_shots: int = 0
    fired_on_by: list[str] = field(default_factory=list)  # this move
    rammed: bool = False  # rammed this move
    morale_due: list[str] = field(default_factory=list)  # triggers this move
    below_pv: bool = False  # has fallen below her penetration value
    exit_edge: str = ""  # the end of the table she left by (upstream, downstream)

    @property
    def afloat(self) -> bool:
        return self.status in ("active", "abandoned", "captured")

    @property
    def in_action(self) -> bool:
        return self.status == "active" or (self.status == "captured" and self.crew.engine > 0)

    @property
    def cpv(self) -> int:
        """CPV aboard now: guns crewed, engine, boiler, captain, reserve."""
        c = self.crew
        guns = sum(1 for g in self.guns if g.crewed and not g.destroyed)
        return guns + c.engine + c.boiler + c.captain + c.reserve

    def __deepcopy__(self, memo: dict[int, Any]) -> Ship:
        new = copy.copy(self)
        new.guns = [copy.copy(g) for g in self.guns]
        new.turrets = [copy.copy(tt) for tt in self.turrets]
        new.crew = copy.copy(self.crew)
        new.effects = [copy.copy(e) for e in self.effects]
        new.fires = [copy.copy(f) for f in self.fires]
        new.aground = copy.copy(self.aground)
        new.fired_on_by = list(self.fired_on_by)
        new.morale_due = list(self.morale_due)
        return new


# --------------------------------------------------------------------------
# Forts, towns and ports (Forts and Buildings; Mortar Boats)


@dataclass(slots=True)
class Fort:
    """A fort: its points (FPV, 40 a square inch of earthwork, 60 of stone),
    its commander, its guns and CPV in the six grid squares of its area."""

    id: str
    name: str
    side: str
    owner: str
    kind: Literal["earthwork", "stonework"]
    x: float  # centre of its rectangle
    y: float
    w: float
    h: float
    fpv_start: int
    fpv: int
    commander: str
    guns: list[Gun]
    cpv: list[int]  # CPV in grid squares 1 to 6 (index 0 to 5)
    cpv_start: int
    commander_square: int
    status: FortStatus = "active"
    tested_at: int = 0  # CPV losses at its last morale test
    morale_due: list[str] = field(default_factory=list)
    captured_by: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Fort:
        new = copy.copy(self)
        new.guns = [copy.copy(g) for g in self.guns]
        new.cpv = list(self.cpv)
        new.morale_due = list(self.morale_due)
        return new


@dataclass(slots=True)
class Place:
    """A town or port ashore: six buildings (one per grid square) with their
    BPV (5 a quarter-inch square), and who has secured it."""

    id: str
    name: str
    kind: Literal["town", "port"]
    x: float
    y: float
    w: float
    h: float
    bpv_start: list[int]
    bpv: list[int]
    secured_by: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Place:
        new = copy.copy(self)
        new.bpv = list(self.bpv)
        return new


@dataclass(slots=True)
class Party:
    """A boarding or landing party (1 CPV each) away from its ship."""

    id: str
    side: str
    ship: str
    cpv: int
    x: float
    y: float
    target: str  # the place, fort or ship it goes for
    stage: Literal["landing", "marching", "assault", "boarding", "holding"]
    since: int  # the move it reached this stage

    def __deepcopy__(self, memo: dict[int, Any]) -> Party:
        return copy.copy(self)


# --------------------------------------------------------------------------
# The table (Table Set Up; Currents; Tides; Navigational hazards)


@dataclass(slots=True)
class Feature:
    """A piece of terrain: land (bank, island, fort ground), a shoal (a
    sandbar with its depth in feet), stakes, rocks, a spar chain, a wreck.
    ``square`` is the set-up square (1 to 6) it was dealt to, 0 if placed by
    a scenario."""

    id: str
    kind: Literal["land", "shoal", "stakes", "rocks", "chain", "wreck"]
    polygon: list[Vec]
    label: str = ""
    square: int = 0
    depth: int | None = None
    since: int = 0  # a wreck: the move she sank (open sea: passable two moves later)

    def __deepcopy__(self, memo: dict[int, Any]) -> Feature:
        return self  # terrain never changes once placed (wrecks are added, not changed)


@dataclass(slots=True)
class Minefield:
    """A mined area: real or dummy (hidden from the other side until a ship
    crosses it), 4 by 4 inches in the random set-ups."""

    id: str
    owner: str
    x: float  # centre
    y: float
    w: float
    h: float
    real: bool
    known_to: list[str] = field(default_factory=list)  # sides that know real or dummy

    def __deepcopy__(self, memo: dict[int, Any]) -> Minefield:
        new = copy.copy(self)
        new.known_to = list(self.known_to)
        return new


@dataclass(slots=True)
class Smoke:
    """A cloud of gun smoke on a windless day (Smoke): a cube round a firing
    ship or fort that grows while it keeps firing and stands still."""

    ship: str  # the ship's or fort's id
    x: float
    y: float
    size: float  # inches
    clears: int  # the move after which it has dispersed

    def __deepcopy__(self, memo: dict[int, Any]) -> Smoke:
        return copy.copy(self)


@dataclass(slots=True)
class Table:
    """The table: its size, which compass end is upstream, river or estuary,
    the depth, the current lanes and the weather."""

    width: float
    length: float
    kind: Literal["river", "estuary", "sea"]
    upstream: Literal["north", "south"] = "north"
    depth: int = 12  # feet
    tidal: bool = False
    tide_range: int = 0  # feet, added at full effect (squares 5 and 6)
    lanes: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])  # knots, west to east
    river_x: tuple[float, float] = (0.0, 0.0)  # the water's west and east limits
    wind: str = "none"  # none, north, east, west, south
    early_morning: bool = False
    fog: float | None = None  # visibility in inches while fog lasts

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        new = copy.copy(self)
        new.lanes = list(self.lanes)
        return new


# --------------------------------------------------------------------------
# Orders (Orders; Fleet Orders; Ship Orders; Movement)


@dataclass(slots=True)
class Order:
    """A ship's standing order, written at the start: keep station on a
    ship, engage (the enemy, or a named ship), proceed to a place (an edge, a
    square, a town), hold position, land a party at a town, port or fort."""

    kind: Literal["engage", "proceed", "station", "hold", "land"]
    target: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Order:
        return copy.copy(self)


@dataclass(slots=True)
class Plot:
    """One ship's plotted move (secret until both sides have plotted):
    the speed to make (knots, negative astern), the helm, the arc of each
    turret, one action, the gun the captain lays, and in the first move the
    quarter at which she fires."""

    speed: int
    helm: Helm = "ahead"
    turrets: dict[str, Arc] = field(default_factory=dict)
    action: str = ""  # "", ram:<ship>, board:<ship>, land:<place>, spar:<ship>, anchor, ...
    laying: str = ""  # gun id the captain lays, "" none
    fire_quarter: int = 4  # first move only: fire after this quarter (1 to 4)
    override: str = ""  # why the captain changed the plot (his quality, a failed ram test)

    def __deepcopy__(self, memo: dict[int, Any]) -> Plot:
        new = copy.copy(self)
        new.turrets = dict(self.turrets)
        return new


@dataclass(slots=True)
class MoveLeg:
    """A ship's move being made (Movement): the speed through the water
    (knots, negative astern), the whole turn of the move (degrees, positive
    to starboard), the drift of the current over the move (inches), and
    whether she has been stopped (contact, aground, a hazard)."""

    speed: int
    turn: float
    drift: tuple[float, float]
    stopped: bool = False
    ram: str = ""  # the ship she rams by order, the ram test passed
    avoid: str = ""  # the ship a failed ram test makes her avoid
    crossed: list[str] = field(default_factory=list)  # hazards and mined areas met this move
    # inches made inside each shoal, stakes or rocks this move (the one-die-
    # an-inch way of crossing them, a house rule)
    inside: dict[str, float] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> MoveLeg:
        new = copy.copy(self)
        new.crossed = list(self.crossed)
        new.inside = dict(self.inside)
        return new


# --------------------------------------------------------------------------
# Sides and the whole game


@dataclass(slots=True)
class SideState:
    """One fighting side: its nation and end of the table, its fleet
    commander and flagship, its objective cards and its ships' orders."""

    name: str
    nation: Literal["union", "confederate"]
    end: Literal["upstream", "downstream"]
    commander: str = ""  # fleet commander id
    flagship: str = ""
    dealt: list[str] = field(default_factory=list)  # objective cards dealt
    objectives: list[str] = field(default_factory=list)  # kept
    met: list[str] = field(default_factory=list)  # kept cards already met
    orders: dict[str, Order] = field(default_factory=dict)  # ship id -> order

    def __deepcopy__(self, memo: dict[int, Any]) -> SideState:
        new = copy.copy(self)
        new.dealt = list(self.dealt)
        new.objectives = list(self.objectives)
        new.met = list(self.met)
        new.orders = dict(self.orders)  # an Order is replaced, never changed
        return new


@dataclass(slots=True)
class State:
    """The whole game. ``phase`` names the step of the sequence of play
    (rules.PHASES); ``ask`` is the open question when one seat must decide,
    ``queue`` the questions waiting; ``plots`` and ``fire_orders`` hold the
    secret orders of the round in progress."""

    sides: dict[str, SideState]
    umpire: str | None
    turn_limit: int
    table: Table
    features: list[Feature]
    minefields: list[Minefield]
    ships: dict[str, Ship]
    commanders: dict[str, Commander]
    forts: dict[str, Fort]
    places: dict[str, Place]
    objective_deck: Deck
    house_rules: dict[str, Any] | None = None
    parties: dict[str, Party] = field(default_factory=dict)
    smoke: list[Smoke] = field(default_factory=list)
    turn: int = 0  # the move; 0 during set-up
    phase: str = "setup"
    stage: str = ""
    setup: dict[str, Any] = field(default_factory=dict)  # set-up progress (roll-offs, cards)
    plots: dict[str, dict[str, Plot]] = field(default_factory=dict)
    fire_orders: dict[str, dict[str, str]] = field(default_factory=dict)
    # standing fire orders (standing.py): side -> ship or fort id -> order
    standing: dict[str, dict[str, str]] = field(default_factory=dict)
    quarter: int = 0  # the quarters of the move made so far
    moves: dict[str, MoveLeg] = field(default_factory=dict)  # ship id -> this move's leg
    due: list[str] = field(default_factory=list)  # units to plot or fire in this round
    fired: list[str] = field(default_factory=list)  # units that have fired this move
    sighted: dict[str, list[str]] = field(default_factory=dict)  # side -> enemy ships seen
    ask: dict[str, Any] | None = None
    queue: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def combatants(self) -> list[str]:
        return list(self.sides)

    def enemy(self, side: str) -> str:
        return next(s for s in self.sides if s != side)
