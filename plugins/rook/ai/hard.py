"""The Rook family's `hard` AI: determinized search (PIMC, crowsnest.ai.search).

`Determinizer` deals the cards the seat has not seen to the hidden places (other hands,
the hidden nest, the dummy's face-down cards, the cards set aside), respecting every
void the play so far proves. Each decision's candidates are played out to the end of
the deal in the same sampled deals (the easy policy plays the cards, the normal AI any
bids, nest and trump still to come) and scored with the preset's scoring (made / set
bids, counters) for the seat's side (HardConfig.value "match": as the match counts it, a
deal whose scores end the match worth the match: `match_value`); sequential halving spends the play-outs on the
candidates still in contention.

- Bids: pass or the lowest bid (normal's own answer listed first).
- Nest: plans of (discard, trump) from normal's and easy's discard for each trump.
- Trump: the planned one (or, with trump before the nest, each colour searched).
- Card play: every playable card, cheapest first.

The search sees only the view: the sampled deals are built by `RookDeal.world` from the
view and the sampled hidden cards, never from the real deal.

Budget: `HardConfig` (play-outs per decision, a time cap). The default searches up to
2000 play-outs, at most 0.4 s, per card played (see docs/ai.md for measured strength).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from crowsnest.ai.search import (
    Applier,
    C,
    SearchBudget,
    SearchResult,
    apply_action,
    apply_sequence,
    pimc_search,
)
from crowsnest.engine import PASS, Action, Deal
from crowsnest.hookspecs import hookimpl

from ..deal import RookDeal
from ..scoring import match_winner
from ..variant import PRESETS
from ..view import RookView
from . import (
    RookEasyAI,
    RookNormalAI,
    deal_value,
    distinct_cards,
    play_out,
    score_change,
    side_margin,
)
from .strength import expected_share
from .worlds import AFTER_AUCTION, Determinizer, sample_deal

# Play: 2000 play-outs (about 0.25 s on the first trick, far less later); measured
# stronger than 600 against normal (docs/ai.md). The caps keep slow machines fast: a
# decision ends within about 0.25 s however loaded the machine (the budgets, not the
# caps, decide in tournaments, where caps are off).
DEFAULT_BUDGET = SearchBudget(iterations=2000, seconds=0.22, min_worlds=4, settle=3.0)
DECLARER_BUDGET = SearchBudget(iterations=1200, seconds=0.22, min_worlds=8, settle=3.0)
BID_BUDGET = SearchBudget(iterations=600, seconds=0.22, min_worlds=8, settle=3.0)


# ---------------------------------------------------------------- the AI

_POLICY = RookEasyAI()  # card play in play-outs: cheap heuristics for every position
_DECLARER = RookNormalAI()  # nest and trump in play-outs that start before play


def easy_playout(deal: Deal, rng: random.Random) -> None:
    """Play a RookDeal to its end: the easy policy for every card, the normal AI's
    heuristics for a nest or trump still to be decided."""
    d: RookDeal = deal  # type: ignore[assignment]
    while d.phase != "play" and d._to_move >= 0:
        legal = d.legal_actions() if d.legal_complete() else []  # the AI builds discards
        d.apply(_DECLARER.choose(d.view(d._to_move), legal, rng))
    play_out(d, rng)


def outcome_value(deal: RookDeal, side: int) -> float:
    """A finished deal's value for `side` (deal_value: its score change less the best
    other side's); a deal thrown in (everyone passed) is worth nothing to anyone."""
    return 0.0 if deal.redeal else deal_value(deal, side)


def match_value(deal: RookDeal, side: int, scores: Sequence[int], win: float) -> float:
    """A finished deal's value for `side` as the match counts it: outcome_value, plus
    `win` when the scores after it end the match with `side` ahead, less `win` when they
    end it with another side ahead (match_winner: the target reached or the floor, the
    highest score winning, a tie at the top playing on). Points past the target win
    nothing more, and the counters that decide a match are worth the match, not their
    face value; a deal that cannot end the match is valued as before."""
    if deal.redeal:
        return 0.0
    change = score_change(deal)
    margin = side_margin(change, side)
    r = deal.r
    winner = match_winner(
        tuple(s + c for s, c in zip(scores, change, strict=True)), r.target, r.floor
    )
    if winner is None:
        return margin
    return margin + (win if winner == side else -win)


