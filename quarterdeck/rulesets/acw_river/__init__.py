"""Rules for ACW River and Coastal Naval Actions 1861-65 (final draft 2009).

River and estuary actions of the American Civil War at 1:600, 1 inch = 1
knot, moves plotted in secret and revealed together. Registered as
``acw-river``, playable: every bundled scenario passes
tests/test_conformance.py (hidden information included).

Package plan: one module per rule topic. [done] implemented and tested;
[part] what is missing is said; readings in docs/rules-notes.md.

state.py       [done] the state: ships, commanders and their dice, crews
               (CPV allotment), guns, turrets, effects, fires, aground,
               forts, towns and ports, parties, terrain, minefields, smoke,
               the table, orders, plots, move legs, sides, the objective deck.
scenario.py    [done] the scenario file model (fleets, table, ships, forts,
               places, terrain, minefields, objectives, [random]).
values.py      [done] Definitions: SPV from tonnage, penetration by class,
               CPV and its allotment, turning radii, reverse; from the facts
               in quarterdeck/data/ships/acw.toml.
commanders.py  [done] the four coloured dice (secret), captain and fort
               qualities, morale and gunnery values, the fleet commander
               aboard, flag ships, orders by signal, reckless / stubborn /
               intelligent enforced on revealed plots.
setup.py       [done] fleets, forts, towns, terrain from a scenario; commanders
               rolled; wind and fog; fleets deployed at their ends.
randomtable.py [done] Table Set Up: river and estuary battles, roll-offs,
               terrain cards to the six squares, sandbars with depths, forts
               (guns, CPV, a ship fewer), minefields real and dummy (secret),
               current lanes, depth, tides; objective cards dealt three, one
               discarded in secret; the retrieve card's stranded ship.
terrain.py     [done] squares, lanes, current and tide by square, depth,
               land and feature geometry (shapely), keels.
movement.py    [done] speeds, acceleration, stopping before reverse, reverse
               at a third (double enders full), helm and turning radius,
               current and drifting by SPV, anchor swing; projected paths.
moves.py       [done] the move made in quarter moves, fastest first; edges,
               shores, shoals, depth, stakes, rocks, chains, wrecks, mined
               areas, contacts (ram, collision, slide).
hazards.py     [done] Navigational hazards: stuck rolls, reversing off
               (helped by tugs), spar chains, sunken vessels; the
               alternative one-die-an-inch way as a house rule (moves.py).
visibility.py  [done] 50 inches, islands and larger ships hiding, smoke
               clouds, fog range, sightings (unseen ships absent from the
               other side's view and log), balloons' sight.
fireships.py   [done] Fire ships, Explosive Ships, towing (tugboats), the
               balloon's 3 knots.
firing.py      [done] ranges and scores, difficult targets, arcs (turrets,
               pivots, broadsides), alternate moves, the rifled 32-pounder
               bursting, the captain laying a gun, fire at forts and towns.
damage.py      [done] the Gunfire Damage Table (reconstructed), sloping
               armour, SPV, tables 1 to 6, repairs by CPV, stacking, draught
               and sinking, fires, wrecks; mines; spar torpedoes.
forts.py       [done] FPV and BPV, silenced below a third, rubble below a
               half; mortar boats (range, the grid, the mortar table).
morale.py      [done] every trigger and modifier, the two results; fort
               commanders' thresholds.
ramming.py     [done] the angle, the ram test by class with its modifiers,
               the ramming chart, the effect on the rammer, the jammed chart,
               sinking together, uncontrolled contacts.
boarding.py    [done] Boarding Ships; Landing Parties (towns, ports, forts);
               Anchor.
objectives.py  [done] when each card is met; the end of the battle; victory.
orders.py      [done] the secret forms: standing orders and flagship, one
               plot form and one fire form per seat a move.
rules.py       [done] the sequence of play: set-up, orders, plot (umpire's
               current first), reveal and enforce, ram tests, quarters (fire
               after a chosen quarter in the first move), fire, morale, end.
ruleset.py     [done] the rule set object the engine calls (scenario checks,
               set-up, views, the computer player), compiled by the build.
tables.toml    [done] every chart, shaped as printed; the rebuilt ones marked
tables.py      ``reconstructed = true``.
view.py        [done] views per seat (None: public; "*": everything), the
               ``hidden`` declaration, the terminal picture.
ai.py          [done] a heuristic player for either side (and the umpire).
scenarios/     [done] random river battle, random estuary battle, Mobile Bay
               1864 (mobile-bay-torpedoes-1864), Arkansas past the fleet
               above Vicksburg 1862, Hampton Roads 1862, Forts Jackson and
               St Philip 1862 (fire rafts).
"""

from quarterdeck.rulesets.acw_river.ruleset import AcwRiver

# every bundled scenario passes the conformance test (tests/test_conformance.py)
RULESET = AcwRiver(playable=True)
