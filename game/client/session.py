"""One game in the window: the Match, who sits where, the AIs, hints and undo.

No pygame here, so it is tested on its own. Rules come only from the Match (legal
actions, check reasons, views); AIs run through the host's safe runner on a helper
thread and the render loop polls the returned Future, so drawing never waits.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

from crowsnest.ai.runner import AIRunner, Choice, resolve_level
from crowsnest.engine import Action, Event, Match, Variant
from crowsnest.engine.safe import exc_text
from crowsnest.records.savefile import Seat, start_kwargs
from crowsnest.records.seats import YOU, display_name, seat_names

# Who sits at a seat: the very record a save file stores, so a save and the table
# need no conversion between two copies of the same three fields.
SeatSetup = Seat


class LocalGame:
    """One game in the window (the table's game): the Match, who sits where, the AIs
    thinking off the render loop, hints and undo. (Named for what it is; the engine
    protocol's per-connection state is crowsnest.protocol.EngineSession.)"""

    def __init__(
        self,
        variant: Variant,
        seats: list[SeatSetup],
        options: dict[str, Any] | None = None,
        seed: int | str = 0,
        computer_names: Sequence[str] = (),
        **match_kwargs: Any,
    ) -> None:
        self.variant = variant
        self.seat_setups = list(seats)
        self.seed = seed
        self.match = Match(variant, seed=seed, seats=len(seats), options=options, **match_kwargs)
        self.match.keep_notation()  # autosaved after every action: no replay per save
        # The seats' names as data (English defaults such as "West", or what a player
        # typed, a computer's name from its portrait, the player's own [look] names
        # first): config, saves and statistics keep these; `names` shows them.
        self.name_keys = seat_names(self.seat_setups, variant.clockwise, computer_names)
        self.actors: list[int] = []  # the seat that took each action of match.log
        self.deal_start = 0  # log index where the current deal began
        self.finished_deal: Any = None  # the deal that just ended (the match deals anew)
        # the safe runner: timeouts, raised errors and illegal answers become a legal
        # fallback and a fault the table reports
        self.runner = AIRunner(
            variant, self.match.options, len(seats), seed=f"{seed}:ai", search_process=True
        )
        # AI faults to show: the table pops them as it says them; fault_log keeps every
        # one for the match (crowsnest.testing.play_in_client reports it)
        self.faults: list[str] = []
        self.fault_log: list[str] = []
        self._ai: tuple[int, int, Future[Any]] | None = None  # (generation, seat, future)
        self._hint: tuple[int, Future[Any]] | None = None
        self.generation = 0  # bumped by undo: answers computed for an older state are dropped
        # for the statistics (crowsnest.records.stats): when play began here, and whether the
        # finished match has been recorded (once per match)
        self.started_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.started_clock = time.monotonic()
        self.recorded = False
        self.live_deals = 0  # finished deals counted while the match is played (the store)
        self.undone = False  # a decision was taken back in this match (the statistics)
        self.slot_name: str | None = None  # the save slot this match was continued from
        # the rest of the table's contract (client/game.py: TableGame), what an online
        # table fills: a local game has no news, is never rebuilt under the table
        self.notices: list[str] = []
        self.rebuilt = 0
        self.changed = 0
        self.online = False

    # ------------------------------------------------------------ seats

    @property
    def seats(self) -> int:
        return self.match.seats

    @property
    def names(self) -> list[str]:
        """The seats' names as the table shows them: a default name in the player's
        language (it follows a language switch), a typed name as typed."""
        return [display_name(k) for k in self.name_keys]

    def is_you(self, seat: int) -> bool:
        """Whether `seat` is the local player (the seat the game named "You")."""
        return 0 <= seat < len(self.name_keys) and self.name_keys[seat] == YOU

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seat_setups) if s.human]

    def status(self, seat: int) -> str:
        """How an online seat is played now (client/remote.py); "" at a local table."""
        return ""

    def grace_left(self, seat: int) -> float | None:
        return None

    def clock_left(self, seat: int) -> float | None:
        return None

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seat_setups) and self.seat_setups[seat].human

    def plays_here(self, seat: int) -> bool:
        """A human at this window plays `seat` (every human, at a local table)."""
        return self.is_human(seat)

    @property
    def pending(self) -> bool:
        """A move of the window on its way to a server: never, here (apply is at once)."""
        return False

    def update(self, dt: float) -> None:
        """Once a frame (an online table reads its network here); nothing to do."""

    def team_of(self, seat: int) -> int | None:
        for i, team in enumerate(self.match.teams or ()):
            if seat in team:
                return i
        return None

    def side_names(self) -> list[str]:
        """Labels of the score columns: teams where there are teams, else seats."""
        if not self.match.teams:
            return list(self.names)
        out = []
        for team in self.match.teams:
            out.append(" & ".join(self.names[s] for s in team))
        return out

    # ------------------------------------------------------------ the game

    @property
    def to_move(self) -> int:
        return self.match.to_move

    def apply(self, action: Action) -> list[Event]:
        """Apply an action for the seat to move (raises ActionError when illegal)."""
        seat = self.match.to_move
        deal = self.match.deal
        events = self.match.apply(action)
        self.actors.append(seat)
        if any(e.get("type") in ("deal_over", "redeal") for e in events):
            self.deal_start = len(self.match.log)
            self.finished_deal = deal
        self.generation += 1
        return events

    # ------------------------------------------------------------ AIs

    def ai_busy(self) -> bool:
        return self._ai is not None

    def request_ai(self) -> None:
        """Start the AI of the seat to move thinking (no-op if already thinking)."""
        seat = self.match.to_move
        if self._ai is not None or seat < 0 or self.is_human(seat):
            return
        level = self.seat_setups[seat].level
        self._ai = (self.generation, seat, self._submit(seat, level))

    def poll_ai(self) -> tuple[int, Action] | None:
        """(seat, action) once the AI has answered for the current position, else None."""
        if self._ai is None:
            return None
        gen, seat, fut = self._ai
        if not fut.done():
            return None
        self._ai = None
        if gen != self.generation or seat != self.match.to_move:
            return None
        return seat, self._answer(fut)

    def wait_ai(self, timeout: float = 30.0) -> None:
        """Block until the pending AI answer is ready (tests only)."""
        if self._ai is not None:
            with contextlib.suppress(Exception):  # poll_ai reports it
                self._ai[2].result(timeout)

    def request_hint(self) -> None:
        seat = self.match.to_move
        if seat < 0:
            return
        level = resolve_level(self.variant, "hard")  # the strongest level it has
        self._hint = (self.generation, self._submit(seat, level))

    def poll_hint(self) -> Action | None:
        if self._hint is None:
            return None
        gen, fut = self._hint
        if not fut.done():
            return None
        self._hint = None
        if gen != self.generation:
            return None
        return self._answer(fut)

    def wait_hint(self, timeout: float = 30.0) -> None:
        if self._hint is not None:
            with contextlib.suppress(Exception):
                self._hint[1].result(timeout)

    def _submit(self, seat: int, level: str) -> Future[Choice]:
        return self.runner.submit(self.match, seat, level)

    def _answer(self, fut: Future[Choice]) -> Action:
        try:
            choice = fut.result()
        except Exception as e:  # noqa: BLE001 - the runner contains AI faults; this is a last guard
            action = self.runner.fallback_action(self.match)
            self._fault(f"the AI failed ({exc_text(e)}); a random legal move was made")
            return action
        if choice.fault is not None:
            self._fault(choice.fault.message)
        return choice.action

    def _fault(self, message: str) -> None:
        self.faults.append(message)
        self.fault_log.append(message)

    # ------------------------------------------------------------ undo

    def undo_target(self, seat: int | None = None) -> int | None:
        """Log index of the last decision in this deal of the human at `seat` (the
        single human when None), while nobody else has acted since: undo never takes
        back another player's move, nor a computer's answer (docs/rules-decisions.md,
        "Undo": what a computer has shown, a card or a bid, is never taken back, so undo
        can neither reveal a hand nor replay the computers until they answer the same)."""
        humans = self.humans
        if self.match.over or not humans:
            return None
        if seat is None:
            if len(humans) != 1:
                return None
            seat = humans[0]
        if seat not in humans:
            return None
        for i in range(len(self.actors) - 1, self.deal_start - 1, -1):
            if self.actors[i] == seat:
                return i
            return None  # someone else (a person or a computer) acted after it
        return None

    def undo_blocked_by_computer(self, seat: int | None = None) -> bool:
        """Whether undo stops only because a computer has answered since the human's
        last decision in this deal (the table says so, rather than "nothing to undo")."""
        if self.undo_target(seat) is not None or not self.actors:
            return False
        last = len(self.actors) - 1
        if last < self.deal_start or self.is_human(self.actors[last]):
            return False
        mine = {seat} if seat is not None else set(self.humans)
        return any(self.actors[i] in mine for i in range(self.deal_start, last))

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_target(seat) is not None

    def undo(self, seat: int | None = None) -> bool:
        """Take back the human's last decision (and the AI moves after it): rebuild the
        match from its log (Match.fresh() and replay), no per-variant undo code."""
        i = self.undo_target(seat)
        if i is None:
            return False
        log = self.match.log[:i]
        m = self.match.fresh()
        m.keep_notation()
        for a in log:
            m.apply_unchecked(a)
        self.match = m
        self.actors = self.actors[:i]
        self.undone = True  # recorded with the match: left out of the figures by level
        self.generation += 1
        self._ai = None
        self._hint = None
        return True

    def close(self) -> None:
        self.runner.close()

    @classmethod
    def resume(
        cls, match: Match, seats: list[SeatSetup], computer_names: Sequence[str] = ()
    ) -> LocalGame:
        """Continue a loaded match (a save file): the same set-up, then its log applied
        through the session, so who took each action and where the deal began (undo
        needs both) are known as if it had been played here."""
        s = cls(
            match.variant,
            seats,
            dict(match.options),
            seed=match.seed,
            computer_names=computer_names,
            **start_kwargs(match),
        )
        for a in match.log:
            s.apply(a)
        return s
