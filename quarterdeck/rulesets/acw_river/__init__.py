"""Rules for ACW River and Coastal Naval Actions 1861-65: registered, not yet playable."""

from quarterdeck.core.engine import RulesetInfo
from quarterdeck.rulesets._planned import PlannedRuleset

RULESET = PlannedRuleset(
    RulesetInfo(
        id="acw-river",
        title="Rules for ACW River and Coastal Naval Actions 1861-65",
        period="American Civil War rivers and estuaries",
        playable=False,
    )
)
