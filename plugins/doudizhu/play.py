"""The Dou Dizhu play rule: the play validator (crowsnest.engine.PlayValidator).

The leader plays any combination; each next player beats the combination on the table
with a higher one of the same kind and size, or a bomb, or the rocket, or passes (the
leader cannot pass). The combinations and the beats rule are rules.py's; this part turns
them into the legal plays of a hand and the sentence for a refused one. The deal, its
views and the AIs ask it.

The "trick" it reads is the combination to beat (None while leading); Dou Dizhu has no
contract that changes the play (None).
"""

from __future__ import annotations

from collections.abc import Sequence

from crowsnest.engine.actions import PASS, Action
from crowsnest.engine.cards import Card
from crowsnest.engine.presentation import GENERIC, Text, say, sentence
from crowsnest.i18n import _

from . import rules
from .cards import DECK, NAMES, counts_of, mask_of, slot_index, slots_for
from .rules import Combo, Move


def play_actions(moves: Sequence[Move], mask: int, leading: bool) -> list[Action]:
    """The legal actions of a hand (its card mask) whose legal rank moves are `moves`:
    each move once, in the hand's lowest cards of each rank, and pass unless leading."""
    out: list[Action] = [] if leading else [PASS]
    if moves:
        slot = slots_for(mask).__getitem__
        out.extend([("play", tuple(map(slot, slot_index(m)))) for m in moves])
    return out


def play_refusal(held: int, to_beat: Combo | None, action: Action) -> str | None:
    """Why `action` may not be played from the hand with card mask `held` onto
    `to_beat` (None: leading), or None when it may."""
    kind = action[0]
    if kind == "pass" and len(action) == 1:
        if to_beat is None:
            return _("you lead: play a combination (the leader cannot pass)")
        return None
    if kind == "bid":
        return _("the bidding is over: play cards or pass")
    if kind != "play" or len(action) != 2:
        return _("in Dou Dizhu you play cards ('play 3S 3H') or pass")
    cards = action[1]
    if not cards:
        return _("choose at least one card")
    if not isinstance(cards, tuple | list) or any(
        not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 54 for c in cards
    ):
        return _("cards must be card ids of this deck")
    m = mask_of(cards)
    if m.bit_count() != len(cards):
        return _("a card is named twice")
    if m & ~held:
        # the cards in words ("the 3 of spades"), never their codes (issue 11)
        missing = [NAMES[c] for c in cards if not held >> c & 1]
        return sentence(say("you do not hold {card}", card=GENERIC.card_words(missing, DECK)))
    combo = rules.classify_cards(cards)
    if isinstance(combo, Text):
        return sentence(combo)
    if to_beat is not None:
        why = rules.why_not_beat(combo, to_beat)
        return None if why is None else sentence(why)
    return None


class DouDizhuValidator:
    """The play validator. `trick`: the combination to beat, None while leading."""

    def legal_plays(
        self, hand: Sequence[Card], trick: Combo | None, contract: object = None
    ) -> list[Action]:
        return play_actions(rules.moves(counts_of(hand), trick), mask_of(hand), trick is None)

    def refusal(
        self, hand: Sequence[Card], trick: Combo | None, contract: object, play: Action
    ) -> str | None:
        return play_refusal(mask_of(hand), trick, play)

    # The combination rules, for callers that name a selection (the client, the AIs).
    classify = staticmethod(rules.classify)
    beats = staticmethod(rules.beats)
    describe_combo = staticmethod(rules.describe_combo)
    moves = staticmethod(rules.moves)

    @staticmethod
    def describe(cards: tuple[Card, ...] | list[Card]) -> str:
        """The combination `cards` form, or why they form none, in the player's language."""
        from .cards import RANK_OF

        got = rules.classify(tuple(sorted(RANK_OF[c] for c in cards)))
        return sentence(got if isinstance(got, Text) else rules.combo_text(got))


VALIDATOR = DouDizhuValidator()
