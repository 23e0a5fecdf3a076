"""What each seat may see: until the raiders are spotted their boats,
figures, rolls and orders are theirs alone (and the umpire's), in the view,
the log, the prompts and the terminal picture (Defender attempts to spot;
solo play with the program as umpire)."""

from __future__ import annotations

import json
from typing import Any

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Game
from quarterdeck.core.hidden import EVERYTHING, scrambled
from quarterdeck.rulesets.cutting_out import RULESET
from quarterdeck.rulesets.cutting_out.state import State
from tests.sim.lazy_views import assert_lazy_view_is_plain

from .helpers import T, fresh, game, rows, scenario, scenario_data

DICE: list[ScriptedDice] = []


def started() -> Game:
    DICE.append(ScriptedDice([4, 6, 2] + [1] * 6))  # the rowing dice; spotting, turn 2
    return game(random_events=False, dice=DICE[-1])


def test_the_defender_and_spectators_see_no_raider_before_the_spotting() -> None:
    g = started()
    for viewer in ("french", None):
        v = g.ruleset.view(g.state, viewer)
        assert v["boats"] == [] and v["raiders_hidden"]
        assert not [f for f in v["figures"] if f["side"] == "british"]
        launch = next(p for p in v["parties"] if p["id"] == "launch")
        assert launch == {
            "id": "launch",
            "name": "the launch's crew",
            "side": "british",
            "kind": "boat",
            "nation": "british",
            "start": 12,
            "hidden": True,
        }
    assert len(g.ruleset.view(g.state, "british")["boats"]) == 3
    assert len(g.ruleset.view(g.state, EVERYTHING)["boats"]) == 3


def test_after_the_spotting_everyone_sees_the_raiders() -> None:
    g = started()
    g.state.detected = True
    assert len(g.ruleset.view(g.state, "french")["boats"]) == 3
    assert RULESET.hidden(g.state) == []


def test_the_raiders_rolls_and_orders_are_secret_until_they_are_seen() -> None:
    g = started()
    g.apply("british", rows(g.prompt(), {"launch": ("heading:90", 5)}, ("heading:90", 0)))
    french = [e.text for e in g.log if e.visible_to("french")]
    assert "british: secret order given" in french
    assert not any("rows" in t or "rowing" in t for t in french)
    british = [e.text for e in g.log if e.visible_to("british")]
    assert any("the launch rows 5.0 in" in t for t in british)
    assert any("the launch: rowing" in t for t in british)
    rolls = [r for r in DICE[-1].requests if "rowing" in r.label]
    assert rolls and all(r.secret and r.seat == "british" for r in rolls)


def test_the_defenders_view_does_not_move_with_the_hidden_boats() -> None:
    g = started()
    secrets = RULESET.hidden(g.state)
    assert any(x.path == ("boats", "launch", "x") for x in secrets)
    assert any(x.path == ("ask",) for x in secrets)
    other = scrambled(g.state, secrets, "french")
    a = json.dumps(g.ruleset.view(g.state, "french"), sort_keys=True)
    b = json.dumps(g.ruleset.view(other, "french"), sort_keys=True)
    assert a == b


def test_the_terminal_picture_hides_the_boats_from_the_defender() -> None:
    s = fresh(random_events=False)
    seen = g_render(s, "french")
    assert "not been seen" in seen and "whereabouts unknown" in seen
    assert "the launch (launch)" not in seen
    mine = g_render(s, "british")
    assert "the launch (launch): 12 aboard" in mine
    assert "1 the launch" in mine  # its number on the harbour map


def g_render(s: State, seat: str | None) -> str:
    return RULESET.render(s, seat)


def test_the_deck_cut_out_is_drawn_beside_the_harbour() -> None:
    s = fresh(random_events=False)
    lines = g_render(s, "british").splitlines()
    assert "Harbour 72 x 48 in" in lines[0] and "the corvette's deck (bow up)" in lines[0]


def test_the_terminal_status_says_a_night_raid_ends_at_dawn_a_daylight_one_does_not() -> None:
    """The game ends after its last turn: at dawn by night, when time is up
    by day (Sample Game: play continues until the ship is out, sunk or
    retaken; this project's turn limit). The status line said "(dawn)" in
    either light, as if dawn were now."""
    night = fresh(random_events=False)
    night.turn = 3
    assert "Turn 3 of 20 before dawn  " in g_render(night, "british")
    day = fresh(random_events=False, light="day")
    day.turn = 3
    seen = g_render(day, "british")
    assert "Turn 3 of 20  " in seen and "dawn" not in seen


def test_an_umpire_seat_sets_the_hull_points_before_the_game() -> None:
    sides = [
        *scenario_data("sample-game")["sides"],
        {"name": "umpire", "title": "Umpire", "role": "umpire"},
    ]
    sc = scenario(random_events=False, sides=sides)
    assert sc.umpire == "umpire"
    g = Game.new(sc, dice=ScriptedDice([6, 6, 6]))
    p = g.prompt()
    assert p is not None and p.seat == "umpire" and p.context["step"] == "hull"
    assert p.option_ids() == ["6", "9", "12", "18", "24"]
    g.apply("umpire", "18")
    assert g.state.ships["corvette"].hull_points == 18
    assert g.ruleset.view(g.state, EVERYTHING)["boats"]
    assert T.rigging.half == 20


def _umpired_game(dice: ScriptedDice) -> Any:
    sides = [
        *scenario_data("sample-game")["sides"],
        {"name": "umpire", "title": "Umpire", "role": "umpire"},
    ]
    return Game.new(scenario(random_events=False, sides=sides), dice=dice)


