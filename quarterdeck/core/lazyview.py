"""A seat's view whose costly parts are built only when a computer player
reads them (issue 14: players that decide from what they need).

A rule set whose view has parts a player often does not read (every figure
on the table, every gun's crew) may give ``player_view(state, viewer)``
beside ``view``: the same view, with those parts as functions that build
them. :func:`quarterdeck.sim.games.decision_view` hands it to the computer
players; people, the web table and the records still get the plain view.

The parts are built from the state as it is when they are first read, so a
lazy view is good only while the player decides (the state does not change
until its answer is applied); reading it whole (``dict(view)``, iterating,
``==``) builds every part, and then it equals the plain view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


class LazyView(dict[str, Any]):
    """A dict of the view's ready parts, and the rest built when first read."""

    __slots__ = ("_parts",)

    def __init__(self, ready: dict[str, Any], parts: dict[str, Callable[[], Any]]) -> None:
        super().__init__(ready)
        self._parts = parts

    def __missing__(self, key: str) -> Any:
        make = self._parts.pop(key, None)
        if make is None:
            raise KeyError(key)
        value = self[key] = make()
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._parts or super().__contains__(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._parts:
            return self[key]
        return super().get(key, default)

    def whole(self) -> dict[str, Any]:
        """Every part built: the plain view, as a dict."""
        for key in list(self._parts):
            self[key]
        return dict(super().items())

    def __iter__(self) -> Iterator[str]:
        self.whole()
        return super().__iter__()

    def __len__(self) -> int:
        return len(self._parts) + super().__len__()

    def keys(self) -> Any:
        self.whole()
        return super().keys()

    def values(self) -> Any:
        self.whole()
        return super().values()

    def items(self) -> Any:
        self.whole()
        return super().items()

    def copy(self) -> dict[str, Any]:
        return self.whole()

    def __eq__(self, other: object) -> bool:
        return self.whole() == other

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.whole())
