"""The rule set registry: every rule set by id, imported when first asked for.

A rule set registers by adding a line to ``_MODULES``; the generic conformance
test (tests/test_conformance.py) then plays it automatically.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from quarterdeck.core.engine import RulesetInfo
from quarterdeck.core.errors import UnknownRuleset

if TYPE_CHECKING:
    from quarterdeck.core.engine import Ruleset

_MODULES: dict[str, str] = {
    "gundice-boarding": "quarterdeck.rulesets.gundice_boarding",
    "away-boarders": "quarterdeck.rulesets.away_boarders",
    "cutting-out": "quarterdeck.rulesets.cutting_out",
    "acw-river": "quarterdeck.rulesets.acw_river",
    "flotilla": "quarterdeck.rulesets.flotilla",
}


# Rule sets registered at run time (tests register small games of their own).
_REGISTERED: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Register a rule set object under its ``info.id`` (for tests and plug-ins)."""
    _REGISTERED[ruleset.info.id] = ruleset


def unregister(ruleset_id: str) -> None:
    _REGISTERED.pop(ruleset_id, None)


def package_of(ruleset_id: str) -> str:
    """The package a bundled rule set's modules live in (its object is in
    the package's ``ruleset`` module: scripts/compile compiles it)."""
    if ruleset_id not in _MODULES:
        raise UnknownRuleset(
            f"unknown rule set {ruleset_id!r} (legal values: {', '.join(_MODULES)})"
        )
    return _MODULES[ruleset_id]


def package_dir(module: str) -> Path:
    """The folder of the package that the module named ``module`` is (or is
    in; a module in no package, its own folder): its scenarios and charts.
    Read from the package's own ``__init__``, which is never compiled: a
    module the compiled build compiled may name a wrong folder in its
    ``__file__`` (one imported first by compiled code)."""
    found = importlib.import_module(module)
    package = module.rpartition(".")[0]
    if not hasattr(found, "__path__") and package:  # a module in a package: the package
        found = importlib.import_module(package)
    if found.__file__ is None:  # a namespace package (no __init__): its first folder
        return Path(next(iter(found.__path__)))
    return Path(found.__file__).parent


def ruleset_ids() -> list[str]:
    return list(_MODULES) + [i for i in _REGISTERED if i not in _MODULES]


def get_ruleset(ruleset_id: str) -> Ruleset:
    found = _REGISTERED.get(ruleset_id)
    if found is not None:
        return found
    return _import(ruleset_id)


@cache
def _import(ruleset_id: str) -> Ruleset:
    module = importlib.import_module(package_of(ruleset_id))
    ruleset: Ruleset = module.RULESET
    return ruleset


def all_rulesets() -> list[Ruleset]:
    return [get_ruleset(i) for i in _MODULES]


def playable_ids() -> list[str]:
    return [r.info.id for r in all_rulesets() if r.info.playable]


__all__ = [
    "RulesetInfo",
    "all_rulesets",
    "get_ruleset",
    "package_dir",
    "package_of",
    "playable_ids",
    "register",
    "ruleset_ids",
    "unregister",
]
