"""Games in play behind the web table, kept in the core store.

The server holds no game that is not also in the store: a game is rebuilt by
replaying its record, and every decision and roll is written to the store
before anyone is told about it. What the web adds to a record (who takes each
side, the seat tokens, physical dice entered for a step not yet complete) is
kept in the store's seat table, so a restart loses nothing.

Physical dice in a page that cannot block: a step that needs a roll nobody has
entered fails with :class:`NeedDice` and changes nothing; the step (the seat
and its answer, or the setup of the game) and the values entered so far are
stored as *pending*, the page asks the seat that rolls for the roll, and the
step is played again with the values once they are typed in. Every roll names
the seat that rolls it: only that seat's link may enter it. A roll of a seat
the computer plays is entered by a person at the table (the umpire, if a person
holds that seat), except a secret one, which nobody at the table may see: the
program rolls those.

Hidden information: every page is built from ``Game.view`` for its own seat,
a watcher's from the public view until the game ends (or from everything,
where the scenario or the host says so). The host (the browser that created
the game) may revoke a seat's link; the old token stops working at once.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Literal

from quarterdeck.core.dice import (
    DiceSource,
    DrawRequest,
    NeedDice,
    PendingDice,
    RandomDice,
    RollRequest,
    SeatDice,
    check_card,
    check_values,
)
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import DiceError, IllegalAnswer, QuarterdeckError, RecordError
from quarterdeck.core.prompts import Answer
from quarterdeck.core.record import Record
from quarterdeck.core.scenario import Scenario
from quarterdeck.core.store import Store, StoreConflict
from quarterdeck.players import make_player

SeatKind = Literal["here", "link", "ai"]
SEAT_KINDS: tuple[str, ...] = ("here", "link", "ai")
DICE_MODES = {"program": "program", "physical": "manual"}


class WebError(QuarterdeckError):
    """A request the web table refuses; ``status`` is the HTTP status to send."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
        self.payload: dict[str, Any] = {}  # more to send with the message (the game's state)


class Conflict(WebError):
    """Another server process on the same database moved the game on first:
    this answer was not kept. The sender is told so, with the game as it is."""

    def __init__(self, live: Live) -> None:
        super().__init__(
            "another player or server moved this game on first; your answer was not kept "
            "(here is the game as it is now)",
            409,
        )
        self.live = live


Need = RollRequest | DrawRequest


@dataclass
class Pending:
    """A step waiting for physical dice: ``seat`` None is the game's setup.
    ``values`` holds what was entered so far: a list of values per roll, a
    card id per card draw."""

    seat: str | None
    answer: Answer | None
    values: list[list[int] | str]
    at: int  # record entries stored when the step was begun

    def to_json(self) -> str:
        return json.dumps(
            {"seat": self.seat, "answer": self.answer, "values": self.values, "at": self.at}
        )

    @classmethod
    def from_json(cls, text: str) -> Pending:
        data = json.loads(text)
        return cls(data["seat"], data["answer"], data["values"], data["at"])


WEB_KEYS = ("web:host", "web:salt", "web:reveal")


@dataclass
class Meta:
    """The web's part of a saved game: who takes each side, tokens, pending
    dice, the host's token, the salt of the program's secret rolls in a
    physical-dice game, and whether watchers see everything."""

    seats: dict[str, str]
    tokens: dict[str, str]
    pending: Pending | None = None
    host: str = ""
    salt: str = ""
    reveal: bool | None = None  # None: as the scenario says

    def to_store(self) -> dict[str, str]:
        out = dict(self.seats)
        out.update({f"token:{side}": token for side, token in self.tokens.items()})
        if self.pending is not None:
            out["pending"] = self.pending.to_json()
        if self.host:
            out["web:host"] = self.host
        if self.salt:
            out["web:salt"] = self.salt
        if self.reveal is not None:
            out["web:reveal"] = "1" if self.reveal else "0"
        return out

    @classmethod
    def from_store(cls, data: dict[str, str]) -> Meta:
        seats = {k: v for k, v in data.items() if ":" not in k and k != "pending"}
        tokens = {k[6:]: v for k, v in data.items() if k.startswith("token:")}
        pending = Pending.from_json(data["pending"]) if "pending" in data else None
        return cls(
            seats,
            tokens,
            pending,
            host=data.get("web:host", ""),
            salt=data.get("web:salt", ""),
            reveal={"1": True, "0": False}.get(data.get("web:reveal", "")),
        )

    def seat_of(self, token: str | None) -> str | None:
        if not token:
            return None
        for side, value in self.tokens.items():
            if secrets.compare_digest(value, token):
                return side
        return None

    def is_host(self, token: str | None) -> bool:
        return bool(token) and bool(self.host) and secrets.compare_digest(self.host, str(token))

    def people(self) -> list[str]:
        return [s for s, k in self.seats.items() if k != "ai"]


