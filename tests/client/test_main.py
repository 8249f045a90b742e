"""`crowsnest` without a display: one clear sentence, non-zero exit; with the dummy
driver the window opens and the title is drawn."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.config import Config


def test_no_display_exits_non_zero_with_one_sentence(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = "x11"  # no X server: set_mode raises pygame.error
    cfg = tmp_path / "config.toml"
    code = f"from crowsnest.client.app import main; raise SystemExit(main({str(cfg)!r}))"
    r = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode != 0
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    assert "no display" in lines[0] and "crowsnest simulate" in lines[0]
    assert not cfg.exists()  # nothing written


def test_title_opens_and_draws_with_dummy_driver(tmp_path):
    from crowsnest.client.scenes.title import TitleScene

    app = App(PrefsStore(Config()), size=(1024, 640))
    app.stack.push(TitleScene())
    app.step(0.0)
    assert app.frames == 1 and app.screen.get_size() == (1024, 640)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0.0)
    assert not app.running
    app.close()


def test_settings_are_saved_to_the_config_file(tmp_path):
    from crowsnest import config as cfgmod
    from crowsnest.client.scenes.settings import SettingsScene

    path = tmp_path / "config.toml"
    store = PrefsStore(str(path))
    app = App(store, size=(1024, 640))
    s = SettingsScene()
    app.stack.push(s)
    s._speed(-1)
    s._mute(1)
    s._cards(1)
    saved = cfgmod.load(path)
    assert saved.display.animation_speed == 2
    assert saved.sound.mute is True
    assert saved.display.card_size == "large"
    app.close()


def test_window_size_setting_shows_and_steps_from_the_real_window(tmp_path):
    from crowsnest import config as cfgmod
    from crowsnest.client.scenes.settings import SettingsScene, step_size

    path = tmp_path / "config.toml"
    store = PrefsStore(str(path))
    assert (store.prefs.width, store.prefs.height) != (1920, 1080)
    app = App(store, size=(1920, 1080))  # opened at another size than the stored one
    s = SettingsScene()
    app.stack.push(s)
    row = next(r for r in s.rows if r.label == "Window size")
    assert row.value() == "1920 x 1080"
    s._size(-1)
    assert app.size == (1600, 900) and row.value() == "1600 x 900"
    saved = cfgmod.load(path)
    assert (saved.display.width, saved.display.height) == (1600, 900)
    store.prefs.fullscreen = True  # full screen: the size the window returns to
    assert row.value() == "1600 x 900 (when not full screen)"
    app.close()
    # a dragged size between two listed ones steps to its neighbours
    assert step_size((1300, 760), 1) == (1280, 800)
    assert step_size((1300, 760), -1) == (1280, 720)
    assert step_size((1920, 1080), 1) == (1024, 640)  # wraps round


def test_a_dragged_window_size_is_remembered_once_the_drag_settles(tmp_path):
    from crowsnest import config as cfgmod
    from crowsnest.client.app import RESIZE_SETTLE_S

    path = tmp_path / "config.toml"
    store = PrefsStore(str(path))
    app = App(store, size=(1024, 640))
    saves = []
    real_save = store.save
    store.save = lambda: (saves.append((store.prefs.width, store.prefs.height)), real_save())
    # a drag: the OS resizes the window and sends a burst of events, frame after frame
    for w, h in ((1050, 660), (1100, 690), (1111, 701)):
        surf = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))
        app.step(RESIZE_SETTLE_S / 4)
        assert app.size == surf.get_size() == (w, h)
    assert saves == []  # not on every event of the burst
    for _ in range(6):
        app.step(RESIZE_SETTLE_S / 4)
    assert saves == [(1111, 701)]
    saved = cfgmod.load(path)
    assert (saved.display.width, saved.display.height) == (1111, 701)
    # a resize just before quitting is kept too
    pygame.display.set_mode((1200, 700), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 700), w=1200, h=700))
    app.step(0.0)
    app.close()
    assert (cfgmod.load(path).display.width, cfgmod.load(path).display.height) == (1200, 700)


def test_bad_config_file_is_reported_and_never_overwritten(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("display = [not toml")
    store = PrefsStore(str(path))
    assert store.error and str(path) in store.error
    store.prefs.speed = 1
    store.save()
    assert path.read_text() == "display = [not toml"
    # the client then runs on the config's own defaults
    d = Config().display
    fresh = PrefsStore(str(path)).prefs
    assert (fresh.width, fresh.height, fresh.speed) == (d.width, d.height, d.animation_speed)


def test_a_config_built_in_memory_is_never_written(tmp_path, monkeypatch):
    from crowsnest import config as cfgmod

    target = tmp_path / "default.toml"
    monkeypatch.setattr(cfgmod, "default_path", lambda: target)
    store = PrefsStore(Config())
    store.prefs.speed = 1
    store.save()
    assert not target.exists()


def test_a_failing_game_returns_to_the_title_with_the_reason():
    from crowsnest.client.scene import Scene
    from crowsnest.client.scenes.title import TitleScene

    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("the plugin's deal exploded")

    app = App(PrefsStore(Config()), size=(1024, 640))
    app.catch_errors = True
    app.stack.push(TitleScene())
    app.stack.push(Broken())
    app.step(0.02)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1
    assert "deal exploded" in app.notice
    app.step(0.02)  # and the title keeps drawing
    app.close()
