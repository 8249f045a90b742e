"""What the table's rooms share: `Table`, the one scene as each room may use it, and the
card sprites they move and draw.

Each room (flow, animate, paint, controls) is a mixin of `TableScene` and reaches the
table's state and the other rooms' methods through `self`. `Table` lists exactly those
shared members, so a room never imports the scene (which imports every room): a room
class derives from `RoomBase`, which a type checker reads as `Table` and which is plain
`object` at run time (a Protocol in the bases of a concrete scene would put its stubs
ahead of `Scene` in the method order). `tests/client/test_table_rooms.py` keeps `Table`
and the rooms in step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame
from crowsnest.engine import Action, Event
from crowsnest.engine.presentation import Centre

from ...game import MatchLike, TableGame
from ...layout import TableLayout
from ...tweens import Tweener
from ...widgets import Button, Menu
from ...words import Words
from .view import TableView


class CardSprite:
    __slots__ = ("x", "y", "card", "small", "seat", "h")

    def __init__(
        self, x: float, y: float, card: int, small: bool = False, seat: int = -1, h: int = 0
    ) -> None:
        self.x, self.y, self.card, self.small, self.seat = x, y, card, small, seat
        self.h = h  # a played card's height (a big play's cards are smaller); 0: the trick's


Origins = dict[int, tuple[float, float]]  # where each seat's just-played cards flew from


class Table(Protocol):
    """The table scene as its rooms use it: its state, and each room's methods that
    another room calls."""

    # -- from Scene
    app: Any  # the App; typed loosely as Scene does (the scenes do not import the app)
    size: tuple[int, int]

    # -- state (set in TableScene.__init__)
    session: TableGame
    seen_rebuilt: int
    seen_changed: int
    words: Words
    tweener: Tweener
    sprites: list[CardSprite]  # flying cards (drawn on top)
    trick: list[CardSprite]  # cards lying in the middle
    beats: list[Callable[[], None]]
    calls: dict[int, str]
    bid_choice: Action | None
    others_moved: bool  # a seat elsewhere moved: the turn chime is due
    plate_text: list[tuple[int, pygame.Rect]]  # words drawn on each plate (the tests)
    portrait_rects: dict[int, pygame.Rect]  # portraits drawn on plates (the tests)
    banner: str
    banner_left: float
    reason: str
    selected: set[int]
    zone: str
    hand_focus: int
    hover: int
    hint_cards: set[int]
    hint_wait: bool
    hurry: bool
    ai_clock: float
    _pass_clock: float
    dealing: dict[int, int] | None
    between: bool
    trick_winner: int | None
    _ai_ready: int
    selection_name: str
    piles: list[tuple[str, list[str]]]
    viewer: int | None
    last_seen: int | None
    frame_faces: set[int]
    bar_view: TableView | None
    lay: TableLayout
    panel_menu: Menu
    toolbar: Menu
    toolbar_left: int
    _legal: list[Action]
    _hand_cache: tuple[tuple[int, int], list[int]] | None
    _centre_cache: tuple[int, Centre] | None
    card_kind: str | None
    single: bool
    playable: set[int]
    _rich_cache: dict[tuple[str, int, Any], pygame.Surface]

    # -- the scene (scene.py)
    @property
    def view(self) -> TableView: ...
    @view.setter
    def view(self, raw: Any) -> None: ...
    @property
    def match(self) -> MatchLike: ...
    @property
    def bottom(self) -> int: ...
    def _known_names(self) -> set[str]: ...
    def name_of(self, pos: Any) -> str: ...
    def portrait_side(self, plate_h: int) -> int: ...
    def panel_title(self) -> str: ...
    def prompt(self) -> str: ...
    def relayout(self) -> None: ...

    # -- flow (flow.py)
    def refresh(self) -> None: ...
    def start_deal(self) -> None: ...
    def _dealt(self) -> None: ...
    def _ids(self, names: list[str] | tuple[str, ...]) -> list[int]: ...
    def _rebuild_calls(self) -> None: ...
    def hand_ids(self) -> list[int]: ...
    def hand_visible(self) -> bool: ...
    def my_turn(self) -> bool: ...
    def dummy_turn(self) -> bool: ...
    def submit(self, action: Action) -> bool: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> None: ...
    def resync(self) -> None: ...
    def online_update(self) -> None: ...
    def auction_log(self) -> list[str]: ...

    # -- animation (animate.py)
    def after_apply(
        self, seat: int, action: Action, events: list[Event], origin: Origins
    ) -> None: ...
    def animate_deal(self) -> None: ...
    def say(self, text: str, seconds: float = 2.4) -> None: ...
    def _origins(self, seat: int, action: Action) -> Origins: ...
    def _rebuild_trick(self) -> None: ...

    # -- controls (controls.py)
    def _build_panel(self) -> None: ...
    def _build_toolbar(self) -> None: ...
    def _press(self, b: Button) -> None: ...
    def _tool(self, b: Button) -> None: ...
    def _show_hint(self, action: Action) -> None: ...
    def _live_reason(self) -> None: ...
    def panel_in_row(self) -> bool: ...


if TYPE_CHECKING:
    RoomBase = Table
else:
    RoomBase = object