@dataclass(frozen=True, slots=True)
class HardConfig:
    """The hard AI's knobs: the search budget per card played, and whether (and with
    what budget) the declarer's nest and trump are chosen by search too."""

    budget: SearchBudget = field(default_factory=lambda: DEFAULT_BUDGET)
    search_declarer: bool = True
    declarer_budget: SearchBudget = field(default_factory=lambda: DECLARER_BUDGET)
    search_bids: bool = True
    bid_budget: SearchBudget = field(default_factory=lambda: BID_BUDGET)
    # What a bid shows in the worlds dealt (Determinizer's bid_floor, a share of the
    # points in play): None the shared dealer's default (the bid less the slack); the
    # bidders' own margin (normal's: margin_bid_scoring in CrowsNest) deals them hands
    # as strong as normal's bids show. Not the default: not yet shown stronger.
    bid_floor: float | None = None
    # What a play-out's finished deal is worth (every search: bids, nest, trump, play):
    # "match" (match_value: the deal's margin, plus or less `match_win` where it ends the
    # match; the default since issue 31's sixth part: +0.225 of a start's two matches on
    # 40 late-match starts, docs/ai.md) or "deal" (outcome_value: the margin alone, the
    # value before). match_win None: the preset's points in play (120 in CrowsNest).
    value: str = "match"
    match_win: float | None = None

    def __post_init__(self) -> None:
        if self.value not in _VALUES:  # a misspelt choice would fall silently to one
            raise ValueError(
                f"HardConfig.value must be one of {', '.join(_VALUES)}, not {self.value!r}"
            )
        if self.match_win is not None and self.match_win < 0:
            raise ValueError(f"HardConfig.match_win must be 0 or more, not {self.match_win}")


_VALUES = ("match", "deal")


