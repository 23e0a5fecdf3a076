"""Gun-dice boarding, sections 5.1 to 5.3: the turn sequence and procedures.

The host game (movement, gunnery) is not part of the text; a scenario opens
with the ships already alongside, stationary, with the damage they have taken.
Each turn follows the printed sequence as far as boarding is concerned:

1. command phase: each side may mobilise five gun dice per ship for one
   boarding die (5.2 "Mobilized 5 GD"), a secret order revealed together;
2. boarding phase (5.2): declarations (secret, simultaneous), roll-offs for
   ships declared against each other, one attempt roll per attempt, then up to
   two rounds of boarding dice for every action in progress;
3. end of turn: unused mobilised gun dice return to the guns.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import lru_cache

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.gundice_boarding.state import Action, Outcome, Ship, State
from quarterdeck.rulesets.gundice_boarding.tables import Tables

R_OUTLINE = "5.1 Boarding"
R_DECLARE = "5.2 Conducting a Boarding Action"
R_ATTEMPT = "5.2 Boarding Attempts"
R_ACTION = "5.2 Boarding Actions"
R_DICE = "5.2 Boarding Dice"
R_MOBILISE = "5.2 Boarding Dice: Mobilized 5 GD"
R_WEATHER = "5.3 Weather Effects"

# --------------------------------------------------------------------------
# Pure resolution (shared with the exact odds in quarterdeck.odds.gundice)


def usable(values: Sequence[int], compared: int = 3) -> list[int]:
    """The dice a side compares: its ``compared`` highest, highest first (5.2)."""
    return sorted(values, reverse=True)[:compared]


@lru_cache(maxsize=64)
def assignments(unopposed: int, pairs: int) -> tuple[tuple[int, ...], ...]:
    """Every way of adding ``unopposed`` dice, each whole, to one of ``pairs``
    compared dice (5.2: unopposed pips add to the dice still compared)."""
    if unopposed == 0 or pairs == 0:
        return ((),)
    return tuple(itertools.product(range(pairs), repeat=unopposed))


def resolve_round(
    attacker: Sequence[int],
    defender: Sequence[int],
    assignment: Sequence[int] = (),
    compared: int = 3,
) -> tuple[int, int, list[int], list[int]]:
    """One round of boarding dice (5.2).

    Each side's ``compared`` highest dice are opposed highest to highest; the
    lower die of each pair is lost and ties stay. The side with more usable
    dice adds each unopposed die to one of its compared dice as ``assignment``
    says (index of the compared die for each unopposed die, highest first).
    Returns (attacker losses, defender losses, attacker's effective dice,
    defender's effective dice).
    """
    a = usable(attacker, compared)
    d = usable(defender, compared)
    pairs = min(len(a), len(d))
    a_eff, d_eff = a[:pairs], d[:pairs]
    if len(a) > pairs:
        for die, target in zip(a[pairs:], assignment or [0] * (len(a) - pairs), strict=True):
            a_eff[target] += die
    elif len(d) > pairs:
        for die, target in zip(d[pairs:], assignment or [0] * (len(d) - pairs), strict=True):
            d_eff[target] += die
    a_loss = d_loss = 0
    for x, y in zip(a_eff, d_eff, strict=True):
        if x < y:
            a_loss += 1
        elif y < x:
            d_loss += 1
    return a_loss, d_loss, a_eff, d_eff


def unopposed_owner(n_attacker: int, n_defender: int, compared: int = 3) -> str | None:
    """Which side ("attacker"/"defender") has unopposed dice, if either."""
    a, d = min(n_attacker, compared), min(n_defender, compared)
    if a > d > 0:
        return "attacker"
    if d > a > 0:
        return "defender"
    return None


def best_assignment(
    attacker: Sequence[int], defender: Sequence[int], owner: str, compared: int = 3
) -> tuple[int, ...]:
    """The assignment of unopposed dice best for ``owner``: most enemy dice
    removed less own dice lost, then fewest own dice lost."""
    a, d = usable(attacker, compared), usable(defender, compared)
    pairs = min(len(a), len(d))
    extra = abs(len(a) - len(d))
    best: tuple[int, ...] = ()
    best_key: tuple[int, int] | None = None
    for choice in assignments(extra, pairs):
        a_loss, d_loss, _, _ = resolve_round(a, d, choice, compared)
        own, other = (a_loss, d_loss) if owner == "attacker" else (d_loss, a_loss)
        key = (other - own, -own)
        if best_key is None or key > best_key:
            best, best_key = choice, key
    return best


def attempt_success(n: int) -> float:
    """Chance that ``n`` attempt dice show at least one 6 (5.2)."""
    return 1 - (5 / 6) ** n


# --------------------------------------------------------------------------
# Qualification (5.1)


def contact_active(state: State, a: str, b: str) -> tuple[bool, bool]:
    """Whether ``a`` and ``b`` are within 10 mm (5.1), and whether fouled."""
    for c in state.contacts:
        if ((c.a == a and c.b == b) or (c.a == b and c.b == a)) and c.distance_mm <= 10:
            if c.via is not None and state.ships[c.via].captured_by is None:
                continue
            return True, c.fouled
    return False, False


def in_action(state: State, ship_id: str) -> Action | None:
    for action in state.actions:
        if ship_id == action.defender or ship_id in action.attackers:
            return action
    return None


def afloat(ship: Ship) -> bool:
    return ship.captured_by is None


def engaged(state: State) -> set[str]:
    """The ships in a boarding action in progress."""
    out: set[str] = set()
    for action in state.actions:
        out.update(action.attackers)
        out.add(action.defender)
    return out


def boarding_targets(state: State, ship: Ship, busy: set[str] | None = None) -> list[Ship]:
    """Enemy ships this ship may declare a boarding attempt against (5.1):
    both stationary, within 10 mm, neither captured nor already in an action.
    ``busy``: the ships in an action (:func:`engaged`), where the caller has
    them already."""
    if busy is None:
        busy = engaged(state)
    if ship.captured_by is not None or not ship.stationary or ship.id in busy:
        return []
    out = []
    ships = state.ships
    me = ship.id
    for c in state.contacts:
        if c.a == me:
            other_id = c.b
        elif c.b == me:
            other_id = c.a
        else:
            continue
        if c.distance_mm > 10 or (c.via is not None and ships[c.via].captured_by is None):
            continue
        other = ships[other_id]
        if (
            other.side != ship.side
            and other.captured_by is None
            and other.stationary
            and other_id not in busy
            and other not in out
        ):
            out.append(other)
    return out


# --------------------------------------------------------------------------
# Boarding dice (5.2 Boarding Dice, 5.3 Weather)


def side_dice(
    tables: Tables,
    sea: str,
    ships: Sequence[Ship],
    defender: bool,
    mobilised: int | bool,
    why: bool = True,
) -> tuple[int, list[str]]:
    """The boarding dice one side gathers for a new action, with the reasons;
    ``mobilised`` is how many of its ships' mobilised gun dice count (at most
    ``mobilised_per_turn``). ``why=False`` leaves the reasons out (the count
    is the same), for callers that only weigh the dice."""
    bd = tables.boarding_dice
    parts: list[str] = []
    n = 0
    for s in ships:
        n += s.size * bd.per_size_point
        if why:
            parts.append(f"{s.name} size {s.size} (+{s.size * bd.per_size_point})")
    if defender:
        in_sea = tables.weather[sea].defender
        extra = bd.defender if in_sea is None else in_sea
        n += extra
        if why:
            parts.append(f"defender ({extra:+d}{'' if in_sea is None else f', {sea} seas'})")
    if mobilised:
        count = int(mobilised)
        n += bd.mobilised * count
        if why:
            times = f"{count} x " if count > 1 else ""
            parts.append(f"mobilised {times}{bd.mobilise_gun_dice} GD (+{bd.mobilised * count})")
    for s in ships:
        mod = bd.crew.get(s.crew, 0)
        if mod:
            if why:
                parts.append(f"{s.name} {s.crew} crew ({mod:+d})")
            n += mod
    # the least damaged ship's sail hits and gun-dice hits count (plain loops:
    # this runs for every attempt)
    sail, gd_hits = ships[0].sail_hits, ships[0].gun_dice_hits
    for s in ships:
        if s.sail_hits < sail:
            sail = s.sail_hits
        if s.gun_dice_hits < gd_hits:
            gd_hits = s.gun_dice_hits
    if sail >= bd.sail_hits_threshold:
        n += bd.sail_hits
        if why:
            parts.append(f"{sail} sail hits ({bd.sail_hits:+d})")
    steps = gd_hits // bd.gun_dice_hits_step
    if steps:
        n += steps * bd.gun_dice_hits
        if why:
            parts.append(f"{gd_hits} gun-dice hits ({steps * bd.gun_dice_hits:+d})")
    for s in ships:
        if s.failed_attacker:
            n += bd.failed_attacker
            if why:
                parts.append(f"{s.name} failed attacker ({bd.failed_attacker:+d})")
    return max(0, n), parts


def attempt_terms(
    tables: Tables, sea: str, ships: Sequence[Ship], fouled: bool
) -> list[tuple[str, int]]:
    """What makes the dice of one boarding attempt, item by item (5.2
    Boarding Attempt table, 5.3): the two to start and each modifier."""
    at = tables.attempt
    terms = [("to start", at.starting_dice)]
    if fouled:
        terms.append(("fouled", at.fouled))
    size = ships[0].size
    for s in ships:
        if s.size != size:
            terms.append(("sizes differ", at.size_difference))
            break
    weather = tables.weather[sea].attempt
    if weather:
        terms.append((f"{sea} seas", weather))
    return terms


def round_math(start: int, lost: int, dice: int, compared: int) -> RollMath:
    """How one side's dice of a boarding round are read (5.2): its
    ``compared`` highest, highest first, against the enemy's; what made their
    number (the dice at the start of the action, those lost since, those
    mobilised back)."""
    terms = [(f"boarding {'die' if start == 1 else 'dice'} at the start of the action", start)]
    if lost:
        terms.append(("lost in earlier rounds", -lost))
    if dice != start - lost:
        terms.append(("mobilised gun dice", dice - (start - lost)))
    return RollMath("highest", keep=compared, dice=tuple(terms))


def attempt_dice(tables: Tables, sea: str, ships: Sequence[Ship], fouled: bool) -> tuple[int, str]:
    """Dice for one boarding attempt (5.2 Boarding Attempt table, 5.3)."""
    terms = attempt_terms(tables, sea, ships, fouled)
    return _attempt_count(tables, terms), _attempt_why(terms)


def _attempt_count(tables: Tables, terms: Sequence[tuple[str, int]]) -> int:
    """The attempt dice that :func:`attempt_terms` make, within the table's limits."""
    at = tables.attempt
    n = 0
    for _, v in terms:
        n += v
    return max(at.min_dice, min(at.max_dice, n))


