"""What Table.apply works out once per action instead of once per reader (issue 21), and
the mover's legal list written from the notation kept per deck, give what the straight
way gives: the legal list of every decision of random play is the notation of every
legal action (with the kept notation cleared on the way), and each reader's update says
the action as _seen_action says it for that reader. In-process (no sockets)."""

from __future__ import annotations

import random
import time

import pytest
from crowsnest.net import table as table_mod
from crowsnest.net.log import SQLiteLog
from crowsnest.net.table import Table
from net_registry import REGISTRY


def _table(vid: str) -> Table:
    variant = REGISTRY.variants[vid]
    n = variant.default_seats
    t = Table.create(
        "WORKAB", variant, {"seats": [{"kind": "human"}] * n}, SQLiteLog(":memory:"), time.monotonic
    )
    for i in range(n):
        t.take(i + 1, "en", f"P{i}", i)
    if t.match.public_view_json() is not None:
        t.watch(99, "en", "Spectator")
    return t


@pytest.mark.parametrize("vid", ["crowsnest", "tractor", "doudizhu", "individual3"])
def test_legal_lists_and_seen_actions_are_the_straight_ones(vid, monkeypatch):
    monkeypatch.setattr(table_mod, "FORMATS_KEPT", 12)  # cleared many times over
    t = _table(vid)
    assert t.formats is not None  # the built-in games write the engine's notation
    t.formats.clear()  # shared by the deck's tables: other tests' tables may have filled it
    rng = random.Random(len(vid))
    decisions = hidden = 0
    for _ in range(120):
        m = t.match
        if m.over:
            break
        fmt = m.deal.format_action
        assert t._legal(m) == {fmt(a) for a in m.legal_actions()}
        assert len(t.formats) <= 12
        decisions += 1
        a = m.deal.random_action(rng)
        while m.deal.check(a) is not None:
            a = m.deal.random_action(rng)
        text, seat = fmt(a), m.to_move
        out = t.act(seat + 1, t.seq, text)
        assert len(out) == len(t.readers)
        for rid, f in out:
            r = t.readers[rid]
            assert f["action"] == t._seen_action(r, seat, text, f["events"])
            assert ("legal" in f) == (r.seat == t.match.to_move)
            hidden += f["action"] != text
    assert decisions >= 60
    if vid in ("crowsnest", "tractor"):  # discards and buried cards: some readers not told
        assert hidden > 0


def test_a_game_whose_actions_cannot_be_kept_is_written_each_time(monkeypatch):
    t = _table("crowsnest")
    m = t.match
    want = {m.deal.format_action(a) for a in m.legal_actions()}
    unhashable = [list(a) for a in m.legal_actions()]  # lists: no hash
    monkeypatch.setattr(m, "legal_actions", lambda: unhashable)
    assert t._legal(m) == want
    assert t.formats is None  # and stays so: the table writes each action from now on
    assert t._legal(m) == want
