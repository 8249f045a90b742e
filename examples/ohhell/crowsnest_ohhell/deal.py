"""One deal of Oh Hell: the bidding part, the play validator and the state machine that
wires them (a crowsnest.engine.Deal).

Phases: "bid" (each seat from the dealer's left bids 0..hand size, the dealer last),
"play" (tricks; follow suit; trump wins), "over".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crowsnest.engine import Action, Card, Deal, DealResult, DealSetup, Event, tricks
from crowsnest.engine.tricks import TrumpOrder, build_trump_order

from .cards import DECK, RANK_OF, SUIT_NAMES, SUIT_OF, SUITS, hand_sizes
from .i18n import _, ngettext

NAMES = DECK.names
PLAY: tuple[Action, ...] = tuple(("play", (c,)) for c in range(52))  # reused action tuples
BID: tuple[Action, ...] = tuple(("bid", n) for n in range(52))


# The shared trick-taking core's tables, one per trump suit; ORDERS[-1] (index 4, a suit
# no card has) is "no trump", for a deal with nothing left to turn up.
ORDERS: tuple[TrumpOrder, ...] = tuple(
    build_trump_order(SUIT_OF, RANK_OF, t, [c for c in range(52) if SUIT_OF[c] == t])
    for t in range(4)
) + (build_trump_order(SUIT_OF, RANK_OF, 4, []),)


def beats(card: Card, best: Card, led: int, trump: int) -> bool:
    """Would `card`, played now, beat `best`, the card winning the trick so far?"""
    return tricks.beats(card, best, led, ORDERS[trump])


def trick_winner(trick: Sequence[tuple[int, Card]], trump: int) -> int:
    """Index into `trick` of the winning play: highest trump, else highest of the led suit."""
    return tricks.trick_winner([c for _, c in trick], SUIT_OF[trick[0][1]], ORDERS[trump])


class OhHellBidding:
    """The bidding part: every seat bids the exact number of tricks it will take.

    With the hook rule the dealer, bidding last, may not bid the one number that would
    make the bids add up to the number of tricks (so someone must miss).
    """

    def legal_bids(
        self, hand_size: int, bids: Sequence[int | None], dealer_bidding: bool, hook: bool
    ) -> list[int]:
        out = list(range(hand_size + 1))
        if hook and dealer_bidding:
            forbidden = hand_size - sum(b for b in bids if b is not None)
            if 0 <= forbidden <= hand_size:
                out.remove(forbidden)
        return out

    def check(
        self,
        amount: Any,
        hand_size: int,
        bids: Sequence[int | None],
        dealer_bidding: bool,
        hook: bool,
    ) -> str | None:
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= hand_size:
            return _("a bid is a number of tricks from 0 to {most}").format(most=hand_size)
        if amount not in self.legal_bids(hand_size, bids, dealer_bidding, hook):
            # One sentence per plural form, never "trick(s)" glued from pieces.
            return ngettext(
                "the dealer may not bid {bid}: the bids would add up to the {n} trick "
                "(the hook rule)",
                "the dealer may not bid {bid}: the bids would add up to the {n} tricks "
                "(the hook rule)",
                hand_size,
            ).format(bid=amount, n=hand_size)
        return None


def must_follow(suit: int) -> str:
    """The refusal for not following `suit`: a whole sentence per suit, since a
    language may bend the suit's name inside it."""
    return (
        _("you must follow spades"),
        _("you must follow hearts"),
        _("you must follow diamonds"),
        _("you must follow clubs"),
    )[suit]


class OhHellValidator:
    """The play validator: follow the led suit when able, else play any card."""

    def legal_plays(self, hand: Sequence[Card], trick: Sequence[tuple[int, Card]]) -> list[Card]:
        if trick:
            follow = tricks.follow_cards(hand, SUIT_OF[trick[0][1]], SUIT_OF)
            if follow:
                return follow
        return list(hand)

    def check(
        self, card: Card, hand: Sequence[Card], trick: Sequence[tuple[int, Card]]
    ) -> str | None:
        if card not in hand:
            return _("you do not hold {card}").format(card=NAMES[card])
        if trick:
            led = SUIT_OF[trick[0][1]]
            if SUIT_OF[card] != led and any(SUIT_OF[c] == led for c in hand):
                return must_follow(led)
        return None


