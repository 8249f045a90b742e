"""What CrowsNest contracts are worth: normal at every seat plays the first deal of each
seeded match, and for each contract the tool reports

- the bid, the declarer side's take, and the declarer's own estimate of its hand when it
  last bid (normal's `hand_points` of the hand before the nest, plus what the others' bids
  show: `partner_adjust`), with the least-squares slope and residual spread of the take
  against the estimate;
- the jump replay: each contract scored again as if the declarer had bid "its estimate
  less m" (in bid steps, never below the bid it made), the take as played (the auction
  and the play assumed unchanged: an offline estimate), the mean gain per contract over
  the bid made with its 95% interval, for several m;
- the play-outs' bias: the same whole deal (every hand known) played out from its first
  card by the easy policy (the play-outs of hard's bid and nest searches), the mean take
  of `--playouts` play-outs against the take of the real play, paired.

    python tools/rook_contracts.py --deals 80 --seed 61000 [--playouts 40] [--json]

A made bid scores the bid and a set loses it (CrowsNest's rules), so a bid b is worth
b(2P(take >= b) - 1) less the defenders' points: the jump replay measures that on real
contracts. docs/ai.md ("Issue 31, fourth part") has the figures.
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

from crowsnest.engine import Match  # noqa: E402
from crowsnest_games.rook import VARIANTS  # noqa: E402
from crowsnest_games.rook.ai import RookNormalAI, hand_points, play_out  # noqa: E402

MARGINS = (0, 5, 10, 15, 20, 25, 30)


def contract(seed: int, playouts: int) -> dict[str, Any] | None:
    """The first deal of the seeded match with normal at every seat (None: thrown in)."""
    v = VARIANTS["crowsnest"]
    m = Match(v, seed=seed, seats=4, dealer=seed % 4)
    ais = [RookNormalAI(v, m.options, 4) for _ in range(4)]
    rng = random.Random(seed)
    est: dict[int, float] = {}
    first_card = None
    d = m.deal
    while not m.over and m.deal_no == 0:
        d = m.deal
        s = m.to_move
        view = m.view(s)
        if d.phase == "bid":
            est[s] = hand_points(view.rules, view.hand) + ais[s].partner_adjust(view)
        elif d.phase == "play" and first_card is None:
            first_card = d.clone()
        legal = m.legal_actions() if d.legal_complete() else []
        m.apply(ais[s].choose(view, legal, rng))
    if d.redeal or first_card is None:
        return None
    res = d.result()
    side = res.details["declarer_side"]
    takes = []
    for k in range(playouts):
        e = first_card.clone()
        play_out(e, random.Random(f"{seed}:{k}"))
        takes.append(e.result().points[side])
    return {
        "seed": seed,
        "estimate": est[d.declarer],
        "bid": res.details["bid"],
        "take": res.points[side],
        "easy_take": statistics.mean(takes),
    }


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% interval."""
    return statistics.mean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def summary(rows: list[dict[str, Any]], bid_min: int = 70, step: int = 5) -> dict[str, Any]:
    est = [r["estimate"] for r in rows]
    take = [r["take"] for r in rows]
    mx, my = statistics.mean(est), statistics.mean(take)
    slope = sum((x - mx) * (y - my) for x, y in zip(est, take, strict=True)) / sum(
        (x - mx) ** 2 for x in est
    )
    resid = [y - (my + slope * (x - mx)) for x, y in zip(est, take, strict=True)]

    def worth(b: int, t: int) -> int:
        return b if t >= b else -b

    jumps = []
    for margin in MARGINS:
        gains, sets = [], 0
        for r in rows:
            b = r["bid"]
            target = bid_min + step * math.floor((r["estimate"] - margin - bid_min) / step)
            j = max(b, target)
            gains.append(worth(j, r["take"]) - worth(b, r["take"]))
            sets += r["take"] < j
        g, h = mean_ci(gains)
        jumps.append({"m": margin, "gain": round(g, 2), "ci": round(h, 2), "sets": sets})
    diff = [r["take"] - r["easy_take"] for r in rows]
    d, h = mean_ci(diff)
    return {
        "contracts": len(rows),
        "made": sum(r["take"] >= r["bid"] for r in rows),
        "mean_bid": round(statistics.mean(r["bid"] for r in rows), 2),
        "mean_take": round(my, 2),
        "mean_estimate": round(mx, 2),
        "slope": round(slope, 3),
        "residual_sd": round(statistics.stdev(resid), 2),
        "jumps": jumps,
        "easy_take": round(statistics.mean(r["easy_take"] for r in rows), 2),
        "real_less_easy": round(d, 2),
        "real_less_easy_ci": round(h, 2),
        "real_less_easy_sd": round(statistics.stdev(diff), 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=80, help="first deals to play")
    ap.add_argument("--seed", type=int, default=61000, help="seed of the first match")
    ap.add_argument("--playouts", type=int, default=40, help="easy play-outs per deal")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    if a.deals < 3 or a.playouts < 1:
        ap.error("--deals must be at least 3 and --playouts at least 1")
    rows = [r for s in range(a.seed, a.seed + a.deals) if (r := contract(s, a.playouts))]
    if len(rows) < 3:
        print("fewer than 3 contracts: every deal was thrown in", file=sys.stderr)
        return 1
    out = {"deals": a.deals, "seed": a.seed, "playouts": a.playouts, **summary(rows)}
    if a.json:
        print(json.dumps(out))
        return 0
    print(
        f"{out['contracts']} contracts, {out['made']} made; mean bid {out['mean_bid']}, "
        f"take {out['mean_take']}, estimate {out['mean_estimate']}; take against estimate: "
        f"slope {out['slope']}, residual sd {out['residual_sd']}"
    )
    for j in out["jumps"]:
        print(
            f"  jump to estimate - {j['m']}: {j['gain']:+.2f} +- {j['ci']} a contract, {j['sets']} set"
        )
    print(
        f"easy play-outs of the same deals take {out['easy_take']}: the real play "
        f"{out['real_less_easy']:+.2f} +- {out['real_less_easy_ci']} (sd {out['real_less_easy_sd']})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
