"""Away, Boarders! v1.01: the sequence of play, the prompts and the answers.

The turn follows the printed sequence of play (2.0), one named phase each:

1. crew assignment segment (2.1): secret, simultaneous orders per ship;
2. action segment (2.2): three action phases; in each, ships move one move at
   a time in the order of the Movement Phases chart (3.0-3.3), then every ship
   with loaded, manned guns and an eligible target may fire (4.2-4.4), and all
   the damage is applied together at the end of the phase;
3. crew task segment (2.3): make/reef sail, load guns, repair, grapple /
   ungrapple / unfoul, board and repel (5.0), then the surrender check.

The procedures live in one module per part of the rule book: ``sailing``
(1.2, 3.0-3.2: wind, moves, speed), ``crew`` (2.1, first loads of 4.1),
``movement`` (2.2, 3.1-3.3), ``gunnery`` (4.2-4.4), ``damage_dice`` (4.3,
4.4: the counts and the Damage Table), ``damage`` (4.3), ``tasks`` (2.3,
4.1), ``boarding`` (5.0) and ``victory``; ``fleet`` asks a side of two or
more ships for its first loads and crew orders in one form.
The computer player is ``ai`` (its answers, part by part) and ``judge`` (its
look-ahead over the moves of 3.0-3.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.engine import Context
from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Answer, Option, Prompt
from quarterdeck.rulesets.away_boarders import fleet
from quarterdeck.rulesets.away_boarders.boarding import may_board, repel_left, surrender_check
from quarterdeck.rulesets.away_boarders.crew import (
    crew_prompt,
    crew_segment,
    loads_prompt,
    loads_segment,
)
from quarterdeck.rulesets.away_boarders.damage import casualty_choices, next_casualty
from quarterdeck.rulesets.away_boarders.gunnery import (
    expect_text,
    fire_choices,
    fire_phase,
    fire_setup,
    open_fire,
    pending_label,
    resolve_aim,
)
from quarterdeck.rulesets.away_boarders.movement import (
    drift_phase,
    execute_move,
    forced_move,
    move_choices,
    move_options,
    move_phase,
    queue_moves,
    queued_speed,
    resolve_incident,
    segment_start,
)
from quarterdeck.rulesets.away_boarders.sailing import POINT_OF_SAILING, afloat, wind_angle
from quarterdeck.rulesets.away_boarders.sections import (
    R_ACTIONS,
    R_BOARD,
    R_DAMAGE,
    R_FIRE,
    R_INCIDENT,
    R_LOAD,
    R_OARS,
    R_SAIL,
    R_TASKS,
)
from quarterdeck.rulesets.away_boarders.state import BOX_LABELS, Ship, State
from quarterdeck.rulesets.away_boarders.tables import Tables
from quarterdeck.rulesets.away_boarders.tasks import (
    TASK_ORDER,
    do_task,
    task_options,
    tasks_phase,
    tasks_setup,
)
from quarterdeck.rulesets.away_boarders.victory import check_end, finish


def end_of_turn(state: State, t: Tables, ctx: Context) -> None:
    """Surrender to boarders (5.0), then the next turn or the end."""
    surrender_check(state, ctx)
    state.boardings = []
    for ship in afloat(state):
        lay_backed = ship.backs_this_turn > 0 and ship.advances_this_turn == 0
        ship.backed_turns = ship.backed_turns + 1 if lay_backed else 0
    check_end(state, ctx)
    if state.result is not None:
        return
    if state.turn >= state.turn_limit:
        ctx.log(f"Turn {state.turn} was the last turn of the scenario", "scenario")
        finish(state, limit=True)
        return
    state.turn += 1
    state.phase = "crew"


def _fire_prompt(state: State, choices: list[Option]) -> Prompt:
    """The first battery of the fire queue may fire (4.2): ``choices``, its
    :func:`fire_choices`."""
    ship_id, battery = state.fire_queue[0]
    ship = state.ships[ship_id]
    return Prompt(
        ship.side,
        f"Action phase {state.action + 1}: {ship.name}'s {battery} guns "
        f"({ship.load[battery]} shot) may fire",
        R_FIRE,
        tuple(choices),
        context={"step": "fire", "ship": ship.id, "battery": battery},
    )


def _fire(state: State, t: Tables, ctx: Context) -> tuple[Prompt, ...] | None:
    """The fire of an action phase (:func:`fire_phase`). Where it stops at a
    battery that may fire, the open prompts are worked out from the choices
    it found by :func:`_fire_open`, the one statement of what the fire phase
    asks (:func:`prompts` uses it too): that battery's prompt holds only
    while no fire waits to be aimed (``state.pending is None``, as it always
    is where :func:`fire_phase` stops at a battery); otherwise the aim is
    asked, the choices unused."""
    choices = fire_phase(state, t, ctx)
    return _fire_open(state, t, choices) if choices else None


def _fire_setup(state: State, t: Tables, ctx: Context) -> tuple[Prompt, ...] | None:
    """The batteries that may fire (:func:`fire_setup`, 4.2); where one
    may, the fire's open prompts (:func:`_fire_open`, as :func:`prompts`
    gives them: nothing waits to be aimed), from the first battery's
    choices that it found."""
    choices = fire_setup(state, t, ctx)
    return _fire_open(state, t, choices) if choices else None


def _fire_open(state: State, t: Tables, choices: list[Option] | None = None) -> tuple[Prompt, ...]:
    """The open prompts of the fire phase (4.2, 4.3): a fire whose Damage
    Dice are counted is aimed high or low first; else the first battery of
    the fire queue may fire, where it has any choice. ``choices``: that
    battery's :func:`fire_choices`, where the caller has them (used only
    while ``state.pending is None``)."""
    if state.pending is not None:
        return (_aim_prompt(state, t),)
    if not state.fire_queue:
        return ()
    if choices is None:
        ship_id, battery = state.fire_queue[0]
        choices = fire_choices(state, t, state.ships[ship_id], battery)
    return (_fire_prompt(state, choices),) if choices else ()


def _aim_prompt(state: State, t: Tables, label: str | None = None) -> Prompt:
    """The fire waiting in ``state.pending`` is aimed high or low (4.3);
    ``label``: its guns in words (:func:`pending_label`), where the caller
    has them."""
    pf = state.pending
    assert pf is not None
    ship = state.ships[pf.ship]
    if label is None:
        label = pending_label(state, t)
    return Prompt(
        ship.side,
        f"{ship.name}'s {label}s have {pf.dice} Damage Dice against "
        f"{state.ships[pf.target].name}: fire high or low?",
        R_DAMAGE,
        (
            Option("high", "fire high (masts and rigging): " + expect_text(state, t, True)),
            Option("low", "fire low (hull and guns): " + expect_text(state, t, False)),
        ),
        context={
            "step": "aim",
            "ship": ship.id,
            "battery": pf.battery,
            "load": ship.load[pf.battery],
        },
    )


def _group_prompt(state: State) -> Prompt:
    """The ship farthest upwind of those at one speed moves first or defers
    (2.2)."""
    first = state.ships[state.group[0]]
    others = ", ".join(state.ships[i].name for i in state.group[1:])
    return Prompt(
        first.side,
        f"{first.name} is farthest upwind of the ships at speed {first.speed} "
        f"({others}): move first or defer?",
        R_ACTIONS,
        (Option("first", "move first"), Option("defer", "defer to the others")),
        context={"step": "order", "ship": first.id},
    )


def _move_prompt(state: State, ship: Ship, moves: list[str]) -> Prompt:
    """The first queued ship chooses her move (3.1, 3.2) among ``moves``,
    her legal moves (:func:`move_options`, more than one)."""
    angle = wind_angle(state.wind, ship.facing)
    how = "under oars" if ship.sail == "oars" else POINT_OF_SAILING[angle]
    return Prompt(
        ship.side,
        f"Action phase {state.action + 1}: {ship.name} (speed {ship.speed}, {how}), her move",
        R_OARS if ship.sail == "oars" else R_SAIL,
        move_choices(state, ship, moves),
        context={"step": "move", "ship": ship.id},
    )


def _move(state: State, t: Tables, ctx: Context) -> tuple[Prompt, ...] | None:
    """A step of the movement (:func:`move_phase`, 2.2); where it stops at a
    choice, its prompt, as :func:`prompts` gives it: the upwind ship's
    order (a group waits for it; :func:`move_phase` does nothing then), or
    the first queued ship's move, her moves not worked out again."""
    if state.group:
        return (_group_prompt(state),)
    moves = move_phase(state, t, ctx)
    if moves is None:
        return None
    return (_move_prompt(state, state.ships[state.queue[0]], moves),)


