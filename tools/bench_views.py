#!/usr/bin/env python3
"""What an online table's views cost per action (issue 21): random-play deals through
Match, and after every action what a server does for each reader.

Modes, interleaved repeat by repeat so the machine's load hits them alike:
  apply      the action alone (the floor);
  once       apply, then each seat's view_json and the public view once, and events_for
             for every reader (what one update to every seat and the spectators needs);
  cached     apply, then the same reads `--reads` times each (a server that reads a view
             for the update, a snapshot, a leak check ...): built once per action;
  uncached   as `cached`, with the match's view cache emptied before every read (how
             every read cost before views were built once per action).
Each figure is the median over --repeats runs of about --seconds each, in microseconds
per action.

    python tools/bench_views.py [--variant crowsnest] [--seconds 1] [--repeats 5] [--reads 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout too

from crowsnest.engine import Match, Variant  # noqa: E402
from crowsnest.plugin_host import load_registry  # noqa: E402

MODES = ("apply", "once", "cached", "uncached")


def run(variant: Variant, mode: str, seconds: float, reads: int, seed: int) -> float:
    """Microseconds per action in `mode` over about `seconds` of play."""
    rng = random.Random(seed)
    m = Match(variant, seed=seed)
    readers: list[int | None] = [None, *range(m.seats)]
    n = 0
    reps = 1 if mode == "once" else reads
    spent = 0.0
    while spent < seconds:
        t0 = time.perf_counter()
        for _ in range(200):
            if m.over:
                m = Match(variant, seed=rng.randrange(1 << 30))
            events = m.apply_unchecked(m.deal.random_action(rng))
            n += 1
            if mode == "apply":
                continue
            for _r in range(reps):
                for r in readers:
                    if mode == "uncached":
                        m._views.clear()  # the bench's one reach inside: no cache
                    if r is None:
                        m.public_view_json()
                    else:
                        m.view_json(r)
            for r in readers:
                m.events_for(events, r)
        spent += time.perf_counter() - t0
    return spent / n * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="crowsnest")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--reads", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    variant = load_registry(folders=[], user_folder=False).variants[a.variant]
    got: dict[str, list[float]] = {k: [] for k in MODES}
    for rep in range(a.repeats):
        for mode in MODES:
            got[mode].append(run(variant, mode, a.seconds, a.reads, seed=rep))
    med = {k: statistics.median(v) for k, v in got.items()}
    out: dict[str, Any] = {
        "variant": a.variant,
        "seats": Match(variant, seed=0).seats,
        "reads": a.reads,
        "repeats": a.repeats,
        "us_per_action": {k: round(v, 1) for k, v in med.items()},
        "views_once_us": round(med["once"] - med["apply"], 1),
        "cached_vs_uncached_views": round(
            (med["uncached"] - med["apply"]) / (med["cached"] - med["apply"]), 2
        ),
    }
    if a.json:
        print(json.dumps(out))
    else:
        for k in MODES:
            print(f"{k:9} {med[k]:8.1f} us/action  (runs: {', '.join(f'{x:.1f}' for x in got[k])})")
        print(
            f"views for every reader once: {out['views_once_us']} us/action; "
            f"{a.reads} reads each, uncached/cached view cost: {out['cached_vs_uncached_views']}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
