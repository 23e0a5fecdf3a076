"""Plots of a simulation run: who wins (with 95% intervals) and how long games last."""

from __future__ import annotations

from pathlib import Path

from quarterdeck.core.scenario import Scenario
from quarterdeck.sim.runner import Summary


def plot_summary(summary: Summary, scenario: Scenario, path: Path) -> None:
    """Write a PNG with the win rates and the game lengths by result."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    sides = list(summary.results)
    rates = [summary.results[s] / summary.games for s in sides] + [summary.draws / summary.games]
    low = [max(0.0, rates[i] - summary.intervals[s][0]) for i, s in enumerate(sides)] + [0.0]
    high = [max(0.0, summary.intervals[s][1] - rates[i]) for i, s in enumerate(sides)] + [0.0]
    colours = [*(scenario.side(s).colour for s in sides), "#999999"]
    left.bar([*sides, "draw"], rates, yerr=[low, high], capsize=6, color=colours)
    left.set_ylim(0, 1)
    left.set_ylabel("share of games")
    left.set_title(f"Results of {summary.games:,} games (95% intervals)")
    bottom: dict[int, int] = {}
    turns = sorted({t for row in summary.lengths.values() for t in row})
    for name, colour in zip([*sides, "draw"], colours, strict=True):
        row = summary.lengths.get(name, {})
        heights = [row.get(t, 0) for t in turns]
        right.bar(
            turns, heights, bottom=[bottom.get(t, 0) for t in turns], color=colour, label=name
        )
        for t, h in zip(turns, heights, strict=True):
            bottom[t] = bottom.get(t, 0) + h
    right.set_ylim(0, max(bottom.values(), default=1) * 1.15)
    right.set_xlabel("game length (turns)")
    right.set_ylabel("games")
    right.set_title("How long the games lasted, by result")
    right.legend()
    fig.suptitle(scenario.title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
