"""Scenario files: TOML, validated before play, with errors that say where.

Every scenario starts with a common header (``id``, ``ruleset``, ``title``,
``year``, ``description``, ``sides``, ``turn_limit``); the rest belongs to the
rule set, which validates it with its own model. A file that fails validation
is refused with the file, the line, the field and the legal values.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from quarterdeck.core.errors import ScenarioError

if TYPE_CHECKING:
    from quarterdeck.core.record import Record

SLUG = r"^[a-z0-9][a-z0-9-]*$"
LARGEST = 1_000_000  # no number in a scenario (inches, turns, tons) is anywhere near
DEEPEST = 40  # no scenario nests tables or lists anywhere near this deep


def simple_polygon(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A polygon on the table (land, cover, shoals) as a scenario gives it:
    at least three corners, listed in order around its edge (edges that cross
    are refused: the geometry could not tell inside from outside), with an
    area."""
    if len(points) < 3:
        raise ValueError(f"a polygon needs at least 3 corners, got {len(points)}")
    from shapely.geometry import Polygon
    from shapely.validation import explain_validity

    shape = Polygon(points)
    if not shape.is_valid:
        raise ValueError(
            f"the polygon's edges cross ({explain_validity(shape)}): "
            "list its corners in order around its edge"
        )
    if shape.area <= 0:
        raise ValueError("the polygon's corners lie on one line: it has no area")
    return points


PolygonPoints = Annotated[list[tuple[float, float]], AfterValidator(simple_polygon)]


class SideSpec(BaseModel):
    """One side of a scenario: its name (the seat), how it is shown, and its
    role: a combatant, or an umpire (game master) seat that rules where the
    text leaves a call to the umpire and never wins."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=SLUG)
    title: str
    colour: str = "#444444"
    role: Literal["combatant", "umpire"] = "combatant"


class CardSpec(BaseModel):
    """One kind of card in a deck: its id, its title, how many copies, and
    what it does (in our words)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    title: str
    count: int = Field(default=1, ge=0, le=1000)
    text: str = ""


class DeckSpec(BaseModel):
    """A deck of cards a scenario plays with (an events deck, objective cards)."""

    model_config = ConfigDict(extra="forbid")
    title: str = ""
    cards: list[CardSpec] = Field(min_length=1)

    def counts(self) -> dict[str, int]:
        return {c.id: c.count for c in self.cards}

    def card(self, card_id: str) -> CardSpec | None:
        return next((c for c in self.cards if c.id == card_id), None)


class Header(BaseModel):
    """The part of every scenario that the core reads.

    ``spectators``: "public" (the default) shows a game's watchers only what
    every side may see until it ends; "everything" shows them all of it.
    ``decks``: the card decks the scenario plays with, by name."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=SLUG)
    ruleset: str
    title: str
    year: int | None = None
    description: str = ""
    history: str = ""
    source: str = ""
    sides: list[SideSpec] = Field(min_length=2)
    turn_limit: int = Field(default=12, ge=1, le=200)
    spectators: Literal["public", "everything"] = "public"
    decks: dict[str, DeckSpec] = Field(default_factory=dict)


@dataclass
class Scenario:
    """A validated scenario: the header, the raw data, and the rule set's model."""

    header: Header
    data: dict[str, Any]
    path: str
    model: Any = None
    summary: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.header.id

    @property
    def ruleset(self) -> str:
        return self.header.ruleset

    @property
    def title(self) -> str:
        return self.header.title

    @property
    def side_names(self) -> list[str]:
        return [s.name for s in self.header.sides]

    @property
    def combatants(self) -> list[str]:
        """The sides that fight (and can win): every side but umpire seats."""
        return [s.name for s in self.header.sides if s.role == "combatant"]

    @property
    def umpire(self) -> str | None:
        """The umpire seat, if the scenario has one."""
        return next((s.name for s in self.header.sides if s.role == "umpire"), None)

    def deck(self, name: str) -> DeckSpec:
        """The scenario's deck ``name``; a clear error if it has none."""
        found = self.header.decks.get(name)
        if found is None:
            raise ScenarioError(
                f"{self.path}: field 'decks': the scenario needs a deck named {name!r} "
                f"(it has: {', '.join(self.header.decks) or 'none'})"
            )
        return found

    def with_umpire(self, name: str = "umpire") -> Scenario:
        """The same scenario with an umpire seat (itself if it has one)."""
        if self.umpire is not None:
            return self
        if name in self.side_names:
            raise ScenarioError(f"{self.path}: a side is already named {name!r}")
        data = dict(self.data)
        data["sides"] = [
            *list(self.data.get("sides", [])),
            {"name": name, "title": "Umpire", "colour": "#6b6b6b", "role": "umpire"},
        ]
        return build(data, self.path)

    def side(self, name: str) -> SideSpec:
        for s in self.header.sides:
            if s.name == name:
                return s
        raise ScenarioError(
            f"scenario {self.id!r} has no side {name!r} (sides: {', '.join(self.side_names)})"
        )


