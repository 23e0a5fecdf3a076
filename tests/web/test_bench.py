"""The web benchmark still runs (a tiny version of it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_web.py"


def test_the_web_benchmark_reports_decisions_and_latency() -> None:
    out = subprocess.run(
        [sys.executable, str(BENCH), "--games", "3", "--seconds", "5", "--think", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "decisions:" in out and "per second" in out
    assert "p99" in out and "errors:           0" in out
