"""Playing a game in the terminal: people at the keyboard, AI or random seats,
program dice or dice rolled at the table and typed in."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from quarterdeck.core.dice import (
    DiceSource,
    DrawRequest,
    ManualDice,
    RandomDice,
    RollRequest,
    SeatDice,
)
from quarterdeck.core.engine import Game, LogEntry, Player
from quarterdeck.core.errors import IllegalAnswer, QuarterdeckError
from quarterdeck.core.hidden import EVERYTHING
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.record import Record
from quarterdeck.core.result import Result
from quarterdeck.core.store import Store, attach
from quarterdeck.players import SeededPlayer

Ask = Callable[[str], str]


class InputClosed(QuarterdeckError):
    """Standard input ended while a person was being asked something."""


def read_line(console: Console) -> Ask:
    def ask(text: str) -> str:
        try:
            return console.input(text)
        except EOFError:
            raise InputClosed("input ended") from None

    return ask


class HumanPlayer:
    """A person at the keyboard: shown the question and the legal answers."""

    def __init__(self, console: Console, ask: Ask, game: Game) -> None:
        self.console = console
        self.ask = ask
        self.game = game

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        viewer = self.game.viewer(prompt.seat)
        self.console.print(
            Panel(Text(self.game.ruleset.render(self.game.state, viewer)), title=prompt.seat)
        )
        self.console.print(
            f"[bold]{escape(prompt.seat)}[/bold]: {escape(prompt.question)} "
            f"[dim]({escape(prompt.rule)})[/dim]"
        )
        if prompt.kind == "choice":
            for n, option in enumerate(prompt.options, 1):
                self.console.print(
                    f"  {n}. {escape(option.label)}  [dim]{escape(f'[{option.id}]')}[/dim]"
                )
            while True:
                text = self.ask("choose> ").strip()
                if text.isdigit() and 1 <= int(text) <= len(prompt.options):
                    return prompt.options[int(text) - 1].id
                if text in prompt.option_ids():
                    return text
                self.console.print(
                    f"[red]{escape(repr(text))} is not one of the choices: type 1 to "
                    f"{len(prompt.options)} or an id in brackets[/red]"
                )
        answer: dict[str, Any] = {}
        # the prompt's suggested answers: Enter alone takes a field's
        defaults = dict(prompt.context.get("defaults") or {})
        for f in prompt.fields:
            if f.type == "choice":  # numbered, as a choice prompt's options are
                for n, c in enumerate(f.choices, 1):
                    self.console.print(
                        f"  {n}. {escape(c.label)}  [dim]{escape(f'[{c.id}]')}[/dim]"
                    )
            suggested = defaults.get(f.name)
            hint = "" if suggested is None else f", Enter for {suggested}"
            while True:
                text = self.ask(
                    escape(
                        f"{f.label} ({f.low}-{f.high}{hint})> "
                        if f.type == "int"
                        else f"{f.label} (1 to {len(f.choices)}, or an id in brackets{hint})> "
                    )
                )
                if not text.strip() and suggested is not None:
                    text = str(suggested)
                value: Any = text.strip()
                with suppress(ValueError):  # a number where it reads as one ("--5" stays a word)
                    value = int(value)
                ids = [c.id for c in f.choices]
                if f.type == "choice" and str(value) in ids:  # an id that is a number
                    value = str(value)
                elif f.type == "choice" and isinstance(value, int) and 1 <= value <= len(ids):
                    value = ids[value - 1]
                try:
                    f.check(value)
                except IllegalAnswer as exc:
                    if f.type == "choice":  # in the words the question was asked in
                        self.console.print(
                            f"[red]{escape(repr(text.strip()))} is not one of the choices: "
                            f"type 1 to {len(ids)} or an id in brackets[/red]"
                        )
                    else:
                        self.console.print(Text(str(exc), style="red"))
                    continue
                answer[f.name] = value
                break
        return answer


def _who(request: RollRequest | DrawRequest) -> str:
    seat = escape(request.seat or "the table")
    secret = " [bold](secret: only that side looks)[/bold]" if request.secret else ""
    return f"[bold]{seat}[/bold]{secret}"


def manual_dice(console: Console, ask: Ask) -> ManualDice:
    """Dice rolled and cards drawn at the table: each is asked of the seat
    that rolls it, by name."""

    def ask_roll(request: RollRequest) -> str:
        return ask(
            f"{_who(request)} rolls: [yellow]{escape(request.instruction())}[/yellow]\nvalues> "
        )

    def ask_card(request: DrawRequest) -> str:
        choices = "  ".join(
            f"{n}. {escape(request.named(card))}" for n, card in enumerate(request.choices(), 1)
        )
        return ask(
            f"{_who(request)} draws: [yellow]{escape(request.instruction())}[/yellow]\n"
            f"which card? {choices}\ncard> "
        )

    return ManualDice(
        ask_roll, lambda msg: console.print(f"refused: {escape(msg)}", style="red"), ask_card
    )


def table_dice(
    console: Console, ask: Ask, computer: list[str], seed: int | None, record: Record | None = None
) -> DiceSource:
    """Dice at the table, but the secret rolls of the computer's seats are
    rolled by the program: nobody at the table may see them.

    Resuming a game from ``record``, the program's dice go on from where
    they stopped: they are advanced past the rolls and draws it made before,
    so the resumed game rolls what the uninterrupted one would have."""
    program = RandomDice(seed)
    for entry in record.rolls() if record is not None else []:
        if not entry.get("secret") or entry.get("seat") not in computer:
            continue
        if entry["t"] == "r":
            count, sides = len(entry["values"]), int(entry.get("sides", 6))
            program.roll(RollRequest(entry["label"], count, entry["rule"], sides))
        else:
            size = int(entry.get("size", 1))
            program.draw(DrawRequest(entry["label"], entry["deck"], ("",) * size, entry["rule"]))
    return SeatDice(manual_dice(console, ask), program, computer)


def save_record(record: Record, path: Path) -> None:
    """Write ``record`` to ``path`` whole or not at all: into a temporary file
    in the same folder, flushed to disk, then renamed over the old one, so a
    kill at any moment leaves either the previous record or the new one."""
    text = json.dumps(record.to_json(), indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def run_game(
    game: Game,
    kinds: dict[str, str],
    console: Console,
    ask: Ask,
    store: Store | None,
    game_id: str | None,
    save: Path | None,
    seed: int,
) -> Result:
    """Play ``game`` to the end in the terminal, saving as it goes."""
    players: dict[str, Player] = {}
    for side, kind in sorted(kinds.items()):
        players[side] = (
            HumanPlayer(console, ask, game)
            if kind == "human"
            else SeededPlayer(
                kind, game.scenario.ruleset, side, seed, lambda: len(game.record.decisions())
            )
        )
    humans = [s for s, k in kinds.items() if k == "human"]
    # Two or more sides at one keyboard (hot seat): each is shown, when it is
    # its turn, only what it may see of what happened since it last looked.
    hot_seat = len([h for h in humans if game.viewer(h) != EVERYTHING]) >= 2
    looked = dict.fromkeys(humans or [""], 0)

    def print_entry(entry: LogEntry) -> None:
        style = {"roll": "cyan", "decision": "green"}.get(entry.kind, "")
        console.print(Text(str(entry), style=style), highlight=False)

    def show_log(seat: str | None) -> None:
        if hot_seat and seat not in humans:
            return  # shown to the next person at the keyboard
        who = [seat] if hot_seat and seat is not None else humans
        viewers = [game.viewer(h) for h in who] or [EVERYTHING]
        start = looked.get(seat or "", 0) if hot_seat else min(looked.values())
        for entry in game.log[start:]:
            if entry.kind == "secret" and (
                entry.about in who or EVERYTHING in viewers or not humans
            ):
                continue  # the order itself is shown to its seat
            if any(entry.visible_to(v) for v in viewers):
                print_entry(entry)
        for h in who if hot_seat else looked:
            looked[h] = len(game.log)

    while (prompt := game.prompt()) is not None:
        if hot_seat and prompt.seat in humans:
            console.rule(f"{prompt.seat} at the keyboard")
        show_log(prompt.seat)
        answer = players[prompt.seat].decide(game.view(prompt.seat), prompt)
        try:
            game.apply(prompt.seat, answer)
        except IllegalAnswer as exc:
            console.print(Text(str(exc), style="red"))
            continue
        if save is not None:
            save_record(game.record, save)
    if hot_seat:  # the game is over: everything is shown, once
        for entry in game.log[min(looked.values()) :]:
            if entry.kind != "secret":
                print_entry(entry)
        looked = dict.fromkeys(looked, len(game.log))
    else:
        show_log(None)
    result = game.result()
    assert result is not None
    if store is not None and game_id is not None:
        store.finish(game_id, result.to_json())
    if save is not None:
        save_record(game.record, save)
    console.print(
        Panel(Text(game.ruleset.render(game.state, game.viewer(None))), title="Final position")
    )
    console.print(f"[bold]Result:[/bold] {escape(str(result))}")
    return result


def live_dice(
    mode: str, seed: int | None, console: Console, ask: Ask, computer: list[str] | None = None
) -> DiceSource:
    if mode == "manual":
        return table_dice(console, ask, computer or [], seed)
    return RandomDice(seed)


def resume_game(
    record: Record,
    mode: str,
    console: Console,
    ask: Ask,
    store: Store,
    game_id: str,
    computer: list[str] | None = None,
) -> Game:
    """Rebuild a stored game from its record and go on saving it.

    Where the record stops in the middle of a step (the program was killed,
    or stopped at a dice prompt), the replay plays the rest of that step with
    the live dice; those entries are stored at once, so the store holds
    every entry of the game without a gap."""
    live = (
        table_dice(console, ask, computer or [], record.seed, record) if mode == "manual" else None
    )
    game = Game.replay(record, live=live)
    attach(game, store, game_id, stored=len(record.entries))
    return game


__all__ = [
    "HumanPlayer",
    "InputClosed",
    "attach",
    "live_dice",
    "read_line",
    "resume_game",
    "run_game",
]
