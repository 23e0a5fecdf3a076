"""ACW River and Coastal: the sequence of play and its prompts.

Before the battle (move 0):

1. setup: the commanders' four dice (secret), the random table if the
   scenario asks for one (randomtable.py), wind and fog
2. orders: each fleet commander nominates his flagship and writes every
   ship's standing order (secret, revealed together)

Each move (the text's sequence: movement, with ram attacks after their
test; shooting; morale after firing or a ram attack):

3. plot: every ship's move plotted in secret by both sides (speed, helm,
   turret arcs, one action); the umpire, if a seat takes him, may change the
   current first
4. move: the plots revealed together; each captain's quality applied; ram
   tests; the move in quarters, fastest first (in the first move a ship may
   stop to fire after any quarter)
5. fire: fire orders in secret, revealed together, then every shot
6. morale: every ship and fort with a reason tests
7. end: boarding and landing parties, anchors, repairs, fires, smoke and
   fog, objectives, the end of the battle

``state.ask`` holds a question for one seat (a roll-off winner's choice, an
umpire's call); the secret rounds are answered by every seat at once.
"""

from __future__ import annotations

from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.geometry import angle_diff, bearing
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.acw_river import (
    boarding,
    fireships,
    forts,
    objectives,
    orders,
    randomtable,
    standing,
)
from quarterdeck.rulesets.acw_river.commanders import enforce, in_command
from quarterdeck.rulesets.acw_river.damage import fight_fires, repairs
from quarterdeck.rulesets.acw_river.firing import fire_at
from quarterdeck.rulesets.acw_river.hazards import reverse_off
from quarterdeck.rulesets.acw_river.morale import morale_phase
from quarterdeck.rulesets.acw_river.movement import clamp_speed, make_leg, turn_for
from quarterdeck.rulesets.acw_river.moves import finish_move, run_quarter
from quarterdeck.rulesets.acw_river.ramming import ram_test, release_locks
from quarterdeck.rulesets.acw_river.setup import lift_fog, parse_order
from quarterdeck.rulesets.acw_river.state import Fort, MoveLeg, Plot, Ship, Smoke, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.visibility import say, update_sightings

R_SEQ: Final = "Sequence of play"
R_UMPIRE: Final = "Currents (umpire)"
R_SMOKE: Final = "Smoke"
R_FORT_ORDERS: Final = "Fort Commander"
R_FIRE: Final = "Firing: Method"

PHASES: Final[tuple[str, ...]] = ("setup", "orders", "plot", "move", "fire", "morale", "end")
SECRET_STEPS: Final[tuple[str, ...]] = ("orders", "plot", "fire", "discard", "deploy")


# --------------------------------------------------------------------------
# Prompts


def prompts(state: State, t: Tables) -> tuple[Prompt, ...]:
    """The open prompts: one question for one seat, or one secret prompt per
    seat that still has orders to give."""
    if state.result is not None:
        return ()
    if state.ask is not None:
        return (ask_prompt(state, t),)
    out = []
    for seat in state.sides:
        p = secret_prompt(state, seat, t)
        if p is not None:
            out.append(p)
    return tuple(out)


_KEPT: Final[list[Any]] = [None, None, {}]
"""The state the last secret prompts were worked out for, when (its turn,
phase and stage) and the prompts by seat: see :func:`_kept_prompts`."""


def _when(state: State) -> tuple[int, str, str]:
    return (state.turn, state.phase, state.stage)


def _keep(state: State, open_prompts: tuple[Prompt, ...]) -> tuple[Prompt, ...]:
    _KEPT[0], _KEPT[1] = state, _when(state)
    _KEPT[2] = {p.seat: p for p in open_prompts}
    return open_prompts


def _kept_prompts(state: State, answered: str) -> dict[str, Prompt | None]:
    """The other seats' secret prompts, as they were before ``answered``
    gave its secret orders, where nothing else has happened since (same
    state, same turn, phase and stage): simultaneous orders are given
    blind (Sequence of play), so one side's orders cannot change what the
    other is asked, and its form need not be worked out again."""
    if _KEPT[0] is not state or _KEPT[1] != _when(state):
        return {}
    kept: dict[str, Prompt | None] = {
        seat: _KEPT[2].get(seat) for seat in state.sides if seat != answered
    }
    return kept


