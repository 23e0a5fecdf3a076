"""Hidden information: who may see what, declared once per rule set.

A rule set says what in its state is hidden from whom with an optional
``hidden(state)`` method returning :class:`Secret` entries: a path into the
state object and the seats that may see the value there (umpire seats always
may). The generic conformance check (:mod:`quarterdeck.core.conformance`)
perturbs every value hidden from a seat and proves that the seat's view and
prompt do not change, so nothing hidden can reach a seat's page, log, message
or replay, all of which are built from views.

Views are asked for one of three kinds of viewer: a seat's name; ``None``, a
spectator of an unfinished game, who sees only what every side may see; or
:data:`EVERYTHING`, an umpire seat or anyone once the game is over.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

EVERYTHING: Final = "*"
"""The viewer who sees everything: an umpire, or anyone after the game ends."""

Path = tuple[str | int, ...]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final[Any] = _Missing()


@dataclass(frozen=True, slots=True)
class Secret:
    """A value in the state (at ``path``) that only ``owners`` may see.

    ``path`` goes through dataclass attributes, mapping keys and sequence
    indices. ``decoy``, if given, is what the conformance check puts there in
    place of the automatic perturbation of the value."""

    path: Path
    owners: tuple[str, ...]
    decoy: Any = MISSING

    def hidden_from(self, viewer: str | None) -> bool:
        return not sees(viewer, self.owners)


def sees(viewer: str | None, owners: str | Iterable[str] | None) -> bool:
    """Whether ``viewer`` may see something that belongs to ``owners``.

    Everything is seen by :data:`EVERYTHING`; a spectator (``None``) sees only
    what belongs to nobody (``owners`` None); a seat sees its own."""
    if viewer == EVERYTHING or owners is None:
        return True
    if viewer is None:
        return False
    if isinstance(owners, str):
        return viewer == owners
    return viewer in owners


def get_path(obj: Any, path: Path) -> Any:
    for step in path:
        obj = _child(obj, step)
    return obj


def set_path(obj: Any, path: Path, value: Any) -> None:
    """Put ``value`` at ``path`` inside ``obj`` (which is changed in place)."""
    if not path:
        raise ValueError("a secret's path cannot be empty")
    parent = get_path(obj, path[:-1])
    last = path[-1]
    if isinstance(parent, dict):
        parent[last] = value
    elif isinstance(parent, list):
        parent[int(last)] = value
    elif isinstance(parent, tuple):
        raise TypeError(f"cannot change {path}: it is inside a tuple")
    else:
        setattr(parent, str(last), value)


def _child(obj: Any, step: str | int) -> Any:
    if isinstance(obj, dict):
        return obj[step]
    if isinstance(obj, list | tuple) and isinstance(step, int):
        return obj[step]
    return getattr(obj, str(step))


def perturb(value: Any) -> Any:
    """A different value of the same shape: what the conformance check puts
    where a secret was, to see whether anything that should not depend on it
    does. ``None`` stays ``None`` (whether something exists is not hidden by
    a value)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return value + "~"
    if isinstance(value, list):
        return [perturb(v) for v in value]
    if isinstance(value, tuple):
        return tuple(perturb(v) for v in value)
    if isinstance(value, dict):
        return {k: perturb(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: perturb(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes)
    return value


def scrambled(state: Any, secrets: Iterable[Secret], viewer: str | None) -> Any:
    """A deep copy of ``state`` with every value hidden from ``viewer`` perturbed."""
    out = copy.deepcopy(state)
    for secret in secrets:
        if not secret.hidden_from(viewer):
            continue
        current = get_path(out, secret.path)
        set_path(out, secret.path, perturb(current) if secret.decoy is MISSING else secret.decoy)
    return out


__all__ = [
    "EVERYTHING",
    "MISSING",
    "Secret",
    "get_path",
    "perturb",
    "scrambled",
    "sees",
    "set_path",
]
