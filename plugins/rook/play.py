"""The Rook-family follow rule: the play validator (crowsnest.engine.PlayValidator).

Follow the suit led when able (engine/tricks.py follow_cards on the trump order's
effective suits, so the trump colour's cards and the bird follow as trump), with the
bird's privileges: it may be played at any time (bird_any_time), leading it leads trump
or leaves the suit to the next card (bird_led_trump), and a lone bird that is a player's
only trump must be played to a trump lead unless bird_only_trump_must is off. The red 1
is always trump (its trump order says so).

RookDeal, RookView, the AIs and the hint ask this module: it is the one home of the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from crowsnest.engine import Action
from crowsnest.engine.presentation import say, sentence
from crowsnest.engine.tricks import follow_cards
from crowsnest.i18n import _

from .presentation import card_text
from .rules import RookRules

RookTrick = Sequence[tuple[int, int]]  # (position, card) in play order


@dataclass(frozen=True, slots=True)
class RookContract:
    """What the auction and the trump call settled, as the validator reads it."""

    rules: RookRules = field(repr=False)
    trump: int  # colour index


def led_suit(r: RookRules, trump: int, cards: Sequence[int]) -> int:
    """The effective suit to follow once `cards` (the trick so far, in order) are down;
    -1 while it is open (nothing led, or the bird led with bird_led_trump off)."""
    if not cards:
        return -1
    eff = r.orders[trump].eff_suit
    first = cards[0]
    if first == r.bird and not r.bird_led_trump:
        return eff[cards[1]] if len(cards) > 1 else -1
    return eff[first]


def playable(r: RookRules, hand: Sequence[int], led: int, trump: int) -> list[int]:
    """The cards of `hand` that may be played to a trick whose suit to follow is `led`
    (-1: open, any card). The rule itself; the deal's hot path calls it directly."""
    if led < 0:
        return list(hand)
    follow = follow_cards(hand, led, r.orders[trump].eff_suit)
    if not follow:
        return list(hand)
    bird = r.bird
    if bird >= 0:
        if led == trump and not r.bird_only_trump_must and follow == [bird]:
            return list(hand)  # a lone bird does not oblige: free to play anything
        if r.bird_any_time and bird not in follow and bird in hand:
            follow.append(bird)
    return follow


def follow_reason(r: RookRules, hand: Sequence[int], led: int, trump: int, c: int) -> str:
    """Why held card `c` may not be played now (it is not in playable())."""
    bird_name = r.bird_name
    if c == r.bird and not r.bird_any_time:
        if bird_name == "Crow":
            return _("the Crow may only be played as a trump here: follow the suit led")
        if bird_name == "Rook":
            return _("the Rook may only be played as a trump here: follow the suit led")
        return f"the {bird_name} may only be played as a trump here: follow the suit led"
    if led == trump:
        trumps = follow_cards(hand, led, r.orders[trump].eff_suit)
        if trumps == [r.bird]:
            if bird_name == "Crow":
                return _("trump was led and the Crow is your only trump: you must play it")
            if bird_name == "Rook":
                return _("trump was led and the Rook is your only trump: you must play it")
            return f"trump was led and the {bird_name} is your only trump: you must play it"
        return (
            _("trump was led (black): you must play a trump"),
            _("trump was led (green): you must play a trump"),
            _("trump was led (red): you must play a trump"),
            _("trump was led (yellow): you must play a trump"),
        )[led]
    # one sentence per colour: a language may bend the colour's name
    return (
        _("you must follow black"),
        _("you must follow green"),
        _("you must follow red"),
        _("you must follow yellow"),
    )[led]


class RookValidator:
    """The play validator: single cards, the follow rule above."""

    def legal_plays(
        self, hand: Sequence[int], trick: RookTrick, contract: RookContract
    ) -> list[Action]:
        r = contract.rules
        led = led_suit(r, contract.trump, [c for _, c in trick])
        pa = r.play_actions
        return [pa[c] for c in playable(r, hand, led, contract.trump)]

    def refusal(
        self, hand: Sequence[int], trick: RookTrick, contract: RookContract, play: Action
    ) -> str | None:
        r = contract.rules
        if play[0] != "play" or len(play) != 2:
            return _("it is time to play a card: 'play C'")
        cards = play[1]
        if not isinstance(cards, tuple) or len(cards) != 1:
            return _("play one card at a time")
        c = cards[0]
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(r.deck):
            return _("that is not a card of this game")
        if c not in hand:
            return sentence(
                say("you do not hold {card}", card=card_text(r.deck.names[c], r.bird_name))
            )
        led = led_suit(r, contract.trump, [x for _, x in trick])
        if c in playable(r, hand, led, contract.trump):
            return None
        return follow_reason(r, hand, led, contract.trump, c)


VALIDATOR = RookValidator()