def secret_prompt(state: State, seat: str, t: Tables) -> Prompt | None:
    if state.phase == "setup":
        return randomtable.secret_prompt(state, seat, t)
    if state.phase == "orders":
        return orders.orders_prompt(state, seat)
    if state.phase == "plot" and state.stage == "plotting":
        return orders.plot_prompt(state, seat, t)
    if state.phase in ("fire", "move") and state.stage == "firing":
        return orders.fire_prompt(state, seat, t)
    return None


def ask_prompt(state: State, t: Tables) -> Prompt:
    ask = state.ask
    assert ask is not None
    if ask["kind"] == "umpire-current":
        lanes = ", ".join(str(v) for v in state.table.lanes)
        return Prompt(
            ask["seat"],
            f"Umpire: the current this move (lanes west to east: {lanes} knots)",
            R_UMPIRE,
            (
                Option("same", "unchanged"),
                Option("up", "one knot stronger in every lane"),
                Option("down", "one knot weaker in every lane"),
            ),
            context={"step": "umpire", "turn": state.turn},
        )
    return randomtable.ask_prompt(state, t)


# --------------------------------------------------------------------------
# Answers


def apply(state: State, t: Tables, seat: str, answer: Any, ctx: Context) -> tuple[Prompt, ...]:
    """Take ``seat``'s checked answer, then run the sequence forward to the
    next prompts (returned)."""
    if state.ask is not None:
        ask = state.ask
        if ask["seat"] != seat:
            raise IllegalAnswer(f"seat {seat!r} has nothing to answer now")
        state.ask = None
        if ask["kind"] == "umpire-current":
            step = {"same": 0, "up": 1, "down": -1}[str(answer)]
            if step:
                # stronger or weaker the way it runs (a flood tide runs up: negative)
                state.table.lanes = [
                    v + (step if v > 0 else -step if v < 0 else max(0, step))
                    for v in state.table.lanes
                ]
                ctx.log(f"The umpire changes the current: {state.table.lanes}", R_UMPIRE)
        else:
            randomtable.apply_ask(state, t, ask, answer, ctx)
        return advance(state, t, ctx)
    prompt = ctx.answering(seat) or secret_prompt(state, seat, t)
    if prompt is None:
        raise IllegalAnswer(f"seat {seat!r} has nothing to answer now")
    kind = str(prompt.context.get("step", ""))
    if kind == "orders":
        assert isinstance(answer, dict)
        side = state.sides[seat]
        side.flagship = str(answer["flagship"])
        state.setup.setdefault("nominated", {})[seat] = side.flagship
        for key, value in answer.items():
            if key.startswith("order:"):
                side.orders[key.split(":", 1)[1]] = parse_order(str(value))
        state.setup.setdefault("orders_given", {})[seat] = True
    elif kind == "plot":
        assert isinstance(answer, dict)
        plots = state.plots.setdefault(seat, {})
        units = [*prompt.context["ships"], *prompt.context["forts"]]
        parts = orders.split_all(answer, units)
        for sid in prompt.context["ships"]:
            part = parts[sid]
            plots[sid] = orders.plot_from(part)
            if "order" in part:
                state.sides[seat].orders[sid] = parse_order(str(part["order"]))
        give_standing(state, seat, answer, units, ctx, parts)
    elif kind.startswith("fire"):
        assert isinstance(answer, dict)
        given = state.fire_orders.setdefault(seat, {})
        for uid in prompt.context["units"]:
            given[uid] = str(answer[uid])
        units = prompt.context["units"]
        give_standing(state, seat, answer, units, ctx, orders.split_all(answer, units))
    else:
        randomtable.apply_secret(state, t, seat, prompt, answer, ctx)
        return advance(state, t, ctx)
    return advance(state, t, ctx, _kept_prompts(state, seat))


def give_standing(
    state: State,
    seat: str,
    answer: dict[str, Any],
    units: list[str],
    ctx: Context,
    parts: dict[str, dict[str, Any]] | None = None,
) -> None:
    """The standing fire orders given in a plot or fire form (standing.py),
    told to the side's own log where they changed. ``parts``: units' parts
    of the answer (orders.split) the caller has already."""
    changed = []
    for uid in units:
        part = parts[uid] if parts is not None and uid in parts else orders.split(answer, uid)
        if "standing" in part:
            said = standing.give(state, orders.firer(state, uid), standing.order_from(part))
            if said:
                changed.append(said)
    if changed:
        ctx.log("Standing fire orders: " + "; ".join(changed), R_FIRE, seats=(seat,))


