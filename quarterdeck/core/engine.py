"""The engine contract: the Ruleset protocol, the rules context, and the Game.

A rule set turns a scenario into an initial state, and a state into either the
open prompts (who must decide what) or a result. ``apply`` checks an answer
against its prompt, then runs the rules forward, rolling every die that needs
no decision, until the next prompt. The state is plain data; the dice source,
the record and the log live in the :class:`Game` that wraps it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Final, Protocol, cast

from mypy_extensions import mypyc_attr

from quarterdeck.core.dice import (
    Deck,
    DiceSource,
    DrawRequest,
    RandomDice,
    RecordingDice,
    RollRequest,
)
from quarterdeck.core.errors import DiceError, IllegalAnswer, RecordError
from quarterdeck.core.explain import RollMath
from quarterdeck.core.hidden import EVERYTHING, sees
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.record import Record, ReplayDice
from quarterdeck.core.result import Result
from quarterdeck.core.scenario import Scenario

# --------------------------------------------------------------------------
# The rules context: dice and log, handed to rules code, never stored in state


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: what happened and the rule that applied.

    ``seats`` is None for a public line, else the seats that may read it
    (umpire seats read every line). A secret order gives two lines: a public
    one of kind ``secret`` saying that ``about`` has given an order, and the
    order itself for that seat alone. A roll's line names the seat that rolled
    (``by``); a secret roll's line is for that seat alone.
    """

    text: str
    rule: str = ""
    kind: str = "event"
    seats: tuple[str, ...] | None = None
    odds: str = ""
    about: str = ""  # for kind "secret": the seat whose order it announces
    values: tuple[int, ...] = ()  # for kind "roll": the dice rolled
    sides: int = 6
    by: str = ""  # for kinds "roll" and "draw": the seat that rolled or drew
    goal: str = ""  # for kind "roll": what the roll needs, in words
    math: RollMath | None = None  # for kind "roll": how the dice are read (core.explain)

    def visible_to(self, seat: str | None) -> bool:
        return sees(seat, self.seats)

    def to_json(self, viewer: str | None = EVERYTHING) -> dict[str, Any]:
        """The line as ``viewer`` may read it: a roll's secret modifiers that
        ``viewer`` may not know are left out (see ``RollMath.for_viewer``)."""
        out: dict[str, Any] = {"text": self.text, "rule": self.rule, "kind": self.kind}
        if self.odds:
            out["odds"] = self.odds
        if self.kind == "roll":
            out["values"] = list(self.values)
            out["sides"] = self.sides
        if self.by:
            out["by"] = self.by
        if self.goal:
            out["goal"] = self.goal
        if self.math is not None:
            out["math"] = self.math.for_viewer(viewer).to_json()
        if self.seats is not None:
            out["secret"] = True
        return out

    def __str__(self) -> str:
        text = self.text
        if self.odds:
            text += f" [{self.odds}]"
        return f"{text} ({self.rule})" if self.rule else text