_TASK_RULES: Final = {"load": R_LOAD, "board": R_BOARD, "repel": R_BOARD, "split": R_BOARD}


def _task_prompt(state: State, task_choices: list[Option]) -> Prompt:
    """The first crew task waiting for a decision (2.3, 4.1, 5.0):
    ``task_choices``, its :func:`task_options`."""
    ship_id, task = state.tasks[0]
    ship = state.ships[ship_id]
    kind = task.split(":")[0]
    rule = _TASK_RULES.get(kind, R_TASKS)
    extra: dict[str, int] = {}
    if kind == "sail":
        question = f"{ship.name}: make or reef sail?"
    elif kind == "load":
        question = (
            f"{ship.name}: {ship.crew['guns'] - ship.loaders_used} crew at the guns; "
            "load which guns?"
        )
    elif kind == "grapple":
        question = f"{ship.name}: grapple, ungrapple or unfoul?"
    elif kind == "fix":
        question = (
            f"{ship.name}: {ship.repair.get(task[4:], 0)} points in "
            f"{BOX_LABELS.get(task[4:], '')}; six erase one box: which?"
        )
    elif kind == "board":
        question = f"{ship.name}: send the boarding party ({ship.crew['boarders']})?"
    elif kind == "repel":
        attacker = state.ships[task.split(":")[1]]
        question = f"{ship.name} is boarded by {attacker.name}: does her captain join?"
    elif kind == "split":
        attacker = state.ships[task.split(":")[1]]
        question = (
            f"{ship.name} is boarded by {attacker.name} and may be boarded by others: "
            f"how many of her {repel_left(ship)} boarders face {attacker.name}?"
        )
        rivals = [s for s in may_board(state, ship) if s.id not in ship.repel and s is not attacker]
        extra["even"] = repel_left(ship) // (len(rivals) + 1)
    else:
        question = ""
    return Prompt(
        ship.side,
        question,
        rule,
        tuple(task_choices),
        context={"step": kind, "ship": ship.id, **extra},
    )


