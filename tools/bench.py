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
  playouts         Tractor play-out cost: the hard AI's policy against easy through
                   views.
--client adds the pygame client's figures from tools/bench_client.py under "client".

    python tools/bench.py [--json] [--variant ID] [--seconds S] [--repeats N] [--client]

Side by side with another checkout (say, before a change), in one run:

    python tools/bench.py --against OLD_CHECKOUT [--this NEW] [--variant ID] [--ai]
        [--rounds 40] [--seconds 0.03] [--pairs 4] [--pin CPU]

prints per game the median of the rounds' ratios of CPU time new/old (1.05: the new
checkout needs 5 % more time for the same work) with its 95 % interval. The method, and
why (docs/runs/issue26-parts-cost.md; on this project's virtual machines one-second runs
spread by +-30 %: the host's other tenants slow a virtual CPU by up to 1.4x for stretches
of tens to hundreds of milliseconds, and a separate process per run adds its own start):
  - the same work on both sides: per game a fixed number of random-play deals (sized once
    to about --seconds of CPU on the old side) from the same seeds, a digest of both
    sides' actions compared first (same_work); --ai adds a fixed number of decisions of
    each --ai-level (default normal), which only match while the AIs' code does;
  - one long-lived worker process per checkout (its game/ and plugins/ put on PYTHONPATH
    as crowsnest and crowsnest_games, PYTHONHASHSEED=0), warmed up, answering one job
    at a time: the CPU time of the measured loop only, after gc.collect() and
    gc.freeze(), so no process start, import or earlier garbage is timed;
  - both workers pinned to one CPU (--pin, default the highest; -1 for none);
  - many short interleaved rounds: each round runs every game new, old, old, new (or old,
    new, new, old: ABBA, alternating), so a slow stretch of the machine falls on both
    sides; a round's ratio is new's two times over old's two;
  - fresh worker pairs --pairs times over the rounds (a process's memory layout can make
    it a percent faster or slower for its whole life);
  - per game the median of the rounds' ratios and a percentile-bootstrap 95 % interval
    of that median. An A/A run (--this OLD --against OLD) shows the method's own spread.
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


def fixed_deals(variant: Variant, seats: int, deals: int, seed: int) -> int:
    """Exactly `deals` random-play deals (the work deals_per_s times), from matches seeded
    by `seed`: the same actions in every checkout whose deals and random_action agree.
    Returns the number of actions applied."""
    rng = random.Random(seed)
    done = match_no = steps = 0
    while done < deals:
        m = Match(variant, seed=f"bench:{seed}:{match_no}", seats=seats)
        match_no += 1
        dealt = m.deal_index
        while not m.over and done < deals:
            m.apply_unchecked(m.deal.random_action(rng))
            steps += 1
            if m.deal_index != dealt:
                done += m.deal_index - dealt
                dealt = m.deal_index
        if m.over:
            done += 1  # the last deal of a finished match deals no successor
    return steps


def deals_digest(variant: Variant, seats: int, deals: int, seed: int) -> str:
    """A digest of the actions fixed_deals(variant, seats, deals, seed) applies."""
    import hashlib

    h = hashlib.sha256()
    rng = random.Random(seed)
    done = match_no = 0
    while done < deals:
        m = Match(variant, seed=f"bench:{seed}:{match_no}", seats=seats)
        match_no += 1
        dealt = m.deal_index
        while not m.over and done < deals:
            action = m.deal.random_action(rng)
            h.update(repr(action).encode())
            m.apply_unchecked(action)
            if m.deal_index != dealt:
                done += m.deal_index - dealt
                dealt = m.deal_index
        if m.over:
            done += 1
    return h.hexdigest()[:16]


def fixed_decisions(variant: Variant, seats: int, level: str, moves: int, seed: int) -> float:
    """Exactly `moves` decisions of AI `level` playing every seat; returns the CPU seconds
    spent deciding (the seat's view, the legal list, AI.choose), as ai_moves_per_s times."""
    rng = random.Random(seed)
    options = variant.resolve_options(None)
    ais = [variant.ais[level](variant, options, seats) for _ in range(seats)]
    clock = time.process_time
    thinking = 0.0
    n = match_no = 0
    while n < moves:
        m = Match(variant, seed=f"bench-ai:{seed}:{match_no}", seats=seats)
        match_no += 1
        while not m.over and n < moves:
            deal = m.deal
            t = clock()
            action = ais[deal.to_move].choose(deal.view(deal.to_move), deal.legal_actions(), rng)
            thinking += clock() - t
            n += 1
            if shape_error(action) or deal.check(action) is not None:
                action = deal.random_action(rng)
            m.apply_unchecked(action)
    return thinking


