"""Cost of an AI decision in a worker process (crowsnest.ai.isolated: how the AIs of
plugins outside the game run) against the same AI in process, through the AI runner
with its default budget, at positions early and late in a deal (the worker rebuilds the
deal from its set-up and actions, so a later position costs more); and the worker's
start (docs/reliability.md, "AIs of plugins outside the game").

    python tools/bench_ai_ipc.py [--game crowsnest] [--level easy] [--n 300] [--repeats 5]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from types import MappingProxyType

from crowsnest.ai import isolated
from crowsnest.ai.isolated import IsolatedFactory
from crowsnest.ai.runner import AIRunner
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry


def per_call_us(fn, n: int, repeats: int) -> list[float]:
    runs = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append(round((time.perf_counter() - t) / n * 1e6, 1))
    return runs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="crowsnest")
    ap.add_argument("--level", default="easy")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    reg = load_registry(user_folder=False)
    here = reg.variants[a.game]
    # The same AI marked as a plugin's: the worker loads the installed plugins.
    away = dataclasses.replace(
        here, ais=MappingProxyType({**here.ais, a.level: IsolatedFactory(here.ais[a.level])})
    )
    out: dict = {"game": a.game, "level": a.level}
    t0 = time.perf_counter()
    proc = isolated.shared(())
    m0 = Match(away, seed=1)
    AIRunner(away, m0.options, m0.seats, seed=1).choose(m0, level=a.level)
    out["worker_start_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    for label, moves in (("early", 2), ("late", 30)):
        ms = {}
        for name, v in (("in_process", here), ("worker", away)):
            m = Match(v, seed=1)
            rng = random.Random(1)
            for _ in range(moves):
                m.apply(m.deal.random_action(rng))
            r = AIRunner(v, m.options, m.seats, seed=1)
            runs = per_call_us(lambda m=m, r=r: r.choose(m, m.to_move, a.level), a.n, a.repeats)
            ms[name] = {"median_us": statistics.median(runs), "runs_us": runs}
            r.close()
        req_bytes = len(json.dumps(isolated.position(m.deal, m.variant.id, m.options, m.seats)))
        out[label] = {
            "deal_actions": len(m.deal_actions()),
            "request_bytes": req_bytes,
            **ms,
            "extra_us": round(ms["worker"]["median_us"] - ms["in_process"]["median_us"], 1),
        }
    out["workers_started"] = proc.started
    isolated.close_all()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
