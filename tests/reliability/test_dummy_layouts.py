"""Rook for 2 (individual2): the dummy's piles follow its hand size for every nest and
aside size the options allow (issue 12: the layout assumed 6 piles of two)."""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry

V = load_registry(user_folder=False).variants["individual2"]

REPORTED = [
    {"red_one": True, "nest_size": 17, "aside": 7},  # IndexError in _turn_up
    {"bird": True, "ones": "low", "nest_size": 8, "aside": 2},  # "no legal action"
    {"nest_size": 0, "aside": 2},  # 2 dummy cards never played
]


@pytest.mark.parametrize("options", REPORTED)
@pytest.mark.parametrize("seed", range(12))
def test_reported_combinations_play_whole_deals(options, seed):
    m = Match(V, seed=seed, options=options)
    rng = random.Random(seed)
    played = 0
    while not m.over and played < 2:
        deal = m.deal
        if deal.phase == "play" and not deal.trick:
            # between tricks every position holds the same number of cards to play:
            # the dummy's face-down cards come up as its piles empty, none is stranded
            st = m.state()
            up, down = st["dummy"]
            left = [len(h) for h in st["hands"]] + [
                sum(1 for c in up if c) + sum(1 for c in down if c)
            ]
            assert len(set(left)) == 1, (left, st["dummy"])
        set_aside = m.state()["where"].get("aside", [])
        events = m.apply(deal.random_action(rng))
        if any(ev["type"] == "deal_over" for ev in events):
            played += 1
            total = sum(m.deck.points)
            aside = sum(m.deck.points[m.deck.names.index(c)] for c in set_aside)
            # every counter not set aside was taken by someone (none stranded in the dummy)
            counters = [e for e in events if e["type"] == "deal_over"][0]["points"]
            assert sum(counters) >= total - aside
    assert played == 2 or m.over


def test_dummy_piles_follow_the_hand_size():
    for options, piles in [
        ({}, 6),
        ({"red_one": True, "nest_size": 17, "aside": 7}, 4),  # 7 cards: 4 piles, one single
        ({"nest_size": 0, "aside": 2}, 7),  # 14 cards: 7 piles of two
    ]:
        m = Match(V, seed=1, options=options)
        v = m.view(0).to_json()["dummy"]
        assert len(v["up"]) == piles
        assert len(v["under"]) == piles
