"""Standing fire orders (Firing; Sequence of play, steps 3 and 4): each
battery's order, carried out by the program at every point of a move where
fire is offered, changed whenever fire is offered, reviewed at the start of
every movement step."""

from __future__ import annotations

from typing import Any

from quarterdeck.core.engine import Game

from .test_reaction_fire import duel_game, step


def _orders(game: Game, seat: str, port: str, within: int = 0) -> dict[str, Any]:
    """The standing-orders form: Selma's port battery as given, the rest hold."""
    prompt = game.prompt()
    assert prompt is not None and prompt.seat == seat and prompt.context["step"] == "standing"
    answer: dict[str, Any] = {}
    for f in prompt.fields:
        answer[f.name] = within if f.type == "int" else "hold"
    answer["selma:port"] = port
    answer["selma:port:range"] = within
    return answer


def _to_standing_orders(game: Game) -> None:
    step(game, "union", "first")
    step(game, "union", "pass")  # the start of union's movement: union first
    prompt = game.prompt()
    assert prompt is not None and "standing" in prompt.option_ids()
    step(game, "confederate", "standing")


def _union_moves(game: Game) -> list[str]:
    """Union's Iron City moves 8 inches north; every question asked meanwhile."""
    asked = []
    step(game, "union", "no")
    step(game, "union", "s8/0/0/0")
    for _ in range(10):
        prompt = game.prompt()
        if prompt is None or game.state.phase != "move_a":
            break
        asked.append(f"{prompt.seat}:{prompt.context.get('step')}")
        answer = "pass" if "pass" in prompt.option_ids() else prompt.option_ids()[0]
        game.apply(prompt.seat, answer)
    return asked


def test_a_battery_ordered_to_fire_at_a_named_ship_fires_without_asking() -> None:
    game = duel_game()
    _to_standing_orders(game)
    game.apply("confederate", _orders(game, "confederate", "ship:iron-city"))
    selma = game.state.ships["selma"]
    port = next(b for b in selma.batteries if b.name == "port")
    asked = _union_moves(game)
    assert port.fired and selma.fired
    assert "confederate:fire" not in asked  # never asked "Fire now?" during the move
    assert any("Selma fires under standing orders" in e.text for e in game.log)
    # the other batteries held, as ordered
    assert all(not b.fired for b in selma.batteries if b.name != "port")


def test_a_named_ship_beyond_the_ordered_range_is_not_fired_at() -> None:
    """Iron City comes no nearer than about 10 inches: within 5 never fires."""
    game = duel_game()
    _to_standing_orders(game)
    game.apply("confederate", _orders(game, "confederate", "ship:iron-city", within=5))
    asked = _union_moves(game)
    assert not game.state.ships["selma"].fired
    assert "confederate:fire" not in asked


def test_hold_everything_is_never_asked_and_spends_nothing() -> None:
    game = duel_game()
    _to_standing_orders(game)
    game.apply("confederate", _orders(game, "confederate", "hold"))
    asked = _union_moves(game)
    assert "confederate:fire" not in asked
    assert not game.state.ships["selma"].fired


def test_the_orders_are_the_sides_own_and_reviewed_at_its_next_movement() -> None:
    game = duel_game()
    _to_standing_orders(game)
    game.apply("confederate", _orders(game, "confederate", "first"))
    assert game.view("confederate")["standing"]["selma:port"] == "first"
    assert game.view("union")["standing"] == {}
    assert not any("Standing fire orders" in e["text"] for e in game.view("union")["log"])
    _union_moves(game)
    # confederate's own movement: asked once whether to carry them out or change them
    for _ in range(10):
        prompt = game.prompt()
        assert prompt is not None
        if prompt.seat == "confederate" and prompt.context.get("step") == "fire":
            break
        answer = "pass" if "pass" in prompt.option_ids() else prompt.option_ids()[0]
        game.apply(prompt.seat, answer)
    assert {"orders", "standing"} <= set(prompt.option_ids())
