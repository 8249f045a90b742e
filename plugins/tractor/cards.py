"""Tractor's double pack and the card order of one deal.

Card ids: kind * 2 + copy. A kind is one of the 54 faces: suit * 13 + rank index (suits
S H D C, ranks 2..A) for the 52 suited faces, then 52 = BJ and 53 = RJ. The two copies of
a face are ids 2k and 2k+1, so `c >> 1` is the face and `c ^ 1` its twin: pairs are
cheap to find.

The order of a deal (level rank + trump) is a pair of tables by card id: effective suit
(0..3 for S H D C, TRUMP for trump) and position inside that suit. One number serves
both strength (higher wins, equal positions: the earlier play wins) and the tractor
sequence (pairs at positions p and p+1 are consecutive), which is exactly what the
rules need: the level rank is left out of the plain suits, off-suit level cards share
one position (equal, never consecutive with each other), and trump continues
A, off-suit level, trump-suit level, BJ, RJ.
"""

from __future__ import annotations

from dataclasses import dataclass

from crowsnest.engine.cards import Deck

SUITS = "SHDC"
RANKS = "23456789TJQKA"
TRUMP = 4  # effective suit of every trump card
NO_TRUMP = -1  # trump "suit" of a no-trump deal
BJ_KIND = 52
RJ_KIND = 53
N_KINDS = 54
N_CARDS = 108
LEVEL_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}
LEVEL_NAMES.update({11: "J", 12: "Q", 13: "K", 14: "A"})


def kind_name(k: int) -> str:
    if k == BJ_KIND:
        return "BJ"
    if k == RJ_KIND:
        return "RJ"
    return RANKS[k % 13] + SUITS[k // 13]


def kind_rank(k: int) -> int:
    """Rank value 2..14 of a suited face, 0 for jokers."""
    return k % 13 + 2 if k < 52 else 0


def kind_suit(k: int) -> int:
    """Printed suit 0..3, or -1 for jokers."""
    return k // 13 if k < 52 else -1


def kind_points(k: int) -> int:
    r = kind_rank(k)
    return 5 if r == 5 else 10 if r in (10, 13) else 0


POINTS: tuple[int, ...] = tuple(kind_points(c >> 1) for c in range(N_CARDS))


def build_deck() -> Deck:
    names = tuple(kind_name(c >> 1) for c in range(N_CARDS))
    ranks = tuple("BJ" if n == "BJ" else "RJ" if n == "RJ" else n[0] for n in names)
    suits = tuple("J" if n in ("BJ", "RJ") else n[1] for n in names)
    return Deck(names=names, points=POINTS, ranks=ranks, suits=suits)


DECK = build_deck()


def level_name(level: int) -> str:
    return LEVEL_NAMES.get(level, "past A")


@dataclass(frozen=True, slots=True)
class Order:
    """Card order of one deal: level rank 2..14 and trump suit 0..3 or NO_TRUMP."""

    level: int
    trump: int
    esuit: tuple[int, ...]  # by card id
    pos: tuple[int, ...]  # by card id

    @property
    def trump_name(self) -> str:
        return "NT" if self.trump == NO_TRUMP else SUITS[self.trump]


def make_order(level: int, trump: int) -> Order:
    plain = [r for r in range(2, 15) if r != level]  # the level rank is left out
    rank_pos = {r: i for i, r in enumerate(plain)}
    es: list[int] = []
    ps: list[int] = []
    for c in range(N_CARDS):
        k = c >> 1
        if k >= 52:
            es.append(TRUMP)
            base = 1 if trump == NO_TRUMP else 14
            ps.append(base + (k - 52))
            continue
        r, s = kind_rank(k), kind_suit(k)
        if r == level:
            es.append(TRUMP)
            if trump == NO_TRUMP:
                ps.append(0)
            else:
                ps.append(13 if s == trump else 12)
        elif s == trump:
            es.append(TRUMP)
            ps.append(rank_pos[r])
        else:
            es.append(s)
            ps.append(rank_pos[r])
    return Order(level=level, trump=trump, esuit=tuple(es), pos=tuple(ps))


_ORDERS: dict[tuple[int, int], Order] = {}


def order_for(level: int, trump: int) -> Order:
    """Shared, cached Order (deals never mutate it)."""
    key = (level, trump)
    o = _ORDERS.get(key)
    if o is None:
        o = _ORDERS[key] = make_order(level, trump)
    return o
