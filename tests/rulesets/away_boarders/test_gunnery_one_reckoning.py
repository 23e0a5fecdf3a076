"""A battery's reach (4.2, 4.4) and its calibers' guns that reach (4.2, 4.3)
are each worked out in one place (gunnery._reaches, gunnery._reaching):
every caller agrees with the plain definitions, over random armaments."""

from __future__ import annotations

import random

from quarterdeck.rulesets.away_boarders import gunnery
from quarterdeck.rulesets.away_boarders.state import BATTERIES, Ship
from quarterdeck.rulesets.away_boarders.tables import AMMO_TYPES
from tests.rulesets.away_boarders.helpers import T, make_state, ship

KEYS = ("carleton", "inflexible", "lawrence", "royal-savage", "lee-galley", "niagara")


def _plain_reach(s: Ship, battery: str) -> int:
    if s.crew["guns"] == 0 or not s.active:
        return -1
    reaches = [
        gunnery.gun_range(s, battery, g.type, T)
        for g in s.guns
        if g.side == battery and not g.disabled and g.loaded
    ]
    return max(reaches) if reaches else -1


def _plain_calibers(s: Ship, battery: str) -> list[str]:
    out: list[str] = []
    for g in s.guns:
        if g.side == battery and not g.disabled and g.loaded:
            c = gunnery.caliber_of(T, g.type)
            if c not in out:
                out.append(c)
    return out


def _plain_caliber_guns(s: Ship, battery: str, caliber: str, rng: int) -> list[object]:
    return [
        g
        for g in s.guns
        if g.side == battery
        and not g.disabled
        and g.loaded
        and gunnery.caliber_of(T, g.type) == caliber
        and rng <= gunnery.gun_range(s, battery, g.type, T)
    ]


def test_reach_and_reaching_guns_match_their_plain_definitions() -> None:
    rnd = random.Random(14)
    sides = ("british", "american")
    specs = [ship(f"s{n}", key, sides[n % 2], (1 + n, 1), 0) for n, key in enumerate(KEYS)]
    state = make_state(specs, width=20, height=16)
    for _ in range(300):
        for s in state.ships.values():
            for g in s.guns:
                g.loaded = rnd.random() < 0.7
                g.disabled = rnd.random() < 0.2
            for b in BATTERIES:
                s.load[b] = rnd.choice(AMMO_TYPES)
            s.crew["guns"] = rnd.choice((0, 1, 3))
            reaches = gunnery._reaches(s, T)
            for i, b in enumerate(BATTERIES):
                plain = _plain_reach(s, b)
                assert reaches[i] == plain
                assert gunnery._battery_reach(s, b, T) == plain
                assert gunnery.groups_of(s, b, T) == _plain_calibers(s, b)
                for rng in range(0, 12):
                    by_caliber = gunnery._reaching(s, b, rng, T)
                    assert list(by_caliber) == _plain_calibers(s, b)
                    for c in by_caliber:
                        want = _plain_caliber_guns(s, b, c, rng)
                        assert by_caliber[c] == want
                        assert gunnery.caliber_guns(s, b, c, rng, T) == want
