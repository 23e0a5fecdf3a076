"""Gun-dice boarding (sections 5.1 to 5.3 of an age-of-sail rule set).

Ships with size points, gun dice (GD) and crew grades board each other with
opposed dice. ``rules.py`` drives the turn sequence and is the entry point
(it re-exports the section modules' names); the rule book's sections are
found here:

- 5.1 Boarding (Outline: who may board whom): ``qualifying.py``
- 5.2 Conducting a Boarding Action (declarations, the roll-off):
  ``declaring.py``
- 5.2 Boarding Attempts: ``attempts.py``
- 5.2 Boarding Actions (rounds of boarding dice, unopposed dice, calling
  off, capture and repulse): ``actions.py``
- 5.2 Boarding Dice: ``boarding_dice.py``; its Mobilized 5 GD (the command
  phase): ``mobilising.py``
- 5.3 Weather Effects: the tables' ``[weather]``, read where each applies
  (``attempts.py``, ``boarding_dice.py``, heavy seas in ``mobilising.py``)
- the turn sequence and the end of turn: ``rules.py``; the questions asked:
  ``questions.py``; the end of the game and who won: ``victory.py``
- the rule set object the engine calls (scenarios, set-up, views, the
  computer player): ``ruleset.py``
"""

from __future__ import annotations

from quarterdeck.rulesets.gundice_boarding.ruleset import GunDiceBoarding, gun_dice, size_points

RULESET = GunDiceBoarding()

__all__ = ["RULESET", "GunDiceBoarding", "gun_dice", "size_points"]
