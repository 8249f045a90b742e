"""Tractor hard's options of issue 31's sixth part: the searched bury, the end game
solved from more cards, the safe-feeding play-out, more worlds for close decisions."""

from __future__ import annotations

import random

import pytest
from crowsnest.ai.search import SearchBudget, set_time_caps
from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.ai import _normal, endgame
from crowsnest_games.tractor.ai.hard import (
    _NORMAL,
    HardAI,
    HardConfig,
    _beaten_after,
    bury_candidates,
    bury_world,
    fast_play,
    feed_play,
)
from crowsnest_games.tractor.cards import POINTS, TRUMP
from test_tractor_hard import positions  # play positions of a first deal played by normal

NO_CAP = SearchBudget(iterations=48, seconds=None, min_worlds=2)


def at_bury(seed: int) -> Match:
    """A match at its first deal's bury, declared by normal."""
    m = Match(VARIANT, seed=seed)
    ai = _normal(VARIANT, m.options, 4)
    rng = random.Random(seed)
    while m.phase != "bury":
        legal = m.legal_actions() if m.deal.legal_complete() else []
        m.apply(ai.choose(m.view(m.to_move), legal, rng))
    return m


def test_bury_candidates_start_with_normals_and_are_eight_cards_of_the_hand():
    emptied = 0
    for seed in range(6):
        m = at_bury(seed)
        view = m.view(m.to_move)
        cands = bury_candidates(view)
        assert cands[0] == _NORMAL.choose(view, [], random.Random(0))[1]
        assert len(set(cands)) == len(cands) >= 2
        for b in cands:
            assert len(b) == 8 and len(set(b)) == 8 and set(b) <= set(view.hand)
            assert m.check(("discard", b)) is None
        es = m.deal.es
        left = [[c for c in view.hand if c not in b] for b in cands]
        # a suit-emptying candidate leaves a plain suit the hand held with no card
        suits = {es[c] for c in view.hand if es[c] != TRUMP}
        emptied += any(len(suits - {es[c] for c in h}) for h in left)
    assert emptied >= 3


def test_bury_worlds_deal_the_other_hands_from_the_cards_not_held():
    rng = random.Random(1)
    for seed in range(4):
        m = at_bury(seed)
        view = m.view(m.to_move)
        w = bury_world(view, VARIANT, m.options, rng)
        assert w.hands[view.seat] == list(view.hand)
        assert sorted(sum(w.hands, [])) == list(range(108))
        assert [len(h) for h in w.hands] == list(view.hand_counts)
        for s, cs in view.declarations:
            if s != view.seat:
                assert set(cs) - set(view.hand) <= set(w.hands[s])
        w._bury(view.seat, bury_candidates(view)[0])
        assert w.phase == "play" and w.to_move == view.seat and len(w.kitty) == 8


@pytest.mark.slow
def test_searched_bury_is_legal_and_keeps_normals_without_evidence():
    set_time_caps(False)
    try:
        departed = 0
        for seed in range(6):
            m = at_bury(seed)
            view = m.view(m.to_move)
            normal = _NORMAL.choose(view, [], random.Random(0))
            strict = HardAI(VARIANT, m.options, HardConfig(bury="search", override_z=1e9))
            assert strict.choose(view, [], random.Random(0)) == normal
            loose = HardAI(
                VARIANT, m.options, HardConfig(bury="search", override_z=0.0, bury_worlds=24)
            )
            a = loose.choose(view, [], random.Random(0))
            assert m.check(a) is None
            rows = loose.last_search["rows"]
            assert {len(r) for r in rows.values()} == {24}
            departed += a != normal
            # the default buries as normal does, nothing searched
            plain = HardAI(VARIANT, m.options)
            assert plain.choose(view, [], random.Random(0)) == normal
        assert departed >= 1
    finally:
        set_time_caps(True)


