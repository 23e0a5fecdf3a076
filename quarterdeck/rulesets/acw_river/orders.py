"""What each seat is asked: standing orders, plotted moves and fire orders,
all given in secret and revealed together (Orders; Fleet Orders; Ship
Orders; Movement; Firing: Method).

Every prompt of a secret round carries ``context = {"secret": True, "step":
<round>, "turn": <move>, ...}``; a seat answers for one ship (or fort) at a
time, and the round is resolved once every seat has answered for all of
its own. Every combination of fields a form allows is a legal answer: what
a captain will not do is decided when the plots are revealed
(commanders.enforce), not refused here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

from quarterdeck.core.geometry import distance
from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.rulesets.acw_river import standing
from quarterdeck.rulesets.acw_river.commanders import can_signal, in_command, quality
from quarterdeck.rulesets.acw_river.damage import can_fire_gun, turret_jammed
from quarterdeck.rulesets.acw_river.firing import (
    fort_guns_manned,
    hit_chance,
    legal_arcs,
    ready_guns,
    ship_may_fire,
    shots_at,
    shots_at_shore,
)
from quarterdeck.rulesets.acw_river.forts import mortar_targets
from quarterdeck.rulesets.acw_river.hazards import can_reverse_off
from quarterdeck.rulesets.acw_river.movement import speed_limits
from quarterdeck.rulesets.acw_river.setup import order_text
from quarterdeck.rulesets.acw_river.standing import prefixed
from quarterdeck.rulesets.acw_river.state import HELMS, Fort, Gun, Plot, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import hull, keel_range
from quarterdeck.rulesets.acw_river.visibility import in_sight, may_block

R_ORDERS: Final = "Orders: Fleet Orders; Ship Orders"
R_PLOT: Final = "Movement"
R_FIRE: Final = "Firing: Method"

HELM_LABELS: Final = {
    "hard-port": "hard a-port (her tightest turn to port)",
    "port": "port (two thirds of her tightest turn)",
    "half-port": "half port (a third)",
    "ahead": "steady ahead",
    "half-starboard": "half starboard (a third)",
    "starboard": "starboard (two thirds)",
    "hard-starboard": "hard a-starboard (her tightest turn)",
}


def seat_ships(state: State, seat: str) -> list[Ship]:
    return [s for sid, s in state.ships.items() if s.side == seat and sid == s.id]


def can_act(state: State, ship: Ship) -> bool:
    """A ship that gets a plot: in action, on the table, not a prize taken
    this move."""
    if ship.status == "active":
        return True
    return ship.status == "captured" and ship.in_action and ship.prize_move < state.turn


# --------------------------------------------------------------------------
# Standing orders


_OPTIONS: Final[dict[tuple[str, str, str], Option]] = {}


def _option(kind: str, uid: str, name: str) -> Option:
    """One standing order's choice naming a ship, place or fort: its id and
    words made once for each kind, id and name (an Option never changes)."""
    key = (kind, uid, name)
    found = _OPTIONS.get(key)
    if found is None:
        found = Option(*_ORDER_WORDS[kind](uid, name))
        if len(_OPTIONS) >= 10_000:
            _OPTIONS.clear()
        _OPTIONS[key] = found
    return found


_ORDER_WORDS: Final = {
    "engage": lambda uid, name: (f"engage:{uid}", f"engage {name}"),
    "proceed": lambda uid, name: (f"proceed:{uid}", f"proceed to {name}"),
    "land": lambda uid, name: (f"land:{uid}", f"land a party at {name}"),
    "storm": lambda uid, name: (f"land:{uid}", f"land a party to storm {name}"),
    "station": lambda uid, name: (f"station:{uid}", f"keep station on {name}"),
}
"""Each kind of standing order naming something: its id and its words."""

_ENGAGE: Final = Option("engage", "engage the enemy fleet")
_PROCEED = (
    Option("proceed:upstream", "proceed upstream (off the top of the table)"),
    Option("proceed:downstream", "proceed downstream (off the bottom of the table)"),
    *(Option(f"proceed:sq{n}", f"proceed to square {n}") for n in range(1, 7)),
)
_HOLD: Final = Option("hold", "hold her position")


def order_options(state: State, ship: Ship) -> list[Option]:
    """The standing orders a ship may be given."""
    out = [_ENGAGE]
    for sid in state.sighted.get(ship.side, []):
        enemy = state.ships[sid]
        if enemy.afloat and enemy.status != "exited":
            out.append(_option("engage", sid, enemy.name))
    out.extend(_PROCEED)
    for pid, place in state.places.items():
        out.append(_option("proceed", pid, place.name))
        out.append(_option("land", pid, place.name))
    for fid, fort in state.forts.items():
        if fort.side != ship.side:
            out.append(_option("storm", fid, fort.name))
    for friend in seat_ships(state, ship.side):
        if friend.id != ship.id and friend.afloat:
            out.append(_option("station", friend.id, friend.name))
    out.append(_HOLD)
    return out


def fort_order_options(state: State, fort: Fort) -> list[Option]:
    """A fort commander's order sheet (Fort Commander): engage the enemy
    fleet, engage one ship his side has sighted, or hold fire."""
    out = [Option("engage", "engage the enemy fleet (fire on any ship in reach)")]
    for sid in state.sighted.get(fort.side, []):
        enemy = state.ships[sid]
        if enemy.afloat and enemy.status != "exited":
            out.append(Option(f"engage:{sid}", f"engage {enemy.name} alone"))
    out.append(Option("hold", "hold fire"))
    return out


def kept_fire_order(state: State, fort: Fort, fire: str, t: Tables) -> tuple[str, str]:
    """Fort Commander: a stubborn commander follows his order sheet, whatever
    the fire order given this move; a panicky or fanatic one's orders guide,
    not bind (the text binds only the stubborn). Returns the fire order kept
    and, if it was changed, why."""
    c = state.commanders.get(fort.commander)
    order = state.sides[fort.side].orders.get(fort.id)
    if c is None or not c.alive or quality(c, t) != "stubborn" or order is None:
        return fire, ""
    if order.kind == "hold":
        kept = "hold"
    elif not order.target or fire in ("hold", f"at:{order.target}"):
        return fire, ""
    else:
        named = [e for e, _ in targets(state, fort, t) if e.id == order.target]
        kept = f"at:{order.target}" if named else "hold"
    if kept == fire:
        return fire, ""
    return kept, f"{fort.name}'s stubborn commander keeps to his order sheet ({order_text(order)})"


def orders_prompt(state: State, seat: str) -> Prompt | None:
    """The fleet commander's orders at the start: his flagship and every
    ship's standing order, in secret."""
    side = state.sides[seat]
    if state.setup.get("orders_given", {}).get(seat):
        return None
    ships = [s for s in seat_ships(state, seat) if s.afloat]
    if not ships:
        return None
    fields = [
        Field(
            "flagship",
            "Flagship (the fleet commander's ship)",
            "choice",
            choices=tuple(Option(s.id, s.name) for s in ships),
        )
    ]
    for s in ships:
        opts = order_options(state, s)
        current = order_text(side.orders[s.id]) if s.id in side.orders else "engage"
        ids = [o.id for o in opts]
        if current in ids:
            opts.insert(0, opts.pop(ids.index(current)))
        fields.append(
            Field(f"order:{s.id}", f"{s.name}: standing order", "choice", choices=tuple(opts))
        )
    for fid, fort in state.forts.items():
        if fort.side != seat or fort.status != "active":
            continue
        opts = fort_order_options(state, fort)
        fields.append(
            Field(
                f"order:{fid}",
                f"{fort.name}: the fort commander's order sheet",
                "choice",
                choices=tuple(opts),
            )
        )
    return Prompt(
        seat,
        "Before the battle: nominate your flagship and write each ship's standing order",
        R_ORDERS,
        kind="form",
        fields=tuple(fields),
        context={"secret": True, "step": "orders", "turn": state.turn},
    )


