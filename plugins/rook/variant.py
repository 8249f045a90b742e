"""The Rook-family presets: each one is a set of knob defaults (rook.md section 8) with
its own name, seat count, deal sizes and rules text. Every knob stays an Option."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crowsnest.engine import DealSetup, Deck, Options, Variant
from crowsnest.i18n import N_, read_localized

from .bidding import RookBidding
from .deal import RookDeal
from .play import VALIDATOR
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
    rules_translations: Mapping[str, str] = field(default_factory=dict)  # {"fi": text}

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
            # the dummy's cards, in piles (RookDeal: face-up ones first, then those beneath)
            piles["dummy"] = shuffled[at : at + h]
            at += h
        if r.nest_size:
            piles["nest"] = shuffled[at : at + r.nest_size]
            at += r.nest_size
        if r.aside:
            piles["aside"] = shuffled[at : at + r.aside]
        return piles


def make_variant(preset: Preset) -> Variant:
    from .ai import AI_FACTORIES  # late: the AIs import the rules too
    from .presentation import CROWSNEST_LESSON, RookPresentation

    def new_deal(setup: DealSetup) -> RookDeal:
        return RookDeal(setup, rules_for(preset, setup.options, setup.seats))

    pile_names = ("nest", "aside", "dummy") if 2 in preset.seats else ("nest", "aside")
    return Variant(
        id=preset.id,
        name=preset.name,
        seats=preset.seats,
        deck=RookDeckSpec(preset),
        bidding=RookBidding(preset),
        validator=VALIDATOR,
        scorer=RookScorer(preset),
        new_deal=new_deal,
        ais=dict(AI_FACTORIES),
        rules_text=preset.rules_text,
        rules_translations=preset.rules_translations,
        options=knob_schema(preset.defaults, preset.bird_name),
        teams=lambda n, o: preset.teams_for(n),
        default_seats=preset.seats[0],
        description=preset.description,
        pile_names=pile_names,
        events_safe=True,  # cards played and, at the end, the nest: never a hidden card
        presentation=RookPresentation(
            preset.bird_name, CROWSNEST_LESSON if preset.id == "crowsnest" else ()
        ),
        roles=_roles,
    )


def _roles(deal: Any) -> tuple[str, ...] | None:
    """Declarers (the bid winner's side) and defenders, once the auction is won."""
    if deal.declarer < 0:
        return None
    side = deal.side_of_position(deal.declarer)
    return tuple(
        "declarers" if deal.side_of_position(s) == side else "defenders"
        for s in range(deal.r.seats)
    )


# ---------------------------------------------------------------- rules texts

TEXTS = Path(__file__).with_name("texts")


def rules_text(name: str, *shared: str) -> tuple[str, dict[str, str]]:
    """A preset's rules: texts/<name>.md, then the shared parts (texts/<part>.md) as
    paragraphs of their own; in English and in every language that has every part
    (texts/<name>.fi.md, ...), so a player never reads a text half translated."""
    parts = [read_localized(TEXTS / f"{p}.md") for p in (name, *shared)]
    english = "\n\n".join(text.rstrip("\n") for text, _t in parts)
    langs = set.intersection(*(set(found) for _e, found in parts))
    return english, {
        lang: "\n\n".join(found[lang].rstrip("\n") for _e, found in parts) for lang in sorted(langs)
    }


_KNOBS = "house-rules"
_ALONE = "individual"
CROWSNEST_TEXT, CROWSNEST_TRANSLATIONS = rules_text("crowsnest", _KNOBS)
KENTUCKY_TEXT, KENTUCKY_TRANSLATIONS = rules_text("kentucky", _KNOBS)
PARTNERSHIP_TEXT, PARTNERSHIP_TRANSLATIONS = rules_text("partnership", _KNOBS)
ONE_HIGH_TEXT, ONE_HIGH_TRANSLATIONS = rules_text("one-high", _KNOBS)
RED_ONE_TEXT, RED_ONE_TRANSLATIONS = rules_text("red-one", _KNOBS)
BUCKEYE_TEXT, BUCKEYE_TRANSLATIONS = rules_text("buckeye", _KNOBS)
INDIVIDUAL2_TEXT, INDIVIDUAL2_TRANSLATIONS = rules_text("individual2", _ALONE, _KNOBS)
INDIVIDUAL3_TEXT, INDIVIDUAL3_TRANSLATIONS = rules_text("individual3", _ALONE, _KNOBS)
INDIVIDUAL5_TEXT, INDIVIDUAL5_TRANSLATIONS = rules_text("individual5", _ALONE, _KNOBS)
INDIVIDUAL6_TEXT, INDIVIDUAL6_TRANSLATIONS = rules_text("individual6", _ALONE, _KNOBS)

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
        N_("CrowsNest"),
        (4,),
        {4: 9},
        {},
        CROWSNEST_TEXT,
        N_("Partnership bidding game with the Crow as lowest trump; made bids score the bid."),
        bird_name="Crow",
        rules_translations=CROWSNEST_TRANSLATIONS,
    ),
    Preset(
        "kentucky",
        N_("Kentucky Discard"),
        (4,),
        {4: 9},
        _KENTUCKY,
        KENTUCKY_TEXT,
        N_("Tournament Rook: the Rook is the highest trump; made bids score the counters taken."),
        rules_translations=KENTUCKY_TRANSLATIONS,
    ),
    Preset(
        "partnership",
        N_("Partnership Rook"),
        (4,),
        {4: 14},
        _PARTNERSHIP,
        PARTNERSHIP_TEXT,
        N_("The original game: 56 cards, no bird, no nest, 20 for most tricks."),
        rules_translations=PARTNERSHIP_TRANSLATIONS,
    ),
    Preset(
        "one-high",
        N_("1-High Partnership"),
        (4,),
        {4: 14},
        {**_PARTNERSHIP, "ones": "high", "ones_value": 15, "bid_min": 100, "target": 500},
        ONE_HIGH_TEXT,
        N_("Partnership Rook with the 1s on top, worth 15; 180 points, game to 500."),
        rules_translations=ONE_HIGH_TRANSLATIONS,
    ),
    Preset(
        "red-one",
        N_("Red 1"),
        (4,),
        {4: 9},
        {**_KENTUCKY, "red_one": True},
        RED_ONE_TEXT,
        N_("Kentucky Discard plus the red 1, the top trump worth 30; 6-card nest."),
        rules_translations=RED_ONE_TRANSLATIONS,
    ),
    Preset(
        "buckeye",
        N_("Buckeye"),
        (4,),
        {4: 10},
        {**_KENTUCKY, "ones": "high", "ones_value": 15},
        BUCKEYE_TEXT,
        N_("Kentucky Discard plus the 1s as the top card of each colour, worth 15."),
        rules_translations=BUCKEYE_TRANSLATIONS,
    ),
    Preset(
        "individual2",
        N_("Rook for 2 (dummy)"),
        (2,),
        {2: 12},
        {**_INDIVIDUAL, "lowest_card": 4, "aside": 3, "bid_min": 50, "target": 300},
        INDIVIDUAL2_TEXT,
        N_("Two players and a dummy in six piles; 44 cards, first to 300."),
        team_play=False,
        rules_translations=INDIVIDUAL2_TRANSLATIONS,
    ),
    Preset(
        "individual3",
        N_("Rook for 3"),
        (3,),
        {3: 12},
        {**_INDIVIDUAL, "lowest_card": 4, "aside": 3, "bid_min": 50, "target": 200},
        INDIVIDUAL3_TEXT,
        N_("Every player alone; 44 cards, 3 set aside; first to 200."),
        team_play=False,
        rules_translations=INDIVIDUAL3_TRANSLATIONS,
    ),
    Preset(
        "individual5",
        N_("Rook for 5"),
        (5,),
        {5: 10},
        _INDIVIDUAL_56,
        INDIVIDUAL5_TEXT,
        N_("Every player alone; all 56 cards, 6-card nest; first to 150."),
        team_play=False,
        rules_translations=INDIVIDUAL5_TRANSLATIONS,
    ),
    Preset(
        "individual6",
        N_("Rook for 6"),
        (6,),
        {6: 9},
        _INDIVIDUAL_56,
        INDIVIDUAL6_TEXT,
        N_("Every player alone; all 56 cards, 2-card nest; first to 150."),
        team_play=False,
        rules_translations=INDIVIDUAL6_TRANSLATIONS,
    ),
)
