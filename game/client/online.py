"""The window's connection to an online table: `Link`, one seat's (or a watcher's)
connection that says hello, joins, and after a drop reconnects by itself with back-off
and `resume`s with the seat's token (docs/online.md), so a lost connection never costs
the seat. The socket is crowsnest.net's client transport (a thread: `send` and `poll`
never block); this module is the window's only way to the network.

`Ticket` is what rejoins a table after the window was closed or crashed: server, code,
seat and token, kept in the user data folder (online.json) until the match is over.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from crowsnest.i18n import current_language

BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)  # seconds before each new attempt (the last repeats)


@dataclass(frozen=True)
class Ticket:
    server: str  # ws://host:port
    code: str
    seat: int
    token: str
    variant: str = ""
    name: str = ""
    hosted: bool = False  # this window's own server held it (client/hosting.py)
    deals: int | None = None  # finished deals the window saw (None: not known)


_TICKET_FIELDS = frozenset(f.name for f in fields(Ticket))


def tickets_path() -> Path:
    """Beside the saves folder, in the user data folder."""
    from crowsnest.records.savefile import default_autosave_path

    return default_autosave_path().parent.parent / "online.json"


def tickets_file(app: Any) -> Path | None:
    """Where a window keeps its seats' tickets: beside its saves (so a `--config`
    profile, and a test, has its own), or None for a window without a save folder."""
    if app.save_path is None:
        return None
    return Path(app.save_path).parent.parent / "online.json"


def load_tickets(path: Path | None = None) -> list[Ticket]:
    """The seats this player holds at online tables (a bad file: none, left as it is)."""
    path = path or tickets_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    out = []
    for t in raw if isinstance(raw, list) else []:
        # one ticket at a time: a bad one (or a newer window's extra field) costs only
        # itself, never the other seats
        known = {k: v for k, v in t.items() if k in _TICKET_FIELDS} if isinstance(t, dict) else {}
        try:
            ticket = Ticket(**known)
        except TypeError:
            continue
        if (
            isinstance(ticket.server, str)
            and isinstance(ticket.code, str)
            and isinstance(ticket.seat, int)
        ):
            out.append(ticket)
    return out


def keep_ticket(ticket: Ticket, path: Path | None = None) -> None:
    """Remember a seat (replacing an older ticket for the same seat), atomically. Every
    seat this window holds at a table has its own (several players at one window)."""
    path = path or tickets_path()
    key = (ticket.server, ticket.code, ticket.seat)
    rest = [t for t in load_tickets(path) if (t.server, t.code, t.seat) != key]
    _write([ticket, *rest][:20], path)


def drop_ticket(server: str, code: str, path: Path | None = None, seat: int | None = None) -> None:
    """Forget the window's seats at a table (`seat`: that one alone)."""
    path = path or tickets_path()
    _write(
        [
            t
            for t in load_tickets(path)
            if (t.server, t.code) != (server, code) or (seat is not None and t.seat != seat)
        ],
        path,
    )


def note_deals(server: str, code: str, deals: int, path: Path | None = None) -> None:
    """How many finished deals the window has seen at a table, on its seats' tickets."""
    path = path or tickets_path()
    got = load_tickets(path)
    if any((t.server, t.code) == (server, code) and t.deals != deals for t in got):
        _write(
            [replace(t, deals=deals) if (t.server, t.code) == (server, code) else t for t in got],
            path,
        )


def tables_held(tickets: list[Ticket]) -> list[list[Ticket]]:
    """The tickets by table (the window's seats at each, lowest seat first), the table
    taken most recently first: what the title, Play online and Saves offer to rejoin."""
    out: dict[tuple[str, str], list[Ticket]] = {}
    for t in tickets:
        out.setdefault((t.server, t.code), []).append(t)
    return [sorted(ts, key=lambda t: t.seat) for ts in out.values()]


def _write(tickets: list[Ticket], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps([asdict(t) for t in tickets], indent=1), encoding="utf-8")
    os.replace(tmp, path)


