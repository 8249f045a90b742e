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
"one core" means one core. --cap F holds each server process to F of one core (a
SIGSTOP/SIGCONT duty cycle, class Cap), so one process and two are compared at the same
fixed share of a core each while the bots and redis-server run on what is left: with
--procs 2 on two cores the bots and Redis need CPU too, and an uncapped comparison
measures how the cores were shared, not what a process carries. Reported per run: each
server's share of a core, the bots' and redis-server's CPU per action. --idle N measures the memory of N tables alone (tracemalloc,
in this process, no connections); the load runs report RSS growth per table with its
four connections.

The server runs in its own process (one core: the bots' process is another), with its
per-address caps raised since every bot comes from 127.0.0.1, and its 20 frames a second
per connection too (a bot at a fast table acts more often than any person; a refused act
would stall its table: refusals are counted in "errors"). Every table has four human
seats, each a bot connection, so every action sends four views. Reported: actions/s,
act-to-update latency (the acting bot's own update) p50/p99, the server's CPU seconds
per action and its memory per table (RSS growth after the tables were made, over the
number of tables), and the bots' own CPU per action. Bounded: it ends after --seconds.

The bots are lean so that they are not what is measured: a minimal WebSocket client on
an asyncio.Protocol (no task or queue per frame); a seat that is not to move reads only
the frame's head (type, seq, seat) from the raw bytes; the mover parses the head alone
(the server puts the view last) and acts only when the frame gives it `legal` actions
with `to_move` its seat, choosing one of them. About 0.25 ms of bot CPU per action
(four frames in, one out) against ~0.6 ms with websockets' asyncio client and a
json.loads of every frame."""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SERVER = """
import asyncio, sys
from crowsnest.net.log import SQLiteLog
from crowsnest.net.server import Caps, Server
try:
    from crowsnest.net.server import FULL_GC_S  # as `crowsnest serve` runs it
    gc_kw = {"full_gc_s": FULL_GC_S}
except ImportError:  # an older server (a before/after comparison)
    gc_kw = {}
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
           joins_per_min=1e9, frames_per_s=1e9, **gc_kw, **kw)
import os, signal
prof = os.environ.get("CROWSNEST_BENCH_PROFILE")  # a file: cProfile of the server's run
# A file: every event-loop callback (a read, a timer, a task's step) and every garbage
# collection that took over 5 ms, with when (time.monotonic) and what, as JSON lines.
stalls = os.environ.get("CROWSNEST_BENCH_STALLS")
if stalls:
    import asyncio.events, gc, json, time
    seen = []
    run_handle = asyncio.events.Handle._run
    def timed(self):
        t0, c0 = time.perf_counter(), time.thread_time()
        run_handle(self)
        dt = time.perf_counter() - t0
        if dt > 0.005:  # with its CPU time: the rest was the process waiting for a core
            cpu = (time.thread_time() - c0) * 1000
            seen.append((time.monotonic(), dt * 1000, cpu, repr(self._callback)[:160]))
    asyncio.events.Handle._run = timed
    gc_at = [0.0]
    def gc_seen(phase, info):
        if phase == "start":
            gc_at[0] = time.perf_counter()
        elif time.perf_counter() - gc_at[0] > 0.005:
            dt = (time.perf_counter() - gc_at[0]) * 1000
            seen.append((time.monotonic(), dt, None, f"gc generation {info['generation']}"))
    gc.callbacks.append(gc_seen)
    upkeep = getattr(table_log, "upkeep", None)  # the WAL's reset, timed on its own
    if upkeep is not None:
        def timed_upkeep():
            t0, c0 = time.perf_counter(), time.thread_time()
            upkeep()
            dt = time.perf_counter() - t0
            if dt > 0.002:
                cpu = (time.thread_time() - c0) * 1000
                seen.append((time.monotonic(), dt * 1000, cpu, "SQLiteLog.upkeep"))
        table_log.upkeep = timed_upkeep
if prof or stalls:
    signal.signal(signal.SIGTERM, lambda *_: s.stop())
if prof:
    import cProfile
    pr = cProfile.Profile()
    pr.enable()
asyncio.run(s.serve("127.0.0.1", 0, lambda h, p: print(p, flush=True)))
if prof:
    pr.disable()
    pr.dump_stats(prof)
if stalls:
    with open(stalls, "w") as f:
        for at, ms, cpu, what in seen:
            cpu = None if cpu is None else round(cpu, 2)
            f.write(json.dumps({"at": at, "ms": round(ms, 2), "cpu_ms": cpu, "what": what}) + chr(10))
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


# Lean protocol bots: a minimal WebSocket client (RFC 6455, the subset a bot needs) on an
# asyncio.Protocol, so a frame costs one data_received and no task, future or queue hop.
# The server sends unmasked, uncompressed frames (compression=None); a bot masks what it
# sends, answers pings and closes cleanly. A seat that is not to move never parses its
# frame: only the anchored head (type, seq, seat) is read from the raw bytes; the mover
# parses the frame's head alone (everything before the view, which the server puts last).
_HEAD = re.compile(rb'\{"v":1,"type":"([a-z_]+)","seq":(\d+),"seat":(\d+|null),')
_VIEW = b',"view":'
_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def _mask(data: bytes, key: bytes) -> bytes:
    try:
        from websockets.speedups import apply_mask  # C, shipped with websockets
    except ImportError:  # pragma: no cover - a build without it
        n = len(data)
        k = int.from_bytes((key * (n // 4 + 1))[:n], "big")
        return (int.from_bytes(data, "big") ^ k).to_bytes(n, "big")
    return apply_mask(data, key)


class Bot(asyncio.Protocol):
    """One seat's connection. In set-up (`frames` is a queue) every text frame is parsed
    and queued; at play (`play()` called) frames go to `on_frame`, synchronously."""

    def __init__(self, host: str, rng: random.Random) -> None:
        self.host = host
        self.rng = rng
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.open: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.key = base64.b64encode(os.urandom(16))
        self.frames: asyncio.Queue[bytes] | None = asyncio.Queue()  # set-up: raw frames
        self.parts: list[bytes] = []  # a fragmented message (never sent by our server)
        self.seat: int | None = None
        self.sent: float | None = None
        self.sent_seq = -1
        self.stats: dict[str, Any] = {}
        self.stop = 0.0
        self.pace: Any = None  # (rate, table clock) when --rate

    # ---------------------------------------------------------------- wire
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        transport.write(  # type: ignore[attr-defined]
            b"GET / HTTP/1.1\r\nHost: " + self.host.encode() + b"\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: " + self.key + b"\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n"
        )

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.open.done():
            self.open.set_exception(ConnectionError("closed during the handshake"))

    def data_received(self, data: bytes) -> None:
        # Most reads are whole frames: they are parsed from `data` itself, and only an
        # incomplete tail (or the handshake) goes through the buffer.
        if self.buf or not self.open.done():
            self.buf += data
            if not self.open.done() and not self.handshake():
                return
            data = bytes(self.buf)
            self.buf.clear()
        at = self.frames_in(data)
        if at < len(data):
            self.buf += data[at:]

    def handshake(self) -> bool:
        buf = self.buf
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(buf[:end]).lower()
        want = base64.b64encode(hashlib.sha1(self.key + _GUID).digest()).lower()
        if not head.startswith(b"http/1.1 101") or b"sec-websocket-accept: " + want not in head:
            self.open.set_exception(ConnectionError(head.decode("latin-1")[:200]))
            return False
        del buf[: end + 4]
        self.open.set_result(None)
        return True

    def frames_in(self, d: bytes) -> int:
        """Handles the whole frames in `d`; returns where the first incomplete one starts."""
        i, size = 0, len(d)
        while size - i >= 2:
            b0, n = d[i], d[i + 1] & 0x7F
            at = i + 2
            if n == 126:
                if size - i < 4:
                    break
                n, at = int.from_bytes(d[i + 2 : i + 4], "big"), i + 4
            elif n == 127:
                if size - i < 10:
                    break
                n, at = int.from_bytes(d[i + 2 : i + 10], "big"), i + 10
            if size < at + n:
                break
            payload = d[at : at + n]
            i = at + n
            op = b0 & 0x0F
            if op in (1, 0):  # text, continuation
                if not b0 & 0x80:
                    self.parts.append(payload)
                    continue
                if self.parts:
                    payload = b"".join([*self.parts, payload])
                    self.parts = []
                if self.frames is not None:
                    self.frames.put_nowait(payload)
                else:
                    self.on_frame(payload)
            elif op == 9:  # ping: pong with its payload
                self.write(0xA, payload)
            elif op == 8:  # close: answer and go
                self.write(0x8, payload[:2])
                if self.transport is not None:
                    self.transport.close()
        return i

    def write(self, op: int, data: bytes) -> None:
        n = len(data)
        head = (
            bytes([0x80 | op, 0x80 | n])
            if n < 126
            else bytes([0x80 | op, 0xFE]) + n.to_bytes(2, "big")
        )
        key = random.getrandbits(32).to_bytes(4, "big")  # not the table's rng
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(head + key + _mask(data, key))

    def send(self, frame: dict) -> None:
        self.write(0x1, json.dumps(frame, separators=(",", ":")).encode())

    async def recv(self) -> dict:
        assert self.frames is not None
        return json.loads(await self.frames.get())

    def close(self) -> None:
        self.write(0x8, (1000).to_bytes(2, "big"))
        if self.transport is not None:
            self.transport.close()

    # ---------------------------------------------------------------- play
    def play(self, stats: dict[str, Any], stop: float, pace: Any) -> None:
        """From now on frames go to on_frame; the frames queued in set-up (the snapshot
        that tells the first mover to move) are handled first."""
        self.stats, self.stop, self.pace = stats, stop, pace
        queued, self.frames = self.frames, None
        while queued is not None and not queued.empty():
            self.on_frame(queued.get_nowait())

    def on_frame(self, p: bytes) -> None:
        if time.monotonic() > self.stop:
            return
        stats = self.stats
        m = _HEAD.match(p)
        if m is not None and m[1] == b"update":
            if self.sent is not None and m[3] == b"%d" % self.seat:
                stats["lat"].append(time.perf_counter() - self.sent)
                self.sent = None
            if self.seat == 0:
                stats["actions"] += 1
        elif p.startswith(b'{"v":1,"type":"error"'):
            stats["errors"] += 1
            self.sent = None  # no latency for a refused action
        if b'"legal":' not in p:
            return  # only the seat to move is given its legal actions
        cut = p.find(_VIEW)
        try:
            f = json.loads(p[:cut] + b"}") if cut > 0 else json.loads(p)
        except ValueError:  # "view" was not where the server puts it: the whole frame
            f = json.loads(p)
        told = f.get("legal") and f.get("to_move") == self.seat and not f.get("over")
        if not told or f["seq"] == self.sent_seq:
            return
        self.sent_seq = f["seq"]
        action = json.dumps(self.rng.choice(f["legal"])).encode()
        act = b'{"v":1,"type":"act","seq":%d,"action":%s}' % (f["seq"], action)
        if self.pace is None:
            self.act(act)
        else:
            rate, clock = self.pace
            now = time.monotonic()
            at = max(now, clock["next"])
            clock["next"] = at + 1.0 / rate
            asyncio.get_running_loop().call_later(at - now, self.act, act)

    def act(self, act: bytes) -> None:
        if time.monotonic() > self.stop:
            return
        self.sent = time.perf_counter()
        self.write(0x1, act)


async def connect_bot(url: str, rng: random.Random) -> Bot:
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    loop = asyncio.get_running_loop()
    _, bot = await loop.create_connection(lambda: Bot(f"{host}:{port}", rng), host, int(port))
    await bot.open
    return bot


async def make_table(url: str, i: int) -> list[Bot]:
    rng = random.Random(i)
    owner = await connect_bot(url, rng)
    owner.send({"v": 1, "type": "hello", "name": f"t{i}"})
    await owner.recv()
    owner.send({"v": 1, "type": "create", "variant": "crowsnest", "seats": [{"kind": "human"}] * 4})
    while owner.seat is None:
        f = await owner.recv()
        if f["type"] == "created":
            owner.seat = f["seat"]
            code = f["code"]
    bots = [owner]
    for _ in range(3):
        b = await connect_bot(url, rng)
        b.send({"v": 1, "type": "hello"})
        await b.recv()
        b.send({"v": 1, "type": "join", "code": code})
        while b.seat is None:
            f = await b.recv()
            if f["type"] == "joined":
                b.seat = f["seat"]
        bots.append(b)
    # Start: everybody asks for a snapshot so the first mover moves (answered at play).
    for b in bots:
        b.send({"v": 1, "type": "snapshot"})
    return bots


def schedstat_cpu(pid: int) -> float:
    """CPU seconds of a process, to the nanosecond (/proc/PID/schedstat)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


class Cap(threading.Thread):
    """Holds each server process to `share` of one core (--cap): a duty cycle, SIGSTOP
    and SIGCONT, as Debian's cpulimit does (this machine has no /sys/fs/cgroup). Each
    process's CPU time (/proc/PID/schedstat) is taken from a bucket that refills at
    `share` CPU seconds a second and holds at most `burst`; below empty, the process is
    stopped until the bucket refills. So one process and two processes each get the
    same fixed share of a core however the bots and redis-server take the rest."""

    def __init__(self, pids: list[int], share: float, burst: float = 0.005) -> None:
        super().__init__(daemon=True)
        self.pids, self.share, self.burst = pids, share, burst
        self.done = threading.Event()
        self.stops = 0
        self.cpu = 0.0  # the limiter's own CPU seconds (this thread)

    def run(self) -> None:
        tokens = dict.fromkeys(self.pids, self.burst)
        used = {p: schedstat_cpu(p) for p in self.pids}
        running = dict.fromkeys(self.pids, True)
        last = time.monotonic()
        try:
            while not self.done.wait(0.002):
                now = time.monotonic()
                dt, last = now - last, now
                for p in self.pids:
                    cpu = schedstat_cpu(p)
                    tokens[p] = min(self.burst, tokens[p] + self.share * dt) - (cpu - used[p])
                    used[p] = cpu
                    if tokens[p] < 0 and running[p]:
                        os.kill(p, signal.SIGSTOP)
                        running[p] = False
                        self.stops += 1
                    elif tokens[p] >= 0 and not running[p]:
                        os.kill(p, signal.SIGCONT)
                        running[p] = True
        except (OSError, ValueError):  # a server gone: the bench is ending
            pass
        finally:
            for p in self.pids:
                with contextlib.suppress(OSError):
                    os.kill(p, signal.SIGCONT)
            self.cpu = time.thread_time()

    def stop(self) -> float:
        """Ends the cap (every process running); the limiter's own CPU seconds."""
        self.done.set()
        self.join(5)
        return self.cpu


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
    pids: list[int] | None = None,
) -> dict:
    """The bots of tables first, first+step, ... (table i at urls[i % len(urls)]);
    `ready()` is called once the tables are made, before the bots start. The bots'
    own CPU seconds from then on are in "bot_cpu_s"."""
    made = []
    for i in range(first, tables, step):
        made.append(await make_table(urls[i % len(urls)], i))
    stats: dict[str, Any] = {"lat": [], "actions": 0, "errors": 0}
    await asyncio.sleep(0.5)
    # The bots' own full collections (4,000 connections' objects, every few seconds)
    # would be counted as the server's latency: what set-up made is frozen out of them.
    import gc

    gc.collect()
    gc.freeze()
    if ready is not None:
        ready()
    cpu0 = time.process_time()
    start = time.monotonic()
    # The servers' CPU over exactly this play (their set-up work left out), read here:
    # the parent cannot tell when this process's tables are all made.
    server0 = [schedstat_cpu(p) for p in pids or ()]
    stop = start + seconds
    for bots in made:
        pace = None
        if rate:
            pace = (rate, {"next": time.monotonic() + random.random() / rate})
        for b in bots:
            b.play(stats, stop, pace)
    await asyncio.sleep(seconds)
    stats["elapsed"] = time.monotonic() - start
    stats["server"] = (start, server0, [schedstat_cpu(p) for p in pids or ()])
    stats["bot_cpu_s"] = time.process_time() - cpu0
    for bots in made:
        for b in bots:
            b.close()
    await asyncio.sleep(0.1)  # the closes go out
    return stats


PIN_BOTS: set[int] | None = None


def play_in_process(args: tuple) -> dict:
    if args[-1] is not None:
        os.sched_setaffinity(0, args[-1])
    return asyncio.run(play(*args[:-2], pids=args[-2]))


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
    tables: int,
    seconds: float,
    rate: float,
    pids: list[int],
    urls: list[str],
    bot_procs: int,
    redis_pid: int | None = None,
) -> dict:
    """The same load with the bots in `bot_procs` processes (the tables' set-up overlaps
    the first half second; CPU is counted from then on)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    _, rss0 = procs_stats(pids)
    others = [redis_pid] if redis_pid else []
    with ctx.Pool(bot_procs) as pool:
        jobs = pool.map_async(
            play_in_process,
            [
                (urls, k, tables, bot_procs, seconds, rate, None, [*pids, *others], PIN_BOTS)
                for k in range(bot_procs)
            ],
        )
        parts = jobs.get(seconds + 60 + tables)
        _, rss2 = procs_stats(pids)
    lat = sorted(x for p in parts for x in p["lat"])
    actions = sum(p["actions"] for p in parts)
    elapsed = max(p["elapsed"] for p in parts)
    bot_cpu = sum(p["bot_cpu_s"] for p in parts)
    # The servers' CPU from the bots' own start of play (once every table is made) to
    # its end: with several bot processes, the window of the last one to start. (The
    # parent's fixed wait counted part of a slow set-up as play: at 1,000 tables on a
    # busy machine most of the CPU "per action" was the tables being made.)
    at1_start, at1, at2 = max((p["server"] for p in parts), key=lambda x: x[0])
    n = len(pids)
    each1, each2 = at1[:n], at2[:n]
    cpu1, cpu2 = sum(each1), sum(each2)
    redis1, redis2 = sum(at1[n:]), sum(at2[n:])
    span = elapsed

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
        "server_cpu_share": round((cpu2 - cpu1) / span, 2),
        "server_cpu_share_each": [
            round((b - a) / span, 3) for a, b in zip(each1, each2, strict=True)
        ],
        "bot_cpu_s_per_1000_actions": round(bot_cpu / max(1, actions) * 1000, 3),
        "bot_cpu_share": round(bot_cpu / elapsed, 2),
        "redis_cpu_s_per_1000_actions": (
            round((redis2 - redis1) / max(1, actions) * 1000, 3) if others else None
        ),
        "errors": sum(p["errors"] for p in parts),
        "server_rss_mb": round(rss2 / 2**20, 1),
        # RSS growth over the whole run (the tables made, four connections each, and
        # played): an upper bound, fragmentation and SQLite's cache included
        "memory_kib_per_table": round((rss2 - rss0) / tables / 1024, 1),
        "server_rss_mb_before": round(rss0 / 2**20, 1),
        "play_monotonic": [round(at1_start, 3), round(at1_start + elapsed, 3)],
        "latency_ms_p999": quantile_ms(lat, 0.999),
        "latency_ms_max": round(lat[-1] * 1000, 2) if lat else float("nan"),
    }


def stalls_in_play(path: Path, start: float, end: float) -> dict:
    """What CROWSNEST_BENCH_STALLS wrote, the play's own: how many callbacks and
    collections took over 5, 10, 20 and 50 ms, their total, and the 8 longest."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    rows = [r for r in rows if start <= r["at"] <= end]  # the set-up and the stop left out
    return {
        "stalls_over_ms": {k: sum(1 for r in rows if r["ms"] > k) for k in (5, 10, 20, 50)},
        "stalls_ms_total": round(sum(r["ms"] for r in rows), 1),
        "stalls_longest": sorted(rows, key=lambda r: -r["ms"])[:8],
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
        "bot_cpu_s_per_1000_actions": round(
            stats["bot_cpu_s"] / max(1, stats["actions"]) * 1000, 3
        ),
        "bot_cpu_share": round(stats["bot_cpu_s"] / elapsed, 2),
        "errors": stats["errors"],
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
    ap.add_argument(
        "--cap",
        type=float,
        default=0.0,
        help="hold each server process to this share of one core (SIGSTOP/SIGCONT duty cycle)",
    )
    ap.add_argument("--idle", type=int, default=0, help="memory of N idle tables only")
    a = ap.parse_args()
    if a.idle:
        out = idle_tables(a.idle)
        print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
        return 0
    if a.pin and a.procs > 1:
        ap.error("--pin puts every server on core 1: use --cap with --procs 2")
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
    cap: Cap | None = None
    servers = [
        subprocess.Popen(
            [*pin, sys.executable, "-c", SERVER, where], stdout=subprocess.PIPE, text=True
        )
        for _ in range(a.procs)
    ]
    out: dict[str, Any] = {}
    try:
        urls = [f"ws://127.0.0.1:{int(p.stdout.readline())}" for p in servers]
        pids = [p.pid for p in servers]
        if a.cap:
            cap = Cap(pids, a.cap)
            cap.start()
        if a.bot_procs or len(servers) > 1 or a.cap:
            redis_pid = redis_proc.pid if redis_proc is not None else None
            out = bench_split(
                a.tables, a.seconds, a.rate, pids, urls, max(1, a.bot_procs), redis_pid
            )
        else:
            out = asyncio.run(bench(a.tables, a.seconds, a.rate, pids[0], urls[0]))
        out["log"] = "redis" if a.redis else "sqlite"
        if cap is not None:
            out["cap_share_per_server"] = a.cap
            out["cap_stops"] = cap.stops
            out["cap_cpu_s"] = round(cap.stop(), 2)  # the limiter's own cost, this process
    finally:
        if cap is not None:
            cap.stop()
        for p in servers:
            p.terminate()
            p.wait(10)
        stalls = os.environ.get("CROWSNEST_BENCH_STALLS")
        if stalls and Path(stalls).exists() and "play_monotonic" in out:
            out.update(stalls_in_play(Path(stalls), *out["play_monotonic"]))
        if redis_proc is not None:
            redis_proc.kill()
            redis_proc.wait(10)
        shutil.rmtree(folder, ignore_errors=True)  # leave nothing in the temp folder
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
