"""The Tractor Variant and its parts."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from crowsnest.engine.cards import Deck
from crowsnest.engine.options import Option, Options
from crowsnest.engine.variant import Deal, DealSetup, Variant
from crowsnest.i18n import N_, read_localized

from .bidding import BIDDING
from .cards import DECK, N_CARDS
from .deal import HAND, KITTY, SEATS, TractorDeal
from .play import VALIDATOR
from .presentation import TractorPresentation
from .scoring import DEFEND_CHOICES, TractorScorer

# rules.md and its translations beside it (rules.fi.md, ...)
RULES_TEXT, RULES_TRANSLATIONS = read_localized(Path(__file__).with_name("rules.md"))


class TractorDeck:
    def build(self, options: Options, seats: int) -> Deck:
        return DECK

    def layout(self, options: Options, seats: int, shuffled: list[int]) -> dict[str, Any]:
        # All 25 cards each at once: declarations happen after the deal (rules decision).
        hands = [shuffled[i * HAND : (i + 1) * HAND] for i in range(SEATS)]
        return {"hands": hands, "kitty": shuffled[SEATS * HAND : SEATS * HAND + KITTY]}


OPTIONS = (
    Option(
        "throws",
        False,
        label=N_("Throws"),
        help=N_(
            "A leader may lead several units of one suit at once; a throw another player could beat fails."
        ),
    ),
    Option(
        "kitty_power",
        False,
        label=N_("Kitty x 2^size"),
        help=N_(
            "Kitty bonus multiplier 2^(cards per player in the last trick) instead of 2 x cards."
        ),
    ),
    Option(
        "defend_levels",
        "none",
        kind="choice",
        choices=tuple(DEFEND_CHOICES),
        label=N_("Levels to defend"),
        help=N_("Levels a team must play (defend) before going beyond them."),
    ),
)


def _new_deal(setup: DealSetup) -> TractorDeal:
    return TractorDeal(setup)


def _ais() -> dict[str, Any]:
    from .ai import AI_FACTORIES

    return AI_FACTORIES


def _roles(deal: Deal) -> tuple[str, ...] | None:
    """The dealer's side declares, the other attacks, once the declaring is over."""
    d = cast(TractorDeal, deal)  # the deal _new_deal made
    if d.phase == "declare" or d.dealer < 0:
        return None
    return tuple("declarers" if s % 2 == d.dealer % 2 else "attackers" for s in range(SEATS))


def _teams(n: int, options: Options) -> tuple[tuple[int, ...], ...]:
    return ((0, 2), (1, 3))


VARIANT = Variant(
    id="tractor",
    name=N_("Tractor"),
    seats=(SEATS,),
    deck=TractorDeck(),
    bidding=BIDDING,  # declaring trump (bidding.py)
    validator=VALIDATOR,  # leads and follows (play.py on rules.py and throws.py)
    scorer=TractorScorer(),
    new_deal=_new_deal,
    ais=_ais(),
    rules_text=RULES_TEXT,
    rules_translations=RULES_TRANSLATIONS,
    options=OPTIONS,
    teams=_teams,
    description=N_("Shengji: double deck, declare trump, pairs and tractors, climb from 2 past A."),
    pile_names=("kitty",),
    events_safe=True,  # declarations, plays, the kitty when turned up or at the end
    direction="counter-clockwise",  # seat i+1 sits to seat i's right
    presentation=TractorPresentation(),
    roles=_roles,
)
assert len(DECK) == N_CARDS
