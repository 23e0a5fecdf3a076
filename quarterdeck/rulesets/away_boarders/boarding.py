"""Away, Boarders!: boarding actions (5.0): who may board whom, dividing a
boarding party, a round of close combat, the free attack, surrender."""

from __future__ import annotations

from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.away_boarders import explain as ex
from quarterdeck.rulesets.away_boarders.damage import release, take_casualties
from quarterdeck.rulesets.away_boarders.sailing import afloat, ships_at
from quarterdeck.rulesets.away_boarders.sections import R_BOARD
from quarterdeck.rulesets.away_boarders.state import TASK_BOXES, Ship, State


def met_in_boarding(state: State, a: Ship, b: Ship) -> bool:
    """Whether ``a`` and ``b`` have already fought a boarding round this crew
    task segment, whichever boarded: when both have boarding parties they
    fight one round together (5.0), not one round each way."""
    return [a.id, b.id] in state.boardings or [b.id, a.id] in state.boardings


def boarding_party(ship: Ship, other: Ship) -> int:
    """The men of ``ship``'s boarding party free to board ``other`` (5.0):
    her party less any she has set against other enemies when she divided it."""
    party = ship.crew["boarders"] - ship.boarders_used
    party -= sum(n for k, n in ship.repel.items() if k != other.id)
    return max(0, party)


def board_options(state: State, ship: Ship) -> list[Option]:
    """Board an enemy grappled or fouled on the same point (5.0), unless the
    two have already met in a boarding round this turn, or every man of her
    party is set against another enemy."""
    if ship.crew["boarders"] - ship.boarders_used <= 0:
        return []
    out: list[Option] = []
    for other in ships_at(state, ship.pos, ship.id):
        if other.side == ship.side or (
            other.id not in ship.fouled and other.id not in ship.grappled
        ):
            continue
        if met_in_boarding(state, ship, other) or boarding_party(ship, other) == 0:
            continue
        out.append(Option(f"board:{other.id}", f"board {other.name}"))
        if ship.co == "ok":
            out.append(Option(f"board-co:{other.id}", f"board {other.name}, the captain leading"))
    if out:
        out.append(Option("none", "no boarding"))
    return out


def meet_boarders(state: State, ship: Ship, other: Ship, with_co: bool, ctx: Context) -> None:
    """Boarders go over; a defender with men to repel them and her captain
    standing is first asked whether he joins (5.0)."""
    if repel_strength(state, other, ship) > 0 and other.co == "ok":
        state.tasks.insert(0, [other.id, f"repel:{ship.id}:{int(with_co)}"])
    else:
        board(state, ship, other, with_co, ctx)


def may_board(state: State, defender: Ship) -> list[Ship]:
    """Enemy ships grappled or fouled with ``defender`` on her point whose
    boarding party has still to act this crew task segment (5.0)."""
    to_come = {i for i, task in state.tasks if task == "board"}
    return [
        s
        for s in ships_at(state, defender.pos, defender.id)
        if s.side != defender.side
        and (s.id in defender.fouled or s.id in defender.grappled)
        and s.crew["boarders"] - s.boarders_used > 0
        and s.id in to_come
        and not met_in_boarding(state, s, defender)
    ]


def repel_left(defender: Ship) -> int:
    """The defender's boarding party not yet set against an attacker (5.0)."""
    return max(0, defender.crew["boarders"] - defender.boarders_used - sum(defender.repel.values()))


def repel_strength(state: State, defender: Ship, attacker: Ship) -> int:
    """The part of the defender's boarding party facing ``attacker``: what
    she set against her when she divided it (5.0), else all she has left."""
    if attacker.id in defender.repel:
        return defender.repel[attacker.id]
    return repel_left(defender)


def split_options(state: State, defender: Ship, attacker: Ship) -> list[Option]:
    """How many of the defender's party face ``attacker`` (5.0), the rest
    kept for the other ships that may board her."""
    left = repel_left(defender)
    others = [s.name for s in may_board(state, defender) if s.id != attacker.id]
    return [
        Option(
            f"face:{k}",
            f"{k} against {attacker.name}, {left - k} kept for {', '.join(others)}",
        )
        for k in range(left + 1)
    ]


