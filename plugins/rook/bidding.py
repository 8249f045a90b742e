"""The Rook-family auction: the bidding part (crowsnest.engine.Bidding).

One round after another from the seat after the dealer: bid higher in steps or pass (a
pass is final). The last player left in wins at the high bid; a bid of the maximum wins
at once; when everyone passes the deal is thrown in, or (all_pass = dealer_forced) the
last player must take it at the lowest bid. RookDeal, RookView, the AIs, the hint and the
coach all ask this part: it is the one home of these rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from crowsnest.engine import PASS, Action, DealSetup
from crowsnest.engine.variant import AuctionOutcome
from crowsnest.i18n import _

from .rules import RookRules


class RookAuction(NamedTuple):
    """An auction in progress: public (every seat sees every call). An immutable value
    made for every call of every deal, random and AI play-outs included: a NamedTuple,
    which is made in a third of a frozen dataclass's time (issue 26's cost of the parts).

    As a tuple it compares and hashes field by field, the rules included: RookRules
    compares and hashes by identity (eq=False; one object per preset, options and seat
    count from rules_for's cache), so that costs one pointer test, and two auctions of
    the same calls under rules built apart (build_rules, not rules_for) are unequal."""

    rules: RookRules
    passed: tuple[bool, ...]  # per seat: has passed (out of the auction)
    high_bid: int = 0  # 0: nobody has bid
    high_bidder: int = -1
    log: tuple[tuple[int, int], ...] = ()  # (seat, amount) in order, 0 for a pass
    turn: int = -1  # the seat to call, -1 once over
    declarer: int = -1  # the winner, once over
    thrown_in: bool = False

    @property
    def forced(self) -> bool:
        """The seat to call must take the contract at the lowest bid (dealer_forced)."""
        return _forced(self.rules, self.passed, self.high_bidder, self.turn)

    def __repr__(self) -> str:  # the rules are the deal's, not the auction's news
        return (
            f"RookAuction(passed={self.passed}, high_bid={self.high_bid}, "
            f"high_bidder={self.high_bidder}, log={self.log}, turn={self.turn}, "
            f"declarer={self.declarer}, thrown_in={self.thrown_in})"
        )


# The auction is made by tuple.__new__ with all its fields in order, not by the class's
# generated __new__ (a Python function with defaults: one more frame per call of every
# deal; issue 26's cost of the parts). The field order is RookAuction's.
_make = tuple.__new__


def _forced(r: RookRules, passed: tuple[bool, ...], high_bidder: int, turn: int) -> bool:
    """RookAuction.forced from its fields: nobody has bid, the last player must take it,
    and every seat but the one to call has passed."""
    return (
        high_bidder < 0
        and r.forced_dealer
        and passed.count(False) == (turn >= 0 and not passed[turn])
    )


def first_auction(rules: RookRules, first: int) -> RookAuction:
    return _make(RookAuction, (rules, (False,) * rules.seats, 0, -1, (), first, -1, False))


class RookBidding:
    """The bidding part. Its rules come from the deal's RookRules (bid_min, bid_step,
    bid_max, all_pass), which the auction carries."""

    def __init__(self, preset: object | None = None) -> None:
        self.preset = preset  # the variant's Preset: start() resolves its rules

    def start(self, setup: DealSetup) -> RookAuction:
        from .rules import rules_for

        rules = rules_for(self.preset, setup.options, setup.seats)
        return first_auction(rules, setup.first_caller)

    def to_call(self, auction: RookAuction) -> int:
        return auction.turn

    def legal_calls(self, auction: RookAuction, hand: Sequence[int] = ()) -> list[Action]:
        return list(self.calls(auction))

    def calls(self, auction: RookAuction) -> tuple[Action, ...]:
        """legal_calls as the shared tuple (no copy: the deal's hot path)."""
        r = auction.rules
        if auction.high_bidder < 0 and r.forced_dealer and auction.forced:
            return (r.bids[0],)  # the last player must take it at the minimum
        return r.after_bid[auction.high_bid]

    def refusal(self, auction: RookAuction, hand: Sequence[int], call: Action) -> str | None:
        r = auction.rules
        kind = call[0]
        if kind == "pass":
            if call != PASS:
                return _("'pass' takes nothing after it")
            if auction.forced:
                return _("everyone else passed: you must bid {bid}").format(bid=r.bid_min)
            return None
        if kind != "bid":
            return _("it is time to bid or pass")
        if len(call) != 2 or not isinstance(call[1], int) or isinstance(call[1], bool):
            return _("a bid is 'bid N' with a whole number")
        n = call[1]
        if n < r.bid_min:
            return _("the lowest bid is {bid}").format(bid=r.bid_min)
        if n > r.bid_max:
            return _("the highest bid is {bid}").format(bid=r.bid_max)
        if (n - r.bid_min) % r.bid_step:
            return _("bids go up in steps of {step} from {bid}").format(
                step=r.bid_step, bid=r.bid_min
            )
        if n <= auction.high_bid:
            return _("you must bid more than {bid}").format(bid=auction.high_bid)
        if auction.forced and n != r.bid_min:
            return _("everyone else passed: you must bid {bid}").format(bid=r.bid_min)
        return None

    def call(self, auction: RookAuction, call: Action) -> RookAuction:
        # Random play makes a call per action: the fields unpacked at once, the new
        # auction made by _make (above).
        r, passed, high, bidder, log, s, _declarer, _thrown_in = auction
        if call[0] == "pass":
            passed = passed[:s] + (True,) + passed[s + 1 :]
            log = (*log, (s, 0))
            left = passed.count(False)
            if left == 0:
                return _make(RookAuction, (r, passed, high, bidder, log, -1, -1, True))
            if left == 1 and bidder >= 0:
                return _make(RookAuction, (r, passed, high, bidder, log, -1, bidder, False))
            return _make(
                RookAuction, (r, passed, high, bidder, log, _next_in(passed, s), -1, False)
            )
        n = call[1]
        log = (*log, (s, n))
        if n >= r.bid_max or passed.count(False) == 1:
            return _make(RookAuction, (r, passed, n, s, log, -1, s, False))
        return _make(RookAuction, (r, passed, n, s, log, _next_in(passed, s), -1, False))

    def outcome(self, auction: RookAuction) -> AuctionOutcome | None:
        if auction.turn >= 0:
            return None
        if auction.thrown_in:
            return AuctionOutcome(thrown_in=True)
        return AuctionOutcome(declarer=auction.declarer, contract=auction.high_bid)


def _next_in(passed: tuple[bool, ...], s: int) -> int:
    """The next seat after `s` still in the auction."""
    n = len(passed)
    for _step in range(n):
        s = (s + 1) % n
        if not passed[s]:
            return s
    return -1


BIDDING = RookBidding()  # for callers holding an auction (the deal, views, AIs)


class AuctionFacts:
    """The auction's facts as attributes of what holds an auction (the deal, and the
    view the AIs read), so neither spells them out again."""

    __slots__ = ()  # RookView keeps its slots
    auction: RookAuction

    @property
    def high_bid(self) -> int:
        return self.auction.high_bid

    @property
    def high_bidder(self) -> int:
        return self.auction.high_bidder

    @property
    def passed(self) -> tuple[bool, ...]:
        return self.auction.passed
