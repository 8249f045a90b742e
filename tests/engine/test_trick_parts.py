"""The engine's reusable trick-game parts (crowsnest.engine.trickdeal): the standard
pack, the bid-your-tricks bidding part with and without the hook rule, the scorer
defaults, and TrickGame's suits and powers read off the deck."""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import DealSetup
from crowsnest.engine.trickdeal import (
    FollowSuit,
    ScorerDefaults,
    StandardPack,
    TrickBids,
    TrickGame,
    standard_must_follow,
)
from crowsnest.engine.variant import AuctionOutcome


def setup(seats=4, dealer=0, hands=None, options=None, first=None):
    hands = hands if hands is not None else [list(range(i * 13, i * 13 + 13)) for i in range(4)]
    return DealSetup(
        variant=None,
        options=options or {},
        seats=seats,
        dealer=dealer,
        deal_no=0,
        piles={"hands": hands},
        scores=(0,) * seats,
        carry={},
        rng_seed="",
        first=first,
    )


def test_standard_pack_names_and_deals_every_card():
    pack = StandardPack()
    deck = pack.build({}, 4)
    assert len(deck) == 52 and deck.names[:3] == ("2S", "3S", "4S") and deck.names[-1] == "AC"
    assert deck.ranks[8] == "10" and set(deck.points) == {0}
    piles = pack.layout({}, 3, list(range(52)))
    assert [len(h) for h in piles["hands"]] == [17, 17, 17] and piles["stock"] == [51]
    dealt = sorted(c for h in piles["hands"] for c in h) + piles["stock"]
    assert dealt == list(range(52))
    stripped = StandardPack(ranks="789TJQKA")  # a 32-card pack
    assert len(stripped.deck) == 32 and stripped.deck.names[0] == "7S"


def test_trick_game_reads_suits_and_powers_off_the_deck():
    pack = StandardPack()
    follow = FollowSuit(standard_must_follow, pack.deck.names)
    implicit = TrickGame(
        deck=pack.deck, bidding=TrickBids(), validator=follow, suit_words=pack.suit_words
    )
    explicit = TrickGame(
        deck=pack.deck,
        bidding=TrickBids(),
        validator=follow,
        suit_words=pack.suit_words,
        suits=tuple(c // 13 for c in range(52)),
        power=tuple(c % 13 for c in range(52)),
    )
    assert implicit.suits == explicit.suits and implicit.power == explicit.power
    assert implicit.orders == explicit.orders


def test_bids_go_round_once_from_the_dealers_left_and_name_the_trump():
    part = TrickBids(trump=0)
    a = part.start(setup(dealer=2))
    assert part.to_call(a) == 3 and a.hand_size == 13
    assert part.legal_calls(a) == [("bid", n) for n in range(14)]
    for n in (4, 0, 13):
        assert part.outcome(a) is None
        a = part.call(a, ("bid", n))
    assert part.to_call(a) == 2 and part.outcome(a) is None
    a = part.call(a, ("bid", 2))
    assert a.bids == (0, 13, 2, 4) and part.to_call(a) == -1
    assert part.outcome(a) == AuctionOutcome(trump=0)


def test_bid_refusals_say_what_is_wrong():
    part = TrickBids()
    a = part.start(setup())
    assert "there is no pass" in part.refusal(a, (), ("pass",))
    assert part.refusal(a, (), ("bid", 14)) == "a bid is a number of tricks from 0 to 13"
    assert part.refusal(a, (), ("bid", True)) is not None  # a bool is not a number here
    assert part.refusal(a, (), ("bid", 0)) is None


@pytest.mark.parametrize("hook", [True, False])
def test_the_hook_rule_binds_only_the_last_bidder_and_only_when_on(hook):
    part = TrickBids(hook="hook", hand_size=lambda s: 5)
    a = part.start(setup(options={"hook": hook}))
    assert a.hand_size == 5
    for n in (1, 2, 1):
        assert part.refusal(a, (), ("bid", 5 - sum(b or 0 for b in a.bids))) is None
        a = part.call(a, ("bid", n))
    # the dealer bids last: 1 would make the bids add up to the 5 tricks
    calls = part.legal_calls(a)
    if hook:
        assert ("bid", 1) not in calls and len(calls) == 5
        assert "hook rule" in part.refusal(a, (), ("bid", 1))
    else:
        assert ("bid", 1) in calls and part.refusal(a, (), ("bid", 1)) is None


def test_scorer_defaults():
    d = ScorerDefaults()
    assert d.initial_scores({}, 3) == (0, 0, 0)
    dealers = {d.first_dealer({}, 4, random.Random(i)) for i in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert d.redeal_dealer(setup(dealer=2), None) == 2


def test_the_dealers_left_and_the_first_caller_have_one_home():
    """DealSetup.dealer_left / first_caller: the rule the engine's TrickBids, Rook's
    auction and Oh Hell (tests/plugin_kit/test_ohhell.py) read (issue 26's review: it was
    written three times). A fixed `first` names the first caller; the first lead stays the
    dealer's left by default."""
    from crowsnest.engine import Match
    from crowsnest.engine.trickdeal import _dealer_left
    from crowsnest.plugin_host import load_registry

    for seats in range(2, 7):
        for dealer in range(seats):
            for first in (None, *range(seats)):
                s = setup(seats=seats, dealer=dealer, first=first, hands=[[]] * seats)
                left = (dealer + 1) % seats
                assert s.dealer_left == left
                assert s.first_caller == (left if first is None else first)
                assert TrickBids().start(s).turn == s.first_caller
                assert _dealer_left(s, AuctionOutcome()) == left  # whoever bid first
    variants = load_registry(user_folder=False).variants
    for vid in ("crowsnest", "partnership", "individual3", "individual2"):
        v = variants[vid]
        n = v.seats[0]
        for first in (None, *range(n)):
            m = Match(v, seed=f"left:{vid}", seats=n, first=first)
            want = (m.dealer + 1) % n if first is None else first
            assert m.deal.to_move == want and m.deal.auction.turn == want
            assert v.bidding.start(m.setup).turn == want
