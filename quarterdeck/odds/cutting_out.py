"""Exact odds for single Cutting Out Party resolutions, as fractions.

* :func:`spotting` - the chance the defender's spotting die finds a boat at a
  given distance (Defender Attempts to Spot);
* :func:`melee_pair` - one figure against one: each of the seven outcomes
  (Melee; a boarder beaten on the climb always dies);
* :func:`melee_lone` - one figure against several, one die compared with
  each of theirs (this project's reading): how he fares, and how many of
  them fall;
* :func:`cannon_shot` - one gun's shot: the chance to hit and what the hit
  does, by the hit determination chart or the grape roll (Cannon Fire);
* :func:`small_arms` - a volley of muskets: the number of kills.

Each is computed from the charts in the rule set's tables, so a house-rule
table gives house-rule odds.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rule set's rules use these odds: no import at load time
    from quarterdeck.rulesets.cutting_out.tables import Tables


def printed_tables() -> Tables:
    from quarterdeck.rulesets.cutting_out.tables import printed_tables as printed

    return printed()


D6 = range(1, 7)
OUTCOMES = ("a dies", "a captured", "a retreats", "tie", "b retreats", "b captured", "b dies")


def face(need: int, sides: int = 6) -> Fraction:
    """P(one die of ``sides`` shows ``need`` or more)."""
    need = max(1, min(need, sides + 1))
    return Fraction(sides + 1 - need, sides)


def spotting(inches: float, bonus: int = 0, t: Tables | None = None) -> Fraction:
    """P(the spotting die finds the nearest boat at ``inches``)."""
    t = t or printed_tables()
    need = t.spotting.need(inches)
    return Fraction(0) if need is None else face(need - bonus)


def _result(diff: int, kill_by: int, capture_by: int) -> str:
    return "dies" if diff >= kill_by else "captured" if diff >= capture_by else "retreats"


@cache
def _pair(
    mod_a: int, mod_b: int, climbing: bool, kill_by: int, capture_by: int
) -> tuple[tuple[str, Fraction], ...]:
    out: dict[str, Fraction] = dict.fromkeys(OUTCOMES, Fraction(0))
    for ra in D6:
        for rb in D6:
            diff = ra + mod_a - rb - mod_b
            if diff == 0:
                key = "tie"
            elif diff > 0:
                key = f"b {_result(diff, kill_by, capture_by)}"
            else:
                key = "a dies" if climbing else f"a {_result(-diff, kill_by, capture_by)}"
            out[key] += Fraction(1, 36)
    return tuple(out.items())


def melee_pair(
    mod_a: int = 0, mod_b: int = 0, climbing: bool = False, t: Tables | None = None
) -> dict[str, Fraction]:
    """One figure (a) against one (b), each a d6 plus modifiers: the chance of
    each outcome ("a dies" ... "b dies"). ``climbing``: a is a boarder on the
    ship's side, who dies if he loses at all."""
    m = (t or printed_tables()).melee
    return dict(_pair(mod_a, mod_b, climbing, m.kill_by, m.capture_by))


SEVERITY = {"tie": 0, "retreats": 1, "captured": 2, "dies": 3}


def melee_lone(
    n: int, mod_lone: int = 0, mod_each: int = 0, t: Tables | None = None
) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """One figure (his die plus ``mod_lone``) against ``n`` enemies (each a die
    plus ``mod_each``), his single die compared with each of theirs: the
    chance of his worst result ("stands", "retreats", "captured", "dies") and
    the distribution of how many of them he beats."""
    t = t or printed_tables()
    fate: dict[str, Fraction] = dict.fromkeys(
        ("stands", "retreats", "captured", "dies"), Fraction(0)
    )
    beaten: dict[int, Fraction] = {}
    for r in D6:
        # for this roll of his, each enemy independently: the result dealt him, or beaten
        dealt: dict[int, Fraction] = {}  # severity dealt to him
        p_beat = Fraction(0)
        for e in D6:
            diff = (e + mod_each) - (r + mod_lone)
            if diff > 0:
                s = SEVERITY[t.melee.result(diff)]
                dealt[s] = dealt.get(s, Fraction(0)) + Fraction(1, 6)
            else:
                dealt[0] = dealt.get(0, Fraction(0)) + Fraction(1, 6)
                if diff < 0:
                    p_beat += Fraction(1, 6)
        # his worst result: P(max severity <= s) = P(one <= s) ** n
        below: dict[int, Fraction] = {}
        running = Fraction(0)
        for s in range(4):
            running += dealt.get(s, Fraction(0))
            below[s] = running**n
        names = ("stands", "retreats", "captured", "dies")
        for s in range(4):
            p = below[s] - (below[s - 1] if s else Fraction(0))
            fate[names[s]] += p / 6
        for k in range(n + 1):
            p = comb(n, k) * p_beat**k * (1 - p_beat) ** (n - k)
            beaten[k] = beaten.get(k, Fraction(0)) + p / 6
    return fate, beaten


def grape_casualties(roll: str) -> dict[int, Fraction]:
    """The figures a grape roll removes ("d10", "half-d10", "d6", "half-d6")."""
    sides = 10 if roll.endswith("d10") else 6
    out: dict[int, Fraction] = {}
    for v in range(1, sides + 1):
        n = v // 2 if roll.startswith("half") else v
        out[n] = out.get(n, Fraction(0)) + Fraction(1, sides)
    return out


def cannon_shot(
    kind: str,
    inches: float,
    target: str = "anchored",
    modifier: int = 0,
    grape: bool = False,
    t: Tables | None = None,
) -> tuple[Fraction, dict[str, Fraction]]:
    """One gun of ``kind`` (ship, land, swivel) firing at ``inches``: P(hit),
    and what a hit does: for round shot the Hit Determination Chart's result
    for ``target`` (fort, anchored, moving, boats), for grape the casualties
    ("2 figures")."""
    t = t or printed_tables()
    need = t.cannon.need(kind, inches)
    if need is None:
        return Fraction(0), {}
    hit = face(need - modifier)
    if grape:
        roll = t.cannon.grape(kind, inches)
        if roll is None:
            return Fraction(0), {}
        return hit, {
            f"{n} figure{'s' if n != 1 else ''}": p
            for n, p in sorted(grape_casualties(roll).items())
        }
    effects: dict[str, Fraction] = {}
    for die in D6:
        result = t.hit_chart.result(target, die)
        effects[result] = effects.get(result, Fraction(0)) + Fraction(1, 6)
    return hit, effects


def small_arms(shots: int, need: int, modifier: int = 0) -> dict[int, Fraction]:
    """Kills from ``shots`` muskets each needing ``need`` (before
    ``modifier``), if every shot has a target of its own: a hit is a kill."""
    p = face(need - modifier)
    return {k: comb(shots, k) * p**k * (1 - p) ** (shots - k) for k in range(shots + 1)}


def percent(x: Fraction) -> str:
    return f"{float(x) * 100:.0f}%"