class Dialing:
    """A connection being opened on its own thread: opening a socket can take seconds
    (an address that does not answer), and a frame must never wait for it. Frames sent
    before it is open are kept and sent once it is; poll() says `_closed` (with `why`)
    when it could not be opened, as a dropped connection does."""

    def __init__(self, url: str, open_timeout: float = 5.0) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._conn: Any = None
        self._failed: str | None = None
        self._early: list[dict[str, Any]] = []
        self._closed = False
        threading.Thread(
            target=self._open, args=(open_timeout,), name="crowsnest-dial", daemon=True
        ).start()

    def _open(self, open_timeout: float) -> None:
        from crowsnest.net.client import ThreadClient  # the window's only network import

        try:
            conn = ThreadClient(self.url, open_timeout=open_timeout)
        except Exception as e:  # noqa: BLE001 - any failure to open is "unreachable"
            with self._lock:
                self._failed = type(e).__name__
            return
        with self._lock:
            if self._closed:
                conn.close()
                return
            for msg in self._early:
                conn.send(msg)
            self._early.clear()
            self._conn = conn

    def send(self, msg: dict[str, Any]) -> None:
        with self._lock:
            if self._conn is None:
                self._early.append({k: v for k, v in msg.items() if k != "v"})
                return
            conn = self._conn
        conn.send({k: v for k, v in msg.items() if k != "v"})

    def poll(self) -> list[dict[str, Any]]:
        with self._lock:
            conn, failed = self._conn, self._failed
        if conn is not None:
            return list(conn.poll())
        if failed is not None:
            self._failed = None  # said once
            self._closed = True
            return [{"type": "_closed", "why": failed, "opened": False}]
        return []

    def close(self) -> None:
        with self._lock:
            self._closed = True
            conn, self._conn = self._conn, None
        if conn is not None:  # a closing handshake waits for the other side: not here
            threading.Thread(target=conn.close, name="crowsnest-close", daemon=True).start()


def thread_client(url: str) -> Any:
    return Dialing(url)


class Peek:
    """A look at a table's seats before joining it (the Join screen): `seats` (who sits
    where, which human seats are free; no view, no hand), so it works at a table that
    takes no watchers too. A server without `seats` (welcome.features) is asked as a
    watcher instead. `poll()` is None until the answer: then the table's seats,
    {"free": [seat, ...], "players": [...]}, or {"error": code}."""

    def __init__(self, url: str, code: str, connect: Callable[[str], Any] = thread_client) -> None:
        self.code = code
        self.features: list[str] = []  # what the server said it has (welcome)
        self.conn = connect(url)
        self.conn.send({"v": 1, "type": "hello", "lang": current_language() or "en"})

    def poll(self) -> dict[str, Any] | None:
        for msg in self.conn.poll():
            kind = msg.get("type")
            if kind == "welcome":
                self.features = list(msg.get("features") or [])
            if kind in ("welcome", "_moved"):  # _moved: the table's own process (redirect)
                if "seats" in self.features:
                    self.conn.send({"v": 1, "type": "seats", "code": self.code})
                else:
                    self.conn.send({"v": 1, "type": "join", "code": self.code, "watch": True})
            elif kind in ("seats", "snapshot"):
                players = [p for p in msg.get("players") or [] if isinstance(p, dict)]
                free = msg.get("free")
                if not isinstance(free, list):  # a watcher's snapshot: the empty human seats
                    free = [
                        p.get("seat")
                        for p in players
                        if p.get("kind") == "human" and p.get("status") == "empty"
                    ]
                return {"free": [s for s in free if isinstance(s, int)], "players": players}
            elif kind in ("error", "bye", "_closed"):
                return {"error": str(msg.get("code") or msg.get("reason") or "unreachable")}
        return None

    def close(self) -> None:
        self.conn.close()


