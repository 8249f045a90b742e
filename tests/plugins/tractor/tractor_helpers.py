"""Fixed deals for Tractor rule scenarios."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.cards import DECK, order_for

SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": -1}


def names(text: str) -> list[str]:
    return text.split()


def ids(text: str) -> tuple[int, ...]:
    """Card ids for names; a repeated name takes the second copy."""
    out: list[int] = []
    for n in names(text):
        out.append(next(i for i in DECK.ids(n) if i not in out))
    return tuple(sorted(out))


def fixed_deal(
    hands: Sequence[str], kitty: str = "", spades_to: int | None = 0
) -> dict[str, list[list[str]] | list[str]]:
    """Complete partial hands (and kitty) into the whole deck. Unnamed spades (not 2S,
    a trump at level 2) go to seat
    `spades_to` first (so the other seats hold exactly the spades named for them; the
    kitty takes any overflow), everything else unnamed fills the hands in seat order,
    then the kitty, in the deck's canonical order."""
    spec = [names(h) for h in hands] + [[] for _ in range(4 - len(hands))]
    kit = names(kitty)
    pool = Counter(DECK.names)
    for part in spec + [kit]:
        pool.subtract(part)
    if any(v < 0 for v in pool.values()):
        raise ValueError(f"cards named too often: {[k for k, v in pool.items() if v < 0]}")
    rest: list[str] = []
    for n in DECK.names:  # canonical order; each name as often as it is still unnamed
        if pool[n] > 0:
            rest.append(n)
            pool[n] -= 1
    if spades_to is not None:
        spades = [n for n in rest if n.endswith("S") and n != "2S"]
        room = 25 - len(spec[spades_to])
        spec[spades_to] = spec[spades_to] + spades[:room]
        overflow = spades[room:]
        kit = kit + overflow
        rest = [n for n in rest if not (n.endswith("S") and n != "2S")]
    out_hands = []
    for h in spec:
        need = 25 - len(h)
        out_hands.append(h + rest[:need])
        rest = rest[need:]
    kit = kit + rest[: 8 - len(kit)]
    return {"hands": out_hands, "kitty": kit}


def match_at_play(
    hands: Sequence[str],
    kitty: str = "",
    trump: str = "H",
    level: int = 2,
    dealer: int = 0,
    options: dict | None = None,
    spades_to: int | None = 0,
) -> Match:
    """A match in the play phase: `dealer` declares `trump` (a level card of that suit,
    or BJ BJ for NT, must be in its hand), the others pass, the dealer buries exactly the
    kitty it picked up, and leads."""
    m = Match(
        VARIANT,
        deal=fixed_deal(hands, kitty, spades_to=spades_to),
        dealer=dealer,
        carry={"levels": [level, level]},
        options=options,
    )
    lv = "23456789TJQKA"[level - 2]
    m.apply("declare BJ BJ" if trump == "NT" else f"declare {lv}{trump}")
    for _ in range(3):
        m.apply("pass")
    assert m.phase == "bury" and m.to_move == dealer
    m.apply("discard " + " ".join(DECK.names[c] for c in m.deal.kitty_taken()))
    assert m.phase == "play"
    return m


def order(level: int, trump: str):
    return order_for(level, SUIT_INDEX[trump])
