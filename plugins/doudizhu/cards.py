"""The Dou Dizhu pack as ints, and the rank tables every hot path uses.

Card id = 4 * rank + suit for the 52 suited cards (rank 0 = 3 ... 11 = A, 12 = 2; suits
S H D C), 52 = black joker (BJ), 53 = red joker (RJ). Ids therefore sort by rank, which is
the canonical print order of actions ("play 3S 3H 4D").

Rank indices 0..14 (3 4 5 6 7 8 9 T J Q K A 2 BJ RJ) are also the comparison order.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.cards import Card, Deck

RANK_TOKENS = "3456789TJQKA2"
SUIT_TOKENS = "SHDC"
N_RANKS = 15
R2 = 12  # the rank index of the 2s
BJ_RANK = 13
RJ_RANK = 14
TOP_CHAIN = 11  # chains (straights, pair runs, airplane cores) end at the ace
BJ = 52
RJ = 53
N_CARDS = 54

NAMES: tuple[str, ...] = tuple(r + s for r in RANK_TOKENS for s in SUIT_TOKENS) + ("BJ", "RJ")
RANK_OF: tuple[int, ...] = tuple(min(c // 4, 12) for c in range(52)) + (BJ_RANK, RJ_RANK)

# Words for people: the client shows them ("pair of 9s", "single black joker").
RANK_WORD: tuple[str, ...] = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "black joker", "red joker",
)  # fmt: skip
RANK_PLURAL: tuple[str, ...] = tuple(w + "s" for w in RANK_WORD[:13])

_DISPLAY_RANK = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

DECK = Deck(
    names=NAMES,
    points=(0,) * N_CARDS,
    ranks=tuple(_DISPLAY_RANK[c // 4] for c in range(52)) + ("BJ", "RJ"),
    suits=tuple(SUIT_TOKENS[c % 4] for c in range(52)) + ("J", "J"),
)

# LOW_SUITS[nibble][k]: the k lowest suit offsets present in a 4-bit suit mask. Choosing the
# lowest ids makes the concrete cards of a rank-multiset move deterministic.
LOW_SUITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(4) if nib >> s & 1)[:k] for k in range(5)) for nib in range(16)
)


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def counts_of(cards: Iterable[Card]) -> list[int]:
    counts = [0] * N_RANKS
    for c in cards:
        counts[RANK_OF[c]] += 1
    return counts


def ranks_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """The sorted rank multiset of some cards (a move's canonical form)."""
    return tuple(sorted(RANK_OF[c] for c in cards))


def cards_for(ranks: Iterable[int], mask: int) -> tuple[Card, ...]:
    """Concrete card ids for a rank multiset out of a hand mask: the lowest ids of each rank.

    The caller guarantees the hand holds them (moves are generated from its counts).
    """
    out: list[Card] = []
    need = [0] * N_RANKS
    for r in ranks:
        need[r] += 1
    for r in range(13):
        k = need[r]
        if k:
            base = 4 * r
            for s in LOW_SUITS[(mask >> base) & 15][k]:
                out.append(base + s)
    if need[BJ_RANK]:
        out.append(BJ)
    if need[RJ_RANK]:
        out.append(RJ)
    return tuple(out)


def names_of(cards: Iterable[Card]) -> list[str]:
    return [NAMES[c] for c in sorted(cards)]
