"""Mutations of the files a user hands the program: scenarios (TOML), house
rules (TOML) and game records (JSON). Each mutation is drawn from a seeded
generator, so a failing case reproduces from its number."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

# values a careless or hostile hand may put anywhere
ODD_VALUES: tuple[Any, ...] = (
    0,
    -1,
    1,
    7,
    2**70,
    -(2**63),
    1e9,
    -1e300,
    float("nan"),
    float("inf"),
    float("-inf"),
    0.5,
    "",
    "x",
    "[a-z0-9][a-z0-9-]*",
    "[red]markup[/red]",
    "é" * 3,
    "x" * 5000,
    True,
    False,
    [],
    [0, 0],
    [[0, 0], [1e300, 0], [0, 1]],
    [[float("nan"), 1], [2, 2], [3, 1]],
    [[1, 1]],
    [[0, 0], [10, 10], [0, 10], [10, 0]],  # a bow tie: self-intersecting
    {},
    {"x": 1},
)


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (dict keys and list indices), leaves and branches."""
    out = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += leaves(value, (*path, index))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


def mutate_data(data: Any, rng: random.Random, changes: int = 1) -> Any:
    """A copy of ``data`` with ``changes`` random edits: a value replaced by an
    odd one, a key deleted or added, a list element dropped or repeated, a
    number nudged, or a branch nested deep."""
    data = copy.deepcopy(data)
    for _ in range(changes):
        paths = leaves(data)
        if not paths:
            return data
        path = rng.choice(paths)
        parent = _parent(data, path)
        key = path[-1]
        kind = rng.randrange(7)
        if kind == 0 and isinstance(parent, dict):
            del parent[key]
        elif kind == 1 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif kind == 2 and isinstance(parent, list) and len(parent) > 1:
            del parent[key]
        elif (
            kind == 3 and isinstance(parent[key], int | float) and not isinstance(parent[key], bool)
        ):
            parent[key] = parent[key] + rng.choice((-100, -1, 1, 100, 0.5))
        elif kind == 4 and isinstance(parent, dict):
            parent[rng.choice(("extra", "zz", "x-1"))] = rng.choice(ODD_VALUES)
        elif kind == 5:
            parent[key] = f"@@DEEP{rng.choice((3, 50, 400, 20_000))}@@"  # see expand_deep
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


DEEP = re.compile(r'"@@DEEP(\d+)@@"')


def expand_deep(text: str) -> str:
    """Put the lists nested ``n`` deep that :func:`mutate_data` marked into
    the written text (a writer would recurse as deep as the data)."""
    return DEEP.sub(lambda m: "[" * int(m.group(1)) + "1" + "]" * int(m.group(1)), text)


def mutate_bytes(text: bytes, rng: random.Random) -> bytes:
    """The file's bytes cut short, flipped, or given bytes that are not UTF-8."""
    if not text:
        return b"\xff"
    kind = rng.randrange(4)
    at = rng.randrange(len(text))
    if kind == 0:
        return text[:at]
    if kind == 1:
        return text[:at] + bytes([rng.randrange(256)]) + text[at + 1 :]
    if kind == 2:
        return text[:at] + rng.choice((b"\xff\xfe", b"\xc3", b"\x00", b"\xe2\x82")) + text[at:]
    return text[:at] + rng.choice((b"[[", b"]", b'"', b"=", b"{", b"\n[x]\n")) + text[at:]


def to_toml(data: Any) -> str:
    """Enough of a TOML writer for scenario and table data (nan and inf
    included, which TOML can say and JSON cannot)."""
    lines: list[str] = []
    _table(data, (), lines)
    return expand_deep("\n".join(lines) + "\n")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def _key(key: Any) -> str:
    text = str(key)
    return text if text.replace("-", "").replace("_", "").isalnum() else json.dumps(text)


def _table(data: dict[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    plain = {k: v for k, v in data.items() if not _is_table(v) and not _is_table_list(v)}
    for key, value in plain.items():
        lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in data.items():
        if _is_table(value):
            lines.append(f"\n[{'.'.join(_key(p) for p in (*path, key))}]")
            _table(value, (*path, key), lines)
        elif _is_table_list(value):
            for item in value:
                lines.append(f"\n[[{'.'.join(_key(p) for p in (*path, key))}]]")
                _table(item, (*path, key), lines)


def _is_table(value: Any) -> bool:
    return isinstance(value, dict)


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)
