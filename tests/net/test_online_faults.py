"""A plugin whose code fails after its check passed never puts an action into the log:
the move is refused (or, for the computer, another one is played), the table goes on,
and a restarted server rebuilds every table from its log (over loopback, bounded)."""

from __future__ import annotations

import json
import time

import pytest
from bots import Bot, run, shadow
from crowsnest.engine import Match
from crowsnest.net.log import Entry, SQLiteLog
from crowsnest.net.server import start_in_thread
from crowsnest.net.table import Table
from net_registry import REGISTRY

pytestmark = pytest.mark.slow


def plant(monkeypatch, table, times=1):
    """The table's deal class fails, after doing its work, on its next `times` applies to
    the table's own deal (the AIs' searches on clones are left alone)."""
    cls = type(table.match.deal)
    real = cls.apply
    left = [times]
    hit: list[int] = []  # the seats whose move failed

    def broken(self, action):  # type: ignore[no-untyped-def]
        mine = self is table.match.deal
        seat = table.match.to_move
        out = real(self, action)
        if mine and left[0] > 0:
            left[0] -= 1
            hit.append(seat)
            raise IndexError("half done")
        return out

    monkeypatch.setattr(cls, "apply", broken)
    return left, hit


def wire(x):
    return json.loads(json.dumps(x))


def test_a_faulting_plugin_logs_nothing_and_a_restart_replays_the_log(
    server, tmp_path, monkeypatch
):
    owner = Bot(server.url, name="Ada", seed=3)
    owner.send(
        {
            "type": "create",
            "variant": "crowsnest",
            "seats": [{"kind": "human"}] * 2 + [{"kind": "ai", "level": "easy"}] * 2,
            "options": {"target": 100},
        }
    )
    owner.expect("created")
    ben = Bot(server.url, name="Ben", seed=4)
    ben.send({"type": "join", "code": owner.code})
    ben.expect("joined")
    bots = [owner, ben]
    run(bots, until=lambda: owner.seq >= 6, seconds=60)
    table = server.server.tables[owner.code]

    # A player's move: refused with a sentence, nothing logged, nobody else told.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for b in bots:
            b.pump()
        mover = next((b for b in bots if b.seat == table.match.to_move), None)
        if mover is not None and mover.my_turn() and mover.seq == table.seq:
            break
        time.sleep(0.01)
    assert mover is not None
    left, _ = plant(monkeypatch, table)
    seq = table.seq
    mover.play()
    refused = mover.expect("refused")
    assert refused["code"] == "fault" and refused["reason"] and refused["seq"] == seq
    assert left[0] == 0 and table.seq == seq
    _, entries = shadow(server.db, owner.code, REGISTRY.variants["crowsnest"])
    assert entries[-1].seq == seq
    assert mover.sent_at == -1  # the bot chooses again (bots.py)

    # A computer move the game fails on: another legal move is played, the table goes on.
    for _ in range(20):
        run(bots, until=lambda: table.match.to_move >= 2, seconds=60)
        left, hit = plant(monkeypatch, table)
        at = table.seq
        run(bots, until=lambda left=left, at=at: left[0] == 0 and table.seq > at, seconds=60)
        monkeypatch.undo()
        if hit[0] >= 2:
            break
    assert hit[0] >= 2, "no computer move was planted on"
    run(bots, until=lambda: owner.seq > seq + 8, seconds=120)
    assert server.server.internal_errors == 0

    # Restart on the same database: the log replays, every seat resumes where it was.
    server.stop()
    _, entries = shadow(server.db, owner.code, REGISTRY.variants["crowsnest"])
    again = start_in_thread("127.0.0.1", 0, server.db, registry=REGISTRY, ai_budget_s=2.0)
    try:
        assert owner.code in again.server.tables
        for b in bots:
            b.url = again.url
            b.resume()
            # Nothing lost: the seat resumes at the log's seq at the stop or later, since
            # the computer seats play on from the restart before this resume (a race the
            # test lost at load 8: seq 21 against the stop's 20); what came after is
            # theirs alone, and the view is the replay's at the seq resumed.
            at = b.state["seq"]
            assert at >= entries[-1].seq
            m_at, now = shadow(server.db, owner.code, REGISTRY.variants["crowsnest"], upto=at)
            assert at in {e.seq for e in now}
            assert all(e.by == "ai" for e in now if entries[-1].seq < e.seq <= at)
            assert b.state["view"] == wire(m_at.view_json(b.seat))
        run(bots, until=lambda: owner.seq >= entries[-1].seq + 4, seconds=120)
        for b in bots:
            b.pump()
        m, entries = shadow(server.db, owner.code, REGISTRY.variants["crowsnest"])
        time.sleep(0.2)
        for b in bots:
            b.pump()
            if b.seq == entries[-1].seq:
                assert b.state["view"] == wire(m.view_json(b.seat))
        assert again.server.internal_errors == 0
    finally:
        again.stop()


class FailingLog(SQLiteLog):
    def __init__(self, path):
        super().__init__(path)
        self.fail = False

    def append(self, code: str, entry: Entry) -> None:
        if self.fail:
            raise OSError("disk full")
        super().append(code, entry)


