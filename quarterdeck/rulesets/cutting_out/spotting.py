"""Defender attempts to spot, and the alarm sequence that follows.

Once a turn the defenders roll a die to spot the nearest raider: within 6"
on a 4-6, within 12" on a 5-6, within 24" on a 6 (daytime +2). Once they
are spotted the alarm sounds the next turn (at once by day), the crew and
garrison turn out the turn after, and fire the turn after that. The crew
come up the main hatch at a d6 a turn until the raiders hold it.

The spotting die is rolled every turn whether or not a raider is in reach:
only the raiders (and the umpire) learn how near the nearest boat was.
"""

from __future__ import annotations

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, total
from quarterdeck.core.geometry import distance
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.common import R_SPOT, hatch_held, need_words
from quarterdeck.rulesets.cutting_out.events import spotting_bonus
from quarterdeck.rulesets.cutting_out.setup import spread
from quarterdeck.rulesets.cutting_out.state import Party, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def detect(state: State, t: Tables, ctx: Context, reason: str, alarm_now: bool = False) -> None:
    """The raiders are seen. The alarm sounds this turn if ``alarm_now`` (a
    failed challenge, a shot) or by day, else the next turn."""
    at_once = alarm_now or t.light[state.light].alarm_at_once  # type: ignore[index]
    alarm = state.turn if at_once else state.turn + t.alarm.alarm_after
    if state.detected:
        if alarm < state.alarm_turn:
            state.alarm_turn = alarm
            state.alarm_reason = reason
            ctx.log(f"The alarm is given: {reason}", R_SPOT)
        return
    state.detected = True
    state.spotted_turn = state.turn
    if not state.alarm_turn or alarm < state.alarm_turn:
        state.alarm_turn = alarm
        state.alarm_reason = reason
    when = "this turn" if alarm == state.turn else f"on turn {alarm}"
    ctx.log(f"The raiders are seen: {reason}. The alarm sounds {when}", R_SPOT)


def respond_turn(state: State, t: Tables, garrison: bool = False) -> int | None:
    """The turn the ship's crew (or the garrison) turns out, if the alarm is
    given."""
    if not state.alarm_turn:
        return None
    return state.alarm_turn + t.alarm.respond_after + (state.garrison_delay if garrison else 0)


def fire_turn(state: State, t: Tables, garrison: bool = False) -> int | None:
    responded = respond_turn(state, t, garrison)
    return None if responded is None else responded + t.alarm.fire_after


def ashore(party: Party) -> bool:
    """Parties that answer the alarm as the garrison does (not the ship's)."""
    return party.kind not in ("guard", "crew")


def may_act(state: State, t: Tables, party: Party) -> bool:
    """Whether a party may move of its own accord this turn. Raiders always;
    the ship's guard once the raiders are seen; the crew and the garrison
    once they have turned out."""
    if party.side == state.raiders:
        return True
    if party.kind == "guard":
        return state.detected
    when = respond_turn(state, t, ashore(party))
    return when is not None and state.turn >= when


def may_fire(state: State, t: Tables, party: Party) -> bool:
    """Raiders may fire at any time (before they are seen it gives the
    alarm); defenders from the turn after they turn out."""
    if party.side == state.raiders:
        return True
    when = fire_turn(state, t, ashore(party))
    return when is not None and state.turn >= when


def nearest_raider(state: State, t: Tables) -> float | None:
    """Inches from the nearest defender lookout (the ship, unless her guard
    is asleep; a manned battery; a manned boat) to the nearest raider boat or
    raider figure ashore."""
    targets: list[tuple[float, float]] = [
        (b.x, b.y)
        for b in state.boats.values()
        if b.side == state.raiders and b.afloat and state.aboard(b.id)
    ]
    targets += [
        (f.x, f.y)
        for f in state.figures.values()
        if f.active and f.side == state.raiders and f.where == "land"
    ]
    targets += [
        harbour.deck_to_table(state.ships[f.place], f.x, f.y)
        for f in state.figures.values()
        if f.active and f.side == state.raiders and f.where == "deck"
    ]
    if not targets:
        return None
    best: float | None = None
    for ship in state.ships.values():
        if ship.side != state.defenders or not ship.afloat:
            continue
        if state.event == "asleep" and ship.id == state.prize:
            continue
        for p in targets:
            d = harbour.distance_to_ship(ship, p)
            best = d if best is None else min(best, d)
    for battery in state.batteries.values():
        manned = any(
            f.side == state.defenders and f.active and f.where == "land" and f.party == battery.id
            for f in state.figures.values()
        )
        if not manned or battery.captured_by:
            continue
        for p in targets:
            d = harbour.fort_distance(battery.outline, p)
            best = d if best is None else min(best, d)
    for boat in state.boats.values():
        if boat.side != state.defenders or not boat.afloat or not state.aboard(boat.id):
            continue
        for p in targets:
            d = distance((boat.x, boat.y), p)
            best = d if best is None else min(best, d)
    return best


