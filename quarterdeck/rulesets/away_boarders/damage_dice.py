"""Away, Boarders!: the Damage Dice (4.3, 4.4) read off the charts: how many
a roll of one caliber's guns throws (the Hit Table, shot weight, initial
broadside, rake), the random modifier die, the Damage Table's hits with the
load's effects, and the average hits in words for the fire's aim question.

Each count and each wording is read once for the (frozen) tables in force.
The fire itself, who fires at what and when, and the roll aimed high or
low, is :mod:`gunnery` (4.2-4.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from quarterdeck.rulesets.away_boarders.tables import Tables


@dataclass(frozen=True, slots=True)
class DiceCount:
    """The Damage Dice of one roll, before the random modifier (4.3)."""

    guns: int
    range: int
    base: int
    caliber: int
    initial: int
    rake: int

    @property
    def total(self) -> int:
        return self.base + self.caliber + self.initial + self.rake

    def explain(self) -> str:
        parts = [f"{self.base} base ({self.guns} guns at range {self.range})"]
        if self.caliber:
            parts.append(f"+{self.caliber} shot weight")
        if self.initial:
            parts.append(f"+{self.initial} initial broadside")
        if self.rake:
            parts.append(f"+{self.rake} rake")
        return ", ".join(parts)


def damage_dice(
    t: Tables, gun_type: str, guns: int, rng: int, first: bool, rake: bool
) -> DiceCount:
    """Damage Dice for ``guns`` guns of one caliber at range ``rng`` (4.3):
    Hit Table, shot-weight modifier capped by the guns firing, +2 for the
    initial broadside, +2 for a rake. ``gun_type`` is any of the kinds of
    gun of that caliber firing (they share the shot weight). Read off the
    charts once for each such count (the tables are frozen; a count is too)."""
    hit = _DICE.get(id(t))
    if hit is None or hit[0] is not t:
        hit = _DICE[id(t)] = (t, {})
    key = (gun_type, guns, rng, first, rake)
    count = hit[1].get(key)
    if count is None:
        count = hit[1][key] = _damage_dice(t, gun_type, guns, rng, first, rake)
    return count


_DICE: Final[dict[int, tuple[Tables, dict[tuple[str, int, int, bool, bool], DiceCount]]]] = {}
"""The Damage Dice counts read so far, by the identity of the tables (a few
hundred at most: gun types, numbers of guns, ranges)."""


def _damage_dice(
    t: Tables, gun_type: str, guns: int, rng: int, first: bool, rake: bool
) -> DiceCount:
    """The count of :func:`damage_dice`, read off the charts (4.3): the Hit
    Table's dice, the shot-weight modifier capped by the guns firing, the
    initial broadside and the rake."""
    kind = t.guns.types[gun_type]
    base = t.hit_table.base_dice(kind.hit_table_guns(guns), rng)
    caliber = min(t.caliber.of(kind.pounds), guns)
    return DiceCount(
        guns,
        rng,
        base,
        caliber,
        t.modifiers.initial_broadside if first else 0,
        t.modifiers.rake if rake else 0,
    )


def random_modifier(t: Tables, face: int) -> int:
    """Random modifier die (4.3): +1 die (the die itself) on 5-6, none on 3-4,
    one die removed on 1-2."""
    if face in t.modifiers.random_add:
        return 1
    if face in t.modifiers.random_remove:
        return -t.modifiers.random_removes
    return 0


def read_damage(
    t: Tables, faces: list[int], high: bool, ammo: str
) -> tuple[int, int, int, int, int]:
    """Damage Table results for ``faces`` with the load's effects (4.3, 4.4):
    (hull hits, rigging dice, rigging hits per die, gun hits, crew hits)."""
    table = t.damage.high if high else t.damage.low
    counts = {"H": 0, "R": 0, "G": 0, "C": 0, "-": 0}
    for f in faces:
        counts[table[f - 1]] += 1
    a = t.ammo.get(ammo)
    num, den = a.hull_factor
    hull = counts["H"] * a.hits_per_die * num // den
    return (
        hull,
        counts["R"],
        a.hits_per_die * a.rigging_factor,
        counts["G"] * a.hits_per_die,
        counts["C"] * a.hits_per_die * a.crew_factor,
    )


def expected_damage(t: Tables, dice: int, high: bool, ammo: str) -> dict[str, float]:
    """Average hits of ``dice`` Damage Dice on the Damage Table (4.3, 4.4)."""
    table = t.damage.high if high else t.damage.low
    a = t.ammo.get(ammo)
    per_die = {r: table.count(r) / 6 for r in ("H", "R", "G", "C")}
    num, den = a.hull_factor
    return {
        "hull": dice * per_die["H"] * a.hits_per_die * num / den,
        "rigging": dice * per_die["R"] * a.hits_per_die * a.rigging_factor,
        "guns": dice * per_die["G"] * a.hits_per_die,
        "crew": dice * per_die["C"] * a.hits_per_die * a.crew_factor,
    }


_WORDS: Final[dict[int, tuple[Tables, dict[tuple[int, bool, str], str]]]] = {}
"""The average hits of so many Damage Dice in words, by the identity of the
(frozen) tables: a few hundred at most (dice, high or low, load)."""


def expect_words(t: Tables, dice: int, high: bool, ammo: str) -> str:
    """The average hits of ``dice`` Damage Dice fired high or low with
    ``ammo`` (4.3, 4.4: :func:`expected_damage`) in words, kept in
    :data:`_WORDS`."""
    kept = _WORDS.get(id(t))
    if kept is None or kept[0] is not t:
        kept = _WORDS[id(t)] = (t, {})
    words = kept[1].get((dice, high, ammo))
    if words is None:
        avg = expected_damage(t, dice, high, ammo)
        shown = [f"{v:.1f} {k}" for k, v in avg.items() if v > 0]
        words = kept[1][dice, high, ammo] = "about " + ", ".join(shown) if shown else "no effect"
    return words
