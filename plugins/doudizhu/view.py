"""What one seat of a Dou Dizhu deal may see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crowsnest.engine.cards import Card
from crowsnest.engine.presentation import Text
from crowsnest.engine.variant import AuctionPosition, PlayPosition

from . import rules
from .bidding import DouDizhuAuction
from .cards import names_in_order


@dataclass(frozen=True, slots=True)
class DouDizhuView:
    """What one seat may see (seat -1: the public view, no hand). Card fields are id
    tuples (sorted); to_json gives names.

    history: every play and pass since the landlord was chosen, as (seat, cards), with
    cards == () for a pass. played: all cards each seat has played (for counting).
    """

    seat: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    dealer: int
    scores: tuple[int, ...]
    first_bidder: int
    bids: tuple[tuple[int, int], ...]  # (seat, amount), 0 = pass
    bid: int
    landlord: int  # -1 while bidding
    bottom: tuple[Card, ...] | None  # shown once the landlord is known
    multiplier: int
    bombs: int
    last_play: tuple[int, tuple[Card, ...]] | None  # (seat, cards) to beat, None when leading
    last_combo: str  # the name of the combination to beat ("" when leading)
    leader: int  # who led the current round
    trick: tuple[tuple[int, tuple[Card, ...]], ...]  # the plays of the current round
    history: tuple[tuple[int, tuple[Card, ...]], ...]
    played: tuple[tuple[Card, ...], ...]
    auction: DouDizhuAuction  # public: every call (bidding.py)

    def play_position(self) -> PlayPosition | None:
        """What the validator (play.py) reads, as this seat knows it: its hand and the
        combination to beat (None while leading)."""
        if self.phase != "play" or self.to_move != self.seat:
            return None
        lp = self.last_play
        combo = None if lp is None else rules.classify_cards(lp[1])
        assert not isinstance(combo, Text), combo  # played, so a combination
        return PlayPosition(self.hand, combo, None)

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid" or self.to_move != self.seat:
            return None
        return AuctionPosition(self.auction, self.hand)

    def to_json(self) -> dict[str, Any]:
        lp = self.last_play
        return {
            "seat": self.seat if self.seat >= 0 else None,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": names_in_order(self.hand),
            "hand_counts": list(self.hand_counts),
            "trick": [[s, names_in_order(cs)] for s, cs in self.trick],
            "dealer": self.dealer,
            "scores": list(self.scores),
            "first_bidder": self.first_bidder,
            "bids": [[s, b] for s, b in self.bids],
            "bid": self.bid,
            "landlord": self.landlord if self.landlord >= 0 else None,
            "bottom": names_in_order(self.bottom) if self.bottom is not None else None,
            "multiplier": self.multiplier,
            "bombs": self.bombs,
            "last_play": None if lp is None else {"seat": lp[0], "cards": names_in_order(lp[1])},
            "last_combo": self.last_combo,
            "leader": self.leader,
            "history": [[s, names_in_order(cs) if cs else "pass"] for s, cs in self.history],
            "played": [names_in_order(cs) for cs in self.played],
        }
