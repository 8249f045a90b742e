#!/usr/bin/env python3
"""A failover's time on `crowsnest serve --redis` (docs/online.md, "Several processes"):
two server processes share a fresh redis-server on a free loopback port; --tables Dou
Dizhu tables of three bot seats are made on the first and played; mid-deal the first is
killed with SIGKILL and every bot at once reconnects to the second and resumes (again and
again while the dead process's lease still holds the table). Reported per table: from the
kill to the seat's snapshot (claimed and rebuilt from the stream) and to the next `update`
(play going on), medians and maxima over --repeats runs.

    python tools/bench_failover.py --tables 4 --repeats 5 [--lease-ms 3000]

Loopback only; every wait is bounded."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_serve import start_redis  # noqa: E402 - tools/ is not a package


def serve(redis_url: str, folder: Path, lease_ms: int) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "XDG_STATE_HOME": str(folder / "state")}
    cmd = [sys.executable, "-m", "crowsnest", "serve", "--port", "0", "--redis", redis_url]
    # --behind-proxy: each bot names its own address (X-Real-IP), as players behind a
    # proxy would, so the per-address join limit counts players, not this one machine.
    p = subprocess.Popen(
        [*cmd, "--lease-ms", str(lease_ms), "--behind-proxy"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    m = re.search(r"ws://[^:]+:(\d+)", p.stdout.readline())
    if not m:
        raise SystemExit("bench_failover: crowsnest serve --redis did not start")
    return p, f"ws://127.0.0.1:{m.group(1)}"


def send(ws, frame: dict) -> asyncio.Future:
    return ws.send(json.dumps({"v": 1, **frame}))


class Bot:
    made = 0

    def __init__(self, rng: random.Random) -> None:
        Bot.made += 1
        self.address = f"10.{Bot.made // 65536 % 256}.{Bot.made // 256 % 256}.{Bot.made % 256}"
        self.rng = rng
        self.ws = None
        self.seat = None
        self.token = None
        self.code = None
        self.state: dict = {}
        self.sent = -1

    async def open(self, url: str) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(
            url,
            max_size=2**20,
            open_timeout=5,
            additional_headers={"X-Real-IP": self.address},
        )
        await send(self.ws, {"type": "hello"})
        await self.ws.recv()

    async def next(self) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), 30))

    async def act(self) -> None:
        st = self.state
        if (
            st.get("legal")
            and st.get("to_move") == self.seat
            and not st.get("over")
            and self.sent != st["seq"]
        ):
            self.sent = st["seq"]
            await send(
                self.ws, {"type": "act", "seq": st["seq"], "action": self.rng.choice(st["legal"])}
            )


async def table(url: str, i: int) -> list[Bot]:
    rng = random.Random(i)
    bots = [Bot(rng) for _ in range(3)]
    owner = bots[0]
    await owner.open(url)
    await send(
        owner.ws, {"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3}
    )
    while owner.code is None:
        f = await owner.next()
        if f["type"] == "created":
            owner.code, owner.seat, owner.token = f["code"], f["seat"], f["token"]
    for b in bots[1:]:
        await b.open(url)
        await send(b.ws, {"type": "join", "code": owner.code})
        while b.token is None:
            f = await b.next()
            if f["type"] == "joined":
                b.code, b.seat, b.token = f["code"], f["seat"], f["token"]
    return bots


async def play_until(bots: list[Bot], until, seconds: float) -> None:
    """Read and act for every bot until until() or the deadline."""

    async def one(b: Bot) -> None:
        with_deadline = time.monotonic() + seconds
        while time.monotonic() < with_deadline and not until():
            try:
                f = json.loads(await asyncio.wait_for(b.ws.recv(), 0.2))
            except TimeoutError:
                await b.act()
                continue
            except Exception:  # noqa: BLE001 - the process was killed
                return
            if f["type"] in ("snapshot", "update"):
                b.state = f
                await b.act()

    await asyncio.gather(*(one(b) for b in bots))


async def resume(b: Bot, url: str, t0: float, out: dict, seconds: float = 30) -> None:
    """Reconnect and resume until the seat is back; then note the first update."""
    deadline = t0 + seconds
    b.sent = -1  # a move sent just before the kill may never have reached the stream
    while time.monotonic() < deadline:
        try:
            await b.open(url)
            await send(b.ws, {"type": "resume", "code": b.code, "token": b.token, "seq": 0})
            while True:
                f = await asyncio.wait_for(b.next(), 5)
                if f["type"] == "snapshot":
                    out.setdefault("snapshot", time.monotonic() - t0)
                    b.state = f
                    break
                if f["type"] == "error":  # elsewhere: the dead process's lease holds it
                    raise ConnectionError(f["code"])
            break
        except (OSError, ConnectionError, TimeoutError):
            if b.ws is not None:
                await b.ws.close()
            await asyncio.sleep(0.05)
    await b.act()
    # Until the table's next update, whoever's seat heard it (a seat that resumed after
    # it waits for nobody: the bot to move may already have stopped here).
    while time.monotonic() < deadline and "update" not in out:
        try:
            f = await asyncio.wait_for(b.next(), 0.5)
        except TimeoutError:
            continue
        if f["type"] == "update":
            out.setdefault("update", time.monotonic() - t0)
            return
        if f["type"] == "snapshot":
            b.state = f
            await b.act()


async def one_run(tables: int, lease_ms: int, folder: Path) -> list[dict]:
    redis_proc, redis_url = start_redis(folder)
    procs = []
    try:
        first, url0 = serve(redis_url, folder, lease_ms)
        second, url1 = serve(redis_url, folder, lease_ms)
        procs = [first, second]
        made = [await table(url0, i) for i in range(tables)]
        everyone = [b for bots in made for b in bots]
        await play_until(
            everyone, lambda: all(bots[0].state.get("seq", 0) >= 12 for bots in made), 60
        )
        first.send_signal(signal.SIGKILL)
        t0 = time.monotonic()
        first.wait(10)
        outs = [{} for _ in made]
        await asyncio.gather(
            *(resume(b, url1, t0, outs[k]) for k, bots in enumerate(made) for b in bots)
        )
        for b in everyone:
            await b.ws.close()
        return outs
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(10)
        redis_proc.kill()
        redis_proc.wait(10)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--lease-ms", type=int, default=3000)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = []
    for _ in range(a.repeats):
        folder = Path(tempfile.mkdtemp(prefix="crowsnest-failover-"))
        try:
            rows += asyncio.run(one_run(a.tables, a.lease_ms, folder))
        finally:
            shutil.rmtree(folder, ignore_errors=True)  # leave nothing in the temp folder
    snaps = [r["snapshot"] for r in rows if "snapshot" in r]
    ups = [r["update"] for r in rows if "update" in r]
    out = {
        "tables": len(rows),
        "lease_ms": a.lease_ms,
        "resumed": len(snaps),
        "kill_to_snapshot_s_median": round(statistics.median(snaps), 2) if snaps else None,
        "kill_to_snapshot_s_max": round(max(snaps), 2) if snaps else None,
        "kill_to_next_update_s_median": round(statistics.median(ups), 2) if ups else None,
        "kill_to_next_update_s_max": round(max(ups), 2) if ups else None,
    }
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0 if len(ups) == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
