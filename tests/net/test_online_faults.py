"""A plugin whose code fails after its check passed never puts an action into the log:
the move is refused (or, for the computer, another one is played), the table goes on,
and a restarted server rebuilds every table from its log (over loopback, bounded)."""

from __future__ import annotations

import json
import time

import pytest
from bots import Bot, run, shadow
from conftest import REGISTRY
from crowsnest.engine import Match
from crowsnest.net.log import Entry, SQLiteLog
from crowsnest.net.server import start_in_thread
from crowsnest.net.table import Table

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
            assert b.state["seq"] == entries[-1].seq
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