@dataclass
class Live:
    """One game as the server holds it: the game, its web data, its version."""

    id: str
    ruleset: str
    scenario_id: str
    dice_mode: str
    game: Game | None  # None while the setup waits for physical dice
    meta: Meta
    need: Need | None = None
    stored: int = 0  # record entries written to the store
    status: str = "playing"
    side_info: list[dict[str, str]] = field(default_factory=list)
    umpire: str | None = None
    listeners: set[Any] = field(default_factory=set)
    rendered: dict[str | None, tuple[int, dict[str, str]]] = field(default_factory=dict)
    stale: bool = False  # another process wrote first: reload before use

    @property
    def version(self) -> int:
        """Grows with every change, and is the same after a restart: the stored
        entries, then the physical dice entered for a pending step."""
        pending = self.meta.pending
        return self.stored * 1000 + (1 + len(pending.values) if pending is not None else 0)

    @property
    def seed(self) -> int:
        if self.game is not None and self.game.record.seed is not None:
            return self.game.record.seed
        return 0

    def sides(self) -> list[str]:
        return list(self.meta.seats)

    def roller(self) -> str | None:
        """The seat whose link enters the roll (or card) waiting now: the seat
        that rolls it if a person holds it; for a seat the computer plays, the
        umpire if a person holds that seat, else any person at the table (None)."""
        if self.need is None:
            return None
        owner = self.need.seat
        if owner is not None and self.meta.seats.get(owner, "ai") != "ai":
            return owner
        umpire = self.umpire
        if umpire is not None and self.meta.seats.get(umpire, "ai") != "ai":
            return umpire
        return None

    def may_enter_dice(self, seat: str | None) -> bool:
        """Whether ``seat``'s link may enter the roll waiting now."""
        if self.need is None or self.meta.pending is None or seat is None:
            return False
        if self.meta.seats.get(seat, "ai") == "ai":
            return False
        roller = self.roller()
        return roller is None or roller == seat

    def who_rolls(self) -> str:
        """The seats that may enter the roll waiting now, for a refusal."""
        roller = self.roller()
        return roller if roller is not None else " or ".join(self.meta.people()) or "nobody"

    def waiting_for_dice(self) -> str:
        """The roll waiting, in words anyone may read: a secret roll is named
        only by who rolls it."""
        if self.need is None:
            return "nothing"
        if self.need.secret:
            return f"{self.who_rolls()} rolls in secret"
        return self.need.instruction()

    def may_see_need(self, seat: str | None) -> bool:
        """Whether ``seat`` may read what the waiting roll is for: anyone for
        an open roll; for a secret one, the seat that rolls it and the umpire."""
        if self.need is None:
            return False
        if not self.need.secret:
            return True
        return seat is not None and seat in (self.need.seat, self.umpire)


