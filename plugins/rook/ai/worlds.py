"""The Rook family's hidden-hand dealer, shared by the normal AI's card counting and the
hard AI's search: `Knowledge` (what a view proves: unseen cards, voids, the won piles)
and `Determinizer` (a full deal consistent with the view, now also with the auction).

Reading the auction: a seat's bids and passes say how strong its hand was. With
`read_auction` on (the default), each hidden hand's strength as dealt (its cards now plus
those it has played; the declarer's nest exchange is not undone) is measured with the
normal AI's own bidding estimate (`strength.hand_points`: the expected points of the best
trump, per-preset least-squares fit) and compared with what the seat did: the highest
bid it made should not be far above its estimate, and a pass should not leave a bid
well within its estimate unmade (a tolerance of `AUCTION_SLACK` of the points in play
either way, since the seat may be a person, a bolder or a more careful AI, or counting on
its partner). Up to `AUCTION_TRIES` deals are drawn and the first that fits is kept,
else the one that fits best, so the dealer never fails and costs a few more draws only
when the auction was informative.
"""

from __future__ import annotations

import random
from typing import Any

from crowsnest.engine.tricks import trick_winner

from ..deal import DUMMY, RookDeal
from ..view import RookView
from .strength import hand_points

AFTER_AUCTION = ("nest", "trump", "play")
AUCTION_SLACK = 0.12  # share of the points in play a seat may bid above or pass below
AUCTION_TRIES = 6


class Knowledge:
    """What a seat can infer from its view: cards not yet seen, voids per position and,
    with `won=True`, the cards of the finished tricks by the position that won them.
    The normal AI counts cards with it and the hard AI's determinizer deals from it."""

    __slots__ = ("unseen", "void", "won")

    def __init__(self, view: RookView, won: bool = False) -> None:
        r = view.rules
        n = len(r.deck)
        seen = bytearray(n)
        for c in view.hand:
            seen[c] = 1
        for c in view.nest:
            seen[c] = 1
        for c in view.dummy_up:
            if c >= 0:
                seen[c] = 1
        P = r.positions
        void: list[set[int]] = [set() for _ in range(P)]
        piles: list[list[int]] = [[] for _ in range(P)]
        t = view.trump
        order = r.orders[t] if t >= 0 else None
        # Before trump is named there are no tricks: printed suits serve.
        eff = order.eff_suit if order is not None else r.suit
        bird = r.bird
        for trick in (*view.history, view.trick):
            led = -1
            for i, (pos, c) in enumerate(trick):
                seen[c] = 1
                if i == 0:
                    led = -1 if (c == bird and not r.bird_led_trump) else eff[c]
                elif led < 0:
                    led = eff[c]  # the bird was led: this card sets the suit
                elif (
                    eff[c] != led
                    and not (c == bird and r.bird_any_time)
                    # the dummy follows with its face-up cards only: proves nothing hidden
                    and not (r.dummy and pos == 2)
                ):
                    void[pos].add(led)
            if won and order is not None and trick is not view.trick and len(trick) == P:
                cards = [c for _, c in trick]
                first = 1 if (cards[0] == bird and not r.bird_led_trump) else 0
                led_suit = eff[cards[first]] if first < len(cards) else eff[cards[0]]
                piles[trick[trick_winner(cards, led_suit, order)][0]].extend(cards)
        self.unseen = [c for c in range(n) if not seen[c]]
        self.void = void
        self.won = piles


