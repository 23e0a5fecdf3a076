"""Definitions: Ship Points Value, Penetration Value, Crew Points Value.

A ship's values are computed from her historical facts
(quarterdeck/data/ships/acw.toml), never typed in:

- SPV: the stated tonnage over 10, to the nearest point (1300 t -> 130;
  CSS Manassas, 387 t -> 39). The displacement where the facts quote one,
  else the tonnage as usually quoted.
- Penetration value: by the class of vessel, the SPV left once the printed
  fraction is lost, rounded up (Manassas, a Confederate ironclad below 60
  SPV, loses a half: 20).
- CPV: the complement over 10, to the nearest (Manassas, 36 men -> 4),
  allotted to the engine (E) and boiler room (B) of a steamer, the captain
  (C), one to each gun while they last, the rest in reserve for
  replacements, repairs and parties (CSS Huntsville, CPV 14: six guns, E,
  B, C and five in reserve).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from quarterdeck.core.errors import ScenarioError
from quarterdeck.data.ships import ShipFacts
from quarterdeck.rulesets.acw_river.state import Crew, Gun, Turret
from quarterdeck.rulesets.acw_river.tables import Hull, Tables

R_SPV: Final = "Definitions: Ship Points Value"
R_PV: Final = "Definitions: Penetration Value"
R_CPV: Final = "Definitions: Crew Points Value"
R_TURN: Final = "Movement: Turning Ships"
R_REVERSE: Final = "Movement: Reverse moves"

STEAM: Final[tuple[str, ...]] = ("screw", "sidewheel", "sternwheel", "centrewheel")


def nearest(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` to the nearest whole number, halves up."""
    return (2 * numerator + denominator) // (2 * denominator)


def stated_tonnage(facts: ShipFacts) -> int:
    """The tonnage the SPV is read from: the displacement where quoted."""
    tons = facts.displacement if facts.displacement is not None else facts.tons_burthen
    if tons is None:
        raise ScenarioError(f"{facts.name}: the ship facts give no tonnage (tons_burthen)")
    return tons


def spv_of(tons: int, t: Tables) -> int:
    """SPV: the stated tonnage divided by 10 (Definitions)."""
    return nearest(tons, t.values.spv_per_tons)


def cpv_of(complement: int, t: Tables) -> int:
    """CPV: the stated complement divided by 10 (Definitions)."""
    return max(1, nearest(complement, t.values.cpv_per_men))


def hull_of(facts: ShipFacts, t: Tables, where: str = "") -> Hull:
    if facts.hull is None or facts.hull not in t.hulls:
        raise ScenarioError(
            f"{where}{facts.name}: field 'hull' is {facts.hull!r}; legal values: "
            + ", ".join(sorted(t.hulls))
        )
    return t.hulls[facts.hull]


def confederate(facts: ShipFacts) -> bool:
    return facts.nation.startswith("Confederate")


def penetration_class(facts: ShipFacts, spv: int, t: Tables) -> str:
    """The row of the penetration column: a Confederate ironclad below 60 SPV
    counts with tinclads and armoured river boats."""
    hull = hull_of(facts, t)
    if hull.confederate_small and confederate(facts) and spv < t.hull_rules.small_ironclad_spv:
        return t.hull_rules.small_penetration
    return hull.penetration


