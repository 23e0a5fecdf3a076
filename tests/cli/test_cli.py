"""The quarterdeck command as a user runs it: real processes, real exit codes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

# the command as installed (pyproject's [project.scripts]): its real entry point
QUARTERDECK = [str(Path(sys.executable).with_name("quarterdeck"))]


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    env = dict(os.environ, QUARTERDECK_DB=f"sqlite:///{tmp_path / 'games.sqlite3'}", COLUMNS="200")

    def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*QUARTERDECK, *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    return _run


def test_rulesets_lists_all_five_with_playable_flags(run) -> None:  # type: ignore[no-untyped-def]
    out = run("rulesets", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [r["id"] for r in rows] == [
        "gundice-boarding",
        "away-boarders",
        "cutting-out",
        "acw-river",
        "flotilla",
    ]
    assert {"id", "title", "playable", "period"} <= set(rows[0])
    assert rows[0]["playable"] is True


def test_scenarios_json_and_show(run) -> None:  # type: ignore[no-untyped-def]
    rows = json.loads(run("scenarios", "--ruleset", "gundice-boarding", "--json").stdout)
    ids = {r["id"] for r in rows}
    assert {"cape-st-vincent-1797", "shannon-chesapeake-1813"} <= ids
    assert all({"id", "ruleset", "title", "sides"} <= set(r) for r in rows)
    shown = run("scenarios", "show", "cape-st-vincent-1797")
    assert shown.returncode == 0
    assert "San José (first rate, 112 guns, 1783), size 3" in shown.stdout


def test_scenario_ids_are_whole_in_a_narrow_terminal(tmp_path: Path) -> None:
    """The id is what a user types next, so the listing never cuts it short."""
    env = dict(os.environ, QUARTERDECK_DB=f"sqlite:///{tmp_path / 'g.sqlite3'}", COLUMNS="72")
    out = subprocess.run(
        [*QUARTERDECK, "scenarios"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    for scenario in ("serapis-bonhomme-richard-1779", "lake-erie-lawrence-1813", "mobile-bay-1864"):
        assert scenario in out.stdout


def test_play_save_and_replay_reproduce_the_same_game(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    args = (
        "play",
        "cape-st-vincent-1797",
        "--side",
        "british=ai",
        "--side",
        "spanish=ai",
        "--seed",
        "5",
    )
    out = run(*args, "--save", str(first))
    assert out.returncode == 0, out.stderr
    assert "Result:" in out.stdout
    run(*args, "--save", str(second))
    assert first.read_text() == second.read_text()
    replayed = run("replay", str(first))
    assert replayed.returncode == 0
    result = re.search(r"Result: (.*)", out.stdout)
    assert result is not None and result.group(1) in replayed.stdout
    state = json.loads(run("replay", str(first), "--json").stdout)
    assert state["result"]["how"] in (
        "captured",
        "repelled",
        "called off",
        "disengaged",
        "turn limit",
    )


def test_manual_dice_are_asked_for_and_impossible_ones_refused(run) -> None:  # type: ignore[no-untyped-def]
    lines = ["7 7 7"] + ["6 6 6", "1"] * 20
    out = run(
        "play",
        "shannon-chesapeake-1813",
        "--dice",
        "manual",
        "--side",
        "british=ai",
        "--side",
        "american=ai",
        stdin="\n".join(lines) + "\n",
    )
    assert out.returncode == 0, out.stderr + out.stdout
    assert (
        "Boarding attempt, HMS Shannon against USS Chesapeake (2 to start, fouled +1): roll 3 dice, any 6 starts the action (5.2 Boarding Attempts)"
        in out.stdout
    )
    assert "refused: " in out.stdout and "7 is not a possible roll of a d6" in out.stdout
    assert "Result: british wins: captured" in out.stdout


def test_interrupted_game_resumes_where_it_stopped(run) -> None:  # type: ignore[no-untyped-def]
    out = run("play", "speedy-el-gamo-1801", "--side", "british=human", "--seed", "3", stdin="1\n")
    assert out.returncode == 130
    game_id = re.search(r"quarterdeck resume (\w+)", out.stderr)
    assert game_id is not None
    listed = run("games", "--json")
    assert json.loads(listed.stdout)[0]["status"] == "playing"
    resumed = run("resume", game_id.group(1), "--side", "british=ai")
    assert resumed.returncode == 0, resumed.stderr
    assert "2 decisions replayed" in resumed.stdout  # the person's and the AI's orders
    assert "Result:" in resumed.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "trafalgar"), "unknown scenario 'trafalgar'"),
        (("play", "speedy-el-gamo-1801", "--side", "french=ai"), "has no side 'french'"),
        (
            ("play", "speedy-el-gamo-1801", "--side", "british=robot"),
            "legal values: human, ai, random",
        ),
        (("play", "speedy-el-gamo-1801", "--dice", "loaded"), "legal values are program, manual"),
        (("scenarios", "--ruleset", "chess"), "unknown rule set 'chess'"),
        (("replay", "nosuchgame"), "neither a record file nor a saved game id"),
        (("resume", "nosuchgame"), "no saved game with id 'nosuchgame'"),
    ],
)
def test_bad_input_gets_a_clear_error_and_exit_2(run, args, message) -> None:  # type: ignore[no-untyped-def]
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr


def test_malformed_record_file(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "quarterdeck-record/1", "ruleset": 3}')
    out = run("replay", str(bad))
    assert out.returncode == 2 and "field 'ruleset' must be a str" in out.stderr
    bad.write_text("{not json")
    out = run("replay", str(bad))
    assert out.returncode == 2 and "line 1, column 2: not valid JSON" in out.stderr


def test_simulate_json_is_the_same_whatever_the_workers(run) -> None:  # type: ignore[no-untyped-def]
    one = json.loads(
        run("simulate", "speedy-el-gamo-1801", "--games", "300", "--seed", "9", "--json").stdout
    )
    two = json.loads(
        run(
            "simulate",
            "speedy-el-gamo-1801",
            "--games",
            "300",
            "--seed",
            "9",
            "--workers",
            "2",
            "--json",
        ).stdout
    )
    for key in ("scenario", "games", "seed", "results", "draws", "mean_turns", "how"):
        assert one[key] == two[key], key
    assert {"games_per_second", "results", "draws", "mean_turns"} <= set(one)
    assert sum(one["results"].values()) + one["draws"] == 300


def test_odds_json(run) -> None:  # type: ignore[no-untyped-def]
    attempt = json.loads(run("odds", "attempt", "--json").stdout)
    assert attempt["2"]["fraction"] == "11/36"
    capture = json.loads(run("odds", "capture", "4", "4", "--json").stdout)
    assert capture["fraction"] == "1/2"
    rounds = json.loads(run("odds", "round", "2", "4", "--json").stdout)
    assert abs(sum(r["probability"] for r in rounds) - 1) < 1e-12


def test_killed_process_loses_nothing(tmp_path: Path) -> None:
    """kill -9 in the middle of a game: resume replays every decision made."""
    import signal
    import time

    env = dict(os.environ, QUARTERDECK_DB=f"sqlite:///{tmp_path / 'games.sqlite3'}", COLUMNS="200")
    cmd = QUARTERDECK
    proc = subprocess.Popen(
        [*cmd, "play", "cape-st-vincent-1797", "--side", "british=human", "--seed", "8"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write("1\n1\n")  # mobilise, then board San Nicolas
    proc.stdin.flush()
    deadline = time.time() + 60
    listed: list[dict[str, object]] = []
    while time.time() < deadline:
        out = subprocess.run([*cmd, "games", "--json"], capture_output=True, text=True, env=env)
        listed = json.loads(out.stdout or "[]")
        if listed and int(listed[0]["entries"]) >= 4:  # type: ignore[call-overload]
            break
        time.sleep(0.5)
    time.sleep(1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    game_id = str(listed[0]["id"])
    resumed = subprocess.run(
        [*cmd, "resume", game_id, "--side", "british=ai"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    replayed = re.search(r"(\d+) decisions replayed", resumed.stdout)
    assert replayed is not None and int(replayed.group(1)) >= 3  # both of ours and the AI's
    assert "Result:" in resumed.stdout


def test_simulate_draws_a_plot(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    png = tmp_path / "plot.png"
    out = run("simulate", "shannon-chesapeake-1813", "--games", "50", "--plot", str(png))
    assert out.returncode == 0, out.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_gives_the_draws_a_95_percent_interval_too(run) -> None:  # type: ignore[no-untyped-def]
    """The draws are a share of the games as each side's wins are: the
    summary table gives them the same Wilson interval (40 Champlain games of
    seed 5: 7 draws, 8.7% to 31.9%)."""
    from quarterdeck.sim.runner import wilson

    args = ("simulate", "champlain-duel-1776", "--games", "40", "--seed", "5")
    draws = json.loads(run(*args, "--json").stdout)["draws"]
    lo, hi = wilson(draws, 40)
    line = next(x for x in run(*args).stdout.splitlines() if "draws" in x)
    assert f"{draws / 40:.1%}" in line and f"{lo:.1%} - {hi:.1%}" in line
    assert (draws, f"{lo:.1%}", f"{hi:.1%}") == (7, "8.7%", "31.9%")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nosuch",), "error: No such command 'nosuch'. (see: quarterdeck --help)"),
        (("play",), "error: Missing argument 'scenario_id'. (see: quarterdeck play --help)"),
        (("simulate", "speedy-el-gamo-1801", "--games", "0"), "Invalid value for '--games'"),
        (("play", "speedy-el-gamo-1801", "--seed", "abc"), "Invalid value for '--seed'"),
        (("serve", "--port", "99999"), "Invalid value for '--port'"),
        (("odds", "capture", "-1", "3"), "Invalid value for 'attacker'"),
        (("odds", "capture", "99", "99"), "Invalid value for 'attacker'"),
        (("play", "speedy-el-gamo-1801", "b", "c"), "unexpected extra argument(s) (b c)"),
    ],
)
def test_usage_errors_of_the_installed_command_are_one_line_and_exit_2(  # type: ignore[no-untyped-def]
    run, args, message
) -> None:
    """Issue 13, point 6: typer raises its own exception classes; every usage
    error is still one line on stderr, exit status 2, no traceback."""
    out = run(*args)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: "), out.stderr
    assert message in out.stderr and "Traceback" not in out.stderr


def test_version_and_bare_command(run) -> None:  # type: ignore[no-untyped-def]
    from importlib.metadata import version

    for flag in ("--version", "-V"):
        out = run(flag)
        assert out.returncode == 0 and out.stdout == f"quarterdeck {version('quarterdeck')}\n"
    bare = run()
    assert bare.returncode == 2 and "Traceback" not in bare.stderr
    assert "play" in bare.stdout and "simulate" in bare.stdout  # the help, listing commands


def test_a_form_lists_its_choices_with_their_words_and_takes_a_number(run) -> None:  # type: ignore[no-untyped-def]
    """ACW river: a plot's choices (the gun the captain lays, the standing
    order) are listed with what they mean, and answered by their number."""
    # flagship, order; move 1: speed 6, helm 4 (ahead), action, gun 2 (g1),
    # quarter 4, order 1, standing fire order and within (Enter: ask, none);
    # then the input ends
    out = run(
        "play", "arkansas-vicksburg-1862", "--seed", "3", stdin="1\n1\n6\n4\n1\n2\n4\n1\n\n\n"
    )
    assert "  2. g1: 8in-sb, bow  [g1]" in out.stdout
    assert "  10. hold her position  [hold]" in out.stdout
    summary = " ".join(out.stdout.split())
    assert "lays a gun himself (adds his gunnery): g1: 8in-sb, bow" in summary
    assert "Helm (turning radius 9 in): steady ahead" in summary
    assert "Move 2: plot the moves of CSS Arkansas" in summary


def test_enter_alone_takes_a_form_fields_suggested_value(run) -> None:  # type: ignore[no-untyped-def]
    """Cutting Out Party's rowing form, a row a boat: each field says what
    Enter takes (the boat's last course, her whole allowance), and Enter does."""
    # the launch: alongside the starboard waist (5), Enter for her allowance;
    # the cutter and the jolly boat: Enter, Enter; then the input ends
    out = run("play", "sample-game", "--seed", "3", stdin="5\n\n\n\n\n\n")
    text = " ".join(out.stdout.split())
    assert "Turn 1: row the launch, the cutter, the jolly boat" in text
    assert "Enter for heading:90" in text
    assert "the launch: inches (0-11, Enter for 11)" in text  # 6 in and her die's 5
    # the launch rows her whole 11 in (Enter) toward the corvette's starboard
    # waist; the others their whole allowance on their heading, east
    assert "the launch rows 11.0 in" in text
    assert "the cutter rows 11.0 in" in text and "the jolly boat rows 8.0 in" in text


def test_help_shows_the_install_extra_and_one_line_summaries(run) -> None:  # type: ignore[no-untyped-def]
    # rich markup would take "[ray]" for a style tag and drop it from the help
    out = run("simulate", "--help")
    assert out.returncode == 0, out.stderr
    assert "pip install '.[ray]'" in out.stdout
    top = run("--help")
    assert (
        "Replay a game record, or a simulated game by its seed, to its final state." in top.stdout
    )


def test_a_form_choice_out_of_range_is_refused_in_the_questions_own_words(run) -> None:  # type: ignore[no-untyped-def]
    """Away, Boarders!: a first-loads field offered as 1 to 4 answered 9 is
    refused in those words and asked again; the game goes on with the next."""
    out = run("play", "champlain-duel-1776", "--seed", "1", stdin="1\n9\n2\n")
    summary = " ".join(out.stdout.split())
    assert "'9' is not one of the choices: type 1 to 4 or an id in brackets" in summary
    assert summary.count("starboard guns (1 to 4, or an id in brackets)>") == 2
    assert "Traceback" not in out.stderr


def test_a_form_answer_that_only_looks_like_a_number_is_asked_again(run) -> None:  # type: ignore[no-untyped-def]
    """'--5' passed a digits-after-dashes test and then failed int(): a
    traceback. Now it is a word like any other, refused, and asked again."""
    out = run("play", "champlain-duel-1776", "--seed", "1", stdin="--5\n1\n1\n")
    summary = " ".join(out.stdout.split())
    assert "'--5' is not one of the choices: type 1 to 4 or an id in brackets" in summary
    assert "Traceback" not in out.stderr and "ValueError" not in out.stderr
