"""Captured ships and forts fight for their captors: a prize crew of ten sails
the prize for the winner of a boarding action and her first owners may take
her back; a fort taken by melee changes hands, its guns fire for the
captors, and it can be retaken (Boarding Actions; Melee Combat on Land;
Environment: Initiative, a fort captured)."""

from __future__ import annotations

from quarterdeck.rulesets.flotilla import fire, firers, land, rules
from quarterdeck.rulesets.flotilla.state import LandBattery, Troop

from .helpers import Dice, T, ship, state

SHORE = [[(0.0, 30.0), (72.0, 30.0), (72.0, 48.0), (0.0, 48.0)]]


def board(
    st: rules.State, winner: rules.Ship, loser: rules.Ship, dice: list[object], men: str = "10"
) -> None:
    """A boarding action won by ``winner``, who sends ``men`` across."""
    rules.boarding(st, T, Dice(dice).ctx, winner, loser)  # type: ignore[arg-type]
    ask = st.queue.pop()
    assert ask == {"kind": "prize_crew", "seat": winner.side, "ship": winner.id, "target": loser.id}
    st.ask = ask
    st.result = {"winner": None}  # stop the sequence here: only the answer is applied
    rules.apply(st, T, winner.side, men, Dice([]).ctx)
    st.result = None


def alongside() -> tuple[rules.State, rules.Ship, rules.Ship, rules.Ship]:
    ic = ship("ic", x=10, y=10, heading=0, speed=6)
    selma = ship("sel", "selma", "confederate", x=10.8, y=10, heading=0, speed=6)
    bragg = ship("gb", "general_bragg", "confederate", x=30, y=10, heading=0, speed=6)
    return state([ic, selma, bragg]), ic, selma, bragg


def test_a_prize_takes_ten_men_and_fights_for_her_captors() -> None:
    st, ic, selma, _ = alongside()
    board(st, ic, selma, [6, 1, [1, 1]])  # Iron City 86 x 6 against Selma 40 x 1; loses 2
    assert selma.status == "active" and selma.side == "union"
    assert selma.captured_by == "union" and selma.owner == "confederate"
    assert selma.crew == 10 and ic.crew == 38  # 50, two lost, ten across
    assert selma.morale == ic.morale  # the prize officer's morale
    # she has done all she will this turn; after reloading she fires for the Union
    assert selma.id not in firers.firers(st, T, "union")
    rules.step_reload(st, T, Dice([]).ctx)
    selma.fired = False
    assert selma.id in firers.firers(st, T, "union")
    targets = {
        s.target
        for b in firers.ready_batteries(st, T, selma)
        for s in fire.battery_shots(st, T, selma, b)
    }
    assert targets == {"gb"}
    assert rules.side_alive(st, "confederate")  # General Bragg still fights


def test_her_first_owners_may_retake_a_prize() -> None:
    st, ic, selma, bragg = alongside()
    board(st, ic, selma, [6, 1, [1, 1]])
    bragg.x, bragg.y = 11.6, 10  # alongside the prize
    board(st, bragg, selma, [5, 1, [1, 1]])  # Bragg wins against ten men
    assert selma.side == "confederate" and selma.captured_by is None
    assert selma.status == "active" and selma.crew == 10


def test_a_prize_is_taken_with_a_landing_party_aboard() -> None:
    st, ic, selma, _ = alongside()
    party = Troop("p", "p", "confederate", 6, 1, "disciplined", False, 0, 0, aboard="sel")
    selma.party = "p"
    st.troops["p"] = party
    board(st, ic, selma, [6, 1, [1, 1]])
    assert not party.alive and selma.party is None


def fort(garrison: str | None) -> LandBattery:
    return LandBattery(
        "fort", "Fort", "confederate", 36, 32, 180.0, 3, 3, "normal", garrison, owner="confederate"
    )


def troop(id: str, side: str, men: int, **kw: object) -> Troop:
    t = Troop(id, id, side, men, 1, "disciplined", False, 0.0, 0.0)
    for k, v in kw.items():
        setattr(t, k, v)
    return t


