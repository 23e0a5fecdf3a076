"""Small Arms Fire (Firing, steps 4 and 5): every musket-armed figure rolls
a d6 against the Small Arms Chart by its type, nationality and the range
(1", 2-5", 6"); -2 against a target behind earthworks or in a fort, +1 for
six or more marines or soldiers formed in line; a hit kills.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least
from quarterdeck.core.geometry import distance
from quarterdeck.core.prompts import Option, Prompt
from quarterdeck.rulesets.cutting_out import charts, harbour
from quarterdeck.rulesets.cutting_out.common import (
    R_SMALL,
    hidden,
    visible,
)
from quarterdeck.rulesets.cutting_out.events import firing_bonus
from quarterdeck.rulesets.cutting_out.spotting import detect
from quarterdeck.rulesets.cutting_out.state import Figure, Party, State
from quarterdeck.rulesets.cutting_out.tables import Tables

Vec = tuple[float, float]

# --------------------------------------------------------------------------
# Small arms


Spots = dict[tuple[str, str], list[tuple[str, float, float]]]


def _spots(state: State) -> Spots:
    """Every active figure on a deck or on land as (side, x, y), by where and place."""
    out: Spots = {}
    for other in state.figures.values():
        if not other.fate and other.where in ("deck", "land"):
            out.setdefault((other.where, other.place), []).append((other.side, other.x, other.y))
    return out


def in_contact(state: State, t: Tables, fig: Figure, spots: Spots | None = None) -> bool:
    """Figures in base-to-base contact are fighting, not firing (reading).
    ``spots`` (from :func:`_spots`) spares the scan of every figure when one
    caller asks for many figures of one unchanged state."""
    where = fig.where
    if where not in ("deck", "land"):
        return False
    if spots is None:
        spots = _spots(state)
    side, x, y = fig.side, fig.x, fig.y
    contact = t.figures.contact + 1e-9
    hypot = math.hypot
    for oside, ox, oy in spots.get((where, fig.place), ()):
        # across and along first: the distance is never shorter than either
        if oside != side:
            dx, dy = ox - x, oy - y
            if abs(dx) <= contact and abs(dy) <= contact and hypot(dx, dy) <= contact:
                return True
    return False


def members(state: State) -> dict[str, list[Figure]]:
    """Every party's figures in the game, by party, in one pass: each
    party's list is ``state.party_figures`` of it (the figures' order)."""
    out: dict[str, list[Figure]] = {}
    for f in state.figures.values():
        if not f.fate:
            found = out.get(f.party)
            if found is None:
                out[f.party] = [f]
            else:
                found.append(f)
    return out


def shooters(
    state: State,
    t: Tables,
    party: Party,
    kept: dict[str, Spots] | None = None,
    by_party: dict[str, list[Figure]] | None = None,
) -> list[Figure]:
    """The party's figures that may fire their muskets (Small Arms Fire):
    its :func:`muskets` not in base-to-base contact. ``kept``: where a
    caller that asks of many parties while the state stands still keeps
    :func:`_spots` (under ""), worked out at most once; ``by_party``: such a
    caller's :func:`members`, the party's figures read from it."""
    out = []
    spots: Spots | None = None
    for f in muskets(state, t, party, by_party):
        if f.where in ("deck", "land"):
            if spots is None:
                spots = _kept_spots(state, kept)
            if in_contact(state, t, f, spots):
                continue
        out.append(f)
    return out


def muskets(
    state: State, t: Tables, party: Party, by_party: dict[str, list[Figure]] | None = None
) -> list[Figure]:
    """The party's musket-armed figures fit to fire, contact aside (Small
    Arms Fire): not below, climbing or breaking out, not wet (choppy seas).
    ``by_party``: as :func:`shooters`."""
    out = []
    figs = state.party_figures(party.id) if by_party is None else by_party.get(party.id, [])
    types = t.figures.types
    turn = state.turn
    for f in figs:
        if f.where == "below" or f.climbing or f.breaking_out:
            continue
        if not types[f.kind].musket:  # type: ignore[index]
            continue
        if f.wet_until >= turn:
            continue
        out.append(f)
    return out


def _kept_spots(state: State, kept: dict[str, Spots] | None) -> Spots:
    """:func:`_spots`, kept under "" in ``kept`` (a caller's) once found."""
    spots = None if kept is None else kept.get("")
    if spots is None:
        spots = _spots(state)
        if kept is not None:
            kept[""] = spots
    return spots


def targets_of(state: State, side: str) -> list[Figure]:
    """Enemy figures that ``side`` can see on the table."""
    return [
        f
        for f in state.figures.values()
        if not f.fate and f.side != side and f.where != "below" and visible(state, f.side, side)
    ]


def arms_need(
    state: State,
    t: Tables,
    shooter: Figure,
    target: Figure,
    pts: dict[str, Vec] | None = None,
) -> tuple[int | None, float]:
    """The die a shot needs (before modifiers) and the range."""
    if pts is None:
        pts = harbour.points(state)
    a = pts.get(shooter.id)
    b = pts.get(target.id)
    if a is None or b is None:
        return None, math.inf
    inches = distance(a, b)
    arms = t.figures.types[shooter.kind].arms  # type: ignore[index]
    need = charts.small_arms_need(t.small_arms, shooter.nation, arms, inches)
    if need is not None and shooter.where == "boat" and target.where == "deck":
        need = max(need, t.challenge.shoot_guard_on)  # from a boat at the rail: a 6 (reading)
    return need, inches


def arms_targets(
    state: State,
    t: Tables,
    party: Party,
    pts: dict[str, Vec] | None = None,
    kept: dict[str, Spots] | None = None,
) -> dict[str, int]:
    """Enemy parties within range of the party's muskets: how many figures
    (``kept``: as :func:`shooters`)."""
    if pts is None:
        pts = harbour.points(state)
    found: dict[str, int] = {}
    for target in in_range(state, t, party, pts, kept=kept):
        found[target.party] = found.get(target.party, 0) + 1
    return found


def in_range(
    state: State,
    t: Tables,
    party: Party,
    pts: dict[str, Vec],
    seen: dict[str, list[Figure]] | None = None,
    kept: dict[str, Spots] | None = None,
    by_party: dict[str, list[Figure]] | None = None,
) -> Iterator[Figure]:
    """The enemy figures within range of the party's muskets, one by one
    (:func:`arms_targets` counts them; the fire step asks only for a first;
    ``seen``: :func:`targets_of` by side, and ``kept``: as :func:`shooters`,
    kept by a caller that asks of many parties, and ``by_party`` too).
    A musket is asked whether it is in contact (:func:`shooters`) only once
    it is within reach of a target with a score on the chart: the same
    targets, with no contact measured for a party with none in reach."""
    shots = [s for s in muskets(state, t, party, by_party) if s.id in pts]
    if not shots:
        return
    reach = t.small_arms.reach + 1e-9
    targets = None if seen is None else seen.get(party.side)
    if targets is None:
        targets = targets_of(state, party.side)
        if seen is not None:
            seen[party.side] = targets
    # the box round the muskets' places: a target further off it than the
    # reach (and a margin over rounding) across or along is further than
    # that from every musket (no distance is shorter than its offset across
    # or along), so none of them is near her
    xs = [pts[s.id][0] for s in shots]
    ys = [pts[s.id][1] for s in shots]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    clear = reach + _BOX_MARGIN
    free: dict[str, bool] = {}  # whether each musket is out of contact, once asked
    for target in targets:
        tp = pts.get(target.id)
        if tp is None:
            continue
        tx, ty = tp
        if x0 - tx > clear or tx - x1 > clear or y0 - ty > clear or ty - y1 > clear:
            continue
        # a shooter within reach whose chart gives a score, until the first
        # (each test is pure: measured one musket at a time)
        for s in shots:
            if (
                math.dist(pts[s.id], tp) <= reach
                and _free(state, t, s, free, kept)
                and arms_need(state, t, s, target, pts)[0] is not None
            ):
                yield target
                break


def _free(
    state: State, t: Tables, fig: Figure, free: dict[str, bool], kept: dict[str, Spots] | None
) -> bool:
    """Whether a musket is out of base-to-base contact (:func:`shooters`),
    kept in ``free`` by figure once found."""
    found = free.get(fig.id)
    if found is None:
        found = free[fig.id] = fig.where not in ("deck", "land") or not in_contact(
            state, t, fig, _kept_spots(state, kept)
        )
    return found


_BOX_MARGIN: Final = 1e-6
"""Inches beyond the musket's reach that a target must lie off the
shooters' box to be passed over without measuring (rounding is far
smaller)."""


def arms_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    party = state.parties[ask["party"]]
    kept: dict[str, Spots] = {}  # the state stands still while the prompt is made
    n = len(shooters(state, t, party, kept))
    opts = [Option("hold", "hold fire")]
    for pid, count in sorted(arms_targets(state, t, party, kept=kept).items()):
        opts.append(Option(f"fire:{pid}", f"fire at {state.parties[pid].name} ({count} in range)"))
    warn = (
        " (firing before you are seen gives the alarm)"
        if party.side == state.raiders and hidden(state)
        else ""
    )
    ctx: dict[str, Any] = {"step": "fire", "party": party.id}
    if ask.get("secret"):
        # asked only because unseen raiders have a target in reach: the
        # defenders are not told a question was asked (core: unannounced)
        ctx["secret"] = ctx["unannounced"] = True
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: {party.name}, {n} muskets: fire?{warn}",
        R_SMALL,
        tuple(opts),
        context=ctx,
    )


