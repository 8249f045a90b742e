"""The plugin-facing model of a game: a Variant and its five parts.

A plugin hands the host Variant objects (see crowsnest.hookspecs). The engine calls them
directly; pluggy is never on the per-move path.

The five parts of the design card:
  deck       DeckSpec   -> the pack for (options, seats) and how it is dealt into piles
  bidding    Bidding    -> the auction: legal calls, why one is refused, what a call does,
                           when it ends and how (declarer, contract, trump, thrown in)
  validator  PlayValidator -> the legal plays for a hand, the trick so far and the
                           contract, and the sentence for a refused play
  scorer     Scorer     -> scores a finished deal into the match (scores, dealer, winner)
  ais        {level: AIFactory}; "random" is always present (the host adds it if absent)
plus `new_deal`, the state machine that wires the parts for one deal.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, runtime_checkable

from .actions import Action, ActionError, format_action, parse_action
from .cards import Card, Deck
from .options import Option, Options, resolve_options
from .presentation import Presentation, Text

if TYPE_CHECKING:
    from ..i18n import Catalog

Event = dict[str, Any]
DIRECTIONS = ("clockwise", "counter-clockwise")  # the values of Variant.direction
Piles = dict[str, list[Card]]  # "hands" -> list per seat is stored as "hand0".."handN"


# ---------------------------------------------------------------- views and AIs


@runtime_checkable
class View(Protocol):
    """What one seat may see. Variants return a frozen dataclass with these members.

    to_json() must hold at least the common keys the client and protocol use:
      seat, phase, to_move, hand (card names, sorted), hand_counts (per seat),
      trick (list of [seat, [card names]] for the trick in progress), scores, dealer,
      plus anything variant-specific (bid, declarer, trump, piles the seat may see, ...).
    A public view (Deal.public_view) has seat -1 and, in to_json(), "seat": null.
    """

    @property
    def seat(self) -> int: ...  # read-only: views are frozen

    def to_json(self) -> dict[str, Any]: ...


class AI(Protocol):
    """Chooses an action for the seat of `view`, from that view alone.

    `legal` comes from the engine (it is derivable from the view). Where the legal set is
    too large to list (Deal.legal_complete() is False, e.g. choosing cards to bury), the
    AI builds its own action; the match checks it and falls back on a legal one.
    """

    # `view` is Any: a game's AI reads its own game's view class (a View), which a
    # parameter typed View would refuse (a method may not narrow what it accepts).
    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


AIFactory = Callable[["Variant", Options, int], AI]  # (variant, options, seats) -> AI


# ---------------------------------------------------------------- one deal


class Deal(ABC):
    """The state of one deal: mutable, cheap to clone, deterministic.

    OpenSpiel-shaped: to_move / legal_actions / apply / over / result. `phase` is a short
    string ("bid", "nest", "trump", "declare", "bury", "play", "over", ...).
    """

    deck: Deck
    phase: str

    @property
    @abstractmethod
    def to_move(self) -> int:
        """Seat to act, or -1 when the deal is over."""

    @property
    def over(self) -> bool:
        return self.to_move < 0

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move (see legal_complete)."""

    def legal_complete(self) -> bool:
        """False where the legal set is too large to list (burying 8 of 33 cards)."""
        return True

    def legal_hint(self) -> str:
        """When legal_complete() is False: what is to be chosen, as a sentence."""
        return ""

    def legal_note(self) -> str:
        """Where each listed action stands for equal ones (other suits of the same ranks):
        a sentence saying so, else "". `check` accepts the unlisted equals."""
        return ""

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action (override where legal sets are incomplete)."""
        return rng.choice(self.legal_actions())

    @abstractmethod
    def check(self, action: Action) -> str | None:
        """None if `action` is legal now, else the reason as a sentence. Match.check
        calls it only while the deal is on and with a tuple that starts with a kind
        (actions.shape_error), so variants need not guard against anything else."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (callers check first) and return events."""

    @abstractmethod
    def clone(self) -> Deal:
        """An independent copy (cheap: the AI copies thousands per move)."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """Only what `seat` may see."""

    def public_view(self) -> View | None:
        """What a spectator may see: only what every seat sees (no hand at all, the hand
        counts, the trick, the face-up piles, bids, trump and scores). Its to_json() has
        the keys of a seat's view, with "seat": null and "hand": [].

        None (the default): this game has no public view, so its online tables take no
        spectators. The engine never derives one from a seat's view: that view holds the
        seat's hand and whatever only that seat was shown (a nest it picked up)."""
        return None

    def view_texts(self, seats: Sequence[int], dumps: Callable[[Any], str]) -> list[str] | None:
        """Optional, for speed: the JSON text of these seats' views, exactly
        `dumps(view(seat).to_json())` for each (`dumps` writes compact JSON, no spaces),
        made at once, so a game whose views share most of their JSON makes that part
        once (an online server sends every seat's view after every action:
        Match.view_texts). None (the default): Match encodes each view's to_json()."""
        return None

    def redact_event(self, event: Event, seat: int | None) -> Event | None:
        """`event`, one the last action gave (the deal's or the match's own, such as
        "deal_over"), as `seat` may see it (None: a spectator), read with the deal in the
        state that action left it in; None drops it for that reader. Return a new dict to
        change it: never edit `event` (the omniscient driver's copy).

        The default gives it unchanged: right where events name only cards every reader
        sees (a card played, a pile turned up). A game whose events name cards hidden
        from some readers (cards buried, passed or drawn) overrides this, then vouches
        for its events with Variant.events_safe (see Match.events_for)."""
        return event

    @abstractmethod
    def full_state(self) -> dict[str, Any]:
        """Everything, JSON-able: hands, piles, trump, phase (for tests and review)."""

    def piles(self) -> Mapping[str, Sequence[Card]] | None:
        """Where every card of the deck lies now, by id: pile name -> card ids ("hand0",
        "nest", "table", "won1", ...; full_state()'s "where" in ids). Cheap: it may hand
        out the deal's own lists, which callers only read. Card conservation is checked
        with it after every action (tools/soak.py); None: the variant does not say."""
        return None

    @abstractmethod
    def result(self) -> DealResult:
        """Once over: the deal's result for the scorer."""

    # Notation. Variants with other notations override these two.
    def parse_action(self, text: str) -> Action:
        seat = self.to_move
        return parse_action(text, self.deck, self.hand_of(seat) if seat >= 0 else None)

    def format_action(self, action: Action) -> str:
        return format_action(action, self.deck)

    def hand_of(self, seat: int) -> Sequence[Card] | None:
        """The seat's hand (used to resolve repeated card tokens when parsing)."""
        return None

    def auction_position(self) -> AuctionPosition | None:
        """While the variant's bidding part is to answer (the auction is on): the auction
        and the hand of the seat to call, exactly what the part's legal_calls/refusal
        read; else None. The generic tests ask the part with it."""
        return None

    def play_position(self) -> PlayPosition | None:
        """While the variant's validator is to answer (a card play is due): the hand to
        play from, the trick so far and the contract; else None."""
        return None

    def describe(self, cards: Sequence[Card]) -> str:
        """What these cards, legal to play now, form ("tractor", "airplane with
        wings"), for the window to name a selection; "" where the variant says nothing."""
        return ""


