"""The Dou Dizhu pack as ints, and the rank tables every hot path uses.

Card id = 4 * rank + suit for the 52 suited cards (rank 0 = 3 ... 11 = A, 12 = 2; suits
S H D C), 52 = black joker (BJ), 53 = red joker (RJ). Ids therefore sort by rank, which is
the canonical print order of actions ("play 3S 3H 4D").

Rank indices 0..14 (3 4 5 6 7 8 9 T J Q K A 2 BJ RJ) are also the comparison order.
"""

from __future__ import annotations

from collections.abc import Iterable

from crowsnest.engine.cards import Card, Deck

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

_DISPLAY_RANK = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

DECK = Deck(
    names=NAMES,
    points=(0,) * N_CARDS,
    ranks=tuple(_DISPLAY_RANK[c // 4] for c in range(52)) + ("BJ", "RJ"),
    suits=tuple(SUIT_TOKENS[c % 4] for c in range(52)) + ("J", "J"),
)

# HELD_IDS[rank][nibble]: the ids of a rank present in a 4-bit suit mask, lowest first.
HELD_IDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(4 * r + s for s in range(4) if nib >> s & 1) for nib in range(16))
    for r in range(13)
)


# HELD_BY_SHIFT[rank][bits]: the same for every rank, jokers included, where bits are
# (mask >> SHIFT[rank]) & 15 (both jokers sit in the nibble at bit 52).
SHIFT: tuple[int, ...] = tuple(4 * r for r in range(13)) + (52, 52)
HELD_BY_SHIFT: tuple[tuple[tuple[int, ...], ...], ...] = HELD_IDS + (
    tuple((BJ,) if nib & 1 else () for nib in range(16)),
    tuple((RJ,) if nib & 2 else () for nib in range(16)),
)


def pick_cards(ranks: tuple[int, ...], mask: int) -> tuple[Card, ...]:
    """Concrete cards for one move (a sorted rank multiset): the lowest held ids of each
    rank, so the choice of suits is deterministic. The caller guarantees the hand holds
    them (moves are generated from its counts); the ids come out sorted."""
    out: list[Card] = []
    prev, k = -1, 0
    held: tuple[int, ...] = ()
    for r in ranks:
        if r == prev:
            k += 1
        else:
            prev, k = r, 0
            held = HELD_BY_SHIFT[r][(mask >> SHIFT[r]) & 15]
        out.append(held[k])
    return tuple(out)


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


def slots_for(mask: int) -> list[Card]:
    """The same choice for many moves at once (Deal.legal_actions): slot 4 * rank + k
    holds the id of the hand's k-th lowest card of that rank (-1 where it has fewer);
    a move's cards are its slot_index looked up in this table."""
    slots = [-1] * (4 * N_RANKS)
    for r in range(13):
        held = HELD_IDS[r][(mask >> 4 * r) & 15]
        if held:
            slots[4 * r : 4 * r + len(held)] = held
    if mask >> BJ & 1:
        slots[4 * BJ_RANK] = BJ
    if mask >> RJ & 1:
        slots[4 * RJ_RANK] = RJ
    return slots


_SLOT_INDEX: dict[tuple[int, ...], tuple[int, ...]] = {}


def slot_index(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """For a sorted rank multiset: the slot of each card (4 * rank + its repeat number)."""
    got = _SLOT_INDEX.get(ranks)
    if got is None:
        out = []
        prev, k = -1, 0
        for r in ranks:
            k = k + 1 if r == prev else 0
            prev = r
            out.append(4 * r + k)
        got = tuple(out)
        if len(_SLOT_INDEX) > 200_000:  # bounded: wing choices make many distinct moves
            _SLOT_INDEX.clear()
        _SLOT_INDEX[ranks] = got
    return got


def names_of(cards: Iterable[Card]) -> list[str]:
    return [NAMES[c] for c in sorted(cards)]


def names_in_order(cards: Iterable[Card]) -> list[str]:
    """The cards' names in the order given (names_of sorts them)."""
    return [NAMES[c] for c in cards]
