"""Simultaneous first opens of a store (issue 29, docs/reliability.md): N processes wait
at a barrier, then all open (and so create) the same new store and write a slot. Counts
failures (any exception, a store moved aside, a slot missing afterwards).

    nice -n 15 python tools/store_first_opens.py --processes 20 --rounds 5 [--out FILE]

Forked from this process (which has imported the store already), so starting them costs
little and they really open together. Bounded: rounds x processes opens, a temporary
folder.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crowsnest.records.store import Store  # noqa: E402


def _open(path: str, barrier: object, k: int, results: object) -> None:
    barrier.wait()  # type: ignore[attr-defined]
    try:
        with Store(path) as st:
            st.put_slot(f"p{k}", "crowsnest", "x")
            got = f"notice: {st.notice}" if st.notice else "ok"
    except Exception as e:  # noqa: BLE001 - counted
        got = f"{type(e).__name__}: {e}"
    results.put(got)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    ctx = mp.get_context("fork")
    failures: list[str] = []
    opens = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="first-opens-") as tmp:
        for r in range(a.rounds):
            path = Path(tmp) / f"round{r}" / "crowsnest.db"
            path.parent.mkdir()
            barrier = ctx.Barrier(a.processes)
            results = ctx.Queue()
            procs = [
                ctx.Process(target=_open, args=(str(path), barrier, k, results))
                for k in range(a.processes)
            ]
            for p in procs:
                p.start()
            got = [results.get(timeout=300) for _ in procs]
            for p in procs:
                p.join(30)
            opens += len(got)
            failures += [g for g in got if g != "ok"]
            with Store(path) as st:
                names = {s.name for s in st.slots()}
            missing = a.processes - len(names)
            if missing:
                failures.append(f"round {r}: {missing} slots missing")
            if any(p.name != "crowsnest.db" and ".db" in p.name and "-" in p.name
                   and ("corrupt" in p.name or "foreign" in p.name)
                   for p in path.parent.iterdir()):  # fmt: skip
                failures.append(f"round {r}: a store was moved aside")
    out = {
        "processes": a.processes,
        "rounds": a.rounds,
        "first_opens": opens,
        "failures": len(failures),
        "examples": failures[:10],
        "seconds": round(time.perf_counter() - t0, 1),
    }
    text = json.dumps(out, indent=1)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