def _attempt_why(terms: Sequence[tuple[str, int]]) -> str:
    """:func:`attempt_terms` in words: "2 to start, fouled +1"."""
    return ", ".join([f"{terms[0][1]} to start", *(f"{what} {v:+d}" for what, v in terms[1:])])


# --------------------------------------------------------------------------
# Prompts


def _may_mobilise(
    state: State, tables: Tables, ship: Ship, orders: dict[str, str], busy: set[str]
) -> bool:
    """Whether ``ship`` may mobilise five gun dice this turn (5.2): to start
    a new action, or to replace a lost boarding die in one going on, at most
    ``mobilised_per_turn`` dice a side and never above the dice the side
    started the action with. ``orders``: her side's orders so far."""
    bd = tables.boarding_dice
    if not afloat(ship) or ship.mobilised:
        return False
    if ship.gun_dice_free < bd.mobilise_gun_dice:
        return False
    if ship.id not in busy:
        return bool(boarding_targets(state, ship, busy))
    action = in_action(state, ship.id)
    assert action is not None
    # Replacing losses: only a side that has lost dice.
    own = action.attackers if ship.side == action.attacker_side else [action.defender]
    dice, start = (
        (action.attacker_dice, action.attacker_start)
        if ship.side == action.attacker_side
        else (action.defender_dice, action.defender_start)
    )
    already = 0
    for o in own:
        if o != ship.id and orders.get(o) == "yes":
            already += 1
    return already < bd.mobilised_per_turn and dice + already * bd.mobilised < start


