"""Boarding Ships; Landing Parties (Coastal Town/Port; Forts); Anchor.

Boarding: up to two parties (one CPV each) a move board an enemy alongside.
One die, 4 to 6, and they are aboard; then each side throws one die a party
(the defenders meet them with as many as they can, up to the boarders'
number) and the highest die wins; a draw fights on next move. The loser's
parties are lost. Boarders who win take her: she is theirs, a prize that
needs a move to get under way and fire, and never moves without a CPV in
her engine and one in her boiler room.

Landing: putting a party (one CPV) ashore takes a move; it then marches an
inch a move to the centre of the town or port (one die a move there: a 6
and it is secured) or to the fort (both sides a die a party, the highest
wins, a draw fights on next move; winning takes or keeps the fort).

Anchor: one CPV weighs or drops anchor (no loss), and only when stopped.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least
from quarterdeck.core.geometry import bearing, distance, unit
from quarterdeck.rulesets.acw_river.dice import fight, roll
from quarterdeck.rulesets.acw_river.state import Fort, Party, Place, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import hull, land_within
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_BOARD: Final = "Boarding Ships"
R_LAND: Final = "Landing Parties: Coastal Town/Port"
R_LAND_FORT: Final = "Landing Parties: Forts"
R_ANCHOR: Final = "Anchor"

Vec = tuple[float, float]


def spare(ship: Ship) -> int:
    """Reserve CPV aboard and free to go away in a party."""
    return max(0, ship.crew.reserve - ship.crew.away)


def alongside(a: Ship, b: Ship, t: Tables) -> bool:
    return hull(a).range_to(hull(b)) <= t.distances.alongside + (a.beam + b.beam) / 2


# --------------------------------------------------------------------------
# Boarding


def defenders(ship: Ship) -> int:
    """CPV aboard who can meet boarders: none in a ship her crew have
    abandoned (Morale: abandon ship)."""
    if ship.status == "abandoned":
        return 0
    c = ship.crew
    guns = sum(1 for g in ship.guns if g.crewed and not g.destroyed)
    return max(0, c.reserve - c.away) + guns + c.engine + c.boiler


def take_from(ship: Ship, n: int) -> None:
    """Defending CPV lost: the reserve first, then gun crews, boiler, engine."""
    c = ship.crew
    for _ in range(n):
        if c.reserve - c.away > 0:
            c.reserve -= 1
        else:
            crewed = [g for g in ship.guns if g.crewed and not g.destroyed]
            if crewed:
                crewed[-1].crewed = False
            elif c.boiler:
                c.boiler -= 1
            elif c.engine:
                c.engine -= 1
            else:
                return
        c.lost += 1


def board(state: State, ship: Ship, target: Ship, ctx: Context, t: Tables) -> None:
    """A boarding attempt and its fight (Boarding Ships)."""
    if not alongside(ship, target, t) or not target.afloat or target.side == ship.side:
        say(state, ctx, f"{ship.name} is not alongside {target.name}: no boarding", R_BOARD, ship)
        return
    parties = min(t.boarding.parties, spare(ship))
    if parties <= 0:
        return
    die = roll(
        ctx,
        f"{ship.name} boards {target.name} with {parties} part{'y' if parties == 1 else 'ies'}",
        1,
        R_BOARD,
        seat=ship.side,
        secret=secret_for(state, ship) or secret_for(state, target),
        goal=f"{t.boarding.board_on} or more",
        math=at_least(
            t.boarding.board_on,
            outcomes=((1, "the boarders are driven off"), (t.boarding.board_on, "they get aboard")),
        ),
    )[0]
    if die < t.boarding.board_on:
        say(state, ctx, f"{ship.name}'s boarders are driven off", R_BOARD, ship, target)
        return
    ship.crew.away += parties
    pid = f"party-{ship.id}-{state.turn}"
    state.parties[pid] = Party(
        pid, ship.side, ship.id, parties, target.x, target.y, target.id, "boarding", state.turn
    )
    say(state, ctx, f"{ship.name}'s boarders are aboard {target.name}", R_BOARD, ship, target)
    melee(state, state.parties[pid], ctx, t)


def melee(state: State, party: Party, ctx: Context, t: Tables) -> None:
    """Both sides a die a party; the highest wins; a draw fights on."""
    target_ship = state.ships.get(party.target)
    fort = state.forts.get(party.target)
    if target_ship is not None:
        defending = min(party.cpv, defenders(target_ship))
        enemy_side = target_ship.side
        name = target_ship.name
        rule = R_BOARD
    elif fort is not None:
        defending = min(party.cpv, sum(fort.cpv)) if fort.status != "abandoned" else 0
        enemy_side = fort.side
        name = fort.name
        rule = R_LAND_FORT
    else:
        return
    if defending <= 0:
        _won(state, party, ctx, t)
        return
    ours = roll(
        ctx,
        f"{party.side} parties fight for {name}",
        party.cpv,
        rule,
        seat=party.side,
        goal="a die a party: the higher best die wins, a draw fights on",
        math=fight(party.cpv, "parties"),
    )
    theirs = roll(
        ctx,
        f"{enemy_side} defenders of {name}",
        defending,
        rule,
        seat=enemy_side,
        goal="a die a defender, as many as the parties: the higher best die wins",
        math=fight(defending, "defenders, no more than the parties"),
    )
    if max(ours) > max(theirs):
        if target_ship is not None:
            take_from(target_ship, defending)
        elif fort is not None:
            _fort_losses(fort, defending)
        _won(state, party, ctx, t)
    elif max(ours) < max(theirs):
        ctx.log(f"The {party.side} parties at {name} are beaten and lost", rule)
        _lose_party(state, party)
    else:
        ctx.log(f"The fight for {name} goes on", rule)


def _fort_losses(fort: Fort, n: int) -> None:
    for _ in range(n):
        for sq in range(6):
            if fort.cpv[sq] > 0:
                fort.cpv[sq] -= 1
                break


def _lose_party(state: State, party: Party) -> None:
    ship = state.ships.get(party.ship)
    if ship is not None:
        ship.crew.away = max(0, ship.crew.away - party.cpv)
        ship.crew.reserve = max(0, ship.crew.reserve - party.cpv)
        ship.crew.lost += party.cpv
    del state.parties[party.id]


def _won(state: State, party: Party, ctx: Context, t: Tables) -> None:
    home = state.ships.get(party.ship)
    if home is not None:
        home.crew.away = max(0, home.crew.away - party.cpv)
        home.crew.reserve = max(0, home.crew.reserve - party.cpv)
    prize = state.ships.get(party.target)
    if prize is not None:
        from quarterdeck.rulesets.acw_river.commanders import flagship_lost

        flagship_lost(state, prize, ctx, t)
        captain = state.commanders.get(prize.captain)
        if captain is not None:
            captain.lost = True
        prize.side = party.side
        prize.status = "captured"
        prize.speed = 0
        prize.prize_move = state.turn + 1
        c = prize.crew
        c.engine = 1 if party.cpv >= 1 and prize.max_speed > 0 else 0
        c.boiler = 1 if party.cpv >= 2 and prize.max_speed > 0 else 0
        c.reserve = max(0, party.cpv - c.engine - c.boiler)
        c.away = 0
        c.captain = 0
        for g in prize.guns:
            g.crewed = False
        for side, seen in state.sighted.items():
            if prize.id not in seen and side != party.side:
                seen.append(prize.id)
        ctx.log(f"{prize.name} is taken by the {party.side} boarders", R_BOARD)
    fort = state.forts.get(party.target)
    if fort is not None:
        fort.status = "captured"
        fort.captured_by = party.side
        fort.side = party.side
        fort.cpv = [0] * 6
        ctx.log(f"{fort.name} is taken by the {party.side} landing parties", R_LAND_FORT)
    del state.parties[party.id]


# --------------------------------------------------------------------------
# Landing parties


def landing_targets(state: State, ship: Ship, t: Tables) -> list[tuple[str, str]]:
    """Towns, ports and enemy forts a ship near the shore may land a party
    for (within reach of land, the target within marching range: both
    reconstructed distances). The shore is looked for only where there is
    a target within marching range."""
    reach = t.distances.landing_range
    out = []
    for pid, place in state.places.items():
        if (
            place.secured_by != ship.side
            and distance((ship.x, ship.y), (place.x, place.y)) <= reach
        ):
            out.append((pid, place.name))
    for fid, fort in state.forts.items():
        if fort.side != ship.side and distance((ship.x, ship.y), (fort.x, fort.y)) <= reach:
            out.append((fid, fort.name))
    if not out or not land_within(state, (ship.x, ship.y), t.distances.landing_reach + ship.beam):
        return []
    return out


def land_party(state: State, ship: Ship, target: str, ctx: Context, t: Tables) -> None:
    """Put one party ashore: it takes the move (Landing Parties)."""
    if spare(ship) <= 0 or ship.speed != 0:
        say(
            state,
            ctx,
            f"{ship.name} must be stopped, with a spare CPV, to land a party",
            R_LAND,
            ship,
        )
        return
    if target not in dict(landing_targets(state, ship, t)):
        return
    ship.crew.away += 1
    from quarterdeck.rulesets.acw_river.terrain import geometry

    g = geometry(state)
    spot: Vec = (ship.x, ship.y)
    if g.land is not None:
        from shapely.geometry import Point
        from shapely.ops import nearest_points

        near = nearest_points(g.land, Point(ship.x, ship.y))[0]
        spot = (round(float(near.x), 3), round(float(near.y), 3))
    pid = f"party-{ship.id}-{state.turn}"
    state.parties[pid] = Party(
        pid, ship.side, ship.id, 1, spot[0], spot[1], target, "landing", state.turn
    )
    say(state, ctx, f"{ship.name} lands a party for {_name(state, target)}", R_LAND, ship)


def _name(state: State, target: str) -> str:
    if target in state.places:
        return state.places[target].name
    if target in state.forts:
        return state.forts[target].name
    return target


def parties_ashore(state: State, ctx: Context, t: Tables) -> None:
    """Each party ashore marches an inch toward its target, then tries to
    take it (a town or port: a 6; a fort: a fight)."""
    for party in list(state.parties.values()):
        if party.id not in state.parties:
            continue
        if party.stage == "boarding":
            melee(state, party, ctx, t)
            continue
        if party.stage == "landing":
            if state.turn > party.since:
                party.stage = "marching"
            continue
        place: Place | None = state.places.get(party.target)
        fort: Fort | None = state.forts.get(party.target)
        goal = place or fort
        if goal is None:
            del state.parties[party.id]
            continue
        reach = (
            0.1 if place is not None else max(fort.w, fort.h) / 2 + 0.5 if fort is not None else 0.1
        )
        gap = distance((party.x, party.y), (goal.x, goal.y))
        if party.stage == "marching" and gap > reach:
            step = min(t.landing.march, gap - (0 if place is not None else reach))
            ux, uy = unit(bearing((party.x, party.y), (goal.x, goal.y)))
            party.x, party.y = round(party.x + ux * step, 3), round(party.y + uy * step, 3)
            gap = distance((party.x, party.y), (goal.x, goal.y))
            if gap > reach + 1e-6:
                continue
        party.stage = "assault"
        if place is not None:
            sent_by = state.ships.get(party.ship)
            dice = roll(
                ctx,
                f"{party.side} party at the centre of {place.name}",
                party.cpv,
                R_LAND,
                seat=party.side,
                # unseen with the ship that landed it, until the town falls
                secret=sent_by is not None and secret_for(state, sent_by),
                goal=f"a {t.landing.take_on} takes it",
                math=RollMath(
                    "any",
                    target=t.landing.take_on,
                    dice=(("a die for each CPV of the party", party.cpv),),
                ),
            )
            if max(dice) >= t.landing.take_on:
                place.secured_by = party.side
                ctx.log(f"{place.name} is secured by the {party.side} landing party", R_LAND)
                home = state.ships.get(party.ship)
                if home is not None:
                    home.crew.away = max(0, home.crew.away - party.cpv)
                    home.crew.reserve = max(0, home.crew.reserve - party.cpv)
                del state.parties[party.id]
        else:
            melee(state, party, ctx, t)


# --------------------------------------------------------------------------
# Anchor


def anchor(state: State, ship: Ship, drop: bool, ctx: Context) -> None:
    """Weigh or drop anchor: only when stopped, with a CPV to do it."""
    if ship.speed != 0 or ship.cpv <= 0:
        say(
            state,
            ctx,
            f"{ship.name} must be stopped to {'drop' if drop else 'weigh'} anchor",
            R_ANCHOR,
            ship,
        )
        return
    ship.anchored = drop
    say(state, ctx, f"{ship.name} {'drops' if drop else 'weighs'} anchor", R_ANCHOR, ship)
