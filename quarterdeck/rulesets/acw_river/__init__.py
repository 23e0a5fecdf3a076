"""Rules for ACW River and Coastal Naval Actions 1861-65 (final draft 2009).

River and estuary actions of the American Civil War at 1:600, 1 inch = 1
knot, moves plotted in secret and revealed together. Registered as
``acw-river``; not yet playable (``playable=False`` until every bundled
scenario passes tests/test_conformance.py).

Package plan: one module per rule topic. Status: [done] implemented and
tested; [part] partly, what is missing said; [todo] not started.

state.py       [done] the state model: ships, commanders, crews, guns and
               turrets, effects, fires, aground, forts, towns and ports,
               parties, terrain features, minefields, smoke, the table,
               standing orders, plots, sides, the objective deck.
scenario.py    [todo] the scenario file model (fleets, terrain, forts,
               commanders, the random set-up options), with clear errors.
values.py      [todo] Definitions: SPV from tonnage, penetration value by
               class, CPV from complement and its allotment (guns, engine,
               boiler room, captain, reserve); ship facts read from
               quarterdeck/data/ships/acw.toml.
commanders.py  [todo] Determine fleet commander and captains qualities; Fort
               Commander; Flag ships (the commander changing ship); the
               qualities enforced on plotted orders (reckless, stubborn,
               intelligent).
setup.py       [todo] Table Set Up: river and estuary battles, the
               roll-offs, the six squares and terrain cards, sandbars with
               depths, minefields real and dummy, current lanes, depth,
               tides; Game Objectives: the cards dealt three, one discarded.
movement.py    [todo] Movement: simultaneous plotted moves in quarters,
               fastest first, acceleration and deceleration, stopping,
               reverse, currents, drifting, turning radii, anchoring,
               towing, balloons; Navigational hazards (sandbars, shores,
               stakes and rocks, spar chains, sunken vessels).
visibility.py  [todo] Visibility: 50 inches, islands and larger ships
               hiding, ships absent from the other side until sighted;
               Smoke; Fog; Fire ships; Explosive ships.
firing.py      [todo] Firing: ranges and hit scores by gun kind, the method
               (any point of the first move, the end of later moves),
               alternate-move guns, the rifled 32-pounder bursting,
               difficult targets, arcs of fire, the captain laying a gun.
damage.py      [todo] the Gunfire Damage Table (reconstructed), sloping
               armour, SPV lost, the tables 1 to 6, repairs, draught and
               sinking; Torpedoes and Anchored Mines; Spar Torpedoes.
forts.py       [todo] Forts and Buildings (FPV, BPV, silenced, rubble);
               Mortar Boats (range, grid, the mortar table).
morale.py      [todo] Morale: the triggers, the modifiers, the two results;
               fort commanders' thresholds.
ramming.py     [todo] Ramming: uncontrolled and controlled, the angle test,
               the ram morale test, the ramming chart, the effect on the
               rammer, the jammed chart, sinking together.
boarding.py    [todo] Boarding Ships; Landing Parties (towns, ports,
               forts); Anchor.
objectives.py  [todo] Game Objectives: the cards, when each is met,
               victory.
tables.toml    [todo] every chart, shaped as printed; the lost ones marked
tables.py      ``reconstructed = true`` (docs/rules-notes.md).
rules.py       [todo] the sequence of play: set-up, orders, plotting and
               reveal, movement (ram tests first), shooting, morale, end.
view.py        [todo] views per seat (None: public; "*": everything), the
               ``hidden`` declaration, the terminal picture.
ai.py          [todo] a heuristic player for either side that obeys its
               captains' qualities.
scenarios/     [todo] random river battle, random estuary battle, Mobile Bay
               1864, Arkansas past the fleet 1862, Hampton Roads 1862.
"""

from quarterdeck.rulesets.acw_river.ruleset import AcwRiver

# every bundled scenario passes the conformance test (tests/test_conformance.py)
RULESET = AcwRiver(playable=True)
