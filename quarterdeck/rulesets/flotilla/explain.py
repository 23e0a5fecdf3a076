"""How each roll of Flotilla reads its dice, for the roll's explanation
(core.explain.RollMath): built from the tables in force and the values the
rule itself uses, so a house-rule tables file explains itself."""

from __future__ import annotations

import math as _m
from collections.abc import Sequence

from quarterdeck.core.explain import RollMath
from quarterdeck.rulesets.flotilla.tables import PASSING, Tables


def terms(reasons: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """("won last turn +1", ...) as the rules word their modifiers, back into
    (what, value) pairs."""
    out = []
    for r in reasons:
        what, _, value = r.rpartition(" ")
        out.append((what, int(value)))
    return tuple(out)


def at_least(need: int, yes: str, no: str, *mods: tuple[str, int]) -> RollMath:
    """One die (plus ``mods``) that must make ``need`` or more."""
    return RollMath(
        "sum",
        target=need,
        modifiers=tuple(m for m in mods if m[1]),
        outcomes=((-99, no), (need, yes)),
    )


def at_most(need: int, yes: str, no: str) -> RollMath:
    """A roll that must make ``need`` or less."""
    return RollMath("sum", target=need, at_most=True, outcomes=((-99, yes), (need + 1, no)))


def inches(*dice: tuple[str, int]) -> RollMath:
    """Dice added for a distance (or a number of men, hits), read as they fall."""
    return RollMath("sum", dice=tuple(dice))


def one_face(face: int, yes: str, no: str) -> RollMath:
    """One die: ``face`` makes ``yes`` (a leader falls on a 1)."""
    return RollMath("faces", hits=(face,), outcomes=((0, no), (1, yes)))


def opposed(
    mods: Sequence[tuple[str, int]], versus: int, against: int | None = None, factor: int = 1
) -> RollMath:
    """A die against the other side's (initiative, boarding): ``versus`` the
    other's modifier (or factor, where ``factor`` multiplies the die)."""
    if factor != 1:
        return RollMath("opposed", factor=factor, versus=(1, versus, 0), against=against)
    return RollMath(
        "opposed", modifiers=tuple(m for m in mods if m[1]), versus=(1, 1, versus), against=against
    )


def specific(t: Tables, modifier: int, why: str) -> RollMath:
    """Three dice on the Specific Hit Chart: the line the modified total
    reads, the lowest and highest lines taking what falls beyond them."""
    sp = t.specific
    rows = [
        (-99 if n == sp.lowest else n, f"line {n}: {sp.lines[n].text}") for n in sorted(sp.lines)
    ]
    return RollMath(
        "sum",
        modifiers=((why, modifier),) if modifier else (),
        outcomes=tuple((low, text) for low, text in rows if low <= sp.highest),
    )


def morale(t: Tables, morale_value: int, reasons: Sequence[str]) -> RollMath:
    """The captain's morale (Captain's Morale): the dice, at most the morale
    and its modifiers to pass; how far over picks the band."""
    made = (("the captain's morale", morale_value), *terms(reasons))
    target = sum(v for _, v in made)
    # a roll just over still passes (with morale lost): it counts as passing
    over = max((b.over for b in t.morale.bands if b.result in PASSING), default=0)
    if over:
        made += ((f"{over} over still passes (with morale lost)", over),)
    rows: list[tuple[int, str]] = []
    low = -99
    for band in t.morale.bands:
        word = band.result + (f", morale -{band.reduce}" if band.reduce else "")
        rows.append((low, word))
        low = target + band.over + 1
    return RollMath(
        "sum", target=target + over, at_most=True, target_terms=made, outcomes=tuple(rows)
    )


def nerve(morale_value: int, reasons: Sequence[str]) -> RollMath:
    """Does a captain who held regain his nerve: three dice at most his morale
    with its modifiers."""
    made = (("the captain's morale", morale_value), *terms(reasons))
    target = sum(v for _, v in made)
    return RollMath(
        "sum",
        target=target,
        at_most=True,
        target_terms=made,
        outcomes=((-99, "he regains his nerve"), (target + 1, "he holds on")),
    )


def swim(drown_on: int, gap: float) -> RollMath:
    """Every man a die of inches (Swimming): drowned at ``drown_on`` or less,
    ashore where the die covers the distance, else back aboard."""
    reach = max(drown_on + 1, _m.ceil(gap))
    rows = [(1, "drowns")] if drown_on >= 1 else []
    if reach > drown_on + 1:
        rows.append((drown_on + 1, "turns back"))
    rows.append((reach, "reaches the shore"))
    return RollMath("each", outcomes=tuple(rows))


def extra_power(t: Tables) -> RollMath:
    """Extra Power, read by the face."""
    e = t.extra_power
    return RollMath(
        "each",
        outcomes=(
            (1, f"boiler explosion: {e.explosion_hits} hits, stopped {e.explosion_stop} turns"),
            (2, f"steam lines leak: stopped {e.leak_stop} turns"),
            (3, "the engineer refuses (the captain may gamble)"),
            (4, "that many extra inches"),
        ),
    )


def spar_back(t: Tables, small: bool) -> RollMath:
    """The force of a spar torpedo's explosion on her own ship, by the face."""
    sp = t.spar
    words = []
    for face in range(1, 7):
        if small and face <= sp.small_destroyed_max:
            words.append("a small vessel is destroyed")
        else:
            n = sp.self_hits.get(face, 0)
            words.append("no harm" if n == 0 else f"{n} {'hit' if n == 1 else 'hits'}")
    rows: list[tuple[int, str]] = []
    for face, w in enumerate(words, start=1):
        if not rows or rows[-1][1] != w:
            rows.append((face, w))
    return RollMath("each", outcomes=tuple(rows))
