"""The shared trick-taking core: effective suits, trump order, following suit and the
winner of a trick.

Everything is table-driven so the hot paths are list lookups on int cards:

- ``TrumpOrder`` maps every card to its *effective suit* (the suit it counts as in play:
  every trump, whatever its printed suit, counts as the trump suit) and to a *strength*
  (comparable within one effective suit; every trump is stronger than every non-trump).
- ``build_trump_order`` makes one from the printed suits, the plain-suit rank power and
  the explicit list of trump cards from low to high (groups of equal strength allowed:
  Tractor's off-suit level cards tie). A variant builds one per possible trump and keeps
  them.
- ``follow_cards`` / ``trick_winner`` answer the two questions every trick game asks.

The Rook family uses single cards; Tractor can use the same tables for the suit and
strength of each card inside its combinations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card

TRUMP_BASE = 1000  # strength offset of trumps: above every plain-suit power


@dataclass(frozen=True, slots=True)
class TrumpOrder:
    """Lookup tables for one choice of trump.

    trump:    the effective suit index of trumps.
    eff_suit: per card, the suit it counts as in play.
    strength: per card, its power; trumps are TRUMP_BASE + their position in the trump
              order (ties share a position), plain cards their rank power.
    """

    trump: int
    eff_suit: tuple[int, ...]
    strength: tuple[int, ...]


def build_trump_order(
    suits: Sequence[int],
    power: Sequence[int],
    trump: int,
    trumps_low_to_high: Iterable[Card | Sequence[Card]],
) -> TrumpOrder:
    """Tables for one trump.

    suits:  printed suit of each card (any ints; the trump index need not be printed on
            any card, e.g. "no trump" games pass a suit no card has).
    power:  plain-suit power of each card (higher beats lower within a suit).
    trumps_low_to_high: every trump card from weakest to strongest; an element that is a
            sequence is a group of equally strong trumps.
    """
    eff = list(suits)
    strength = list(power)
    for i, group in enumerate(trumps_low_to_high):
        cards = (group,) if isinstance(group, int) else tuple(group)
        for c in cards:
            eff[c] = trump
            strength[c] = TRUMP_BASE + i
    return TrumpOrder(trump=trump, eff_suit=tuple(eff), strength=tuple(strength))


def follow_cards(hand: Iterable[Card], led: int, eff_suit: Sequence[int]) -> list[Card]:
    """The cards of `hand` in the led effective suit (empty: the player is void)."""
    # A loop, not a list comprehension: on Python 3.11 a comprehension is one more frame,
    # and every card play of every random deal and play-out asks this (issue 26).
    out = []
    for c in hand:
        if eff_suit[c] == led:
            out.append(c)
    return out


def trick_winner(cards: Sequence[Card], led: int, order: TrumpOrder) -> int:
    """Index into `cards` (in play order) of the winning card.

    The strongest trump wins; without trumps the strongest card of the led suit. Cards of
    other suits cannot win. On equal strength the card played first wins (Tractor's rule
    for identical cards; single-pack games never tie).
    """
    eff = order.eff_suit
    strength = order.strength
    trump = order.trump
    best = -1
    best_i = 0
    for i, c in enumerate(cards):
        e = eff[c]
        if e in (trump, led):
            s = strength[c]
            if s > best:
                best = s
                best_i = i
    return best_i


def beats(card: Card, best: Card, led: int, order: TrumpOrder) -> bool:
    """Would `card`, played now, beat `best` (the card currently winning the trick)?"""
    eff = order.eff_suit
    e = eff[card]
    if e not in (order.trump, led):
        return False
    eb = eff[best]
    if eb not in (order.trump, led):  # `best` is normally eligible; be safe
        return True
    return order.strength[card] > order.strength[best]


__all__ = ["TRUMP_BASE", "TrumpOrder", "beats", "build_trump_order", "follow_cards", "trick_winner"]