class Determinizer:
    """What one view proves about the hidden cards, computed once per decision, and
    `sample(rng)`: a full RookDeal consistent with the view.

    Consistent means: the seat's own hand, the visible dummy and every card played are
    where the view shows them; each hidden place gets exactly as many cards as the view
    counts; no position gets a card of a suit it has shown void in; the tricks already
    played are in their winners' won piles; together the places hold the whole deck.
    """

    __slots__ = (
        "view",
        "unseen",
        "places",
        "allowed",
        "won",
        "bird",
        "auction",
        "played_by",
        "bid_floor",
    )

    def __init__(
        self, view: RookView, read_auction: bool = True, bid_floor: float | None = None
    ) -> None:
        if view.phase not in ("bid", *AFTER_AUCTION):
            raise ValueError(f"there is nothing hidden to sample in the '{view.phase}' phase")
        r = view.rules
        self.view = view
        order = r.orders[view.trump] if view.trump >= 0 else None
        eff = order.eff_suit if order is not None else r.suit
        known = Knowledge(view, won=True)
        P = r.positions
        void, won, bird = known.void, known.won, r.bird
        self.unseen = known.unseen
        # Hidden places: (key, size, suits it cannot hold).
        places: list[tuple[Any, int, frozenset[int]]] = []
        for p in range(P):
            if p == view.seat or (r.dummy and p == DUMMY):
                continue
            places.append((p, view.hand_counts[p], frozenset(void[p])))
        if not view.nest and view.nest_count:
            places.append(("nest", view.nest_count, frozenset()))
        under = sum(1 for u in view.dummy_under if u)
        if under:
            places.append(("down", under, frozenset()))
        if view.aside_count:
            places.append(("aside", view.aside_count, frozenset()))
        size = sum(k for _, k, _ in places)
        if size != len(self.unseen):
            raise ValueError(
                f"the view hides {size} cards but {len(self.unseen)} are unaccounted for"
            )
        self.places = places
        # A lone bird need not be played on a trump lead where bird_only_trump_must is
        # off, so a void in trump does not prove the bird absent there.
        bird_free = bird >= 0 and not r.bird_only_trump_must
        self.allowed: dict[int, tuple[int, ...]] = {}
        for c in self.unseen:
            s = eff[c]
            self.allowed[c] = tuple(
                i for i, (_, _, v) in enumerate(places) if s not in v or (c == bird and bird_free)
            )
        self.won = won
        self.bird = bird
        # A bid shows an estimate of at least the bid plus `bid_floor` of the points in
        # play (default -AUCTION_SLACK: the bid less the slack; normal's own bids show
        # the bid plus its margin, which the default leaves unread: docs/ai.md).
        floor = -AUCTION_SLACK if bid_floor is None else bid_floor
        self.bid_floor = floor * r.points_in_play
        self.auction = auction_bounds(view) if read_auction else {}
        # only positions whose hands are sampled are checked against the auction
        hidden = {key for key, _, _ in places if isinstance(key, int)}
        self.auction = {p: b for p, b in self.auction.items() if p in hidden}
        played_by: dict[int, list[int]] = {p: [] for p in self.auction}
        for trick in (*view.history, view.trick):
            for pos, c in trick:
                if pos in played_by:
                    played_by[pos].append(c)
        self.played_by = played_by

    def deal_hidden(self, rng: random.Random) -> list[list[int]]:
        """The unseen cards split over the hidden places (one list per place), the
        auction read where it says something (see the module doc)."""
        if not self.auction:
            return self._deal_once(rng)
        best: tuple[float, list[list[int]]] | None = None
        for _ in range(AUCTION_TRIES):
            got = self._deal_once(rng)
            miss = self.auction_miss(got)
            if miss == 0.0:
                return got
            if best is None or miss < best[0]:
                best = (miss, got)
        assert best is not None
        return best[1]

    def auction_miss(self, got: list[list[int]]) -> float:
        """How far the sampled hands are from what their auction showed (0: they fit)."""
        view = self.view
        r = view.rules
        slack = AUCTION_SLACK * r.points_in_play
        miss = 0.0
        for i, (key, _, _) in enumerate(self.places):
            bounds = self.auction.get(key) if isinstance(key, int) else None
            if bounds is None:
                continue
            lo, hi = bounds
            est = hand_points(r, got[i] + self.played_by[key])
            if lo is not None and est < lo + self.bid_floor:
                miss += lo + self.bid_floor - est
            if hi is not None and est > hi + slack:
                miss += est - hi - slack
        return miss

    def _deal_once(self, rng: random.Random) -> list[list[int]]:
        places = self.places
        allowed = self.allowed
        everywhere = len(places)
        # Cards a void keeps out of some place go first, most constrained first, each
        # to a place allowed to it with chance proportional to the room left; the rest
        # (most cards, all of them before any void shows) then fill the room left in
        # random order: the same distribution as placing them one by one, far cheaper.
        tight = [c for c in self.unseen if len(allowed[c]) < everywhere]
        loose = [c for c in self.unseen if len(allowed[c]) == everywhere]
        for attempt in range(40):
            free = [k for _, k, _ in places]
            got: list[list[int]] = [[] for _ in places]
            ok = True
            if attempt < 39:
                pool = tight[:]
                rng.shuffle(pool)
                pool.sort(key=lambda c: len(allowed[c]))
            else:  # the last attempt ignores voids (never needed in practice)
                pool = []
            for c in pool:
                cands = [i for i in allowed[c] if free[i]]
                if not cands:
                    ok = False
                    break
                x = rng.randrange(sum(free[i] for i in cands))
                for i in cands:
                    x -= free[i]
                    if x < 0:
                        break
                got[i].append(c)
                free[i] -= 1
            if not ok:
                continue
            rest = loose[:] if attempt < 39 else self.unseen[:]
            rng.shuffle(rest)
            at = 0
            for i, k in enumerate(free):
                got[i].extend(rest[at : at + k])
                at += k
            return got
        raise AssertionError("unreachable: the last attempt ignores voids")

    def sample(self, rng: random.Random) -> RookDeal:
        """A full deal consistent with the view (see the class doc)."""
        view = self.view
        got = self.deal_hidden(rng)
        hands: dict[int, list[int]] = {}
        nest: list[int] = []
        aside: list[int] = []
        down = [-1] * len(view.dummy_under)
        under = [i for i, u in enumerate(view.dummy_under) if u]
        for (key, _, _), cards in zip(self.places, got, strict=True):
            if key == "nest":
                nest = cards
            elif key == "down":
                for i, c in zip(under, cards, strict=True):
                    down[i] = c
            elif key == "aside":
                aside = cards
            else:
                hands[key] = cards
        d = RookDeal.world(view, hands, nest, down)
        d.aside = aside
        d.won = [w[:] for w in self.won]
        return d


