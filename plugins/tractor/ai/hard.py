"""Tractor's `hard` AI: determinized search (PIMC, crowsnest.ai.search) over card play;
declaring and burying as `normal` does.

- Determinization (`Determinizer`): the cards this seat has not seen (not in its hand,
  not played, not in the kitty it buried) are dealt to the other hands by their counts,
  and to the kitty (8 cards) unless this seat is the dealer. A seat that did not follow
  the led effective suit gets no card of it (the most constrained cards are placed first;
  after 30 failed tries the voids are dropped). The world is a TractorDeal built from the
  view's public state (trump, levels, dealer, trick, points taken, history).
- Play-outs (`fast_play`): a greedy policy reading the sampled deal directly, never a view
  (the heuristic AIs need a view and every legal follow; this is about 10x cheaper, see
  docs/ai.md): follow suit with the cheapest card that wins the trick when an opponent
  holds it, feed points to a partner who holds it, otherwise give the cheapest card with
  no points; lead a pair, an ace, or the lowest plain card. Multi-card follows take a
  random legal follow (rules.random_follow).
- Value: the points of the searching side at the end (attackers: points taken plus the
  kitty bonus; defenders: minus the attackers' points).
- Candidates: normal's choice first (it wins ties), easy's, then the other legal plays,
  at most `max_candidates`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from crowsnest.ai.search import SearchAI, SearchBudget, first_candidates, pimc_search
from crowsnest.engine.actions import Action
from crowsnest.engine.options import Options
from crowsnest.engine.variant import DealSetup
from crowsnest.hookspecs import hookimpl

from ..cards import N_CARDS, NO_TRUMP, POINTS, TRUMP, order_for
from ..deal import KITTY, SEATS, TractorDeal
from ..rules import beats, random_follow, shape_of
from ..throws import units_of
from ..view import TractorView
from . import HeuristicAI, lead_shape

DEFAULT_BUDGET = SearchBudget(iterations=240, seconds=0.5, min_worlds=4)

# ---------------------------------------------------------------- determinization


class Determinizer:
    """What a view proves about the hidden cards; `sample(rng)` deals a world."""

    def __init__(self, view: TractorView, variant: Any, options: Options) -> None:
        if view.phase != "play" or view.trump is None:
            raise ValueError("Tractor worlds are sampled in the play phase")
        self.view = view
        self.variant = variant
        self.options = options
        order = order_for(view.level, view.trump)
        self.es, self.ps = order.esuit, order.pos
        seen = bytearray(N_CARDS)
        for c in view.hand:
            seen[c] = 1
        for _, trick, _ in view.history:
            for _, cs in trick:
                for c in cs:
                    seen[c] = 1
        for _, cs in view.trick:
            for c in cs:
                seen[c] = 1
        kitty_known = view.kitty is not None
        if kitty_known:
            for c in view.kitty or ():
                seen[c] = 1
        self.unseen = [c for c in range(N_CARDS) if not seen[c]]
        me = view.seat
        places: list[tuple[Any, int]] = [(s, view.hand_counts[s]) for s in range(SEATS) if s != me]
        if not kitty_known:
            places.append(("kitty", KITTY))
        if sum(k for _, k in places) != len(self.unseen):
            raise ValueError("the view's hand sizes do not add up to the cards unseen")
        self.places = places
        voids: set[tuple[int, int]] = set()
        es = self.es
        tricks = [t for _, t, _ in view.history]
        if view.trick:
            tricks.append(view.trick)
        for trick in tricks:
            s = es[trick[0][1][0]]
            for seat, cs in trick[1:]:
                if any(es[c] != s for c in cs):
                    voids.add((seat, s))
        self.voids = voids

    def deal_hidden(self, rng: random.Random) -> dict[Any, list[int]]:
        """The unseen cards dealt to the hidden places, voids respected when possible."""
        es = self.es
        allowed = {
            key: frozenset(s for (seat, s) in self.voids if seat == key) for key, _ in self.places
        }
        for _ in range(30):
            room = {key: k for key, k in self.places}
            out: dict[Any, list[int]] = {key: [] for key, _ in self.places}
            cards = self.unseen[:]
            rng.shuffle(cards)

            # the most constrained cards first (fewest places may take them)
            def n_places(c: int) -> int:
                return sum(1 for key, _ in self.places if es[c] not in allowed[key])

            cards.sort(key=n_places)
            ok = True
            for c in cards:
                opts = [key for key, _ in self.places if room[key] and es[c] not in allowed[key]]
                if not opts:
                    ok = False
                    break
                # weight by room left so the deal stays uniform-ish
                total = sum(room[k] for k in opts)
                x = rng.randrange(total)
                for key in opts:
                    x -= room[key]
                    if x < 0:
                        break
                out[key].append(c)
                room[key] -= 1
            if ok:
                return out
        cards = self.unseen[:]
        rng.shuffle(cards)
        out = {}
        at = 0
        for key, k in self.places:
            out[key] = cards[at : at + k]
            at += k
        return out

    def sample(self, rng: random.Random) -> TractorDeal:
        view = self.view
        hidden = self.deal_hidden(rng)
        hands = [list(hidden[s]) if s != view.seat else list(view.hand) for s in range(SEATS)]
        kitty = list(view.kitty) if view.kitty is not None else hidden["kitty"]
        return world(view, hands, kitty, self.variant, self.options)


def world(
    view: TractorView, hands: list[list[int]], kitty: list[int], variant: Any, options: Options
) -> TractorDeal:
    """A TractorDeal in the play phase with these hands and kitty and the view's public
    state (the trick in progress, points taken, history)."""
    d = object.__new__(TractorDeal)
    setup = DealSetup(
        variant=variant,
        options=options,
        seats=SEATS,
        dealer=view.dealer,
        deal_no=0,
        piles={"hands": hands, "kitty": kitty},
        scores=tuple(view.levels),
        carry={},
        rng_seed="",
    )
    order = order_for(view.level, view.trump if view.trump is not None else NO_TRUMP)
    es, ps = order.esuit, order.pos
    d.setup = setup
    d.options = options
    d.hands = hands
    d.kitty = kitty
    d.first_deal = False
    d.levels = view.levels
    d.dealer = view.dealer
    d.start = view.dealer
    d.level = view.level
    d.phase = "play"
    d._to_move = view.to_move
    d.decl = None
    d.declarations = list(view.declarations)
    d.first_declarer = view.first_declarer
    d.passes = 0
    d.kitty_revealed = view.kitty_revealed
    d.trump = view.trump
    d.es, d.ps = es, ps
    d.trick = list(view.trick)
    d.won = [[], [], [], []]
    d.taken = list(view.taken)
    d.history = list(view.history)
    d.outcome = {}
    d._follow_cache = None
    d.trick_points = 0
    if view.trick:
        lead_cards = view.trick[0][1]
        d.leader = view.trick[0][0]
        lead = lead_shape(view, es, ps)
        units: tuple = ()
        if shape_of(lead_cards, es, ps) is None:  # a standing throw
            units = tuple(
                sorted(
                    (shape_of(u, es, ps) for u in units_of(lead_cards, es, ps)),
                    key=lambda sh: (-sh[1], -sh[3]),  # type: ignore[index]
                )
            )
        d.lead = lead
        d.lead_units = units
        best, best_seat = lead, view.trick[0][0]
        for seat, cs in view.trick[1:]:
            sh = shape_of(cs, es, ps)
            if not units and beats(sh, lead, best):
                best, best_seat = sh, seat  # type: ignore[assignment]
        # (a throw's best follow is recomputed by the deal as plays arrive; a trump
        # over a throw already on the table is rare enough to leave to the lead)
        d.best, d.best_seat = best, best_seat
    else:
        d.leader = view.to_move
        d.lead = None
        d.lead_units = ()
        d.best = None
        d.best_seat = -1
    return d


# ---------------------------------------------------------------- play-outs


def fast_play(d: TractorDeal, rng: random.Random) -> tuple[int, ...]:
    """The play-out policy's play for the seat to move (see the module doc)."""
    s = d._to_move
    hand = d.hands[s]
    es, ps = d.es, d.ps
    lead = d.lead
    if lead is None:
        plain = [c for c in hand if es[c] != TRUMP]
        if plain:
            held = set(plain)
            pairs = [c for c in plain if not c & 1 and (c | 1) in held]
            if pairs and rng.random() < 0.7:
                c = max(pairs, key=ps.__getitem__)
                return (c, c | 1)
            top = max(plain, key=ps.__getitem__)
            if ps[top] >= 11:  # an ace (or king with the level at ace)
                return (top,)
            return (min(plain, key=lambda c: (POINTS[c], ps[c])),)
        return (min(hand, key=ps.__getitem__),)
    if lead[1] != 1 or d.lead_units:
        return random_follow(hand, lead, es, rng)
    led = lead[0]
    suit = [c for c in hand if es[c] == led]
    pool = suit or hand
    if d.best_seat % 2 == s % 2:
        # the partner holds it: feed points, else the cheapest card (plain before trump)
        return (max(pool, key=lambda c: (POINTS[c], es[c] != TRUMP, -ps[c])),)
    best = d.best
    bs, btop = best[0], best[3]  # type: ignore[index]
    cheapest = -1
    key = (2, 99)
    for c in pool:  # the cheapest card that wins: plain before trump, then lowest
        e = es[c]
        if (e == bs and ps[c] > btop) or (e == TRUMP and bs != TRUMP):
            k = (e == TRUMP, ps[c])
            if k < key:
                key, cheapest = k, c
    if cheapest >= 0 and (
        es[cheapest] != TRUMP
        or len(d.trick) == SEATS - 1
        or any(POINTS[c] for _, cs in d.trick for c in cs)
    ):
        return (cheapest,)
    return (min(pool, key=lambda c: (POINTS[c], es[c] == TRUMP, ps[c])),)


