"""`quarterdeck odds`: --json prints JSON for every subcommand, whether it is
given to the subcommand or to `odds` itself; --policy says how unopposed
dice are placed (5.2)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from quarterdeck.cli.main import app

RUNNER = CliRunner()


def _json(*args: str) -> object:
    result = RUNNER.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize(
    "sub",
    [["attempt"], ["capture", "3", "2"], ["round", "3", "2"], ["table", "--max", "3"]],
)
def test_odds_json_before_or_after_the_subcommand(sub: list[str]) -> None:
    assert _json("odds", "--json", *sub) == _json("odds", *sub, "--json")


def test_odds_json_alone_gives_attempt_and_capture_table() -> None:
    data = _json("odds", "--json")
    assert isinstance(data, dict)
    assert data["attempt"]["2"]["fraction"] == "11/36"
    assert data["capture"]["4v4"] == 0.5 and len(data["capture"]) == 36
    assert data["policy"] == "action"


def test_odds_policy_round_gives_the_round_greedy_odds() -> None:
    best = _json("odds", "capture", "3", "2", "--json")
    greedy = _json("odds", "capture", "3", "2", "--json", "--policy", "round")
    assert isinstance(best, dict) and isinstance(greedy, dict)
    assert best["fraction"] == "232235173/249294672"
    assert greedy["fraction"] == "444546563/477622431"
    bad = RUNNER.invoke(app, ["odds", "capture", "3", "2", "--policy", "bogus"])
    assert bad.exit_code != 0 and "legal values: action, round" in bad.output
