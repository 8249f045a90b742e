#!/usr/bin/env python3
"""Load on `crowsnest serve` over loopback: many CrowsNest tables of protocol bots for a
fixed time (docs/online.md, "Measured").

    python tools/bench_serve.py --tables 50 --seconds 20            # as fast as they can
    python tools/bench_serve.py --tables 1000 --rate 1 --seconds 30 # each table acts 1/s
    python tools/bench_serve.py --redis --procs 2 --tables 40       # two processes, one Redis

With --redis a redis-server (Debian's) is started on a free loopback port and --procs
`crowsnest serve --redis` processes share it; the tables are made round-robin over them
(each table's bots at its owner) and every action goes to the table's Redis stream.
--bot-procs splits the bots over several processes, so the bots are not the bottleneck.
--pin puts the server on core 1 and the bots on core 0 (taskset / sched_setaffinity), so
"one core" means one core. --idle N measures the memory of N tables alone (tracemalloc,
in this process, no connections); the load runs report RSS growth per table with its
four connections.

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
from typing import Any

SERVER = """
import asyncio, sys
from crowsnest.net.log import SQLiteLog
from crowsnest.net.server import Caps, Server
from crowsnest.plugin_host import load_registry
kw = {}
if sys.argv[1].startswith("redis://"):
    from crowsnest.net.cluster import Cluster, connect
    cluster = Cluster(connect(sys.argv[1]))
    table_log, kw["directory"] = cluster.log, cluster.directory
else:
    try:
        table_log = SQLiteLog(sys.argv[1], group=True)
    except TypeError:  # an older server (a before/after comparison): commits each write
        table_log = SQLiteLog(sys.argv[1])
s = Server(load_registry(folders=[], user_folder=False), table_log,
           caps=Caps(tables=100000, connections=100000, per_address=100000),
           joins_per_min=1e9, **kw)
import os, signal
prof = os.environ.get("CROWSNEST_BENCH_PROFILE")  # a file: cProfile of the server's run
if prof:
    import cProfile
    pr = cProfile.Profile()
    signal.signal(signal.SIGTERM, lambda *_: s.stop())
    pr.enable()
asyncio.run(s.serve("127.0.0.1", 0, lambda h, p: print(p, flush=True)))
if prof:
    pr.disable()
    pr.dump_stats(prof)
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


def procs_stats(pids: list[int]) -> tuple[float, int]:
    both = [proc_stats(p) for p in pids]
    return sum(c for c, _ in both), sum(r for _, r in both)


async def play(
    urls: list[str],
    first: int,
    tables: int,
    step: int,
    seconds: float,
    rate: float,
    ready: Any = None,
) -> dict:
    """The bots of tables first, first+step, ... (table i at urls[i % len(urls)]);
    `ready()` is called once the tables are made, before the bots start."""
    made = []
    for i in range(first, tables, step):
        made.append(await make_table(urls[i % len(urls)], i))
    stats: dict[str, Any] = {"lat": [], "actions": 0}
    await asyncio.sleep(0.5)
    if ready is not None:
        ready()
    stop = time.monotonic() + seconds
    start = time.monotonic()
    tasks = []
    for seats in made:
        clock = {"next": time.monotonic() + random.random() / max(rate, 1e-9) if rate else 0.0}
        for s in seats:
            tasks.append(asyncio.create_task(bot_loop(s, stats, rate, stop, clock)))
    await asyncio.wait(tasks, timeout=seconds + 5)
    stats["elapsed"] = time.monotonic() - start
    for seats in made:
        for s in seats:
            await s.ws.close()
    return stats


PIN_BOTS: set[int] | None = None


def play_in_process(args: tuple) -> dict:
    if args[-1] is not None:
        os.sched_setaffinity(0, args[-1])
    return asyncio.run(play(*args[:-1]))


def idle_tables(n: int) -> dict:
    """Memory per table alone, by tracemalloc, in this process: n CrowsNest tables made
    as the server makes them (create, a seat taken, a snapshot sent, the player gone),
    no connections. (Over the wire an idle table is never idle: its empty seats are
    played by the substitute.)"""
    import gc
    import tracemalloc

    from crowsnest.net.log import SQLiteLog
    from crowsnest.net.table import Table
    from crowsnest.plugin_host import load_registry

    variant = load_registry(folders=[], user_folder=False).variants["crowsnest"]
    log = SQLiteLog(":memory:", group=True)

    def make(i: int) -> Table:
        t = Table.create(
            f"M{i:05d}", variant, {"seats": [{"kind": "human"}] * 4}, log, time.monotonic
        )
        t.take(i, "en", "Ada", 0)
        t.snapshot(i)
        t.leave(i)
        log.flush()
        return t

    keep = [make(i) for i in range(20)]  # warm: code loaded, caches filled
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    keep += [make(i) for i in range(20, 20 + n)]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {
        "idle_tables": n,
        "memory_kib_per_idle_table": round((after - before) / n / 1024, 1),
        "method": "tracemalloc, Python objects of the tables (no connections)",
    }


