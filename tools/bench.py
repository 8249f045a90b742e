#!/usr/bin/env python3
"""The benchmark every performance claim quotes. Single process, no pygame.

Per registered variant and seat count:
  deals_per_s      random-play deals per second: whole matches through Match (shuffle,
                   layout, Deal.random_action + apply, settlement), counting every deal
                   dealt, thrown-in ones included; a new match starts when one ends;
  ai_moves_per_s   per AI level: decisions per second, timing exactly what a decision
                   costs (the seat's view, the legal list, AI.choose) while that AI plays
                   every seat of a match.
Each figure is the median of --repeats runs of about --seconds each. --client adds the
pygame client's figures from tools/bench_client.py under "client".

    python tools/bench.py [--json] [--variant ID] [--seconds S] [--repeats N] [--client]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout too

from crowsnest.engine import Match, Variant, shape_error  # noqa: E402
from crowsnest.plugin_host import load_registry  # noqa: E402


def random_deals_per_s(variant: Variant, seats: int, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    deals = 0
    match_no = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        m = Match(variant, seed=f"bench:{seed}:{match_no}", seats=seats)
        match_no += 1
        dealt = m.deal_index
        while not m.over:
            m.apply_unchecked(m.deal.random_action(rng))
            if m.deal_index != dealt:  # a deal finished (a new one was dealt)
                deals += m.deal_index - dealt
                dealt = m.deal_index
                if time.perf_counter() >= end:
                    return deals / (time.perf_counter() - start)
        deals += 1  # the last deal of a finished match deals no successor
        if time.perf_counter() >= end:
            return deals / (time.perf_counter() - start)


def ai_moves_per_s(variant: Variant, seats: int, level: str, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    options = variant.resolve_options(None)
    if level == "random":
        # What the safe runner does for "random": the deal's own uniform random_action
        # (complete even where the legal list is not).
        def decide(deal: Any, seat: int) -> Any:
            return deal.random_action(rng)
    else:
        ais = [variant.ais[level](variant, options, seats) for _ in range(seats)]

        def decide(deal: Any, seat: int) -> Any:
            return ais[seat].choose(deal.view(seat), deal.legal_actions(), rng)

    moves = 0
    thinking = 0.0
    match_no = 0
    wall_end = time.perf_counter() + max(seconds * 4, 2.0)  # slow AIs: stop anyway
    while True:
        m = Match(variant, seed=f"bench-ai:{seed}:{match_no}", seats=seats)
        match_no += 1
        while not m.over:
            deal = m.deal
            seat = deal.to_move
            t = time.perf_counter()
            try:
                action = decide(deal, seat)
            except Exception:  # noqa: BLE001 - an AI bug: keep benchmarking, legally
                action = None
            thinking += time.perf_counter() - t
            moves += 1
            if shape_error(action) or deal.check(action) is not None:
                action = deal.random_action(rng)
            m.apply_unchecked(action)
            if thinking >= seconds or time.perf_counter() >= wall_end:
                return moves / thinking if thinking else float("inf")


def median_of(fn: Any, repeats: int) -> float:
    return round(statistics.median(fn(i) for i in range(repeats)), 1)


def bench_engine(args: argparse.Namespace) -> list[dict[str, Any]]:
    registry = load_registry(user_folder=False)
    results = []
    for vid, v in sorted(registry.variants.items()):
        if args.variant and vid not in args.variant:
            continue
        for n in v.seats:
            row: dict[str, Any] = {"variant": vid, "seats": n}
            row["deals_per_s"] = median_of(
                lambda i, v=v, n=n: random_deals_per_s(v, n, args.seconds, i), args.repeats
            )
            row["ai_moves_per_s"] = {
                level: median_of(
                    lambda i, v=v, n=n, level=level: ai_moves_per_s(v, n, level, args.seconds, i),
                    args.repeats,
                )
                for level in sorted(v.ais)
            }
            results.append(row)
            if not args.json:
                ai = ", ".join(f"{k} {x:,.0f}" for k, x in row["ai_moves_per_s"].items())
                print(
                    f"{vid:>14} {n} seats: {row['deals_per_s']:>9,.0f} random deals/s; "
                    f"AI moves/s: {ai}",
                    flush=True,
                )
    return results


def bench_client(args: argparse.Namespace) -> dict[str, Any]:
    """Client timings (--client): tools/bench_client.py's figures (frame times while a
    trick animates, launch to first frame). Imported only here, so the engine benchmark
    never loads pygame."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_client import bench_client as client_figures

    return dict(client_figures())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--variant", action="append", metavar="ID", help="only this variant (repeatable)"
    )
    ap.add_argument("--seconds", type=float, default=0.4, help="length of one run (default 0.4)")
    ap.add_argument(
        "--repeats", type=int, default=3, help="runs per figure; the median is reported"
    )
    ap.add_argument("--client", action="store_true", help="also time the client's frames")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor_count": __import__("os").cpu_count(),
        "seconds_per_run": args.seconds,
        "repeats": args.repeats,
        "results": bench_engine(args),
    }
    if args.client:
        out["client"] = bench_client(args)
    out["bench_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(out))
    elif args.client:
        print("client:", json.dumps(out["client"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
