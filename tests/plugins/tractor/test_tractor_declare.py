"""Declaring trump, overcalls, the all-pass kitty reveal, the first dealer, burying."""

from __future__ import annotations

import random

from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from tractor_helpers import fixed_deal

# every level card (2) and joker is placed, so legal declarations are exactly known
HANDS = ["2C BJ BJ", "RJ RJ", "2S", "2D 2D 2S"]
KITTY = "5D 2H 2H 2C"


def first_deal(first: int = 1, hands=HANDS, kitty=KITTY) -> Match:
    return Match(VARIANT, deal=fixed_deal(hands, kitty, spades_to=None), first=first)


def kinds(events):
    return [e["type"] for e in events]


def test_declaring_and_overcalls_in_the_first_deal():
    m = first_deal()
    assert (m.phase, m.to_move) == ("declare", 1)
    assert m.view_json(1)["level_rank"] == "2" and m.view_json(1)["dealer"] == -1
    assert m.legal_strings() == ["declare RJ RJ", "pass"]
    m.apply("pass")
    assert m.legal_strings() == ["declare 2S", "pass"]
    ev = m.apply("declare 2S")
    assert {"type": "dealer", "seat": 2} in ev  # the first to declare becomes dealer
    # seat 3: another single is not stronger; the level pair is
    assert m.legal_strings() == ["declare 2D 2D", "pass"]
    assert m.check("declare 2D").startswith("an overcall must be stronger than a single level card")
    m.apply("declare 2D 2D")
    # seat 0: a single or a pair of another suit cannot overcall a pair; BJ BJ can
    assert m.check("declare 2C").startswith("an overcall must be stronger than a level pair")
    assert m.check("declare BJ").startswith("a declaration is one level card")
    assert m.check("declare 3S").startswith("a declaration is one level card") or m.check(
        "declare 3S"
    ).startswith("you do not hold")
    assert m.legal_strings() == ["declare BJ BJ", "pass"]
    m.apply("declare BJ BJ")
    assert m.legal_strings() == ["declare RJ RJ", "pass"]
    m.apply("declare RJ RJ")
    assert m.legal_strings() == ["pass"]  # nothing beats red jokers
    m.apply("pass")
    m.apply("pass")
    ev = m.apply("pass")  # three passes after the last declaration settle it
    trump = next(e for e in ev if e["type"] == "trump")
    assert trump["trump"] == "NT" and trump["declarer"] == 1 and trump["dealer"] == 2
    assert (m.phase, m.to_move) == ("bury", 2)
    v = m.view_json(2)
    assert v["trump"] == "NT" and v["dealer"] == 2
    assert [d[0] for d in v["declarations"]] == [2, 3, 0, 1]
    assert len(v["hand"]) == 33 and v["hand_counts"] == [25, 25, 33, 25]


def test_three_passes_settle_a_single_declaration():
    m = first_deal(first=2)
    m.apply("declare 2S")
    for _ in range(2):
        m.apply("pass")
        assert m.phase == "declare"
    m.apply("pass")
    assert m.phase == "bury" and m.to_move == 2
    assert m.view_json(0)["trump"] == "S"


def test_overcalling_comes_round_again_to_earlier_passers():
    m = first_deal(first=0)
    m.apply("pass")  # seat 0 passes first
    m.apply("pass")  # seat 1
    m.apply("declare 2S")  # seat 2 becomes dealer
    m.apply("pass")  # seat 3
    assert m.to_move == 0 and m.legal_strings() == ["declare BJ BJ", "pass"]
    m.apply("declare BJ BJ")
    for _ in range(3):
        m.apply("pass")
    assert m.view_json(0)["trump"] == "NT" and m.view_json(0)["dealer"] == 2


def test_all_pass_turns_up_the_kitty():
    m = first_deal(first=3, hands=["2C", "RJ RJ", "2S", "2D 2D 2S"], kitty="BJ 5D 2H 2H 2C")
    hands_before = m.state()["hands"]
    evs = []
    for _ in range(4):
        evs += m.apply("pass")
    reveal = next(e for e in evs if e["type"] == "kitty_revealed")
    assert reveal["cards"][:2] == ["BJ", "5D"] and reveal["trump"] == "D"
    # the seat drawn to declare first deals; it picks the kitty up
    assert (m.phase, m.to_move) == ("bury", 3)
    v = m.view_json(1)
    assert v["trump"] == "D" and v["dealer"] == 3 and v["kitty_revealed"][:2] == ["BJ", "5D"]
    assert len(m.state()["hands"][3]) == len(hands_before[3]) + 8


def test_later_deal_dealer_declares_first_and_level_is_the_dealers_team():
    m = Match(
        VARIANT, deal=fixed_deal(["7C", "7D"], spades_to=None), dealer=1, carry={"levels": [4, 7]}
    )
    assert m.to_move == 1 and m.view_json(0)["level_rank"] == "7" and m.view_json(0)["dealer"] == 1
    assert "declare 7D" in m.legal_strings()
    for _ in range(4):
        m.apply("pass")
    assert m.view_json(0)["dealer"] == 1 and m.to_move == 1  # the dealer stays


def test_burying_eight_cards():
    m = first_deal(first=2)
    m.apply("declare 2S")
    for _ in range(3):
        m.apply("pass")
    deal = m.deal
    assert not deal.legal_complete() and "8 cards" in deal.legal_hint()
    # the dealer, and only the dealer, sees the kitty while burying
    assert m.view_json(2)["kitty"] is not None and len(m.view_json(2)["kitty"]) == 8
    assert all(m.view_json(s)["kitty"] is None for s in (0, 1, 3))
    hand = m.view_json(2)["hand"]
    assert m.check("discard " + " ".join(hand[:7])) == "bury exactly 8 cards, not 7"
    assert m.check("play " + hand[0]).startswith("the dealer must bury")
    assert m.check("discard RJ " + " ".join(hand[:7])).startswith("you do not hold")
    for seed in range(5):
        a = deal.random_action(random.Random(seed))
        assert a[0] == "discard" and len(a[1]) == 8 and m.check(a) is None
    m.apply("discard " + " ".join(hand[-8:]))
    assert (m.phase, m.to_move) == ("play", 2)
    assert sorted(m.state()["where"]["kitty"]) == sorted(hand[-8:])
    assert m.view_json(0)["kitty"] is None


def test_bad_declare_phase_actions():
    m = first_deal()
    assert m.check("play RJ").startswith("now each player")
    assert m.check("pass") is None
    assert m.check("declare RJ RJ RJ") is not None
