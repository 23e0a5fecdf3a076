"""Players: random, the rule sets' heuristic AIs, and the factory that picks one."""

from __future__ import annotations

from quarterdeck.core.engine import Player
from quarterdeck.core.errors import QuarterdeckError
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


__all__ = ["KINDS", "RandomPlayer", "make_player"]
