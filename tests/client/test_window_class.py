"""The window's class is the desktop entry's StartupWMClass, so a dock matches the window
to the menu entry (one icon, not two)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from crowsnest import APP_ID
from crowsnest.cli import desktop


def entry_value(key: str) -> str:
    line = next(
        x for x in desktop.entry_text(["crowsnest"]).splitlines() if x.startswith(key + "=")
    )
    return line.split("=", 1)[1]


def test_the_entry_names_the_class_the_window_sets(monkeypatch):
    from crowsnest.client.app import set_window_class

    assert entry_value("StartupWMClass") == APP_ID == "crowsnest-arcade"
    # pygame's import sets the X11 class to the program's file name: replaced
    monkeypatch.setattr(sys, "argv", ["/home/you/.local/bin/crowsnest"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "crowsnest")
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    set_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID
    # a class the player chose is kept
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-class")
    set_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-class"


PROBE = """
import subprocess, sys
sys.argv = [sys.argv[1]]   # as the crowsnest script starts it
import pygame               # sets SDL_VIDEO_X11_WMCLASS to 'crowsnest' with a DISPLAY
from crowsnest.client.app import App
app = App(size=(800, 600))
wid = pygame.display.get_wm_info()["window"]
print(subprocess.run(["xprop", "-id", str(wid), "WM_CLASS"], capture_output=True, text=True).stdout)
"""


@pytest.mark.slow
@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xprop")), reason="no Xvfb/xprop")
def test_a_real_x11_window_has_the_entrys_class(tmp_path):
    read, write = os.pipe()  # Xvfb picks a free display and writes its number here
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write,),
    )
    os.close(write)
    try:
        with os.fdopen(read) as f:
            display = ":" + f.readline().strip()
        assert display != ":", "Xvfb did not start"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env |= {"DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)}
        env |= {"XDG_CONFIG_HOME": str(tmp_path / "c"), "XDG_DATA_HOME": str(tmp_path / "d")}
        env |= {"XDG_RUNTIME_DIR": str(tmp_path), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        out = subprocess.run(
            [sys.executable, "-c", PROBE, "/usr/local/bin/crowsnest"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        assert f'WM_CLASS(STRING) = "{APP_ID}", "{APP_ID}"' in out.stdout
    finally:
        server.terminate()
        server.wait(timeout=10)
