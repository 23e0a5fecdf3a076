"""Firing: small arms by troop type, nationality and range, -2 behind
earthworks or in a fort, +1 volley for six formed marines or soldiers; a hit
kills. Cannon: a red die to hit by gun and range, a white die for effect on
the hit determination chart by target, or grape (d10 or half a d10, d6 or
half a d6 for swivels); -1 each crewman short, -1 at raiders' boats, the
light; hull points, half speed at half, sinking (Firing)."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.rulesets.cutting_out import firing, harbour, small_arms

from .helpers import T, context, fresh, put_ashore, put_on_deck, texts


@pytest.mark.parametrize(
    ("nation", "arms", "inches", "need"),
    [
        ("british", "sailors", 1.0, 4),
        ("american", "sailors", 3.0, 5),
        ("british", "sailors", 6.0, None),
        ("british", "marines", 1.0, 3),
        ("american", "marines", 5.0, 4),
        ("british", "marines", 6.0, 6),
        ("british", "marines", 6.5, None),
        ("french", "sailors", 1.0, 5),
        ("french", "sailors", 2.0, 6),
        ("french", "marines", 4.0, 5),
        ("french", "marines", 6.0, None),
        ("spanish", "sailors", 1.0, 6),
        ("spanish", "sailors", 5.0, 6),
        ("pirate", "marines", 1.0, 5),
        ("dutch", "marines", 3.0, 6),
    ],
)
def test_the_small_arms_chart(nation: str, arms: str, inches: float, need: int | None) -> None:
    assert T.small_arms.need(nation, arms, inches) == need


def skirmish(s: Any) -> tuple[Any, Any]:
    """Four British marines of the launch ashore facing the battery's soldiers."""
    for n, fid in enumerate(("launch-9", "launch-10", "launch-11", "launch-12")):
        put_ashore(s, fid, 30.0 + n, 16.0)
    return s.parties["launch"], s.parties["battery"]


def test_a_hit_kills_and_each_musket_fires_at_the_nearest_it_can_reach() -> None:
    s = fresh(random_events=False)
    s.detected, s.alarm_turn = True, 1
    party, _ = skirmish(s)
    for fid in ("battery-9", "battery-10"):
        put_ashore(s, fid, 31.5, 20.0)  # soldiers in the open, 4 in off
    shots = small_arms.shooters(s, T, party)
    assert len([f for f in shots if f.where == "land"]) == 4
    # the shots are spread: the first and third at one, the second and fourth at the other
    ctx, log, _ = context([[4, 5, 1, 3]])  # British marines at 2-5 in: 4-6
    small_arms.fire_small_arms(s, T, ctx, party, "battery")
    assert s.figures["battery-9"].fate == "dead" and s.figures["battery-10"].fate == "dead"
    assert "2 of the shore battery garrison killed" in texts(log)


def test_minus_2_against_a_target_in_a_fort() -> None:
    s = fresh(random_events=False)
    s.detected, s.alarm_turn = True, 1
    _party, _ = skirmish(s)
    for f in s.party_figures("battery"):
        f.fate = "dead"
    target = s.figures["battery-9"]
    target.fate = ""
    put_ashore(s, "battery-9", 30.0, 6.5)  # inside the battery
    for fid, x in zip(
        ("launch-9", "launch-10", "launch-11", "launch-12"), (29, 30, 31, 32), strict=True
    ):
        put_ashore(s, fid, float(x), 9.0)  # 2-3 in off: 4-6, -2 in the fort
    ctx, _, _ = context([[5, 5, 5, 5]])
    small_arms.fire_small_arms(s, T, ctx, s.parties["launch"], "battery")
    assert target.active  # 5 - 2 = 3 misses
    ctx, _, _ = context([[6, 1, 1, 1]])
    small_arms.fire_small_arms(s, T, ctx, s.parties["launch"], "battery")
    assert target.fate == "dead"


def test_plus_1_volley_for_six_marines_formed() -> None:
    s = fresh(random_events=False)
    s.detected = True
    party = s.parties["launch"]
    marines = [f for f in s.party_figures("launch") if f.kind == "marine"]
    assert len(marines) == 4
    party.formed = True
    assert not small_arms.volley(s, T, party)  # four are not enough
    for f in s.party_figures("cutter")[:2]:
        f.kind, f.party = "marine", "launch"
    for f in s.party_figures("launch"):
        f.where = "land"
    assert small_arms.volley(s, T, party)


def test_from_a_boat_at_the_rail_a_6_is_needed() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    boat = s.boats["launch"]
    boat.x, boat.y, boat.heading = harbour.alongside_spot(ship, T, "starboard-waist", boat)
    marine = s.aboard("launch")[-1]
    guard = s.figures["corvette-guard-2"]
    need, inches = small_arms.arms_need(s, T, marine, guard)
    assert inches < 2 and need == 6


def test_raiders_firing_unseen_give_the_alarm_that_turn() -> None:
    s = fresh(random_events=False)
    s.turn = 3
    party, _ = skirmish(s)
    put_ashore(s, "battery-9", 31.5, 19.0)
    ctx, _, _ = context([[1, 1, 1, 1]])
    small_arms.fire_small_arms(s, T, ctx, party, "battery")
    assert s.detected and s.alarm_turn == 3


