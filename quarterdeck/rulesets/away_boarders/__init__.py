"""Away, Boarders! (v1.01 playtest, Jeffrey Knudsen, 2010).

Small warships of the Great Lakes, 18th and early 19th century, on a
triangular grid of points. See ``rules.py`` for the sequence of play and the
procedures section by section, ``tables.toml`` for the chart sheet
(reconstructed where the text does not print it), ``displays.toml`` for the
ship displays, ``ruleset.py`` for the rule set object the engine calls
(scenarios, set-up, views, the computer player).
"""

from __future__ import annotations

from quarterdeck.rulesets.away_boarders.ruleset import AwayBoarders

RULESET = AwayBoarders()

__all__ = ["RULESET", "AwayBoarders"]
