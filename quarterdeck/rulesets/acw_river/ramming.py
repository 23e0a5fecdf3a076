"""Ramming: uncontrolled and controlled (Ramming; Ramming Chart; Effect on
Ramming Ship; Jammed Chart).

A ship whose bow meets an enemy's side at 45 to 90 degrees rams her; at a
shallower angle she slides along and stops. Both ships stop. A contact that
the plots bring about without a Ram Attack order is uncontrolled: no test.
A Ram Attack (RA) order calls for the ram test before the move, by the
classes of the two ships (a bigger ship ramming a smaller needs none; one of
her own class only if she has lost CPV; a smaller a bigger, a test with the
printed penalty); a captain killed fails it; a ship that fails steers away
(she must do all she can to avoid the ram). A ram that goes in under the
order throws one die more on the ramming chart.

The chart: by the rammer's speed, a number of SPV for each pip of the dice
(halved without a ram); if that takes the target below her penetration
value, one die on table 6 with a 6 sinking her. Then the rammer rolls for
what the blow did to her, and, at 8 knots or more, whether the two are
locked together (and go down together).
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least, faces
from quarterdeck.core.geometry import angle_diff
from quarterdeck.rulesets.acw_river.commanders import gunnery, in_command
from quarterdeck.rulesets.acw_river.damage import (
    add_effect,
    apply_effect,
    lose_cpv,
    lose_spv,
)
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.state import Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_RAM: Final = "Ramming"
R_TEST: Final = "Ramming: Controlled Ramming (ram test)"
R_CHART: Final = "Ramming Chart"
R_EFFECT: Final = "Effect on Ramming Ship"
R_JAMMED: Final = "Jammed Chart"
R_UNCONTROLLED: Final = "Ramming: Uncontrolled Ramming"


def ram_angle(rammer: Ship, target: Ship) -> float:
    """The angle between the two keels, 0 to 90 degrees."""
    d = abs(angle_diff(rammer.heading, target.heading)) % 180.0
    return d if d <= 90.0 else 180.0 - d


def ram_test_needed(rammer: Ship, target: Ship, t: Tables) -> tuple[bool, int]:
    """Whether the ram test is needed, and its printed modifier."""
    entry = t.ramming.test_for(rammer.ram_class, target.ram_class)  # type: ignore[arg-type]
    if entry == "-":
        return (False, 0)
    if entry == "cpv":
        return (rammer.crew.lost > 0, 0)
    return (True, int(entry))


def ram_test(state: State, rammer: Ship, target: Ship, ctx: Context, t: Tables) -> bool:
    """The ram test before a Ram Attack (Controlled Ramming): one die and the
    modifiers; 1 or more goes on with the ram, 0 or less aborts it."""
    needed, printed = ram_test_needed(rammer, target, t)
    if not needed:
        say(state, ctx, f"{rammer.name} rams {target.name} without a test", R_TEST, rammer, target)
        return True
    c = in_command(state, rammer)
    if c is None:
        say(state, ctx, f"{rammer.name}: her captain is dead, the ram fails", R_TEST, rammer)
        return False
    r = t.ramming
    mods: list[tuple[str, int]] = [
        (f"{rammer.ram_class} ramming {target.ram_class} (the ram test table)", printed)
    ]
    mods.append(("lost no CPV", r.lost_none) if rammer.crew.lost == 0 else ("lost CPV", r.lost_any))
    if target.id in rammer.fired_on_by:
        mods.append(("fired upon by the target", r.fired_on))
    if not rammer.ram:
        mods.append(("no ram", r.no_ram))
    mods.append(("above SPV", r.above_pv) if rammer.spv >= rammer.pv else ("below SPV", r.below_pv))
    laid = (f"{c.name} aboard (yellow)", gunnery(c, t))
    total = sum(v for _, v in mods) + laid[1]
    die = roll(
        ctx,
        f"{rammer.name}'s ram test against {target.name}",
        1,
        R_TEST,
        seat=rammer.side,
        secret=secret_for(state, rammer),
        goal=f"with the modifiers, {r.continue_on} or more to ram",
        # her commander's yellow die is her own side's to know
        math=at_least(
            r.continue_on,
            *mods,
            secret=[(*laid, (c.side,))],
            outcomes=((r.continue_on - 1, "she aborts the ram"), (r.continue_on, "she rams")),
        ),
    )[0]
    score = die + total
    ok = score >= r.continue_on
    parts = ", ".join(f"{w} {v:+d}" for w, v in [*mods[:2], laid, *mods[2:]])
    verdict = "rams" if ok else "aborts the ram"
    # the sum names her commander's yellow die: her own side's to know
    ctx.log(f"{rammer.name}: {die} {parts} = {score}: {verdict}", R_TEST, seats=(rammer.side,))
    say(
        state,
        ctx,
        f"{rammer.name} " + ("passes her ram test" if ok else "fails her ram test"),
        R_TEST,
        rammer,
    )
    return ok


def resolve_ram(
    state: State, rammer: Ship, target: Ship, speed: int, controlled: bool, ctx: Context, t: Tables
) -> None:
    """A ram at 45 to 90 degrees: the chart on the target, the effect on the
    rammer, the jammed chart."""
    r = t.ramming
    band = r.band(abs(speed))
    row = r.chart[band]
    dice = row.dice + (r.order_die if controlled else 0)
    how = "rams" if controlled else "runs into"
    rule = R_CHART if controlled else R_UNCONTROLLED
    say(
        state, ctx, f"{rammer.name} {how} {target.name} at {abs(speed)} knots", rule, rammer, target
    )
    counted = f"{dice} {'die' if dice == 1 else 'dice'}"
    pips = roll(
        ctx,
        f"{rammer.name} rams {target.name}: {counted} x {row.spv} SPV",
        dice,
        R_CHART,
        seat=rammer.side,
        goal=f"{row.spv} SPV a pip" + ("" if rammer.ram else ", halved: no ram"),
        math=RollMath(
            "sum",
            dice=tuple(
                d
                for d in (
                    (f"the ramming chart at {abs(speed)} knots", row.dice),
                    ("a controlled ram", r.order_die if controlled else 0),
                )
                if d[1]
            ),
        ),
    )
    damage = row.spv * sum(pips)
    if not rammer.ram:
        damage //= 2
    target.rammed = True
    lose_spv(state, target, damage, ctx, t, "rammed")
    if target.afloat and target.spv < target.pv:
        line = roll(
            ctx,
            f"{target.name} rammed below her penetration value: table 6",
            1,
            R_CHART,
            seat=rammer.side,
            goal="6 sinks her",
            math=faces(line.text for line in t.damage.tables["6"].lines),
        )[0]
        entry = t.damage.tables["6"].lines[line - 1]
        effect = "sinks" if entry.effect == "explodes" else entry.effect
        say(state, ctx, f"{target.name}: table 6, {line}: {entry.text}", R_CHART, target)
        apply_effect(state, target, effect, ctx, t)
    rammer_effect(state, rammer, target, band, ctx, t)


def rammer_effect(
    state: State, rammer: Ship, target: Ship, band: int, ctx: Context, t: Tables
) -> None:
    """Effect on Ramming Ship: one die by her speed band."""
    e = t.ramming.effect
    EFFECT_WORDS = {
        "none": "no effect",
        "lose-ram": "she loses her ram",
        "stack": f"she loses her stack: -{e.stack_knots} knots",
        "steam-pipe": f"her steam pipe bursts: -{e.steam_pipe_cpv} CPV",
        "locked": "the two ships may lock together (the jammed chart)",
    }
    die = roll(
        ctx,
        f"Effect of the ram on {rammer.name}",
        1,
        R_EFFECT,
        seat=rammer.side,
        math=faces(EFFECT_WORDS.get(x, x) for x in e.bands[band]),
    )[0]
    result = e.bands[band][die - 1]
    if result == "none" or not rammer.afloat:
        return
    if result == "lose-ram":
        if rammer.ram:
            rammer.ram = False
            say(state, ctx, f"{rammer.name} loses her ram", R_EFFECT, rammer)
        else:
            lose_spv(state, rammer, e.no_ram_spv[band], ctx, t, "ramming without a ram")
    elif result == "stack":
        rammer.speed_lost += e.stack_knots
        say(state, ctx, f"{rammer.name} loses her stack: -{e.stack_knots} knots", R_EFFECT, rammer)
    elif result == "steam-pipe":
        lose_cpv(state, rammer, e.steam_pipe_cpv, ctx, "steam pipe bursts")
        add_effect(rammer, "ram-steam-pipe", "", t)
        say(state, ctx, f"{rammer.name}'s steam pipe bursts", R_EFFECT, rammer)
    elif result == "locked":
        jam = roll(
            ctx,
            f"{rammer.name} and {target.name} locked?",
            1,
            R_JAMMED,
            seat=rammer.side,
            math=faces(f"jammed for {m} moves" if m else "they come apart" for m in e.jammed),
        )[0]
        moves = e.jammed[jam - 1]
        if moves and target.afloat:
            rammer.locked, target.locked = target.id, rammer.id
            rammer.locked_until = target.locked_until = state.turn + moves
            say(
                state,
                ctx,
                f"{rammer.name} and {target.name} are jammed together for {moves} moves",
                R_JAMMED,
                rammer,
                target,
            )
        else:
            say(state, ctx, f"{rammer.name} backs clear of {target.name}", R_JAMMED, rammer)


def release_locks(state: State, ctx: Context) -> None:
    """Ships jammed together part when their moves are up."""
    for ship in state.ships.values():
        if ship.locked and state.turn >= ship.locked_until:
            other = state.ships.get(ship.locked)
            ship.locked = ""
            if other is not None and other.locked == ship.id:
                other.locked = ""
                say(state, ctx, f"{ship.name} and {other.name} break apart", R_JAMMED, ship, other)
