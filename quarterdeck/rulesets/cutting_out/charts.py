"""The Small Arms Chart (Firing: Small Arms Fire) and the Cannon Firing
Chart (Firing: Cannon Fire) read as plain numbers: the one reckoning of the
band a range falls in and the die a shot needs, which the chart objects' own
methods (tables.py) call too.

The chart objects are pydantic models, whose module the compiled build
leaves interpreted (scripts/compile), so a method of theirs ran as
interpreted code for every shot the rules or a player weighs (some 50,000
calls in 30 sample games). Here each chart is read once into tuples and
dicts (kept by the chart object, which is frozen) and looked up natively.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from quarterdeck.rulesets.cutting_out.tables import Cannon, SmallArms

BAND_SLACK: Final = 1e-9
"""A range on a band's upper edge (to within this) falls in that band."""

SmallPlain = tuple[tuple[float, ...], dict[str, str], dict[str, tuple[int, ...]]]
"""The Small Arms Chart: its bands' upper edges, each nation's row name
(others read the ``other`` rows) and each row's needs, band by band."""

CannonPlain = tuple[tuple[float, ...], dict[str, tuple[int, ...]], dict[str, tuple[str, ...]]]
"""The Cannon Firing Chart: its bands' upper edges, each kind of gun's
needs and grape rolls, band by band."""

_SMALL: Final[dict[int, tuple[SmallArms, SmallPlain]]] = {}
"""Each Small Arms Chart read (by identity: each entry holds its chart)."""

_CANNON: Final[dict[int, tuple[Cannon, CannonPlain]]] = {}
"""Each Cannon Firing Chart read (as :data:`_SMALL`)."""

_KEPT: Final = 64
"""Charts kept of each kind (a process plays with a few: house rules make
new ones); past it the keep is emptied."""


def band(bands: tuple[float, ...], inches: float) -> int | None:
    """The band ``inches`` falls in (the first whose upper edge it does not
    pass), None beyond the last."""
    for n in range(len(bands)):  # (by index: the build makes no iterator)
        if inches <= bands[n] + BAND_SLACK:
            return n
    return None


def _small(chart: SmallArms) -> SmallPlain:
    kept = _SMALL.get(id(chart))
    if kept is None or kept[0] is not chart:
        if len(_SMALL) >= _KEPT:
            _SMALL.clear()
        plain = (tuple(chart.bands), dict(chart.nation_rows), dict(chart.chart))
        kept = _SMALL[id(chart)] = (chart, plain)
    return kept[1]


def _cannon(chart: Cannon) -> CannonPlain:
    kept = _CANNON.get(id(chart))
    if kept is None or kept[0] is not chart:
        if len(_CANNON) >= _KEPT:
            _CANNON.clear()
        hits = {str(kind): tuple(row.hit) for kind, row in chart.guns.items()}
        grapes = {str(kind): tuple(str(g) for g in row.grape) for kind, row in chart.guns.items()}
        kept = _CANNON[id(chart)] = (chart, (tuple(chart.bands), hits, grapes))
    return kept[1]


def small_arms_band(chart: SmallArms, inches: float) -> int | None:
    """The Small Arms Chart's band at ``inches``."""
    return band(_small(chart)[0], inches)


def small_arms_need(chart: SmallArms, nation: str, arms: str, inches: float) -> int | None:
    """The lowest die that hits with small arms (the Small Arms Chart), by the shooter's nation's
    row for ``arms`` (the ``other`` row for a nation without one of its own);
    None out of range, or where the chart gives no number."""
    bands, rows, needs_of = _small(chart)
    at = band(bands, inches)
    if at is None:
        return None
    needs = needs_of.get(f"{rows.get(nation, 'other')}-{arms}")
    if needs is None or at >= len(needs) or needs[at] <= 0:
        return None
    return needs[at]


def cannon_band(chart: Cannon, inches: float) -> int | None:
    """The Cannon Firing Chart's band at ``inches``."""
    return band(_cannon(chart)[0], inches)


def cannon_need(chart: Cannon, kind: str, inches: float) -> int | None:
    """The lowest red die that hits for a gun of ``kind`` (the Cannon Firing
    Chart); None out of range."""
    bands, hits, _grapes = _cannon(chart)
    at = band(bands, inches)
    hit = hits.get(kind)
    if at is None or hit is None or at >= len(hit) or hit[at] <= 0:
        return None
    return hit[at]


def cannon_grape(chart: Cannon, kind: str, inches: float) -> str | None:
    """The grape roll of a gun of ``kind`` at ``inches`` (the Cannon
    Firing Chart: "d10", "half-d10", ...); None where it fires no grape there."""
    bands, _hits, grapes = _cannon(chart)
    at = band(bands, inches)
    grape = grapes.get(kind)
    if at is None or grape is None or at >= len(grape):
        return None
    return grape[at]