def _tasks(state: State, t: Tables, ctx: Context) -> tuple[Prompt, ...] | None:
    """The crew task segment (:func:`tasks_phase`); where it stops at a task
    with a decision, the segment's open prompts (:func:`_tasks_open`, as
    :func:`prompts` gives them), its choices not worked out again."""
    choices = tasks_phase(state, t, ctx)
    return _tasks_open(state, t, choices) if choices else None


def _tasks_open(state: State, t: Tables, choices: list[Option] | None = None) -> tuple[Prompt, ...]:
    """The open prompt of the crew task segment (2.3): the first task's,
    where it has more than one choice. ``choices``: its
    :func:`task_options`, where the caller has them."""
    if not state.tasks:
        return ()
    if choices is None:
        ship_id, task = state.tasks[0]
        choices = task_options(state, state.ships[ship_id], task, t)
    return (_task_prompt(state, choices),) if len(choices) > 1 else ()


PHASES: Final[dict[str, Callable[[State, Tables, Context], tuple[Prompt, ...] | None]]] = {
    "loads": loads_segment,
    "crew": crew_segment,
    "segment": segment_start,
    "drift": drift_phase,
    "move": _move,
    "fire-setup": _fire_setup,
    "fire": _fire,
    "tasks-setup": tasks_setup,
    "tasks": _tasks,
    "end": end_of_turn,
}
"""The sequence of play (2.0), in rule-book order, after the first loads
ordered before the battle (4.1). A step that stops where someone must
decide may hand back the prompts it found (what :func:`prompts` now gives),
so that they are not worked out again; None says nothing about them."""