def bench_split(
    tables: int, seconds: float, rate: float, pids: list[int], urls: list[str], bot_procs: int
) -> dict:
    """The same load with the bots in `bot_procs` processes (the tables' set-up overlaps
    the first half second; CPU is counted from then on)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    _, rss0 = procs_stats(pids)
    with ctx.Pool(bot_procs) as pool:
        jobs = pool.map_async(
            play_in_process,
            [(urls, k, tables, bot_procs, seconds, rate, PIN_BOTS) for k in range(bot_procs)],
        )
        time.sleep(1.0 + tables * 0.02)
        cpu1, rss1 = procs_stats(pids)
        t1 = time.monotonic()
        parts = jobs.get(seconds + 60 + tables)
        cpu2, rss2 = procs_stats(pids)
        t2 = time.monotonic()
    lat = sorted(x for p in parts for x in p["lat"])
    actions = sum(p["actions"] for p in parts)
    elapsed = max(p["elapsed"] for p in parts)

    return {
        "tables": tables,
        "server_procs": len(pids),
        "bot_procs": bot_procs,
        "rate_per_table": rate,
        "seconds": round(elapsed, 1),
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1),
        "latency_ms_p50": quantile_ms(lat, 0.50),
        "latency_ms_p99": quantile_ms(lat, 0.99),
        "server_cpu_s_per_1000_actions": round((cpu2 - cpu1) / max(1, actions) * 1000, 3),
        # what one core of server would carry at this cost per action
        "actions_per_server_cpu_s": round(actions / max(1e-9, cpu2 - cpu1), 1),
        "server_cpu_share": round((cpu2 - cpu1) / (t2 - t1), 2),
        "server_rss_mb": round(rss2 / 2**20, 1),
        # RSS growth over the whole run (the tables made, four connections each, and
        # played): an upper bound, fragmentation and SQLite's cache included
        "memory_kib_per_table": round((rss2 - rss0) / tables / 1024, 1),
        "server_rss_mb_before": round(rss0 / 2**20, 1),
    }


def quantile_ms(lat: list[float], p: float) -> float:
    return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else float("nan")


async def bench(tables: int, seconds: float, rate: float, pid: int, url: str) -> dict:
    """The bots in this process (play() of every table), server CPU counted from the
    moment the tables are made."""
    cpu0, rss0 = proc_stats(pid)
    at: dict[str, Any] = {}
    stats = await play([url], 0, tables, 1, seconds, rate, lambda: at.update(s=proc_stats(pid)))
    cpu1, rss1 = at["s"]
    elapsed = stats["elapsed"]
    cpu2, rss2 = proc_stats(pid)
    lat = sorted(stats["lat"])
    return {
        "tables": tables,
        "rate_per_table": rate,
        "seconds": round(elapsed, 1),
        "actions": stats["actions"],
        "actions_per_s": round(stats["actions"] / elapsed, 1),
        "latency_ms_p50": quantile_ms(lat, 0.50),
        "latency_ms_p99": quantile_ms(lat, 0.99),
        "server_cpu_s_per_1000_actions": round((cpu2 - cpu1) / max(1, stats["actions"]) * 1000, 3),
        "actions_per_server_cpu_s": round(stats["actions"] / max(1e-9, cpu2 - cpu1), 1),
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
    ap.add_argument(
        "--redis", action="store_true", help="start a redis-server and serve through it"
    )
    ap.add_argument("--procs", type=int, default=1, help="server processes (with --redis)")
    ap.add_argument("--bot-procs", type=int, default=0, help="bot processes (0: in this one)")
    ap.add_argument("--pin", action="store_true", help="server on core 1, bots on core 0")
    ap.add_argument("--idle", type=int, default=0, help="memory of N idle tables only")
    a = ap.parse_args()
    if a.idle:
        out = idle_tables(a.idle)
        print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
        return 0
    global PIN_BOTS
    if a.pin:
        PIN_BOTS = {0}
        os.sched_setaffinity(0, PIN_BOTS)
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="crowsnest-bench-"))
    redis_proc = None
    if a.redis:
        redis_proc, where = start_redis(folder)
    elif a.procs != 1:
        ap.error("--procs needs --redis (one SQLite file has one process)")
    else:
        where = str(folder / "online.sqlite3")
    pin = ["taskset", "-c", "1"] if a.pin else []
    servers = [
        subprocess.Popen(
            [*pin, sys.executable, "-c", SERVER, where], stdout=subprocess.PIPE, text=True
        )
        for _ in range(a.procs)
    ]
    try:
        urls = [f"ws://127.0.0.1:{int(p.stdout.readline())}" for p in servers]
        pids = [p.pid for p in servers]
        if a.bot_procs or len(servers) > 1:
            out = bench_split(a.tables, a.seconds, a.rate, pids, urls, max(1, a.bot_procs))
        else:
            out = asyncio.run(bench(a.tables, a.seconds, a.rate, pids[0], urls[0]))
        out["log"] = "redis" if a.redis else "sqlite"
    finally:
        for p in servers:
            p.terminate()
            p.wait(10)
        if redis_proc is not None:
            redis_proc.kill()
            redis_proc.wait(10)
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


def start_redis(folder: Path) -> tuple[subprocess.Popen, str]:
    """redis-server (no persistence) on a free loopback port, answering PING."""
    import shutil
    import socket

    exe = shutil.which("redis-server")
    if exe is None:
        sys.exit("bench_serve: --redis needs redis-server (apt-get install redis-server)")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    args = ["--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(folder)]
    proc = subprocess.Popen([exe, *args], stdout=subprocess.DEVNULL)
    import redis

    client = redis.Redis(port=port)
    for _ in range(200):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    return proc, f"redis://127.0.0.1:{port}/0"


if __name__ == "__main__":
    sys.exit(main())
