"""Random-play speed of the Dou Dizhu engine, by hand (or imported:
`random_deals_per_second`):

    python tools/bench_doudizhu.py [DEALS]

Counts scored deals (thrown-in deals are played but not counted) of uniform random play
through Match.apply_unchecked, single process, wall time and process CPU time.
"""

from __future__ import annotations

import random
import sys
import time

from crowsnest.engine import Match
from crowsnest_games.doudizhu.variant import VARIANT


def random_deals_per_second(deals: int = 1000, seed: int = 0, listed: bool = False) -> dict:
    """listed=False picks with Deal.random_action (one move's cards built); listed=True
    with rng.choice(Deal.legal_actions()) (every legal action built)."""
    rng = random.Random(seed)
    match = Match(VARIANT, seed=seed, options={"deals": 100})
    done = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while done < deals:
        deal = match.deal
        action = rng.choice(deal.legal_actions()) if listed else deal.random_action(rng)
        for event in match.apply_unchecked(action):
            if event["type"] == "deal_over":
                done += 1
        actions += 1
        if match.over:
            match = Match(VARIANT, seed=rng.randrange(2**32), options={"deals": 100})
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "deals": done,
        "actions": actions,
        "deals_per_second": round(done / wall, 1),
        "deals_per_cpu_second": round(done / cpu, 1),
    }


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 2000
    for listed in (False, True):
        how = "rng.choice(legal_actions())" if listed else "random_action(rng)"
        print(how, random_deals_per_second(n, listed=listed))


if __name__ == "__main__":
    main(sys.argv[1:])
