#!/usr/bin/env python3
"""The benchmark every performance claim quotes. Single process, no pygame.

Per registered variant and seat count:
  deals_per_s      random-play deals per second: whole matches through Match (shuffle,
                   layout, Deal.random_action + apply, settlement), counting every deal
                   dealt, thrown-in ones included; a new match starts when one ends;
  ai_moves_per_s   per AI level: decisions per second, timing exactly what a decision
                   costs (the seat's view, the legal list, AI.choose) while that AI plays
                   every seat of a match.
Each figure is the median of --repeats runs of about --seconds each.
  reference        Dou Dizhu random deals per second against RLCard's raw game and the
                   ratio, measured in the same run (only when rlcard is importable);
  playouts         Tractor play-out cost: the hard AI's policy against easy through views. --client adds the
pygame client's figures from tools/bench_client.py under "client".

    python tools/bench.py [--json] [--variant ID] [--seconds S] [--repeats N] [--client]

Side by side with another checkout (say, before a change), in one run: each round runs
this file once for this checkout and once for OLD (its game/ and plugins/ put on
PYTHONPATH as crowsnest and crowsnest_games), in turn, and the ratio new/old is taken
round by round; --cpu times with this process's CPU clock instead of the wall clock, so
a loaded machine's run queue is left out:

    python tools/bench.py --against OLD_CHECKOUT --rounds 7 --cpu [--variant ID] [--ai]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout too

from crowsnest.engine import Match, Variant, shape_error  # noqa: E402
from crowsnest.plugin_host import load_registry  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CLOCK = time.perf_counter  # --cpu: time.process_time


def random_deals_per_s(variant: Variant, seats: int, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    deals = 0
    match_no = 0
    clock = CLOCK
    start = clock()
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
                if clock() >= end:
                    return deals / (clock() - start)
        deals += 1  # the last deal of a finished match deals no successor
        if clock() >= end:
            return deals / (clock() - start)


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
            t = CLOCK()
            try:
                action = decide(deal, seat)
            except Exception:  # noqa: BLE001 - an AI bug: keep benchmarking, legally
                action = None
            thinking += CLOCK() - t
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
                for level in (sorted(v.ais) if not args.no_ai else ())
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


def rlcard_doudizhu_deals_per_s(seconds: float, seed: int) -> float:
    """RLCard 1.2.0's raw Dou Dizhu game (no env wrapper) with uniformly random legal
    actions: deals per second, timed like ours (deal, play to the end)."""
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()
    game.np_random.seed(seed)
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
        deals += 1
    return deals / (time.perf_counter() - start)


def bench_reference(args: argparse.Namespace) -> dict[str, Any] | None:
    """Dou Dizhu random deals against RLCard's raw game, measured in the same run
    (alternating, median of --repeats each), when rlcard is importable."""
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    v = load_registry(user_folder=False).variants.get("doudizhu")
    if v is None:
        return None
    ours: list[float] = []
    theirs: list[float] = []
    for i in range(args.repeats):
        ours.append(random_deals_per_s(v, 3, args.seconds, i))
        theirs.append(rlcard_doudizhu_deals_per_s(args.seconds, i))
    a, b = statistics.median(ours), statistics.median(theirs)
    return {
        "variant": "doudizhu",
        "ours_deals_per_s": round(a, 1),
        "rlcard_deals_per_s": round(b, 1),
        "ratio": round(a / b, 2),
        "rlcard": __import__("rlcard").__version__,
    }


def bench_playouts(args: argparse.Namespace) -> dict[str, Any]:
    """Tractor play-outs from the first trick of seeded deals: the hard AI's fast policy
    on the deal against the easy AI through views (what a search would otherwise use);
    milliseconds per play-out, measured in the same run."""
    from crowsnest_games.tractor import VARIANT as tractor
    from crowsnest_games.tractor.ai import _easy, _normal
    from crowsnest_games.tractor.ai.hard import playout

    rng = random.Random(1)
    normal = _normal(tractor, None, 4)
    starts = []
    for s in range(12):
        d = Match(tractor, seed=f"bench:{s}").deal
        while d.phase != "play":
            legal = d.legal_actions() if d.legal_complete() else []
            d.apply(normal.choose(d.view(d.to_move), legal, rng))
        starts.append(d)
    easy = _easy(tractor, None, 4)

    def by_view(policy: Any = easy) -> None:
        for d0 in starts:
            d = d0.clone()
            while d.to_move >= 0:
                d.apply(policy.choose(d.view(d.to_move), [], rng))

    def fast() -> None:
        for d0 in starts:
            playout(d0.clone(), rng)

    def ms(fn: Any) -> float:
        n = 0
        t0 = time.perf_counter()
        while True:
            fn()
            n += len(starts)
            if time.perf_counter() - t0 >= args.seconds:
                return 1000 * (time.perf_counter() - t0) / n

    slow_ms = statistics.median(ms(by_view) for _ in range(args.repeats))
    normal_ms = statistics.median(ms(lambda: by_view(normal)) for _ in range(args.repeats))
    fast_ms = statistics.median(ms(fast) for _ in range(args.repeats))
    return {
        "variant": "tractor",
        "easy_by_view_ms": round(slow_ms, 3),
        "normal_by_view_ms": round(normal_ms, 3),
        "hard_playout_ms": round(fast_ms, 3),
        "ratio": round(slow_ms / fast_ms, 1),
        "ratio_normal": round(normal_ms / fast_ms, 1),
    }


def bench_client(args: argparse.Namespace) -> dict[str, Any]:
    """Client timings (--client): tools/bench_client.py's figures (frame times while a
    trick animates, launch to first frame). Imported only here, so the engine benchmark
    never loads pygame."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_client import bench_client as client_figures

    return dict(client_figures())


