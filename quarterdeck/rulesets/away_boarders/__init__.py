"""Away, Boarders! (v1.01 playtest, Jeffrey Knudsen): registered, not yet playable."""

from quarterdeck.core.engine import RulesetInfo
from quarterdeck.rulesets._planned import PlannedRuleset

RULESET = PlannedRuleset(
    RulesetInfo(
        id="away-boarders",
        title="Away, Boarders! (v1.01 playtest, Jeffrey Knudsen)",
        period="Great Lakes sail, 18th and early 19th century",
        playable=False,
    )
)
