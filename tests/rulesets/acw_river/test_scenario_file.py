"""A scenario file with a mistake in it: one clear line naming the file,
the ship, the field and what is legal; nothing is started."""

from __future__ import annotations

from pathlib import Path

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.errors import ScenarioError

from .helpers import SCENARIOS, playable

ARKANSAS = (SCENARIOS / "arkansas-vicksburg-1862.toml").read_text()


def load_with(tmp_path: Path, old: str, new: str) -> None:
    assert old in ARKANSAS
    path = tmp_path / "bad.toml"
    path.write_text(ARKANSAS.replace(old, new, 1))
    with playable():
        scenarios.load_file(path)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'order = "proceed:downstream"',
            'order = "engage:nelson"',
            r"ships\[0\] \(arkansas\): field 'order': 'engage:nelson': 'nelson' is not a "
            r"target for 'engage' here; legal values: carondelet, cincinnati, hartford, brooklyn",
        ),
        (
            'order = "proceed:downstream"',
            'order = "station:hartford"',
            r"field 'order': 'station:hartford': 'hartford' is not a target for 'station' here; "
            r"legal values: none",
        ),
        (
            'order = "proceed:downstream"',
            'order = "proceed:vicksburg"',
            r"'vicksburg' is not a target for 'proceed' here; legal values: upstream, "
            r"downstream, sq1",
        ),
        ("y = 66.0", "y = 166.0", r"field 'y': 166 is off the table \(0 to 72 inches\)"),
        (
            "x = 24.0",
            "x = 1.0",
            r"field 'x': 1 is on the bank; the water runs from 4 to 44 inches",
        ),
        (
            "speed = 4",
            "speed = 40",
            r"field 'speed': 40 knots is more than her best speed \(8 knots\)",
        ),
    ],
)
def test_a_bad_ship_in_a_scenario_file_is_refused_in_one_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(ScenarioError, match=message) as caught:
        load_with(tmp_path, old, new)
    text = str(caught.value)
    assert "\n" not in text and text.startswith(str(tmp_path / "bad.toml"))


def test_a_ship_may_be_named_apart_from_her_facts_two_fire_rafts() -> None:
    # Forts Jackson and St Philip: two rafts share the fire raft's facts; each
    # is told apart by the name the scenario gives her
    from quarterdeck.core.dice import ScriptedDice
    from quarterdeck.core.engine import Context
    from quarterdeck.rulesets.acw_river.setup import new_state

    from .helpers import T, load

    scenario = load("forts-jackson-st-philip-1862")
    from quarterdeck.rulesets.acw_river.ruleset import AcwRiver

    scenario.model = AcwRiver(playable=True).parse_scenario(scenario)
    state = new_state(scenario, Context(ScriptedDice([])), T)
    assert state.ships["raft-1"].name == "Fire raft (west)"
    assert state.ships["raft-2"].name == "Fire raft (east)"
    assert state.ships["manassas"].name == "CSS Manassas"


HAMPTON = (SCENARIOS / "hampton-roads-1862.toml").read_text()
SHOAL = "polygon = [[30.0, 18.0], [42.0, 18.0], [42.0, 28.0], [30.0, 28.0]]"


@pytest.mark.parametrize(
    ("polygon", "message"),
    [
        ("[[30.0, 18.0], [42.0, 28.0], [42.0, 18.0], [30.0, 28.0]]", "the polygon's edges cross"),
        ("[[30.0, 18.0], [42.0, 28.0]]", "a polygon needs at least 3 corners, got 2"),
    ],
)
def test_a_terrain_polygon_no_geometry_can_use_is_refused(
    tmp_path: Path, polygon: str, message: str
) -> None:
    # a bow-tie shoal was accepted and played, inside and outside undecided
    assert SHOAL in HAMPTON
    path = tmp_path / "bad.toml"
    path.write_text(HAMPTON.replace(SHOAL, f"polygon = {polygon}", 1))
    with pytest.raises(ScenarioError) as caught, playable():
        scenarios.load_file(path)
    text = str(caught.value)
    assert "\n" not in text and text.startswith(f"{path}, line ")
    assert "field 'features[0].polygon'" in text and message in text
