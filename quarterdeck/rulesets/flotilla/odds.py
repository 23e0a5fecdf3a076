"""Exact odds for single Flotilla resolutions, as fractions.

- a volley: the distribution of hits from ``dice`` fire dice needing
  ``need`` or more, divided by the range divisor and rounded up (Firing);
- a captain's morale test: the chance of each result band (Captain's Morale).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from quarterdeck.rulesets.flotilla.tables import Tables


def face_chance(need: int, sides: int = 6) -> Fraction:
    """Chance that one die shows ``need`` or more (clamped to the die)."""
    need = max(1, min(need, sides + 1))
    return Fraction(sides + 1 - need, sides)


@cache
def volley(dice: int, need: int, divisor: int) -> dict[int, Fraction]:
    """Hits from one volley: P(hits = h) for every h."""
    p = face_chance(need)
    out: dict[int, Fraction] = {}
    for k in range(dice + 1):
        chance = comb(dice, k) * p**k * (1 - p) ** (dice - k)
        hits = -(-k // divisor)
        out[hits] = out.get(hits, Fraction(0)) + chance
    return out


def expected_hits(dice: int, need: int, divisor: int) -> Fraction:
    return sum((h * c for h, c in volley(dice, need, divisor).items()), Fraction(0))


@cache
def three_dice() -> dict[int, Fraction]:
    """The distribution of the sum of three dice."""
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                out[a + b + c] = out.get(a + b + c, Fraction(0)) + Fraction(1, 216)
    return out


def morale(t: Tables, target: int) -> dict[str, Fraction]:
    """P(each result band) of a morale test against ``target`` (value plus
    modifiers). Surrender and withdraw share the +5/+6 band."""
    out: dict[str, Fraction] = {}
    for total, chance in three_dice().items():
        band = t.morale.band(total - target).result
        out[band] = out.get(band, Fraction(0)) + chance
    return out


def percent(x: Fraction) -> str:
    return f"{float(x) * 100:.0f}%"
