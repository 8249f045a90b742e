"""Scripted positions: normal and hard declare, bury and throw sensibly."""

from __future__ import annotations

import random

from crowsnest.ai.search import SearchBudget
from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.ai import _normal
from crowsnest_games.tractor.ai.hard import HardAI, HardConfig
from tractor_helpers import fixed_deal, match_at_play

THROWS = {"throws": True}
SMALL = HardConfig(budget=SearchBudget(iterations=24, seconds=None, min_worlds=2))


def ai(level: str, m: Match):
    return HardAI(VARIANT, m.options, SMALL) if level == "hard" else _normal(VARIANT, m.options, 4)


def choose(m: Match, level: str) -> str:
    s = m.to_move
    legal = m.legal_actions() if m.deal.legal_complete() else []
    a = ai(level, m).choose(m.view(s), legal, random.Random(3))
    assert m.check(a) is None, (a, m.check(a))
    return m.deal.format_action(a)


def test_declares_a_long_strong_suit_and_passes_a_weak_hand():
    # Seat 0 holds the level 2 of hearts with eight more hearts and both jokers: declare.
    strong = "2H AH KH QH JH TH 9H 8H 7H BJ RJ"
    for level in ("normal", "hard"):
        m = Match(VARIANT, deal=fixed_deal([strong, "", "", ""], spades_to=1), dealer=0)
        assert m.phase == "declare" and m.to_move == 0
        assert choose(m, level).startswith("declare 2H"), level
    # The only level card is a club, with one other club (the rest are spades): pass.
    weak = "2C 3C"
    for level in ("normal", "hard"):
        m = Match(VARIANT, deal=fixed_deal([weak, "", "", ""], spades_to=0), dealer=0)
        assert [a for a in m.legal_strings() if a != "pass"] == ["declare 2C"]
        assert choose(m, level) == "pass", level


# Hearts trump: 15 trumps, then single low clubs and diamonds; the kitty brings points.
HAND = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH BJ RJ 3C 4C 6C 7C 8C 9C 3D 4D 6D 7D"


def test_buries_no_trump_no_pair_and_few_points():
    for level in ("normal", "hard"):
        m = Match(
            VARIANT,
            deal=fixed_deal([HAND], kitty="5C KC TC QD JD 9D 8D 5D", spades_to=1),
            dealer=0,
            carry={"levels": [2, 2]},
        )
        m.apply("declare 2H")
        for _ in range(3):
            m.apply("pass")
        assert m.phase == "bury"
        action = ai(level, m).choose(m.view(0), [], random.Random(1))
        assert m.check(action) is None
        buried = [m.deck.names[c] for c in action[1]]
        hand = m.view_json(0)["hand"]
        assert not any(c in ("BJ", "RJ") or c[0] == "2" or c[1] == "H" for c in buried), buried
        for c in buried:  # no card of a pair it holds
            assert hand.count(c) == 1, (level, c)
        points = sum({"5": 5, "T": 10, "K": 10}.get(c[0], 0) for c in buried)
        assert points == 0, (level, buried)  # eight low plain cards without points exist


def test_normal_throws_master_units_together():
    # Both aces of spades make a master pair, and with them gone a single king is master
    # too: thrown together they stand.
    m = match_at_play(["2H AS AS KS"], options=THROWS, spades_to=1)
    got = choose(m, "normal")
    assert got == "play KS AS AS"
    ev = m.apply(got)
    assert not any(e["type"] == "throw_failed" for e in ev)


def test_no_throw_of_a_beatable_unit():
    # The queen could be beaten by an unseen king: it is never thrown with the ace.
    m = match_at_play(["2H AS QS"], options=THROWS, spades_to=1)
    got = choose(m, "normal")
    assert "QS" not in got
    ev = m.apply(got)
    assert not any(e["type"] == "throw_failed" for e in ev)


def test_hard_throws_no_worse_than_normal():
    m = match_at_play(["2H AS AS KS"], options=THROWS, spades_to=1)
    ev = m.apply(choose(m, "hard"))
    assert not any(e["type"] == "throw_failed" for e in ev)


def test_no_throw_without_the_house_rule():
    m = match_at_play(["2H AS AS KS"], spades_to=1)
    assert m.deal.legal_complete()
    for level in ("normal", "hard"):
        got = choose(m, level)  # choose() checks it is legal: one unit, never a throw
        assert got != "play KS AS AS", level
