"""Drawing a rule set's pieces: the table (SVG) and the ship cards (HTML).

The web table is generic; the only thing a rule set adds is a renderer, chosen
by rule set id. A rule set without one is drawn by :class:`GenericRenderer`,
which lists the ships of its view as cards.
"""

from __future__ import annotations

from typing import Any, Protocol

from quarterdeck.web.render.acw_river import AcwRiverRenderer
from quarterdeck.web.render.away_boarders import AwayBoardersRenderer
from quarterdeck.web.render.cutting_out import CuttingOutRenderer
from quarterdeck.web.render.flotilla import FlotillaRenderer
from quarterdeck.web.render.generic import GenericRenderer
from quarterdeck.web.render.gundice import GunDiceRenderer


class Renderer(Protocol):
    """Draws one rule set's view of a game."""

    def table(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        """The table as an ``<svg>`` element."""
        ...

    def cards(self, view: dict[str, Any], colours: dict[str, str]) -> str:
        """The ship cards (and any other displays) as HTML."""
        ...


RENDERERS: dict[str, Renderer] = {
    "gundice-boarding": GunDiceRenderer(),
    "away-boarders": AwayBoardersRenderer(),
    "flotilla": FlotillaRenderer(),
    "acw-river": AcwRiverRenderer(),
    "cutting-out": CuttingOutRenderer(),
}


def renderer_for(ruleset_id: str) -> Renderer:
    return RENDERERS.get(ruleset_id, GenericRenderer())


__all__ = ["RENDERERS", "GenericRenderer", "Renderer", "renderer_for"]
