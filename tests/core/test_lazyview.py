"""A lazy view or record read whole (compared either way, in, len, get)
answers as the plain dict it stands for, whatever was built of it before
(issue 14: the computer players' views)."""

from __future__ import annotations

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
