"""The Away, Boarders! crew form on the web page (2.1): it starts from the
ship's crew as it stands."""

from __future__ import annotations

import re
from pathlib import Path

from quarterdeck.core.scenario import load
from quarterdeck.core.store import Store
from quarterdeck.web.fragments import _prompt
from quarterdeck.web.games import Games


def _values(html: str) -> dict[str, int]:
    return {
        name: int(value)
        for name, value in re.findall(r'name="(\w+)" data-type="int" [^>]*value="(\d+)"', html)
    }


def test_2_1_the_box_by_box_crew_form_starts_from_the_ships_current_crew(tmp_path: Path) -> None:
    games = Games(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    live = games.create(load("champlain-duel-1776"), {"british": "here", "american": "here"})
    game = live.game
    assert game is not None
    while (p := game.prompt()) is not None and p.context.get("step") == "loads":
        game.apply(p.seat, dict(p.context["suggested"]))
    prompt = game.prompt_for("british")
    assert prompt is not None and prompt.context["step"] == "crew"
    ship = game.state.ships[prompt.context["ship"]]
    # her six markers already spread about: 2 aloft, 2 at the guns, 1 repairing, 1 boarder
    ship.crew = {"yards": 2, "repair_rigging": 0, "guns": 2, "repair_guns": 0}
    ship.crew.update(repair_hull=1, boarders=1)
    game.apply("british", "custom")
    html = _prompt(live, game, game.view("british"), "british")
    assert "assign" in html and _values(html) == {
        "yards": 2,
        "repair_rigging": 0,
        "repair_guns": 0,
        "repair_hull": 1,
        "boarders": 1,
    }
    # sent as shown, the form leaves every man where he was
    crew_before = dict(ship.crew)
    game.apply("british", _values(html))
    game.apply("american", "keep")
    assert game.state.ships[ship.id].crew == crew_before


def test_2_1_the_rally_form_starts_from_nobody(tmp_path: Path) -> None:
    games = Games(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    live = games.create(load("champlain-duel-1776"), {"british": "here", "american": "here"})
    game = live.game
    assert game is not None
    while (p := game.prompt()) is not None and p.context.get("step") == "loads":
        game.apply(p.seat, dict(p.context["suggested"]))
    prompt = game.prompt_for("british")
    assert prompt is not None
    ship = game.state.ships[prompt.context["ship"]]
    ship.crew["guns"] -= 2
    ship.casualties = 2
    game.apply("british", "rally")
    html = _prompt(live, game, game.view("british"), "british")
    assert "rallies" in html and set(_values(html).values()) == {0}
