"""Never lose your seat: a window at an online table is closed (as a crash would: no
goodbye); a new window offers the seat on the title (Rejoin online table) and in Saves
("Online table CODE, tap to rejoin"); Continue there resumes the same seat with its
ticket, and the table goes on from the server's snapshot."""

from __future__ import annotations

import time

import pytest
from client_driver import DT, click
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.saves import SavesScene
from crowsnest.client.scenes.table import TableScene
from crowsnest.config import Config
from crowsnest.net.server import start_in_thread
from online_windows import Window
from test_online_server import REGISTRY


def window(tmp_path) -> Window:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    app = App(store, size=(1280, 720), registry=REGISTRY)
    app.save_path = tmp_path / "saves" / "autosave.toml"
    return Window("Aino", app, seed=1)


def saves_continue(w: Window, seconds: float = 20.0) -> TableScene:
    """Saves -> the first entry (an online table) -> Continue: the table, once it is open
    again (a failure said on the way fails the test)."""
    saves = w.app.stack.top
    assert isinstance(saves, SavesScene)
    saves.index = 0
    saves._enable()
    b = next(b for b in saves.buttons.buttons if b.value == "continue")
    assert b.enabled
    click(b.rect.center)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w.app.step(DT)
        table = next((s for s in w.app.stack if isinstance(s, TableScene)), None)
        if table is not None:
            return table
        top = w.app.stack.top
        assert not getattr(top, "failed", ""), top.failed
        time.sleep(0.01)
    raise AssertionError("the table did not come back")


@pytest.mark.slow
def test_a_closed_window_rejoins_its_seat_from_saves(tmp_path):
    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = window(tmp_path)
    try:
        seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
        first = {"type": "create", "variant": "doudizhu", "seats": [*seats, seats[1]]}
        w.connect(h.url, first)
        w.wait_open()
        code, seat = w.game.code, w.game.you
        w.game.link.drop()  # the window is gone without a goodbye
        w.app.close()

        w = window(tmp_path)
        w.app.stack.push(w.app.scene("title"))
        w.app.step(DT)
        labels = [b.label for b in w.app.stack.top.menu.buttons]
        assert "Rejoin online table" in labels, labels
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        saves = w.app.stack.top
        assert isinstance(saves, SavesScene)
        assert saves.items[0].title == f"Online table {code}, tap to rejoin"
        table = saves_continue(w)
        game = table.session
        assert game.code == code and game.you == seat  # the same seat, by its ticket
        assert game.status(seat) == "connected"
    finally:
        h.stop()
        w.app.close()
    assert h.server.internal_errors == 0


@pytest.mark.slow
def test_the_host_closes_its_window_and_rejoins_its_own_table(tmp_path, monkeypatch):
    """The host's window closes (its server with it: every table is on disk); a new
    window rejoins from Saves: nothing answers at the address, so it starts its own
    server again on the same database and port, and the seat resumes at the table."""
    from crowsnest.client import hosting
    from crowsnest.client.scenes.online import CodeCardScene
    from test_online_host import press, set_row, wait_for

    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)  # a free port: 8765 may be in use here

    w = window(tmp_path)
    try:
        w.app.stack.push(w.app.scene("title"))
        w.app.step(DT)
        press(w.app, "Play online")
        press(w.app, "Host a table")
        set_row(w.app, "Where the table runs", "This computer only")
        press(w.app, "Open the table")
        code = wait_for(w.app, CodeCardScene).code
        proc = w.app.hosting.proc
    finally:
        w.app.close()  # the server stops with the window
    assert proc.poll() is not None

    w = window(tmp_path)
    try:
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        saves = w.app.stack.top
        assert saves.items[0].title == f"Online table {code}, tap to rejoin"
        table = saves_continue(w, 90)
        assert table.session.code == code and table.session.you == 0
        assert w.app.hosting is not None and w.app.hosting.running
    finally:
        w.app.close()


