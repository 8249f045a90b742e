"""One Tractor deal: declaring trump, burying the kitty, 25 tricks, the result.

Phases: "declare" -> "bury" -> "play" -> "over".

First deal of a match (no levels carried in): both teams are at 2, the seat drawn to
declare first is DealSetup.first or else DealSetup.dealer (which the scorer drew from the
match seed), and the first seat to declare becomes the dealer. Later deals (levels
carried in, also when a match is resumed with given levels): the dealer is fixed, the
level rank is the dealing team's level and the dealer declares first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from crowsnest.engine.actions import Action
from crowsnest.engine.presentation import RANK_WORDS
from crowsnest.engine.variant import (
    AuctionPosition,
    Deal,
    DealResult,
    DealSetup,
    Event,
    PlayPosition,
)
from crowsnest.i18n import _, ngettext

from .bidding import BIDDING, TractorAuction
from .cards import (
    DECK,
    NO_TRUMP,
    POINTS,
    SUITS,
    kind_suit,
    level_name,
    order_for,
)
from .play import VALIDATOR, TractorContract
from .rules import (
    Shape,
    beats,
    follows,
    held_cards,
    random_follow,
    random_lead,
    shape_of,
)
from .scoring import parse_levels
from .throws import resolve_throw, throw_beats, throw_shape
from .view import TractorView

SEATS = 4
HAND = 25
KITTY = 8


class TractorDeal(Deal):
    deck = DECK

    def __init__(self, setup: DealSetup) -> None:
        self.setup = setup
        self.options = setup.options
        piles = setup.piles
        self.hands: list[list[int]] = [list(h) for h in piles["hands"]]
        self.kitty: list[int] = list(piles["kitty"])
        carried = parse_levels(setup.carry)
        self.first_deal = carried is None
        self.levels: tuple[int, int] = carried if carried is not None else (2, 2)
        self.dealer = -1 if self.first_deal else setup.dealer
        self.auction: TractorAuction = BIDDING.start(setup)
        self.level = self.auction.level
        self.start = self.auction.turn
        self.phase = "declare"
        self._to_move = self.start
        # The declaring's facts as the bidding part leaves them (views and AIs read them).
        self.decl: tuple[int, tuple[int, ...], int] | None = None  # seat, cards, strength
        self.declarations: list[tuple[int, tuple[int, ...]]] = []
        self.first_declarer = -1
        self.passes = 0
        self.kitty_revealed: tuple[int, ...] | None = None
        self.trump: int | None = None
        self.es: tuple[int, ...] = ()
        self.ps: tuple[int, ...] = ()
        # play state
        self.leader = -1
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.lead: Shape | None = None
        self.lead_units: tuple[Shape, ...] = ()  # a throw's units (throws option)
        self.best: Shape | None = None
        self.best_seat = -1
        self.trick_points = 0
        self.won: list[list[int]] = [[], [], [], []]
        self.taken = [0, 0, 0, 0]
        self.history: list[tuple[int, tuple[tuple[int, tuple[int, ...]], ...], int]] = []
        self.outcome: dict[str, Any] = {}
        self._follow_cache: tuple[tuple[int, int], tuple[list[tuple[int, ...]], bool]] | None = None

    # ------------------------------------------------------------ basics

    @property
    def to_move(self) -> int:
        return self._to_move

    def hand_of(self, seat: int) -> Sequence[int] | None:
        return self.hands[seat]

    def clone(self) -> TractorDeal:
        new = object.__new__(TractorDeal)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["kitty"] = self.kitty[:]
        d["declarations"] = self.declarations[:]
        d["trick"] = self.trick[:]
        d["won"] = [w[:] for w in self.won]
        d["taken"] = self.taken[:]
        d["history"] = self.history[:]
        d["outcome"] = dict(self.outcome)
        new.__dict__ = d
        return new

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        if seat < 0:
            return []
        if self.phase == "declare":
            return BIDDING.legal_calls(self.auction, self.hands[seat])
        if self.phase == "bury":
            return []
        if self.lead is None:
            # with the throws option this lists the single units only (legal_complete False)
            return VALIDATOR.legal_plays(self.hands[seat], None, self.contract())
        plays, _ = self._follows()  # the validator's follows, kept until the next action
        return [("play", c) for c in plays]

    def contract(self) -> TractorContract:
        """What the validator reads of this deal: the order tables and the throws option."""
        return TractorContract(self.es, self.ps, bool(self.options.get("throws")))

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "declare" or self._to_move < 0:
            return None
        return AuctionPosition(self.auction, self.hands[self._to_move])

    def play_position(self) -> PlayPosition | None:
        if self.phase != "play" or self._to_move < 0:
            return None
        return PlayPosition(self.hands[self._to_move], self.lead, self.contract())

    def _follows(self) -> tuple[list[tuple[int, ...]], bool]:
        """Follows of the seat to move, kept until the next action (the protocol and the
        AI runner ask for the list and its completeness in turn)."""
        key = (len(self.history), len(self.trick))
        cached = self._follow_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        assert self.lead is not None
        result = follows(self.hands[self._to_move], self.lead, self.es)
        self._follow_cache = (key, result)
        return result

    def legal_complete(self) -> bool:
        if self.phase == "bury":
            return False
        if self.phase == "play" and self._to_move >= 0:
            if self.lead is None:
                return not self.options.get("throws")
            return self._follows()[1]
        return True

    def legal_hint(self) -> str:
        if self.phase == "bury":
            return ngettext(
                "choose {count} card to bury: 'discard' followed by {count} card of your hand",
                "choose {count} cards to bury: 'discard' followed by {count} cards of your hand",
                KITTY,
            ).format(count=KITTY)
        if self.phase == "play" and self.lead is None and self.options.get("throws"):
            return _("lead a single, a pair, a tractor, or a throw: several of them in one suit")
        if self.phase == "play" and self.lead is not None:
            n = self.lead[1]
            return ngettext(
                "play {count} card following the lead (the list is too long to show)",
                "play {count} cards following the lead (the list is too long to show)",
                n,
            ).format(count=n)
        return ""

    def random_action(self, rng: random.Random) -> Action:
        seat = self._to_move
        if self.phase == "play":
            hand = self.hands[seat]
            if self.lead is None:
                if self.options.get("throws") and rng.random() < 0.2:
                    es = self.es
                    suit = es[rng.choice(hand)]
                    same = [c for c in hand if es[c] == suit]
                    k = rng.randint(1, min(4, len(same)))
                    return ("play", tuple(sorted(rng.sample(same, k))))
                return ("play", random_lead(hand, self.es, self.ps, rng))
            return ("play", random_follow(hand, self.lead, self.es, rng))
        if self.phase == "bury":
            return ("discard", tuple(sorted(rng.sample(self.hands[seat], KITTY))))
        return rng.choice(self.legal_actions())

    # ------------------------------------------------------------ checking

    def check(self, action: Action) -> str | None:
        seat = self._to_move  # the shape and a deal still on: Match.check saw to them
        kind = action[0]
        if self.phase == "declare":
            return BIDDING.refusal(self.auction, self.hands[seat], action)
        if self.phase == "bury":
            if kind != "discard":
                return ngettext(
                    "the dealer must bury {count} card: 'discard' followed by {count} card",
                    "the dealer must bury {count} cards: 'discard' followed by {count} cards",
                    KITTY,
                ).format(count=KITTY)
            cards = self._cards(action, seat)
            if isinstance(cards, str):
                return cards
            if len(cards) != KITTY:
                return ngettext(
                    "bury exactly {count} card, not {given}",
                    "bury exactly {count} cards, not {given}",
                    KITTY,
                ).format(count=KITTY, given=len(cards))
            return None
        return VALIDATOR.refusal(self.hands[seat], self.lead, self.contract(), action)

    def describe(self, cards: Sequence[int]) -> str:
        """What a selection of cards forms, in words (the client shows it while a player
        picks cards): "pair of 8s in diamonds", "tractor of 2 pairs in trumps"; "" when it
        is no single unit (a follow may still be legal). One whole phrase per suit and
        joker: a language may bend their names."""
        if not cards or not self.es:
            return ""
        shape = shape_of(tuple(sorted(cards)), self.es, self.ps)
        if shape is None:
            return ""
        s = shape[0]
        k = self.deck.ranks[min(cards)]
        if shape[1] == 1:
            if k in ("BJ", "RJ"):
                return _("single black joker") if k == "BJ" else _("single red joker")
            return (
                _("single {rank} in spades"),
                _("single {rank} in hearts"),
                _("single {rank} in diamonds"),
                _("single {rank} in clubs"),
                _("single {rank} in trumps"),
            )[s].format(rank=RANK_WORDS.get(k, k))
        if shape[1] == 2:
            if k in ("BJ", "RJ"):
                return _("pair of black jokers") if k == "BJ" else _("pair of red jokers")
            return (
                _("pair of {rank}s in spades"),
                _("pair of {rank}s in hearts"),
                _("pair of {rank}s in diamonds"),
                _("pair of {rank}s in clubs"),
                _("pair of {rank}s in trumps"),
            )[s].format(rank=RANK_WORDS.get(k, k))
        n = shape[2]
        return (
            ngettext("tractor of {count} pair in spades", "tractor of {count} pairs in spades", n),
            ngettext("tractor of {count} pair in hearts", "tractor of {count} pairs in hearts", n),
            ngettext(
                "tractor of {count} pair in diamonds", "tractor of {count} pairs in diamonds", n
            ),
            ngettext("tractor of {count} pair in clubs", "tractor of {count} pairs in clubs", n),
            ngettext("tractor of {count} pair in trumps", "tractor of {count} pairs in trumps", n),
        )[s].format(count=n)

    def _cards(self, action: Action, seat: int) -> tuple[int, ...] | str:
        return held_cards(action, self.hands[seat])

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        seat = self._to_move
        phase = self.phase
        if phase == "play":
            return self._play(seat, tuple(sorted(action[1])))
        if phase == "declare":
            return self._declare(seat, action)
        return self._bury(seat, tuple(sorted(action[1])))

    def _declare(self, seat: int, action: Action) -> list[Event]:
        names = self.deck.names
        self.auction = a = BIDDING.call(self.auction, action)
        self.decl, self.passes, self.first_declarer = a.decl, a.passes, a.first_declarer
        if action[0] == "declare":
            cards = a.declarations[-1][1]
            self.declarations.append((seat, cards))
            events: list[Event] = [
                {"type": "declare", "seat": seat, "cards": [names[c] for c in cards]}
            ]
            if len(a.declarations) == 1 and self.first_deal:
                self.dealer = seat  # the first to declare deals the first deal
                events.append({"type": "dealer", "seat": seat})
            self._to_move = a.turn
            return events
        events = [{"type": "pass", "seat": seat}]
        out = BIDDING.outcome(a)
        if out is not None and out.trump is not None:
            self._set_trump(out.trump, events)
        elif out is not None:
            # Nobody declared: the kitty is turned up; its first non-joker card's suit is trump.
            self.kitty_revealed = tuple(self.kitty)
            suit = next((kind_suit(c >> 1) for c in self.kitty if c < 104), NO_TRUMP)
            if self.first_deal:
                self.dealer = self.start
            events.append(
                {
                    "type": "kitty_revealed",
                    "cards": [names[c] for c in self.kitty],
                    "trump": "NT" if suit == NO_TRUMP else SUITS[suit],
                }
            )
            self._set_trump(suit, events)
        else:
            self._to_move = a.turn
        return events

    def _set_trump(self, suit: int, events: list[Event]) -> None:
        self.trump = suit
        order = order_for(self.level, suit)
        self.es, self.ps = order.esuit, order.pos
        d = self.dealer
        events.append(
            {
                "type": "trump",
                "trump": order.trump_name,
                "level": level_name(self.level),
                "declarer": self.decl[0] if self.decl else -1,
                "dealer": d,
            }
        )
        self.hands[d].extend(self.kitty)
        self.kitty = []
        events.append({"type": "kitty_taken", "seat": d})
        self.phase = "bury"
        self._to_move = d

    def _bury(self, seat: int, cards: tuple[int, ...]) -> list[Event]:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.kitty = list(cards)
        self.phase = "play"
        self.leader = seat
        self._to_move = seat
        return [{"type": "buried", "seat": seat, "count": len(cards)}]

    def _play(self, seat: int, cards: tuple[int, ...], quiet: bool = False) -> list[Event]:
        """Play `cards` (legal, sorted) for `seat`. quiet: no events (the hard AI's play-outs
        play thousands of cards a decision and read the state, never the events)."""
        hand = self.hands[seat]
        names = self.deck.names
        events: list[Event] = []
        if self.lead is None:
            shape = shape_of(cards, self.es, self.ps)
            if shape is None:  # a throw (throws option)
                cards, units, failed = resolve_throw(self, seat, cards)
                if failed:
                    events.append(
                        {"type": "throw_failed", "seat": seat, "cards": [names[c] for c in cards]}
                    )
                if units:
                    shape = throw_shape(cards, units, self.es)
                else:  # a failed throw: a plain unit is led
                    shape = shape_of(cards, self.es, self.ps)
                self.lead_units = units
            else:
                self.lead_units = ()
            self.lead = shape
            self.best = shape
            self.best_seat = seat
        else:
            lead, best = self.lead, self.best
            assert best is not None  # set with the lead
            if self.lead_units:
                if throw_beats(cards, self.lead_units, best, self.es, self.ps):
                    self.best = throw_shape(cards, self.lead_units, self.es)
                    self.best_seat = seat
            elif beats(shape_of(cards, self.es, self.ps), lead, best):
                self.best = shape_of(cards, self.es, self.ps)
                self.best_seat = seat
        for c in cards:
            hand.remove(c)
        self.trick.append((seat, cards))
        if not quiet:
            events.append({"type": "play", "seat": seat, "cards": [names[c] for c in cards]})
        if len(self.trick) < SEATS:
            self._to_move = (seat + 1) % SEATS
            return events
        # the trick is complete
        winner = self.best_seat
        points = 0
        won = self.won[winner]
        for _seat, cs in self.trick:
            for c in cs:
                points += POINTS[c]
            won.extend(cs)
        self.taken[winner] += points
        trick = tuple(self.trick)
        self.history.append((self.leader, trick, winner))
        if not quiet:
            events.append(
                {
                    "type": "trick",
                    "winner": winner,
                    "cards": [[s, [names[c] for c in cs]] for s, cs in trick],
                    "points": points,
                }
            )
        self.trick = []
        self.lead = None
        self.best = None
        self.leader = winner
        if hand:
            self._to_move = winner
            return events
        self._finish(len(cards), winner, events)
        return events

    def _finish(self, last_n: int, last_winner: int, events: list[Event]) -> None:
        attackers = 1 - self.dealer % 2
        att_points = sum(self.taken[s] for s in range(SEATS) if s % 2 == attackers)
        def_points = sum(self.taken[s] for s in range(SEATS) if s % 2 != attackers)
        kitty_points = sum(POINTS[c] for c in self.kitty)
        mult = (
            (2**last_n if self.options.get("kitty_power") else 2 * last_n)
            if last_winner % 2 == attackers
            else 0
        )
        bonus = kitty_points * mult
        names = self.deck.names
        self.outcome = {
            "dealer": self.dealer,
            "attackers": attackers,
            "trick_points": att_points,
            "kitty": [names[c] for c in sorted(self.kitty)],
            "kitty_points": kitty_points,
            "multiplier": mult,
            "bonus": bonus,
            "attacker_points": att_points + bonus,
            "defender_points": def_points,
            "levels": list(self.levels),
            "last_trick_winner": last_winner,
        }
        events.append({"type": "kitty", **self.outcome})
        self.phase = "over"
        self._to_move = -1

    # ------------------------------------------------------------ outputs

    def result(self) -> DealResult:
        o = self.outcome
        pts = [0, 0]
        pts[o["attackers"]] = o["attacker_points"]
        pts[1 - o["attackers"]] = o["defender_points"]
        return DealResult(points=tuple(pts), details=o)

    def view(self, seat: int) -> TractorView:
        return self._view(seat)

    def public_view(self) -> TractorView:
        """A spectator's view: no hand; the kitty only when turned up or at the end."""
        return self._view(-1)

    def _view(self, seat: int) -> TractorView:
        """Seat `seat`'s view, or with seat -1 the public one (no seat's own cards)."""
        over = self.phase == "over"
        kitty: tuple[int, ...] | None = None
        if over or (seat >= 0 and seat == self.dealer and self.phase in ("bury", "play")):
            # the dealer knows the kitty they picked up and what they buried; all see it at the end
            kitty = tuple(sorted(self.kitty)) if self.phase != "bury" else self.kitty_taken()
        return TractorView(
            seat=seat,
            phase=self.phase,
            to_move=self._to_move,
            hand=tuple(sorted(self.hands[seat])) if seat >= 0 else (),
            hand_counts=tuple(len(h) for h in self.hands),
            trick=tuple(self.trick),
            dealer=self.dealer,
            levels=self.levels,
            level=self.level,
            trump=self.trump,
            declarations=tuple(self.declarations),
            kitty=kitty,
            kitty_revealed=self.kitty_revealed,
            history=tuple(self.history),
            taken=tuple(self.taken),
            first_declarer=self.first_declarer,
            options=tuple(sorted(self.options.items())),
            outcome=tuple(
                sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in self.outcome.items())
            ),
        )

    def kitty_taken(self) -> tuple[int, ...]:
        """The 8 cards the dealer picked up (shown to the dealer while burying)."""
        return tuple(sorted(self.setup.piles["kitty"]))

    def piles(self) -> dict[str, Sequence[int]]:
        out: dict[str, Sequence[int]] = {f"hand{s}": self.hands[s] for s in range(SEATS)}
        out["kitty"] = self.kitty
        out["table"] = [c for _, cs in self.trick for c in cs]
        for s in range(SEATS):
            out[f"won{s}"] = self.won[s]
        return out

    def full_state(self) -> dict[str, Any]:
        names = self.deck.names

        def nm(cards: Sequence[int]) -> list[str]:
            return [names[c] for c in sorted(cards)]

        where = {k: nm(v) for k, v in self.piles().items()}
        return {
            "phase": self.phase,
            "to_move": self._to_move,
            "hands": [nm(h) for h in self.hands],
            "where": where,
            "dealer": self.dealer,
            "first_declarer": self.first_declarer,
            "levels": list(self.levels),
            "level_rank": level_name(self.level),
            "trump": None if self.trump is None else order_for(self.level, self.trump).trump_name,
            "declarations": [[s, nm(c)] for s, c in self.declarations],
            "kitty_revealed": None
            if self.kitty_revealed is None
            else [names[c] for c in self.kitty_revealed],
            "trick": [[s, nm(c)] for s, c in self.trick],
            "taken": list(self.taken),
            "tricks_played": len(self.history),
            "outcome": dict(self.outcome) or None,
        }
