"""How each roll of Away, Boarders! reads its dice, for the roll's explanation
(core.explain.RollMath): built from the values the rule itself uses, so a
house-rule tables file explains itself."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.away_boarders.tables import Tables

EVEN = (2, 4, 6)
ODD = (1, 3, 5)

_KIND = {"H": "hull", "R": "rigging", "G": "gun", "C": "crew"}


def by_face(words: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """A chart read by the face of one die (``words[face - 1]``), as runs of
    faces that read alike: (lowest face, words)."""
    out: list[tuple[int, str]] = []
    for face, text in enumerate(words, start=1):
        if not out or out[-1][1] != text:
            out.append((face, text))
    return tuple(out)


def parity(hits: tuple[int, ...], yes: str, no: str) -> RollMath:
    """One die, even or odd (2.1, 2.3, 3.3): the faces that count make ``yes``."""
    return RollMath("faces", hits=hits, outcomes=((0, no), (1, yes)))


def opposed(mine: Sequence[tuple[str, int]], theirs: int, against: int | None = None) -> RollMath:
    """A die plus markers against the other side's die plus markers (5.0)."""
    return RollMath(
        "opposed",
        modifiers=tuple((what, n) for what, n in mine if n),
        versus=(1, 1, theirs),
        against=against,
    )


def captain_in_melee() -> RollMath:
    """Two dice for a captain who led a lost boarding round (5.0): a 2 strikes him down."""
    return RollMath(
        "sum",
        target=2,
        at_most=True,
        outcomes=((2, "the captain is struck down"), (3, "the captain comes through")),
    )


def casualty_pairs(casualties: int) -> RollMath:
    """Two dice for each casualty (4.3): any 2 turns the captain's marker face down."""
    return RollMath(
        "pairs",
        target=2,
        at_most=True,
        dice=(("two for each casualty", 2 * casualties),),
        outcomes=((0, "the captain is not hit"), (1, "the captain is hit")),
    )


def random_modifier(t: Tables) -> RollMath:
    """The random modifier die (4.3), read by face off the tables in force."""
    m = t.modifiers
    words = []
    for face in range(1, 7):
        if face in m.random_add:
            words.append("one Damage Die more (this die, kept)")
        elif face in m.random_remove:
            n = m.random_removes
            words.append(f"{n} Damage {'Die' if n == 1 else 'Dice'} fewer")
        else:
            words.append("no change")
    return RollMath("each", outcomes=by_face(words))


def damage_words(t: Tables, high: bool, ammo: str) -> list[str]:
    """What each face does on the Damage Table (4.3) with the load's effects (4.4)."""
    table = t.damage.high if high else t.damage.low
    a = t.ammo.get(ammo)
    num, den = a.hull_factor
    per = {
        "H": Fraction(a.hits_per_die * num, den),
        "R": Fraction(a.hits_per_die * a.rigging_factor),
        "G": Fraction(a.hits_per_die),
        "C": Fraction(a.hits_per_die * a.crew_factor),
    }
    out = []
    for code in table:
        if code not in _KIND:
            out.append("no effect")
            continue
        n = per[code]
        kind = _KIND[code]
        if n == 0:
            out.append(f"no {kind} hit ({a.label})")
        elif n == 1:
            out.append(f"{kind} hit")
        else:
            out.append(f"{n} {kind} hits ({a.label})")
    return out


def damage_dice(
    t: Tables,
    high: bool,
    ammo: str,
    terms: Sequence[tuple[str, int]],
) -> RollMath:
    """The Damage Dice (4.3), each read off the Damage Table; ``terms`` are
    what made their number."""
    return RollMath(
        "each",
        dice=tuple((w, n) for i, (w, n) in enumerate(terms) if n or i == 0),
        outcomes=by_face(damage_words(t, high, ammo)),
    )


def masts(mast_names: Sequence[str], mast_of: Sequence[int]) -> RollMath:
    """Which mast each rigging hit strikes (4.3): ``mast_of[face - 1]`` the mast."""
    return RollMath("each", outcomes=by_face([mast_names[i] for i in mast_of]))


def fouling() -> RollMath:
    """Fouling damage (3.3): the difference between two dice is the rigging hits."""
    return RollMath(
        "difference",
        outcomes=(
            (0, "no rigging hit"),
            (1, "1 rigging hit"),
            *((n, f"{n} rigging hits") for n in range(2, 6)),
        ),
    )
