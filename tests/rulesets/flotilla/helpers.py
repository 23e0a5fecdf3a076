"""Building Flotilla positions for tests: ships from their roster cards on
an open table, and a rules context with scripted dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from quarterdeck.core.dice import DiceSource, ScriptedDice
from quarterdeck.core.engine import Context, Game, LogEntry
from quarterdeck.core.record import Record
from quarterdeck.core.scenario import build
from quarterdeck.rulesets.flotilla import RULESET, make_ship, rules
from quarterdeck.rulesets.flotilla.state import LandBattery, Ship, ShipSpec, State, Troop
from quarterdeck.rulesets.flotilla.tables import Tables, printed_tables, rosters

T: Tables = printed_tables()


def ship(
    id: str,
    roster: str = "iron_city",
    side: str = "union",
    x: float = 0.0,
    y: float = 0.0,
    heading: float = 0.0,
    speed: int = 6,
    **extra: object,
) -> Ship:
    spec = ShipSpec(id=id, roster=roster, side=side, x=x, y=y, heading=heading, speed=speed)
    s = make_ship(spec, rosters()[roster])
    for key, value in extra.items():
        setattr(s, key, value)
    return s


def state(
    ships: Iterable[Ship],
    *,
    batteries: Iterable[LandBattery] = (),
    troops: Iterable[Troop] = (),
    land: Sequence[Sequence[tuple[float, float]]] = (),
    cover: Sequence[Sequence[tuple[float, float]]] = (),
    current: float | None = None,
    gm: str | None = None,
) -> State:
    return State(
        sides=["union", "confederate"],
        gm=gm,
        turn_limit=10,
        table=(72.0, 48.0),
        current=current,
        land=[list(p) for p in land],
        cover=[list(p) for p in cover],
        torpedoes=[],
        ships={s.id: s for s in ships},
        batteries={b.id: b for b in batteries},
        troops={t.id: t for t in troops},
        game_master={
            "visibility": {},
            "aground_within": 1.0,
            "ram_hits": 4,
            "ram_self_hits": 1,
            "collision_hits": 1,
        },
    )


class Dice:
    """A context with scripted dice and the log kept for inspection."""

    def __init__(self, values: Iterable[int | Sequence[int]]) -> None:
        self.source = ScriptedDice(values)
        self.log: list[LogEntry] = []
        self.ctx = Context(self.source, self.log.append)

    @property
    def left(self) -> int:
        return self.source.remaining

    def text(self) -> str:
        return "\n".join(str(e) for e in self.log)


def engine(
    st: State, dice: Iterable[int | Sequence[int]] | DiceSource, sides: Sequence[str] = ()
) -> Game:
    """A game around the hand-set position ``st``: the sequence of play runs
    on from ``st.phase`` exactly as the engine runs it after an answer, with
    scripted dice, and every later answer goes through ``Game.apply`` (the
    prompt checks the answer, the rules run to the next question)."""
    names = list(sides) or [*st.sides, *([st.gm] if st.gm else [])]
    data = {
        "id": "test-position",
        "ruleset": "flotilla",
        "title": "Test position",
        "turn_limit": st.turn_limit,
        "sides": [
            {"name": n, "title": n, **({"role": "umpire"} if n == st.gm else {})} for n in names
        ],
        "ships": [
            {"id": s.id, "roster": s.roster, "side": s.side, "x": s.x, "y": s.y}
            for s in st.ships.values()
        ],
    }
    scenario = build(data, "test position")
    source = dice if hasattr(dice, "roll") else ScriptedDice(dice)  # type: ignore[arg-type]
    record = Record(
        ruleset="flotilla", scenario_id=scenario.id, scenario=data, seed=None, dice_mode="scripted"
    )
    game = Game(RULESET, scenario, st, source, record)
    rules.advance(st, T, Context(source, game.log.append))
    return game


def said(game: Game) -> str:
    """The game's log, one line an entry."""
    return "\n".join(str(e) for e in game.log)