def penetration_value(spv: int, cls: str, t: Tables) -> int:
    """The SPV left after losing the class's fraction, rounded up."""
    lose = t.penetration[cls].lose
    kept = spv * (lose.d - lose.n)
    return -(-kept // lose.d)


def ram_class(facts: ShipFacts, spv: int, t: Tables) -> str:
    """The ship's class on the ram test chart: small Confederate ironclads
    test as small ironclads (with the Ellet rams)."""
    hull = hull_of(facts, t)
    if hull.confederate_small and confederate(facts) and spv < t.hull_rules.small_ironclad_spv:
        return t.hull_rules.small_ram_class
    return hull.ram_class


def turning_radius(facts: ShipFacts, t: Tables) -> float:
    """Turning Ships: the radius by class and nation; side wheel steamboats may
    use any of the radii, so they take the smallest."""
    hull = hull_of(facts, t)
    if facts.propulsion == "sidewheel":
        return min(t.hull_rules.sidewheel_radius, hull.turning)
    if confederate(facts) and hull.turning_confederate is not None:
        return hull.turning_confederate
    return hull.turning


def max_speed(facts: ShipFacts) -> int:
    """Knots under steam (1 inch a knot), whole knots; sail alone: none (the
    rules move ships by steam only; see the rules notes)."""
    if facts.propulsion in ("sail", None) or facts.speed_kn is None:
        return 0
    return math.floor(facts.speed_kn)


def reverse_max(facts: ShipFacts, t: Tables) -> int:
    """Reverse moves: a third of forward speed, rounded down, unless a double
    ender, which makes the same speed either way."""
    top = max_speed(facts)
    if facts.double_ender:
        return top
    share = t.movement.reverse_share
    return top * share.n // share.d


def build_guns(facts: ShipFacts) -> tuple[list[Gun], list[Turret]]:
    """One Gun for each gun of the facts, in order (g1, g2, ...), and the
    turrets they stand in."""
    guns: list[Gun] = []
    turrets: dict[str, Turret] = {}
    for fact in facts.guns:
        for _ in range(fact.count):
            turret = ""
            if fact.mount == "turret":
                position = fact.turret or "single"
                turret = f"t-{position}"
                if turret not in turrets:
                    start = "aft" if position == "aft" else "forward"
                    turrets[turret] = Turret(turret, position, start)  # type: ignore[arg-type]
            guns.append(Gun(f"g{len(guns) + 1}", fact.type, fact.mount, turret=turret))
    return guns, list(turrets.values())


def allot(cpv: int, guns: list[Gun], steam: bool, t: Tables) -> Crew:
    """Allot the CPV: engine and boiler room first (a steamer cannot move
    without them), the captain, one to each gun in order while they last
    (guns left without are not ``crewed``), the rest in reserve."""
    left = cpv
    engine = min(left, t.values.engine) if steam else 0
    left -= engine
    boiler = min(left, t.values.boiler) if steam else 0
    left -= boiler
    captain = min(left, t.values.captain)
    left -= captain
    for gun in guns:
        gun.crewed = left > 0
        if gun.crewed:
            left -= 1
    return Crew(engine=engine, boiler=boiler, captain=captain, reserve=left)


@dataclass(frozen=True, slots=True)
class ShipValues:
    """A ship's values by the rules, from her facts."""

    tons: int
    spv: int
    penetration_class: str
    pv: int
    complement: int
    cpv: int
    ram_class: str
    turning: float
    max_speed: int
    reverse_max: int
    length: float
    beam: float
    draught: float


def ship_values(facts: ShipFacts, t: Tables, where: str = "") -> ShipValues:
    """Every value the rules derive from a ship's facts (Definitions;
    Movement). Raises ScenarioError naming the missing fact."""
    hull_of(facts, t, where)
    for name in ("length_ft", "beam_ft", "draught_ft"):
        if getattr(facts, name) is None:
            raise ScenarioError(f"{where}{facts.name}: the ship facts lack {name!r}")
    tons = stated_tonnage(facts)
    spv = spv_of(tons, t)
    cls = penetration_class(facts, spv, t)
    scale = t.values.feet_per_inch
    assert facts.length_ft is not None and facts.beam_ft is not None
    assert facts.draught_ft is not None
    return ShipValues(
        tons=tons,
        spv=spv,
        penetration_class=cls,
        pv=penetration_value(spv, cls, t),
        complement=facts.complement,
        cpv=cpv_of(facts.complement, t),
        ram_class=ram_class(facts, spv, t),
        turning=turning_radius(facts, t),
        max_speed=max_speed(facts),
        reverse_max=reverse_max(facts, t),
        length=round(facts.length_ft / scale, 2),
        beam=round(facts.beam_ft / scale, 2),
        draught=float(facts.draught_ft),
    )
