"""Example 2 (Oh Hell) played through the public engine API: rule scenarios on fixed
deals, whole seeded matches with conservation and legality checks, determinism, views."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from crowsnest.engine import ActionError, Match
from crowsnest_ohhell import VARIANT
from crowsnest_ohhell.cards import DECK, hand_sizes
from crowsnest_ohhell.scoring import deal_score

SMALL = {"rounds": "fixed", "max_hand": 3, "fixed_deals": 2}


def fixed_deal(hands: list[list[str]], turnup: str) -> dict:
    """A first deal with these hands and turn-up; every other card goes to the stock."""
    used = {c for h in hands for c in h} | {turnup}
    return {"hands": hands, "turnup": [turnup], "stock": [c for c in DECK.names if c not in used]}


def small_match(hands, turnup, dealer=2, **options) -> Match:
    return Match(
        VARIANT,
        seed=0,
        seats=len(hands),
        dealer=dealer,
        options={**SMALL, **options},
        deal=fixed_deal(hands, turnup),
    )


# ------------------------------------------------------------------ bidding


def test_bidding_goes_round_from_dealers_left_and_allows_zero():
    m = small_match([["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QS", "6H", "7D"]], "2C", dealer=2)
    assert m.phase == "bid" and m.to_move == 0
    assert "bid 0" in m.legal_strings() and "bid 3" in m.legal_strings()
    assert "bid 4" not in m.legal_strings()
    m.apply("bid 0")
    assert m.to_move == 1
    assert "bid 4" not in m.legal_strings()
    assert m.check("bid 4") == "a bid is a number of tricks from 0 to 3"
    assert "no pass" in m.check("pass")


def test_hook_rule_forbids_the_dealer_the_bid_that_makes_the_total():
    m = small_match([["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QS", "6H", "7D"]], "2C", dealer=2)
    m.apply("bid 1")
    m.apply("bid 0")
    # 1 + 0 + 2 = 3 tricks: the dealer may not bid 2.
    assert m.to_move == 2
    assert "bid 2" not in m.legal_strings()
    assert "hook rule" in m.check("bid 2")
    with pytest.raises(ActionError):
        m.apply("bid 2")
    assert m.phase == "bid" and m.to_move == 2  # the refused action changed nothing
    m.apply("bid 3")
    assert m.phase == "play" and m.to_move == 0  # the dealer's left leads


def test_without_the_hook_the_dealer_may_make_the_total():
    m = small_match(
        [["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QS", "6H", "7D"]], "2C", dealer=2, hook=False
    )
    m.apply("bid 1")
    m.apply("bid 0")
    assert m.check("bid 2") is None


# ------------------------------------------------------------------ play


def bid_all(m: Match, bids: list[int]) -> None:
    for b in bids:
        m.apply(f"bid {b}")


def test_follow_suit_when_able_else_any_card():
    m = small_match([["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QH", "6H", "7D"]], "2C", dealer=2)
    bid_all(m, [1, 1, 0])
    m.apply("play AS")
    assert m.check("play 4H") == "you must follow spades"
    assert m.legal_strings() == ["play KS"]
    m.apply("play KS")
    # Seat 2 holds no spade: any card.
    assert m.legal_strings() == ["play 6H", "play 7D", "play QH"]
    assert m.check("play AS") == "you do not hold AS"


def test_trump_beats_the_led_suit_and_the_winner_leads():
    m = small_match([["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QH", "2C", "7D"]], "9C", dealer=2)
    bid_all(m, [1, 1, 0])
    m.apply("play AS")
    m.apply("play KS")
    events = m.apply("play 2C")  # cannot follow spades: ruffs with the lowest club
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 2 and trick["cards"] == ["AS", "KS", "2C"]
    assert m.to_move == 2
    assert m.view(0).tricks_won == (0, 0, 1)


def test_highest_of_led_suit_wins_when_no_trump():
    m = small_match([["2H", "AS", "3D"], ["KH", "4S", "5D"], ["QH", "6S", "7D"]], "9C", dealer=2)
    bid_all(m, [0, 1, 1])
    m.apply("play 2H")
    m.apply("play KH")
    events = m.apply("play QH")
    assert next(e for e in events if e["type"] == "trick")["winner"] == 1


def test_deal_scores_exact_bids_only():
    # Seat 0 bids 1 and takes the AS trick; seat 1 bids 1 and takes none; seat 2 bids 0.
    m = small_match([["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QS", "6H", "7D"]], "2C", dealer=2)
    bid_all(m, [2, 1, 1])
    events = []
    while m.deal_no == 0:
        events += m.apply(m.legal_actions()[-1])  # any legal card will do
    over = next(e for e in events if e["type"] == "deal_over")
    took = over["tricks"]
    assert sum(took) == 3
    assert over["score_change"] == [
        10 + b if b == t else 0 for b, t in zip([2, 1, 1], took, strict=True)
    ]
    assert over["scores"] == over["score_change"]


@pytest.mark.parametrize(
    ("bid", "took", "miss", "want"),
    [
        (0, 0, "zero", 10),
        (3, 3, "zero", 13),
        (2, 3, "zero", 0),
        (2, 0, "minus", -2),
        (4, 5, "minus", -1),
    ],
)
def test_deal_score_table(bid, took, miss, want):
    assert deal_score(bid, took, {"exact_bonus": 10, "miss": miss}) == want


# ------------------------------------------------------------------ the match


def test_hand_size_schedules():
    opts = VARIANT.resolve_options({})
    assert hand_sizes(opts, 4) == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert hand_sizes(opts, 6)[0] == 8  # 6 x 8 + a turn-up fits in 52, 6 x 9 does not
    assert hand_sizes(VARIANT.resolve_options({"rounds": "up", "max_hand": 3}), 5) == (1, 2, 3)
    assert hand_sizes(
        VARIANT.resolve_options({"rounds": "fixed", "max_hand": 17, "fixed_deals": 2}), 3
    ) == (17, 17)


def play_match(
    seats: int, seed: int, level: str, options: dict | None = None
) -> tuple[Match, list[dict]]:
    """A whole AI match, checking legality, views and conservation at every step."""
    m = Match(VARIANT, seed=seed, seats=seats, options=options)
    rng = random.Random(seed)
    ais = [VARIANT.ais[level](VARIANT, m.options, seats) for _ in range(seats)]
    schedule = hand_sizes(m.options, seats)
    deck = Counter(DECK.names)
    deals: list[dict] = []
    for _ in range(5000):
        if m.over:
            break
        state = m.state()
        assert Counter(c for pile in state["where"].values() for c in pile) == deck
        assert state["hand_size"] == schedule[min(m.deal_no, len(schedule) - 1)]
        seat = m.to_move
        legal = m.legal_actions()
        assert legal, "someone can always act until the match ends"
        action = ais[seat].choose(m.view(seat), legal, rng)
        assert m.check(action) is None
        for e in m.apply(action):
            if e["type"] == "deal_over":
                deals.append(e)
    assert m.over, "the match ends"
    return m, deals


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
@pytest.mark.parametrize("level", ["random", "easy"])
def test_whole_matches_end_with_one_winner(seats, level):
    m, deals = play_match(seats, seed=seats * 7, level=level)
    schedule = hand_sizes(m.options, seats)
    assert len(deals) >= len(schedule)
    for k, d in enumerate(deals):
        size = schedule[min(k, len(schedule) - 1)]
        assert sum(d["tricks"]) == size == d["hand_size"]
        assert all(0 <= b <= size for b in d["bids"])
        assert sum(d["bids"]) != size  # the hook rule is on by default
    totals = [sum(d["score_change"][s] for d in deals) for s in range(seats)]
    assert list(m.scores) == totals
    assert m.winner == max(range(seats), key=lambda s: m.scores[s])
    assert sorted(m.scores).count(max(m.scores)) == 1


def test_tie_at_the_end_plays_on():
    # Find seeded short matches; whenever the schedule ends in a tie, more deals follow.
    opts = {"rounds": "fixed", "max_hand": 1, "fixed_deals": 1}
    extra = 0
    for seed in range(40):
        m, deals = play_match(3, seed, "random", opts)
        extra += len(deals) > 1
        first = deals[0]["scores"]
        assert (len(deals) > 1) == (first.count(max(first)) > 1)
    assert extra > 0  # some seed in 40 ties after one 1-card deal


def test_same_seed_and_actions_give_the_same_game():
    m, _ = play_match(4, seed=11, level="easy", options={"rounds": "down", "max_hand": 5})
    again = Match.replay(
        VARIANT, m.log_strings(), seed=11, seats=4, options={"rounds": "down", "max_hand": 5}
    )
    assert again.state() == m.state()
    assert again.history == m.history


def test_a_view_does_not_change_when_other_hands_are_shuffled():
    hands = [["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QS", "6H", "7D"]]
    swapped = [["AS", "2H", "3D"], ["QS", "6H", "5D"], ["KS", "4H", "7D"]]
    a = small_match(hands, "2C")
    b = small_match(swapped, "2C")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert "hand" in a.view_json(0) and a.view_json(0)["turnup"] == "2C"


def test_easy_ai_hits_its_bid_more_often_than_random():
    def exact_rate(level: str) -> float:
        hits = total = 0
        for seed in range(3):
            _, deals = play_match(4, seed, level, {"rounds": "down", "max_hand": 8})
            for d in deals:
                hits += sum(b == t for b, t in zip(d["bids"], d["tricks"], strict=True))
                total += len(d["bids"])
        return hits / total

    assert exact_rate("easy") > exact_rate("random") + 0.1


@pytest.mark.parametrize("first", [None, 0, 1, 2, 3])
def test_the_first_bidder_is_the_engines_first_caller_and_leads(first):
    """Oh Hell's first bidder is DealSetup.first_caller (the dealer's left, or the
    match's fixed first seat), and that seat leads the first trick."""
    from crowsnest_ohhell.deal import first_bidder

    m = Match(VARIANT, seed="first caller", seats=4, first=first)
    s = m.setup
    assert first_bidder(s) == s.first_caller == ((m.dealer + 1) % 4 if first is None else first)
    assert m.deal.to_move == s.first_caller
    rng = random.Random(1)
    while m.deal.phase == "bid":  # every seat bids once, then the first bidder leads
        m.apply_unchecked(m.deal.random_action(rng))
    assert m.deal.to_move == s.first_caller
