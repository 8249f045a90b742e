"""Tractor's hard AI: sampled worlds agree with the view and respect shown voids, the
play-out policy plays legal cards to the end, answers are legal and seeded, and the
plugin host registers it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from crowsnest.ai.search import SearchBudget
from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.ai import _normal
from crowsnest_games.tractor.ai.hard import (
    Determinizer,
    HardAI,
    HardConfig,
    crowsnest_register_ais,
    fast_play,
)

SMALL = HardConfig(budget=SearchBudget(iterations=16, seconds=None, min_worlds=2))
FIELDS = ("hand", "hand_counts", "trick", "history", "taken", "trump", "level", "dealer", "kitty")


def positions(seed: int, every: int = 7):
    m = Match(VARIANT, seed=seed)
    ai = _normal(VARIANT, m.options, 4)
    rng = random.Random(seed)
    k = 0
    while not m.over and m.deal_no == 0:
        if m.phase == "play" and k % every == 0:
            yield m
        k += 1
        legal = m.legal_actions() if m.deal.legal_complete() else []
        m.apply(ai.choose(m.view(m.to_move), legal, rng))


def test_worlds_agree_with_the_view_and_keep_voids():
    rng = random.Random(2)
    n = 0
    for seed in (1, 2):
        for m in positions(seed):
            d = m.deal
            seat = m.to_move
            view = m.view(seat)
            det = Determinizer(view, VARIANT, m.options)
            w = det.sample(rng)
            wv = w.view(seat)
            for f in FIELDS:
                assert getattr(wv, f) == getattr(view, f), f
            played = [c for _, t, _ in view.history for _, cs in t for c in cs]
            played += [c for _, cs in view.trick for c in cs]
            assert Counter(sum(w.hands, []) + w.kitty + played) == Counter(range(108))
            for s, suit in det.voids:
                assert all(w.es[c] != suit for c in w.hands[s]), (s, suit)
            if view.trick:
                assert (w.lead, w.best, w.best_seat) == (d.lead, d.best, d.best_seat)
            n += 1
    assert n > 10


def test_fast_play_is_legal_to_the_end():
    rng = random.Random(3)
    for m in positions(4, every=11):
        d = m.deal.clone()
        while d.to_move >= 0:
            cards = fast_play(d, rng)
            assert d.check(("play", cards)) is None, (cards, d.check(("play", cards)))
            d.apply(("play", cards))
        assert d.phase == "over"


@pytest.mark.slow
def test_hard_is_legal_and_seeded():
    def game(seed: int) -> list[str]:
        m = Match(VARIANT, seed=5)
        hard = HardAI(VARIANT, m.options, SMALL)
        rng = random.Random(seed)
        out = []
        while not m.over and m.deal_no == 0:
            legal = m.legal_actions() if m.deal.legal_complete() else []
            a = hard.choose(m.view(m.to_move), legal, rng)
            assert m.check(a) is None, (a, m.check(a))
            out.append(m.deal.format_action(a))
            m.apply(a)
        return out

    first = game(1)
    assert len(first) > 50
    assert game(1) == first


def test_the_hook_registers_hard_for_tractor():
    got = []
    crowsnest_register_ais(lambda *a: got.append(a))
    assert [(vid, level) for vid, level, _ in got] == [("tractor", "hard")]