def side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """This checkout against args.against, round by round (see the module docstring)."""
    old = Path(args.against).resolve()
    if not (old / "game").is_dir() or not (old / "plugins").is_dir():
        raise SystemExit(f"bench.py: {old} is not a checkout of the game (no game/ and plugins/)")
    work = Path(tempfile.mkdtemp(prefix="crowsnest-bench-"))
    trees = {"new": ROOT, "old": old}
    for name, tree in trees.items():
        (work / name).mkdir()
        (work / name / "crowsnest").symlink_to(tree / "game")
        (work / name / "crowsnest_games").symlink_to(tree / "plugins")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--json", "--engine-only"]
    cmd += ["--seconds", str(args.seconds), "--repeats", "1"]
    cmd += [] if args.ai else ["--no-ai"]
    cmd += ["--cpu"] if args.cpu else []
    for vid in args.variant or ():
        cmd += ["--variant", vid]
    runs: dict[str, list[dict[tuple[str, int, str], float]]] = {"new": [], "old": []}
    try:
        for r in range(args.rounds):
            for name in ("new", "old") if r % 2 == 0 else ("old", "new"):  # alternate the first
                env = {**os.environ, "PYTHONPATH": str(work / name), "PYTHONHASHSEED": "0"}
                done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
                if done.returncode != 0:
                    raise SystemExit(f"bench.py: the {name} checkout's run failed:\n{done.stderr}")
                figures: dict[tuple[str, int, str], float] = {}
                for row in json.loads(done.stdout)["results"]:
                    figures[(row["variant"], row["seats"], "deals_per_s")] = row["deals_per_s"]
                    for level, x in row["ai_moves_per_s"].items():
                        figures[(row["variant"], row["seats"], f"ai_{level}_per_s")] = x
                runs[name].append(figures)
    finally:
        shutil.rmtree(work, ignore_errors=True)  # the symbolic links: leave nothing behind
    rows = []
    for key in sorted(set(runs["new"][0]) & set(runs["old"][0])):
        new = [f[key] for f in runs["new"]]
        olds = [f[key] for f in runs["old"]]
        ratios = sorted(a / b for a, b in zip(new, olds, strict=True) if b)
        rows.append(
            {
                "variant": key[0],
                "seats": key[1],
                "figure": key[2],
                "new": round(statistics.median(new), 1),
                "old": round(statistics.median(olds), 1),
                "ratio_median": round(statistics.median(ratios), 3),
                "ratio_min": round(ratios[0], 3),
                "ratio_max": round(ratios[-1], 3),
            }
        )
        if not args.json:
            x = rows[-1]
            print(
                f"{x['variant']:>14} {x['seats']} {x['figure']:>18}: new {x['new']:>9,.1f} "
                f"old {x['old']:>9,.1f}  new/old {x['ratio_median']:.3f} "
                f"({x['ratio_min']:.3f}-{x['ratio_max']:.3f}, {args.rounds} rounds)",
                flush=True,
            )
    return {
        "against": str(old),
        "rounds": args.rounds,
        "clock": "cpu" if args.cpu else "wall",
        "seconds_per_run": args.seconds,
        "results": rows,
    }


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
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    ap.add_argument("--no-ai", action="store_true", help="random deals only, no AI figures")
    ap.add_argument(
        "--engine-only", action="store_true", help="no reference, play-out or client figures"
    )
    ap.add_argument("--against", metavar="OLD", help="side by side with another checkout")
    ap.add_argument("--rounds", type=int, default=7, help="with --against: rounds (default 7)")
    ap.add_argument("--ai", action="store_true", help="with --against: the AI figures too")
    args = ap.parse_args(argv)
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    if args.against:
        out = side_by_side(args)
        if args.json:
            print(json.dumps(out))
        return 0
    started = time.perf_counter()
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor_count": os.cpu_count(),
        "seconds_per_run": args.seconds,
        "repeats": args.repeats,
        "results": bench_engine(args),
    }
    if not args.engine_only and (not args.variant or "doudizhu" in args.variant):
        ref = bench_reference(args)
        if ref is not None:
            out["reference"] = ref
            if not args.json:
                print(
                    f"Dou Dizhu random deals: ours {ref['ours_deals_per_s']:,.0f}/s, RLCard "
                    f"{ref['rlcard']} raw game {ref['rlcard_deals_per_s']:,.0f}/s: "
                    f"{ref['ratio']}x",
                    flush=True,
                )
    if not args.engine_only and (not args.variant or "tractor" in args.variant):
        out["playouts"] = bench_playouts(args)
        if not args.json:
            p = out["playouts"]
            print(
                f"Tractor play-out from the first trick: hard's policy {p['hard_playout_ms']} ms; "
                f"through views easy {p['easy_by_view_ms']} ms ({p['ratio']}x), "
                f"normal {p['normal_by_view_ms']} ms ({p['ratio_normal']}x)",
                flush=True,
            )
    if args.client and not args.engine_only:
        out["client"] = bench_client(args)
    out["bench_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(out))
    elif args.client:
        print("client:", json.dumps(out["client"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
