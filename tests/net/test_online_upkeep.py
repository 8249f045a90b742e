"""The server's upkeep off the per-action path (docs/online.md, "Load and memory",
session 9): in its own process it runs Python's full collection itself, from the
ticker, and puts the collector back as it was when it stops; the group commit sets a
table's `updated` at most once a second, and once more when the log is closed."""

from __future__ import annotations

import gc
import time
from pathlib import Path

import pytest
from crowsnest.net import log as log_mod
from crowsnest.net import server as server_mod
from crowsnest.net.log import Entry, SQLiteLog
from crowsnest.net.server import start_in_thread


@pytest.mark.slow
def test_full_collection_by_the_ticker_and_the_collector_put_back(tmp_path, monkeypatch, registry):
    before = gc.get_threshold()
    full: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    monkeypatch.setattr(server_mod, "TICK_S", 0.02)
    gc.callbacks.append(seen)
    try:
        h = start_in_thread(
            "127.0.0.1", 0, tmp_path / "o.sqlite3", registry=registry, full_gc_s=0.05
        )
        try:
            deadline = time.monotonic() + 10
            while len(full) < 3 and time.monotonic() < deadline:
                time.sleep(0.02)
            # Python's own trigger of the oldest generation is out of reach while it serves.
            assert gc.get_threshold()[2] >= 10**9
        finally:
            h.stop()
    finally:
        gc.callbacks.remove(seen)
    assert len(full) >= 3, "the ticker ran no full collection"
    assert gc.get_threshold() == before


def test_a_server_in_a_thread_leaves_the_collector_alone(tmp_path, registry):
    before = gc.get_threshold()
    h = start_in_thread("127.0.0.1", 0, tmp_path / "o.sqlite3", registry=registry)
    try:
        assert gc.get_threshold() == before
    finally:
        h.stop()


