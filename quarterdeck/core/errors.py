"""The errors Quarterdeck raises for bad input: each says what and where."""

from __future__ import annotations


class QuarterdeckError(Exception):
    """Base of every error a user can cause; the message is meant for them."""


class DiceError(QuarterdeckError):
    """A roll that no die can show, or a dice source that cannot answer."""


class IllegalAnswer(QuarterdeckError):
    """An answer that the current prompt does not allow. The game is unchanged."""


class ScenarioError(QuarterdeckError):
    """A scenario file or id that cannot be played."""


class RecordError(QuarterdeckError):
    """A game record that is malformed or does not replay."""


class TableError(QuarterdeckError):
    """A chart data file (or house-rule override) that is malformed.

    ``problems`` (when the charts failed validation) holds each problem's
    field path and message, so that a caller who knows which file the house
    rules came from can name that file and its lines."""

    def __init__(
        self, message: str, problems: list[tuple[tuple[str | int, ...], str]] | None = None
    ) -> None:
        super().__init__(message)
        self.problems = problems


class UnknownRuleset(QuarterdeckError):
    """A rule set id that is not registered."""
