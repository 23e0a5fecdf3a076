"""Away, Boarders!: the crew assignment segment (2.1): secret orders, ready-
made plans, custom placement, rallying; and the first loads ordered before
the battle (4.1)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.rulesets.away_boarders import explain as ex
from quarterdeck.rulesets.away_boarders.sailing import (
    oar_crew_needed,
    sail_crew_needed,
    yards_crew_needed,
)
from quarterdeck.rulesets.away_boarders.sections import R_CREW, R_LOAD, R_RALLY
from quarterdeck.rulesets.away_boarders.state import BATTERIES, BOX_LABELS, TASK_BOXES, Ship, State
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES, Tables

FORM_BOXES: Final[tuple[str, ...]] = (
    "yards",
    "repair_rigging",
    "repair_guns",
    "repair_hull",
    "boarders",
)
"""The boxes a custom crew assignment names; the rest man the guns."""

# --------------------------------------------------------------------------
# Crew (2.1)


def crew_plans(ship: Ship, t: Tables) -> dict[str, dict[str, int]]:
    """Ready-made crew assignments offered alongside "keep" and "custom"
    (2.1): each plan of :func:`_all_plans` but one that is her crew as it
    stands (that is "keep")."""
    return {name: p for name, p in _all_plans(ship, t).items() if p != ship.crew}


def _all_plans(ship: Ship, t: Tables) -> dict[str, dict[str, int]]:
    """The ready-made crew assignments (2.1), each once (a plan the same as
    an earlier one is not offered again) and none placing fewer than no
    men (:func:`_plans_from` her :func:`_plan_inputs`; :func:`crew_plans`
    drops the one that is her crew as it stands)."""
    return _plans_from(*_plan_inputs(ship, t))


PlanInputs = tuple[int, int, int, bool, bool, bool]
"""What a ship's ready-made crew assignments depend on (2.1): her crew's
total, the men the helm needs (at the yards or the sweeps), the men to make
or reef sail, and whether her hull, her standing masts' rigging and her
guns are damaged."""


def _plan_inputs(ship: Ship, t: Tables) -> PlanInputs:
    """:data:`PlanInputs` of ``ship`` (2.1, 2.3, 3.1, 3.2)."""
    total = ship.crew_total
    if ship.sail == "oars":
        helm = min(total, oar_crew_needed(ship, t))
    else:
        helm = min(total, yards_crew_needed(ship, t))
    sail = min(total, max(helm, sail_crew_needed(ship, t)))
    hull_dmg = sum(ship.hull) > 0
    rig_dmg = any(sum(m) for i, m in enumerate(ship.masts) if not ship.mast_fallen(i))
    gun_dmg = any(g.disabled for g in ship.guns)
    return total, helm, sail, hull_dmg, rig_dmg, gun_dmg


def _plans_from(
    total: int, helm: int, sail: int, hull_dmg: bool, rig_dmg: bool, gun_dmg: bool
) -> dict[str, dict[str, int]]:
    """The ready-made crew assignments (2.1) from :data:`PlanInputs`: to
    fight (the helm manned, the rest at the guns), to sail (the sails
    manned), to repair (half the men past the helm at the damage) and to
    board (all but one past the helm), each once and none placing fewer
    than no men."""
    plans: dict[str, dict[str, int]] = {}

    def plan(**boxes: int) -> dict[str, int]:
        out = dict.fromkeys(TASK_BOXES, 0)
        out.update(boxes)
        out["guns"] = total - sum(v for k, v in out.items() if k != "guns")
        return out

    plans["fight"] = plan(yards=helm)
    plans["sail"] = plan(yards=sail)
    rest = total - helm
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
        if p not in unique.values() and all(v >= 0 for v in p.values()):
            unique[name] = p
    return unique


_SHORT: Final[dict[str, str]] = {
    "yards": "yards",
    "repair_rigging": "rep.rig",
    "guns": "guns",
    "repair_guns": "rep.guns",
    "repair_hull": "rep.hull",
    "boarders": "boarders",
}
"""Each crew task box (2.1) as a crew assignment is written short."""


def describe_crew(crew: dict[str, int]) -> str:
    return ", ".join([f"{_SHORT[b]} {crew[b]}" for b in TASK_BOXES if crew.get(b)])


@lru_cache(maxsize=256)
def _box_fields(boxes: tuple[str, ...], most: int) -> tuple[Field, ...]:
    """A form's fields of crew markers placed box by box (2.1): from none to
    ``most`` in each of ``boxes``. Kept by :func:`lru_cache` (fields are
    frozen; a side places its crew box by box hundreds of times a game)."""
    return tuple(Field(b, BOX_LABELS[b], "int", 0, most) for b in boxes)


def crew_prompt(state: State, t: Tables, seat: str) -> Prompt | None:
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
                fields=_box_fields(TASK_BOXES, ship.casualties),
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
                fields=_box_fields(FORM_BOXES, total),
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


_OPTIONS: Final[dict[int, tuple[Tables, dict[tuple[PlanInputs, int], _Orders]]]] = {}
"""The crew orders worked out so far, by the identity of the (frozen) tables
and everything they were worked out from but how her crew is spread: her
ready-made plans' inputs (:data:`PlanInputs`) and her casualties (the
rallies). The same ship the same (the whole crew segment: her side's fleet
form is asked again after every answer of the other side's; most turns,
where she has only moved, moved her men or taken a little more damage; the
same opening in game after game) is not worked out again. Emptied past
:data:`_KEEP` entries."""

_KEEP: Final = 1024
"""(A Valcour game works out about 100, some 70 of them new after its first.)"""

_SPREADS: Final = 16
"""The spreads of one crew kept with the orders worked out for it (each
turn's crew assignment moves her men; a few come back again and again)."""


class _Orders:
    """A ship's crew orders (2.1) worked out for everything but how her crew
    is spread (:data:`_OPTIONS`): each ready-made plan of
    :func:`_all_plans` with its option, the options after them ("custom"
    and the rallies), and the whole orders for each spread of her crew
    asked so far (at most :data:`_SPREADS`)."""

    __slots__ = ("plans", "spreads", "tail")

    def __init__(
        self, plans: list[tuple[dict[str, int], Option]], tail: tuple[Option, ...]
    ) -> None:
        self.plans = plans
        self.tail = tail
        self.spreads: dict[tuple[tuple[str, int], ...], tuple[Option, ...]] = {}


def crew_options(ship: Ship, t: Tables) -> tuple[Option, ...]:
    """A ship's crew orders (2.1): keep, a ready-made plan, box by box, or
    rally casualties instead of reassigning: :func:`_crew_options`, read
    off what is kept for her (:class:`_Orders`; the test
    tests/rulesets/away_boarders/test_2_1_crew_options_kept.py checks the
    two agree)."""
    kept = _OPTIONS.get(id(t))
    if kept is None or kept[0] is not t:
        kept = _OPTIONS[id(t)] = (t, {})
    inputs = _plan_inputs(ship, t)
    key = (inputs, ship.casualties)
    orders = kept[1].get(key)
    if orders is None:
        if len(kept[1]) >= _KEEP:
            kept[1].clear()
        orders = kept[1][key] = _Orders(
            [(p, _plan_option(name, p)) for name, p in _plans_from(*inputs).items()],
            _tail_options(ship),
        )
    crew = ship.crew
    spread = tuple(crew.items())
    options = orders.spreads.get(spread)
    if options is None:
        if len(orders.spreads) >= _SPREADS:
            orders.spreads.clear()
        options = orders.spreads[spread] = (
            _keep_option(crew),
            *[option for p, option in orders.plans if p != crew],
            *orders.tail,
        )
    return options


def _crew_options(ship: Ship, t: Tables) -> tuple[Option, ...]:
    """:func:`crew_options` worked out in full (2.1): the plain definition."""
    return (
        _keep_option(ship.crew),
        *[_plan_option(name, plan) for name, plan in crew_plans(ship, t).items()],
        *_tail_options(ship),
    )


def _keep_option(crew: dict[str, int]) -> Option:
    """Keep the crew as they are (2.1)."""
    return Option("keep", f"keep the crew as they are ({describe_crew(crew)})")


def _plan_option(name: str, plan: dict[str, int]) -> Option:
    """A ready-made crew assignment (2.1, :func:`crew_plans`)."""
    return Option(f"plan:{name}", f"{name}: {describe_crew(plan)}")


def _tail_options(ship: Ship) -> tuple[Option, ...]:
    """The crew orders after the ready-made plans (2.1): box by box, or
    rally casualties instead of reassigning (:func:`_after_plans`)."""
    return _after_plans(ship.casualties)


@lru_cache(maxsize=64)
def _after_plans(casualties: int) -> tuple[Option, ...]:
    """:func:`_tail_options` of a ship with ``casualties`` casualties (2.1),
    made once each by :func:`lru_cache` (they depend on nothing else)."""
    options = [Option("custom", "place the crew markers box by box")]
    if casualties > 0:
        for box in TASK_BOXES:
            options.append(
                Option(
                    f"rally:{box}",
                    f"rally one of {casualties} casualties into {BOX_LABELS[box]} "
                    "(one die: even, he returns; odd, lost for good; "
                    "instead of reassigning)",
                )
            )
    if casualties > 1:
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


def loads_prompt(state: State, t: Tables, seat: str) -> Prompt | None:
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
            if ctx.logging:
                ctx.log(f"{ship.name} assigns her crew: {describe_crew(ship.crew)}", R_CREW)
        elif order.startswith("plan:"):
            ship.crew = crew_plans(ship, t)[order.split(":", 1)[1]]
            if ctx.logging:
                ctx.log(f"{ship.name} assigns her crew: {describe_crew(ship.crew)}", R_CREW)
        elif order.startswith("rally:"):
            rally(ship, order.split(":", 1)[1], ctx)
    state.orders = {}
    state.phase = "segment"


def rally(ship: Ship, box: str, ctx: Context) -> None:
    """Rally one casualty (2.1): even, back into ``box``; odd, gone for good.
    A captain who rallies may rally as many of the casualties as he likes,
    one die each, but may not also reassign the crew that turn."""
    face = ctx.roll(  # words and explanation built only where a log reads them
        lambda: f"{ship.name} rallies a casualty (even: back to duty)",
        1,
        R_RALLY,
        seat=ship.side,
        math=lambda _faces: ex.parity(ex.EVEN, "the man rallies", "the man is lost for good"),
    )[0]
    ship.casualties -= 1
    if face % 2 == 0:
        ship.crew[box] += 1
        ctx.log(f"{ship.name}: the man rallies and joins {BOX_LABELS[box]}", R_RALLY)
    else:
        ship.lost_for_good += 1
        ctx.log(f"{ship.name}: the man is lost for good", R_RALLY)
