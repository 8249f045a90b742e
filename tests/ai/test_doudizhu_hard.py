"""Dou Dizhu's hard AI: sampled deals agree with the view (they are rebuilt by replaying
it), its answers are legal, a seed fixes them, and the plugin host registers it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from crowsnest.ai.search import SearchBudget
from crowsnest.engine import Match
from crowsnest_games.doudizhu import VARIANT
from crowsnest_games.doudizhu.ai import NormalAI
from crowsnest_games.doudizhu.hard import (
    Determinizer,
    HardAI,
    HardConfig,
    crowsnest_register_ais,
    sample_deal,
)

SMALL = HardConfig(budget=SearchBudget(iterations=24, seconds=None, min_worlds=2))


def positions(seed: int):
    """Every position of the first deal of a seeded match played by the normal AI."""
    m = Match(VARIANT, seed=seed)
    ai = NormalAI()
    rng = random.Random(seed)
    while not m.over and m.deal_no == 0:
        yield m
        m.apply(ai.choose(m.view(m.to_move), m.legal_actions(), rng))


def test_determinizations_agree_with_the_view():
    rng = random.Random(1)
    phases: Counter[str] = Counter()
    for seed in (1, 2):
        for m in positions(seed):
            d = m.deal
            for seat in range(3):
                view = m.view(seat)
                w = Determinizer(view, VARIANT, m.options).sample(rng)
                assert w.view(seat) == view  # same hand, history, sizes, bottom, bids
                where = w.full_state()["where"]
                real = d.full_state()["where"]
                assert {k: len(v) for k, v in where.items()} == {k: len(v) for k, v in real.items()}
                assert Counter(c for v in where.values() for c in v) == Counter(
                    VARIANT.deck.build(m.options, 3).names
                )
                assert where["played"] == real["played"]
                if d.landlord >= 0:  # the shown bottom's unplayed cards stay with the landlord
                    held = set(w.hand_of(d.landlord))
                    left = set(d.bottom) - {c for _, cs in d.history for c in cs}
                    assert left <= held
                phases[m.phase] += 1
    assert phases["bid"] and phases["play"] > 60


def test_samples_vary_and_refuse_a_finished_deal():
    m = next(p for p in positions(3) if p.phase == "play")
    det = Determinizer(m.view(m.to_move), VARIANT, m.options)
    rng = random.Random(0)
    hands = {tuple(det.sample(rng).hand_of((m.to_move + 1) % 3)) for _ in range(10)}
    assert len(hands) == 10
    d = m.deal.clone()
    while not d.over:
        d.apply(d.random_action(rng))
    with pytest.raises(ValueError, match="nothing hidden to sample in the 'over' phase"):
        sample_deal(d.view(0), rng)


def test_hard_answers_only_legal_actions_and_is_seeded():
    def game(seed: int) -> list[str]:
        m = Match(VARIANT, seed=7)
        hard = HardAI(VARIANT, m.options, SMALL)
        rng = random.Random(seed)
        out = []
        while not m.over and m.deal_no == 0:
            a = hard.choose(m.view(m.to_move), m.legal_actions(), rng)
            assert m.check(a) is None, (a, m.check(a))
            out.append(m.deal.format_action(a))
            m.apply(a)
        return out

    first = game(1)
    assert len(first) > 10
    assert game(1) == first


def test_the_hook_registers_hard_for_doudizhu_only():
    got = []
    crowsnest_register_ais(lambda *a: got.append(a))
    assert [(vid, level) for vid, level, _ in got] == [("doudizhu", "hard")]
    assert isinstance(got[0][2](VARIANT, VARIANT.resolve_options(None), 3), HardAI)
