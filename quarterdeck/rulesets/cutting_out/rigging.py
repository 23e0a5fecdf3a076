"""Rigging (step 7): making the prize ready to sail out.

Each turn the raiders hold her deck they roll toward an accumulated score:
a d10 when the deck has been swept of active defenders, the main hatch is
under guard and no cannon hit her this turn; a d6 otherwise. At 20 she is
half rigged, at 40 fully rigged. A rigging hit from the shore is rolled by
the firing gun and deducted (Firing, Cannonball Hit Determination Chart).
"""

from __future__ import annotations

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import total
from quarterdeck.rulesets.cutting_out.common import R_RIG, hatch_held
from quarterdeck.rulesets.cutting_out.state import Ship, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def unsecured(state: State, t: Tables, ship: Ship) -> list[str]:
    """Why the raiders roll only a d6 this turn (empty: they roll a d10).

    Active defenders stood on the deck this turn (the crew trying to break
    out counts: the sample game's turn 8); the hatch is not under guard (with
    nobody left below there is nothing to guard); cannon hit her this turn."""
    why = []
    if state.on_deck(ship.id, state.defenders) or ship.contested_turn == state.turn:
        why.append("active defenders on the main deck")
    if state.below(ship.id) and not hatch_held(state, t, ship, state.raiders):
        why.append("the main hatch is not under guard")
    if ship.hit_turn == state.turn:
        why.append("hit by cannon fire this turn")
    return why


def step_rigging(state: State, t: Tables, ctx: Context) -> None:
    """Step 7: the raiders' rigging roll, if they are aboard the prize."""
    ship = state.prize_ship
    if not ship.afloat or not state.on_deck(ship.id, state.raiders):
        return
    why = unsecured(state, t, ship)
    die = t.rigging.unsecured_die if why else t.rigging.secured_die
    (n,) = ctx.roll(
        f"Rigging {ship.name}: a d{die}"
        + (f" ({'; '.join(why)})" if why else " (ship and hatch secured)"),
        1,
        R_RIG,
        sides=die,
        seat=state.raiders,
        goal=f"the die is added to her rigging score (half rigged at {t.rigging.half}, "
        f"fully at {t.rigging.full})",
        math=total(),
    )
    before = ship.rig
    ship.rig += n
    ctx.log(
        f"{ship.name}'s rigging score {before} + {n} = {ship.rig} "
        f"(half rigged at {t.rigging.half}, fully at {t.rigging.full})",
        R_RIG,
    )
    if before < t.rigging.full <= ship.rig:
        ctx.log(f"{ship.name} is fully rigged", R_RIG)
    elif before < t.rigging.half <= ship.rig:
        ctx.log(f"{ship.name} is half rigged: she can sail", R_RIG)
