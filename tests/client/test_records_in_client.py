"""A match played in the headless window is recorded in the store: `crowsnest stats
--json` and `crowsnest saves --json` find it, and `crowsnest replay --match` rebuilds it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from client_driver import Driver, start
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.overlays import GameOverScene


def cli(tmp: Path, *args: str) -> dict:
    env = dict(os.environ)
    env.update(XDG_CONFIG_HOME=str(tmp / "xdg-config"), XDG_DATA_HOME=str(tmp / "xdg-data"))
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", *args, "--config", str(tmp / "config.toml")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.slow
def test_a_match_played_in_the_window_is_in_stats_and_saves(tmp_path: Path) -> None:
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.prefs.speed = 0
    app.prefs.coach = False  # the coach's cards would wait for the driver
    assert app.save_path == tmp_path / "config-saves" / "current.toml"
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    Driver(app, table, mode="mixed", seed=3).play()
    assert isinstance(app.stack.top, GameOverScene)
    m = table.match
    app.step(0.05)  # the frame after game over records it (once)
    app.step(0.05)
    assert table.session.recorded
    app.close()
    assert (tmp_path / "config-saves" / "crowsnest.db").exists()

    stats = cli(tmp_path, "stats", "--json")
    assert stats["recorded_matches"] == 1
    (you,) = stats["players"]
    assert you["player"] == "You" and you["variant"] == "crowsnest"
    assert you["matches"] == 1 and you["wins"] == int(m.winner == 0)
    assert you["deals"] == m.deal_no
    assert you["best_score"] == m.scores[0]
    assert cli(tmp_path, "stats", "--player", "Nobody", "--json")["players"] == []

    saves = cli(tmp_path, "saves", "--json")
    assert saves["autosave"] is None  # a finished match leaves nothing to continue
    (h,) = saves["history"]
    assert h["variant"] == "crowsnest" and h["deals"] == m.deal_no
    assert h["scores"] == list(m.scores)
    assert [p["kind"] for p in h["players"]] == ["human", "ai", "ai", "ai"]

    rep = cli(tmp_path, "replay", "--match", str(h["id"]), "--json")
    assert rep["over"] and rep["scores"] == list(m.scores) and rep["actions"] == len(m.log)
    assert rep["mismatch"] is None
