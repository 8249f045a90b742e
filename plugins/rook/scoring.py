"""Scoring a Rook-family deal into the match: the bid made or set, the others' counters,
dealer rotation and the end of the game (target, both over, sudden death)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crowsnest.engine import DealResult, DealSetup, Options, ScorerDefaults, Settlement
from crowsnest.engine.presentation import Text, say

from .rules import rules_for


def match_winner(
    scores: tuple[int, ...],
    target: int,
    floor: int = -(10**9),
    deals: int = 0,
    deal_limit: int = 0,
) -> int | None:
    """Once anyone reaches the target, or falls to the floor, or `deals` reaches the deal
    limit, the highest score wins; a tie for the highest plays on (sudden death: further
    deals until one side is ahead)."""
    top = max(scores)
    limited = deal_limit > 0 and deals >= deal_limit
    if (top < target and min(scores) > floor and not limited) or scores.count(top) > 1:
        return None
    return scores.index(top)


def deal_change(r: Any, points: Sequence[int], declarer_side: int, bid: int) -> list[int]:
    """Each side's score change for the points it took: the declarer's side the bid made
    (the bid, or the points taken where made bids score the counters) or less the bid
    when set; every other side its counters. (The AIs value play-outs with it too.)"""
    change = list(points)
    if points[declarer_side] >= bid:
        change[declarer_side] = bid if r.made_scores_bid else points[declarer_side]
    else:
        change[declarer_side] = -bid
    return change


def end_reason(scores: tuple[int, ...], target: int, floor: int, deal_limit: int = 0) -> Text:
    """The sentence the game-over screen shows under the winner (in the player's
    language; the match_over event carries its English)."""
    if max(scores) >= target:
        return say(
            "The game ends when a score reaches {target}; the highest score wins.", target=target
        )
    if min(scores) <= floor:
        return say(
            "A score fell to {floor} or below (the losing floor), "
            "so the game ends and the highest score wins.",
            floor=floor,
        )
    return say(
        "After {count} deal (the deal limit) the highest score wins.",
        plural="After {count} deals (the deal limit) the highest score wins.",
        count=deal_limit,
    )


class RookScorer(ScorerDefaults):
    """A random first dealer; a deal thrown in (all passed) is dealt again by the same
    dealer (ScorerDefaults)."""

    def __init__(self, preset: Any) -> None:
        self.preset = preset

    def initial_scores(self, options: Options, seats: int) -> tuple[int, ...]:
        return (0,) * rules_for(self.preset, options, seats).sides

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement:
        r = rules_for(self.preset, setup.options, setup.seats)
        d = result.details
        decl = d["declarer_side"]
        bid = d["bid"]
        change = deal_change(r, result.points, decl, bid)
        made = result.points[decl] >= bid
        scores = tuple(a + b for a, b in zip(setup.scores, change, strict=True))
        deals = setup.deal_no + 1  # this one included
        winner = match_winner(scores, r.target, r.floor, deals, r.deal_limit)
        return Settlement(
            score_change=tuple(change),
            scores=scores,
            next_dealer=(setup.dealer + 1) % setup.seats,
            winner=winner,
            end_reason=(
                end_reason(scores, r.target, r.floor, r.deal_limit) if winner is not None else ""
            ),
            extra_event={
                "declarer": d["declarer"],
                "declarer_side": decl,
                "bid": bid,
                "made": made,
                "trump": d["trump"],
                "counters": list(d["counters"]),
                "tricks": list(d["tricks"]),
                "bonus_to": d["bonus_to"],
                "aside_points": d.get("aside_points", 0),
            },
        )
