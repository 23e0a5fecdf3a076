"""Damage: SPV lost, the tables 1 to 6, repairs, draught and sinking, fires;
Torpedoes and Anchored Mines; Spar Torpedoes.

A hit takes its damage off the target's SPV (halved against angled or
curved armour). Once her SPV is below her penetration value, each hit also
throws two dice: the first picks one of the tables 1 to 6, the second the
line. Effects that last "four moves" last until repaired: one CPV of the
reserve repairs one in four moves, and a second hit on the same thing doubles
the work; with no CPV to spare, the damage stays for the game. Her draught
grows with holes; past half as much again as at the start she sinks. With no
SPV left she sinks.
"""

from __future__ import annotations

from typing import Final

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath, at_least, at_most, faces
from quarterdeck.rulesets.acw_river.dice import roll
from quarterdeck.rulesets.acw_river.state import Effect, Feature, Fire, Gun, Ship, State
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import hull
from quarterdeck.rulesets.acw_river.visibility import say, secret_for

R_DAMAGE: Final = "Gunfire Damage Table"
R_TABLES: Final = "Table 1 - 6"
R_NOTE_A: Final = "Table 1 - 6: Note A"
R_REPAIR: Final = "Table 1 - 6: repairs"
R_DRAUGHT: Final = "Table 1 - 6: Note (draught)"
R_SINK: Final = "Deduct SPVs off Ships total"
R_MINES: Final = "Torpedoes and Anchored Mines"
R_SPAR: Final = "Spar Torpedoes"
R_FIRE: Final = "Table 4: Fire started"
R_MAGAZINE: Final = "Table 6: Magazine hit"

STEERING: Final[tuple[str, ...]] = (
    "hard-right-4",
    "hard-left-4",
    "same-course-4",
    "pilot-house",
    "screw-4",
)
REPAIRABLE: Final[tuple[str, ...]] = (
    "jam-4",
    "gun-out-4",
    "hard-right-4",
    "hard-left-4",
    "same-course-4",
    "steam-pipe-4",
    "boiler-holed-4",
    "screw-4",
    "ram-steam-pipe",
)


def trigger(ship: Ship, why: str) -> None:
    """Note a reason for a morale test after the shooting (Morale)."""
    if why not in ship.morale_due:
        ship.morale_due.append(why)


# --------------------------------------------------------------------------
# SPV, sinking, CPV


def sink(state: State, ship: Ship, ctx: Context, t: Tables, how: str = "sinks") -> None:
    """She goes down (or blows up): in a river or estuary she leaves a wreck
    that cannot be passed (Sunken Vessels); a ship locked to her by a ram goes
    down with her (Jammed Chart)."""
    if ship.status in ("sunk", "exploded"):
        return
    from quarterdeck.rulesets.acw_river.commanders import flagship_lost

    flagship_lost(state, ship, ctx, t)
    ship.status = "exploded" if how == "explodes" else "sunk"
    ship.speed = 0
    captain = state.commanders.get(ship.captain)
    if captain is not None:
        captain.lost = True
    say(state, ctx, f"{ship.name} {how}", R_SINK, ship)
    state.features.append(
        Feature(
            f"wreck-{ship.id}",
            "wreck",
            [(round(x, 3), round(y, 3)) for x, y in _outline(ship)],
            f"wreck of {ship.name}",
            since=state.turn,
        )
    )
    partner = state.ships.get(ship.locked)
    if partner is not None and partner.locked == ship.id:
        partner.locked = ""
        ship.locked = ""
        sink(state, partner, ctx, t, "is dragged down with her")
    for towed in state.ships.values():
        if towed.towed_by == ship.id:
            towed.towed_by = ""
    ship.towing = ""


def _outline(ship: Ship) -> list[tuple[float, float]]:
    from quarterdeck.rulesets.acw_river.terrain import rect

    return rect(ship.x, ship.y, max(ship.beam, 0.4), ship.length, ship.heading)


