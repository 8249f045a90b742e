"""Copy on the host's code card, on a real X display (Xvfb): the window puts the
address and code on the clipboard with pygame's scrap API, and another X client, a
second process, pastes exactly those words while the window runs. Skipped where the
machine has no Xvfb (Debian's xvfb package; `.ci/run` notes it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time

import pytest

WINDOW = textwrap.dedent(
    """
    import sys, time
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.online import CodeCardScene
    from crowsnest.config import Config

    store = PrefsStore(Config())
    app = App(store, size=(800, 600))
    card = CodeCardScene("K7QW3M", "192.168.1.20:8765")
    app.stack.push(card)
    app.step(1 / 30)
    card._press(card.menu.buttons[0])  # Copy, as a click on it does
    print(card.copied, flush=True)
    end = time.monotonic() + float(sys.argv[1])
    while time.monotonic() < end:  # the window runs: it answers the paste
        app.step(1 / 30)
        time.sleep(0.01)
    app.close()
    """
)

PASTE = textwrap.dedent(
    """
    import time, pygame
    pygame.display.init()
    pygame.display.set_mode((80, 60))
    pygame.scrap.init()
    end = time.monotonic() + 10
    got = ""
    while time.monotonic() < end and not got:
        pygame.event.pump()
        got = pygame.scrap.get_text() or ""
        time.sleep(0.05)
    print(repr(got), flush=True)
    """
)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="no Xvfb on this machine")
def test_copy_puts_the_address_and_code_on_a_real_x_clipboard(tmp_path):
    r, w = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(w), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
        pass_fds=(w,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(w)
    window = None
    try:
        with os.fdopen(r) as f:
            display = f.readline().strip()  # Xvfb writes its display number when ready
        assert display.isdigit(), display
        env = {
            **os.environ,
            "DISPLAY": f":{display}",
            "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_STATE_HOME": str(tmp_path / "state"),
        }
        window = subprocess.Popen(
            [sys.executable, "-c", WINDOW, "15"], stdout=subprocess.PIPE, text=True, env=env
        )
        said = window.stdout.readline().strip()  # bounded: the window copies at once
        assert said == "Copied: paste it into a message to your friends.", said
        start = time.monotonic()
        paste = subprocess.run(
            [sys.executable, "-c", PASTE], capture_output=True, text=True, env=env, timeout=30
        )
        assert time.monotonic() - start < 15, "the paste came after the window had closed"
        assert paste.stdout.strip() == repr("Address 192.168.1.20:8765, code K7QW3M"), (
            paste.stdout,
            paste.stderr[-500:],
        )
    finally:
        if window is not None:
            window.kill()
            window.wait(10)
        xvfb.terminate()
        xvfb.wait(10)
