"""Away, Boarders!: marking the damage (4.3): hull, rigging and masts, guns,
crew casualties and the commanding officer, all applied at the end of the
phase (2.2)."""

from __future__ import annotations

from quarterdeck.core.engine import Context
from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.away_boarders import explain as ex
from quarterdeck.rulesets.away_boarders.sections import R_DAMAGE, R_DRIFT
from quarterdeck.rulesets.away_boarders.state import BOX_LABELS, CasualtyPick, Hit, Ship, State
from quarterdeck.rulesets.away_boarders.tables import Tables
from quarterdeck.rulesets.away_boarders.victory import check_end


def apply_hits(state: State, t: Tables, ctx: Context) -> None:
    """All the damage of the phase, at once (2.2, 4.3). Where the owner must
    place casualties (4.3) the damage waits for her answer, then goes on."""
    while state.hits and state.casualty is None:
        hit = state.hits.pop(0)
        ship = state.ships[hit.target]
        if ship.status in ("sunk", "left"):
            continue
        for _ in range(hit.hull):
            _hull_hit(ship)
        for mast in masts_for(ship, hit.rigging_dice, hit.rake_from, ctx):
            rigging_hit(ship, mast, hit.rigging_per_die, t, ctx)
        _gun_hits(ship, hit, ctx)
        if ship.hull_left == 0 and ship.status != "sunk":
            ship.status = "sunk"
            ctx.log(f"{ship.name}'s hull is shot to pieces: she sinks", R_DAMAGE)
            release(state, ship)
            continue
        _crew_hits(state, ship, hit.crew, hit.high, ctx, t)
    if state.casualty is None:
        check_end(state, ctx)


def _hull_hit(ship: Ship) -> None:
    """A slash in a hull box; a second slash makes an X (4.3)."""
    for i, b in enumerate(ship.hull):
        if b < 2:
            ship.hull[i] += 1
            return


