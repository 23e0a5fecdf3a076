"""Flotilla, "Combat" (Sequence of play, step 6): "Boarding Actions" and
the land melee.

Grappled ships fight their boarding actions (prizes fight for their
captors); the winner puts a prize crew aboard. Land melee is ``land.py``'s;
this step calls it.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.rulesets.flotilla import damage, explain as ex, land
from quarterdeck.rulesets.flotilla.state import Ship, State
from quarterdeck.rulesets.flotilla.tables import Tables

R_BOARD: Final = "Boarding Actions"


def step_combat(state: State, t: Tables, ctx: Context) -> bool:
    """Step 6: boarding actions between grappled ships (not by a ship whose
    whole crew is fighting a catastrophic fire), then land melee."""
    if state.stage == "":
        state.order = [f"{a}>{b}" for a, b in state.grapples]
        state.stage = "board"
    while state.stage == "board" and state.order:
        pair = state.order.pop(0)
        a, b = pair.split(">")
        target = state.ships[b]
        takeable = target.afloat or target.status in ("surrendered", "abandoned")
        if [a, b] in state.grapples and state.ships[a].afloat and takeable:
            if state.ships[a].catastrophic:
                # Specific Hit Chart 2: the whole crew fights the blaze
                ctx.log(f"{state.ships[a].name} fights her fire: no boarding", R_BOARD)
                continue
            state.ask = {"kind": "board", "seat": state.ships[a].side, "ship": a, "target": b}
            return False
    state.stage = "melee"
    return land.melees(state, t, ctx)


def boarding(state: State, t: Tables, ctx: Context, attacker: Ship, defender: Ship) -> None:
    """Boarding Actions: each side's crew + captain's morale + guns left, times
    a die; high wins (ties roll again). The winner loses two dice of crew;
    the loser's crew is out of the game; the winner takes the prize if it
    can put ten men aboard. A struck or abandoned ship is taken unopposed."""
    if defender.status in ("surrendered", "abandoned"):
        damage.release_grapples(state, defender.id)
        ctx.log(f"{attacker.name} boards {defender.name}: nobody resists", R_BOARD)
        if attacker.crew > t.boarding.prize_crew:
            defender.status = "captured"
            state.queue.append(
                {
                    "kind": "prize_crew",
                    "seat": attacker.side,
                    "ship": attacker.id,
                    "target": defender.id,
                }
            )
        elif attacker.crew == t.boarding.prize_crew:
            take_prize(state, t, ctx, attacker, defender, t.boarding.prize_crew)
        else:
            ctx.log(f"{attacker.name} has not ten men to spare for a prize crew", R_BOARD)
        return
    scores: dict[str, int] = {}
    for _ in range(t.initiative.max_rerolls):
        for ship in (attacker, defender):
            other = defender if ship is attacker else attacker
            (die,) = ctx.roll(
                f"Boarding: {ship.name} ({ship.crew} crew + {ship.morale} morale + "
                f"{ship.guns} guns) x die",
                1,
                R_BOARD,
                seat=ship.side,
                math=ex.opposed(
                    (),
                    other.crew + other.morale + other.guns,
                    scores.get(other.id) if ship is defender else None,
                    factor=ship.crew + ship.morale + ship.guns,
                ),
            )
            scores[ship.id] = (ship.crew + ship.morale + ship.guns) * die
        if scores[attacker.id] != scores[defender.id]:
            break
        ctx.log("Boarding tied: roll again", R_BOARD)
    winner, loser = (
        (attacker, defender) if scores[attacker.id] > scores[defender.id] else (defender, attacker)
    )
    ctx.log(f"{winner.name} wins the boarding action", R_BOARD)
    losses = sum(
        ctx.roll(
            f"{winner.name}'s boarding casualties",
            t.boarding.casualty_dice,
            R_BOARD,
            seat=winner.side,
            math=ex.inches(("boarding casualties", t.boarding.casualty_dice)),
        )
    )
    damage.kill_crew(state, t, ctx, winner, losses, "boarding")
    loser.crew_pos = 0
    damage.release_grapples(state, loser.id)
    loser.speed, loser.moving = 0, False
    if winner.crew > t.boarding.prize_crew and winner.afloat:
        loser.status = "captured"  # until the winner says how many men go across
        state.queue.append(
            {"kind": "prize_crew", "seat": winner.side, "ship": winner.id, "target": loser.id}
        )
    elif winner.crew == t.boarding.prize_crew and winner.afloat:
        take_prize(state, t, ctx, winner, loser, t.boarding.prize_crew)
    else:
        loser.status = "abandoned"
        ctx.log(f"{loser.name}'s crew is gone; no prize crew to spare: she is adrift", R_BOARD)


def prize_crews(t: Tables, winner: Ship, prize: Ship) -> list[int]:
    """How many men the winner may send across: at least ten, at most all
    his crew or the prize's full complement, in fives."""
    top = min(winner.crew, prize.crew_start)
    out = list(range(t.boarding.prize_crew, top + 1, 5))
    if top not in out:
        out.append(top)
    return out


def take_prize(state: State, t: Tables, ctx: Context, winner: Ship, prize: Ship, n: int) -> None:
    """The winner crews the prize with ``n`` men, at least ten (sent across,
    not casualties), and she fights for the captors from now on, under a
    prize officer with the winning captain's morale (this project's
    reading); her original side may take her back the same way."""
    before = winner.crew
    while winner.crew_pos > 0 and before - winner.crew < n:
        winner.crew_pos -= 1
    n = before - winner.crew
    winner.sent_away += n
    fits = [i for i, v in enumerate(prize.crew_track) if v <= n]
    prize.crew_pos = fits[-1] if fits else 0
    prize.side = winner.side
    prize.captured_by = None if winner.side == prize.owner else winner.side
    prize.status = "active"
    prize.morale = min(winner.morale, prize.morale_max)
    if prize.party is not None:  # a landing party aboard is taken with her crew
        party = state.troops[prize.party]
        party.men = party.leaders = 0
        party.aboard = None
    prize.mood, prize.flagship, prize.party = "", False, None
    prize.fired = True  # no further action this turn
    for battery in prize.batteries:
        battery.fired = True
    what = "retaken" if prize.captured_by is None else "taken as a prize"
    ctx.log(
        f"{prize.name} is {what} by {winner.name}: {n} men cross over and she "
        f"fights for {winner.side}",
        R_BOARD,
    )
