"""Melee (step 6): figures in base-to-base contact, boarders forcing their
way up the ship's side, the crew trying to break out of a guarded hatch,
and the assault of a shore battery.

Each figure rolls a d6 and adds its modifiers; the loser by 3 or more dies,
by 2 is captured, by 1 retreats a d6 of inches (off the ship: out of the
game). A boarder who loses while climbing dies whatever the difference.

Where the text is silent (docs/rules-notes.md): a figure in contact with
several enemies rolls one die, compared with each of theirs; it suffers the
worst result it is dealt. Ties: nothing happens, the fight goes on next turn.
Climbers and hatch-breakers are paired with the figures barring their way in
turn (the first with the first, and round again).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, total
from quarterdeck.core.geometry import bearing, unit
from quarterdeck.odds.cutting_out import melee_pair, percent
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.challenge import (
    Climb,
    barring,
    gain_top,
    landing_climbs,
    ship_climbs,
)
from quarterdeck.rulesets.cutting_out.common import R_MELEE, hatch_held
from quarterdeck.rulesets.cutting_out.setup import spread
from quarterdeck.rulesets.cutting_out.spotting import detect
from quarterdeck.rulesets.cutting_out.state import Figure, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables

SEVERITY: Final = {"retreats": 1, "captured": 2, "dies": 3}


@dataclass(frozen=True, slots=True)
class Bout:
    """Two figures fighting: ``kind`` is contact, climb (``b`` bars the
    rail against climbing ``a``) or hatch (``b`` guards the hatch against
    ``a`` breaking out)."""

    a: str
    b: str
    kind: str = "contact"
    field: str = ""  # a ship's id, or "land"


def modifiers(
    state: State, t: Tables, fig: Figure, enemy: Figure, kind: str, barring: bool
) -> list[tuple[str, int]]:
    """The melee modifiers of ``fig`` against ``enemy`` (Melee: Modifiers)."""
    m = t.melee
    out: list[tuple[str, int]] = []
    if kind == "climb" and barring:
        out.append(("defending against boarders climbing", m.defending_climb))
    if kind == "hatch" and barring:
        out.append(("guarding the hatch", m.guarding_hatch))
    if fig.where == "land":
        battery = harbour.battery_at(state, (fig.x, fig.y))
        if battery is not None:
            b = state.batteries[battery]
            if (b.captured_by or b.side) == fig.side:
                out.append(("defending a shore battery", m.defending_battery))
    if fig.kind == "marine":
        out.append(("a marine", m.marine))
    bonus = m.nation_bonus(fig.nation, enemy.nation)
    if bonus:
        # the nations by name, for people (not the ids: "british against french")
        out.append((f"{fig.nation.capitalize()} against {enemy.nation.capitalize()}", bonus))
    return out


def fighter(state: State, t: Tables, fights: list[Bout], fid: str) -> tuple[str, RollMath]:
    """One figure's melee die: what is added to it in its first fight
    (Melee: Modifiers)."""
    bout = next(b for b in fights if fid in (b.a, b.b))
    fig = state.figures[fid]
    enemy = state.figures[bout.b if fid == bout.a else bout.a]
    mods = modifiers(state, t, fig, enemy, bout.kind, fid == bout.b)
    return (f"{_who(state, fig)} against {_who(state, enemy)}", total(*mods))


def bouts(state: State, t: Tables) -> list[Bout]:
    """Every fight of the melee phase."""
    contact = t.figures.contact
    out: list[Bout] = []
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        out += _contacts(state.on_deck(ship.id), contact, ship.id)
        for climb in ship_climbs(state, ship):
            out += climb_bouts(state, t, climb)
        breakers = [f for f in state.below(ship.id) if f.breaking_out]
        if breakers:
            guards = hatch_guards(state, t, ship, breakers[0].side)
            for n, f in enumerate(breakers):
                if guards:
                    out.append(Bout(f.id, guards[n % len(guards)].id, "hatch", ship.id))
    land = [f for f in state.figures.values() if f.active and f.where == "land"]
    out += _contacts(land, contact, "land")
    for climb in landing_climbs(state):
        out += climb_bouts(state, t, climb)
    return out


def _contacts(figs: list[Figure], contact: float, field: str) -> list[Bout]:
    """The fights of figures in base-to-base contact on one deck or ashore
    (Melee): each pair of enemies, the first before the second in ``figs``,
    whose centres are within ``contact``; each pair measured across and
    along first (the distance is never shorter than either)."""
    reach = contact + 1e-9
    hypot = math.hypot
    out: list[Bout] = []
    for i, a in enumerate(figs):
        side, x, y = a.side, a.x, a.y
        for b in figs[i + 1 :]:
            if b.side == side:
                continue
            dx, dy = x - b.x, y - b.y
            if abs(dx) <= reach and abs(dy) <= reach and hypot(dx, dy) <= reach:
                out.append(Bout(a.id, b.id, "contact", field))
    return out


def climb_bouts(state: State, t: Tables, climb: Climb) -> list[Bout]:
    """Climbers against those barring the top (a ship's rail, or a mole or
    pier, which the text plays as boarding): paired in turn."""
    bar = barring(state, t, climb)
    return [
        Bout(f.id, bar[n % len(bar)].id, "climb", climb.field)
        for n, f in enumerate(climb.figs)
        if bar
    ]


def hatch_guards(state: State, t: Tables, ship: Ship, crew_side: str) -> list[Figure]:
    hx, hy = harbour.hatch(ship, t)
    reach = t.deck.hatch_size / 2 + t.figures.contact
    return [
        f
        for f in state.on_deck(ship.id)
        if f.side != crew_side and abs(f.x - hx) <= reach and abs(f.y - hy) <= reach
    ]


def step_melee(state: State, t: Tables, ctx: Context) -> None:
    """Step 6: every fight at once; each figure rolls one die."""
    fights = bouts(state, t)
    if not state.detected and any(
        state.figures[x].side == state.raiders for b in fights for x in (b.a, b.b)
    ):
        detect(state, t, ctx, "the raiders fall on the defenders", alarm_now=True)
    if not fights:
        _settle_climbers(state, t, ctx)
        _settle_breakers(state, t, ctx)
        _settle_batteries(state, ctx)
        return
    rolls: dict[str, int] = {}
    for fld in dict.fromkeys(b.field for b in fights):
        where = "ashore" if fld == "land" else f"on {state.ships[fld].name}"
        for side in (state.raiders, state.defenders):
            ids = list(
                dict.fromkeys(
                    x
                    for b in fights
                    if b.field == fld
                    for x in (b.a, b.b)
                    if state.figures[x].side == side
                )
            )
            if not ids:
                continue
            dice = ctx.roll(
                f"Melee {where}: {side}, a die for each of {len(ids)} "
                + ("figure" if len(ids) == 1 else "figures"),
                len(ids),
                R_MELEE,
                seat=side,
                goal="each figure's die and modifiers against its enemy's: the higher wins",
                math=RollMath(
                    "each",
                    per_die=tuple(fighter(state, t, fights, x) for x in ids),
                ),
            )
            rolls.update(zip(ids, dice, strict=True))
    worst: dict[str, tuple[str, str]] = {}  # loser -> (result, winner)
    for bout in fights:
        a, b = state.figures[bout.a], state.figures[bout.b]
        ma = modifiers(state, t, a, b, bout.kind, False)
        mb = modifiers(state, t, b, a, bout.kind, True)
        ta = rolls[a.id] + sum(v for _, v in ma)
        tb = rolls[b.id] + sum(v for _, v in mb)
        diff = ta - tb
        odds = melee_pair(sum(v for _, v in ma), sum(v for _, v in mb), bout.kind == "climb", t)
        a_wins = sum((p for k, p in odds.items() if k.startswith("b ")), Fraction(0))
        words = (
            f"{_who(state, a)} {rolls[a.id]}{_mods(ma)} against "
            f"{_who(state, b)} {rolls[b.id]}{_mods(mb)} "
            f"[{percent(a_wins)} to win, {percent(odds['tie'])} a tie]"
        )
        if diff == 0:
            ctx.log(f"{words}: a tie, they fight on", R_MELEE)
            continue
        loser, winner = (b, a) if diff > 0 else (a, b)
        result = t.melee.result(abs(diff))
        if bout.kind == "climb" and loser is a:
            result = "dies"  # a boarder beaten on the climb dies whatever the difference
        ctx.log(f"{words}: {_who(state, loser)} {result}", R_MELEE)
        old = worst.get(loser.id)
        if old is None or SEVERITY[result] > SEVERITY[old[0]]:
            worst[loser.id] = (result, winner.id)
    retreaters = [fid for fid, (r, _) in worst.items() if r == "retreats"]
    for fid, (result, winner_id) in worst.items():
        fig = state.figures[fid]
        if result == "dies":
            fig.fate = "dead"
        elif result == "captured":
            fig.fate = "captured"
            winner = state.figures[winner_id]
            state.prisoners[winner.side] = state.prisoners.get(winner.side, 0) + 1
    for side in (state.raiders, state.defenders):
        ids = [fid for fid in retreaters if state.figures[fid].side == side]
        if not ids:
            continue
        dice = ctx.roll(
            f"Retreats: {side}, a d6 of inches for each of {len(ids)} figures",
            len(ids),
            R_MELEE,
            sides=t.melee.retreat_die,
            seat=side,
            math=RollMath(
                "each",
                per_die=tuple(
                    (f"{_who(state, state.figures[fid])} falls back (inches)", total())
                    for fid in ids
                ),
            ),
        )
        for fid, inches in zip(ids, dice, strict=True):
            retreat(state, t, ctx, state.figures[fid], state.figures[worst[fid][1]], inches)
    for ship in state.ships.values():
        if any(
            state.figures[x].side == state.defenders and state.figures[x].place == ship.id
            for b in fights
            if b.field == ship.id
            for x in (b.a, b.b)
        ):
            ship.contested_turn = state.turn
    _settle_climbers(state, t, ctx)
    _settle_breakers(state, t, ctx)
    _settle_batteries(state, ctx)


def _who(state: State, fig: Figure) -> str:
    return f"{state.parties[fig.party].name} {fig.kind}"


def _mods(mods: list[tuple[str, int]]) -> str:
    total = sum(v for _, v in mods)
    return f"{total:+d}" if total else ""


def retreat(
    state: State, t: Tables, ctx: Context, fig: Figure, winner: Figure, inches: int
) -> None:
    """The loser by 1 falls back ``inches`` straight away from the winner (from
    a boarder on the climb: inboard, away from his rail; from a crewman
    breaking out: away from the hatch); off the ship's deck (or into the
    water) he is out of the game. A crewman beaten at the hatch goes back
    below; a boarder falls back into his boat."""
    if not fig.active:
        return
    if fig.breaking_out:
        fig.breaking_out = False
        return
    if fig.climbing:
        fig.climbing = ""
        return
    if fig.where == "deck":
        ship = state.ships[fig.place]
        if winner.where == "deck" and winner.place == fig.place:
            origin = (winner.x, winner.y)
        elif winner.climbing:
            # a boarder coming over the rail: back inboard, away from that rail
            px, py = harbour.boarding_points(ship, t)[winner.climbing]
            origin = (px, math.copysign(ship.beam / 2 + t.figures.base, py))
        else:
            origin = harbour.hatch(ship, t)  # a crewman coming up the hatch
        ux, uy = unit(bearing(origin, (fig.x, fig.y)))
        x, y = fig.x + ux * inches, fig.y + uy * inches
        if not harbour.on_deck(ship, x, y):
            fig.fate = "out"
            ctx.log(
                f"{_who(state, fig)} is driven off {ship.name}'s deck and out of the fight", R_MELEE
            )
            return
        fig.x, fig.y = x, y
        return
    if fig.where == "land":
        wp = harbour.figure_point(state, winner) or (winner.x, winner.y)
        ux, uy = unit(bearing(wp, (fig.x, fig.y)))
        end = (fig.x + ux * inches, fig.y + uy * inches)
        if state.land and not harbour.on_land(state, end):
            fig.fate = "out"
            ctx.log(f"{_who(state, fig)} is driven into the water and out of the fight", R_MELEE)
            return
        fig.x, fig.y = end


def _settle_climbers(state: State, t: Tables, ctx: Context) -> None:
    """Climbers with nobody left barring the top gain it (the deck, or the
    mole or pier); the others drop back into their boats to try again."""
    climbs = [c for ship in state.ships.values() if ship.afloat for c in ship_climbs(state, ship)]
    for climb in climbs + landing_climbs(state):
        if barring(state, t, climb):
            for f in climb.figs:
                f.climbing = ""
            ctx.log(f"The boarders at {climb.words} are held off", R_MELEE)
        else:
            gain_top(state, t, ctx, climb)
            ctx.log(f"{len(climb.figs)} boarders fight their way up at {climb.words}", R_MELEE)


def _settle_breakers(state: State, t: Tables, ctx: Context) -> None:
    """Crew who beat the hatch's guard come up on deck; the rest stay below."""
    for ship in state.ships.values():
        breakers = [f for f in state.below(ship.id) if f.breaking_out]
        if not breakers:
            continue
        ship.contested_turn = state.turn
        if hatch_held(
            state,
            t,
            ship,
            state.raiders if breakers[0].side == state.defenders else state.defenders,
        ):
            for f in breakers:
                f.breaking_out = False
            ctx.log(f"{ship.name}'s crew fail to break out of the hatch", R_MELEE)
            continue
        hx, hy = harbour.hatch(ship, t)
        for f, (x, y) in zip(
            breakers, spread((hx, hy), len(breakers), t.figures.base * 1.05), strict=True
        ):
            f.breaking_out = False
            f.where = "deck"
            f.x, f.y = harbour.clamp_to_deck(ship, x, y)
        ctx.log(f"{len(breakers)} of {ship.name}'s crew break out on deck", R_MELEE)


def _settle_batteries(state: State, ctx: Context) -> None:
    """A battery is captured when the enemy stands in it and none of its own
    side does, and retaken the same way."""
    ashore = [f for f in state.figures.values() if f.active and f.where == "land"]
    sides = {f.side for f in ashore}
    for b in state.batteries.values():
        if sides <= {b.captured_by or b.side}:
            continue  # nobody ashore but those who hold her: she stays theirs
        within = harbour.inside_each(b.outline, [(f.x, f.y) for f in ashore])
        inside = {f.side for f, there in zip(ashore, within, strict=True) if there}
        held = b.captured_by or b.side
        if len(inside) == 1:
            side = next(iter(inside))
            if side != held:
                b.captured_by = "" if side == b.side else side
                verb = "retake" if side == b.side else "capture"
                ctx.log(f"The {side} {verb} {b.name}", R_MELEE)
