"""Standing fire orders (Firing: Method; the program's convenience, shaped
as Flotilla's): an order given once in a plot is carried out at every later
fire point without a fire form; it changes in any plot or fire form; hold
holds; a named ship out of reach is not fired at; a named ship gone for good
ends the order and the unit is asked again. The orders are their side's
secret, like the fire orders."""

from __future__ import annotations

from typing import Any

from quarterdeck.core.engine import Game

from .helpers import engine_game, position, ship

# USS Manassas (one 32-pdr smoothbore in the bow, 10 degrees each side)
# heading north at (20, 30); CSS Gaines 7 in ahead, Selma 15 in ahead, both
# inside the bow gun's arc. A 2 misses at every range, so nothing is hit
# and no other die is thrown.
MISS = 2


def duel(dice: list[int] | None = None) -> Game:
    state = position(
        [
            ship("m", "manassas", "union", 20.0, 30.0, 0.0),
            ship("g", "gaines", "confederate", 19.3, 37.0, 0.0),
            ship("s", "selma", "confederate", 21.5, 45.0, 0.0),
        ]
    )
    state.turn, state.phase = 0, "orders"
    game = engine_game(state, dice if dice is not None else [MISS] * 20)
    game.apply("union", {"flagship": "m", "order:m": "hold"})
    game.apply("confederate", {"flagship": "g", "order:g": "hold", "order:s": "hold"})
    return game


def plot(game: Game, seat: str, **change: Any) -> None:
    """The seat's plot: every ship stopped, helm ahead, nothing else; every
    standing fire order as it stands unless ``change`` says (``m/standing``)."""
    prompt = game.prompt_for(seat)
    assert prompt is not None and prompt.context["step"] == "plot"
    stay = {"speed": 0, "helm": "ahead", "action": "none", "laying": "none", "quarter": 4}
    defaults = prompt.context["defaults"]
    answer: dict[str, Any] = {}
    for f in prompt.fields:
        part = f.name.split("/")[1]
        first = f.choices[0].id if f.choices else f.low
        answer[f.name] = stay.get(part, defaults.get(f.name, first))
    answer.update({k.replace("__", "/"): v for k, v in change.items()})
    game.apply(seat, answer)


def union_fire_rolls(game: Game) -> list[str]:
    return [r.label for r in game.dice.requests if r.seat == "union"]


def fire_prompts(game: Game, seat: str) -> int:
    return sum(
        1
        for p in game.prompts()
        if p.seat == seat and str(p.context.get("step", "")).startswith("fire")
    )


def move(game: Game, union: dict[str, Any], rebels: dict[str, Any] | None = None) -> int:
    """One move: both plots, then the fire; how many fire forms union was shown."""
    turn = game.state.turn
    plot(game, "confederate", **(rebels or {"g__standing": "hold", "s__standing": "hold"}))
    plot(game, "union", **union)
    asked = fire_prompts(game, "union")
    assert game.state.turn == turn + 1 or asked  # the move is over unless union is asked
    return asked


def test_an_order_given_once_fires_on_the_next_two_moves_without_a_fire_form() -> None:
    game = duel()
    assert move(game, {"m__standing": "ship:g", "m__within": 0}) == 0
    assert move(game, {}) == 0  # move 2: the order stands, nothing changed
    rolls = union_fire_rolls(game)
    assert len(rolls) == 2 and all(
        "Manassas fires her 32pdr-sb" in r and "Gaines" in r for r in rolls
    )
    said = [e for e in game.log if e.text.startswith("Standing fire orders: CSS Manassas fires")]
    assert len(said) == 2 and all(e.seats == ("union",) for e in said)
    assert game.state.ships["g"].fired_on_by == ["m"]


def test_an_order_changed_in_the_next_plot_fires_at_the_new_target() -> None:
    game = duel()
    move(game, {"m__standing": "ship:g", "m__within": 0})
    move(game, {"m__standing": "ship:s", "m__within": 0})
    rolls = union_fire_rolls(game)
    assert len(rolls) == 2 and "Gaines" in rolls[0] and "Selma" in rolls[1]
    changed = [e.text for e in game.log if e.text.startswith("Standing fire orders: ")]
    assert "Standing fire orders: CSS Manassas: CSS Selma when in reach" in changed


def test_hold_holds_and_is_never_asked() -> None:
    game = duel()
    assert move(game, {"m__standing": "hold"}) == 0
    assert move(game, {}) == 0
    assert union_fire_rolls(game) == []
    assert game.state.ships["g"].fired_on_by == game.state.ships["s"].fired_on_by == []
    held = [e.text for e in game.log if "Standing fire orders: CSS Manassas holds fire" in e.text]
    assert held == ["Standing fire orders: CSS Manassas holds fire"] * 2


def test_a_named_ship_beyond_the_ordered_reach_is_not_fired_at() -> None:
    """Selma lies 11.2 in off (hull to hull): 'within 10' holds fire, and says why to
    her own side; the order stands for a later move."""
    game = duel()
    assert move(game, {"m__standing": "ship:s", "m__within": 10}) == 0
    assert union_fire_rolls(game) == []
    why = [e for e in game.log if "CSS Selma is 11.2 in off, not within 10" in e.text]
    assert len(why) == 1 and why[0].seats == ("union",)
    assert game.state.standing["union"]["m"] == "ship:s:10"


