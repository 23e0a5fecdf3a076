"""One simulated game: the same players, dice and views whether it is played
fast (no record, no log) for a batch run or through a :class:`Game` to be
watched again decision by decision.

Game ``index`` of a run seeded ``seed`` is played with dice seeded
:func:`game_seed` and computer players seeded from that game seed and the
seat's place in the scenario, so a game depends on its own seed alone: not on
the worker, the backend or the other games of the run. That seed is what an
``--out`` row records and what ``quarterdeck replay SCENARIO --seed N`` takes.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Context, Game, Player, Ruleset
from quarterdeck.core.hidden import EVERYTHING
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.core.scenario import Scenario
from quarterdeck.players import make_player
from quarterdeck.rulesets import get_ruleset
from quarterdeck.sim.tally import tally

MAX_STEPS: Final = 100_000

OPENING_GAMES: Final = 8
"""The fewest games of a batch, or of the run its :class:`Setup` is made for
(``Setup.games``), for which :func:`play_games` looks for the opening they
play alike (:meth:`Setup.find_opening`): the search plays about a game's
opening twice, and each game gains a few decisions."""

BATCH_GC_THRESHOLD: Final[tuple[int, ...]] = (10_000, 20, 10)
"""The collector's thresholds while a batch of games is played (CPython's
default is (700, 10, 10)): :class:`BatchCollector`."""


class BatchCollector:
    """Python's cyclic garbage collector set for a batch of games, then put
    back as it was.

    A game's states, views and prompts are freed by reference counting as soon
    as they are dropped; the collector only looks for cycles, and at its
    default thresholds it scanned the young objects every 700 allocations and,
    now and then, every object in the process (the modules, the scenario, the
    tables: tens of thousands). While games are played the objects made
    before them are frozen out of its scans (``gc.freeze``) and the youngest
    generation is scanned after 10,000 new objects. This decides nothing in a
    game, so the same seed plays the same game; it only changes when
    unreachable cycles are freed (after at most 10,000 new objects, the older
    generations in turn), and cycles among the frozen objects wait for the
    batch to end.
    Nested and concurrent batches (threads of one process) share one setting:
    the first in sets it, the last out puts the old one back.
    """

    def __enter__(self) -> None:
        with _COLLECTOR_LOCK:
            if _COLLECTOR["users"] == 0:
                _COLLECTOR["saved"] = gc.get_threshold()
                # (a process that froze objects of its own keeps them frozen:
                # the batch then freezes nothing, and unfreezes nothing)
                _COLLECTOR["froze"] = gc.get_freeze_count() == 0
                if _COLLECTOR["froze"]:
                    gc.freeze()
                gc.set_threshold(*BATCH_GC_THRESHOLD)
            _COLLECTOR["users"] += 1

    def __exit__(self, *exc: object) -> None:
        with _COLLECTOR_LOCK:
            _COLLECTOR["users"] -= 1
            if _COLLECTOR["users"] == 0:
                gc.set_threshold(*_COLLECTOR["saved"])
                if _COLLECTOR["froze"]:
                    gc.unfreeze()


_COLLECTOR_LOCK: Final = threading.Lock()
_COLLECTOR: Final[dict[str, Any]] = {"users": 0, "saved": (700, 10, 10), "froze": False}
"""How many batches are being played in this process, the thresholds they
found (put back when the last ends), and whether they froze the objects."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return (seed * 1_000_003 + index * 7_919 + 17) % (2**62)


