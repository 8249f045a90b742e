"""The Dou Dizhu Variant and its five parts."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from crowsnest.engine.cards import Card, Deck
from crowsnest.engine.options import Options
from crowsnest.engine.variant import Deal, DealSetup, Variant
from crowsnest.i18n import N_, read_localized

from .ai import AIS
from .bidding import BIDDING
from .cards import DECK
from .deal import DouDizhuDeal
from .play import VALIDATOR
from .presentation import DouDizhuPresentation
from .scoring import OPTIONS, DouDizhuScorer

# rules.md and its translations beside it (rules.fi.md, ...)
RULES_TEXT, RULES_TRANSLATIONS = read_localized(Path(__file__).with_name("rules.md"))
HAND_SIZE = 17
BOTTOM_SIZE = 3


class DouDizhuDeck:
    def build(self, options: Options, seats: int) -> Deck:
        return DECK

    def layout(self, options: Options, seats: int, shuffled: list[Card]) -> dict[str, Any]:
        """17 cards to each seat in turn order, the last 3 face down as the bottom."""
        hands = [shuffled[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(seats)]
        return {"hands": hands, "bottom": shuffled[seats * HAND_SIZE :]}


def new_deal(setup: DealSetup) -> DouDizhuDeal:
    return DouDizhuDeal(setup)


def _roles(deal: Deal) -> tuple[str, ...] | None:
    """The landlord and the peasants, once the bidding has made a landlord."""
    landlord = cast(DouDizhuDeal, deal).landlord  # the deal new_deal made
    if landlord < 0:
        return None
    return tuple("landlord" if s == landlord else "peasants" for s in range(3))


VARIANT = Variant(
    id="doudizhu",
    name=N_("Dou Dizhu"),
    seats=(3,),
    deck=DouDizhuDeck(),
    bidding=BIDDING,
    validator=VALIDATOR,
    scorer=DouDizhuScorer(),
    new_deal=new_deal,
    ais=AIS,
    rules_text=RULES_TEXT,
    rules_translations=RULES_TRANSLATIONS,
    options=OPTIONS,
    teams=lambda n, o: None,
    description=N_("Landlord: one player against two, climbing with combinations."),
    pile_names=("bottom",),
    events_safe=True,  # its events name only cards face up to all (plays, the bottom)
    direction="counter-clockwise",  # seat i+1 sits to seat i's right
    presentation=DouDizhuPresentation(),
    roles=_roles,
)
