"""The ship's challenge (step 2), and boarders reaching the deck.

While the raiders are unseen and a boat lies alongside, the guard hails:
a d6 of 3 or less and the officer's disguised voice fools him long enough
for the climbers to gain the deck; 4 or more and the alarm sounds this turn,
and every boat's climbers that a guard opposes must beat him in the melee.
Instead the raiders may shoot the guard (a 6 kills him) but the shot sounds
the alarm. The challenge is the raiding officer's bluff, so the raiders roll
it, secretly until it fails.

Once the alarm is given, climbers reach the deck where nobody bars the way;
where enemies stand at the rail they must fight their way up (Melee).
Landing on a mole or pier is played as boarding a vessel (Movement): the
climbers reach the top where nobody bars the way, and fight for it, at the
same odds, where enemies stand there (:class:`Climb`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_most
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.boarding import gain_deck, put_ashore
from quarterdeck.rulesets.cutting_out.common import R_CHALLENGE, hidden, say
from quarterdeck.rulesets.cutting_out.spotting import detect
from quarterdeck.rulesets.cutting_out.state import Boat, Figure, Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def guards(state: State, ship: Ship) -> list[Figure]:
    return [f for f in state.on_deck(ship.id) if f.party == f"{ship.id}-guard"]


def guard_facing(
    state: State, t: Tables, ship: Ship, point_id: str, taken: set[str] | None = None
) -> Figure | None:
    """The guard who opposes boarders at ``point_id``: the nearest man of the
    ship's guard who can reach that point in one move (this project's
    reading of "opposed by a guard")."""
    px, py = harbour.boarding_points(ship, t)[point_id]
    near = [
        g
        for g in guards(state, ship)
        if math.hypot(g.x - px, g.y - py) <= t.challenge.reach
        and (taken is None or g.id not in taken)
    ]
    return min(near, key=lambda g: math.hypot(g.x - px, g.y - py)) if near else None


def opposers(state: State, t: Tables, ship: Ship, point_id: str, side: str) -> list[Figure]:
    """Enemies of ``side`` standing at the rail at ``point_id``."""
    px, py = harbour.boarding_points(ship, t)[point_id]
    return [
        f
        for f in state.on_deck(ship.id)
        if f.side != side and math.hypot(f.x - px, f.y - py) <= t.deck.rail_reach
    ]


def climbers(state: State, ship: Ship) -> dict[str, list[Figure]]:
    """Figures climbing the ship's side this turn, by boarding point: the
    boats alongside her in turn, each one's figures (state.aboard) in their
    order, all the boats' found in one pass over the figures."""
    out: dict[str, list[Figure]] = {}
    prefix = f"{ship.id}:"
    by_boat: dict[str, list[Figure]] = {
        boat.id: []
        for boat in state.boats.values()
        if boat.afloat and boat.alongside.startswith(prefix)
    }
    if not by_boat:
        return out
    for f in state.figures.values():
        if f.climbing and f.where == "boat" and not f.fate:
            found = by_boat.get(f.place)
            if found is not None:
                found.append(f)
    for figs in by_boat.values():
        for f in figs:
            out.setdefault(f.climbing, []).append(f)
    return out


@dataclass(frozen=True, slots=True)
class Climb:
    """Figures climbing at one place this turn: a ship's boarding point, or
    the top of a mole or pier (Movement: landing there uses the same rules
    as boarding a vessel). ``field`` is the ship's id, or "land"."""

    field: str
    point: str  # the boarding point, or the landing's id
    figs: tuple[Figure, ...]
    words: str  # where, for the log

    @property
    def side(self) -> str:
        return self.figs[0].side


def ship_climbs(state: State, ship: Ship) -> list[Climb]:
    return [
        Climb(ship.id, point_id, tuple(figs), f"{ship.name}'s {harbour.point_words(point_id)}")
        for point_id, figs in sorted(climbers(state, ship).items())
    ]


def landing_climbs(state: State) -> list[Climb]:
    """Figures climbing onto each mole or pier this turn."""
    out = []
    for landing in state.landings.values():
        figs = [
            f
            for boat in state.boats.values()
            if boat.afloat and boat.landed == landing.id
            for f in state.aboard(boat.id)
            if f.climbing == landing.id
        ]
        if figs:
            out.append(Climb("land", landing.id, tuple(figs), landing.name))
    return out


def top(state: State, landing_id: str) -> tuple[float, float]:
    """The top of a mole or pier: where the figures landing there stand."""
    landing = state.landings[landing_id]
    return harbour.ashore_point(state, (landing.x, landing.y))


def barring(state: State, t: Tables, climb: Climb) -> list[Figure]:
    """The enemies who bar the climbers' way: at the rail of the boarding
    point, or standing on the top of the mole or pier (within the same
    reach of where the climbers come up)."""
    if climb.field != "land":
        return opposers(state, t, state.ships[climb.field], climb.point, climb.side)
    tx, ty = top(state, climb.point)
    return [
        f
        for f in state.figures.values()
        if f.active
        and f.where == "land"
        and f.side != climb.side
        and math.hypot(f.x - tx, f.y - ty) <= t.deck.rail_reach
    ]