# --------------------------------------------------------------------------
# Prompts and answers


def _interrupted(state: State) -> tuple[Prompt, ...] | None:
    """What is asked before anything of the step of the sequence of play
    the game is at: nothing once the game is over (1.0), else a casualty to
    place (4.3, 5.0), else an incident of movement to settle (3.3). None
    where nothing interrupts: then the step's own prompts are open."""
    if state.result is not None:
        return ()
    if state.casualty is not None:
        return (_casualty_prompt(state),)
    if state.incident:
        return (_incident_prompt(state),)
    return None


def _order_prompt(state: State, t: Tables, seat: str, step: str) -> Prompt | None:
    """``seat``'s open prompt for its secret orders: crew orders (2.1) where
    ``step`` is "crew", else the first loads (4.1); a side of two or more
    ships is asked in one form (:mod:`fleet`)."""
    if step == "crew":
        return fleet.crew_prompt(state, t, seat) or crew_prompt(state, t, seat)
    return fleet.loads_prompt(state, t, seat) or loads_prompt(state, t, seat)


def prompts(state: State, t: Tables) -> tuple[Prompt, ...]:
    """The open prompts: what interrupts the sequence of play
    (:func:`_interrupted`), else those of the step it is at (2.0)."""
    interrupt = _interrupted(state)
    if interrupt is not None:
        return interrupt
    if state.phase in ("crew", "loads"):
        step = state.phase
        return tuple(
            p for seat in state.sides if (p := _order_prompt(state, t, seat, step)) is not None
        )
    if state.phase == "move":
        if state.group:
            return (_group_prompt(state),)
        if state.queue:
            ship = state.ships[state.queue[0]]
            if not ship.active or ship.speed != queued_speed(state, t):
                return ()
            if forced_move(state, ship, t) is not None:
                return ()
            options = move_options(state, ship, t)
            if len(options) <= 1:
                return ()
            return (_move_prompt(state, ship, options),)
        return ()
    if state.phase == "fire":
        return _fire_open(state, t)
    if state.phase == "tasks":
        return _tasks_open(state, t)
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


_HANDED: Final[list[tuple[State, tuple[Prompt, ...]]]] = []
"""The last prompts :func:`advance` handed out, with the state they were
for (one pair; see :func:`_orders_open`)."""


def _orders_open(
    state: State, t: Tables, seat: str, prompt: Prompt, handed: tuple[Prompt, ...]
) -> tuple[Prompt, ...]:
    """The prompts open once ``seat``'s secret orders (2.1, 4.1) are filed,
    where ``handed`` were the open ones, ``prompt`` among them: filing an
    order changes nothing but that seat's orders, so every other seat's
    prompt is the one it was handed, and only ``seat``'s own (a crew order
    placed box by box asks again) is worked out. Empty when every order is
    in: then the orders are revealed (:func:`advance`)."""
    step = prompt.context["step"]
    out = []
    for side in state.sides:
        if side == seat:
            p = _order_prompt(state, t, seat, step)
        else:
            p = next((h for h in handed if h.seat == side), None)
        if p is not None:
            out.append(p)
    return tuple(out)