@pytest.mark.slow
def test_two_players_at_one_window_rejoin_both_seats(tmp_path):
    """Two players at one window hold two seats; the window crashes. Each seat kept its
    own ticket, Saves offers the table once with both seats, and Continue brings both
    back, each on its own connection, with the privacy screen between their turns."""
    from crowsnest.client.online import load_tickets, tickets_file
    from online_windows import Bot, pump, tear_down
    from test_hotseat import check, record_frames
    from test_online_hotseat import two_at_one_window

    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = window(tmp_path)
    bot = None
    try:
        two_at_one_window(h.url, w)
        code = w.game.code
        assert w.game.here == [0, 1]
        end = time.monotonic() + 10
        while len(load_tickets(tickets_file(w.app))) < 2 and time.monotonic() < end:
            w.app.step(DT)
            time.sleep(0.01)
        held = sorted((t.code, t.seat, t.name) for t in load_tickets(tickets_file(w.app)))
        assert held == [(code, 0, "Aino"), (code, 1, "Bo")]
        bot = Bot(h.url, name="Cy", seed=5)
        bot.send({"type": "join", "code": code})
        bot.expect("snapshot")
        w.game.link.drop()  # the window is gone without a goodbye
        w.app.close()

        w = window(tmp_path)
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        saves = w.app.stack.top
        online = [e for e in saves.items if e.kind == "online"]
        assert len(online) == 1 and online[0].title == f"Online table {code}, tap to rejoin"
        assert "seats 1, 2" in online[0].detail, online[0].detail
        saves_continue(w)
        w.wait_open()
        game = w.game
        assert game.code == code and game.here == [0, 1]  # both seats, by their tickets
        assert set(game.match.views) == {0, 1}
        end = time.monotonic() + 10
        while time.monotonic() < end and game.status(1) != "connected":
            w.app.step(DT)
            time.sleep(0.01)
        assert [game.status(s) for s in (0, 1)] == ["connected", "connected"]
        frames = record_frames(w.app, w.table)
        start = game.seq
        end = time.monotonic() + 60
        while time.monotonic() < end and game.seq < start + 12 and not w.sheets:
            busy = pump([bot])
            busy = w.tick() or busy
            if not busy:
                time.sleep(0.003)
        assert game.seq >= start + 12 or w.sheets, game.seq
        assert check(frames, {0, 1}) == {0, 1}  # each saw their own hand, never the other's
        acted = {
            f["seat"] for f in bot.frames if f.get("type") == "update" and f.get("by") == "player"
        }
        assert {0, 1} <= acted, acted  # both played from the rejoined window
    finally:
        tear_down(h, [w], [bot])
    assert h.server.internal_errors == 0


@pytest.mark.slow
def test_a_refused_ticket_is_forgotten_and_the_other_seats_come_back(tmp_path):
    """Two seats held at one table, one ticket no longer valid (its token refused): the
    rejoin says why and forgets that ticket alone; the next rejoin brings the other seat
    back. A table the server no longer has: every ticket of it goes."""
    import dataclasses

    from crowsnest.client.online import _write, load_tickets, tickets_file
    from crowsnest.client.scenes.online import ConnectingScene
    from test_online_hotseat import two_at_one_window

    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = window(tmp_path)
    try:
        two_at_one_window(h.url, w)
        code = w.game.code
        path = tickets_file(w.app)
        end = time.monotonic() + 10
        while len(load_tickets(path)) < 2 and time.monotonic() < end:
            w.app.step(DT)
            time.sleep(0.01)
        w.game.link.drop()
        w.app.close()
        held = load_tickets(path)
        _write([dataclasses.replace(t, token="00" * 16) if t.seat == 1 else t for t in held], path)

        w = window(tmp_path)
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        w.app.stack.top.index = 0
        w.app.stack.top._enable()
        b = next(b for b in w.app.stack.top.buttons.buttons if b.value == "continue")
        click(b.rect.center)
        end = time.monotonic() + 20
        while time.monotonic() < end and not getattr(w.app.stack.top, "failed", ""):
            w.app.step(DT)
            time.sleep(0.01)
        top = w.app.stack.top
        assert isinstance(top, ConnectingScene) and top.failed == (
            "This seat's ticket is no longer valid on that table."
        ), top
        assert [(t.code, t.seat) for t in load_tickets(path)] == [(code, 0)]
        w.app.stack.pop()
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        table = saves_continue(w)
        assert table.session.here == [0]
        table.session.close()
        w.app.close()

        # the table gone from the server (another database): the ticket goes too
        h.stop()
        h = start_in_thread("127.0.0.1", h.port, tmp_path / "other.sqlite3", registry=REGISTRY)
        w = window(tmp_path)
        w.app.stack.push(w.app.scene("saves"))
        w.app.step(DT)
        w.app.stack.top.index = 0
        w.app.stack.top._enable()
        b = next(b for b in w.app.stack.top.buttons.buttons if b.value == "continue")
        click(b.rect.center)
        end = time.monotonic() + 20
        while time.monotonic() < end and not getattr(w.app.stack.top, "failed", ""):
            w.app.step(DT)
            time.sleep(0.01)
        assert w.app.stack.top.failed == "There is no table with that code on this server."
        assert load_tickets(path) == []
    finally:
        h.stop()
        w.app.close()