def lose_spv(state: State, ship: Ship, amount: int, ctx: Context, t: Tables, cause: str) -> bool:
    """Take ``amount`` SPV off her; she sinks with none left. Returns whether
    this took her below her penetration value for the first time."""
    if amount <= 0 or not ship.afloat:
        return False
    was_above = ship.spv >= ship.pv
    ship.spv = max(0, ship.spv - amount)
    say(
        state,
        ctx,
        f"{ship.name} loses {amount} SPV ({cause}): {ship.spv} of {ship.spv_start} left",
        R_SINK,
        ship,
    )
    if ship.spv <= 0:
        sink(state, ship, ctx, t)
        return False
    if was_above and ship.spv < ship.pv:
        ship.below_pv = True
        trigger(ship, "below penetration value")
        return True
    return False


def lose_cpv(state: State, ship: Ship, n: int, ctx: Context, cause: str) -> int:
    """Lose ``n`` CPV: from the reserve first (replacements), then the gun
    crews (the last crewed gun first), then the boiler room and engine. The
    captain is lost only as the tables say. Returns the CPV lost."""
    lost = 0
    crew = ship.crew
    for _ in range(n):
        if crew.reserve - crew.away > 0:
            crew.reserve -= 1
        else:
            crewed = [g for g in ship.guns if g.crewed and not g.destroyed]
            if crewed:
                crewed[-1].crewed = False
            elif crew.boiler > 0:
                crew.boiler -= 1
            elif crew.engine > 0:
                crew.engine -= 1
            else:
                break
        lost += 1
    if lost:
        crew.lost += lost
        trigger(ship, "lost CPV")
        say(state, ctx, f"{ship.name} loses {lost} CPV ({cause})", R_TABLES, ship)
    return lost


def add_draught(state: State, ship: Ship, feet: float, ctx: Context, t: Tables) -> None:
    """Holes add to her draught; she sinks once it exceeds her starting
    draught by half (USS Chickasaw: 6 ft, sinks past 9 ft)."""
    ship.draught += feet
    frac = t.damage.sink_draught
    limit = ship.draught_start * (frac.d + frac.n) / frac.d
    say(state, ctx, f"{ship.name} settles: draught {ship.draught:g} ft", R_DRAUGHT, ship)
    if ship.draught > limit + 1e-9:
        sink(state, ship, ctx, t, "fills and sinks")


def kill_captain(state: State, ship: Ship, ctx: Context, t: Tables) -> None:
    """Table 5, 6: her captain killed; if he is already dead, four CPV lost
    and a morale test."""
    captain = state.commanders.get(ship.captain)
    if captain is None or not captain.alive:
        lose_cpv(state, ship, t.damage.effects.captain_dead_cpv, ctx, "captain already dead")
        trigger(ship, "captain already dead")
        return
    captain.alive = False
    captain.laying = ""
    ship.crew.captain = 0
    trigger(ship, "captain killed")
    say(state, ctx, f"{captain.name}, captain of {ship.name}, is killed", R_TABLES, ship)


def kill_gun_layer(state: State, ship: Ship, gun: str, ctx: Context, t: Tables) -> None:
    """Gunnery and Ramming: the officer laying ``gun`` (her captain, or the
    fleet commander aboard in his place) is killed with its crew."""
    from quarterdeck.rulesets.acw_river.commanders import in_command

    c = in_command(state, ship)
    if c is None or not c.laying or (gun and c.laying != gun):
        return
    if c.role != "fleet":
        kill_captain(state, ship, ctx, t)
        return
    c.alive = False
    c.laying = ""
    trigger(ship, "commander killed")
    say(state, ctx, f"{c.name}, commanding the fleet aboard {ship.name}, is killed", R_TABLES, ship)


# --------------------------------------------------------------------------
# Gunfire


def gunfire_damage(target_sloped: bool, gun_type: str, t: Tables) -> int:
    """The Gunfire Damage Table: the gun's damage, halved (rounded down)
    against angled or curved armour."""
    damage = t.gunfire.guns[gun_type].damage
    if target_sloped:
        share = t.gunfire.sloped
        damage = damage * share.n // share.d
    return damage


