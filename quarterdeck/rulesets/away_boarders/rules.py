"""Away, Boarders! v1.01: the sequence of play and the procedures.

The turn follows the printed sequence of play (2.0), one named phase each:

1. crew assignment segment (2.1): secret, simultaneous orders per ship;
2. action segment (2.2): three action phases; in each, ships move one move at
   a time in the order of the Movement Phases chart (3.0-3.3), then every ship
   with loaded, manned guns and an eligible target may fire (4.2-4.4), and all
   the damage is applied together at the end of the phase;
3. crew task segment (2.3): make/reef sail, load guns, repair, grapple /
   ungrapple / unfoul, board and repel (5.0), then the surrender check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.engine import Context
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Answer, Field, Option, Prompt
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.away_boarders import fleet
from quarterdeck.rulesets.away_boarders.state import (
    BATTERIES,
    BOX_LABELS,
    SAIL_SETTINGS,
    TASK_BOXES,
    CasualtyPick,
    Gun,
    Hit,
    PendingFire,
    Ship,
    State,
)
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES, Tables

R_CREW = "2.1 Crew Assignments"
R_RALLY = "2.1 Crew Assignments: rally"
R_ACTIONS = "2.2 Actions"
R_TASKS = "2.3 Crew Tasks"
R_MOVE = "3.0 Ship Movement"
R_SAIL = "3.1 Movement Under Sail"
R_DRIFT = "3.1 Movement Under Sail: drift"
R_OARS = "3.2 Movement Under Oars"
R_INCIDENT = "3.3 Incidents During Movement"
R_LOAD = "4.1 Loading the Guns"
R_FIRE = "4.2 Firing the Guns"
R_DAMAGE = "4.3 Doing Damage"
R_SPECIAL = "4.4 Special Rounds"
R_BOARD = "5.0 Boarding Actions"
R_VICTORY = "1.0 General: victory"

FORM_BOXES: tuple[str, ...] = ("yards", "repair_rigging", "repair_guns", "repair_hull", "boarders")
"""The boxes a custom crew assignment names; the rest man the guns."""


# --------------------------------------------------------------------------
# Geometry and sailing (1.2, 3.0, 3.1)


def grid(state: State) -> pg.Grid:
    return _grid(state.width, state.height, tuple((c, r) for c, r in state.blocked))


@lru_cache(maxsize=32)
def _grid(width: int, height: int, blocked: tuple[tuple[int, int], ...]) -> pg.Grid:
    return pg.Grid(width, height, frozenset(pg.from_column(c, r) for c, r in blocked))


def wind_angle(wind: int, facing: int) -> int:
    """Points (0..3) between the bow and the wind: 0 head to wind, 1 close-
    hauled, 2 broad reach (wind on the quarter), 3 running (wind astern)."""
    k = (wind - facing) % 6
    return min(k, 6 - k)


POINT_OF_SAILING = ("in irons", "close-hauled", "broad reach", "running")


def downwind(wind: int) -> int:
    """The direction the wind blows toward."""
    return (wind + 3) % 6


def is_downwind_turn(wind: int, facing: int, new_facing: int) -> bool:
    """A turn that brings the wind further aft (3.1)."""
    return wind_angle(wind, new_facing) > wind_angle(wind, facing)


def upwind_rank(wind: int, p: pg.Point) -> float:
    """How far upwind a point lies (larger is further upwind) (2.2)."""
    x, y = pg.to_xy(p)
    wx, wy = pg.to_xy(pg.step((0, 0), wind))
    return x * wx + y * wy


MOVES = (
    "advance",
    "advance-port",
    "advance-starboard",
    "turn-port",
    "turn-starboard",
    "back",
    "hold",
)

MOVE_LABELS = {
    "advance": "advance one point",
    "advance-port": "advance one point and turn to port",
    "advance-starboard": "advance one point and turn to starboard",
    "turn-port": "turn one point to port",
    "turn-starboard": "turn one point to starboard",
    "back": "back sail (stay put)",
    "hold": "rest on the oars (stay put)",
}


def move_result(p: pg.Point, facing: int, move: str) -> tuple[pg.Point, int]:
    """Where a move leaves a ship: (point, facing). Turning to port is +1."""
    if move.startswith("advance"):
        p = pg.step(p, facing)
    if move.endswith("-port"):
        facing = pg.turn(facing, 1)
    elif move.endswith("-starboard"):
        facing = pg.turn(facing, -1)
    return p, facing


def legal_moves(
    wind: int,
    facing: int,
    oars: bool,
    backs_this_turn: int,
    open_ahead: bool,
) -> list[str]:
    """The moves a ship may make (3.1, 3.2).

    Under sail: advance; advance and turn downwind; turn upwind; back sail
    (never running before the wind, once a turn on a broad reach, always
    close-hauled). Head to wind a ship may only turn downwind. Under oars a
    ship may advance, turn either way, or rest on her oars. ``open_ahead`` is
    False when the point ahead is an island or coast."""
    out: list[str] = []
    if oars:
        if open_ahead:
            out += ["advance", "advance-port", "advance-starboard"]
        out += ["turn-port", "turn-starboard", "hold"]
        return out
    angle = wind_angle(wind, facing)
    if angle == 0:
        return ["turn-port", "turn-starboard"]
    if open_ahead:
        out.append("advance")
        for side, sign in (("port", 1), ("starboard", -1)):
            if is_downwind_turn(wind, facing, pg.turn(facing, sign)):
                out.append(f"advance-{side}")
    for side, sign in (("port", 1), ("starboard", -1)):
        if not is_downwind_turn(wind, facing, pg.turn(facing, sign)):
            out.append(f"turn-{side}")
    if angle == 1 or (angle == 2 and backs_this_turn == 0):
        out.append("back")
    return out


def sail_crew_needed(ship: Ship, t: Tables) -> int:
    """Crew needed in the box to make or reef sail: per standing mast (2.3)."""
    per = t.crew.sail_per_square_mast if ship.rig == "square" else t.crew.sail_per_fore_and_aft_mast
    return per * ship.masts_standing


def oar_crew_needed(ship: Ship, t: Tables) -> int:
    """One crew marker on the sweeps per three guns (3.2); small rail swivels
    are not counted among her guns."""
    guns = sum(1 for g in ship.guns if not t.guns.types[g.type].small)
    return max(1, -(-guns // t.speed.guns_per_oar_crew))


def compute_speed(ship: Ship, state: State, t: Tables) -> int:
    """Total speed at the start of the action segment (3.1, 3.2)."""
    sp = t.speed
    if ship.sail == "oars":
        crew = ship.crew["yards"]
        if crew == 0:
            return 0
        angle = wind_angle(state.wind, ship.facing)
        if angle == 3:
            speed = sp.oars_downwind
        elif angle == 0:
            speed = sp.oars_upwind if state.turn % 2 == 0 else 0
        else:
            speed = sp.oars
        if crew < oar_crew_needed(ship, t):
            speed -= 1
        return max(0, min(t.movement.max_speed, speed))
    if ship.masts_standing == 0:
        return 0
    speed = ship.base_speed + sp.per_mast_lost * ship.masts_lost
    angle = wind_angle(state.wind, ship.facing)
    if angle <= 1:  # head to wind counts as close-hauled for paying off
        speed += sp.close_hauled_square if ship.rig == "square" else sp.close_hauled_fore_and_aft
    elif angle == 2:
        speed += sp.broad_reach
    else:
        speed += sp.running
    speed += {"reef": sp.reef, "battle": sp.battle, "full": sp.full}[ship.sail]
    return max(0, min(t.movement.max_speed, speed))


def drift_reason(ship: Ship, state: State) -> str:
    """Why a ship drifts instead of moving (3.1), or "" if she moves."""
    if ship.aground:
        return "aground"
    if ship.fouled or ship.grappled:
        return "grappled or fouled"
    if ship.sail == "oars":
        return "under oars with nobody at the sweeps" if ship.crew["yards"] == 0 else ""
    if ship.masts_standing == 0:
        return "no masts standing"
    if wind_angle(state.wind, ship.facing) == 0 and ship.crew["yards"] == 0:
        return "head to wind with nobody manning the yards"
    return ""


def drifts_backed(ship: Ship) -> bool:
    """A ship that has lain with her sails backed for two or more consecutive
    turns (backing, never advancing) drifts one point downwind on even turns
    (3.1). Unlike the other drifters she is not stopped: close-hauled she may
    go on backing indefinitely, or sail on after the drift."""
    return ship.backed_turns >= 2


def ships_at(state: State, p: pg.Point, but: str = "") -> list[Ship]:
    return [s for s in state.ships.values() if s.active and s.pos == p and s.id != but]


def afloat(state: State) -> list[Ship]:
    return [s for s in state.ships.values() if s.active]


# --------------------------------------------------------------------------
# Gunnery geometry (4.2)


def battery_guns(ship: Ship, battery: str) -> list[Gun]:
    return [g for g in ship.guns if g.side == battery and not g.disabled]


def groups_of(ship: Ship, battery: str) -> list[str]:
    """Gun types of a battery in display order: one roll each (4.3)."""
    out: list[str] = []
    for g in battery_guns(ship, battery):
        if g.loaded and g.type not in out:
            out.append(g.type)
    return out


def group_range(ship: Ship, battery: str, gun_type: str, t: Tables) -> int:
    """Maximum range of a gun type with the battery's load (4.2, 4.4)."""
    return t.ammo.get(ship.load[battery]).range_for(t.guns.types[gun_type].max_range)


def in_arc(firer: Ship, battery: str, target_pos: pg.Point, target_id: str = "") -> bool:
    """Broadsides bear within 30 degrees of the beam; bow guns dead ahead (4.2).
    On the same point either broadside bears, unless a near miss put the
    other ship off one side (3.3): then only that broadside does."""
    if target_pos == firer.pos:
        if target_id in firer.abeam:
            return battery == firer.abeam[target_id]
        return battery != "bow"
    if battery == "bow":
        return pg.direction_of(firer.pos, target_pos) == firer.facing
    centre = 90.0 if battery == "port" else 270.0
    return pg.in_arc(firer.pos, firer.facing, target_pos, centre, 30.0)


def line_clear(state: State, a: Ship, b: Ship, g: pg.Grid) -> bool:
    """Line of sight (4.2): no island and no ship strictly between. A friendly
    ship between forbids the fire; an enemy between is the nearer, and so the
    eligible, target instead."""
    occupied = {s.pos for s in afloat(state) if s.id not in (a.id, b.id)}
    return g.clear_line(a.pos, b.pos, occupied - {a.pos, b.pos})


