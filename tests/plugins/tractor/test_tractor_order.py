"""Card order (suit and no-trump) and what is a pair or a tractor."""

from __future__ import annotations

import pytest
from crowsnest_games.tractor.cards import TRUMP
from crowsnest_games.tractor.rules import shape_of
from tractor_helpers import ids, order


def ranking(o, cards: str) -> list[tuple[int, int]]:
    """(effective suit, position) of each named card."""
    return [(o.esuit[i], o.pos[i]) for i in (ids(c)[0] for c in cards.split())]


def test_plain_suit_order_leaves_the_level_rank_out():
    o = order(7, "H")
    spades = ranking(o, "AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S")
    assert all(s == 0 for s, _ in spades)
    positions = [p for _, p in spades]
    assert positions == sorted(positions, reverse=True) and len(set(positions)) == 12
    # 8 and 6 are adjacent (the level rank 7 is not in the suit)
    assert positions[6] - positions[7] == 1
    assert o.esuit[ids("7S")[0]] == TRUMP


def test_trump_order_in_a_suit_deal():
    o = order(7, "H")
    seq = ranking(o, "RJ BJ 7H 7S AH KH QH 8H 6H 2H")
    assert all(s == TRUMP for s, _ in seq)
    positions = [p for _, p in seq]
    assert positions == sorted(positions, reverse=True)
    assert len(set(positions)) == len(positions)
    # off-suit level cards are all equal, between the trump-suit level card and trump A
    lv = {o.pos[ids(c)[0]] for c in ("7S", "7D", "7C")}
    assert len(lv) == 1
    assert o.pos[ids("7H")[0]] > lv.pop() > o.pos[ids("AH")[0]]


def test_no_trump_order():
    o = order(7, "NT")
    seq = ranking(o, "RJ BJ 7H")
    assert [s for s, _ in seq] == [TRUMP] * 3
    assert seq[0][1] > seq[1][1] > seq[2][1]
    # every level card is trump and equal; every suit keeps its A..2 without the 7
    assert {o.pos[ids(c)[0]] for c in ("7S", "7H", "7D", "7C")} == {seq[2][1]}
    for suit_index, suit in enumerate("SHDC"):
        row = ranking(o, " ".join(r + suit for r in "AKQJT986"))
        assert {s for s, _ in row} == {suit_index}
        assert [p for _, p in row] == sorted((p for _, p in row), reverse=True)


def shape(level: int, trump: str, cards: str):
    o = order(level, trump)
    return shape_of(ids(cards), o.esuit, o.pos)


@pytest.mark.parametrize(
    ("level", "trump", "cards", "pairs"),
    [
        (7, "H", "6S 6S 8S 8S", 2),  # across the missing level rank
        (7, "H", "AH AH 7S 7S", 2),  # trump-suit A + off-suit level pair
        (7, "H", "7D 7D 7H 7H", 2),  # off-suit level pair + trump-suit level pair
        (7, "H", "7H 7H BJ BJ", 2),  # trump-suit level pair + black jokers
        (7, "H", "BJ BJ RJ RJ", 2),  # joker pairs
        (7, "H", "AH AH 7C 7C 7H 7H BJ BJ RJ RJ", 5),
        (7, "NT", "7S 7S BJ BJ", 2),  # no-trump: level pair, BJ pair, RJ pair
        (7, "NT", "7C 7C BJ BJ RJ RJ", 3),
        (14, "H", "KH KH AS AS", 2),  # level A: trump K is the top of the trump suit
        (2, "S", "3C 3C 4C 4C 5C 5C", 3),
    ],
)
def test_tractors(level, trump, cards, pairs):
    s = shape(level, trump, cards)
    assert s is not None and s[1] == 2 * pairs and s[2] == pairs


@pytest.mark.parametrize(
    ("level", "trump", "cards"),
    [
        (7, "H", "7S 7S 7D 7D"),  # two off-suit level pairs are never consecutive
        (7, "H", "AH AH 7S 7S 7D 7D"),
        (7, "H", "AH AH 7H 7H"),  # the off-suit level pair sits between them
        (7, "H", "5S 5S 8S 8S"),  # 5 and 8 are not consecutive with level 7
        (7, "NT", "7S 7S 7H 7H"),  # no-trump: level pairs are all equal
        (7, "H", "KS KS AS AS AC AC"),  # two suits
        (7, "H", "7S 7D"),  # equal strength but not identical: not a pair
        (7, "H", "AS KS"),
        (7, "H", "QS QS KS"),
    ],
)
def test_not_a_unit(level, trump, cards):
    assert shape(level, trump, cards) is None


def test_pairs_and_singles():
    assert shape(7, "H", "AS AS")[:3] == (0, 2, 1)
    assert shape(7, "H", "7C 7C")[:3] == (TRUMP, 2, 1)
    assert shape(7, "H", "RJ")[:3] == (TRUMP, 1, 0)
