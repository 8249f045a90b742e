"""Declaring trump in Tractor: the bidding part (crowsnest.engine.Bidding).

After the deal each player in turn, from the seat drawn to start, may declare trump by
showing one level card, a pair of identical level cards or a pair of identical jokers,
or pass. An overcall must be stronger (single < level pair < black joker pair < red
joker pair). Three passes in a row after a declaration settle it: the declared suit is
trump (no trump for jokers). Four passes with no declaration: nobody won, and the deal
turns up the kitty (deal.py). The deal, its views, the AIs, the hint and the coach ask
this part.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from crowsnest.engine.actions import PASS, Action
from crowsnest.engine.cards import Card
from crowsnest.engine.variant import AuctionOutcome, DealSetup
from crowsnest.i18n import _

from .cards import NO_TRUMP, RJ_KIND, kind_rank, kind_suit, level_name
from .rules import held_cards
from .scoring import parse_levels

SEATS = 4


def declaration_strength(cards: Sequence[int], level: int) -> int:
    """1 single level card, 2 level pair, 3 BJ pair, 4 RJ pair; 0 if not a declaration."""
    k = cards[0] >> 1
    if len(cards) == 1:
        return 1 if k < 52 and kind_rank(k) == level else 0
    if len(cards) != 2 or (cards[1] >> 1) != k or cards[0] == cards[1]:
        return 0
    if k >= 52:
        return 4 if k == RJ_KIND else 3
    return 2 if kind_rank(k) == level else 0


class TractorAuction(NamedTuple):
    """The declaring so far: public (declarations are shown). An immutable value made
    for every call of every deal: a NamedTuple made with tuple.__new__ (_make), not a
    frozen dataclass, whose __init__ sets each field through object.__setattr__ (issue
    26's cost of the parts)."""

    level: int  # the rank being played (2..14)
    turn: int  # the seat to declare or pass, -1 once over
    decl: tuple[int, tuple[int, ...], int] | None = None  # seat, cards, strength
    passes: int = 0  # passes in a row
    declarations: tuple[tuple[int, tuple[int, ...]], ...] = ()
    first_declarer: int = -1


_make = tuple.__new__  # every field in TractorAuction's order: no generated __new__ frame


def declaring_start(setup: DealSetup) -> tuple[int, int]:
    """(level, the seat to declare first) of a deal: both teams at 2 on the first deal
    (the seat drawn to start declares first), else the dealing team's level, the
    dealer first."""
    carried = parse_levels(setup.carry)
    start = setup.first if setup.first is not None else setup.dealer
    if carried is None:
        return 2, start
    return carried[setup.dealer % 2], start


class TractorBidding:
    def start(self, setup: DealSetup) -> TractorAuction:
        level, first = declaring_start(setup)
        return _make(TractorAuction, (level, first, None, 0, (), -1))

    def to_call(self, auction: TractorAuction) -> int:
        return auction.turn

    def legal_calls(self, auction: TractorAuction, hand: Sequence[Card]) -> list[Action]:
        return [PASS] + [("declare", c) for c in self.declarations(auction, hand)]

    def declarations(self, auction: TractorAuction, hand: Sequence[Card]) -> list[tuple[int, ...]]:
        """The declarations `hand` may make now (each once)."""
        cur = auction.decl[2] if auction.decl else 0
        level = auction.level
        out: list[tuple[int, ...]] = []
        held = set(hand)
        seen: set[int] = set()
        for c in sorted(hand):
            k = c >> 1
            if k in seen:
                continue
            seen.add(k)
            pair = (c ^ 1) in held
            if k < 52 and kind_rank(k) == level:
                if cur < 1:
                    out.append((c,))
                if pair and cur < 2:
                    out.append((c, c | 1))
            elif k >= 52 and pair and cur < (4 if k == RJ_KIND else 3):
                out.append((c, c | 1))
        return out

    def refusal(self, auction: TractorAuction, hand: Sequence[Card], call: Action) -> str | None:
        kind = call[0]
        if kind == "pass":
            return None if len(call) == 1 else _("'pass' takes nothing after it")
        if kind != "declare":
            return _(
                "now each player in turn may declare trump with level cards or jokers, or pass"
            )
        cards = held_cards(call, hand)
        if isinstance(cards, str):
            return cards
        strength = declaration_strength(cards, auction.level)
        if not strength:
            return _(
                "a declaration is one level card (the level is {level}), "
                "a pair of identical level cards, or a pair of identical jokers"
            ).format(level=level_name(auction.level))
        if auction.decl and strength <= auction.decl[2]:
            return (
                _(
                    "an overcall must be stronger than a single level card: "
                    "equal strength is not enough"
                ),
                _("an overcall must be stronger than a level pair: equal strength is not enough"),
                _(
                    "an overcall must be stronger than a black joker pair: "
                    "equal strength is not enough"
                ),
                _(
                    "an overcall must be stronger than a red joker pair: "
                    "equal strength is not enough"
                ),
            )[auction.decl[2] - 1]
        return None

    def call(self, auction: TractorAuction, call: Action) -> TractorAuction:
        seat = auction.turn
        nxt = (seat + 1) % SEATS
        if call[0] == "declare":
            cards = tuple(sorted(call[1]))
            return _make(
                TractorAuction,
                (
                    auction.level,
                    nxt,
                    (seat, cards, declaration_strength(cards, auction.level)),
                    0,
                    (*auction.declarations, (seat, cards)),
                    seat if auction.first_declarer < 0 else auction.first_declarer,
                ),
            )
        passes = auction.passes + 1
        over = passes >= 3 if auction.decl is not None else passes >= SEATS
        return _make(
            TractorAuction,
            (
                auction.level,
                -1 if over else nxt,
                auction.decl,
                passes,
                auction.declarations,
                auction.first_declarer,
            ),
        )

    def outcome(self, auction: TractorAuction) -> AuctionOutcome | None:
        if auction.turn >= 0:
            return None
        if auction.decl is None:
            return AuctionOutcome()  # nobody declared: the deal turns up the kitty
        seat, cards, strength = auction.decl
        k = cards[0] >> 1
        return AuctionOutcome(
            declarer=seat, contract=strength, trump=NO_TRUMP if k >= 52 else kind_suit(k)
        )


BIDDING = TractorBidding()
