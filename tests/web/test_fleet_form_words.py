"""The fleet form's words (issue 15, "singular and plural right"): a form of
one row sends "the orders", not "the orders of all 1 ships", and offers no
"every ship like the first" with nothing to copy to."""

from __future__ import annotations

from typing import Any

from quarterdeck.web.fragments import _fleet_form


def prompt(rows: list[str]) -> dict[str, Any]:
    return {
        "fields": [
            {
                "name": r,
                "label": f"{r} fires at",
                "type": "choice",
                "choices": [{"id": "hold", "label": "hold fire"}],
            }
            for r in rows
        ],
        "context": {
            "row_noun": ["ship or fort", "ships and forts"],
            "rows": [{"id": r, "label": r, "fields": {"fire": r}} for r in rows],
            "columns": [{"key": "fire", "label": "fires at (this move)"}],
        },
    }


def test_one_row_sends_the_orders_without_a_count_or_a_copy_button() -> None:
    html = _fleet_form(prompt(["CSS Beaufort"]), {})
    assert "Send the orders</button>" in html
    assert "all 1" not in html and "same-for-all" not in html


def test_two_rows_send_all_of_them_and_can_copy_the_first() -> None:
    html = _fleet_form(prompt(["CSS Virginia", "CSS Beaufort"]), {})
    assert "Send the orders of all 2 ships and forts</button>" in html
    assert 'class="same-for-all">every ship or fort like the first' in html