def masts_for(ship: Ship, dice: int, rake_from: str, ctx: Context) -> list[int]:
    """Which mast each R die hits (4.3): the R dice are re-rolled for two or
    three masts (two: 1-3 main, 4-6 fore; three: 1-2 mizzen, 3-4 main, 5-6
    fore), or all go on the mast nearest the firer on a rake. Masts are
    listed aft to fore."""
    n = len(ship.masts)
    if dice <= 0:
        return []
    if n == 1:
        return [0] * dice
    if rake_from == "ahead":
        return [n - 1] * dice
    if rake_from == "astern":
        return [0] * dice
    mast_of = [(f - 1) // 3 if n == 2 else (f - 1) // 2 for f in range(1, 7)]
    # the words and the roll's explanation are built only where a log reads them
    faces = ctx.roll(
        lambda: f"{ship.name}: which mast each rigging hit strikes",
        dice,
        R_DAMAGE,
        seat=ship.side,
        math=lambda _faces: ex.masts(ship.mast_names, mast_of),
    )
    return [mast_of[f - 1] for f in faces]


def rigging_hit(ship: Ship, mast: int, hits: int, t: Tables, ctx: Context) -> None:
    """Mark rigging boxes on ``mast``; a mast with every box X falls and the
    speed drops at once by the chart's ``per_mast_lost`` (4.3: one). Hits on
    a fallen mast go to the nearest standing one. When her last mast falls a ship under sail stops
    where she is for the rest of the turn and drifts from then on (3.1: with
    no mast standing she does not move); one under oars rows on, as her
    speed under oars never depended on her masts (3.2)."""
    for _ in range(hits):
        if ship.mast_fallen(mast):
            standing = [i for i in range(len(ship.masts)) if not ship.mast_fallen(i)]
            if not standing:
                return
            mast = min(standing, key=lambda i: (abs(i - mast), i))
        boxes = ship.masts[mast]
        for i, b in enumerate(boxes):
            if b < 2:
                boxes[i] += 1
                break
        if ship.mast_fallen(mast):
            ctx.log(f"{ship.name}'s {ship.mast_names[mast]} mast falls", R_DAMAGE)
            if ship.sail == "oars":
                continue
            ship.speed = max(0, ship.speed + t.speed.per_mast_lost)
            if ship.masts_standing == 0 and not ship.drifting:
                ship.speed = 0
                ship.drifting = True
                ctx.log(f"{ship.name} has no mast standing: she moves no more and drifts", R_DRIFT)


def _gun_hits(ship: Ship, hit: Hit, ctx: Context) -> None:
    """Gun hits (4.3): on the side the fire came from (the rest when that
    side is silenced); on a rake shared between the sides, the odd one by a
    die; by the display's order when calibers differ."""
    sides: list[str] = []
    if hit.side == "rake":
        sides = ["port", "starboard"] * (hit.guns // 2)
        if hit.guns % 2:
            face = ctx.roll(
                lambda: f"{ship.name}: odd gun hit (1-3 port, 4-6 starboard)",
                1,
                R_DAMAGE,
                seat=ship.side,
                math=lambda _faces: RollMath("each", outcomes=((1, "port"), (4, "starboard"))),
            )[0]
            sides.append("port" if face <= 3 else "starboard")
    else:
        sides = [hit.side] * hit.guns
    for side in sides:
        live = [g for g in ship.guns if not g.disabled]
        if not live:
            return
        on_side = [g for g in live if g.side == side]
        gun = min(on_side or live, key=lambda g: g.order)
        gun.disabled = True
        gun.loaded = False
        ctx.log(f"{ship.name} loses a {gun.type} gun ({gun.side})", R_DAMAGE)


def _crew_hits(state: State, ship: Ship, hits: int, high: bool, ctx: Context, t: Tables) -> None:
    """Crew casualties (4.3): from the rigging boxes first when fired high,
    the lower boxes first when low; within those the owner picks the box."""
    groups = (
        [list(t.crew.rigging_boxes), list(t.crew.lower_boxes)]
        if high
        else [list(t.crew.lower_boxes), list(t.crew.rigging_boxes)]
    )
    take_casualties(state, ship, hits, groups, ctx, R_DAMAGE)


def take_casualties(
    state: State, ship: Ship, n: int, groups: list[list[str]], ctx: Context, rule: str
) -> None:
    """``n`` crew markers go to the casualty pile, from the boxes of the first
    group that has men, then the next (4.3, 5.0). The owning player chooses
    the box whenever more than one would do; the two-dice roll for the
    commanding officer follows once every box is chosen."""
    state.casualty = CasualtyPick(ship.id, n, groups, rule)
    next_casualty(state, ctx)


def casualty_choices(state: State) -> list[str]:
    """The boxes the next casualty may come from (4.3): those of the first
    group, in order of preference, that still have a man in them."""
    pick = state.casualty
    assert pick is not None
    ship = state.ships[pick.ship]
    for group in pick.groups:
        pool = [b for b in group if ship.crew[b] - pick.boxes.count(b) > 0]
        if pool:
            return pool
    return []


def next_casualty(state: State, ctx: Context) -> None:
    """Place the casualties that need no choice; stop at the first that does."""
    pick = state.casualty
    assert pick is not None
    while pick.left > 0:
        pool = casualty_choices(state)
        if not pool:
            break
        if len(pool) > 1:
            return
        pick.boxes.append(pool[0])
        pick.left -= 1
    state.casualty = None
    casualties(state.ships[pick.ship], pick.boxes, ctx, pick.rule)


def casualties(ship: Ship, boxes: list[str], ctx: Context, rule: str = R_DAMAGE) -> None:
    """Crew markers to the casualty pile, two dice for each (4.3): a 2
    (snake eyes) turns the commanding officer's marker face down."""
    if not boxes:
        return
    for box in boxes:
        ship.crew[box] -= 1
        ship.casualties += 1
    n = len(boxes)
    if ctx.logging:
        names = ", ".join(BOX_LABELS[b] for b in boxes)
        ctx.log(f"{ship.name} loses {n} crew marker(s): {names}", rule)
    # the words and the roll's explanation are built only where a log reads them
    faces = ctx.roll(
        lambda: f"{ship.name}: two dice for each of {n} casualties (2 = captain hit)",
        2 * n,
        rule,
        seat=ship.side,
        math=lambda _faces: ex.casualty_pairs(n),
    )
    pairs = [faces[i] + faces[i + 1] for i in range(0, len(faces), 2)]
    if 2 in pairs and ship.co == "ok":
        ship.co = "down"
        ctx.log(f"{ship.name}'s commanding officer is struck down", rule)


def release(state: State, ship: Ship) -> None:
    for other_id in (*ship.fouled, *ship.grappled):
        other = state.ships[other_id]
        if ship.id in other.fouled:
            other.fouled.remove(ship.id)
        if ship.id in other.grappled:
            other.grappled.remove(ship.id)
    ship.fouled = []
    ship.grappled = []