def test_an_action_the_log_cannot_take_is_taken_back(tmp_path):
    variant = REGISTRY.variants["crowsnest"]
    log = FailingLog(tmp_path / "t.sqlite3")
    t = Table.create("ABCDEF", variant, {"seats": [{"kind": "human"}] * 4}, log, time.monotonic)
    for _ in range(5):
        t.apply(t.match.to_move, t.match.legal_strings()[0], "player")
    before = (t.seq, t.match.state(), list(t.match.log_strings()))
    log.fail = True
    with pytest.raises(OSError):
        t.apply(t.match.to_move, t.match.legal_strings()[0], "player")
    assert (t.seq, t.match.state(), list(t.match.log_strings())) == before
    log.fail = False
    t.apply(t.match.to_move, t.match.legal_strings()[0], "player")
    back = Table.restore("ABCDEF", variant, log, time.monotonic)
    assert back.seq == t.seq == 6 and back.match.state() == t.match.state()
    assert isinstance(back.match, Match)
    log.close()


def test_a_failed_group_commit_tells_nobody_and_the_table_goes_back_to_its_log(tmp_path):
    """The server's log commits once per loop tick before that tick's frames go out; a
    commit that fails sends none of them: the table is rebuilt from what is on disk and
    its readers reconnect and resume there."""
    from crowsnest.net.log import FlushFailed

    db = tmp_path / "online.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY, ai_budget_s=2.0)
    try:
        log = h.server.log
        owner = Bot(h.url, name="Ada", seed=1)
        owner.send({"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3})
        owner.expect("created")
        bots = [owner]
        for i in (1, 2):
            b = Bot(h.url, name=f"P{i}", seed=i + 1)
            b.send({"type": "join", "code": owner.code})
            b.expect("joined")
            bots.append(b)
        run(bots, until=lambda: owner.seq >= 3, seconds=60)
        time.sleep(0.3)
        for b in bots:
            b.pump()
        seq = owner.seq
        real = log.flush
        failed = []

        def failing() -> None:
            if not failed and log._touched:  # the next commit with something in it
                failed.append(sorted(log._touched))
                log._touched.clear()
                log._db.execute("ROLLBACK")
                raise FlushFailed(failed[0], "disk I/O error")
            real()

        log.flush = failing
        mover = next(b for b in bots if b.my_turn())
        mover.play()
        for b in bots:
            b.expect("_closed", 10)  # sent away (1012) to resume
        assert failed == [[owner.code]]
        assert all(f.get("seq", 0) <= seq for b in bots for f in b.frames)  # nobody heard
        log.flush = real
        for b in bots:
            b.resume()
            assert b.state["seq"] == seq  # the table as its log has it
        run(bots, until=lambda: owner.seq >= seq + 3, seconds=60)
        _, entries = shadow(str(db), owner.code, REGISTRY.variants["doudizhu"])
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        assert h.server.internal_errors == 1  # the failed commit, counted
        h.server.internal_errors = 0
    finally:
        h.stop()


def test_a_commit_refused_as_unavailable_takes_the_table_back_and_keeps_every_seat(tmp_path):
    """The store cannot be reached at a commit (Redis away, kind "unavailable") and the
    lost writes are actions: the table is taken back in memory, nobody hears of the move,
    everyone gets a snapshot at the seq before it, the mover is told in their language
    that it was not played, every connection stays, and the move played again lands."""
    from crowsnest.net import words
    from crowsnest.net.log import FlushFailed

    db = tmp_path / "online.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY, ai_budget_s=2.0)
    try:
        log = h.server.log
        owner = Bot(h.url, name="Ada", seed=1, lang="fi")
        owner.send({"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3})
        owner.expect("created")
        bots = [owner]
        for i in (1, 2):
            b = Bot(h.url, name=f"P{i}", seed=i + 1, lang="fi")
            b.send({"type": "join", "code": owner.code})
            b.expect("joined")
            bots.append(b)
        run(bots, until=lambda: owner.seq >= 3, seconds=60)
        time.sleep(0.3)
        for b in bots:
            b.pump()
        seq = owner.seq
        real = log.flush
        failed = []

        def failing() -> None:
            if not failed and log._touched:  # the next commit with something in it
                failed.append(sorted(log._touched))
                log._touched.clear()
                log._db.execute("ROLLBACK")
                raise FlushFailed(
                    failed[0], "Connection refused", kind="unavailable", since={owner.code: seq + 1}
                )
            real()

        log.flush = failing
        mover = next(b for b in bots if b.my_turn())
        mover.play()
        refused = mover.expect("refused", 10)
        assert refused["code"] == "unavailable" and refused["seq"] == seq
        assert refused["reason"] == words.say("fi", words.REFUSALS["unavailable"])
        assert refused["reason"] != words.REFUSALS["unavailable"]  # in Finnish
        for b in bots:
            snap = b.expect("snapshot", 10)  # the mover's comes after its refusal
            assert snap["seq"] == seq and not b.closed
        assert failed == [[owner.code]]
        assert all(f.get("type") != "update" or f["seq"] <= seq for b in bots for f in b.frames)
        log.flush = real
        run(bots, until=lambda: owner.seq >= seq + 3, seconds=60)  # the mover plays again
        _, entries = shadow(str(db), owner.code, REGISTRY.variants["doudizhu"])
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        assert len(entries) >= seq + 3 and not any(b.closed for b in bots)
    finally:
        h.stop()
    assert h.server.internal_errors == 0  # the store away is no fault of ours