class Context:
    """What rules code may touch besides the state: the dice, the card decks
    and the log.

    ``acting`` is the seat whose answer is being applied (None while the game
    is set up); ``umpire`` the scenario's umpire seat, if it has one. A roll or
    draw that the rules give to nobody in particular goes to the umpire, else
    to the acting seat, else to the first side. ``prompt`` is the acting
    seat's open prompt that the answer was checked against, where the caller
    worked it out (so that the rules need not work it out again), else None.
    """

    __slots__ = ("_log", "acting", "dice", "first", "logging", "prompt", "umpire")

    def __init__(
        self,
        dice: DiceSource,
        log: Callable[[LogEntry], None] | None = None,
        acting: str | None = None,
        umpire: str | None = None,
        first: str | None = None,
        prompt: Prompt | None = None,
    ) -> None:
        self.dice = dice
        self._log = log
        # whether the rules' words are wanted: a log is kept. A plain field
        # (the log is given once, here), read as often as rules code rolls
        self.logging: bool = log is not None
        self.acting = acting
        self.umpire = umpire
        self.first = first
        self.prompt = prompt

    def answering(self, seat: str) -> Prompt | None:
        """``seat``'s open prompt, where the caller handed it in (see ``prompt``)."""
        prompt = self.prompt
        return prompt if prompt is not None and prompt.seat == seat else None

    def roller(self, seat: str | None) -> str | None:
        """The seat that rolls: ``seat`` if the rule names one, else the umpire,
        else the seat whose answer is being applied, else the first side."""
        if seat is not None:
            return seat
        return self.umpire or self.acting or self.first

    def _private(self, seat: str | None, secret: bool) -> tuple[str, ...] | None:
        if not secret:
            return None
        return tuple(s for s in (seat, self.umpire) if s is not None)

    def roll(
        self,
        label: str | Callable[[], str],
        count: int,
        rule: str,
        sides: int = 6,
        seat: str | None = None,
        odds: str | Callable[[], str] = "",
        goal: str | Callable[[], str] = "",
        secret: bool = False,
        math: RollMath | Callable[[tuple[int, ...]], RollMath] | None = None,
    ) -> tuple[int, ...]:
        """Roll ``count`` dice for ``label`` under ``rule``, and log the result.

        ``seat`` rolls them (None: see :meth:`roller`); a ``secret`` roll is
        logged for that seat and the umpire only. ``goal`` says what the roll
        needs, for a person rolling at the table; ``math`` how the rule reads
        the dice and every modifier, for the roll's explanation (or a function
        of the dice that gives it, called only when the roll is logged: where
        one die chooses the chart the next is read on). ``label`` and
        ``goal`` may be functions that give the words, called only where
        something reads them: a batch run's program dice do not."""
        dice = self.dice
        if self._log is None and type(dice) is RandomDice and sides > 0:
            # program dice and no log (a batch run): nothing needs the request
            return dice.values(count, sides)
        if not isinstance(label, str):
            label = label()
        if not isinstance(goal, str):
            goal = goal()
        seat = self.roller(seat)
        values = dice.roll(RollRequest(label, count, rule, sides, seat, goal, secret))
        if self._log is not None:
            shown = " ".join(str(v) for v in values)
            self._log(
                LogEntry(
                    f"{label}: rolled {shown}",
                    rule,
                    "roll",
                    seats=self._private(seat, secret),
                    odds=odds() if callable(odds) else odds,
                    values=values,
                    sides=sides,
                    by=seat or "",
                    goal=goal,
                    math=math(values) if callable(math) else math,
                )
            )
        return values

    def draw(
        self,
        deck: Deck,
        label: str,
        rule: str,
        seat: str | None = None,
        secret: bool = False,
        titles: Mapping[str, str] | None = None,
    ) -> str:
        """Draw a card from ``deck`` (which loses it) for ``label`` under ``rule``.

        ``seat`` draws it (None: see :meth:`roller`); a ``secret`` draw is
        logged for that seat and the umpire only. ``titles``: the cards'
        titles by id, where the rule set gives them, for those who enter a
        card drawn by hand (the card's value stays its id)."""
        seat = self.roller(seat)
        if not deck.cards:
            raise DiceError(
                f"{label}: the {deck.name} deck is empty ({len(deck.drawn)} cards drawn); "
                f"the rules must reshuffle it first ({rule})"
            )
        kinds = tuple(sorted(set(deck.cards) | set(deck.drawn)))
        request = DrawRequest(
            label,
            deck.name,
            tuple(deck.cards),
            rule,
            seat,
            secret,
            kinds,
            tuple(sorted((k, v) for k, v in (titles or {}).items() if k in kinds)),
        )
        card = self.dice.draw(request)
        deck.take(card)
        if self._log is not None:
            self._log(
                LogEntry(
                    f"{label}: drew {request.named(card)}",
                    rule,
                    "draw",
                    seats=self._private(seat, secret),
                    by=seat or "",
                )
            )
        return card

    def log(
        self,
        text: str,
        rule: str = "",
        seats: Iterable[str] | None = None,
        kind: str = "event",
    ) -> None:
        if self._log is not None:
            self._log(LogEntry(text, rule, kind, tuple(seats) if seats is not None else None))


# --------------------------------------------------------------------------
# The rule set protocol


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """What a rule set declares about itself, as data."""

    id: str
    title: str
    period: str
    playable: bool
    sections: str = ""
    text: str = ""


class Ruleset(Protocol):
    """What every rule set provides. See DESIGN.md, "The engine contract"."""

    info: RulesetInfo

    def scenario_dir(self) -> Path | None: ...

    def parse_scenario(self, scenario: Scenario) -> Any:
        """Validate the rule-set part of a scenario; raise ScenarioError."""
        ...

    def new_state(self, scenario: Scenario, ctx: Context) -> Any: ...

    def prompts(self, state: Any) -> tuple[Prompt, ...]: ...

    def apply(
        self, state: Any, seat: str, answer: Answer, ctx: Context
    ) -> tuple[Prompt, ...] | None:
        """Apply a checked answer to ``state`` in place and run to the next
        prompt. A rule set may return the open prompts it stopped at (what
        ``prompts(state)`` now gives), so the caller need not work them out
        again; None says nothing about them."""
        ...

    def result(self, state: Any) -> Result | None: ...

    def view(self, state: Any, seat: str | None) -> dict[str, Any]: ...

    def turn(self, state: Any) -> int: ...

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def ai(self, seat: str, seed: int) -> Player: ...

    def render(self, state: Any, seat: str | None) -> str:
        """A plain-text picture of the state for the terminal."""
        ...

    # Optional: ``hidden(state) -> list[Secret]`` declares what in the state is
    # hidden from whom (see quarterdeck.core.hidden); a rule set without it has
    # no hidden information beyond the secret orders its prompts mark.