def apply(state: State, t: Tables, seat: str, answer: Answer, ctx: Context) -> tuple[Prompt, ...]:
    """Take ``seat``'s checked answer, then run the sequence of play forward
    to the next prompts (returned)."""
    prompt = ctx.answering(seat) or next(p for p in prompts(state, t) if p.seat == seat)
    step = prompt.context["step"]
    handed: tuple[Prompt, ...] | None = None
    ready: tuple[Prompt, ...] | None = None  # the prompts open after the answer, where known
    if step in ("crew", "loads") and _HANDED:
        was, out = _HANDED[0]
        # the very prompt handed out for this very state, the orders not yet revealed
        if was is state and any(p is prompt for p in out):
            handed = out
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
        queue_moves(state, ships, entry.moves)
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
            # the fire waits to be aimed (4.3): nothing interrupts it (prompts)
            words = open_fire(state, t, ship, battery, target, ctx, gun_type, count)
            ready = (_aim_prompt(state, t, words),)
    elif step == "aim":
        following = resolve_aim(state, t, answer == "high", ctx)
        if following is not None:  # the fire's next caliber waits to be aimed
            ready = (_aim_prompt(state, t, following),)
    elif step in TASK_ORDER or step in ("repel", "fix", "split"):
        assert isinstance(answer, str)
        task = state.tasks[0][1]
        do_task(state, t, state.ships[prompt.context["ship"]], task, answer, ctx)
    else:  # pragma: no cover - every prompt has a step
        raise IllegalAnswer(f"unknown step {step!r}")
    if handed is not None:
        still = _orders_open(state, t, seat, prompt, handed)
        if still:
            _HANDED[:] = [(state, still)]
            return still
        # every order is in: nothing is open, so the orders are revealed
        return advance(state, t, ctx, still)
    return advance(state, t, ctx, ready)


_RUN_AT_ONCE: Final = frozenset(
    {"segment", "drift", "fire-setup", "tasks-setup", "end", "move", "tasks"}
)
"""The steps of the sequence of play (2.0) that :func:`advance` runs
without working out :func:`prompts` first (:func:`_step_asks`): those that
ask nothing of their own (the start of the action segment and the drift,
3.1; the batteries that may fire, 4.2; the crew tasks set out, 2.3; the end
of the turn: :func:`prompts` gives nothing there but what interrupts), and
the movement and the crew tasks, which hand back every prompt they stop at."""


def _step_asks(state: State) -> bool:
    """Whether the step of the sequence of play the game is at asks nothing
    of its own or hands back every prompt it stops at (2.0), so that
    :func:`advance` need not work out :func:`prompts` before running it:
    the steps of :data:`_RUN_AT_ONCE` (the movement, 2.2, 3.1, 3.2:
    :func:`_move` gives the upwind ship's order or the first queued ship's
    move where she chooses; the crew tasks, 2.3: :func:`_tasks` stops at
    the first task with a choice, and gives its prompt; and the steps that
    ask nothing) and the fire while no fire waits to be aimed (4.2:
    :func:`_fire` stops at the first battery with a choice, and gives its
    prompt; it neither asks nor does anything while one waits, 4.3). Where
    :func:`prompts` would give nothing, those steps go on as they would
    have; where it would give a prompt, they stop and give that very
    prompt, the state unchanged. Only the secret orders (2.1, 4.1) and a
    fire waiting to be aimed (4.3) are asked before their step is run."""
    phase = state.phase
    return phase in _RUN_AT_ONCE or (phase == "fire" and state.pending is None)


def advance(
    state: State, t: Tables, ctx: Context, ready: tuple[Prompt, ...] | None = None
) -> tuple[Prompt, ...]:
    """Run the sequence of play until someone must decide or the game ends;
    the open prompts then. ``ready``: the prompts open now (what
    :func:`prompts` gives), where the caller has them. A step that hands
    back its own prompts (:func:`_step_asks`) is run without them worked
    out first: it works out the same ones on its way."""
    while True:
        # a step's own prompts (ready) are open only where nothing interrupts them
        interrupt = _interrupted(state)
        if interrupt is not None:
            open_prompts = interrupt
        elif ready is None and _step_asks(state):
            open_prompts = ()  # the step stops at its prompts and gives them
        else:
            open_prompts = prompts(state, t) if ready is None else ready
        if open_prompts or state.result is not None:
            _HANDED[:] = [(state, open_prompts)]
            return open_prompts
        ready = PHASES[state.phase](state, t, ctx)
