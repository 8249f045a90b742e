"""What one frame of the table shows: `TableFrame`, a frozen snapshot the table's state
builds once per drawn frame (`TableState.frame`) and the painter (paint.py) alone reads.
The painter holds no reference to the table: it gets this, the art to draw with and a
surface, so painting cannot change whose turn it is, the selection, the beats or
anything else the flow owns. The widgets it draws (the action panel, the toolbar) are
seen through `MenuFace`, which offers their buttons' places and `draw`, nothing to set."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
from crowsnest.engine import Deck

from ...layout import TableLayout
from ...widgets import TextCache
from .view import TableView

BarItem = tuple[str, Any, str]  # (words, colour, suit key whose glyph goes first, or "")
Plate = tuple[tuple[str, str], ...]  # a plate's words under the name: (kind, words)


class ButtonFace(Protocol):
    @property
    def rect(self) -> pygame.Rect: ...


class MenuFace(Protocol):
    """A menu as the painter sees it: where its buttons are, and how it draws itself."""

    @property
    def buttons(self) -> Sequence[ButtonFace]: ...

    def draw(
        self, surface: pygame.Surface, text: TextCache, size: int, show_focus: bool = True
    ) -> None: ...


@dataclass(frozen=True, slots=True)
class Flight:
    """A card where it is this frame: lying in the trick or flying (-1: a back)."""

    x: float
    y: float
    card: int
    seat: int = -1
    h: int = 0  # a played card's height; 0: the trick's


@dataclass(frozen=True, slots=True)
class ShelfRow:
    """Public cards in a row under the top bar, with their caption."""

    cards: tuple[str, ...]
    caption: str
    spaced: bool


@dataclass(frozen=True, slots=True)
class MiddleRow:
    """A layout game's row in the middle of the table."""

    cards: tuple[str, ...]
    caption: str
    start: int


@dataclass(frozen=True, slots=True)
class TableFrame:
    lay: TableLayout
    deck: Deck
    view: TableView
    seats: int  # the seats (a dummy's place comes after them)
    bottom: int
    to_move: int
    between: bool  # a deal just ended: the hands are put away
    dealing: Mapping[int, int] | None  # cards dealt so far to each seat, while dealing
    # the seats' plates
    names: Mapping[int, str]
    teams: Mapping[int, int | None]
    plates: Mapping[int, Plate]
    plate_scores: Mapping[int, str]  # individual scoring: each plate's running score
    calls: Mapping[int, str]
    dealer: int  # of the deal the bar describes (the finished one while its sheet is up)
    dealer_badge: bool
    leader: int
    # the middle
    shelf: tuple[ShelfRow, ...]
    middle: tuple[MiddleRow, ...]
    pile: int  # cards in the centre pile (0: none shown)
    pile_caption: str | None
    trick: tuple[Flight, ...]
    flying: tuple[Flight, ...]
    trick_winner: int | None
    # the bottom seat's hand
    hand_visible: bool
    my_turn: bool
    hand: tuple[int, ...]  # the cards it acts with (while its hand is visible)
    card_kind: str | None
    selected: frozenset[int]
    playable: frozenset[int]
    hint_cards: frozenset[int]
    fresh: frozenset[int]  # just picked up, marked while laying away
    arriving: frozenset[int]  # picked up and still flying in
    hover: int
    hand_focus: int
    zone: str
    # the top bar and the status line
    bar: tuple[BarItem, ...]
    bar_size: int
    toolbar: MenuFace
    panel: MenuFace
    panel_in_row: bool
    panel_title: str
    banner: str
    prompt: str
    reason: str
    selection_line: str  # what the selected cards form, where shown
    bid_line: str  # how to make the bid picked, where shown