@mypyc_attr(allow_interpreted_subclasses=True)  # rule sets subclass it, compiled or not
class StateBasics:
    """The methods every rule set with a plain-dataclass state shares: the
    state has ``result`` (a Result as JSON, or None), ``turn`` and
    ``to_json()``."""

    def result(self, state: Any) -> Result | None:
        return Result.from_json(state.result) if state.result is not None else None

    def turn(self, state: Any) -> int:
        return int(state.turn)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = state.to_json()
        return data


class Player(Protocol):
    """Anything that answers prompts from a seat's view.

    A player may also have ``needs_view(prompt) -> bool``: where it says
    False, the batch runner hands it no view for that prompt (only
    ``{"seat": ...}``), so a player that decides from the prompt alone costs
    no view building."""

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer: ...


# --------------------------------------------------------------------------
# The game driver


@dataclass
class Game:
    """A game in play: the ruleset, the plain-data state, the dice, the record.

    Every answer goes through :meth:`apply`, which checks it, runs the rules on
    a copy of the state, and only then replaces the state and extends the
    record, so an illegal answer or a failed roll changes nothing.
    """

    ruleset: Ruleset
    scenario: Scenario
    state: Any
    dice: DiceSource
    record: Record
    log: list[LogEntry] = field(default_factory=list)
    on_entry: Callable[[dict[str, Any]], None] | None = None
    on_rollback: Callable[[int], None] | None = None
    spectators_see_all: bool = False
    _work: Any = field(default=None, init=False, repr=False)

    # -- construction ------------------------------------------------------

    @classmethod
    def new(
        cls,
        scenario: Scenario,
        dice: DiceSource | None = None,
        seed: int | None = None,
        dice_mode: str = "program",
    ) -> Game:
        from quarterdeck.rulesets import get_ruleset

        ruleset = get_ruleset(scenario.ruleset)
        if dice is None:
            dice = RandomDice(seed)
        if seed is None and isinstance(dice, RandomDice):
            seed = dice.seed
        record = Record(
            ruleset=scenario.ruleset,
            scenario_id=scenario.id,
            scenario=scenario.data,
            seed=seed,
            dice_mode=dice_mode,
        )
        game = cls(ruleset, scenario, None, dice, record)
        game.spectators_see_all = scenario.header.spectators == "everything"
        game._run(lambda ctx: setattr(game, "state", ruleset.new_state(scenario, ctx)))
        return game

    @classmethod
    def replay(
        cls,
        record: Record,
        upto: int | None = None,
        live: DiceSource | None = None,
    ) -> Game:
        """Rebuild a game from its record (the first ``upto`` decisions).

        Rolls come from the record; where it runs out (a game cut off in the
        middle of a step) they come from ``live``. With program dice the live
        source is re-seeded and advanced past the recorded rolls, so a resumed
        game goes on exactly as the uninterrupted one would have.
        """
        from quarterdeck.core.scenario import scenario_from_record

        scenario = scenario_from_record(record)
        if live is None and record.dice_mode == "program" and record.seed is not None:
            live = RandomDice(record.seed)
        replay_dice = ReplayDice(record.rolls(), live, advance_live=record.dice_mode == "program")
        game = cls.new(scenario, dice=replay_dice, seed=record.seed, dice_mode=record.dice_mode)
        decisions = record.decisions()
        if upto is not None:
            decisions = decisions[:upto]
        for index, (seat, answer) in enumerate(decisions):
            try:
                game.apply(seat, answer)
            except IllegalAnswer as exc:
                raise RecordError(f"decision {index + 1} does not replay: {exc}") from None
        if upto is None and replay_dice.unused:
            raise RecordError(
                f"the record has {replay_dice.unused} roll(s) that no rule asked for; "
                "it was not made by this version of the rules or was edited"
            )
        if live is not None:
            game.dice = live
        return game

    # -- the contract --------------------------------------------------------

    def prompts(self) -> tuple[Prompt, ...]:
        return self.ruleset.prompts(self.state)

    def prompt(self) -> Prompt | None:
        open_prompts = self.prompts()
        return open_prompts[0] if open_prompts else None

    def prompt_for(self, seat: str) -> Prompt | None:
        for p in self.prompts():
            if p.seat == seat:
                return p
        return None

    def result(self) -> Result | None:
        return self.ruleset.result(self.state)

    @property
    def umpires(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.scenario.header.sides if s.role == "umpire")

    def viewer(self, seat: str | None) -> str | None:
        """Who ``seat`` sees as: an umpire sees everything; so does everyone
        once the game is over, and spectators where the scenario or host says
        so; a spectator otherwise sees only what every side may see (None)."""
        if seat in self.umpires or self.result() is not None:
            return EVERYTHING
        if seat is None:
            return EVERYTHING if self.spectators_see_all else None
        return seat

    def visible_log(self, seat: str | None) -> list[LogEntry]:
        """The log lines ``seat`` may read (None: a spectator)."""
        viewer = self.viewer(seat)
        return [e for e in self.log if e.visible_to(viewer)]

    def view(
        self, seat: str | None, log: bool = True, prompt: Prompt | None = None
    ) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). ``log=False`` leaves the
        log out, for players that decide from the position alone; ``prompt``
        is ``seat``'s open prompt where the caller has just worked it out."""
        viewer = self.viewer(seat)
        view = self.ruleset.view(self.state, viewer)
        view["seat"] = seat
        if log:
            view["log"] = [e.to_json(viewer) for e in self.log if e.visible_to(viewer)]
        if prompt is None or prompt.seat != seat:
            prompt = self.prompt_for(seat) if seat is not None else None
        view["prompt"] = prompt.to_json() if prompt is not None else None
        result = self.result()
        view["result"] = result.to_json() if result is not None else None
        return view

    @property
    def turn(self) -> int:
        return self.ruleset.turn(self.state)

    def apply(self, seat: str, answer: Any, prompt: Prompt | None = None) -> None:
        """Check ``answer`` for ``seat``'s open prompt, then play it.

        Raises :class:`IllegalAnswer` and changes nothing if the seat has no
        open prompt or the answer is not one it allows. A caller that has just
        asked for the open prompts (and changed nothing since) may hand in
        ``seat``'s prompt, so that it is not worked out twice.
        """
        if self.result() is not None:
            raise IllegalAnswer("the game is over; no more answers are taken")
        if prompt is None or prompt.seat != seat:
            prompt = self.prompt_for(seat)
        if prompt is None:
            waiting = ", ".join(sorted({p.seat for p in self.prompts()})) or "nobody"
            raise IllegalAnswer(f"seat {seat!r} has nothing to answer now (waiting for: {waiting})")
        checked = prompt.check(answer)
        label = prompt.describe(checked)
        self._run(
            lambda ctx: self.ruleset.apply(self._work, seat, checked, ctx),
            first={"t": "d", "seat": seat, "answer": checked},
            work=True,
            decision=_decision_log(prompt, seat, label),
            acting=seat,
            prompt=prompt,
        )

    # -- internals ------------------------------------------------------------

    def _run(
        self,
        step: Callable[[Context], object],
        first: dict[str, Any] | None = None,
        work: bool = False,
        decision: list[LogEntry] | None = None,
        acting: str | None = None,
        prompt: Prompt | None = None,
    ) -> None:
        entries: list[dict[str, Any]] = []
        new_log: list[LogEntry] = []
        start = len(self.record.entries)

        def add(entry: dict[str, Any]) -> None:
            entries.append(entry)
            if self.on_entry is not None:
                self.on_entry(entry)

        def on_roll(request: RollRequest, values: tuple[int, ...]) -> None:
            entry: dict[str, Any] = {
                "t": "r",
                "label": request.label,
                "rule": request.rule,
                "sides": request.sides,
                "values": list(values),
                "seat": request.seat,
            }
            if request.secret:
                entry["secret"] = True
            add(entry)

        def on_draw(request: DrawRequest, card: str) -> None:
            entry: dict[str, Any] = {
                "t": "c",
                "label": request.label,
                "rule": request.rule,
                "deck": request.deck,
                "size": len(request.cards),
                "card": card,
                "seat": request.seat,
            }
            if request.secret:
                entry["secret"] = True
            add(entry)

        if first is not None:
            add(first)
        if decision is not None:
            new_log.extend(_announced(self.log, decision))
        umpires = self.umpires
        ctx = Context(
            RecordingDice(self.dice, on_roll, on_draw),
            new_log.append,
            acting=acting,
            umpire=umpires[0] if umpires else None,
            first=(self.scenario.combatants or self.scenario.side_names)[0],
            prompt=prompt,
        )
        if work:
            self._work = copy_state(self.state)
        try:
            step(ctx)
        except Exception:
            # A failed step changes nothing, in memory or in the store.
            self._work = None
            if self.on_rollback is not None and entries:
                self.on_rollback(start)
            raise
        except BaseException:
            # Interrupted (Ctrl-C): what was stored stays, so resume continues
            # the step from the entries already written.
            self._work = None
            raise
        if work:
            self.state = self._work
            self._work = None
        self.record.entries.extend(entries)
        self.log.extend(new_log)


