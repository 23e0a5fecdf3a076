"""Players: random, the rule sets' heuristic AIs, and the factory that picks one.

An automatic player's randomness is part of what a game record reproduces:
:class:`SeededPlayer` makes a fresh player for every decision, seeded from the
game's seed and the number of the decision (:func:`decision_seed`). A game
stopped at any point and resumed from its record therefore goes on exactly as
the uninterrupted game would have, whoever played it and however often it was
interrupted.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from quarterdeck.core.engine import Player
from quarterdeck.core.errors import QuarterdeckError
from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.players.random_player import RandomPlayer
from quarterdeck.rulesets import get_ruleset

KINDS = ("human", "ai", "random")


def make_player(kind: str, ruleset_id: str, seat: str, seed: int) -> Player:
    """An automatic player of ``kind`` ("ai" or "random") for ``seat``."""
    if kind == "ai":
        player: Player = get_ruleset(ruleset_id).ai(seat, seed)
        return player
    if kind == "random":
        return RandomPlayer(seed)
    raise QuarterdeckError(f"unknown player kind {kind!r} (legal values: ai, random)")


def decision_seed(game_seed: int | None, seat: str, number: int) -> int:
    """The seed of an automatic player's randomness for decision ``number``
    (counted from 0) of a game seeded ``game_seed``: the same for the same game
    and decision, on every machine and in every process."""
    text = f"{game_seed or 0}/{seat}/{number}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class SeededPlayer:
    """An automatic player whose every decision is reproducible from the game
    record: ``decisions()`` says how many decisions the game has recorded, and
    each decision is made by a player of ``kind`` seeded from that number."""

    def __init__(
        self,
        kind: str,
        ruleset_id: str,
        seat: str,
        game_seed: int | None,
        decisions: Callable[[], int],
    ) -> None:
        make_player(kind, ruleset_id, seat, 0)  # refuse an unknown kind at once
        self.kind = kind
        self.ruleset_id = ruleset_id
        self.seat = seat
        self.game_seed = game_seed
        self.decisions = decisions

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        seed = decision_seed(self.game_seed, self.seat, self.decisions())
        return make_player(self.kind, self.ruleset_id, self.seat, seed).decide(view, prompt)


__all__ = ["KINDS", "RandomPlayer", "SeededPlayer", "decision_seed", "make_player"]
