"""Movement: simultaneous plotted moves (Movement; Currents; Ships drifting;
Turning Ships; Anchor).

1 inch = 1 knot. Both sides' plots are revealed together; every ship then
moves in quarter moves, the fastest first in each quarter, so that where
paths conflict the contact falls where the segments say (the text allows
half or quarter moves; quarters always here). A ship's speed changes by at
most 2 knots a move; she must stop before going astern and astern makes a
third of her forward speed (a double ender the same). Her turn over the move
is her helm's share of the most her turning radius allows for the distance
she makes. The current of her lane is added to every ship under way; a
stopped ship drifts with it (half the current over 80 SPV). Anchored and
grounded ships stay; ships under 60 SPV at anchor swing with the current.
"""

from __future__ import annotations

import math
from typing import Any, Final

from quarterdeck.core.geometry import norm_heading
from quarterdeck.rulesets.acw_river.state import HELMS, Helm, MoveLeg, Plot, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import current_at

R_MOVE: Final = "Movement"
R_ACCEL: Final = "Movement: Maximum acceleration/deceleration"
R_CURRENT: Final = "Currents"
R_DRIFT: Final = "Ships drifting"
R_TURN: Final = "Turning Ships"
R_ANCHOR: Final = "Anchor"

# the printed tables' helm shares (the AI's projection); the rules read
# ``helm_share`` from the tables, which a house rule may change
HELM_SHARE: Final[dict[str, float]] = {
    "hard-port": -1.0,
    "port": -2 / 3,
    "half-port": -1 / 3,
    "ahead": 0.0,
    "half-starboard": 1 / 3,
    "starboard": 2 / 3,
    "hard-starboard": 1.0,
}

# damage effects that take knots off a ship's best speed (Tables 3 and 4; the
# ramming charts)
SPEED_EFFECTS: Final[tuple[str, ...]] = ("steam-pipe-4", "boiler-holed-4", "ram-steam-pipe")


def effective_max(ship: Ship, t: Tables) -> int:
    """Her best speed now: her facts' speed less what damage has taken (the
    engine, the funnel, a steam pipe or a holed boiler while unrepaired); none
    with her boiler destroyed, or with no CPV in the engine or boiler room."""
    if ship.dying or (ship.max_speed > 0 and (ship.crew.engine == 0 or ship.crew.boiler == 0)):
        return 0
    lost = ship.speed_lost
    for e in ship.effects:
        if e.kind in SPEED_EFFECTS:
            size = t.damage.effects.size(e.kind)
            lost += max(size.speed, size.max_speed)
    return max(0, ship.max_speed - lost)


