"""Being at an online table with others, through the window on a real server: the chat
(the pause menu, a ready-made phrase clicked; a bot's phrase shown with its name), a
seat away on the plates with its countdown, the owner handing a seat to the computer,
another seat's undo request answered with Agree, the chime and the title's mark while
the window is not in front."""

from __future__ import annotations

import re
import time

import pygame
import pytest
from client_driver import DT, click, key
from crowsnest.client.scenes.online import ChatScene, SeatsScene
from crowsnest.client.scenes.overlays import PauseScene
from crowsnest.client.scenes.table import online as online_room
from crowsnest.net.server import start_in_thread
from online_windows import Bot, pump, tear_down
from test_online_server import REGISTRY, new_window


def until(w, bots, cond, seconds=30.0, what=""):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump(bots)
        w.app.step(DT)
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError(f"not within {seconds} s: {what}")


def press(app, label):
    top = app.stack.top
    b = next(b for b in top.menu.buttons if b.label == label)
    click(b.rect.center)
    app.step(DT)


@pytest.mark.slow
def test_chat_away_plates_owner_undo_and_the_turn_mark(tmp_path, monkeypatch):
    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = new_window("Aino", 1)
    bot = None
    try:
        w.connect(
            h.url,
            {
                "type": "create",
                "variant": "crowsnest",
                "seats": [
                    {"kind": "human"},
                    {"kind": "human"},
                    {"kind": "ai", "level": "random"},
                    {"kind": "ai", "level": "random"},
                ],
                "rules": {"grace": 60, "undo": "agree", "chat": "presets"},
            },
        )
        w.wait_open()
        bot = Bot(h.url, name="Bo", seed=1)
        bot.send({"type": "join", "code": w.game.code})
        bot.expect("snapshot")
        table = w.table

        # chat: Esc -> Say something -> a phrase; the bot hears its id
        key(pygame.K_ESCAPE)
        w.app.step(DT)
        assert isinstance(w.app.stack.top, PauseScene)
        press(w.app, "Say something")
        assert isinstance(w.app.stack.top, ChatScene)
        press(w.app, "Good game")
        until(
            w,
            [],
            lambda: any(f.get("type") == "chat" for f in bot.pump() + bot.frames),
            what="the bot heard the chat",
        )
        got = next(f for f in bot.frames if f.get("type") == "chat")
        assert got["preset"] == "gg" and got["name"] == "Aino"
        key(pygame.K_y)  # the chat's own key opens the phrases too
        w.app.step(DT)
        assert isinstance(w.app.stack.top, ChatScene)
        key(pygame.K_ESCAPE)
        w.app.step(DT)
        assert not isinstance(w.app.stack.top, ChatScene)
        bot.send({"type": "chat", "preset": "thanks"})
        until(w, [], lambda: "Bo: Thanks" in table.banner, what="the bot's phrase shown")

        # the bot drops: its plate says away, the computer plays in N s, counting down
        bot.drop()
        until(w, [], lambda: w.game.status(1) == "away", what="seat 1 away")
        line = table._plate_line(1, False, False)
        assert re.search(r"away: \d+ s", line), line
        first = w.game.grace_left(1)
        for _ in range(30):
            w.app.step(DT)
        assert w.game.grace_left(1) < first  # the countdown runs between the server's frames

        # the owner lets the computer play it
        key(pygame.K_ESCAPE)
        w.app.step(DT)
        press(w.app, "Seats at the table")
        assert isinstance(w.app.stack.top, SeatsScene)
        press(w.app, "Let the computer play Bo's seat")
        until(w, [], lambda: w.game.status(1) == "ai", what="seat 1 to the computer")
        assert "played by the computer" in table._plate_line(1, False, False)

        # the turn mark: the window not in front when its seat is to move
        monkeypatch.setattr(online_room, "window_in_front", lambda: False)
        until(
            w,
            [],
            lambda: table.my_turn() and not w.game.pending,
            seconds=60,
            what="the window's turn",
        )
        w.app.step(DT)
        assert pygame.display.get_caption()[0].startswith("(Your turn)")
        monkeypatch.setattr(online_room, "window_in_front", lambda: True)
        w.app.step(DT)
        assert not pygame.display.get_caption()[0].startswith("(Your turn)")
    finally:
        tear_down(h, [w], [bot])
    assert h.server.internal_errors == 0


@pytest.mark.slow
def test_another_seat_asks_to_undo_and_the_window_agrees(tmp_path):
    """Three human seats: the window, bot A and bot B. Once A has made a decision nobody
    else moves (an undo is only for a decision nobody has acted after); A asks, the
    window's player clicks Agree, B says yes, the server takes the move back."""
    h = start_in_thread("127.0.0.1", 0, tmp_path / "db.sqlite3", registry=REGISTRY)
    w = new_window("Aino", 1)
    bots = []
    try:
        w.connect(
            h.url,
            {
                "type": "create",
                "variant": "doudizhu",
                "seats": [{"kind": "human"}] * 3,
                "rules": {"undo": "agree"},
            },
        )
        w.wait_open()
        for i, name in enumerate(("Bo", "Cy")):
            b = Bot(h.url, name=name, seed=2 + i)
            b.send({"type": "join", "code": w.game.code})
            b.expect("snapshot")
            bots.append(b)
        a, b = bots
        end = time.monotonic() + 60
        while time.monotonic() < end and not a.state.get("can_undo"):
            for bot in bots:
                bot.pump()
            if a.sent_at < 0:  # until A has moved, everyone plays; then nobody
                a.play()
                b.play()
                w.tick()
            else:
                w.app.step(DT)
            time.sleep(0.003)
        assert a.state.get("can_undo"), "A never had a move to take back"
        a.send({"type": "undo", "op": "ask", "seq": a.seq})
        until(
            w,
            [],
            lambda: isinstance(w.app.stack.top, online_room.UndoVoteScene),
            what="the window asked",
        )
        press(w.app, "Agree")

        def done() -> bool:
            for f in b.pump():
                if f.get("type") == "undo" and f.get("state") == "asked":
                    b.send({"type": "undo", "op": "yes"})
            a.pump()
            return any(f.get("type") == "undo" and f.get("state") == "done" for f in a.frames)

        until(w, [], done, what="the undo done")
    finally:
        tear_down(h, [w], bots)
    assert h.server.internal_errors == 0
