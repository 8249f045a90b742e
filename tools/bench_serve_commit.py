#!/usr/bin/env python3
"""The server's group commit alone, as 1,000 tables acting once a second make it
(docs/online.md, "Load and memory", session 13): N tables' actions spread evenly over
each second, one commit per action (one action per event-loop tick, as at that load),
`upkeep()` every 0.25 s as the server's ticker calls it. Reports the commit's wall time
(p50, p99, p99.9, max) and the WAL file's largest size: SQLite's automatic checkpoint
runs inside the commit that takes the WAL past 1,000 pages, so its cost shows in the
tail. Run the old code through PYTHONPATH for a before/after.

    python tools/bench_serve_commit.py --tables 1000 --seconds 30 --json

Bounded: it ends after --seconds."""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

from crowsnest.net.log import Entry, SQLiteLog


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--rate", type=float, default=1.0, help="actions a second per table")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="crowsnest-commit-"))
    path = folder / "online.sqlite3"
    db = SQLiteLog(path, group=True)
    codes = [f"B{i:05d}" for i in range(a.tables)]
    for code in codes:
        db.create(code, {"variant": "crowsnest", "seats": 4})
    db.flush()
    rng = random.Random(1)
    seqs = dict.fromkeys(codes, 0)
    upkeep = getattr(db, "upkeep", None)  # an older log has none
    gap = 1.0 / (a.tables * a.rate)
    times: list[float] = []
    upkeeps: list[float] = []  # upkeep()'s wall time (a WAL reset runs in it)
    wal = Path(f"{path}-wal")
    biggest = 0
    start = time.monotonic()
    upkept = start
    k = 0
    while True:
        at = start + k * gap
        now = time.monotonic()
        if now - start >= a.seconds:
            break
        if at > now:
            time.sleep(at - now)
        code = codes[k % a.tables]
        seqs[code] += 1
        db.append(code, Entry(seqs[code], "act", k % 4, f"play {rng.randrange(52)}"))
        t0 = time.perf_counter()
        db.flush()
        times.append(time.perf_counter() - t0)
        k += 1
        if upkeep is not None and time.monotonic() - upkept >= 0.25:
            upkept = time.monotonic()
            t0 = time.perf_counter()
            upkeep()
            upkeeps.append(time.perf_counter() - t0)
        if k % 200 == 0:
            biggest = max(biggest, wal.stat().st_size if wal.exists() else 0)
    elapsed = time.monotonic() - start
    db.close()
    times.sort()

    def q(p: float) -> float:
        return round(times[min(len(times) - 1, int(p * len(times)))] * 1000, 3)

    out = {
        "tables": a.tables,
        "commits": len(times),
        "commits_per_s": round(len(times) / elapsed, 1),
        "commit_ms_p50": q(0.5),
        "commit_ms_p99": q(0.99),
        "commit_ms_p999": q(0.999),
        "commit_ms_max": round(times[-1] * 1000, 3),
        "commits_over_10ms": sum(1 for t in times if t > 0.010),
        "upkeep_ms_max": round(max(upkeeps, default=0.0) * 1000, 3),
        "wal_mb_max": round(biggest / 2**20, 1),
        "checkpoints_by_thread": getattr(db, "checkpoints", None),
        "wal_resets": getattr(db, "resets", None),
        "load": os.getloadavg()[0],
    }
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
