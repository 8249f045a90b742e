"""One deal of Oh Hell, composed from parts on the engine's trick deal
(crowsnest.engine.trickdeal): the engine's bid-your-tricks part (TrickBids, with the
hook rule), its follow-suit validator with this game's words, and the turned-up card's
suit as trump. No Deal subclass and no bidding of its own.

Phases: "bid" (each seat from the dealer's left bids 0..hand size, the dealer last),
"play" (tricks; follow suit; trump wins), "over".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crowsnest.engine import DealSetup
from crowsnest.engine.trickdeal import (
    FollowSuit,
    TrickBids,
    TrickDeal,
    TrickGame,
    standard_must_follow,
)
from crowsnest.engine.variant import AuctionOutcome

from .cards import DECK, RANK_OF, SUIT_NAMES, SUIT_OF, hand_sizes


def deal_size(setup: DealSetup) -> int:
    """This deal's hand size; deals past the schedule (a tie at the end) repeat the last."""
    sizes = hand_sizes(setup.options, setup.seats)
    return sizes[min(setup.deal_no, len(sizes) - 1)]


def first_bidder(setup: DealSetup, outcome: AuctionOutcome | None = None) -> int:
    """The first bidder (the dealer's left: the engine's rule) leads the first trick."""
    return setup.first_caller


# The follow-suit refusals are the engine's, already translated in the game's catalog
# (one whole sentence per suit: a language may bend the suit's name inside it).
must_follow = standard_must_follow


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


# The bidding part is the engine's: every seat bids the exact number of tricks it will take;
# with the hook rule the dealer, bidding last, may not bid the one number that would make
# the bids add up to the number of tricks (so someone must miss).
BIDDING = TrickBids(hook="hook", hand_size=deal_size)
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
