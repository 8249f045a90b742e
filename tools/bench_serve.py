#!/usr/bin/env python3
"""Load on `crowsnest serve` over loopback: many CrowsNest tables of protocol bots for a
fixed time (docs/online.md, "Measured").

    python tools/bench_serve.py --tables 50 --seconds 20            # as fast as they can
    python tools/bench_serve.py --tables 1000 --rate 1 --seconds 30 # each table acts 1/s

The server runs in its own process (one core: the bots' process is another), with its
per-address caps raised since every bot comes from 127.0.0.1. Every table has four human
seats, each a bot connection, so every action sends four views. Reported: actions/s,
act-to-update latency (the acting bot's own update) p50/p99, the server's CPU seconds
per action and its memory per table (RSS growth after the tables were made, over the
number of tables). Bounded: it ends after --seconds."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

SERVER = """
import asyncio, sys
from crowsnest.net.log import SQLiteLog
from crowsnest.net.server import Caps, Server
from crowsnest.plugin_host import load_registry
s = Server(load_registry(folders=[], user_folder=False), SQLiteLog(sys.argv[1]),
           caps=Caps(tables=100000, connections=100000, per_address=100000),
           joins_per_min=1e9)
asyncio.run(s.serve("127.0.0.1", 0, lambda h, p: print(p, flush=True)))
"""


def proc_stats(pid: int) -> tuple[float, int]:
    """(CPU seconds, RSS bytes) of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / tick
    rss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) * 1024
    return cpu, rss


class Seat:
    def __init__(self, ws, rng: random.Random) -> None:
        self.ws = ws
        self.rng = rng
        self.state: dict = {}
        self.seat = None
        self.sent: float | None = None
        self.sent_seq = -1


async def bot_loop(s: Seat, stats: dict, rate: float, stop: float, table_clock: dict) -> None:
    async for text in s.ws:
        f = json.loads(text)
        kind = f.get("type")
        if kind in ("update", "snapshot"):
            s.state = f
            if kind == "update":
                if f["seat"] == s.seat and s.sent is not None:
                    stats["lat"].append(time.perf_counter() - s.sent)
                    s.sent = None
                if s.seat == 0:
                    stats["actions"] += 1
        elif kind in ("created", "joined"):
            s.seat = f["seat"]
        if time.monotonic() > stop:
            return
        st = s.state
        if (
            st.get("legal")
            and st.get("to_move") == s.seat
            and s.sent_seq != st["seq"]
            and not st.get("over")
        ):
            if rate:
                wait = table_clock["next"] - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                table_clock["next"] = time.monotonic() + 1.0 / rate
            s.sent_seq = st["seq"]
            s.sent = time.perf_counter()
            await s.ws.send(
                json.dumps(
                    {"v": 1, "type": "act", "seq": st["seq"], "action": s.rng.choice(st["legal"])}
                )
            )


async def make_table(url: str, i: int) -> list[Seat]:
    from websockets.asyncio.client import connect

    rng = random.Random(i)
    seats = []
    owner = Seat(await connect(url, max_size=2**20), rng)
    await owner.ws.send(json.dumps({"v": 1, "type": "hello", "name": f"t{i}"}))
    await owner.ws.recv()
    await owner.ws.send(
        json.dumps(
            {"v": 1, "type": "create", "variant": "crowsnest", "seats": [{"kind": "human"}] * 4}
        )
    )
    code = None
    while code is None:
        f = json.loads(await owner.ws.recv())
        if f["type"] == "created":
            code, owner.seat = f["code"], f["seat"]
    seats.append(owner)
    for _ in range(3):
        s = Seat(await connect(url, max_size=2**20), rng)
        await s.ws.send(json.dumps({"v": 1, "type": "hello"}))
        await s.ws.recv()
        await s.ws.send(json.dumps({"v": 1, "type": "join", "code": code}))
        seats.append(s)
    # Start: everybody asks for a snapshot so the first mover moves.
    for s in seats:
        await s.ws.send(json.dumps({"v": 1, "type": "snapshot"}))
    return seats


async def bench(tables: int, seconds: float, rate: float, pid: int, url: str) -> dict:
    cpu0, rss0 = proc_stats(pid)
    made = []
    for i in range(tables):
        made.append(await make_table(url, i))
    await asyncio.sleep(0.5)
    cpu1, rss1 = proc_stats(pid)
    stats = {"lat": [], "actions": 0}
    stop = time.monotonic() + seconds
    start = time.monotonic()
    tasks = []
    for seats in made:
        clock = {"next": time.monotonic() + random.random() / max(rate, 1e-9) if rate else 0.0}
        for s in seats:
            tasks.append(asyncio.create_task(bot_loop(s, stats, rate, stop, clock)))
    await asyncio.wait(tasks, timeout=seconds + 5)
    elapsed = time.monotonic() - start
    cpu2, rss2 = proc_stats(pid)
    lat = sorted(stats["lat"])

    def q(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else float("nan")

    for seats in made:
        for s in seats:
            await s.ws.close()
    return {
        "tables": tables,
        "rate_per_table": rate,
        "seconds": round(elapsed, 1),
        "actions": stats["actions"],
        "actions_per_s": round(stats["actions"] / elapsed, 1),
        "latency_ms_p50": q(0.50),
        "latency_ms_p99": q(0.99),
        "server_cpu_s_per_1000_actions": round((cpu2 - cpu1) / max(1, stats["actions"]) * 1000, 3),
        "server_cpu_share": round((cpu2 - cpu1) / elapsed, 2),
        "server_rss_mb": round(rss2 / 2**20, 1),
        "memory_kib_per_table": round((rss1 - rss0) / tables / 1024, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument(
        "--rate", type=float, default=0.0, help="actions a second per table (0: flat out)"
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    import tempfile

    db = Path(tempfile.mkdtemp(prefix="crowsnest-bench-")) / "online.sqlite3"
    p = subprocess.Popen([sys.executable, "-c", SERVER, str(db)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(p.stdout.readline())
        out = asyncio.run(bench(a.tables, a.seconds, a.rate, p.pid, f"ws://127.0.0.1:{port}"))
    finally:
        p.terminate()
        p.wait(10)
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
