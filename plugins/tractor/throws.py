"""Throws (house rule, option `throws`, off by default): a lead of several units
(singles, pairs, tractors) of one effective suit, played at once.

Decisions (docs/rules-tractor.md):
- A throw is split into units greedily: longest tractors first, then pairs, then singles.
- It stands only if no other player could beat any of its units with a unit of the same
  shape in that suit. Otherwise it fails: the thrower plays only the weakest beatable
  unit (singles before pairs before tractors, then the lowest), the rest go back to the
  hand, and everyone is told (event "throw_failed").
- Following: the usual rules with the throw's total size and total pairs.
- Only a trump play void of the led suit that splits into the same units can beat a
  throw; two such plays compare by the top of their largest unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, cast

from crowsnest.i18n import _

from .cards import TRUMP
from .rules import Shape, pair_lows, shape_of, tractors


class ThrowTable(Protocol):
    """What judging a throw reads of a deal: the effective suit and position of every
    card under the trump order, and the hands. (A protocol, so this module needs no
    import of deal.py, which imports it.)"""

    # read-only (properties), so a deal's tuples and lists of lists match
    @property
    def es(self) -> Sequence[int]: ...
    @property
    def ps(self) -> Sequence[int]: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...


def units_of(cards: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> list[tuple[int, ...]]:
    """Greedy split into units, largest first."""
    rest = sorted(cards)
    out: list[tuple[int, ...]] = []
    while True:
        ts = tractors(rest, es, ps)
        if not ts:
            break
        best = max(ts, key=lambda t: (len(t), ps[t[0]]))
        out.append(best)
        rest = [c for c in rest if c not in best]
    for low in pair_lows(rest):
        out.append((low, low | 1))
    taken = {c for u in out for c in u}
    out.extend((c,) for c in rest if c not in taken)
    return out


def _top(unit: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> int:
    shape = shape_of(unit, es, ps)
    return shape[3] if shape else -1


def throw_reason(cards: Sequence[int], es: Sequence[int], ps: Sequence[int]) -> str | None:
    s = es[cards[0]]
    if any(es[c] != s for c in cards):
        return _("a throw must be all in one suit (trumps count as one suit)")
    return None


def _beatable(unit: tuple[int, ...], deal: ThrowTable, seat: int) -> bool:
    es, ps = deal.es, deal.ps
    shape = shape_of(unit, es, ps)
    assert shape is not None
    s, n, _, top = shape
    for other in range(4):
        if other == seat:
            continue
        hand = deal.hands[other]
        if n == 1:
            if any(es[c] == s and ps[c] > top for c in hand):
                return True
        elif n == 2:
            if any(es[c] == s and ps[c] > top for c in pair_lows(hand)):
                return True
        elif any(
            len(t) == n and es[t[0]] == s and _top(t, es, ps) > top for t in tractors(hand, es, ps)
        ):
            return True
    return False


def resolve_throw(
    deal: ThrowTable, seat: int, cards: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[Shape, ...], bool]:
    """(cards actually led, units' shapes or () when a single unit is led, failed)."""
    es, ps = deal.es, deal.ps
    units = units_of(cards, es, ps)
    weak = [u for u in units if _beatable(u, deal, seat)]
    if weak:
        u = min(weak, key=lambda u: (len(u), _top(u, es, ps)))
        return tuple(sorted(u)), (), True
    return cards, unit_shapes(units, es, ps), False


def unit_shapes(
    units: Iterable[Sequence[int]], es: Sequence[int], ps: Sequence[int]
) -> tuple[Shape, ...]:
    """A throw's units' shapes, the longest first, then the highest (the order
    throw_beats and throw_shape read them in)."""
    # every unit (a tractor, a pair or a single) has a shape: never None
    shapes = cast("list[Shape]", [shape_of(u, es, ps) for u in units])
    return tuple(sorted(shapes, key=lambda sh: (-sh[1], -sh[3])))


def throw_shape(cards: Sequence[int], units: tuple[Shape, ...], es: Sequence[int]) -> Shape:
    """Summary shape of a throw: (suit, size, total pairs, top of its largest unit)."""
    if not units:
        raise ValueError("not a throw")
    return (es[cards[0]], len(cards), sum(u[2] for u in units), units[0][3])


def throw_beats(
    cards: Sequence[int],
    units: tuple[Shape, ...],
    best: Shape,
    es: Sequence[int],
    ps: Sequence[int],
) -> bool:
    """Does a follow beat the best play so far of a standing throw?"""
    if units[0][0] == TRUMP or any(es[c] != TRUMP for c in cards):
        return False  # a standing throw is unbeatable in its own suit; only trumps can win
    mine = units_of(cards, es, ps)
    want = sorted((u[1] for u in units), reverse=True)
    if sorted((len(u) for u in mine), reverse=True) != want:
        return False
    top = max(_top(u, es, ps) for u in mine if len(u) == want[0])
    return best[0] != TRUMP or top > best[3]
