"""Tractor's play rule: the play validator (crowsnest.engine.PlayValidator).

A lead is a single, a pair of identical cards or a tractor (consecutive pairs of one
suit); with the throws option, several of them in one suit at once. A follow plays as
many cards as were led: of the led suit while it lasts (all of them when short), pairs
for the led pairs while it holds pairs (rules.py: shapes, follows and their reasons;
throws.py: the throws). This part answers for a hand, the lead on the table and the
contract; the deal, its views and the AIs ask it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crowsnest.engine.actions import Action
from crowsnest.engine.cards import Card
from crowsnest.i18n import _

from .rules import Shape, count_pairs, follow_reason, follows, held_cards, leads, shape_of
from .throws import throw_reason


@dataclass(frozen=True, slots=True)
class TractorContract:
    """What declaring settled, as the validator reads it: this deal's card order tables
    (effective suit and position of every card id) and whether throws are allowed."""

    es: tuple[int, ...]
    ps: tuple[int, ...]
    throws: bool


def lead_of(cards: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> Shape:
    """The shape a follower must answer to a lead of `cards` (sorted): its own shape, or
    for a throw its suit, size and pairs (the top is not needed to follow)."""
    shape = shape_of(cards, es, ps)
    if shape is not None:
        return shape
    return (es[cards[0]], len(cards), count_pairs(cards), -1)


class TractorValidator:
    """The play validator. `trick`: the lead's shape, None while leading."""

    def legal_plays(
        self, hand: Sequence[Card], trick: Shape | None, contract: TractorContract
    ) -> list[Action]:
        """The leads (with throws: the single units; a throw is checked, not listed) or
        the follows (at most rules.LIST_LIMIT of them: see Deal.legal_complete)."""
        if trick is None:
            return [("play", c) for c in leads(hand, contract.es, contract.ps)]
        return [("play", c) for c in follows(hand, trick, contract.es)[0]]

    def refusal(
        self, hand: Sequence[Card], trick: Shape | None, contract: TractorContract, play: Action
    ) -> str | None:
        if play[0] != "play":
            return _("play cards: 'play' followed by the cards")
        cards = held_cards(play, hand)
        if isinstance(cards, str):
            return cards
        es, ps = contract.es, contract.ps
        if trick is None:
            if shape_of(cards, es, ps) is not None:
                return None
            if contract.throws:
                return throw_reason(cards, es, ps)
            return _(
                "a lead must be a single card, a pair of identical cards or a tractor "
                "(consecutive pairs in one suit)"
            )
        return follow_reason(hand, cards, trick, es)


VALIDATOR = TractorValidator()
