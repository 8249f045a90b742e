"""The window keeps the running match: play, close the window, open it again and
Continue from the title to the identical position; the pause menu's Save and quit; a
bad save shown on the title in one line; hot-seat privacy after a resume."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))

from client_driver import DT, Driver, key, make_app, start  # noqa: E402
from crowsnest.client.scenes.overlays import PauseScene, PrivacyScene  # noqa: E402
from crowsnest.client.scenes.table import TableScene  # noqa: E402
from crowsnest.client.scenes.title import TitleScene  # noqa: E402
from crowsnest.records import savefile  # noqa: E402


def open_app(save: Path):
    app = make_app(speed=0)
    app.save_path = save
    return app


def to_title(app) -> TitleScene:
    app.stack.replace(TitleScene())
    app.step(DT)
    return app.stack.top


@pytest.mark.slow
def test_close_the_window_and_continue_from_the_title(tmp_path):
    save = tmp_path / "saves" / "current.toml"
    app = open_app(save)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=5)
    drv = Driver(app, table, seed=2)
    drv.play(stop=lambda: len(table.match.log) >= 14 and table.my_turn())
    state, log = table.match.state(), list(table.match.log)
    actors = list(table.session.actors)
    names = list(table.session.names)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
    app.step(DT)
    assert not app.running
    app.close()  # what main() does on the way out: pending writes land

    app = open_app(save)
    title = to_title(app)
    assert title.items[0][0] == "Continue"
    assert "CrowsNest, deal 1: You & Iris 0, Otto & Pippa 0" in title.save_line
    assert not title.save_bad
    key(pygame.K_RETURN)  # Continue has the focus
    app.step(DT)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.state() == state and table.match.log == log
    assert table.session.actors == actors and table.session.names == names
    # the human's earlier decisions are known as theirs: undo follows its rule on them
    s = table.session
    assert s.can_undo() == (len(log) > s.deal_start and actors[-1] == 0)
    # and the game goes on from there
    drv = Driver(app, table, seed=3)
    n = len(log)
    drv.play(stop=lambda: len(table.match.log) >= n + 6)
    assert savefile.load(save, app.registry)[0].log[:n] == log
    app.close()


def test_pause_menu_save_and_quit_to_title(tmp_path):
    save = tmp_path / "current.toml"
    app = open_app(save)
    table = start(app, "doudizhu", ["human", "ai", "ai"], seed=4)
    drv = Driver(app, table, seed=1)
    drv.play(stop=lambda: len(table.match.log) >= 6 and table.my_turn())
    state = table.match.state()
    key(pygame.K_ESCAPE)
    app.step(DT)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    label = next(i for i, (text, _) in enumerate(pause.items) if text == "Save and quit to title")
    pause.menu.focus = label
    key(pygame.K_RETURN)
    app.step(DT)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.items[0][0] == "Continue"
    assert "Dou Dizhu" in title.save_line
    assert savefile.load(save, app.registry)[0].state() == state
    app.close()


@pytest.mark.parametrize(
    "content",
    [b"not a save at all\n", b'format = "crowsnest-save"\nformat_version = 99\n'],
)
def test_a_bad_save_is_one_line_on_the_title_and_new_game_still_works(tmp_path, content):
    save = tmp_path / "current.toml"
    save.write_bytes(content)
    app = open_app(save)
    title = to_title(app)
    assert [t for t, _ in title.items][0] == "New game"
    assert title.save_bad and str(save) in title.save_line and "\n" not in title.save_line
    for _ in range(3):
        app.step(DT)  # drawn without trouble
    assert save.read_bytes() == content  # shown, not touched
    # a new game moves the bad file aside (kept) before its first autosave
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=1)
    app.step(DT)
    assert app.flush_saves() is None
    kept = list(tmp_path.glob("current.unreadable-*.toml"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert savefile.load(save, app.registry)[0].state() == table.match.state()
    app.close()


@pytest.mark.slow
def test_hot_seat_privacy_holds_after_a_resume(tmp_path):
    save = tmp_path / "current.toml"
    app = open_app(save)
    table = start(app, "crowsnest", ["human", "human", "ai", "ai"], seed=3)
    drv = Driver(app, table, seed=5)
    drv.play(stop=lambda: len(table.match.log) >= 10)
    app.close()

    app = open_app(save)
    title = to_title(app)
    assert title.items[0][0] == "Continue"
    key(pygame.K_RETURN)
    frames = 0
    while frames < 400 and app.stack.find(PrivacyScene) is None:
        app.step(DT)
        frames += 1
        top = app.stack.top
        if isinstance(top, TableScene):
            assert not top.frame_faces, "a human hand was drawn before the privacy screen"
            if top.session.ai_busy():
                top.session.wait_ai(30)
    privacy = app.stack.find(PrivacyScene)
    assert privacy is not None
    assert app.stack.visible() == [privacy]  # opaque: nothing of the table is drawn
    app.close()


def test_an_autosave_that_cannot_be_written_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be\n")
    app = open_app(blocker / "current.toml")
    table = start(app, "doudizhu", ["human", "ai", "ai"], seed=2)
    drv = Driver(app, table, seed=1)
    drv.play(stop=lambda: len(table.match.log) >= 4)
    error = app.flush_saves()
    assert error and "could not be saved" in error
    assert app.notice == error  # the title will say so
    drv.play(stop=lambda: len(table.match.log) >= 8)  # and the game went on
    assert blocker.read_text().startswith("a file where")
    app.close()
