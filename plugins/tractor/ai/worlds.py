"""Tractor's hidden-hand dealer, shared by `normal`'s end-game solving and `hard`'s
search: what a view proves about the cards it has not seen (counting: every card played
or buried is out; a seat that did not follow the led effective suit is void in it), and a
world (a whole TractorDeal in the play phase) dealt consistently with it.

- `Determinizer`: the unseen cards (not in the hand, not played, not in the kitty this
  seat buried) go to the other hands by their counts, and to the kitty (8 cards) unless
  this seat is the dealer. Voids are respected (the most constrained cards are placed
  first; after 30 failed tries they are dropped).
- `world`: the TractorDeal built from the view's public state (trump, levels, dealer,
  trick, points taken, history) and the sampled hands and kitty.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from crowsnest.engine.options import Options
from crowsnest.engine.variant import DealSetup

from ..cards import N_CARDS, NO_TRUMP, order_for
from ..deal import KITTY, SEATS, TractorDeal
from ..rules import Shape, beats, count_pairs, shape_of
from ..throws import unit_shapes, units_of
from ..view import TractorView


def lead_shape(view: TractorView, es: Sequence[int], ps: Sequence[int]) -> Shape:
    """The shape a follower must answer (a throw counts its size and its pairs)."""
    cards = view.trick[0][1]
    shape = shape_of(cards, es, ps)
    if shape is not None:
        return shape
    return (es[cards[0]], len(cards), count_pairs(cards), -1)


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
        units: tuple[Shape, ...] = ()
        if shape_of(lead_cards, es, ps) is None:  # a standing throw
            units = unit_shapes(units_of(lead_cards, es, ps), es, ps)
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