# --------------------------------------------------------------------------
# Plots


def action_options(state: State, ship: Ship, t: Tables) -> list[Option]:
    """What she may try this move besides steaming: a ram attack or a spar
    torpedo on an enemy in sight, boarding an enemy alongside, landing a
    party, anchoring or weighing, reversing off a hazard."""
    out = [_NO_ACTION]
    me = hull(ship)
    # an enemy whose keel's box lies further off hers than the furthest
    # reach below (and a margin over rounding) is further off still
    reach = max(_RAM_REACH, t.distances.alongside) + 1e-6
    ax0, ay0, ax1, ay1 = me.box
    for sid in state.sighted.get(ship.side, []):
        enemy = state.ships[sid]
        if not enemy.afloat or enemy.status == "exited":
            continue
        theirs = hull(enemy)
        bx0, by0, bx1, by1 = theirs.box
        if bx0 - ax1 > reach or ax0 - bx1 > reach or by0 - ay1 > reach or ay0 - by1 > reach:
            continue
        gap = keel_range(ship, enemy)  # me.range_to(theirs), kept
        if gap <= _RAM_REACH:
            out.append(Option(f"ram:{sid}", f"Ram Attack {enemy.name} ({gap:.1f} in)"))
            if ship.spar:
                out.append(Option(f"spar:{sid}", f"spar torpedo into {enemy.name}"))
        if gap <= t.distances.alongside and ship.crew.reserve - ship.crew.away > 0:
            out.append(Option(f"board:{sid}", f"board {enemy.name} (alongside)"))
    spare = ship.crew.reserve - ship.crew.away
    if spare > 0:
        from quarterdeck.rulesets.acw_river.boarding import landing_targets

        for target, label in landing_targets(state, ship, t):
            out.append(Option(f"land:{target}", f"land a party ({label})"))
    if ship.anchored:
        out.append(Option("weigh", "weigh anchor (1 CPV, stopped)"))
    elif ship.speed == 0 and ship.aground is None:
        out.append(Option("anchor", "drop anchor (1 CPV, stopped)"))
    if can_reverse_off(state, ship, t):
        out.append(Option("reverse-off", "try to reverse off the hazard"))
    if ship.balloon and not ship.balloon_up:
        out.append(Option("balloon", "set up the balloon (one move)"))
    if ship.fireship and not ship.alight:
        out.append(Option("ignite", "set her alight (4 to 6)"))
    if ship.fireship == "explosive":
        out.append(Option("detonate", "detonate her (a 6), sinking every ship touching her"))
    if ship.towing:
        out.append(Option("cast-off", "cast off the tow"))
    elif ship.speed == 0 and not ship.towed_by and ship.max_speed > 0:
        for sid, other in state.ships.items():
            if (
                sid != ship.id
                and other.side == ship.side
                and other.speed == 0
                and not other.towing
                and not other.towed_by
                and other.afloat
                and keel_range(ship, other) <= t.distances.alongside
            ):
                out.append(Option(f"tow:{sid}", f"take {other.name} in tow"))
    return out


