"""Quarterdeck: published tabletop naval wargame rules, playable and analysable."""

__version__ = "0.1.0"
