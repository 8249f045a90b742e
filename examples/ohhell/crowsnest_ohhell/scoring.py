"""The scorer part: exact bids score, the match follows the hand-size schedule."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from crowsnest.engine import DealResult, DealSetup, Settlement

from .cards import hand_sizes


def deal_score(bid: int, took: int, options: Mapping[str, Any]) -> int:
    """Exact bid: bonus + bid. Otherwise 0, or minus the difference with miss = "minus"."""
    if bid == took:
        return int(options["exact_bonus"]) + bid
    if options["miss"] == "minus":
        return -abs(bid - took)
    return 0


class OhHellScorer:
    def first_dealer(self, options: Mapping[str, Any], seats: int, rng: random.Random) -> int:
        return rng.randrange(seats)

    def initial_scores(self, options: Mapping[str, Any], seats: int) -> tuple[int, ...]:
        return (0,) * seats

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement:
        bids = result.details["auction"].bids  # the bidding part's auction (deal.py)
        took = result.details["tricks"]
        change = tuple(deal_score(b, t, setup.options) for b, t in zip(bids, took, strict=True))
        scores = tuple(s + c for s, c in zip(setup.scores, change, strict=True))
        winner = None
        if setup.deal_no + 1 >= len(hand_sizes(setup.options, setup.seats)):
            top = max(scores)
            leaders = [i for i, s in enumerate(scores) if s == top]
            # A tie at the end: play on with the last hand size until one seat leads alone.
            if len(leaders) == 1:
                winner = leaders[0]
        return Settlement(
            score_change=change,
            scores=scores,
            next_dealer=(setup.dealer + 1) % setup.seats,
            winner=winner,
            extra_event={
                "bids": list(bids),
                "tricks": list(took),
                "hand_size": result.details["hand_size"],
            },
        )

    def redeal_dealer(self, setup: DealSetup, result: DealResult) -> int:
        return setup.dealer  # Oh Hell never throws a deal in; kept for the Scorer protocol


SCORER = OhHellScorer()
