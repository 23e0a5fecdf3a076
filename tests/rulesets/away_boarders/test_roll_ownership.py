"""Who rolls each roll (2.1, 3.3, 4.3, 5.0): every die of Away, Boarders!
belongs to the player the rule gives it to (``RollRequest.seat``)."""

from __future__ import annotations

from collections.abc import Callable

from quarterdeck.core import pointgrid as pg
from quarterdeck.core.prompts import Answer, Prompt
from tests.rulesets.away_boarders.helpers import (
    RecordedDice,
    T,
    keep_or_first,
    new_game,
    play_until,
    ship,
)


def _at(p: pg.Point) -> tuple[int, int]:
    return (pg.column(p), p[1])


def _face(table: list[str], result: str) -> int:
    """A die face that reads ``result`` on the Damage Table."""
    return table.index(result) + 1


def _owners(dice: RecordedDice) -> list[tuple[str, str | None]]:
    return [(r.label, r.seat) for r in dice.requests]


def _answers(picks: dict[str, Answer]) -> Callable[[Prompt], Answer]:
    """Answer a prompt by its step (or ``step:ship``), else the plain answer."""

    def answer(prompt: Prompt) -> Answer:
        step, ship_id = prompt.context.get("step"), prompt.context.get("ship")
        for key in (f"{step}:{ship_id}", str(step)):
            if key in picks and (
                not isinstance(picks[key], str) or picks[key] in prompt.option_ids()
            ):
                return picks[key]
        return keep_or_first(prompt)

    return answer


def test_4_3_the_firer_rolls_his_dice_and_the_target_her_masts_and_casualties() -> None:
    # Carleton (british) fires high on Royal Savage (american, two masts) at
    # range 2: random die and Damage Dice are Carleton's; the re-roll of the R
    # die for the mast and the two dice for the casualty are Royal Savage's
    carleton, savage = (6, 6), (7, 4)
    dice_count = T.hit_table.rows[6][1] + min(T.caliber.of(6), 6) + 2
    r, c, miss = (_face(T.damage.high, x) for x in ("R", "C", "-"))
    faces = [r, c] + [miss] * (dice_count - 2)
    dice = RecordedDice([3, faces, 1, (3, 4)])  # random 3; mast 1 (main); casualty 3+4
    game = new_game(
        [
            ship("c", "carleton", "british", _at(carleton), 0, sail="oars", crew={"yards": 0}),
            ship("rs", "royal-savage", "american", _at(savage), 0, sail="oars"),
        ],
        dice,
        wind=3,
    )
    game.state.ships["rs"].crew.update(yards=1, guns=0)  # nobody to fire back
    game.state.ships["rs"].crew["repair_hull"] = 4
    play_until(
        game,
        lambda g: g.state.action == 1,
        _answers({"fire:c": "fire:rs", "fire": "hold", "aim": "high"}),
    )
    assert _owners(dice) == [
        ("HMS Carleton, 6 x 6-pdr long gun: random modifier die", "british"),
        ("HMS Carleton Damage Dice, firing high", "british"),
        ("Royal Savage: which mast each rigging hit strikes", "american"),
        ("Royal Savage: two dice for each of 1 casualties (2 = captain hit)", "american"),
    ]
    assert dice.remaining == 0


def test_3_3_the_ship_that_entered_rolls_the_collision_and_each_her_own_fouling() -> None:
    # the American gondola advances onto the British one's point: collision
    # (odd), fouled (odd); each commander rolls his own two dice for rigging
    here, ahead = (6, 6), (7, 6)
    dice = RecordedDice([1, 1, (3, 3), (4, 4)])
    game = new_game(
        [
            ship("m", "philadelphia-gondola", "american", _at(here), 0, sail="oars"),
            ship("o", "philadelphia-gondola", "british", _at(ahead), 0, sail="oars"),
        ],
        dice,
        wind=3,
    )
    game.state.ships["o"].crew["yards"] = 0  # she lies still
    play_until(game, lambda g: bool(g.state.ships["m"].fouled), _answers({"move": "advance"}))
    assert _owners(dice) == [
        ("Philadelphia enters Philadelphia's point (odd: collision)", "american"),
        ("Collision of Philadelphia and Philadelphia (odd: fouled)", "american"),
        ("Philadelphia fouling damage (difference = rigging hits)", "american"),
        ("Philadelphia fouling damage (difference = rigging hits)", "british"),
    ]


def test_2_3_5_0_grapple_boarding_and_rally_dice_belong_to_each_ships_player() -> None:
    # two enemies on one point: the British grapple (even), board; each side
    # rolls its own boarding die; the American captain, leading and beaten,
    # rolls his own two dice; next turn the American rallies his own man
    p = (6, 6)
    dice = RecordedDice([2, 6, 1, (3, 4), 4])
    game = new_game(
        [
            ship("b", "carleton", "british", _at(p), 0, sail="oars"),
            ship("a", "royal-savage", "american", _at(p), 3, sail="oars"),
        ],
        dice,
        wind=1,
    )
    b, a = game.state.ships["b"], game.state.ships["a"]
    b.crew = {"yards": 0, "repair_rigging": 0, "guns": 3, "repair_guns": 0}
    b.crew.update(repair_hull=0, boarders=3)
    a.crew = {"yards": 0, "repair_rigging": 0, "guns": 0, "repair_guns": 0}
    a.crew.update(repair_hull=4, boarders=1)
    fight = _answers(
        {"fire": "hold", "grapple:b": "grapple:a", "board:b": "board:a", "repel": "repel-co"}
    )
    play_until(game, lambda g: g.state.turn == 2, fight)
    play_until(game, lambda g: g.state.phase != "crew", _answers({"crew:a": "rally:guns"}))
    assert _owners(dice) == [
        ("HMS Carleton: grapple Royal Savage (even succeeds)", "british"),
        ("HMS Carleton boarders (3 markers)", "british"),
        ("Royal Savage repels boarders (2 markers)", "american"),
        ("Royal Savage: the captain in the melee (2 = struck down)", "american"),
        ("Royal Savage rallies a casualty (even: back to duty)", "american"),
    ]


def test_every_roll_of_the_rule_set_names_its_seat() -> None:
    # a whole game of the duel, AI against AI: no roll is left to nobody
    from quarterdeck.core import scenario as scenarios
    from quarterdeck.core.dice import RandomDice
    from quarterdeck.core.engine import Game, play_out
    from quarterdeck.rulesets.away_boarders.ai import AwayBoardersAI

    dice = RecordedDice([], then=RandomDice(3))
    scn = scenarios.load("champlain-duel-1776")
    game = Game.new(scn, dice=dice)
    play_out(game, {s: AwayBoardersAI(s, n) for n, s in enumerate(scn.side_names)})
    assert dice.requests and all(r.seat in scn.side_names for r in dice.requests)
