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

import random
from dataclasses import dataclass, replace
from typing import Any

from crowsnest.engine import Deck, Option, Settlement
from crowsnest.engine.presentation import Fact, Presentation, say
from crowsnest.engine.trickdeal import FollowSuit, TrickGame
from crowsnest.engine.variant import AuctionOutcome
from crowsnest.hookspecs import hookimpl

__version__ = "1.0"
CROWSNEST_API = 1
SUITS, RANKS = "SHDC", "23456789TJQKA"
WORDS = ("spades", "hearts", "diamonds", "clubs")
DECK = Deck(
    names=tuple(r + s for s in SUITS for r in RANKS),
    points=(0,) * 52,
    ranks=tuple(("10" if r == "T" else r) for _ in SUITS for r in RANKS),
    suits=tuple(s for s in SUITS for _ in RANKS),
)
TEAMS = ((0, 2), (1, 3))


class Pack:  # the deck part
    def build(self, options: Any, seats: int) -> Deck:
        return DECK

    def layout(self, options: Any, seats: int, shuffled: list[int]) -> dict[str, Any]:
        return {"hands": [shuffled[i::4] for i in range(4)]}


@dataclass(frozen=True)
class Bids:  # the auction: every seat's bid so far, and whose turn it is
    bids: tuple[int | None, ...] = (None,) * 4
    turn: int = 0


class Bidding:  # the bidding part
    def start(self, setup: Any) -> Bids:
        return Bids(turn=setup.first if setup.first is not None else (setup.dealer + 1) % 4)

    def to_call(self, a: Bids) -> int:
        return a.turn

    def legal_calls(self, a: Bids, hand: Any) -> list:
        return [("bid", n) for n in range(14)]

    def refusal(self, a: Bids, hand: Any, call: tuple) -> str | None:
        ok = call[0] == "bid" and len(call) == 2 and call[1] in range(14)
        ok = ok and not isinstance(call[1], bool)
        return None if ok else "bid the tricks you expect: 'bid 0' to 'bid 13'"

    def call(self, a: Bids, call: tuple) -> Bids:
        bids = a.bids[: a.turn] + (call[1],) + a.bids[a.turn + 1 :]
        return replace(a, bids=bids, turn=-1 if None not in bids else (a.turn + 1) % 4)

    def outcome(self, a: Bids) -> AuctionOutcome | None:
        return None if a.turn >= 0 else AuctionOutcome(trump=0)  # spades are trump


class SpadesPlay(FollowSuit):  # the play validator: follow suit, and spades must be broken
    def leads(self, hand: Any, trick: Any, contract: Any) -> list[int]:
        broken = any(c < 13 for c in trick.played)
        return list(hand) if broken else [c for c in hand if c >= 13] or list(hand)

    def lead_refusal(self, card: int, hand: Any, trick: Any, contract: Any) -> str:
        return "spades are not broken yet: lead another suit"


class Scorer:  # the scorer part
    options = (Option("target", 250, "int", "Target score", minimum=50, maximum=1000, step=50),)

    def first_dealer(self, options: Any, seats: int, rng: random.Random) -> int:
        return rng.randrange(4)

    def initial_scores(self, options: Any, seats: int) -> tuple[int, ...]:
        return (0, 0)

    def settle(self, setup: Any, result: Any) -> Settlement:
        bids, took = result.details["auction"].bids, result.details["tricks"]
        change = []
        for team in TEAMS:
            want, got = sum(bids[s] for s in team), sum(took[s] for s in team)
            change.append(10 * want + got - want if got >= want else -10 * want)
        scores = tuple(s + c for s, c in zip(setup.scores, change, strict=True))
        top = max(scores)
        target = setup.options["target"]
        done = (top >= target or min(scores) <= -target) and scores.count(top) == 1
        return Settlement(
            tuple(change),
            scores,
            (setup.dealer + 1) % 4,
            winner=scores.index(top) if done else None,
            extra_event={"bids": list(bids), "tricks": list(took)},
        )

    def redeal_dealer(self, setup: Any, result: Any) -> int:
        return setup.dealer


class Words(Presentation):  # the game's own words at the table
    def facts(self, view: Any) -> list[Fact]:
        return [Fact(say("Spades are trump"), suit="S", keep=True)]

    def plate(self, view: Any, seat: int) -> list:
        bid = (view.get("bids") or [None] * 4)[seat]
        return (
            []
            if bid is None
            else [say("bid {bid}, took {count}", bid=bid, count=view["tricks_won"][seat])]
        )


def must_follow(suit: int) -> str:
    return (
        "you must follow spades",
        "you must follow hearts",
        "you must follow diamonds",
        "you must follow clubs",
    )[suit]


GAME = TrickGame(
    deck=DECK,
    bidding=Bidding(),
    validator=SpadesPlay(must_follow, DECK.names),
    suits=tuple(c // 13 for c in range(52)),
    power=tuple(c % 13 for c in range(52)),
    suit_words=WORDS,
    public=lambda deal, seat: {"bids": list(deal.auction.bids)},
)
VARIANT = GAME.variant(
    id="spades",
    name="Spades",
    seats=(4,),
    deck=Pack(),
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