# --------------------------------------------------------------------------
# Driving the sequence


def advance(
    state: State, t: Tables, ctx: Context, kept: dict[str, Prompt | None] | None = None
) -> tuple[Prompt, ...]:
    """Run the sequence until a question is open or the game ends; the open
    prompts then (as :func:`prompts` gives them). ``kept``: seats' secret
    prompts known to be unchanged (:func:`_kept_prompts`), good until the
    sequence moves on."""
    for _ in range(10_000):
        if state.result is not None:
            return ()
        if state.ask is not None:
            return (ask_prompt(state, t),)
        open_prompts = tuple(
            p
            for seat in state.sides
            if (p := kept[seat] if kept and seat in kept else secret_prompt(state, seat, t))
            is not None
        )
        if open_prompts:
            return _keep(state, open_prompts)
        kept = None
        done = STEPS[state.phase](state, t, ctx)
        if waiting(state):
            continue
        if done:
            index = PHASES.index(state.phase)
            state.phase = PHASES[index + 1] if index + 1 < len(PHASES) else "plot"
            state.stage = ""
    raise RuntimeError("the sequence of play did not settle")  # pragma: no cover


def waiting(state: State) -> bool:
    """Whether a question is open or the game is over. A function, not an
    inline test: after the call to a step, mypy would keep ``state.ask``
    narrowed to None by the test above it, and compiled code (scripts/compile)
    trusts the narrowing."""
    return state.result is not None or state.ask is not None


def step_setup(state: State, t: Tables, ctx: Context) -> bool:
    return randomtable.step(state, t, ctx)


def step_orders(state: State, t: Tables, ctx: Context) -> bool:
    """Orders given by both sides: revealed to their own side only (the
    enemy learns them from what the ships do)."""
    for side in state.sides.values():
        fleet = state.commanders.get(side.commander)
        if fleet is not None and side.flagship:
            fleet.post = side.flagship
    update_sightings(state, t, ctx)
    state.turn = 1
    ctx.log("Move 1 begins", R_SEQ)
    return True


def step_plot(state: State, t: Tables, ctx: Context) -> bool:
    """Plotting: the umpire's current first; then every ship's plot."""
    if state.stage == "":
        state.plots = {}
        state.fire_orders = {}
        state.fired = []
        for ship in state.ships.values():
            ship.rammed = False
            ship.morale_due = []
        if state.umpire is not None and not state.setup.get(f"umpired-{state.turn}"):
            state.setup[f"umpired-{state.turn}"] = True
            state.ask = {"kind": "umpire-current", "seat": state.umpire}
            return False
        state.due = orders.due_plots(state)
        state.stage = "plotting"
        return False
    reveal(state, t, ctx)
    return True


def reveal(state: State, t: Tables, ctx: Context) -> None:
    """The plots revealed together; each captain's quality applied; ram tests;
    actions that need a stopped ship; the legs made up."""
    for plots in state.plots.values():
        for sid, plot in sorted(plots.items()):
            ship = state.ships[sid]
            final = enforce(state, ship, plot, t)
            if final.override:
                # the reason names her commander's quality (his white die):
                # for her own side only; the other side sees what she does
                ctx.log(f"{ship.name}: {final.override}", "Orders", seats=(ship.side,))
            plots[sid] = final
            for tid, arc in final.turrets.items():
                for turret in ship.turrets:
                    if turret.id == tid:
                        turret.arc = arc
            c = in_command(state, ship)
            if c is not None:
                c.laying = final.laying
    state.moves = {}
    for ship in state.ships.values():
        if not ship.afloat or ship.status == "exited":
            continue
        given: Plot | None = state.plots.get(ship.side, {}).get(ship.id)
        if ship.status not in ("active", "captured") or (
            ship.status == "captured" and ship.prize_move >= state.turn
        ):
            given = None
        leg = make_leg(state, ship, given, t)
        if ship.status == "abandoned":
            leg.speed, leg.turn = 0, 0.0
        if given is not None:
            _pre_move_action(state, ship, given, ctx, t)
            if given.action.startswith("ram:"):
                target = state.ships.get(given.action[4:])
                if target is not None and target.afloat:
                    if ram_test(state, ship, target, ctx, t):
                        leg.ram = target.id
                    else:
                        avoid(state, ship, target, leg, t)
        state.moves[ship.id] = leg
    state.quarter = 0