def sample_deal(view: RookView, rng: random.Random) -> RookDeal:
    """A full RookDeal consistent with `view` (auction, nest, trump or play phase): see
    Determinizer."""
    return Determinizer(view).sample(rng)


def auction_bounds(view: RookView) -> dict[int, tuple[int | None, int | None]]:
    """Per position: (the highest bid its seat made or None, the lowest bid it declined
    to make by passing or None), from the view's bids in order."""
    r = view.rules
    if not view.bids:
        return {}
    amounts = [a[1] for a in r.bids]  # every bid value, lowest first
    high = 0
    made: dict[int, int] = {}
    declined: dict[int, int] = {}
    for seat, amount in view.bids:
        if amount:
            made[seat] = max(made.get(seat, 0), amount)
            high = max(high, amount)
        else:
            nxt = [a for a in amounts if a > high]
            if nxt and seat not in declined:
                declined[seat] = nxt[0]
    out: dict[int, tuple[int | None, int | None]] = {}
    for pos, seat in enumerate(view.controllers):
        if seat < 0 or (r.dummy and pos == DUMMY):
            continue
        if seat in made or seat in declined:
            out[pos] = (made.get(seat), declined.get(seat))
    return out


def sample_world(view: RookView, k: Knowledge | None, rng: random.Random) -> RookDeal:
    """A full deal consistent with the view (the normal AI's name for it; `k` is not
    needed any more: the Determinizer knows it)."""
    return Determinizer(view).sample(rng)


__all__ = [
    "AFTER_AUCTION",
    "AUCTION_SLACK",
    "Determinizer",
    "Knowledge",
    "auction_bounds",
    "sample_deal",
    "sample_world",
]