def locate(text: str, loc: Sequence[str | int]) -> int | None:
    """Find the line of a TOML field given a validation path such as
    ``("ships", 2, "crew")``. Returns a 1-based line number or None."""
    lines = text.splitlines()
    start, end = 0, len(lines)
    header_re = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*$")
    path: list[str] = []
    parts = list(loc)
    i = 0
    found: int | None = None
    while i < len(parts):
        part = parts[i]
        if not isinstance(part, str):
            i += 1
            continue
        path.append(part)
        nxt = parts[i + 1] if i + 1 < len(parts) else None
        dotted = ".".join(path)
        if isinstance(nxt, int):
            count = -1
            for n in range(start, end):
                m = header_re.match(lines[n])
                if m and m.group(1) == dotted and lines[n].lstrip().startswith("[["):
                    count += 1
                    if count == nxt:
                        found = n + 1
                        start = n + 1
                        end = _section_end(lines, start, header_re, dotted)
                        break
            else:
                return found
            i += 2
            continue
        key_re = re.compile(rf"^\s*{re.escape(part)}\s*=")
        for n in range(start, end):
            if key_re.match(lines[n]):
                return n + 1
        for n in range(start, end):
            m = header_re.match(lines[n])
            if m and m.group(1) == dotted:
                found = n + 1
                start = n + 1
                end = _section_end(lines, start, header_re, dotted)
                break
        i += 1
    return found


def _section_end(lines: list[str], start: int, header_re: re.Pattern[str], dotted: str) -> int:
    for n in range(start, len(lines)):
        m = header_re.match(lines[n])
        if m and not m.group(1).startswith(dotted + "."):
            return n
    return len(lines)


Problem = tuple[tuple[str | int, ...], str]


def problems(exc: ValidationError) -> list[Problem]:
    """Each problem of a pydantic error: its field path and a one-line message."""
    out: list[Problem] = []
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        msg = str(err["msg"])
        if err["type"] == "extra_forbidden":
            msg = "unknown field (check its spelling)"
        out.append((loc, " ".join(msg.split())))
    return out


def problem_message(found: list[Problem], where: str, text: str | None) -> str:
    """One line per problem, naming file, line, field and what is wrong."""
    out = []
    for loc, msg in found:
        place = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in loc).replace(".[", "[")
        line = locate(text, [p for p in loc if isinstance(p, str | int)]) if text else None
        at = f"{where}, line {line}" if line else where
        out.append(f"{at}: field '{place or '(top level)'}': {msg}")
    return "\n".join(out)


def validation_message(exc: ValidationError, where: str, text: str | None) -> str:
    """Turn a pydantic error into lines naming file, line, field and the problem."""
    return problem_message(problems(exc), where, text)


def with_card_counts(data: dict[str, Any], decks: dict[str, dict[str, int]]) -> dict[str, Any]:
    """Scenario ``data`` with some cards' counts changed: ``{deck: {card: count}}``.
    A deck or card the scenario does not have is refused, naming the legal ones."""
    out = dict(data)
    have = dict(out.get("decks") or {})
    for name, counts in decks.items():
        deck = have.get(name)
        if not isinstance(deck, dict):
            raise ScenarioError(
                f"field 'decks': the scenario has no deck {name!r} "
                f"(decks: {', '.join(have) or 'none'})"
            )
        cards = [dict(c) for c in deck.get("cards", []) if isinstance(c, dict)]
        ids = [c.get("id") for c in cards]
        for card_id, count in counts.items():
            if card_id not in ids:
                raise ScenarioError(
                    f"field 'decks.{name}': no card {card_id!r} in the deck "
                    f"(cards: {', '.join(str(i) for i in ids)})"
                )
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 1000:
                raise ScenarioError(
                    f"field 'decks.{name}.{card_id}': {count!r} is not a number of cards "
                    "(legal values 0 to 1000)"
                )
            cards[ids.index(card_id)]["count"] = count
        if not any(c.get("count", 1) for c in cards):
            raise ScenarioError(f"field 'decks.{name}': the deck needs at least one card")
        have[name] = {**deck, "cards": cards}
    out["decks"] = have
    return out


def parse_text(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ScenarioError(f"{where}: not valid TOML: nested too deeply") from None


def check_numbers(data: Any, where: str, text: str | None = None) -> None:
    """Refuse numbers no rule can use before play: not-a-number, infinities,
    and anything beyond ``LARGEST`` either way (a coordinate of 1e300 inches
    would be accepted by a model's ``float`` and break the geometry later);
    and data nested deeper than ``DEEPEST``."""
    found: list[Problem] = []

    def walk(value: Any, loc: tuple[str | int, ...]) -> None:
        if len(loc) > DEEPEST:
            found.append((loc[:DEEPEST], f"nested more than {DEEPEST} deep"))
            return
        if isinstance(value, bool):
            return
        if isinstance(value, float) and not math.isfinite(value):
            found.append((loc, f"{value} is not a number a rule can use (a finite number)"))
        elif isinstance(value, int | float) and abs(value) > LARGEST:
            found.append(
                (loc, f"{value:.6g} is too large (numbers are at most {LARGEST:,} either way)")
            )
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*loc, str(key)))
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                walk(item, (*loc, index))

    walk(data, ())
    if found:
        raise ScenarioError(problem_message(found[:20], where, text))