def test_feed_play_is_legal_and_feeds_only_a_trick_the_last_opponent_cannot_take():
    rng = random.Random(0)
    held_back = same = 0
    for seed in range(1, 7):
        for m in positions(seed, every=1):
            d = m.deal
            if not d.trick or d.lead[1] != 1 or d.lead_units:
                continue
            s = d.to_move
            cards = feed_play(d, rng)
            assert d.check(("play", cards)) is None
            pool = [c for c in d.hands[s] if d.es[c] == d.lead[0]] or d.hands[s]
            if d.best_seat % 2 == s % 2 and _beaten_after(d, s):
                keys = {c: (POINTS[c], d.es[c] == TRUMP, d.ps[c]) for c in pool}
                assert keys[cards[0]] == min(keys.values())
                held_back += 1
            else:  # everywhere else fast_play's choice (single follows use no randomness)
                assert cards == fast_play(d, rng)
                same += 1
    assert held_back >= 3 and same >= 50, (held_back, same)


def test_feed_play_outs_reach_the_end():
    rng = random.Random(3)
    for m in positions(4, every=11):
        d = m.deal.clone()
        while d.to_move >= 0:
            cards = feed_play(d, rng)
            assert d.check(("play", cards)) is None
            d.apply(("play", cards))
        assert d.phase == "over"


@pytest.mark.slow
def test_the_end_game_from_four_cards_is_the_solvers_answer():
    """With endgame_cards=4, hard plays the exact solver's best mean once every hand holds
    four cards (every legal play solved); the two solvers agree there (bare singles and
    copies of the deal); at the default three the same position is searched by play-outs."""
    set_time_caps(False)
    try:
        four = HardAI(VARIANT, None, HardConfig(budget=NO_CAP, endgame_cards=4, endgame_worlds=4))
        three = HardAI(VARIANT, None, HardConfig(budget=NO_CAP))
        solved = 0
        for seed in range(1, 5):
            for m in positions(seed, every=1):
                view = m.view(m.to_move)
                if max(view.hand_counts) != 4 or len(view.hand) != 4:
                    continue
                d = m.deal
                att = 1 - d.dealer % 2
                assert endgame.solve(d, att) == endgame._solve_deal(d.clone(), att, -1, 1 << 30)
                legal = m.legal_actions()
                if len(legal) < 2:
                    continue
                four.last_search = None
                a = four.choose(view, legal, random.Random(5))
                assert m.check(a) is None
                means = four.last_search  # every play's mean over the solved worlds
                faces = {tuple(c >> 1 for c in sorted(p[1])) for p in legal}
                assert {tuple(c >> 1 for c in p) for p in means} == faces
                assert means[a[1]] == max(means.values())
                three.last_search = None
                three.choose(view, legal, random.Random(5))
                assert three.last_search is None or "rows" in three.last_search
                solved += 1
        assert solved >= 4
    finally:
        set_time_caps(True)


def test_close_worlds_add_worlds_for_normals_choice_and_the_plays_gaining_on_it():
    set_time_caps(False)
    try:
        ai = HardAI(VARIANT, None, HardConfig(budget=NO_CAP, close_worlds=10))
        grown = 0
        for m in positions(6, every=5):
            view = m.view(m.to_move)
            if view.phase != "play" or endgame.small_enough(view):
                continue
            legal = m.legal_actions()
            ai.last_search = None
            a = ai.choose(view, legal, random.Random(0))
            assert m.check(a) is None
            if ai.last_search is None:
                continue
            rows = ai.last_search["rows"]
            lens = {len(r) for r in rows.values()}
            assert len(lens) == 1
            n = lens.pop()
            first = max(2, 48 // len(ai.candidates(view, legal, random.Random(0))))
            assert n in (first, first + 10)
            if n == first + 10:
                grown += 1
                assert a in rows
        assert grown >= 2
    finally:
        set_time_caps(True)


def test_new_choices_are_checked():
    with pytest.raises(ValueError, match="HardConfig.bury must be one of normal, search"):
        HardConfig(bury="searched")
    with pytest.raises(ValueError, match="HardConfig.rollout must be one of fast, smart, feed"):
        HardConfig(rollout="safe")
