"""Flotilla: American Civil War Ironclads (David Raybin): registered, not yet playable."""

from quarterdeck.core.engine import RulesetInfo
from quarterdeck.rulesets._planned import PlannedRuleset

RULESET = PlannedRuleset(
    RulesetInfo(
        id="flotilla",
        title="Flotilla: American Civil War Ironclads (David Raybin)",
        period="American Civil War ironclads",
        playable=False,
    )
)
