"""Away, Boarders!: the crew task segment (2.3, 4.1): make or reef sail, load
the guns, repair, grapple / ungrapple / unfoul; boarding itself is in
boarding.py."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.away_boarders import explain as ex
from quarterdeck.rulesets.away_boarders.boarding import (
    board,
    board_options,
    may_board,
    meet_boarders,
    repel_left,
    split_options,
)
from quarterdeck.rulesets.away_boarders.gunnery import battery_guns
from quarterdeck.rulesets.away_boarders.sailing import afloat, sail_crew_needed, ships_at
from quarterdeck.rulesets.away_boarders.sections import R_BOARD, R_LOAD, R_SPECIAL, R_TASKS
from quarterdeck.rulesets.away_boarders.state import BATTERIES, SAIL_SETTINGS, Ship, State
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES, Tables

# --------------------------------------------------------------------------
# Crew task segment (2.3, 4.1, 5.0)


TASK_ORDER: Final[tuple[str, ...]] = ("sail", "load", "repair", "grapple", "board")


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
        return list(_sail_options(ship.sail))
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


@lru_cache(maxsize=16)
def _sail_options(sail: str) -> tuple[Option, ...]:
    """Keep the sail, or set it to any other setting (2.3): made once each."""
    return (
        Option("keep", f"keep the sail at {sail}"),
        *(Option(f"set:{s}", f"set sail to {s}") for s in SAIL_SETTINGS if s != sail),
    )


def load_options(ship: Ship) -> list[Option]:
    """Each crew marker at the guns loads one gun, or shifts a swivel (4.1).
    Double shot is a second ball rammed into a gun already loaded with round
    shot (4.4): one man, and the battery's load box turns to double."""
    loaders = ship.crew["guns"] - ship.loaders_used
    if loaders <= 0:
        return []
    # each battery's guns not disabled (battery_guns), empty or loaded, and
    # the swivels, read in one pass over her guns
    empty = dict.fromkeys(BATTERIES, 0)
    loaded: set[str] = set()
    swivels: list[Option] = []
    for i, g in enumerate(ship.guns):
        if g.disabled:
            continue
        if g.loaded:
            loaded.add(g.side)
        else:
            empty[g.side] += 1
        if g.mount == "swivel":
            swivels.append(_swivel(i, g.type, "starboard" if g.side == "port" else "port"))
    out: list[Option] = []
    for battery in BATTERIES:
        if empty[battery]:
            out += _loads(battery, min(loaders, empty[battery]))
        if ship.load[battery] == "round" and battery in loaded:
            out.append(_double(battery))
    out += swivels
    if not out:
        return []
    out.append(_DONE)
    return out


# The options of the loading task are the same few again and again: made once.

_DONE: Final = Option("done", "no more loading this turn")


@lru_cache(maxsize=256)
def _loads(battery: str, most: int) -> tuple[Option, ...]:
    """Load ``most`` or one of a battery's empty guns with each ammunition
    but double (4.1, 4.4: double shot is rammed into a loaded gun)."""
    return tuple(
        Option(f"load:{battery}:{ammo}:{n}", f"load {n} {battery} gun(s) with {ammo} shot")
        for ammo in AMMO_TYPES
        if ammo != "double"
        for n in sorted({most, 1}, reverse=True)
    )


@lru_cache(maxsize=8)
def _double(battery: str) -> Option:
    """Ram a second ball into a round-shotted gun of ``battery`` (4.1, 4.4)."""
    return Option(
        f"double:{battery}",
        f"ram a second ball into a round-shotted {battery} gun "
        f"(the {battery} load box turns to double shot)",
    )


@lru_cache(maxsize=256)
def _swivel(i: int, gun_type: str, other: str) -> Option:
    """Shift swivel gun ``i`` to the ``other`` side (4.1)."""
    return Option(f"swivel:{i}", f"shift the {gun_type} swivel to {other}")


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


def tasks_phase(state: State, t: Tables, ctx: Context) -> list[Option] | None:
    """Run the crew tasks in order; a task with a decision waits for it:
    then its choices (:func:`task_options`), so that they are not worked
    out again for its prompt."""
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
            if ship.repair[box] < t.crew.repair_points_per_box:
                state.tasks.pop(0)  # short of six points: nothing to erase, the tally kept
                continue
            fix = task_options(state, ship, task, t)
            if not fix:  # nothing damaged: the points past six are lost
                ship.repair[box] = t.crew.repair_points_per_box
                state.tasks.pop(0)
                continue
            if len(fix) > 1:
                return fix
            erase(ship, box, fix[0].id, t, ctx)
            continue
        options = task_options(state, ship, task, t)
        if len(options) > 1:
            return options
        if task.startswith("repel:"):
            do_task(state, t, ship, task, "repel", ctx)
            continue
        state.tasks.pop(0)
    state.phase = "end"
    return None


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
                meet_boarders(state, ship, other, with_co, ctx)
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
        meet_boarders(state, attacker, ship, co == "1", ctx)
    elif task.startswith("fix:"):
        box = task.split(":", 1)[1]
        erase(ship, box, answer, t, ctx)
    elif task.startswith("repel:"):
        _task_done(state, ship, task)
        _, attacker_id, co = task.split(":")
        board(state, state.ships[attacker_id], ship, co == "1", ctx, answer == "repel-co")


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


REPAIR_BOXES: Final[tuple[str, ...]] = ("repair_rigging", "repair_guns", "repair_hull")


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


def _grapple(state: State, ship: Ship, answer: str, ctx: Context) -> None:
    """One boarding-party marker tries to grapple, ungrapple or unfoul (2.3)."""
    kind, other_id = answer.split(":", 1)
    other = state.ships[other_id]
    if kind in ("ungrapple", "unfoul"):
        ship.boarders_used += 1
    face = ctx.roll(  # words and explanation built only where a log reads them
        lambda: f"{ship.name}: {kind} {other.name} (even succeeds)",
        1,
        R_TASKS,
        seat=ship.side,
        math=lambda _faces: ex.parity(ex.EVEN, f"she manages to {kind}", f"she fails to {kind}"),
    )[0]
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
