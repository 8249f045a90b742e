"""The view the table draws from, as a typed object.

`TableView` holds the keys every view has (design.md: seat, phase, to_move, hand,
hand_counts, trick, dealer, scores, plus the optional generic `acting`, `last_trick`
and `dummy`) as typed fields, checked for shape once (`crowsnest.client.view_shape`).
The game's own facts stay in the mapping (a TableView is a read-only Mapping of the
cleaned view) for the game's Presentation, which alone knows what they mean.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...view_shape import clean_view

Plays = tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Dummy:
    """An extra place at the table played by a seat (the view's `dummy`): its face-up
    card on each pile (None: pile empty), whether a card lies under it, its counts."""

    up: tuple[str | None, ...] = ()
    under: tuple[bool, ...] = ()
    count: int = 0
    down: int = 0
    controller: int = -1


def _plays(x: Any) -> Plays:
    return tuple((int(s), tuple(names)) for s, names in x) if isinstance(x, list) else ()


@dataclass(frozen=True, eq=False)
class TableView(Mapping[str, Any]):
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)
    seat: int = 0
    phase: str = ""
    to_move: int = -1
    acting: int = -1  # the place to act (a dummy's, while its controller plays for it)
    dealer: int = -1
    hand: tuple[str, ...] = ()
    hand_counts: tuple[int, ...] = ()
    trick: Plays = ()
    last_trick: Plays = ()
    last_trick_winner: int | None = None
    dummy: Dummy | None = None

    @classmethod
    def of(cls, raw: Any, known: Collection[str] | None = None) -> TableView:
        """A TableView of a view's JSON (cleaned when the deck's names are given)."""
        if isinstance(raw, TableView):
            return raw
        v = clean_view(raw, known) if known is not None else dict(raw or {})
        lt = v.get("last_trick")
        winner = v.get("last_trick_winner")
        if isinstance(lt, dict):  # {"leader", "cards": [[seat, names]], "winner"}
            winner = lt.get("winner", winner)
            lt = lt.get("cards")
        d = v.get("dummy")
        dummy = None
        if isinstance(d, dict):
            dummy = Dummy(
                tuple(d.get("up") or ()),
                tuple(bool(x) for x in d.get("under") or ()),
                int(d.get("count") or 0),
                d["down"] if isinstance(d.get("down"), int) else 0,
                d["controller"] if isinstance(d.get("controller"), int) else -1,
            )
        given = v.get("seat")
        seat = given if isinstance(given, int) else 0
        return cls(
            raw=v,
            seat=seat,
            phase=v["phase"] if isinstance(v.get("phase"), str) else "",
            to_move=v["to_move"] if isinstance(v.get("to_move"), int) else -1,
            acting=v["acting"] if isinstance(v.get("acting"), int) else seat,
            dealer=v["dealer"] if isinstance(v.get("dealer"), int) else -1,
            hand=tuple(v.get("hand") or ()),
            hand_counts=tuple(c for c in v.get("hand_counts") or () if isinstance(c, int)),
            trick=_plays(v.get("trick")),
            last_trick=_plays(lt),
            last_trick_winner=winner if isinstance(winner, int) else None,
            dummy=dummy,
        )

    def dummy_acting(self) -> bool:
        """The bottom seat plays the dummy's cards now."""
        return self.dummy is not None and self.acting != self.seat and self.to_move == self.seat

    # a read-only mapping of the cleaned view: the game's own facts for its presentation
    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.raw)

    def __len__(self) -> int:
        return len(self.raw)
