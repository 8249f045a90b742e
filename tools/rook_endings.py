"""CrowsNest's hard against normal at the end of a match, on duplicate tables: what the
match-aware value (HardConfig.value, "match" against "deal") changes where it can.

A whole match starts at 0 to 0, and its first deals cannot end it, so a hard whose value
differs only where a deal ends the match plays them as before: first-deal runs
(tools/rook_phases.py, `crowsnest tournament --deals N`) cannot see the change, and whole
matches see it only in their last deal or two. This tool starts each seeded match late:
the first deal of the seeded match dealt with both sides' scores already near the
target (drawn from the seed: each side from `--low` to the target less 15, in steps of
5), then played to the match's end (at most `--max-deals` deals) at two tables:

    A: hard at seats 0 and 2 (side 0), normal at 1 and 3
    B: normal at 0 and 2, hard at 1 and 3 (side 1)

with the same start scores at both (side 0's and side 1's), so hard plays each start from
both sides. It counts hard's match wins of the two (as `crowsnest tournament --matches`
counts a seed) and, given the rows of another run on the same seeds (`--against FILE`),
the paired difference seed by seed.

    nice -n 19 python tools/rook_endings.py --seeds 30 --seed 63000 --value match \\
      --rows /work/runs/rook/endings-match.jsonl --json
    nice -n 19 python tools/rook_endings.py --seeds 30 --seed 63000 --value deal \\
      --rows /work/runs/rook/endings-deal.jsonl --against /work/runs/rook/endings-match.jsonl

Searches run without time caps (as in tournaments), so a run is reproducible from its
seed. docs/ai.md ("Issue 31, fifth part: Rook") has the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crowsnest.ai.search import set_time_caps  # noqa: E402
from crowsnest.batch.tournament import wilson  # noqa: E402
from crowsnest.engine import Match  # noqa: E402
from crowsnest_games.rook import VARIANTS  # noqa: E402
from crowsnest_games.rook.ai import RookNormalAI  # noqa: E402
from crowsnest_games.rook.ai.hard import HardConfig, RookHardAI  # noqa: E402

TABLES = {"A": (True, False, True, False), "B": (False, True, False, True)}
HARD_SIDE = {"A": 0, "B": 1}


def start_scores(seed: int, low: int, target: int) -> tuple[int, int]:
    """Side 0's and side 1's scores before the first deal: each from `low` to the target
    less 15, in steps of 5 (CrowsNest's scores are multiples of 5)."""
    g = random.Random(f"{seed}:endings")
    top = target - 15
    return g.randrange(low, top + 1, 5), g.randrange(low, top + 1, 5)


def late_match(seed: int, scores: tuple[int, int]) -> Match:
    """The seeded match with its first deal dealt again after the scores are set. (Rook's
    scorer carries nothing into a match, so there is no public way to start one late;
    the deal is the same cards, dealer and chance seed as the match's own first deal.)"""
    m = Match(VARIANTS["crowsnest"], seed=seed, seats=4, dealer=seed % 4)
    m.scores = scores
    m.deal_index = 0
    m._start_deal(seed % 4)
    return m


def table(seed: int, name: str, scores: tuple[int, int], cfg: HardConfig, max_deals: int) -> dict:
    """One table played from the late start to the match's end (or `max_deals` deals)."""
    m = late_match(seed, scores)
    v = m.variant
    ais = [
        RookHardAI(v, m.options, 4, cfg) if h else RookNormalAI(v, m.options, 4)
        for h in TABLES[name]
    ]
    rng = random.Random(f"{seed}:{name}")
    while not m.over and m.deal_no < max_deals:
        d = m.deal
        s = m.to_move
        legal = m.legal_actions() if d.legal_complete() else []
        m.apply(ais[s].choose(m.view(s), legal, rng))
    return {"winner": m.winner if m.over else None, "deals": m.deal_no, "scores": list(m.scores)}


def duplicate(seed: int, a: argparse.Namespace, cfg: HardConfig) -> dict[str, Any]:
    target = VARIANTS["crowsnest"].resolve_options(None)["target"]
    scores = start_scores(seed, a.low, target)
    t = {n: table(seed, n, scores, cfg, a.max_deals) for n in TABLES}
    wins = sum(t[n]["winner"] == HARD_SIDE[n] for n in TABLES)
    return {
        "seed": seed,
        "hard": config_key(cfg),
        "start": list(scores),
        "hard_wins": wins,
        "tables": t,
    }


def config_key(cfg: HardConfig) -> dict[str, Any]:
    """What a row records of the hard it was played with (a resumed run must match)."""
    return {"value": cfg.value, "match_win": cfg.match_win}


def summary(rows: list[dict[str, Any]], against: list[dict[str, Any]] | None) -> dict[str, Any]:
    n = 2 * len(rows)
    wins = sum(r["hard_wins"] for r in rows)
    lo, hi = wilson(wins, n) if n else (math.nan, math.nan)
    out: dict[str, Any] = {
        "seeds": len(rows),
        "matches": n,
        "hard_wins": wins,
        "hard_rate": round(wins / n, 3) if n else math.nan,
        "interval": [round(lo, 3), round(hi, 3)],
        "deals_per_match": round(
            statistics.mean(t["deals"] for r in rows for t in r["tables"].values()), 2
        )
        if rows
        else math.nan,
    }
    if against is not None:
        other = {r["seed"]: r["hard_wins"] for r in against}
        diffs = [r["hard_wins"] - other[r["seed"]] for r in rows if r["seed"] in other]
        out["paired_seeds"] = len(diffs)
        out["paired_gain"] = ci(diffs)  # match wins per seed (of 2) over the other run
        out["seeds_differing"] = sum(1 for x in diffs if x)
    return out


def ci(xs: list[float]) -> list[float]:
    """Mean and its normal 95% interval (a diagnostic for a paired difference)."""
    if len(xs) < 2:
        return [statistics.mean(xs) if xs else math.nan, math.nan, math.nan]
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return [round(m, 3), round(m - h, 3), round(m + h, 3)]


def read_rows(path: str) -> list[dict[str, Any]]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=30, help="seeded late starts to play")
    ap.add_argument("--seed", type=int, default=63000, help="the first seed")
    ap.add_argument("--value", choices=("match", "deal"), default="match", help="hard's value")
    ap.add_argument("--match-win", type=float, default=None, help="HardConfig.match_win")
    ap.add_argument("--low", type=int, default=200, help="the lowest start score")
    ap.add_argument("--max-deals", type=int, default=12, help="deals per table at most")
    ap.add_argument("--rows", metavar="FILE", help="append each seed's row to FILE")
    ap.add_argument("--against", metavar="FILE", help="rows of another run: paired gain")
    ap.add_argument("--from-rows", metavar="FILE", help="report an earlier --rows FILE")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    against = read_rows(a.against) if a.against else None
    if a.from_rows:
        return report(a, read_rows(a.from_rows), against)
    if a.seeds < 1:
        ap.error("--seeds must be at least 1")
    if a.max_deals < 1:
        ap.error("--max-deals must be at least 1")
    target = VARIANTS["crowsnest"].resolve_options(None)["target"]
    if not 0 <= a.low <= target - 15:
        ap.error(f"--low must be from 0 to {target - 15} (the target less 15)")
    try:
        cfg = HardConfig(value=a.value, match_win=a.match_win)
    except ValueError as e:
        ap.error(str(e))
    rows: list[dict[str, Any]] = []
    done: set[int] = set()
    if a.rows and Path(a.rows).exists():  # resume: the seeds already played are kept
        rows = [r for r in read_rows(a.rows) if a.seed <= r["seed"] < a.seed + a.seeds]
        other = [r["seed"] for r in rows if r.get("hard") != config_key(cfg)]
        if other:
            ap.error(
                f"{a.rows} holds seeds played by another hard (seed {other[0]}): "
                "give each --value a file of its own"
            )
        done = {r["seed"] for r in rows}
    # caps off while it plays (results from the seeds alone), back as they were after:
    # the tests call main() in a process whose other searches keep their caps
    caps = set_time_caps(False)
    out = open(a.rows, "a") if a.rows else None  # noqa: SIM115 - written seed by seed
    try:
        for s in range(a.seed, a.seed + a.seeds):
            if s in done:
                continue
            rows.append(duplicate(s, a, cfg))
            if out:
                out.write(json.dumps(rows[-1]) + "\n")
                out.flush()
    finally:
        set_time_caps(caps)
        if out:
            out.close()
    return report(a, sorted(rows, key=lambda r: r["seed"]), against)


def report(a: argparse.Namespace, rows: list[dict[str, Any]], against: Any) -> int:
    out = {"seed": rows[0]["seed"] if rows else a.seed, **summary(rows, against)}
    if a.json:
        print(json.dumps(out))
    else:
        for k, val in out.items():
            print(f"{k}: {val}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