def test_a_named_ship_out_of_the_guns_arc_is_not_fired_at() -> None:
    """Heading 10 degrees east of north, the bow gun bears on Selma (about
    4 degrees off her bow) and not on Gaines (about 16): ordered to fire at
    Gaines, she holds fire and her side is told why."""
    game = duel()
    game.state.ships["m"].heading = 10.0
    assert move(game, {"m__standing": "ship:g", "m__within": 0}) == 0
    assert union_fire_rolls(game) == []
    why = [e for e in game.log if "CSS Gaines is not in reach of her guns" in e.text]
    assert len(why) == 1 and why[0].seats == ("union",)


def test_the_nearest_order_fires_at_the_nearest_ship_her_guns_bear_on() -> None:
    game = duel()
    move(game, {"m__standing": "nearest"})
    (roll,) = union_fire_rolls(game)
    assert "Gaines" in roll


def test_a_named_ship_sunk_ends_the_order_and_the_side_is_asked_again() -> None:
    """Gaines sinks before the next plot: the plot says the order lapsed
    and offers 'ask me' in its place; Manassas is asked at the fire."""
    game = duel()
    move(game, {"m__standing": "ship:g", "m__within": 0})
    game.state.ships["g"].status = "sunk"
    prompt = game.prompt_for("union")
    assert prompt is not None
    field = next(f for f in prompt.fields if f.name == "m/standing")
    assert "CSS Gaines is sunk: the order lapses" in field.label
    assert "ship:g" not in [c.id for c in field.choices]
    assert prompt.context["defaults"]["m/standing"] == "ask"
    assert move(game, {}, {"s__standing": "hold"}) == 1
    game.apply("union", {"m": "at:s", "m/standing": "nearest", "m/within": 0})
    assert "Selma" in union_fire_rolls(game)[-1]
    lapsed = [
        e
        for e in game.log
        if e.text.startswith("Standing fire orders") and "CSS Gaines is sunk" in e.text
    ]
    assert len(lapsed) == 1 and lapsed[0].seats == ("union",)
    assert "CSS Manassas: ask me" in lapsed[0].text
    assert game.state.standing["union"]["m"] == "nearest"


def test_a_named_ship_gone_between_the_plot_and_the_fire_is_asked_that_move() -> None:
    game = duel()
    plot(game, "union", m__standing="ship:g", m__within=0)
    game.state.ships["g"].status = "sunk"  # sunk in the move, say
    plot(game, "confederate", s__standing="hold")
    prompt = game.prompt_for("union")
    assert prompt is not None and prompt.context["step"] == "fire"
    (row,) = prompt.context["rows"]
    assert row["label"] == "CSS Manassas (CSS Gaines is sunk: the order lapses)"
    game.apply("union", {"m": "at:s", "m/standing": "hold", "m/within": 0})
    assert "Selma" in union_fire_rolls(game)[-1]
    assert any("CSS Manassas: hold fire (CSS Gaines is sunk" in e.text for e in game.log)


def test_a_fire_form_sets_the_standing_order_for_the_moves_after() -> None:
    game = duel()
    assert move(game, {}) == 1  # no order: asked as before
    game.apply("union", {"m": "at:g", "m/standing": "ship:s", "m/within": 0})
    assert "Gaines" in union_fire_rolls(game)[-1]
    assert move(game, {}) == 0
    assert "Selma" in union_fire_rolls(game)[-1]


def test_the_orders_are_their_sides_secret() -> None:
    game = duel()
    move(game, {"m__standing": "ship:g", "m__within": 0})
    assert game.view("union")["sides"]["union"]["fire_orders"] == {"m": "CSS Gaines when in reach"}
    assert "fire_orders" not in game.view("confederate")["sides"]["union"]
    for viewer in ("confederate", None):
        log = [e["text"] for e in game.view(viewer)["log"]]
        assert not any("Manassas" in line and "Standing fire" in line for line in log)
        assert not any("Manassas: standing fire order" in line for line in log)
    secrets = [s.path for s in game.ruleset.hidden(game.state)]
    assert ("standing", "union") in secrets


def test_named_ships_read_once_for_a_side_are_each_units_own() -> None:
    """A side's form reads the ships a standing order may name once for
    all its units (standing.named): the same choices, in the same order, as
    each unit's own, whatever her current order (Firing: Method)."""
    from quarterdeck.rulesets.acw_river import standing

    game = duel()
    state = game.state
    state.sighted["confederate"] = ["m"]
    state.sighted["union"] = ["g", "s"]
    state.standing.setdefault("confederate", {})["s"] = "ship:m:6"
    for ids in (["m"], ["g", "s"]):
        units = [state.ships[i] for i in ids]
        shared = standing.named(state, units[0])
        for u in units:
            assert standing.choices(state, u, shared) == standing.choices(state, u)
            assert [f.choices for f in standing.fields(state, u, "x/", "X: ", shared)] == [
                f.choices for f in standing.fields(state, u, "x/", "X: ")
            ]
    state.ships["g"].status = "sunk"
    shared = standing.named(state, state.ships["m"])
    assert [o.id for o in shared] == ["ship:s"]
    assert standing.choices(state, state.ships["m"], shared) == standing.choices(
        state, state.ships["m"]
    )
