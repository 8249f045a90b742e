"""One deal of Oh Hell, composed from parts on the engine's trick deal
(crowsnest.engine.trickdeal): the bidding part below, the engine's follow-suit validator
with this game's words, and the turned-up card's suit as trump. No Deal subclass.

Phases: "bid" (each seat from the dealer's left bids 0..hand size, the dealer last),
"play" (tricks; follow suit; trump wins), "over".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from crowsnest.engine import Action, Card, DealSetup
from crowsnest.engine.trickdeal import FollowSuit, TrickDeal, TrickGame
from crowsnest.engine.variant import AuctionOutcome

from .cards import DECK, RANK_OF, SUIT_NAMES, SUIT_OF, hand_sizes
from .i18n import _, ngettext

BID: tuple[Action, ...] = tuple(("bid", n) for n in range(52))  # reused action tuples


@dataclass(frozen=True, slots=True)
class OhHellAuction:
    """The bids so far (None: not yet), the hand size and the hook rule."""

    bids: tuple[int | None, ...]
    hand_size: int
    hook: bool
    turn: int  # the seat to bid, -1 once everyone has

    def forbidden(self) -> int:
        """The bid the hook rule forbids the last bidder (-1: none)."""
        if not self.hook or sum(b is None for b in self.bids) != 1:
            return -1  # the hook binds only the last to bid
        return self.hand_size - sum(b for b in self.bids if b is not None)


def deal_size(setup: DealSetup) -> int:
    """This deal's hand size; deals past the schedule (a tie at the end) repeat the last."""
    sizes = hand_sizes(setup.options, setup.seats)
    return sizes[min(setup.deal_no, len(sizes) - 1)]


def first_bidder(setup: DealSetup, outcome: AuctionOutcome | None = None) -> int:
    """The dealer's left bids first and leads the first trick."""
    return setup.first if setup.first is not None else (setup.dealer + 1) % setup.seats


class OhHellBidding:
    """The bidding part: every seat bids the exact number of tricks it will take. With
    the hook rule the dealer, bidding last, may not bid the one number that would make
    the bids add up to the number of tricks (so someone must miss)."""

    def start(self, setup: DealSetup) -> OhHellAuction:
        n = setup.seats
        return OhHellAuction(
            (None,) * n, deal_size(setup), bool(setup.options["hook"]), first_bidder(setup)
        )

    def to_call(self, auction: OhHellAuction) -> int:
        return auction.turn

    def legal_calls(self, auction: OhHellAuction, hand: Sequence[Card] = ()) -> list[Action]:
        no = auction.forbidden()
        return [BID[b] for b in range(auction.hand_size + 1) if b != no]

    def refusal(self, auction: OhHellAuction, hand: Sequence[Card], call: Action) -> str | None:
        h = auction.hand_size
        if call[0] != "bid" or len(call) != 2:
            return _(
                "bid the number of tricks you will take, such as 'bid 2' "
                "('bid 0' is allowed; there is no pass)"
            )
        amount = call[1]
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= h:
            return _("a bid is a number of tricks from 0 to {most}").format(most=h)
        if amount == auction.forbidden():
            # One sentence per plural form, never "trick(s)" glued from pieces.
            return ngettext(
                "the dealer may not bid {bid}: the bids would add up to the {n} trick "
                "(the hook rule)",
                "the dealer may not bid {bid}: the bids would add up to the {n} tricks "
                "(the hook rule)",
                h,
            ).format(bid=amount, n=h)
        return None

    def call(self, auction: OhHellAuction, call: Action) -> OhHellAuction:
        s = auction.turn
        bids = auction.bids[:s] + (call[1],) + auction.bids[s + 1 :]
        turn = -1 if None not in bids else (s + 1) % len(bids)
        return replace(auction, bids=bids, turn=turn)

    def outcome(self, auction: OhHellAuction) -> AuctionOutcome | None:
        return None if auction.turn >= 0 else AuctionOutcome()  # nobody declares


def must_follow(suit: int) -> str:
    """The refusal for not following `suit`: a whole sentence per suit, since a
    language may bend the suit's name inside it."""
    return (
        _("you must follow spades"),
        _("you must follow hearts"),
        _("you must follow diamonds"),
        _("you must follow clubs"),
    )[suit]


def turned_up_trump(setup: DealSetup, outcome: AuctionOutcome) -> int | None:
    """The suit of the turned-up card; no trump when nothing was left to turn up."""
    turnup = setup.piles.get("turnup") or ()
    return SUIT_OF[turnup[0]] if turnup else None


def public(deal: TrickDeal, seat: int) -> Mapping[str, Any]:
    """Oh Hell's own facts in a view and the state: the bids, the turn-up, the hook."""
    turnup = deal.piles_.get("turnup") or []
    return {
        "bids": list(deal.auction.bids),
        "turnup": DECK.names[turnup[0]] if turnup else None,
        "hook": deal.auction.hook,
    }


BIDDING = OhHellBidding()
VALIDATOR = FollowSuit(must_follow, DECK.names)
GAME = TrickGame(
    deck=DECK,
    bidding=BIDDING,
    validator=VALIDATOR,
    suits=SUIT_OF,
    power=RANK_OF,
    suit_words=SUIT_NAMES,
    trump=turned_up_trump,
    hand_size=deal_size,
    spare_pile="stock",
    first_lead=first_bidder,
    public=public,
)
