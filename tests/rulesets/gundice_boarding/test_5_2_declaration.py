"""5.2: declarations are secret and simultaneous; two ships declared against
each other roll a die each for the attacker, ties re-rolled."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice

from .conftest import answer, duel, start, texts


def test_5_2_mutual_declarations_roll_off_and_ties_are_rerolled() -> None:
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0}))
    # roll-off: x 3, y 3 (tie); x 2, y 5: y attacks. Then y's attempt: 1 1 (no 6).
    game.dice = ScriptedDice([[3], [3], [2], [5], [1, 1]])
    answer(game, ("a", "board:y"), ("b", "board:x"))
    log = texts(game)
    assert "Tied roll-off: roll again" in log
    assert "San Nicolás de Bari wins the roll-off and is the attacker" in log
    attempt = [t for t in log if t.startswith("Boarding attempt")]
    assert len(attempt) == 1 and "San Nicolás de Bari against HMS Captain" in attempt[0]
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_5_2_declarations_stay_secret_until_both_sides_have_given_them() -> None:
    game = start(duel(a={"gun_dice": 0}, b={"gun_dice": 0}))
    answer(game, ("a", "board:y"))
    b_view = game.view("b")
    assert b_view["orders"] == {"a": {"given": 1}}
    assert all("attempt to board" not in line["text"] for line in b_view["log"])
    assert any("attempt to board" in line["text"] for line in game.view("a")["log"])
    assert game.view("a")["orders"] == {"a": {"x": "board:y"}}


def test_5_2_a_ship_being_boarded_cannot_make_its_own_attempt() -> None:
    from .conftest import make_scenario

    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "gun_dice": 0},
            {"id": "y", "side": "b", "gun_dice": 0},
            {"id": "z", "side": "a", "gun_dice": 0},
        ],
        [{"ships": ["x", "y"]}, {"ships": ["y", "z"]}],
    )
    game = start(scenario)
    game.dice = ScriptedDice([[1, 1]])
    # x boards y; y declares against z; y must repel and cannot attack.
    answer(game, ("a", "board:y"), ("a", "none"), ("b", "board:z"))
    log = texts(game)
    assert (
        "HMS Captain, declared against by HMS Captain, stands to repel and cannot make her "
        "own attempt"
    ) in log
    assert sum(t.startswith("Boarding attempt") for t in log) == 1


def test_5_2_a_ship_boarded_by_a_third_ship_does_not_roll_off_and_cannot_attack() -> None:
    """x and y declare against each other and z (x's side) against y too: y
    must stand to repel z, so there is no roll-off and x is the attacker; x
    and z board y together in one attempt (5.2)."""
    from .conftest import make_scenario

    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "gun_dice": 0, "size": 2},
            {"id": "y", "side": "b", "ship": "san-nicolas", "gun_dice": 0, "size": 2},
            {"id": "z", "side": "a", "ship": "shannon", "gun_dice": 0, "size": 2},
        ],
        [{"ships": ["x", "y"]}, {"ships": ["y", "z"]}],
    )
    game = start(scenario)
    # No roll-off: the first roll is the joint attempt (2 dice), a 6.
    game.dice = ScriptedDice([[6, 1]])
    answer(game, ("a", "board:y"), ("a", "board:y"), ("b", "board:x"))
    log = texts(game)
    assert not any(t.startswith("Roll-off") for t in log)
    assert not any("wins the roll-off" in t for t in log)
    assert (
        "San Nicolás de Bari, declared against by HMS Shannon, stands to repel and cannot make "
        "her own attempt" in log
    )
    [action] = game.state.actions
    assert action.attackers == ["x", "z"] and action.defender == "y"
    assert action.attacker_side == "a"
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_5_2_a_ship_declared_against_stands_to_repel_even_if_that_attempt_lapses() -> None:
    """Declarations are simultaneous: a ship declared against stands to repel
    and makes no attempt of her own, even when the declaration against her
    lapses in turn (this project's reading, docs/rules-notes.md). A boards
    B, B declared against C, C against D: B stands to repel A, C to repel
    B, and only A's attempt is rolled; the log says no more than that."""
    from .conftest import make_scenario

    scenario = make_scenario(
        [
            {"id": "a", "side": "a", "gun_dice": 0, "size": 2},
            {"id": "b", "side": "b", "ship": "san-nicolas", "gun_dice": 0, "size": 2},
            {"id": "c", "side": "a", "ship": "shannon", "gun_dice": 0, "size": 2},
            {"id": "d", "side": "b", "ship": "san-josef", "gun_dice": 0, "size": 2},
        ],
        [{"ships": ["a", "b"]}, {"ships": ["b", "c"]}, {"ships": ["c", "d"]}],
    )
    game = start(scenario)
    game.dice = ScriptedDice([[6, 1]])
    answer(game, ("a", "board:b"), ("a", "board:d"), ("b", "board:c"), ("b", "none"))
    log = texts(game)
    assert (
        "HMS Shannon, declared against by San Nicolás de Bari, stands to repel and cannot "
        "make her own attempt" in log
    )
    assert not any("is being boarded" in t for t in log)
    assert sum(t.startswith("Boarding attempt") for t in log) == 1
    [action] = game.state.actions
    assert action.attackers == ["a"] and action.defender == "b"