def avoid(state: State, ship: Ship, target: Ship, leg: MoveLeg, t: Tables) -> None:
    """A failed ram test: she must do all she can to avoid the ram, so she
    slows and turns hard away from her target (Controlled Ramming)."""
    leg.avoid = target.id
    leg.speed = clamp_speed(ship, leg.speed - t.movement.accelerate, t)
    off = angle_diff(ship.heading, bearing((ship.x, ship.y), (target.x, target.y)))
    leg.turn = turn_for(ship, leg.speed, "hard-port" if off > 0 else "hard-starboard", t)


def _pre_move_action(state: State, ship: Ship, plot: Plot, ctx: Context, t: Tables) -> None:
    """Actions made before she moves: anchor, reverse off, the balloon."""
    if plot.action == "anchor":
        boarding.anchor(state, ship, True, ctx)
    elif plot.action == "weigh":
        boarding.anchor(state, ship, False, ctx)
    elif plot.action == "reverse-off":
        reverse_off(state, ship, ctx, t)
    elif plot.action == "ignite":
        fireships.ignite(state, ship, ctx, t)
    elif plot.action.startswith("tow:") and plot.action[4:] in state.ships:
        fireships.take_in_tow(state, ship, state.ships[plot.action[4:]], ctx, t)
    elif plot.action == "cast-off":
        fireships.cast_off(state, ship, ctx)
    elif plot.action == "balloon" and ship.balloon:
        ship.balloon_up = state.turn + t.movement.balloon_setup
        say(state, ctx, f"{ship.name} sets up her balloon", "Towing Balloons", ship)


def step_move(state: State, t: Tables, ctx: Context) -> bool:
    """The move in quarters; in the first move, fire after a chosen quarter."""
    if state.stage == "firing":
        resolve_fire(state, t, ctx)
        state.stage = ""
    quarters = t.movement.quarters
    while state.quarter < quarters:
        run_quarter(state, t, ctx)
        state.quarter += 1
        if state.turn == 1 and state.quarter < quarters:
            orders.open_fire_round(state)
            due = [
                sid
                for side, plots in state.plots.items()
                for sid, plot in plots.items()
                if plot.fire_quarter == state.quarter
                and state.ships[sid].status == "active"
                and orders.can_fire(state, sid, t)
            ]
            if due:
                state.due = due
                state.fire_orders = {}
                state.stage = "firing"
                return False
            orders.close_fire_round()  # no fire here: the ships move on
    finish_move(state, t, ctx)
    return True


def step_fire(state: State, t: Tables, ctx: Context) -> bool:
    """Shooting: every ship and fort with a target gives its fire order in
    secret; then every shot."""
    if state.stage == "":
        for ship in state.ships.values():
            ship.fired_on_by = []
        state.fire_orders = {}
        orders.open_fire_round(state)
        units = [sid for sid in state.ships] + [fid for fid in state.forts]
        state.due = [u for u in units if orders.can_fire(state, u, t)]
        state.stage = "firing"
        return False
    resolve_fire(state, t, ctx)
    return True


