"""Firing (steps 4 and 5): which units of a side have something to fire at
this turn (its parties' small arms, its groups of guns), the question put
to each unit, and its answer applied (the fire itself: ``firing.py`` for
cannon, ``small_arms.py`` for muskets and pistols)."""

from __future__ import annotations

from typing import Any

from quarterdeck.core.engine import Context
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import hidden
from quarterdeck.rulesets.cutting_out.firing import (
    Vec,
    can_fire,
    cannon_targets,
    crews,
    fire_guns,
    group_guns,
    gun_groups,
    gun_ready,
    timer_party,
)
from quarterdeck.rulesets.cutting_out.small_arms import Spots, fire_small_arms, in_range, members
from quarterdeck.rulesets.cutting_out.spotting import may_fire
from quarterdeck.rulesets.cutting_out.state import Figure, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def firers(state: State, t: Tables, side: str, only: str | None = None) -> list[str]:
    """The units of ``side`` that have something to fire at this turn
    (``only``: that unit alone, as ``[unit]`` or ``[]``: whether it still has)."""
    units: list[str] = []
    pts: dict[str, Vec] | None = None  # every figure's place, once some unit needs it
    seen: dict[str, list[Figure]] = {}  # the targets each side sees, once
    kept: dict[str, Spots] = {}  # where every figure stands, once
    by_party: dict[str, list[Figure]] | None = None  # each party's figures, once
    kind = None if only is None else only.partition(":")[0]
    for party in state.parties.values():
        if kind is not None and (kind != "arms" or only != f"arms:{party.id}"):
            continue
        if party.side != side or party.morale in ("routed", "surrendered"):
            continue
        if not may_fire(state, t, party):
            continue
        if side == state.defenders and not state.detected:
            continue
        if by_party is None and only is None:
            # every party asked of: each one's figures in one pass (one
            # party alone reads its own, state.party_figures)
            by_party = members(state)
        if pts is None:
            pts = harbour.points(state)
        if next(in_range(state, t, party, pts, seen, kept, by_party), None) is not None:
            units.append(f"arms:{party.id}")
    if kind not in (None, "guns"):
        return units
    # a gun is served by figures at it, on a deck or ashore: a side with
    # none where a gun fit to fire is serves no gun, and guns with nothing
    # to aim at do not fire. Asked of one group (``only``), its guns alone
    owner = None if only is None else only.partition(":")[2]
    places = {
        f.place if f.where == "deck" else ""
        for f in state.figures.values()
        if not f.fate and f.side == side and f.where in ("deck", "land")
    }
    fit = _may_serve(state, t, side, places, owner)
    if not fit:
        return units
    aims = cannon_targets(state, t, side)
    if not aims:
        return units
    # the state does not change in this search: the crews and the targets
    # once; the crews of the guns the side may serve alone (_may_serve;
    # asked of one group, of its guns: a gun's crew is the figures at it,
    # whatever the other guns)
    if pts is None:
        pts = harbour.points(state)
    manned = crews(state, t, pts, owner, fit)
    aimed: dict[str, list[Vec]] = {}  # each target's points, once
    ranges: dict[tuple[str, str], float] = {}  # each gun's range and bearing, once
    bears: dict[tuple[str, str], bool] = {}
    for key in gun_groups(state, t, side, pts, manned, owner):
        if only is not None and key != only:
            continue
        owner = key.split(":", 1)[1]
        guns = group_guns(state, t, owner, side, pts, manned)
        if any(
            can_fire(state, t, g, tid, side, grape, aimed, ranges, bears)
            for tid, _, _ in aims
            for g in guns
            for grape in (False, True)
        ):
            units.append(key)
    return units


def _may_serve(
    state: State, t: Tables, side: str, places: set[str], owner: str | None = None
) -> set[str]:
    """The guns (``owner``: of that ship or battery) whose groups could be
    among :func:`gun_groups`' for ``side``, before their crews are found:
    a gun fit to fire (gun_ready) where a figure of the side stands
    (``places``: the ships' decks by id, "" the land; crews gathers only
    figures at the gun, on her ship's deck or ashore), and for the
    defenders a party that may fire (may_fire). No other gun is served by
    the side and in such a group; none at all rules out every group, with
    no crew found."""
    out: set[str] = set()
    for gun in state.guns.values():
        if owner is not None and gun.owner != owner:
            continue
        if (gun.owner if gun.platform == "ship" else "") not in places:
            continue
        if not gun_ready(state, gun):
            continue
        if side != state.defenders or may_fire(state, t, timer_party(state, gun)):
            out.add(gun.id)
    return out


def unit_ask(state: State, side: str, unit_key: str) -> dict[str, Any]:
    kind, _, rest = unit_key.partition(":")
    secret = side == state.raiders and hidden(state)
    if kind == "arms":
        return {"kind": "arms", "seat": side, "party": rest, "secret": secret}
    return {"kind": "guns", "seat": side, "owner": rest, "secret": secret}


def apply_fire(state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: str) -> None:
    if answer == "hold":
        return
    if ask["kind"] == "arms":
        fire_small_arms(state, t, ctx, state.parties[ask["party"]], answer.split(":", 1)[1])
    else:
        fire_guns(state, t, ctx, ask["owner"], ask["seat"], answer)