def test_the_grape_example_a_ships_gun_at_7_in() -> None:
    """A ship's gunner fires grape at 7 in: 3-6 to hit, a 5 hits; half a d10:
    a 5 is two casualties. A land gun at 7 in needs 2-6 and rolls a whole d10."""
    assert T.cannon.need("ship", 7.0) == 3
    assert T.cannon.grape("ship", 7.0) == "half-d10"
    assert T.cannon.need("land", 7.0) == 2
    assert T.cannon.grape("land", 7.0) == "d10"
    s = fresh(random_events=False)
    s.detected, s.alarm_turn, s.turn = True, 1, 3
    ship = s.ships["corvette"]
    gun = s.guns["corvette-gun-3"]  # a starboard gun
    crew = s.below("corvette")[:4]
    gx, gy = gun.x, gun.y
    for f in crew:
        put_on_deck(s, f.id, gx, gy - 0.3)
    boat = s.boats["launch"]
    here = harbour.deck_to_table(ship, gx, gy)
    boat.x, boat.y = here[0], here[1] + 7.0  # due north: abeam to starboard
    assert firing.range_to(s, gun, "boat:launch", "french") == pytest.approx(7.0)
    before = len(s.aboard("launch"))
    # red 6: 6 - 1 (at raiders' boats) = 5 hits on 3-6; white d10: 5 -> 2 killed
    ctx, log, dice = context([[6], [5]])
    firing.fire_gun(s, T, ctx, gun, "boat:launch", "french", grape=True)
    assert dice.requests[1].sides == 10
    assert len(s.aboard("launch")) == before - 2
    assert "2 killed" in texts(log)


def gunners(s: Any, gun_id: str, n: int = 4) -> Any:
    """``n`` of the battery's gunners at ``gun_id``, the rest dead."""
    gun = s.guns[gun_id]
    crew = [f for f in s.figures.values() if f.party == "battery" and f.kind == "gun-crew"]
    for f in crew:
        f.fate = "dead"
    for f in crew[:n]:
        f.fate = ""
        put_ashore(s, f.id, gun.x + 0.3, gun.y)
    return gun


def test_cannon_modifiers_crew_short_boats_and_light() -> None:
    s = fresh(random_events=False, light="moonless")
    gun = gunners(s, "battery-gun-1", 2)
    mods = dict(firing.cannon_modifiers(s, T, gun, "boat:launch", "french"))
    assert mods == {"2 crewmen short": -2, "at raiders' boats": -1, "moonless night": -1}
    s.light = "day"
    assert dict(firing.cannon_modifiers(s, T, gun, "ship:corvette", "french")) == {
        "2 crewmen short": -2,
        "daytime": 2,
    }
    s.light, s.event = "bright-moon", "moon"
    assert dict(firing.cannon_modifiers(s, T, gun, "ship:corvette", "french")) == {
        "2 crewmen short": -2,
        "bright moonlight": 1,
        "the moon comes out": 1,
    }


@pytest.mark.parametrize(
    ("column", "die", "result"),
    [
        ("fort", 3, "figure"),
        ("fort", 4, "silence-1"),
        ("fort", 6, "destroy"),
        ("anchored", 2, "hull"),
        ("anchored", 3, "rigging-d10"),
        ("anchored", 5, "silence-game"),
        ("moving", 3, "hull"),
        ("moving", 5, "rigging-d6"),
        ("moving", 6, "silence-game"),
        ("boats", 4, "hull"),
        ("boats", 5, "crew-d6"),
        ("boats", 6, "crew-d10"),
    ],
)
def test_the_hit_determination_chart(column: str, die: int, result: str) -> None:
    assert T.hit_chart.result(column, die) == result


def test_a_boat_sinks_at_its_hull_points_and_its_people_are_lost() -> None:
    s = fresh(random_events=False)
    boat = s.boats["jolly-boat"]
    ctx, log, _ = context([])
    firing.hull_hit_boat(s, T, ctx, boat)
    assert boat.afloat and boat.hull_hits == 1
    firing.hull_hit_boat(s, T, ctx, boat)
    assert boat.status == "sunk"
    assert not s.aboard("jolly-boat")
    assert "sinks" in texts(log)


def test_the_ship_goes_half_speed_at_half_her_hull_points_and_sinks_at_all() -> None:
    s = fresh(random_events=False)
    ship = s.ships["corvette"]
    ctx, log, _ = context([])
    for _ in range(6):
        firing.hull_hit_ship(s, T, ctx, ship)
    assert "half speed" in texts(log)
    for _ in range(6):
        firing.hull_hit_ship(s, T, ctx, ship)
    assert ship.status == "sunk"


def test_a_gun_silenced_for_a_turn_and_for_the_game() -> None:
    s = fresh(random_events=False)
    s.turn = 4
    gun = gunners(s, "battery-gun-1")
    ctx, _, _ = context([])
    firing.hit_effect(s, T, ctx, s.guns["corvette-gun-1"], "fort:battery", "british", "silence-1")
    silenced = [g for g in s.guns.values() if g.owner == "battery" and g.silenced_until == 5]
    assert len(silenced) == 1
    s.turn = 6
    assert firing.gun_ready(s, silenced[0])
    firing.hit_effect(s, T, ctx, gun, "ship:corvette", "french", "silence-game")
    assert any(g.silenced_game for g in s.guns.values() if g.owner == "corvette")


def test_swivels_fire_only_grape_at_figures() -> None:
    s = fresh(random_events=False)
    swivel = s.guns["corvette-gun-6"]
    assert swivel.kind == "swivel"
    assert not firing.can_fire(s, T, swivel, "party:launch", "french", grape=False)
    assert T.cannon.grape("swivel", 4.0) == "d6"
    assert T.cannon.grape("swivel", 8.0) == "half-d6"
    assert T.cannon.need("swivel", 13.0) is None
