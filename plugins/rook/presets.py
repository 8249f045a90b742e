"""The Rook-family presets: each one is a set of knob defaults (rook.md section 8) with
its own name, seat count, deal sizes and rules text. Every knob stays an Option."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crowsnest.engine import DealSetup, Deck, Options, Variant

from .deal import RookDeal
from .rules import CROWSNEST_DEFAULTS, knob_schema, rules_for
from .scoring import RookScorer

TEAMS_4 = ((0, 2), (1, 3))


@dataclass(frozen=True, eq=False)  # hashed by identity: it keys the rules cache
class Preset:
    id: str
    name: str
    seats: tuple[int, ...]
    hand_sizes: Mapping[int, int]
    overrides: Mapping[str, Any]
    rules_text: str
    description: str
    bird_name: str = "Rook"
    team_play: bool = True

    @property
    def defaults(self) -> dict[str, Any]:
        return {**CROWSNEST_DEFAULTS, **self.overrides}

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...] | None:
        return TEAMS_4 if self.team_play and seats == 4 else None


# ---------------------------------------------------------------- the five parts


class RookDeckSpec:
    def __init__(self, preset: Preset) -> None:
        self.preset = preset

    def build(self, options: Options, seats: int) -> Deck:
        # Resolving the rules validates the knob combination (OptionError if impossible).
        return rules_for(self.preset, options, seats).deck

    def layout(self, options: Options, seats: int, shuffled: list[int]) -> dict[str, Any]:
        r = rules_for(self.preset, options, seats)
        h = r.hand_size
        piles: dict[str, Any] = {"hands": [shuffled[i * h : (i + 1) * h] for i in range(seats)]}
        at = seats * h
        if r.dummy:
            # first six face up on the six face-down cards beneath them
            piles["dummy"] = shuffled[at : at + h]
            at += h
        if r.nest_size:
            piles["nest"] = shuffled[at : at + r.nest_size]
            at += r.nest_size
        if r.aside:
            piles["aside"] = shuffled[at : at + r.aside]
        return piles


class RookBidding:
    """The auction: lowest bid, steps, final passes, the last-remaining-player rule and
    the all-pass rule. The state machine lives in RookDeal; these answer for a deal."""

    def legal(self, deal: RookDeal) -> list:
        return list(deal._bid_choices())

    def check(self, deal: RookDeal, action: tuple) -> str | None:
        return deal.check(action)


class RookValidator:
    """Follow suit, with the bird's privileges (play any time, led as trump, the lone
    bird that must be played) and the red 1 that is always trump."""

    def playable(self, deal: RookDeal) -> list[int]:
        return deal.playable()

    def reason(self, deal: RookDeal, card: int) -> str | None:
        return deal.check(("play", (card,)))


def make_variant(preset: Preset) -> Variant:
    from .ai import AI_FACTORIES  # late: the AIs import the rules too
    from .presentation import RookPresentation

    def new_deal(setup: DealSetup) -> RookDeal:
        return RookDeal(setup, rules_for(preset, setup.options, setup.seats))

    pile_names = ("nest", "aside", "dummy") if 2 in preset.seats else ("nest", "aside")
    return Variant(
        id=preset.id,
        name=preset.name,
        seats=preset.seats,
        deck=RookDeckSpec(preset),
        bidding=RookBidding(),
        validator=RookValidator(),
        scorer=RookScorer(preset),
        new_deal=new_deal,
        ais=dict(AI_FACTORIES),
        rules_text=preset.rules_text,
        options=knob_schema(preset.defaults, preset.bird_name),
        teams=lambda n, o: preset.teams_for(n),
        default_seats=preset.seats[0],
        description=preset.description,
        pile_names=pile_names,
        presentation=RookPresentation(preset.bird_name),
    )


# ---------------------------------------------------------------- rules texts

_COMMON_KNOBS = """
House rules: every rule above is an option you can change in the game set-up or in the
config file (the bird card and its rank, the 1s, the red 1, nest size and who gets its
counters, burying counters, when trump is named, who leads, bid limits, what happens when
everyone passes, how a made bid scores, the majority bonus and the target)."""

CROWSNEST_TEXT = (
    """CrowsNest

Four players in two teams: you and the player opposite against the other two.

The deck: black, green, red and yellow cards numbered 5 to 14, and the Crow: 41 cards.
Counters: every 5 is worth 5, every 10 and 14 is worth 10, the Crow 20. 120 points in all.
Each player gets 9 cards; 5 go face down to the nest.

Bidding starts left of the dealer. A bid promises that your team will take at least that
many points. The lowest bid is 70; bids go up by 5 to 120. You may pass at any time, but a
pass is final for the deal. When all but one have passed, that player is the declarer at
their last bid. If the first three pass, the last player may still bid (and is declarer at
once) or pass; if all four pass, the same dealer deals again. A bid of 120 ends the
bidding at once.

The declarer takes the nest into hand, lays any 5 cards back (counters too), then names
trump. The Crow is always the lowest trump, below the trump 5.

