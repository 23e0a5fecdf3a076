"""Prompts check answers and refuse illegal ones with the legal values."""

from __future__ import annotations

import pytest

from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Field, Option, Prompt

CHOICE = Prompt("a", "Board?", "5.2", (Option("yes", "Yes"), Option("no", "No")))
FORM = Prompt(
    "a",
    "Assign crew",
    "2.1",
    kind="form",
    fields=(Field("sails", "Sails", low=0, high=3), Field("guns", "Guns", low=0, high=3)),
    total=(0, 4),
)


def test_choice_accepts_a_listed_option() -> None:
    assert CHOICE.check("no") == "no"


def test_choice_refuses_anything_else_naming_the_legal_answers() -> None:
    with pytest.raises(IllegalAnswer, match="legal answers: yes, no"):
        CHOICE.check("maybe")
    with pytest.raises(IllegalAnswer):
        CHOICE.check(1)


def test_form_checks_each_field_and_the_total() -> None:
    assert FORM.check({"sails": 2, "guns": 2}) == {"sails": 2, "guns": 2}
    with pytest.raises(IllegalAnswer, match="out of range"):
        FORM.check({"sails": 4, "guns": 0})
    with pytest.raises(IllegalAnswer, match="add up to 5"):
        FORM.check({"sails": 3, "guns": 2})
    with pytest.raises(IllegalAnswer, match="missing"):
        FORM.check({"sails": 1})
    with pytest.raises(IllegalAnswer, match="unknown field"):
        FORM.check({"sails": 1, "guns": 1, "oars": 1})


def test_prompts_serialise_for_front_ends() -> None:
    data = FORM.to_json()
    assert data["fields"][0] == {
        "name": "sails",
        "label": "Sails",
        "type": "int",
        "low": 0,
        "high": 3,
    }
    assert data["total"] == [0, 4]


def test_an_answer_is_described_in_words_for_the_log() -> None:
    assert CHOICE.describe("no") == "No"
    assert FORM.describe({"sails": 2, "guns": 1}) == "Sails: 2, Guns: 1"
    loads = Prompt(
        "a",
        "First loads",
        "4.1",
        kind="form",
        fields=(
            Field("port", "port guns", type="choice", choices=(Option("round", "round shot"),)),
        ),
    )
    assert loads.describe({"port": "round"}) == "port guns: round shot"
