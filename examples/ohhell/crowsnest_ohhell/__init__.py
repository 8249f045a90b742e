"""Oh Hell for CrowsNest Arcade: a community plugin package (example 2 of docs/plugins.md).

Installed with pip, it is found through its entry point in the `crowsnest.plugins` group
(see pyproject.toml). It uses only the public plugin API: crowsnest.engine and crowsnest.hookspecs.
"""

from __future__ import annotations

from crowsnest.engine import Option
from crowsnest.hookspecs import hookimpl

from .ai import easy_ai, random_ai
from .cards import StandardPack
from .deal import GAME
from .i18n import CATALOG, N_
from .presentation import OhHellPresentation
from .rules import RULES_TEXT, RULES_TRANSLATIONS
from .scoring import SCORER

__version__ = "1.0.0"
CROWSNEST_API = 1  # the crowsnest.hookspecs.API_VERSION this plugin was written for

OPTIONS = (
    Option(
        "rounds",
        "down-up",
        kind="choice",
        label=N_("Hand sizes"),
        help=N_("down-up: largest hand down to 1 and back up; up-down; down; up; fixed"),
        choices=("down-up", "up-down", "down", "up", "fixed"),
    ),
    Option(
        "max_hand",
        10,
        kind="int",
        label=N_("Largest hand"),
        help=N_("capped at 51 / players"),
        minimum=1,
        maximum=17,
    ),
    Option(
        "fixed_deals",
        10,
        kind="int",
        label=N_("Deals (fixed)"),
        help=N_("deals in a 'fixed' match"),
        minimum=1,
        maximum=50,
    ),
    Option(
        "hook",
        True,
        label=N_("Hook rule"),
        help=N_("the dealer may not make the bids add up to the tricks"),
    ),
    Option("exact_bonus", 10, kind="int", label=N_("Exact-bid bonus"), minimum=0, maximum=100),
    Option(
        "miss",
        "zero",
        kind="choice",
        label=N_("Missed bid"),
        help=N_("zero: score nothing; minus: lose 1 per trick over or under"),
        choices=("zero", "minus"),
    ),
)

VARIANT = GAME.variant(  # the parts of deal.GAME, this deck and scorer, and the words
    id="ohhell",
    name=N_("Oh Hell"),
    seats=(3, 4, 5, 6),
    default_seats=4,
    deck=StandardPack(),
    scorer=SCORER,
    ais={"random": random_ai, "easy": easy_ai},
    rules_text=RULES_TEXT,
    rules_translations=RULES_TRANSLATIONS,
    options=OPTIONS,
    description=N_("Bid the exact number of tricks you will take: no more, no fewer."),
    pile_names=("turnup", "stock"),
    events_safe=True,  # its events name only the turn-up and cards played
    catalog=CATALOG,  # name, description and option words are translated through it
    presentation=OhHellPresentation(),
)


@hookimpl
def crowsnest_register_variants(register):
    register(VARIANT)
