"""The computer player (ai.py) from positions played through the engine: it
boards by the standing, fights on rather than hand the defender the action,
and places unopposed dice for the whole action."""

from __future__ import annotations

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.rulesets.gundice_boarding.ai import GunDiceAI, standing

from .conftest import answer, duel, make_scenario, start


def _decide(game, seat: str) -> str:  # type: ignore[no-untyped-def]
    prompt = game.prompt_for(seat)
    assert prompt is not None
    return str(GunDiceAI(seat).decide(game.view(seat), prompt))


def test_level_it_boards_at_even_odds_and_declines_a_poor_chance() -> None:
    # x (size 2, A crew) against y (size 2): 3 dice against 3: even money.
    game = start(duel(a={"gun_dice": 0, "crew": "A"}, b={"gun_dice": 0}))
    assert _decide(game, "a") == "board:y"
    # y against x: 2 dice against 4 (A crew defending): 0.7%.
    assert _decide(game, "b") == "none"


def test_behind_it_boards_at_any_chance_and_ahead_it_never_does() -> None:
    game = start(duel(a={"gun_dice": 0, "crew": "A"}, b={"gun_dice": 0}))
    view = game.view("b")
    view["outcomes"] = [
        {"turn": 1, "how": "repelled", "attackers": ["y"], "defender": "x", "winner": "a"}
    ]
    assert standing(view, "b") == -1 and standing(view, "a") == 1
    prompt = game.prompt_for("b")
    assert prompt is not None
    assert GunDiceAI("b").decide(view, prompt) == "board:x"
    prompt = game.prompt_for("a")
    assert prompt is not None
    assert GunDiceAI("a").decide(dict(view, seat="a"), prompt) == "none"


def test_it_counts_the_dice_of_a_friend_boarding_the_same_enemy() -> None:
    """Alone, x's 2 dice against San José's 4 are a 0.7% chance; with z
    already declared against her, 4 against 4 is even money."""
    scenario = make_scenario(
        [
            {"id": "x", "side": "a", "size": 2, "gun_dice": 0},
            {"id": "z", "side": "a", "size": 2, "gun_dice": 0},
            {"id": "y", "side": "b", "ship": "san-josef", "size": 3, "gun_dice": 0},
        ],
        [{"ships": ["x", "y"]}, {"ships": ["z", "y"]}],
    )
    game = start(scenario)
    alone = game.prompt_for("a")
    assert alone is not None and alone.context["ship"] == "x"
    view = game.view("a")
    view["orders"] = {"a": {"z": "board:y"}}
    assert GunDiceAI("a").decide(view, alone) == "board:y"
    view["orders"] = {"a": {}}
    assert GunDiceAI("a").decide(view, alone) == "none"


def test_it_fights_on_when_calling_off_would_only_hand_over_the_action() -> None:
    game = start(duel(a={"gun_dice": 30}, b={"gun_dice": 30}, fouled=True))
    game.dice = ScriptedDice([[6, 1, 1]])
    answer(game, ("a", "yes"), ("b", "yes"), ("a", "board:y"), ("b", "none"))
    # Round 1: x 2 2 1 against y 6 6 1 1: x loses two pairs, ties the third
    game.dice = ScriptedDice([[2, 2, 1], [6, 6, 1, 1]])
    answer(game, ("a", "fight"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (1, 4)
    # 1 die against 4: almost no chance; a fresh attack as a failed attacker
    # (2 + 1 mobilised - 1 = 2 against 4) is hardly better, and it must first
    # roll its attempt: it fights on.
    assert _decide(game, "a") == "fight"


def test_it_places_a_spare_die_for_the_action() -> None:
    """3 attacking dice roll 6 5 1 against 6 6: the AI trades one die for
    one (2 v 1, 95%) rather than tie both pairs (3 v 2, 93%)."""
    game = start(duel(a={"gun_dice": 0, "crew": "A"}, b={"gun_dice": 0, "crew": "F"}))
    game.dice = ScriptedDice([[6, 1]])
    answer(game, ("a", "board:y"), ("b", "none"))
    action = game.state.actions[0]
    assert (action.attacker_dice, action.defender_dice) == (3, 2)
    game.dice = ScriptedDice([[6, 5, 1], [6, 6]])
    answer(game, ("a", "fight"))
    assert _decide(game, "a") == "0"


def test_the_ai_benchmark_plays_the_new_ai_against_the_yardstick_on_each_side(
    capsys,  # type: ignore[no-untyped-def]
) -> None:
    import json

    from benchmarks.bench_ai import main

    assert (
        main(["speedy-el-gamo-1801", "--games", "4", "--workers", "1", "--json", "--baseline"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    rows = {r["side"]: r for r in report["rows"]}
    assert set(rows) == {"british", "spanish"}
    for r in rows.values():
        assert r["games"] == 4 and r["wins"] + r["draws"] + r["losses"] == 4
        assert 0.0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1.0
        assert "baseline_win_rate" in r


def test_ahead_on_prizes_it_boards_again_at_even_odds_across_the_patent_bridge() -> None:
    """Cape St Vincent: Captain has taken San Nicolás (2 size points to
    none). A defender never takes her boarder (5.2), so a repulse cannot
    cost that lead: Captain boards San José across her prize (4 dice to 3,
    77%), as Nelson did, where ahead on boarding actions won it would not."""
    from quarterdeck.core.scenario import load

    game = start(load("cape-st-vincent-1797"))
    # attempt: 3 dice (2, fouled +1), a 6; round 1: Captain's 4 dice against
    # San Nicolás' 3 take all three
    game.dice = ScriptedDice([[6, 1, 1], [6, 6, 6, 1], [1, 1, 1]])
    answer(game, ("british", "yes"), ("spanish", "yes"))
    answer(game, ("british", "board:san-nicolas"), ("spanish", "none"))
    answer(game, ("british", "fight"))
    assert game.state.ships["san-nicolas"].captured_by == "british"
    answer(game, ("british", "yes"), ("spanish", "yes"))
    view = game.view("british")
    assert standing(view, "british") == 1
    assert _decide(game, "british") == "board:san-josef"
