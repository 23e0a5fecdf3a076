"""The Flotilla rule set's remembered answers (issue 14) against their plain
definitions: a remembered answer is given again only while what it was
worked out from is unchanged."""

from __future__ import annotations

from quarterdeck.rulesets.flotilla.tables import state_tables, tables_with


def test_state_tables_follows_the_house_rules() -> None:
    rules = {"fire": {"hit_on": 5}}
    assert state_tables(rules) is tables_with(rules)
    assert state_tables(rules).fire.hit_on == 5
    rules["fire"]["hit_on"] = 6  # the same object, changed in place
    assert state_tables(rules) is tables_with(rules)
    assert state_tables(rules).fire.hit_on == 6
    assert state_tables(None) is tables_with(None)
    assert state_tables({}) is tables_with({})
    assert state_tables(rules) is tables_with(rules)