def _any_may_declare(state: State) -> bool:
    """Whether any ship of any side has a target to declare against
    (:func:`boarding_targets`), stopping at the first."""
    busy = engaged(state)
    sides = state.sides
    for ship in state.ships.values():
        if ship.side in sides and boarding_targets(state, ship, busy):
            return True
    return False


def _next_order(state: State, tables: Tables, seat: str, step: str, busy: set[str]) -> str | None:
    """The first of ``seat``'s ships still to give an order at ``step``
    (mobilise or declare), in the scenario's order, or None."""
    if step == "mobilise":
        bd = tables.boarding_dice
        if not tables.weather[state.sea].boarding_allowed or bd.mobilised_per_turn <= 0:
            return None
    orders = state.orders.get(seat, {})
    for ship in state.ships.values():
        if ship.side != seat or ship.id in orders:
            continue
        if (
            _may_mobilise(state, tables, ship, orders, busy)
            if step == "mobilise"
            else boarding_targets(state, ship, busy)
        ):
            return ship.id
    return None


def pending(state: State, tables: Tables) -> list[tuple[str, str, str]]:
    """Who must answer what now, as (seat, step, ship id): the cheap form of
    :func:`prompts`, used to run the sequence forward."""
    if state.result is not None:
        return []
    phase = state.phase
    if phase == "command" or phase == "declare":
        out = []
        step = "mobilise" if phase == "command" else "declare"
        busy = engaged(state)
        for seat in state.sides:
            ship_id = _next_order(state, tables, seat, step, busy)
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
        ship_id = _next_order(state, tables, seat, step, engaged(state))
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
_PROMPTS: dict[tuple[object, ...], Prompt] = {}


