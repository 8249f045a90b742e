"""The shared hidden-hand dealer reads the auction: a seat that bid high is dealt strong
hands, one that passed at once weak ones (plugins/rook/ai/worlds.py)."""

from __future__ import annotations

import random
from statistics import mean

from crowsnest.engine import Match
from crowsnest_games.rook import CROWSNEST, VARIANTS
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


def _features_by_definition(r, hand, t):
    """trump_features spelled out card by card (the definition the mask code must match):
    trump length and top trumps, per off suit its top two cards held and its length."""
    order = r.orders[t]
    eff, st = order.eff_suit, order.strength
    trumps = [c for c in hand if eff[c] == t]
    deck_trumps = sorted((c for c in range(len(r.deck)) if eff[c] == t), key=lambda c: st[c])
    top = sum(1 for c in trumps if c in deck_trumps[-4:])
    bosses = short = 0.0
    for s in range(4):
        if s == t:
            continue
        cards = sorted((c for c in hand if eff[c] == s), key=lambda c: st[c])
        suit = sorted((c for c in range(len(r.deck)) if eff[c] == s), key=lambda c: st[c])
        if not cards:
            short += 1.0
            continue
        if len(cards) == 1:
            short += 0.5
        if cards[-1] == suit[-1]:
            bosses += 1
            if len(cards) >= 2 and cards[-2] == suit[-2]:
                bosses += 0.7
        elif len(cards) >= 2 and cards[-1] == suit[-2]:
            bosses += 0.4
    scale = 9.0 / max(1, r.hand_size)
    pts = sum(r.points[c] for c in hand) / max(1, r.counter_total)
    return (1.0, len(trumps) * scale, top, bosses * scale, short, pts * 4)


def test_hand_strength_masks_match_the_definition_in_every_preset():
    from crowsnest_games.rook.ai.strength import NORMAL_COEF, best_trump, trump_features
    from crowsnest_games.rook.rules import rules_for
    from crowsnest_games.rook.variant import PRESETS

    rng = random.Random(3)
    for p in PRESETS:
        v = VARIANTS[p.id]
        r = rules_for(p, v.resolve_options({}), v.default_seats)
        coef = NORMAL_COEF[p.id]
        for _ in range(150):
            hand = rng.sample(range(len(r.deck)), rng.randint(0, r.hand_size + r.nest_size))
            want = [_features_by_definition(r, hand, t) for t in range(4)]
            assert [trump_features(r, hand, t) for t in range(4)] == want, (p.id, hand)
            shares = [sum(a * b for a, b in zip(coef, f, strict=True)) for f in want]
            t, share = best_trump(r, hand, coef)
            assert share == max(shares) and t == shares.index(max(shares)), p.id


def test_bid_floor_deals_bidders_as_strong_as_normal_bids():
    # Normal bids only with an estimate of the bid plus its margin (CrowsNest: 0.17 of the
    # points in play), so the default floor (the bid less the slack) barely moves the
    # bidders' hands (150 auctions: true 96.0, dealt 89.9, not read 88.5; here: 30 hands,
    # true 95.3, dealt 88.0, mean error 7.3); bid_floor at normal's margin deals them close
    # to what they hold (here 92.1, mean error 3.4).
    true, default, floor = [], [], []
    margin = RookNormalAI.margin_bid_scoring
    for seed in range(1, 31):
        m = after_auction(seed)
        for me in range(4):
            view = m.view(me)
            r = view.rules
            plain, read = Determinizer(view), Determinizer(view, bid_floor=margin)
            rng = random.Random(seed * 4 + me)
            for pos, (lo, _) in auction_bounds(view).items():
                if pos in (me, view.declarer) or lo is None:
                    continue  # the declarer's hand holds the nest now
                true.append(hand_points(r, m.deal.hands[pos]))
                dealt = [plain.sample(rng) for _ in range(20)]
                default.append(mean(hand_points(r, w.hands[pos]) for w in dealt))
                worlds = [read.sample(rng) for _ in range(20)]
                floor.append(mean(hand_points(r, w.hands[pos]) for w in worlds))
                assert worlds[0].view(me) == view  # still consistent with the view
    assert len(true) >= 20
    err_default = mean(abs(a - b) for a, b in zip(true, default, strict=True))
    err_floor = mean(abs(a - b) for a, b in zip(true, floor, strict=True))
    assert mean(floor) > mean(default) + 2.0
    assert err_floor < err_default - 1.0