_NO_ACTION: Final = Option("none", "nothing more")

_RAM_REACH: Final = 20.0
"""Inches within which an enemy in sight may be chosen for a ram attack or
a spar torpedo (the plot offers it; the ram test decides)."""


def due_plots(state: State) -> list[str]:
    return [sid for sid, s in state.ships.items() if can_act(state, s)]


def plot_prompt(state: State, seat: str, t: Tables) -> Prompt | None:
    """One form for all of the seat's ships to plot this move: for each ship
    her speed, helm, turret arcs, action (and the gun her captain lays, the
    quarter she fires at in the first move, a new order if signalled), the
    field names prefixed with her id ("arkansas/speed")."""
    if seat in state.plots:
        return None
    ships = [state.ships[sid] for sid in state.due if state.ships[sid].side == seat]
    if not ships:
        return None
    fields: list[Field] = []
    named = standing.named(state, ships[0])  # the same for every unit of the seat
    for ship in ships:
        fields.extend(plot_fields(state, ship, t, f"{ship.id}/", f"{ship.name}: ", named))
    forts = [f for f in state.forts.values() if f.side == seat and f.status == "active"]
    forts = [f for f in forts if standing.armed(f)]
    for fort in forts:
        fields.extend(standing.fields(state, fort, f"{fort.id}/", f"{fort.name}: ", named))
    names = ", ".join(s.name for s in ships)
    return Prompt(
        seat,
        f"Move {state.turn}: plot the moves of {names}",
        R_PLOT,
        kind="form",
        fields=tuple(fields),
        context={
            "secret": True,
            "step": "plot",
            "turn": state.turn,
            "ships": [s.id for s in ships],
            "forts": [f.id for f in forts],
            "defaults": standing_defaults(state, [*ships, *forts], fields),
        },
    )


