"""Where CrowsNest's hard gains or loses against normal, phase by phase, on duplicate
first deals. Each seeded deal is played at three tables with the same cards:

    A: hard at seats 0 and 2, normal at 1 and 3
    B: normal at 0 and 2, hard at 1 and 3
    C: normal at every seat (the reference)

The duplicate margin (hard's side's score change less normal's, A plus B, as
`crowsnest tournament` counts a deal) is split by what the auction did:

- the same declarer seat at A and B (the bids may differ): the margin is mostly the nest
  and the card play. Where C's declarer sits there too, C's take is the reference: hard
  as declarer gains its take less C's, hard as defender gains C's take less the take
  against it;
- another declarer at A than at B: the auction went another way, and all that follows.

    python tools/rook_phases.py --deals 40 --seed 62000 [--json]
    python tools/rook_phases.py --deals 40 --seed 62000 --bid-take-bonus 8   # a trial

`--bid-take-bonus P` (a trial, not the registered hard): hard's bid search scores its
play-outs with the declarer's take raised by P points taken from the other side (the
easy play-outs underrate declarers by about 8: tools/rook_contracts.py).

Searches run without time caps (as in tournaments), so a run is reproducible from its
seed. docs/ai.md ("Issue 31, fourth part") has the figures; their rows are in
docs/runs/rook-cn-phases-s62000.jsonl.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crowsnest.ai.search import set_time_caps  # noqa: E402
from crowsnest.engine import Match  # noqa: E402
from crowsnest_games.rook import VARIANTS  # noqa: E402
from crowsnest_games.rook.ai import RookNormalAI, side_margin  # noqa: E402
from crowsnest_games.rook.ai.hard import RookHardAI  # noqa: E402
from crowsnest_games.rook.scoring import deal_change  # noqa: E402

TABLES = {"A": (True, False, True, False), "B": (False, True, False, True), "C": (False,) * 4}


def shifted_value(deal: Any, side: int, bonus: float) -> float:
    """deal_value with the declarer's take raised by `bonus` points (at most what the
    other sides took, taken from them in seat-side order)."""
    if deal.redeal:
        return 0.0
    res = deal.result()
    pts = list(res.points)
    decl, bid = res.details["declarer_side"], res.details["bid"]
    moved = min(bonus, sum(p for i, p in enumerate(pts) if i != decl))
    pts[decl] += moved
    for i in range(len(pts)):
        if i != decl and moved > 0:
            t = min(moved, pts[i])
            pts[i] -= t
            moved -= t
    return side_margin(deal_change(deal.r, pts, decl, bid), side)


class BonusHard(RookHardAI):
    """Hard whose bid search scores play-outs with `shifted_value` (--bid-take-bonus)."""

    bonus = 0.0

    def evaluator(self, view: Any) -> Callable[[Any], float]:
        if view.phase != "bid":
            return super().evaluator(view)
        side = view.side_of(view.acting)
        return lambda d: shifted_value(d, side, self.bonus)


HARD: type[RookHardAI] = RookHardAI  # the level at "hard" seats (--bid-take-bonus: BonusHard)


def table(seed: int, name: str) -> dict[str, Any]:
    """The first deal of the seeded match at one table (hard where TABLES says)."""
    v = VARIANTS["crowsnest"]
    m = Match(v, seed=seed, seats=4, dealer=seed % 4)
    hard = TABLES[name]
    ais = [(HARD if h else RookNormalAI)(v, m.options, 4) for h in hard]
    rng = random.Random(f"{seed}:{name}")
    d = m.deal
    change = [0, 0]
    while not m.over and m.deal_no == 0:
        d = m.deal
        s = m.to_move
        legal = m.legal_actions() if d.legal_complete() else []
        for e in m.apply(ais[s].choose(m.view(s), legal, rng)):
            if e.get("type") == "deal_over":
                change = list(e["score_change"])
    if d.redeal:
        return {"declarer": -1, "bid": 0, "take": 0, "change": [0, 0]}
    res = d.result()
    side = res.details["declarer_side"]
    return {
        "declarer": d.declarer,
        "bid": res.details["bid"],
        "take": res.points[side],
        "change": change,
    }


def duplicate(seed: int) -> dict[str, Any]:
    return classify(seed, {name: table(seed, name) for name in TABLES})


def classify(seed: int, t: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One deal's row from its three tables: the duplicate margin, whether A and B had
    the same declarer seat, and (where C did too) hard's gain as declarer and as
    defender."""
    a, b, c = t["A"], t["B"], t["C"]
    # hard's side is side 0 at A (seats 0, 2) and side 1 at B (seats 1, 3)
    margin = (a["change"][0] - a["change"][1]) + (b["change"][1] - b["change"][0])
    out: dict[str, Any] = {"seed": seed, "margin": margin, "tables": t}
    same = a["declarer"] == b["declarer"] >= 0
    out["same_declarer"] = same
    if same and c["declarer"] == a["declarer"]:
        hard_declares_at_a = a["declarer"] % 2 == 0
        decl, dfn = (a, b) if hard_declares_at_a else (b, a)
        out["declarer_gain"] = decl["take"] - c["take"]  # hard declaring against normal's
        out["defender_gain"] = c["take"] - dfn["take"]  # hard defending against normal's
    return out