def prompt_for(state: State, tables: Tables, seat: str, step: str, ship_id: str) -> Prompt:
    """The prompt for one entry of :func:`pending`; one asked before with
    the same words and options is the one built then."""
    if step == "mobilise":
        ship = state.ships[ship_id]
        busy = in_action(state, ship_id) is not None
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
        targets = tuple([(t.id, t.name) for t in boarding_targets(state, ship)])
        key = (seat, step, ship_id, ship.name, state.turn, targets)
        found = _PROMPTS.get(key)
        if found is None:
            options = [Option(f"board:{t}", f"attempt to board {name}") for t, name in targets]
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


def _n_dice(n: int, kind: str = "") -> str:
    return f"{n} {kind}{'die' if n == 1 else 'dice'}"


def _dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in sorted(values, reverse=True))


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


def _distinct_outcomes(action: Action, owner: str, compared: int) -> int:
    a = usable(action.last_attacker_roll, compared)
    d = usable(action.last_defender_roll, compared)
    pairs = min(len(a), len(d))
    if pairs <= 1:
        return 1  # every unopposed die goes onto the one die compared
    seen = {
        resolve_round(a, d, choice, compared)[:2]
        for choice in assignments(abs(len(a) - len(d)), pairs)
    }
    return len(seen)


# --------------------------------------------------------------------------
# Applying answers and running forward


def apply(
    state: State,
    tables: Tables,
    seat: str,
    answer: str,
    ctx: Context,
    waiting: list[tuple[str, str, str]] | None = None,
) -> list[tuple[str, str, str]]:
    """Take ``seat``'s checked answer, then run the turn sequence forward;
    returns who must answer what next (:func:`pending`). ``waiting``:
    :func:`pending` where the caller has it for this state already.

    A secret order changes nothing but its own side's orders, and what a
    side is asked next depends on its own orders alone (:func:`_next_order`),
    so after one, the other sides' entries of ``waiting`` still hold: they
    are handed back as the same objects (a caller may keep what it built
    for them), and only ``seat``'s next order is worked out."""
    # ``seat``'s entry is found by its place in ``waiting``, not by identity: the
    # compiled path (scripts/compile) does not keep a tuple's identity
    mine = -1
    if waiting is None:
        step, ship_id = _pending_for(state, tables, seat)
    else:
        for i in range(len(waiting)):
            if waiting[i][0] == seat:
                mine = i
                break
        else:
            raise ValueError(f"seat {seat!r} has nothing to answer now")
        _, step, ship_id = waiting[mine]
    if step == "mobilise" or step == "declare":
        orders = state.orders.get(seat)
        if orders is None:
            orders = state.orders[seat] = {}
        orders[ship_id] = answer
        if waiting is not None and mine >= 0:
            following = _next_order(state, tables, seat, step, engaged(state))
            still = waiting[:mine] + waiting[mine + 1 :]
            if following is not None:  # in place: pending() lists the sides in order
                still.insert(mine, (seat, step, following))
            if still:
                return still
            # every side has given its orders: the phase reveals them
            PHASES[state.phase](state, tables, ctx)
    elif step == "decide":
        _decide(state, tables, answer, ctx)
    elif step == "assign":
        choice = tuple(int(t) for t in answer.split("-")) if answer else ()
        _resolve(state, tables, state.actions[state.current], choice, ctx)
    return advance(state, tables, ctx)


def advance(state: State, tables: Tables, ctx: Context) -> list[tuple[str, str, str]]:
    """Run the turn sequence until someone must decide or the game ends;
    returns who must answer what (:func:`pending`)."""
    while state.result is None:
        waiting = pending(state, tables)
        if waiting:
            return waiting
        PHASES[state.phase](state, tables, ctx)
    return []


def command_phase(state: State, tables: Tables, ctx: Context) -> None:
    """Command phase: reveal the mobilisation orders together (5.2)."""
    if not tables.weather[state.sea].boarding_allowed:
        ctx.log("Heavy seas: no boarding actions are allowed", R_WEATHER)
        _finish(state, ended_early=True)
        return
    if not state.actions and not _any_may_declare(state):
        ctx.log("No ship can board or be boarded: the action is over", R_OUTLINE)
        _finish(state, ended_early=True)
        return
    cost = tables.boarding_dice.mobilise_gun_dice
    for seat in state.sides:
        for ship_id, order in state.orders.get(seat, {}).items():
            if order == "yes":
                ship = state.ships[ship_id]
                ship.mobilised = True
                ship.gun_dice_committed += cost
                if ctx.logging:
                    ctx.log(f"{ship.name} mobilises {cost} gun dice for boarding", R_MOBILISE)
    state.orders = {}
    state.phase = "declare"
    state.declared_this_turn = False
    _replace_losses(state, tables, ctx)


