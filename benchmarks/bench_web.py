"""Many simultaneous games against one web server process on loopback.

Starts ``quarterdeck.web.server.serve`` in a child process with a fresh SQLite
file, opens ``--games`` games (a person against the computer, program dice),
each with its own WebSocket, and lets every game's person pick the first legal
answer as soon as their page shows it, for ``--seconds``. A finished game is
replaced by a new one. Reports decisions per second and the latency from
sending a decision to receiving the updated view over the WebSocket (p50, p99).

    .venv/bin/python benchmarks/bench_web.py --games 200 --seconds 20 --clients 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

SCENARIO = "shannon-chesapeake-1813"
ANSWER = re.compile(r'data-answer="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: str) -> subprocess.Popen[bytes]:
    code = (
        "from quarterdeck.web.server import serve; "
        f"serve('127.0.0.1', {port}, {db!r}, create_per_minute=1_000_000)"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


async def wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(300):
            if proc.poll() is not None:
                raise RuntimeError(
                    "the server exited: " + (proc.stderr.read() or b"").decode()[-2000:]
                )
            try:
                if (await client.get(base + "/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    decisions: int = 0
    finished: int = 0
    errors: int = 0
    elapsed: float = 0.0
    server_cpu: float = 0.0

    def merge(self, other: Stats) -> None:
        self.latencies.extend(other.latencies)
        self.decisions += other.decisions
        self.finished += other.finished
        self.errors += other.errors
        self.elapsed = max(self.elapsed, other.elapsed)


async def play(
    client: httpx.AsyncClient,
    base: str,
    deadline: float,
    stats: Stats,
    seed: int,
    think: float,
) -> None:
    """One seat's person: waits ``think`` seconds (0.5x to 1.5x at random) after
    each updated view, then sends the first legal answer over the WebSocket."""
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, think))
    while time.perf_counter() < deadline:
        body = {
            "scenario": SCENARIO,
            "seats": {"british": "here", "american": "ai"},
            "dice": "program",
            "seed": seed,
        }
        seed += 1
        for attempt in range(3):
            try:
                r = await client.post("/api/games", json=body)
                break
            except httpx.TransportError:  # a kept-alive connection the server closed
                if attempt == 2:
                    raise
        game = r.json()
        token = game["here"]["british"]
        async with connect(f"{ws_base}/ws/games/{game['id']}?t={token}", max_size=None) as ws:
            state = json.loads(await ws.recv())
            page = dict(state["fragments"])  # updates carry only what changed
            while time.perf_counter() < deadline:
                if 'class="result"' in page["status"]:
                    stats.finished += 1
                    break
                options = ANSWER.findall(page["prompt"])
                if not options:
                    stats.errors += 1
                    break
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                version = state["version"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "answer", "answer": options[0]}))
                while True:
                    state = json.loads(await ws.recv())
                    if state.get("type") == "error":
                        stats.errors += 1
                        return
                    page.update(state.get("fragments", {}))
                    if state.get("version", -1) > version:
                        break
                stats.latencies.append(time.perf_counter() - sent)
                stats.decisions += 1


async def clients(base: str, games: int, first: int, seconds: float, think: float) -> Stats:
    """``games`` people, each playing game after game until the time is up."""
    stats = Stats()
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        started = time.perf_counter()
        deadline = started + seconds
        await asyncio.gather(
            *(play(client, base, deadline, stats, 1000 * (first + n), think) for n in range(games))
        )
        stats.elapsed = time.perf_counter() - started
    return stats


def client_process(args: tuple[str, int, int, float, float]) -> Stats:
    return asyncio.run(clients(*args))


def run(games: int, seconds: float, think: float, processes: int) -> Stats:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="qd-bench-")
    db = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
    proc = start_server(port, db)
    base = f"http://127.0.0.1:{port}"
    stats = Stats()
    try:
        asyncio.run(wait_up(base, proc))
        shares = [
            games // processes + (1 if n < games % processes else 0) for n in range(processes)
        ]
        jobs = [
            (base, share, sum(shares[:n]), seconds, think)
            for n, share in enumerate(shares)
            if share
        ]
        if len(jobs) == 1:
            stats.merge(client_process(jobs[0]))
        else:
            with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                for part in pool.map(client_process, jobs):
                    stats.merge(part)
    finally:
        proc.terminate()
        _pid, _status, usage = os.wait4(proc.pid, 0)
        stats.server_cpu = usage.ru_utime + usage.ru_stime
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="simultaneous games (max 500)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play (max 120)")
    parser.add_argument(
        "--think",
        type=float,
        default=None,
        help="seconds a person thinks before each decision (default: run paced at 1 s, "
        "then flat out at 0)",
    )
    parser.add_argument(
        "--clients", type=int, default=2, help="client processes sharing the games (max 16)"
    )
    args = parser.parse_args()
    games = max(1, min(args.games, 500))
    seconds = max(1.0, min(args.seconds, 120.0))
    processes = max(1, min(args.clients, 16))
    thinks = [args.think] if args.think is not None else [1.0, 0.0]
    for think in thinks:
        pace = max(0.0, min(think, 30.0))
        report(games, run(games, seconds, pace, processes), pace, processes)


def report(games: int, stats: Stats, think: float, processes: int) -> None:
    elapsed = stats.elapsed
    lat = sorted(stats.latencies)
    if not lat:
        print("no decisions were made")
        return
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    pace = f"{think:g} s thinking per decision" if think else "no thinking (flat out)"
    print(f"web benchmark: {games} simultaneous games, one server process, {elapsed:.1f} s, {pace}")
    print(f"  decisions:        {stats.decisions} ({stats.decisions / elapsed:.0f} per second)")
    print(f"  games finished:   {stats.finished}")
    print(f"  errors:           {stats.errors}")
    print(
        f"  decision -> updated view over WebSocket: p50 {statistics.median(lat) * 1000:.1f} ms,"
        f" p99 {p99 * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms"
    )
    cpu = stats.server_cpu
    print(
        f"  server process CPU: {cpu:.1f} s ({cpu / elapsed:.0%} of one core);"
        f" {os.cpu_count()} cores shared with {processes} client process(es)"
    )


if __name__ == "__main__":
    main()
