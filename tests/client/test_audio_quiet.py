"""Without a sound card the game starts silent and quiet: the C audio library's
complaints (ALSA) do not reach the terminal, and stderr works again afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import os, sys
from crowsnest.client.audio import Audio
a = Audio()
print("available", a.available)
os.write(2, b"after-audio\\n")
"""


def test_audio_start_up_without_a_device_prints_nothing_to_stderr():
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not Path("/dev/snd").exists():
        env["AUDIODEV"] = "/nonexistent"  # no card here: the real driver fails as on a server
    out = subprocess.run(
        [sys.executable, "-c", CODE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "available" in out.stdout
    assert "ALSA" not in out.stderr
    assert out.stderr.strip().splitlines() == ["after-audio"]  # fd 2 restored
