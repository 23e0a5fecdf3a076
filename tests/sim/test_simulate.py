"""A simulation run: the same seed gives the same games whoever plays them
(one worker, two workers, Ray), every game has its row, and a row's seed
replays that exact game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.sim.games import GameOutcome, game_seed, outcome_of, play_game, replay_game
from quarterdeck.sim.out import RowWriter, read_rows
from quarterdeck.sim.runner import simulate


def rows(scenario_id: str, games: int, seed: int, **how: object) -> list[GameOutcome]:
    got: list[GameOutcome] = []
    simulate(scenarios.load(scenario_id), games, seed, on_game=got.append, **how)  # type: ignore[arg-type]
    return got


def test_one_and_two_workers_play_the_same_games() -> None:
    one = rows("speedy-el-gamo-1801", 60, seed=5, workers=1)
    two = rows("speedy-el-gamo-1801", 60, seed=5, workers=2)
    assert [o.index for o in one] == list(range(60))
    assert one == two
    assert len({o.winner for o in one}) > 1  # a real mix of results, not one repeated game


def test_ray_plays_the_same_games_as_the_local_backend() -> None:
    pytest.importorskip("ray")
    local = rows("speedy-el-gamo-1801", 40, seed=8, workers=1)
    on_ray = rows("speedy-el-gamo-1801", 40, seed=8, workers=2, backend="ray")
    assert on_ray == local


def test_game_i_of_a_run_depends_on_its_seed_alone() -> None:
    """Game 7 of the run seeded 3 is the game seeded game_seed(3, 7), however
    many games the run has."""
    short = rows("shannon-chesapeake-1813", 8, seed=3)
    scenario = scenarios.load("shannon-chesapeake-1813")
    alone = play_game(scenario, game_seed(3, 7), index=7)
    assert short[7] == alone
    assert alone.seed == game_seed(3, 7)


@pytest.mark.parametrize(
    "scenario_id", ["speedy-el-gamo-1801", "champlain-duel-1776", "iron-city-duel"]
)
def test_a_replay_from_a_row_reproduces_the_game(scenario_id: str) -> None:
    """The row's seed, played again through a Game with its record and log,
    ends exactly as the row says; the record then replays to the same state."""
    scenario = scenarios.load(scenario_id)
    row = rows(scenario_id, 2, seed=11)[1]
    game = replay_game(scenario, row.seed)
    assert outcome_of(game, index=1) == row
    again = Game.replay(game.record)
    assert again.state == game.state


def test_losses_and_points_are_each_sides_at_the_end() -> None:
    """Away, Boarders!: a sunk or struck ship is her side's loss and the
    enemy's points (the scenario's victory points)."""
    scenario = scenarios.load("champlain-duel-1776")
    for seed in range(4):
        row = play_game(scenario, seed)
        assert set(row.losses) == set(row.points) == {"british", "american"}
        game = replay_game(scenario, seed)
        lost = {
            side: sum(
                1
                for s in game.state.ships.values()
                if s.side == side and s.status in ("sunk", "struck")
            )
            for side in ("british", "american")
        }
        assert row.losses == lost
        assert row.points == game.ruleset.view(game.state, "*")["points"]


def test_out_rows_are_json_lines_in_game_order(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    scenario = scenarios.load("speedy-el-gamo-1801")
    with RowWriter(path, scenario.combatants) as writer:
        summary = simulate(scenario, 30, seed=2, workers=2, on_game=writer.write)
    got = read_rows(path)
    assert [r["game"] for r in got] == list(range(30))
    assert [r["seed"] for r in got] == [game_seed(2, i) for i in range(30)]
    assert sum(1 for r in got if r["winner"] is None) == summary.draws
    assert set(got[0]) == {
        "game",
        "seed",
        "winner",
        "how",
        "turns",
        "decisions",
        "losses",
        "points",
    }


def test_out_rows_as_parquet(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    scenario = scenarios.load("champlain-duel-1776")
    played: list[GameOutcome] = []
    with RowWriter(tmp_path / "games.parquet", scenario.combatants) as writer:
        simulate(scenario, 3, seed=2, on_game=lambda o: (played.append(o), writer.write(o)))
    assert read_rows(tmp_path / "games.parquet") == [o.row() for o in played]


def test_cli_out_row_then_replay_by_seed(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = run("simulate", "speedy-el-gamo-1801", "--games", "12", "--seed", "4", "--out", "g.jsonl")
    assert out.returncode == 0, out.stderr
    got = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert len(got) == 12
    row = next(r for r in got if r["how"] == "captured")
    shown = run("replay", "speedy-el-gamo-1801", "--seed", str(row["seed"]), "--json")
    assert shown.returncode == 0, shown.stderr
    result = json.loads(shown.stdout)["result"]
    assert (result["winner"], result["how"], result["turn"]) == (
        row["winner"],
        row["how"],
        row["turns"],
    )
    step = run("replay", "speedy-el-gamo-1801", "--seed", str(row["seed"]), "--step")
    assert step.returncode == 0, step.stderr
    assert step.stdout.count("-- decision ") == row["decisions"]


def test_cli_replay_by_seed_kept_for_the_web_table(run) -> None:  # type: ignore[no-untyped-def]
    kept = run("replay", "shannon-chesapeake-1813", "--seed", "77", "--keep")
    assert kept.returncode == 0, kept.stderr
    assert "/replay" in kept.stderr
    listed = json.loads(run("games", "--json").stdout)
    assert [(g["scenario_id"], g["status"]) for g in listed] == [
        ("shannon-chesapeake-1813", "finished")
    ]
    row = play_game(scenarios.load("shannon-chesapeake-1813"), 77)
    assert (listed[0]["result"]["winner"], listed[0]["result"]["how"]) == (row.winner, row.how)


def test_cli_refuses_bad_simulate_options(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = run("simulate", "shannon-chesapeake-1813", "--backend", "spark")
    assert bad.returncode == 2
    assert "--backend 'spark': legal values are local, ray" in bad.stderr
    bad = run("simulate", "shannon-chesapeake-1813", "--address", "x:1")
    assert bad.returncode == 2 and "--address is for --backend ray" in bad.stderr
    bad = run("replay", "shannon-chesapeake-1813", "--keep")
    assert bad.returncode == 2 and "go with --seed" in bad.stderr
    for seed in ("-5", str(2**63)):  # a game's seed is a whole number from 0, in 64 bits
        bad = run("replay", "shannon-chesapeake-1813", "--seed", seed)
        assert bad.returncode == 2 and "Invalid value for '--seed'" in bad.stderr
        assert "Traceback" not in bad.stderr
    bad = run("simulate", "shannon-chesapeake-1813", "--games", "2", "--out", "no/such/dir/x.jsonl")
    assert bad.returncode == 2
    assert "--out no/such/dir/x.jsonl: the folder no/such/dir does not exist" in bad.stderr
    bad = run("simulate", "shannon-chesapeake-1813", "--games", "2", "--out", "rows.csv")
    assert bad.returncode == 2 and not (tmp_path / "rows.csv").exists()  # (run works in tmp_path)
    assert "give a file name ending in .jsonl, .ndjson, .json, .parquet" in bad.stderr
    bad = run("replay", "champlain-duel-1776")  # a scenario, with no seed
    assert bad.returncode == 2
    assert "'champlain-duel-1776' is a scenario: give --seed N" in bad.stderr


def test_cli_refuses_a_ray_address_where_no_cluster_answers(run) -> None:  # type: ignore[no-untyped-def]
    """A wrong --address is refused in one line at once (Ray itself would
    try to reach it for many minutes): nothing listens on a port just freed,
    and a name that is no HOST:PORT is not an address."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    bad = run(
        "simulate", "speedy-el-gamo-1801", "--backend", "ray", "--address", f"127.0.0.1:{port}"
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert f"--address 127.0.0.1:{port}: no Ray cluster answers there" in bad.stderr
    bad = run("simulate", "speedy-el-gamo-1801", "--backend", "ray", "--address", "headnode")
    assert bad.returncode == 2
    assert "--address 'headnode': give the head node as HOST:PORT" in bad.stderr
