"""The ``quarterdeck`` command: list, play, replay, resume, simulate, odds, serve."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import secrets
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Column, Table
from rich.text import Text

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import QuarterdeckError, RecordError, ScenarioError, TableError
from quarterdeck.core.record import Record
from quarterdeck.core.scenario import Scenario
from quarterdeck.core.store import Store, attach
from quarterdeck.rulesets import all_rulesets, get_ruleset

app = typer.Typer(
    help="Quarterdeck: published naval wargame rules, playable and analysable.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
scenarios_app = typer.Typer(help="List bundled scenarios, or show one's forces.")
odds_app = typer.Typer(help="Exact odds (computed, not sampled) for gun-dice boarding (5.2).")
app.add_typer(scenarios_app, name="scenarios")
app.add_typer(odds_app, name="odds")

console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # messages never wrap

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default: SQLite file in your user data folder)."),
]


# Bounds on what a user may ask for: each keeps a command to seconds or
# minutes, and each is refused with a one-line message before any work.
MAX_SEED = 2**63 - 1  # a seed is stored as a 64-bit whole number
MAX_GAMES = 10_000_000  # about an hour of simulation on one core
MAX_WORKERS = 256
MAX_ODDS_DICE = 16  # exact odds for 16 dice a side take a few seconds; 99 would take hours

Seed = Annotated[
    int | None,
    typer.Option(min=0, max=MAX_SEED, help="Seed for program dice: same seed, same game."),
]


def print_error(message: str) -> None:
    """Each line of ``message`` on one line of its own, printed literally
    (never read as terminal markup), never wrapped."""
    for line in str(message).splitlines() or [""]:
        err.print(Text.assemble(("error:", "red"), " ", line), soft_wrap=True, highlight=False)


def fail(message: str, code: int = 2) -> typer.Exit:
    print_error(message)
    return typer.Exit(code)


def check_output_file(path: Path | None, option: str) -> None:
    """Refuse an output file that cannot be written, before any work is done."""
    if path is None:
        return
    folder = path.parent
    if path.is_dir():
        raise QuarterdeckError(f"{option} {path}: is a folder, not a file")
    if not folder.is_dir():
        raise QuarterdeckError(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise QuarterdeckError(f"{option} {path}: the folder {folder} cannot be written to")


def _version(value: bool) -> None:
    if value:
        try:
            number = version("quarterdeck")
        except PackageNotFoundError:  # run from a source tree that was never installed
            number = "unknown"
        print(f"quarterdeck {number}")
        raise typer.Exit(0)


@app.callback()
def _main_options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            is_eager=True,
            callback=_version,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Quarterdeck: published naval wargame rules, playable and analysable."""


# --------------------------------------------------------------------------
# rulesets and scenarios


@app.command("rulesets")
def rulesets_cmd(as_json: JsonFlag = False) -> None:
    """List the rule sets, with whether each is playable yet."""
    rows: list[dict[str, Any]] = [
        {
            "id": r.info.id,
            "title": r.info.title,
            "period": r.info.period,
            "playable": r.info.playable,
        }
        for r in all_rulesets()
    ]
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    table = Table(Column("id", no_wrap=True), "title", "period", "playable")
    for row in rows:
        table.add_row(
            row["id"],
            Text(row["title"]),
            Text(row["period"]),
            "yes" if row["playable"] else "not yet",
        )
    console.print(table)


def _scenario_json(s: Scenario) -> dict[str, Any]:
    return {
        "id": s.id,
        "ruleset": s.ruleset,
        "title": s.title,
        "year": s.header.year,
        "sides": s.side_names,
        "turn_limit": s.header.turn_limit,
        "description": s.header.description,
    }


