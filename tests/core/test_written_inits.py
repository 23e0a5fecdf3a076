"""A dataclass whose ``__init__`` is written out (for the compiled build:
scripts/compile makes a written ``__init__`` native code, while the one the
dataclass makes stays interpreted) takes the very parameters the dataclass
would make: its fields, in order, with their defaults."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
from typing import Any

import pytest

import quarterdeck


def _written() -> list[type[Any]]:
    found: dict[str, type[Any]] = {}
    for info in pkgutil.walk_packages(quarterdeck.__path__, "quarterdeck."):
        if ".web" in info.name or ".migrations" in info.name or info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and value.__module__ == info.name
                and "__init__" in value.__dict__
                and getattr(value.__init__, "__code__", None) is not None
                and value.__init__.__code__.co_filename != "<string>"  # (the dataclass's own)
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


WRITTEN = _written()


def _only_sets_fields(cls: type[Any]) -> bool:
    """Whether the written ``__init__`` does nothing but set attributes
    (``object.__setattr__(self, NAME, ...)`` or ``self.NAME = ...``), as the
    dataclass's own would; others (a hull that works out its corners) are
    checked by their signature alone."""
    body = ast.parse(inspect.getsource(cls.__init__).strip()).body[0]
    assert isinstance(body, ast.FunctionDef)
    for stmt in body.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # the docstring
        if isinstance(stmt, ast.Assign) and all(
            isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
            for t in stmt.targets
        ):
            continue
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and ast.unparse(stmt.value.func) == "object.__setattr__"
        ):
            continue
        return False
    return True


SETTERS = [c for c in WRITTEN if _only_sets_fields(c)]


def test_the_core_prompts_are_among_them() -> None:
    names = {c.__qualname__ for c in WRITTEN if c.__module__ == "quarterdeck.core.prompts"}
    assert {"Prompt", "Option", "Field"} <= names
    assert {"Prompt", "Option", "Field"} <= {c.__qualname__ for c in SETTERS}


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda c: c.__qualname__)
def test_written_init_takes_the_fields(cls: type[Any]) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            # a factory's default is None, and the object built with no
            # argument holds what the factory makes
            assert p.default is None, f.name
        else:
            assert p.default is inspect.Parameter.empty, f.name


@pytest.mark.parametrize("cls", SETTERS, ids=lambda c: c.__qualname__)
def test_written_init_sets_every_field_as_given(cls: type[Any]) -> None:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    given = {f.name: object() for f in fields}  # a distinct marker for each
    made = cls(**given)
    for f in fields:
        assert getattr(made, f.name) is given[f.name], f.name


def test_a_prompt_made_without_context_has_its_own_empty_one() -> None:
    from quarterdeck.core.prompts import Option, Prompt

    a, b = Prompt("x", "q?", "1.1"), Prompt("x", "q?", "1.1")
    assert a.context == {} and a.context is not b.context
    assert a == b and a.options == () and a.kind == "choice" and a.total is None
    assert Option("a", "A") == Option("a", "A") and hash(Option("a", "A")) == hash(Option("a", "A"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = "y"  # type: ignore[misc]
