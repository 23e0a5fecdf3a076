"""The computer player's view (view.py, issue 14) keeps what it showed at
the last decision (the fleet's lazy records, each ship's gun markers (1.4),
the field (1.2)) and shows it again while it is the same: checked here
against the plain view at every decision of games played as the batch
runner plays them (the state changed in place), after changes made by hand,
and against a computer player that might change what it is shown."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.rulesets import get_ruleset
from quarterdeck.sim.games import _context, players_for

away_view = importlib.import_module("quarterdeck.rulesets.away_boarders.view")


def _batch_game(scenario_id: str, seed: int) -> Any:
    """The game's states at each decision, as the batch runner plays it (one
    state changed in place): yields (ruleset, state, seat, decide), then
    applies the answer ``decide`` gives."""
    scenario = scenarios.load(scenario_id)
    ruleset = get_ruleset(scenario.ruleset)
    ctx = _context(scenario, seed)
    state = ruleset.new_state(scenario, ctx)
    players = players_for(scenario, seed, None)
    while prompts := ruleset.prompts(state):
        prompt = prompts[0]
        answer = yield ruleset, state, prompt, players[prompt.seat]
        ctx.acting, ctx.prompt = prompt.seat, prompt
        ruleset.apply(state, prompt.seat, prompt.check(answer), ctx)
    assert ruleset.result(state) is not None


def _text(view: Any) -> str:
    """The view read whole, as text (its parts in any order: a lazy view's
    are in the order they were read)."""
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize(("scenario", "seed"), [("champlain-duel-1776", 4), ("split-rock-1776", 2)])
def test_the_players_view_is_the_plain_view_at_every_decision(scenario: str, seed: int) -> None:
    """The computer player decides from the lazy view (its kept records,
    guns and field shown again where they are the same); after it decided,
    the view it was shown, read whole, is still the plain view of the state
    it decided on (it changed nothing it was shown), and every few decisions
    a view read whole at once is the plain view too."""
    game = _batch_game(scenario, seed)
    answer = None
    n = 0
    try:
        while True:
            ruleset, state, prompt, player = game.send(answer)
            plain = _text(ruleset.view(state, prompt.seat))
            if n % 7 == 0:
                assert _text(ruleset.player_view(state, prompt.seat)) == plain
            lazy = ruleset.player_view(state, prompt.seat)
            lazy["seat"] = prompt.seat
            answer = player.decide(lazy, prompt)
            assert _text(lazy) == plain  # the view and what it keeps unchanged
            assert _text(ruleset.player_view(state, prompt.seat)) == plain
            n += 1
    except StopIteration:
        pass
    assert n > 50
    assert len(away_view._FLEET) == 1 and len(away_view._FIELD) == 1
    assert len(away_view._GUNS) <= 4096
    assert len(away_view._MARKERS) <= away_view._MARKERS_KEPT


def test_a_view_after_a_change_shows_the_change() -> None:
    """Whatever changes in place (where a ship lies, whether afloat, a gun
    loaded, the wind, a point of the field) the next view shows it, though
    the last view kept its records, gun markers and field."""
    game = _batch_game("champlain-duel-1776", 1)
    _, state, prompt, _ = next(game)
    ruleset = get_ruleset("away-boarders")

    def look() -> dict[str, Any]:
        lazy = ruleset.player_view(state, prompt.seat)
        [(s["id"], s["status"], s["q"], s["r"]) for s in lazy["ships"]]
        return lazy

    first = look()
    again = look()
    assert again["field"] is first["field"]  # the same, shown again
    assert again["victory"] is first["victory"]
    assert all(a is b for a, b in zip(first["ships"], again["ships"], strict=True))
    assert first["ships"] is not again["ships"]  # each player's own list
    guns = again["ships"][0]["guns"]
    assert look()["ships"][0]["guns"] is guns

    ship = next(iter(state.ships.values()))
    q_before = first["ships"][0]["q"]  # (a view is good only while its player decides)
    ship.q += 1
    ship.status = "struck"
    ship.guns[0].loaded = not ship.guns[0].loaded
    state.wind = (state.wind + 1) % 6
    state.blocked.append([0, 0])
    state.victory["escape"][ship.side] = 5
    after = look()
    assert after == ruleset.view(state, prompt.seat)
    assert after["ships"][0]["q"] == q_before + 1
    assert after["ships"][0]["status"] == "struck"
    assert after["ships"][0]["guns"][0]["loaded"] is ship.guns[0].loaded
    assert after["field"]["wind"] == state.wind and [0, 0] in after["field"]["blocked"]
    assert after["field"] is not first["field"]
    assert after["victory"]["escape"] == {ship.side: 5} and first["victory"]["escape"] == {}

    # another ship in the same place, with the same ready entries
    other = away_view.copy_state(ship)
    state.ships[ship.id] = other
    other.hull[0] = 2
    assert look() == ruleset.view(state, prompt.seat)
    assert look()["ships"][0]["hull"][0] == 2


def test_a_gun_marker_is_shown_again_only_with_the_same_fields() -> None:
    """A ship's gun markers after one of her guns changed: each is the
    plain marker of the gun as she now is (every field), the unchanged
    ones shown as they were, the changed one made anew."""
    game = _batch_game("champlain-duel-1776", 1)
    _, state, _, _ = next(game)
    ship = next(iter(state.ships.values()))

    def plain() -> list[dict[str, Any]]:
        return [
            {
                "type": g.type,
                "mount": g.mount,
                "side": g.side,
                "order": g.order,
                "loaded": g.loaded,
                "fired": g.fired,
                "disabled": g.disabled,
            }
            for g in ship.guns
        ]

    before = away_view._guns(ship)
    assert before == plain()
    ship.guns[0].loaded = not ship.guns[0].loaded
    ship.guns[0].fired = True
    after = away_view._guns(ship)
    assert after == plain() and after != before
    assert after[0] is not before[0]
    assert all(a is b for a, b in zip(after[1:], before[1:], strict=True))
    away_view._MARKERS.clear()  # made again from the fields alone
    ship.guns[1].disabled = True
    assert away_view._guns(ship) == plain()


def test_a_kept_field_changed_by_its_reader_is_not_shown_again() -> None:
    """Views are read, never changed; were a kept field (or the kept
    victory conditions) changed all the same, it is compared whole with the
    state and made again."""
    game = _batch_game("champlain-duel-1776", 1)
    _, state, prompt, _ = next(game)
    ruleset = get_ruleset("away-boarders")
    shown = ruleset.player_view(state, prompt.seat)["field"]
    shown["blocked"].append([9, 9])
    shown["extra"] = 1
    again = ruleset.player_view(state, prompt.seat)["field"]
    assert again == ruleset.view(state, prompt.seat)["field"] and again is not shown
    # the victory conditions (1.0) alike
    terms = ruleset.player_view(state, prompt.seat)["victory"]
    terms["escape"]["x"] = 1
    again = ruleset.player_view(state, prompt.seat)["victory"]
    assert again == ruleset.view(state, prompt.seat)["victory"] and again is not terms


def test_the_entries_built_together_are_each_as_its_own_entry_makes_it() -> None:
    """A lazy ship record builds her heading, sails, men and loads together
    when one is read (view._hot): each as the record's own entry for it
    would make it, for every ship of a scenario, before and after play."""
    game = _batch_game("split-rock-1776", 3)
    answer = None
    for n in range(40):
        ruleset, state, prompt, player = game.send(answer)
        if n % 13 == 0:
            for s in state.ships.values():
                args = (s, state.wind, ruleset.tables(state))
                assert away_view._hot(*args) == {
                    k: away_view._PARTS[k](*args) for k in away_view._HOT
                }
                record = away_view._record(s, (s.id, s.side, s.status, s.q, s.r), *args[1:])
                assert record["sail"] == s.sail and dict.__len__(record) == 5 + len(away_view._HOT)
                assert list(record) == list(away_view._PARTS)  # read whole: the plain order
        answer = player.decide(ruleset.player_view(state, prompt.seat), prompt)
