"""One Dou Dizhu deal: bidding, the landlord taking the bottom, and the climbing play.

Hands are kept two ways: a 54-bit mask per seat (which concrete cards) and a 15-rank count
vector (what legality depends on). Moves are generated from the counts as rank multisets
(see rules.py) and turned into concrete cards, the lowest ids of each rank, only when an
action is needed; `check` accepts any held cards of the right ranks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from crowsnest.engine.actions import CARD_KINDS, PASS, Action, ActionError
from crowsnest.engine.cards import Card
from crowsnest.engine.presentation import Text, sentence
from crowsnest.engine.variant import (
    AuctionPosition,
    Deal,
    DealResult,
    DealSetup,
    Event,
    PlayPosition,
)
from crowsnest.i18n import _

from . import rules
from .bidding import BIDDING
from .cards import (
    DECK,
    RANK_OF,
    counts_of,
    mask_of,
    names_in_order,
    names_of,
    pick_cards,
)
from .play import play_actions, play_refusal
from .rules import BOMB, ROCKET, Combo, Move
from .view import DouDizhuView

SEATS = 3


class DouDizhuDeal(Deal):
    deck = DECK

    def __init__(self, setup: DealSetup | None) -> None:
        if setup is None:  # clone() fills the fields itself
            return
        self.options = setup.options
        self.dealer = setup.dealer
        self.scores = tuple(setup.scores)
        piles = setup.piles
        hands = [list(h) for h in piles["hands"]]
        self.masks = [mask_of(h) for h in hands]
        self.counts = [counts_of(h) for h in hands]
        self.sizes = [len(h) for h in hands]
        self.bottom: tuple[Card, ...] = tuple(sorted(piles["bottom"]))
        self.auction = auction = BIDDING.start(setup)
        self.first_bidder = first = auction.turn
        self.phase = "bid"
        self._to_move = first
        # The auction's facts, kept as the bidding part leaves them (views, AIs read them).
        self.bid = 0
        self.bidder = -1
        self.bids: list[tuple[int, int]] = []
        self.passes = 0  # consecutive passes (bidding and play)
        self.landlord = -1
        self.redeal = False
        # Play state.
        self.last: tuple[int, tuple[Card, ...], Combo] | None = None
        self.leader = -1
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.history: list[tuple[int, tuple[Card, ...]]] = []
        self.plays = [0, 0, 0]  # combinations played per seat (spring rules)
        self.played_mask = 0
        self.bombs = 0
        self.winner = -1
        self._moves: list[Move] | None = None

    # ------------------------------------------------------------ basics

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def over(self) -> bool:  # asked after every action: one property, not two
        return self._to_move < 0

    def hand_of(self, seat: int) -> list[Card]:
        m = self.masks[seat]
        return [c for c in range(54) if m >> c & 1]

    @property
    def multiplier(self) -> int:
        m = max(self.bid, 1) << self.bombs
        if self.phase == "over" and (self.spring or self.reverse_spring):
            m *= 2
        return m

    @property
    def spring(self) -> bool:
        """The landlord went out before either farmer played a card."""
        ll = self.landlord
        return self.winner == ll and ll >= 0 and sum(self.plays) == self.plays[ll]

    @property
    def reverse_spring(self) -> bool:
        """A farmer went out while the landlord had played only the opening lead."""
        ll = self.landlord
        return self.winner >= 0 and self.winner != ll and self.plays[ll] == 1

    def clone(self) -> DouDizhuDeal:
        # One dict copy, then fresh copies of the mutable lists (the match clones the deal
        # before every action, the search thousands of times a decision).
        d = object.__new__(DouDizhuDeal)
        state = self.__dict__.copy()
        counts = self.counts
        state["counts"] = [counts[0][:], counts[1][:], counts[2][:]]
        state["masks"] = self.masks[:]
        state["sizes"] = self.sizes[:]
        state["bids"] = self.bids[:]
        state["trick"] = self.trick[:]
        state["history"] = self.history[:]
        state["plays"] = self.plays[:]
        d.__dict__ = state
        return d

    # ------------------------------------------------------------ legality

    def _play_moves(self) -> list[Move]:
        mv = self._moves
        if mv is None:
            last = self.last
            mv = rules.moves(self.counts[self._to_move], None if last is None else last[2])
            self._moves = mv
        return mv

    def legal_actions(self) -> list[Action]:
        if self.phase == "bid":
            return BIDDING.legal_calls(self.auction)
        if self.phase != "play":
            return []
        return play_actions(self._play_moves(), self.masks[self._to_move], self.last is None)

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid":
            return None
        return AuctionPosition(self.auction, self.hand_of(self._to_move))

    def play_position(self) -> PlayPosition | None:
        if self.phase != "play":
            return None
        last = self.last
        return PlayPosition(self.hand_of(self._to_move), None if last is None else last[2], None)

    def legal_note(self) -> str:
        # One suit choice per play keeps the list (and the AIs' search) small; any equal
        # cards are just as legal, so a protocol user is told rather than misled.
        if self.phase != "play":
            return ""
        return "each play is listed once: the same ranks in other suits may be played instead"

    def random_action(self, rng: random.Random) -> Action:
        if self.phase == "bid":
            return rng.choice(self.legal_actions())
        if self.phase != "play":
            raise ActionError("the deal is over")
        # Random play is what tournaments, the soak and benchmarks spend their time on:
        # _randbelow(n) is what randrange(n) calls for n > 0 (the same draws, so the same
        # games for a seed), without its argument checks.
        below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]  # not in typeshed
        seat = self._to_move
        mask = self.masks[seat]
        mv = self._moves
        last = self.last
        if last is None:
            if mv is None:
                # Uniform over the leads without listing them (what indexing the listed
                # leads with the same rng gives): listing every lead took most of a deal.
                parts = rules.lead_parts(self.counts[seat])
                return (
                    "play",
                    pick_cards(rules.lead_at(parts, below(rules.lead_count(parts))), mask),
                )
            return ("play", pick_cards(mv[below(len(mv))], mask))
        mv = self._play_moves()
        i = below(len(mv) + 1)
        if i == len(mv):
            return PASS
        return ("play", pick_cards(mv[i], mask))

    def check(self, action: Action) -> str | None:
        # The shape and a deal still on: Match.check saw to them. The rules: the parts.
        if self.phase == "bid":
            return BIDDING.refusal(self.auction, (), action)
        last = self.last
        return play_refusal(self.masks[self._to_move], None if last is None else last[2], action)

    def parse_action(self, text: str) -> Action:
        # During the auction a card play is wrong whatever the cards: say so first.
        words = text.split() if isinstance(text, str) else []
        if self.phase == "bid" and words and words[0].lower() in CARD_KINDS:
            raise ActionError(_("the bidding is not over: pass or bid 1, 2 or 3"))
        return super().parse_action(text)

    def describe(self, cards: Sequence[Card]) -> str:
        """The name of the combination these cards form, or why they form none, in the
        player's language."""
        return describe(cards)

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        self._moves = None
        seat = self._to_move
        if self.phase == "bid":
            return self._apply_bid(seat, action)
        if action[0] == "pass":
            self.passes += 1
            self.history.append((seat, ()))
            events: list[Event] = [{"type": "pass", "seat": seat}]
            nxt = (seat + 1) % SEATS
            if self.passes == 2:  # both others passed: the last player leads again
                self.last = None
                self.passes = 0
                self.trick = []
                self.leader = nxt
                events.append({"type": "lead", "seat": nxt})
            self._to_move = nxt
            return events
        cards = tuple(sorted(action[1]))
        ranks = tuple([RANK_OF[c] for c in cards])
        combo = rules.classify(ranks)
        assert not isinstance(combo, Text), combo
        m = 0
        cnt = self.counts[seat]
        for c in cards:
            m |= 1 << c
        for r in ranks:
            cnt[r] -= 1
        self.masks[seat] &= ~m
        self.sizes[seat] -= len(cards)
        self.played_mask |= m
        self.plays[seat] += 1
        self.passes = 0
        if self.last is None:
            self.leader = seat
        self.last = (seat, cards, combo)
        self.trick.append((seat, cards))
        self.history.append((seat, cards))
        event: Event = {
            "type": "play",
            "seat": seat,
            "cards": names_in_order(cards),
            "combo": rules.describe_combo(combo),
        }
        events = [event]
        if combo[0] == BOMB or combo[0] == ROCKET:
            self.bombs += 1
            event["multiplier"] = self.multiplier
        if self.sizes[seat] == 0:
            self.winner = seat
            self.phase = "over"
            self._to_move = -1
            events.append(
                {
                    "type": "out",
                    "seat": seat,
                    "landlord_wins": seat == self.landlord,
                    "spring": self.spring,
                    "reverse_spring": self.reverse_spring,
                    "multiplier": self.multiplier,
                }
            )
            return events
        self._to_move = (seat + 1) % SEATS
        return events

    def _apply_bid(self, seat: int, action: Action) -> list[Event]:
        self.auction = a = BIDDING.call(self.auction, action)
        self.bid, self.bidder, self.passes = a.bid, a.bidder, a.passes
        self.bids.append(a.log[-1])
        events: list[Event] = [{"type": "bid", "seat": seat, "bid": a.log[-1][1]}]
        if a.turn >= 0:
            self._to_move = a.turn
        elif a.thrown_in:
            self.redeal = True
            self.phase = "over"
            self._to_move = -1
        else:
            events.extend(self._crown())
        return events

    def _crown(self) -> list[Event]:
        """The auction is won: the landlord shows and takes the bottom, then leads."""
        ll = self.bidder
        self.landlord = ll
        self.masks[ll] |= mask_of(self.bottom)
        cnt = self.counts[ll]
        for c in self.bottom:
            cnt[RANK_OF[c]] += 1
        self.sizes[ll] += len(self.bottom)
        self.phase = "play"
        self.passes = 0
        self.leader = ll
        self._to_move = ll
        return [
            {"type": "landlord", "seat": ll, "bid": self.bid},
            {"type": "bottom", "seat": ll, "cards": names_in_order(self.bottom)},
            {"type": "lead", "seat": ll},
        ]

    # ------------------------------------------------------------ views and results

    def view(self, seat: int) -> DouDizhuView:
        return self._view(seat)

    def public_view(self) -> DouDizhuView:
        """A spectator's view: no hand; the bottom once the landlord has shown it."""
        return self._view(-1)

    def _view(self, seat: int) -> DouDizhuView:
        """Seat `seat`'s view, or with seat -1 the public one (no seat's own cards)."""
        last = self.last
        played: list[list[Card]] = [[], [], []]
        for s, cs in self.history:
            played[s].extend(cs)
        return DouDizhuView(
            seat=seat,
            phase=self.phase,
            to_move=self._to_move,
            hand=tuple(self.hand_of(seat)) if seat >= 0 else (),
            hand_counts=tuple(self.sizes),
            dealer=self.dealer,
            scores=self.scores,
            first_bidder=self.first_bidder,
            bids=tuple(self.bids),
            bid=self.bid,
            landlord=self.landlord,
            bottom=self.bottom if self.landlord >= 0 else None,
            multiplier=self.multiplier,
            bombs=self.bombs,
            last_play=None if last is None else (last[0], last[1]),
            last_combo="" if last is None else rules.describe_combo(last[2]),
            leader=self.leader,
            trick=tuple(self.trick),
            history=tuple(self.history),
            played=tuple(tuple(sorted(p)) for p in played),
            auction=self.auction,
        )

    def piles(self) -> dict[str, list[Card]]:
        out = {f"hand{s}": self.hand_of(s) for s in range(SEATS)}
        out["bottom"] = list(self.bottom) if self.landlord < 0 else []
        out["played"] = [c for c in range(54) if self.played_mask >> c & 1]
        return out

    def full_state(self) -> dict[str, Any]:
        hands = [names_of(self.hand_of(s)) for s in range(SEATS)]
        where = {k: names_of(v) for k, v in self.piles().items()}
        last = self.last
        return {
            "phase": self.phase,
            "to_move": self._to_move,
            "hands": hands,
            "where": where,
            "bottom": names_of(self.bottom),
            "first_bidder": self.first_bidder,
            "bids": [[s, b] for s, b in self.bids],
            "bid": self.bid,
            "landlord": self.landlord if self.landlord >= 0 else None,
            "multiplier": self.multiplier,
            "bombs": self.bombs,
            "last_play": None
            if last is None
            else {"seat": last[0], "cards": names_in_order(last[1])},
            "history": [[s, names_in_order(cs) if cs else "pass"] for s, cs in self.history],
            "winner": self.winner if self.winner >= 0 else None,
            "redeal": self.redeal,
        }

    def result(self) -> DealResult:
        if self.redeal:
            return DealResult(points=(0, 0, 0), redeal=True, details={"reason": "all passed"})
        return DealResult(
            points=tuple(self.sizes),  # cards left in each hand
            details={
                "landlord": self.landlord,
                "bid": self.bid,
                "bombs": self.bombs,
                "spring": self.spring,
                "reverse_spring": self.reverse_spring,
                "multiplier": self.multiplier,
                "winner": self.winner,
                "landlord_wins": self.winner == self.landlord,
            },
        )


def describe(cards: Sequence[Card]) -> str:
    """The combination `cards` form, or why they form none, in the player's language."""
    got = rules.classify(tuple(sorted(RANK_OF[c] for c in cards)))
    return sentence(got if isinstance(got, Text) else rules.combo_text(got))


__all__ = ["DouDizhuDeal", "DouDizhuView", "describe"]
