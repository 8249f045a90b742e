"""Fixed Dou Dizhu deals for rule scenarios.

`deal(h0, h1, h2, bottom)` takes hands as space-separated card names; a hand or bottom
given short (or left out) is filled up from the cards nobody named, in deck order, so a
scenario names only the cards it is about.
"""

from __future__ import annotations

from typing import Any

from crowsnest.engine import Match
from crowsnest_games.doudizhu import VARIANT
from crowsnest_games.doudizhu.cards import NAMES


def deal(
    h0: str | None = None, h1: str | None = None, h2: str | None = None, bottom: str | None = None
) -> dict[str, Any]:
    given = [h0, h1, h2, bottom]
    sizes = [17, 17, 17, 3]
    named = [g.split() if g is not None else None for g in given]
    used = [c for g in named if g for c in g]
    assert len(used) == len(set(used)), "a card is named twice"
    rest = [n for n in NAMES if n not in used]
    piles = []
    for g, size in zip(named, sizes, strict=True):
        g = list(g or [])
        assert len(g) <= size, f"{len(g)} cards where {size} fit"
        fill, rest = rest[: size - len(g)], rest[size - len(g) :]
        piles.append(g + fill)
    return {"hands": piles[:3], "bottom": piles[3]}


def match(*hands: str | None, bottom: str | None = None, first: int = 0, **kw: Any) -> Match:
    return Match(
        VARIANT, seed=kw.pop("seed", 1), deal=deal(*hands, bottom=bottom), first=first, **kw
    )


def landlord_match(
    *hands: str | None, bottom: str | None = None, landlord: int = 0, bid: int = 3, **kw: Any
) -> Match:
    """A match already in play: `landlord` won the auction at `bid` (others passed)."""
    m = match(*hands, bottom=bottom, first=landlord, **kw)
    m.apply(f"bid {bid}")
    while m.phase == "bid":
        m.apply("pass")
    assert m.deal.landlord == landlord
    return m


def hand_names(m: Match, seat: int) -> list[str]:
    return m.state()["hands"][seat]
