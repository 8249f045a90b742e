"""Hosting from the window, as a player does it: Title -> Play online -> Host a table
(the set-up screen plus the table's rules, changed with keys) -> the window starts its
own `crowsnest serve` (a process of its own, loopback only here) and shows the address
and the code; a second window types them into Join a table; with a protocol bot and a
computer seat they play a whole deal, the joining window is cut mid-deal and comes back.
Closing the host's window stops its server."""

from __future__ import annotations

import time

import pygame
import pytest
from client_driver import DT, click, key
from crowsnest.client import hosting
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.common import FormScene
from crowsnest.client.scenes.online import CodeCardScene, ConnectingScene, JoinScene
from crowsnest.config import Config
from crowsnest.plugin_host import load_registry
from online_windows import Window, bots_join
from test_online_server import play_deal

REGISTRY = load_registry(folders=[], user_folder=False)


def window(name: str, seed: int, tmp_path) -> Window:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    app = App(store, size=(1280, 720), registry=REGISTRY)
    app.save_path = tmp_path / name / "saves" / "autosave.toml"  # tickets, hosted tables
    app.stack.push(app.scene("title"))
    app.step(DT)
    return Window(name, app, seed=seed)


def press(app, label: str) -> None:
    """Click the button showing `label` on the top screen."""
    top = app.stack.top
    buttons = top.buttons if isinstance(top, FormScene) else top.menu.buttons
    b = next(b for b in buttons if b.label == label)
    click(b.rect.center)
    app.step(DT)


def focus_row(app, label: str) -> None:
    """Arrow down to the form's row named `label`."""
    top = app.stack.top
    for _ in range(120):
        r = top.rows[top.focus] if top.focus < len(top.rows) else None
        if r is not None and r.label == label:
            return
        key(pygame.K_DOWN)
        app.step(DT)
    raise AssertionError(f"no row {label!r}")


def set_row(app, label: str, value: str) -> None:
    focus_row(app, label)
    top = app.stack.top
    for _ in range(20):
        if top.rows[top.focus].value() == value:
            return
        key(pygame.K_RIGHT)
        app.step(DT)
    raise AssertionError(f"{label}: never {value!r}")


def type_into(app, label: str, text: str) -> None:
    focus_row(app, label)
    key(pygame.K_RETURN)  # start typing (the old value goes with the first letter)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    key(pygame.K_RETURN)
    app.step(DT)


def wait_for(app, kind, seconds=90.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(DT)
        top = app.stack.top
        if isinstance(top, kind):
            return top
        if isinstance(top, ConnectingScene) and top.failed:
            raise AssertionError(top.failed)
        time.sleep(0.01)
    raise AssertionError(f"no {kind.__name__} within {seconds} s (top {app.stack.top})")


@pytest.mark.slow
def test_host_a_table_from_the_window_and_a_friend_joins_with_the_code(tmp_path, monkeypatch):
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)  # a free port: 8765 may be in use here
    a, b = window("host", 1, tmp_path), window("friend", 2, tmp_path)
    bots = []
    try:
        press(a.app, "Play online")
        press(a.app, "Host a table")
        assert a.app.stack.top.title == "Host a table"
        set_row(a.app, "Seat 2 is", "Human")
        set_row(a.app, "Seat 3 is", "Human")
        set_row(a.app, "Where the table runs", "This computer only")  # loopback in tests
        set_row(a.app, "Time to come back", "10 seconds")
        press(a.app, "Open the table")
        card = wait_for(a.app, CodeCardScene)
        code, address = card.code, card.address
        assert address.startswith("127.0.0.1:") and len(code) == 6
        assert a.app.hosting.running
        key(pygame.K_RETURN)  # "To the table" has the focus
        a.wait_open()
        assert a.game.rules["grace"] == 10 and a.game.owner_here and a.game.you == 0

        press(b.app, "Play online")
        press(b.app, "Join a table")
        assert isinstance(b.app.stack.top, JoinScene)
        type_into(b.app, "Server address", address)
        type_into(b.app, "Table code", code.lower())
        join = b.app.stack.top
        end = time.monotonic() + 20
        while join.free is None and time.monotonic() < end:  # it looks at the table
            b.app.step(DT)
            time.sleep(0.01)
        assert join.free == [2, 3] and join.taken == {1: "Player"}, (join.free, join.taken)
        set_row(b.app, "Seat", "Seat 3")  # a free seat picked, not the first
        press(b.app, "Join")
        b.wait_open()
        assert b.game.you == 2 and b.game.code == code
        assert b.app.prefs.servers[0] == f"ws://{address}"  # remembered for next time

        bots = bots_join(f"ws://{address}", code, 1, seed=3)
        dropped, released = play_deal([a, b], bots, drop=(b, 6), seconds=240)
        assert dropped and released
        assert b.game.status(2) == "connected" and b.game.rebuilt >= 2
        assert (2, "away") in a.statuses and (2, "ai") in a.statuses
        # the seats' tickets are kept beside each window's saves
        assert (tmp_path / "friend" / "online.json").exists()
    finally:
        for bot in bots:
            bot.drop()
        proc = a.app.hosting.proc if a.app.hosting is not None else None
        b.app.close()
        a.app.close()
    assert proc is not None and proc.poll() is not None, "the host's server outlived its window"