def playout(deal: Any, rng: random.Random) -> None:
    d: TractorDeal = deal
    while d._to_move >= 0:
        d._play(d._to_move, fast_play(d, rng), quiet=True)


def side_value(d: TractorDeal, seat: int) -> float:
    """The searching side's points at the end (attackers' points, negated for the
    defenders)."""
    o = d.outcome
    pts = o["attacker_points"]
    return float(pts if seat % 2 == o["attackers"] else -pts)


# ---------------------------------------------------------------- the AI


@dataclass(frozen=True, slots=True)
class HardConfig:
    budget: SearchBudget = field(default_factory=lambda: DEFAULT_BUDGET)
    max_candidates: int = 8


_NORMAL = HeuristicAI(memory=True)
_EASY = HeuristicAI(memory=False)


class HardAI(SearchAI):
    """Search over card play; normal's declaring and burying (see the module doc)."""

    config_type = HardConfig

    @staticmethod
    def default_variant() -> Any:
        from ..variant import VARIANT

        return VARIANT

    def candidates(
        self, view: TractorView, legal: Sequence[Action], rng: random.Random
    ) -> list[Action]:
        first = [_NORMAL.choose(view, legal, rng), _EASY.choose(view, legal, rng)]
        rest = (a for a in legal if a[0] == "play")
        return first_candidates(first, rest, self.config.max_candidates)

    def choose(self, view: TractorView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase != "play":
            return _NORMAL.choose(view, legal, rng)
        cands = self.candidates(view, legal, rng)
        if len(cands) == 1:
            return cands[0]
        det = Determinizer(view, self.variant, self.options)
        seat = view.seat

        def apply(d: Any, a: Action) -> None:
            d._play(d._to_move, tuple(sorted(a[1])))

        res = pimc_search(
            view,
            cands,
            rng,
            sample=lambda _v, g: det.sample(g),
            playout=playout,
            evaluate=lambda d: side_value(d, seat),
            budget=self.config.budget,
            apply=apply,
        )
        self.last_search = res
        return res.action


hard_factory = HardAI.factory


@hookimpl
def crowsnest_register_ais(register: Any) -> None:
    """Add `hard` to Tractor."""
    register("tractor", "hard", hard_factory)


__all__ = [
    "DEFAULT_BUDGET",
    "Determinizer",
    "HardAI",
    "HardConfig",
    "crowsnest_register_ais",
    "fast_play",
    "hard_factory",
    "playout",
    "world",
]
