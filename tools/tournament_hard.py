"""Rook budget experiments: the hard AI with a chosen play-out budget (and searches
switched off) against another level, on whole matches (tools/tournament.py's pairing) and
duplicate deals, plus the registered hard AI's seconds per decision through the safe
runner for any variant (--speed). For the registered levels use `crowsnest tournament`.

    python tools/tournament_hard.py --variant crowsnest --games 40 --seed 1
    python tools/tournament_hard.py --deals 200 --seed 1 --iterations 600   # duplicate deals
    python tools/tournament_hard.py --b easy --json
    python tools/tournament_hard.py --speed 2          # seconds per decision, defaults

Matches: each seed is played twice with the teams' levels swapped (tournament.run).
Duplicate deals: each seeded deal is played twice from the auction, teams swapped; the
hard side's score change minus the other side's is summed over both tables, so the luck
of the cards cancels and far fewer deals than matches show a difference. A deal "win"
is a positive duplicate margin (ties count half); the interval is Wilson's 95%.
Search budgets use no time cap (seconds=None) so a run is reproducible from its seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crowsnest.ai.search import SearchBudget  # noqa: E402
from crowsnest.engine import Match, Variant  # noqa: E402
from crowsnest_games.rook import VARIANTS  # noqa: E402
from crowsnest_games.rook.ai.hard import (  # noqa: E402
    BID_BUDGET,
    DECLARER_BUDGET,
    DEFAULT_BUDGET,
    HardConfig,
    RookHardAI,
)

from tools.tournament import run as run_matches  # noqa: E402
from tools.tournament import wilson  # noqa: E402


def with_hard(
    variant: Variant,
    iterations: int,
    seconds: float | None,
    declarer: bool = True,
    bids: bool = True,
) -> Variant:
    """The variant with a 'hard' level of the given budget (the registry adds it through
    the plugin hook; tools building variants directly add it here). Card play gets
    `iterations` play-outs per card; the nest, trump and bids get their default budgets
    (plugins/rook/ai/hard.py), all with the cap `seconds` (None: reproducible).
    `declarer` / `bids` off leave those decisions to the normal heuristics.
    """
    config = HardConfig(
        budget=SearchBudget(iterations=iterations, seconds=seconds),
        search_declarer=declarer,
        declarer_budget=dataclasses.replace(DECLARER_BUDGET, seconds=seconds),
        search_bids=bids,
        bid_budget=dataclasses.replace(BID_BUDGET, seconds=seconds),
    )

    def factory(v: Any, options: Any, seats: int) -> RookHardAI:
        return RookHardAI(v, options, seats, config)

    return dataclasses.replace(variant, ais={**variant.ais, "hard": factory})


def play_deal(variant: Variant, seed: int, levels: list[str], stats: dict[str, float]) -> list[int]:
    """One deal (the first of a seeded match) with the given level per seat: the score
    change per side. Times the moves of seats playing 'hard'."""
    m = Match(variant, seed=seed, seats=len(levels), dealer=seed % len(levels))
    ais = [variant.ais[lv](variant, m.options, m.seats) for lv in levels]
    rng = random.Random(f"{seed}:ai:{levels}")
    while not m.over and m.deal_no == 0:
        s = m.to_move
        legal = m.legal_actions() if m.deal.legal_complete() else []
        t0 = time.perf_counter()
        action = ais[s].choose(m.view(s), legal, rng)
        if levels[s] == "hard" and m.phase == "play":
            stats["seconds"] += time.perf_counter() - t0
            stats["moves"] += 1
        if m.check(action) is not None:
            raise RuntimeError(f"{levels[s]} answered an illegal action {action!r}")
        events = m.apply(action)
        for e in events:
            if e.get("type") == "deal_over":
                return list(e["score_change"])
            if e.get("type") == "redeal":
                return [0, 0]  # thrown in: nothing scored
    return [0, 0]


def run_duplicate(variant: Variant, deals: int, seed: int, a: str, b: str) -> dict[str, Any]:
    seats = variant.default_seats
    teams = variant.teams(seats, variant.resolve_options(None))
    if not teams:
        raise SystemExit("duplicate deals need a team game (two sides)")
    stats = {"seconds": 0.0, "moves": 0.0}
    wins = 0.0
    margin_sum = 0
    totals: list[int] = []
    t0 = time.perf_counter()
    for k in range(deals):
        s = seed + k
        total = 0
        for a_team in (0, 1):
            levels = [a if i in teams[a_team] else b for i in range(seats)]
            change = play_deal(variant, s, levels, stats)
            total += change[a_team] - change[1 - a_team]
        margin_sum += total
        totals.append(total)
        wins += 1.0 if total > 0 else 0.5 if total == 0 else 0.0
        if (k + 1) % 20 == 0:  # progress on stderr: long runs can be watched
            print(
                f"  {k + 1} deals: {wins / (k + 1):.3f}, margin {margin_sum / (k + 1):+.1f}",
                file=sys.stderr,
                flush=True,
            )
    lo, hi = wilson(wins, deals)
    mean = margin_sum / deals
    sd = (sum((x - mean) ** 2 for x in totals) / max(1, deals - 1)) ** 0.5
    half = 1.96 * sd / deals**0.5
    return {
        "variant": variant.id,
        "mode": "duplicate deals",
        "margin_ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a": a,
        "b": b,
        "deals": deals,
        "a_deal_wins": wins,
        "win_rate": wins / deals,
        "ci95": [round(lo, 4), round(hi, 4)],
        "mean_margin": margin_sum / deals,
        "hard_moves": int(stats["moves"]),
        "hard_moves_per_second": round(stats["moves"] / stats["seconds"], 1)
        if stats["seconds"]
        else None,
        "seconds": round(time.perf_counter() - t0, 2),
    }


def speed(variant_id: str, deals: int, seed: int) -> dict[str, Any]:
    """Seconds per decision of the registered hard AI (default budgets, time caps on)
    through the safe runner, every seat hard, by phase; faults counted."""
    import statistics

    from crowsnest.ai.runner import AIRunner
    from crowsnest.plugin_host import load_registry

    v = load_registry().variants[variant_id]
    by: dict[str, list[float]] = {}
    faults = 0
    for k in range(deals):
        m = Match(v, seed=seed + k)
        runner = AIRunner(v, m.options, m.seats, seed=seed + k)
        while not m.over and m.deal_no < 1:
            phase = m.phase
            c = runner.choose(m, level="hard")
            faults += c.fault is not None
            by.setdefault(phase, []).append(c.seconds)
            m.apply(c.action)
        runner.close()
    every = sorted(x for xs in by.values() for x in xs)
    return {
        "variant": variant_id,
        "mode": "speed",
        "deals": deals,
        "faults": faults,
        "moves": len(every),
        "moves_per_second": round(len(every) / sum(every), 2),
        "median_seconds": round(statistics.median(every), 3),
        "p95_seconds": round(every[min(len(every) - 1, int(0.95 * len(every)))], 3),
        "max_seconds": round(max(every), 3),
        "phases": {
            ph: {
                "moves": len(xs),
                "mean_s": round(statistics.mean(xs), 3),
                "max_s": round(max(xs), 3),
            }
            for ph, xs in by.items()
        },
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="crowsnest")
    ap.add_argument("--games", type=int, default=0, help="whole matches (pairs of seeds)")
    ap.add_argument("--deals", type=int, default=0, help="duplicate deals")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="normal")
    ap.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    ap.add_argument("--no-declarer-search", action="store_true", help="nest/trump by heuristics")
    ap.add_argument("--no-bid-search", action="store_true", help="bids by heuristics")
    ap.add_argument("--speed", type=int, default=0, help="time N deals through the runner")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.speed:
        res = speed(args.variant, args.speed, args.seed)
        print(json.dumps(res) if args.json else json.dumps(res, indent=1))
        return 0
    if args.variant not in VARIANTS:
        print(f"unknown variant '{args.variant}' (known: {', '.join(VARIANTS)})", file=sys.stderr)
        return 2
    v = with_hard(
        VARIANTS[args.variant],
        args.iterations,
        None,
        declarer=not args.no_declarer_search,
        bids=not args.no_bid_search,
    )
    out = []
    if args.deals or not args.games:
        out.append(run_duplicate(v, args.deals or 50, args.seed, args.a, args.b))
    if args.games:
        res = run_matches(v, args.games, args.seed, args.a, args.b)
        res["mode"] = "matches"
        out.append(res)
    for res in out:
        res["iterations"] = args.iterations
        res["declarer_search"] = not args.no_declarer_search
        res["bid_search"] = not args.no_bid_search
        if not args.json:
            lo, hi = res["ci95"]
            n = res.get("deals") if res["mode"] == "duplicate deals" else res["games"]
            print(
                f"{res['variant']} {res['mode']}: {args.a} vs {args.b} over {n}: "
                f"{res['win_rate']:.3f} (95% CI {lo:.3f}-{hi:.3f}) "
                + (
                    f"mean margin {res['mean_margin']:+.1f} "
                    f"(95% CI {res['margin_ci95'][0]:+.1f} to {res['margin_ci95'][1]:+.1f}), "
                    if "mean_margin" in res
                    else ""
                )
                + (
                    f"{res['hard_moves_per_second']} hard moves/s, "
                    if res.get("hard_moves_per_second")
                    else ""
                )
                + f"{res['seconds']}s",
                flush=True,
            )
    if args.json:
        print(json.dumps(out if len(out) > 1 else out[0]))
    return 0


DEFAULT_ITERATIONS = DEFAULT_BUDGET.iterations

if __name__ == "__main__":
    raise SystemExit(main())
