"""Views kept from one decision to the next are the views built anew."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.sim.games import replay_game
from tests.sim.lazy_views import assert_lazy_view_is_plain

away_view = importlib.import_module("quarterdeck.rulesets.away_boarders.view")


def test_away_boarders_ship_views_kept_between_decisions_equal_fresh_ones() -> None:
    """Every decision of a whole game: the view with the kept ship views is
    the view built from nothing, for each side and for everything."""
    record = replay_game(scenarios.load("champlain-duel-1776"), 3).record
    game = Game.replay(record, upto=0)
    for seat, answer in record.decisions():
        for viewer in ("british", "american", "*"):
            kept = game.ruleset.view(game.state, viewer)
            away_view._SHIP_VIEWS.clear()
            assert kept == game.ruleset.view(game.state, viewer)
        game.apply(seat, answer)
    assert game.result() is not None


def test_away_boarders_a_changed_ship_is_shown_changed() -> None:
    game = Game.new(scenarios.load("champlain-duel-1776"), seed=1)
    before = game.ruleset.view(game.state, "*")["ships"][0]
    ship = next(iter(game.state.ships.values()))
    ship.hull[0] = 2
    ship.guns[0].loaded = not ship.guns[0].loaded
    after = game.ruleset.view(game.state, "*")["ships"][0]
    assert after["hull"][0] == 2 and before["hull"][0] == 0
    assert after["guns"][0]["loaded"] is not before["guns"][0]["loaded"]


def test_away_boarders_players_lazy_view_is_the_seats_view_entry_by_entry() -> None:
    """Every decision of a whole game, for each side and everything: each
    part of the computer player's view and each entry of each ship's view,
    read alone, is that of the seat's plain view, and the whole of it is the
    plain view (its ships' entries in the same order)."""
    assert_lazy_view_is_plain(
        "champlain-duel-1776", 3, lambda state: ("british", "american", "*"), every=5
    )


@pytest.mark.parametrize(
    ("scenario", "seed", "viewers", "parts"),
    [
        (
            "sample-game",
            5,
            ("british", "french", None, "*"),
            ("ships", "guns", "boats", "figures", "parties", "alarm"),
        ),
        (
            "iron-city-duel",
            2,
            ("union", "confederate", None, "*"),
            ("land", "cover", "torpedoes", "events", "batteries", "troops", "grapples", "points"),
        ),
    ],
)
def test_a_players_lazy_view_is_the_seats_view_part_by_part(
    scenario: str, seed: int, viewers: tuple[str | None, ...], parts: tuple[str, ...]
) -> None:
    """Every decision of a whole game, for each side, a spectator and
    everything: each part of the computer player's view, read alone, is that
    part of the seat's plain view, and the whole of it is the plain view (so
    a player deciding from it sees exactly what its seat may see)."""
    from quarterdeck.core.lazyview import LazyView

    record = replay_game(scenarios.load(scenario), seed).record
    game = Game.replay(record, upto=0)
    for seat, answer in record.decisions():
        for viewer in viewers:
            plain = game.ruleset.view(game.state, viewer)
            for part in parts:
                lazy = game.ruleset.player_view(game.state, viewer)  # type: ignore[attr-defined]
                assert isinstance(lazy, LazyView) and part not in dict.keys(lazy)
                assert lazy[part] == plain[part], (part, viewer)
            lazy = game.ruleset.player_view(game.state, viewer)  # type: ignore[attr-defined]
            assert len(lazy) == len(plain) and lazy == plain and dict(lazy) == plain
            assert list(lazy) == list(dict(lazy)) and set(lazy) == set(plain)
            # json.dumps reads a lazy view whole, as the plain view
            assert json.dumps(lazy, sort_keys=True) == json.dumps(plain, sort_keys=True)
        game.apply(seat, answer)
    assert game.result() is not None


def test_a_lazy_view_builds_a_part_once_and_only_when_read() -> None:
    from quarterdeck.core.lazyview import LazyView

    built: list[str] = []

    def part(name: str, value: int) -> Callable[[], int]:
        def make() -> int:
            built.append(name)
            return value

        return make

    view = LazyView({"turn": 3}, {"ships": part("ships", 1), "guns": part("guns", 2)})
    assert view["turn"] == 3 and built == []
    assert "ships" in view and "nothing" not in view and len(view) == 3
    assert view["ships"] == 1 and view.get("ships") == 1 and built == ["ships"]
    assert view.get("nothing", "none") == "none"
    with pytest.raises(KeyError):
        view["nothing"]
    assert dict(view) == {"turn": 3, "ships": 1, "guns": 2} and built == ["ships", "guns"]
    assert json.loads(json.dumps(view)) == {"turn": 3, "ships": 1, "guns": 2}


def test_flotilla_players_ship_entries_are_the_seats_entry_by_entry() -> None:
    """Every fifth decision of a whole Flotilla game: each entry of each
    ship in the computer player's view, read first and alone, is that of the
    plain view; read whole, each ship is the plain ship, in its order."""
    from quarterdeck.core.lazyview import LazyRecord

    record = replay_game(scenarios.load("iron-city-duel"), 4).record
    game = Game.replay(record, upto=0)
    for n, (seat, answer) in enumerate(record.decisions()):
        if n % 5 == 0:
            plain = game.ruleset.view(game.state, seat)["ships"]
            for key in plain[0]:
                lazy = game.ruleset.player_view(game.state, seat)["ships"]  # type: ignore[attr-defined]
                for mine, theirs in zip(lazy, plain, strict=True):
                    assert isinstance(mine, LazyRecord)
                    assert mine[key] == theirs[key] and mine.get(key) == theirs[key]
                    assert key in mine and "nothing" not in mine and len(mine) == len(theirs)
            lazy = game.ruleset.player_view(game.state, seat)["ships"]  # type: ignore[attr-defined]
            assert [list(s) for s in lazy] == [list(s) for s in plain]
            assert json.dumps(lazy) == json.dumps(plain)
        game.apply(seat, answer)
    assert game.result() is not None


def test_flotilla_a_ship_record_shown_again_is_never_stale() -> None:
    """A ship's lazy record of which only the ready entries were read is
    shown again at a later decision while those are still hers (the state
    changed in place, as the batch runner plays): at every other decision
    only they are read, and at the next the ships read whole are the plain
    view's, whatever the decision between changed."""
    from quarterdeck.rulesets import get_ruleset
    from quarterdeck.sim.games import _context, players_for

    scenario = scenarios.load("iron-city-duel")
    ruleset = get_ruleset(scenario.ruleset)
    ctx = _context(scenario, 6)
    state = ruleset.new_state(scenario, ctx)
    players = players_for(scenario, 6, None)
    shown_again, last, n = 0, [], 0
    while prompts := ruleset.prompts(state):
        seat = prompts[0].seat
        lazy = ruleset.player_view(state, seat)["ships"]  # type: ignore[attr-defined]
        shown_again += sum(any(a is b for b in last) for a in lazy)
        if n % 2 == 0:
            for s in lazy:
                s["id"], s["x"], s["y"], s["heading"], s["status"]
            last = list(lazy)
        else:
            plain = ruleset.view(state, seat)["ships"]
            assert json.dumps(lazy) == json.dumps(plain)
            last = []
        answer = players[seat].decide(ruleset.view(state, seat), prompts[0])
        ctx.acting, ctx.prompt = seat, prompts[0]
        ruleset.apply(state, seat, prompts[0].check(answer), ctx)
        n += 1
    assert ruleset.result(state) is not None and shown_again > n // 4


def test_flotilla_a_ship_read_beyond_her_ready_entries_is_shown_anew() -> None:
    """A ship's record of which more than the ready entries was read is not
    shown again: her next record starts from the same ready entries (she has
    not moved) and works out the rest from her as she is now."""
    from quarterdeck.rulesets import get_ruleset
    from quarterdeck.sim.games import _context

    scenario = scenarios.load("iron-city-duel")
    ruleset = get_ruleset(scenario.ruleset)
    state = ruleset.new_state(scenario, _context(scenario, 3))
    first = ruleset.player_view(state, None)["ships"]  # type: ignore[attr-defined]
    assert first[0]["crew"] == ruleset.view(state, None)["ships"][0]["crew"]
    ship = next(iter(state.ships.values()))
    ship.crew_pos = max(0, ship.crew_pos - 2)  # her crew track struck in place
    again = ruleset.player_view(state, None)["ships"]  # type: ignore[attr-defined]
    assert again[0] is not first[0] and again[1] is first[1]  # the other was read no further
    assert json.dumps(again) == json.dumps(ruleset.view(state, None)["ships"])