def _replace_losses(state: State, tables: Tables, ctx: Context) -> None:
    """Continuing actions: mobilised dice replace losses, at most
    ``mobilised_per_turn`` a side a turn and never above the side's starting
    dice (5.2); a surplus mobilisation is not committed and returns at the
    end of the turn."""
    bd = tables.boarding_dice
    for action in state.actions:
        for side, ships in (
            (action.attacker_side, action.attackers),
            (action.defender_side, [action.defender]),
        ):
            replaced = 0
            for ship_id in ships:
                ship = state.ships[ship_id]
                dice, start = (
                    (action.attacker_dice, action.attacker_start)
                    if side == action.attacker_side
                    else (action.defender_dice, action.defender_start)
                )
                if not ship.mobilised or replaced >= bd.mobilised_per_turn or dice >= start:
                    continue
                ship.mobilised = False
                replaced += 1
                action.committed[ship_id] = action.committed.get(ship_id, 0) + bd.mobilise_gun_dice
                if side == action.attacker_side:
                    action.attacker_dice = min(start, dice + bd.mobilised)
                else:
                    action.defender_dice = min(start, dice + bd.mobilised)
                if ctx.logging:
                    ctx.log(
                        f"{ship.name}'s mobilised gun dice replace a lost boarding die", R_MOBILISE
                    )


def declaration_phase(state: State, tables: Tables, ctx: Context) -> None:
    """Reveal the declarations, settle mutual ones, roll every attempt (5.2)."""
    declared: dict[str, str] = {}
    for seat in state.sides:
        for ship_id, order in state.orders.get(seat, {}).items():
            if order.startswith("board:"):
                declared[ship_id] = order.split(":", 1)[1]
                if ctx.logging:
                    ctx.log(
                        f"{state.ships[ship_id].name} declares a boarding attempt against "
                        f"{state.ships[declared[ship_id]].name}",
                        R_DECLARE,
                    )
    state.orders = {}
    # The turn counts as engaged if anyone declared or an action goes on.
    state.declared_this_turn = bool(declared) or bool(state.actions)
    by_target: dict[str, list[str]] = {}
    if len(declared) == 1:
        # one declaration alone: nobody stands to repel, nothing to roll off
        for attacker, target in declared.items():
            by_target[target] = [attacker]
    elif declared:
        # A ship declared against by any ship other than her own target stands to
        # repel and cannot make her own attempt; only then do two ships declared
        # against each other (and against nobody else) roll off.
        standing = {
            ship_id: [d for d, t in sorted(declared.items()) if t == ship_id and d != target]
            for ship_id, target in declared.items()
        }
        for ship_id in sorted(declared):
            boarders = standing[ship_id]
            if boarders:
                names = " and ".join(state.ships[b].name for b in boarders)
                ctx.log(
                    f"{state.ships[ship_id].name}, declared against by {names}, stands to "
                    "repel and cannot make her own attempt",
                    R_DECLARE,
                )
                del declared[ship_id]
        _settle_mutual(state, declared, ctx)
        for attacker, target in sorted(declared.items()):
            by_target.setdefault(target, []).append(attacker)
    for target, attackers in by_target.items():
        _attempt(state, tables, attackers, target, ctx)
        if state.result is not None:
            return  # a defender with no boarding dice was the last ship afloat
    state.phase = "fight"
    state.current = 0
    state.stage = "decide"
    _next_fight(state, tables, ctx)


def _settle_mutual(state: State, declared: dict[str, str], ctx: Context) -> None:
    """Two ships declared against each other: a die each, rolled by each
    ship's player, ties re-rolled; the higher is the attacker (5.2)."""
    for x in sorted(declared):
        y = declared.get(x)
        if y is None or declared.get(y) != x or x > y:
            continue
        sx, sy = state.ships[x], state.ships[y]
        goal = "the higher die becomes the attacker, ties roll again"
        while True:
            (rx,) = ctx.roll(
                f"Roll-off for attacker: {sx.name} ({sx.side})",
                1,
                R_DECLARE,
                seat=sx.side,
                goal=goal,
                math=RollMath("opposed", versus=(1, 1, 0)),
            )
            (ry,) = ctx.roll(
                f"Roll-off for attacker: {sy.name} ({sy.side})",
                1,
                R_DECLARE,
                seat=sy.side,
                goal=goal,
                math=RollMath("opposed", versus=(1, 1, 0), against=rx),
            )
            if rx != ry:
                break
            ctx.log("Tied roll-off: roll again", R_DECLARE)
        winner, loser = (sx, sy) if rx > ry else (sy, sx)
        ctx.log(f"{winner.name} wins the roll-off and is the attacker", R_DECLARE)
        del declared[loser.id]


