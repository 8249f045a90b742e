"""Two people at one window at an online table (a real server on 127.0.0.1), a protocol
bot in the third seat: each seat has a connection of its own (online.SeatLinks), the
window shows a "Pass to" screen between them, and no frame shows one player's hand
during the other's turn or under the privacy screen; a whole Dou Dizhu deal is played."""

from __future__ import annotations

import time

import pytest
from crowsnest.client.online import Link
from crowsnest.client.scenes.online import ConnectingScene
from crowsnest.net.server import start_in_thread
from online_windows import Bot, pump, tear_down
from test_hotseat import check, record_frames
from test_online_server import REGISTRY, new_window


def two_at_one_window(url: str, w) -> None:
    """Aino and Bo at one window create a Dou Dizhu table of three human seats and take
    the first two, each on a connection of its own."""
    first = {"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3}
    link = Link(url, first, name="Aino", clock=w.clock)
    w.app.stack.push(ConnectingScene(link, extra=1, extra_names=("Bo",)))
    w.wait_open()


@pytest.mark.slow
def test_two_players_at_one_window_at_an_online_table(tmp_path):
    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = new_window("Aino", 3)
    bot = None
    try:
        two_at_one_window(h.url, w)
        game = w.game
        assert game.here == [0, 1] and game.humans == [0, 1]
        assert set(game.match.views) == {0, 1}  # each seat's own view, from its own link
        bot = Bot(h.url, name="Cy", seed=5)
        bot.send({"type": "join", "code": game.code})
        bot.expect("snapshot")
        frames = record_frames(w.app, w.table)
        end = time.monotonic() + 120
        while time.monotonic() < end and not w.sheets:
            busy = pump([bot])
            busy = w.tick() or busy
            if not busy:
                time.sleep(0.003)
        assert w.sheets, f"the deal did not end (seq {game.seq})"
        shown = check(frames, {0, 1})
        assert shown == {0, 1}, shown  # both players saw their own hands
        assert w.driver.moves["mouse"] > 0 and w.driver.moves["keys"] > 0
        # both seats played from this window, each through its own connection
        acted = {
            f["seat"] for f in bot.frames if f.get("type") == "update" and f.get("by") == "player"
        }
        assert {0, 1} <= acted, acted
    finally:
        tear_down(h, [w], [bot])
    assert h.server.internal_errors == 0


@pytest.mark.slow
def test_two_players_join_from_one_window(tmp_path):
    """Join a table with Players at this window 2: both take free seats, each on its
    own connection, and the host's plates show both seats taken."""

    from client_driver import DT
    from crowsnest.client.scenes.online import JoinScene
    from test_online_host import press, set_row, type_into

    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    host, friend = new_window("Aino", 1), new_window("Bo", 2)
    try:
        # a table that takes no watchers: the free seats are still offered (`seats`)
        seats = [{"kind": "human"}] * 3
        first = {"type": "create", "variant": "doudizhu", "seats": seats}
        host.connect(h.url, {**first, "rules": {"spectators": False}})
        host.wait_open()
        code = host.game.code
        app = friend.app
        app.stack.push(JoinScene())
        app.step(DT)
        type_into(app, "Server address", h.url.removeprefix("ws://"))
        join = app.stack.top
        type_into(app, "Table code", "ZZZZZZ")  # no such table: the seat row says so
        end = time.monotonic() + 20
        while not join.peek_error and time.monotonic() < end:
            app.step(DT)
            time.sleep(0.01)
        assert join._seat_note() == "There is no table with that code on this server."
        type_into(app, "Table code", code)  # typing replaces the old code
        end = time.monotonic() + 20
        while join.free is None and time.monotonic() < end:
            app.step(DT)
            time.sleep(0.01)
        assert join.free == [2, 3], (join.free, join.code, code, join.peek, join.peek_error)
        set_row(app, "Players at this window", "2")
        press(app, "Join")
        friend.wait_open()
        assert friend.game.here == [1, 2] and set(friend.game.match.views) == {1, 2}
        end = time.monotonic() + 20
        while time.monotonic() < end and not all(
            host.game.status(s) == "connected" for s in (1, 2)
        ):
            host.app.step(DT)
            friend.app.step(DT)
            time.sleep(0.01)
        assert [host.game.status(s) for s in (1, 2)] == ["connected", "connected"]

    finally:
        tear_down(h, [friend, host], [])


@pytest.mark.slow
def test_watching_a_table_shows_no_hand(tmp_path):
    """Watch a table (the public view): the window follows the bots' moves, holds only
    the public view, and never draws a hand face up."""
    from client_driver import DT
    from crowsnest.client.scenes.online import JoinScene
    from test_online_host import press, type_into

    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = new_window("Aino", 1)
    bots = []
    try:
        owner = Bot(h.url, name="Bo", seed=1)
        owner.send({"type": "create", "variant": "crowsnest", "seats": [{"kind": "human"}] * 4})
        code = owner.expect("created")["code"]
        bots.append(owner)
        for i in range(3):
            b = Bot(h.url, name=f"B{i}", seed=2 + i)
            b.send({"type": "join", "code": code})
            b.expect("snapshot")
            bots.append(b)
        app = w.app
        app.stack.push(JoinScene(watch=True))
        app.step(DT)
        type_into(app, "Server address", h.url.removeprefix("ws://"))
        type_into(app, "Table code", code)
        press(app, "Watch")
        w.wait_open()
        game = w.game
        assert game.here == [] and game.you is None
        faces = []
        draw = w.table.draw

        def spy(surface):
            draw(surface)
            faces.append(set(w.table.frame_faces))

        w.table.draw = spy
        start = game.seq
        end = time.monotonic() + 60
        while time.monotonic() < end and game.seq < start + 20:
            pump(bots)
            w.tick()
            time.sleep(0.003)
        assert game.seq >= start + 20, "the watcher did not follow the table"
        assert set(game.match.views) == {-1}  # the public view only
        assert faces and not any(faces), "a hand was drawn face up for a watcher"
        assert all(c == 0 for c in [len(game.match.views[-1].get("hand") or [])])
    finally:
        tear_down(h, [w], bots)
    assert h.server.internal_errors == 0
