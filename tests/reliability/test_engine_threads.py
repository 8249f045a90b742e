"""The engine session closes the AI runner of the match it replaces: `new` after `ai`
must not leave the old runner's thread behind (issue 29: 1 -> 95 threads over 100,000
requests)."""

from __future__ import annotations

import threading

from crowsnest.plugin_host import load_registry
from crowsnest.protocol import EngineSession


def test_new_after_ai_leaves_no_thread():
    session = EngineSession(load_registry())
    before = threading.active_count()
    for seed in range(12):
        assert session.handle({"cmd": "new", "variant": "crowsnest", "seed": seed})["ok"]
        r = session.handle({"cmd": "ai", "level": "easy"})
        assert r["ok"], r
    # one runner's thread may be alive (the current match's), never one per match
    assert threading.active_count() <= before + 1
    if session.runner is not None:
        session.runner.close()
