"""kill -9 of a real `crowsnest serve` mid-deal, restarted on the same database: every
client resumes with its token, at the seq it saw or later, and no action is lost."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest
from bots import Bot, run, shadow
from net_registry import REGISTRY


def serve(db, tmp_path):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    p = subprocess.Popen(
        [sys.executable, "-m", "crowsnest", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    line = p.stdout.readline()  # bounded: the process prints it at once or dies
    m = re.search(r"ws://[^:]+:(\d+)", line)
    assert m, (line, p.stderr.read() if p.poll() is not None else "")
    return p, f"ws://127.0.0.1:{m.group(1)}"


@pytest.mark.slow
def test_kill_minus_9_mid_deal_and_restart_loses_nothing(tmp_path):
    db = tmp_path / "online.sqlite3"
    p, url = serve(db, tmp_path)
    try:
        owner = Bot(url, name="Ada", seed=5)
        owner.send(
            {
                "type": "create",
                "variant": "crowsnest",
                "seats": [{"kind": "human"}] * 4,
                "options": {"target": 100},  # a whole match that fits a loaded machine
            }
        )
        owner.expect("created")
        bots = [owner]
        for i in range(1, 4):
            b = Bot(url, name=f"Player {i}", seed=5 + i)
            b.send({"type": "join", "code": owner.code})
            b.expect("joined")
            bots.append(b)
        run(bots, until=lambda: owner.seq >= 40, seconds=60)
    finally:
        p.send_signal(signal.SIGKILL)
        p.wait(10)
    time.sleep(0.2)
    for b in bots:
        b.pump()
    seen = max(b.seq for b in bots)
    _, entries = shadow(str(db), owner.code, REGISTRY.variants["crowsnest"])
    assert entries[-1].seq >= seen  # written before it was sent

    p, url = serve(db, tmp_path)
    try:
        for b in bots:
            b.url = url
            b.resume()
            assert b.state["seq"] == entries[-1].seq
        run(bots, seconds=300)
        m, entries = shadow(str(db), owner.code, REGISTRY.variants["crowsnest"])
        import json

        for b in bots:
            assert b.state["view"] == json.loads(json.dumps(m.view_json(b.seat)))
    finally:
        p.send_signal(signal.SIGTERM)
        assert p.wait(10) == 0


@pytest.mark.slow
def test_sigterm_says_bye_to_every_client(tmp_path):
    p, url = serve(tmp_path / "db.sqlite3", tmp_path)
    b = Bot(url)
    b.send({"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3})
    b.expect("created")
    p.send_signal(signal.SIGTERM)
    assert b.expect("bye")["reason"] == "shutdown"
    assert p.wait(10) == 0
