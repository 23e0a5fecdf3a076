"""Gun-dice boarding, 5.2 Boarding Dice (and 5.3 Weather Effects on the
defender's dice): the boarding dice a side gathers for a new action, entry
by entry (size points, defender, mobilised gun dice, crew grade, sail hits,
gun-dice hits, failed attacker).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from quarterdeck.rulesets.gundice_boarding.state import Ship
from quarterdeck.rulesets.gundice_boarding.tables import Tables

R_DICE: Final = "5.2 Boarding Dice"


def side_dice(
    tables: Tables,
    sea: str,
    ships: Sequence[Ship],
    defender: bool,
    mobilised: int | bool,
    why: bool = True,
) -> tuple[int, list[str]]:
    """The boarding dice one side gathers for a new action, with the reasons;
    ``mobilised`` is how many of its ships' mobilised gun dice count (at most
    ``mobilised_per_turn``). ``why=False`` leaves the reasons out (the count
    is the same), for callers that only weigh the dice."""
    bd = tables.boarding_dice
    parts: list[str] = []
    n = 0
    for s in ships:
        n += s.size * bd.per_size_point
        if why:
            parts.append(f"{s.name} size {s.size} (+{s.size * bd.per_size_point})")
    if defender:
        in_sea = tables.weather[sea].defender
        extra = bd.defender if in_sea is None else in_sea
        n += extra
        if why:
            parts.append(f"defender ({extra:+d}{'' if in_sea is None else f', {sea} seas'})")
    if mobilised:
        count = int(mobilised)
        n += bd.mobilised * count
        if why:
            times = f"{count} x " if count > 1 else ""
            parts.append(f"mobilised {times}{bd.mobilise_gun_dice} GD (+{bd.mobilised * count})")
    for s in ships:
        mod = bd.crew.get(s.crew, 0)
        if mod:
            if why:
                parts.append(f"{s.name} {s.crew} crew ({mod:+d})")
            n += mod
    # the least damaged ship's sail hits and gun-dice hits count (plain loops:
    # this runs for every attempt)
    sail, gd_hits = ships[0].sail_hits, ships[0].gun_dice_hits
    for s in ships:
        if s.sail_hits < sail:
            sail = s.sail_hits
        if s.gun_dice_hits < gd_hits:
            gd_hits = s.gun_dice_hits
    if sail >= bd.sail_hits_threshold:
        n += bd.sail_hits
        if why:
            parts.append(f"{sail} sail hits ({bd.sail_hits:+d})")
    steps = gd_hits // bd.gun_dice_hits_step
    if steps:
        n += steps * bd.gun_dice_hits
        if why:
            parts.append(f"{gd_hits} gun-dice hits ({steps * bd.gun_dice_hits:+d})")
    for s in ships:
        if s.failed_attacker:
            n += bd.failed_attacker
            if why:
                parts.append(f"{s.name} failed attacker ({bd.failed_attacker:+d})")
    return max(0, n), parts
