"""Away, Boarders!: firing the guns (4.2) and rolling the Damage Dice (4.3,
4.4): arcs, ranges, line of sight, rakes, who may fire at what, the roll
aimed high or low. The counts and the Damage Table read off the charts are
:mod:`damage_dice`."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Option
from quarterdeck.rulesets.away_boarders import explain as ex
from quarterdeck.rulesets.away_boarders.damage import apply_hits
from quarterdeck.rulesets.away_boarders.damage_dice import (
    DiceCount,
    damage_dice,
    expect_words,
    random_modifier,
    read_damage,
)
from quarterdeck.rulesets.away_boarders.movement import passing_sides
from quarterdeck.rulesets.away_boarders.sailing import afloat, grid
from quarterdeck.rulesets.away_boarders.sections import R_DAMAGE, R_FIRE, R_SPECIAL
from quarterdeck.rulesets.away_boarders.state import BATTERIES, Gun, Hit, PendingFire, Ship, State
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES, Tables

# --------------------------------------------------------------------------
# Gunnery geometry (4.2)


def battery_guns(ship: Ship, battery: str) -> list[Gun]:
    return [g for g in ship.guns if g.side == battery and not g.disabled]


def caliber_of(t: Tables, gun_type: str) -> str:
    """The caliber a gun fires in (4.3: "all of the guns of identical
    caliber" make one roll): her shot weight, whatever the kind of gun, so a
    24-pdr long gun and a 24-pdr carronade roll together. The small rail
    swivels (half-pounders) are a caliber of their own."""
    return _charts(t)[0][gun_type]


def _caliber_of(t: Tables, gun_type: str) -> str:
    """:func:`caliber_of` read off the gun chart (4.3), for :func:`_charts`."""
    kind = t.guns.types[gun_type]
    return gun_type if kind.small else f"{kind.pounds}-pdr"


Sheet = tuple[dict[str, str], dict[str, dict[str, int]]]
"""What the charts in force give the gunnery, read once (:func:`_charts`):
each gun type's caliber (4.3), and each load's range for each gun type
(4.2, 4.4), by load, then gun type."""

_CHARTS: Final[dict[int, tuple[Tables, Sheet]]] = {}
"""Read off the charts in force once (the tables are frozen): their
:data:`Sheet`, by the identity of the tables."""


def _charts(t: Tables) -> Sheet:
    """Each gun type's caliber (4.3, :func:`_caliber_of`) and each load's
    range for each gun type, by load (4.2, 4.4: the ammunition chart's range
    for the gun's maximum range): read once for the tables ``t``
    (:data:`_CHARTS`)."""
    hit = _CHARTS.get(id(t))
    if hit is None or hit[0] is not t:
        calibers = {name: _caliber_of(t, name) for name in t.guns.types}
        by_load = {
            ammo: {
                name: t.ammo.get(ammo).range_for(kind.max_range)
                for name, kind in t.guns.types.items()
            }
            for ammo in AMMO_TYPES
        }
        hit = _CHARTS[id(t)] = (t, (calibers, by_load))
    return hit[1]


def groups_of(ship: Ship, battery: str, t: Tables) -> list[str]:
    """The calibers of a battery's loaded guns, in display order: one roll
    each (4.3) (:func:`_reaching`'s calibers)."""
    return list(_reaching(ship, battery, 0, t))


def _reaching(
    ship: Ship, battery: str, rng: int, t: Tables, loaded: list[Gun] | None = None
) -> dict[str, list[Gun]]:
    """Each caliber of a battery's loaded guns, in display order (one roll
    each, 4.3), with its guns that reach range ``rng`` (4.2: at long range a
    caliber's long guns fire and its carronades, which do not reach, stay
    loaded; a caliber none of whose guns reach has none): the one reading
    of the battery's guns by caliber and reach, in one pass over its loaded
    guns (``loaded``: :func:`battery_guns` loaded, where the caller has them)."""
    calibers, by_load = _charts(t)
    if loaded is None:
        loaded = [g for g in battery_guns(ship, battery) if g.loaded]
    ranges = by_load.get(ship.load[battery], {})  # (read only for a gun loaded)
    reaching: dict[str, list[Gun]] = {}
    for g in loaded:
        guns = reaching.setdefault(calibers[g.type], [])
        if rng <= ranges[g.type]:
            guns.append(g)
    return reaching


def gun_range(ship: Ship, battery: str, gun_type: str, t: Tables) -> int:
    """Maximum range of a gun type with the battery's load (4.2, 4.4)."""
    return _charts(t)[1][ship.load[battery]][gun_type]


def caliber_guns(ship: Ship, battery: str, caliber: str, rng: int, t: Tables) -> list[Gun]:
    """The loaded guns of one caliber of a battery that reach range ``rng``
    (4.2): at long range a caliber's long guns fire and its carronades, which
    do not reach, stay loaded (:func:`_reaching`): that caliber's guns of
    :func:`_reaching`, read in one pass over her guns without the others'
    (tests/rulesets/away_boarders/test_gunnery_one_reckoning.py)."""
    calibers, by_load = _charts(t)
    ranges = by_load.get(ship.load[battery], {})  # (read only for a gun loaded)
    return [
        g
        for g in ship.guns
        if g.side == battery
        and g.loaded
        and not g.disabled
        and calibers[g.type] == caliber
        and rng <= ranges[g.type]
    ]


def caliber_label(t: Tables, guns: list[Gun]) -> str:
    """How a roll's guns are named: the kind of gun, or the kinds of one
    caliber firing together ("24-pdr long gun and 24-pdr carronade")."""
    labels: list[str] = []
    types = t.guns.types
    for kind in dict.fromkeys([g.type for g in guns]):  # each kind once, in order
        label = types[kind].label
        if label not in labels:
            labels.append(label)
    return " and ".join(labels)


_BROADSIDE_ARCS: Final[dict[tuple[str, int], tuple[int, int, int, int]]] = {
    (battery, facing): (*pg.DIRECTIONS[(facing + k) % 6], *pg.DIRECTIONS[(facing + k + 1) % 6])
    for battery, k in (("port", 1), ("starboard", 4))
    for facing in range(6)
}
"""Each broadside's arc for each facing (4.2: within 30 degrees of the
beam): the two lines of the grid that bound it, as their steps (the first
line 30 degrees forward of the beam, the next 60 degrees on: 60 and 120
degrees off the bow to port, 240 and 300 to starboard)."""


def in_arc(firer: Ship, battery: str, target_pos: pg.Point, target_id: str = "") -> bool:
    """Broadsides bear within 30 degrees of the beam; bow guns dead ahead (4.2).
    On the same point either broadside bears, unless a near miss put the
    other ship off one side (3.3): then only that broadside does.

    Read off the grid in whole numbers: dead ahead is a whole number of
    steps along her heading, and a broadside's arc is the wedge between the
    two grid lines that bound it (:data:`_BROADSIDE_ARCS`), bounds included
    (the bearings of :func:`pg.direction_of` and :func:`pg.in_arc` give the
    same, tests/rulesets/away_boarders/test_gunnery_one_reckoning.py)."""
    dq, dr = target_pos[0] - firer.q, target_pos[1] - firer.r
    if dq == 0 and dr == 0:
        if target_id in firer.abeam:
            return battery == firer.abeam[target_id]
        return battery != "bow"
    if battery == "bow":
        fq, fr = pg.DIRECTIONS[firer.facing]
        return dq * fr == dr * fq and dq * fq + dr * fr > 0  # along her heading, ahead
    # the point is a sum of steps along the two bounding lines, neither backwards
    aq, ar, bq, br = _BROADSIDE_ARCS[battery, firer.facing]
    return aq * dr - ar * dq <= 0 and dq * br - dr * bq <= 0


def lie_alongside(ship: Ship, battery: str, other: Ship) -> None:
    """Two ships on one point that no near miss has placed (a collision, a
    fouling, a grapple) lie alongside: one side of each faces the other
    (4.2's arc is athwart the ship). The first broadside one fires at the
    other fixes which, so the other broadside does not bear on her and a
    caliber is not rolled twice at her in a phase (4.3)."""
    ship.abeam[other.id] = battery
    other.abeam[ship.id] = passing_sides(other, ship, battery)[0]


def points_of(ships: list[Ship]) -> set[pg.Point]:
    """The points ``ships`` lie on (:attr:`Ship.pos`, read off their fields:
    every battery's line of sight is asked against the points of the ships
    afloat, 4.2)."""
    return {(s.q, s.r) for s in ships}


def line_clear(
    state: State, a: Ship, b: Ship, g: pg.Grid, occupied: set[pg.Point] | None = None
) -> bool:
    """Line of sight (4.2): no island and no ship strictly between. A friendly
    ship between forbids the fire; an enemy between is the nearer, and so the
    eligible, target instead. ``occupied``: the points of the ships afloat,
    where the caller has them; the two ships' own points need not be taken
    out of them, as no line passes its own ends (:func:`pg.between` gives
    the points strictly between; tests/rulesets/away_boarders/
    test_gunnery_one_reckoning.py checks it)."""
    if occupied is None:
        occupied = points_of(afloat(state))
    return g.clear_line(a.pos, b.pos, occupied)


def rake_of(firer: pg.Point, target: Ship) -> str:
    """ "ahead" or "astern" when the firer lies on the target's fore-and-aft
    line (4.3 Rake), else ""."""
    d = pg.direction_of(target.pos, firer)
    if d is None:
        return ""
    if d == target.facing:
        return "ahead"
    if d == (target.facing + 3) % 6:
        return "astern"
    return ""


def _eligible(
    state: State,
    ship: Ship,
    battery: str,
    t: Tables,
    ships: list[Ship] | None = None,
    occupied: set[pg.Point] | None = None,
    reach: int | None = None,
    g: pg.Grid | None = None,
    near: list[tuple[Ship, int]] | None = None,
) -> Iterator[Ship]:
    """The eligible targets of a battery one by one (4.2), in the order of
    the ships; ``ships``: the ships afloat, where the caller has them, or
    with ``occupied`` (the points of the ships afloat, which block the line
    of sight) the ships that may be targets; ``reach``: the battery's
    :func:`_battery_reach`, and ``g`` the field, where the caller has
    them; ``near``: the enemies within some reach at least the battery's,
    each with its range (:func:`_enemies_within`), where the caller has
    them (then ``ships`` is not read)."""
    if reach is None:
        reach = _battery_reach(ship, battery, t)
    if reach < 0:
        return
    if near is None:
        if ships is None:
            ships = afloat(state)
        near = _enemies_within(ship, ships, reach)
    for other, rng in near:
        if rng > reach or not in_arc(ship, battery, other.pos, other.id):
            continue
        if rng > 1:
            if occupied is None:
                occupied = points_of(afloat(state) if ships is None else ships)
            if g is None:
                g = grid(state)
            if not line_clear(state, ship, other, g, occupied):
                continue
        yield other


def _battery_reach(ship: Ship, battery: str, t: Tables) -> int:
    """The longest range of a battery's loaded guns with its load (4.2,
    4.4); -1 where it may not fire at all (no gun loaded, nobody at the
    guns, or she is out of the fight): that battery's of :func:`_reaches`."""
    return _reaches(ship, t)[_BATTERY_AT[battery]]


_BATTERY_AT: Final = {b: i for i, b in enumerate(BATTERIES)}
"""Each battery's place in :data:`BATTERIES` (and in :func:`_reaches`)."""


def _reaches(ship: Ship, t: Tables) -> list[int]:
    """The longest range of each battery's loaded guns (not disabled) with
    its load, in the order of :data:`BATTERIES`, read in one pass over her
    guns (4.2, 4.4); -1 for a battery that may not fire at all (no gun
    loaded, nobody at the guns, or she is out of the fight). The one
    reckoning of a battery's reach (:func:`_battery_reach` reads it)."""
    if ship.crew["guns"] == 0 or not ship.active:
        return [-1] * len(BATTERIES)
    by_load, load = _charts(t)[1], ship.load
    # each battery's ranges by gun type with its load, read once (and only
    # for a battery with a gun loaded, as a gun's range reads it), not a gun
    ranges: list[dict[str, int] | None] = [None] * len(BATTERIES)
    best = [-1] * len(BATTERIES)
    for g in ship.guns:
        if g.loaded and not g.disabled:
            side = g.side
            i = _BATTERY_AT[side]
            by_type = ranges[i]
            if by_type is None:
                by_type = ranges[i] = by_load[load[side]]
            rng = by_type[g.type]
            if rng > best[i]:
                best[i] = rng
    return best


def _enemies_within(ship: Ship, ships: list[Ship], reach: int) -> list[tuple[Ship, int]]:
    """The enemies among ``ships`` within ``reach`` of ``ship``, each with
    its range, in the order of ``ships``: the only ships a battery of hers
    whose loaded guns reach no farther may have as targets (4.2)."""
    side, x, y = ship.side, ship.q, ship.r
    out = []
    for other in ships:
        if other.side != side:
            # the range is at least the difference of either coordinate
            dq = other.q - x
            if dq > reach or -dq > reach:
                continue
            dr = other.r - y
            if dr > reach or -dr > reach:
                continue
            rng = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # pg.distance
            if rng <= reach:
                out.append((other, rng))
    return out


def targets(
    state: State,
    ship: Ship,
    battery: str,
    t: Tables,
    ships: list[Ship] | None = None,
    occupied: set[pg.Point] | None = None,
) -> list[Ship]:
    """Eligible targets of a battery: enemy, in arc, in range, in sight (4.2);
    ``ships`` and ``occupied`` as :func:`_eligible` takes them."""
    return list(_eligible(state, ship, battery, t, ships, occupied))


def may_fire(
    state: State,
    ship: Ship,
    battery: str,
    t: Tables,
    ships: list[Ship] | None = None,
    occupied: set[pg.Point] | None = None,
    reach: int | None = None,
    g: pg.Grid | None = None,
    near: list[tuple[Ship, int]] | None = None,
) -> bool:
    """Whether a battery has an eligible target (4.2): :func:`targets`, to
    the first; ``ships``, ``occupied``, ``reach``, ``g`` and ``near`` as
    :func:`_eligible` takes them."""
    found = _eligible(state, ship, battery, t, ships, occupied, reach, g, near)
    return next(found, None) is not None


def hit_side(firer: pg.Point, target: Ship, battery: str, firer_id: str = "") -> str:
    """The side of the target the fire comes from ("port"/"starboard"); on the
    same point, the side a near miss left the firer on (3.3)."""
    if firer == target.pos:
        if firer_id in target.abeam:
            return target.abeam[firer_id]
        return "starboard" if battery == "port" else "port"
    rel = pg.relative_bearing(target.pos, target.facing, firer)
    return "port" if 0 < rel < 180 else "starboard"


# --------------------------------------------------------------------------
# Action segment: gunnery (4.2-4.4)


def fire_setup(state: State, t: Tables, ctx: Context) -> list[Option] | None:
    """After the movement of a phase, every battery that may fire (4.2): a
    ship's batteries are tried on the enemies within her longest reach.
    The first battery's choices (:func:`fire_choices`; None where none may
    fire): at once the fire's first question (:func:`fire_phase` would find
    the same, nothing changed), so that they are not worked out twice."""
    ships = afloat(state)
    occupied = points_of(ships)
    g = grid(state)
    foes: dict[str, list[Ship]] = {}  # each side's enemies afloat, in the order of the ships
    state.fire_queue = []
    first: list[Option] | None = None  # the first battery's choices
    for s in ships:
        reaches = _reaches(s, t)
        top = max(reaches)
        if top < 0:
            continue  # no battery may fire
        enemies = foes.get(s.side)
        if enemies is None:
            enemies = foes[s.side] = [o for o in ships if o.side != s.side]
        near = _enemies_within(s, enemies, top)
        if not near:
            continue
        for b, reach in zip(BATTERIES, reaches, strict=True):
            if reach < 0:
                continue
            if first is None:
                # nothing has fired yet in this phase: a battery with an
                # eligible target has choices (4.2), and one without has none
                choices = fire_choices(state, t, s, b, None, occupied, reach, g, near)
                if choices:
                    first = choices
                    state.fire_queue.append([s.id, b])
            elif may_fire(state, s, b, t, None, occupied, reach, g, near):
                state.fire_queue.append([s.id, b])
    state.pending = None
    state.hits = []
    state.phase = "fire"
    return first


def fire_phase(state: State, t: Tables, ctx: Context) -> list[Option] | None:
    """Drop batteries that can no longer fire; when none is left, apply all
    the damage of the phase at once (2.2) and go on. Where the first battery
    left may fire, its choices (:func:`fire_choices`), so that the prompt is
    not worked out twice."""
    if state.pending is not None:
        return None
    # nobody moves, sinks or strikes until the damage is applied: the ships
    # afloat, their points and each side's enemies among them are read once
    # for the batteries left
    ships: list[Ship] | None = None
    occupied: set[pg.Point] = set()
    foes: dict[str, list[Ship]] = {}
    while state.fire_queue:
        if ships is None:
            ships = afloat(state)
            occupied = points_of(ships)
        ship_id, battery = state.fire_queue[0]
        ship = state.ships[ship_id]
        enemies = foes.get(ship.side)
        if enemies is None:
            enemies = foes[ship.side] = [o for o in ships if o.side != ship.side]
        choices = fire_choices(state, t, ship, battery, enemies, occupied)
        if choices:
            return choices
        state.fire_queue.pop(0)
    apply_hits(state, t, ctx)
    if state.result is not None or state.casualty is not None:
        return None
    state.fired = []
    state.action += 1
    if state.action < len(t.movement.phases):
        state.phase = "move"
        state.entry = -1
        state.queue = []
        state.moved = []
    else:
        state.phase = "tasks-setup"
    return None


def groups_in_range(state: State, t: Tables, ship: Ship, battery: str, target: Ship) -> list[str]:
    """The calibers of a battery that reach ``target`` (4.2) and have not yet
    fired on her this phase: the guns of one caliber firing together on a
    target make one roll (4.3), so they cannot be split into several."""
    rng = pg.distance(ship.pos, target.pos)
    return [caliber for caliber, _ in _groups_in_range(state, t, ship, battery, target, rng)]


def _groups_in_range(
    state: State,
    t: Tables,
    ship: Ship,
    battery: str,
    target: Ship,
    rng: int,
    loaded: list[Gun] | None = None,
) -> list[tuple[str, list[Gun]]]:
    """:func:`groups_in_range` at range ``rng``, each caliber with its guns
    that reach (:func:`_reaching`, as :func:`caliber_guns`; 4.2, 4.3), the
    calibers in the order of :func:`groups_of` (``loaded``: the battery's
    loaded guns, where the caller has them)."""
    return [
        (caliber, guns)
        for caliber, guns in _reaching(ship, battery, rng, t, loaded).items()
        if guns and [ship.id, battery, target.id, caliber] not in state.fired
    ]


def fire_choices(
    state: State,
    t: Tables,
    ship: Ship,
    battery: str,
    ships: list[Ship] | None = None,
    occupied: set[pg.Point] | None = None,
    reach: int | None = None,
    g: pg.Grid | None = None,
    near: list[tuple[Ship, int]] | None = None,
) -> list[Option]:
    """What a battery may still do at the end of this phase (4.2): any or all
    of its loaded guns may fire, so after one roll the guns still loaded may
    fire on another target (or a caliber not yet fired on the same one).
    ``ships``, ``occupied``, ``reach``, ``g`` and ``near`` as
    :func:`_eligible` takes them."""
    choices: list[Option] = []
    ready: list[Gun] | None = None  # the battery's loaded guns, read once
    for target in _eligible(state, ship, battery, t, ships, occupied, reach, g, near):
        rng = pg.distance(ship.pos, target.pos)
        if ready is None:
            ready = [gun for gun in battery_guns(ship, battery) if gun.loaded]
        # each caliber with its guns, kept for the words
        calibers = _groups_in_range(state, t, ship, battery, target, rng, ready)
        if not calibers:
            continue
        rake = rake_of(ship.pos, target)
        extra = f", raking from {rake}" if rake and rng > 0 else ""
        rolls = tuple([(caliber, len(guns), caliber_label(t, guns)) for caliber, guns in calibers])
        choices += _target_choices(target.id, target.name, rng, extra, rolls)
    if choices:
        choices.append(_HOLD)
    return choices


_HOLD: Final = Option("hold", "hold fire (no more from this battery this phase)")


@lru_cache(maxsize=4096)
def _target_choices(
    target_id: str,
    target_name: str,
    rng: int,
    extra: str,
    rolls: tuple[tuple[str, int, str], ...],
) -> tuple[Option, ...]:
    """A battery's choices on one target (4.2): all its guns that reach,
    one caliber only (where it has two or more), or so many guns of one;
    ``rolls``: each caliber that reaches with its number of guns and their
    words (:func:`caliber_label`). The words depend on these alone, so the
    options are kept for them by :func:`lru_cache`."""
    out = [Option(f"fire:{target_id}", f"fire on {target_name} (range {rng}{extra})")]
    for caliber, loaded, label in rolls:
        if len(rolls) > 1:
            out.append(
                Option(
                    f"fire:{target_id}:{caliber}",
                    f"fire only the {loaded} {label}(s) on {target_name}",
                )
            )
        for n in range(1, loaded):
            out.append(
                Option(
                    f"fire:{target_id}:{caliber}:{n}",
                    f"fire only {n} of the {loaded} {label}(s) on {target_name}",
                )
            )
    return tuple(out)


def open_fire(
    state: State,
    t: Tables,
    ship: Ship,
    battery: str,
    target: Ship,
    ctx: Context,
    only: str = "",
    count: int = 0,
) -> str:
    """Fire a battery at ``target`` (4.2: any or all of the guns): every
    caliber in range, or ``only`` one caliber, or ``count`` guns of it. The
    first roll's guns in words (:func:`_roll_modifier`), for its aim."""
    calibers = groups_in_range(state, t, ship, battery, target)
    groups = [gt for gt in calibers if not only or gt == only]
    if target.pos == ship.pos and target.id not in ship.abeam:
        lie_alongside(ship, battery, target)
    state.fired.extend([ship.id, battery, target.id, gt] for gt in groups)
    state.pending = PendingFire(ship.id, battery, target.id, groups, count=count if only else 0)
    ctx.log(f"{ship.name}'s {battery} guns fire on {target.name}", R_FIRE)
    return _roll_modifier(state, t, ctx)


def _roll_guns(state: State, t: Tables) -> tuple[Ship, Ship, int, list[Gun]]:
    """The firer, the target, the range and the guns of the roll being
    resolved (4.3: the caliber's guns that reach, or as many as were
    ordered to fire)."""
    pf = state.pending
    assert pf is not None
    ship, target = state.ships[pf.ship], state.ships[pf.target]
    rng = pg.distance(ship.pos, target.pos)
    guns = caliber_guns(ship, pf.battery, pf.groups[pf.index], rng, t)
    if pf.count:
        guns = guns[: pf.count]
    return ship, target, rng, guns


def _group_count(state: State, t: Tables) -> tuple[DiceCount, list[Gun]]:
    """The Damage Dice of the roll being resolved (4.3), with its guns
    (:func:`_roll_guns`)."""
    ship, target, rng, guns = _roll_guns(state, t)
    first = all(not g.fired for g in guns)
    rake = bool(rake_of(ship.pos, target)) and rng > 0
    return damage_dice(t, guns[0].type, len(guns), rng, first, rake), guns


def pending_label(state: State, t: Tables) -> str:
    """The guns of the roll being resolved, as the aim question names them
    (:func:`_roll_guns`: the dice need not be counted for it)."""
    guns = _roll_guns(state, t)[3]
    return caliber_label(t, guns)


def _roll_modifier(state: State, t: Tables, ctx: Context) -> str:
    """Count the Damage Dice and roll the random modifier die (4.3); the
    roll's guns in words (what :func:`pending_label` gives now: the aim
    question names them)."""
    pf = state.pending
    assert pf is not None
    count, guns = _group_count(state, t)
    words = caliber_label(t, guns)
    ship = state.ships[pf.ship]
    # the words and the roll's explanation are built only where a log reads them
    face = ctx.roll(
        lambda: f"{ship.name}, {count.guns} x {words}: random modifier die",
        1,
        R_DAMAGE,
        seat=ship.side,
        math=lambda _faces: ex.random_modifier(t),
    )[0]
    mod = random_modifier(t, face)
    pf.dice = max(0, count.total + mod)
    pf.kept_face = face if mod > 0 else 0
    if ctx.logging:
        ctx.log(
            f"{count.guns} x {words}: {count.explain()}, random die {face} "
            f"({mod:+d}) = {pf.dice} Damage Dice",
            R_DAMAGE,
        )
    return words


def resolve_aim(state: State, t: Tables, high: bool, ctx: Context) -> str | None:
    """Fire high or low and roll the Damage Dice (4.3, 4.4); the damage is
    held until the end of the phase. The next roll's guns in words, where
    the fire has another caliber to roll (:func:`_roll_modifier`), else
    None."""
    pf = state.pending
    assert pf is not None
    ship, target = state.ships[pf.ship], state.ships[pf.target]
    count, guns = _group_count(state, t)
    rake = rake_of(ship.pos, target) if count.range > 0 else ""
    dice = pf.dice
    stern = rake == "astern" and not high
    if stern:
        dice += t.modifiers.low_stern_rake
        ctx.log("Low stern rake: one more Damage Die", R_DAMAGE)
    kept = [pf.kept_face] if pf.kept_face and dice > 0 else []
    rolled = max(0, dice - len(kept))
    ammo = ship.load[pf.battery]
    faces = (
        list(
            ctx.roll(
                lambda: f"{ship.name} Damage Dice, firing {'high' if high else 'low'}",
                rolled,
                R_DAMAGE,
                seat=ship.side,
                math=lambda _faces: ex.damage_dice(
                    t, high, ammo, _aim_terms(t, pf, count, stern, kept, high, ammo)
                ),
            )
        )
        if rolled
        else []
    )
    faces += kept
    hull, r_dice, r_per, gun_hits, crew_hits = read_damage(t, faces, high, ammo)
    for g in guns:
        g.loaded = False
        g.fired = True
    side = "rake" if rake else hit_side(ship.pos, target, pf.battery, ship.id)
    state.hits.append(
        Hit(target.id, ship.id, side, rake, high, hull, r_dice, r_per, gun_hits, crew_hits)
    )
    if ctx.logging:
        ctx.log(
            f"{target.name} will take {hull} hull, {r_dice * r_per} rigging, {gun_hits} gun "
            f"and {crew_hits} crew hit(s) ({t.ammo.get(ammo).label})",
            R_SPECIAL if ammo != "round" else R_DAMAGE,
        )
    pf.index += 1
    if pf.index < len(pf.groups):
        return _roll_modifier(state, t, ctx)
    state.pending = None
    return None


def _aim_terms(
    t: Tables,
    pf: PendingFire,
    count: DiceCount,
    stern: bool,
    kept: list[int],
    high: bool,
    ammo: str,
) -> list[tuple[str, int]]:
    """What made the number of Damage Dice (4.3), for the roll's explanation."""
    terms = [
        (
            f"for {count.guns} {'gun' if count.guns == 1 else 'guns'} at range {count.range}",
            count.base,
        ),
        ("shot weight", count.caliber),
        ("initial broadside", count.initial),
        ("rake", count.rake),
        ("random modifier die", pf.dice - count.total),
    ]
    if stern:
        terms.append(("low stern rake", t.modifiers.low_stern_rake))
    if kept:
        # the kept die is read off the Damage Table too: say what it did
        read = ex.damage_words(t, high, ammo)[pf.kept_face - 1]
        terms.append((f"the random die's {pf.kept_face}, kept as one of them ({read})", -1))
    return terms


def expect_text(state: State, t: Tables, high: bool) -> str:
    pf = state.pending
    assert pf is not None
    ship, target = state.ships[pf.ship], state.ships[pf.target]
    dice = pf.dice
    if not high and rake_of(ship.pos, target) == "astern" and ship.pos != target.pos:
        dice += t.modifiers.low_stern_rake
    return expect_words(t, dice, high, ship.load[pf.battery])
