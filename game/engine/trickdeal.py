"""A composable trick-taking deal: a trick game is its parts and a presentation.

A `TrickGame` names the parts and the few facts a trick game needs; `TrickGame.variant()`
makes the Variant, whose `new_deal` is this module's `TrickDeal`. No Deal subclass:

    deck part      the Variant's DeckSpec deals the piles ("hands", a turn-up, a stock)
    bidding part   the auction (crowsnest.engine.Bidding; NO_AUCTION for none): phase "bid"
    exchange       optional: the declarer takes a pile (nest, kitty, widow) and lays the
                   same number of cards back: phase `Exchange.phase`, action "discard C .."
    trump          known after the auction (`TrickGame.trump`: turned up, fixed, named in
                   the auction), or named by the declarer (`name_trump`): phase "trump",
                   action "trump <suit word>"
    validator      the legal plays and refusals of phase "play" (FollowSuit, or yours);
                   every trick is won by the highest trump, else the highest card of the
                   led suit (crowsnest.engine.tricks)
    scorer         the Variant's Scorer, reading the DealResult at the end

Each part may carry `options` (a tuple of Option): they are merged into the variant's
options, so a part brings its own rule knobs. The deal is a function of its set-up and
actions (no randomness of its own), cheap to clone, and its view hands the validator
what the seat knows (play_position()), so AIs and hints ask the same rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _, ngettext
from .actions import PASS, Action
from .cards import Card, Deck
from .options import Option, Options
from .tricks import TrumpOrder, build_trump_order, follow_cards, trick_winner
from .variant import (
    AuctionOutcome,
    AuctionPosition,
    Bidding,
    Deal,
    DealResult,
    DealSetup,
    DeckSpec,
    Event,
    PlayPosition,
    PlayValidator,
    Scorer,
    ScorerDefaults,
    Variant,
)

__all__ = [
    "BidsSoFar",
    "Contract",
    "Exchange",
    "FollowSuit",
    "ScorerDefaults",
    "StandardPack",
    "TrickBids",
    "TrickDeal",
    "TrickGame",
    "TrickSoFar",
    "TrickView",
    "play_action",
    "standard_must_follow",
]

_PLAYS: dict[Card, Action] = {}


def play_action(c: Card) -> Action:
    """("play", (c,)), one tuple per card (hot paths reuse them)."""
    a = _PLAYS.get(c)
    if a is None:
        a = _PLAYS[c] = ("play", (c,))
    return a


@dataclass(frozen=True, slots=True)
class TrickSoFar:
    """The trick as the validator reads it. plays: (seat, card) in order; led: the
    effective suit led (-1 while leading); played: the cards of finished tricks."""

    plays: tuple[tuple[int, Card], ...]
    led: int
    played: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Contract:
    """What the auction and the trump call settled. trump: suit index, None for no trump."""

    trump: int | None
    order: TrumpOrder = field(repr=False)
    declarer: int
    bid: int
    options: Options = field(repr=False, compare=False)

    def suit_of(self, card: Card) -> int:
        """The suit `card` counts as in play (a trump counts as the trump suit)."""
        return self.order.eff_suit[card]


class FollowSuit:
    """The standard play validator: follow the led suit when able, else any card.

    `words.must_follow(suit)` gives the refusal ("you must follow hearts": one whole
    sentence per suit, a language may bend the suit's name); subclass and override
    `leads()` / `lead_refusal()` for a rule about leading (Spades: no spade lead until
    spades are broken)."""

    def __init__(self, must_follow: Callable[[int], str], names: Sequence[str]) -> None:
        self.must_follow = must_follow
        self.names = names  # card names, for "you do not hold AS"

    def leads(self, hand: Sequence[Card], trick: TrickSoFar, contract: Contract) -> list[Card]:
        """The cards that may lead a trick (all of them, unless a rule says otherwise)."""
        return list(hand)

    def lead_refusal(
        self, card: Card, hand: Sequence[Card], trick: TrickSoFar, contract: Contract
    ) -> str:
        """Why `card` (held, not in leads()) may not lead."""
        return _("that card may not lead now")

    def legal_cards(
        self, hand: Sequence[Card], trick: TrickSoFar, contract: Contract
    ) -> list[Card]:
        if trick.led < 0:
            return self.leads(hand, trick, contract)
        return follow_cards(hand, trick.led, contract.order.eff_suit) or list(hand)

    def legal_plays(
        self, hand: Sequence[Card], trick: TrickSoFar, contract: Contract
    ) -> list[Action]:
        return [play_action(c) for c in self.legal_cards(hand, trick, contract)]

    def refusal(
        self, hand: Sequence[Card], trick: TrickSoFar, contract: Contract, play: Action
    ) -> str | None:
        if play[0] != "play" or len(play) != 2 or not isinstance(play[1], tuple):
            return _("it is time to play a card: 'play C'")
        if len(play[1]) != 1:
            return _("play one card at a time")
        c = play[1][0]
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(self.names):
            return _("that is not a card of this game")
        if c not in hand:
            return _("you do not hold {card}").format(card=self.names[c])
        if c in self.legal_cards(hand, trick, contract):
            return None
        if trick.led < 0:
            return self.lead_refusal(c, hand, trick, contract)
        return self.must_follow(trick.led)


def standard_must_follow(suit: int) -> str:
    """The refusal for not following a suit of the standard pack (StandardPack's order:
    spades, hearts, diamonds, clubs), translated: a whole sentence per suit."""
    return (
        _("you must follow spades"),
        _("you must follow hearts"),
        _("you must follow diamonds"),
        _("you must follow clubs"),
    )[suit]


@dataclass(frozen=True)
class StandardPack:
    """A deck part: the standard pack (or a stripped one: fewer `ranks`), card id =
    suit * len(ranks) + rank, tokens rank + suit ("AS", "TH"), every card worth 0 points;
    the whole pack dealt out one card at a time round the table, the cards that do not
    go round evenly to a "stock". `suit_words` name the suits in actions and views."""

    suits: str = "SHDC"
    ranks: str = "23456789TJQKA"
    suit_words: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
    deck: Deck = field(init=False, repr=False)

    def __post_init__(self) -> None:
        labels = tuple("10" if r == "T" else r for r in self.ranks)
        deck = Deck(
            names=tuple(r + s for s in self.suits for r in self.ranks),
            points=(0,) * (len(self.suits) * len(self.ranks)),
            ranks=tuple(label for _ in self.suits for label in labels),
            suits=tuple(s for s in self.suits for _ in self.ranks),
        )
        object.__setattr__(self, "deck", deck)

    def build(self, options: Options, seats: int) -> Deck:
        return self.deck

    def layout(self, options: Options, seats: int, shuffled: list[Card]) -> dict[str, Any]:
        dealt = len(shuffled) // seats * seats
        return {"hands": [shuffled[i:dealt:seats] for i in range(seats)], "stock": shuffled[dealt:]}


@dataclass(frozen=True, slots=True)
class BidsSoFar:
    """TrickBids' auction: each seat's bid so far (None: not yet), the hand size, the
    hook rule, and the seat to bid (-1 once everyone has)."""

    bids: tuple[int | None, ...]
    hand_size: int
    hook: bool
    turn: int

    def forbidden(self) -> int:
        """The bid the hook rule forbids the last bidder (-1: none)."""
        if not self.hook or sum(b is None for b in self.bids) != 1:
            return -1  # the hook binds only the last to bid
        return self.hand_size - sum(b for b in self.bids if b is not None)


_BIDS: tuple[Action, ...] = tuple(("bid", n) for n in range(60))  # shared action tuples


class TrickBids:
    """A bidding part for games where every seat bids the tricks it will take: in turn
    from the first bidder (the dealer's left), once each, 0 to the hand size, no pass
    (Spades, Oh Hell, Whist's relatives). `hook`: the name of a boolean option that, when
    on, forbids the last bidder the bid that would make the bids add up to the number of
    tricks (Oh Hell's hook rule); `trump`: the suit the outcome names (Spades: spades),
    None for none; `hand_size(setup)`: the hand size when the deal trims the hands
    (default: the first hand dealt)."""

    def __init__(
        self,
        trump: int | None = None,
        hook: str | None = None,
        hand_size: Callable[[DealSetup], int] | None = None,
    ) -> None:
        self.trump = trump
        self.hook = hook
        self.hand_size = hand_size

    def start(self, setup: DealSetup) -> BidsSoFar:
        n = setup.seats
        size = self.hand_size(setup) if self.hand_size else len(setup.piles["hands"][0])
        hook = bool(setup.options[self.hook]) if self.hook else False
        return BidsSoFar((None,) * n, size, hook, setup.first_caller)

    def to_call(self, auction: BidsSoFar) -> int:
        return auction.turn

    def legal_calls(self, auction: BidsSoFar, hand: Sequence[Card] = ()) -> list[Action]:
        no = auction.forbidden()
        return [_BIDS[b] for b in range(auction.hand_size + 1) if b != no]

    def refusal(self, auction: BidsSoFar, hand: Sequence[Card], call: Action) -> str | None:
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

    def call(self, auction: BidsSoFar, call: Action) -> BidsSoFar:
        s = auction.turn
        bids = auction.bids[:s] + (call[1],) + auction.bids[s + 1 :]
        turn = -1 if None not in bids else (s + 1) % len(bids)
        return BidsSoFar(bids, auction.hand_size, auction.hook, turn)

    def outcome(self, auction: BidsSoFar) -> AuctionOutcome | None:
        return None if auction.turn >= 0 else AuctionOutcome(trump=self.trump)


@dataclass(frozen=True, slots=True)
class Exchange:
    """The declarer takes pile `pile` (its cards join the hand) and lays as many back;
    `before_trump`: before a trump is named (else after)."""

    pile: str = "nest"
    phase: str = "nest"
    before_trump: bool = True


def _dealer_left(setup: DealSetup, outcome: AuctionOutcome) -> int:
    # The dealer's left leads, whoever the match's fixed `first` made bid first; a game
    # whose first bidder leads reads setup.first_caller instead (Oh Hell).
    return setup.dealer_left


def _auction_trump(setup: DealSetup, outcome: AuctionOutcome) -> int | None:
    return outcome.trump


@dataclass(frozen=True, eq=False)
class TrickGame:
    """The parts of a trick game and the facts its deal needs.

    suits/power: printed suit index (into suit_words) and rank power of every card;
    trump(setup, outcome): the trump once the auction is over (None: none yet, named by
    the declarer when name_trump, else no trump); hand_size(setup): deal fewer cards
    than the layout gave (the rest go to `spare_pile`); first_lead(setup, outcome): who
    leads the first trick (default the dealer's left); count: what DealResult.points
    holds per seat, "tricks" or "points" (card points); public(deal, seat): the game's
    own facts for a view's JSON (the turn-up, bids, ...).
    """

    deck: Deck
    bidding: Bidding[Any]
    validator: PlayValidator[TrickSoFar, Contract]
    suit_words: tuple[str, ...]  # ("spades", "hearts", ...): views, events, "trump hearts"
    # Printed suit (index into suit_words) and rank power per card; by default read off
    # the deck: suits in the order the deck's cards first show them, and each card's
    # power its place among its suit's cards (a suit's cards listed low to high).
    suits: tuple[int, ...] = ()
    power: tuple[int, ...] = ()
    trump: Callable[[DealSetup, AuctionOutcome], int | None] = _auction_trump
    name_trump: bool = False
    exchange: Exchange | None = None
    hand_size: Callable[[DealSetup], int] | None = None
    spare_pile: str = "stock"
    first_lead: Callable[[DealSetup, AuctionOutcome], int] = _dealer_left
    count: str = "tricks"
    public: Callable[[TrickDeal, int], Mapping[str, Any]] | None = None
    orders: tuple[TrumpOrder, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.suits:
            letters = list(dict.fromkeys(self.deck.suits))
            object.__setattr__(self, "suits", tuple(letters.index(s) for s in self.deck.suits))
        if not self.power:
            seen = [0] * len(self.suit_words)
            places: list[int] = []
            for t in self.suits:
                places.append(seen[t])
                seen[t] += 1
            object.__setattr__(self, "power", tuple(places))
        n = len(self.suit_words)
        cards = range(len(self.deck))
        power = self.power
        suit_cards: list[list[Card]] = [
            sorted([c for c in cards if self.suits[c] == t], key=lambda c: power[c])
            for t in range(n)
        ]
        orders = tuple(build_trump_order(self.suits, power, t, suit_cards[t]) for t in range(n)) + (
            build_trump_order(self.suits, power, n, []),
        )  # the last: no trump
        object.__setattr__(self, "orders", orders)

    def order(self, trump: int | None) -> TrumpOrder:
        return self.orders[len(self.suit_words) if trump is None else trump]

    def new_deal(self, setup: DealSetup) -> TrickDeal:
        return TrickDeal(self, setup)

    def variant(
        self,
        *,
        id: str,
        name: str,
        seats: tuple[int, ...],
        deck: DeckSpec,
        scorer: Scorer,
        options: tuple[Option, ...] = (),
        **more: Any,
    ) -> Variant:
        """The Variant of this game: its parts, `new_deal`, and the options of the
        variant and of every part (a part's `options` attribute) in one table."""
        merged: dict[str, Option] = {}
        for owner in (options, *(getattr(p, "options", ()) for p in self._parts(deck, scorer))):
            for o in owner:
                if o.key in merged and merged[o.key] != o:
                    raise ValueError(f"two parts of {id} declare the option {o.key!r}")
                merged[o.key] = o
        return Variant(
            id=id,
            name=name,
            seats=seats,
            deck=deck,
            bidding=self.bidding,
            validator=self.validator,
            scorer=scorer,
            new_deal=self.new_deal,
            options=tuple(merged.values()),
            **more,
        )

    def _parts(self, deck: DeckSpec, scorer: Scorer) -> tuple[Any, ...]:
        return (deck, self.bidding, self.exchange, self.validator, scorer)


@dataclass(frozen=True, slots=True)
class TrickView:
    """What one seat of a TrickDeal may see. Cards are ids; to_json() gives names."""

    seat: int
    game: TrickGame = field(repr=False, compare=False)
    phase: str
    to_move: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    auction: Any  # the bidding part's auction: public
    declarer: int
    contract: Contract | None  # once play starts
    trump: int | None
    trick: tuple[tuple[int, Card], ...]
    led: int
    played: tuple[Card, ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    taken: tuple[int, ...]  # card points taken per seat
    exchanged: tuple[Card, ...]  # the pile the declarer took (the declarer only)
    hand_size: int
    public: tuple[tuple[str, Any], ...] = ()  # the game's own facts (TrickGame.public)

    @property
    def seats(self) -> int:
        return len(self.hand_counts)

    def play_position(self) -> PlayPosition | None:
        if self.phase != "play" or self.contract is None:
            return None
        return PlayPosition(self.hand, TrickSoFar(self.trick, self.led, self.played), self.contract)

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid" or self.to_move != self.seat:
            return None
        return AuctionPosition(self.auction, self.hand)

    def playable(self) -> list[Card]:
        """The cards this seat may play now (the validator's answer; [] off turn)."""
        pos = self.play_position()
        if pos is None or self.to_move != self.seat:
            return []
        return [c for a in self.game.validator.legal_plays(*pos) for c in a[1]]

    def to_json(self) -> dict[str, Any]:
        g = self.game
        names = g.deck.names
        out: dict[str, Any] = {
            "seat": self.seat if self.seat >= 0 else None,  # -1: a spectator's view
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": [names[c] for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "trick": [[s, [names[c]]] for s, c in self.trick],
            "dealer": self.dealer,
            "scores": list(self.scores),
            "declarer": self.declarer,
            "trump": None if self.trump is None else g.suit_words[self.trump],
            "tricks_won": list(self.tricks_won),
            "last_trick": [[s, [names[c]]] for s, c in self.last_trick],
            "hand_size": self.hand_size,
        }
        if any(g.deck.points):
            out["taken"] = list(self.taken)
        if self.exchanged:
            out["exchanged"] = [names[c] for c in self.exchanged]
        out.update(self.public)
        return out


class TrickDeal(Deal):
    """One deal of a TrickGame (see the module docstring for its phases)."""

    def __init__(self, game: TrickGame | None, setup: DealSetup | None = None) -> None:
        if game is None or setup is None:  # clone() fills the fields itself
            return
        self.game = game
        self.deck = game.deck
        self.setup = setup
        n = setup.seats
        self.seats = n
        self.dealer = setup.dealer
        self.scores = tuple(setup.scores)
        dealt = [list(h) for h in setup.piles["hands"]]
        self.piles_: dict[str, list[Card]] = {
            k: list(v) for k, v in setup.piles.items() if k != "hands"
        }
        h = game.hand_size(setup) if game.hand_size is not None else len(dealt[0])
        if any(len(hand) > h for hand in dealt):
            spare = self.piles_.setdefault(game.spare_pile, [])
            spare.extend(c for hand in dealt for c in hand[h:])
            spare.sort()
        self.hand_size = h
        self.hands = [sorted(hand[:h]) for hand in dealt]
        self.trick: list[tuple[int, Card]] = []
        self.led = -1
        self.played: tuple[Card, ...] = ()
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.tricks_won = [0] * n
        self.taken = [0] * n
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.trump: int | None = None
        self.contract: Contract | None = None
        self.exchanged: tuple[Card, ...] = ()
        self.exchange_done = game.exchange is None
        self.outcome: AuctionOutcome | None = None
        self.auction: Any = game.bidding.start(setup)
        self.phase = "bid"
        self._to_move = -1
        out = game.bidding.outcome(self.auction)
        if out is None:
            self._to_move = game.bidding.to_call(self.auction)
        else:
            self._settle(out, [])

    # ------------------------------------------------------------ basics

    @property
    def to_move(self) -> int:
        return self._to_move

    def hand_of(self, seat: int) -> Sequence[Card]:
        return self.hands[seat]

    def clone(self) -> TrickDeal:
        d = TrickDeal.__new__(TrickDeal)
        d.__dict__.update(self.__dict__)
        d.hands = [h[:] for h in self.hands]
        d.piles_ = {k: v[:] for k, v in self.piles_.items()}
        d.trick = self.trick[:]
        d.tricks_won = self.tricks_won[:]
        d.taken = self.taken[:]
        d.won = [w[:] for w in self.won]
        return d

    def _trick_so_far(self) -> TrickSoFar:
        return TrickSoFar(tuple(self.trick), self.led, self.played)

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid":
            return None
        return AuctionPosition(self.auction, self.hands[self._to_move])

    def play_position(self) -> PlayPosition | None:
        if self.phase != "play" or self.contract is None:
            return None
        return PlayPosition(self.hands[self._to_move], self._trick_so_far(), self.contract)

    # ------------------------------------------------------------ legality

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        seat = self._to_move
        if ph == "play":
            assert self.contract is not None
            return self.game.validator.legal_plays(
                self.hands[seat], self._trick_so_far(), self.contract
            )
        if ph == "bid":
            return self.game.bidding.legal_calls(self.auction, self.hands[seat])
        if ph == "trump":
            return [("trump", w) for w in self.game.suit_words]
        if self.exchange_phase():
            return self._some_layaways()
        return []

    def exchange_phase(self) -> bool:
        ex = self.game.exchange
        return ex is not None and self.phase == ex.phase and not self.exchange_done

    def legal_complete(self) -> bool:
        return not self.exchange_phase() or len(self.exchanged) == 0

    def legal_hint(self) -> str:
        if not self.exchange_phase():
            return ""
        k = len(self.exchanged)
        return ngettext(
            "choose {count} card to lay back: 'discard C'",
            "choose {count} cards to lay back: 'discard C C ...'",
            k,
        ).format(count=k)

    def _some_layaways(self) -> list[Action]:
        from itertools import combinations, islice

        k = len(self.exchanged)
        hand = sorted(self.hands[self._to_move])
        return [("discard", combo) for combo in islice(combinations(hand, k), 64)]

    def random_action(self, rng: random.Random) -> Action:
        if self.exchange_phase():
            k = len(self.exchanged)
            return ("discard", tuple(sorted(rng.sample(self.hands[self._to_move], k))))
        legal = self.legal_actions()
        return legal[rng.randrange(len(legal))]

    def check(self, action: Action) -> str | None:
        ph = self.phase
        seat = self._to_move
        kind = action[0]
        if ph == "bid":
            return self.game.bidding.refusal(self.auction, self.hands[seat], action)
        if ph == "play":
            assert self.contract is not None
            return self.game.validator.refusal(
                self.hands[seat], self._trick_so_far(), self.contract, action
            )
        if ph == "trump":
            words = self.game.suit_words
            if kind != "trump" or len(action) != 2 or action[1] not in words:
                return _("name the trump suit: {choices}").format(
                    choices=", ".join(f"'trump {w}'" for w in words)
                )
            return None
        if self.exchange_phase():
            k = len(self.exchanged)
            cards = action[1] if kind == "discard" and len(action) == 2 else None
            if not isinstance(cards, tuple) or len(cards) != k:
                return ngettext(
                    "lay back exactly {count} card: 'discard C'",
                    "lay back exactly {count} cards: 'discard C C ...'",
                    k,
                ).format(count=k)
            if len(set(cards)) != k:
                return _("a card is named twice")
            hand = self.hands[seat]
            for c in cards:
                if c not in hand:
                    return _("you do not hold {card}").format(card=_card_name(self.deck, c))
            return None
        return _("the deal is over")

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        ph = self.phase
        seat = self._to_move
        if ph == "play":
            return self._play(seat, action[1][0])
        if ph == "bid":
            bidding = self.game.bidding
            self.auction = bidding.call(self.auction, action)
            ev: Event = (
                {"type": "pass", "seat": seat}
                if action == PASS
                else {"type": action[0], "seat": seat, action[0]: action[1]}
            )
            events = [ev]
            out = bidding.outcome(self.auction)
            if out is None:
                self._to_move = bidding.to_call(self.auction)
            else:
                self._settle(out, events)
            return events
        if ph == "trump":
            self.trump = self.game.suit_words.index(action[1])
            events = [{"type": "trump", "seat": seat, "trump": action[1]}]
            self._next_after_trump()
            return events
        # the exchange
        hand = self.hands[seat]
        for c in action[1]:
            hand.remove(c)
        ex = self.game.exchange
        assert ex is not None
        self.piles_[ex.pile] = sorted(action[1])
        self.exchange_done = True
        self._after_exchange()
        return [{"type": "discard", "seat": seat, "count": len(action[1])}]

    def _after_exchange(self) -> None:
        if self.trump is None and self.game.name_trump:
            self.phase = "trump"  # the declarer, to move, names it
        else:
            self._start_play()

    def _settle(self, out: AuctionOutcome, events: list[Event]) -> None:
        """The auction is over: deal again, or on to the exchange, trump or play."""
        self.outcome = out
        if out.thrown_in:
            self.phase = "over"
            self._to_move = -1
            events.append({"type": "all_passed"})
            return
        game = self.game
        self.trump = game.trump(self.setup, out)
        if out.declarer >= 0:
            events.append({"type": "declarer", "seat": out.declarer, "bid": out.contract})
        ex = game.exchange
        naming = self.trump is None and game.name_trump and out.declarer >= 0
        if ex is not None and out.declarer >= 0 and (ex.before_trump or not naming):
            self._take_pile(ex, out.declarer)
        elif naming:
            self.phase = "trump"
            self._to_move = out.declarer
        else:
            self._start_play()

    def _next_after_trump(self) -> None:
        ex = self.game.exchange
        assert self.outcome is not None
        if ex is not None and not self.exchange_done:
            self._take_pile(ex, self.outcome.declarer)
        else:
            self._start_play()

    def _take_pile(self, ex: Exchange, seat: int) -> None:
        pile = self.piles_.get(ex.pile, [])
        self.exchanged = tuple(sorted(pile))
        self.hands[seat].extend(pile)
        self.hands[seat].sort()
        self.piles_[ex.pile] = []
        self.phase = ex.phase
        self._to_move = seat
        if not pile:  # nothing to take: nothing to lay back
            self.exchange_done = True
            self._after_exchange()

    def _start_play(self) -> None:
        out = self.outcome or AuctionOutcome()
        self.contract = Contract(
            self.trump,
            self.game.order(self.trump),
            out.declarer,
            out.contract,
            self.setup.options,
        )
        self.phase = "play"
        self._to_move = self.game.first_lead(self.setup, out)

    def _play(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        contract = self.contract
        assert contract is not None
        order = contract.order
        if len(trick) == 1:
            self.led = order.eff_suit[card]
        names = self.deck.names
        events: list[Event] = [{"type": "play", "seat": seat, "cards": [names[card]]}]
        n = self.seats
        if len(trick) < n:
            self._to_move = (seat + 1) % n
            return events
        cards = [c for _, c in trick]
        winner = trick[trick_winner(cards, self.led, order)][0]
        points = sum(self.deck.points[c] for c in cards)
        self.tricks_won[winner] += 1
        self.taken[winner] += points
        self.won[winner].extend(cards)
        events.append(
            {
                "type": "trick",
                "winner": winner,
                "cards": [names[c] for c in cards],
                "seats": [s for s, _ in trick],
                "points": points,
                "tricks_won": list(self.tricks_won),
            }
        )
        self.last_trick = tuple(trick)
        self.played += tuple(cards)
        self.trick = []
        self.led = -1
        if self.hands[winner]:
            self._to_move = winner
        else:
            self.phase = "over"
            self._to_move = -1
        return events

    # ------------------------------------------------------------ what is seen

    def view(self, seat: int) -> TrickView:
        return self._view(seat)

    def public_view(self) -> TrickView:
        """A spectator's view: no hand, no pile the declarer took; what every seat sees."""
        return self._view(-1)

    def _view(self, seat: int) -> TrickView:
        g = self.game
        out = self.outcome
        declarer = out.declarer if out is not None else -1
        public = g.public(self, seat) if g.public is not None else {}
        return TrickView(
            seat=seat,
            game=g,
            phase=self.phase,
            to_move=self._to_move,
            dealer=self.dealer,
            scores=self.scores,
            hand=tuple(self.hands[seat]) if seat >= 0 else (),
            hand_counts=tuple(len(h) for h in self.hands),
            auction=self.auction,
            declarer=declarer,
            contract=self.contract,
            trump=self.trump,
            trick=tuple(self.trick),
            led=self.led,
            played=self.played,
            last_trick=self.last_trick,
            tricks_won=tuple(self.tricks_won),
            taken=tuple(self.taken),
            exchanged=self.exchanged
            if (seat >= 0 and seat == declarer) or self.phase == "over"
            else (),
            hand_size=self.hand_size,
            public=tuple(public.items()),
        )

    def piles(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand{i}": h for i, h in enumerate(self.hands)}
        out.update({f"won{i}": w for i, w in enumerate(self.won)})
        out["table"] = [c for _, c in self.trick]
        out.update(self.piles_)
        return out

    def full_state(self) -> dict[str, Any]:
        names = self.deck.names
        words = self.game.suit_words
        public = self.game.public(self, -1) if self.game.public is not None else {}
        return {
            **public,
            "phase": self.phase,
            "to_move": self._to_move,
            "dealer": self.dealer,
            "hands": [[names[c] for c in h] for h in self.hands],
            "where": {k: sorted(names[c] for c in v) for k, v in self.piles().items()},
            "hand_size": self.hand_size,
            "declarer": self.outcome.declarer if self.outcome else -1,
            "trump": None if self.trump is None else words[self.trump],
            "tricks_won": list(self.tricks_won),
            "taken": list(self.taken),
            "trick": [[s, [names[c]]] for s, c in self.trick],
        }

    def result(self) -> DealResult:
        out = self.outcome or AuctionOutcome()
        if out.thrown_in:
            return DealResult(points=(0,) * self.seats, redeal=True)
        points = self.taken if self.game.count == "points" else self.tricks_won
        return DealResult(
            points=tuple(points),
            details={
                "auction": self.auction,
                "declarer": out.declarer,
                "contract": out.contract,
                "trump": self.trump,
                "tricks": tuple(self.tricks_won),
                "taken": tuple(self.taken),
                "hand_size": self.hand_size,
            },
        )


def _card_name(deck: Deck, c: Any) -> str:
    return deck.names[c] if isinstance(c, int) and 0 <= c < len(deck) else str(c)