_ATOMIC: Final[frozenset[type]] = frozenset({int, float, str, bool, bytes, type(None), complex})
_FIELDS: Final[dict[type, tuple[str, ...] | None]] = {}


def copy_state(value: Any) -> Any:
    """A deep copy of plain game-state data, several times cheaper than
    :func:`copy.deepcopy`: dicts, lists, sets and tuples are copied element by
    element and dataclasses field by field, numbers, strings, enums and None
    are shared, and anything else goes to :func:`copy.deepcopy`.

    The state must not share one mutable object between two places (the
    copy would hold two), which plain data never does; the rule sets' states
    are checked for it by tests/sim/test_state_copies.py."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    if kind is list:
        return [v if type(v) in _ATOMIC else copy_state(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMIC else copy_state(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(v if type(v) in _ATOMIC else copy_state(v) for v in value)
    if kind is set:
        return {copy_state(v) for v in value}
    if kind is frozenset:
        return frozenset(copy_state(v) for v in value)
    if issubclass(kind, Enum):
        return value
    names = _FIELDS.get(kind, ())
    if names == ():
        names = _FIELDS[kind] = (
            tuple(f.name for f in dataclasses.fields(kind))
            if dataclasses.is_dataclass(kind)
            and not getattr(kind, "__deepcopy__", None)
            and all(f.init for f in dataclasses.fields(kind))
            else None
        )
    if names is None:
        return copy.deepcopy(value)
    # the class's own __new__: a compiled class (scripts/compile) refuses object's
    new = cast(Any, kind).__new__(kind)
    setter = object.__setattr__
    for name in names:
        v = getattr(value, name)
        setter(new, name, v if type(v) in _ATOMIC else copy_state(v))
    return new


def _decision_log(prompt: Prompt, seat: str, label: str) -> list[LogEntry]:
    """The log lines for a decision; a secret order is shown only to its seat.
    The others are told that a secret order was given, unless the prompt is
    ``unannounced``: one asked only because of something hidden from them
    (unseen raiders in musket range), whose very asking would give it away."""
    text = f"{seat}: {prompt.question} -> {label}"
    if prompt.context.get("secret", False):
        if prompt.context.get("unannounced", False):
            return [LogEntry(text, prompt.rule, "decision", seats=(seat,))]
        return [
            LogEntry(f"{seat}: secret order given", prompt.rule, "secret", about=seat),
            LogEntry(text, prompt.rule, "decision", seats=(seat,)),
        ]
    return [LogEntry(text, prompt.rule, "decision")]


def _announced(log: list[LogEntry], decision: list[LogEntry]) -> list[LogEntry]:
    """A run of one seat's secret orders, with nothing public between them,
    is announced once: how many orders a seat gave in secret (one a boat
    that lies alongside, say) would tell the others what it keeps from them."""
    if not decision or decision[0].kind != "secret":
        return decision
    for entry in reversed(log):
        if entry.seats is not None:
            continue  # a line for some seats only: the others never saw it
        if entry.kind == "secret" and entry.about == decision[0].about:
            return decision[1:]
        break
    return decision


def play_out(
    game: Game,
    players: dict[str, Player],
    on_step: Callable[[Game], None] | None = None,
    max_steps: int = 100_000,
) -> Result:
    """Let ``players`` answer every prompt until the game ends."""
    for _ in range(max_steps):
        prompt = game.prompt()
        if prompt is None:
            break
        answer = players[prompt.seat].decide(
            game.view(prompt.seat, log=False, prompt=prompt), prompt
        )
        game.apply(prompt.seat, answer, prompt=prompt)
        if on_step is not None:
            on_step(game)
    result = game.result()
    if result is None:
        raise RuntimeError(f"game did not end within {max_steps} steps")
    return result