def gunfire_hit(
    state: State,
    ship: Ship,
    gun_type: str,
    seat: str,
    ctx: Context,
    t: Tables,
    hit_this_move: list[str] | None = None,
) -> None:
    """A hit on a ship: SPV off; below the penetration value, the tables."""
    damage = gunfire_damage(ship.sloped, gun_type, t)
    note = f"{gun_type} hit, {damage}" + (" (halved: sloping armour)" if ship.sloped else "")
    lose_spv(state, ship, damage, ctx, t, note)
    if ship.afloat and ship.spv < ship.pv:
        roll_tables(state, ship, seat, ctx, t, hit_this_move)


def table_and_line(dice: tuple[int, ...], t: Tables) -> RollMath:
    """The first die chooses the damage table, the second its line."""
    tables = t.damage.tables
    titles = (tables[str(n)].title if str(n) in tables else "-" for n in range(1, 7))
    chosen = tables.get(str(dice[0]))
    lines = chosen.lines if chosen is not None else ()
    return RollMath(
        "each",
        per_die=(
            ("the table", faces(titles)),
            (f"the line of table {dice[0]}", faces(line.text for line in lines)),
        ),
    )


def roll_tables(
    state: State,
    ship: Ship,
    seat: str,
    ctx: Context,
    t: Tables,
    hit_this_move: list[str] | None = None,
) -> None:
    """Two dice: the first the table (1 to 6), the second its line."""
    table, line = roll(
        ctx,
        f"{ship.name} below her penetration value: two dice, the table and its line",
        2,
        R_TABLES,
        seat=seat,
        secret=secret_for(state, ship),
        math=lambda dice: table_and_line(dice, t),
    )
    chart = t.damage.tables[str(table)]
    entry = chart.lines[line - 1]
    say(
        state,
        ctx,
        f"{ship.name}: table {table} ({chart.title}), {line}: {entry.text}",
        R_TABLES,
        ship,
    )
    apply_effect(state, ship, entry.effect, ctx, t, hit_this_move)


def _gun_for(ship: Ship, used: list[str], turret_ok: bool) -> tuple[str, Gun | None]:
    """The gun (or its turret) a Table 1 result falls on: one not yet hit
    this move where there is one ("the effects are on separate guns"), else
    the first (cumulative on a single gun)."""
    live = [g for g in ship.guns if not g.destroyed]
    if not live:
        return ("", None)
    for g in live:
        key = g.turret if (turret_ok and g.turret) else g.id
        if key not in used:
            return (key, g)
    g = live[0]
    return (g.turret if (turret_ok and g.turret) else g.id, g)


def add_effect(ship: Ship, kind: str, target: str, t: Tables, permanent: bool = False) -> Effect:
    """An effect in force; a second of the same kind on the same thing adds
    four more moves of repair work ("hit twice, 8 moves")."""
    for e in ship.effects:
        if e.kind == kind and e.target == target and e.permanent == permanent:
            e.hits += 1
            if not permanent:
                e.work += t.damage.repair_moves
            return e
    e = Effect(kind, target, 0 if permanent else t.damage.repair_moves, 1, permanent)
    ship.effects.append(e)
    return e


