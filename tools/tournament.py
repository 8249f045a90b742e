"""AI against AI over many seeded matches: the win rate of one level against another,
with its 95% (Wilson) interval.

    python tools/tournament.py --variant crowsnest --games 200 --seed 1
    python tools/tournament.py --all-team --games 200          # every Rook team preset
    python tools/tournament.py --variant individual3 --a normal --b easy --json

Team games: level A plays one team, level B the other; each seed is played twice with
the teams' levels swapped (same deals), so luck of the cards cancels out. Individual
games: level A takes one seat against level B in all the others, rotating the seat;
the win rate is then compared with the 1/n of equal play.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crowsnest.engine import Match, Variant  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_match(
    variant: Variant,
    seed: int,
    levels: list[str],
    options: dict[str, Any] | None = None,
    max_deals: int = 300,
) -> tuple[Any, int]:
    """Play one match with the given level per seat; (winner, deals) or (None, deals)."""
    m = Match(variant, seed=seed, seats=len(levels), options=options, dealer=seed % len(levels))
    ais = [variant.ais[lv](variant, m.options, m.seats) for lv in levels]
    rng = random.Random(f"{seed}:ai")
    while not m.over and m.deal_no < max_deals:
        s = m.to_move
        legal = m.legal_actions() if m.deal.legal_complete() else []
        action = ais[s].choose(m.view(s), legal, rng)
        if m.check(action) is not None:  # a bad AI answer: fall back on a legal move
            action = m.deal.random_action(rng)
        m.apply_unchecked(action)
    return (m.winner if m.over else None), m.deal_no


def run(
    variant: Variant, games: int, seed: int, a: str, b: str, seats: int | None = None
) -> dict[str, Any]:
    seats = seats or variant.default_seats
    teams = variant.teams(seats, variant.resolve_options(None))
    wins = 0.0
    played = 0
    deals = 0
    unfinished = 0
    t0 = time.perf_counter()
    for g in range(games):
        s = seed + g // 2 if teams else seed + g
        if teams:
            side = g % 2  # each seed twice, levels swapped
            levels = [a if i in teams[side] else b for i in range(seats)]
        else:
            side = g % seats
            levels = [a if i == side else b for i in range(seats)]
        winner, n = play_match(variant, s, levels)
        if winner is None:
            unfinished += 1
        else:
            wins += winner == side
            played += 1
        deals += n
    lo, hi = wilson(wins, played)
    return {
        "variant": variant.id,
        "seats": seats,
        "a": a,
        "b": b,
        "games": played,
        "unfinished": unfinished,
        "a_wins": int(wins),
        "win_rate": wins / played if played else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "equal_play": 0.5 if teams else 1 / seats,
        "deals": deals,
        "seconds": round(time.perf_counter() - t0, 2),
    }


def main(argv: list[str] | None = None) -> int:
    from crowsnest_games.rook import VARIANTS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="crowsnest", help="variant id (Rook family)")
    ap.add_argument("--all-team", action="store_true", help="every Rook team preset")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="normal", help="level under test")
    ap.add_argument("--b", default="easy", help="level it plays against")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ids = (
        [v.id for v in VARIANTS.values() if v.teams(v.default_seats, v.resolve_options(None))]
        if args.all_team
        else [args.variant]
    )
    out = []
    for vid in ids:
        if vid not in VARIANTS:
            print(f"unknown variant '{vid}' (known: {', '.join(VARIANTS)})", file=sys.stderr)
            return 2
        res = run(VARIANTS[vid], args.games, args.seed, args.a, args.b)
        out.append(res)
        if not args.json:
            lo, hi = res["ci95"]
            print(
                f"{vid:12s} {args.a} vs {args.b}: {res['a_wins']}/{res['games']} = {res['win_rate']:.3f} "
                f"(95% CI {lo:.3f}-{hi:.3f}; equal play {res['equal_play']:.3f}) "
                f"{res['deals']} deals, {res['seconds']}s",
                flush=True,
            )
    if args.json:
        print(json.dumps(out if len(out) > 1 else out[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