@scenarios_app.callback(invoke_without_command=True)
def scenarios_list(
    ctx: typer.Context,
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="Only this rule set.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the bundled scenarios."""
    if ctx.invoked_subcommand is not None:
        return
    if ruleset is not None:
        get_ruleset(ruleset)  # refuses an unknown id with the legal values
    found = [s for s in scenarios.bundled() if ruleset is None or s.ruleset == ruleset]
    if as_json:
        print(json.dumps([_scenario_json(s) for s in found], indent=1))
        return
    table = Table(Column("id", no_wrap=True), Column("rule set", no_wrap=True), "title", "sides")
    for s in found:
        table.add_row(s.id, s.ruleset, Text(s.title), ", ".join(s.side_names))
    console.print(table)


@scenarios_app.command("show")
def scenarios_show(
    scenario_id: Annotated[str, typer.Argument(help="Scenario id or .toml file.")],
    as_json: JsonFlag = False,
) -> None:
    """Show a scenario: its story and its forces, ship by ship."""
    s = scenarios.load(scenario_id)
    if as_json:
        data = _scenario_json(s) | {"history": s.header.history, "forces": s.summary}
        print(json.dumps(data, indent=1))
        return
    console.print(f"[bold]{escape(s.title)}[/bold]  ({s.id}, rule set {s.ruleset})")
    if s.header.description:
        console.print(Text(s.header.description.strip()))
    for side in s.header.sides:
        console.print(f"\n[bold]{escape(side.title)}[/bold] (side '{side.name}')")
        for line in s.summary:
            if line.startswith(f"{side.name}: "):
                console.print(Text(f"  {line.split(': ', 1)[1]}"))
    if s.header.history:
        console.print(f"\n[dim]History:[/dim] {escape(s.header.history.strip())}")
    if s.header.source:
        console.print(f"[dim]Source: {escape(s.header.source)}[/dim]")


def _parse_sets(sets: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in sets:
        if "=" not in item:
            raise ScenarioError(f"--set {item!r}: expected KEY=VALUE, e.g. --set sea=choppy")
        key, value = item.split("=", 1)
        try:
            out[key.strip()] = tomllib.loads(f"v = {value}")["v"]
        except tomllib.TOMLDecodeError:
            out[key.strip()] = value
    return out


def load_scenario(name: str, sets: list[str], tables: Path | None) -> Scenario:
    """A scenario with ``--set`` overrides and a ``--tables`` house-rules file.

    A problem in the house rules is reported against the user's file (its
    line where it can be found), never against the printed charts."""
    base = scenarios.load(name)
    if not sets and tables is None:
        return base
    parsed = _parse_sets(sets)
    cards: dict[str, dict[str, Any]] = {}
    for key in [k for k in parsed if k.startswith("decks.")]:
        parts = key.split(".")
        if len(parts) != 3:
            raise ScenarioError(
                f"--set {key}=...: a deck's card is set as decks.DECK.CARD=COUNT, "
                "e.g. --set decks.events.no-event=12"
            )
        cards.setdefault(parts[1], {})[parts[2]] = parsed.pop(key)
    data = dict(base.data) | parsed
    if cards:
        data = scenarios.with_card_counts(data, cards)
    if tables is not None:
        from quarterdeck.core.tables import read_toml

        house = read_toml(tables)
        try:
            scenarios.check_numbers(house, str(tables), tables.read_text("utf-8", "replace"))
        except ScenarioError as exc:
            raise TableError(str(exc)) from None
        data["house_rules"] = house
    try:
        return scenarios.build(data, f"{base.path} (with overrides)", strict=True)
    except TableError as exc:
        if tables is None or exc.problems is None:
            raise
        text = tables.read_text("utf-8", "replace")
        raise TableError(scenarios.problem_message(exc.problems, str(tables), text)) from None


def _sides(scenario: Scenario, pairs: list[str], default_first: str) -> dict[str, str]:
    kinds = {side: ("human" if n == 0 else "ai") for n, side in enumerate(scenario.side_names)}
    for umpire in set(scenario.side_names) - set(scenario.combatants):
        kinds[umpire] = "ai"  # the umpire seat is played by the program unless asked
    if default_first != "human":
        kinds = dict.fromkeys(scenario.side_names, default_first)
    for pair in pairs:
        if "=" not in pair:
            raise ScenarioError(f"--side {pair!r}: expected SIDE=KIND, e.g. --side british=human")
        side, kind = (x.strip() for x in pair.split("=", 1))
        if side not in kinds:
            raise ScenarioError(
                f"--side {pair!r}: {scenario.id} has no side {side!r} "
                f"(sides: {', '.join(scenario.side_names)})"
            )
        if kind not in ("human", "ai", "random"):
            raise ScenarioError(f"--side {pair!r}: kind {kind!r} (legal values: human, ai, random)")
        kinds[side] = kind
    return kinds


# --------------------------------------------------------------------------
# play, replay, resume, games


@app.command()
def play(
    scenario_id: Annotated[str, typer.Argument(help="Scenario id or .toml file.")],
    side: Annotated[
        list[str] | None,
        typer.Option("--side", help="SIDE=human|ai|random (default: first side human, others ai)."),
    ] = None,
    seed: Seed = None,
    dice: Annotated[
        str, typer.Option(help="program, or manual to type in dice rolled at the table.")
    ] = "program",
    save: Annotated[
        Path | None, typer.Option(help="Write the game record (JSON) to this file.")
    ] = None,
    db: DbOption = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Override a scenario field: KEY=VALUE.")
    ] = None,
    tables: Annotated[
        Path | None, typer.Option(help="House-rule tables (TOML) over the printed charts.")
    ] = None,
) -> None:
    """Play a scenario in the terminal."""
    from quarterdeck.cli.play import live_dice, read_line

    if dice not in ("program", "manual"):
        raise fail(f"--dice {dice!r}: legal values are program, manual")
    check_output_file(save, "--save")
    scenario = load_scenario(scenario_id, set_ or [], tables)
    if scenario.umpire is None and any(p.split("=")[0].strip() == "umpire" for p in side or []):
        scenario = scenario.with_umpire()  # any game may have an umpire
    kinds = _sides(scenario, side or [], "human")
    store = Store(db)
    ask = read_line(console)
    if seed is None:
        # the record keeps the seed: the program's dice and the computer
        # players' choices both come from it, so the game can be resumed
        seed = secrets.randbelow(2**31)
    source = live_dice(dice, seed, console, ask, [s for s, k in kinds.items() if k != "human"])
    actual_seed = seed
    game = Game.new(scenario, dice=source, seed=actual_seed, dice_mode=dice)
    game_id = store.create(game.record, kinds)
    attach(game, store, game_id)
    how = f"seed {actual_seed}" if actual_seed is not None else "dice rolled at the table"
    console.print(f"[bold]{escape(scenario.title)}[/bold] - game {game_id}, {how}")
    console.print(", ".join(f"{s}: {k}" for s, k in kinds.items()))
    _play_saved(game, kinds, store, game_id, save, actual_seed or 0, ask)


def _play_saved(
    game: Game,
    kinds: dict[str, str],
    store: Store,
    game_id: str,
    save: Path | None,
    seed: int,
    ask: Any,
) -> None:
    from quarterdeck.cli.play import InputClosed, run_game

    try:
        run_game(game, kinds, console, ask, store, game_id, save, seed)
    except (InputClosed, KeyboardInterrupt):
        err.print(
            f"\nStopped. Everything decided so far is saved: continue with "
            f"[bold]quarterdeck resume {game_id}[/bold]"
        )
        raise typer.Exit(130) from None
    except QuarterdeckError:
        raise  # a user's error (or another process moved the game on): one line
    except Exception as exc:
        # a fault in the program, not in what the user typed: the game is
        # marked failed (never left "playing"), with the error kept beside it
        import traceback

        store.fail(game_id, "".join(traceback.format_exception(exc)))
        said = " ".join(str(exc).split())[:300]
        raise fail(
            f"the program failed in game {game_id} ({type(exc).__name__}: {said}); the game "
            f"is marked failed and its record kept (quarterdeck replay {game_id}). "
            "Please report this.",
            1,
        ) from None


@app.command()
def resume(
    game_id: Annotated[
        str | None, typer.Argument(help="Saved game id (default: the latest unfinished).")
    ] = None,
    db: DbOption = None,
    side: Annotated[
        list[str] | None, typer.Option("--side", help="Change who plays a side: SIDE=KIND.")
    ] = None,
) -> None:
    """Continue an interrupted game exactly where it stopped."""
    from quarterdeck.cli.play import InputClosed, read_line, resume_game

    store = Store(db)
    if game_id is None:
        playing = store.list(status="playing", limit=1)
        if not playing:
            raise fail("there is no unfinished game to resume (see: quarterdeck games)")
        game_id = playing[0].id
    record, row = store.load(game_id)
    if row.status == "finished":
        raise fail(f"game {game_id} is finished; watch it with: quarterdeck replay {game_id}")
    scenario = scenarios.scenario_from_record(record)
    kinds = {k: v for k, v in row.seats.items() if k in scenario.side_names}
    kinds = (
        {s: kinds.get(s, "ai") for s in scenario.side_names}
        if kinds
        else _sides(scenario, [], "human")
    )
    kinds = {s: ("human" if k == "here" else "ai" if k == "link" else k) for s, k in kinds.items()}
    if side:
        kinds = _sides(scenario, side, "human") | {
            k: v for k, v in kinds.items() if not any(p.startswith(f"{k}=") for p in side)
        }
    ask = read_line(console)
    computer = [s for s, k in kinds.items() if k != "human"]
    try:
        game = resume_game(record, record.dice_mode, console, ask, store, game_id, computer)
    except (InputClosed, KeyboardInterrupt):
        err.print(f"\nStopped; nothing was changed: continue with quarterdeck resume {game_id}")
        raise typer.Exit(130) from None
    if side:
        store.set_seats(game_id, {**row.seats, **kinds})
    if row.status == "failed":
        store.set_status(game_id, "playing")  # asked for by its id: tried again
    console.print(
        f"[bold]Resuming {escape(game.scenario.title)}[/bold] - game {game_id}, turn {game.turn}, "
        f"{len(record.decisions())} decisions replayed"
    )
    _play_saved(game, kinds, store, game_id, None, record.seed or 0, ask)


def _load_record(source: str, db: str | None) -> Record:
    if source.endswith(".json") or Path(source).exists():
        return Record.load(source)
    try:
        return Store(db).load(source)[0]
    except RecordError:
        from quarterdeck.core.scenario import bundled_paths

        if source in bundled_paths():
            raise RecordError(
                f"{source!r} is a scenario: give --seed N to replay one of its simulated"
                " games (a row's seed), or a record file or saved game id instead"
            ) from None
        raise RecordError(f"{source!r} is neither a record file nor a saved game id") from None


@app.command()
def replay(
    source: Annotated[
        str,
        typer.Argument(help="A record file (.json), a saved game id, or with --seed a scenario."),
    ],
    step: Annotated[
        bool, typer.Option("--step", help="Step through decision by decision.")
    ] = False,
    db: DbOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=MAX_SEED,
            help="Play again the simulated game with this seed (a row of simulate --out) "
            "of the scenario SOURCE.",
        ),
    ] = None,
    side: Annotated[
        list[str] | None, typer.Option("--side", help="With --seed: SIDE=ai|random, as simulated.")
    ] = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="With --seed: KEY=VALUE, as simulated.")
    ] = None,
    keep: Annotated[
        bool,
        typer.Option(
            "--keep", help="With --seed: save the game, to watch it on the web table's replay."
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Replay a game record, or a simulated game by its seed, to its final state.

    Until the game is over it shows what a watcher may see: no side's
    secrets (its secret orders, rolls and cards); once it is over, everything."""
    if seed is not None:
        record = _simulated_record(source, seed, side or [], set_ or [], keep, db)
    elif side or set_ or keep:
        raise fail("--side, --set and --keep go with --seed SEED")
    else:
        record = _load_record(source, db)
    game = Game.replay(record)
    finished = game.result() is not None

    def public(g: Game) -> list[Any]:
        g.spectators_see_all = finished
        return [e for e in g.log if e.visible_to(g.viewer(None)) and e.kind != "secret"]

    if step:
        decisions = record.decisions()
        shown = 0
        for n in range(len(decisions) + 1):
            partial_game = Game.replay(record, upto=n)
            for entry in public(partial_game)[shown:]:
                console.print(escape(str(entry)))
            shown = len(public(partial_game))
            if n < len(decisions):
                if sys.stdin.isatty():
                    console.input(
                        f"[dim]-- decision {n + 1}/{len(decisions)}: press Enter --[/dim]"
                    )
                else:
                    console.print(f"[dim]-- decision {n + 1}/{len(decisions)} --[/dim]")
    result = game.result()
    state = game.ruleset.state_to_json(game.state)
    if as_json:
        shown_state = state if finished else game.view(None, log=False)
        print(
            json.dumps(
                {
                    "result": result.to_json() if result else None,
                    "state" if finished else "view": shown_state,
                },
                indent=1,
            )
        )
        return
    if not step:
        for entry in public(game):
            console.print(escape(str(entry)))
    console.print(Text(game.ruleset.render(game.state, game.viewer(None))))
    shown_result = str(result) if result else f"unfinished (turn {game.turn})"
    console.print(f"[bold]Result:[/bold] {escape(shown_result)}")
    digest = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()
    console.print(f"[dim]final state sha256 {digest[:16]}[/dim]")


def _simulated_record(
    scenario_id: str, seed: int, side: list[str], sets: list[str], keep: bool, db: str | None
) -> Record:
    """The record of game ``seed`` of a simulation, played again by the same
    computer players on the same dice (see quarterdeck.sim.games)."""
    from quarterdeck.sim.games import outcome_of, replay_game

    scenario = load_scenario(scenario_id, sets, None)
    kinds = _sides(scenario, side, "ai")
    if "human" in kinds.values():
        raise fail("--seed replays a simulated game: every side is ai or random")
    game = replay_game(scenario, seed, kinds)
    row = outcome_of(game)
    err.print(
        Text(
            f"simulated game seed {seed}: {row.winner or 'draw'}, {row.how}, turn {row.turns}, "
            f"{row.decisions} decisions"
        )
    )
    if keep:
        store = Store(db)
        game_id = store.create(game.record, kinds)
        result = game.result()
        if result is not None:
            store.finish(game_id, result.to_json())
        err.print(
            f"saved as game {game_id}: on the web table (quarterdeck serve) "
            f"open /games/{game_id}/replay"
        )
    return game.record


@app.command()
def games(db: DbOption = None, as_json: JsonFlag = False) -> None:
    """List saved games, newest first (seat tokens are never shown)."""
    rows = [
        dataclasses.replace(r, seats={k: v for k, v in r.seats.items() if _public_seat(k)})
        for r in Store(db).list()
    ]
    if as_json:
        print(json.dumps([r.__dict__ for r in rows], indent=1))
        return
    table = Table(
        Column("id", no_wrap=True),
        Column("scenario", no_wrap=True),
        "status",
        "seats",
        "decisions+rolls",
        "result",
    )
    for r in rows:
        result = _result_text(r.result)
        seats = ", ".join(f"{k}={v}" for k, v in r.seats.items())
        table.add_row(
            r.id, Text(r.scenario_id), r.status, Text(seats), str(r.entries), Text(result)
        )
    console.print(table)


def _result_text(result: dict[str, Any] | None) -> str:
    """A saved game's result as listed: who won and how, or, for a game
    whose rules failed, the last line of the error kept with it."""
    if not result:
        return ""
    if "error" in result:
        lines = str(result["error"]).strip().splitlines() or ["?"]
        return f"failed: {lines[-1][:120]}"
    return f"{result.get('winner') or 'draw'}: {result.get('how', '')}"


def _public_seat(key: str) -> bool:
    """Seat entries that name a side's player; the web keeps tokens beside them."""
    return ":" not in key and key != "pending"


# --------------------------------------------------------------------------
# simulate


@app.command()
def simulate(
    scenario_id: Annotated[str, typer.Argument(help="Scenario id or .toml file.")],
    games_: Annotated[
        int, typer.Option("--games", min=1, max=MAX_GAMES, help="Number of games.")
    ] = 1000,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the run: same seed, same results.")
    ] = 0,
    workers: Annotated[
        int,
        typer.Option(
            min=1, max=MAX_WORKERS, help="Local worker processes (with --backend ray: local CPUs)."
        ),
    ] = 1,
    side: Annotated[list[str] | None, typer.Option("--side", help="SIDE=ai|random.")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override: KEY=VALUE.")] = None,
    tables: Annotated[Path | None, typer.Option(help="House-rule tables (TOML).")] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Also draw results, lengths, losses and victory points to this PNG."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write one row per game (seed, winner, how, turns, losses, points): "
            "JSON lines, or Parquet for a .parquet name (needs pyarrow)."
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option(help="local (processes on this machine) or ray (pip install '.\\[ray]').")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="Ray cluster address (default: start a local Ray instance)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Play many games AI against AI and report who wins, how often, and how."""
    _simulate(
        scenario_id, games_, seed, workers, side, set_, tables, plot, out, backend, address, as_json
    )


def _simulate(
    scenario_id: str,
    games_: int,
    seed: int,
    workers: int,
    side: list[str] | None,
    set_: list[str] | None,
    tables: Path | None,
    plot: Path | None,
    out: Path | None,
    backend: str,
    address: str | None,
    as_json: bool,
) -> None:
    from quarterdeck.sim.out import ROW_SUFFIXES, RowWriter
    from quarterdeck.sim.runner import BACKENDS, simulate as run

    check_output_file(plot, "--plot")
    if plot is not None and plot.suffix.lower() != ".png":
        raise fail(f"--plot {plot}: the plot is a PNG image; give a file name ending in .png")
    check_output_file(out, "--out")
    if out is not None and out.suffix.lower() not in ROW_SUFFIXES:
        raise fail(
            f"--out {out}: the rows are JSON lines or Parquet; give a file name ending in"
            f" {', '.join(ROW_SUFFIXES)}"
        )
    if backend not in BACKENDS:
        raise fail(f"--backend {backend!r}: legal values are {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise fail("--address is for --backend ray")
    if backend == "ray":
        from quarterdeck.sim.ray_backend import check_address, import_ray

        if address is not None:
            check_address(address)
        import_ray()
    scenario = load_scenario(scenario_id, set_ or [], tables)
    kinds = _sides(scenario, side or [], "ai")
    if "human" in kinds.values():
        raise fail("simulate plays ai and random sides only")
    show = not as_json and sys.stderr.isatty()
    progress = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not show,
    )
    writer = RowWriter(out, scenario.combatants) if out is not None else None
    try:
        with progress:
            task = progress.add_task("games", total=games_)
            summary = run(
                scenario,
                games_,
                seed,
                workers,
                kinds,
                lambda n: progress.advance(task, n),
                backend=backend,
                address=address,
                on_game=writer.write if writer is not None else None,
            )
    finally:
        if writer is not None:
            writer.close()
    if out is not None:
        err.print(
            Text(
                f"{summary.games} rows written to {out}; watch any game with: "
                f"quarterdeck replay {scenario_id} --seed SEED"
                + "".join(f" --side {p}" for p in side or [])
            )
        )
    if plot is not None:
        from quarterdeck.sim.plot import plot_summary

        plot_summary(summary, scenario, plot)
        err.print(Text(f"plot written to {plot}"))
    if as_json:
        print(json.dumps(summary.to_json(), indent=1))
        return
    where = f"{workers} worker(s)" if backend == "local" else f"Ray ({address or 'local'})"
    console.print(
        f"[bold]{escape(scenario.title)}[/bold]: {summary.games} games, seed {seed}, {where}"
    )
    table = Table("side", "wins", "win rate", "95% CI", "mean losses", "mean points")
    intervals = summary.intervals
    for s, w in summary.results.items():
        lo, hi = intervals[s]
        losses = summary.losses.get(s)
        points = summary.points.get(s)
        table.add_row(
            s,
            str(w),
            f"{w / summary.games:.1%}",
            f"{lo:.1%} - {hi:.1%}",
            f"{summary.mean(losses):.2f}" if losses else "",
            f"{summary.mean(points):.1f}" if points else "",
        )
    lo, hi = summary.draw_interval
    table.add_row(
        "draws", str(summary.draws), f"{summary.draws / summary.games:.1%}", f"{lo:.1%} - {hi:.1%}"
    )
    console.print(table)
    console.print(Text("how games ended: " + ", ".join(f"{k} {v}" for k, v in summary.how.items())))
    console.print(
        f"mean length {summary.mean_turns:.2f} turns ({summary.mean_decisions:.1f} decisions); "
        f"{summary.games_per_second:,.0f} games/s"
    )


# --------------------------------------------------------------------------
# odds


def _pct(x: Any) -> str:
    return f"{float(x):.2%}"


PolicyOption = Annotated[
    str,
    typer.Option(
        "--policy",
        help="How unopposed dice are placed: 'action' (best for the whole action) or "
        "'round' (the round's best trade).",
    ),
]


def _odds_json(ctx: typer.Context, as_json: bool) -> bool:
    """--json given to the subcommand or to `quarterdeck odds` itself."""
    return as_json or bool((ctx.obj or {}).get("json"))


def _policy(policy: str) -> str:
    from quarterdeck.odds.gundice import POLICIES

    if policy not in POLICIES:
        raise fail(f"--policy: {policy!r} is not a policy; legal values: {', '.join(POLICIES)}")
    return policy


def _attempt_data() -> dict[str, Any]:
    from quarterdeck.odds.gundice import attempt_odds

    return {
        str(n): {"fraction": str(p), "probability": float(p)} for n, p in attempt_odds().items()
    }


def _table_data(max_dice: int, policy: str) -> dict[str, float]:
    from quarterdeck.odds.gundice import capture_odds

    return {
        f"{a}v{d}": float(capture_odds(a, d, policy=policy))
        for a in range(1, max_dice + 1)
        for d in range(1, max_dice + 1)
    }


@odds_app.callback(invoke_without_command=True)
def odds_overview(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Without a subcommand: attempt odds and the capture table for 1-6 dice.
    Unopposed dice are placed for the whole action unless --policy round."""
    ctx.obj = {"json": as_json}
    if ctx.invoked_subcommand is not None:
        return
    if as_json:
        data = {"attempt": _attempt_data(), "capture": _table_data(6, "action")}
        print(json.dumps({**data, "policy": "action"}))
        return
    attempt(ctx)
    capture_table(ctx)


@odds_app.command()
def attempt(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Chance that a boarding attempt with 1, 2 or 3 dice starts an action."""
    data = _attempt_data()
    if _odds_json(ctx, as_json):
        print(json.dumps(data))
        return
    table = Table("attempt dice", "P(any 6)", "exact")
    for n, p in data.items():
        table.add_row(n, _pct(p["probability"]), p["fraction"])
    console.print(table)


# a negative number is read as a dice count (and refused as one), not as an option
NUMBERS = {"ignore_unknown_options": True}


@odds_app.command("round", context_settings=NUMBERS)
def round_cmd(
    ctx: typer.Context,
    attacker: Annotated[int, typer.Argument(min=1, max=MAX_ODDS_DICE, help="Attacker's dice.")],
    defender: Annotated[int, typer.Argument(min=1, max=MAX_ODDS_DICE, help="Defender's dice.")],
    as_json: JsonFlag = False,
    policy: PolicyOption = "action",
) -> None:
    """Outcome of one round: dice lost by each side, exactly."""
    from quarterdeck.odds.gundice import round_odds

    dist = round_odds(attacker, defender, policy=_policy(policy))
    if _odds_json(ctx, as_json):
        print(
            json.dumps(
                [
                    {
                        "attacker_lost": a,
                        "defender_lost": d,
                        "fraction": str(p),
                        "probability": float(p),
                    }
                    for (a, d), p in sorted(dist.items())
                ]
            )
        )
        return
    table = Table("attacker loses", "defender loses", "probability", "exact")
    for (a, d), p in sorted(dist.items()):
        table.add_row(str(a), str(d), _pct(p), str(p))
    console.print(f"One round, {attacker} attacking dice against {defender} defending dice (5.2):")
    console.print(table)


@odds_app.command(context_settings=NUMBERS)
def capture(
    ctx: typer.Context,
    attacker: Annotated[int, typer.Argument(min=1, max=MAX_ODDS_DICE, help="Attacker's dice.")],
    defender: Annotated[int, typer.Argument(min=1, max=MAX_ODDS_DICE, help="Defender's dice.")],
    as_json: JsonFlag = False,
    policy: PolicyOption = "action",
) -> None:
    """Chance that A attacking dice capture D defending dice if neither calls off."""
    from quarterdeck.odds.gundice import capture_odds

    p = capture_odds(attacker, defender, policy=_policy(policy))
    if _odds_json(ctx, as_json):
        print(
            json.dumps(
                {
                    "attacker": attacker,
                    "defender": defender,
                    "policy": policy,
                    "fraction": str(p),
                    "probability": float(p),
                }
            )
        )
        return
    console.print(
        f"{attacker} attacking dice capture {defender} defending dice with probability "
        f"{_pct(p)} (exactly {p})"
    )


@odds_app.command("table")
def capture_table(
    ctx: typer.Context,
    max_dice: Annotated[int, typer.Option("--max", min=1, max=12, help="Largest dice count.")] = 6,
    as_json: JsonFlag = False,
    policy: PolicyOption = "action",
) -> None:
    """Capture chance for every pair of dice counts up to --max."""
    data = _table_data(max_dice, _policy(policy))
    if _odds_json(ctx, as_json):
        print(json.dumps(data))
        return
    table = Table("attacker \\ defender", *[str(d) for d in range(1, max_dice + 1)])
    for a in range(1, max_dice + 1):
        table.add_row(str(a), *[f"{data[f'{a}v{d}']:.1%}" for d in range(1, max_dice + 1)])
    how = "for the whole action" if policy == "action" else "for the round's best trade"
    console.print(
        f"Chance of capture if neither side calls off (5.2), unopposed dice placed {how}:"
    )
    console.print(table)


# --------------------------------------------------------------------------
# odds: Cutting Out Party

co_odds = typer.Typer(help="Exact odds for Cutting Out Party: a melee, a cannon shot, spotting.")
odds_app.add_typer(co_odds, name="cutting-out")


@co_odds.command("melee")
def co_melee(
    mod_a: Annotated[int, typer.Argument(help="The first figure's modifiers.")] = 0,
    mod_b: Annotated[int, typer.Argument(help="The second figure's modifiers.")] = 0,
    enemies: Annotated[
        int, typer.Option("--against", min=1, max=8, help="The first figure against N enemies.")
    ] = 1,
    climbing: Annotated[
        bool, typer.Option("--climbing", help="The first figure is a boarder on the climb.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """One figure against one (or against several, --against N): every result."""
    from quarterdeck.odds.cutting_out import melee_lone, melee_pair

    if enemies > 1:
        fate, beaten = melee_lone(enemies, mod_a, mod_b)
        if as_json:
            print(
                json.dumps(
                    {
                        "fate": {k: float(v) for k, v in fate.items()},
                        "beaten": {str(k): float(v) for k, v in beaten.items()},
                    }
                )
            )
            return
        table = Table("the lone figure", "probability", "exact")
        for k, p in fate.items():
            table.add_row(k, _pct(p), str(p))
        console.print(
            f"One figure ({mod_a:+d}) against {enemies} ({mod_b:+d} each), "
            "one die against each of theirs (Melee):"
        )
        console.print(table)
        beat = Table("enemies he beats", "probability", "exact")
        for n, p in beaten.items():
            beat.add_row(str(n), _pct(p), str(p))
        console.print(beat)
        return
    dist = melee_pair(mod_a, mod_b, climbing)
    if as_json:
        print(
            json.dumps({k: {"fraction": str(p), "probability": float(p)} for k, p in dist.items()})
        )
        return
    table = Table("outcome", "probability", "exact")
    for k, p in dist.items():
        table.add_row(k, _pct(p), str(p))
    climb = ", a climbing" if climbing else ""
    console.print(f"Figure a{climb} ({mod_a:+d}) against figure b ({mod_b:+d}) (Melee):")
    console.print(table)


@co_odds.command("cannon")
def co_cannon(
    gun: Annotated[str, typer.Argument(help="ship, land or swivel.")],
    inches: Annotated[float, typer.Argument(help="The range in inches.")],
    target: Annotated[
        str, typer.Option(help="fort, anchored, moving or boats (round shot).")
    ] = "anchored",
    modifier: Annotated[int, typer.Option(help="The red die's modifiers, added up.")] = 0,
    grape: Annotated[bool, typer.Option("--grape", help="Grape, not round shot.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """One gun's shot: the chance to hit, and what a hit does (Cannon Fire)."""
    from quarterdeck.odds.cutting_out import cannon_shot

    if gun not in ("ship", "land", "swivel"):
        raise fail(f"gun {gun!r}: legal values are ship, land, swivel")
    if target not in ("fort", "anchored", "moving", "boats"):
        raise fail(f"--target {target!r}: legal values are fort, anchored, moving, boats")
    hit, effects = cannon_shot(gun, inches, target, modifier, grape)
    if as_json:
        print(
            json.dumps(
                {
                    "hit": {"fraction": str(hit), "probability": float(hit)},
                    "effects": {k: float(v) for k, v in effects.items()},
                }
            )
        )
        return
    shot = "grape" if grape else f"round shot at a {target} target"
    console.print(
        f"A {gun} gun, {shot}, at {inches:g} in ({modifier:+d}): hits {_pct(hit)} (exactly {hit})"
    )
    if effects:
        table = Table("a hit does", "probability", "exact")
        for k, p in effects.items():
            table.add_row(k, _pct(p), str(p))
        console.print(table)


@co_odds.command("spotting")
def co_spotting(
    inches: Annotated[float, typer.Argument(help="The nearest boat's distance in inches.")],
    bonus: Annotated[int, typer.Option(help="Daytime +2, the moon card +1.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """The chance the defender's spotting die finds the nearest boat."""
    from quarterdeck.odds.cutting_out import spotting

    p = spotting(inches, bonus)
    if as_json:
        print(json.dumps({"inches": inches, "fraction": str(p), "probability": float(p)}))
        return
    console.print(f"A boat {inches:g} in off is spotted with probability {_pct(p)} (exactly {p})")


# --------------------------------------------------------------------------
# serve


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port.")] = 8000,
    db: DbOption = None,
) -> None:
    """Start the web table (SQLite by default; --db for PostgreSQL)."""
    from quarterdeck.web.server import serve as run_server

    run_server(host, port, db)


def _usage_error_classes() -> tuple[type[Exception], ...]:
    """The exception classes for usage errors of the command-line parser that
    the installed typer uses (its own copy of click in typer 0.17 and later,
    click itself before), and click's own in case anything raises those."""
    found: list[type[Exception]] = [
        c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
    ]
    try:
        import click

        found.append(click.ClickException)
    except ImportError:  # pragma: no cover - click is optional with typer >= 0.17
        pass
    return tuple(dict.fromkeys(found))


USAGE_ERRORS = _usage_error_classes()


def _usage_message(exc: Exception) -> str:
    """One line: what was wrong with the command line, and where to look."""
    format_message = getattr(exc, "format_message", None)
    text = format_message() if callable(format_message) else str(exc)
    text = " ".join(str(text).split()) or type(exc).__name__
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None)
    return f"{text} (see: {path} --help)" if path else text


def main() -> None:
    """Entry point: every user error is one clear line and exit status 2."""
    try:
        code = app(args=sys.argv[1:], prog_name="quarterdeck", standalone_mode=False)
    except QuarterdeckError as exc:
        print_error(str(exc))
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        err.print("aborted")
        sys.exit(130)
    except USAGE_ERRORS as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.exit(2)  # the help has been printed: the command needs arguments
        print_error(_usage_message(exc))
        sys.exit(int(getattr(exc, "exit_code", 2)) or 2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        # the reader of our output went away (``quarterdeck games | head``)
        sys.stderr.close()
        sys.exit(1)
    except Exception as exc:
        # a fault of the program, not of the user: one line and status 1
        # (QUARTERDECK_DEBUG=1 shows the traceback for a bug report)
        if os.environ.get("QUARTERDECK_DEBUG"):
            raise
        message = " ".join(str(exc).split())[:300]
        print_error(
            f"the program failed ({type(exc).__name__}: {message}); please report this, "
            "with the command (QUARTERDECK_DEBUG=1 shows the details)"
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