@dataclass(frozen=True, slots=True)
class DealResult:
    """points: what each side took (by team where the variant has teams, else by seat).
    redeal: the deal was thrown in (all passed): the match deals again, no scoring.
    details: variant-specific facts for the scorer and the end-of-deal screen."""

    points: tuple[int, ...]
    redeal: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Settlement:
    """What the scorer decides after a deal."""

    score_change: tuple[int, ...]
    scores: tuple[int, ...]
    next_dealer: int
    winner: Any = None  # None while the match goes on; else team/seat index (or list)
    # match state for the next deal (Tractor levels)
    carry: Mapping[str, Any] = field(default_factory=dict)
    extra_event: Mapping[str, Any] = field(default_factory=dict)
    # Why the match ended (a sentence for the game-over screen), when winner is set: a
    # Text (say(...)) is shown in the player's language; the match_over event carries
    # its English.
    end_reason: str | Text = ""


@dataclass(frozen=True, slots=True)
class DealSetup:
    """Everything a Deal is built from. `piles` maps pile names to card lists: "hands"
    is a list of lists (one per seat); others are "nest", "kitty", "bottom", "aside", ..."""

    variant: Variant
    options: Options
    seats: int
    dealer: int
    deal_no: int
    piles: Mapping[str, Any]
    scores: tuple[int, ...]
    carry: Mapping[str, Any]
    rng_seed: str  # seeds chance decisions inside the deal (a drawn first bidder)
    # The match's fixed first caller (Match(first=...)), on its first deal only: who bids
    # or declares first where the game would otherwise seat or draw one.
    first: int | None = None

    @property
    def dealer_left(self) -> int:
        """The seat on the dealer's left: next after the dealer in turn order."""
        return (self.dealer + 1) % self.seats

    @property
    def first_caller(self) -> int:
        """Who calls first in an auction that starts at the dealer's left: the match's
        fixed `first` seat where one is given (its first deal), else the dealer's left.
        The one home of that rule (Rook's auction, the engine's TrickBids, Oh Hell)."""
        return self.first if self.first is not None else (self.dealer + 1) % self.seats


