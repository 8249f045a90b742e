"""The seam between the table scene and the game it shows.

The table talks to a `TableGame`: `LocalGame` (client/session.py: the Match is in this
process, AIs think on a helper thread) or `RemoteGame` (client/remote.py: an online
table; the server holds the cards and a network thread feeds a mirror of what this
window may see). What the table reads of the match is `MatchLike`, the part of
`crowsnest.engine.Match` a window needs; a remote game's mirror offers exactly that.

Moves the window does not make itself (an AI seat here, any other seat of an online
table, and an online table's echo of the window's own move) reach the table the same
way: `request_ai()` / `poll_ai()` give `(seat, action)` and `apply(action)` then yields
that move's events, so animations come from events whether the game is here or not.
`apply` of a move the window makes returns None while it is on its way to a server
(`pending`); the move then comes back through `poll_ai` like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from crowsnest.engine import Action, Event, Variant
from crowsnest.engine.cards import Deck
from crowsnest.records.savefile import Seat


class DealLike(Protocol):
    """The deal in progress as the window asks it."""

    def hand_of(self, seat: int) -> Any: ...  # the seat's card ids, or None if not known
    def legal_complete(self) -> bool: ...
    def legal_hint(self) -> str: ...
    def describe(self, cards: Sequence[int]) -> Any: ...
    def view(self, seat: int) -> Any: ...  # has to_json()


class MatchLike(Protocol):
    """What the window reads of a match."""

    variant: Variant
    deck: Deck
    options: Mapping[str, Any]
    seats: int
    teams: Any
    history: list[dict[str, Any]]
    end_text: Any
    end_reason: str
    deal_no: int
    dealer: int
    winner: Any
    over: bool
    log: list[Action]

    @property
    def scores(self) -> Sequence[Any]: ...  # a tuple here, a list from a server
    @property
    def to_move(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def deal(self) -> Any: ...  # a DealLike
    def legal_actions(self) -> list[Action]: ...
    def check(self, action: Action) -> str | None: ...
    def view_json(self, seat: int) -> dict[str, Any]: ...


class TableGame(Protocol):
    """What the table scene, its sheets, the coach and the app need of a game."""

    variant: Variant
    seat_setups: list[Seat]
    name_keys: list[str]
    actors: list[int]
    deal_start: int
    finished_deal: Any
    faults: list[str]
    fault_log: list[str]
    recorded: bool
    started_at: str
    started_clock: float
    slot_name: str | None
    # An online table: news for the player (a seat away, a rejected move, the connection
    # lost and found), popped and shown by the table; always empty for a local game.
    notices: list[str]
    # Bumped when the game was rebuilt under the table (an online table's snapshot after
    # a reconnect or an undo): the table re-reads everything, as after its own undo.
    rebuilt: int
    # Bumped when something the table shows changed besides a move (an online table's
    # answer to a check): the table re-reads the legal actions and the selection.
    changed: int
    online: bool

    @property
    def match(self) -> MatchLike: ...
    @property
    def seats(self) -> int: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def pending(self) -> bool: ...  # the window's own move is on its way
    def is_you(self, seat: int) -> bool: ...
    def is_human(self, seat: int) -> bool: ...
    # An online seat: "connected", "away" (grace_left counts down), "ai", "empty",
    # "reconnecting" (this window's own, its link down); "" at a local table. The turn
    # clock's seconds left for the seat to move, where the table has one.
    def status(self, seat: int) -> str: ...
    def grace_left(self, seat: int) -> float | None: ...
    def clock_left(self, seat: int) -> float | None: ...
    def plays_here(self, seat: int) -> bool: ...  # a human at this window plays it
    def team_of(self, seat: int) -> int | None: ...
    def side_names(self) -> list[str]: ...
    def apply(self, action: Action) -> list[Event] | None: ...
    def ai_busy(self) -> bool: ...
    def request_ai(self) -> None: ...
    def poll_ai(self) -> tuple[int, Action] | None: ...
    def wait_ai(self, timeout: float = 30.0) -> None: ...
    def request_hint(self) -> None: ...
    def poll_hint(self) -> Action | None: ...
    def wait_hint(self, timeout: float = 30.0) -> None: ...
    def can_undo(self, seat: int | None = None) -> bool: ...
    def undo_blocked_by_computer(self, seat: int | None = None) -> bool: ...
    def undo(self, seat: int | None = None) -> bool: ...
    def update(self, dt: float) -> None: ...  # once a frame: read the network, count down
    def close(self) -> None: ...