def _attempt(state: State, tables: Tables, attackers: list[str], target: str, ctx: Context) -> None:
    """One boarding attempt, rolled by the attacker: any 6 starts the action
    (5.2 Boarding Attempts). Attackers who could gather no boarding dice
    cannot get across at all: no attempt is rolled and no action develops."""
    ships: list[Ship] = []
    mob_a: list[Ship] = []  # the attackers' mobilised ships that count, at most per_turn
    per_turn = tables.boarding_dice.mobilised_per_turn
    for a in attackers:
        ship = state.ships[a]
        ships.append(ship)
        if ship.mobilised and len(mob_a) < per_turn:
            mob_a.append(ship)
    defender = state.ships[target]
    side_a, side_d = ships[0].side, defender.side
    mob_d = [defender] if defender.mobilised and per_turn > 0 else []
    logging = ctx.logging  # the reasons and the roll's explanation are for the log
    names = " and ".join(s.name for s in ships) if logging else ""
    a_dice, a_why = side_dice(tables, state.sea, ships, False, len(mob_a), logging)
    if a_dice <= 0:
        if logging:
            ctx.log(
                f"{names} could gather no boarding dice ({', '.join(a_why)}): no boarding "
                "action can develop",
                R_DICE,
            )
        return
    fouled = False
    for a in attackers:
        if contact_active(state, a, target)[1]:
            fouled = True
            break
    terms = attempt_terms(tables, state.sea, [*ships, defender], fouled)
    n = _attempt_count(tables, terms)
    face = tables.attempt.success_face
    values = ctx.roll(
        # the words, for the log and a person rolling, only where wanted
        lambda: (
            f"Boarding attempt, {' and '.join(s.name for s in ships)} against "
            f"{defender.name} ({_attempt_why(terms)})"
        ),
        n,
        R_ATTEMPT,
        seat=side_a,  # the attacker rolls the attempt
        # any one die showing the face (a house rule may name another than
        # 6: that face alone, as the check below reads it; the chance of
        # one face is the same whichever it is)
        odds=lambda: f"needed any {face} on {n} dice: {attempt_success(n):.1%}",
        goal=lambda: f"any {face} starts the action",
        math=RollMath(
            "any" if face == 6 else "faces",
            target=face if face == 6 else None,
            hits=() if face == 6 else (face,),
            dice=tuple(terms),
            limits=(tables.attempt.min_dice, tables.attempt.max_dice),
        )
        if logging
        else None,
    )
    if tables.attempt.success_face not in values:
        if logging:
            ctx.log(
                f"No {face}: no boarding action develops; {names} may try again next turn",
                R_ATTEMPT,
            )
        return
    d_dice, d_why = side_dice(tables, state.sea, [defender], True, len(mob_d), logging)
    action = Action(
        id=state.next_action_id,
        attackers=list(attackers),
        defender=target,
        attacker_side=side_a,
        defender_side=side_d,
        attacker_dice=a_dice,
        defender_dice=d_dice,
        attacker_start=a_dice,
        defender_start=d_dice,
        started_turn=state.turn,
    )
    state.next_action_id += 1
    for ship in (*mob_a, *mob_d):
        ship.mobilised = False
        action.committed[ship.id] = tables.boarding_dice.mobilise_gun_dice
    state.actions.append(action)
    if logging:
        ctx.log(f"A boarding action begins: {names} board {defender.name}", R_ATTEMPT)
        ctx.log(f"{names}: {_n_dice(a_dice, 'boarding ')} = " + ", ".join(a_why), R_DICE)
        ctx.log(f"{defender.name}: {_n_dice(d_dice, 'boarding ')} = " + ", ".join(d_why), R_DICE)
    if d_dice == 0:
        _check_action_end(state, tables, action, ctx)


def fight(state: State, tables: Tables, ctx: Context) -> None:
    """Rounds of boarding dice run through prompts; this only moves on."""
    _next_fight(state, tables, ctx)


def _next_fight(state: State, tables: Tables, ctx: Context) -> None:
    """Move to the next action that may still roll this turn, or end the turn
    (nothing to do once a capture has ended the game)."""
    if state.result is not None:
        return
    per_turn = tables.rounds.per_turn
    while state.current < len(state.actions):
        if state.actions[state.current].rounds_this_turn < per_turn:
            state.stage = "decide"
            return
        state.current += 1
    state.phase = "end"
    state.stage = ""


