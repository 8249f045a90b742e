"""Bidding sequences: ends at 3, two passes after a bid, all-pass redeal, the drawn first
bidder, the bottom shown to everyone."""

from __future__ import annotations

import pytest
from crowsnest.engine import Match
from crowsnest_games.doudizhu import VARIANT
from ddz_helpers import deal, match


def bids(m: Match, *actions: str) -> list[dict]:
    events: list[dict] = []
    for a in actions:
        events.extend(m.apply(a))
    return events


def test_bid_of_three_ends_at_once() -> None:
    m = match(first=1)
    events = bids(m, "bid 3")
    assert m.phase == "play" and m.deal.landlord == 1 and m.to_move == 1
    assert [e["type"] for e in events] == ["bid", "landlord", "bottom", "lead"]
    assert len(m.view(1).hand) == 20


@pytest.mark.parametrize(
    ("actions", "landlord", "bid"),
    [
        (["bid 1", "pass", "pass"], 0, 1),
        (["pass", "bid 1", "pass", "pass"], 1, 1),
        (["pass", "pass", "bid 2", "pass", "pass"], 2, 2),
        (["bid 1", "bid 2", "pass", "pass"], 1, 2),
        (["bid 1", "pass", "bid 2", "pass", "pass"], 2, 2),
        (["bid 1", "bid 2", "bid 3"], 2, 3),
        (["pass", "bid 1", "pass", "bid 2", "pass", "pass"], 0, 2),  # may bid after passing
    ],
)
def test_two_passes_after_a_bid_end_the_auction(
    actions: list[str], landlord: int, bid: int
) -> None:
    m = match(first=0)
    for a in actions[:-1]:
        m.apply(a)
        assert m.phase == "bid"
    m.apply(actions[-1])
    assert m.phase == "play"
    assert (m.deal.landlord, m.deal.bid, m.to_move) == (landlord, bid, landlord)
    assert m.view((landlord + 1) % 3).bid == bid


def test_bid_must_be_higher() -> None:
    m = match(first=0)
    m.apply("bid 2")
    assert m.legal_strings() == ["bid 3", "pass"]
    assert m.check("bid 2") == "you must bid more than 2 (or pass)"
    assert m.check("bid 1") == "you must bid more than 2 (or pass)"
    assert m.check("bid 4") == "a bid is 1, 2 or 3"
    assert m.check("play 3S") == "the bidding is not over: pass or bid 1, 2 or 3"
    assert m.legal_strings() == ["bid 3", "pass"]


def test_all_pass_deals_again_without_scoring() -> None:
    m = match(first=0)
    before = m.state()["hands"]
    events = bids(m, "pass", "pass", "pass")
    assert [e["type"] for e in events] == ["bid", "bid", "bid", "redeal"]
    assert m.phase == "bid" and m.scores == (0, 0, 0) and m.deal_no == 0
    assert m.state()["hands"] != before
    assert m.history == []


def test_first_bidder_is_drawn_from_the_seed() -> None:
    firsts = {Match(VARIANT, seed=s).to_move for s in range(30)}
    assert firsts == {0, 1, 2}
    assert Match(VARIANT, seed=7).to_move == Match(VARIANT, seed=7).to_move
    assert Match(VARIANT, seed=7, first=2).to_move == 2


def test_bottom_is_hidden_then_shown_to_everyone() -> None:
    fixed = deal(bottom="BJ RJ 2S")
    m = Match(VARIANT, seed=1, deal=fixed, first=0)
    assert all(m.view_json(s)["bottom"] is None for s in range(3))
    assert "BJ" not in m.view_json(0)["hand"]
    events = bids(m, "bid 1", "pass", "pass")
    shown = [e for e in events if e["type"] == "bottom"]
    assert shown == [{"type": "bottom", "seat": 0, "cards": ["2S", "BJ", "RJ"]}]
    for s in range(3):
        v = m.view_json(s)
        assert v["bottom"] == ["2S", "BJ", "RJ"] and v["landlord"] == 0
        assert v["hand_counts"] == [20, 17, 17]
    assert {"2S", "BJ", "RJ"} <= set(m.view_json(0)["hand"])
