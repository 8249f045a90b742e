"""Helpers for running the real `crowsnest` command in a subprocess, isolated from the
user's own config and plugin folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
TOY_FILE = TESTS / "toyvariant.py"


class CLI:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.env = dict(os.environ)
        self.env.update(
            XDG_CONFIG_HOME=str(tmp / "xdg-config"),
            XDG_DATA_HOME=str(tmp / "xdg-data"),
            PYTHONPATH=os.pathsep.join([str(TESTS), self.env.get("PYTHONPATH", "")]).rstrip(
                os.pathsep
            ),
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
        )

    def run(self, *args: str, input: str | None = None, timeout: float = 60, env=None):
        return subprocess.run(
            [sys.executable, "-m", "crowsnest", *args],
            input=input,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env or self.env,
        )

    def json(self, *args: str) -> dict:
        r = self.run(*args, "--json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    def config_with_folder(self, folder: Path, extra: str = "") -> Path:
        cfg = self.tmp / "config.toml"
        cfg.write_text(f"[plugins]\nfolders = [{json.dumps(str(folder))}]\n{extra}")
        return cfg