def standing_defaults(
    state: State, units: Sequence[Ship | Fort], fields: Sequence[Field] = ()
) -> dict[str, Any]:
    """Each unit's standing fire order as it stands, as a form's defaults
    (the first of its choices, read off the form's own ``fields`` where they
    hold them, the same state's same choices)."""
    firsts = {f.name: f.choices[0].id for f in fields if f.name.endswith("/standing")}
    out: dict[str, Any] = {}
    for u in units:
        if standing.armed(u):
            key = f"{u.id}/standing"
            out[key] = firsts[key] if key in firsts else standing.choices(state, u)[0].id
            out[f"{u.id}/within"] = standing.within_now(state, u)
    return out


def split(answer: dict[str, Any], uid: str) -> dict[str, Any]:
    """One ship's part of a whole side's form."""
    head = f"{uid}/"
    return {k[len(head) :]: v for k, v in answer.items() if k.startswith(head)}


def split_all(answer: dict[str, Any], uids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """:func:`split` for each of ``uids``, in one pass over the form (a
    side's form holds every unit's fields: splitting it unit by unit reads
    it once a unit). A name's unit is what comes before its first slash;
    where an id holds a slash itself, unit by unit as :func:`split` does."""
    if any("/" in uid for uid in uids):
        return {uid: split(answer, uid) for uid in uids}
    parts: dict[str, dict[str, Any]] = {uid: {} for uid in uids}
    for key, value in answer.items():
        uid, slash, name = key.partition("/")
        if slash and uid in parts:
            parts[uid][name] = value
    return parts


def plot_fields(
    state: State,
    ship: Ship,
    t: Tables,
    head: str = "",
    lead: str = "",
    named: list[Option] | None = None,
) -> list[Field]:
    """The fields of one ship's plot: each name after ``head`` (her id and
    a slash, in a side's form), each label after ``lead`` (her name).
    ``named``: standing.named for her side, where the caller has it."""
    low, high = speed_limits(ship, t)
    fields: list[Field] = [
        Field(
            head + "speed",
            lead + f"Speed in knots this move (now {ship.speed}; {low} to {high}; below 0 astern)",
            "int",
            low,
            high,
        ),
        Field(
            head + "helm",
            lead + f"Helm (turning radius {ship.turning:g} in)",
            "choice",
            choices=_HELM_OPTIONS,
        ),
    ]
    for turret in ship.turrets:
        arcs = (turret.arc,) if turret_jammed(ship, turret.id) else legal_arcs(turret)
        ordered = (
            [turret.arc] + [a for a in arcs if a != turret.arc]
            if turret.arc in arcs
            else list(arcs)
        )
        fields.append(
            Field(
                head + f"turret:{turret.id}",
                lead + f"Turret ({turret.position}) arc",
                "choice",
                choices=tuple(_ARC_OPTIONS.get(a) or Option(a, a) for a in ordered),
            )
        )
    fields.append(
        Field(
            head + "action",
            lead + "Action",
            "choice",
            choices=tuple(action_options(state, ship, t)),
        )
    )
    c = in_command(state, ship)
    if (c is not None and c.role == "captain") or (c is not None and c.role == "fleet"):
        guns = [g for g in ship.guns if can_fire_gun(ship, g)]
        if guns:
            fields.append(
                Field(
                    head + "laying",
                    lead + f"{c.name} lays a gun himself (adds his gunnery)",
                    "choice",
                    choices=(
                        Option("none", "no"),
                        *(_laying_option(g) for g in guns),
                    ),
                )
            )
    if state.turn == 1:
        fields.append(prefixed(_QUARTER, head, lead))
    if can_signal(state, ship, t):
        opts = order_options(state, ship)
        held = state.sides[ship.side].orders
        current = order_text(held[ship.id]) if ship.id in held else "engage"
        ids = [o.id for o in opts]
        if current in ids:
            opts.insert(0, opts.pop(ids.index(current)))
        fields.append(
            Field(
                head + "order",
                lead + "Sailing order (the fleet commander can signal her)",
                "choice",
                choices=tuple(opts),
            )
        )
    if standing.armed(ship):
        fields.extend(standing.fields(state, ship, head, lead, named))
    return fields


_HELM_OPTIONS: Final = tuple(Option(h, HELM_LABELS[h]) for h in HELMS)
"""The helm's choices, the same for every ship (an Option never changes)."""

_ARC_OPTIONS: Final = {a: Option(a, a) for a in ("forward", "starboard", "aft", "port")}
"""A turret's arcs as choices (Arcs of Fire)."""

_QUARTER: Final = Field(
    "quarter",
    "First move: fire after this quarter of the move (4: at its end)",
    "int",
    1,
    4,
)
"""The first move's field: the quarter after which she fires."""

_LAYING: Final[dict[tuple[str, str, str], Option]] = {}


def _laying_option(gun: Gun) -> Option:
    """A gun as the captain's choice to lay (an Option never changes: one
    is made for each gun id, type and mount)."""
    key = (gun.id, gun.type, gun.mount)
    found = _LAYING.get(key)
    if found is None:
        found = Option(gun.id, f"{gun.id}: {gun.type}, {gun.mount}")
        if len(_LAYING) >= 10_000:
            _LAYING.clear()
        _LAYING[key] = found
    return found


def plot_from(answer: dict[str, Any]) -> Plot:
    turrets = {k.split(":", 1)[1]: str(v) for k, v in answer.items() if k.startswith("turret:")}
    laying = str(answer.get("laying", "none"))
    return Plot(
        speed=int(answer["speed"]),
        helm=answer["helm"],
        turrets=turrets,  # type: ignore[arg-type]
        action="" if answer.get("action", "none") == "none" else str(answer["action"]),
        laying="" if laying == "none" else laying,
        fire_quarter=int(answer.get("quarter", 4)),
    )


# --------------------------------------------------------------------------
# Fire orders


def firer(state: State, uid: str) -> Ship | Fort:
    return state.ships[uid] if uid in state.ships else state.forts[uid]


_ROUND: Final[list[Any]] = [None, None, {}]
"""The fire-order round open now: the state, when it opened (its turn,
phase and quarter) and the shots already worked out in it, by firer, target
and the side judging: see :func:`open_fire_round`."""


def open_fire_round(state: State) -> None:
    """A round of fire orders begins (Firing: Method; in the first move,
    after a quarter): from here until its fire is resolved nothing that
    decides which guns may fire changes (the orders are given in secret, and
    a standing order decides none of it), so the guns each unit may fire at
    each ship, as its side judges it, are worked out once for the units due
    to fire, their forms and the standing orders alike."""
    _ROUND[0], _ROUND[1], _ROUND[2] = state, _round_when(state), {}


def close_fire_round() -> None:
    """The round's fire is about to fall: what was worked out for it is
    dropped."""
    _ROUND[0], _ROUND[1], _ROUND[2] = None, None, {}


def _round_when(state: State) -> tuple[int, str, int]:
    return (state.turn, state.phase, state.quarter)


def _round_memo(state: State) -> dict[tuple[str, ...], list[Any]] | None:
    """The open round's shots, if ``state`` is in it."""
    if _ROUND[0] is state and _ROUND[1] == _round_when(state):
        memo: dict[tuple[str, ...], list[Any]] = _ROUND[2]
        return memo
    return None


def round_shots_at(
    state: State, unit: Ship | Fort, enemy: Ship, t: Tables, truth: bool = False
) -> list[Any]:
    """``shots_at`` as the unit's side judges it (``knower``), once a round;
    with ``truth``, as they are (the fire itself). The two differ only in
    the ships and smoke a side may reckon with in a sight line (Visibility):
    where those it lacks could not meet a sight line to her
    (:func:`_judged_true`), they are the same."""
    memo = _round_memo(state)
    if truth and (memo is None or not _judged_true(state, unit.side, enemy)):
        return shots_at(state, unit, enemy, t)
    if memo is None:
        return shots_at(state, unit, enemy, t, knower=unit.side)
    kind = "ship" if isinstance(unit, Ship) else "fort"
    key = (kind, unit.id, enemy.id)
    found = memo.get(key)
    if found is None:
        ready = memo.get((kind, unit.id))
        if ready is None:
            ready = memo[(kind, unit.id)] = ready_guns(state, unit, t)
        found = memo[key] = shots_at(state, unit, enemy, t, unit.side, ready)
    return list(found)


def _judged_true(state: State, side: str, enemy: Ship) -> bool:
    """Whether what ``side`` judges of its sight lines to ``enemy`` is the
    truth: every ship of the game is on its table (its own, or sighted),
    or each one that is not is one no sight line to her could meet
    (visibility.may_block, as clear_line), and none of them has smoke on
    the table (clear_line's clouds, by the ship that made them)."""
    seen = state.sighted.get(side, [])
    unknown = [sid for sid, ship in state.ships.items() if ship.side != side and sid not in seen]
    if not unknown:
        return True
    if any(may_block(state.ships[sid], enemy.spv_start) for sid in unknown):
        return False
    return not any(cloud.ship in unknown for cloud in state.smoke)


def round_shots_at_shore(state: State, ship: Ship, tid: str, t: Tables) -> list[Any]:
    """``shots_at_shore``, once a round."""
    memo = _round_memo(state)
    if memo is None:
        return shots_at_shore(state, ship, tid, t)
    key = ("shore", ship.id, tid)
    found = memo.get(key)
    if found is None:
        ready = memo.get(("ship", ship.id))
        if ready is None:
            ready = memo[("ship", ship.id)] = ready_guns(state, ship, t)
        found = memo[key] = shots_at_shore(state, ship, tid, t, ready)
    return list(found)


def targets(state: State, unit: Ship | Fort, t: Tables) -> list[tuple[Ship, list[Any]]]:
    """Enemy ships this unit has in sight with guns able to fire at them."""
    return list(_targets(state, unit, t))


def _targets(state: State, unit: Ship | Fort, t: Tables) -> Iterator[tuple[Ship, list[Any]]]:
    """:func:`targets` one by one (whether there is one needs only the first)."""
    for sid in state.sighted.get(unit.side, []):
        enemy = state.ships[sid]
        if not enemy.afloat or enemy.status == "exited":
            continue
        shots = round_shots_at(state, unit, enemy, t)
        if shots:
            yield (enemy, shots)


def shore_targets(state: State, unit: Ship | Fort, t: Tables) -> list[tuple[str, str, list[Any]]]:
    """Enemy forts and towns or ports a ship's guns bear on and reach."""
    if not isinstance(unit, Ship):
        return []
    out = []
    for tid in [*state.forts, *state.places]:
        shots = round_shots_at_shore(state, unit, tid, t)
        if shots:
            name = state.forts[tid].name if tid in state.forts else state.places[tid].name
            out.append((tid, name, shots))
    return out


def can_fire(state: State, uid: str, t: Tables) -> bool:
    """Whether a ship or fort has anything to fire at this round (Firing):
    a ship in sight that its guns bear on and reach, a mortar target, or a
    fort or town ashore; not once it has fired."""
    if uid in state.fired:
        return False
    unit = firer(state, uid)
    if isinstance(unit, Fort) and (unit.status != "active" or not fort_guns_manned(unit)):
        return False
    if isinstance(unit, Ship) and not ship_may_fire(unit):
        # no shot at a ship (shots_at), ashore (shots_at_shore) or by mortar
        # (forts.mortar_targets) from a ship neither active nor a prize in action
        return False
    return (
        next(_targets(state, unit, t), None) is not None
        or bool(mortar_targets(state, unit, t))
        or bool(shore_targets(state, unit, t))
    )


def fire_options(state: State, unit: Ship | Fort, t: Tables) -> list[Option]:
    """What one ship or fort may fire at: hold, an enemy ship in sight that
    its guns bear on, every gun at will, a fort or town ashore, a mortar
    target (a town by its square)."""
    options = [Option("hold", "hold fire")]
    found = targets(state, unit, t)
    for enemy, shots in found:
        best = max(hit_chance(s) for s in shots)
        options.append(
            Option(
                f"at:{enemy.id}",
                f"{enemy.name}: {len(shots)} gun(s) bear, "
                f"{min(s.inches for s in shots):g} in, best {best:.0%} a gun",
            )
        )
    if len(found) > 1:
        options.append(Option("will", "every gun at the nearest target it bears on"))
    for tid, name, shots in shore_targets(state, unit, t):
        options.append(Option(f"at:{tid}", f"{name} ashore: {len(shots)} gun(s) bear"))
    for target, label in mortar_targets(state, unit, t):
        if target in state.forts:
            options.append(Option(f"mortar:{target}", f"mortar at {label}"))
            continue
        for square in range(1, 7):
            options.append(
                Option(f"mortar:{target}:{square}", f"mortar at {label}, aimed at square {square}")
            )
    return options


def fire_prompt(state: State, seat: str, t: Tables) -> Prompt | None:
    """One form for every ship and fort of the seat that can fire now and
    has no standing order that decides for it (standing.py), a row a unit:
    what it fires at now, and its standing order from now on."""
    if seat in state.fire_orders:
        return None
    units = [firer(state, uid) for uid in state.due]
    units = [u for u in units if u.side == seat]
    decided = {u.id: standing.decide(state, u, t) for u in units}
    units = [u for u in units if decided[u.id].order is None]
    if not units:
        return None
    fields: list[Field] = []
    rows: list[dict[str, Any]] = []
    named = standing.named(state, units[0])  # the same for every unit of the seat
    for u in units:
        lapsed = decided[u.id].why
        label = u.name + (f" ({lapsed})" if lapsed else "")
        fields.append(
            Field(u.id, f"{label} fires at", "choice", choices=tuple(fire_options(state, u, t)))
        )
        fields.extend(standing.fields(state, u, f"{u.id}/", f"{u.name}: ", named))
        rows.append(
            {
                "id": u.id,
                "label": label,
                "fields": {
                    "fire": u.id,
                    "standing": f"{u.id}/standing",
                    "within": f"{u.id}/within",
                },
            }
        )
    when = (
        "now, at this point of the first move"
        if state.phase == "move"
        else "at the end of the move"
    )
    return Prompt(
        seat,
        f"Move {state.turn}: fire orders, {when}",
        R_FIRE,
        kind="form",
        fields=tuple(fields),
        context={
            "secret": True,
            # the first move's fire after a quarter is a round of its own
            "step": f"fire-q{state.quarter}" if state.phase == "move" else "fire",
            "turn": state.turn,
            "units": [u.id for u in units],
            "row_noun": ["ship or fort", "ships and forts"],
            "rows": rows,
            "columns": [
                {"key": "fire", "label": "fires at (this move)"},
                {"key": "standing", "label": "standing order (from now on)"},
                {"key": "within", "label": "named ship within (in), 0 any"},
            ],
            "defaults": standing_defaults(state, units, fields),
        },
    )


def in_range_enemies(state: State, ship: Ship, t: Tables) -> list[Ship]:
    return [
        state.ships[sid]
        for sid in state.sighted.get(ship.side, [])
        if state.ships[sid].afloat and in_sight(state, ship, state.ships[sid], t)
    ]


def nearest_enemy(state: State, ship: Ship) -> Ship | None:
    seen = [
        state.ships[sid] for sid in state.sighted.get(ship.side, []) if state.ships[sid].in_action
    ]
    if not seen:
        return None
    return min(seen, key=lambda s: distance((s.x, s.y), (ship.x, ship.y)))
