"""A tiny trick game for tests of the match layer, the AI runner and the plugin host.

"toy": 12 cards (2-7 of spades and hearts; every 5 is worth 5, every 7 worth 10: 30
points), 2 seats (5 cards each, a 2-card kitty) or 3 seats (3 each, a 3-card kitty).
Bidding: one round from the seat after the dealer: "pass" or "bid 1"; the first bid makes
the declarer, who leads. If all pass, the same dealer deals again. Play: follow the led
suit when able; the highest card of the led suit wins and leads next. The kitty goes to
the winner of the last trick. Scores by seat; the first to reach the target (option
"target", default 30) wins; a tie at the top plays on.

It is also a drop-in plugin: copy this file into a plugin folder.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crowsnest.engine import (
    PASS,
    Action,
    Deal,
    DealResult,
    DealSetup,
    Deck,
    Event,
    Option,
    Settlement,
    Variant,
)
from crowsnest.engine.variant import AuctionOutcome, AuctionPosition, PlayPosition
from crowsnest.hookspecs import hookimpl

__version__ = "0.3"

RANKS = "234567"
SUITS = "SH"
SUIT_NAMES = {"S": "spades", "H": "hearts"}
DECK = Deck(
    names=tuple(r + s for s in SUITS for r in RANKS),
    points=tuple({"5": 5, "7": 10}.get(r, 0) for s in SUITS for r in RANKS),
    ranks=tuple(r for s in SUITS for r in RANKS),
    suits=tuple(s for s in SUITS for r in RANKS),
)
RANK = tuple(RANKS.index(r) for r in DECK.ranks)
BID: Action = ("bid", 1)
PLAYS: tuple[Action, ...] = tuple(("play", (c,)) for c in range(len(DECK)))
HAND_SIZE = {2: 5, 3: 3}


class ToyDeck:
    def build(self, options: Any, seats: int) -> Deck:
        return DECK

    def layout(self, options: Any, seats: int, shuffled: list[int]) -> dict[str, Any]:
        n = HAND_SIZE[seats]
        hands = [sorted(shuffled[i * n : (i + 1) * n]) for i in range(seats)]
        return {"hands": hands, "kitty": sorted(shuffled[seats * n :])}


@dataclass(frozen=True, slots=True)
class ToyAuction:
    seats: int
    turn: int  # -1 once over
    passes: int = 0
    declarer: int = -1


class ToyBidding:
    """One round of pass / bid 1: the first bid wins; all pass: thrown in."""

    def start(self, setup: DealSetup) -> ToyAuction:
        first = setup.first if setup.first is not None else (setup.dealer + 1) % setup.seats
        return ToyAuction(setup.seats, first)

    def to_call(self, auction: ToyAuction) -> int:
        return auction.turn

    def legal_calls(self, auction: ToyAuction, hand: Sequence[int]) -> list[Action]:
        return [PASS, BID]

    def refusal(self, auction: ToyAuction, hand: Sequence[int], call: Action) -> str | None:
        if call == PASS or (call == BID and call[1] is not True):
            return None
        return "bid 1 or pass"

    def call(self, auction: ToyAuction, call: Action) -> ToyAuction:
        seat = auction.turn
        if call == BID:
            return ToyAuction(auction.seats, -1, auction.passes, seat)
        passes = auction.passes + 1
        turn = -1 if passes == auction.seats else (seat + 1) % auction.seats
        return ToyAuction(auction.seats, turn, passes)

    def outcome(self, auction: ToyAuction) -> AuctionOutcome | None:
        if auction.turn >= 0:
            return None
        return AuctionOutcome(declarer=auction.declarer, thrown_in=auction.declarer < 0)


class ToyValidator:
    """Follow the led suit when able. `trick`: the led card (None while leading)."""

    @staticmethod
    def plays(hand: Sequence[int], led: int | None) -> list[int]:
        if led is not None:
            follow = [c for c in hand if DECK.suits[c] == DECK.suits[led]]
            if follow:
                return follow
        return list(hand)

    def legal_plays(self, hand: Sequence[int], trick: int | None, contract: None) -> list[Action]:
        return [PLAYS[c] for c in self.plays(hand, trick)]

    def refusal(
        self, hand: Sequence[int], trick: int | None, contract: None, play: Action
    ) -> str | None:
        if play[0] != "play" or len(play) != 2:
            return "play one card"
        cards = play[1]
        if not isinstance(cards, tuple) or len(cards) != 1:
            return "play exactly one card"
        card = cards[0]
        if not isinstance(card, int) or not 0 <= card < len(DECK.names):
            return "that is not a card of this game"
        if card not in hand:
            return f"you do not hold {DECK.names[card]}"
        if card not in self.plays(hand, trick):
            assert trick is not None
            return f"you must follow {SUIT_NAMES[DECK.suits[trick]]}"
        return None


BIDDING = ToyBidding()
VALIDATOR = ToyValidator()


class ToyScorer:
    def first_dealer(self, options: Any, seats: int, rng: random.Random) -> int:
        return rng.randrange(seats)

    def initial_scores(self, options: Any, seats: int) -> tuple[int, ...]:
        return (0,) * seats

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement:
        scores = tuple(s + p for s, p in zip(setup.scores, result.points, strict=True))
        top = max(scores)
        leaders = [i for i, s in enumerate(scores) if s == top]
        winner = leaders[0] if top >= setup.options["target"] and len(leaders) == 1 else None
        return Settlement(
            score_change=tuple(result.points),
            scores=scores,
            next_dealer=(setup.dealer + 1) % setup.seats,
            winner=winner,
        )

    def redeal_dealer(self, setup: DealSetup, result: DealResult) -> int:
        return setup.dealer


@dataclass(frozen=True, slots=True)
class ToyView:
    seat: int
    phase: str
    to_move: int
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, tuple[str, ...]], ...]
    dealer: int
    scores: tuple[int, ...]
    declarer: int
    last_trick: tuple[tuple[int, tuple[str, ...]], ...] = ()  # the trick last won, face up

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat if self.seat >= 0 else None,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": list(self.hand),
            "hand_counts": list(self.hand_counts),
            "trick": [[s, list(c)] for s, c in self.trick],
            "dealer": self.dealer,
            "scores": list(self.scores),
            "declarer": self.declarer,
            "last_trick": [[s, list(c)] for s, c in self.last_trick],
        }


class ToyDeal(Deal):
    deck = DECK

    def __init__(self, setup: DealSetup | None) -> None:
        if setup is None:  # clone() fills the fields itself
            return
        self.setup = setup
        self.n = setup.seats
        self.hands = [list(h) for h in setup.piles["hands"]]
        self.kitty = list(setup.piles["kitty"])
        self.won: list[list[int]] = [[] for _ in range(self.n)]
        self.trick: list[tuple[int, int]] = []
        self.last_trick: tuple[tuple[int, int], ...] = ()
        self.phase = "bid"
        self.first = setup.first if setup.first is not None else (setup.dealer + 1) % self.n
        self._to_move = self.first
        self.auction = BIDDING.start(setup)
        self.passes = 0
        self.declarer = -1
        self.redeal = False

    @property
    def to_move(self) -> int:
        return self._to_move

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid":
            return None
        return AuctionPosition(self.auction, self.hands[self._to_move])

    def play_position(self) -> PlayPosition | None:
        if self.phase != "play":
            return None
        led = self.trick[0][1] if self.trick else None
        return PlayPosition(self.hands[self._to_move], led, None)

    def legal_actions(self) -> list[Action]:
        if self.phase == "bid":
            return BIDDING.legal_calls(self.auction, self.hands[self._to_move])
        if self.phase == "play":
            led = self.trick[0][1] if self.trick else None
            return VALIDATOR.legal_plays(self.hands[self._to_move], led, None)
        return []

    def check(self, action: Action) -> str | None:
        # Match.check has seen that the deal is on and that `action` is a tuple
        # starting with a kind; the rules are the parts'.
        hand = self.hands[self._to_move]
        if self.phase == "bid":
            return BIDDING.refusal(self.auction, hand, action)
        return VALIDATOR.refusal(hand, self.trick[0][1] if self.trick else None, None, action)

    def apply(self, action: Action) -> list[Event]:
        seat = self._to_move
        if self.phase == "bid":
            self.auction = a = BIDDING.call(self.auction, action)
            self.passes = a.passes
            out = BIDDING.outcome(a)
            if out is None:
                self._to_move = a.turn
            elif out.thrown_in:
                self.phase, self._to_move, self.redeal = "over", -1, True
            else:
                self.declarer = seat
                self.phase = "play"
            if action == BID:
                return [{"type": "bid", "seat": seat, "bid": 1}]
            return [{"type": "pass", "seat": seat}]
        card = action[1][0]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events: list[Event] = [{"type": "play", "seat": seat, "cards": [DECK.names[card]]}]
        if len(self.trick) < self.n:
            self._to_move = (seat + 1) % self.n
            return events
        led = DECK.suits[self.trick[0][1]]
        winner = max((t for t in self.trick if DECK.suits[t[1]] == led), key=lambda t: RANK[t[1]])[
            0
        ]
        cards = [c for _, c in self.trick]
        self.won[winner].extend(cards)
        self.last_trick = tuple(self.trick)
        self.trick = []
        pts = sum(DECK.points[c] for c in cards)
        events.append(
            {"type": "trick", "winner": winner, "cards": DECK.names_of(cards), "points": pts}
        )
        self._to_move = winner
        if not self.hands[winner]:
            self.won[winner].extend(self.kitty)
            self.kitty = []
            self.phase, self._to_move = "over", -1
        return events

    def clone(self) -> ToyDeal:
        c = ToyDeal(None)
        c.setup, c.n, c.phase, c.first = self.setup, self.n, self.phase, self.first
        c.hands = [list(h) for h in self.hands]
        c.kitty = list(self.kitty)
        c.won = [list(w) for w in self.won]
        c.trick = list(self.trick)
        c.last_trick = self.last_trick
        c.auction = self.auction
        c._to_move, c.passes, c.declarer, c.redeal = (
            self._to_move,
            self.passes,
            self.declarer,
            self.redeal,
        )
        return c

    def view(self, seat: int) -> ToyView:
        return self._view(seat)

    def public_view(self) -> ToyView:
        return self._view(-1)  # no hand; the kitty is never shown

    def _view(self, seat: int) -> ToyView:
        return ToyView(
            seat=seat,
            phase=self.phase,
            to_move=self._to_move,
            hand=tuple(DECK.names_of(self.hands[seat])) if seat >= 0 else (),
            hand_counts=tuple(len(h) for h in self.hands),
            trick=tuple((s, (DECK.names[c],)) for s, c in self.trick),
            dealer=self.setup.dealer,
            scores=tuple(self.setup.scores),
            declarer=self.declarer,
            last_trick=tuple((s, (DECK.names[c],)) for s, c in self.last_trick),
        )

    def full_state(self) -> dict[str, Any]:
        where: dict[str, list[str]] = {
            f"hand{i}": DECK.names_of(h) for i, h in enumerate(self.hands)
        }
        where.update({f"won{i}": DECK.names_of(w) for i, w in enumerate(self.won)})
        where["kitty"] = DECK.names_of(self.kitty)
        where["table"] = DECK.names_of([c for _, c in self.trick])
        return {
            "phase": self.phase,
            "to_move": self._to_move,
            "hands": [DECK.names_of(h) for h in self.hands],
            "kitty": DECK.names_of(self.kitty),
            "declarer": self.declarer,
            "where": where,
        }

    def result(self) -> DealResult:
        if self.redeal:
            return DealResult(points=(0,) * self.n, redeal=True)
        return DealResult(points=tuple(sum(DECK.points[c] for c in w) for w in self.won))

    def hand_of(self, seat: int) -> Sequence[int]:
        return self.hands[seat]


class LowestCardAI:
    """'easy': bids with a 7 in hand, plays its lowest legal card."""

    def choose(self, view: ToyView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bid":
            return BID if any(c.startswith("7") for c in view.hand) else PASS
        return min(legal, key=lambda a: RANK[a[1][0]])


def make_variant(**changes: Any) -> Variant:
    fields: dict[str, Any] = {
        "id": "toy",
        "name": "Toy Tricks",
        "seats": (2, 3),
        "deck": ToyDeck(),
        "bidding": BIDDING,
        "validator": VALIDATOR,
        "scorer": ToyScorer(),
        "new_deal": ToyDeal,
        "ais": {"easy": lambda variant, options, seats: LowestCardAI()},
        "rules_text": __doc__ or "",
        "options": (Option("target", 30, "int", "Game target", minimum=10, maximum=200, step=5),),
        "pile_names": ("kitty",),
        "events_safe": True,  # its events name only cards played face up
    }
    fields.update(changes)
    return Variant(**fields)


TOY = make_variant()


@hookimpl
def crowsnest_register_variants(register: Any) -> None:
    register(TOY)
