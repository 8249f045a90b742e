"""Windows at a real online table: each `Window` is an App (headless, one pygame display
shared by all of them) whose player makes moves with synthetic keyboard and mouse events,
as client_driver.Driver does at a local table. The windows take turns: a window's posted
events are read by that window's own next step, before another window steps.

The server is a real crowsnest.net server on loopback (start_in_thread, or a
`crowsnest serve` the window started); protocol bots (tests/net/bots.py) fill the other
seats. Every loop is bounded by a deadline in real time."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from client_driver import DT, Driver, make_app
from crowsnest.client.online import Link
from crowsnest.client.remote import RemoteGame
from crowsnest.client.scenes.coach import CoachScene
from crowsnest.client.scenes.online import ConnectingScene
from crowsnest.client.scenes.overlays import EndOfDealScene, GameOverScene, PrivacyScene
from crowsnest.client.scenes.table import TableScene

sys.path.insert(0, str(Path(__file__).parent.parent / "net"))

from bots import Bot, shadow  # noqa: E402, F401 - shadow: for the tests


class HeldClock:
    """Real time, except while held (a link's back-off waits for it): lets a test keep
    a dropped window away until the server's computer has played its seat."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.held_at: float | None = None

    def __call__(self) -> float:
        return self.held_at if self.held_at is not None else time.monotonic() - self.offset

    def hold(self) -> None:
        self.held_at = self()

    def release(self) -> None:
        if self.held_at is not None:
            self.offset = time.monotonic() - self.held_at
            self.held_at = None


class WindowDriver(Driver):
    def choose(self) -> Any:
        """What the server says the seat may do (the window holds no rules of its own)."""
        return self.rng.choice(self.table.match.legal_actions())


class Window:
    def __init__(self, name: str, app: Any = None, seed: int = 0) -> None:
        self.name = name
        self.app = app or make_app(speed=0)
        self.clock = HeldClock()
        self.seed = seed
        self.table: TableScene | None = None
        self.driver: WindowDriver | None = None
        self.sheets = 0
        self.statuses: set[tuple[int, str]] = set()  # (seat, status) the plates have shown

    def connect(self, url: str, first: dict[str, Any]) -> None:
        link = Link(url, first, name=self.name, clock=self.clock)
        self.app.stack.push(ConnectingScene(link))

    @property
    def game(self) -> RemoteGame:
        assert self.table is not None
        return self.table.session  # type: ignore[return-value]

    def wait_open(self, seconds: float = 15.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.step(DT)
            top = self.app.stack.top
            table = next((s for s in self.app.stack if isinstance(s, TableScene)), None)
            if table is not None:  # on top, or under the coach's first card
                top = table
                self.table = top
                self.driver = WindowDriver(self.app, top, "mixed", seed=self.seed)
                self.game.link.clock = self.clock  # a link the window's screens made too
                return
            if isinstance(top, ConnectingScene) and top.failed:
                raise AssertionError(f"{self.name}: {top.failed}")
            time.sleep(0.005)
        raise AssertionError(f"{self.name}: the table did not open within {seconds} s")

    def tick(self) -> bool:
        """One frame and, when it is this window's turn, one decision (its events read by
        a second frame at once). True when something was done."""
        app, t, d = self.app, self.table, self.driver
        assert t is not None and d is not None
        app.step(DT)
        for p in range(t.session.seats):
            self.statuses.add((p, self.game.status(p)))
        top = app.stack.top
        if isinstance(top, EndOfDealScene):
            if not self.sheets:
                self.sheets = 1
            return False
        if isinstance(top, GameOverScene):
            self.sheets = max(self.sheets, 1)
            return False
        if isinstance(top, (PrivacyScene, CoachScene)):
            d.dismiss(top)
            app.step(DT)
            return True
        if top is not t:
            return False
        if t.my_turn() and not self.game.pending and t.match.legal_actions():
            d.act()
            app.step(DT)
            return True
        return False


def bots_join(url: str, code: str, n: int, seed: int = 0) -> list[Bot]:
    bots = []
    for i in range(n):
        b = Bot(url, name=f"Bot {i + 1}", seed=seed + i)
        b.send({"type": "join", "code": code})
        b.expect("snapshot")
        bots.append(b)
    return bots


def pump(bots: list[Bot]) -> bool:
    busy = False
    for b in bots:
        if not b.closed:
            busy = bool(b.pump()) or busy
            busy = b.play() or busy
    return busy


def tear_down(server: Any, windows: list[Window], bots: list[Any]) -> None:
    """End a test's table: the bots' connections, the windows' games and apps, the
    server (the test then checks the server's internal_errors)."""
    for b in bots:
        if b is not None:
            b.drop()
    for w in windows:
        if w.table is not None:
            w.game.close()
    server.stop()
    for w in windows:
        w.app.close()
