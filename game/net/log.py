"""The table's log (docs/online.md, "The log"): the start of each table and its entries,
appended and committed before any update for them is sent. `TableLog` is the interface;
`SQLiteLog` (WAL) is the single-process server's; a Redis stream can stand in for it."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger("crowsnest.net")


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    kind: str  # "act" (an action in notation by seat) or "undo" (text = actions kept)
    seat: int
    text: str
    by: str = "player"  # player, ai, clock


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    token_hash: str | None
    name: str
    status: str  # taken, free, ai (handed to the computer)


class FlushFailed(Exception):
    """flush() could not make the writes durable: they are lost, for these tables.
    `kind`: "failed" (rebuild them from the log), "lost" (another process owns them now:
    stop serving them) or "unavailable" (the store cannot be reached: nothing was
    written); `since`: for tables whose lost writes are actions alone, the first lost
    seq (the table can be taken back to before it in memory)."""

    def __init__(
        self,
        codes: list[str],
        why: str,
        *,
        kind: str = "failed",
        since: dict[str, int] | None = None,
    ) -> None:
        super().__init__(f"the log could not be written ({why})")
        self.codes = codes
        self.kind = kind
        self.since = since or {}


class TableLog(Protocol):
    def create(self, code: str, start: dict[str, Any]) -> None: ...
    def append(self, code: str, entry: Entry) -> None: ...
    def entries(self, code: str) -> list[Entry]: ...
    def set_seat(self, code: str, row: SeatRow) -> None: ...
    def seats(self, code: str) -> list[SeatRow]: ...
    def start(self, code: str) -> dict[str, Any] | None: ...
    def open_tables(self) -> list[str]: ...
    def finish(self, code: str) -> None: ...
    def expire(self, code: str) -> None: ...
    def idle_since(self, code: str) -> float: ...
    def flush(self) -> None:
        """Make every write so far durable (called once per event-loop tick, before any
        frame of that tick is sent). A log that writes at once makes it a no-op. Raises
        FlushFailed naming the tables whose writes since the last flush were lost."""
        ...

    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, start TEXT NOT NULL, created REAL NOT NULL,
    updated REAL NOT NULL, state TEXT NOT NULL DEFAULT 'open');
CREATE TABLE IF NOT EXISTS entries (
    code TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
    text TEXT NOT NULL, by TEXT NOT NULL DEFAULT 'player', PRIMARY KEY (code, seq))
    WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT, name TEXT NOT NULL,
    status TEXT NOT NULL, PRIMARY KEY (code, seat));
"""


STAMP_S = 1.0  # how often, at most, the group commit sets `updated` (SQLiteLog.flush)
# The server's WAL is checkpointed by a thread of its own (SQLiteLog._checkpoints), not by
# SQLite's automatic checkpoint, which runs inside the commit that takes the WAL past
# 1,000 pages: in the event loop's thread, writing and syncing those pages while every
# table waits (docs/online.md, "Load and memory", session 13).
CHECKPOINT_S = 0.5  # how often the thread copies the WAL's frames into the database
# A passive checkpoint never waits for the writer, so at 1,000 actions a second it never
# finds the WAL wholly copied and the WAL would grow without bound: past this many frames
# (about 16 MB) the thread resets it right after a passive checkpoint (a RESTART, with
# little left to copy: its sync is off the loop's thread; from the server's upkeep the
# same reset was a 6-12 ms stall of the loop every ~3 s at 1,000 tables). Should the
# thread's resets keep failing, the server's upkeep tries at twice this.
WAL_RESET_FRAMES = 4000