def spot_math(state: State, t: Tables, nearest: float | None, need: int | None) -> RollMath:
    """The spotting die as each side may know it (Spotting): against the
    best band's 6, with the light and the moon open to all, and how far off
    the nearest raider is (what the band makes of it) known to the raiders
    alone. Out of every band, no die spots her."""
    light = t.light[state.light]  # type: ignore[index]
    moon = t.events.moon_spotting if state.event == "moon" else 0
    bonus = light.spotting + moon
    top = 6
    if nearest is None or need is None:
        far = (
            f"no raider within {t.spotting.reach:g} in: no die spots one",
            -(top + max(0, bonus)),
        )
    else:
        far = (f"the nearest raider {nearest:.1f} in off: seen on {need_words(need)}", top - need)
    return RollMath(
        "sum",
        target=top,
        modifiers=tuple(
            m for m in ((light.title, light.spotting), ("the moon comes out", moon)) if m[1]
        ),
        secret=((*far, (state.raiders,)),),
        outcomes=((top - 1, "nothing is seen"), (top, "a boat is spotted: the alarm")),
    )


def step_spot(state: State, t: Tables, ctx: Context) -> None:
    """Step 3: the defender rolls to spot, or gives the alarm, or responds."""
    if state.detected:
        if state.turn == state.alarm_turn:
            ctx.log(f"The alarm is sounding ({state.alarm_reason})", R_SPOT)
        if state.turn == respond_turn(state, t):
            ctx.log("The ship's crew turns out", R_SPOT)
        if state.turn == respond_turn(state, t, garrison=True):
            ctx.log("The garrison runs to its guns", R_SPOT)
        return
    bonus = spotting_bonus(state, t)
    nearest = nearest_raider(state, t)
    need = t.spotting.need(nearest) if nearest is not None else None
    bands = ", ".join(
        f"{b.need}-6 within {b.max:g} in" if b.need < 6 else f"6 within {b.max:g} in"
        for b in t.spotting.bands
    )
    (die,) = ctx.roll(
        "Spotting die (the nearest boat is spotted on " + bands + ")",
        1,
        R_SPOT,
        seat=state.defenders,
        goal=f"{bonus:+d}" if bonus else "",
        math=spot_math(state, t, nearest, need),
    )
    if nearest is None:
        ctx.log("Nothing is seen", R_SPOT)
        return
    total = die + bonus
    where = f"nearest raider {nearest:.1f} in away"
    if need is None:
        ctx.log(f"{where}: beyond spotting range", R_SPOT, seats=(state.raiders,))
        ctx.log("Nothing is seen", R_SPOT)
        return
    chance = max(0, min(6, 7 - need + bonus)) / 6
    ctx.log(
        f"{where}: needed {need_words(need)}, rolled {die}"
        + (f" {bonus:+d} = {total}" if bonus else "")
        + f" (a {chance * 100:.0f}% chance)",
        R_SPOT,
        seats=(state.raiders,),
    )
    if total >= need:
        detect(state, t, ctx, f"a lookout spots a boat {nearest:.0f} in off")
    else:
        ctx.log("Nothing is seen", R_SPOT)


def turn_out(state: State, t: Tables, ctx: Context) -> None:
    """The crew come boiling out of the main hatch, a d6 of them a turn,
    from the turn they respond until the raiders hold the hatch: then they
    must break out past its guard (melee). A docile crew stays below."""
    for ship in state.ships.values():
        if ship.side != state.defenders or not ship.afloat or ship.docile:
            continue
        below = state.below(ship.id)
        when = respond_turn(state, t)
        if not below or when is None or state.turn < when:
            continue
        (n,) = ctx.roll(
            f"{ship.name}: crew coming up the main hatch",
            1,
            R_SPOT,
            sides=t.alarm.hatch_die,
            seat=state.defenders,
            goal="the die is how many come up",
            math=total(),
        )
        up = below[:n]
        if hatch_held(state, t, ship, state.raiders):
            for f in up:
                f.breaking_out = True
            ctx.log(
                f"{len(up)} of {ship.name}'s crew try to break out past the guard on the hatch",
                R_SPOT,
            )
            continue
        hx, hy = harbour.hatch(ship, t)
        places = spread((hx, hy), len(up), t.figures.base * 1.05)
        for f, (x, y) in zip(up, places, strict=True):
            f.where = "deck"
            f.x, f.y = harbour.clamp_to_deck(ship, x, y)
        ship.contested_turn = state.turn
        ctx.log(f"{len(up)} of {ship.name}'s crew come up on deck", R_SPOT)