def test_updated_is_set_at_most_once_a_second_and_at_close(tmp_path, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(log_mod.time, "monotonic", lambda: now[0])
    path = tmp_path / "o.sqlite3"
    db = SQLiteLog(path, group=True)
    db.create("ABCDEF", {"variant": "crowsnest"})
    db.flush()
    first = db.about("ABCDEF")[2]
    db.append("ABCDEF", Entry(1, "act", 0, "bid 100"))
    db.flush()  # committed at once, `updated` left for later (no second has passed)
    assert [e.text for e in db.entries("ABCDEF")] == ["bid 100"]
    assert db.about("ABCDEF")[2] == first
    time.sleep(0.01)  # the wall clock `updated` holds moves on
    now[0] += log_mod.STAMP_S
    db.append("ABCDEF", Entry(2, "act", 1, "pass"))
    db.flush()
    second = db.about("ABCDEF")[2]
    assert second > first
    db.append("ABCDEF", Entry(3, "act", 2, "pass"))
    db.flush()
    time.sleep(0.01)
    db.close()  # what was left unstamped is set now
    again = SQLiteLog(path, group=True)
    assert again.about("ABCDEF")[2] > second
    assert [e.seq for e in again.entries("ABCDEF")] == [1, 2, 3]
    again.close()


def test_the_lobby_summary_is_made_again_only_when_the_seats_or_the_end_change(registry):
    from crowsnest.net.directory import LocalDirectory
    from crowsnest.net.server import Server
    from crowsnest.net.table import Table

    class Counting(LocalDirectory):
        def __init__(self) -> None:
            super().__init__()
            self.told: list[dict] = []

        def publish(self, code: str, entry: dict) -> None:
            self.told.append(entry)
            super().publish(code, entry)

    db = SQLiteLog(":memory:", group=True)
    d = Counting()
    s = Server(registry, db, directory=d)
    made: list[dict] = []
    real = s._summary
    s._summary = lambda t: made.append(1) or real(t)  # type: ignore[method-assign]
    t = Table.create(
        "ABCDEF",
        registry.variants["crowsnest"],
        {"seats": [{"kind": "human"}] * 4},
        db,
        time.monotonic,
    )
    s.tables[t.code] = t
    s._publish(t)
    assert len(made) == 1 and len(d.told) == 1 and d.told[-1]["free"] == [0, 1, 2, 3]
    for _ in range(5):  # the ticker's renewals: nothing changed, nothing made or told
        s._publish(t)
    assert len(made) == 1 and len(d.told) == 1
    assert t.has_public_view() and t.match._views == {}  # no view kept for the lobby
    t.take(7, "en", "Ada", 2)
    s._publish(t)
    assert len(made) == 2 and d.told[-1]["free"] == [0, 1, 3]
    t.leave(7)  # away: the status changes, the seat stays taken
    s._publish(t)
    assert d.told[-1]["players"][2]["status"] == "away" and len(made) == 3


def _play_rounds(db: SQLiteLog, codes: list[str], rounds: int, first: int = 1) -> None:
    for seq in range(first, first + rounds):
        for code in codes:
            db.append(code, Entry(seq, "act", 0, "bid 100"))
            db.flush()  # one commit per action: the most WAL frames per action
        db.upkeep()


def test_a_commit_never_checkpoints_the_wal(tmp_path, monkeypatch):
    """SQLite's automatic checkpoint (1,000 pages, written and synced inside a commit)
    is off for the server's log: with its thread held back, the database file does not
    grow however long the WAL gets."""
    monkeypatch.setattr(log_mod, "CHECKPOINT_S", 3600.0)
    path = tmp_path / "o.sqlite3"
    db = SQLiteLog(path, group=True)
    codes = [f"T{i:05d}" for i in range(20)]
    for code in codes:
        db.create(code, {"variant": "crowsnest"})
    db.flush()
    size = path.stat().st_size
    _play_rounds(db, codes, 60)  # 1,200 commits: past the automatic checkpoint's 1,000 pages
    wal = Path(f"{path}-wal").stat().st_size
    assert wal > 1000 * 4096
    assert path.stat().st_size == size  # nothing was copied into the database
    db.close()
    again = SQLiteLog(path)
    assert [e.seq for e in again.entries(codes[-1])] == list(range(1, 61))
    again.close()


@pytest.mark.slow
def test_the_checkpointer_thread_keeps_the_wal_short_and_ends_at_close(tmp_path, monkeypatch):
    monkeypatch.setattr(log_mod, "CHECKPOINT_S", 0.01)
    monkeypatch.setattr(log_mod, "WAL_RESET_FRAMES", 40)
    path = tmp_path / "o.sqlite3"
    db = SQLiteLog(path, group=True)
    thread = db._ckpt
    assert thread is not None and thread.is_alive()
    codes = [f"T{i:05d}" for i in range(20)]
    for code in codes:
        db.create(code, {"variant": "crowsnest"})
    db.flush()
    wal = Path(f"{path}-wal")
    biggest, rounds = 0, 0
    deadline = time.monotonic() + 30
    while (rounds < 150 or db.resets < 3) and time.monotonic() < deadline:
        _play_rounds(db, codes, 1, rounds + 1)
        rounds += 1
        biggest = max(biggest, wal.stat().st_size)
        time.sleep(0.002)  # the thread's turn (a loaded machine may starve it)
    assert db.checkpoints > 0 and db.resets >= 3
    assert path.stat().st_size > 8192  # the entries were copied into the database
    # 3,000 commits wrote at least 3,000 frames (12 MB); the WAL stayed a fraction of that.
    assert rounds * len(codes) >= 3000
    assert biggest < 3 * 2**20
    db.close()
    assert not thread.is_alive()
    again = SQLiteLog(path)
    assert [e.seq for e in again.entries(codes[0])] == list(range(1, rounds + 1))
    again.close()


@pytest.mark.slow
def test_the_servers_ticker_resets_the_wal_and_its_stop_ends_the_checkpointer(
    tmp_path, monkeypatch, registry
):
    from bots import Bot, run

    monkeypatch.setattr(server_mod, "TICK_S", 0.02)
    monkeypatch.setattr(log_mod, "CHECKPOINT_S", 0.01)
    monkeypatch.setattr(log_mod, "WAL_RESET_FRAMES", 1)
    # The thread's own resets fail (as with a reader elsewhere): the ticker's upkeep resets.
    monkeypatch.setattr(SQLiteLog, "_reset", lambda self, db: False)
    h = start_in_thread("127.0.0.1", 0, tmp_path / "o.sqlite3", registry=registry)
    db = h.server.log
    thread = db._ckpt
    try:
        owner = Bot(h.url, name="Ada")
        seats = [{"kind": "human"}] + [{"kind": "ai", "level": "random"}] * 3
        owner.send({"type": "create", "variant": "crowsnest", "seats": seats})
        owner.expect("created")
        run([owner], until=lambda: db.resets >= 2, seconds=20)
        assert db.resets >= 2  # by the ticker's upkeep (nothing else calls it here)
    finally:
        h.stop()
    assert not thread.is_alive()


def test_the_keepalive_pings_a_slice_of_the_connections_each_tick(registry):
    """Every connection is pinged once a round of PING_S, and no tick pings more than its
    share: 4,000 connections' pings in one callback were a stall for every table."""
    from types import SimpleNamespace

    from crowsnest.net.server import PING_S, TICK_S, Server

    s = Server(registry, SQLiteLog(":memory:", group=True))
    pinged: list[tuple[int, int]] = []  # (tick, connection)
    tick = [0]

    def conn(i: int) -> SimpleNamespace:
        ws = SimpleNamespace(keepalive_tick=lambda now: pinged.append((tick[0], i)))
        return SimpleNamespace(id=i, ws=ws)

    for i in range(1000):
        s.conns[i] = conn(i)  # type: ignore[assignment]
    ticks = round(PING_S / TICK_S)
    for tick[0] in range(2 * ticks):
        if tick[0] == ticks // 2:
            s.conns[5000] = conn(5000)  # type: ignore[assignment]  # joins mid-round
        s._keepalive()
    first = [i for t, i in pinged if t < ticks]
    second = [i for t, i in pinged if t >= ticks]
    assert sorted(first) == list(range(1000))  # each once in the round
    assert sorted(second) == [*range(1000), 5000]  # the newcomer from the next round on
    per_tick = [sum(1 for t, _ in pinged if t == k) for k in range(2 * ticks)]
    assert max(per_tick) <= -(-1001 // ticks)