def _decide(state: State, tables: Tables, answer: str, ctx: Context) -> None:
    action = state.actions[state.current]
    if answer == "call-off":
        if ctx.logging:
            names = " and ".join(state.ships[a].name for a in action.attackers)
            ctx.log(f"{names} call off the boarding action", R_ACTION)
        _end_action(state, tables, action, "called off", ctx)
        _next_fight(state, tables, ctx)
        return
    if answer == "hold":
        action.rounds_this_turn = tables.rounds.per_turn
        ctx.log("No second round this turn; the action continues next turn", R_ACTION)
        _next_fight(state, tables, ctx)
        return
    _roll_round(state, tables, action, ctx)


def _roll_round(state: State, tables: Tables, action: Action, ctx: Context) -> None:
    """Both sides roll all their boarding dice at once: one round (5.2)."""
    action.rounds_this_turn += 1
    action.rounds_fought += 1
    ships = state.ships
    compared = tables.rounds.compared
    a_n, d_n = action.attacker_dice, action.defender_dice

    # the words, for the log and a person rolling, only where wanted
    def attackers() -> str:
        names = " and ".join(ships[a].name for a in action.attackers)
        return f"Boarding round {action.rounds_fought}, {names}"

    def defender() -> str:
        return f"Boarding round {action.rounds_fought}, {ships[action.defender].name}"

    def goal() -> str:
        n = {1: "one", 2: "two", 3: "three", 4: "four"}.get(compared, str(compared))
        return f"the {n} highest oppose the enemy's {n} highest"

    def odds() -> str:
        """The round's exact odds, for the log only (computed when logged)."""
        from quarterdeck.odds.gundice import round_words  # it imports this module

        return round_words(a_n, d_n, compared)

    action.last_attacker_roll = list(
        ctx.roll(
            attackers,
            action.attacker_dice,
            R_ACTION,
            seat=action.attacker_side,
            odds=odds,
            goal=goal,
            math=lambda _: round_math(
                action.attacker_start, action.attacker_lost, action.attacker_dice, compared
            ),
        )
    )
    action.last_defender_roll = list(
        ctx.roll(
            defender,
            action.defender_dice,
            R_ACTION,
            seat=action.defender_side,
            odds=odds,
            goal=goal,
            math=lambda _: round_math(
                action.defender_start, action.defender_lost, action.defender_dice, compared
            ),
        )
    )
    owner = unopposed_owner(action.attacker_dice, action.defender_dice, compared)
    if owner is not None and _distinct_outcomes(action, owner, compared) > 1:
        state.stage = "assign"
        return
    _resolve(state, tables, action, (), ctx)


def _resolve(
    state: State, tables: Tables, action: Action, choice: tuple[int, ...], ctx: Context
) -> None:
    compared = tables.rounds.compared
    a_loss, d_loss, a_eff, d_eff = resolve_round(
        action.last_attacker_roll, action.last_defender_roll, choice, compared
    )
    action.last_attacker_effective = a_eff
    action.last_defender_effective = d_eff
    action.attacker_dice -= a_loss
    action.defender_dice -= d_loss
    action.attacker_lost += a_loss
    action.defender_lost += d_loss
    if ctx.logging:
        ctx.log(
            f"Compared {_dice(a_eff)} against {_dice(d_eff)}: attackers lose {a_loss}, "
            f"defenders lose {d_loss}; {action.attacker_dice} against "
            f"{action.defender_dice} dice left",
            R_ACTION,
        )
    state.stage = "decide"
    _check_action_end(state, tables, action, ctx)
    _next_fight(state, tables, ctx)


def _check_action_end(state: State, tables: Tables, action: Action, ctx: Context) -> bool:
    """Capture when the defender runs out of dice; repulse when the attacker does."""
    if action.defender_dice <= 0:
        _end_action(state, tables, action, "captured", ctx)
        return True
    if action.attacker_dice <= 0:
        _end_action(state, tables, action, "repelled", ctx)
        return True
    return False


