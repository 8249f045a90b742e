"""The standard 52-card pack as a CrowsNest Deck, and how a deal lays it out.

Card ids are ints: id = suit * 13 + rank, rank 0..12 for 2..A, suit 0..3 for S H D C.
Tokens follow design.md: rank 2..9 T J Q K A + suit letter ("TH", "AS").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crowsnest.engine import Card, Deck

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_TOKENS = "23456789TJQKA"
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

DECK = Deck(
    names=tuple(r + s for s in SUITS for r in RANK_TOKENS),
    points=(0,) * 52,  # Oh Hell counts tricks, not card points
    ranks=tuple(RANK_LABELS[r] for _ in SUITS for r in range(13)),
    suits=tuple(s for s in SUITS for _ in range(13)),
)

# Precomputed per-card tables: the hot paths (legal moves, AI) only index tuples.
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
RANK_OF: tuple[int, ...] = tuple(c % 13 for c in range(52))


def largest_hand(options: Mapping[str, Any], seats: int) -> int:
    """The largest hand of the match: the option, capped so one card is left to turn up."""
    return min(int(options["max_hand"]), 51 // seats)


def hand_sizes(options: Mapping[str, Any], seats: int) -> tuple[int, ...]:
    """The hand size of every deal of the match, in order (see the rules text)."""
    top = largest_hand(options, seats)
    down = list(range(top, 0, -1))
    up = list(range(1, top + 1))
    shape = options["rounds"]
    if shape == "down-up":
        sizes = down + up[1:]
    elif shape == "up-down":
        sizes = up + down[1:]
    elif shape == "down":
        sizes = down
    elif shape == "up":
        sizes = up
    else:  # "fixed"
        sizes = [top] * int(options["fixed_deals"])
    return tuple(sizes)


class StandardPack:
    """The DeckSpec part: always the 52-card pack, dealt into hands, a turn-up and a stock.

    layout() does not know which deal of the match it is dealing (the API passes only the
    options and seat count), so it always deals the largest hand; the deal trims each hand
    to its own size and puts the surplus in the stock (see deal.OhHellDeal).
    """

    def build(self, options: Mapping[str, Any], seats: int) -> Deck:
        return DECK

    def layout(
        self, options: Mapping[str, Any], seats: int, shuffled: list[Card]
    ) -> dict[str, Any]:
        top = largest_hand(options, seats)
        dealt = top * seats
        # One card at a time round the table, then the next card is turned up. Hands stay
        # in dealing order: a shorter deal keeps each hand's first cards, which is unbiased.
        hands = [shuffled[i:dealt:seats] for i in range(seats)]
        return {"hands": hands, "turnup": [shuffled[dealt]], "stock": sorted(shuffled[dealt + 1 :])}
