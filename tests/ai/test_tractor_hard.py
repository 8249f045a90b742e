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
    feed_play,
    smart_play,
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


@pytest.mark.parametrize("policy", [fast_play, smart_play, feed_play])
def test_play_out_policies_are_legal_to_the_end(policy):
    rng = random.Random(3)
    for m in positions(4, every=11):
        d = m.deal.clone()
        while d.to_move >= 0:
            cards = policy(d, rng)
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


def test_smart_play_plays_second_hand_low_and_feeds_only_a_safe_trick():
    """The play-out policy's rules of normal (in positions normal's play reached)."""
    from crowsnest_games.tractor.cards import POINTS, TRUMP

    def key(d, c):
        return (POINTS[c], d.es[c] == TRUMP, d.ps[c])

    rng = random.Random(0)
    low = fed = held_back = 0
    for seed in range(1, 9):
        for m in positions(seed, every=1):
            d = m.deal
            if not d.trick or d.lead[1] != 1 or d.lead_units:
                continue
            s = d.to_move
            hand = d.hands[s]
            pool = [c for c in hand if d.es[c] == d.lead[0]] or hand
            on_table = any(POINTS[c] for _, cs in d.trick for c in cs)
            partner = d.best_seat % 2 == s % 2
            (c,) = smart_play(d, rng)
            if len(d.trick) == 1 and not on_table:  # second hand low
                assert key(d, c) == min(key(d, x) for x in pool)
                low += 1
            elif len(d.trick) == 3 and partner:  # last, the partner's trick: the most points
                assert POINTS[c] == max(POINTS[x] for x in pool)
                fed += 1
            elif len(d.trick) == 2 and partner and any(POINTS[x] for x in pool):
                nxt = d.hands[(s + 1) % 4]
                led, (bs, _, _, top) = d.lead[0], d.best
                follows = [x for x in nxt if d.es[x] == led]
                can = (
                    any(d.es[x] == bs and d.ps[x] > top for x in follows)
                    if follows
                    else any(d.es[x] == TRUMP and (bs != TRUMP or d.ps[x] > top) for x in nxt)
                )
                if can:  # the last seat could take it: nothing fed
                    assert key(d, c) == min(key(d, x) for x in pool)
                    held_back += 1
    assert low > 10 and fed > 3 and held_back > 1, (low, fed, held_back)


def test_steps_value_counts_level_steps_and_points_within_a_step():
    from types import SimpleNamespace

    from crowsnest_games.tractor.ai.hard import steps_value

    def value(points: int, seat: int = 1) -> float:  # seat 1: an attacker (team 1)
        return steps_value(
            SimpleNamespace(outcome={"attacker_points": points, "attackers": 1}), seat
        )  # type: ignore[arg-type]

    # attackers: 0 points -3 steps, 5-35 -2, 40-75 -1, 80-115 0, 120-155 +1, 160 +2
    assert [round(value(p) - p / 200, 6) for p in (0, 35, 40, 75, 80, 115, 120, 160)] == [
        -3,
        -2,
        -1,
        -1,
        0,
        0,
        1,
        2,
    ]
    assert value(40) > value(35) and value(45) > value(40)  # points count within a step
    assert value(45) - value(40) < value(40) - value(35)  # but less than a step
    assert value(60, seat=0) == -value(60)  # the defenders' value is the opposite


def test_paired_search_keeps_normals_choice_without_evidence_and_sees_common_worlds():
    from crowsnest_games.tractor.ai import endgame
    from crowsnest_games.tractor.ai.hard import _NORMAL

    budget = SearchBudget(iterations=48, seconds=None, min_worlds=2)
    strict = HardAI(VARIANT, None, HardConfig(budget=budget, search="paired", override_z=1e9))
    loose = HardAI(VARIANT, None, HardConfig(budget=budget, search="paired", override_z=0.0))
    searched = departed = 0
    for m in positions(6, every=5):
        view = m.view(m.to_move)
        if view.phase != "play" or endgame.small_enough(view):
            continue  # the end game is solved exactly, not searched
        legal = m.legal_actions()
        first = _NORMAL.choose(view, legal, random.Random(0))
        strict.last_search = None
        a = strict.choose(view, legal, random.Random(0))
        if strict.last_search is None:
            continue  # a single candidate: nothing searched
        rows = strict.last_search["rows"]
        assert len({len(r) for r in rows.values()}) == 1  # every candidate, every world
        assert strict.last_search["worlds"] == max(2, 48 // len(rows))
        assert a == first  # no gain clears an infinite margin
        b = loose.choose(view, legal, random.Random(0))
        assert m.check(b) is None
        searched += 1
        departed += b != first
    assert searched >= 5
    assert departed >= 1  # with no margin at all the search does override normal


def test_a_misspelt_config_choice_is_refused_with_a_sentence():
    with pytest.raises(
        ValueError, match=r"HardConfig.search must be one of paired, halving, not 'pared'"
    ):
        HardConfig(search="pared")
    with pytest.raises(ValueError, match="HardConfig.value must be one of steps, points"):
        HardConfig(value="score")
    with pytest.raises(ValueError, match="max_candidates must be at least 1"):
        HardConfig(max_candidates=0)
    assert HardConfig(search="halving", value="points", rollout="smart").search == "halving"


def test_spread_orders_every_play_once_covering_each_suit_and_size_first():
    from crowsnest_games.tractor.ai.hard import spread
    from crowsnest_games.tractor.cards import order_for

    leads = 0
    for m in positions(7, every=3):
        view = m.view(m.to_move)
        legal = m.legal_actions()
        order = order_for(view.level, view.trump)
        es, ps = order.esuit, order.pos
        got = spread(legal, es, ps)
        assert sorted(got) == sorted(legal)  # a reordering: every play once
        groups: dict[tuple[int, frozenset[int]], list] = {}
        for a in legal:
            groups.setdefault((len(a[1]), frozenset(es[c] for c in a[1])), []).append(a)
        k = len(groups)
        # the first of each group come first, then the second of each ...
        assert {(len(a[1]), frozenset(es[c] for c in a[1])) for a in got[:k]} == set(groups)
        for g in groups.values():
            high = max(g, key=lambda a: max(ps[c] for c in a[1]))
            low = min(g, key=lambda a: max(ps[c] for c in a[1]))
            top = {max(ps[c] for c in a[1]) for a in got[: 2 * k]}
            assert max(ps[c] for c in high[1]) in top and max(ps[c] for c in low[1]) in top
        leads += not view.trick and k >= 4
    assert leads >= 3
