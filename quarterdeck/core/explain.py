"""The explanation of a roll: how its dice became its result, and the exact odds.

A rule may describe a roll's arithmetic when it asks for it
(``ctx.roll(..., math=RollMath(...))``): how the dice are read, what counts as
success, and every modifier with the line of the rules it comes from. The log
entry carries that description; :func:`explain` turns it, with the dice that
fell, into the explanation a player reads: the reading in words, each
modifier, the exact distribution of the result (computed with fractions, not
sampled), and what would have changed the outcome.

A roll with no description is still explained as far as its dice go: the
exact distribution of their total and of the highest die.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from quarterdeck.core.hidden import sees

How = Literal["sum", "highest", "any", "count", "each", "faces", "difference", "pairs", "opposed"]

HOW_WORDS: dict[str, str] = {
    "sum": "the dice are added",
    "highest": "the highest die counts",
    "any": "any die that makes the target succeeds",
    "count": "each die that makes the target is a success",
    "each": "each die is read on its own",
    "faces": "a die showing one of the faces that count succeeds",
    "difference": "the difference between the two dice counts",
    "pairs": "the dice are read two by two, each pair added",
    "opposed": "the dice are added and set against the other side's roll",
}


@dataclass(frozen=True, slots=True)
class RollMath:
    """How a roll's dice become its result.

    ``how``: ``sum`` (the dice added, then the modifiers), ``highest`` (the
    best die, then the modifiers), ``any`` (success if any die, with the
    modifiers, reaches ``target``), ``count`` (the number of dice that reach
    ``target``) or ``each`` (every die read alone).
    ``target``: the total or face needed (at least; at most with ``at_most``),
    None where the result is read off a chart (``outcomes``).
    ``modifiers``: (what, value) added to the total, or to each die for
    ``any`` and ``count``. ``dice``: (what, value) that made the number of
    dice, with ``limits`` (fewest, most) where the rules bound it.
    ``outcomes``: (lowest result, words) read in order, the last that the
    result reaches applying (a chart's rows; the first row also takes any
    result below it).

    More readings: ``faces`` (each die showing one of ``hits``, after the
    modifiers, counts: an even die, 1-3 on a chart; success if any does),
    ``difference`` (two dice, the difference between them, then the
    modifiers), ``pairs`` (the dice read two by two, each pair added with the
    modifiers; the result is how many pairs reach ``target``, success if any
    does) and ``opposed`` (the dice added, times ``factor``, with the
    modifiers, against another roll: ``versus`` is that roll's dice, factor
    and modifier, ``against`` its result where it has already been rolled;
    the higher wins, equal is a tie). ``factor`` multiplies the dice of a
    ``sum`` or ``opposed`` roll before the modifiers. ``keep`` (for
    ``highest``): how many of the highest dice the rule reads, highest first
    (the result and its distribution are the highest die's).
    ``divisor`` (for ``count``): the successes are divided by it, rounded
    up, to give the result (Flotilla's range: half or a third of the hits).
    ``target_terms``: (what, value) that made ``target`` (a base, then each
    modifier to the number needed, such as a captain's morale and what
    raises or lowers it), as ``dice`` tells what made the number of dice.
    ``secret``: modifiers only some seats know, each (what, value, the seats
    that know it; an umpire knows them all), such as a captain's secret die.
    They count like ``modifiers``. A log shows each seat the roll as that
    seat knows it (:meth:`for_viewer`): a modifier it may not know is taken
    out and only counted in ``unseen`` (the seats that know it).
    ``per_die``: for ``each``, where every die does its own work (a die for
    each musket, a coloured die for each quality, the table then its line),
    (what the die is for, how it is read) in the order the dice fell; each
    die is then explained by its own math (a one-die roll).
    """

    how: How = "sum"
    target: int | None = None
    at_most: bool = False
    modifiers: tuple[tuple[str, int], ...] = ()
    dice: tuple[tuple[str, int], ...] = ()
    limits: tuple[int, int] | None = None
    outcomes: tuple[tuple[int, str], ...] = ()
    hits: tuple[int, ...] = ()
    factor: int = 1
    versus: tuple[int, int, int] | None = None
    against: int | None = None
    keep: int = 1
    divisor: int = 1
    target_terms: tuple[tuple[str, int], ...] = ()
    secret: tuple[tuple[str, int, tuple[str, ...]], ...] = ()
    unseen: tuple[tuple[str, ...], ...] = ()
    per_die: tuple[tuple[str, RollMath], ...] = ()

    @property
    def known(self) -> tuple[tuple[str, int], ...]:
        """Every modifier the reader knows: the open ones and the secret ones
        shown to them."""
        return self.modifiers + tuple((a, b) for a, b, _ in self.secret)

    def for_viewer(self, viewer: str | None) -> RollMath:
        """The roll as ``viewer`` may know it (EVERYTHING: all of it)."""
        per_die = tuple((what, m.for_viewer(viewer)) for what, m in self.per_die)
        if not self.secret:
            return replace(self, per_die=per_die) if per_die != self.per_die else self
        shown = tuple(m for m in self.secret if sees(viewer, m[2]))
        # who keeps a secret is said once, not how many modifiers they keep
        # (their number could tell what they are: a fort's CPV lost or not)
        hidden = tuple(m[2] for m in self.secret if not sees(viewer, m[2]))
        unseen = tuple(dict.fromkeys(self.unseen + hidden))
        return replace(self, secret=shown, unseen=unseen, per_die=per_die)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"how": self.how}
        if self.target is not None:
            out["target"] = self.target
        if self.at_most:
            out["at_most"] = True
        if self.modifiers:
            out["modifiers"] = [list(m) for m in self.modifiers]
        if self.dice:
            out["dice"] = [list(d) for d in self.dice]
        if self.limits is not None:
            out["limits"] = list(self.limits)
        if self.outcomes:
            out["outcomes"] = [list(o) for o in self.outcomes]
        if self.hits:
            out["hits"] = list(self.hits)
        if self.factor != 1:
            out["factor"] = self.factor
        if self.versus is not None:
            out["versus"] = list(self.versus)
        if self.against is not None:
            out["against"] = self.against
        if self.keep != 1:
            out["keep"] = self.keep
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.target_terms:
            out["target_terms"] = [list(m) for m in self.target_terms]
        if self.secret:
            out["secret"] = [[a, b, list(c)] for a, b, c in self.secret]
        if self.unseen:
            out["unseen"] = [list(c) for c in self.unseen]
        if self.per_die:
            out["per_die"] = [[what, m.to_json()] for what, m in self.per_die]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RollMath:
        how = str(data.get("how", "sum"))
        if how not in HOW_WORDS:
            raise ValueError(f"roll math: 'how' is {how!r}; legal values: {', '.join(HOW_WORDS)}")
        limits = data.get("limits")
        versus = data.get("versus")
        return cls(
            how=how,  # type: ignore[arg-type]
            target=int(data["target"]) if data.get("target") is not None else None,
            at_most=bool(data.get("at_most", False)),
            modifiers=tuple((str(a), int(b)) for a, b in data.get("modifiers", [])),
            dice=tuple((str(a), int(b)) for a, b in data.get("dice", [])),
            limits=(int(limits[0]), int(limits[1])) if limits else None,
            outcomes=tuple((int(a), str(b)) for a, b in data.get("outcomes", [])),
            hits=tuple(int(h) for h in data.get("hits", [])),
            factor=int(data.get("factor", 1)),
            versus=(int(versus[0]), int(versus[1]), int(versus[2])) if versus else None,
            against=int(data["against"]) if data.get("against") is not None else None,
            keep=int(data.get("keep", 1)),
            divisor=int(data.get("divisor", 1)),
            target_terms=tuple((str(a), int(b)) for a, b in data.get("target_terms", [])),
            secret=tuple(
                (str(a), int(b), tuple(str(x) for x in c)) for a, b, c in data.get("secret", [])
            ),
            unseen=tuple(tuple(str(x) for x in c) for c in data.get("unseen", [])),
            per_die=tuple((str(a), cls.from_json(b)) for a, b in data.get("per_die", [])),
        )


def chart(faces: Iterable[str], first: int = 1) -> tuple[tuple[int, str], ...]:
    """A chart read off one die (a word for each face, from ``first`` up) as
    ``outcomes``: runs of faces that say the same are one row."""
    out: list[tuple[int, str]] = []
    for n, words in enumerate(faces, first):
        if not out or out[-1][1] != words:
            out.append((n, words))
    return tuple(out)


# -- the common shapes of a roll ---------------------------------------------


def at_least(
    need: int,
    *modifiers: tuple[str, int],
    secret: Iterable[tuple[str, int, tuple[str, ...]]] = (),
    outcomes: tuple[tuple[int, str], ...] = (),
) -> RollMath:
    """The dice (one, or their total) and the modifiers against ``need`` or
    more; a modifier of nothing is left out."""
    return RollMath(
        "sum",
        target=need,
        modifiers=tuple(m for m in modifiers if m[1]),
        secret=tuple(m for m in secret if m[1]),
        outcomes=outcomes,
    )


def at_most(need: int, outcomes: tuple[tuple[int, str], ...] = ()) -> RollMath:
    """One die that does its work on ``need`` or less."""
    return RollMath("sum", target=need, at_most=True, outcomes=outcomes)


def faces(words: Iterable[object]) -> RollMath:
    """One die read off a printed chart: a word (or number) for each face."""
    return RollMath("sum", outcomes=chart(str(w) for w in words))


def total(*modifiers: tuple[str, int]) -> RollMath:
    """The dice added, a number the rule uses as it stands (feet, inches,
    guns, crew)."""
    return RollMath("sum", modifiers=tuple(m for m in modifiers if m[1]))


# -- exact distributions ------------------------------------------------------


@cache
def sum_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """P(total) of ``count`` fair dice of ``sides`` faces, exactly."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    face = Fraction(1, sides)
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for v in range(1, sides + 1):
                nxt[total + v] = nxt.get(total + v, Fraction(0)) + p * face
        dist = nxt
    return dist


@cache
def highest_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """P(highest die) of ``count`` dice: (v/s)^n - ((v-1)/s)^n."""
    if count <= 0:
        return {0: Fraction(1)}
    return {
        v: Fraction(v, sides) ** count - Fraction(v - 1, sides) ** count
        for v in range(1, sides + 1)
    }


def successes_distribution(count: int, p: Fraction) -> dict[int, Fraction]:
    """P(k of ``count`` dice succeed), each with chance ``p``."""
    from math import comb

    return {k: comb(count, k) * p**k * (1 - p) ** (count - k) for k in range(count + 1)}


def face_chance(sides: int, need: int, at_most: bool = False) -> Fraction:
    """The chance that one die reaches ``need`` (at least, or at most)."""
    hits = max(0, min(sides, need)) if at_most else max(0, min(sides, sides - need + 1))
    return Fraction(hits, sides)


def _face_hits(math: RollMath, sides: int) -> Fraction:
    """The chance that one die, with the modifiers, shows a face that counts."""
    mod = sum(v for _, v in math.known)
    return Fraction(sum(1 for v in range(1, sides + 1) if v + mod in math.hits), sides)


def _divided(dist: Mapping[int, Fraction], divisor: int) -> dict[int, Fraction]:
    """The distribution of ``ceil(k / divisor)`` where k has ``dist``."""
    out: dict[int, Fraction] = {}
    for k, p in dist.items():
        out[-(-k // divisor)] = out.get(-(-k // divisor), Fraction(0)) + p
    return out


@cache
def difference_distribution(sides: int) -> dict[int, Fraction]:
    """P(|a - b|) of two dice of ``sides`` faces."""
    out: dict[int, Fraction] = {}
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            out[abs(a - b)] = out.get(abs(a - b), Fraction(0)) + Fraction(1, sides * sides)
    return out


def _reaches(math: RollMath, value: int) -> bool:
    assert math.target is not None
    return value <= math.target if math.at_most else value >= math.target


def _pair_chance(math: RollMath, sides: int) -> Fraction:
    """The chance that one pair of dice, added with the modifiers, reaches the target."""
    mod = sum(v for _, v in math.known)
    if math.target is None:
        return Fraction(0)
    return sum(
        (p for t, p in sum_distribution(2, sides).items() if _reaches(math, t + mod)),
        Fraction(0),
    )


def versus_distribution(math: RollMath, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the opposing roll's result (``versus``)."""
    if math.versus is None:
        return {}
    count, factor, mod = math.versus
    return {t * factor + mod: p for t, p in sum_distribution(count, sides).items()}


def opposed_chances(math: RollMath, count: int, sides: int) -> tuple[Fraction, Fraction]:
    """P(this roll beats the other), P(a tie): against the known result where
    it has been rolled, else over both distributions."""
    mine = result_distribution(math, count, sides)
    if math.against is not None:
        theirs = {math.against: Fraction(1)}
    else:
        theirs = versus_distribution(math, sides)
    win = tie = Fraction(0)
    for a, p in mine.items():
        for b, q in theirs.items():
            if a > b:
                win += p * q
            elif a == b:
                tie += p * q
    return win, tie


def result_distribution(math: RollMath, count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the roll's result as ``math`` reads it: the
    modified total or highest die, the number of successes, or one die."""
    mod = sum(v for _, v in math.known)
    if math.how in ("sum", "opposed"):
        return {t * math.factor + mod: p for t, p in sum_distribution(count, sides).items()}
    if math.how == "highest":
        return {t + mod: p for t, p in highest_distribution(count, sides).items()}
    if math.how in ("any", "count"):
        need = (math.target if math.target is not None else sides) - mod
        if math.at_most:
            need = (math.target if math.target is not None else 1) - mod
        made = successes_distribution(count, face_chance(sides, need, math.at_most))
        if math.how == "count" and math.divisor > 1:
            return _divided(made, math.divisor)
        return made
    if math.how == "faces":
        return successes_distribution(count, _face_hits(math, sides))
    if math.how == "difference":
        return {t + mod: p for t, p in difference_distribution(sides).items()}
    if math.how == "pairs":
        return successes_distribution(count // 2, _pair_chance(math, sides))
    return {t: p for t, p in sum_distribution(1, sides).items()}


def success_chance(math: RollMath, count: int, sides: int) -> Fraction | None:
    """P(success) where the roll has a target: the total (or highest) reaching
    it, or at least one die doing so for ``any``; None otherwise."""
    if math.how == "faces":
        return 1 - result_distribution(math, count, sides).get(0, Fraction(0))
    if math.how == "opposed":
        return opposed_chances(math, count, sides)[0]
    if math.target is None or math.how in ("count", "each"):
        return None
    dist = result_distribution(math, count, sides)
    if math.how in ("any", "pairs"):
        return 1 - dist.get(0, Fraction(0))
    if math.at_most:
        return sum((p for t, p in dist.items() if t <= math.target), Fraction(0))
    return sum((p for t, p in dist.items() if t >= math.target), Fraction(0))


def result_of(math: RollMath, values: Iterable[int]) -> int:
    """The result the dice give as ``math`` reads them."""
    vals = list(values)
    mod = sum(v for _, v in math.known)
    if math.how in ("sum", "opposed"):
        return sum(vals) * math.factor + mod
    if math.how == "highest":
        return (max(vals) if vals else 0) + mod
    if math.how in ("any", "count"):
        target = math.target if math.target is not None else 6
        if math.at_most:
            made = sum(1 for v in vals if v + mod <= target)
        else:
            made = sum(1 for v in vals if v + mod >= target)
        return -(-made // math.divisor) if math.how == "count" else made
    if math.how == "faces":
        return sum(1 for v in vals if v + mod in math.hits)
    if math.how == "difference":
        return (abs(vals[0] - vals[1]) if len(vals) >= 2 else 0) + mod
    if math.how == "pairs":
        if math.target is None:
            return 0
        pairs = [vals[i] + vals[i + 1] + mod for i in range(0, len(vals) - 1, 2)]
        return sum(1 for t in pairs if _reaches(math, t))
    return vals[0] if vals else 0


def succeeded(math: RollMath, result: int) -> bool | None:
    if math.how == "faces":
        return result > 0
    if math.how == "opposed":
        return None if math.against is None else result > math.against
    if math.target is None or math.how in ("count", "each"):
        return None
    if math.how in ("any", "pairs"):
        return result > 0
    return result <= math.target if math.at_most else result >= math.target


def outcome_words(math: RollMath, result: int) -> str:
    """The chart row the result reaches; a result below the first row reads
    as the first (a chart's first row is "this or less")."""
    rows = sorted(math.outcomes)
    words = rows[0][1] if rows else ""
    for low, text in rows:
        if result >= low:
            words = text
    return words


def _pct(p: Fraction) -> str:
    return f"{float(p):.1%}"


def _dice_count(math: RollMath) -> int | None:
    if not math.dice:
        return None
    n = sum(v for _, v in math.dice)
    if math.limits is not None:
        n = max(math.limits[0], min(math.limits[1], n))
    return n


def explain(entry: Mapping[str, Any]) -> dict[str, Any]:
    """Everything a player may want to know about a logged roll (its JSON:
    ``text``, ``rule``, ``values``, ``sides``, and where the rule gave them
    ``goal``, ``odds`` and ``math``): the reading in words, the modifiers,
    the exact distribution and chance of success, and what would have
    changed the outcome."""
    values = [int(v) for v in entry.get("values", [])]
    sides = int(entry.get("sides", 6))
    count = len(values)
    label = str(entry.get("text", "")).rpartition(": rolled ")[0] or str(entry.get("text", ""))
    out: dict[str, Any] = {
        "label": label,
        "rule": str(entry.get("rule", "")),
        "goal": str(entry.get("goal", "")),
        "odds": str(entry.get("odds", "")),
        "by": str(entry.get("by", "")),
        "values": values,
        "sides": sides,
        "dice": f"{count}d{sides}" if count != 1 else f"1d{sides}",
    }
    raw = entry.get("math")
    if not isinstance(raw, Mapping):
        out["words"] = (
            f"{count} {'die' if count == 1 else 'dice'} of {sides} faces; "
            + (out["goal"] or "the rule reads the faces as its chart says")
            + "."
        )
        out["distribution"] = _rows(sum_distribution(count, sides), sum(values))
        out["distribution_of"] = "the total of the dice"
        if count > 1:
            out["highest"] = _rows(highest_distribution(count, sides), max(values))
        out["changes"] = []
        out["modifiers"] = []
        return out
    math = RollMath.from_json(raw)
    result = result_of(math, values)
    dist = result_distribution(math, count, sides)
    chance = success_chance(math, count, sides)
    ok = succeeded(math, result)
    mod = sum(v for _, v in math.known)
    target_words = ""
    if math.target is not None:
        cmp = "or less" if math.at_most else "or more"
        if math.how in ("any", "count"):
            face = math.target - mod
            target_words = f"a die needs {face} {cmp}" + (
                f" (the target {math.target}, modifiers {mod:+d})" if mod else ""
            )
        elif math.how == "pairs":
            target_words = f"a pair needs {math.target} {cmp}"
        else:
            target_words = f"the result needs {math.target} {cmp}"
    if math.how == "faces":
        target_words = "the faces that count: " + _faces_words(
            sorted(h - mod for h in math.hits if 1 <= h - mod <= sides)
        )
    if math.how == "opposed":
        target_words = _opposed_words(math)
    how_words = HOW_WORDS[math.how]
    if count == 1 and math.how in ("sum", "opposed"):
        how_words = how_words.replace("the dice are added and", "the die is").replace(
            "the dice are added", "the die is read"
        )
    if math.how == "each" and math.outcomes:
        how_words = "it is read off the chart" if count == 1 else "each is read off the chart alone"
    if math.factor != 1 and math.how in ("sum", "opposed"):
        # the dice are multiplied (a ship's strength times a die): say by what
        times = ("the die is" if count == 1 else "the dice are added,") + (
            f" multiplied by {math.factor}"
        )
        how_words = times + (
            " and set against the other side's roll" if math.how == "opposed" else ""
        )
    if math.how == "highest" and math.keep > 1:
        how_words = "the dice are read highest first"
    words = [f"Roll {count} {'die' if count == 1 else 'dice'}: {how_words}"]
    if target_words:
        words.append(target_words)
    if out["goal"]:
        words.append(out["goal"])
    out["words"] = "; ".join(words) + "."
    out["modifiers"] = [{"what": a, "value": b, "to": "the result"} for a, b in math.modifiers]
    out["modifiers"] += [
        {"what": a, "value": b, "to": "the result", "secret": list(c)} for a, b, c in math.secret
    ]
    out["modifiers"] += [
        {"what": a, "value": b, "to": "the number of dice", "base": n == 0}
        for n, (a, b) in enumerate(math.dice)
    ]
    out["modifiers"] += [
        {"what": a, "value": b, "to": "the number needed", "base": n == 0}
        for n, (a, b) in enumerate(math.target_terms)
    ]
    if math.limits is not None:
        out["limits"] = list(math.limits)
    out["result"] = result
    out["outcome"] = outcome_words(math, result)
    if math.how == "each" and math.outcomes and count > 1:
        # every die read off the chart on its own
        out["outcome"] = "; ".join(f"{v}: {outcome_words(math, v)}" for v in values)
    out["success"] = ok
    out["chance"] = _pct(chance) if chance is not None else ""
    out["chance_exact"] = f"{chance.numerator}/{chance.denominator}" if chance is not None else ""
    if math.how == "opposed":
        tie = opposed_chances(math, count, sides)[1]
        out["tie"] = _pct(tie)
        out["tie_exact"] = f"{tie.numerator}/{tie.denominator}"
    out["distribution"] = _rows(dist, result)
    out["distribution_of"] = {
        "sum": "the modified total",
        "highest": "the modified highest die",
        "any": "the number of dice that make the target",
        "count": "the number of successes",
        "each": "one die",
        "faces": "the number of dice showing a face that counts",
        "difference": "the modified difference",
        "pairs": "the number of pairs that make the target",
        "opposed": "the modified total",
    }[math.how]
    if math.how == "count" and math.divisor > 1:
        # the range divides the successes: the result is the hits
        out["distribution_of"] = (
            f"the hits: the dice that make the target divided by {math.divisor}, rounded up"
        )
        out["divisor"] = math.divisor
        out["made_dice"] = result_of(replace(math, divisor=1), values)
    if math.how == "each" and count > 1:
        del out["result"]  # every die is read alone: no one result
    if not math.known and not math.unseen:
        out["distribution_of"] = out["distribution_of"].replace("the modified ", "the ")
    out["changes"] = _changes(math, values, sides, result, ok, chance)
    if math.outcomes and not math.unseen:
        one = sum_distribution(1, sides)
        out["chart"] = _chart(math.outcomes, dist if math.how != "each" else one)
        read = values if math.how == "each" else [result]
        for row in out["chart"]:
            row["rolled"] = any(row["low"] <= v <= row["high"] for v in read)
        if len(out["chart"]) == len(out["distribution"]):
            out["distribution"] = []  # a row of the chart for each result: the chart says it all
    if math.unseen:
        # a modifier this reader may not know went into the roll: what is
        # shown is the roll without it, and nothing is claimed about success
        whose = sorted({s for c in math.unseen for s in c})
        out["unseen"] = {"count": len(math.unseen), "known_to": whose}
        out["words"] += (
            f" Secret modifiers known only to {' and '.join(whose) or 'the umpire'} "
            "also went into it (how many, and what they are, is theirs to know): "
            "the result, the chance and the distribution shown leave them out."
        )
        out["success"] = None
        out["chance"] = ""
        out["outcome"] = ""
        out["changes"] = []
        out["distribution_of"] += " without the secret modifiers"
    if math.per_die:
        # every die does its own work: no one result, but how many made
        # their targets where they have them
        out["per_die"] = [
            _one_die(what, m, v, sides) for (what, m), v in zip(math.per_die, values, strict=False)
        ]
        out.pop("result", None)
        out["outcome"] = ""
        out["distribution"] = _rows(dist, None)  # each die its own: none marked
        judged = [d["success"] for d in out["per_die"] if d.get("success") is not None]
        if judged:
            out["made"] = {"dice": sum(judged), "of": len(judged)}
    return out


def _one_die(what: str, math: RollMath, value: int, sides: int) -> dict[str, Any]:
    """One die of an ``each`` roll, explained by its own math."""
    one = explain({"text": what, "values": [value], "sides": sides, "math": math.to_json()})
    keep = ("words", "modifiers", "result", "outcome", "success", "chance", "changes", "unseen")
    out = {"what": what, "value": value} | {k: one[k] for k in keep if k in one}
    if math.target is not None:
        out["needs"] = f"{math.target} or {'less' if math.at_most else 'more'}"
    return out


def _chart(
    outcomes: tuple[tuple[int, str], ...], dist: Mapping[int, Fraction]
) -> list[dict[str, Any]]:
    """The chart the result is read off, each row with the results that read
    it and the exact chance of reading it (rows that cannot be read left
    out); the first row also takes every result below it."""
    rows = sorted(outcomes)
    out: list[dict[str, Any]] = []
    low_seen = min(dist) if dist else 0
    high_seen = max(dist) if dist else 0
    for i, (low, words) in enumerate(rows):
        high = rows[i + 1][0] - 1 if i + 1 < len(rows) else None
        p = sum(
            (q for v, q in dist.items() if (i == 0 or v >= low) and (high is None or v <= high)),
            Fraction(0),
        )
        if p == 0:
            continue
        a = low_seen if i == 0 else max(low, low_seen)
        b = high_seen if high is None else min(high, high_seen)
        results = str(a) if a == b else f"{a}{' to ' if a < 0 else '-'}{b}"
        out.append(
            {
                "low": a,
                "high": b,
                "results": results,
                "words": words,
                "chance": _pct(p),
                "exact": f"{p.numerator}/{p.denominator}",
            }
        )
    return out


def _faces_words(faces: list[int]) -> str:
    if not faces:
        return "none"
    runs: list[list[int]] = []
    for f in faces:
        if runs and f == runs[-1][-1] + 1:
            runs[-1].append(f)
        else:
            runs.append([f])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(str(v) for v in r) for r in runs]
    return ", ".join(parts)


def _opposed_words(math: RollMath) -> str:
    if math.against is not None:
        return f"it must beat the other side's {math.against}, equal being a tie"
    if math.versus is None:
        return "the higher result wins"
    count, factor, mod = math.versus
    dice = f"{count} {'die' if count == 1 else 'dice'}"
    if factor != 1:
        dice = f"{dice} times {factor}"
    if mod:
        dice = f"{dice} {mod:+d}"
    return f"against the other side's {dice}: the higher wins, equal is a tie"


def _rows(dist: Mapping[int, Fraction], rolled: int | None) -> list[dict[str, Any]]:
    return [
        {
            "value": v,
            "chance": _pct(p),
            "exact": f"{p.numerator}/{p.denominator}",
            "rolled": v == rolled,
        }
        for v, p in sorted(dist.items())
        if p > 0
    ]


def _changes(
    math: RollMath,
    values: list[int],
    sides: int,
    result: int,
    ok: bool | None,
    chance: Fraction | None,
) -> list[str]:
    """What would have changed the outcome: how far the dice fell short of
    (or cleared) the target, and the chance of success without each modifier
    and with one die more or fewer."""
    out: list[str] = []
    count = len(values)
    if (
        math.how == "opposed"
        and math.against is not None
        and ok is not None
        and math.factor != 1
        and count == 1
    ):
        # a die times a strength moves in steps of the strength: say which
        # faces of the die would have won, tied or lost against that result
        out.append(_faces_against(math, count, sides))
    elif math.how == "opposed" and math.against is not None and ok is not None:
        gap = result - math.against
        if ok:
            out.append(
                f"The result {result} beat the other side's {math.against} by {gap}: "
                f"{gap} less would have tied, {gap + 1} less lost."
            )
        elif gap == 0:
            out.append(
                f"The result {result} tied the other side's {math.against}: 1 more would have won."
            )
        else:
            out.append(
                f"The result {result} fell {-gap} short of the other side's {math.against}: "
                f"{-gap} more would have tied, {1 - gap} more won."
            )
    if math.how == "faces" and ok is not None:
        mod = sum(v for _, v in math.known)
        faces = _faces_words(sorted(h - mod for h in math.hits if 1 <= h - mod <= sides))
        if ok:
            made = "1 die" if result == 1 else f"{result} dice"
            out.append(
                f"{made} of {count} showed {faces}; with none that did, the roll would have failed."
            )
        else:
            out.append(f"No die showed {faces}.")
    if math.target is not None and ok is not None:
        if math.how in ("sum", "highest", "difference"):
            gap = (result - math.target) if not math.at_most else (math.target - result)
            # a roll that wants a low result (at most the target) fails on more
            worse, better = ("more", "less") if math.at_most else ("less", "more")
            target = f"the target {math.target}" + (" (at most)" if math.at_most else "")
            if ok:
                out.append(
                    f"The result {result} made {target}"
                    + (f" with {gap} to spare" if gap else " exactly")
                    + f": {gap + 1} {worse} would have failed."
                )
            else:
                out.append(
                    f"The result {result} missed {target} by {-gap}: "
                    f"{-gap} {better} would have succeeded."
                )
        elif math.how == "any":
            mod = sum(v for _, v in math.known)
            need = math.target - mod
            cmp = "or less" if math.at_most else "or more"
            if ok:
                made = "1 die" if result == 1 else f"{result} dice"
                out.append(
                    f"{made} of {len(values)} made {need} {cmp}; "
                    "with none that did, the roll would have failed."
                )
            else:
                best = (min(values) if math.at_most else max(values)) if values else 0
                out.append(
                    f"No die made {need} {cmp}; the best was {best}, {abs(need - best)} short."
                )
    if math.how == "count" and math.target is not None and count:
        out += _count_changes(math, values, sides, result)
    if chance is not None:
        known = math.known
        for i, (what, value) in enumerate(known):
            without = replace(math, modifiers=known[:i] + known[i + 1 :], secret=())
            p = success_chance(without, count, sides)
            if p is not None and p != chance:  # one that changed nothing is no news
                again = result_of(without, values)
                fate = succeeded(without, again)
                out.append(
                    f"Without {what} ({value:+d}): chance {_pct(p)} instead of {_pct(chance)}"
                    + (
                        ""  # against a roll not yet made: no verdict to give
                        if fate is None
                        else f"; these dice would have {'succeeded' if fate else 'failed'}"
                    )
                    + "."
                )
        for what, value in math.target_terms[1:]:  # the first is the base
            assert math.target is not None
            other = replace(math, target=math.target - value)
            p = success_chance(other, count, sides)
            if p is not None:
                fate = succeeded(other, result_of(other, values))
                out.append(
                    f"Without {what} ({value:+d} to the number needed): {other.target} needed, "
                    f"chance {_pct(p)} instead of {_pct(chance)}; these dice would have "
                    f"{'succeeded' if fate else 'failed'}."
                )
        if math.dice:
            for what, value in math.dice[1:]:  # the first is where the count starts
                n = _dice_count(
                    RollMath(
                        math.how,
                        dice=tuple(d for d in math.dice if d != (what, value)),
                        limits=math.limits,
                    )
                )
                if n is None:
                    continue
                p = success_chance(math, n, sides)
                if p is not None and n != count:
                    out.append(
                        f"Without {what} ({value:+d} {'die' if abs(value) == 1 else 'dice'}): "
                        f"{n} {'die' if n == 1 else 'dice'}, chance {_pct(p)} "
                        f"instead of {_pct(chance)}."
                    )
    return out


def _faces_against(math: RollMath, count: int, sides: int) -> str:
    """Which faces of one die (the others as they fell do not matter for a
    single die) win, tie and lose against the other side's known result."""
    assert math.against is not None
    if count != 1:
        return ""
    won: list[int] = []
    tied: list[int] = []
    lost: list[int] = []
    for v in range(1, sides + 1):
        r = result_of(math, [v])
        (won if r > math.against else tied if r == math.against else lost).append(v)
    parts = [
        f"{_faces_words(faces)} {word}"
        for faces, word in ((won, "won"), (tied, "tied"), (lost, "lost"))
        if faces
    ]
    return (
        f"Against the other side's {math.against}, a die of {', '.join(parts)} "
        f"(each pip counts {math.factor})."
    )


def _count_changes(math: RollMath, values: list[int], sides: int, result: int) -> list[str]:
    """For dice counted as successes (hits): the average, and how each
    modifier and each term of the number needed changed it and these dice."""

    def mean(m: RollMath, n: int) -> Fraction:
        return sum((k * p for k, p in result_distribution(m, n, sides).items()), Fraction(0))

    def successes(n: int) -> str:
        return f"{n} {'success' if n == 1 else 'successes'}"

    def hits(m: RollMath, n: int) -> str:
        if m.divisor == 1:
            return successes(n)
        made = result_of(replace(m, divisor=1), values)
        return f"{successes(made)}, {n} {'hit' if n == 1 else 'hits'}"

    count = len(values)
    base = mean(math, count)
    per = "hits " if math.divisor > 1 else ""
    out = [f"{hits(math, result)} against {float(base):.2f} {per}on average."]
    known = math.known
    variants: list[tuple[str, RollMath]] = [
        (f"{what} ({value:+d})", replace(math, modifiers=known[:i] + known[i + 1 :], secret=()))
        for i, (what, value) in enumerate(known)
    ]
    variants += [
        (
            f"{what} ({value:+d} to the number needed)",
            replace(math, target=(math.target or 0) - value),
        )
        for what, value in math.target_terms[1:]  # the first is the base
    ]
    for words, other in variants:
        again = result_of(other, values)
        out.append(
            f"Without {words}: {float(mean(other, count)):.2f} {per}on average instead of "
            f"{float(base):.2f}; these dice would have made {hits(other, again)}."
        )
    return out