def ci(xs: list[float]) -> list[float]:
    """Mean and its normal 95% interval (z = 1.96: a diagnostic, not a reported win rate)."""
    if len(xs) < 2:
        return [statistics.mean(xs) if xs else 0.0, math.nan, math.nan]
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return [round(m, 2), round(m - h, 2), round(m + h, 2)]


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    same = [r for r in rows if r["same_declarer"]]
    other = [r for r in rows if not r["same_declarer"]]
    ref = [r for r in same if "declarer_gain" in r]
    hard_decl = sum(
        (r["tables"]["A"]["declarer"] % 2 == 0) + (r["tables"]["B"]["declarer"] % 2 == 1)
        for r in rows
        if r["tables"]["A"]["declarer"] >= 0 and r["tables"]["B"]["declarer"] >= 0
    )
    return {
        "deals": len(rows),
        "margin": ci([r["margin"] for r in rows]),
        "hard_side_declared": hard_decl,
        "same_declarer": len(same),
        "same_declarer_margin": ci([r["margin"] for r in same]),
        "other_declarer": len(other),
        "other_declarer_margin": ci([r["margin"] for r in other]),
        "with_reference": len(ref),
        "declarer_gain": ci([r["declarer_gain"] for r in ref]),
        "defender_gain": ci([r["defender_gain"] for r in ref]),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="duplicate first deals to play")
    ap.add_argument("--seed", type=int, default=62000, help="seed of the first deal")
    ap.add_argument(
        "--rows", metavar="FILE", help="also write each deal's row to FILE (JSON lines)"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--from-rows",
        metavar="FILE",
        help="report the rows of an earlier --rows FILE, playing nothing",
    )
    ap.add_argument(
        "--bid-take-bonus",
        type=float,
        default=0.0,
        metavar="P",
        help="a trial: hard's bid search credits the declarer with P more points",
    )
    a = ap.parse_args(argv)
    global HARD
    BonusHard.bonus = a.bid_take_bonus
    HARD = BonusHard if a.bid_take_bonus else RookHardAI
    if a.from_rows:  # the tables are in the rows: classify them again, play nothing
        with open(a.from_rows) as f:
            rows = [classify(r["seed"], r["tables"]) for r in map(json.loads, f)]
        return report(a, rows)
    if a.deals < 1:
        ap.error("--deals must be at least 1")
    # caps off while it plays (results from the seeds alone), back as they were after
    # (as tools/rook_endings.py: a test calling main() shares its process's searches)
    caps = set_time_caps(False)
    rows = []
    out_rows = open(a.rows, "w") if a.rows else None  # noqa: SIM115 - written deal by deal
    try:
        for s in range(a.seed, a.seed + a.deals):
            rows.append(duplicate(s))
            if out_rows:
                out_rows.write(json.dumps(rows[-1]) + "\n")
                out_rows.flush()
    finally:
        set_time_caps(caps)
        if out_rows:
            out_rows.close()
    return report(a, rows)


def report(a: argparse.Namespace, rows: list[dict[str, Any]]) -> int:
    out = {"seed": rows[0]["seed"] if rows else a.seed, **summary(rows)}
    if a.json:
        print(json.dumps(out))
    else:
        for k, val in out.items():
            print(f"{k}: {val}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
