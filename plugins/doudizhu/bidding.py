"""The Dou Dizhu auction: the bidding part (crowsnest.engine.Bidding).

From the first bidder round the table: pass or bid higher than the bid so far (1, 2 or
3). A bid of 3 wins at once; after a bid, two passes in a row give it to the last bidder;
three passes without any bid throw the deal in. The deal, its views, the AIs, the hint
and the coach all ask this part.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from crowsnest.engine.actions import PASS, Action
from crowsnest.engine.cards import Card
from crowsnest.engine.variant import AuctionOutcome, DealSetup
from crowsnest.i18n import _

SEATS = 3
BIDS: tuple[Action, ...] = (("bid", 1), ("bid", 2), ("bid", 3))
CALLS: tuple[tuple[Action, ...], ...] = tuple((PASS, *BIDS[b:]) for b in range(4))
_make = tuple.__new__  # every field in DouDizhuAuction's order: no generated __new__ frame


class DouDizhuAuction(NamedTuple):
    """The auction so far: public. An immutable value made for every call of every deal:
    a NamedTuple made with tuple.__new__ (_make), not a frozen dataclass, whose __init__
    sets each field through object.__setattr__ (issue 26's cost of the parts)."""

    turn: int  # the seat to call, -1 once over
    bid: int = 0  # the high bid (0: none yet)
    bidder: int = -1
    passes: int = 0  # passes in a row
    log: tuple[tuple[int, int], ...] = ()  # (seat, amount), 0 = pass
    thrown_in: bool = False


def first_bidder(setup: DealSetup) -> int:
    """A fixed first bidder, or one drawn from the deal's own seed."""
    if setup.first is not None:
        return setup.first
    return random.Random(setup.rng_seed).randrange(SEATS)


class DouDizhuBidding:
    def start(self, setup: DealSetup) -> DouDizhuAuction:
        return _make(DouDizhuAuction, (first_bidder(setup), 0, -1, 0, (), False))

    def to_call(self, auction: DouDizhuAuction) -> int:
        return auction.turn

    def legal_calls(self, auction: DouDizhuAuction, hand: Sequence[Card] = ()) -> list[Action]:
        return list(CALLS[auction.bid])

    def refusal(self, auction: DouDizhuAuction, hand: Sequence[Card], call: Action) -> str | None:
        kind = call[0]
        if kind == "pass" and len(call) == 1:
            return None
        if kind == "bid" and len(call) == 2:
            amount = call[1]
            if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 3:
                return _("a bid is 1, 2 or 3")
            if amount <= auction.bid:
                return _("you must bid more than {bid} (or pass)").format(bid=auction.bid)
            return None
        return _("the bidding is not over: pass or bid 1, 2 or 3")

    def call(self, auction: DouDizhuAuction, call: Action) -> DouDizhuAuction:
        seat = auction.turn
        nxt = (seat + 1) % SEATS
        if call[0] == "pass":
            passes = auction.passes + 1
            log = (*auction.log, (seat, 0))
            if auction.bidder < 0 and passes == SEATS:
                return _make(DouDizhuAuction, (-1, 0, -1, passes, log, True))
            over = auction.bidder >= 0 and passes == 2
            return _make(
                DouDizhuAuction,
                (-1 if over else nxt, auction.bid, auction.bidder, passes, log, False),
            )
        amount = call[1]
        log = (*auction.log, (seat, amount))
        return _make(DouDizhuAuction, (-1 if amount == 3 else nxt, amount, seat, 0, log, False))

    def outcome(self, auction: DouDizhuAuction) -> AuctionOutcome | None:
        if auction.turn >= 0:
            return None
        if auction.thrown_in:
            return AuctionOutcome(thrown_in=True)
        return AuctionOutcome(declarer=auction.bidder, contract=auction.bid)


BIDDING = DouDizhuBidding()