# ---------------------------------------------------------------- the five parts


class DeckSpec(Protocol):
    def build(self, options: Options, seats: int) -> Deck:
        """The pack for these options and seat count."""
        ...

    def layout(self, options: Options, seats: int, shuffled: list[Card]) -> dict[str, Any]:
        """Deal a shuffled pack into piles: {"hands": [[...] per seat], "nest": [...], ...}."""
        ...


@dataclass(frozen=True, slots=True)
class AuctionOutcome:
    """How an auction ended. declarer: the seat that won it (-1: nobody did); contract:
    the winning bid (0 where the auction names no number); trump: the suit index the
    auction named (None where it names none: named later, turned up, or no trump);
    thrown_in: every seat passed and the deal is dealt again.

    declarer -1 without thrown_in is an auction nobody won that the game plays on from
    by its own rule (Tractor turns up the kitty; a game with no auction at all)."""

    declarer: int = -1
    contract: int = 0
    trump: int | None = None
    thrown_in: bool = False


A = TypeVar("A")  # an auction in progress, as a bidding part defines it (a frozen value)
T_contra = TypeVar("T_contra", contravariant=True)  # the trick so far, as a validator reads it
K_contra = TypeVar("K_contra", contravariant=True)  # the contract (trump, level, ...)


class Bidding(Protocol[A]):
    """The auction or declaration phase: the one home of its rules.

    An auction is a frozen value the part defines (the calls so far and whatever its
    rules read); the part answers every question about it and makes the next one, so
    the Deal, the views, the AIs, the hint and the coach all ask the same code. The
    engine's trick deal (crowsnest.engine.trickdeal) drives it; a game with its own Deal
    calls it from legal_actions/check/apply. A game with no auction uses NO_AUCTION.
    """

    def start(self, setup: DealSetup) -> A:
        """The auction before the first call of the deal `setup` starts."""
        ...

    def to_call(self, auction: A) -> int:
        """The seat to call next (-1 once the auction is over)."""
        ...

    def legal_calls(self, auction: A, hand: Sequence[Card]) -> list[Action]:
        """The calls the seat to call may make ("pass", "bid 75", "declare 2H 2H"), given
        its hand (read only where a call shows cards)."""
        ...

    def refusal(self, auction: A, hand: Sequence[Card], call: Action) -> str | None:
        """None if `call` is legal now, else why not, as a sentence a player understands."""
        ...

    def call(self, auction: A, call: Action) -> A:
        """The auction after the seat to call makes the legal call `call`: what the call
        does to the contract."""
        ...

    def outcome(self, auction: A) -> AuctionOutcome | None:
        """None while the auction goes on; else how it ended."""
        ...


class PlayValidator(Protocol[T_contra, K_contra]):
    """Which plays are legal and why one is not: the one home of the play rules.

    `hand` is the cards of the hand to play from, `trick` the trick so far and
    `contract` what the auction settled (trump, level), each as the part defines them;
    Deal.play_position() and a view's play_position() hand out exactly these three.
    """

    def legal_plays(
        self, hand: Sequence[Card], trick: T_contra, contract: K_contra
    ) -> list[Action]:
        """The legal plays ("play C", "pass" where a game allows it), in the notation's
        tuples. Where the set is too large to list (Deal.legal_complete() is False), what
        the deal lists."""
        ...

    def refusal(
        self, hand: Sequence[Card], trick: T_contra, contract: K_contra, play: Action
    ) -> str | None:
        """None if `play` is legal now, else why not ("you must follow green")."""
        ...


class PlayPosition(NamedTuple):
    """What the validator reads: the hand to play from, the trick so far, the contract."""

    hand: Sequence[Card]
    trick: Any
    contract: Any


class AuctionPosition(NamedTuple):
    """What the bidding part reads: the auction so far and the caller's hand."""

    auction: Any
    hand: Sequence[Card]


@dataclass(frozen=True, slots=True)
class NoAuction:
    """The auction of a game without one: over before it starts, won by nobody."""