class SQLiteLog:
    """One SQLite file (WAL) for every table of a server process. Alone, each write
    commits. With `group=True` (the server's), writes join one transaction that flush()
    commits once per event-loop tick, before any frame of that tick is sent: an action is
    still committed before anyone hears of it, and one commit carries a whole tick's
    actions. WAL with synchronous=NORMAL: a commit survives the process being killed
    (kill -9); the last commits before a power cut or an OS crash may be lost (the OS
    had not written them yet)."""

    def __init__(self, path: str | Path, *, read_only: bool = False, group: bool = False) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self.group = group  # writes wait for flush() (the server's group commit)
        self._touched: set[str] = set()
        self._unstamped: set[str] = set()  # written to since their `updated` was last set
        self._stamped = 0.0  # when flush() last set `updated` (time.monotonic)
        self.wal_frames = 0  # frames in the WAL at the last checkpoint
        self.checkpoints = 0  # checkpoints the thread has run
        self.resets = 0  # times upkeep() restarted the WAL from its beginning
        self._ckpt: threading.Thread | None = None
        self._closed = False
        if read_only:  # `crowsnest replay --table`: never creates or changes a file
            uri = Path(self.path).resolve().as_uri() + "?mode=ro"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
            self._db.execute("PRAGMA busy_timeout=5000")
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a process kill
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)
        if group and self.path != ":memory:":
            # Off the commit: the thread checkpoints, with its own connection.
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._ckpt_lock = threading.Lock()  # one checkpoint at a time: the thread's or a reset
            self._ckpt_stop = threading.Event()
            self._ckpt = threading.Thread(
                target=self._checkpoints, name="crowsnest-checkpoint", daemon=True
            )
            self._ckpt.start()

    def _checkpoints(self) -> None:
        """The checkpointer's thread: every CHECKPOINT_S, a passive checkpoint (the WAL's
        committed frames copied into the database and synced, never waiting for the
        writer nor blocking it; sqlite3 lets go of the GIL while it runs). A commit
        is durable in the WAL already: this only keeps the WAL short."""
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA busy_timeout=50")  # a reset waits this long for the writer at most
        failed = False
        try:
            while not self._ckpt_stop.wait(CHECKPOINT_S):
                try:
                    with self._ckpt_lock:
                        row = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as e:  # the disk, for now: the next one tries again
                    if not failed:
                        log.warning("the log's checkpoint failed: %s", e)
                    failed = True
                    continue
                failed = False
                self.wal_frames = int(row[1])
                self.checkpoints += 1
                if self.wal_frames >= WAL_RESET_FRAMES and self._reset(db):
                    self.wal_frames = 0
        finally:
            db.close()

    def _reset(self, db: sqlite3.Connection) -> bool:
        """A RESTART checkpoint on the thread's connection right after its passive one:
        only the frames of the last moments are left to copy."""
        with self._ckpt_lock:
            try:
                busy = db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()[0]
            except sqlite3.Error:
                return False
        if not busy:
            self.resets += 1
        return not busy

    def upkeep(self) -> None:
        """From the server's ticker, between ticks: should the WAL pass twice
        WAL_RESET_FRAMES (the thread's resets failed), a RESTART checkpoint here (what
        the thread has not copied yet, then the next commit writes from the WAL's
        start), so its file stays bounded. Never waits: skipped while the thread's
        checkpoint runs, a transaction is open, or a reader elsewhere holds the WAL
        (busy_timeout 0)."""
        if self._ckpt is None or self.wal_frames < 2 * WAL_RESET_FRAMES:
            return
        if not self._ckpt_lock.acquire(blocking=False):
            return  # the thread is checkpointing: the next tick
        try:
            with self._lock:
                if self._db.in_transaction:
                    return
                self._db.execute("PRAGMA busy_timeout=0")
                try:
                    busy = self._db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()[0]
                except sqlite3.Error:
                    busy = 1
                finally:
                    self._db.execute("PRAGMA busy_timeout=5000")
                if not busy:
                    self.wal_frames = 0
                    self.resets += 1
        finally:
            self._ckpt_lock.release()

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def create(self, code: str, start: dict[str, Any]) -> None:
        now = time.time()
        write = (lambda q, a: self._stage(code, q, a)) if self.group else self._run
        write(
            "INSERT INTO tables (code, start, created, updated) VALUES (?, ?, ?, ?)",
            (code, json.dumps(start), now, now),
        )

    def _stage(self, code: str, sql: str, args: tuple[Any, ...]) -> None:
        """Group commit: the write joins the open transaction; flush() commits it."""
        with self._lock:
            if not self._db.in_transaction:
                self._db.execute("BEGIN")
            self._db.execute(sql, args)
            self._touched.add(code)

    def flush(self) -> None:
        if not self.group:
            return
        with self._lock:
            touched, self._touched = self._touched, set()
            self._unstamped |= touched
            # `updated` (shown by `crowsnest replay`; nothing expires by it here) is set
            # at most once a second, for every table written to since: an UPDATE in each
            # tick's commit cost a quarter of the commit (docs/online.md, session 9).
            stamp = bool(self._unstamped) and time.monotonic() - self._stamped >= STAMP_S
            if not self._db.in_transaction and not stamp:
                return
            try:
                if stamp:
                    self._stamp()
                else:
                    self._db.execute("COMMIT")
            except sqlite3.Error as e:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                raise FlushFailed(sorted(touched), str(e)) from e

    def _stamp(self) -> None:
        """`updated` for the tables written to since it was last set, committed with
        whatever transaction is open (the lock held)."""
        if not self._db.in_transaction:
            self._db.execute("BEGIN")
        now = time.time()
        self._db.executemany(
            "UPDATE tables SET updated = ? WHERE code = ?", [(now, c) for c in self._unstamped]
        )
        self._db.execute("COMMIT")
        self._unstamped.clear()
        self._stamped = time.monotonic()

    def append(self, code: str, entry: Entry) -> None:
        if self.group:
            self._stage(
                code,
                "INSERT INTO entries (code, seq, kind, seat, text, by) VALUES (?,?,?,?,?,?)",
                (code, entry.seq, entry.kind, entry.seat, entry.text, entry.by),
            )
            return
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute(
                    "INSERT INTO entries (code, seq, kind, seat, text, by) VALUES (?,?,?,?,?,?)",
                    (code, entry.seq, entry.kind, entry.seat, entry.text, entry.by),
                )
                self._db.execute(
                    "UPDATE tables SET updated = ? WHERE code = ?", (time.time(), code)
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def entries(self, code: str) -> list[Entry]:
        rows = self._run(
            "SELECT seq, kind, seat, text, by FROM entries WHERE code = ? ORDER BY seq", (code,)
        )
        return [Entry(int(s), str(k), int(st), str(t), str(b)) for s, k, st, t, b in rows]

    def set_seat(self, code: str, row: SeatRow) -> None:
        write = (lambda q, a: self._stage(code, q, a)) if self.group else self._run
        write(
            "INSERT INTO seats (code, seat, token_hash, name, status) VALUES (?,?,?,?,?) "
            "ON CONFLICT (code, seat) DO UPDATE SET token_hash = excluded.token_hash, "
            "name = excluded.name, status = excluded.status",
            (code, row.seat, row.token_hash, row.name, row.status),
        )

    def seats(self, code: str) -> list[SeatRow]:
        rows = self._run(
            "SELECT seat, token_hash, name, status FROM seats WHERE code = ? ORDER BY seat",
            (code,),
        )
        return [SeatRow(int(s), t, str(n), str(st)) for s, t, n, st in rows]

    def start(self, code: str) -> dict[str, Any] | None:
        rows = self._run("SELECT start FROM tables WHERE code = ?", (code,))
        return json.loads(rows[0][0]) if rows else None

    def open_tables(self) -> list[str]:
        return [r[0] for r in self._run("SELECT code FROM tables WHERE state = 'open'")]

    def finish(self, code: str) -> None:
        self._set_state(code, "finished")

    def expire(self, code: str) -> None:
        self._set_state(code, "expired")

    def _set_state(self, code: str, state: str) -> None:
        sql, args = "UPDATE tables SET state = ? WHERE code = ?", (state, code)
        if self.group:
            self._stage(code, sql, args)
        else:
            self._run(sql, args)

    def about(self, code: str) -> tuple[str, float, float] | None:
        """(state: open, finished or expired; created; last updated, epoch seconds)."""
        rows = self._run("SELECT state, created, updated FROM tables WHERE code = ?", (code,))
        return (str(rows[0][0]), float(rows[0][1]), float(rows[0][2])) if rows else None

    def recent(self, limit: int = 5) -> list[tuple[str, str]]:
        """The last `limit` tables touched: (code, state), newest first."""
        rows = self._run("SELECT code, state FROM tables ORDER BY updated DESC LIMIT ?", (limit,))
        return [(str(c), str(st)) for c, st in rows]

    def idle_since(self, code: str) -> float:
        rows = self._run("SELECT updated FROM tables WHERE code = ?", (code,))
        return float(rows[0][0]) if rows else 0.0

    def close(self) -> None:
        if self._ckpt is not None:  # the thread first: the writer's close checkpoints last
            self._ckpt_stop.set()
            self._ckpt.join()
            self._ckpt = None
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self.group and self._unstamped and not self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):  # informational: never worth a close
                    self._stamp()
            self._db.close()
