"""The shared hidden-hand dealer reads the auction: a seat that bid high is dealt strong
hands, one that passed at once weak ones (plugins/rook/ai/worlds.py)."""

from __future__ import annotations

import random
from statistics import mean

from crowsnest.engine import Match
from crowsnest_games.rook import CROWSNEST
from crowsnest_games.rook.ai import RookNormalAI, hand_points
from crowsnest_games.rook.ai.worlds import Determinizer, auction_bounds


def after_auction(seed: int) -> Match:
    m = Match(CROWSNEST, seed=seed)
    ai = RookNormalAI()
    rng = random.Random(seed)
    while m.phase == "bid":
        m.apply(ai.choose(m.view(m.to_move), m.legal_actions(), rng))
    return m


def test_auction_bounds_follow_the_bids():
    m = after_auction(3)
    view = m.view(0)
    bounds = auction_bounds(view)
    for seat, amount in view.bids:
        lo, hi = bounds[seat]
        if amount:
            assert lo is not None and lo >= amount
        else:
            assert hi is not None and hi > 0
    assert view.declarer in bounds and bounds[view.declarer][0] == view.high_bid


def test_read_auction_deals_bidders_stronger_and_passers_weaker_hands():
    stronger = weaker = 0
    checked = 0
    for seed in range(1, 9):
        m = after_auction(seed)
        me = 0
        view = m.view(me)
        r = view.rules
        bounds = auction_bounds(view)
        read = Determinizer(view)
        blind = Determinizer(view, read_auction=False)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        worlds_a = [read.sample(rng_a) for _ in range(40)]
        worlds_b = [blind.sample(rng_b) for _ in range(40)]
        for pos, (lo, hi) in bounds.items():
            if pos == me or pos == view.declarer:
                continue
            a = mean(hand_points(r, w.hands[pos]) for w in worlds_a)
            b = mean(hand_points(r, w.hands[pos]) for w in worlds_b)
            if lo is not None:
                stronger += a > b
            elif hi is not None:
                weaker += a < b
            checked += 1
        for w in worlds_a:  # reading the auction never breaks consistency with the view
            assert w.view(me) == view
    assert checked >= 6
    assert stronger + weaker >= 0.75 * checked
