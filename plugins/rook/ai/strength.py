"""How strong a Rook hand is, the bidding estimate that the AIs bid by and that the
hidden-hand dealer (worlds.py) reads the auction with: its own module so that neither of
those imports the other."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import RookRules


def trump_features(r: RookRules, hand: Sequence[int], t: int) -> tuple[float, ...]:
    """Features of `hand` with trump colour t, scaled by hand size (so presets compare):
    trump length, top trumps, off-suit top cards, void/short off suits, counters held."""
    order = r.orders[t]
    eff = order.eff_suit
    st = order.strength
    n = max(1, r.hand_size)
    trumps = [c for c in hand if eff[c] == t]
    # top trumps: held trumps among the 4 strongest trumps of the deck
    all_trumps = r_trump_cards(r, t)
    top4 = set(all_trumps[-4:])
    top = sum(1 for c in trumps if c in top4)
    bosses = 0.0
    short = 0.0
    for s in range(4):
        if s == t:
            continue
        cards = sorted((c for c in hand if eff[c] == s), key=lambda c: st[c])
        if not cards:
            short += 1.0
            continue
        if len(cards) == 1:
            short += 0.5
        suit_all = r_suit_cards(r, t, s)
        if cards[-1] == suit_all[-1]:
            bosses += 1
            if len(cards) >= 2 and cards[-2] == suit_all[-2]:
                bosses += 0.7
        elif len(cards) >= 2 and cards[-1] == suit_all[-2]:
            bosses += 0.4
    pts = sum(r.points[c] for c in hand) / max(1, r.counter_total)
    scale = 9.0 / n
    return (1.0, len(trumps) * scale, top, bosses * scale, short, pts * 4)


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
    best_t, best_v = 0, -1e9
    for t in range(4):
        v = expected_share(r, hand, t, coef)
        if v > best_v:
            best_t, best_v = t, v
    return best_t, best_v


def hand_points(r: RookRules, hand: Sequence[int]) -> float:
    """The normal AI's bidding estimate of a hand: the expected points of the declarer's
    side with the best trump (the per-preset fit), before any margin."""
    return best_trump(r, hand, NORMAL_COEF.get(r.preset, EASY_COEF))[1] * r.points_in_play
