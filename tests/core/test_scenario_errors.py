"""A bad scenario file is refused before play, naming file, line, field and
the legal values."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.errors import ScenarioError

GOOD = Path(scenarios.bundled_paths()["shannon-chesapeake-1813"]).read_text()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    return path


def test_bad_crew_grade_names_file_line_field_and_legal_values(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace('crew = "C"', 'crew = "Z"'))
    with pytest.raises(ScenarioError) as info:
        scenarios.load(str(path))
    message = str(info.value)
    line = GOOD.splitlines().index('crew = "C"') + 1
    assert f"{path}, line {line}: field 'ships[1].crew'" in message
    assert "'A', 'B', 'C', 'D', 'E' or 'F'" in message


def test_unknown_ruleset_lists_the_rule_sets(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace('ruleset = "gundice-boarding"', 'ruleset = "chess"'))
    with pytest.raises(
        ScenarioError, match=r"line 2: field 'ruleset'.*legal values: gundice-boarding"
    ):
        scenarios.load(str(path))


def test_unknown_ship_names_the_known_ships(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace('ship = "chesapeake"', 'ship = "constitution"'))
    with pytest.raises(
        ScenarioError, match=r"ships\[1\] \(chesapeake\): field 'ship': unknown ship"
    ):
        scenarios.load(str(path))


def test_side_that_does_not_exist(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace('side = "american"', 'side = "french"'))
    with pytest.raises(
        ScenarioError, match="field 'side' is 'french'; legal values: british, american"
    ):
        scenarios.load(str(path))


def test_misspelt_field_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace("sail_hits = 35", "sail_hit = 35"))
    with pytest.raises(ScenarioError, match=r"field 'ships\[1\].sail_hit': unknown field"):
        scenarios.load(str(path))


def test_invalid_toml_gives_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace("turn_limit = 8", "turn_limit = = 8"))
    with pytest.raises(ScenarioError, match=r"not valid TOML.*line"):
        scenarios.load(str(path))


def test_unknown_scenario_lists_the_bundled_ones() -> None:
    with pytest.raises(
        ScenarioError, match=r"unknown scenario 'trafalgar'.*shannon-chesapeake-1813"
    ):
        scenarios.load("trafalgar")


def test_bad_house_rules_are_refused_before_play(tmp_path: Path) -> None:
    text = GOOD + '\n[house_rules.attempt]\nmax_dice = "three"\n'
    with pytest.raises(Exception, match="max_dice"):
        scenarios.load(str(_write(tmp_path, text)))


def test_house_rules_change_the_charts(tmp_path: Path) -> None:
    from quarterdeck.core.engine import Game

    text = GOOD + "\n[house_rules.attempt]\nstarting_dice = 3\n"
    game = Game.new(scenarios.load(str(_write(tmp_path, text))), seed=1)
    assert game.ruleset.tables(game.state).attempt.starting_dice == 3  # type: ignore[attr-defined]


def test_a_misspelt_top_level_field_is_refused_not_ignored(tmp_path: Path) -> None:
    # `turn_limt = 4` was accepted and the game played 8 turns
    path = _write(tmp_path, GOOD.replace("turn_limit = ", "turn_limt = ", 1))
    assert path.read_text() != GOOD
    with pytest.raises(ScenarioError) as info:
        scenarios.load(str(path))
    message = str(info.value)
    line = GOOD.splitlines().index("turn_limit = 8") + 1
    assert message.startswith(f"{path}, line {line}: field 'turn_limt': unknown field")
    assert "turn_limit" in message and "\n" not in message


def test_an_unknown_set_field_is_refused_naming_the_fields() -> None:
    from quarterdeck.cli.main import load_scenario

    with pytest.raises(ScenarioError) as info:
        load_scenario("sample-game", ["nope=1"], None)
    message = str(info.value)
    assert "(with overrides): field 'nope': unknown field" in message
    assert "light" in message and "table" in message
    assert load_scenario("sample-game", ["light=day"], None).model.light == "day"


def test_each_rule_set_finds_its_scenarios_and_charts_in_its_package_folder() -> None:
    """A rule set's object lives in its ruleset.py (compiled in a build),
    and finds its folder through its package (package_dir), not its own
    __file__: the scenarios and the printed charts beside the package's
    __init__."""
    import quarterdeck.rulesets as registry
    from quarterdeck.web.render.sheets import charts_path

    for ruleset in registry.all_rulesets():
        package = registry.package_of(ruleset.info.id)
        folder = Path(str(importlib.import_module(package).__file__)).parent
        assert registry.package_dir(package) == folder
        assert registry.package_dir(type(ruleset).__module__) == folder
        assert ruleset.scenario_dir() == folder / "scenarios"
        assert charts_path(ruleset) == folder / "tables.toml"
    # a module in no package (a plug-in's script): its own folder
    here = Path(__file__).parent
    sys.path.insert(0, str(here))
    try:
        assert registry.package_dir("guess_game") == here
    finally:
        sys.path.remove(str(here))