def gain_top(state: State, t: Tables, ctx: Context, climb: Climb) -> None:
    """The climbers come up: onto the deck, or ashore on the mole or pier."""
    if climb.field != "land":
        gain_deck(state, t, state.ships[climb.field], list(climb.figs), climb.point)
        return
    for boat_id in dict.fromkeys(f.place for f in climb.figs):
        boat = state.boats[boat_id]
        put_ashore(state, t, ctx, boat, [f for f in climb.figs if f.place == boat_id], 0)


def step_challenge(state: State, t: Tables, ctx: Context) -> None:
    """Step 2: the challenge (skipped once the raiders are seen; not made
    again the turn after the guard was fooled, when the boats that came
    alongside climb), then the climbers gain the deck wherever nobody bars
    the way."""
    for ship in state.ships.values():
        if not ship.afloat:
            continue
        alongside = [
            b
            for b in state.boats.values()
            if b.afloat and b.side == state.raiders and b.alongside.startswith(f"{ship.id}:")
        ]
        fooled = False
        alarm = False
        if hidden(state) and alongside and ship.side == state.defenders:
            shooting = [b for b in alongside if b.id in state.challenge.get("shoot", [])]
            fooled_on = state.challenge.get("fooled", {}).get(ship.id, 0)
            if shooting:
                for boat in shooting:
                    shoot_guard(state, t, ctx, ship, boat)
                detect(state, t, ctx, "the raiders shoot at the guard", alarm_now=True)
                alarm = True
            elif fooled_on and fooled_on >= state.turn - 1:
                # fooled "long enough to gain the deck": the bluff answered on
                # the turn of contact holds for the climb the turn after
                fooled = True
            else:
                (die,) = ctx.roll(
                    f"{ship.name}'s guard hails the boats: the officer answers "
                    f"({t.challenge.fooled_on} or less fools him)",
                    1,
                    R_CHALLENGE,
                    seat=state.raiders,
                    secret=True,
                    odds=f"{t.challenge.fooled_on / 6 * 100:.0f}% to fool him",
                    math=at_most(
                        t.challenge.fooled_on,
                        outcomes=(
                            (1, "he is fooled"),
                            (t.challenge.fooled_on + 1, "he is not fooled: the alarm"),
                        ),
                    ),
                )
                if die <= t.challenge.fooled_on:
                    fooled = True
                    state.challenge.setdefault("fooled", {})[ship.id] = state.turn
                    say(state, ctx, f"The guard is fooled (rolled {die})", R_CHALLENGE, True)
                else:
                    detect(
                        state,
                        t,
                        ctx,
                        f"{ship.name}'s guard is not fooled by the answer to his challenge",
                        alarm_now=True,
                    )
                    alarm = True
        climbing = climbers(state, ship)
        if alarm and climbing:
            taken: set[str] = set()
            for point_id in sorted(climbing, key=lambda p: -len(climbing[p])):
                guard = guard_facing(state, t, ship, point_id, taken)
                if guard is None:
                    continue
                taken.add(guard.id)
                px, py = harbour.boarding_points(ship, t)[point_id]
                guard.x, guard.y = harbour.clamp_to_deck(ship, px, py)
                ctx.log(
                    f"A guard runs to the {harbour.point_words(point_id)} to bar the boarders' way",
                    R_CHALLENGE,
                )
        for climb in ship_climbs(state, ship):
            reach_top(state, t, ctx, climb, fooled)
        if hidden(state) and state.on_deck(ship.id, state.raiders):
            detect(state, t, ctx, f"raiders stand on {ship.name}'s deck")
    for climb in landing_climbs(state):
        reach_top(state, t, ctx, climb)


def reach_top(state: State, t: Tables, ctx: Context, climb: Climb, fooled: bool = False) -> None:
    """Climbers come up where nobody bars the way (or the guard is fooled);
    where enemies bar it they must fight their way up in the melee."""
    barred = [] if fooled else barring(state, t, climb)
    if barred:
        say(
            state,
            ctx,
            f"{len(climb.figs)} boarders at {climb.words} "
            f"must fight their way past {len(barred)} at the top",
            R_CHALLENGE,
        )
        return
    gain_top(state, t, ctx, climb)
    say(
        state,
        ctx,
        f"{len(climb.figs)} boarders come up at {climb.words}",
        R_CHALLENGE,
        True,
    )


def shoot_guard(state: State, t: Tables, ctx: Context, ship: Ship, boat: Boat) -> None:
    """The raiders in a boat fire at the guard facing them: a 6 kills him."""
    point_id = boat.alongside.split(":", 1)[1]
    guard = guard_facing(state, t, ship, point_id)
    muskets = [
        f
        for f in state.aboard(boat.id)
        if t.figures.types[f.kind].musket and f.wet_until < state.turn  # type: ignore[index]
    ]
    if guard is None or not muskets:
        ctx.log(f"{boat.name}'s people fire into the dark", R_CHALLENGE)
        return
    dice = ctx.roll(
        f"{boat.name}: shooting the guard ({t.challenge.shoot_guard_on} kills him)",
        len(muskets),
        R_CHALLENGE,
        seat=state.raiders,
        math=RollMath(
            "any",
            target=t.challenge.shoot_guard_on,
            dice=(("a die for each dry musket in the boat", len(muskets)),),
        ),
    )
    if any(d >= t.challenge.shoot_guard_on for d in dice):
        guard.fate = "dead"
        ctx.log(f"A guard is shot dead at the {harbour.point_words(point_id)}", R_CHALLENGE)
    else:
        ctx.log("The shots miss the guard", R_CHALLENGE)
