"""Plots of a simulation run: who wins (with 95% intervals), how long games
last, and the distributions of each side's losses and victory points."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from quarterdeck.core.scenario import Scenario
from quarterdeck.sim.runner import Summary


def plot_summary(summary: Summary, scenario: Scenario, path: Path) -> None:
    """Write a PNG with the win rates, the game lengths by result, and each
    side's losses and victory points game by game."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(11, 8.4))
    left, right = axes[0]
    sides = list(summary.results)
    games = max(1, summary.games)
    rates = [summary.results[s] / games for s in sides] + [summary.draws / games]
    # each share's 95% interval, the draws' too (drawn as a flat bar before)
    bounds = [summary.intervals[s] for s in sides] + [summary.draw_interval]
    low = [max(0.0, rate - bound[0]) for rate, bound in zip(rates, bounds, strict=True)]
    high = [max(0.0, bound[1] - rate) for rate, bound in zip(rates, bounds, strict=True)]
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
    side_colours = dict(zip(sides, colours, strict=False))
    _distribution(
        axes[1][0], summary.losses, side_colours, "ships lost", "Each side's losses per game"
    )
    _distribution(
        axes[1][1],
        summary.points,
        side_colours,
        "victory points",
        "Each side's victory points per game",
    )
    fig.suptitle(scenario.title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _distribution(
    ax: Any,
    table: dict[str, dict[int, int]],
    colours: dict[str, str],
    xlabel: str,
    title: str,
) -> None:
    """Side-by-side bars: for each value, how many games each side had it."""
    values = sorted({v for counts in table.values() for v in counts})
    if not values:
        ax.text(0.5, 0.5, f"this scenario keeps no {xlabel}", ha="center", va="center")
        ax.set_axis_off()
        return
    sides = list(table)
    slots = len(values)
    width = 0.8 / max(1, len(sides))
    for n, side in enumerate(sides):
        counts = table[side]
        ax.bar(
            [i - 0.4 + width * (n + 0.5) for i in range(slots)],
            [counts.get(v, 0) for v in values],
            width=width,
            color=colours.get(side, "#444444"),
            label=side,
        )
    step = max(1, slots // 16)
    ax.set_xticks(range(0, slots, step), [str(v) for v in values[::step]])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend()