class Link:
    """One connection to a table that keeps itself alive. `first` is the frame that
    takes the place (`create`, `join` or `resume`); once joined, every reconnect sends
    `resume` with the token. poll() returns the server's frames and the link's own news:
    `_reconnecting` (`why` "shutdown" when the server said it is going: a restart or an
    upgrade, so the link comes back as after a drop), `_connected`, `_closed` (code
    `unreachable` when the very first connection fails: a join that never was is not
    retried)."""

    def __init__(
        self,
        url: str,
        first: dict[str, Any],
        *,
        name: str = "",
        connect: Callable[[str], Any] = thread_client,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url, self.first, self.name = url, dict(first), name
        self.connect, self.clock = connect, clock
        self.code: str = str(first.get("code") or "")
        self.token: str | None = first.get("token")
        self.seat: int | None = None
        self.seq = 0
        self.joined = False  # a place taken once: from then on drops are retried
        self.over = False  # closed for good (bye, or left)
        self.attempt = 0
        self._retry_at: float | None = None
        self._conn: Any = None
        self._open = False  # welcome seen on the current connection
        self._dial()

    def _dial(self) -> None:
        try:
            self._conn = self.connect(self.url)
        except Exception:  # noqa: BLE001 - a bad address is a failed attempt
            self._conn = None
            self._lost([])
            return
        self._open = False
        hello: dict[str, Any] = {"type": "hello", "lang": current_language() or "en"}
        if self.name:
            hello["name"] = self.name[:24]
        self._send_now(hello)

    def _send_now(self, msg: dict[str, Any]) -> None:
        if self._conn is not None:
            self._conn.send({"v": 1, **msg})

    def send(self, msg: dict[str, Any]) -> None:
        """A table frame; dropped while reconnecting (the snapshot after the resume
        tells the window where the table is)."""
        if self._open and not self.over:
            self._send_now(msg)

    def poll(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if self.over:
            return out
        if self._conn is None:
            if self._retry_at is not None and self.clock() >= self._retry_at:
                self._retry_at = None
                self._dial()
            return out
        for msg in self._conn.poll():
            kind = msg.get("type")
            if kind == "_closed":
                self._lost(out)
                break
            if kind == "welcome":
                if msg.get("protocol") != 1:  # a server of another version: say so, stop
                    self.over = True
                    out.append({"type": "_closed", "code": "version"})
                    break
                self._open = True
                self.welcome = msg
                self._send_now(self._place())
                continue
            if kind in ("created", "joined"):
                self.code = str(msg.get("code") or self.code)
                self.seat = msg.get("seat")
                self.token = msg.get("token") or self.token
                if self.joined and self.attempt:
                    out.append({"type": "_connected"})
                self.joined, self.attempt = True, 0
            elif kind in ("snapshot", "update"):
                self.seq = int(msg.get("seq") or self.seq)
            elif kind == "bye" and msg.get("reason") == "shutdown" and self.joined:
                # the server is going (a restart, an upgrade: every table is on disk):
                # reconnect with back-off and resume, as after a drop
                self._lost(out, why="shutdown")
                break
            elif kind == "bye":
                self.over = True
            elif kind == "error" and not self.joined:
                self.over = True  # the join itself failed: say why, do not retry
            out.append(msg)
        return out

    def _place(self) -> dict[str, Any]:
        if self.joined and self.token:
            return {"type": "resume", "code": self.code, "token": self.token, "seq": self.seq}
        if self.joined:  # a watcher
            return {"type": "join", "code": self.code, "watch": True}
        return self.first

    def _lost(self, out: list[dict[str, Any]], why: str = "") -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):  # it is gone either way
                self._conn.close()
        self._conn, self._open = None, False
        if not self.joined:
            self.over = True
            out.append({"type": "_closed", "code": "unreachable"})
            return
        if self.attempt == 0:
            out.append({"type": "_reconnecting", "why": why} if why else {"type": "_reconnecting"})
        delay = BACKOFF[min(self.attempt, len(BACKOFF) - 1)]
        self.attempt += 1
        self._retry_at = self.clock() + delay

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests; the link reconnects)."""
        if self._conn is not None:
            self._lost([])

    def close(self) -> None:
        """Leave (the seat is away on the server, kept by the ticket)."""
        if self._conn is not None and self._open:
            self._send_now({"type": "bye"})
        self.over = True
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
        self._conn = None


# Frames every seat's connection gets alike: taken from the first seat's only.
_SHARED = frozenset(("seat", "chat", "undo", "bye", "_reconnecting", "_connected", "_closed"))
# What differs per seat in an update or a snapshot (docs/online.md).
_PER_SEAT = ("view", "legal", "complete", "hint_text", "can_undo", "you", "action", "events")


class SeatLinks:
    """Several seats of one online table played at one window (hot-seat at an online
    table): one `Link` per seat, read as one. Each seat's connection gets the table's
    frames as that seat may see them; an update (or a snapshot) goes on once every seat's
    copy of it has come, merged: the first seat's fields, and `per_seat` with what each
    seat alone was sent (its view, its legal actions). A frame to the table goes through
    the connection of the seat it is for (`for_seat`, else the seat to move)."""

    def __init__(self, links: list[Link], first_snapshot: dict[str, Any] | None = None) -> None:
        self.links = links
        self.url, self.first, self.name = links[0].url, links[0].first, links[0].name
        self.to_move: int | None = None
        self._updates: dict[int, dict[int, dict[str, Any]]] = {}
        # the first seat's snapshot when it was read before the others joined
        self._snaps: dict[int, dict[str, Any]] = {0: first_snapshot} if first_snapshot else {}
        self._held: list[dict[str, Any]] = []  # seat news that came while gathering them

    @property
    def welcome(self) -> Any:
        return getattr(self.links[0], "welcome", None)

    @property
    def _open(self) -> bool:
        return all(getattr(lk, "_open", True) for lk in self.links)

    @property
    def seats(self) -> list[int]:
        return [lk.seat for lk in self.links if lk.seat is not None]

    def send(self, msg: dict[str, Any], for_seat: int | None = None) -> None:
        seat = for_seat if for_seat is not None else self.to_move
        link = next((lk for lk in self.links if lk.seat == seat), self.links[0])
        link.send(msg)

    def poll(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        n = len(self.links)
        for i, lk in enumerate(self.links):
            for msg in lk.poll():
                kind = msg.get("type")
                if kind == "update":
                    self._updates.setdefault(int(msg.get("seq") or 0), {})[i] = msg
                elif kind == "snapshot":
                    if not self._snaps:  # one seat resumed: the others' snapshots too
                        for j, other in enumerate(self.links):
                            if j != i:
                                other.send({"type": "snapshot"})
                    self._snaps[i] = msg
                elif kind in _SHARED and i:
                    continue
                elif kind == "seat" and self._snaps:
                    # newer than the snapshot being gathered: after it, or it is undone
                    self._held.append(msg)
                else:
                    out.append(msg)
        if len(self._snaps) == n:
            seqs = {int(sn.get("seq") or 0) for sn in self._snaps.values()}
            if len(seqs) == 1:
                merged = self._merge([self._snaps[i] for i in range(n)])
                out += [merged, *self._held]
                self._held.clear()
                self._snaps.clear()
                self._updates = {q: u for q, u in self._updates.items() if q > merged["seq"]}
            else:  # the table moved between them: the ones behind ask again
                top = max(seqs)
                for j, sn in list(self._snaps.items()):
                    if int(sn.get("seq") or 0) < top:
                        del self._snaps[j]
                        self.links[j].send({"type": "snapshot"})
        for seq in sorted(self._updates):
            got = self._updates[seq]
            if len(got) < n:
                break
            out.append(self._merge([got[i] for i in range(n)]))
            del self._updates[seq]
        for m in out:
            if m.get("type") in ("update", "snapshot") and isinstance(m.get("to_move"), int):
                self.to_move = m["to_move"]
        return out

    def _merge(self, copies: list[dict[str, Any]]) -> dict[str, Any]:
        merged = dict(copies[0])
        per: dict[int, dict[str, Any]] = {}
        for lk, c in zip(self.links, copies, strict=True):
            if lk.seat is not None:
                per[lk.seat] = {k: c[k] for k in _PER_SEAT if k in c}
        merged["per_seat"] = per
        merged["here"] = sorted(per)
        # the move as its own seat saw it, when that seat is played here (a burial's cards)
        actor = merged.get("seat")
        if isinstance(actor, int) and actor in per:
            for k in ("action", "events"):
                if k in per[actor]:
                    merged[k] = per[actor][k]
        return merged

    def drop(self) -> None:
        for lk in self.links:
            lk.drop()

    def close(self) -> None:
        for lk in self.links:
            lk.close()

    @property
    def over(self) -> bool:
        return any(lk.over for lk in self.links)
