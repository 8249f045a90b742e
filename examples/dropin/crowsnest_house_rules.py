"""CrowsNest house rules: a one-file drop-in plugin (example 1 of docs/plugins.md).

Copy this file into your plugin folder (the platformdirs user data dir of "crowsnest" +
"/plugins", e.g. ~/.local/share/crowsnest/plugins/ on Linux) or into a folder listed
under [plugins] folders in the config. It adds:

- a variant "crowsnest-house", "CrowsNest: Crow high, counters to declarer": CrowsNest
  with two house rules as option defaults (the Crow is the highest trump; the nest's
  counters go to the declarer's team instead of the last trick's winner). Every other
  rule and every option stays CrowsNest's, and players can still change each one;
- an AI personality "reckless" for CrowsNest and the preset: it keeps raising the bid
  (by the smallest step) until 10 below the highest possible bid, then plays like the
  variant's "easy" AI (or "random" where there is none).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from crowsnest.engine import Option, Variant
from crowsnest.hookspecs import hookimpl

# The built-in Rook-family plugin is an importable package that exports its Variants.
from crowsnest_games.rook import CROWSNEST

__version__ = "1.0"
CROWSNEST_API = 1  # the crowsnest.hookspecs.API_VERSION this plugin is written for

HOUSE_ID = "crowsnest-house"
HOUSE_DEFAULTS: Mapping[str, Any] = {"bird_rank": "high", "nest_counters": "declarer"}


def with_defaults(options: tuple[Option, ...], defaults: Mapping[str, Any]) -> tuple[Option, ...]:
    """The same option schema with other defaults (each checked by its own Option)."""
    missing = set(defaults) - {o.key for o in options}
    if missing:
        raise ValueError(f"CrowsNest has no option {', '.join(sorted(missing))}")
    return tuple(
        dataclasses.replace(o, default=o.validate(defaults[o.key])) if o.key in defaults else o
        for o in options
    )


HOUSE: Variant = dataclasses.replace(
    CROWSNEST,
    id=HOUSE_ID,
    name="CrowsNest: Crow high, counters to declarer",
    description="CrowsNest with the Crow as the highest trump and the nest's counters to the declarer",
    options=with_defaults(CROWSNEST.options, HOUSE_DEFAULTS),
    rules_text=(
        "House rules (this preset's option defaults): the Crow is the highest trump, "
        "above the trump 14, and the counters in the nest go to the declarer's team, "
        "whoever wins the last trick. Everything else is CrowsNest:\n\n" + CROWSNEST.rules_text
    ),
)


class RecklessAI:
    """Raises the bid whenever it may, up to 10 below the ceiling; otherwise defers."""

    def __init__(self, fallback: Any) -> None:
        self.fallback = fallback

    def choose(self, view: Any, legal: Sequence[tuple], rng: Any) -> Any:
        bids = [a[1] for a in legal if a[0] == "bid"]
        if bids:
            lowest, ceiling = min(bids), max(bids)
            if lowest <= ceiling - 10 or len(bids) == 1:
                return ("bid", lowest)
            return ("pass",) if ("pass",) in legal else ("bid", lowest)
        return self.fallback.choose(view, legal, rng)


def reckless(variant: Variant, options: Mapping[str, Any], seats: int) -> RecklessAI:
    # `variant` is the loaded variant with every AI registered for it: reuse its best
    # standard AI for everything but bidding (the nest discard, trump, play).
    level = "easy" if "easy" in variant.ais else "random"
    return RecklessAI(variant.ais[level](variant, options, seats))


@hookimpl
def crowsnest_register_variants(register):
    register(HOUSE)


@hookimpl
def crowsnest_register_ais(register):
    register("crowsnest", "reckless", reckless)
    register(HOUSE_ID, "reckless", reckless)