BIDDING = OhHellBidding()
VALIDATOR = OhHellValidator()


@dataclass(frozen=True, slots=True)
class OhHellView:
    """What one seat may see: its own hand, the turn-up, bids, tricks and the table."""

    seat: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    dealer: int
    scores: tuple[int, ...]
    hand_size: int
    turnup: Card | None
    trump: int  # suit index, -1 for none
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    last_trick: tuple[tuple[int, Card], ...]
    hook: bool

    @property
    def seats(self) -> int:
        return len(self.hand_counts)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat if self.seat >= 0 else None,  # -1: a spectator's view
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": [NAMES[c] for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "trick": [[s, [NAMES[c]]] for s, c in self.trick],
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand_size": self.hand_size,
            "turnup": NAMES[self.turnup] if self.turnup is not None else None,
            "trump": SUIT_NAMES[self.trump] if self.trump >= 0 else None,
            "bids": list(self.bids),
            "tricks_won": list(self.tricks_won),
            "last_trick": [[s, [NAMES[c]]] for s, c in self.last_trick],
            "hook": self.hook,
        }


class OhHellDeal(Deal):
    deck = DECK

    def __init__(self, setup: DealSetup | None = None) -> None:
        if setup is None:  # clone() fills the fields itself
            return
        n = setup.seats
        sizes = hand_sizes(setup.options, n)
        # Deals past the schedule (a tie at the end) repeat the last hand size.
        h = sizes[min(setup.deal_no, len(sizes) - 1)]
        piles = setup.piles
        dealt = [list(hand) for hand in piles["hands"]]
        self.hands = [sorted(hand[:h]) for hand in dealt]
        self.stock = sorted(list(piles.get("stock", [])) + [c for hand in dealt for c in hand[h:]])
        turnup = list(piles.get("turnup", []))
        self.turnup: Card | None = turnup[0] if turnup else None
        self.trump = SUIT_OF[self.turnup] if self.turnup is not None else -1
        self.seats = n
        self.hand_size = h
        self.dealer = setup.dealer
        self.scores = tuple(setup.scores)
        self.hook = bool(setup.options["hook"])
        self.bids: list[int | None] = [None] * n
        self.tricks_won = [0] * n
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        first = setup.first if setup.first is not None else (setup.dealer + 1) % n
        self.first = first
        self._to_move = first
        self.phase = "bid"

    # ------------------------------------------------------------ state machine

    @property
    def to_move(self) -> int:
        return self._to_move

    def _dealer_bidding(self) -> bool:
        # The hook binds the last to bid: the dealer, unless a protocol set-up moved `first`.
        return sum(b is None for b in self.bids) == 1

    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        if self.phase == "bid":
            return [
                BID[b]
                for b in BIDDING.legal_bids(
                    self.hand_size, self.bids, self._dealer_bidding(), self.hook
                )
            ]
        if self.phase == "play":
            return [PLAY[c] for c in VALIDATOR.legal_plays(self.hands[seat], self.trick)]
        return []

    def check(self, action: Action) -> str | None:
        # Match.check has seen that the deal is on and that `action` is a tuple
        # starting with a kind; what is left is this game's rules.
        kind = action[0]
        if self.phase == "bid":
            if kind != "bid" or len(action) != 2:
                return _(
                    "bid the number of tricks you will take, such as 'bid 2' "
                    "('bid 0' is allowed; there is no pass)"
                )
            return BIDDING.check(
                action[1], self.hand_size, self.bids, self._dealer_bidding(), self.hook
            )
        if kind != "play" or len(action) != 2:
            return _("play a card, such as 'play QH'")
        cards = action[1]
        if len(cards) != 1:
            return _("play one card at a time")
        card = cards[0]
        if not isinstance(card, int) or not 0 <= card < 52:
            return _("that is not a card of this game")
        return VALIDATOR.check(card, self.hands[self._to_move], self.trick)

    def apply(self, action: Action) -> list[Event]:
        seat = self._to_move
        n = self.seats
        if self.phase == "bid":
            amount = action[1]
            self.bids[seat] = amount
            events: list[Event] = [{"type": "bid", "seat": seat, "bid": amount}]
            if None not in self.bids:
                # The first bidder (the dealer's left) also leads the first trick.
                self.phase = "play"
                events.append(
                    {"type": "bids_done", "bids": list(self.bids), "trump": self._trump_name()}
                )
                self._to_move = self.first
            else:
                self._to_move = (seat + 1) % n
            return events
        card = action[1][0]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [{"type": "play", "seat": seat, "cards": [NAMES[card]]}]
        if len(self.trick) < n:
            self._to_move = (seat + 1) % n
            return events
        winner = self.trick[trick_winner(self.trick, self.trump)][0]
        self.tricks_won[winner] += 1
        self.won[winner].extend(c for _, c in self.trick)
        events.append(
            {
                "type": "trick",
                "winner": winner,
                "cards": [NAMES[c] for _, c in self.trick],
                "seats": [s for s, _ in self.trick],
                "points": 0,
                "tricks_won": list(self.tricks_won),
            }
        )
        self.last_trick = tuple(self.trick)
        self.trick = []
        if self.hands[winner]:
            self._to_move = winner
        else:
            self.phase = "over"
            self._to_move = -1
        return events

    def random_action(self, rng: random.Random) -> Action:
        return rng.choice(self.legal_actions())

    def clone(self) -> OhHellDeal:
        d = OhHellDeal()
        d.hands = [list(h) for h in self.hands]
        d.stock = self.stock  # never changes during a deal: shared
        d.turnup = self.turnup
        d.trump = self.trump
        d.seats = self.seats
        d.hand_size = self.hand_size
        d.dealer = self.dealer
        d.scores = self.scores
        d.hook = self.hook
        d.bids = list(self.bids)
        d.tricks_won = list(self.tricks_won)
        d.won = [list(w) for w in self.won]
        d.trick = list(self.trick)
        d.last_trick = self.last_trick
        d.first = self.first
        d._to_move = self._to_move
        d.phase = self.phase
        return d

    # ------------------------------------------------------------ what is seen

    def _trump_name(self) -> str | None:
        return SUIT_NAMES[self.trump] if self.trump >= 0 else None

    def view(self, seat: int) -> OhHellView:
        return self._view(seat)

    def public_view(self) -> OhHellView:
        """A spectator's view: no hand; the turn-up, bids and tricks (what all see)."""
        return self._view(-1)

    def _view(self, seat: int) -> OhHellView:
        return OhHellView(
            seat=seat,
            phase=self.phase,
            to_move=self._to_move,
            hand=tuple(self.hands[seat]) if seat >= 0 else (),
            hand_counts=tuple(len(h) for h in self.hands),
            trick=tuple(self.trick),
            dealer=self.dealer,
            scores=self.scores,
            hand_size=self.hand_size,
            turnup=self.turnup,
            trump=self.trump,
            bids=tuple(self.bids),
            tricks_won=tuple(self.tricks_won),
            last_trick=self.last_trick,
            hook=self.hook,
        )

    def full_state(self) -> dict[str, Any]:
        where: dict[str, list[str]] = {
            f"hand{i}": [NAMES[c] for c in h] for i, h in enumerate(self.hands)
        }
        where.update({f"won{i}": sorted(NAMES[c] for c in w) for i, w in enumerate(self.won)})
        where["table"] = [NAMES[c] for _, c in self.trick]
        where["turnup"] = [NAMES[self.turnup]] if self.turnup is not None else []
        where["stock"] = [NAMES[c] for c in self.stock]
        return {
            "phase": self.phase,
            "to_move": self._to_move,
            "hands": [[NAMES[c] for c in h] for h in self.hands],
            "where": where,
            "dealer": self.dealer,
            "hand_size": self.hand_size,
            "turnup": NAMES[self.turnup] if self.turnup is not None else None,
            "trump": self._trump_name(),
            "trump_suit": SUITS[self.trump] if self.trump >= 0 else None,
            "bids": list(self.bids),
            "tricks_won": list(self.tricks_won),
            "trick": [[s, [NAMES[c]]] for s, c in self.trick],
        }

    def result(self) -> DealResult:
        return DealResult(
            points=tuple(self.tricks_won),
            details={
                "bids": tuple(self.bids),
                "tricks": tuple(self.tricks_won),
                "hand_size": self.hand_size,
            },
        )

    def hand_of(self, seat: int) -> Sequence[Card] | None:
        return self.hands[seat]


def new_deal(setup: DealSetup) -> OhHellDeal:
    return OhHellDeal(setup)
