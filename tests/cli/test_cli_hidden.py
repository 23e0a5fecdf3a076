"""Hidden information in the terminal: each roll is asked of the seat that
rolls it, and any game can be given an umpire seat."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QUARTERDECK_DB=f"sqlite:///{tmp_path / 'g.sqlite3'}", COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-c", "from quarterdeck.cli.main import main; main()", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_each_physical_roll_names_the_seat_that_rolls_it(tmp_path: Path) -> None:
    out = run(
        tmp_path,
        "play",
        "shannon-chesapeake-1813",
        "--dice",
        "manual",
        "--side",
        "british=ai",
        "--side",
        "american=ai",
        stdin="\n".join(["6 6 6", "1"] * 20) + "\n",
    )
    assert out.returncode == 0, out.stderr + out.stdout
    assert "british rolls: Boarding attempt, HMS Shannon against USS Chesapeake" in out.stdout
    assert "american rolls: Boarding round 1, USS Chesapeake" in out.stdout


def test_any_game_can_be_given_an_umpire_who_sees_everything(tmp_path: Path) -> None:
    out = run(
        tmp_path,
        "play",
        "shannon-chesapeake-1813",
        "--seed",
        "4",
        "--side",
        "british=ai",
        "--side",
        "american=ai",
        "--side",
        "umpire=human",
    )
    assert out.returncode == 0, out.stderr + out.stdout
    assert "british: ai, american: ai, umpire: human" in out.stdout
    # the umpire reads each side's secret order, not only that one was given
    assert "british: Command phase, turn 1: mobilise" in out.stdout
    assert "american: Command phase, turn 1: mobilise" in out.stdout
    assert "secret order given" not in out.stdout
    assert "Result:" in out.stdout


def test_a_player_changes_a_decks_mix_with_set(tmp_path: Path) -> None:
    import pytest

    from quarterdeck.cli.main import load_scenario
    from quarterdeck.core.errors import ScenarioError
    from quarterdeck.rulesets import register, unregister
    from tests.core.guess_game import Guess

    path = tmp_path / "guess.toml"
    path.write_text(
        'id = "guess"\nruleset = "test-guess"\ntitle = "Guess"\n'
        '[[sides]]\nname = "hider"\ntitle = "Hider"\n'
        '[[sides]]\nname = "seeker"\ntitle = "Seeker"\n'
        '[decks.omens]\ntitle = "Omens"\n'
        '[[decks.omens.cards]]\nid = "gull"\ntitle = "A gull"\ncount = 2\n'
        '[[decks.omens.cards]]\nid = "storm"\ntitle = "A storm"\n',
        encoding="utf-8",
    )
    register(Guess("test-guess"))
    try:
        changed = load_scenario(str(path), ["decks.omens.storm=6", "decks.omens.gull=0"], None)
        assert changed.deck("omens").counts() == {"gull": 0, "storm": 6}
        with pytest.raises(ScenarioError, match="no card 'kraken'"):
            load_scenario(str(path), ["decks.omens.kraken=1"], None)
        with pytest.raises(ScenarioError, match=r"decks\.DECK\.CARD=COUNT"):
            load_scenario(str(path), ["decks.omens=1"], None)
    finally:
        unregister("test-guess")


def test_a_card_drawn_by_hand_is_listed_and_entered_by_its_title(tmp_path: Path) -> None:
    """`--dice manual`: the sample game's turn 1 event card, drawn by the
    defenders, is asked for by the titles the rule set gives its cards (each
    with its id); the card is entered by its title."""
    out = run(
        tmp_path,
        "play",
        "sample-game",
        "--dice",
        "manual",
        "--side",
        "british=ai",
        "--side",
        "french=ai",
        stdin="the GUARD is asleep\n",
    )
    # the input ends at the next roll asked for: the game stops there, saved
    assert out.returncode == 130, out.stderr + out.stdout
    assert "french draws: Turn 1: random event: draw a card from the events deck" in out.stdout
    assert "1. The guard is asleep (asleep)" in out.stdout
    assert "5. No event (no-event)" in out.stdout
    assert "Turn 1: random event: drew The guard is asleep (asleep)" in out.stdout