def rake_of(firer: pg.Point, target: Ship) -> str:
    """ "ahead" or "astern" when the firer lies on the target's fore-and-aft
    line (4.3 Rake), else ""."""
    d = pg.direction_of(target.pos, firer)
    if d is None:
        return ""
    if d == target.facing:
        return "ahead"
    if d == (target.facing + 3) % 6:
        return "astern"
    return ""


def targets(state: State, ship: Ship, battery: str, t: Tables) -> list[Ship]:
    """Eligible targets of a battery: enemy, in arc, in range, in sight (4.2)."""
    groups = groups_of(ship, battery)
    if not groups or ship.crew["guns"] == 0 or not ship.active:
        return []
    reach = max(group_range(ship, battery, gt, t) for gt in groups)
    g = grid(state)
    out = []
    for other in afloat(state):
        if other.side == ship.side:
            continue
        rng = pg.distance(ship.pos, other.pos)
        if rng > reach or not in_arc(ship, battery, other.pos, other.id):
            continue
        if rng > 1 and not line_clear(state, ship, other, g):
            continue
        out.append(other)
    return out


def hit_side(firer: pg.Point, target: Ship, battery: str, firer_id: str = "") -> str:
    """The side of the target the fire comes from ("port"/"starboard"); on the
    same point, the side a near miss left the firer on (3.3)."""
    if firer == target.pos:
        if firer_id in target.abeam:
            return target.abeam[firer_id]
        return "starboard" if battery == "port" else "port"
    rel = pg.relative_bearing(target.pos, target.facing, firer)
    return "port" if 0 < rel < 180 else "starboard"


@dataclass(frozen=True, slots=True)
class DiceCount:
    """The Damage Dice of one roll, before the random modifier (4.3)."""

    guns: int
    range: int
    base: int
    caliber: int
    initial: int
    rake: int

    @property
    def total(self) -> int:
        return self.base + self.caliber + self.initial + self.rake

    def explain(self) -> str:
        parts = [f"{self.base} base ({self.guns} guns at range {self.range})"]
        if self.caliber:
            parts.append(f"+{self.caliber} shot weight")
        if self.initial:
            parts.append(f"+{self.initial} initial broadside")
        if self.rake:
            parts.append(f"+{self.rake} rake")
        return ", ".join(parts)


def damage_dice(
    t: Tables, gun_type: str, guns: int, rng: int, first: bool, rake: bool
) -> DiceCount:
    """Damage Dice for ``guns`` guns of one type at range ``rng`` (4.3):
    Hit Table, shot-weight modifier capped by the guns firing, +2 for the
    initial broadside, +2 for a rake."""
    kind = t.guns.types[gun_type]
    base = t.hit_table.base_dice(kind.hit_table_guns(guns), rng)
    caliber = min(t.caliber.of(kind.pounds), guns)
    return DiceCount(
        guns,
        rng,
        base,
        caliber,
        t.modifiers.initial_broadside if first else 0,
        t.modifiers.rake if rake else 0,
    )


def random_modifier(t: Tables, face: int) -> int:
    """Random modifier die (4.3): +1 die (the die itself) on 5-6, none on 3-4,
    one die removed on 1-2."""
    if face in t.modifiers.random_add:
        return 1
    if face in t.modifiers.random_remove:
        return -t.modifiers.random_removes
    return 0


def read_damage(
    t: Tables, faces: list[int], high: bool, ammo: str
) -> tuple[int, int, int, int, int]:
    """Damage Table results for ``faces`` with the load's effects (4.3, 4.4):
    (hull hits, rigging dice, rigging hits per die, gun hits, crew hits)."""
    table = t.damage.high if high else t.damage.low
    counts = {"H": 0, "R": 0, "G": 0, "C": 0, "-": 0}
    for f in faces:
        counts[table[f - 1]] += 1
    a = t.ammo.get(ammo)
    num, den = a.hull_factor
    hull = counts["H"] * a.hits_per_die * num // den
    return (
        hull,
        counts["R"],
        a.hits_per_die * a.rigging_factor,
        counts["G"] * a.hits_per_die,
        counts["C"] * a.hits_per_die * a.crew_factor,
    )


# --------------------------------------------------------------------------
# Crew (2.1)


