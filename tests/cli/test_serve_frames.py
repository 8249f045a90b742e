"""tools/serve_frames.py, the frame-identity harness of the act path: its hash is the
same run after run (no clock, no system randomness in any frame), it covers every
reader's frames, and a change of one frame's text changes it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "serve_frames.py"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("serve_frames", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow  # 0.3-0.9 s: six short tables played
def test_the_hash_is_repeatable_and_counts_every_reader(monkeypatch):
    sf = _tool()
    a = sf.hashes(1, 40, ["crowsnest", "tractor"])
    b = sf.hashes(1, 40, ["crowsnest", "tractor"])
    assert a == b
    # 4 seats and a spectator, 40 actions: 5 updates each, snapshots and seat frames too
    assert a["variants"]["crowsnest"]["frames"] >= 40 * 5
    assert a["variants"]["crowsnest"]["sha256"] != a["variants"]["tractor"]["sha256"]

    real = sf.encode
    seen = {"n": 0}

    def one_changed(frame):  # the 100th frame one character longer
        seen["n"] += 1
        return real(frame) + (" " if seen["n"] == 100 else "")

    monkeypatch.setattr(sf, "encode", one_changed)
    c = sf.hashes(1, 40, ["crowsnest", "tractor"])
    assert c["variants"]["crowsnest"]["sha256"] != a["variants"]["crowsnest"]["sha256"]
    assert c["variants"]["tractor"] == a["variants"]["tractor"]


def test_drive_plays_the_actions_asked():
    got = _tool().drive("crowsnest", 30)
    assert got["actions"] == 30 and got["us_per_action"] > 0
