"""The sequence of play through the engine: orders, then each move's plots
in secret, revealed together; movement; shooting; morale."""

from __future__ import annotations

from quarterdeck.core.engine import Game
from quarterdeck.rulesets.acw_river.ai import AcwRiverAI

from .helpers import load, playable


def orders(game: Game) -> None:
    ai = {s: AcwRiverAI(s, 1) for s in ("confederate", "union")}
    while (p := game.prompt()) is not None and p.context.get("step") == "orders":
        game.apply(p.seat, ai[p.seat].decide(game.view(p.seat), p))


def test_orders_then_plots_one_secret_form_per_seat() -> None:
    with playable():
        game = Game.new(load("arkansas-vicksburg-1862"), seed=2)
        steps = {p.seat: p.context.get("step") for p in game.prompts()}
        assert steps == {"confederate": "orders", "union": "orders"}
        orders(game)
        prompts = {p.seat: p for p in game.prompts()}
        assert set(prompts) == {"confederate", "union"}
        assert all(p.context["secret"] and p.context["step"] == "plot" for p in prompts.values())
        assert prompts["union"].context["ships"] == [
            "carondelet",
            "cincinnati",
            "hartford",
            "brooklyn",
        ]


def test_a_plot_stays_secret_until_both_sides_have_plotted_then_both_move() -> None:
    with playable():
        game = Game.new(load("arkansas-vicksburg-1862"), seed=2)
        orders(game)
        confederate = game.prompt_for("confederate")
        assert confederate is not None
        answer = AcwRiverAI("confederate", 1).decide(game.view("confederate"), confederate)
        before = game.view("union")
        game.apply("confederate", answer)
        after = game.view("union")
        assert after["plots"] == {} and before["ships"] == after["ships"]
        assert after["log"][-1]["text"] == "confederate: secret order given"
        assert "arkansas" in game.view("confederate")["plots"]
        y0 = game.state.ships["arkansas"].y
        union = game.prompt_for("union")
        assert union is not None
        game.apply("union", AcwRiverAI("union", 1).decide(game.view("union"), union))
        assert game.state.ships["arkansas"].y < y0  # revealed together and moved
        assert game.state.turn >= 1


def test_first_move_a_ship_may_fire_after_any_quarter() -> None:
    with playable():
        game = Game.new(load("arkansas-vicksburg-1862"), seed=2)
        orders(game)
        prompt = game.prompt_for("confederate")
        assert prompt is not None
        assert any(
            f.name == "arkansas/quarter" and (f.low, f.high) == (1, 4) for f in prompt.fields
        )


def test_a_whole_game_of_ai_against_ai_ends_with_a_result() -> None:
    with playable():
        game = Game.new(load("arkansas-vicksburg-1862"), seed=5)
        players = {s: AcwRiverAI(s, 7) for s in ("confederate", "union")}
        for _ in range(400):
            p = game.prompt()
            if p is None:
                break
            game.apply(p.seat, players[p.seat].decide(game.view(p.seat, log=False), p))
        assert game.result() is not None


def test_a_plotted_path_is_shown_only_until_the_move_is_made() -> None:
    # Movement: the plot is drawn from where the ship stands; once the moves
    # are revealed and made, the old plot is no longer shown as a path ahead
    with playable():
        game = Game.new(load("arkansas-vicksburg-1862"), seed=9)  # no fog: fire after move 1
        orders(game)
        for seat in ("confederate", "union"):
            prompt = game.prompt_for(seat)
            assert prompt is not None
            game.apply(seat, AcwRiverAI(seat, 1).decide(game.view(seat), prompt))
            if seat == "confederate":
                assert "arkansas" in game.view("confederate")["plots"]
        assert (game.state.turn, game.state.phase) == (1, "fire")
        assert game.view("confederate")["plots"] == {}
        assert "plotted:" not in game.ruleset.render(game.state, "confederate")


def test_a_sides_secret_form_kept_while_the_other_gives_orders_is_the_form_worked_out_anew() -> (
    None
):
    """Sequence of play: plots and fire orders are given blind, so one side's
    orders cannot change the other's form. The forms the rules keep for the
    side still to answer (rather than work out again) are, at every decision
    of whole games, exactly the forms worked out from nothing."""
    from quarterdeck.rulesets import get_ruleset
    from quarterdeck.rulesets.acw_river import rules
    from quarterdeck.sim.games import _context, players_for

    kept_used = 0
    for scenario_id, seed in (("mobile-bay-torpedoes-1864", 3), ("hampton-roads-1862", 4)):
        scenario = load(scenario_id)
        ruleset = get_ruleset(scenario.ruleset)
        ctx = _context(scenario, seed)
        state = ruleset.new_state(scenario, ctx)
        t = ruleset.tables(state)  # type: ignore[attr-defined]
        players = players_for(scenario, seed, None)
        open_prompts = rules.prompts(state, t)
        while open_prompts:
            prompt = open_prompts[0]
            answer = prompt.check(
                players[prompt.seat].decide(ruleset.view(state, prompt.seat), prompt)
            )
            ctx.acting, ctx.prompt = prompt.seat, prompt
            others = {p.seat: p for p in open_prompts[1:]}
            open_prompts = rules.apply(state, t, prompt.seat, answer, ctx)
            kept_used += sum(1 for p in open_prompts if others.get(p.seat) is p)
            assert open_prompts == rules.prompts(state, t)
        assert ruleset.result(state) is not None
    assert kept_used > 20  # the kept forms were used, and checked, many times
