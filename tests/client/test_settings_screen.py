"""The Settings screen: a change saved from the window keeps the player's file (comments,
order, mode), and when sound is off the screen says so and why."""

from __future__ import annotations

import os
import stat

import pygame
from client_driver import DT, click, key
from crowsnest import config as cfgmod
from crowsnest.client.app import App
from crowsnest.client.audio import Audio
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.settings import SettingsScene
from crowsnest.client.silent_audio import SilentAudio

PLAYER_FILE = """\
# mine: do not lose this
variant = "tractor"  # we play Tractor on Fridays

[display]
animation_speed = 2   # slow enough for Grandma
width = 1280
height = 800

[sound]
volume = 0.5
"""


def settings_app(path, audio=None) -> tuple[App, SettingsScene]:
    app = App(PrefsStore(str(path)), size=(1280, 720))
    if audio is not None:
        app.audio = audio
    scene = SettingsScene()
    app.stack.push(scene)
    app.step(DT)
    return app, scene


def row(scene: SettingsScene, label: str):
    return next(r for r in scene.rows if r.label == label)


def test_a_change_from_the_window_keeps_comments_order_and_mode(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(PLAYER_FILE)
    os.chmod(path, 0o644)
    app, scene = settings_app(path)
    click(row(scene, "Animation speed").right.center)  # 2 -> 3, saved at once
    app.step(DT)
    click(row(scene, "Mute").right.center)
    app.step(DT)
    app.close()
    text = path.read_text()
    assert cfgmod.load(path).display.animation_speed == 3 and cfgmod.load(path).sound.mute
    for kept in (
        "# mine: do not lose this",
        'variant = "tractor"  # we play Tractor on Fridays',
        "animation_speed = 3   # slow enough for Grandma",
    ):
        assert kept in text
    order = [ln.split(" ")[0] for ln in text.splitlines() if ln and not ln.startswith("#")]
    mine = ["variant", "[display]", "animation_speed", "width", "height", "[sound]", "volume"]
    assert [k for k in order if k in mine] == mine  # new keys come after, never between
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_sound_that_is_off_is_shown_with_the_reason(tmp_path):
    empty = tmp_path / "no-sounds"
    empty.mkdir()
    audio = Audio(sounds_dir=empty)
    assert not audio.available and "sound files are missing" in audio.problem
    app, scene = settings_app(tmp_path / "config.toml", audio)
    r = row(scene, "Sound is off")
    assert "sound files are missing from" in r.value()
    # Enter on the row puts the whole reason in the footer
    scene.focus = scene.rows.index(r)
    key(pygame.K_RETURN)
    app.step(DT)
    assert "missing" in scene.message
    surf = pygame.display.get_surface()
    scene.draw(surf)
    app.close()


def test_a_missing_sound_module_is_named_too(tmp_path):
    app, scene = settings_app(tmp_path / "config.toml", SilentAudio(0.5, False, "no mixer"))
    assert row(scene, "Sound is off").value() == "the sound module could not be loaded (no mixer)"
    app.close()


def test_working_sound_shows_no_problem_row(tmp_path):
    app, scene = settings_app(tmp_path / "config.toml")  # the dummy driver: sound "works"
    assert app.audio.available and app.audio.problem == ""
    assert not [r for r in scene.rows if "off" in r.label]
    app.close()
