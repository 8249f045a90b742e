"""Spades: a one-file drop-in trick game built from parts (docs/plugins.md, "A new trick
game in about 100 lines"). Four players, partners sitting opposite (seats 0 and 2 play
seats 1 and 3); the whole pack is dealt, 13 cards each.

- Each player bids the tricks they expect to take (0 to 13); partners' bids add up to
  their side's contract.
- Spades are always trump. Follow the suit led when you can. Spades may not be led until
  a spade has been played to an earlier trick, unless you hold nothing but spades.
- A side that takes at least its contract scores 10 per trick bid plus 1 per trick over;
  a side that takes fewer loses 10 per trick bid. The first side to the target (an
  option, 250 by default) wins, or the other side once one falls to minus the target;
  a tie at the top plays on.
"""

from __future__ import annotations

from typing import Any

from crowsnest.engine import Option, Settlement
from crowsnest.engine.presentation import Fact, Presentation, say
from crowsnest.engine.trickdeal import (
    FollowSuit,
    ScorerDefaults,
    StandardPack,
    TrickBids,
    TrickGame,
    standard_must_follow,
)
from crowsnest.hookspecs import hookimpl

__version__ = "1.0"
CROWSNEST_API = 1
PACK = StandardPack()  # the deck part: 52 cards, 13 each; spades are cards 0-12
TEAMS = ((0, 2), (1, 3))


class SpadesPlay(FollowSuit):  # the play validator: follow suit, and spades must be broken
    def leads(self, hand: Any, trick: Any, contract: Any) -> list[int]:
        broken = any(c < 13 for c in trick.played)
        return list(hand) if broken else [c for c in hand if c >= 13] or list(hand)

    def lead_refusal(self, card: int, hand: Any, trick: Any, contract: Any) -> str:
        return "spades are not broken yet: lead another suit"


class Scorer(ScorerDefaults):  # the scorer part (a first dealer and the rest: defaults)
    options = (Option("target", 250, "int", "Target score", minimum=50, maximum=1000, step=50),)

    def initial_scores(self, options: Any, seats: int) -> tuple[int, ...]:
        return (0, 0)  # one score per side

    def settle(self, setup: Any, result: Any) -> Settlement:
        bids, took = result.details["auction"].bids, result.details["tricks"]
        change = []
        for team in TEAMS:
            want, got = sum(bids[s] for s in team), sum(took[s] for s in team)
            change.append(10 * want + got - want if got >= want else -10 * want)
        scores = tuple(s + c for s, c in zip(setup.scores, change, strict=True))
        top, target = max(scores), setup.options["target"]
        done = (top >= target or min(scores) <= -target) and scores.count(top) == 1
        return Settlement(
            tuple(change),
            scores,
            (setup.dealer + 1) % 4,
            winner=scores.index(top) if done else None,
            extra_event={"bids": list(bids), "tricks": list(took)},
        )


class Words(Presentation):  # the game's own words at the table
    def facts(self, view: Any) -> list[Fact]:
        return [Fact(say("Spades are trump"), suit="S", keep=True)]

    def plate(self, view: Any, seat: int) -> list:
        bid = (view.get("bids") or [None] * 4)[seat]
        took = view["tricks_won"][seat]
        return [] if bid is None else [say("bid {bid}, took {count}", bid=bid, count=took)]


GAME = TrickGame(
    deck=PACK.deck,
    bidding=TrickBids(trump=0),  # the bidding part: each seat bids its tricks; spades trump
    validator=SpadesPlay(standard_must_follow, PACK.deck.names),
    suit_words=PACK.suit_words,
    public=lambda deal, seat: {"bids": list(deal.auction.bids)},
)
VARIANT = GAME.variant(
    id="spades",
    name="Spades",
    seats=(4,),
    deck=PACK,
    scorer=Scorer(),
    teams=lambda n, o: TEAMS,
    rules_text=__doc__.split("\n\n", 1)[1],
    presentation=Words(),
    description="Partners bid their tricks; spades are always trump.",
    events_safe=True,
)


@hookimpl
def crowsnest_register_variants(register: Any) -> None:
    register(VARIANT)
