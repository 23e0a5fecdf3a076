"""A heuristic player for Cutting Out Party (stub, replaced below)."""

from __future__ import annotations

import random
from typing import Any

from quarterdeck.core.prompts import Answer, Prompt


class CuttingOutAI:
    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        return prompt.options[0].id
