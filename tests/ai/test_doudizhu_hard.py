"""Dou Dizhu's hard AI: sampled deals agree with the view (they are rebuilt by replaying
it), its answers are legal, a seed fixes them, and the plugin host registers it."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from crowsnest.ai.search import SearchBudget
from crowsnest.engine import Match
from crowsnest_games.doudizhu import VARIANT
from crowsnest_games.doudizhu.ai import NormalAI
from crowsnest_games.doudizhu.ai.hard import (
    Determinizer,
    HardAI,
    HardConfig,
    crowsnest_register_ais,
    sample_deal,
)

SMALL = HardConfig(
    budget=SearchBudget(iterations=24, seconds=None, min_worlds=2),
    bid_budget=SearchBudget(iterations=12, seconds=None, min_worlds=2),
    endgame_seconds=None,
)


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


@pytest.mark.slow
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


# ---------------------------------------------------------------- end game


def counts(ranks: str) -> tuple[int, ...]:
    """'3 3 K' -> rank counts (3=0 ... A=11, 2=12, BJ=13, RJ=14)."""
    order = ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ"]
    c = [0] * 15
    for r in ranks.split():
        c[order.index(r)] += 1
    return tuple(c)


def test_solver_known_positions():
    from crowsnest_games.doudizhu.ai.solver import Solver

    # The landlord (seat 0) leads with a pair of 3s and a 2: the peasants' pair of 4s
    # cannot stop the landlord's 2 from taking the lead back; the landlord goes out.
    s = Solver(landlord=0)
    hands = [counts("2 3 3"), counts("4 4"), counts("5")]
    assert s.landlord_wins(hands, 0, None, 0) is True
    # Leading the single 3 first lets peasant 1 go out? No: seat 1 holds a pair only.
    assert s.after_move(hands, 0, None, 0, (12,)) is True  # 2 first, then the pair
    # A peasant about to go out with a single wins if the landlord must lead low.
    s = Solver(landlord=0)
    hands = [counts("3 4"), counts("5"), counts("6 6 6 6")]
    assert s.landlord_wins(hands, 0, None, 0) is False
    # Bombing keeps the lead: seat 2 is the landlord with a bomb and one card.
    s = Solver(landlord=2)
    hands = [counts("A"), counts("9 9"), counts("7 7 7 7 3")]
    table = (0, 11, 1)  # a single ace was led by seat 0
    assert s.landlord_wins(hands, 1, table, 0) is True


def test_solver_matches_brute_force_play_outs_on_small_worlds():
    """In tiny random end games the solver's verdict holds: the winning side has a move
    after which every answer still loses for the other side (checked one ply deep)."""
    from crowsnest_games.doudizhu import rules
    from crowsnest_games.doudizhu.ai.solver import Solver

    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        deck = [r for r in range(13) for _ in range(4)] + [13, 14]
        rng.shuffle(deck)
        hands = [counts(""), counts(""), counts("")]
        hs = [list(h) for h in hands]
        for s in range(3):
            for r in deck[s * 3 : s * 3 + 3]:
                hs[s][r] += 1
        hands = [tuple(h) for h in hs]
        s = Solver(landlord=0)
        verdict = s.landlord_wins(hands, 0, None, 0)
        # The landlord wins iff some lead wins for it.
        any_win = any(
            Solver(landlord=0).after_move(hands, 0, None, 0, m)
            for m in rules.moves(list(hands[0]), None)
        )
        assert verdict == any_win
        checked += 1
    assert checked == 60


def test_hard_end_game_takes_the_sure_win():
    """With every card known to matter, the end-game search goes out when it can."""
    m = next(
        p
        for seed in range(40)
        for p in positions(seed)
        if p.phase == "play" and sum(p.view(0).hand_counts) <= 20 and p.to_move == p.deal.landlord
    )
    view = m.view(m.to_move)
    hard = HardAI(VARIANT, m.options, SMALL)
    a = hard.choose(view, m.legal_actions(), random.Random(1))
    assert m.check(a) is None
    assert hard.last_search["endgame_worlds"] >= 1


def test_paired_pick_keeps_normal_without_evidence():
    from crowsnest_games.doudizhu.ai.hard import paired_pick

    rows = {"normal": [1, -1, 1, -1, 1, -1], "a": [1, -1, 1, 1, 1, -1], "b": [1, 1, 1, 1, 1, 1]}
    # "a" wins one world more: not enough; "b" wins three more, every world at least as well
    assert paired_pick(["normal", "a"], rows, 1.0) == "normal"
    assert paired_pick(["normal", "a", "b"], rows, 1.0) == "b"
    assert paired_pick(["normal", "a"], {"normal": [0.0], "a": [1.0]}, 1.0) == "normal"


def test_play_outs_from_the_deal_choose_as_normal_does_through_views():
    """The search's play-out reads the sampled deal directly (normal's Table and the
    deal's own move list); it must play exactly what normal plays through a view and
    the legal list, seat by seat, to the end."""
    from crowsnest_games.doudizhu.ai.hard import normal_playout, view_playout

    rng = random.Random(2)
    worlds = []
    for seed in (4, 5):
        for m in positions(seed):
            if m.phase == "play" and rng.random() < 0.3:
                worlds.append(sample_deal(m.view(m.to_move), rng))
    assert len(worlds) > 10
    for w in worlds:
        fast, slow = w.clone(), w.clone()
        normal_playout(fast, random.Random(1))
        view_playout(slow, random.Random(1))
        assert fast.over and fast.history == slow.history and fast.winner == slow.winner


def test_reading_the_auction_deals_hands_that_bid_as_the_seats_did():
    """Worlds that read the bids (Determinizer.worlds) deal the other seats hands with
    which normal would have bid as they did (a seat that passed a weak hand, a seat that
    bid a hand of that strength) far more often than plain samples do; and every world
    still agrees with the view."""
    from crowsnest_games.doudizhu.ai import bid_strength
    from crowsnest_games.doudizhu.cards import counts_of

    def fits(world, view) -> float:
        """The share of the other seats' bids normal would have made with the world's hands."""
        ok = n = 0
        prev = 0
        for s, amount in view.bids:
            if s != view.seat:
                strength = bid_strength(counts_of(world.hand_of(s)))
                want = sum(strength >= t for t in NormalAI.BID_AT)
                ok += (want if want > prev else 0) == amount
                n += 1
            prev = max(prev, amount)
        return ok / n

    plain_fit = read_fit = 0.0
    positions = 0
    for seed in range(40):
        m = Match(VARIANT, seed=seed)
        ai = NormalAI()
        rng = random.Random(seed)
        while m.phase == "bid" and len(m.view(0).bids) < 1 + seed % 2:
            m.apply(ai.choose(m.view(m.to_move), m.legal_actions(), rng))
        if m.phase != "bid":
            continue
        view = m.view(m.to_move)
        det = Determinizer(view, VARIANT, m.options)
        plain = [det.sample(random.Random(i)) for i in range(24)]
        read = det.worlds(24, random.Random(1), pool=4, weight=0.2)
        assert all(w.view(view.seat) == view for w in read)
        plain_fit += sum(fits(w, view) for w in plain) / 24
        read_fit += sum(fits(w, view) for w in read) / 24
        positions += 1
    assert positions >= 10
    # (measured: 0.26 of the plain worlds fit the bids, 0.50 of the read ones)
    assert read_fit >= 1.5 * plain_fit and read_fit >= plain_fit + 0.15 * positions


def test_the_end_game_from_24_cards_needs_enough_solved_worlds():
    """Above endgame_sure_cards the solver decides only with endgame_min_solved worlds
    solved; with a node limit no world fits, the play-outs decide instead."""
    seen = used = 0
    for m in positions(3):
        if m.phase != "play":
            continue
        view = m.view(m.to_move)
        total = sum(view.hand_counts)
        if not 21 <= total <= 24 or len(m.legal_actions()) < 2:
            continue
        wide = HardAI(VARIANT, m.options, SMALL)
        wide.choose(view, m.legal_actions(), random.Random(0))
        tight = HardAI(VARIANT, m.options, replace(SMALL, endgame_nodes=1))
        tight.choose(view, m.legal_actions(), random.Random(0))
        assert "worlds" in tight.last_search  # the play-out search decided
        if "endgame_worlds" in wide.last_search:
            assert wide.last_search["endgame_worlds"] >= SMALL.endgame_min_solved
            used += 1
        seen += 1
    assert seen >= 3 and used >= 1, (seen, used)