def test_a_captured_fort_fires_for_the_captors() -> None:
    marines = troop("m", "union", 9, x=36, y=33, contact="fort")
    ram = ship("gb", "general_bragg", "confederate", x=36, y=20, heading=90, speed=6)
    st = state([ram], batteries=[fort(None)], troops=[marines], land=SHORE)
    land.melees(st, T, Dice([]).ctx)
    bat = st.batteries["fort"]
    assert bat.side == "union" and bat.garrison == "m" and bat.active
    assert "fort" in firers.firers(st, T, "union")
    assert [s.target for s in fire.fort_shots(st, T, bat)] == ["gb"]
    d = Dice([[6, 5, 1]])  # one die a gun: two hits on General Bragg
    fire.fort_volley(st, T, d.ctx, bat, "gb")
    assert ram.ticked == 2 and d.left == 0


def test_a_captured_fort_is_retaken_by_melee() -> None:
    marines = troop("m", "union", 2, x=36, y=32, fort="fort", cover=True, leaders=0)
    rebels = troop("r", "confederate", 12, x=36, y=34, contact="fort")
    bat = fort("m")
    bat.side, bat.captured_by = "union", "union"
    st = state([], batteries=[bat], troops=[marines, rebels], land=SHORE)
    # rebels: 3 + 6 dice; the two marines in the fort: a die a man
    d = Dice([[5, 5, 5, 1, 1, 1, 1, 1, 1], [1, 1]])
    land.melees(st, T, d.ctx)
    assert not marines.alive
    assert bat.side == "confederate" and bat.captured_by is None and bat.garrison == "r"
    assert st.auto_win == ["confederate"]


def test_the_winner_chooses_how_many_men_cross_over() -> None:
    st, ic, selma, _ = alongside()
    rules.boarding(st, T, Dice([6, 1, [1, 1]]).ctx, ic, selma)
    st.ask = st.queue.pop()
    p = rules.prompt(st, T)
    assert p is not None and p.option_ids() == ["10", "15", "20"]  # Selma's complement is 20
    st.result = {"winner": None}
    rules.apply(st, T, "union", "20", Dice([]).ctx)
    assert selma.crew == 20 and selma.side == "union"


def test_a_struck_ship_is_grappled_and_taken_unopposed() -> None:
    st, ic, selma, _ = alongside()
    selma.status, selma.captured_by = "surrendered", "union"
    assert "grapple:sel" in [o.id for o in rules.close_options(st, T, ic)]
    assert "ram:sel" not in [o.id for o in rules.close_options(st, T, ic)]
    rules.resolve_close(st, T, Dice([4]).ctx, ic, "grapple:sel")
    assert st.grapples == [["ic", "sel"]]
    st.phase, st.stage = "combat", ""
    rules.step_combat(st, T, Dice([]).ctx)
    assert st.ask == {"kind": "board", "seat": "union", "ship": "ic", "target": "sel"}
    rules.boarding(st, T, Dice([]).ctx, ic, selma)  # no fight: no dice
    ask = st.queue.pop()
    assert ask["kind"] == "prize_crew"
    rules.take_prize(st, T, Dice([]).ctx, ic, selma, 15)
    assert selma.status == "active" and selma.side == "union" and selma.crew == 15
    assert ic.crew == 35


def test_men_sent_across_as_a_prize_crew_are_not_killed_for_morale() -> None:
    """Captain's Morale Modifiers count the crew killed: a tinclad of twelve
    that sends ten across to take a struck enemy has lost nobody killed, so
    neither "half the crew killed" nor "three quarters" applies. Played
    through the combat phase."""
    from quarterdeck.rulesets.flotilla import damage

    from .helpers import engine

    mar = ship("mar", "marmora", x=10, y=10, heading=0)
    gb = ship("gb", "general_bragg", "confederate", x=10.8, y=10, status="surrendered")
    mar.grappled, gb.grappled = "gb", "mar"
    st = state([mar, gb, ship("sel", "selma", "confederate", x=60, y=40)])
    st.grapples = [["mar", "gb"]]
    st.phase, st.turn = "combat", st.turn_limit
    game = engine(st, [])
    game.apply("union", "board")
    game.apply("union", "10")
    mar_now, gb_now = game.state.ships["mar"], game.state.ships["gb"]
    assert gb_now.side == "union" and mar_now.crew == 2 and mar_now.sent_away == 10
    _, why = damage.morale_modifier(game.state, T, mar_now)
    assert not any("crew killed" in w for w in why)