def _end_action(state: State, tables: Tables, action: Action, how: str, ctx: Context) -> None:
    """Close an action: capture, repulse or call-off, and the gun dice (5.2)."""
    defender = state.ships[action.defender]
    attackers = [state.ships[a] for a in action.attackers]
    logging = ctx.logging  # the lines' words are for the log alone
    names = " and ".join(s.name for s in attackers) if logging else ""
    lost_side = None
    if how == "captured":
        defender.captured_by = action.attacker_side
        lost_side = action.defender_side
        if logging:
            ctx.log(f"{defender.name} has no boarding dice left: captured by {names}", R_ACTION)
        winner = action.attacker_side
    else:
        winner = action.defender_side
        if how == "repelled":
            lost_side = action.attacker_side
            if logging:
                ctx.log(f"{names} have no boarding dice left: the boarders are repelled", R_ACTION)
        if action.attacker_lost > 0:
            for s in attackers:
                s.failed_attacker = True
            if logging:
                ctx.log(f"{names} now count as failed attackers", R_DICE)
    for ship_id, gd in action.committed.items():
        ship = state.ships[ship_id]
        ship.gun_dice_committed -= gd
        if ship.side == lost_side:
            ship.gun_dice_lost += gd
            if logging:
                ctx.log(f"{ship.name}'s {gd} mobilised gun dice are lost for good", R_ACTION)
        elif logging:
            ctx.log(f"{ship.name}'s {gd} mobilised gun dice return to the guns", R_MOBILISE)
    index = state.actions.index(action)
    state.actions.pop(index)
    if index < state.current:
        state.current -= 1
    state.outcomes.append(
        Outcome(action.id, state.turn, how, list(action.attackers), action.defender, winner)
    )
    afloat_sides = set()
    for s in state.ships.values():
        if afloat(s):
            afloat_sides.add(s.side)
    for side in state.sides:
        if side not in afloat_sides:
            _finish(state)
            return


def end_of_turn(state: State, tables: Tables, ctx: Context) -> None:
    """Unused mobilised gun dice return; the game ends or the next turn starts."""
    for ship in state.ships.values():
        if ship.mobilised:
            ship.mobilised = False
            ship.gun_dice_committed -= tables.boarding_dice.mobilise_gun_dice
            if ctx.logging:
                ctx.log(f"{ship.name}'s mobilised gun dice were not used and return", R_MOBILISE)
    for action in state.actions:
        action.rounds_this_turn = 0
    if not state.actions and not state.declared_this_turn:
        ctx.log("No boarding attempt was declared and none goes on: the ships part", R_DECLARE)
        _finish(state, ended_early=True)
        return
    if state.turn >= state.turn_limit:
        if ctx.logging:
            ctx.log(f"Turn {state.turn} was the last turn of the scenario", "scenario")
        _finish(state)
        return
    state.turn += 1
    state.phase = "command"
    state.declared_this_turn = False


PHASES: dict[str, Callable[[State, Tables, Context], None]] = {
    "command": command_phase,
    "declare": declaration_phase,
    "fight": fight,
    "end": end_of_turn,
}
"""The turn sequence, in rule-book order."""


# --------------------------------------------------------------------------
# Result


def _finish(state: State, ended_early: bool = False) -> None:
    state.result = compute_result(state, ended_early).to_json()
    state.phase = "over"
    state.stage = ""


def compute_result(state: State, ended_early: bool = False) -> Result:
    """Who won: captured size points first, then boarding actions won."""
    captured: dict[str, int] = dict.fromkeys(state.sides, 0)
    names: dict[str, list[str]] = {s: [] for s in state.sides}
    for ship in state.ships.values():
        if ship.captured_by is not None:
            captured[ship.captured_by] += ship.size
            names[ship.captured_by].append(ship.name)
    # most first, ties in the sides' order (a reversed sort keeps equal keys in order)
    ranked = sorted(state.sides, key=captured.__getitem__, reverse=True)
    if captured[ranked[0]] > 0:
        detail = "; ".join([f"{s} captured {', '.join(names[s])}" for s in state.sides if names[s]])
        if captured[ranked[0]] == captured[ranked[1]]:
            return Result(None, Termination.CAPTURED, state.turn, detail)
        return Result(ranked[0], Termination.CAPTURED, state.turn, detail)
    won: dict[str, int] = dict.fromkeys(state.sides, 0)
    last: dict[str, Outcome] = {}
    for outcome in state.outcomes:
        won[outcome.winner_side] += 1
        last[outcome.winner_side] = outcome
    ranked = sorted(state.sides, key=won.__getitem__, reverse=True)
    if won[ranked[0]] > 0 and won[ranked[0]] > won[ranked[1]]:
        o = last[ranked[0]]
        how = Termination.REPELLED if o.how == "repelled" else Termination.CALLED_OFF
        detail = f"{ranked[0]} beat off {won[ranked[0]]} boarding action(s)"
        return Result(ranked[0], how, state.turn, detail)
    how = Termination.DISENGAGED if ended_early else Termination.TURN_LIMIT
    return Result(None, how, state.turn, "no ship was captured")
