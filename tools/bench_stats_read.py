"""Statistics read from a big store: the current reader against the one before issue 29
(its store.py and stats.py from git), interleaved, 3 repeats; time (median) and peak
Python memory. A one-off measurement for docs/reliability.md:

    mkdir -p /tmp/oldstore
    git show 765cbb1:game/records/store.py > /tmp/oldstore/old_store.py
    git show 765cbb1:game/records/stats.py > /tmp/oldstore/old_stats.py
    nice -n 15 python tools/bench_stats_read.py --matches 4000 --save-kb 45

The store holds MATCHES finished CrowsNest matches, each with a save text of about
SAVE-KB kB (the issue's 4,000 matches were 179 MB), with no history limit.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "store"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=4000)
    ap.add_argument("--save-kb", type=int, default=45)
    ap.add_argument("--old", default="/tmp/oldstore")
    a = ap.parse_args(argv)
    sys.path.insert(0, a.old)
    import old_stats  # type: ignore[import-not-found]
    import old_store  # type: ignore[import-not-found]
    from crowsnest.records.stats import player_stats, record_of
    from crowsnest.records.store import Store
    from store_helpers import NAMES, SEATS, matches

    tmp = Path(tempfile.mkdtemp(prefix="bench-stats-"))
    try:
        p = tmp / "crowsnest.db"
        recs = []
        for i, m in enumerate(matches(4)):
            r = record_of(m, SEATS, NAMES, started_at="a", finished_at=f"2026-{i:05d}", seconds=5)
            pad = max(0, a.save_kb * 1024 - len(r.save))
            recs.append(dataclasses.replace(r, save=r.save + "#" * pad + "\n"))
        with Store(p, keep_saves=-1) as st:
            for i in range(a.matches):
                st.add_match(recs[i % 4])
        q = tmp / "old" / "crowsnest.db"  # the old reader knows versions up to 2
        q.parent.mkdir()
        shutil.copyfile(p, q)
        c = sqlite3.connect(q)
        c.execute("PRAGMA user_version = 2")
        c.commit()
        c.close()
        new_t, old_t = [], []
        for _ in range(3):
            t = time.perf_counter()
            with Store(p, keep_saves=-1) as st:
                n_new = player_stats(st)[0]["matches"]
            new_t.append(time.perf_counter() - t)
            t = time.perf_counter()
            with old_store.Store(q) as st:
                n_old = old_stats.player_stats(st)[0]["matches"]
            old_t.append(time.perf_counter() - t)
            assert n_new == n_old == a.matches
        peaks = []
        for reader in ("new", "old"):
            tracemalloc.start()
            if reader == "new":
                with Store(p, keep_saves=-1) as st:
                    player_stats(st)
            else:
                with old_store.Store(q) as st:
                    old_stats.player_stats(st)
            peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
            tracemalloc.stop()
        print(f"store {p.stat().st_size / 2**20:.1f} MB, {a.matches} matches")
        print(f"new: median {statistics.median(new_t):.2f} s {new_t}, peak {peaks[0]:.1f} MB")
        print(f"old: median {statistics.median(old_t):.2f} s {old_t}, peak {peaks[1]:.1f} MB")
    finally:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
