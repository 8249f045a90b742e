"""What one seat of a Rook-family deal may see (ints inside, names in to_json)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crowsnest.engine.variant import AuctionPosition, PlayPosition

from .bidding import AuctionFacts, RookAuction
from .play import RookContract, playable
from .rules import COLOUR_NAMES, RookRules


@dataclass(frozen=True, slots=True)
class RookView(AuctionFacts):
    """One seat's view (seat -1: the public view, no hand). Positions: every hand in
    turn order; the 2-player dummy is position 2 (played by `controllers[2]`). Card
    fields hold card ids of rules.deck."""

    seat: int
    rules: RookRules = field(compare=False, repr=False)
    phase: str
    to_move: int  # seat to act, -1 when over
    acting: int  # position to act (the dummy's, when its controller plays for it)
    dealer: int
    hand: tuple[int, ...]  # sorted
    hand_counts: tuple[int, ...]  # per position
    trick: tuple[tuple[int, int], ...]  # (position, card) in play order
    led: int  # effective suit led in the current trick, -1 before a suit is set
    history: tuple[tuple[tuple[int, int], ...], ...]  # finished tricks, as `trick`
    auction: RookAuction  # public: every call so far (bidding.py)
    declarer: int
    trump: int  # colour index, -1 before it is named
    nest_count: int
    nest_taken: tuple[int, ...]  # the cards the declarer picked up (declarer only)
    nest: tuple[int, ...]  # the cards in the nest (declarer after discarding; all at the end)
    won_points: tuple[int, ...]  # counters taken per position (nest added at the end)
    tricks_won: tuple[int, ...]  # per position
    controllers: tuple[int, ...]  # seat playing each position
    dummy_up: tuple[int, ...]  # the dummy's face-up card per pile (-1: pile empty)
    dummy_down: int  # face-down dummy cards left
    dummy_under: tuple[bool, ...]  # per pile: is there a face-down card under the top one
    aside_count: int
    scores: tuple[int, ...]  # match scores before this deal

    # -------------------------------------------------------- derived facts

    @property
    def bids(self) -> tuple[tuple[int, int], ...]:
        """(seat, amount) in order, 0 for a pass."""
        return self.auction.log

    def side_of(self, pos: int) -> int:
        """Team index (team games) or seat that position `pos` scores for."""
        teams = self.rules.teams
        seat = self.controllers[pos]
        if teams:
            for i, t in enumerate(teams):
                if seat in t:
                    return i
        return seat

    def counters_taken(self) -> tuple[int, ...]:
        out = [0] * self.rules.sides
        for pos, pts in enumerate(self.won_points):
            if self.controllers[pos] >= 0:  # the dummy has no side before the auction ends
                out[self.side_of(pos)] += pts
        return tuple(out)

    def playing_hand(self) -> list[int]:
        """The cards of the position this seat plays now: its hand, or the dummy's
        face-up cards when it plays for the dummy."""
        if self.acting == self.seat:
            return list(self.hand)
        return [c for c in self.dummy_up if c >= 0]

    def playable(self) -> list[int]:
        """The cards this seat's acting position may play (play.py: the deal's rule)."""
        return playable(self.rules, self.playing_hand(), self.led, self.trump)

    def play_position(self) -> PlayPosition | None:
        """What the validator reads, as this seat knows it (the deal's play_position)."""
        if self.phase != "play" or self.to_move != self.seat:
            return None
        return PlayPosition(self.playing_hand(), self.trick, RookContract(self.rules, self.trump))

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid" or self.to_move != self.seat:
            return None
        return AuctionPosition(self.auction, self.hand)

    # -------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """The view in JSON. What does not depend on the seat is made once for the views
        of one state (a server asks for every seat's view of an action in turn) and
        shared by them: read a view's JSON, never change it (Match.view_json)."""
        global _SHARED
        r = self.rules
        names = r.deck.names

        def nm(cards: tuple[int, ...] | list[int]) -> list[str]:
            return [names[c] for c in cards]

        # Every field the seat-free part reads (the rules by identity, below).
        key = (
            self.phase,
            self.to_move,
            self.acting,
            self.dealer,
            self.hand_counts,
            self.trick,
            self.history,
            self.auction,
            self.declarer,
            self.trump,
            self.nest_count,
            self.won_points,
            self.tricks_won,
            self.controllers,
            self.dummy_up,
            self.dummy_down,
            self.dummy_under,
            self.aside_count,
            self.scores,
        )
        shared = _SHARED
        if shared is not None and shared[0] is r and shared[1] == key:
            base, dummy = shared[2], shared[3]
        else:
            base, dummy = self.seat_free_json()
            _SHARED = (r, key, base, dummy)
        out = dict(base)  # the keys in their order; the seat's own values set below
        out["seat"] = self.seat if self.seat >= 0 else None
        out["hand"] = nm(self.hand)
        if self.nest_taken:
            out["nest_taken"] = nm(sorted(self.nest_taken))
        if self.nest:
            out["nest"] = nm(self.nest)
        if dummy is not None:
            out["dummy"] = dummy
        return out

    def seat_free_json(self) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The JSON every seat's view of this state shares: the keys up to
        points_in_play (seat and hand as placeholders, in their places) and the dummy
        (RookDeal.view_texts makes it into text once for every reader)."""
        r = self.rules
        names = r.deck.names
        base: dict[str, Any] = {
            "seat": None,
            "phase": self.phase,
            "to_move": self.to_move,
            "acting": self.acting,
            "dealer": self.dealer,
            "hand": None,
            "hand_counts": list(self.hand_counts[: r.seats]),
            "trick": [[p, [names[c]]] for p, c in self.trick],
            "last_trick": [[p, [names[c]]] for p, c in self.history[-1]] if self.history else [],
            # the last trick's winner leads the trick on the table (or is to lead it)
            "last_trick_winner": (self.trick[0][0] if self.trick else self.acting)
            if self.history
            else None,
            "tricks_played": len(self.history),
            "bids": [[s, b] for s, b in self.bids],
            "bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "passed": list(self.passed),
            "declarer": self.declarer,
            "trump": COLOUR_NAMES[self.trump] if self.trump >= 0 else None,
            "nest_count": self.nest_count,
            "counters_taken": list(self.counters_taken()),
            "tricks_won": list(self.tricks_won),
            "scores": list(self.scores),
            "teams": [list(t) for t in r.teams] if r.teams else None,
            "aside_count": self.aside_count,
            "bid_range": [r.bid_min, r.bid_max, r.bid_step],
            "points_in_play": r.points_in_play,
        }
        dummy = None
        if r.dummy:
            dummy = {
                "position": 2,
                "controller": self.controllers[2],
                "up": [names[c] if c >= 0 else None for c in self.dummy_up],
                "down": self.dummy_down,
                "under": list(self.dummy_under),  # per pile: a face-down card lies beneath
                "count": self.hand_counts[2],
            }
        return base, dummy


# The last seat-free JSON made (RookView.to_json): (rules, key, base, dummy). One tuple,
# replaced whole, so threads reading views never see half of one.
_SHARED: tuple[RookRules, tuple[Any, ...], dict[str, Any], dict[str, Any] | None] | None = None
