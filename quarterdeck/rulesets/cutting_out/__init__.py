"""Cutting Out Party (Henry Lubbers): registered, not yet playable."""

from quarterdeck.core.engine import RulesetInfo
from quarterdeck.rulesets._planned import PlannedRuleset

RULESET = PlannedRuleset(
    RulesetInfo(
        id="cutting-out",
        title="Cutting Out Party (Henry Lubbers)",
        period="Napoleonic boat raid on an anchored ship",
        playable=False,
    )
)