def effective_reverse(ship: Ship, t: Tables) -> int:
    top = effective_max(ship, t)
    if ship.double_ender:
        return top
    share = t.movement.reverse_share
    return min(ship.reverse_max, top * share.n // share.d)


def can_move(ship: Ship, t: Tables) -> bool:
    """Whether she can make way under her own power."""
    return effective_max(ship, t) > 0 and ship.aground is None and not ship.locked


def speed_limits(ship: Ship, t: Tables) -> tuple[int, int]:
    """The speeds she may plot this move (Movement): 2 knots either side of
    her last speed; no further than a stop when changing direction; within
    her best forward and astern speeds. A ship without power slows 2 knots a
    move to a stop (boiler destroyed); aground, anchored or locked: none."""
    acc = t.movement.accelerate
    v = ship.speed
    if ship.aground is not None or ship.anchored or ship.locked or ship.towed_by:
        return (0, 0)
    top = effective_max(ship, t)
    if top == 0:
        slower = max(0, abs(v) - acc)
        fixed = slower if v >= 0 else -slower
        return (fixed, fixed)
    if ship.balloon and ship.balloon_up:
        top = min(top, t.movement.balloon_speed)  # towing an inflated balloon
    back = min(effective_reverse(ship, t), top)
    if v > 0:
        low, high = max(0, v - acc), min(top, v + acc)
        low = min(low, high)
    elif v < 0:
        low, high = max(-back, v - acc), min(0, v + acc)
        high = max(low, high)
    else:
        low, high = -min(acc, back), min(acc, top)
    return (low, high)


def clamp_speed(ship: Ship, speed: int, t: Tables) -> int:
    low, high = speed_limits(ship, t)
    return max(low, min(high, speed))


def forced_helm(ship: Ship) -> Helm | None:
    """Steering damage overrides the helm (Table 2; Table 4): hard right,
    hard left, or the same course."""
    for e in ship.effects:
        if e.kind == "hard-right-4":
            return "hard-starboard"
        if e.kind == "hard-left-4":
            return "hard-port"
        if e.kind in ("same-course-4", "pilot-house", "screw-4"):
            return "ahead"
    return None


def turn_for(ship: Ship, speed: int, helm: str, t: Tables) -> float:
    """Degrees turned over a move: the helm's share of the arc her turning
    radius allows for the distance made (arc length over radius)."""
    if speed == 0 or ship.turning <= 0:
        return 0.0
    most = math.degrees(abs(speed) / ship.turning)
    return round(helm_share(helm, t) * min(most, 180.0), 6)


def helm_share(helm: str, t: Tables) -> float:
    """The helm's share of her tightest turn, negative to port (Turning
    Ships: the tables' reconstructed [turning])."""
    if helm == "ahead" or helm not in HELM_SHARE:
        return 0.0
    size = helm.removesuffix("port").removesuffix("starboard").rstrip("-")
    share = {"half": t.turning.half, "hard": t.turning.hard, "": t.turning.helm}[size]
    return (-1.0 if helm.endswith("port") else 1.0) * share.n / share.d


def drift_for(state: State, ship: Ship, speed: int, t: Tables) -> tuple[float, float]:
    """The current's push over the move (Currents; Ships drifting): downstream
    (toward the bottom of the table) at her lane's speed; a drifting ship over
    80 SPV makes half of it. Nothing aground or at anchor."""
    if ship.aground is not None or ship.anchored or ship.locked or ship.towed_by:
        return (0.0, 0.0)
    c = float(current_at(state.table, (ship.x, ship.y), t))
    if speed == 0 and ship.spv_start > t.movement.drift_heavy_spv:
        c /= 2
    return (0.0, -c)


def make_leg(state: State, ship: Ship, plot: Plot | None, t: Tables) -> MoveLeg:
    """The move a plot gives her this move, within what she can do."""
    wanted = plot.speed if plot is not None else ship.speed
    speed = clamp_speed(ship, wanted, t)
    helm = forced_helm(ship) or (plot.helm if plot is not None else "ahead")
    return MoveLeg(
        speed=speed, turn=turn_for(ship, speed, helm, t), drift=drift_for(state, ship, speed, t)
    )


def arc_step(
    x: float, y: float, heading: float, distance: float, turn: float
) -> tuple[float, float, float]:
    """Advance ``distance`` inches (negative: astern) along an arc that
    turns ``turn`` degrees over it."""
    if abs(turn) < 1e-9:
        r = math.radians(heading)
        return (x + math.sin(r) * distance, y + math.cos(r) * distance, heading)
    rad = math.radians(turn)
    radius = distance / rad
    chord = 2 * radius * math.sin(rad / 2)
    mid = math.radians(heading + turn / 2)
    return (x + math.sin(mid) * chord, y + math.cos(mid) * chord, norm_heading(heading + turn))


def quarter_pose(ship: Ship, leg: MoveLeg, t: Tables) -> tuple[float, float, float]:
    """Her pose after one more quarter of her leg."""
    q = t.movement.quarters
    x, y, h = arc_step(ship.x, ship.y, ship.heading, leg.speed / q, leg.turn / q)
    return (x + leg.drift[0] / q, y + leg.drift[1] / q, h)


def project(
    state: State, ship: Ship, speed: int, helm: str, t: Tables
) -> tuple[float, float, float]:
    """Where a plot would take her, ignoring other ships and hazards (for
    the plotted path drawn for her own side, and for the captains' checks)."""
    speed = clamp_speed(ship, speed, t)
    turn = turn_for(ship, speed, forced_helm(ship) or helm, t)
    dx, dy = drift_for(state, ship, speed, t)
    x, y, h = arc_step(ship.x, ship.y, ship.heading, speed, turn)
    return (x + dx, y + dy, h)


def path_points(
    state: State, ship: Ship, speed: int, helm: str, t: Tables, steps: int = 8
) -> list[tuple[float, float]]:
    """Points along a plotted path, for drawing it."""
    speed = clamp_speed(ship, speed, t)
    turn = turn_for(ship, speed, forced_helm(ship) or helm, t)
    dx, dy = drift_for(state, ship, speed, t)
    out = [(ship.x, ship.y)]
    x, y, h = ship.x, ship.y, ship.heading
    for n in range(1, steps + 1):
        x, y, h = arc_step(x, y, h, speed / steps, turn / steps)
        out.append((round(x + dx * n / steps, 3), round(y + dy * n / steps, 3)))
    return out


def swing_at_anchor(state: State, ship: Ship, t: Tables) -> float:
    """Anchor: a ship under 60 SPV at anchor turns with the flow of the
    current, up to two right angles a move, to lie bow upstream. Returns the
    degrees she swung."""
    if not ship.anchored or ship.spv_start >= t.movement.anchor_swing_spv:
        return 0.0
    flow = current_at(state.table, (ship.x, ship.y), t)
    if flow == 0:
        return 0.0
    target = 0.0 if flow > 0 else 180.0  # bow into the current
    diff = (target - ship.heading + 540.0) % 360.0 - 180.0
    step = max(-t.movement.anchor_swing, min(t.movement.anchor_swing, diff))
    ship.heading = norm_heading(ship.heading + step)
    return step


def plot_ends(state: State, ship: Ship, t: Tables) -> list[dict[str, Any]]:
    """Where each plot her form allows would leave her, unobstructed
    (Movement; Turning Ships; Currents): every speed she may plot this move
    with every helm, as :func:`project` works it out. The move itself is made
    in quarters that may stop her short at a hull, the shore or a hazard;
    an end here is the end of the open-water move. Stopped, the helm turns
    her nothing (:func:`turn_for`): one end, helm ahead, not seven on one
    spot. For the web table's drag moves only."""
    low, high = speed_limits(ship, t)
    forced = forced_helm(ship)
    out: list[dict[str, Any]] = []
    for speed in range(low, high + 1):
        for helm in HELMS:
            if forced is not None and helm != forced:
                continue
            if forced is None and speed == 0 and helm != "ahead":
                continue
            x, y, h = project(state, ship, speed, helm, t)
            out.append(
                {
                    "speed": speed,
                    "helm": helm,
                    "x": round(x, 3),
                    "y": round(y, 3),
                    "heading": round(h, 3),
                }
            )
    return out


def table_view(state: State, t: Tables, view: dict[str, Any]) -> dict[str, Any]:
    """For the web table of a seat whose open prompt is its plot form: each
    of its ships' ends (:func:`plot_ends`), under ``plot_ends``. Only that
    seat's own ships, only while it is asked to plot."""
    prompt = view.get("prompt")
    if not isinstance(prompt, dict) or prompt.get("kind") != "form":
        return {}
    context = prompt.get("context") or {}
    if context.get("step") != "plot":
        return {}
    ships = [state.ships[s] for s in context.get("ships") or [] if s in state.ships]
    return {"plot_ends": {s.id: plot_ends(state, s, t) for s in ships}}