def musket_modifiers(
    state: State, t: Tables, shooter: Figure, target: Figure, vol: bool, bonus: int
) -> list[tuple[str, int]]:
    """What is added to one musket's die (Small Arms Fire): the moon, the
    target in earthworks, a volley of formed marines or soldiers."""
    out: list[tuple[str, int]] = []
    if bonus:
        out.append(("the moon comes out", bonus))
    tp = harbour.figure_point(state, target)
    if tp is not None and target.where == "land" and harbour.in_cover(state, tp):
        out.append(("the target behind earthworks", t.small_arms.earthworks))
    if vol and shooter.kind in ("marine", "soldier"):
        out.append(("a volley of six or more in line", t.small_arms.volley))
    return out


def up_at_her_deck(shooter: Figure, target: Figure, need: int) -> str:
    """Why a musket in a boat needs a 6 at a figure on a ship's deck
    (docs/rules-notes.md, Small arms: the challenge's shot at the guard),
    for its die's explanation: the chart alone would say less."""
    if shooter.where == "boat" and target.where == "deck":
        return f", from a boat up at her deck: {need} only"
    return ""


def volley(state: State, t: Tables, party: Party) -> bool:
    """Six or more marines or soldiers formed in line: +1 (Small Arms Fire)."""
    if not party.formed:
        return False
    formed = [
        f
        for f in state.party_figures(party.id)
        if f.kind in ("marine", "soldier") and f.where in ("land", "deck")
    ]
    return len(formed) >= t.small_arms.volley_count


