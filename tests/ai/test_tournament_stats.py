"""crowsnest.batch.tournament's statistics: Wilson intervals, Student's t intervals of a mean,
Bradley-Terry ratings, and the report adding up the same whatever order tasks finish."""

from __future__ import annotations

import math
import random

import pytest
from crowsnest.batch.tournament import (
    Spec,
    bradley_terry,
    mean_interval,
    summarize,
    t_quantile,
    wilson,
)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73


def test_mean_interval_uses_students_t():
    # 4 results: t(0.975, 3) = 3.182446, not z = 1.96 (38% too narrow)
    m, lo, hi = mean_interval([1, 2, 3, 4])
    assert m == 2.5 and lo < 2.5 < hi
    assert abs((hi - lo) / 2 - 3.182446 * math.sqrt(5 / 3) / 2) < 1e-5
    assert mean_interval([7]) == (7, 7, 7) and mean_interval([]) == (0.0, 0.0, 0.0)


@pytest.mark.slow
def test_t_quantiles_match_the_tables():
    table = {1: 12.706205, 2: 4.302653, 5: 2.570582, 10: 2.228139, 29: 2.045230}
    table |= {30: 2.042272, 100: 1.983972, 100000: 1.959987}
    for df, want in table.items():
        assert abs(t_quantile(0.975, df) - want) < 1e-5, df
    assert abs(t_quantile(0.995, 5) - 4.032143) < 1e-5
    # the interval narrows towards the normal one as the samples grow
    widths = [t_quantile(0.975, df) for df in range(1, 200)]
    assert widths == sorted(widths, reverse=True) and widths[-1] > 1.96


def test_bradley_terry_recovers_the_order_and_odds():
    # a beats b 3:1, b beats c 3:1, a beats c 9:1: ratings ~ 191 Elo apart per step
    wins = {("a", "b"): 75, ("b", "a"): 25, ("b", "c"): 75, ("c", "b"): 25}
    wins.update({("a", "c"): 90, ("c", "a"): 10})
    elo = bradley_terry(["a", "b", "c"], wins)
    assert elo["a"] > elo["b"] > elo["c"]
    assert abs(sum(elo.values())) < 1e-6
    assert 150 < elo["a"] - elo["b"] < 230 and 150 < elo["b"] - elo["c"] < 230


def test_summary_does_not_depend_on_the_finishing_order():
    spec = Spec(variant="x", levels=("a", "b"), seed=1, seats=3, fmt="roles")
    rng = random.Random(1)
    tasks = []
    for k in range(20):
        win = rng.random() < 0.6
        tables = [
            {"margin": 4 if win else -4, "role": "landlord", "win": float(win), "faults": 0},
            {"margin": -4, "role": "peasants", "win": 0.0, "faults": 0},
        ]
        tasks.append(
            {"deal": k, "pairing": 0, "a": "a", "b": "b", "score": float(win), "games": 2.0,
             "margin": sum(t["margin"] for t in tables), "tables": tables}
        )  # fmt: skip
    one = summarize(spec, tasks)
    rng.shuffle(tasks)
    assert summarize(spec, tasks) == one
    a, b = one["results"]
    assert a["games"] == b["games"] == 40 and a["wins"] + b["wins"] == 40
    assert a["roles"]["landlord"]["wins"] + b["roles"]["peasants"]["wins"] == 20
