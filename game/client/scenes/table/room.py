"""What the table's rooms share besides the state: the card sprites they move and draw,
and a text metric."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from crowsnest.engine import Deck


class CardSprite:
    __slots__ = ("x", "y", "card", "small", "seat", "h")

    def __init__(
        self, x: float, y: float, card: int, small: bool = False, seat: int = -1, h: int = 0
    ) -> None:
        self.x, self.y, self.card, self.small, self.seat = x, y, card, small, seat
        self.h = h  # a played card's height (a big play's cards are smaller); 0: the trick's


Origins = dict[int, tuple[float, float]]  # where each seat's just-played cards flew from


def line_height(font: pygame.font.Font) -> int:
    """The step between lines of a font: a line with accented capitals and descenders
    (Ä, Å, É, ç) renders taller than the font's line size, and lines must not overlap."""
    return max(font.get_linesize(), font.size("ÅÉÄgjç")[1])


def card_ids(deck: Deck, names: Sequence[str | None]) -> list[int]:
    """Card ids for names (repeated tokens get distinct ids); unknown names dropped."""
    used: set[int] = set()
    out = []
    for n in names:
        if not isinstance(n, str) or not deck.ids(n):
            continue  # not a card of this deck (a plugin's event of another shape)
        c = next((i for i in deck.ids(n) if i not in used), deck.ids(n)[0])
        used.add(c)
        out.append(c)
    return out


def portrait_side(ui: Callable[[float], int], plate_h: int) -> int:
    """A portrait's size on a plate `plate_h` tall (0: too small to show one)."""
    side = min(plate_h - ui(8), ui(44))
    return side if side >= ui(22) else 0