def apply_effect(
    state: State,
    ship: Ship,
    effect: str,
    ctx: Context,
    t: Tables,
    hit_this_move: list[str] | None = None,
) -> None:
    """One line of the tables 1 to 6 on ``ship``."""
    used = hit_this_move if hit_this_move is not None else []
    if effect == "none":
        return
    if effect in ("jam-4", "jam-game", "gun-out-4", "gun-destroyed"):
        key, gun = _gun_for(ship, used, turret_ok=effect.startswith("jam"))
        if gun is None:
            return
        used.append(key)
        if effect == "gun-destroyed":
            gun.destroyed = True
            if gun.crewed:
                gun.crewed = False
                ship.crew.reserve += 1  # the crew survive the gun
            kill_gun_layer(state, ship, gun.id, ctx, t)
        else:
            add_effect(
                ship,
                "jam-game" if effect == "jam-game" else effect,
                key,
                t,
                permanent=effect == "jam-game",
            )
        if not any(can_fire_gun(ship, g) for g in ship.guns):
            trigger(ship, "no armament left")
        return
    if effect in STEERING:
        add_effect(ship, effect, "", t, permanent=effect == "pilot-house")
        trigger(ship, "steering jammed")
        return
    if effect in ("steam-pipe-4", "boiler-holed-4", "screw-4"):
        add_effect(ship, effect, "", t)
        return
    if effect in ("engine", "funnel"):
        size = t.damage.effects.size(effect)
        ship.speed_lost += max(size.speed, size.max_speed)
        if ship.speed_lost >= ship.max_speed and ship.max_speed > 0:
            trigger(ship, "no speed left")
        return
    if effect == "boiler-destroyed":
        ship.dying = True
        trigger(ship, "no speed left")
        return
    if effect.startswith("cpv-"):
        n = int(effect.split("-")[1])
        lost = lose_cpv(state, ship, n, ctx, "crew hit")
        if lost:
            # the officer laying a gun is killed when its crew is hit
            kill_gun_layer(state, ship, "", ctx, t)
        return
    if effect == "captain":
        kill_captain(state, ship, ctx, t)
        return
    if effect == "fire":
        ship.fires.append(Fire("fire", t.damage.fire_tries, t.damage.effects.fire_need))
        say(state, ctx, f"{ship.name} is on fire", R_FIRE, ship)
        return
    if effect == "magazine-fire":
        ship.fires.append(
            Fire("magazine", t.damage.fire_tries, t.damage.effects.magazine_fire_need)
        )
        say(state, ctx, f"{ship.name}: fire near the magazine", R_MAGAZINE, ship)
        return
    if effect.startswith("draught-"):
        add_draught(state, ship, float(effect.split("-")[1]), ctx, t)
        return
    if effect in ("explodes", "sinks"):
        sink(state, ship, ctx, t, "explodes" if effect == "explodes" else "sinks")
        return
    raise ValueError(f"unknown damage effect {effect!r}")


def can_fire_gun(ship: Ship, gun: Gun) -> bool:
    """A gun that may fire: not destroyed, crewed, not out of action or its
    shutter jammed (a jammed turret still fires, in the arc it is stuck in)."""
    if gun.destroyed or not gun.crewed:
        return False
    for e in ship.effects:
        if e.target == gun.id and e.kind in ("jam-4", "jam-game", "gun-out-4"):
            return False
    return True


def turret_jammed(ship: Ship, turret: str) -> bool:
    return any(e.target == turret and e.kind in ("jam-4", "jam-game") for e in ship.effects)


# --------------------------------------------------------------------------
# Repairs and fires (end of the move)


def repairs(state: State, ship: Ship, ctx: Context, t: Tables) -> None:
    """Reserve CPV at work on the effects that last until repaired: one CPV
    does a move's work on one effect; spare hands double up."""
    work = [e for e in ship.effects if not e.permanent and e.kind in REPAIRABLE and e.work > 0]
    hands = ship.crew.reserve - ship.crew.away
    ship.crew.repairing = max(0, min(hands, sum(e.work for e in work)))
    if not work or hands <= 0 or ship.status != "active":
        return
    n = 0
    while hands > 0 and any(e.work > 0 for e in work):
        e = work[n % len(work)]
        if e.work > 0:
            e.work -= 1
            hands -= 1
        n += 1
    for e in work:
        if e.work <= 0:
            ship.effects.remove(e)
            say(state, ctx, f"{ship.name} repairs {e.kind}", R_REPAIR, ship)


def fight_fires(state: State, ship: Ship, ctx: Context, t: Tables) -> None:
    """Each fire: one die a move to put it out (a 6; a magazine fire 5 or
    6); four failures and she is abandoned."""
    for fire in list(ship.fires):
        if not ship.afloat or ship.status != "active":
            return
        die = roll(
            ctx,
            f"{ship.name} fights the {fire.kind} fire",
            1,
            R_MAGAZINE if fire.kind == "magazine" else R_FIRE,
            seat=ship.side,
            secret=secret_for(state, ship),
            goal=f"{fire.need} or more puts it out",
            math=at_least(
                fire.need,
                outcomes=(
                    (
                        1,
                        f"the fire burns on ({fire.tries - 1} more "
                        + ("try)" if fire.tries == 2 else "tries)")
                        if fire.tries > 1
                        else "the fire is out of hand: she is abandoned",
                    ),
                    (fire.need, "the fire is put out"),
                ),
            ),
        )[0]
        if die >= fire.need:
            ship.fires.remove(fire)
            say(state, ctx, f"{ship.name} puts out the fire", R_FIRE, ship)
            continue
        fire.tries -= 1
        if fire.tries <= 0:
            ship.fires.remove(fire)
            abandon(state, ship, ctx, t, "the fire is out of hand")


