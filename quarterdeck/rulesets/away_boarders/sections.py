"""Away, Boarders!: the rule-book sections each log line and prompt cites."""

from __future__ import annotations

R_CREW = "2.1 Crew Assignments"
R_RALLY = "2.1 Crew Assignments: rally"
R_ACTIONS = "2.2 Actions"
R_TASKS = "2.3 Crew Tasks"
R_MOVE = "3.0 Ship Movement"
R_SAIL = "3.1 Movement Under Sail"
R_DRIFT = "3.1 Movement Under Sail: drift"
R_OARS = "3.2 Movement Under Oars"
R_INCIDENT = "3.3 Incidents During Movement"
R_LOAD = "4.1 Loading the Guns"
R_FIRE = "4.2 Firing the Guns"
R_DAMAGE = "4.3 Doing Damage"
R_SPECIAL = "4.4 Special Rounds"
R_BOARD = "5.0 Boarding Actions"
R_VICTORY = "1.0 General: victory"
