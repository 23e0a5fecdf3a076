"""A dataclass's field names, looked up once per class.

The rule sets' state copies (Away, Boarders!'s ``__deepcopy__``, Cutting Out
Party's ``_clone``) copy a record field by field; they ask here rather than
read ``__slots__``, which a class compiled by mypyc (scripts/compile) lacks.
"""

from __future__ import annotations

import dataclasses

_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the dataclass ``cls``'s fields, in their order."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names
