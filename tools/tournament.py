"""Thin wrapper kept for old commands: `crowsnest tournament` is the product's runner.

    python tools/tournament.py --variant crowsnest --games 200 --seed 1
        == crowsnest tournament --variant crowsnest --levels normal,easy --matches --deals 100 --seed 1
    python tools/tournament.py --all-team --games 200          # every Rook team preset

--games N plays N/2 seeds as whole matches, each twice with the teams swapped (team
games), or N seeded deals in the game's own duplicate format (others). `run` and
`play_match` (whole matches with a variant object, no registry) serve
tools/tournament_hard.py's budget experiments.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crowsnest.batch.tournament import wilson  # noqa: E402
from crowsnest.engine import Match, Variant  # noqa: E402


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
    """Whole matches, each seed twice with the teams' levels swapped (team games) or A in
    each seat in turn (individual games): A's share of match wins, Wilson 95%."""
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
            side = g % 2
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
    from crowsnest.cli import main as cli_main
    from crowsnest_games.rook import VARIANTS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="crowsnest")
    ap.add_argument("--all-team", action="store_true", help="every Rook team preset")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="normal", help="level under test")
    ap.add_argument("--b", default="easy", help="level it plays against")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ids = (
        [v.id for v in VARIANTS.values() if v.teams(v.default_seats, v.resolve_options(None))]
        if args.all_team
        else [args.variant]
    )
    rc = 0
    for vid in ids:
        teams = vid in VARIANTS and VARIANTS[vid].teams(
            VARIANTS[vid].default_seats, VARIANTS[vid].resolve_options(None)
        )
        cmd = ["tournament", "--variant", vid, "--levels", f"{args.a},{args.b}"]
        cmd += ["--seed", str(args.seed), "--workers", str(args.workers)]
        cmd += ["--matches", "--deals", str(max(1, args.games // 2))] if teams else [
            "--deals", str(args.games)]  # fmt: skip
        rc = max(rc, cli_main(cmd + (["--json"] if args.json else [])))
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
