"""Flotilla: American Civil War Ironclads (David Raybin, Nashcon 2011 lite).

Ship-to-ship combat of 15 mm ironclads, protected and wooden vessels on an
inch table, with a little land fighting (a shore party against a gun
emplacement). ``rules.py`` drives the turn sequence and is the entry point
(it re-exports the step modules' names); the rule book's sections are found
here:

- Sequence of play: ``rules.py`` (the driver: ``advance``, ``apply``,
  ``STEPS``), ``turn.py`` (the steps' names, whose move it is)
- Environment (steps 1-2: visibility, weather, events; initiative):
  ``environment.py``
- Movement (steps 3-5): ``moving.py`` (the moves made, fire points, Adrift,
  Extra Power, landing parties), ``movement.py`` (Moving and turning,
  Anchors away, the speed track and legal manoeuvres), ``collisions.py``
  (Collisions, Ramming, and Running Aground; Spar Torpedo; Torpedoes),
  ``land.py`` (Land Movement, troops; Non-Sailing Vessels and Swimming)
- Combat (step 6): ``combat.py`` (Boarding Actions, prizes), ``land.py``
  (Melee Combat on Land)
- Administrative (steps 7-11): ``administrative.py`` (continuing damage,
  repair, Reloading artillery, end of turn, passage of the turn)
- Damage (The Damage Box, Continuing Damage, Specific Hits, Captain's
  Morale): ``damage.py``
- Firing (battery firing, aimed fire, fire at forts and troops, mortars,
  small arms): ``fire.py``; who may fire now: ``firers.py``; standing fire
  orders: ``standing.py``
- the scenario's objectives and the end: ``victory.py``
- the questions asked and their answers: ``questions.py``
- the computer player: ``ai.py`` (its intents and answers) and ``helm.py``
  (how it weighs the endings of a manoeuvre)
- the rule set object the engine calls (scenarios, set-up, views, the
  computer player): ``ruleset.py``
"""

from __future__ import annotations

from quarterdeck.rulesets.flotilla.ruleset import Flotilla, make_ship

RULESET = Flotilla()

__all__ = ["RULESET", "Flotilla", "make_ship"]
