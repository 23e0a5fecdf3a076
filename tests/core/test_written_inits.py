"""A dataclass whose ``__init__`` is written out (for the compiled build:
scripts/compile makes a written ``__init__`` native code, while the one the
dataclass makes stays interpreted) takes the very parameters the dataclass
would make: its fields, in order, with their defaults. The classes are found
in the source, so the test reads the same classes in a build."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path
from typing import Any

import pytest

import quarterdeck

ROOT = Path(quarterdeck.__file__).resolve().parent


def _is_dataclass_decorator(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return ast.unparse(target) in ("dataclass", "dataclasses.dataclass")


def _written() -> list[tuple[type[Any], ast.FunctionDef]]:
    """Each dataclass of the package with an ``__init__`` in its body, and that ``__init__``."""
    found: list[tuple[type[Any], ast.FunctionDef]] = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        if "web" in rel.parts or "migrations" in rel.parts:
            continue
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            if not any(_is_dataclass_decorator(d) for d in node.decorator_list):
                continue
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    module = importlib.import_module(".".join(rel.parts))
                    found.append((getattr(module, node.name), item))
    return found


WRITTEN = _written()


def _only_sets_fields(init: ast.FunctionDef) -> bool:
    """Whether the written ``__init__`` does nothing but set attributes
    (``object.__setattr__(self, NAME, ...)`` or ``self.NAME = ...``), as the
    dataclass's own would; one that works more out is checked by its
    signature alone."""
    for stmt in init.body:
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


def _name(item: tuple[type[Any], ast.FunctionDef]) -> str:
    return f"{item[0].__module__.removeprefix('quarterdeck.')}.{item[0].__qualname__}"


def test_the_core_prompts_are_among_them() -> None:
    setters = {c.__qualname__ for c, init in WRITTEN if _only_sets_fields(init)}
    assert {"Prompt", "Option", "Field"} <= setters


@pytest.mark.parametrize("item", WRITTEN, ids=_name)
def test_written_init_takes_the_fields(item: tuple[type[Any], ast.FunctionDef]) -> None:
    cls, init = item
    args = init.args
    assert not args.vararg and not args.kwarg and not args.kwonlyargs and not args.posonlyargs
    params = args.args[1:]
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.arg for p in params] == [f.name for f in fields]
    defaults: list[ast.expr | None] = [None] * (len(params) - len(args.defaults))
    defaults += args.defaults
    for p, f, default in zip(params, fields, defaults, strict=True):
        # the annotation the field's (a string: the modules postpone them);
        # a compiled build checks each argument against it
        assert p.annotation is not None, f.name
        hint = ast.unparse(p.annotation)
        if f.default is not dataclasses.MISSING:
            assert hint == f.type, f.name
            assert default is not None, f.name
            value = ast.literal_eval(default)
            assert type(value) is type(f.default) and value == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            # a factory's field takes None, and holds what the factory makes
            assert hint == f"{f.type} | None", f.name
            assert default is not None and ast.literal_eval(default) is None, f.name
        else:
            assert hint == f.type, f.name
            assert default is None, f.name


@pytest.mark.parametrize("item", [i for i in WRITTEN if _only_sets_fields(i[1])], ids=_name)
def test_written_init_sets_every_field_as_given(item: tuple[type[Any], ast.FunctionDef]) -> None:
    cls = item[0]
    if getattr(cls.__init__, "__code__", None) is None:
        pytest.skip("compiled: its parameters are checked by type, and read as the source says")
    fields = [f for f in dataclasses.fields(cls) if f.init]
    given = {f.name: object() for f in fields}  # a distinct marker for each
    made = cls(**given)
    for f in fields:
        assert getattr(made, f.name) is given[f.name], f.name
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            bare = cls(**{g.name: given[g.name] for g in fields if g is not f})
            assert getattr(bare, f.name) == f.default_factory(), f.name


def test_a_prompt_made_without_context_has_its_own_empty_one() -> None:
    from quarterdeck.core.prompts import Option, Prompt

    a, b = Prompt("x", "q?", "1.1"), Prompt("x", "q?", "1.1")
    assert a.context == {} and a.context is not b.context
    assert a == b and a.options == () and a.kind == "choice" and a.total is None
    assert Option("a", "A") == Option("a", "A")
    assert hash(Option("a", "A")) == hash(Option("a", "A"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = "y"  # type: ignore[misc]