def board(
    state: State,
    ship: Ship,
    other: Ship,
    with_co: bool,
    ctx: Context,
    defender_co: bool = False,
) -> None:
    """One round of a boarding action (5.0): crew markers (and a captain who
    joins) plus a die each; the loser loses a boarder, or the captain on a 2."""
    # a ship that divided her party between two enemies boards the one with
    # the part she kept for her, not with the men set against the other (5.0)
    party = boarding_party(ship, other)
    state.boardings.append([ship.id, other.id])
    defenders = repel_strength(state, other, ship)
    if defenders == 0:
        ctx.log(f"{ship.name}'s boarders meet no boarding party: a free attack", R_BOARD)
        take_casualties(state, other, 1, [["guns", "repair_guns"], list(TASK_BOXES)], ctx, R_BOARD)
        return
    mine = [("boarding party", party), ("captain leads them", int(with_co))]
    theirs = [("men repelling boarders", defenders), ("captain leads them", int(defender_co))]
    # the words and the rolls' explanations are built only where a log reads them
    a = ctx.roll(
        lambda: f"{ship.name} boarders ({party + int(with_co)} markers)",
        1,
        R_BOARD,
        seat=ship.side,
        math=lambda _faces: ex.opposed(mine, defenders + int(defender_co)),
    )[0]
    att = a + party + int(with_co)
    d = ctx.roll(
        lambda: f"{other.name} repels boarders ({defenders + int(defender_co)} markers)",
        1,
        R_BOARD,
        seat=other.side,
        math=lambda _faces: ex.opposed(theirs, party + int(with_co), against=att),
    )[0]
    dfn = d + defenders + int(defender_co)
    ctx.log(f"Boarding: {ship.name} {att} against {other.name} {dfn}", R_BOARD)
    if att == dfn:
        ctx.log("The boarding round is drawn", R_BOARD)
        return
    loser, led = (other, defender_co) if att > dfn else (ship, with_co)
    if led:
        x, y = ctx.roll(
            lambda: f"{loser.name}: the captain in the melee (2 = struck down)",
            2,
            R_BOARD,
            seat=loser.side,
            math=lambda _faces: ex.captain_in_melee(),
        )
        if x + y == 2:
            loser.co = "down"
            ctx.log(f"{loser.name}'s captain falls leading the boarders", R_BOARD)
            return
    if loser is other and other.repel.get(ship.id, 0) > 0:
        other.repel[ship.id] -= 1
    if loser.crew["boarders"] > 0:
        loser.crew["boarders"] -= 1
        loser.casualties += 1
        ctx.log(f"{loser.name} loses a man of her boarding party", R_BOARD)


def boarding_enemies(state: State, defender: Ship) -> list[Ship]:
    """The enemy ships locked in a boarding action with ``defender`` (5.0):
    grappled or fouled with her on her point, or whose party boarded her
    this turn."""
    boarded = {a for a, d in state.boardings if d == defender.id}
    locked = (*defender.fouled, *defender.grappled)
    if not boarded and not locked:
        return []  # most ships of a fleet, most turns
    return [
        s
        for s in afloat(state)
        if s.side != defender.side
        and (s.id in boarded or (s.pos == defender.pos and s.id in locked))
    ]


def surrender_check(state: State, ctx: Context) -> None:
    """At the end of any turn a ship strikes when the boarding parties of the
    enemies locked with her outnumber her remaining crew 3:1, or 2:1 while
    her commanding officer is down (5.0). Checked every turn, whether or not
    a round was fought in it; two boarding ships count their parties
    together."""
    for defender in afloat(state):
        if not defender.active:
            continue
        enemies = [e for e in boarding_enemies(state, defender) if e.active]
        party = sum(e.crew["boarders"] for e in enemies)
        ratio = 2 if defender.co != "ok" else 3
        if party > 0 and party >= ratio * defender.crew_total:
            defender.status = "struck"
            release(state, defender)
            names = " and ".join(f"{e.name}'s" for e in enemies if e.crew["boarders"])
            ctx.log(
                f"{defender.name} strikes her colours to {names} boarders "
                f"({party} against {defender.crew_total}, {ratio}:1 needed)",
                R_BOARD,
            )