# a plain Python class even when compiled (scripts/compile): rows cross to and from
# worker processes, and mypyc cannot pickle a frozen dataclass of its own
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What one game came to: one row of ``--out``."""

    index: int
    seed: int
    winner: str | None
    how: str
    turns: int
    decisions: int
    losses: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {
            "game": self.index,
            "seed": self.seed,
            "winner": self.winner,
            "how": self.how,
            "turns": self.turns,
            "decisions": self.decisions,
            "losses": self.losses,
            "points": self.points,
        }


def players_for(scenario: Scenario, seed: int, kinds: dict[str, str] | None) -> dict[str, Player]:
    """The computer players of a game seeded ``seed``: seat ``n`` of the
    scenario is seeded ``seed + n``."""
    return Setup(scenario, kinds).players(seed)


def umpires(scenario: Scenario) -> frozenset[str]:
    return frozenset(s.name for s in scenario.header.sides if s.role == "umpire")


def decision_view(
    ruleset: Ruleset, state: Any, seat: str, umpire_seats: frozenset[str]
) -> dict[str, Any]:
    """What a computer player deciding for ``seat`` is shown: its seat's view
    (an umpire's is everything), as :meth:`Game.viewer` maps it."""
    view = _player_view(ruleset)(state, EVERYTHING if seat in umpire_seats else seat)
    view["seat"] = seat
    return view


def _player_view(ruleset: Ruleset) -> Callable[[Any, str | None], dict[str, Any]]:
    """The rule set's view for a computer player: ``player_view`` where it
    gives one (the same view, its costly parts built only where the player
    reads them: :mod:`quarterdeck.core.lazyview`), else ``view``. A compiled
    build (``./scripts/compile``) hands over the same lazy views: the players
    read them as ``Mapping``, through their own ``get`` and ``__contains__``."""
    made: Callable[[Any, str | None], dict[str, Any]] = getattr(
        ruleset, "player_view", ruleset.view
    )
    return made


def view_for(
    player: Player, ruleset: Ruleset, state: Any, prompt: Prompt, umpire_seats: frozenset[str]
) -> dict[str, Any]:
    """The view handed to ``player`` for ``prompt``: none is built for a
    player that says (``needs_view(prompt)`` False) it decides without one."""
    needs = getattr(player, "needs_view", None)
    if needs is not None and not needs(prompt):
        return {"seat": prompt.seat}
    return decision_view(ruleset, state, prompt.seat, umpire_seats)


def _context(scenario: Scenario, seed: int) -> Context:
    return Setup(scenario, None).context(seed)


Opening = tuple[Any, int, tuple[Prompt, ...], tuple[str, Answer, Prompt] | None]
"""What every game of a batch plays alike (:meth:`Setup.find_opening`): the
rule set's frozen state, the decisions made to reach it, the prompts open
there, and the answer to the first of them where applying it rolls the
first die (seat, answer, prompt), else None."""


class Setup:
    """What every game of a scenario is played with, worked out once for a
    batch of its games rather than for each (:func:`play_chunk`): the rule
    set, the seats' player kinds and places, the umpire seats, what
    :func:`_context` reads from the scenario, and where it is found
    (:meth:`find_opening`) the opening every game of the batch plays alike."""

    __slots__ = (
        "combatants",
        "first",
        "games",
        "kinds",
        "opening",
        "ruleset",
        "scenario",
        "searched",
        "umpire",
        "umpire_seats",
    )

    def __init__(self, scenario: Scenario, kinds: dict[str, str] | None, games: int = 0) -> None:
        """``games``: how many games the run it is made for plays with it
        (0 where that is not known); a run of :data:`OPENING_GAMES` or more
        looks for the opening in its first batch, however small the batches
        it is handed out in (:func:`play_games`)."""
        self.scenario = scenario
        self.games = games
        self.ruleset = get_ruleset(scenario.ruleset)
        # (seat, its place in the scenario, its kind of player), as players_for
        self.kinds = [
            (side, n, (kinds or {}).get(side, "ai")) for n, side in enumerate(scenario.side_names)
        ]
        self.umpire_seats = umpires(scenario)
        self.umpire = scenario.umpire
        self.combatants = scenario.combatants
        self.first = (self.combatants or scenario.side_names)[0]
        # what every game starts from where find_opening found it (None:
        # each game is played from new_state)
        self.opening: Opening | None = None
        self.searched = False  # whether find_opening has run

    def players(self, seed: int) -> dict[str, Player]:
        """The computer players of the game seeded ``seed`` (:func:`players_for`):
        :func:`make_player`'s, its "ai" asked of the rule set already looked up."""
        rid = self.scenario.ruleset
        ai = self.ruleset.ai
        return {
            side: ai(side, seed + n) if kind == "ai" else make_player(kind, rid, side, seed + n)
            for side, n, kind in self.kinds
        }

    def context(self, seed: int) -> Context:
        """The rules context of the game seeded ``seed``: its dice, no log."""
        return Context(RandomDice(seed), None, umpire=self.umpire, first=self.first)

    def find_opening(self) -> None:
        """Find what every game of the scenario plays alike (``opening``):
        the decisions made before the first die is rolled or card drawn,
        where they cannot depend on the game's seed, and the answer to the
        step that rolls it. That holds where the rule set can freeze a state
        and thaw copies of it (``freeze(state)``, ``thaw(frozen)``) and every
        seat's player says whether its decisions so far drew on its seed
        (``drew_on_seed()``: a player that says so decides from the view and
        the prompt alone, keeping nothing between decisions but caches).

        One game is played on dice that stop it at its first roll
        (:class:`_Unrolled`), up to that roll, to the decision that drew on a
        player's seed, or to its end. Each game then starts from a thawed
        copy of the state before that step, with its count of decisions and
        the prompts open there (frozen values); where the step is the one
        that rolls, its seat's answer (decided before the roll, alike in
        every game) is applied at once on the game's own dice. Elsewhere
        nothing is kept and every game is played from ``new_state``."""
        self.opening = None
        self.searched = True
        ruleset = self.ruleset
        freeze = getattr(ruleset, "freeze", None)
        if freeze is None or getattr(ruleset, "thaw", None) is None:
            return
        players = self.players(0)
        drew: list[Callable[[], bool]] = []
        for p in players.values():
            said = getattr(p, "drew_on_seed", None)
            if said is None:
                return
            drew.append(said)
        if any(d() for d in drew):
            return
        dice = _Unrolled()
        ctx = Context(dice, None, umpire=self.umpire, first=self.first)
        try:
            state = ruleset.new_state(self.scenario, ctx)
        except _FirstRoll:
            return  # the set-up rolls: no game opens alike
        if dice.rolled:
            return
        open_prompts = ruleset.prompts(state)
        kept = open_prompts
        answered: list[tuple[str, Answer, Prompt]] = []  # the decisions applied
        rolls: tuple[str, Answer, Prompt] | None = None
        for _ in range(MAX_STEPS):
            if not open_prompts:
                break  # the game ended before any die was rolled
            prompt = open_prompts[0]
            seat = prompt.seat
            player = players[seat]  # shown what play_setup shows it
            view = view_for(player, ruleset, state, prompt, self.umpire_seats)
            answer = prompt.check(player.decide(view, prompt))
            if any(d() for d in drew):
                break  # this decision (or a later one) may differ by seed
            ctx.acting, ctx.prompt = seat, prompt
            try:
                after = ruleset.apply(state, seat, answer, ctx)
            except _FirstRoll:
                after = None
            if dice.rolled:  # this step rolls: each game applies it on its own dice
                rolls = (seat, answer, prompt)
                break
            open_prompts = after if after is not None else ruleset.prompts(state)
            answered.append((seat, answer, prompt))
            kept = open_prompts
        if not answered and rolls is None:
            return
        # the state the decisions applied left, made again (the state played
        # above may be part-way through the step that rolled) and frozen
        dice = _Unrolled()
        ctx = Context(dice, None, umpire=self.umpire, first=self.first)
        state = ruleset.new_state(self.scenario, ctx)
        for seat, answer, prompt in answered:
            ctx.acting, ctx.prompt = seat, prompt
            ruleset.apply(state, seat, answer, ctx)
        if dice.rolled:  # (cannot be: the same steps rolled nothing above)
            raise RuntimeError(f"{self.scenario.id}: an opening rolled when played again")
        self.opening = (freeze(state), len(answered), kept, rolls)


class _FirstRoll(Exception):
    """The first roll or draw of a game played on :class:`_Unrolled` dice."""


class _Unrolled:
    """Dice that stop a game at its first roll or card draw
    (:meth:`Setup.find_opening`); ``rolled`` says one was asked for."""

    __slots__ = ("rolled",)

    def __init__(self) -> None:
        self.rolled = False

    def roll(self, request: Any) -> tuple[int, ...]:
        self.rolled = True
        raise _FirstRoll

    def draw(self, request: Any) -> str:
        self.rolled = True
        raise _FirstRoll


def play_game(
    scenario: Scenario,
    seed: int,
    kinds: dict[str, str] | None = None,
    index: int = 0,
) -> GameOutcome:
    """One game straight through the rule set, without record or log."""
    return play_state(scenario, seed, kinds, index)[0]


def play_games(
    scenario: Scenario,
    seeds: list[tuple[int, int]],
    kinds: dict[str, str] | None = None,
    setup: Setup | None = None,
) -> list[GameOutcome]:
    """:func:`play_game` for each (index, seed) of ``seeds``, the scenario's
    set-up worked out once for them all, with the garbage collector set for a
    batch (:class:`BatchCollector`); from :data:`OPENING_GAMES` games (in the
    batch, or in the run the ``setup`` is for), each starts from the opening
    they all play alike, where there is one (:meth:`Setup.find_opening`).
    ``setup``: the :class:`Setup` of this scenario and ``kinds`` that earlier
    batches of the same run were played with (their opening, once looked
    for, is used again), else one is made."""
    if setup is None:
        setup = Setup(scenario, kinds)
    with BatchCollector():
        if not setup.searched and max(len(seeds), setup.games) >= OPENING_GAMES:
            setup.find_opening()
        return [play_setup(setup, seed, index)[0] for index, seed in seeds]


def play_state(
    scenario: Scenario,
    seed: int,
    kinds: dict[str, str] | None = None,
    index: int = 0,
) -> tuple[GameOutcome, Any]:
    """:func:`play_game`, with the final state."""
    return play_setup(Setup(scenario, kinds), seed, index)


def play_setup(setup: Setup, seed: int, index: int = 0) -> tuple[GameOutcome, Any]:
    """:func:`play_state` of a scenario whose :class:`Setup` is made."""
    scenario = setup.scenario
    ruleset = setup.ruleset
    ctx = setup.context(seed)
    prompts, apply, view_of = ruleset.prompts, ruleset.apply, _player_view(ruleset)
    open_prompts: tuple[Prompt, ...] | None = None
    opening = setup.opening
    if opening is None:
        state = ruleset.new_state(scenario, ctx)
        decisions = 0
    else:  # the decisions every game of the batch makes alike (Setup.find_opening)
        state = ruleset.thaw(opening[0])  # type: ignore[attr-defined]
        decisions, open_prompts, rolls = opening[1], opening[2], opening[3]
        if rolls is not None:  # the answer decided alike, applied on this game's dice
            ctx.acting, ctx.prompt = rolls[0], rolls[2]
            open_prompts = apply(state, rolls[0], rolls[1], ctx)
            decisions += 1
    umpire_seats = setup.umpire_seats
    # each seat's player: whether it needs a view (needs_view, if it says),
    # how it decides, and whose view it is shown (an umpire's is everything)
    seats: dict[str, tuple[Any, Any, str]] = {
        seat: (
            getattr(p, "needs_view", None),
            p.decide,
            EVERYTHING if seat in umpire_seats else seat,
        )
        for seat, p in setup.players(seed).items()
    }
    for _ in range(MAX_STEPS - decisions):
        if open_prompts is None:
            open_prompts = prompts(state)
        if not open_prompts:
            break
        prompt = open_prompts[0]
        seat = prompt.seat
        need, decide, viewer = seats[seat]
        if need is not None and not need(prompt):
            view: dict[str, Any] = {"seat": seat}
        else:  # as decision_view, inlined: this loop is the batch runner's
            view = view_of(state, viewer)
            view["seat"] = seat
        answer = prompt.check(decide(view, prompt))
        ctx.acting, ctx.prompt = seat, prompt
        # the rule set may hand back the prompts it stopped at (else None)
        open_prompts = apply(state, seat, answer, ctx)
        decisions += 1
    result = ruleset.result(state)
    if result is None:
        raise RuntimeError(f"{scenario.id}: a game did not end within {MAX_STEPS} decisions")
    losses, points = tally(ruleset, state, setup.combatants)
    outcome = GameOutcome(
        index, seed, result.winner, result.how.value, ruleset.turn(state), decisions, losses, points
    )
    return outcome, state


def replay_game(scenario: Scenario, seed: int, kinds: dict[str, str] | None = None) -> Game:
    """The game seeded ``seed`` played again through a :class:`Game`, with its
    record and log, by the same players on the same dice as :func:`play_game`."""
    game = Game.new(scenario, seed=seed)
    players = players_for(scenario, seed, kinds)
    umpire_seats = umpires(scenario)
    for _ in range(MAX_STEPS):
        prompt = game.prompt()
        if prompt is None:
            break
        player = players[prompt.seat]
        view = view_for(player, game.ruleset, game.state, prompt, umpire_seats)
        game.apply(prompt.seat, player.decide(view, prompt), prompt=prompt)
    if game.result() is None:
        raise RuntimeError(f"{scenario.id}: the game did not end within {MAX_STEPS} decisions")
    return game


def outcome_of(game: Game, index: int = 0) -> GameOutcome:
    """The row of a finished game played through a :class:`Game`."""
    result = game.result()
    if result is None:
        raise ValueError("the game is not finished")
    losses, points = tally(game.ruleset, game.state, game.scenario.combatants)
    return GameOutcome(
        index,
        game.record.seed or 0,
        result.winner,
        result.how.value,
        game.turn,
        len(game.record.decisions()),
        losses,
        points,
    )
