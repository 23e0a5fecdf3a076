"""Scenario files: the bundled scenarios parse; a bad file is refused with a
clear one-line error naming the field and the legal values; the deck
cut-out is drawn from the ship's facts at the figures' scale."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.core.errors import ScenarioError, TableError
from quarterdeck.core.tables import load_tables
from quarterdeck.data.ships import ship as ship_facts
from quarterdeck.rulesets.cutting_out.tables import PRINTED, Tables

from .helpers import T, fresh, scenario, scenario_data


def test_the_sample_game_parses_with_its_forces() -> None:
    sc = scenario("sample-game")
    assert sc.model.raiders == "british" and sc.model.defenders == "french"
    forces = "\n".join(sc.summary)
    assert "the corvette at anchor" in forces
    assert "the launch (launch), 1 officer, 7 sailors, 4 marines" in forces
    # the garrison's party holds the gun crews too (four to a gun) besides its soldiers
    assert "the shore battery, 2 guns with 8 gun crew, garrison 4" in forces


def test_the_deck_cut_out_is_the_ship_at_the_figures_scale() -> None:
    # 100 ft by 28 ft at 1:100 (8.333 ft to the inch): 12 by 3.36 inches
    ship = fresh("sample-game").ships["corvette"]
    assert ship.length == pytest.approx(12.0, abs=0.01)
    assert ship.beam == pytest.approx(3.36, abs=0.01)


def test_every_figure_is_set_out() -> None:
    s = fresh("sample-game")
    assert len(s.aboard("launch")) == 12
    assert len(s.below("corvette")) == 16
    assert len(s.on_deck("corvette")) == 3
    gunners = [f for f in s.figures.values() if f.kind == "gun-crew"]
    assert len(gunners) == 8  # four figures to each of the battery's two guns


def bad(**changes: Any) -> str:
    with pytest.raises(ScenarioError) as err:
        scenario("sample-game", **changes)
    return str(err.value)


def test_a_boat_of_an_unknown_side_is_refused() -> None:
    boats = scenario_data("sample-game")["boats"]
    boats[0]["side"] = "dutch"
    msg = bad(boats=boats)
    assert "boats[0].side" in msg and "'dutch'" in msg and "british, french" in msg


def test_an_unknown_kind_of_boat_is_refused_with_the_kinds() -> None:
    boats = scenario_data("sample-game")["boats"]
    boats[1]["kind"] = "canoe"
    msg = bad(boats=boats)
    assert "boats[1].kind" in msg and "launch" in msg and "jolly-boat" in msg


def test_a_boat_over_its_capacity_is_refused() -> None:
    boats = scenario_data("sample-game")["boats"]
    boats[2]["figures"] = [{"type": "sailor", "count": 9}]
    assert "carries at most 8" in bad(boats=boats)


def test_a_guard_at_an_unknown_post_is_refused_with_the_posts() -> None:
    ships = scenario_data("sample-game")["ships"]
    ships[0]["guard"] = [{"post": "crows-nest"}]
    msg = bad(ships=ships)
    assert "guard[0].post" in msg and "starboard-waist" in msg and "quarterdeck" in msg


def test_the_raiders_must_be_a_side() -> None:
    assert "field 'raiders'" in bad(raiders="pirates")


def test_an_unknown_event_card_is_refused() -> None:
    data = scenario_data("sample-game")
    data["decks"]["events"]["cards"][0]["id"] = "storm"
    assert "not an event card" in bad(decks=data["decks"])


def test_the_printed_tables_load_and_a_broken_house_rule_is_refused(tmp_path: Any) -> None:
    assert T.spotting.need(15.0) == 6
    house = tmp_path / "house.toml"
    house.write_text("[small_arms.chart]\nfrench-sailors = [5, 6]\n")
    with pytest.raises(TableError, match="french-sailors has 2 entries"):
        load_tables(Tables, PRINTED, [house])


def test_the_historical_ships_have_their_sources() -> None:
    for key in ("hermione-1799", "chevrette-1801", "sandwich-1800"):
        facts = ship_facts(key)
        assert facts.source and facts.length_ft and facts.beam_ft


def refused(**changes: Any) -> str:
    """The one-line error of the core's scenario loader for sample-game with
    ``changes`` (what a user sees for a bad file or ``--set``)."""
    from quarterdeck.core import scenario as scenarios

    with pytest.raises(ScenarioError) as err:
        scenarios.build(scenario_data("sample-game") | changes, "my.toml")
    return str(err.value)


@pytest.mark.parametrize(
    ("changes", "field", "reason"),
    [
        ({"land": [[[0, 0], [1, 1]]]}, "land[0]", "at least 3 corners"),
        ({"land": [[[0, 0], [10, 10], [10, 0], [0, 10]]]}, "land[0]", "edges cross"),
        ({"land": [[[0, 0], [1, 0], [2, 0]]]}, "land[0]", "the polygon"),
        ({"earthworks": [[[0, 0], [1, 1]]]}, "earthworks[0]", "at least 3 corners"),
        ({"table": [0, 0]}, "table[0]", "greater than 0"),
        ({"table": [72, -48]}, "table[1]", "greater than 0"),
    ],
)
def test_a_shape_no_geometry_can_use_is_refused_before_play(
    changes: dict[str, Any], field: str, reason: str
) -> None:
    # issue 13, point 5: a two-corner coastline was accepted and the game then
    # failed on the first boat's move ("A linearring requires at least 4
    # coordinates"); a table of no size was played
    msg = refused(**changes)
    assert f"field '{field}'" in msg and reason in msg, msg
    assert all(line.startswith("my.toml: field '") for line in msg.splitlines()), msg


def test_a_battery_outline_whose_edges_cross_is_refused() -> None:
    batteries = scenario_data("sample-game")["batteries"]
    x, y = batteries[0]["outline"][0]
    batteries[0]["outline"] = [[x, y], [x + 4, y + 4], [x + 4, y], [x, y + 4]]
    msg = refused(batteries=batteries)
    assert "field 'batteries[0].outline'" in msg and "edges cross" in msg, msg