def worker(args: argparse.Namespace) -> int:
    """--worker: one checkout's side of --against. Reads one JSON job a line from stdin,
    runs it and answers one JSON line: the CPU seconds of the measured loop only (no
    process start, import or registry), after gc.collect() and gc.freeze(), so every run
    starts from the same collector state with nothing old to scan."""
    import gc

    if args.pin is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.pin})
    variants = load_registry(user_folder=False).variants
    import crowsnest

    print(json.dumps({"ready": True, "crowsnest": crowsnest.__file__}), flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        v = variants[job["variant"]]
        seats, n, seed = job["seats"], job["n"], job["seed"]
        out: dict[str, Any] = {}
        if job.get("digest"):  # unmeasured: which actions this checkout plays for the job
            out["digest"] = deals_digest(v, seats, n, seed)
        gc.collect()
        gc.freeze()
        if job["figure"] == "deals":
            t, w = time.process_time(), time.perf_counter()
            out["steps"] = fixed_deals(v, seats, n, seed)
            out["cpu"], out["wall"] = time.process_time() - t, time.perf_counter() - w
        else:
            w = time.perf_counter()
            out["cpu"] = fixed_decisions(v, seats, job["figure"], n, seed)
            out["wall"] = time.perf_counter() - w
        print(json.dumps(out), flush=True)
    return 0


def bootstrap_median(xs: list[float], draws: int = 4000) -> tuple[float, float]:
    """95 % interval of the median of `xs` by the percentile bootstrap (a fixed seed: the
    same rounds give the same interval)."""
    rng = random.Random(0)
    n = len(xs)
    meds = sorted(statistics.median(rng.choices(xs, k=n)) for _ in range(draws))
    return meds[int(0.025 * draws)], meds[int(0.975 * draws) - 1]


class Worker:
    """One checkout's --worker process: ask() sends it a job and reads its answer."""

    def __init__(self, name: str, path: Path, pin: int | None) -> None:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker"]
        cmd += [] if pin is None else ["--pin", str(pin)]
        env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
        self.name = name
        self.p = subprocess.Popen(
            cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.p.stdout is not None
        if not self.p.stdout.readline():
            raise SystemExit(f"bench.py: the {name} checkout's worker did not start")

    def ask(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(json.dumps(job) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit(f"bench.py: the {self.name} checkout's worker failed (see above)")
        return dict(json.loads(line))

    def close(self) -> None:
        if self.p.stdin is not None:
            self.p.stdin.close()
        try:
            self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


def side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """This checkout (or --this) against args.against: see the module docstring."""
    trees = {"new": Path(args.this or ROOT), "old": Path(args.against)}
    for name, tree in trees.items():
        tree = trees[name] = tree.resolve()
        if not (tree / "game").is_dir() or not (tree / "plugins").is_dir():
            raise SystemExit(
                f"bench.py: {tree} is not a checkout of the game (no game/ and plugins/)"
            )
    pin = args.pin
    if pin is None and hasattr(os, "sched_getaffinity"):
        pin = max(os.sched_getaffinity(0))  # both sides on the same core
    elif pin is not None and pin < 0:
        pin = None
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    started = time.perf_counter()
    registry = load_registry(user_folder=False).variants
    jobs: list[dict[str, Any]] = []
    for vid, v in sorted(registry.items()):
        if args.variant and vid not in args.variant:
            continue
        for n in v.seats:
            for fig in ["deals"] + (list(args.ai_level) if args.ai else []):
                jobs.append({"variant": vid, "seats": n, "figure": fig})
    same: dict[tuple[str, int], bool] = {}
    times: list[dict[str, list[float]]] = [{"new": [], "old": []} for _ in jobs]
    ratios: list[list[float]] = [[] for _ in jobs]
    pairs = max(1, min(args.pairs, args.rounds))
    work = Path(tempfile.mkdtemp(prefix="crowsnest-bench-"))
    workers: dict[str, Worker] = {}
    try:
        for name, tree in trees.items():
            (work / name).mkdir()
            (work / name / "crowsnest").symlink_to(tree / "game")
            (work / name / "crowsnest_games").symlink_to(tree / "plugins")
        r = 0
        for pair in range(pairs):
            # Fresh processes for each share of the rounds: a process's memory layout can
            # make it a percent or two faster or slower for its whole life.
            workers = {name: Worker(name, work / name, pin) for name in trees}
            for job in jobs:  # warm up; the first pair also sizes each job on the old side
                if pair == 0:
                    probe = {**job, "n": 4 if job["figure"] == "deals" else 8, "seed": 0}
                    if job["figure"] == "deals":
                        d = {k: w.ask({**probe, "digest": True}) for k, w in workers.items()}
                        same[(job["variant"], job["seats"])] = (
                            d["new"]["digest"] == d["old"]["digest"]
                        )
                    cost = 0.0
                    for _ in range(2):
                        workers["new"].ask(probe)
                        cost = workers["old"].ask(probe)["cpu"] / probe["n"]
                    job["n"] = max(1, round(args.seconds / max(cost, 1e-6)))
                else:
                    for w in workers.values():
                        w.ask({**job, "seed": 0})
            for _ in range(pair, args.rounds, pairs):
                order = ("new", "old", "old", "new") if r % 2 == 0 else ("old", "new", "new", "old")
                for i, job in enumerate(jobs):  # every game in every round: a burst of load
                    spent = {"new": 0.0, "old": 0.0}  # falls on all of them and on both sides
                    for name in order:
                        t = workers[name].ask({**job, "seed": 1000 + r})["cpu"]
                        spent[name] += t
                        times[i][name].append(t / job["n"])
                    ratios[i].append(spent["new"] / spent["old"])
                r += 1
            for w in workers.values():
                w.close()
            workers = {}
    finally:
        for w in workers.values():
            w.close()
        shutil.rmtree(work, ignore_errors=True)  # the symbolic links: leave nothing behind
    rows = []
    for i, job in enumerate(jobs):
        rs = sorted(ratios[i])
        lo, hi = bootstrap_median(rs)
        per = "deal" if job["figure"] == "deals" else "decision"
        rows.append(
            {
                "variant": job["variant"],
                "seats": job["seats"],
                "figure": "deals" if job["figure"] == "deals" else f"ai_{job['figure']}",
                "work": job["n"],
                "same_work": same.get((job["variant"], job["seats"])) if per == "deal" else None,
                f"new_ms_per_{per}": round(1000 * statistics.median(times[i]["new"]), 4),
                f"old_ms_per_{per}": round(1000 * statistics.median(times[i]["old"]), 4),
                "ratio_median": round(statistics.median(rs), 4),
                "ratio_low": round(lo, 4),
                "ratio_high": round(hi, 4),
                "ratio_min": round(rs[0], 4),
                "ratio_max": round(rs[-1], 4),
            }
        )
        if not args.json:
            x = rows[-1]
            flag = "" if x["same_work"] in (True, None) else "  (not the same actions!)"
            print(
                f"{x['variant']:>14} {x['seats']} {x['figure']:>9}: time new/old "
                f"{x['ratio_median']:.3f} (95 % {x['ratio_low']:.3f}-{x['ratio_high']:.3f}; "
                f"rounds {x['ratio_min']:.3f}-{x['ratio_max']:.3f}){flag}",
                flush=True,
            )
    load_after = os.getloadavg() if hasattr(os, "getloadavg") else None
    spent_s = round(time.perf_counter() - started, 1)
    if not args.json:
        print(
            f"{args.rounds} rounds in {pairs} worker pairs, about {args.seconds} s of CPU per "
            f"run, pinned to CPU {pin}; load average before "
            f"{load_before and round(load_before[0], 2)}, after "
            f"{load_after and round(load_after[0], 2)}; {spent_s} s",
            flush=True,
        )
    return {
        "new": str(trees["new"]),
        "against": str(trees["old"]),
        "rounds": args.rounds,
        "pairs": pairs,
        "clock": "cpu",
        "seconds_per_run": args.seconds,
        "pinned_cpu": pin,
        "load_before": load_before,
        "load_after": load_after,
        "bench_seconds": spent_s,
        "results": rows,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(  # --help prints the whole method (the module docstring)
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--variant", action="append", metavar="ID", help="only this variant (repeatable)"
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="length of one run (default 0.4; with --against CPU seconds of one run, 0.03)",
    )
    ap.add_argument(
        "--repeats", type=int, default=3, help="runs per figure; the median is reported"
    )
    ap.add_argument("--client", action="store_true", help="also time the client's frames")
    ap.add_argument(
        "--cpu", action="store_true", help="time with the CPU clock (--against always does)"
    )
    ap.add_argument("--no-ai", action="store_true", help="random deals only, no AI figures")
    ap.add_argument(
        "--engine-only", action="store_true", help="no reference, play-out or client figures"
    )
    ap.add_argument("--against", metavar="OLD", help="side by side with another checkout")
    ap.add_argument(
        "--this", metavar="NEW", help="with --against: measure NEW, not this checkout (A/A)"
    )
    ap.add_argument("--rounds", type=int, default=40, help="with --against: rounds (default 40)")
    ap.add_argument("--ai", action="store_true", help="with --against: AI decisions too")
    ap.add_argument(
        "--ai-level",
        action="append",
        metavar="LEVEL",
        help="with --ai: this AI level (repeatable; default normal)",
    )
    ap.add_argument(
        "--pairs",
        type=int,
        default=4,
        help="with --against: fresh worker processes this many times (default 4)",
    )
    ap.add_argument(
        "--pin",
        type=int,
        metavar="CPU",
        help="with --against: the CPU both sides run on (default the highest; -1: none)",
    )
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args)
    if args.seconds is None:
        args.seconds = 0.03 if args.against else 0.4
    args.ai_level = args.ai_level or ["normal"]
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
