"""A lazy view or record read whole (compared either way, in, len, get)
answers as the plain dict it stands for, whatever was built of it before
(issue 14: the computer players' views)."""

from __future__ import annotations

from typing import Any

from quarterdeck.core.lazyview import LazyRecord, LazyView


def _record() -> LazyRecord:
    return LazyRecord({"id": "a"}, {"id": lambda: "a", "x": lambda: 2.5, "y": lambda: -1}, ())


def test_a_lazy_record_compares_whole_both_ways() -> None:
    plain = {"id": "a", "x": 2.5, "y": -1}
    assert _record() == plain and (_record() != plain) is False  # only the ready entry built
    assert _record() != dict(plain, y=0) and (_record() == dict(plain, y=0)) is False
    r = _record()
    assert "y" in r and len(r) == 3 and r.get("x") == 2.5 and r.get("z", 7) == 7
    assert dict(r) == plain and list(r) == ["id", "x", "y"]


def test_a_lazy_view_compares_whole_both_ways() -> None:
    def view() -> LazyView:
        return LazyView({"turn": 1}, {"ships": lambda: [_record()]})

    plain = {"turn": 1, "ships": [{"id": "a", "x": 2.5, "y": -1}]}
    assert view() == plain and (view() != plain) is False
    assert view() != {"turn": 1} and len(view()) == 2 and "ships" in view()


def test_a_lazy_record_builds_a_group_together_when_one_of_it_is_read() -> None:
    made: list[str] = []

    def one(key: str, value: object) -> Any:
        return lambda: made.append(key) or value

    def both() -> dict[str, object]:
        made.append("x+y")
        return {"x": 2.5, "y": -1}

    r = LazyRecord(
        {"id": "a"},
        {"id": one("id", "a"), "x": one("x", 2.5), "y": one("y", -1), "z": one("z", 0)},
        (),
        {"x": both, "y": both},
    )
    assert r["y"] == -1 and made == ["x+y"] and dict.__len__(r) == 3
    assert r["x"] == 2.5 and r["z"] == 0 and made == ["x+y", "z"]
    assert list(r) == ["id", "x", "y", "z"] and r == {"id": "a", "x": 2.5, "y": -1, "z": 0}