def crew_plans(ship: Ship, t: Tables) -> dict[str, dict[str, int]]:
    """Ready-made crew assignments offered alongside "keep" and "custom"."""
    total = ship.crew_total
    if ship.sail == "oars":
        helm = min(total, oar_crew_needed(ship, t))
    else:
        helm = min(total, max(ship.masts_standing, 1 if ship.masts_standing else 0))
    sail = min(total, max(helm, sail_crew_needed(ship, t)))
    plans: dict[str, dict[str, int]] = {}

    def plan(**boxes: int) -> dict[str, int]:
        out = dict.fromkeys(TASK_BOXES, 0)
        out.update(boxes)
        out["guns"] = total - sum(v for k, v in out.items() if k != "guns")
        return out

    plans["fight"] = plan(yards=helm)
    plans["sail"] = plan(yards=sail)
    rest = total - helm
    hull_dmg = sum(ship.hull) > 0
    rig_dmg = any(sum(m) for i, m in enumerate(ship.masts) if not ship.mast_fallen(i))
    gun_dmg = any(g.disabled for g in ship.guns)
    if rest >= 2 and (hull_dmg or rig_dmg or gun_dmg):
        kinds = [
            k
            for k, d in (
                ("repair_hull", hull_dmg),
                ("repair_rigging", rig_dmg),
                ("repair_guns", gun_dmg),
            )
            if d
        ]
        spare = rest // 2
        boxes = dict.fromkeys(kinds, spare // len(kinds))
        boxes[kinds[0]] += spare - sum(boxes.values())
        plans["repair"] = plan(yards=helm, **boxes)
    if rest >= 2:
        plans["board"] = plan(yards=helm, boarders=rest - 1)
    unique: dict[str, dict[str, int]] = {}
    for name, p in plans.items():
        if p != ship.crew and p not in unique.values() and all(v >= 0 for v in p.values()):
            unique[name] = p
    return unique


def describe_crew(crew: dict[str, int]) -> str:
    short = {
        "yards": "yards",
        "repair_rigging": "rep.rig",
        "guns": "guns",
        "repair_guns": "rep.guns",
        "repair_hull": "rep.hull",
        "boarders": "boarders",
    }
    return ", ".join(f"{short[b]} {crew[b]}" for b in TASK_BOXES if crew.get(b))


def _crew_prompt(state: State, t: Tables, seat: str) -> Prompt | None:
    orders = state.orders.get(seat, {})
    for ship in state.ships.values():
        if ship.side != seat or not ship.active or ship.co != "ok":
            continue
        order = orders.get(ship.id)
        if order == "rally":
            return Prompt(
                seat,
                f"Turn {state.turn}: {ship.name} rallies; how many of her {ship.casualties} "
                "casualties try to come back to each box (one die each: even, back to duty)?",
                R_RALLY,
                kind="form",
                fields=tuple(
                    Field(b, BOX_LABELS[b], "int", 0, ship.casualties) for b in TASK_BOXES
                ),
                total=(0, ship.casualties),
                context={
                    "secret": True,
                    "step": "crew",
                    "form": "rally",
                    "ship": ship.id,
                    "turn": state.turn,
                },
            )
        if order == "custom":
            total = ship.crew_total
            return Prompt(
                seat,
                f"Turn {state.turn}: assign {ship.name}'s {total} crew markers "
                "(those not placed in these boxes man the guns)",
                R_CREW,
                kind="form",
                fields=tuple(Field(b, BOX_LABELS[b], "int", 0, total) for b in FORM_BOXES),
                total=(0, total),
                context={"secret": True, "step": "crew", "ship": ship.id, "turn": state.turn},
            )
        if order is not None:
            continue
        return Prompt(
            seat,
            f"Turn {state.turn}, crew assignment: {ship.name}",
            R_CREW,
            crew_options(ship, t),
            context={"secret": True, "step": "crew", "ship": ship.id, "turn": state.turn},
        )
    return None


def crew_options(ship: Ship, t: Tables) -> tuple[Option, ...]:
    """A ship's crew orders (2.1): keep, a ready-made plan, box by box, or
    rally casualties instead of reassigning."""
    options = [Option("keep", f"keep the crew as they are ({describe_crew(ship.crew)})")]
    for name, plan in crew_plans(ship, t).items():
        options.append(Option(f"plan:{name}", f"{name}: {describe_crew(plan)}"))
    options.append(Option("custom", "place the crew markers box by box"))
    if ship.casualties > 0:
        for box in TASK_BOXES:
            options.append(
                Option(
                    f"rally:{box}",
                    f"rally one of {ship.casualties} casualties into {BOX_LABELS[box]} "
                    "(one die: even, he returns; odd, lost for good; "
                    "instead of reassigning)",
                )
            )
    if ship.casualties > 1:
        options.append(
            Option(
                "rally",
                "rally several casualties, box by box (a die each: even, back to duty; "
                "instead of reassigning)",
            )
        )
    return tuple(options)


def loaded_batteries(ship: Ship) -> list[str]:
    """The load boxes a ship uses: every battery with a gun on it (1.4)."""
    return [b for b in BATTERIES if any(g.side == b for g in ship.guns)]


def _loads_prompt(state: State, t: Tables, seat: str) -> Prompt | None:
    """Before the first turn each commander orders the first load of each
    battery, whatever ammunition he likes (4.1); the scenario's load is the
    suggestion. Given in secret, revealed together like crew orders."""
    orders = state.orders.get(seat, {})
    for ship in state.ships.values():
        if ship.side != seat or not ship.active or ship.id in orders:
            continue
        choices = tuple(Option(a, t.ammo.get(a).label) for a in AMMO_TYPES)
        return Prompt(
            seat,
            f"Before the battle: {ship.name}'s first loads, one per load box "
            f"(the scenario suggests {', '.join(sorted(set(ship.load.values())))})",
            R_LOAD,
            kind="form",
            fields=tuple(
                Field(b, f"{b} guns", "choice", choices=choices) for b in loaded_batteries(ship)
            ),
            context={
                "secret": True,
                "step": "loads",
                "ship": ship.id,
                "turn": state.turn,
                "suggested": {b: ship.load[b] for b in loaded_batteries(ship)},
            },
        )
    return None


def loads_segment(state: State, t: Tables, ctx: Context) -> None:
    """Reveal the first loads ordered for every battery (4.1)."""
    for ship in state.ships.values():
        order = state.orders.get(ship.side, {}).get(ship.id, {})
        if isinstance(order, dict):
            for b, ammo in order.items():
                ship.load[b] = str(ammo)
        given = ", ".join(f"{b} {ship.load[b]}" for b in loaded_batteries(ship))
        ctx.log(f"{ship.name} loads her guns with care: {given}", R_LOAD)
    state.orders = {}
    state.phase = "crew"


def crew_segment(state: State, t: Tables, ctx: Context) -> None:
    """Reveal the crew orders together (2.1): reassign, keep, rally, or turn
    over the commanding officer's marker."""
    for ship in state.ships.values():
        if not ship.active:
            continue
        if ship.co != "ok":
            ship.co = "ok"
            ctx.log(
                f"{ship.name}: the next-in-command takes over; no crew changes this turn", R_CREW
            )
            continue
        order = state.orders.get(ship.side, {}).get(ship.id, "keep")
        if isinstance(order, dict) and "rally" in order:
            for box in TASK_BOXES:
                for _ in range(int(order["rally"].get(box, 0))):
                    rally(ship, box, ctx)
        elif isinstance(order, dict):
            new = {b: int(order.get(b, 0)) for b in FORM_BOXES}
            new["guns"] = ship.crew_total - sum(new.values())
            ship.crew = {b: new[b] for b in TASK_BOXES}
            ctx.log(f"{ship.name} assigns her crew: {describe_crew(ship.crew)}", R_CREW)
        elif order.startswith("plan:"):
            ship.crew = crew_plans(ship, t)[order.split(":", 1)[1]]
            ctx.log(f"{ship.name} assigns her crew: {describe_crew(ship.crew)}", R_CREW)
        elif order.startswith("rally:"):
            rally(ship, order.split(":", 1)[1], ctx)
    state.orders = {}
    state.phase = "segment"


def rally(ship: Ship, box: str, ctx: Context) -> None:
    """Rally one casualty (2.1): even, back into ``box``; odd, gone for good.
    A captain who rallies may rally as many of the casualties as he likes,
    one die each, but may not also reassign the crew that turn."""
    face = ctx.roll(f"{ship.name} rallies a casualty (even: back to duty)", 1, R_RALLY)[0]
    ship.casualties -= 1
    if face % 2 == 0:
        ship.crew[box] += 1
        ctx.log(f"{ship.name}: the man rallies and joins {BOX_LABELS[box]}", R_RALLY)
    else:
        ship.lost_for_good += 1
        ctx.log(f"{ship.name}: the man is lost for good", R_RALLY)


# --------------------------------------------------------------------------
# Action segment: movement (2.2, 3.0-3.3)


def segment_start(state: State, t: Tables, ctx: Context) -> None:
    """Start of the action segment: speeds (3.1, 3.2), and drift on even
    turns for every ship that cannot move, or has lain backed two or more
    consecutive turns (3.1)."""
    for ship in afloat(state):
        ship.backs_this_turn = 0
        ship.advances_this_turn = 0
        reason = drift_reason(ship, state)
        ship.drifting = bool(reason)
        ship.speed = 0 if reason else compute_speed(ship, state, t)
        if reason:
            ctx.log(f"{ship.name} cannot move ({reason})", R_DRIFT)
    state.drifts = (
        [s.id for s in afloat(state) if not s.aground and (s.drifting or drifts_backed(s))]
        if state.turn % 2 == 0
        else []
    )
    for ship in afloat(state):
        if ship.id in state.drifts and not ship.drifting:
            ctx.log(
                f"{ship.name} has lain backed for {ship.backed_turns} turns and drifts",
                R_DRIFT,
            )
    state.phase = "drift"
    state.action = 0
    state.entry = -1
    state.queue = []
    state.moved = []
    state.fired = []


def drift_phase(state: State, t: Tables, ctx: Context) -> None:
    """Drifting ships move one point downwind in even turns (3.1), one at a
    time; ships grappled or fouled together drift together. A drift into an
    occupied point is an incident like any other entry (3.3); a drift onto
    the shore puts the ship aground."""
    g = grid(state)
    to = downwind(state.wind)
    while state.drifts and not state.incident and state.casualty is None:
        ship = state.ships[state.drifts.pop(0)]
        if not ship.active:
            continue
        party = [ship] + [state.ships[i] for i in (*ship.fouled, *ship.grappled)]
        state.drifts = [i for i in state.drifts if i not in {s.id for s in party}]
        if any(s.aground for s in party):
            ctx.log(f"{ship.name} is held fast by a ship aground and does not drift", R_DRIFT)
            continue
        dest = pg.step(ship.pos, to)
        if not g.contains(dest):
            for s in party:
                s.status = "left"
                leave_point(state, s)
                ctx.log(f"{s.name} drifts off the field of play", R_DRIFT)
            _check_end(state, ctx)
            if state.result is not None:
                return
            continue
        if not g.is_open(dest):
            for s in party:
                run_aground(s, "drifts onto the shore", ctx, R_DRIFT)
            continue
        others = [o for o in ships_at(state, dest) if o not in party]
        for s in party:
            leave_point(state, s)
            s.q, s.r = dest
        ctx.log(f"{' and '.join(s.name for s in party)} drift one point downwind", R_DRIFT)
        if others:
            incident(state, ship, others[0], t, ctx)
    if not state.drifts and not state.incident and state.casualty is None:
        state.phase = "move"
        _check_end(state, ctx)


def run_aground(ship: Ship, how: str, ctx: Context, rule: str) -> None:
    """A ship carried onto an island or the shore runs aground there: she
    stays on her point and neither moves nor drifts again (reading of 3.1)."""
    ship.aground = True
    ship.drifting = True
    ship.speed = 0
    ctx.log(f"{ship.name} {how} and runs aground", rule)


def movers(state: State, speed: int) -> list[Ship]:
    return [
        s for s in afloat(state) if not s.drifting and s.speed == speed and s.id not in state.moved
    ]


def move_phase(state: State, t: Tables, ctx: Context) -> None:
    """One step of an action phase's movement (2.2): the next queued move,
    or the next speed of the Movement Phases chart, or on to the fire."""
    if state.group:
        return  # waiting for the upwind ship's choice
    if state.queue:
        ship = state.ships[state.queue[0]]
        if not ship.active or ship.speed != _queued_speed(state, t):
            state.queue.pop(0)
            return
        options = move_options(state, ship, t)
        forced = _forced_move(state, ship, t)
        if forced is not None or len(options) <= 1:
            state.queue.pop(0)
            move = forced if forced is not None else (options[0] if options else "")
            if move:
                execute_move(state, ship, move, t, ctx, forced=forced is not None)
            elif forced == "":
                ctx.log(f"{ship.name} cannot repeat her last move and lies still", R_SAIL)
        return
    row = t.movement.phases[state.action]
    state.entry += 1
    if state.entry >= len(row):
        state.phase = "fire-setup"
        return
    entry = row[state.entry]
    ships = movers(state, entry.speed)
    if len(ships) >= 2:
        state.group = [s.id for s in _upwind_order(state, ships)]
        return
    _queue(state, ships, entry.moves)


def _queued_speed(state: State, t: Tables) -> int:
    return t.movement.phases[state.action][state.entry].speed


def _upwind_order(state: State, ships: list[Ship]) -> list[Ship]:
    return sorted(ships, key=lambda s: (-upwind_rank(state.wind, s.pos), s.id))


def _queue(state: State, ships: list[Ship], moves: int) -> None:
    for s in ships:
        state.moved.append(s.id)
        state.queue.extend([s.id] * moves)


def move_options(state: State, ship: Ship, t: Tables) -> list[str]:
    g = grid(state)
    ahead = pg.step(ship.pos, ship.facing)
    open_ahead = not g.contains(ahead) or g.is_open(ahead)
    return legal_moves(
        state.wind, ship.facing, ship.sail == "oars", ship.backs_this_turn, open_ahead
    )


def _forced_move(state: State, ship: Ship, t: Tables) -> str | None:
    """Without one crew marker per mast manning the yards, a ship repeats
    her last move (3.1): None when she may choose, "" when she cannot repeat
    it (an advance head to wind) and so stays put; an advance repeated onto
    the shore runs her aground. Backing
    sail is repeated even past the once-a-turn limit on a broad reach: that
    limit bounds a captain's choice, and nobody is aloft to brace the yards."""
    if ship.sail == "oars" or ship.crew["yards"] >= ship.masts_standing:
        return None
    last = ship.last_move if ship.last_move in MOVES else "advance"
    if last == "hold":
        last = "advance"
    if last.startswith("advance") and wind_angle(state.wind, ship.facing) == 0:
        return ""
    return last


def move_label(state: State, ship: Ship, move: str) -> str:
    g = grid(state)
    p, f = move_result(ship.pos, ship.facing, move)
    label = MOVE_LABELS[move]
    if move.startswith("advance") and not g.contains(p):
        return label + " - off the field of play"
    how = POINT_OF_SAILING[wind_angle(state.wind, f)]
    return f"{label} -> ({pg.column(p)},{p[1]}) facing {pg.DIRECTION_NAMES[f]}, {how}"


def execute_move(
    state: State,
    ship: Ship,
    move: str,
    t: Tables,
    ctx: Context,
    forced: bool = False,
    quiet: bool = False,
) -> None:
    """Carry out one move (3.1, 3.2) and any incident on arriving (3.3)."""
    g = grid(state)
    p, f = move_result(ship.pos, ship.facing, move)
    ship.last_move = move
    if move == "back":
        ship.backs_this_turn += 1
    elif move.startswith("advance"):
        ship.advances_this_turn += 1
    why = " (no crew at the yards: she repeats her last move)" if forced else ""
    if g.contains(p) and not g.is_open(p):
        run_aground(ship, f"is carried onto the shore ahead{why}", ctx, R_MOVE)
        return
    if not g.contains(p):
        ship.status = "left"
        leave_point(state, ship)
        ctx.log(f"{ship.name} sails off the field of play{why}", R_MOVE)
        _check_end(state, ctx)
        return
    if p != ship.pos:
        leave_point(state, ship)
    ship.q, ship.r = p
    ship.facing = f
    if not quiet:
        ctx.log(f"{ship.name}: {MOVE_LABELS[move]}{why}", R_MOVE)
    if move.startswith("advance"):
        others = ships_at(state, p, ship.id)
        if others:
            incident(state, ship, others[0], t, ctx)


def incident(state: State, mover: Ship, other: Ship, t: Tables, ctx: Context) -> None:
    """Entering an occupied point (3.3): near miss (the mover then chooses
    which side of the other ship she passes), or collision; a collision
    fouls (rigging hits from the difference of two dice) or brushes past."""
    face = ctx.roll(f"{mover.name} enters {other.name}'s point (odd: collision)", 1, R_INCIDENT)[0]
    if face % 2 == 0:
        ctx.log(f"Near miss: {mover.name} passes close by {other.name}", R_INCIDENT)
        state.incident = ["side", mover.id, other.id]
        return
    face = ctx.roll(f"Collision of {mover.name} and {other.name} (odd: fouled)", 1, R_INCIDENT)[0]
    if face % 2 == 1:
        ctx.log(f"{mover.name} and {other.name} foul each other", R_INCIDENT)
        for s in (mover, other):
            a, b = ctx.roll(f"{s.name} fouling damage (difference = rigging hits)", 2, R_INCIDENT)
            hits = abs(a - b)
            ctx.log(f"{s.name} takes {hits} rigging hit(s) from the fouling", R_INCIDENT)
            for mast in masts_for(s, hits, "", ctx):
                _rigging_hit(s, mast, 1, ctx)
        if other.id not in mover.fouled:
            mover.fouled.append(other.id)
            other.fouled.append(mover.id)
        for s in (mover, other):
            s.drifting = True
        state.queue = [i for i in state.queue if i not in (mover.id, other.id)]
        _check_end(state, ctx)
        return
    # brush: both lose a point of speed; the mover turns parallel to her
    for s in (mover, other):
        s.speed = max(0, s.speed - 1)
    if other.id in state.queue:
        # queued at her old speed but not yet moved this phase: she now moves
        # with the ships of her new speed, if the chart lists it later (2.2)
        state.queue = [i for i in state.queue if i != other.id]
        state.moved = [i for i in state.moved if i != other.id]
    ways = [
        sign
        for sign in (1, -1)
        if pg.turn(mover.facing, sign) in (other.facing, (other.facing + 3) % 6)
    ]
    ctx.log(f"{mover.name} brushes past {other.name}: both lose a point of speed", R_INCIDENT)
    if len(ways) == 1:
        _brush_turn(state, mover, ways[0], ctx)
    else:
        state.incident = ["turn", mover.id, other.id]


def _brush_turn(state: State, mover: Ship, sign: int, ctx: Context) -> None:
    """The mover of a brush turns one point (3.3); head to wind her speed is 0."""
    mover.facing = pg.turn(mover.facing, sign)
    if wind_angle(state.wind, mover.facing) == 0 and mover.sail != "oars":
        mover.speed = 0
    ctx.log(f"{mover.name} turns to {'port' if sign == 1 else 'starboard'}", R_INCIDENT)


def passing_sides(mover: Ship, other: Ship, her_side: str) -> tuple[str, str]:
    """After a near miss along ``other``'s ``her_side`` (3.3): (the mover's
    side that faces her, her side that faces the mover). Headings on the grid
    differ by multiples of 60 degrees, so the answer is always one side."""
    d = (other.facing - mover.facing) % 6
    mine = "port" if d in (2, 3, 4) else "starboard"
    if her_side == "starboard":
        mine = "starboard" if mine == "port" else "port"
    return mine, her_side


def resolve_incident(state: State, answer: str, ctx: Context) -> None:
    """The mover's answer to a near miss (which side) or an open brush turn (3.3)."""
    kind, mover_id, other_id = state.incident
    state.incident = []
    mover, other = state.ships[mover_id], state.ships[other_id]
    if kind == "turn":
        _brush_turn(state, mover, 1 if answer == "turn-port" else -1, ctx)
        return
    her = answer.split("-", 1)[1]
    mine, hers = passing_sides(mover, other, her)
    mover.abeam[other.id] = mine
    other.abeam[mover.id] = hers
    ctx.log(
        f"{mover.name} passes along {other.name}'s {hers} side: while they share the point "
        f"only {mover.name}'s {mine} and {other.name}'s {hers} broadsides bear on each other",
        R_INCIDENT,
    )


def leave_point(state: State, ship: Ship) -> None:
    """A ship moving off a point is no longer abeam of the ships on it (3.3)."""
    for other_id in ship.abeam:
        state.ships[other_id].abeam.pop(ship.id, None)
    ship.abeam = {}


# --------------------------------------------------------------------------
# Action segment: gunnery (4.2-4.4)


def fire_setup(state: State, t: Tables, ctx: Context) -> None:
    """After the movement of a phase, every battery that may fire (4.2)."""
    state.fire_queue = [
        [s.id, b] for s in afloat(state) for b in BATTERIES if targets(state, s, b, t)
    ]
    state.pending = None
    state.hits = []
    state.phase = "fire"


def fire_phase(state: State, t: Tables, ctx: Context) -> None:
    """Drop batteries that can no longer fire; when none is left, apply all
    the damage of the phase at once (2.2) and go on."""
    if state.pending is not None:
        return
    while state.fire_queue:
        ship_id, battery = state.fire_queue[0]
        if fire_choices(state, t, state.ships[ship_id], battery):
            return
        state.fire_queue.pop(0)
    apply_hits(state, t, ctx)
    if state.result is not None or state.casualty is not None:
        return
    state.fired = []
    state.action += 1
    if state.action < len(t.movement.phases):
        state.phase = "move"
        state.entry = -1
        state.queue = []
        state.moved = []
    else:
        state.phase = "tasks-setup"


def groups_in_range(state: State, t: Tables, ship: Ship, battery: str, target: Ship) -> list[str]:
    """The calibers of a battery that reach ``target`` (4.2) and have not yet
    fired on her this phase: the guns of one caliber firing together on a
    target make one roll (4.3), so they cannot be split into several."""
    rng = pg.distance(ship.pos, target.pos)
    return [
        gt
        for gt in groups_of(ship, battery)
        if rng <= group_range(ship, battery, gt, t)
        and [ship.id, battery, target.id, gt] not in state.fired
    ]


def fire_choices(state: State, t: Tables, ship: Ship, battery: str) -> list[Option]:
    """What a battery may still do at the end of this phase (4.2): any or all
    of its loaded guns may fire, so after one roll the guns still loaded may
    fire on another target (or a caliber not yet fired on the same one)."""
    choices: list[Option] = []
    for target in targets(state, ship, battery, t):
        calibers = groups_in_range(state, t, ship, battery, target)
        if not calibers:
            continue
        rng = pg.distance(ship.pos, target.pos)
        rake = rake_of(ship.pos, target)
        extra = f", raking from {rake}" if rake and rng > 0 else ""
        choices.append(Option(f"fire:{target.id}", f"fire on {target.name} (range {rng}{extra})"))
        for gt in calibers:
            loaded = sum(1 for g in battery_guns(ship, battery) if g.loaded and g.type == gt)
            label = t.guns.types[gt].label
            if len(calibers) > 1:
                choices.append(
                    Option(
                        f"fire:{target.id}:{gt}",
                        f"fire only the {loaded} {label}(s) on {target.name}",
                    )
                )
            for n in range(1, loaded):
                choices.append(
                    Option(
                        f"fire:{target.id}:{gt}:{n}",
                        f"fire only {n} of the {loaded} {label}(s) on {target.name}",
                    )
                )
    if choices:
        choices.append(Option("hold", "hold fire (no more from this battery this phase)"))
    return choices


def open_fire(
    state: State,
    t: Tables,
    ship: Ship,
    battery: str,
    target: Ship,
    ctx: Context,
    only: str = "",
    count: int = 0,
) -> None:
    """Fire a battery at ``target`` (4.2: any or all of the guns): every
    caliber in range, or ``only`` one caliber, or ``count`` guns of it."""
    calibers = groups_in_range(state, t, ship, battery, target)
    groups = [gt for gt in calibers if not only or gt == only]
    state.fired.extend([ship.id, battery, target.id, gt] for gt in groups)
    state.pending = PendingFire(ship.id, battery, target.id, groups, count=count if only else 0)
    ctx.log(f"{ship.name}'s {battery} guns fire on {target.name}", R_FIRE)
    _roll_modifier(state, t, ctx)


def _group_count(state: State, t: Tables) -> tuple[DiceCount, list[Gun]]:
    pf = state.pending
    assert pf is not None
    ship, target = state.ships[pf.ship], state.ships[pf.target]
    gun_type = pf.groups[pf.index]
    guns = [g for g in battery_guns(ship, pf.battery) if g.loaded and g.type == gun_type]
    if pf.count:
        guns = guns[: pf.count]
    first = all(not g.fired for g in guns)
    rng = pg.distance(ship.pos, target.pos)
    rake = bool(rake_of(ship.pos, target)) and rng > 0
    return damage_dice(t, gun_type, len(guns), rng, first, rake), guns


def _roll_modifier(state: State, t: Tables, ctx: Context) -> None:
    """Count the Damage Dice and roll the random modifier die (4.3)."""
    pf = state.pending
    assert pf is not None
    count, _guns = _group_count(state, t)
    ship = state.ships[pf.ship]
    label = t.guns.types[pf.groups[pf.index]].label
    face = ctx.roll(f"{ship.name}, {count.guns} x {label}: random modifier die", 1, R_DAMAGE)[0]
    mod = random_modifier(t, face)
    pf.dice = max(0, count.total + mod)
    pf.kept_face = face if mod > 0 else 0
    ctx.log(
        f"{count.guns} x {label}: {count.explain()}, random die {face} ({mod:+d}) = "
        f"{pf.dice} Damage Dice",
        R_DAMAGE,
    )


def resolve_aim(state: State, t: Tables, high: bool, ctx: Context) -> None:
    """Fire high or low and roll the Damage Dice (4.3, 4.4); the damage is
    held until the end of the phase."""
    pf = state.pending
    assert pf is not None
    ship, target = state.ships[pf.ship], state.ships[pf.target]
    count, guns = _group_count(state, t)
    rake = rake_of(ship.pos, target) if count.range > 0 else ""
    dice = pf.dice
    if rake == "astern" and not high:
        dice += t.modifiers.low_stern_rake
        ctx.log("Low stern rake: one more Damage Die", R_DAMAGE)
    kept = [pf.kept_face] if pf.kept_face and dice > 0 else []
    rolled = max(0, dice - len(kept))
    faces = (
        list(
            ctx.roll(
                f"{ship.name} Damage Dice, firing {'high' if high else 'low'}", rolled, R_DAMAGE
            )
        )
        if rolled
        else []
    )
    faces += kept
    ammo = ship.load[pf.battery]
    hull, r_dice, r_per, gun_hits, crew_hits = read_damage(t, faces, high, ammo)
    for g in guns:
        g.loaded = False
        g.fired = True
    side = "rake" if rake else hit_side(ship.pos, target, pf.battery, ship.id)
    state.hits.append(
        Hit(target.id, ship.id, side, rake, high, hull, r_dice, r_per, gun_hits, crew_hits)
    )
    ctx.log(
        f"{target.name} will take {hull} hull, {r_dice * r_per} rigging, {gun_hits} gun and "
        f"{crew_hits} crew hit(s) ({t.ammo.get(ammo).label})",
        R_SPECIAL if ammo != "round" else R_DAMAGE,
    )
    pf.index += 1
    if pf.index < len(pf.groups):
        _roll_modifier(state, t, ctx)
    else:
        state.pending = None


def expected_damage(t: Tables, dice: int, high: bool, ammo: str) -> dict[str, float]:
    """Average hits of ``dice`` Damage Dice on the Damage Table (4.3, 4.4)."""
    table = t.damage.high if high else t.damage.low
    a = t.ammo.get(ammo)
    per_die = {r: table.count(r) / 6 for r in ("H", "R", "G", "C")}
    num, den = a.hull_factor
    return {
        "hull": dice * per_die["H"] * a.hits_per_die * num / den,
        "rigging": dice * per_die["R"] * a.hits_per_die * a.rigging_factor,
        "guns": dice * per_die["G"] * a.hits_per_die,
        "crew": dice * per_die["C"] * a.hits_per_die * a.crew_factor,
    }


def _expect(state: State, t: Tables, high: bool) -> str:
    pf = state.pending
    assert pf is not None
    ship, target = state.ships[pf.ship], state.ships[pf.target]
    dice = pf.dice
    if not high and rake_of(ship.pos, target) == "astern" and ship.pos != target.pos:
        dice += t.modifiers.low_stern_rake
    avg = expected_damage(t, dice, high, ship.load[pf.battery])
    shown = [f"{v:.1f} {k}" for k, v in avg.items() if v > 0]
    return "about " + ", ".join(shown) if shown else "no effect"


def apply_hits(state: State, t: Tables, ctx: Context) -> None:
    """All the damage of the phase, at once (2.2, 4.3). Where the owner must
    place casualties (4.3) the damage waits for her answer, then goes on."""
    while state.hits and state.casualty is None:
        hit = state.hits.pop(0)
        ship = state.ships[hit.target]
        if ship.status in ("sunk", "left"):
            continue
        for _ in range(hit.hull):
            _hull_hit(ship)
        for mast in masts_for(ship, hit.rigging_dice, hit.rake_from, ctx):
            _rigging_hit(ship, mast, hit.rigging_per_die, ctx)
        _gun_hits(ship, hit, ctx)
        if ship.hull_left == 0 and ship.status != "sunk":
            ship.status = "sunk"
            ctx.log(f"{ship.name}'s hull is shot to pieces: she sinks", R_DAMAGE)
            _release(state, ship)
            continue
        _crew_hits(state, ship, hit.crew, hit.high, ctx, t)
    if state.casualty is None:
        _check_end(state, ctx)


def _hull_hit(ship: Ship) -> None:
    """A slash in a hull box; a second slash makes an X (4.3)."""
    for i, b in enumerate(ship.hull):
        if b < 2:
            ship.hull[i] += 1
            return


def masts_for(ship: Ship, dice: int, rake_from: str, ctx: Context) -> list[int]:
    """Which mast each R die hits (4.3): the R dice are re-rolled for two or
    three masts (two: 1-3 main, 4-6 fore; three: 1-2 mizzen, 3-4 main, 5-6
    fore), or all go on the mast nearest the firer on a rake. Masts are
    listed aft to fore."""
    n = len(ship.masts)
    if dice <= 0:
        return []
    if n == 1:
        return [0] * dice
    if rake_from == "ahead":
        return [n - 1] * dice
    if rake_from == "astern":
        return [0] * dice
    faces = ctx.roll(f"{ship.name}: which mast each rigging hit strikes", dice, R_DAMAGE)
    return [(f - 1) // 3 if n == 2 else (f - 1) // 2 for f in faces]


def _rigging_hit(ship: Ship, mast: int, hits: int, ctx: Context) -> None:
    """Mark rigging boxes on ``mast``; a mast with every box X falls and the
    base speed drops by one (4.3). Hits on a fallen mast go to the nearest
    standing one."""
    for _ in range(hits):
        if ship.mast_fallen(mast):
            standing = [i for i in range(len(ship.masts)) if not ship.mast_fallen(i)]
            if not standing:
                return
            mast = min(standing, key=lambda i: (abs(i - mast), i))
        boxes = ship.masts[mast]
        for i, b in enumerate(boxes):
            if b < 2:
                boxes[i] += 1
                break
        if ship.mast_fallen(mast):
            ship.speed = max(0, ship.speed - 1)
            ctx.log(f"{ship.name}'s {ship.mast_names[mast]} mast falls", R_DAMAGE)


def _gun_hits(ship: Ship, hit: Hit, ctx: Context) -> None:
    """Gun hits (4.3): on the side the fire came from (the rest when that
    side is silenced); on a rake shared between the sides, the odd one by a
    die; by the display's order when calibers differ."""
    sides: list[str] = []
    if hit.side == "rake":
        sides = ["port", "starboard"] * (hit.guns // 2)
        if hit.guns % 2:
            face = ctx.roll(f"{ship.name}: odd gun hit (1-3 port, 4-6 starboard)", 1, R_DAMAGE)[0]
            sides.append("port" if face <= 3 else "starboard")
    else:
        sides = [hit.side] * hit.guns
    for side in sides:
        live = [g for g in ship.guns if not g.disabled]
        if not live:
            return
        on_side = [g for g in live if g.side == side]
        gun = min(on_side or live, key=lambda g: g.order)
        gun.disabled = True
        gun.loaded = False
        ctx.log(f"{ship.name} loses a {gun.type} gun ({gun.side})", R_DAMAGE)


def _crew_hits(state: State, ship: Ship, hits: int, high: bool, ctx: Context, t: Tables) -> None:
    """Crew casualties (4.3): from the rigging boxes first when fired high,
    the lower boxes first when low; within those the owner picks the box."""
    groups = (
        [list(t.crew.rigging_boxes), list(t.crew.lower_boxes)]
        if high
        else [list(t.crew.lower_boxes), list(t.crew.rigging_boxes)]
    )
    take_casualties(state, ship, hits, groups, ctx, R_DAMAGE)


def take_casualties(
    state: State, ship: Ship, n: int, groups: list[list[str]], ctx: Context, rule: str
) -> None:
    """``n`` crew markers go to the casualty pile, from the boxes of the first
    group that has men, then the next (4.3, 5.0). The owning player chooses
    the box whenever more than one would do; the two-dice roll for the
    commanding officer follows once every box is chosen."""
    state.casualty = CasualtyPick(ship.id, n, groups, rule)
    next_casualty(state, ctx)


def casualty_choices(state: State) -> list[str]:
    """The boxes the next casualty may come from (4.3): those of the first
    group, in order of preference, that still have a man in them."""
    pick = state.casualty
    assert pick is not None
    ship = state.ships[pick.ship]
    for group in pick.groups:
        pool = [b for b in group if ship.crew[b] - pick.boxes.count(b) > 0]
        if pool:
            return pool
    return []


def next_casualty(state: State, ctx: Context) -> None:
    """Place the casualties that need no choice; stop at the first that does."""
    pick = state.casualty
    assert pick is not None
    while pick.left > 0:
        pool = casualty_choices(state)
        if not pool:
            break
        if len(pool) > 1:
            return
        pick.boxes.append(pool[0])
        pick.left -= 1
    state.casualty = None
    casualties(state.ships[pick.ship], pick.boxes, ctx, pick.rule)


def casualties(ship: Ship, boxes: list[str], ctx: Context, rule: str = R_DAMAGE) -> None:
    """Crew markers to the casualty pile, two dice for each (4.3): a 2
    (snake eyes) turns the commanding officer's marker face down."""
    if not boxes:
        return
    for box in boxes:
        ship.crew[box] -= 1
        ship.casualties += 1
    names = ", ".join(BOX_LABELS[b] for b in boxes)
    ctx.log(f"{ship.name} loses {len(boxes)} crew marker(s): {names}", rule)
    faces = ctx.roll(
        f"{ship.name}: two dice for each of {len(boxes)} casualties (2 = captain hit)",
        2 * len(boxes),
        rule,
    )
    pairs = [faces[i] + faces[i + 1] for i in range(0, len(faces), 2)]
    if 2 in pairs and ship.co == "ok":
        ship.co = "down"
        ctx.log(f"{ship.name}'s commanding officer is struck down", rule)


def casualty(ship: Ship, box: str, ctx: Context, rule: str = R_DAMAGE) -> None:
    """One crew marker to the casualty pile, and the snake-eyes roll (4.3)."""
    casualties(ship, [box], ctx, rule)


def _release(state: State, ship: Ship) -> None:
    for other_id in (*ship.fouled, *ship.grappled):
        other = state.ships[other_id]
        if ship.id in other.fouled:
            other.fouled.remove(ship.id)
        if ship.id in other.grappled:
            other.grappled.remove(ship.id)
    ship.fouled = []
    ship.grappled = []


# --------------------------------------------------------------------------
# Crew task segment (2.3, 4.1, 5.0)


TASK_ORDER = ("sail", "load", "repair", "grapple", "board")


def tasks_setup(state: State, t: Tables, ctx: Context) -> None:
    state.tasks = [[s.id, task] for task in TASK_ORDER for s in afloat(state)]
    for s in afloat(state):
        s.boarders_used = 0
        s.loaders_used = 0
        s.repel = {}
    state.boardings = []
    state.grapples = []
    state.phase = "tasks"


def task_options(state: State, ship: Ship, task: str, t: Tables) -> list[Option]:
    """The choices of a ship's crew task, empty when there is nothing to decide."""
    if not ship.active:
        return []
    if task == "sail":
        if ship.crew["yards"] < sail_crew_needed(ship, t):
            return []
        out = [Option("keep", f"keep the sail at {ship.sail}")]
        for setting in SAIL_SETTINGS:
            if setting != ship.sail:
                out.append(Option(f"set:{setting}", f"set sail to {setting}"))
        return out
    if task == "load":
        return load_options(ship)
    if task.startswith("fix:"):
        box = task.split(":", 1)[1]
        if ship.repair[box] < t.crew.repair_points_per_box:
            return []
        return repair_options(ship, box)
    if task == "grapple":
        return grapple_options(state, ship)
    if task == "board":
        return board_options(state, ship)
    if task.startswith("split:"):
        return split_options(state, ship, state.ships[task.split(":")[1]])
    if task.startswith("repel:") and ship.co == "ok":
        return [
            Option("repel", "repel boarders with the boarding party"),
            Option("repel-co", "repel boarders, the captain leading"),
        ]
    return []


def load_options(ship: Ship) -> list[Option]:
    """Each crew marker at the guns loads one gun, or shifts a swivel (4.1).
    Double shot is a second ball rammed into a gun already loaded with round
    shot (4.4): one man, and the battery's load box turns to double."""
    loaders = ship.crew["guns"] - ship.loaders_used
    if loaders <= 0:
        return []
    out: list[Option] = []
    for battery in BATTERIES:
        guns = battery_guns(ship, battery)
        empty = [g for g in guns if not g.loaded]
        most = min(loaders, len(empty))
        for ammo in AMMO_TYPES if empty else ():
            if ammo == "double":
                continue
            for n in sorted({most, 1}, reverse=True):
                out.append(
                    Option(
                        f"load:{battery}:{ammo}:{n}", f"load {n} {battery} gun(s) with {ammo} shot"
                    )
                )
        if ship.load[battery] == "round" and any(g.loaded for g in guns):
            out.append(
                Option(
                    f"double:{battery}",
                    f"ram a second ball into a round-shotted {battery} gun "
                    f"(the {battery} load box turns to double shot)",
                )
            )
    for i, g in enumerate(ship.guns):
        if g.mount == "swivel" and not g.disabled:
            other = "starboard" if g.side == "port" else "port"
            out.append(Option(f"swivel:{i}", f"shift the {g.type} swivel to {other}"))
    if not out:
        return []
    out.append(Option("done", "no more loading this turn"))
    return out


def grapple_options(state: State, ship: Ship) -> list[Option]:
    """Grapple, ungrapple or unfoul a ship on the same point (2.3). Only
    ships grappled on a previous turn may be ungrappled: grapples thrown in
    this crew task segment cannot be cast off in the same one."""
    if ship.crew["boarders"] - ship.boarders_used <= 0:
        return []
    out: list[Option] = []
    for other in ships_at(state, ship.pos, ship.id):
        if other.id in ship.fouled:
            out.append(Option(f"unfoul:{other.id}", f"try to clear {other.name} (even)"))
        elif other.id in ship.grappled:
            if sorted((ship.id, other.id)) in state.grapples:
                continue
            out.append(Option(f"ungrapple:{other.id}", f"try to cast off {other.name} (even)"))
        elif other.side != ship.side:
            out.append(Option(f"grapple:{other.id}", f"try to grapple {other.name} (even)"))
    if out:
        out.append(Option("none", "no attempt"))
    return out


def met_in_boarding(state: State, a: Ship, b: Ship) -> bool:
    """Whether ``a`` and ``b`` have already fought a boarding round this crew
    task segment, whichever boarded: when both have boarding parties they
    fight one round together (5.0), not one round each way."""
    return [a.id, b.id] in state.boardings or [b.id, a.id] in state.boardings


def boarding_party(ship: Ship, other: Ship) -> int:
    """The men of ``ship``'s boarding party free to board ``other`` (5.0):
    her party less any she has set against other enemies when she divided it."""
    party = ship.crew["boarders"] - ship.boarders_used
    party -= sum(n for k, n in ship.repel.items() if k != other.id)
    return max(0, party)


def board_options(state: State, ship: Ship) -> list[Option]:
    """Board an enemy grappled or fouled on the same point (5.0), unless the
    two have already met in a boarding round this turn, or every man of her
    party is set against another enemy."""
    if ship.crew["boarders"] - ship.boarders_used <= 0:
        return []
    out: list[Option] = []
    for other in ships_at(state, ship.pos, ship.id):
        if other.side == ship.side or other.id not in (*ship.fouled, *ship.grappled):
            continue
        if met_in_boarding(state, ship, other) or boarding_party(ship, other) == 0:
            continue
        out.append(Option(f"board:{other.id}", f"board {other.name}"))
        if ship.co == "ok":
            out.append(Option(f"board-co:{other.id}", f"board {other.name}, the captain leading"))
    if out:
        out.append(Option("none", "no boarding"))
    return out


def tasks_phase(state: State, t: Tables, ctx: Context) -> None:
    """Run the crew tasks in order; a task with a decision waits for it."""
    while state.tasks:
        ship_id, task = state.tasks[0]
        ship = state.ships[ship_id]
        if task == "repair":
            state.tasks.pop(0)
            if ship.active:
                tally_repairs(ship)
                state.tasks[0:0] = [[ship.id, f"fix:{box}"] for box in REPAIR_BOXES]
            continue
        if task.startswith("fix:"):
            box = task.split(":", 1)[1]
            fix = repair_options(ship, box) if ship.active else []
            if ship.repair[box] < t.crew.repair_points_per_box or not fix:
                if not fix:
                    ship.repair[box] = min(ship.repair[box], t.crew.repair_points_per_box)
                state.tasks.pop(0)
                continue
            if len(fix) > 1:
                return
            erase(ship, box, fix[0].id, t, ctx)
            continue
        options = task_options(state, ship, task, t)
        if len(options) > 1:
            return
        if task.startswith("repel:"):
            do_task(state, t, ship, task, "repel", ctx)
            continue
        state.tasks.pop(0)
    state.phase = "end"


def do_task(state: State, t: Tables, ship: Ship, task: str, answer: str, ctx: Context) -> None:
    if task == "sail":
        if answer.startswith("set:"):
            ship.sail = answer.split(":", 1)[1]
            ctx.log(f"{ship.name} sets her sail to {ship.sail}", R_TASKS)
        _task_done(state, ship, task)
    elif task == "load":
        if answer == "done":
            _task_done(state, ship, task)
            return
        _load(ship, answer, ctx)
    elif task == "grapple":
        _task_done(state, ship, task)
        if answer != "none":
            _grapple(state, ship, answer, ctx)
    elif task == "board":
        _task_done(state, ship, task)
        if answer != "none":
            kind, other_id = answer.split(":", 1)
            other = state.ships[other_id]
            with_co = kind == "board-co"
            rivals = [s for s in may_board(state, other) if s.id not in other.repel]
            if ship.id not in other.repel and rivals and repel_left(other) > 0:
                # one ship against two divides her boarding party (5.0)
                state.tasks.insert(0, [other.id, f"split:{ship.id}:{int(with_co)}"])
            else:
                _meet_boarders(state, ship, other, with_co, ctx)
    elif task.startswith("split:"):
        _task_done(state, ship, task)
        _, attacker_id, co = task.split(":")
        attacker = state.ships[attacker_id]
        ship.repel[attacker_id] = int(answer.split(":", 1)[1])
        ctx.log(
            f"{ship.name} sets {ship.repel[attacker_id]} of her boarding party against "
            f"{attacker.name}'s boarders",
            R_BOARD,
        )
        _meet_boarders(state, attacker, ship, co == "1", ctx)
    elif task.startswith("fix:"):
        box = task.split(":", 1)[1]
        erase(ship, box, answer, t, ctx)
    elif task.startswith("repel:"):
        _task_done(state, ship, task)
        _, attacker_id, co = task.split(":")
        board(state, state.ships[attacker_id], ship, co == "1", ctx, answer == "repel-co")


def _meet_boarders(state: State, ship: Ship, other: Ship, with_co: bool, ctx: Context) -> None:
    """Boarders go over; a defender with men to repel them and her captain
    standing is first asked whether he joins (5.0)."""
    if repel_strength(state, other, ship) > 0 and other.co == "ok":
        state.tasks.insert(0, [other.id, f"repel:{ship.id}:{int(with_co)}"])
    else:
        board(state, ship, other, with_co, ctx)


def _task_done(state: State, ship: Ship, task: str) -> None:
    if state.tasks and state.tasks[0] == [ship.id, task]:
        state.tasks.pop(0)


def _load(ship: Ship, answer: str, ctx: Context) -> None:
    parts = answer.split(":")
    if parts[0] == "double":
        ship.load[parts[1]] = "double"
        ship.loaders_used += 1
        ctx.log(f"{ship.name} double-shots her {parts[1]} guns", R_SPECIAL)
        return
    if parts[0] == "swivel":
        gun = ship.guns[int(parts[1])]
        gun.side = "starboard" if gun.side == "port" else "port"
        ship.loaders_used += 1
        ctx.log(f"{ship.name} shifts her {gun.type} swivel to {gun.side}", R_LOAD)
        return
    _, battery, ammo, n = parts
    ship.load[battery] = ammo
    done = 0
    for g in battery_guns(ship, battery):
        if done < int(n) and not g.loaded:
            g.loaded = True
            done += 1
    ship.loaders_used += done
    ctx.log(f"{ship.name} loads {done} {battery} gun(s) with {ammo} shot", R_LOAD)


REPAIR_BOXES: tuple[str, ...] = ("repair_rigging", "repair_guns", "repair_hull")


def tally_repairs(ship: Ship) -> list[str]:
    """One repair point per crew marker in each repair box (2.3); returns the
    boxes whose tally has reached six."""
    for box in REPAIR_BOXES:
        ship.repair[box] += ship.crew[box]
    return [box for box in REPAIR_BOXES if ship.repair[box] > 0]


def repair_options(ship: Ship, box: str) -> list[Option]:
    """The damaged boxes six points of ``box`` may erase (2.3), one option
    for each kind of damage: on the hull an X or a slash; on each mast an X
    or a slash (an X on a fallen mast sets it up again); each kind of gun
    lost, by caliber and side."""
    marks = {1: "a slash", 2: "an X"}
    out: list[Option] = []
    if box == "repair_hull":
        for value in (2, 1):
            if value in ship.hull:
                i = ship.hull.index(value)
                out.append(Option(f"hull:{i}", f"erase {marks[value]} from hull box {i + 1}"))
    elif box == "repair_rigging":
        for m, boxes in enumerate(ship.masts):
            fallen = ship.mast_fallen(m)
            for value in (2, 1):
                if value in boxes:
                    i = boxes.index(value)
                    extra = " (the fallen mast stands again)" if fallen else ""
                    out.append(
                        Option(
                            f"rig:{m}:{i}",
                            f"erase {marks[value]} from the {ship.mast_names[m]} mast{extra}",
                        )
                    )
    else:
        seen: set[tuple[str, str]] = set()
        for i, g in enumerate(ship.guns):
            if g.disabled and (g.type, g.side) not in seen:
                seen.add((g.type, g.side))
                out.append(Option(f"gun:{i}", f"restore a {g.type} ({g.side}, {g.mount})"))
    return out


def erase(ship: Ship, box: str, answer: str, t: Tables, ctx: Context) -> None:
    """Six repair points erase the damage from one box of the kind (2.3)."""
    kind, *where = answer.split(":")
    if kind == "hull":
        ship.hull[int(where[0])] = 0
        what = f"hull box {int(where[0]) + 1}"
    elif kind == "rig":
        m, i = int(where[0]), int(where[1])
        fallen = ship.mast_fallen(m)
        ship.masts[m][i] = 0
        what = f"a {ship.mast_names[m]} mast box" + (
            " and she sets the mast up again" if fallen else ""
        )
    else:
        gun = ship.guns[int(where[0])]
        gun.disabled = False
        what = f"her {gun.type} ({gun.side})"
    ship.repair[box] -= t.crew.repair_points_per_box
    ctx.log(f"{ship.name} repairs {what}", R_TASKS)


def repair(ship: Ship, t: Tables, ctx: Context) -> None:
    """Tally the repair points and erase what needs no choice (2.3)."""
    tally_repairs(ship)
    for box in REPAIR_BOXES:
        while ship.repair[box] >= t.crew.repair_points_per_box:
            options = repair_options(ship, box)
            if len(options) != 1:
                break
            erase(ship, box, options[0].id, t, ctx)
        if not repair_options(ship, box):
            ship.repair[box] = min(ship.repair[box], t.crew.repair_points_per_box)


def _grapple(state: State, ship: Ship, answer: str, ctx: Context) -> None:
    """One boarding-party marker tries to grapple, ungrapple or unfoul (2.3)."""
    kind, other_id = answer.split(":", 1)
    other = state.ships[other_id]
    if kind in ("ungrapple", "unfoul"):
        ship.boarders_used += 1
    face = ctx.roll(f"{ship.name}: {kind} {other.name} (even succeeds)", 1, R_TASKS)[0]
    if face % 2 == 1:
        ctx.log(f"{ship.name} fails to {kind} {other.name}", R_TASKS)
        return
    if kind == "grapple":
        ship.grappled.append(other.id)
        other.grappled.append(ship.id)
        state.grapples.append(sorted((ship.id, other.id)))
        ctx.log(f"{ship.name} grapples {other.name}", R_TASKS)
    elif kind == "ungrapple":
        ship.grappled.remove(other.id)
        other.grappled.remove(ship.id)
        ctx.log(f"{ship.name} casts off from {other.name}", R_TASKS)
    else:
        ship.fouled.remove(other.id)
        other.fouled.remove(ship.id)
        ctx.log(f"{ship.name} and {other.name} are cleared of each other", R_TASKS)


def may_board(state: State, defender: Ship) -> list[Ship]:
    """Enemy ships grappled or fouled with ``defender`` on her point whose
    boarding party has still to act this crew task segment (5.0)."""
    to_come = {i for i, task in state.tasks if task == "board"}
    return [
        s
        for s in ships_at(state, defender.pos, defender.id)
        if s.side != defender.side
        and s.id in (*defender.fouled, *defender.grappled)
        and s.crew["boarders"] - s.boarders_used > 0
        and s.id in to_come
        and not met_in_boarding(state, s, defender)
    ]


def repel_left(defender: Ship) -> int:
    """The defender's boarding party not yet set against an attacker (5.0)."""
    return max(0, defender.crew["boarders"] - defender.boarders_used - sum(defender.repel.values()))


def repel_strength(state: State, defender: Ship, attacker: Ship) -> int:
    """The part of the defender's boarding party facing ``attacker``: what
    she set against her when she divided it (5.0), else all she has left."""
    if attacker.id in defender.repel:
        return defender.repel[attacker.id]
    return repel_left(defender)


def split_options(state: State, defender: Ship, attacker: Ship) -> list[Option]:
    """How many of the defender's party face ``attacker`` (5.0), the rest
    kept for the other ships that may board her."""
    left = repel_left(defender)
    others = [s.name for s in may_board(state, defender) if s.id != attacker.id]
    return [
        Option(
            f"face:{k}",
            f"{k} against {attacker.name}, {left - k} kept for {', '.join(others)}",
        )
        for k in range(left + 1)
    ]


def board(
    state: State,
    ship: Ship,
    other: Ship,
    with_co: bool,
    ctx: Context,
    defender_co: bool = False,
) -> None:
    """One round of a boarding action (5.0): crew markers (and a captain who
    joins) plus a die each; the loser loses a boarder, or the captain on a 2."""
    # a ship that divided her party between two enemies boards the one with
    # the part she kept for her, not with the men set against the other (5.0)
    party = boarding_party(ship, other)
    state.boardings.append([ship.id, other.id])
    defenders = repel_strength(state, other, ship)
    if defenders == 0:
        ctx.log(f"{ship.name}'s boarders meet no boarding party: a free attack", R_BOARD)
        take_casualties(state, other, 1, [["guns", "repair_guns"], list(TASK_BOXES)], ctx, R_BOARD)
        return
    a = ctx.roll(f"{ship.name} boarders ({party + int(with_co)} markers)", 1, R_BOARD)[0]
    d = ctx.roll(
        f"{other.name} repels boarders ({defenders + int(defender_co)} markers)", 1, R_BOARD
    )[0]
    att, dfn = a + party + int(with_co), d + defenders + int(defender_co)
    ctx.log(f"Boarding: {ship.name} {att} against {other.name} {dfn}", R_BOARD)
    if att == dfn:
        ctx.log("The boarding round is drawn", R_BOARD)
        return
    loser, led = (other, defender_co) if att > dfn else (ship, with_co)
    if led:
        x, y = ctx.roll(f"{loser.name}: the captain in the melee (2 = struck down)", 2, R_BOARD)
        if x + y == 2:
            loser.co = "down"
            ctx.log(f"{loser.name}'s captain falls leading the boarders", R_BOARD)
            return
    if loser is other and other.repel.get(ship.id, 0) > 0:
        other.repel[ship.id] -= 1
    if loser.crew["boarders"] > 0:
        loser.crew["boarders"] -= 1
        loser.casualties += 1
        ctx.log(f"{loser.name} loses a man of her boarding party", R_BOARD)


def boarding_enemies(state: State, defender: Ship) -> list[Ship]:
    """The enemy ships locked in a boarding action with ``defender`` (5.0):
    grappled or fouled with her on her point, or whose party boarded her
    this turn."""
    boarded = {a for a, d in state.boardings if d == defender.id}
    return [
        s
        for s in afloat(state)
        if s.side != defender.side
        and (
            s.id in boarded
            or (s.pos == defender.pos and s.id in (*defender.fouled, *defender.grappled))
        )
    ]


def surrender_check(state: State, ctx: Context) -> None:
    """At the end of any turn a ship strikes when the boarding parties of the
    enemies locked with her outnumber her remaining crew 3:1, or 2:1 while
    her commanding officer is down (5.0). Checked every turn, whether or not
    a round was fought in it; two boarding ships count their parties
    together."""
    for defender in afloat(state):
        if not defender.active:
            continue
        enemies = [e for e in boarding_enemies(state, defender) if e.active]
        party = sum(e.crew["boarders"] for e in enemies)
        ratio = 2 if defender.co != "ok" else 3
        if party > 0 and party >= ratio * defender.crew_total:
            defender.status = "struck"
            _release(state, defender)
            names = " and ".join(f"{e.name}'s" for e in enemies if e.crew["boarders"])
            ctx.log(
                f"{defender.name} strikes her colours to {names} boarders "
                f"({party} against {defender.crew_total}, {ratio}:1 needed)",
                R_BOARD,
            )


def end_of_turn(state: State, t: Tables, ctx: Context) -> None:
    """Surrender to boarders (5.0), then the next turn or the end."""
    surrender_check(state, ctx)
    state.boardings = []
    for ship in afloat(state):
        lay_backed = ship.backs_this_turn > 0 and ship.advances_this_turn == 0
        ship.backed_turns = ship.backed_turns + 1 if lay_backed else 0
    _check_end(state, ctx)
    if state.result is not None:
        return
    if state.turn >= state.turn_limit:
        ctx.log(f"Turn {state.turn} was the last turn of the scenario", "scenario")
        _finish(state, limit=True)
        return
    state.turn += 1
    state.phase = "crew"


PHASES: dict[str, Callable[[State, Tables, Context], None]] = {
    "loads": loads_segment,
    "crew": crew_segment,
    "segment": segment_start,
    "drift": drift_phase,
    "move": move_phase,
    "fire-setup": fire_setup,
    "fire": fire_phase,
    "tasks-setup": tasks_setup,
    "tasks": tasks_phase,
    "end": end_of_turn,
}
"""The sequence of play (2.0), in rule-book order, after the first loads
ordered before the battle (4.1)."""


# --------------------------------------------------------------------------
# Prompts and answers


def prompts(state: State, t: Tables) -> tuple[Prompt, ...]:
    if state.result is not None:
        return ()
    if state.casualty is not None:
        return (_casualty_prompt(state),)
    if state.incident:
        return (_incident_prompt(state),)
    if state.phase == "crew":
        out = [
            p
            for seat in state.sides
            if (p := fleet.crew_prompt(state, t, seat) or _crew_prompt(state, t, seat)) is not None
        ]
        return tuple(out)
    if state.phase == "loads":
        out = [
            p
            for seat in state.sides
            if (p := fleet.loads_prompt(state, t, seat) or _loads_prompt(state, t, seat))
            is not None
        ]
        return tuple(out)
    if state.phase == "move":
        if state.group:
            first = state.ships[state.group[0]]
            others = ", ".join(state.ships[i].name for i in state.group[1:])
            return (
                Prompt(
                    first.side,
                    f"{first.name} is farthest upwind of the ships at speed {first.speed} "
                    f"({others}): move first or defer?",
                    R_ACTIONS,
                    (Option("first", "move first"), Option("defer", "defer to the others")),
                    context={"step": "order", "ship": first.id},
                ),
            )
        if state.queue:
            ship = state.ships[state.queue[0]]
            if not ship.active or ship.speed != _queued_speed(state, t):
                return ()
            if _forced_move(state, ship, t) is not None:
                return ()
            options = move_options(state, ship, t)
            if len(options) <= 1:
                return ()
            angle = wind_angle(state.wind, ship.facing)
            how = "under oars" if ship.sail == "oars" else POINT_OF_SAILING[angle]
            return (
                Prompt(
                    ship.side,
                    f"Action phase {state.action + 1}: {ship.name} (speed {ship.speed}, {how}), "
                    "her move",
                    R_OARS if ship.sail == "oars" else R_SAIL,
                    tuple(Option(m, move_label(state, ship, m)) for m in options),
                    context={"step": "move", "ship": ship.id},
                ),
            )
        return ()
    if state.phase == "fire":
        if state.pending is not None:
            pf = state.pending
            ship = state.ships[pf.ship]
            label = t.guns.types[pf.groups[pf.index]].label
            return (
                Prompt(
                    ship.side,
                    f"{ship.name}'s {label}s have {pf.dice} Damage Dice against "
                    f"{state.ships[pf.target].name}: fire high or low?",
                    R_DAMAGE,
                    (
                        Option("high", "fire high (masts and rigging): " + _expect(state, t, True)),
                        Option("low", "fire low (hull and guns): " + _expect(state, t, False)),
                    ),
                    context={"step": "aim", "ship": ship.id, "battery": pf.battery},
                ),
            )
        if state.fire_queue:
            ship_id, battery = state.fire_queue[0]
            ship = state.ships[ship_id]
            choices = fire_choices(state, t, ship, battery)
            if not choices:
                return ()
            return (
                Prompt(
                    ship.side,
                    f"Action phase {state.action + 1}: {ship.name}'s {battery} guns "
                    f"({ship.load[battery]} shot) may fire",
                    R_FIRE,
                    tuple(choices),
                    context={"step": "fire", "ship": ship.id, "battery": battery},
                ),
            )
        return ()
    if state.phase == "tasks" and state.tasks:
        ship_id, task = state.tasks[0]
        ship = state.ships[ship_id]
        task_choices = task_options(state, ship, task, t)
        if len(task_choices) <= 1:
            return ()
        kind = task.split(":")[0]
        rule = {"load": R_LOAD, "board": R_BOARD, "repel": R_BOARD, "split": R_BOARD}.get(
            kind, R_TASKS
        )
        question = {
            "sail": f"{ship.name}: make or reef sail?",
            "load": f"{ship.name}: {ship.crew['guns'] - ship.loaders_used} crew at the guns; "
            "load which guns?",
            "grapple": f"{ship.name}: grapple, ungrapple or unfoul?",
            "fix": f"{ship.name}: {ship.repair.get(task[4:], 0)} points in "
            f"{BOX_LABELS.get(task[4:], '')}; six erase one box: which?",
            "board": f"{ship.name}: send the boarding party ({ship.crew['boarders']})?",
        }.get(kind, "")
        if kind == "repel":
            attacker = state.ships[task.split(":")[1]]
            question = f"{ship.name} is boarded by {attacker.name}: does her captain join?"
        extra: dict[str, int] = {}
        if kind == "split":
            attacker = state.ships[task.split(":")[1]]
            question = (
                f"{ship.name} is boarded by {attacker.name} and may be boarded by others: "
                f"how many of her {repel_left(ship)} boarders face {attacker.name}?"
            )
            rivals = [
                s for s in may_board(state, ship) if s.id not in ship.repel and s is not attacker
            ]
            extra["even"] = repel_left(ship) // (len(rivals) + 1)
        return (
            Prompt(
                ship.side,
                question,
                rule,
                tuple(task_choices),
                context={"step": kind, "ship": ship.id, **extra},
            ),
        )
    return ()


def _casualty_prompt(state: State) -> Prompt:
    pick = state.casualty
    assert pick is not None
    ship = state.ships[pick.ship]
    pool = casualty_choices(state)
    left = {b: ship.crew[b] - pick.boxes.count(b) for b in pool}
    return Prompt(
        ship.side,
        f"{ship.name} loses {pick.left} more crew marker(s): from which box is the next one?",
        pick.rule,
        tuple(Option(f"box:{b}", f"{BOX_LABELS[b]} ({left[b]} there)") for b in pool),
        context={"step": "casualty", "ship": ship.id, "crew": left},
    )


def _incident_prompt(state: State) -> Prompt:
    kind, mover_id, other_id = state.incident
    mover, other = state.ships[mover_id], state.ships[other_id]
    if kind == "side":
        return Prompt(
            mover.side,
            f"Near miss: {mover.name} passes close by {other.name}. Which side of her?",
            R_INCIDENT,
            (
                Option("pass-port", f"pass along {other.name}'s port side"),
                Option("pass-starboard", f"pass along {other.name}'s starboard side"),
            ),
            context={"step": "incident", "ship": mover.id, "other": other.id},
        )
    return Prompt(
        mover.side,
        f"{mover.name} brushes past {other.name}: turn one point to port or starboard?",
        R_INCIDENT,
        tuple(
            Option(f"turn-{side}", f"turn to {side}: facing {pg.DIRECTION_NAMES[f]}, {how}")
            for side, sign in (("port", 1), ("starboard", -1))
            for f in [pg.turn(mover.facing, sign)]
            for how in [POINT_OF_SAILING[wind_angle(state.wind, f)]]
        ),
        context={"step": "brush", "ship": mover.id, "other": other.id},
    )


def apply(state: State, t: Tables, seat: str, answer: Answer, ctx: Context) -> None:
    """Take ``seat``'s checked answer, then run the sequence of play forward."""
    prompt = next(p for p in prompts(state, t) if p.seat == seat)
    step = prompt.context["step"]
    if prompt.context.get("fleet"):
        assert isinstance(answer, dict)
        fleet.apply(state, seat, prompt, answer)
    elif step == "loads":
        assert isinstance(answer, dict)
        state.orders.setdefault(seat, {})[prompt.context["ship"]] = dict(answer)
    elif step == "casualty":
        assert isinstance(answer, str) and state.casualty is not None
        state.casualty.boxes.append(answer.split(":", 1)[1])
        state.casualty.left -= 1
        next_casualty(state, ctx)
    elif step in ("incident", "brush"):
        assert isinstance(answer, str)
        resolve_incident(state, answer, ctx)
    elif step == "crew":
        ship_id = prompt.context["ship"]
        if prompt.kind == "form":
            assert isinstance(answer, dict)
            given = dict(answer)
            state.orders[seat][ship_id] = (
                {"rally": given} if prompt.context.get("form") == "rally" else given
            )
        else:
            state.orders.setdefault(seat, {})[ship_id] = answer
    elif step == "order":
        first, *rest = state.group
        order = [first, *rest] if answer == "first" else [*rest, first]
        entry = t.movement.phases[state.action][state.entry]
        state.group = []
        ships = [state.ships[i] for i in order]
        ctx.log(
            f"{ships[0].name if answer == 'first' else state.ships[first].name} "
            f"{'moves first' if answer == 'first' else 'defers'}",
            R_ACTIONS,
        )
        _queue(state, ships, entry.moves)
    elif step == "move":
        assert isinstance(answer, str)
        ship = state.ships[state.queue.pop(0)]
        execute_move(state, ship, answer, t, ctx, quiet=True)
    elif step == "fire":
        assert isinstance(answer, str)
        ship = state.ships[prompt.context["ship"]]
        if answer == "hold":
            state.fire_queue.pop(0)
            ctx.log(f"{ship.name} holds her {prompt.context['battery']} fire", R_FIRE)
        else:
            _, target_id, *only = answer.split(":")
            target = state.ships[target_id]
            battery = prompt.context["battery"]
            gun_type = only[0] if only else ""
            count = int(only[1]) if len(only) > 1 else 0
            open_fire(state, t, ship, battery, target, ctx, gun_type, count)
    elif step == "aim":
        resolve_aim(state, t, answer == "high", ctx)
    elif step in TASK_ORDER or step in ("repel", "fix", "split"):
        assert isinstance(answer, str)
        task = state.tasks[0][1]
        do_task(state, t, state.ships[prompt.context["ship"]], task, answer, ctx)
    else:  # pragma: no cover - every prompt has a step
        raise IllegalAnswer(f"unknown step {step!r}")
    advance(state, t, ctx)


def advance(state: State, t: Tables, ctx: Context) -> None:
    """Run the sequence of play until someone must decide or the game ends."""
    while state.result is None and not prompts(state, t):
        PHASES[state.phase](state, t, ctx)


# --------------------------------------------------------------------------
# Victory


def _check_end(state: State, ctx: Context) -> None:
    """The game ends when every ship of a side is sunk, struck or gone (1.0)."""
    if state.result is not None:
        return
    standing = {side: [s for s in afloat(state) if s.side == side] for side in state.sides}
    if all(standing.values()):
        return
    _finish(state, limit=False)


def points(state: State) -> dict[str, int]:
    """Victory points: each enemy ship lost is worth the scenario's share of
    her value (sunk, struck, or left the field); a ship that escapes off the
    field may score for her own side (the scenario's ``escape``)."""
    out = dict.fromkeys(state.sides, 0)
    share = {
        "sunk": state.victory["sunk"],
        "struck": state.victory["struck"],
        "left": state.victory["left_field"],
    }
    escape: dict[str, int] = state.victory.get("escape", {})
    for ship in state.ships.values():
        if ship.status in share:
            for side in state.sides:
                if side != ship.side:
                    out[side] += ship.value * share[ship.status]
        if ship.status == "left":
            out[ship.side] += ship.value * escape.get(ship.side, 0)
    return {k: v // 100 for k, v in out.items()}


def _finish(state: State, limit: bool) -> None:
    state.result = compute_result(state, limit).to_json()
    state.phase = "over"


def compute_result(state: State, limit: bool) -> Result:
    pts = points(state)
    detail = "; ".join(f"{s} {pts[s]} points" for s in state.sides)
    lost = [s for s in state.ships.values() if not s.active]
    how = Termination.TURN_LIMIT
    if lost:
        last = lost[-1].status
        how = {
            "sunk": Termination.SUNK,
            "struck": Termination.STRUCK,
            "left": Termination.LEFT_FIELD,
        }[last]
    if not limit:
        standing = [side for side in state.sides if any(s.side == side for s in afloat(state))]
        escapes = state.victory.get("escape", {})
        if len(standing) == 1 and not any(escapes.get(s, 0) for s in state.sides):
            gone = [s for s in state.ships.values() if s.side != standing[0]]
            kinds = {s.status for s in gone}
            how = (
                Termination.SUNK
                if kinds == {"sunk"}
                else Termination.STRUCK
                if "struck" in kinds
                else Termination.LEFT_FIELD
                if kinds == {"left"}
                else how
            )
            return Result(standing[0], how, state.turn, detail)
    if any(state.victory.get("escape", {}).values()):
        how = Termination.OBJECTIVES
    ranked = sorted(state.sides, key=lambda s: -pts[s])
    margin = state.victory["margin"]
    if pts[ranked[0]] - pts[ranked[1]] >= margin:
        return Result(ranked[0], how if not limit else Termination.TURN_LIMIT, state.turn, detail)
    return Result(None, Termination.TURN_LIMIT if limit else how, state.turn, detail)