class RookHardAI(RookNormalAI):
    """PIMC search for bids, the declarer's nest and trump, and every card played (see
    the module doc); normal's heuristics wherever a search is switched off."""

    def __init__(
        self,
        variant: Any = None,
        options: Any = None,
        seats: int = 0,
        config: HardConfig | None = None,
    ) -> None:
        super().__init__(variant, options, seats)
        self.config = config or HardConfig()
        self.last_search: Any = None  # the last SearchResult (for tools and tests)
        self._planned: tuple[int, tuple[int, ...], Action] | None = None  # seat, hand, trump

    def choose(self, view: RookView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "bid" and self.config.search_bids and legal:
            return self.search_bid(view, legal, rng)
        if self.config.search_declarer and view.declarer >= 0:
            if view.phase == "nest":
                return self.search_nest(view, rng)
            if view.phase == "trump":
                return self.search_trump(view, rng)
        return super().choose(view, legal, rng)

    # -- the auction: pass or bid, by sampled play-outs of the rest of the deal

    def search_bid(self, view: RookView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pass or the lowest bid: each played out in sampled deals (the rest of the
        auction by the normal AI's bidding for every seat, then nest, trump and play as
        in every play-out). The normal AI's own answer is listed first, so it stands
        unless the play-outs say otherwise."""
        bids = [a for a in legal if a[0] == "bid"]
        own = RookNormalAI.bid(self, view, legal)
        if not bids or PASS not in legal:
            return own
        plans = list(dict.fromkeys([own, PASS, bids[0]]))
        return self._search(view, self._dealer(view), plans, rng, self.config.bid_budget).action

    # -- the declarer: which cards to lay back and which trump, by sampled play-outs

    def search_nest(self, view: RookView, rng: random.Random) -> Action:
        """Lay back the cards of the best plan: for each trump still open, the normal
        and the easy heuristics' discards (with that trump), each played out in sampled
        deals together with the trump it was made for."""
        r = view.rules
        det = self._dealer(view)
        trumps = [view.trump] if view.trump >= 0 else self._trump_preference(view)
        plans: list[tuple[Action, ...]] = []
        probe = det.sample(rng)  # discards are legal or not by the hand alone
        for t in trumps:
            tv = dataclasses.replace(view, trump=t)
            for policy in (self, _POLICY):
                disc: Action = ("discard", tuple(sorted(policy.discard(tv))))
                plan: tuple[Action, ...] = (
                    (disc,) if view.trump >= 0 else (disc, r.trump_actions[t])
                )
                if plan not in plans and probe.check(disc) is None:
                    plans.append(plan)
        if not plans:
            return super().choose(view, [], rng)
        res = self._search(view, det, plans, rng, self.config.declarer_budget, apply_sequence)
        best = res.action
        if len(best) == 2:
            kept = tuple(sorted(c for c in view.hand if c not in best[0][1]))
            self._planned = (view.seat, kept, best[1])
        return best[0]

    def search_trump(self, view: RookView, rng: random.Random) -> Action:
        """The trump planned with the nest; else (trump before the nest, or no nest)
        each colour played out in sampled deals, the heuristic's favourite first."""
        if self._planned is not None and self._planned[:2] == (view.seat, view.hand):
            return self._planned[2]
        r = view.rules
        det = self._dealer(view)
        plans = [r.trump_actions[t] for t in self._trump_preference(view)]
        return self._search(view, det, plans, rng, self.config.declarer_budget).action

    def _dealer(self, view: RookView) -> Determinizer:
        return Determinizer(view, bid_floor=self.config.bid_floor)

    def _trump_preference(self, view: RookView) -> list[int]:
        coef = self.coefs(view.rules)
        return sorted(range(4), key=lambda t: -expected_share(view.rules, view.hand, t, coef))

    def _search(
        self,
        view: RookView,
        det: Determinizer,
        candidates: Sequence[C],
        rng: random.Random,
        budget: SearchBudget,
        apply: Applier[RookDeal, C] = apply_action,
    ) -> SearchResult[C]:
        res = pimc_search(
            view,
            candidates,
            rng,
            sample=lambda _v, g: det.sample(g),
            playout=easy_playout,
            evaluate=self.evaluator(view),
            budget=budget,
            apply=apply,
        )
        self.last_search = res
        return res

    def evaluator(self, view: RookView) -> Callable[[RookDeal], float]:
        """What a finished play-out is worth to the acting position's side, the value
        every search of this AI maximises (HardConfig.value; a subclass may give
        another, as tools/rook_phases.py's trials do)."""
        side = view.side_of(view.acting)
        cfg = self.config
        if cfg.value == "deal":
            return lambda d: outcome_value(d, side)
        win = view.rules.points_in_play if cfg.match_win is None else cfg.match_win
        scores = view.scores
        return lambda d: match_value(d, side, scores, win)

    def play(self, view: RookView, playable: list[int], rng: random.Random) -> int:
        if len(playable) == 1:
            return playable[0]
        pa = view.rules.play_actions
        # Cheaper cards first: ties (and equal means) go to the card that costs least.
        candidates: Sequence[Action] = [pa[c] for c in distinct_cards(view, playable)]
        if len(candidates) == 1:
            card: int = candidates[0][1][0]
            return card
        det = self._dealer(view)
        card = self._search(view, det, candidates, rng, self.config.budget).action[1][0]
        return card


def hard_factory(variant: Any, options: Any, seats: int) -> RookHardAI:
    return RookHardAI(variant, options, seats)


@hookimpl
def crowsnest_register_ais(register: Any) -> None:
    """Add `hard` to every Rook-family variant (loaded with the rook plugin)."""
    for preset in PRESETS:
        register(preset.id, "hard", hard_factory)


__all__ = [
    "AFTER_AUCTION",
    "DEFAULT_BUDGET",
    "Determinizer",
    "HardConfig",
    "RookHardAI",
    "crowsnest_register_ais",
    "easy_playout",
    "hard_factory",
    "match_value",
    "outcome_value",
    "sample_deal",
]
