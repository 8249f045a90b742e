"""AIs for Oh Hell. They see only an TrickView and the legal actions.

random: uniform over the legal actions.
easy:   bids the tricks its high cards and trumps should take, then plays to hit the
        bid exactly: wins cheaply while it needs tricks, ducks once it has enough.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from crowsnest.engine import Action, tricks
from crowsnest.engine.trickdeal import TrickView

from .cards import RANK_OF, SUIT_OF

ACE, KING, QUEEN = 12, 11, 10


class RandomAI:
    def choose(self, view: TrickView, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))


def estimate_tricks(view: TrickView) -> float:
    """Expected tricks from the hand: sure-ish winners, discounted in a crowded table."""
    trump = view.trump
    hand = view.hand
    by_suit: dict[int, int] = {}
    for c in hand:
        by_suit[SUIT_OF[c]] = by_suit.get(SUIT_OF[c], 0) + 1
    est = 0.0
    for c in hand:
        s, r = SUIT_OF[c], RANK_OF[c]
        if s == trump:
            est += 1.0 if r >= KING else 0.6 if r >= QUEEN - 1 else 0.25
        elif r == ACE:
            est += 0.85 if by_suit[s] <= 4 else 0.5
        elif r == KING and by_suit[s] >= 2:
            est += 0.45 if by_suit[s] <= 3 else 0.2
    trumps = by_suit.get(trump, 0)
    if trumps:  # a short side suit lets a trump ruff
        est += 0.3 * sum(1 for s in range(4) if s != trump and by_suit.get(s, 0) == 0)
    # More opponents, fewer tricks each high card can count on.
    return est * (4.5 / (view.seats + 0.5))


class EasyAI:
    def choose(self, view: TrickView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bid":
            return self._bid(view, legal)
        return self._play(view, legal)

    def _bid(self, view: TrickView, legal: Sequence[Action]) -> Action:
        want = round(estimate_tricks(view))
        # The nearest legal bid (the hook may forbid the exact one).
        return min(legal, key=lambda a: (abs(a[1] - want), a[1]))

    def _play(self, view: TrickView, legal: Sequence[Action]) -> Action:
        cards = [a[1][0] for a in legal]
        trump = view.trump
        need = (view.auction.bids[view.seat] or 0) - view.tricks_won[view.seat]
        trick = view.trick
        assert view.contract is not None
        order = view.contract.order

        def strength(c: int) -> tuple[int, int]:
            return (SUIT_OF[c] == trump, RANK_OF[c])

        if not trick:
            # Leading: the strongest card while tricks are needed, else the weakest.
            card = max(cards, key=strength) if need > 0 else min(cards, key=strength)
            return ("play", (card,))
        led = view.led
        best = trick[tricks.trick_winner([c for _, c in trick], led, order)][1]
        winners = [c for c in cards if tricks.beats(c, best, led, order)]
        losers = [c for c in cards if c not in winners]
        if need > 0:
            card = min(winners, key=strength) if winners else min(cards, key=strength)
        elif losers:
            card = max(losers, key=strength)  # duck with the highest card that still loses
        else:
            card = max(cards, key=strength)  # forced to win: spend the biggest card
        return ("play", (card,))


def random_ai(variant: Any, options: Mapping[str, Any], seats: int) -> RandomAI:
    return RandomAI()


def easy_ai(variant: Any, options: Mapping[str, Any], seats: int) -> EasyAI:
    return EasyAI()
