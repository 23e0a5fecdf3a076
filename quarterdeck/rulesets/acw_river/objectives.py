"""Game Objectives: the cards, when each is met, and who wins.

Each side holds two objective cards (dealt three, one discarded, in secret;
a historical scenario states them). A card of an event (destroy or capture
ironclads, the flagship or the whole fleet; ships through the blockade;
a town, port or fort secured; the stranded ship brought home) is met when
it happens and stays met. A card of control (the islands' inlet, the
downstream squares, keeping one's own fort) is judged at the end: own ships
in action there and no enemy's. The side that has met more of its cards
wins: both beat one, one beats none; otherwise the game is drawn.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.result import Result, Termination
from quarterdeck.rulesets.acw_river.state import Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import square_of

R_OBJ: Final = "Game Objectives"

CONTROL: Final[tuple[str, ...]] = ("islands", "downstream")


def out_of_action(ship: Ship, by: str) -> bool:
    """Destroyed or captured (by ``by``): sunk, blown up, abandoned, or a prize."""
    if ship.status in ("sunk", "exploded", "abandoned"):
        return True
    return ship.status == "captured" and ship.side == by


def ironclad(ship: Ship, t: Tables) -> bool:
    return t.hulls[ship.hull].ironclad


def far_end(state: State, side: str) -> str:
    return "downstream" if state.sides[side].end == "upstream" else "upstream"


def event_met(state: State, side: str, card: str, t: Tables) -> bool:
    """Whether an event card of ``side`` is met now."""
    enemy = state.enemy(side)
    theirs = [s for s in state.ships.values() if s.owner == enemy]
    if card in ("ironclad-1", "ironclad-2"):
        clads = [s for s in theirs if ironclad(s, t)]
        need = min(int(card[-1]), len(clads))
        return need > 0 and sum(out_of_action(s, side) for s in clads) >= need
    if card == "flagship":
        flag = state.ships.get(state.setup.get("nominated", {}).get(enemy, ""))
        return flag is not None and out_of_action(flag, side)
    if card == "fleet":
        return bool(theirs) and all(out_of_action(s, side) for s in theirs)
    if card in ("through-1", "through-2"):
        gone = [
            s
            for s in state.ships.values()
            if s.owner == side and s.status == "exited" and s.exit_edge == far_end(state, side)
        ]
        return len(gone) >= int(card[-1])
    if card in ("town", "port"):
        return any(p.kind == card and p.secured_by == side for p in state.places.values())
    if card == "fort":
        return any(f.owner == enemy and f.captured_by == side for f in state.forts.values())
    if card == "retrieve":
        sid = state.setup.get("retrieve", {}).get(side, "")
        ship = state.ships.get(sid)
        return (
            ship is not None and ship.status == "exited" and ship.exit_edge == state.sides[side].end
        )
    return False


def control_met(state: State, side: str, card: str, t: Tables) -> bool:
    """Whether a control card of ``side`` holds at the end."""
    enemy = state.enemy(side)
    if card == "fort":
        own = [f for f in state.forts.values() if f.owner == side]
        return bool(own) and all(f.captured_by in ("", side) for f in own)
    if card == "downstream":
        squares = (5, 6)
        inside = [
            s
            for s in state.ships.values()
            if s.in_action
            and s.status != "exited"
            and square_of(state.table, (s.x, s.y)) in squares
        ]
    elif card == "islands":
        area = state.setup.get("islands_area")
        if not area:
            return False
        x0, y0, x1, y1 = area
        inside = [
            s
            for s in state.ships.values()
            if s.in_action and s.status != "exited" and x0 <= s.x <= x1 and y0 <= s.y <= y1
        ]
    else:
        return False
    return any(s.side == side for s in inside) and not any(s.side == enemy for s in inside)


def check_events(state: State, ctx: Context, t: Tables) -> None:
    """Mark the event cards met this move (told to their holder only)."""
    for side in state.sides.values():
        for card in side.objectives:
            if card in side.met or card in CONTROL:
                continue
            owner_fort = card == "fort" and any(f.owner == side.name for f in state.forts.values())
            if owner_fort:
                continue
            if event_met(state, side.name, card, t):
                side.met.append(card)
                title = t.objectives.card(card).title
                ctx.log(f"Objective met: {title}", R_OBJ, seats=(side.name,))


def final_met(state: State, side: str, t: Tables) -> list[str]:
    out = []
    own_fort = any(f.owner == side for f in state.forts.values())
    for card in state.sides[side].objectives:
        if card in state.sides[side].met or (
            (card in CONTROL or (card == "fort" and own_fort)) and control_met(state, side, card, t)
        ):
            out.append(card)
    return out


def all_events_met(state: State, side: str) -> bool:
    s = state.sides[side]
    return bool(s.objectives) and all(c in s.met for c in s.objectives)


def in_action(state: State, side: str) -> bool:
    """Whether the side still fights: a ship of hers in action on the table,
    or a fort of hers still firing (its guns keep the river closed)."""
    return any(
        s.side == side and s.in_action and s.status != "exited" for s in state.ships.values()
    ) or any(f.side == side and f.status == "active" for f in state.forts.values())


def finish(state: State, ctx: Context, t: Tables, why: str) -> None:
    """The game ends: every side's cards judged, the winner named."""
    met = {side: final_met(state, side, t) for side in state.sides}
    parts = []
    for side, cards in met.items():
        titles = "; ".join(t.objectives.card(c).title for c in cards) or "none"
        parts.append(f"{side} met {len(cards)} of {len(state.sides[side].objectives)} ({titles})")
    a, b = list(state.sides)
    winner = a if len(met[a]) > len(met[b]) else b if len(met[b]) > len(met[a]) else None
    how = (
        Termination.TURN_LIMIT if why == "turn limit" and winner is None else Termination.OBJECTIVES
    )
    detail = f"{why}: " + "; ".join(parts)
    state.result = Result(winner, how, state.turn, detail).to_json()
    ctx.log(f"The battle ends ({detail})", R_OBJ)


def check_end(state: State, ctx: Context, t: Tables) -> bool:
    """End of a move: the turn limit, a side with nothing left in action, or
    a side with every card met."""
    check_events(state, ctx, t)
    for side in state.sides:
        if all_events_met(state, side):
            finish(state, ctx, t, f"{side} has met every objective")
            return True
    for side in state.sides:
        if not in_action(state, side):
            finish(state, ctx, t, f"the {side} fleet has nothing left in action")
            return True
    if state.turn >= state.turn_limit:
        finish(state, ctx, t, "turn limit")
        return True
    return False
