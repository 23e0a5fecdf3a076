"""The words of rolls a batch run does not word (issue 14), in a logged game
of ACW River: a batch run's program dice with no log make neither a fort
shot's words and reading (Forts and Buildings) nor a commander's qualities
line (Determine Fleet commander, and Captains qualities), so a logged game
must still have every one of them, whole."""

from __future__ import annotations

import re

from quarterdeck.core.explain import RollMath, explain
from quarterdeck.core.scenario import load
from quarterdeck.sim.games import replay_game

SHORE = re.compile(
    r"^(?P<ship>.+) fires her (?P<gun>\S+) \((?P<id>g\d+)\) at (?P<fort>.+), [\d.]+ in: rolled \d$"
)


def test_a_logged_game_words_every_fort_shot_and_every_commander() -> None:
    game = replay_game(load("mobile-bay-torpedoes-1864"), 3)
    state = game.state
    shore = [e for e in game.log if e.rule == "Forts and Buildings" and e.kind == "roll"]
    assert len(shore) > 20
    forts = {f.name for f in state.forts.values()}
    for e in shore:
        m = SHORE.match(e.text)
        assert m is not None, e.text
        ship = next(s for s in state.ships.values() if s.name == m["ship"])
        assert m["fort"] in forts
        assert any(g.id == m["id"] and g.type == m["gun"] for g in ship.guns), e.text
        assert re.match(r"\d or more hits", e.goal), e.goal
        assert isinstance(e.math, RollMath)
        assert "words" in explain(e.to_json(ship.side))
    for c in state.commanders.values():
        lines = [e for e in game.log if e.text.startswith(f"{c.name} ({c.role}, ")]
        assert len(lines) == 1, c.name
        assert lines[0].seats == (c.side,)
        assert re.search(r"; morale \+\d+ alive, -?\d+ dead; gunnery \+\d+$", lines[0].text)
