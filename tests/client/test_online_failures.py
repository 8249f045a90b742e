"""Every way an online table can fail, seen in a Finnish window on a real loopback
server: no such code, a full table, a server of another protocol version, taken off the
table by its owner, the server shutting down. Each is a whole sentence in the player's
language, with a way back, and the window keeps drawing."""

from __future__ import annotations

import threading
import time

import pytest
from client_driver import DT
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.remote import failure_sentence
from crowsnest.client.scenes.common import ConfirmScene
from crowsnest.client.scenes.online import ConnectingScene
from crowsnest.config import Config
from crowsnest.net.server import start_in_thread
from online_windows import Bot, Window
from test_online_server import REGISTRY


def finnish_window() -> Window:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    store.prefs.language = "fi"
    return Window("Aino", App(store, size=(1280, 720), registry=REGISTRY), seed=1)


def failed(w: Window, seconds: float = 15.0) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w.app.step(DT)
        top = w.app.stack.top
        if isinstance(top, ConnectingScene) and top.failed:
            return top.failed
        time.sleep(0.005)
    raise AssertionError("no failure said")


def said_in_finnish(text: str, code: str) -> None:
    assert text == failure_sentence(code), text  # the window's own sentence, in Finnish
    i18n.set_language("en")
    english = failure_sentence(code)
    i18n.set_language("fi")
    assert text != english and text[:1].isupper() and text.endswith("."), text


@pytest.fixture
def server(tmp_path):
    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    yield h
    h.stop()


@pytest.mark.slow
def test_wrong_code_and_full_table(server):
    w = finnish_window()
    owner = None
    try:
        w.connect(server.url, {"type": "join", "code": "ZZZZZZ"})
        said_in_finnish(failed(w), "no_table")
        w.app.stack.pop()

        owner = Bot(server.url, name="Bo")
        seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
        owner.send({"type": "create", "variant": "doudizhu", "seats": [*seats, seats[1]]})
        code = owner.expect("created")["code"]
        w.connect(server.url, {"type": "join", "code": code})
        said_in_finnish(failed(w), "full")
    finally:
        if owner is not None:
            owner.drop()
        w.app.close()
        i18n.set_language("en")


@pytest.mark.slow
def test_a_server_of_another_version():
    from websockets.sync.server import serve

    def handler(ws):
        ws.recv()
        ws.send('{"v": 2, "type": "welcome", "protocol": 2}')
        ws.recv()

    srv = serve(handler, "127.0.0.1", 0)
    port = srv.socket.getsockname()[1]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    w = finnish_window()
    try:
        w.connect(f"ws://127.0.0.1:{port}", {"type": "join", "code": "ABCDEF"})
        said_in_finnish(failed(w), "version")
    finally:
        srv.shutdown()
        w.app.close()
        i18n.set_language("en")


def table_says(w: Window, seconds: float = 15.0) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w.app.step(DT)
        top = w.app.stack.top
        if isinstance(top, ConfirmScene):
            return top.question
        time.sleep(0.005)
    raise AssertionError("the table said nothing")


def banner_says(w: Window, seconds: float = 15.0) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w.app.step(DT)
        if w.table.banner:
            return w.table.banner
        time.sleep(0.005)
    raise AssertionError("the table said nothing")


@pytest.mark.slow
def test_taken_off_the_table_and_the_server_shutting_down(tmp_path):
    for how in ("kicked", "shutdown"):
        h = start_in_thread("127.0.0.1", 0, tmp_path / f"{how}.sqlite3", registry=REGISTRY)
        w = finnish_window()
        owner = None
        try:
            owner = Bot(h.url, name="Bo")
            seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "random"}]
            owner.send({"type": "create", "variant": "doudizhu", "seats": seats})
            code = owner.expect("created")["code"]
            w.connect(h.url, {"type": "join", "code": code})
            w.wait_open()
            if how == "kicked":
                owner.send({"type": "kick", "seat": 1})
                said = table_says(w)
            else:  # not the end: the window says so and waits for the server to come back
                h.stop()
                said = banner_says(w)
                assert w.game.status(w.game.you) == "reconnecting" and not w.game.closed_why
            said_in_finnish(said, how)
            frames = w.app.frames
            w.app.step(DT)
            assert w.app.frames > frames
        finally:
            if owner is not None:
                owner.drop()
            h.stop()
            w.app.close()
            i18n.set_language("en")
