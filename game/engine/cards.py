"""Cards are small ints: an index into the variant's Deck. Names are for people and the
protocol; ints are for the hot paths (legal moves, AI search)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Card = int


@dataclass(frozen=True, slots=True)
class Deck:
    """One variant's pack, in canonical order (the order actions print their cards in).

    names:  notation token of each card id (design.md 5). Tokens may repeat (Tractor's two
            packs); the ids tell the copies apart.
    points: counter value of each card id.
    ranks / suits: display labels the client uses to draw a face when a plugin ships no
            sprite: rank text ("5", "14", "K", "BIRD") and suit key ("B","G","R","Y",
            "S","H","D","C", "J" for jokers, "*" for a bird).
    """

    names: tuple[str, ...]
    points: tuple[int, ...]
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    # read-only: a Deck reaches AIs through views and is shared by every match
    _by_name: Mapping[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        if not (len(self.points) == len(self.ranks) == len(self.suits) == n):
            raise ValueError("Deck: names, points, ranks and suits must have equal lengths")
        by: dict[str, list[int]] = {}
        for i, name in enumerate(self.names):
            by.setdefault(name, []).append(i)
        table = MappingProxyType({k: tuple(v) for k, v in by.items()})
        object.__setattr__(self, "_by_name", table)

    def __len__(self) -> int:
        return len(self.names)

    @property
    def total_points(self) -> int:
        return sum(self.points)

    def ids(self, name: str) -> tuple[int, ...]:
        """Every card id carrying this token (empty if the token is not in the deck)."""
        return self._by_name.get(name, ())

    def name(self, card: Card) -> str:
        return self.names[card]

    def names_of(self, cards: list[Card] | tuple[Card, ...]) -> list[str]:
        names = self.names
        return [names[c] for c in sorted(cards)]