def build(
    data: dict[str, Any], where: str, text: str | None = None, strict: bool = False
) -> Scenario:
    """Validate ``data`` (header, then the rule set's part) into a Scenario.

    ``strict`` (a file or ``--set`` a user wrote): a top-level field that
    neither the header nor the rule set knows is refused, not ignored (a
    misspelt ``turn_limt = 4`` changed nothing). Scenarios inside saved
    records are read as they were accepted then."""
    from quarterdeck.rulesets import get_ruleset, ruleset_ids

    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a table of fields, got {type(data).__name__}")
    check_numbers(data, where, text)
    try:
        header = Header.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(validation_message(exc, where, text)) from None
    if header.ruleset not in ruleset_ids():
        line = locate(text, ["ruleset"]) if text else None
        at = f"{where}, line {line}" if line else where
        raise ScenarioError(
            f"{at}: field 'ruleset': {header.ruleset!r} is not a rule set "
            f"(legal values: {', '.join(ruleset_ids())})"
        )
    names = [s.name for s in header.sides]
    if len(set(names)) != len(names):
        raise ScenarioError(f"{where}: field 'sides': side names must differ, got {names}")
    umpires = [s.name for s in header.sides if s.role == "umpire"]
    if len(umpires) > 1:
        raise ScenarioError(
            f"{where}: field 'sides': at most one side may have role = \"umpire\", got {umpires}"
        )
    if len(umpires) == len(names):
        raise ScenarioError(f"{where}: field 'sides': a scenario needs a side that fights")
    ruleset = get_ruleset(header.ruleset)
    if not ruleset.info.playable:
        raise ScenarioError(f"{where}: the rule set {header.ruleset!r} is not playable yet")
    scenario = Scenario(header, data, where)
    try:
        scenario.model = ruleset.parse_scenario(scenario)
    except ValidationError as exc:
        raise ScenarioError(validation_message(exc, where, text)) from None
    fields = getattr(type(scenario.model), "model_fields", None)
    if strict and fields is not None:
        known = sorted(set(Header.model_fields) | set(fields))
        unknown: list[Problem] = [
            ((key,), f"unknown field (check its spelling; fields: {', '.join(known)})")
            for key in data
            if key not in known
        ]
        if unknown:
            raise ScenarioError(problem_message(unknown, where, text))
    return scenario


def load_file(path: str | Path) -> Scenario:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{p}: cannot read the scenario file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        line = p.read_bytes()[: exc.start].count(b"\n") + 1
        raise ScenarioError(
            f"{p}, line {line}: not a UTF-8 text file (byte {exc.start + 1} cannot be read)"
        ) from None
    return build(parse_text(text, str(p)), str(p), text, strict=True)


def bundled_paths() -> dict[str, Path]:
    """Every bundled scenario file of every playable rule set, by scenario id."""
    from quarterdeck.rulesets import all_rulesets

    found: dict[str, Path] = {}
    for ruleset in all_rulesets():
        if not ruleset.info.playable:
            continue
        folder = ruleset.scenario_dir()
        if folder is None:
            continue
        for path in sorted(folder.glob("*.toml")):
            found[path.stem] = path
    return found


def bundled() -> list[Scenario]:
    return [load_file(p) for p in bundled_paths().values()]


def load(name: str) -> Scenario:
    """A bundled scenario by id, or a scenario file by path."""
    paths = bundled_paths()
    if name in paths:
        return load_file(paths[name])
    p = Path(name)
    if p.suffix == ".toml" or p.exists():
        return load_file(p)
    raise ScenarioError(
        f"unknown scenario {name!r}; bundled scenarios: {', '.join(sorted(paths))} "
        "(or give the path of a .toml file)"
    )


def scenario_from_record(record: Record) -> Scenario:
    """The scenario a record was played with, validated as any scenario is;
    the record's own ``ruleset`` and ``scenario_id`` must agree with it."""
    from quarterdeck.core.errors import RecordError

    where = f"record of {record.scenario_id}"
    try:
        scenario = build(record.scenario, where)
    except ScenarioError as exc:
        raise RecordError(str(exc)) from None
    if scenario.ruleset != record.ruleset:
        raise RecordError(
            f"{where}: field 'ruleset' is {record.ruleset!r} but its scenario is for "
            f"{scenario.ruleset!r}: the record was edited or is damaged"
        )
    if scenario.id != record.scenario_id:
        raise RecordError(
            f"{where}: field 'scenario_id' is {record.scenario_id!r} but its scenario is "
            f"{scenario.id!r}: the record was edited or is damaged"
        )
    return scenario
