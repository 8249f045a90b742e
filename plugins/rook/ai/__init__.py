"""Rook-family AIs. They see only a RookView (and the engine's legal list).

- random: uniform over the legal actions (builds a uniform random discard itself).
- easy:   hand-strength bidding, sensible discard and trump, and trick heuristics: win
          cheaply, win with counters, give counters to a winning partner, follow cheaply
          when the trick is lost.
- normal: bids from expected points (a per-preset least-squares fit of the points the
          declarer's side takes against hand features, less a safety margin, plus what
          the partner's and opponents' bids show), may bury counters when strong, and
          plays by card counting: it tracks the cards played and who has shown a void,
          deals the unseen cards at random consistently with that, plays each candidate
          card out in those sampled deals with the easy policy, and keeps the card with
          the best score for its side. Sluffing counters on a partner who holds the
          trick, keeping 14s until they win, and not leading trump without purpose all
          come out of that search.

Every preset's ranks and values come from the view's rules tables (1s high, the red 1,
bird high or low, counters), so one AI serves all presets.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from crowsnest.engine import PASS, Action
from crowsnest.engine.variant import AIFactory

from ..bidding import BIDDING
from ..deal import random_discard
from ..rules import RookRules
from ..scoring import deal_change
from ..view import RookView
from .strength import (  # noqa: F401 - the AI's names for them
    EASY_COEF,
    NORMAL_COEF,
    best_trump,
    expected_share,
    hand_points,
    r_suit_cards,
    r_trump_cards,
    tables,
    trump_features,
)
from .worlds import Determinizer, Knowledge, sample_world  # noqa: F401 - the dealer both AIs use

# ---------------------------------------------------------------- random


class RookRandomAI:
    """Uniform over the legal actions; builds a uniformly random discard itself (the
    discard set is too large to list)."""

    def choose(self, view: RookView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == "nest":
            return ("discard", tuple(sorted(random_discard(view.rules, view.hand, rng))))
        if not legal:
            return _fallback(view)
        return legal[rng.randrange(len(legal))]


def _fallback(view: RookView) -> Action:
    """A legal action from the view alone (when no legal list is given)."""
    r = view.rules
    if view.phase == "bid":
        return PASS
    if view.phase == "trump":
        return r.trump_actions[0]
    return r.play_actions[view.playable()[0]]


# ---------------------------------------------------------------- trick helpers


def value_key(view: RookView) -> Callable[[int], tuple[int, int]]:
    """Cheapness of a card to give away: points first, then strength."""
    r = view.rules
    st = r.orders[view.trump].strength
    pts = r.points
    return lambda c: (pts[c], st[c])


def distinct_cards(view: RookView, playable: Sequence[int]) -> list[int]:
    """The playable cards less those equivalent to a cheaper one, cheapest first. Two
    cards of one effective suit with the same points are equivalent when every card
    ranking between them is out of play (in a finished trick or in the nest the seat
    laid back) or in the seat's own hand: whichever is played, the other does the same
    work later, so searching both only halves each one's sampled deals. (A card on the
    table or in another hand between them keeps them apart; the bird is never merged.)"""
    r = view.rules
    cheap = value_key(view)
    cards = sorted(playable, key=cheap)
    if view.trump < 0 or len(cards) < 2:
        return cards
    order = r.orders[view.trump]
    eff, st = order.eff_suit, order.strength
    gone = set(view.nest)
    gone.update(view.hand if view.acting == view.seat else (c for c in view.dummy_up if c >= 0))
    for trick in view.history:
        gone.update(c for _, c in trick)
    pts = r.points
    keep: list[int] = []
    for c in cards:
        if c != r.bird and any(
            k != r.bird
            and eff[k] == eff[c]
            and pts[k] == pts[c]
            and all(
                x in gone
                for x in r_suit_cards(r, view.trump, eff[c])
                if min(st[k], st[c]) < st[x] < max(st[k], st[c])
            )
            for k in keep
        ):
            continue
        keep.append(c)
    return keep


# ---------------------------------------------------------------- easy


class RookEasyAI:
    coef: Sequence[float] = EASY_COEF
    margin = 0.0  # share of points in play kept as a safety margin when bidding

    def __init__(self, variant: Any = None, options: Any = None, seats: int = 0) -> None:
        pass

    def choose(self, view: RookView, legal: Sequence[Action], rng: random.Random) -> Action:
        ph = view.phase
        if ph == "play":
            return view.rules.play_actions[self.play(view, view.playable(), rng)]
        if ph == "bid":
            return self.bid(view, legal)
        if ph == "nest":
            return ("discard", tuple(sorted(self.discard(view))))
        if ph == "trump":
            return view.rules.trump_actions[self.trump(view)]
        return _fallback(view)

    # -- bidding
    def coefs(self, r: RookRules) -> Sequence[float]:
        return self.coef

    def hand_estimate(self, view: RookView) -> float:
        r = view.rules
        _, share = best_trump(r, view.hand, self.coefs(r))
        return share * r.points_in_play

    def bid(self, view: RookView, legal: Sequence[Action]) -> Action:
        r = view.rules
        if not legal:  # no list given: the same choices the engine offers
            legal = BIDDING.calls(view.auction)
        bids = [a for a in legal if a[0] == "bid"]
        if not bids:
            return PASS
        if PASS not in legal:
            return bids[0]
        est = self.hand_estimate(view) - self.margin * r.points_in_play
        est += self.partner_adjust(view)
        lowest = bids[0][1]
        if est < lowest:
            return PASS
        # Bid just enough: the lowest legal bid (competition raises it step by step).
        return bids[0]

    def partner_adjust(self, view: RookView) -> float:
        return 0.0

    # -- nest and trump
    def trump(self, view: RookView) -> int:
        t, _ = best_trump(view.rules, view.hand, self.coefs(view.rules))
        return t

    def discard(self, view: RookView) -> list[int]:
        r = view.rules
        hand = list(view.hand)
        k = r.nest_size
        t = view.trump if view.trump >= 0 else best_trump(r, hand, self.coefs(r))[0]
        order = r.orders[t]
        eff, st = order.eff_suit, order.strength
        pts = r.points

        def keep(c: int) -> float:
            if eff[c] == t:
                return 1000 + st[c]
            suit_all = r_suit_cards(r, t, eff[c])
            top = 50 if c == suit_all[-1] else 0
            length = sum(1 for x in hand if eff[x] == eff[c])
            return st[c] + top + length * 2 + (self.counter_keep(r, c, hand, t) if pts[c] else 0)

        chosen = sorted(hand, key=keep)[:k]
        if not r.bury_counters and any(pts[c] for c in chosen):
            plain = sorted((c for c in hand if not pts[c]), key=keep)
            if len(plain) >= k:
                chosen = plain[:k]
            else:
                chosen = plain + sorted((c for c in hand if pts[c]), key=keep)[: k - len(plain)]
        return chosen

    def counter_keep(self, r: RookRules, c: int, hand: Sequence[int], t: int) -> float:
        return 30.0  # easy keeps its counters

    # -- play
    def play(self, view: RookView, playable: list[int], rng: random.Random) -> int:
        if len(playable) == 1:
            return playable[0]
        if not view.trick:
            return self.lead(view, playable)
        return self.follow(view, playable)

    # lead and follow are the play-outs' policy too (normal's card counting, hard's
    # search: most of their time), so they are written as plain loops over table lookups.
    def lead(self, view: RookView, playable: list[int]) -> int:
        r = view.rules
        t = view.trump
        order = r.orders[t]
        eff, st = order.eff_suit, order.strength
        place = tables(r).place[t]
        pts = r.points
        # cash a top card of an off suit (the strongest such)
        top = -1
        for c in playable:
            if place[c] == 0 and eff[c] != t and (top < 0 or st[c] > st[top]):
                top = c
        if top >= 0:
            return top
        lengths = [0] * 5
        for c in playable:
            if eff[c] != t:
                lengths[eff[c]] += 1
        pick = -1
        best: tuple[bool, int, int] | None = None
        for c in playable:
            if eff[c] != t:
                k = (pts[c] > 0, -lengths[eff[c]], st[c])
                if best is None or k < best:
                    pick, best = c, k
        if pick >= 0:
            return pick
        return min(playable, key=lambda c: (pts[c] > 0, st[c]))

    def follow(self, view: RookView, playable: list[int]) -> int:
        r = view.rules
        pts = r.points
        order = r.orders[view.trump]
        eff, st, trump = order.eff_suit, order.strength, order.trump
        trick = view.trick
        # the led suit (a led bird that leaves the suit open: its own, trump)
        led = view.led if view.led >= 0 else eff[trick[-1][1]]
        # the winning play so far (engine.tricks.trick_winner)
        wpos, wcard = trick[0]
        high = -1
        for pos, c in trick:
            e = eff[c]
            if e in (trump, led) and st[c] > high:
                high = st[c]
                wpos, wcard = pos, c
        # a card beats it if it is trump or follows, and is stronger (engine.tricks.beats)
        w_counts = eff[wcard] in (trump, led)
        w_st = st[wcard]
        if view.side_of(wpos) == view.side_of(view.acting):
            # partner winning: give counters (the lowest-ranked of the most valuable)
            pick = -1
            key: tuple[int, int] | None = None
            for c in playable:
                p = pts[c]
                if p:
                    e = eff[c]
                    if e in (trump, led) and (not w_counts or st[c] > w_st):
                        continue  # would overtake the partner
                    k = (p, -st[c])
                    if key is None or k > key:
                        pick, key = c, k
            if pick >= 0:
                return pick
            return min(playable, key=lambda c: (pts[c], st[c]))
        winners = [c for c in playable if eff[c] in (trump, led) and (not w_counts or st[c] > w_st)]
        if winners:
            if len(trick) >= r.positions - 1:  # last to play: win with the most points
                return max(winners, key=lambda c: (pts[c], -st[c]))
            # worth winning: counters at stake, or every trick counts (majority bonus)
            at_stake = sum(pts[c] for _, c in trick)
            if at_stake or r.majority_bonus or any(pts[c] for c in winners):
                return min(winners, key=lambda c: (st[c], -pts[c]))
        return min(playable, key=lambda c: (pts[c], st[c]))


# ---------------------------------------------------------------- normal


class RookNormalAI(RookEasyAI):
    # Safety margins (share of the points in play) tuned by tournaments against easy:
    # where a made bid scores only the bid, declaring pays only when the bid is very
    # likely made (defending earns the counters); where it scores the points taken,
    # winning the auction is worth more; without a nest to help the declarer (Partnership,
    # 1-High) a little more still. (Partnership, 200 first deals against easy: with 0.11
    # normal declared at 31% of the tables and won 0.657 of the deals; 0.07: 47%, 0.713;
    # 0.05: 0.685; 0.03: 0.615. Kentucky, with a nest: 0.11 beats easy 0.807, 0.07 only
    # 0.710. Figures and matches: docs/ai.md.)
    margin_bid_scoring = 0.17
    margin_counter_scoring = 0.11
    margin_counter_scoring_no_nest = 0.07

    # Alone against everyone, the declarer's edge (nest, trump) is worth more than the
    # risk: bid at the estimate with 3 players, above it with 5 or 6.
    margin_individual_small = 0.0
    margin_individual_large = -0.1

    def bid(self, view: RookView, legal: Sequence[Action]) -> Action:
        r = view.rules
        if not r.teams:
            small = r.seats <= 3
            self.margin = self.margin_individual_small if small else self.margin_individual_large
        elif r.made_scores_bid:
            self.margin = self.margin_bid_scoring
        elif r.nest_size:
            self.margin = self.margin_counter_scoring
        else:
            self.margin = self.margin_counter_scoring_no_nest
        return super().bid(view, legal)

    def coefs(self, r: RookRules) -> Sequence[float]:
        return NORMAL_COEF.get(r.preset, self.coef)

    def partner_adjust(self, view: RookView) -> float:
        """A partner who bid shows strength; opponents who bid show it against us."""
        r = view.rules
        if not r.teams:
            return 0.0
        me = view.seat
        adj = 0.0
        for s, b in view.bids:
            if s == me or b == 0:
                continue
            same = any(me in t and s in t for t in r.teams)
            adj += 0.04 * r.points_in_play if same else -0.01 * r.points_in_play
        return max(-0.05 * r.points_in_play, min(adj, 0.08 * r.points_in_play))

    def counter_keep(self, r: RookRules, c: int, hand: Sequence[int], t: int) -> float:
        # Burying a counter that would be hard to win keeps it safe when the nest's
        # counters come back to us (declarer rule) or we are strong in trump.
        eff = r.orders[t].eff_suit
        ntrump = sum(1 for x in hand if eff[x] == t)
        suit_all = r_suit_cards(r, t, eff[c])
        if c == suit_all[-1]:
            return 40.0
        if r.nest_to_declarer or ntrump * 2 >= len(hand) - r.nest_size:
            return -10.0
        return 30.0

    rollouts = 40  # play-outs per decision, shared among the playable cards
    # ...but every card sees at least this many sampled deals: with 14-card hands
    # (Partnership) 40 play-outs gave each card 3 deals, too few to tell cards apart
    # (Partnership normal vs easy, 200 matches: 3 deals 0.610, 6 deals 0.685, 10 0.695).
    min_worlds = 10

    # -- play: card counting + sampled deals played out by the easy policy
    def play(self, view: RookView, playable: list[int], rng: random.Random) -> int:
        playable = distinct_cards(view, playable)  # cheapest first
        if len(playable) == 1:
            return playable[0]
        det = Determinizer(view)  # the hidden-hand dealer the hard AI uses too
        worlds = max(self.min_worlds, self.rollouts // len(playable))
        side = view.side_of(view.acting)
        totals = dict.fromkeys(playable, 0.0)
        for _ in range(worlds):
            w = det.sample(rng)
            for c in playable:
                d = w.clone()
                d.play_quiet(c)
                play_out(d, rng)
                totals[c] += deal_value(d, side)
        # ties: the cheaper card (listed first)
        return max(playable, key=totals.__getitem__)


class _Table:
    """The few facts the easy play policy reads, taken straight from a sampled deal
    (building a full view per rollout step would cost most of the search time)."""

    __slots__ = ("rules", "trump", "sides", "trick", "led", "acting")

    def __init__(self, rules: RookRules, trump: int, sides: list[int]) -> None:
        self.rules = rules
        self.trump = trump
        self.sides = sides
        self.trick: Any = ()
        self.led = -1
        self.acting = -1

    def side_of(self, pos: int) -> int:
        return self.sides[pos]


_ROLLOUT = RookEasyAI()


def play_out(d: Any, rng: random.Random) -> None:
    """Play a RookDeal in its play phase to the end, the easy policy at every position,
    quietly (no events): the play-out of normal's card counting and hard's search."""
    if d._to_move < 0:
        return
    r = d.r
    table = _Table(r, d.trump, [d.side_of_position(p) for p in range(r.positions)])
    play = _ROLLOUT.play
    quiet = d.play_quiet
    while d._to_move >= 0:
        table.trick = d.trick
        table.led = d.led
        table.acting = d.acting
        quiet(play(table, d.playable(), rng))  # type: ignore[arg-type]


def easy_factory(variant: Any, options: Any, seats: int) -> RookEasyAI:
    return RookEasyAI(variant, options, seats)


def normal_factory(variant: Any, options: Any, seats: int) -> RookNormalAI:
    return RookNormalAI(variant, options, seats)


def random_factory(variant: Any, options: Any, seats: int) -> RookRandomAI:
    return RookRandomAI()


AI_FACTORIES: dict[str, AIFactory] = {
    "random": random_factory,
    "easy": easy_factory,
    "normal": normal_factory,
}


def score_change(deal: Any) -> list[int]:
    """A finished deal's score change per side, as the match scores it (deal_change)."""
    res = deal.result()
    d = res.details
    return deal_change(deal.r, res.points, d["declarer_side"], d["bid"])


def side_margin(change: Sequence[int], side: int) -> int:
    """`side`'s part of a score change less the best other side's."""
    return change[side] - max(c for i, c in enumerate(change) if i != side)


def deal_value(deal: Any, side: int) -> float:
    """How good a finished deal is for `side`: its score change less the best other
    side's (the scorer's rules: made bids, set bids, counters)."""
    return side_margin(score_change(deal), side)
