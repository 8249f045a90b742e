"""The match layer on the toy variant: deals, redeals by the same dealer, dealer
rotation, running scores, game end, refusals that change nothing, replay."""

from __future__ import annotations

import pytest
import toyvariant
from crowsnest.engine import ActionError, Match, MatchError, OptionError

TOY = toyvariant.TOY
# Seat 0: all spades but 7S; seat 1: hearts but 7H; kitty: 7S 7H.
FIXED = {
    "hands": [["2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H"]],
    "kitty": ["7S", "7H"],
}


def test_all_pass_redeals_with_the_same_dealer():
    m = Match(TOY, seed=1, dealer=1, deal=FIXED)
    assert m.to_move == 0  # the seat after the dealer bids first
    m.apply("pass")
    events = m.apply("pass")
    assert {"type": "redeal", "dealer": 1} in events
    assert m.dealer == 1 and m.deal_no == 0 and m.phase == "bid"
    assert m.scores == (0, 0)
    assert sorted(sum(m.state()["hands"], [])) != sorted(sum(FIXED["hands"], []))  # a new deal


def test_a_scored_deal_moves_the_deal_on_and_adds_scores():
    m = Match(TOY, seed=1, dealer=1, deal=FIXED, options={"target": 100})
    m.apply("bid 1")  # seat 0 declares and leads
    for s, h in zip(FIXED["hands"][0], FIXED["hands"][1], strict=True):
        m.apply(f"play {s}")
        events = m.apply(f"play {h}")
    # Seat 0 led spades every time: it wins every trick, then the kitty.
    deal_over = next(e for e in events if e["type"] == "deal_over")
    assert deal_over["points"] == [30, 0] and deal_over["scores"] == [30, 0]
    assert m.scores == (30, 0) and m.deal_no == 1 and m.dealer == 0 and not m.over
    assert m.history[0]["score_change"] == [30, 0]


def test_the_match_ends_at_the_target_and_refuses_more_actions():
    m = Match(TOY, seed=1, dealer=1, deal=FIXED)  # target 30
    m.apply("bid 1")
    events = []
    for s, h in zip(FIXED["hands"][0], FIXED["hands"][1], strict=True):
        m.apply(f"play {s}")
        events = m.apply(f"play {h}")
    assert events[-1] == {"type": "match_over", "winner": 0, "scores": [30, 0]}
    assert m.over and m.winner == 0 and m.to_move == -1 and m.phase == "over"
    assert m.legal_actions() == []
    assert m.check("pass") == "the match is over"
    with pytest.raises(ActionError):
        m.apply("pass")


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    m = Match(TOY, seed=1, dealer=1, deal=FIXED)
    m.apply("bid 1")
    m.apply("play 2S")
    before = (m.state(), list(m.log))
    assert m.check("play 2H") is None  # seat 1 holds no spade: any card goes
    with pytest.raises(ActionError, match="you do not hold 2S"):
        m.apply("play 2S")
    with pytest.raises(ActionError, match="not a card"):
        m.apply("play ZZ")
    with pytest.raises(ActionError, match="not an action"):
        m.apply("jump")
    assert (m.state(), list(m.log)) == before


def test_follow_suit_reason_on_a_fixed_deal():
    deal = {
        "hands": [["2S", "3S", "4S", "5S", "2H"], ["6S", "3H", "4H", "5H", "6H"]],
        "kitty": ["7S", "7H"],
    }
    m = Match(TOY, seed=0, dealer=1, deal=deal)
    m.apply("bid 1")
    m.apply("play 2S")
    assert m.check("play 3H") == "you must follow spades"
    assert m.legal_strings() == ["play 6S"]


def test_bad_set_ups_are_refused():
    with pytest.raises(MatchError, match="played by 2, 3 players, not 4"):
        Match(TOY, seats=4)
    with pytest.raises(MatchError, match="dealer must be a seat"):
        Match(TOY, dealer=5)
    with pytest.raises(OptionError, match="at least 10"):
        Match(TOY, options={"target": 5})
    with pytest.raises(OptionError, match="unknown option 'speed'"):
        Match(TOY, options={"speed": 1})
    bad = {
        "hands": [["2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H"]],
        "kitty": ["7S", "7S"],
    }
    with pytest.raises(MatchError, match="missing 7H"):
        Match(TOY, deal=bad)
    sizes = {
        "hands": [["2S", "3S", "4S", "5S"], ["6S", "2H", "3H", "4H", "5H", "6H"]],
        "kitty": ["7S", "7H"],
    }
    with pytest.raises(MatchError, match="wrong pile sizes"):
        Match(TOY, deal=sizes)


def test_views_hold_only_what_the_seat_may_see():
    m = Match(TOY, seed=3, dealer=1, deal=FIXED)
    v0 = m.view_json(0)
    assert v0["hand"] == FIXED["hands"][0] and v0["hand_counts"] == [5, 5]
    text = str(v0)
    assert not any(card in text for card in FIXED["hands"][1] + FIXED["kitty"])


def test_replay_and_fresh_rebuild_the_position():
    m = Match(TOY, seed=11, seats=3)
    import random

    rng = random.Random(4)
    for _ in range(20):
        if m.over:
            break
        m.apply(m.deal.random_action(rng))
    again = Match.replay(TOY, m.log_strings(), seed=11, seats=3)
    assert again.state() == m.state() and again.log == m.log
    assert m.fresh().state() == Match(TOY, seed=11, seats=3).state()