def abandon(state: State, ship: Ship, ctx: Context, t: Tables, why: str) -> None:
    """Her crew abandon her: out of action, drifting with the current."""
    if ship.status != "active":
        return
    from quarterdeck.rulesets.acw_river.commanders import flagship_lost

    flagship_lost(state, ship, ctx, t)
    ship.status = "abandoned"
    ship.speed = 0
    say(state, ctx, f"{ship.name} is abandoned ({why})", R_FIRE, ship)


# --------------------------------------------------------------------------
# Mines and spar torpedoes


def mine_explodes(state: State, ship: Ship, seat: str, ctx: Context, t: Tables) -> None:
    """A ship in a real mined area: one die, the printed result (Torpedoes
    and Anchored Mines): 1 fails, 2 and 3 damage, 4 to 6 she sinks."""
    die = roll(
        ctx,
        f"Torpedo under {ship.name}",
        1,
        R_MINES,
        seat=seat,
        secret=secret_for(state, ship),
        goal="1 fails, 2-3 damage, 4-6 sinks",
        math=faces(blast(d, "she sinks", "damage") for d in t.mines.damage),
    )[0]
    damage = t.mines.damage[die - 1]
    if damage < 0:
        say(state, ctx, f"A torpedo explodes under {ship.name}", R_MINES, ship)
        sink(state, ship, ctx, t)
    elif damage == 0:
        say(state, ctx, f"The torpedo under {ship.name} fails to go off", R_MINES, ship)
    else:
        lose_spv(state, ship, damage, ctx, t, "torpedo")


def blast(damage: int, sinks: str, hurts: str) -> str:
    """A line of the mine or spar chart in words (below 0 sinks, 0 fails)."""
    if damage < 0:
        return sinks
    return f"{hurts}: {damage} SPV off" if damage else "it fails to go off"


def spar_attack(state: State, attacker: Ship, target: Ship, ctx: Context, t: Tables) -> None:
    """Spar Torpedoes: used once; one die (1 fails, 2 ignites early for 20,
    3 to 6 the target sinks); then a submarine, David or torpedo boat sinks
    on 1 or 2."""
    attacker.spar = False
    die = roll(
        ctx,
        f"{attacker.name}'s spar torpedo against {target.name}",
        1,
        R_SPAR,
        seat=attacker.side,
        goal="1 fails, 2 ignites early, 3-6 sinks her",
        math=faces(blast(d, "the target sinks", "it ignites early") for d in t.spar.damage),
    )[0]
    damage = t.spar.damage[die - 1]
    if damage < 0:
        sink(state, target, ctx, t)
    elif damage == 0:
        say(state, ctx, f"{attacker.name}'s spar torpedo fails to go off", R_SPAR, attacker)
    else:
        lose_spv(state, target, damage, ctx, t, "spar torpedo ignites early")
    craft = t.hulls.get(attacker.hull)
    if craft is not None and craft.torpedo_craft:
        own = roll(
            ctx,
            f"{attacker.name} survives her own torpedo?",
            1,
            R_SPAR,
            seat=attacker.side,
            goal=f"{t.spar.craft_sink_upto} or less: she sinks",
            math=at_most(
                t.spar.craft_sink_upto,
                outcomes=((1, "she sinks"), (t.spar.craft_sink_upto + 1, "she survives")),
            ),
        )[0]
        if own <= t.spar.craft_sink_upto:
            sink(state, attacker, ctx, t)


def keel(ship: Ship) -> tuple[tuple[float, float], tuple[float, float]]:
    h = hull(ship)
    return (h.bow, h.stern)
