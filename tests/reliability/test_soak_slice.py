"""A slice of tools/soak.py (the long run and its figures are in docs/reliability.md):
every registered game, random valid house rules from its option schema (the dummy game
included), random AI levels, every invariant checked after every action, and the
determinism and save round trip at the end of each match."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import soak  # noqa: E402

GAMES = sorted(soak.registry().variants)


@pytest.mark.parametrize("game", GAMES)
def test_soak_slice(game):
    res = soak.run_batch(game, [101, 102], max_deals=200, hard_every=0)
    assert res["violations"] == []
    assert res["matches"] == 2 and res["deals"] >= 2


def test_soak_cli_json_totals():
    res = soak.soak(["individual2", "doudizhu"], deals=6, workers=1, seed=3, batch=1)
    assert res["violations"] == 0
    for t in res["games"].values():
        assert t["deals"] >= 6 and t["actions"] > 0


def test_levels_are_drawn_with_a_sparse_hard_seat_and_never_all_random():
    import random

    v = soak.registry().variants["crowsnest"]
    rng = random.Random(1)
    for _ in range(200):
        levels = soak.draw_levels(v, 4, rng, hard=False)
        assert "hard" not in levels and set(levels) != {"random"}
    assert "hard" in soak.draw_levels(v, 4, rng, hard=True)
