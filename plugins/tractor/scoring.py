"""Scoring a Tractor deal into the match: the promotion table, the must-defend levels
option, dealer succession and the end of the match (first team past A).

Levels are numbers 2..14 (J=11, Q=12, K=13, A=14); a level above 14 means the team went
past A and won. The match's `scores` are the two teams' levels (team 0 = seats 0 and 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crowsnest.engine.match import MatchError
from crowsnest.engine.options import Options
from crowsnest.engine.presentation import say
from crowsnest.engine.variant import DealResult, DealSetup, ScorerDefaults, Settlement

from .cards import LEVEL_NAMES

ACE = 14
DEFEND_CHOICES = {
    "none": (),
    "A": (14,),
    "5-10-K": (5, 10, 13),
    "5-10-K-A": (5, 10, 13, 14),
}
_LEVEL_BY_NAME = {v: k for k, v in LEVEL_NAMES.items()} | {"T": 10}


TAKEOVER_POINTS = 80  # the attackers take the deal over from this many points


def promotion(attacker_points: int) -> tuple[int, int, bool]:
    """(defenders' rise, attackers' rise, attackers take over) for the attackers' points."""
    x = attacker_points
    if x <= 0:
        return 3, 0, False
    if x < 40:
        return 2, 0, False
    if x < TAKEOVER_POINTS:
        return 1, 0, False
    if x < 120:
        return 0, 0, True
    return 0, 1 + (x - 120) // 40, True


def raise_level(level: int, rise: int, defended: bool, must_defend: tuple[int, ...]) -> int:
    """The new level after rising `rise`, stopping at a level that must be defended.

    A must-defend level L cannot be passed over: a rise that would go beyond it stops on
    it. A team leaves L only by rising while it defended (dealt) at L.
    """
    new = level + rise
    for lv in sorted(must_defend):
        if (level < lv or (level == lv and not defended)) and new > lv:
            return lv
    return new


def parse_levels(carry: Mapping[str, Any]) -> tuple[int, int] | None:
    """The teams' levels carried into a deal, or None (the match's first deal)."""
    raw = carry.get("levels") if carry else None
    if raw is None:
        return None
    if not isinstance(raw, (list, tuple)) or len(raw) != 2:
        raise MatchError("levels must be two levels, one per team, such as [2, 5]")
    out = []
    for v in raw:
        if isinstance(v, str) and v.strip().upper() in _LEVEL_BY_NAME:
            v = _LEVEL_BY_NAME[v.strip().upper()]
        if isinstance(v, bool) or not isinstance(v, int) or not 2 <= v <= ACE:
            raise MatchError(f"a level must be 2 to 14 (J=11, Q=12, K=13, A=14), not {v!r}")
        out.append(v)
    return out[0], out[1]


class TractorScorer(ScorerDefaults):
    """The first dealer (ScorerDefaults: drawn at random) is in the first deal the seat
    drawn to declare first; the real dealer is whoever declares first (see deal.py).
    Tractor never throws a deal in (redeal_dealer: the same dealer, for the protocol)."""

    def initial_scores(self, options: Options, seats: int) -> tuple[int, ...]:
        return (2, 2)

    def scores_from_carry(
        self, options: Options, seats: int, carry: Mapping[str, Any]
    ) -> tuple[int, ...]:
        """A match started with `levels` shows those levels as its scores at once."""
        return parse_levels(carry) or (2, 2)

    def settle(self, setup: DealSetup, result: DealResult) -> Settlement:
        d = result.details
        dealer: int = d["dealer"]
        x: int = d["attacker_points"]
        levels = list(d["levels"])
        defenders = dealer % 2
        attackers = 1 - defenders
        must = DEFEND_CHOICES[setup.options.get("defend_levels", "none")]
        up_def, up_att, takeover = promotion(x)
        before = list(levels)
        if takeover:
            levels[attackers] = raise_level(levels[attackers], up_att, False, must)
            next_dealer = (dealer + 1) % setup.seats
        else:
            levels[defenders] = raise_level(levels[defenders], up_def, True, must)
            next_dealer = (dealer + 2) % setup.seats
        change = tuple(levels[i] - before[i] for i in range(2))
        winner = next((t for t in range(2) if levels[t] > ACE), None)
        extra = {
            "dealer": dealer,
            "attackers": attackers,
            "attacker_points": x,
            "attacker_target": TAKEOVER_POINTS,
            "kitty": list(d["kitty"]),
            "kitty_points": d["kitty_points"],
            "multiplier": d["multiplier"],
            "takeover": takeover,
            "next_dealer": next_dealer,
            "levels": levels,
        }
        return Settlement(
            score_change=change,
            scores=tuple(levels),
            next_dealer=next_dealer,
            winner=winner,
            carry={"levels": levels},
            extra_event=extra,
            end_reason=say("The first team to go past level A wins the match.")
            if winner is not None
            else "",
        )
