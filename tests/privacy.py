"""What a reader (a seat, or None: a spectator) may see, for the tests of views and events
that an online table sends (tests/engine/test_public_view.py, test_view_invariance.py).

"Hidden from a reader" is worked out here from the deal's full state (`where`: every
card's pile), the seats' views and the game's announcements, never from one view under
test alone. Since the deal began, a card is known to the public once it has lain in a
face-up pile of `where` (PUBLIC_PILES: the trick on the table, Oh Hell's turn-up, the
dummy's face-up cards, Dou Dizhu's played cards), or once the game has both announced it
in an (omniscient) event and shown it in every seat's view at the same moment (the last
card of a trick, a declaration, Dou Dizhu's bottom, a kitty turned up, the nest at the
end); it is known to a seat once it is known to the public or has been in that seat's
hand (`where`'s "handN": its own cards, a nest or kitty it picked up and what it buried
from them). Every other card is hidden from that reader. A leak must then be two
matching mistakes (a view and an event) to go unseen.
"""

from __future__ import annotations

import operator
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import reduce
from pathlib import Path
from typing import Any

import toyvariant
from crowsnest.engine import Match
from crowsnest.testing import registry_with

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = (
    ROOT / "examples" / "ohhell" / "crowsnest_ohhell",
    ROOT / "examples" / "dropin" / "crowsnest_sevens.py",
    ROOT / "examples" / "dropin" / "crowsnest_house_rules.py",
)


def every_variant() -> dict[str, Any]:
    """The toy, every registered game and the examples (loaded as drop-ins)."""
    return {"toy": toyvariant.TOY, **registry_with(*EXAMPLES).variants}


def card_counts(value: Any, names: frozenset[str]) -> Counter[str]:
    """How often each card name occurs anywhere in a JSON value (keys included)."""
    out: Counter[str] = Counter()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            if v in names:
                out[v] += 1
        elif isinstance(v, Mapping):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, list | tuple):
            for x in v:
                walk(x)

    walk(value)
    return out


def reader_json(m: Match, reader: int | None) -> dict[str, Any] | None:
    return m.public_view_json() if reader is None else m.view_json(reader)


def deal_view_json(deal: Any, reader: int | None) -> dict[str, Any] | None:
    """A bare Deal's view (no match block) for `reader`."""
    v = deal.public_view() if reader is None else deal.view(reader)
    return None if v is None else v.to_json()


def where_counts(deal: Any) -> Counter[str]:
    return Counter(c for pile in deal.full_state()["where"].values() for c in pile)


PUBLIC_PILES = frozenset({"table", "turnup", "dummy_up", "played"})


class Knowledge:
    """What each reader (None: the public; 0..n-1: a seat) has been able to see of the deal
    in progress: call look(deal) at its start and look(deal, events) after every action
    (the events apply returned)."""

    def __init__(self, seats: int, names: frozenset[str]) -> None:
        self.seats = seats
        self.names = names
        self.announced: Counter[str] = Counter()
        self.known: dict[int | None, Counter[str]] = {r: Counter() for r in (None, *range(seats))}

    def look(self, deal: Any, events: Sequence[Any] = ()) -> None:
        views = [card_counts(deal.view(s).to_json(), self.names) for s in range(self.seats)]
        self.announced |= card_counts(list(events), self.names)
        where = deal.full_state()["where"]
        placed = Counter(c for k, pile in where.items() if k in PUBLIC_PILES for c in pile)
        self.known[None] |= placed | (reduce(operator.and_, views) & self.announced)
        for s in range(self.seats):
            self.known[s] |= self.known[None] | Counter(where.get(f"hand{s}", ()))

    def hidden(self, reader: int | None) -> list[str]:
        """The card names no copy of which the reader has seen."""
        return sorted(c for c in self.names if not self.known[reader][c])


def leaked(named: Counter[str], where: Counter[str], seen: Counter[str]) -> dict[str, int]:
    """The cards `named` (by an event) more often than the reader has seen them (`seen`:
    Knowledge.known[reader]; `where`: the copies in the deal)."""
    return {c: k for c, k in named.items() if k > min(seen[c], where[c])}


def first_deal_names(m: Match) -> dict[str, Any]:
    """The fresh match's first deal as card names, pile by pile (a fixed deal for Match)."""
    names = m.deck.names
    out: dict[str, Any] = {}
    for k, v in m.setup.piles.items():
        out[k] = [[names[c] for c in h] for h in v] if k == "hands" else [names[c] for c in v]
    return out


def permute_names(
    piles: Mapping[str, Any], hidden: Sequence[str], rng: random.Random
) -> tuple[dict[str, Any], dict[str, str]]:
    """The deal with the `hidden` card names permuted among themselves (every copy of a
    name moves with it, so two-pack games stay a deck), and the permutation."""
    order = sorted(hidden)
    image = order[:]
    rng.shuffle(image)
    pi = dict(zip(order, image, strict=True))
    out: dict[str, Any] = {}
    for k, v in piles.items():
        if k == "hands":
            out[k] = [[pi.get(c, c) for c in h] for h in v]
        else:
            out[k] = [pi.get(c, c) for c in v]
    return out, pi


def mapped(text: str, pi: Mapping[str, str]) -> str:
    """An action in notation with its card tokens renamed by `pi`."""
    return " ".join(pi.get(tok, tok) for tok in text.split())