def test_the_umpire_sets_every_vessels_hull_points_the_boats_too() -> None:
    """Firing: hull hits for each vessel are set by mutual consent or by an
    umpire before the game. After the corvette the umpire is asked for each
    boat, offered around her kind's hull points (a launch's 4); the game
    begins once every vessel has hers."""
    g = _umpired_game(ScriptedDice([6, 6, 6]))
    g.apply("umpire", "18")
    asked = []
    for answer in ("6", "3", "2"):
        p = g.prompt()
        assert p is not None and p.seat == "umpire" and p.context["step"] == "hull"
        asked.append((p.context["boat"], p.context["scenario"], p.option_ids()))
        g.apply("umpire", answer)
    assert asked == [
        ("launch", 4, ["2", "3", "4", "6", "8"]),
        ("cutter", 3, ["2", "3", "4", "6"]),
        ("jolly-boat", 2, ["1", "2", "3", "4"]),
    ]
    s = g.state
    assert [s.boats[b].hull_points for b in ("launch", "cutter", "jolly-boat")] == [6, 3, 2]
    assert "the launch: 6 hull points" in [e.text for e in g.log]
    p = g.prompt()
    assert p is not None and p.seat == "british" and p.context.get("boats", [])[:1] == ["launch"]


def test_the_program_as_umpire_keeps_each_boats_hull_points_of_her_kind() -> None:
    from quarterdeck.rulesets.cutting_out.ai import CuttingOutAI

    g = _umpired_game(ScriptedDice([6, 6, 6]))
    ai = CuttingOutAI("umpire")
    while (p := g.prompt()) is not None and p.seat == "umpire":
        g.apply("umpire", ai.decide(g.ruleset.view(g.state, "umpire"), p))
    s = g.state
    assert s.ships["corvette"].hull_points == 12
    assert [s.boats[b].hull_points for b in ("launch", "cutter", "jolly-boat")] == [4, 3, 2]


def test_a_boat_that_leaves_unseen_is_told_to_its_own_side_only() -> None:
    from quarterdeck.rulesets.cutting_out import movement

    from .helpers import context

    s = fresh(random_events=False)
    ctx, log, _ = context([])
    movement.row(s, T, ctx, s.boats["cutter"], "exit", 6)
    leaving = [e for e in log if "pulls out" in e.text]
    assert leaving and leaving[0].seats == ("british",)


def test_the_terminal_harbour_legend_names_every_mark_on_the_map() -> None:
    """The harbour drawn beside the deck: the battery's garrison stands on the
    map as "d" marks inside the battery's "+" corners; the legend says so."""
    g = game(random_events=False, dice=ScriptedDice([6, 6, 6]))
    picture = g_render(g.state, "british")
    # the map's rows run between the sea edge "<" and the east border "|"
    rows = [line[: line.index("|") + 1] for line in picture.splitlines() if line.startswith("<")]
    assert any("d" in row for row in rows)  # the garrison, gunners and soldiers
    assert any("+" in row for row in rows)
    assert "B battery (+ its corners)" in picture
    assert "r/d a raider/defender ashore" in picture


def test_the_terminal_harbour_and_deck_fit_a_120_column_terminal() -> None:
    """The harbour map (72 in at a column an inch) with the deck cut-out
    beside it: the legend under the map is kept to the map's width (one
    long legend line widened the harbour block to 118 columns, and the
    terminal wrapped every row of the map and the deck into each other)."""
    g = game(random_events=False, dice=ScriptedDice([6, 6, 6]))
    picture = g_render(g.state, "british")
    drawing = picture.split("\n\n")[0].splitlines()
    assert max(len(line) for line in drawing) <= 116  # 120 less the panel's borders
    legend = "\n".join(drawing)
    for mark in ("# land", "r/d a raider/defender ashore", "1 the launch", "3 the jolly boat"):
        assert mark in legend


def test_the_defender_cannot_tell_one_rowing_form_from_another_while_unseen() -> None:
    """Defender attempts to spot: until a lookout sees them, the raiders'
    rows are theirs alone. Two different answers to the raiders' rowing
    form (every boat east at her whole allowance; or the launch for the
    corvette, the cutter north, the jolly boat still), the spotting die a 1
    in both: what the defenders see (their view with its log, the terminal
    picture, their prompt) is the same, up to the raiders' next form."""
    seen = []
    for answer in (
        {"launch": ("heading:90", 10), "cutter": ("heading:90", 12), "jolly-boat": ("exit", 0)},
        {"launch": ("alongside:corvette:larboard-waist", 7), "cutter": ("heading:0", 12)},
    ):
        g = game(random_events=False, dice=ScriptedDice([4, 6, 2, 1, 3, 3, 3]))
        p = g.prompt()
        g.apply("british", rows(p, answer, ("heading:90", 0)))
        p = g.prompt()
        assert p is not None and p.seat == "british" and g.state.turn == 2
        assert not g.state.detected
        prompt = g.prompt_for("french")
        seen.append(
            json.dumps(g.view("french"), sort_keys=True, default=str)
            + RULESET.render(g.state, "french")
            + (json.dumps(prompt.to_json(), sort_keys=True) if prompt else "")
        )
    assert seen[0] == seen[1]


def test_the_players_lazy_ships_are_the_seats_ships_entry_by_entry() -> None:
    """Every decision of a sample game, for each side, a spectator and
    everything: each entry of each ship's record in the computer player's
    view, read alone (the hatch and who holds it, the boarding points, the
    outline, the crew below), is the plain view's, and the whole view is the
    plain view, its ships' entries in the same order."""
    assert_lazy_view_is_plain(
        "sample-game", 5, lambda state: ("british", "french", None, "*"), every=3
    )
