"""Chart data files: each rule set's tables.toml, with house-rule overrides.

A rule set keeps its printed charts in ``tables.toml`` shaped like the page.
A user may replace any part with a TOML file of their own: its tables are
merged over the printed ones, key by key, and the result is validated by the
rule set's model before any game starts.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from quarterdeck.core.errors import TableError

M = TypeVar("M", bound=BaseModel)


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Merge ``override`` into a copy of ``base``: tables recursively, values replaced."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise TableError(f"{path}: cannot read the table file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise TableError(
            f"{path}: not a UTF-8 text file (byte {exc.start + 1} cannot be read)"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise TableError(f"{path}: not valid TOML: nested too deeply") from None


def load_tables(
    model: type[M], printed: Path, overrides: Iterable[Path | dict[str, Any]] = ()
) -> M:
    """Load the printed tables, merge house rules over them, validate the whole.

    Each override is a TOML file or an already-read mapping (a scenario's
    ``house_rules`` table)."""
    from quarterdeck.core.scenario import problems, validation_message

    data = read_toml(printed)
    where = str(printed)
    for item in overrides:
        if isinstance(item, dict):
            data = merge(data, item)
            where = f"{printed} with the scenario's house_rules"
        else:
            data = merge(data, read_toml(item))
            where = f"{printed} with house rules {item}"
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise TableError(validation_message(exc, where, None), problems(exc)) from None


class TableSet(Generic[M]):
    """A rule set's printed charts, validated once, and the same charts with a
    scenario's ``house_rules`` merged over them (each variant validated once)."""

    def __init__(self, model: type[M], printed: Path) -> None:
        self.model = model
        self.path = printed
        self._cache: dict[str, M] = {}

    def printed(self) -> M:
        return self.with_house_rules(None)

    def with_house_rules(self, house_rules: dict[str, Any] | None) -> M:
        key = json.dumps(house_rules, sort_keys=True) if house_rules else ""
        tables = self._cache.get(key)
        if tables is None:
            tables = load_tables(self.model, self.path, [house_rules] if house_rules else [])
            self._cache[key] = tables
        return tables