The player left of the dealer leads the first trick. Follow the suit led if you can; the
Crow may be played at any time, even when you could follow. If you cannot follow, play any
card. The highest card of the suit led wins, unless a trump was played: then the highest
trump wins. Leading the Crow leads trump. When trump is led and the Crow is your only
trump, you must play it. The winner of a trick leads the next.

Scoring: the team that wins the last trick also takes the nest's counters. The other team
scores the counters it took. If the declarer's team took at least its bid it scores the
bid (not what it took); if not, the bid is subtracted from its score (scores can go below
zero). The deal passes to the left.

The first team to 300 wins. If both reach 300 on the same deal, the higher score wins; if
they are equal, further deals are played until one team is ahead.

No-Crow option: without the Crow there are 40 cards, 100 points and a 4-card nest; bids go
up to 100."""
    + _COMMON_KNOBS
)

KENTUCKY_TEXT = (
    """Kentucky Discard (Tournament Rook)

Played exactly like CrowsNest, with two differences:
- The bird card is the Rook, and it is the highest trump: it wins any trick it is played
  to. It is still worth 20 and may be played at any time; leading it leads trump, and
  when trump is led and the Rook is your only trump you must play it.
- A team that makes its bid scores the counters it took, not the bid amount. A team that
  falls short still loses its bid.

41 cards (5 to 14 in four colours and the Rook), 9 each, 5 in the nest, 120 points. Bids
from 70 to 120 by 5. Game to 300."""
    + _COMMON_KNOBS
)

PARTNERSHIP_TEXT = (
    """Partnership Rook

The original partnership game. Where it differs from CrowsNest:
- All 56 cards, numbered 1 to 14 in four colours; no bird card and no nest. Everyone gets
  14 cards.
- 14 is high, 1 is low. Counters: 5s are worth 5, 10s and 14s are worth 10: 100 points,
  plus a bonus of 20 for the team that takes more than half the tricks (7 tricks each:
  no bonus). 120 points in play.
- The declarer names trump at once (there is no nest).
- A team that makes its bid scores the points it took (counters and bonus), not the bid
  amount; a team that falls short loses its bid.

Bidding as in CrowsNest: 70 to 120 by 5, a pass is final, all pass: the same dealer deals
again. Game to 300; ties as in CrowsNest."""
    + _COMMON_KNOBS
)

ONE_HIGH_TEXT = (
    """1-High Partnership

Partnership Rook (56 cards, 14 each, no bird, no nest) with the 1s on top:
- The 1 is the highest card of each colour (above the 14) and is worth 15.
- Counters: 5s 5, 10s and 14s 10, 1s 15: 160 points, plus 20 for taking more than half the
  tricks: 180 points in play.
- Bids from 100 to 180 by 5. A made bid scores the points taken; a failed bid loses the
  bid. Game to 500."""
    + _COMMON_KNOBS
)

RED_ONE_TEXT = (
    """Red 1

Kentucky Discard (the Rook is the highest trump; a made bid scores the counters taken)
plus the red 1:
- 42 cards: 5 to 14 in four colours, the Rook and the red 1. 9 cards each and a 6-card
  nest: the declarer lays back 6.
- The red 1 is always a trump, whatever colour is named, and ranks above the Rook: it is
  the highest card in the game. It is worth 30: 150 points in play.
- The red 1 has no special privileges: it is a trump card like the others (follow suit
  with it as a trump).
- Bids from 70 to 150 by 5. Game to 300."""
    + _COMMON_KNOBS
)

BUCKEYE_TEXT = (
    """Buckeye

Kentucky Discard (the Rook is the highest trump; a made bid scores the counters taken)
plus the four 1s:
- 45 cards: 1 and 5 to 14 in four colours, and the Rook. 10 cards each and a 5-card nest.
- The 1 is the highest card of each colour (above the 14) and is worth 15: 180 points.
- Bids from 70 to 180 by 5. Game to 300."""
    + _COMMON_KNOBS
)

_INDIVIDUAL_COMMON = """
Everyone plays alone: the declarer against all the others. There is no bird card.
Bidding, nest, trump and play work as in Kentucky Discard: the declarer takes the nest,
lays the same number of cards back and names trump; the player left of the dealer leads.
Nest counters go to whoever wins the last trick. A declarer who takes at least the bid
scores the counters taken; one who falls short loses the bid. Everyone else scores the
counters they took."""

INDIVIDUAL3_TEXT = (
    """Rook for 3

Where it differs from CrowsNest:
- 44 cards: 4 to 14 in four colours, no bird card. Counters: 5s are worth 5, 10s and 14s
  are worth 10: 100 points.
- 12 cards each, 5 in the nest and 3 set aside unseen for the whole deal.
- Lowest bid 50 (by 5, up to 100). First to 200 wins."""
    + _INDIVIDUAL_COMMON
    + _COMMON_KNOBS
)

INDIVIDUAL2_TEXT = (
    """Rook for 2 (with a dummy)

Dealt as the game for 3 (44 cards, 4 to 14, no bird; 12 each, 5 in the nest, 3 set aside
unseen), the third hand being a dummy:
- The dummy's 12 cards lie in 6 piles of two: a face-down card under a face-up card. Both
  players see its face-up cards.
