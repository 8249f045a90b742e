"""Tractor positions late in a real deal: each hand holds the cards a test names, every
other card was played in earlier tricks (or buried), so a seat's view proves what a
player counting cards would know. The deal is played by the engine (nothing invented):
the dealer declares and buries the named kitty, then filler tricks of single cards are
played from the cards not named, each trick led in a suit every other seat can follow
from its filler cards or holds none of (so no named card is ever forced out), until the
named cards are left and the named seat is on lead."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.cards import DECK
from tractor_helpers import SUIT_INDEX, names, order


def endgame(
    ends: Sequence[str],
    kitty: str,
    *,
    leader: int,
    dealer: int = 0,
    trump: str = "H",
    level: int = 2,
    trick: Sequence[str] = (),
    tries: int = 400,
) -> Match:
    """The match with `ends[s]` left in seat s's hand (all the same size), `leader` on
    lead, then the plays `trick` made."""
    ends_n = [names(e) for e in ends]
    kit = names(kitty)
    size = len(ends_n[0])
    assert all(len(e) == size for e in ends_n) and len(kit) == 8
    pool = Counter(DECK.names)
    for part in [*ends_n, kit]:
        pool.subtract(part)
    assert min(pool.values()) >= 0, "a card named more than twice"
    rest = sorted(pool.elements())
    tab = order(level, trump)
    es = [tab.esuit[DECK.ids(n)[0]] for n in DECK.names]
    suit_of = {n: es[DECK.names.index(n)] for n in DECK.names}
    declared = "BJ" if trump == "NT" else "23456789TJQKA"[level - 2] + trump
    for attempt in range(tries):
        rng = random.Random(attempt)
        cards = rest[:]
        rng.shuffle(cards)
        filler = [cards[i * (25 - size) : (i + 1) * (25 - size)] for i in range(4)]
        m = Match(
            VARIANT,
            deal={"hands": [ends_n[s] + filler[s] for s in range(4)], "kitty": kit},
            dealer=dealer,
            carry={"levels": [level, level]},
        )
        first = m.to_move
        if declared not in filler[first] or (trump == "NT" and filler[first].count("BJ") < 2):
            continue
        m.apply("declare BJ BJ" if trump == "NT" else f"declare {declared}")
        for _ in range(3):
            m.apply("pass")
        if m.phase != "bury" or m.to_move != dealer:
            continue
        m.apply("discard " + " ".join(DECK.names[c] for c in m.deal.kitty_taken()))
        if _fill(m, ends_n, suit_of, size, rng) and m.to_move == leader:
            for play in trick:
                m.apply(play)
            return m
    raise AssertionError("no filler play reached the position")


def _fill(m: Match, ends: list[list[str]], suit_of: dict, size: int, rng: random.Random) -> bool:
    while len(m.deal.hands[m.to_move]) > size:
        s = m.to_move
        held = [[DECK.names[c] for c in m.deal.hands[x]] for x in range(4)]
        free = []
        for x in range(4):
            f = Counter(held[x])
            f.subtract(ends[x])
            free.append(list(f.elements()))
        mine = free[s]
        if not m.deal.trick:
            # lead only a suit every other seat follows from its filler or holds none of
            options = [n for n in mine if _safe_lead(suit_of[n], s, free, held, suit_of)]
        else:
            led = suit_of[DECK.names[m.deal.trick[0][1][0]]]
            options = [n for n in mine if suit_of[n] == led]
            if not options:
                if any(suit_of[n] == led for n in held[s]):
                    return False  # only a named card follows: this filler play fails
                options = mine
        if not options:
            return False
        m.apply("play " + rng.choice(options))
    return True


def _safe_lead(
    suit: int, s: int, free: list[list[str]], held: list[list[str]], suit_of: dict
) -> bool:
    return all(
        any(suit_of[c] == suit for c in free[x]) or all(suit_of[c] != suit for c in held[x])
        for x in range(4)
        if x != s
    )


__all__ = ["SUIT_INDEX", "endgame"]
