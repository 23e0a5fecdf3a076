"""A seat's view whose costly parts are built only when a computer player
reads them (issue 14: players that decide from what they need).

A rule set whose view has parts a player often does not read (every figure
on the table, every gun's crew) may give ``player_view(state, viewer)``
beside ``view``: the same view, with those parts as functions that build
them. :func:`quarterdeck.sim.games.decision_view` hands it to the computer
players; people, the web table and the records still get the plain view.

A record in such a view (one ship of many, of which a player reads a few
entries) may be a :class:`LazyRecord`: its entries worked out from the ship
when first read.

The parts are built from the state as it is when they are first read, so a
lazy view is good only while the player decides (the state does not change
until its answer is applied); reading it whole (``dict(view)``, iterating,
``==``) builds every part, and then it equals the plain view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final


class _BuiltWhenRead(dict[str, Any]):
    """What a lazy view and a lazy record share: read whole (iterated,
    compared, copied, printed), every entry is built first."""

    __slots__ = ()

    def whole(self) -> dict[str, Any]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[str]:
        return iter(self.whole())

    def keys(self) -> Any:
        self.whole()
        return dict.keys(self)

    def values(self) -> Any:
        self.whole()
        return dict.values(self)

    def items(self) -> Any:
        self.whole()
        return dict.items(self)

    def copy(self) -> dict[str, Any]:
        return self.whole()

    def __eq__(self, other: object) -> bool:
        return self.whole() == other

    def __ne__(self, other: object) -> bool:
        # dict's own __ne__ compares only the entries built so far (an
        # interpreted view equal to its plain view was also "!=" it), and a
        # compiled class makes its own from __eq__: one answer for both
        return self.whole() != other

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.whole())


class LazyView(_BuiltWhenRead):
    """A dict of the view's ready parts, and the rest built when first read."""

    __slots__ = ("_parts",)

    def __init__(self, ready: dict[str, Any], parts: dict[str, Callable[[], Any]]) -> None:
        dict.__init__(self, ready)  # (as super().__init__, with no super object made)
        self._parts = parts

    def __missing__(self, key: str) -> Any:
        make = self._parts.pop(key, None)
        if make is None:
            raise KeyError(key)
        value = self[key] = make()
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._parts or dict.__contains__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._parts:
            return self[key]
        return dict.get(self, key, default)

    def whole(self) -> dict[str, Any]:
        """Every part built: the plain view, as a dict."""
        for key in list(self._parts):
            self[key]
        return dict(dict.items(self))

    def __len__(self) -> int:
        return len(self._parts) + dict.__len__(self)


Together = dict[str, Callable[..., dict[str, Any]]]
"""Entries a lazy record builds together: each key of a group to one
function of ``*source`` that gives the whole group, each entry as its own
function in ``entries`` would."""

_APART: Final[Together] = {}
"""No entries built together."""


class LazyRecord(_BuiltWhenRead):
    """One record of a view (a ship) whose entries are worked out from its
    source when first read: ``entries`` maps every key, in the plain
    record's order, to a function of ``*source``; ``ready`` holds the few
    given at once. Read whole, it equals the plain record, in its order.

    ``together`` (optional): groups of entries that a player reading one
    mostly reads all of, built in one call when the first is read
    (:data:`Together`; each equal to its own entry's)."""

    __slots__ = ("_made",)

    def __init__(
        self,
        ready: dict[str, Any],
        entries: Mapping[str, Callable[..., Any]],
        source: tuple[Any, ...],
        together: Together = _APART,
    ) -> None:
        dict.__init__(self, ready)  # (as super().__init__, with no super object made)
        # the entries' functions, their source and the groups, in one slot
        # (the build reads and writes a dict subclass's slots generically:
        # one read a lookup); typed as the dicts each rule set gives: the
        # compiled build then reads them with the dict's own functions, not
        # a method call
        self._made: tuple[dict[str, Callable[..., Any]], tuple[Any, ...], Together] = (
            entries if isinstance(entries, dict) else dict(entries),
            source,
            together,
        )

    def renew(self, ready: dict[str, Any], source: tuple[Any, ...]) -> None:
        """This record made again, as new: ``ready`` given, the rest worked
        out from ``source`` when first read (the same entries and groups).
        A view is good only while its player decides, so the record of a
        view shown before may be made again for the next (quicker than a new
        record: no object made, and none freed)."""
        dict.clear(self)
        dict.update(self, ready)
        self._made = (self._made[0], source, self._made[2])

    def __missing__(self, key: str) -> Any:
        entries, source, together = self._made
        group = together.get(key)
        if group is not None:
            built = group(*source)
            for name, value in built.items():  # (as dict.update, with no method called)
                self[name] = value
            return built[key]
        make = entries.get(key)
        if make is None:
            raise KeyError(key)
        value = self[key] = make(*source)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._made[0]

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self._made[0] else default

    def whole(self) -> dict[str, Any]:
        """Every entry built, in the plain record's order."""
        built = {key: self[key] for key in self._made[0]}
        dict.clear(self)
        dict.update(self, built)
        return built

    def __len__(self) -> int:
        return len(self._made[0])
