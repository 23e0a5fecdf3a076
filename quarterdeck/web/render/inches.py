"""The inch tables' frame: table inches to SVG units, shared by the rule sets
drawn on a measured table (Flotilla, Cutting Out Party, ACW River)."""

from __future__ import annotations

PX = 10.0  # SVG units per inch


class Frame:
    """Table inches to SVG units, y flipped so that the table's far edge
    (north, or upstream) is at the top. ``sep`` joins a point's two numbers:
    "," for a polygon's points, " " for a path."""

    def __init__(self, height: float, sep: str = ",") -> None:
        self.height = height
        self.sep = sep

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (x * PX, (self.height - y) * PX)

    def s(self, x: float, y: float) -> str:
        sx, sy = self.pt(x, y)
        return f"{sx:.1f}{self.sep}{sy:.1f}"