def musket_clear(t: Tables) -> float:
    """How far off a musket across or along a target may lie and still be
    measured when the party fires (Small Arms Fire): the chart's longest
    range, beyond which no musket scores (arms_need), and a margin over
    rounding. fire_small_arms passes over a target further off."""
    return max(t.small_arms.bands) + 1e-9 + _BOX_MARGIN


def fire_small_arms(state: State, t: Tables, ctx: Context, party: Party, target_party: str) -> None:
    """Each musket of the party fires at the nearest figure of the target
    party it can reach, the shots spread over the targets; a hit kills."""
    if party.side == state.raiders and hidden(state):
        detect(state, t, ctx, "the raiders open fire", alarm_now=True)
    shots = shooters(state, t, party)
    targets = [f for f in targets_of(state, party.side) if f.party == target_party]
    taken: dict[str, int] = {f.id: 0 for f in targets}
    plan: list[tuple[Figure, Figure, int, float]] = []
    pts = harbour.points(state)
    # a target further off than this across or along is passed over
    # unmeasured, as one with no place is: no musket scores at her
    clear = musket_clear(t)
    spots = [(tg, pts.get(tg.id)) for tg in targets]
    for s in shots:
        options = []
        sp = pts.get(s.id)
        if sp is None:
            continue  # no place on the table: no target in range (arms_need)
        sx, sy = sp
        for tg, tp in spots:
            if tp is None or abs(tp[0] - sx) > clear or abs(tp[1] - sy) > clear:
                continue
            need, inches = arms_need(state, t, s, tg, pts)
            if need is not None:
                options.append((taken[tg.id], inches, tg, need))
        if not options:
            continue
        _, inches, tg, need = min(options, key=lambda o: (o[0], o[1]))
        taken[tg.id] += 1
        plan.append((s, tg, need, inches))
    if not plan:
        return
    bonus = firing_bonus(state, t)
    vol = volley(state, t, party)
    named = [musket_modifiers(state, t, s, tg, vol, bonus) for s, tg, _, _ in plan]
    dice = ctx.roll(
        f"{party.name} fire at {state.parties[target_party].name}: "
        f"a die for each of {len(plan)} muskets",
        len(plan),
        R_SMALL,
        seat=party.side,
        math=RollMath(
            "each",
            per_die=tuple(
                (
                    f"{s.kind} at {tg.kind}, {inches:.1f} in" + up_at_her_deck(s, tg, need),
                    at_least(need, *mods, outcomes=((need - 1, "a miss"), (need, "killed"))),
                )
                for (s, tg, need, inches), mods in zip(plan, named, strict=True)
            ),
        ),
    )
    killed = 0
    for (_s, tg, need, _inches), die, mods in zip(plan, dice, named, strict=True):
        mod = sum(v for _, v in mods)
        if die + mod >= need and tg.active:
            tg.fate = "dead"
            killed += 1
    ctx.log(
        f"{party.name} fire: {killed} of {state.parties[target_party].name} killed"
        + (" (volley +1)" if vol else ""),
        R_SMALL,
    )
