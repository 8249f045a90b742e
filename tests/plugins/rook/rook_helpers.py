"""Fixed deals and drivers for Rook-family rule scenarios."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from crowsnest.engine import Match
from crowsnest_games.rook import VARIANTS
from crowsnest_games.rook.deal import DUMMY, RookDeal
from crowsnest_games.rook.rules import rules_for


def variant(vid: str = "crowsnest"):
    return VARIANTS[vid]


def fixed_deal(
    vid: str,
    hands: Sequence[str],
    nest: str = "",
    options: Mapping[str, Any] | None = None,
    seats: int | None = None,
    dummy: str = "",
) -> dict[str, list]:
    """Complete partial hands (space-separated names) into the whole deck: unnamed cards
    fill the hands in seat order, then the dummy, the nest and the set-aside cards, in
    the deck's canonical order."""
    v = VARIANTS[vid]
    seats = seats or v.default_seats
    opts = v.resolve_options(options)
    r = rules_for(_preset(vid), opts, seats)
    spec = [h.split() for h in hands] + [[] for _ in range(seats - len(hands))]
    nest_l = nest.split()
    dummy_l = dummy.split()
    pool = Counter(r.deck.names)
    for part in [*spec, nest_l, dummy_l]:
        pool.subtract(part)
    if any(n < 0 for n in pool.values()):
        raise ValueError(f"a card is named twice or is not in the deck: {+pool - pool}")
    rest = [n for n in r.deck.names if pool[n] > 0]
    for n in rest:
        pool[n] -= 1

    def fill(lst: list[str], size: int) -> list[str]:
        while len(lst) < size:
            lst.append(rest.pop(0))
        return lst

    out: dict[str, list] = {"hands": [fill(h, r.hand_size) for h in spec]}
    if r.dummy:
        out["dummy"] = fill(dummy_l, r.hand_size)
    if r.nest_size:
        out["nest"] = fill(nest_l, r.nest_size)
    if r.aside:
        out["aside"] = fill([], r.aside)
    assert not rest, rest
    return out


def _preset(vid: str):
    from crowsnest_games.rook.variant import PRESETS

    return next(p for p in PRESETS if p.id == vid)


def fixed_match(
    vid: str,
    hands: Sequence[str],
    nest: str = "",
    dealer: int = 3,
    options: Mapping[str, Any] | None = None,
    seats: int | None = None,
    dummy: str = "",
    seed: int = 1,
) -> Match:
    deal = fixed_deal(vid, hands, nest, options, seats, dummy)
    return Match(VARIANTS[vid], seed=seed, seats=seats, options=options, dealer=dealer, deal=deal)


def drive(m: Match, actions: Sequence[str]) -> list[dict]:
    """Apply actions in notation; return all events."""
    events: list[dict] = []
    for a in actions:
        events.extend(m.apply(a))
    return events


def finish_deal(m: Match, level: str = "first") -> list[dict]:
    """Play the current deal to its end: 'first' takes the first legal action in
    notation order (deterministic); otherwise an AI level plays every seat."""
    events: list[dict] = []
    start = m.deal
    rng = random.Random(0)
    ais = None
    if level != "first":
        ais = [m.variant.ais[level](m.variant, m.options, m.seats) for _ in range(m.seats)]
    while m.deal is start and not m.over:
        if ais is None:
            if m.deal.legal_complete():
                action = m.legal_strings()[0]
            else:
                action = m.deal.format_action(m.legal_actions()[0])
            events.extend(m.apply(action))
        else:
            s = m.to_move
            a = ais[s].choose(m.view(s), m.legal_actions() if m.deal.legal_complete() else [], rng)
            events.extend(m.apply(a))
    return events


def of_type(events: Sequence[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def play_ai_match(
    vid: str,
    seed: int,
    level: str = "easy",
    seats: int | None = None,
    options=None,
    max_deals: int = 400,
):
    """A whole AI match; yields (match, action, events) after every action."""
    v = VARIANTS[vid]
    m = Match(v, seed=seed, seats=seats, options=options)
    ais = [v.ais[level](v, m.options, m.seats) for _ in range(m.seats)]
    rng = random.Random(seed)
    while not m.over and m.deal_no < max_deals:
        s = m.to_move
        a = ais[s].choose(m.view(s), m.legal_actions() if m.deal.legal_complete() else [], rng)
        assert m.check(a) is None, (m.deal.format_action(a), m.check(a))
        ev = m.apply(a)
        yield m, a, ev


def hidden_shuffle(d: RookDeal, seat: int, rng: random.Random) -> RookDeal:
    """A copy of the deal with every card `seat` cannot see shuffled among the places
    it cannot see (sizes kept)."""
    c = d.clone()
    r = d.r
    places: list[list[int]] = []
    for p in range(r.positions):
        if p == seat or (r.dummy and p == DUMMY):
            continue
        places.append(c.hands[p])
    nest_known = c.phase == "over" or (seat == c.declarer and bool(c.nest_taken))
    if not nest_known:
        places.append(c.nest)
    c.aside = list(c.aside)
    places.append(c.aside)
    pool = [x for pl in places for x in pl]
    down = [x for x in c.dummy_down if x >= 0]
    pool += down
    rng.shuffle(pool)
    for pl in places:
        n = len(pl)
        pl[:] = pool[:n]
        del pool[:n]
    for i, x in enumerate(c.dummy_down):
        if x >= 0:
            c.dummy_down[i] = pool.pop()
    assert not pool
    return c
