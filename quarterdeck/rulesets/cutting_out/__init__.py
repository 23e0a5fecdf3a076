"""Cutting Out Party (Henry Lubbers): a night boat raid on a ship at anchor.

A few boats of sailors and marines row into a harbour to cut out an
anchored ship from under a shore battery, figure against figure, with the
ship's deck as its own area (the text's deck cut-out). The defender may be a
person or the program, which umpires a solo game with a deck of random
events. ``rules.py`` holds the turn sequence; the rules by the text's
sections (TURN SEQUENCE steps):

- Movement (1): ``movement.py`` (who moves, in what order; the entry point
  re-exporting the rest), ``boats.py`` (boats row and slow down),
  ``rowing.py`` (a side's rowing form), ``boarding.py`` (alongside,
  boarding a hostile vessel, landing on a mole, pier or beach),
  ``sailing.py`` (the prize under sail), ``decks.py`` (figures on a deck),
  ``ashore.py`` (figures on land)
- Ship's Challenge (2): ``challenge.py``
- Defender Attempts to Spot (3): ``spotting.py``
- Firing (4-5): ``firers.py`` (who fires, the question to each unit),
  ``firing.py`` (Cannon Fire), ``small_arms.py`` (Small Arms Fire)
- Melee (6): ``melee.py``
- Rigging (7): ``rigging.py``
- Morale (8): ``morale.py``
- the random events of a solo game: ``events.py``; the end: ``victory.py``
- the rule set object the engine calls (scenarios, set-up, views, the
  computer player): ``ruleset.py``
"""

from __future__ import annotations

from quarterdeck.rulesets.cutting_out.ruleset import CuttingOut

RULESET = CuttingOut()

__all__ = ["RULESET", "CuttingOut"]
