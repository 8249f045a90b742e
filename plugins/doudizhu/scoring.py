"""Scoring a Dou Dizhu deal into the match: the multiplier, zero-sum shares, match end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crowsnest.engine.options import Option
from crowsnest.engine.presentation import Text, say
from crowsnest.engine.variant import DealResult, DealSetup, ScorerDefaults, Settlement
from crowsnest.i18n import N_

SEATS = 3

OPTIONS: tuple[Option, ...] = (
    Option(
        key="deals",
        default=6,
        kind="int",
        label=N_("Deals per match"),
        help=N_(
            "The match ends after this many scored deals (redeals do not count), "
            "or later if the top score is tied."
        ),
        minimum=1,
        maximum=100,
    ),
    Option(
        key="target",
        default=0,
        kind="int",
        label=N_("Target score"),
        help=N_(
            "0 = off. Otherwise the match also ends as soon as a seat's total reaches "
            "this many points (if the top score is not tied)."
        ),
        minimum=0,
        maximum=10000,
    ),
)


def deal_changes(details: Mapping[str, Any]) -> tuple[int, ...]:
    """Score change per seat: the landlord wins or loses 2 x multiplier, each farmer 1 x."""
    mult = details["multiplier"]
    ll = details["landlord"]
    sign = 1 if details["landlord_wins"] else -1
    return tuple(2 * sign * mult if s == ll else -sign * mult for s in range(SEATS))


def end_reason(deals: int, target: int) -> Text:
    """Why the match ended, for the game-over screen (whole sentences with and without a
    target total)."""
    if target > 0:
        return say(
            "The match ends after {count} deal or when a total reaches {target}; "
            "the highest total wins.",
            plural="The match ends after {count} deals or when a total reaches {target}; "
            "the highest total wins.",
            count=deals,
            target=target,
        )
    return say(
        "The match ends after {count} deal; the highest total wins.",
        plural="The match ends after {count} deals; the highest total wins.",
        count=deals,
    )


class DouDizhuScorer(ScorerDefaults):
    """A random first dealer, scores from 0, a deal nobody bids on dealt again by the same
    dealer (ScorerDefaults). The dealer has no role in the rules (the first bidder is
    drawn); it only rotates."""

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement:
        details = dict(result.details)
        change = deal_changes(details)
        scores = tuple(a + b for a, b in zip(setup.scores, change, strict=True))
        played = setup.deal_no + 1
        top = max(scores)
        leaders = [s for s in range(SEATS) if scores[s] == top]
        target = setup.options["target"]
        ends = played >= setup.options["deals"] or (target > 0 and top >= target)
        # A tie at the top plays on: extra deals until one seat leads alone.
        winner = leaders[0] if ends and len(leaders) == 1 else None
        return Settlement(
            score_change=change,
            scores=scores,
            next_dealer=(setup.dealer + 1) % SEATS,
            winner=winner,
            end_reason=end_reason(setup.options["deals"], target) if winner is not None else "",
            extra_event={
                "landlord": details["landlord"],
                "bid": details["bid"],
                "bombs": details["bombs"],
                "multiplier": details["multiplier"],
                "spring": details["spring"],
                "reverse_spring": details["reverse_spring"],
                "landlord_wins": details["landlord_wins"],
                "deal": played,
            },
        )