class NoBidding:
    """The bidding part of a game with no auction (Sevens): no calls, over at once."""

    def start(self, setup: DealSetup) -> NoAuction:
        return NoAuction()

    def to_call(self, auction: NoAuction) -> int:
        return -1

    def legal_calls(self, auction: NoAuction, hand: Sequence[Card]) -> list[Action]:
        return []

    def refusal(self, auction: NoAuction, hand: Sequence[Card], call: Action) -> str | None:
        from ..i18n import _

        return _("this game has no auction")

    def call(self, auction: NoAuction, call: Action) -> NoAuction:
        raise ActionError("this game has no auction")

    def outcome(self, auction: NoAuction) -> AuctionOutcome:
        return AuctionOutcome()


NO_AUCTION = NoBidding()


class Scorer(Protocol):
    def first_dealer(self, options: Options, seats: int, rng: random.Random) -> int: ...

    def initial_scores(self, options: Options, seats: int) -> tuple[int, ...]: ...

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement: ...

    def redeal_dealer(self, setup: DealSetup, result: DealResult) -> int:
        """Dealer of the deal that replaces a thrown-in one (usually the same)."""
        ...


class ScorerDefaults:
    """A base for a scorer part with the usual answers, so a game writes only settle():
    a random first dealer, every seat (or side: override initial_scores) at 0, and a
    thrown-in deal dealt again by the same dealer."""

    def first_dealer(self, options: Options, seats: int, rng: random.Random) -> int:
        return rng.randrange(seats)

    def initial_scores(self, options: Options, seats: int) -> tuple[int, ...]:
        return (0,) * seats

    def redeal_dealer(self, setup: DealSetup, result: DealResult) -> int:
        return setup.dealer


@dataclass(frozen=True)
class Variant:
    """A playable game, as a plugin registers it."""

    id: str
    name: str
    seats: tuple[int, ...]
    deck: DeckSpec
    # The auction's and the play's rules (one home each: the Deal, the views, the AIs,
    # the hint and the coach ask them). Required; a game without an auction passes
    # NO_AUCTION.
    bidding: Bidding[Any]
    validator: PlayValidator[Any, Any]
    scorer: Scorer
    new_deal: Callable[[DealSetup], Deal]
    ais: Mapping[str, AIFactory] = field(default_factory=dict)
    rules_text: str = ""
    # The rules in other languages, by code ("fi": text); crowsnest.i18n.read_localized
    # reads them from rules.fi.md beside rules.md. A language not here reads the English.
    rules_translations: Mapping[str, str] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    teams: Callable[[int, Options], tuple[tuple[int, ...], ...] | None] = lambda n, o: None
    default_seats: int = 0
    description: str = ""
    pile_names: tuple[str, ...] = ()  # extra piles besides hands ("nest", "kitty", ...)
    # Turn order round the table: seat i+1 sits to seat i's left ("clockwise", the Rook
    # family) or to its right ("counter-clockwise": Tractor, Dou Dizhu). A property of
    # the game, not of a position, so the client reads it here, not from a view.
    direction: str = "clockwise"
    # How the game looks and speaks at the table (crowsnest.engine.presentation): its
    # event kinds, words and card art. None: the generic presentation.
    presentation: Presentation | None = None
    # The role of every seat once the auction has settled it ("landlord"/"peasants",
    # "declarers"/"defenders"), else None. Optional; tournaments compare levels role
    # against role with it (crowsnest.batch.tournament).
    roles: Callable[[Deal], tuple[str, ...] | None] | None = None
    # The gettext catalog (crowsnest.i18n.Catalog) that translates what the variant holds
    # as text: name, description, option labels, help and choices. None: the project's.
    catalog: Catalog | None = None
    # The plugin's word that its events, as Deal.redact_event gives them to each reader,
    # never name a card hidden from that reader (tests/engine/test_public_view.py checks
    # it of every built-in game). False, the default: Match.events_for takes every field
    # that names a card out of the events it gives seats and spectators, so a plugin that
    # never thought of online play cannot leak a hand through its events.
    events_safe: bool = False

    def __post_init__(self) -> None:
        if not self.default_seats and self.seats:
            object.__setattr__(self, "default_seats", self.seats[0])

    @property
    def clockwise(self) -> bool:
        return self.direction != "counter-clockwise"

    def resolve_options(self, given: Mapping[str, Any] | None) -> Options:
        return resolve_options(self.options, given)


__all__ = [
    "AI",
    "AIFactory",
    "AuctionOutcome",
    "AuctionPosition",
    "Action",
    "ActionError",
    "Bidding",
    "NO_AUCTION",
    "NoAuction",
    "NoBidding",
    "PlayPosition",
    "Deal",
    "DealResult",
    "DIRECTIONS",
    "DealSetup",
    "DeckSpec",
    "Event",
    "PlayValidator",
    "Scorer",
    "Settlement",
    "Variant",
    "View",
]