def resolve_fire(state: State, t: Tables, ctx: Context) -> None:
    """Every fire order of the round, in order of the units' ids: the guns
    that fire are fixed before any is hit (the fire is simultaneous)."""
    standing.carry_out(state, t, ctx)
    plans: list[tuple[Ship | Fort, Any, list[Any]]] = []
    for seat in sorted(state.fire_orders):
        for uid, order in sorted(state.fire_orders[seat].items()):
            unit = orders.firer(state, uid)
            if isinstance(unit, Fort):
                order, why = orders.kept_fire_order(state, unit, order, t)
                if why:
                    ctx.log(f"{why}: {order}", R_FORT_ORDERS, seats=(unit.side,))
            if order == "hold":
                continue
            state.fired.append(uid)
            if order.startswith("mortar:"):
                parts = order.split(":")
                plans.append(
                    (unit, ("mortar", parts[1], int(parts[2]) if len(parts) > 2 else 0), [])
                )
            elif order == "will":
                taken: set[str] = set()
                found = sorted(
                    orders.targets(state, unit, t),
                    key=lambda p: min(s.inches for s in p[1]),
                )
                for enemy, shots in found:
                    mine = [s for s in shots if s.gun not in taken]
                    taken.update(s.gun for s in mine)
                    if mine:
                        plans.append((unit, enemy, mine))
            elif order.startswith("at:"):
                tid = order[3:]
                if tid in state.ships:
                    enemy = state.ships[tid]
                    plans.append((unit, enemy, orders.round_shots_at(state, unit, enemy, t, True)))
                elif isinstance(unit, Ship):
                    plans.append(
                        (unit, ("shore", tid), orders.round_shots_at_shore(state, unit, tid, t))
                    )
    orders.close_fire_round()
    # Table 1, Note A: several hits in one exchange fall on separate guns,
    # whichever ship or fort fired them
    hit_guns: dict[str, list[str]] = {}
    for unit, target, shots in plans:
        if isinstance(target, tuple) and target[0] == "mortar":
            assert isinstance(unit, Ship)
            forts.mortar_fire(state, unit, target[1], target[2], ctx, t)
            make_smoke(state, unit, t)  # a mortar is a gun: it smokes as any gun
        elif isinstance(target, tuple) and target[0] == "shore":
            assert isinstance(unit, Ship)
            forts.shore_fire(state, unit, target[1], shots, ctx, t)
        elif shots:
            fire_at(state, unit, target, shots, ctx, t, hit_guns.setdefault(target.id, []))
        if shots:
            make_smoke(state, unit, t)
    state.fire_orders = {}
    state.due = []


def make_smoke(state: State, unit: Ship | Fort, t: Tables) -> None:
    """Smoke on a windless day: a half-inch cloud round the guns firing, a
    ship's or a fort's battery's alike, growing by half an inch each move
    they fire without moving (a fort never moves); it takes two moves to
    clear for each move of firing."""
    if state.table.wind != "none":
        return
    for cloud in state.smoke:
        if cloud.ship == unit.id and abs(cloud.x - unit.x) < 1e-6 and abs(cloud.y - unit.y) < 1e-6:
            cloud.size += t.smoke.grow
            cloud.clears += t.smoke.clears_per_move
            return
    state.smoke.append(
        Smoke(unit.id, unit.x, unit.y, t.smoke.cube, state.turn + t.smoke.clears_per_move)
    )


def step_morale(state: State, t: Tables, ctx: Context) -> bool:
    morale_phase(state, ctx, t)
    return True


def step_end(state: State, t: Tables, ctx: Context) -> bool:
    """End of the move: boarding and landing, repairs, fires, locks, smoke,
    fog, objectives; the next move."""
    for side, plots in sorted(state.plots.items()):
        for sid, plot in sorted(plots.items()):
            ship = state.ships[sid]
            if ship.status != "active" or ship.side != side:
                continue
            if plot.action.startswith("board:"):
                target = state.ships.get(plot.action[6:])
                if target is not None:
                    boarding.board(state, ship, target, ctx, t)
            elif plot.action.startswith("land:"):
                boarding.land_party(state, ship, plot.action[5:], ctx, t)
            elif plot.action == "detonate":
                fireships.detonate(state, ship, ctx, t)
    boarding.parties_ashore(state, ctx, t)
    for ship in state.ships.values():
        if ship.status == "active":
            repairs(state, ship, ctx, t)
            fight_fires(state, ship, ctx, t)
    release_locks(state, ctx)
    state.smoke = [c for c in state.smoke if c.clears > state.turn]
    lift_fog(state, ctx, t)
    update_sightings(state, t, ctx)
    if objectives.check_end(state, ctx, t):
        return True
    state.turn += 1
    ctx.log(f"Move {state.turn} begins", R_SEQ)
    return True


STEPS: Final = {
    "setup": step_setup,
    "orders": step_orders,
    "plot": step_plot,
    "move": step_move,
    "fire": step_fire,
    "morale": step_morale,
    "end": step_end,
}
