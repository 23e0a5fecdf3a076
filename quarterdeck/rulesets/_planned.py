"""A rule set that is registered but not yet playable: its metadata only."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

from quarterdeck.core.engine import RulesetInfo
from quarterdeck.core.errors import ScenarioError


class PlannedRuleset:
    """Lists a rule set (id, title, period) with ``playable = False``."""

    def __init__(self, info: RulesetInfo) -> None:
        self.info = info

    def scenario_dir(self) -> Path | None:
        return None

    def _refuse(self, *_: Any) -> NoReturn:
        raise ScenarioError(f"the rule set {self.info.id!r} is not playable yet")

    parse_scenario = new_state = prompts = apply = result = view = turn = _refuse
    state_to_json = ai = render = _refuse
