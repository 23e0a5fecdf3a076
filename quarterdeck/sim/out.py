"""``simulate --out FILE``: one row per game, written as the games come in.

A row is the game's number in the run, its seed (what ``quarterdeck replay
SCENARIO --seed N`` takes), the winner (empty for a draw), how it ended, the
turns and decisions it took, and each side's losses (ships lost) and victory
points. ``.parquet`` files (with pyarrow installed) hold the same columns,
with ``losses_<side>`` and ``points_<side>`` for the mappings; ``.jsonl``
(``.ndjson``, ``.json``) files are JSON lines (:data:`ROW_SUFFIXES`: the
command line refuses any other name rather than write JSON lines into, say,
a ``.csv`` file).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from quarterdeck.core.errors import QuarterdeckError
from quarterdeck.sim.games import GameOutcome

BATCH = 5_000  # rows a Parquet writer holds before writing a row group

ROW_SUFFIXES = (".jsonl", ".ndjson", ".json", ".parquet")
"""The file names ``simulate --out`` takes: JSON lines, or Parquet."""


class RowWriter:
    """Writes outcomes to ``path`` (JSON lines, or Parquet by its suffix)."""

    def __init__(self, path: Path, sides: list[str]) -> None:
        self.path = path
        self.sides = sides
        self.rows = 0
        self._batch: list[GameOutcome] = []
        self._parquet: Any = None
        self._file: IO[str] | None = None
        self._with_points: bool | None = None
        if path.suffix.lower() == ".parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise QuarterdeckError(
                    f"--out {path}: Parquet needs pyarrow (pip install pyarrow); "
                    "or name a .jsonl file for JSON lines"
                ) from None
        else:
            try:
                self._file = path.open("w", encoding="utf-8")
            except OSError as exc:
                raise QuarterdeckError(f"--out {path}: cannot write it ({exc.strerror})") from None

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def write(self, outcome: GameOutcome) -> None:
        self.rows += 1
        if self._file is not None:
            self._file.write(json.dumps(outcome.row(), separators=(",", ":")) + "\n")
            return
        self._batch.append(outcome)
        if len(self._batch) >= BATCH:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self._batch:
            return
        columns: dict[str, list[Any]] = {
            "game": [o.index for o in self._batch],
            "seed": [o.seed for o in self._batch],
            "winner": [o.winner for o in self._batch],
            "how": [o.how for o in self._batch],
            "turns": [o.turns for o in self._batch],
            "decisions": [o.decisions for o in self._batch],
        }
        if self._with_points is None:  # a rule set without points has no such columns
            self._with_points = bool(self._batch[0].points)
        for side in self.sides:
            columns[f"losses_{side}"] = [o.losses.get(side, 0) for o in self._batch]
            if self._with_points:
                columns[f"points_{side}"] = [o.points.get(side, 0) for o in self._batch]
        table = pa.table(columns)
        if self._parquet is None:
            try:
                self._parquet = pq.ParquetWriter(str(self.path), table.schema)
            except OSError as exc:
                raise QuarterdeckError(f"--out {self.path}: cannot write it ({exc})") from None
        self._parquet.write_table(table)
        self._batch = []

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
            return
        self._flush()
        if self._parquet is not None:
            self._parquet.close()
            self._parquet = None


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of an ``--out`` file, as JSON-lines rows (Parquet columns
    gathered back into ``losses`` and ``points``)."""
    if path.suffix.lower() != ".parquet":
        with path.open(encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    import pyarrow.parquet as pq

    rows = []
    for flat in pq.read_table(str(path)).to_pylist():
        row: dict[str, Any] = {"losses": {}, "points": {}}
        for key, value in flat.items():
            for group in ("losses", "points"):
                if key.startswith(f"{group}_"):
                    row[group][key[len(group) + 1 :]] = value
                    break
            else:
                row[key] = value
        rows.append(row)
    return rows
