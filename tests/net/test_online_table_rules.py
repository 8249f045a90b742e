"""A table's rules over the wire (loopback, bounded): the turn clock and its bank, chat
(presets in each reader's language, free text only where allowed, rate-limited), undo
(off, and the others agree), idle expiry, and the per-address caps on connections and
joins. The server's clock is the real one plus an offset the test moves on."""

from __future__ import annotations

import time

import pytest
from bots import Bot
from crowsnest.net import words
from crowsnest.net.log import SQLiteLog
from crowsnest.net.server import Caps, start_in_thread
from net_registry import REGISTRY

pytestmark = pytest.mark.slow


class Clock:
    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset


@pytest.fixture
def make(tmp_path):
    handles = []

    def start(**kw):
        db = tmp_path / f"online{len(handles)}.sqlite3"
        h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY, ai_budget_s=2.0, **kw)
        h.db = str(db)
        handles.append(h)
        return h

    yield start
    for h in handles:
        h.stop()
        assert h.server.internal_errors == 0


def until(bots, pred, seconds=30.0):
    """Pump (no playing) until pred() holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for b in bots:
            b.pump()
        if pred():
            return
        time.sleep(0.005)
    raise AssertionError(f"not within {seconds} s: last frames {bots[0].frames[-2:]}")


def my_turn(b):
    s = b.state
    return s.get("to_move") == b.seat and bool(s.get("legal")) and s.get("seq") == b.seq


def create(url, *, humans=1, lang="en", rules=None, variant="crowsnest", name="Ada"):
    n = 3 if variant == "doudizhu" else 4
    b = Bot(url, lang=lang, name=name, seed=7)
    b.send(
        {
            "type": "create",
            "variant": variant,
            "seats": [{"kind": "human"}] * humans
            + [{"kind": "ai", "level": "easy"}] * (n - humans),
            "options": {"target": 50} if variant != "doudizhu" else {"deals": 1},
            "rules": {"substitute": "easy", **(rules or {})},
        }
    )
    b.expect("created")
    b.expect("snapshot")
    return b


# ------------------------------------------------------------------ the turn clock


def test_the_turn_clock_spends_the_bank_then_the_substitute_plays_one_move(make):
    clock = Clock()
    h = make(clock=clock)
    ada = create(h.url, rules={"turn": 5, "bank": 3})
    until([ada], lambda: my_turn(ada))
    c = ada.state["clock"]
    assert c["seat"] == ada.seat and 4.0 < c["turn_left"] <= 5 and c["bank_left"] == 3

    # Over the turn by 1 s: the bank pays, nothing is played for her.
    clock.offset += 6
    time.sleep(0.6)  # two ticks
    ada.send({"type": "snapshot"})
    snap = ada.expect("snapshot")
    assert snap["seq"] == ada.seq and snap["clock"]["turn_left"] == 0
    left = snap["clock"]["bank_left"]
    assert 0.3 < left <= 2.0  # 3 less the second over and what real time added
    ada.sent_at = -1
    assert ada.play()
    until(
        [ada],
        lambda: any(f.get("type") == "update" and f["seat"] == ada.seat for f in ada.frames[-8:]),
    )

    # Her next decision: a fresh turn, the bank what was left (about 2 s).
    until([ada], lambda: my_turn(ada) and ada.sent_at != ada.seq)
    c = ada.state["clock"]
    assert 4.0 < c["turn_left"] <= 5 and 0 < c["bank_left"] <= left
    mark, seq = len(ada.frames), ada.seq
    clock.offset += 8  # turn and bank both run out: the substitute plays that one move
    until([ada], lambda: ada.seq > seq)
    mine = [f for f in ada.frames[mark:] if f.get("type") == "update" and f["seq"] == seq + 1]
    assert mine and mine[0]["seat"] == ada.seat and mine[0]["by"] == "clock"
    assert not [f for f in ada.frames[mark:] if f.get("type") == "seat"]  # still hers

    # The seat stays hers, with no bank: the table waits for her again.
    until([ada], lambda: my_turn(ada) and ada.seq > seq + 1, seconds=60)
    c = ada.state["clock"]
    assert c["bank_left"] == 0 and c["turn_left"] > 4.0
    at = ada.seq
    time.sleep(0.6)
    ada.pump()
    assert ada.seq == at  # nothing was played for her
    ada.sent_at = -1
    assert ada.play()
    until([ada], lambda: ada.seq > at)
    assert [f for f in ada.frames if f.get("type") == "update" and f["seq"] == at + 1][0][
        "by"
    ] == "player"


# ------------------------------------------------------------------ chat


def test_chat_presets_reach_each_reader_in_their_own_language(make):
    h = make()
    ada = create(h.url, humans=2, lang="fi")
    ben = Bot(h.url, lang="fr", name="Ben")
    ben.send({"type": "join", "code": ada.code})
    ben.expect("joined")
    eve = Bot(h.url, lang="sv", name="Eve")
    eve.send({"type": "join", "code": ada.code, "watch": True})
    eve.expect("joined")
    ada.send({"type": "chat", "preset": "gg"})
    got = {b.lang: b.expect("chat") for b in (ada, ben, eve)}
    for lang, f in got.items():
        assert f["preset"] == "gg" and f["seat"] == 0 and f["name"] == "Ada"
        assert f["text"] == words.say(lang, words.PRESETS["gg"]) != "Good game"
    assert len({f["text"] for f in got.values()}) == 3
    eve.send({"type": "chat", "preset": "nice"})  # a spectator may chat, as itself
    f = ada.expect("chat")
    assert f["seat"] is None and f["name"] == "Eve" and f["text"] == words.say("fi", "Nice play")
    # Free text at a presets-only table, an unknown preset: an error, nobody hears it.
    ben.send({"type": "chat", "text": "hello there"})
    assert ben.expect("error")["code"] == "chat_off"
    ben.send({"type": "chat", "preset": "rude"})
    assert ben.expect("error")["code"] == "bad_preset"
    time.sleep(0.2)
    ada.pump()
    assert not [f for f in ada.frames if f.get("type") == "chat" and f["name"] == "Ben"]


def test_free_text_only_where_allowed_cleaned_and_rate_limited(make):
    h = make()
    ada = create(h.url, humans=2, rules={"chat": "free"})
    ben = Bot(h.url, name="Ben")
    ben.send({"type": "join", "code": ada.code})
    ben.expect("joined")
    ben.send({"type": "chat", "text": "nice\n\x1b[2J one \u202eevil"})
    f = ada.expect("chat")
    assert f["text"] == "nice [2J one evil" and "preset" not in f and f["seat"] == ben.seat
    ben.send({"type": "chat", "text": " \n\t "})
    assert ben.expect("error")["code"] == "chat_off"  # nothing left to say
    ben.send({"type": "chat", "text": "x" * 201})
    assert ben.expect("error")["code"] == "bad_frame"
    # 1 every 2 seconds, a burst of 5 (the first two above took two).
    for i in range(6):
        ben.send({"type": "chat", "text": f"spam {i}"})
    assert ben.expect("error")["code"] == "rate_limited"
    time.sleep(0.3)
    ada.pump()
    said = [f["text"] for f in ada.frames if f.get("type") == "chat"]
    assert said[1:] == ["spam 0", "spam 1", "spam 2"]
    off = create(h.url, rules={"chat": "off"}, name="Cy")
    off.send({"type": "chat", "preset": "gg"})
    assert off.expect("error")["code"] == "chat_off"


# ------------------------------------------------------------------ undo


def test_undo_off_is_refused(make):
    h = make()
    ada = create(h.url)
    until([ada], lambda: my_turn(ada))
    ada.send({"type": "undo", "op": "ask", "seq": ada.seq})
    r = ada.expect("refused")
    assert r["code"] == "undo_off" and r["reason"] and ada.state["can_undo"] is False


def test_undo_needs_the_other_seat_to_agree(make):
    h = make()
    ada = create(h.url, humans=2, rules={"undo": "agree"})
    ben = Bot(h.url, name="Ben", lang="da")
    ben.send({"type": "join", "code": ada.code})
    ben.expect("joined")
    # Ada decides once; she asks to take it back at the next moment the table waits.
    until([ada, ben], lambda: my_turn(ada) or my_turn(ben))
    if my_turn(ben):
        ben.play()
        until([ada, ben], lambda: my_turn(ada))
    ada.play()
    until([ada, ben], lambda: (my_turn(ada) and ada.sent_at != ada.seq) or my_turn(ben), 60)
    assert ada.state["can_undo"] is True
    ada.send({"type": "undo", "op": "ask", "seq": ada.seq - 1})
    assert ada.expect("refused")["code"] == "stale"
    seq = ada.seq
    ada.send({"type": "undo", "op": "ask", "seq": seq})
    asked = ben.expect("undo")
    assert asked["state"] == "asked" and asked["by"] == ada.seat
    assert asked["text"] == words.say("da", words.UNDO["asked"], name="Ada")
    ada.send({"type": "undo", "op": "ask", "seq": seq})
    assert ada.expect("refused")["code"] == "undo_pending"
    ben.send({"type": "undo", "op": "no"})
    declined = ada.expect("undo")
    assert declined["state"] == "declined" and declined["who"] == ben.seat
    _, entries = _entries(h, ada.code)
    assert entries[-1].kind == "act" and entries[-1].seq == seq

    ada.send({"type": "undo", "op": "ask", "seq": seq})
    ben.expect("undo")
    ada.send({"type": "undo", "op": "yes"})  # the asker's own vote counts for nothing
    assert ada.expect("refused")["code"] == "nothing_to_undo"
    ben.send({"type": "undo", "op": "yes"})
    assert ada.expect("undo")["state"] == "done"
    snap = ada.expect("snapshot")
    _, entries = _entries(h, ada.code)
    assert entries[-1].kind == "undo" and snap["seq"] == entries[-1].seq == seq + 1
    kept = int(entries[-1].text)
    assert snap["to_move"] == ada.seat  # back to her decision
    from bots import shadow

    m, _ = shadow(h.db, ada.code, REGISTRY.variants["crowsnest"])
    assert len(m.log) == kept and snap["view"]["hand"] == m.view_json(ada.seat)["hand"]


def _entries(h, code):
    db = SQLiteLog(h.db)
    try:
        return db.start(code), db.entries(code)
    finally:
        db.close()


# ------------------------------------------------------------------ idle tables


def test_an_idle_table_with_nobody_at_it_expires(make):
    h = make(idle_expiry_s=1.0)
    gone = create(h.url, name="Gone")
    stays = create(h.url, name="Stays")
    gone.drop()
    until([stays], lambda: gone.code not in h.server.tables, seconds=10)
    time.sleep(1.0)
    assert stays.code in h.server.tables  # someone is connected: never idle
    probe = Bot(h.url)
    probe.send({"type": "join", "code": gone.code, "watch": True})
    assert probe.expect("error")["code"] == "no_table"
    db = SQLiteLog(h.db)
    assert db.about(gone.code)[0] == "expired" and db.about(stays.code)[0] == "open"
    db.close()


# ------------------------------------------------------------------ per-address caps


def test_connections_per_address_are_capped(make):
    h = make(caps=Caps(per_address=3))
    bots = [Bot(h.url, name=f"B{i}") for i in range(3)]
    extra = Bot.__new__(Bot)  # a fourth connection from the same address
    from crowsnest.net.client import ThreadClient

    c = ThreadClient(h.url)
    f = c.wait(5)
    assert f["type"] == "error" and f["code"] == "busy" and f["text"]
    assert c.wait(5)["type"] == "_closed"
    bots[0].drop()
    time.sleep(0.3)
    again = Bot(h.url, name="Again")  # a freed place can be taken
    again.send({"type": "snapshot"})
    assert again.expect("error")["code"] == "not_at_table"
    del extra


def test_joins_per_address_share_one_bucket(make):
    h = make(joins_per_min=6)  # a burst of 3, then one every 10 s
    owner = create(h.url, humans=4)  # 1 join-bucket token
    a = Bot(h.url, name="A")
    b = Bot(h.url, name="B")
    a.send({"type": "join", "code": owner.code})
    a.expect("joined")
    b.send({"type": "join", "code": owner.code})
    b.expect("joined")
    c = Bot(h.url, name="C")  # another connection, the same address: the same bucket
    c.send({"type": "join", "code": owner.code})
    err = c.expect("error")
    assert err["code"] == "rate_limited" and err["text"]
    assert owner.code in h.server.tables
    assert sum(1 for s in h.server.tables[owner.code].seats if s.token_hash) == 3