class Games:
    """The games of one server process, each loaded from the store on demand."""

    def __init__(self, store: Store, cache_size: int = 512, shared: bool = True) -> None:
        self.store = store
        self.cache_size = cache_size
        self.shared = shared  # other processes may write to the same store
        self._cache: OrderedDict[str, Live] = OrderedDict()

    # -- creating and loading ---------------------------------------------------

    def create(
        self,
        scenario: Scenario,
        seats: dict[str, str],
        dice: str = "program",
        seed: int | None = None,
        reveal: bool | None = None,
        run_ai: bool = True,
    ) -> Live:
        """Start a game. ``seats`` names who takes each side; it may add an
        ``umpire`` seat to a scenario that has none. ``reveal``: watchers see
        everything while the game is played (off by default)."""
        if "umpire" in seats and scenario.umpire is None:
            scenario = scenario.with_umpire()
        elif scenario.umpire is not None and scenario.umpire not in seats:
            seats = {**seats, scenario.umpire: "ai"}  # the program umpires
        sides = scenario.side_names
        if set(seats) != set(sides):
            raise WebError(
                f"seats must name every side of {scenario.id!r} exactly once: "
                + ", ".join(sides)
                + f" (got {', '.join(seats) or 'none'})",
                422,
            )
        for side, kind in seats.items():
            if kind not in SEAT_KINDS:
                raise WebError(
                    f"seat {side!r}: {kind!r} is not a kind of player "
                    f"(legal values: {', '.join(SEAT_KINDS)})",
                    422,
                )
        if dice not in DICE_MODES:
            raise WebError(
                f"dice: {dice!r} is not a kind of dice (legal values: program, physical)", 422
            )
        mode = DICE_MODES[dice]
        meta = Meta(
            seats={side: seats[side] for side in sides},
            tokens={side: secrets.token_urlsafe(16) for side in sides},
            host=secrets.token_urlsafe(16),
            salt=secrets.token_hex(16),
            reveal=reveal,
        )
        need: Need | None = None
        game: Game | None
        if mode == "program":
            open_dice = RandomDice(seed)
            game = Game.new(scenario, dice=self._program_dice(meta, open_dice), seed=open_dice.seed)
            record = game.record
        else:
            try:
                game = Game.new(scenario, dice=self._table_dice(meta, 0), dice_mode="manual")
                record = game.record
            except NeedDice as exc:
                game = None
                need = exc.request
                record = Record(scenario.ruleset, scenario.id, scenario.data, None, "manual")
                meta.pending = Pending(None, None, [], 0)
        game_id = self.store.create(record, meta.to_store())
        live = Live(
            game_id,
            scenario.ruleset,
            scenario.id,
            mode,
            game,
            meta,
            need=need,
            stored=len(record.entries),
            side_info=_side_info(record.scenario),
            umpire=scenario.umpire,
        )
        self._watchers(live)
        self._remember(live)
        if game is not None:
            if run_ai:
                self._run_ai(live)
            self._finish_if_over(live)
        return live

    @staticmethod
    def _salted(meta: Meta, at: int) -> RandomDice:
        """Program dice nobody can foresee: seeded from the game's private salt."""
        digest = hashlib.sha256(f"{meta.salt}:{at}".encode()).digest()
        return RandomDice(int.from_bytes(digest[:8], "big"))

    @classmethod
    def _program_dice(cls, meta: Meta, open_dice: DiceSource, at: int = 0) -> DiceSource:
        """A program-dice game's dice: from its seed, except the secret rolls
        of the computer's seats, which come from the private salt, so that
        whoever chose the seed cannot work them out."""
        ai_seats = [s for s, k in meta.seats.items() if k == "ai"]
        return SeatDice(open_dice, cls._salted(meta, at), ai_seats)

    @staticmethod
    def _table_dice(meta: Meta, at: int, values: list[list[int] | str] | None = None) -> DiceSource:
        """The dice of a physical-dice step begun at record entry ``at``: what
        the people at the table entered, and program dice for the secret rolls
        of the computer's seats, seeded from the game's private salt and the
        step so that trying the step again rolls them the same."""
        ai_seats = [s for s, k in meta.seats.items() if k == "ai"]
        return SeatDice(PendingDice(values or []), Games._salted(meta, at), ai_seats)

    @staticmethod
    def _watchers(live: Live) -> None:
        """Watchers see everything where the scenario or the host says so."""
        if live.game is not None and live.meta.reveal is not None:
            live.game.spectators_see_all = live.meta.reveal

    def revoke(self, live: Live, host: str | None, side: str) -> str:
        """Give ``side`` a new seat token; the old one stops working at once.
        Only the host (the browser that created the game) may do this."""
        if not live.meta.is_host(host):
            raise WebError("only the host of this game (who created it) may revoke a link", 403)
        if side not in live.meta.tokens:
            raise WebError(
                f"side {side!r} is not a side of this game (sides: {', '.join(live.meta.tokens)})",
                422,
            )
        if live.meta.seats.get(side) == "ai":
            raise WebError(
                f"{side!r} is played by the computer: it has no link to revoke "
                f"(links: {', '.join(live.meta.people()) or 'none'})",
                422,
            )
        token = secrets.token_urlsafe(16)
        live.meta.tokens[side] = token
        self.store.set_seats(live.id, live.meta.to_store())
        live.rendered.clear()
        return token

    def get(self, game_id: str) -> Live:
        """The game, from the cache if the store has nothing newer (another
        server process on the same database may have moved it on)."""
        live = self._cache.get(game_id)
        if live is not None:
            if not live.stale and (not self.shared or self._fresh(live)):
                self._cache.move_to_end(game_id)
                return live
            fresh = self._load(game_id)
            fresh.listeners = live.listeners
            live = fresh
        else:
            live = self._load(game_id)
        self._remember(live)
        return live

    def changed_elsewhere(self) -> list[str]:
        """Games watched here that another process has moved on (one query)."""
        watched = {k: v for k, v in self._cache.items() if v.listeners}
        if not watched or not self.shared:
            return []
        out = []
        for game_id, (n, seats) in self.store.heads(list(watched)).items():
            live = watched[game_id]
            if n != live.stored or seats != live.meta.to_store():
                out.append(game_id)
        return out

    def _fresh(self, live: Live) -> bool:
        head = self.store.heads([live.id]).get(live.id)
        return head is not None and head == (live.stored, live.meta.to_store())

    def forget(self, game_id: str) -> None:
        """Drop a game from the cache (the next request replays it from the store)."""
        self._cache.pop(game_id, None)

    def _remember(self, live: Live) -> None:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        while len(self._cache) > self.cache_size:
            for key, old in self._cache.items():
                if not old.listeners:
                    del self._cache[key]
                    break
            else:
                break

    def _load(self, game_id: str) -> Live:
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 32:
            raise WebError(f"no game with id {game_id!r}", 404)
        try:
            record, row = self.store.load(game_id)
        except RecordError:
            raise WebError(f"no game with id {game_id!r}", 404) from None
        meta = Meta.from_store(row.seats)
        pending = meta.pending
        if pending is not None and pending.at != len(record.entries):
            pending = meta.pending = None  # the step was completed and stored
        live = Live(
            game_id,
            record.ruleset,
            record.scenario_id,
            record.dice_mode,
            None,
            meta,
            stored=len(record.entries),
            status=row.status,
            side_info=_side_info(record.scenario),
            umpire=_umpire_of(record.scenario),
        )
        if not meta.salt:
            meta.salt = secrets.token_hex(16)  # a game saved before salts existed
        if record.dice_mode == "manual":
            setup = pending.values if pending is not None and pending.seat is None else []
            try:
                live.game = Game.replay(
                    record, live=self._table_dice(meta, len(record.entries), setup)
                )
            except NeedDice as exc:
                live.need = exc.request
                return live
            except QuarterdeckError as exc:
                raise WebError(f"game {game_id} cannot be replayed: {exc}", 500) from None
            if pending is not None and pending.seat is None:
                self._store_entries(live)  # setup completed before a restart
                meta.pending = None
                self.store.set_seats(game_id, meta.to_store())
            elif pending is not None:
                self._try_pending(live)
        else:
            try:
                if record.seed is not None:
                    # both dice as the game began, advanced past the recorded
                    # rolls each its own: the game goes on as if never stopped
                    dice = self._program_dice(meta, RandomDice(record.seed))
                    live.game = Game.replay(record, live=dice)
                else:
                    live.game = Game.replay(record)
                    live.game.dice = self._program_dice(meta, live.game.dice, len(record.entries))
            except QuarterdeckError as exc:
                raise WebError(f"game {game_id} cannot be replayed: {exc}", 500) from None
        self._watchers(live)
        return live

    # -- playing ----------------------------------------------------------------

    def answer(self, live: Live, seat: str, answer: Any, run_ai: bool = True) -> None:
        """Play ``seat``'s answer, then (with ``run_ai``) let the computer's
        seats answer theirs."""
        game = self._game(live)
        if live.need is not None:
            raise WebError(f"waiting for physical dice first: {live.waiting_for_dice()}", 409)
        if game.result() is not None:
            raise WebError("the game is over; no more answers are taken", 409)
        if game.prompt_for(seat) is None:
            waiting = ", ".join(sorted({p.seat for p in game.prompts()})) or "nobody"
            raise WebError(f"seat {seat!r} has nothing to answer now (waiting for: {waiting})", 409)
        self._step(live, seat, answer)
        if run_ai:
            self._run_ai(live)
        self._finish_if_over(live)

    def enter_dice(
        self, live: Live, seat: str, values: Any, card: Any = None, run_ai: bool = True
    ) -> None:
        """Take the values of a physical roll (or the card drawn) from the
        seat that rolls it, and play the waiting step again."""
        request = live.need
        if request is None or live.meta.pending is None:
            raise WebError("no roll is waiting for physical dice", 409)
        if not live.may_enter_dice(seat):
            what = "card" if isinstance(request, DrawRequest) else "roll"
            raise WebError(
                f"this {what} belongs to {live.who_rolls()}: only that seat's link may enter "
                f"it, not {seat!r}",
                403,
            )
        entered: list[int] | str
        if isinstance(request, DrawRequest):
            try:
                entered = check_card(request, card)
            except DiceError as exc:
                raise WebError(str(exc), 400) from None
        else:
            if not isinstance(values, list):
                raise WebError("values: expected a list of whole numbers", 422)
            try:
                entered = list(check_values(request, values))
            except DiceError as exc:
                raise WebError(str(exc), 400) from None
        pending = live.meta.pending
        pending.values.append(entered)
        self.store.set_seats(live.id, live.meta.to_store())
        self._try_pending(live)
        if live.need is None:
            if run_ai:
                self._run_ai(live)
            self._finish_if_over(live)

    def _game(self, live: Live) -> Game:
        if live.game is None:
            assert live.need is not None
            raise WebError(f"waiting for physical dice first: {live.waiting_for_dice()}", 409)
        return live.game

    def _step(self, live: Live, seat: str, answer: Any) -> None:
        """Apply one answer; with physical dice a missing roll makes it pending."""
        game = self._game(live)
        if live.dice_mode == "manual":
            game.dice = self._table_dice(live.meta, live.stored)
        try:
            game.apply(seat, answer)
        except IllegalAnswer as exc:
            raise WebError(str(exc), 400) from None
        except NeedDice as exc:
            live.need = exc.request
            live.meta.pending = Pending(seat, answer, [], live.stored)
            self.store.set_seats(live.id, live.meta.to_store())
            return
        self._store_entries(live)

    def _try_pending(self, live: Live) -> None:
        pending = live.meta.pending
        assert pending is not None
        dice = self._table_dice(live.meta, pending.at, pending.values)
        try:
            if pending.seat is None:
                scenario = self._scenario_of(live)
                live.game = Game.new(scenario, dice=dice, dice_mode="manual")
                self._watchers(live)
            else:
                game = self._game_unchecked(live)
                game.dice = dice
                assert pending.answer is not None
                game.apply(pending.seat, pending.answer)
        except NeedDice as exc:
            live.need = exc.request
            return
        live.need = None
        self._store_entries(live)
        live.meta.pending = None
        self.store.set_seats(live.id, live.meta.to_store())

    def _game_unchecked(self, live: Live) -> Game:
        assert live.game is not None
        return live.game

    def _scenario_of(self, live: Live) -> Scenario:
        from quarterdeck.core.scenario import scenario_from_record

        record, _row = self.store.load(live.id)
        return scenario_from_record(record)

    def _store_entries(self, live: Live) -> None:
        game = self._game_unchecked(live)
        entries = game.record.entries
        try:
            self.store.append_many(live.id, live.stored, entries[live.stored :])
        except StoreConflict:
            # another server wrote first: what this one played is not kept,
            # and the game is read again from the store before its next use
            live.stale = True
            raise Conflict(live) from None
        live.stored = len(entries)

    def computer_seat_waits(self, live: Live) -> bool:
        """True if a seat the computer plays has a prompt to answer now."""
        game = live.game
        if game is None or live.need is not None or game.result() is not None:
            return False
        return any(live.meta.seats.get(p.seat) == "ai" for p in game.prompts())

    def play_computer(self, live: Live, decisions: int = 1) -> bool:
        """Let the computer's seats make up to ``decisions`` decisions (the
        web server plays them off the request path, a few at a time); True if
        any was made."""
        before = live.stored
        self._run_ai(live, limit=decisions)
        self._finish_if_over(live)
        return live.stored != before

    def fail(self, game_id: str, error: str) -> None:
        """The program failed while playing a game (a fault of the program,
        not of what was sent): the game is marked failed in the store, never
        left "playing", and read again before any further use."""
        self.store.fail(game_id, error)
        live = self._cache.get(game_id)
        if live is not None:
            live.status = "failed"
            live.stale = True

    def _run_ai(self, live: Live, limit: int = 10_000) -> None:
        """Let every computer seat answer its open prompt, until a person must."""
        game = live.game
        if game is None:
            return
        for _ in range(limit):
            if live.need is not None or game.result() is not None:
                return
            prompt = next((p for p in game.prompts() if live.meta.seats.get(p.seat) == "ai"), None)
            if prompt is None:
                return
            # seeded from the game's private salt: whoever chose the dice's seed
            # still cannot foresee the computer's (secret) decisions
            salted = hashlib.sha256(f"{live.meta.salt}:ai:{len(game.record.entries)}".encode())
            seed = int.from_bytes(salted.digest()[:4], "big") % (2**31)
            player = make_player("ai", live.ruleset, prompt.seat, seed)
            answer = player.decide(game.view(prompt.seat), prompt)
            try:
                self._step(live, prompt.seat, answer)
            except Conflict:
                raise
            except WebError:
                # the computer's answer was refused: a fault of its own, not of
                # the person whose request made it move; it takes the first
                # legal answer rather than leave the game stuck
                if prompt.kind != "choice" or not prompt.options:
                    raise
                self._step(live, prompt.seat, prompt.options[0].id)

    def _finish_if_over(self, live: Live) -> None:
        game = live.game
        if game is None or live.status == "finished":
            return
        result = game.result()
        if result is not None:
            self.store.finish(live.id, result.to_json())
            live.status = "finished"

    # -- replays ------------------------------------------------------------------

    def replay(self, game_id: str, step: int | None) -> tuple[Game, int, int]:
        """The game after ``step`` decisions (all by default), and how many there are."""
        live = self.get(game_id)
        if live.game is None:
            raise WebError("the game has not begun: its first roll is waiting for dice", 409)
        record = live.game.record
        total = len(record.decisions())
        if step is None or step > total:
            step = total
        if step < 0:
            raise WebError(f"step: {step} is not a step of this game (0 to {total})", 400)
        stored = Record(
            record.ruleset,
            record.scenario_id,
            record.scenario,
            record.seed,
            record.dice_mode,
            list(record.entries),
        )
        try:
            live_dice = PendingDice() if record.dice_mode == "manual" else None
            game = Game.replay(stored, upto=step, live=live_dice)
        except QuarterdeckError as exc:
            raise WebError(f"the record cannot be replayed to step {step}: {exc}", 500) from None
        # a replay shows what a watcher may see: everything once the game is over
        chosen = live.meta.reveal
        game.spectators_see_all = live.status == "finished" or (
            chosen if chosen is not None else game.spectators_see_all
        )
        return game, step, total


def _umpire_of(scenario: dict[str, Any]) -> str | None:
    for side in scenario.get("sides", []):
        if isinstance(side, dict) and side.get("role") == "umpire":
            return str(side.get("name"))
    return None


def _side_info(scenario: dict[str, Any]) -> list[dict[str, str]]:
    out = []
    for side in scenario.get("sides", []):
        if isinstance(side, dict):
            out.append(
                {
                    "name": str(side.get("name", "")),
                    "title": str(side.get("title", side.get("name", ""))),
                    "colour": str(side.get("colour", "#444444")),
                }
            )
    return out
