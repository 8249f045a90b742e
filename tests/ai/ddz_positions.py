"""Dou Dizhu positions late in a deal, for scripted AI tests.

`position(hands, landlord=, leader=)` gives a Match in play where seat s holds exactly
`hands[s]` (card names) and `leader` is to lead; every card not named is already out.
The deal before it is made up: the named cards plus the cards out are dealt (the
landlord's 20 with the bottom), the landlord bids 3, and the cards out are played in a
legal history found by a seeded random search (each seat plays only its cards that are
out, the others pass), ending with `leader` on lead. So the AIs see a real view, whose
history agrees with the hands, and hard's worlds replay it as they would in play.
`then` applies further actions from there (a lead to answer).
"""

from __future__ import annotations

import random
from functools import lru_cache

from crowsnest.engine import Match
from crowsnest_games.doudizhu import VARIANT
from crowsnest_games.doudizhu.cards import NAMES, RANK_OF

IDS = {n: i for i, n in enumerate(NAMES)}


def _counts(cards: list[int]) -> list[int]:
    c = [0] * 15
    for x in cards:
        c[RANK_OF[x]] += 1
    return c


def _take(move: tuple[int, ...], pool: list[int]) -> list[int]:
    """Concrete cards of `pool` for a rank move (lowest ids first)."""
    out = []
    left = sorted(pool)
    for r in move:
        card = next(x for x in left if RANK_OF[x] == r)
        left.remove(card)
        out.append(card)
    return out


def _history(dumps: list[list[int]], landlord: int, leader: int, rng: random.Random):
    """A legal sequence of (seat, cards) that empties every dump and leaves `leader` to
    lead, or None. Each seat in turn leads its cards out as singles (the others pass)
    and hands the lead on with its lowest card, which the next seat of the plan beats
    with a higher single of its own."""
    others = [s for s in (1, 2, 0) if s not in (landlord, leader) and dumps[s]]
    plan = [landlord, *others]
    if leader != landlord or len(plan) > 1:
        plan.append(leader)
    left = [sorted(d, key=lambda x: (RANK_OF[x], x)) for d in dumps]
    out: list[tuple[int, tuple[int, ...]]] = []
    seat = landlord

    def to(s: int) -> None:
        nonlocal seat
        while seat != s:
            out.append((seat, ()))
            seat = (seat + 1) % 3

    for i, s in enumerate(plan):
        last = i == len(plan) - 1
        mine = left[s]
        if not last:
            if not mine:
                return None
            hand_over = mine.pop(0)
        # A seat that takes the lead again later keeps its highest card to take it with.
        kept = [mine.pop()] if s in plan[i + 1 :] and mine else []
        rng.shuffle(mine)
        for x in mine:  # each led alone, the others pass
            out.append((s, (x,)))
            seat = (s + 1) % 3
            to(s)
        mine[:] = kept
        if last:
            return out
        out.append((s, (hand_over,)))
        seat = (s + 1) % 3
        nxt = plan[i + 1]
        higher = [x for x in left[nxt] if RANK_OF[x] > RANK_OF[hand_over]]
        if not higher or (len(left[nxt]) == 1 and i + 1 < len(plan) - 1):
            return None
        to(nxt)
        beat = higher[0]
        left[nxt].remove(beat)
        out.append((nxt, (beat,)))
        seat = (nxt + 1) % 3
        to(nxt)
    return out


@lru_cache(maxsize=64)
def _made(hands: tuple[str, str, str], landlord: int, leader: int, seed: int):
    now = [[IDS[n] for n in h.split()] for h in hands]
    named = [x for h in now for x in h]
    assert len(named) == len(set(named)), "a card is named twice"
    rest = [i for i in range(54) if i not in set(named)]
    sizes = [20 - len(now[s]) if s == landlord else 17 - len(now[s]) for s in range(3)]
    assert sum(sizes) == len(rest) and min(sizes) >= 0, "the hands do not fit a deal"
    rng = random.Random(seed)
    for _ in range(2000):
        rng.shuffle(rest)
        dumps, at = [], 0
        for k in sizes:
            dumps.append(rest[at : at + k])
            at += k
        hist = _history(dumps, landlord, leader, rng)
        if hist is not None:
            return now, dumps, hist
    raise AssertionError("no history found for this position")


def position(
    hands: tuple[str, str, str],
    landlord: int = 0,
    leader: int = 0,
    then: tuple[str, ...] = (),
    seed: int = 0,
) -> Match:
    now, dumps, hist = _made(tuple(hands), landlord, leader, seed)
    dealt = [now[s] + dumps[s] for s in range(3)]
    bottom = sorted(dealt[landlord])[:3]
    dealt[landlord] = [x for x in dealt[landlord] if x not in bottom]
    deal = {
        "hands": [[NAMES[x] for x in h] for h in dealt],
        "bottom": [NAMES[x] for x in bottom],
    }
    m = Match(VARIANT, seed=1, deal=deal, first=landlord)
    m.apply("bid 3")
    for seat, cards in hist:
        assert m.to_move == seat
        m.apply("pass" if not cards else "play " + " ".join(NAMES[x] for x in cards))
    for a in then:
        m.apply(a)
    for s in range(3):
        want = sorted(IDS[n] for n in hands[s].split())
        assert sorted(m.deal.hand_of(s)) == want or then, (s, m.deal.hand_of(s))
    return m
