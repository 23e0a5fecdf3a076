"""A player that answers every prompt with a random legal answer."""

from __future__ import annotations

import random
from typing import Any

from quarterdeck.core.errors import IllegalAnswer
from quarterdeck.core.prompts import Answer, Prompt


class RandomPlayer:
    """Chooses uniformly among the legal answers (forms: random fields,
    retried until the prompt accepts them)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def needs_view(self, prompt: Prompt) -> bool:
        """It never looks at the position: the batch runner builds no view for it."""
        return False

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        if prompt.kind == "choice":
            return self.rng.choice(prompt.options).id
        for _ in range(1000):
            answer: dict[str, Any] = {}
            for f in prompt.fields:
                if f.type == "int":
                    answer[f.name] = self.rng.randint(f.low, f.high)
                else:
                    answer[f.name] = self.rng.choice(f.choices).id
            try:
                return prompt.check(answer)
            except IllegalAnswer:
                continue
        raise RuntimeError(f"no random legal answer found for {prompt.question!r}")
