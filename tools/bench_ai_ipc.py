"""Cost of asking an AI in a worker process: a Pipe round trip with a CrowsNest view and
its legal list, against the in-process threaded runner's whole easy decision at the same
position (docs/reliability.md, "A worker process for third-party AIs").

    python tools/bench_ai_ipc.py
"""

from __future__ import annotations

import multiprocessing as mp
import pickle
import random
import statistics
import time

from crowsnest.ai.runner import AIRunner
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry


def worker(conn) -> None:
    while True:
        msg = conn.recv()
        if msg is None:
            return
        _view, legal = msg
        conn.send(legal[0])


def per_call_us(fn, n: int = 2000, repeats: int = 5) -> list[float]:
    runs = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - t) / n * 1e6)
    return runs


def main() -> None:
    reg = load_registry(user_folder=False)
    m = Match(reg.variants["crowsnest"], seed=1)
    rng = random.Random(1)
    for _ in range(30):
        m.apply(m.deal.random_action(rng))
    payload = (m.view_json(m.to_move), m.legal_strings())
    print(f"payload: {len(pickle.dumps(payload))} pickled bytes")
    ctx = mp.get_context("spawn")
    a, b = ctx.Pipe()
    t0 = time.perf_counter()
    p = ctx.Process(target=worker, args=(b,), daemon=True)
    p.start()
    a.send(payload)
    a.recv()
    print(f"worker start + first answer: {(time.perf_counter() - t0) * 1000:.1f} ms")

    def trip() -> None:
        a.send(payload)
        a.recv()

    runs = per_call_us(trip)
    print(f"round trip per decision: median {statistics.median(runs):.0f} us, runs {runs}")
    r = AIRunner(m.variant, m.options, m.seats, seed=1)
    runs = per_call_us(lambda: r.choose(m, m.to_move, "easy"))
    print(f"in-process runner, easy: median {statistics.median(runs):.0f} us, runs {runs}")
    a.send(None)
    r.close()


if __name__ == "__main__":
    main()