- The dummy does not bid. It plays in turn after the second player. On its turn the player
  who did not win the bid chooses which face-up card it plays, following suit with its
  face-up cards when it can. When a pile's top card is played, the card beneath turns
  face up.
- The dummy's tricks count for the player who did not win the bid.
- The player who did not deal bids first and leads the first trick.
- Lowest bid 50 (by 5, up to 100). First to 300 wins."""
    + _INDIVIDUAL_COMMON
    + _COMMON_KNOBS
)

INDIVIDUAL5_TEXT = (
    """Rook for 5

Where it differs from CrowsNest:
- All 56 cards, 1 to 14 in four colours (1 is the lowest), no bird card. Counters: 5s are
  worth 5, 10s and 14s 10: 100 points.
- 10 cards each and 6 in the nest (the declarer lays back 6).
- Lowest bid 30 (by 5, up to 100). First to 150 wins."""
    + _INDIVIDUAL_COMMON
    + _COMMON_KNOBS
)

INDIVIDUAL6_TEXT = (
    """Rook for 6

Where it differs from CrowsNest:
- All 56 cards, 1 to 14 in four colours (1 is the lowest), no bird card. Counters: 5s are
  worth 5, 10s and 14s 10: 100 points.
- 9 cards each and 2 in the nest (the declarer lays back 2).
- Lowest bid 30 (by 5, up to 100). First to 150 wins."""
    + _INDIVIDUAL_COMMON
    + _COMMON_KNOBS
)

_KENTUCKY = {"bird_rank": "high", "made_bid": "counters"}
_PARTNERSHIP = {
    "bird": False,
    "lowest_card": 2,
    "ones": "low",
    "majority_bonus": 20,
    "made_bid": "counters",
    "bird_rank": "high",
}
_INDIVIDUAL = {"bird": False, "bird_rank": "high", "made_bid": "counters"}
_INDIVIDUAL_56 = {**_INDIVIDUAL, "lowest_card": 2, "ones": "low", "bid_min": 30, "target": 150}

PRESETS: tuple[Preset, ...] = (
    Preset(
        "crowsnest",
        "CrowsNest",
        (4,),
        {4: 9},
        {},
        CROWSNEST_TEXT,
        "Partnership bidding game with the Crow as lowest trump; made bids score the bid.",
        bird_name="Crow",
    ),
    Preset(
        "kentucky",
        "Kentucky Discard",
        (4,),
        {4: 9},
        _KENTUCKY,
        KENTUCKY_TEXT,
        "Tournament Rook: the Rook is the highest trump; made bids score the counters taken.",
    ),
    Preset(
        "partnership",
        "Partnership Rook",
        (4,),
        {4: 14},
        _PARTNERSHIP,
        PARTNERSHIP_TEXT,
        "The original game: 56 cards, no bird, no nest, 20 for most tricks.",
    ),
    Preset(
        "one-high",
        "1-High Partnership",
        (4,),
        {4: 14},
        {**_PARTNERSHIP, "ones": "high", "ones_value": 15, "bid_min": 100, "target": 500},
        ONE_HIGH_TEXT,
        "Partnership Rook with the 1s on top, worth 15; 180 points, game to 500.",
    ),
    Preset(
        "red-one",
        "Red 1",
        (4,),
        {4: 9},
        {**_KENTUCKY, "red_one": True},
        RED_ONE_TEXT,
        "Kentucky Discard plus the red 1, the top trump worth 30; 6-card nest.",
    ),
    Preset(
        "buckeye",
        "Buckeye",
        (4,),
        {4: 10},
        {**_KENTUCKY, "ones": "high", "ones_value": 15},
        BUCKEYE_TEXT,
        "Kentucky Discard plus the 1s as the top card of each colour, worth 15.",
    ),
    Preset(
        "individual2",
        "Rook for 2 (dummy)",
        (2,),
        {2: 12},
        {**_INDIVIDUAL, "lowest_card": 4, "aside": 3, "bid_min": 50, "target": 300},
        INDIVIDUAL2_TEXT,
        "Two players and a dummy in six piles; 44 cards, first to 300.",
        team_play=False,
    ),
    Preset(
        "individual3",
        "Rook for 3",
        (3,),
        {3: 12},
        {**_INDIVIDUAL, "lowest_card": 4, "aside": 3, "bid_min": 50, "target": 200},
        INDIVIDUAL3_TEXT,
        "Every player alone; 44 cards, 3 set aside; first to 200.",
        team_play=False,
    ),
    Preset(
        "individual5",
        "Rook for 5",
        (5,),
        {5: 10},
        _INDIVIDUAL_56,
        INDIVIDUAL5_TEXT,
        "Every player alone; all 56 cards, 6-card nest; first to 150.",
        team_play=False,
    ),
    Preset(
        "individual6",
        "Rook for 6",
        (6,),
        {6: 9},
        _INDIVIDUAL_56,
        INDIVIDUAL6_TEXT,
        "Every player alone; all 56 cards, 2-card nest; first to 150.",
        team_play=False,
    ),
)
