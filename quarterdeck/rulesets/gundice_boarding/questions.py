"""Gun-dice boarding: the questions asked, and who must answer what now.

The secret orders of the command and boarding phases (5.2 Mobilized 5 GD,
5.2 Conducting a Boarding Action), one ship at a time in the scenario's
order; and in the fight (5.2 Boarding Actions) the attacker's choice to
roll a round, hold or call off, and where the side with unopposed dice
adds them. Prompts already built are kept and handed out again.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.gundice_boarding.actions import (
    R_ACTION,
    _dice,
    _n_dice,
    assignments,
    resolve_round,
    unopposed_owner,
    usable,
)
from quarterdeck.rulesets.gundice_boarding.declaring import R_DECLARE
from quarterdeck.rulesets.gundice_boarding.mobilising import R_MOBILISE, _may_mobilise
from quarterdeck.rulesets.gundice_boarding.qualifying import boarding_targets, engaged, in_action
from quarterdeck.rulesets.gundice_boarding.state import Action, Ship, State
from quarterdeck.rulesets.gundice_boarding.tables import Tables


def _next_order(
    state: State,
    tables: Tables,
    seat: str,
    step: str,
    busy: set[str] | None,
    targets: dict[str, list[Ship]] | None = None,
) -> str | None:
    """The first of ``seat``'s ships still to give an order at ``step``
    (mobilise or declare: 5.2), in the scenario's order, or None. ``busy``: the
    ships in an action (:func:`engaged`), or None to work them out only
    where a ship is still to give an order (after a side's last order, none
    is). ``targets``: where given, the declaring ship's targets
    (boarding_targets) are put there, for her prompt (:func:`prompt_for`)
    on this same state."""
    mobilise = step == "mobilise"
    orders = state.orders.get(seat)
    if orders is None:
        orders = _NO_ORDERS
    for ship in state.ships.values():
        if ship.side != seat or ship.id in orders:
            continue
        if busy is None:
            busy = engaged(state)
        if mobilise:
            # heavy seas, or no mobilising allowed: no ship is asked (5.2, 5.3)
            if (
                not tables.weather[state.sea].boarding_allowed
                or tables.boarding_dice.mobilised_per_turn <= 0
            ):
                return None
            if _may_mobilise(state, tables, ship, orders, busy):
                return ship.id
        else:
            found = boarding_targets(state, ship, busy)
            if found:
                if targets is not None:
                    targets[ship.id] = found
                return ship.id
    return None


# A side that has given no orders yet (read, never written)
_NO_ORDERS: Final[dict[str, str]] = {}


def pending(
    state: State, tables: Tables, targets: dict[str, list[Ship]] | None = None
) -> list[tuple[str, str, str]]:
    """Who must answer what now (5.2's sequence), as (seat, step, ship id): the cheap form of
    :func:`prompts`, used to run the sequence forward. ``targets``: see
    :func:`_next_order`."""
    if state.result is not None:
        return []
    phase = state.phase
    if phase == "command" or phase == "declare":
        out = []
        step = "mobilise" if phase == "command" else "declare"
        busy = engaged(state)
        for seat in state.sides:
            ship_id = _next_order(state, tables, seat, step, busy, targets)
            if ship_id is not None:
                out.append((seat, step, ship_id))
        return out
    if phase == "fight":
        found = _fight_step(state, tables)
        return [found] if found is not None else []
    return []


def _fight_step(state: State, tables: Tables) -> tuple[str, str, str] | None:
    """Who answers in the fight: the attacker whether to roll a round, or the
    side with unopposed dice where to add them."""
    action = state.actions[state.current]
    if state.stage == "decide":
        return (action.attacker_side, "decide", "")
    if state.stage == "assign":
        owner = _owner(state, tables)
        seat = action.attacker_side if owner == "attacker" else action.defender_side
        return (seat, "assign", "")
    return None


def _pending_for(state: State, tables: Tables, seat: str) -> tuple[str, str]:
    """``seat``'s open step and ship id (see :func:`pending`)."""
    phase = state.phase
    if state.result is not None:
        pass
    elif phase == "command" or phase == "declare":
        step = "mobilise" if phase == "command" else "declare"
        ship_id = _next_order(state, tables, seat, step, None)
        if ship_id is not None:
            return step, ship_id
    elif phase == "fight":
        found = _fight_step(state, tables)
        if found is not None and found[0] == seat:
            return found[1], found[2]
    raise ValueError(f"seat {seat!r} has nothing to answer now")


def _owner(state: State, tables: Tables) -> str:
    action = state.actions[state.current]
    owner = unopposed_owner(
        len(action.last_attacker_roll), len(action.last_defender_roll), tables.rounds.compared
    )
    assert owner is not None
    return owner


def prompts(
    state: State, tables: Tables, waiting: list[tuple[str, str, str]] | None = None
) -> tuple[Prompt, ...]:
    """The open prompts: one per seat for secret orders, else the one decision.
    ``waiting``: :func:`pending` where the caller has just worked it out."""
    if waiting is None:
        waiting = pending(state, tables)
    return tuple(prompt_for(state, tables, *p) for p in waiting)


MOBILISE_OPTIONS = (Option("yes", "mobilise 5 gun dice"), Option("no", "keep the guns manned"))


FIRST_ROUND_OPTIONS = (
    Option("fight", "roll a round of boarding dice"),
    Option("call-off", "call off the boarding action"),
)


LATER_ROUND_OPTIONS = (
    Option("fight", "roll a round of boarding dice"),
    Option("hold", "no second round this turn"),
    Option("call-off", "call off the boarding action"),
)


# Prompts already built, by everything they are built from (see prompt_for):
# every game of a scenario asks the same questions, and a Prompt is frozen.
_PROMPTS: Final[dict[tuple[object, ...], Prompt]] = {}


def prompt_for(
    state: State,
    tables: Tables,
    seat: str,
    step: str,
    ship_id: str,
    targets: dict[str, list[Ship]] | None = None,
) -> Prompt:
    """The prompt (5.2) for one entry of :func:`pending`; one asked before with
    the same words and options is the one built then. ``targets``: the
    declaring ships' targets where :func:`pending` found them on this same
    state (else they are worked out here)."""
    if step == "mobilise":
        ship = state.ships[ship_id]
        # (no action going on, as most turns: none to look through)
        busy = bool(state.actions) and in_action(state, ship_id) is not None
        key: tuple[object, ...] = (
            seat,
            step,
            ship_id,
            ship.name,
            state.turn,
            ship.gun_dice_free,
            busy,
        )
        found = _PROMPTS.get(key)
        if found is None:
            purpose = "to replace a lost boarding die" if busy else "for a new action"
            found = _remember(
                key,
                Prompt(
                    seat,
                    f"Command phase, turn {state.turn}: mobilise 5 of {ship.name}'s "
                    f"{ship.gun_dice_free} free gun dice for one boarding die {purpose}?",
                    R_MOBILISE,
                    MOBILISE_OPTIONS,
                    context={"secret": True, "ship": ship_id, "step": step},
                ),
            )
        return found
    if step == "declare":
        ship = state.ships[ship_id]
        found_targets = targets.get(ship_id) if targets is not None else None
        if found_targets is None:
            found_targets = boarding_targets(state, ship)
        named = []
        for t in found_targets:
            named.append((t.id, t.name))
        named_targets = tuple(named)
        key = (seat, step, ship_id, ship.name, state.turn, named_targets)
        found = _PROMPTS.get(key)
        if found is None:
            options = [
                Option(f"board:{t}", f"attempt to board {name}") for t, name in named_targets
            ]
            options.append(Option("none", "no boarding attempt"))
            found = _remember(
                key,
                Prompt(
                    seat,
                    f"Boarding phase, turn {state.turn}: does {ship.name} declare a boarding "
                    "attempt?",
                    R_DECLARE,
                    tuple(options),
                    context={"secret": True, "ship": ship_id, "step": step},
                ),
            )
        return found
    return _fight_prompt(state, tables, seat, step)


def _remember(key: tuple[object, ...], prompt: Prompt) -> Prompt:
    if len(_PROMPTS) >= 4096:
        _PROMPTS.clear()  # flat memory over a long run of many scenarios
    _PROMPTS[key] = prompt
    return prompt


def _fight_prompt(state: State, tables: Tables, seat: str, step: str) -> Prompt:
    """The attacker's choice to fight a round, and where unopposed dice go."""
    action = state.actions[state.current]
    if step == "decide":
        ships = state.ships
        attackers = tuple([ships[a].name for a in action.attackers])
        rounds = action.rounds_this_turn
        per_turn = tables.rounds.per_turn
        defender = ships[action.defender].name
        a_n, d_n = action.attacker_dice, action.defender_dice
        key = (seat, step, action.id, attackers, defender, a_n, d_n, rounds, per_turn)
        found = _PROMPTS.get(key)
        if found is None:
            found = _remember(
                key,
                Prompt(
                    seat,
                    f"{' and '.join(attackers)} ({_n_dice(a_n)}) against {defender} "
                    f"({_n_dice(d_n)}): round {rounds + 1} of at most {per_turn} this turn",
                    R_ACTION,
                    FIRST_ROUND_OPTIONS if rounds == 0 else LATER_ROUND_OPTIONS,
                    context={"action": action.id, "step": step},
                ),
            )
        return found
    owner = _owner(state, tables)
    own, other = (
        (action.last_attacker_roll, action.last_defender_roll)
        if owner == "attacker"
        else (action.last_defender_roll, action.last_attacker_roll)
    )
    return Prompt(
        seat,
        "Add your unopposed dice to the dice still compared: you rolled "
        f"{_dice(own)} against {_dice(other)}",
        R_ACTION,
        tuple(_assignment_options(action, owner, tables.rounds.compared)),
        context={"action": action.id, "step": step, "owner": owner},
    )


def _assignment_options(action: Action, owner: str, compared: int) -> list[Option]:
    a = usable(action.last_attacker_roll, compared)
    d = usable(action.last_defender_roll, compared)
    own, other = (a, d) if owner == "attacker" else (d, a)
    pairs = min(len(a), len(d))
    spare = own[pairs:]
    options = []
    for choice in assignments(len(spare), pairs):
        a_loss, d_loss, a_eff, d_eff = resolve_round(a, d, choice, compared)
        eff = a_eff if owner == "attacker" else d_eff
        moves = ", ".join(
            f"{die} onto your {own[t]} (vs {other[t]})"
            for die, t in zip(spare, choice, strict=True)
        )
        lost_own, lost_other = (a_loss, d_loss) if owner == "attacker" else (d_loss, a_loss)
        options.append(
            Option(
                "-".join(str(t) for t in choice),
                f"add {moves}: {_dice(eff)} -> you lose {lost_own}, they lose {lost_other}",
            )
        )
    return options
