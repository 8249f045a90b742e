"""A slice of tools/soak.py (the long run and its figures are in docs/reliability.md):
every registered game, random valid house rules from its option schema (the dummy game
included), random AI levels, every invariant checked after every action, the save round
trip at the end of each match, and a match played twice from its seed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import soak  # noqa: E402

GAMES = sorted(soak.registry().variants)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_soak_slice(game):
    # Every match has a normal seat for its first deal and is played twice from its seed.
    mix = soak.Mix(normal_every=1, hard_every=0, determinism_every=1)
    res = soak.run_batch(game, [101, 102], max_deals=200, mix=mix)
    assert res["violations"] == []
    assert res["matches"] == 2 and res["replayed"] == 2 and res["deals"] >= 2
    assert (
        res["decisions"].get("normal", 0) > 0 or "normal" not in soak.registry().variants[game].ais
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", ["crowsnest", "doudizhu", "tractor"])
def test_a_whole_match_of_random_and_easy_seats(game):
    mix = soak.Mix(normal_every=0, hard_every=0, determinism_every=0)
    res = soak.run_batch(game, [7], max_deals=300, mix=mix)
    assert res["violations"] == [] and res["matches"] == 1
    assert res["ended"] + res["cut"] + res["unended"] == 1
    assert set(res["decisions"]) <= {"random", "easy"} and res["decisions"]["random"] > 0


@pytest.mark.slow
def test_soak_cli_json_totals():
    res = soak.soak(["individual2", "doudizhu"], deals=6, workers=1, seed=3, batch=1)
    assert res["violations"] == 0
    for t in res["games"].values():
        assert t["deals"] >= 6 and t["actions"] > 0 and sum(t["decisions"].values()) == t["actions"]


def test_levels_mix():
    v = soak.registry().variants["crowsnest"]
    rng = random.Random(1)
    tiers = []
    for _ in range(2000):
        levels, tier = soak.draw_levels(v, 4, rng, soak.Mix(normal_every=20, hard_every=200))
        tiers.append(tier)
        assert set(levels) <= {"random", "easy", tier}
        assert tier == "base" or tier in levels
    assert 50 < tiers.count("normal") < 160 and 2 <= tiers.count("hard") < 30
    assert soak.draw_levels(v, 4, rng, soak.Mix(hard_every=1))[1] == "hard"


def test_conservation_names_a_card_lost_or_doubled():
    v = soak.registry().variants["crowsnest"]
    m = soak.Match(v, seed=5)
    check = soak.Conservation(m)
    check(m)
    hand = m.deal.hands[0]
    lost = hand.pop()
    with pytest.raises(soak.Violation, match="missing"):
        check(m)
    hand.append(lost)
    hand.append(m.deal.hands[1][0])
    with pytest.raises(soak.Violation, match="twice"):
        check(m)


def test_promised_end():
    v = soak.registry().variants["crowsnest"]
    defaults = {o.key: o.default for o in v.options}
    assert soak.promised_end(v, defaults) == defaults["deal_limit"] + soak.TIE_DEALS
    no_limit = {**defaults, "deal_limit": 0}
    assert soak.promised_end(v, {**no_limit, "lose_at": 0}) == 0
    assert soak.promised_end(v, {**no_limit, "lose_at": -1, "all_pass": "dealer_forced"}) is None
    assert soak.promised_end(soak.registry().variants["doudizhu"], {}) is None


def test_search_time_caps_are_off_while_a_match_is_played(monkeypatch):
    # With the caps of play on, a hard seat stops at the clock, so the same seed played
    # twice could differ under load (run 3 found one: individual2, seed 14000331).
    from crowsnest.ai import search

    seen = []
    real = soak.Conservation.__call__
    monkeypatch.setattr(
        soak.Conservation,
        "__call__",
        lambda self, m: (seen.append(search._time_caps), real(self, m)),
    )
    before = search._time_caps
    soak.run_batch("doudizhu", [3], max_deals=50, mix=soak.Mix(determinism_every=0))
    assert seen and not any(seen) and search._time_caps == before
