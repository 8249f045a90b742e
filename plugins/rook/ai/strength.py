"""How strong a Rook hand is, the bidding estimate that the AIs bid by and that the
hidden-hand dealer (worlds.py) reads the auction with: its own module so that neither of
those imports the other."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import RookRules


def trump_features(r: RookRules, hand: Sequence[int], t: int) -> tuple[float, ...]:
    """Features of `hand` with trump colour t, scaled by hand size (so presets compare):
    trump length, top trumps, off-suit top cards, void/short off suits, counters held."""
    tb = tables(r)
    return _features(tb, tb.mask(hand), t, tb.points(hand))


class SuitTables:
    """Per rules, per trump: each card's effective suit and its place from the top of
    that suit (0: the suit's top card, 1: the next, 2: any other), and the same facts
    as bit masks of card ids, so a hand's features are a few mask operations: the
    auction reader measures thousands of sampled hands per decision."""

    __slots__ = ("eff", "place", "suit", "first", "second", "top4", "scale", "counters", "worth")

    def __init__(self, r: RookRules) -> None:
        n = len(r.deck)
        self.eff: list[tuple[int, ...]] = []
        self.place: list[tuple[int, ...]] = []
        self.suit: list[tuple[int, ...]] = []  # per trump, per effective suit: its cards
        self.first: list[tuple[int, ...]] = []  # ... the suit's top card
        self.second: list[tuple[int, ...]] = []  # ... its second card
        self.top4: list[int] = []  # per trump: the four strongest trumps
        for t in range(4):
            place = [2] * n
            suit, first, second = [0] * 5, [0] * 5, [0] * 5
            for s in range(5):
                cards = r_suit_cards(r, t, s)
                for c in cards:
                    suit[s] |= 1 << c
                if cards:
                    place[cards[-1]] = 0
                    first[s] = 1 << cards[-1]
                if len(cards) >= 2:
                    place[cards[-2]] = 1
                    second[s] = 1 << cards[-2]
            self.eff.append(r.orders[t].eff_suit)
            self.place.append(tuple(place))
            self.suit.append(tuple(suit))
            self.first.append(tuple(first))
            self.second.append(tuple(second))
            self.top4.append(sum(1 << c for c in r_trump_cards(r, t)[-4:]))
        self.scale = 9.0 / max(1, r.hand_size)
        self.counters = max(1, r.counter_total)
        by_value: dict[int, int] = {}
        for c in range(n):
            if r.points[c]:
                by_value[r.points[c]] = by_value.get(r.points[c], 0) | 1 << c
        self.worth = tuple(by_value.items())  # (points, mask of the cards worth them)

    @staticmethod
    def mask(hand: Sequence[int]) -> int:
        m = 0
        for c in hand:
            m |= 1 << c
        return m

    def points(self, hand: Sequence[int]) -> int:
        m = self.mask(hand)
        return sum(v * (m & cards).bit_count() for v, cards in self.worth)


_CACHE_TABLES: dict[int, tuple[RookRules, SuitTables]] = {}


def tables(r: RookRules) -> SuitTables:
    got = _CACHE_TABLES.get(id(r))
    if got is None or got[0] is not r:
        got = (r, SuitTables(r))
        _CACHE_TABLES[id(r)] = got
    return got[1]


def _features(tb: SuitTables, hand: int, t: int, points: int) -> tuple[float, ...]:
    """trump_features of the hand given as a mask, its counters' points known."""
    suit = tb.suit[t]
    first = tb.first[t]
    second = tb.second[t]
    bosses = 0.0
    short = 0.0
    for s in range(4):
        if s == t:
            continue
        k = (hand & suit[s]).bit_count()
        if not k:
            short += 1.0
            continue
        if k == 1:
            short += 0.5
        if hand & first[s]:
            bosses += 1
            if hand & second[s]:
                bosses += 0.7
        elif k >= 2 and hand & second[s]:
            bosses += 0.4
    scale = tb.scale
    pts = points / tb.counters
    trumps = (hand & suit[t]).bit_count()
    top = (hand & tb.top4[t]).bit_count()
    return (1.0, trumps * scale, top, bosses * scale, short, pts * 4)


_SUIT_CACHE: dict[tuple[int, int, int], tuple[int, ...]] = {}


def r_trump_cards(r: RookRules, t: int) -> tuple[int, ...]:
    """Every trump card for trump t, weakest first."""
    return r_suit_cards(r, t, t)


def r_suit_cards(r: RookRules, t: int, s: int) -> tuple[int, ...]:
    """Every card of effective suit s when t is trump, weakest first."""
    key = (id(r), t, s)
    got = _SUIT_CACHE.get(key)
    if got is None:
        order = r.orders[t]
        got = tuple(
            sorted(
                (c for c in range(len(r.deck)) if order.eff_suit[c] == s),
                key=lambda c: order.strength[c],
            )
        )
        _SUIT_CACHE[key] = got
    return got


# Expected share of the points in play for the declarer's side, linear in the features
# (constant, trumps, top trumps, bosses, short suits, counters). "easy" uses one rough
# set; "normal" uses per-preset fits (tools: see docs/rules-decisions.md, Rook AIs).
EASY_COEF = (0.2, 0.06, 0.05, 0.04, 0.03, 0.02)
NORMAL_COEF: dict[str, tuple[float, ...]] = {
    # least-squares fits of the declarer side's share against the bid-time features,
    # 600 deals per preset with normal play (see docs/rules-decisions.md)
    "crowsnest": (0.5134, 0.0233, 0.0162, 0.0154, 0.0493, 0.0717),
    "kentucky": (0.4368, 0.0245, 0.0272, 0.0098, 0.0535, 0.1109),
    "partnership": (0.2153, 0.0443, 0.0520, 0.1216, 0.0794, 0.0301),
    "one-high": (0.1446, 0.0498, 0.0507, 0.0628, 0.1041, 0.0980),
    "red-one": (0.4680, 0.0278, 0.0164, -0.0102, 0.0072, 0.1310),
    "buckeye": (0.4484, 0.0205, 0.0186, -0.0042, 0.0345, 0.1326),
    "individual2": (0.0634, 0.0685, 0.0146, 0.0800, 0.0611, 0.1141),
    "individual3": (0.1792, 0.0611, 0.0219, 0.0996, 0.0831, 0.0646),
    "individual5": (0.2554, 0.0292, 0.0548, 0.0659, 0.0635, 0.0896),
    "individual6": (-0.0626, 0.0758, 0.0665, 0.0637, 0.0450, 0.0151),
}


def expected_share(r: RookRules, hand: Sequence[int], t: int, coef: Sequence[float]) -> float:
    f = trump_features(r, hand, t)
    return sum(a * b for a, b in zip(coef, f, strict=True))


def best_trump(r: RookRules, hand: Sequence[int], coef: Sequence[float]) -> tuple[int, float]:
    tb = tables(r)
    mask = tb.mask(hand)
    points = sum(v * (mask & cards).bit_count() for v, cards in tb.worth)
    c0, c1, c2, c3, c4, c5 = coef
    best_t, best_v = 0, -1e9
    for t in range(4):
        f0, f1, f2, f3, f4, f5 = _features(tb, mask, t, points)
        # expected_share's sum, term by term in the same order (the same float)
        v = 0 + c0 * f0 + c1 * f1 + c2 * f2 + c3 * f3 + c4 * f4 + c5 * f5
        if v > best_v:
            best_t, best_v = t, v
    return best_t, best_v


def hand_points(r: RookRules, hand: Sequence[int]) -> float:
    """The normal AI's bidding estimate of a hand: the expected points of the declarer's
    side with the best trump (the per-preset fit), before any margin."""
    return best_trump(r, hand, NORMAL_COEF.get(r.preset, EASY_COEF))[1] * r.points_in_play
