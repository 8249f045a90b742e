"""A deal that ends while the window is away (its connection cut, or the window closed
and started again) still gets its end-of-deal sheet: shown when the window is back at
the table, with the deal's own figures (the table's log, replayed, says which)."""

from __future__ import annotations

import time

import pytest
from client_driver import DT, click
from crowsnest.client.scenes.coach import CoachScene
from crowsnest.client.scenes.overlays import EndOfDealScene
from crowsnest.net.server import start_in_thread
from online_windows import Bot, shadow, tear_down
from test_online_rejoin import saves_continue, window
from test_online_server import REGISTRY

AI = {"kind": "ai", "level": "random"}
# grace 0: an away seat is played by the computer at once; 100 deals: the match goes on
FIRST = {
    "type": "create",
    "variant": "doudizhu",
    "seats": [{"kind": "human"}, AI, AI],
    "options": {"deals": 100},
    "rules": {"grace": 0},
}


def watcher_until(bot: Bot, done, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        bot.pump()
        time.sleep(0.01)
    assert done(), "the table did not get there"


def deals_ended(bot: Bot) -> int:
    return sum(
        1
        for f in bot.frames
        if f.get("type") == "update" and any(e.get("type") == "deal_over" for e in f["events"])
    )


def sheet_on_top(w, seconds: float = 20):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w.app.step(DT)
        top = w.app.stack.top
        if isinstance(top, EndOfDealScene):
            return top
        if isinstance(top, CoachScene):  # the coach's first card: read, put away
            top.close()
        time.sleep(0.01)
    raise AssertionError(f"no end-of-deal sheet: {type(w.app.stack.top).__name__} on top")


def history_of(db, code) -> list:
    m, _ = shadow(str(db), code, REGISTRY.variants["doudizhu"])
    return m.history


@pytest.mark.slow
def test_the_sheet_of_a_deal_missed_while_away(tmp_path):
    db = tmp_path / "db.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY)
    w = window(tmp_path)
    watcher = None
    try:
        w.connect(h.url, FIRST)
        w.wait_open()
        game = w.game
        code = game.code
        watcher = Bot(h.url, name="W")
        watcher.send({"type": "join", "code": code, "watch": True})
        watcher.expect("snapshot")

        # 1. the connection is cut and kept away until the computer has ended the deal
        w.clock.hold()
        game.link.drop()
        watcher_until(watcher, lambda: deals_ended(watcher) >= 1)
        w.clock.release()
        sheet = sheet_on_top(w)
        assert game.status(game.you) == "connected"
        got = sheet.ev
        ended = history_of(db, code)[len(game.match.history) - 1]
        assert got["type"] == "deal_over"
        assert {k: v for k, v in got.items() if k != "type"} == {
            k: v for k, v in ended.items() if k != "deal"
        }
        click(sheet.button.rect.center)  # Continue: the table goes on
        w.app.step(DT)
        assert not isinstance(w.app.stack.top, EndOfDealScene)

        # 2. the window is closed (no goodbye) and another deal ends before it is back
        seen = len(game.match.history)
        game.link.drop()
        w.app.close()
        end = time.monotonic() + 60
        while time.monotonic() < end and len(history_of(db, code)) <= seen:
            time.sleep(0.05)
        assert len(history_of(db, code)) > seen, "no deal ended while the window was closed"
        w = window(tmp_path)
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        table = saves_continue(w, 30)
        sheet = sheet_on_top(w, 30)
        history = table.session.match.history
        assert len(history) > seen
        assert {k: v for k, v in sheet.ev.items() if k != "type"} == {
            k: v for k, v in history[-1].items() if k != "deal"
        }
    finally:
        tear_down(h, [w], [watcher])
    assert h.server.internal_errors == 0


@pytest.mark.slow
def test_a_match_that_ended_while_away(tmp_path):
    """The last deal, and with it the match, ends while the window is away: back at the
    table it shows the deal's sheet, then the match's; the seat's ticket is gone (nothing
    to rejoin) and the match is in the statistics, marked online."""
    from crowsnest.client.online import load_tickets, tickets_file
    from crowsnest.client.scenes.overlays import GameOverScene

    db = tmp_path / "db.sqlite3"
    h = start_in_thread("127.0.0.1", 0, db, registry=REGISTRY)
    w = window(tmp_path)
    watcher = None
    try:
        w.connect(h.url, {**FIRST, "options": {"deals": 1}})
        w.wait_open()
        game = w.game
        code = game.code
        assert [t.code for t in load_tickets(tickets_file(w.app))] == [code]
        watcher = Bot(h.url, name="W")
        watcher.send({"type": "join", "code": code, "watch": True})
        watcher.expect("snapshot")
        w.clock.hold()
        game.link.drop()
        watcher_until(watcher, lambda: any(f.get("over") for f in watcher.frames))
        w.clock.release()
        sheet = sheet_on_top(w)
        assert game.match.over
        click(sheet.button.rect.center)  # Continue: the match's sheet is under it
        w.app.step(DT)
        assert isinstance(w.app.stack.top, GameOverScene), w.app.stack.top
        m, _ = shadow(str(db), code, REGISTRY.variants["doudizhu"])
        assert w.app.stack.top.ev["winner"] == m.winner
        assert load_tickets(tickets_file(w.app)) == []  # nothing left to rejoin
        end = time.monotonic() + 5
        while time.monotonic() < end and not game.recorded:
            w.app.step(DT)
            time.sleep(0.01)
        assert game.recorded and any(r["online"] for r in w.app.db.match_rows())
    finally:
        tear_down(h, [w], [watcher])
    assert h.server.internal_errors == 0
