"""Protocol bots for the online tests: headless clients that speak docs/online.md over
loopback, keep every frame they get, and play random legal actions when it is their turn.
Every loop here is bounded by a deadline."""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from typing import Any

from crowsnest.engine import Match
from crowsnest.net.client import ThreadClient
from crowsnest.net.log import SQLiteLog, TableLog


class Bot:
    def __init__(self, url: str, *, lang: str = "en", name: str = "Bot", seed: Any = 0) -> None:
        self.url = url
        self.lang = lang
        self.name = name
        self.rng = random.Random(seed)
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.seq = 0
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.sent_at = -1  # the seq this bot last acted at (no double moves)
        self.closed = False
        self.hold_until = 0.0
        self.connect()

    def connect(self) -> None:
        self.c = ThreadClient(self.url)
        self.closed = False
        self.send({"type": "hello", "lang": self.lang, "name": self.name})
        self.expect("welcome")

    def send(self, frame: dict[str, Any]) -> None:
        self.c.send(frame)

    def pump(self) -> list[dict[str, Any]]:
        got = self.c.poll()
        for f in got:
            self.take(f)
        return got

    def take(self, f: dict[str, Any]) -> None:
        self.frames.append(f)
        kind = f.get("type")
        if kind in ("snapshot", "update"):
            self.seq = f["seq"]
            self.state = f
        elif kind in ("created", "joined"):
            self.code = f["code"]
            self.seat = f["seat"]
            if f.get("token"):
                self.token = f["token"]
        elif kind == "refused" and f.get("code") == "stale":
            self.send({"type": "snapshot"})
        elif kind == "refused" and f.get("code") == "fault":
            self.sent_at = -1  # the game failed on that move: choose again
        elif kind == "refused" and f.get("code") == "unavailable":
            self.sent_at = -1  # not played (the server's store is away): again, a bit later
            self.hold_until = time.monotonic() + 0.2
        elif kind == "error" and f.get("code") == "rate_limited":
            self.sent_at = -1  # the frame was dropped: act again a little later
            self.hold_until = time.monotonic() + 0.1
        elif kind == "_closed":
            self.closed = True

    def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            f = self.c.wait(max(0.01, deadline - time.monotonic()))
            if f is None:
                break
            self.take(f)
            if f.get("type") == kind:
                return f
        raise AssertionError(f"{self.name}: no {kind} within {timeout} s (last {self.frames[-3:]})")

    @property
    def over(self) -> bool:
        return bool(self.state.get("over"))

    def my_turn(self) -> bool:
        s = self.state
        return (
            not s.get("over")
            and self.seat is not None
            and s.get("to_move") == self.seat
            and bool(s.get("legal"))
            and self.sent_at != self.seq
            and time.monotonic() >= self.hold_until
        )

    def play(self) -> bool:
        if not self.my_turn():
            return False
        self.sent_at = self.seq
        self.send({"type": "act", "seq": self.seq, "action": self.rng.choice(self.state["legal"])})
        return True

    def drop(self) -> None:
        self.c.close()
        self.closed = True

    def resume(self) -> None:
        # A move sent just before the drop may never have reached the log: act again at
        # whatever seq the table is at now.
        self.sent_at = -1
        self.connect()
        self.send({"type": "resume", "code": self.code, "token": self.token, "seq": self.seq})
        self.expect("snapshot")


def run(bots: Iterable[Bot], *, until: Any = None, seconds: float = 120.0) -> None:
    """Pump and play until every bot's table is over (or `until()` is true)."""
    bots = list(bots)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        busy = False
        for b in bots:
            if b.closed:
                continue
            if b.pump():
                busy = True
            busy = b.play() or busy
        if until is not None and until():
            return
        if until is None and all(b.over or b.closed for b in bots if b.seat is not None):
            # let the last updates arrive
            time.sleep(0.05)
            for b in bots:
                if not b.closed:
                    b.pump()
            return
        if not busy:
            time.sleep(0.002)
    raise AssertionError(f"the table did not finish within {seconds} s (seq {bots[0].seq})")


def shadow(
    db: str | TableLog, code: str, variant: Any, upto: int | None = None
) -> tuple[Match, list[Any]]:
    """The table rebuilt from its log (a SQLite file's path, or a log such as Redis's), as
    a reader of the log would."""
    log = SQLiteLog(db) if isinstance(db, str) else db
    try:
        start = log.start(code)
        entries = log.entries(code)
    finally:
        if isinstance(db, str):
            log.close()
    assert start is not None
    m = Match(variant, seed=start["seed"], seats=len(start["spec"]), options=start["options"])
    texts: list[str] = []
    for e in entries:
        if upto is not None and e.seq > upto:
            break
        if e.kind == "act":
            m.apply(e.text)
            texts.append(e.text)
        else:
            texts = texts[: int(e.text)]
            m = Match.replay(variant, texts, **m.start_kwargs())
    return m, entries
